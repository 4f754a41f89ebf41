"""The printable score sheet: a setup -> scene pages (a pad of sheets).

One sheet is 129 x 188 mm, so two sit side by side at true scale on a landscape A4 *or* Letter
page (`--per-page 2`), each centred in its half of the page so that both halves sit at the same
place relative to the cut between them and the cut halves stack into one pad; `--per-page 1`
puts one sheet on a portrait page, enlarged to fill it (the footer says by how much). The whole
sheet is static artwork, so it is drawn once as a Symbol and placed with `Use` on every page: a
100-sheet pad stores it once.

Print sizes: at true scale every text is at least 6 pt and every box a pencil writes in (white,
`WRITE`) is at least 8 mm each way; printed-only boxes are tinted, so the two never mix.
Greyscale: every area is named in words, the bonus symbols differ by shape and by letter (a
free cross is an X with the area's initial, a free value its number and initial, the fox a head,
the re-roll an arrow, +1 the text "+1"), so the sheet works from a black-and-white printer.
Everything printed comes from the layout (values, thresholds, multipliers, tables, bonuses).
"""

from __future__ import annotations

import hashlib
import math
import tomllib
from functools import cache
from typing import Any

from generator.games.rzuc_na_tace.model import DATA, Layout
from generator.games.rzuc_na_tace.setup import Setup
from generator.render import fonts
from generator.render import layout as L
from generator.render.scene import Circle, Item, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use
from generator.render.text import CountFormatter

SHEET_W = 129.0
SHEET_H = 188.0
PAD = 3.0
MIN_TEXT_PT = 6.0  # at true scale (2-up)
MIN_BOX_MM = 8.0   # a box a pencil writes in
EDGE = 5.0         # nothing printed this close to the paper edge

INK = "#222222"
SOFT = "#666666"
COLOURS = {  # strong, light tint
    "yellow": ("#E8B800", "#FFF3B0"),
    "blue": ("#2F6FD0", "#D9E6FA"),
    "green": ("#2E9E48", "#D6F0DB"),
    "orange": ("#EE7A12", "#FDE3CA"),
    "purple": ("#8A4FBF", "#EADCF6"),
}
FOX = "#C9541E"
WRITE = "#FFFFFF"    # only boxes a pencil writes in are pure white
TINT = "#EFEFEF"     # printed-only boxes (icons, the chosen-dice fields)
GREYED = "#D6D6D6"   # rounds beyond the player count


@cache
def labels(lang: str) -> dict[str, Any]:
    with open(DATA / "labels.toml", "rb") as fh:
        return dict(tomllib.load(fh)[lang])


# -- small drawings ------------------------------------------------------------------------------

def _x_mark(x: float, y: float, s: float, colour: str = INK, width: float = 0.5) -> list[Item]:
    return [Line(x, y, x + s, y + s, stroke=colour, width=width), Line(x + s, y, x, y + s, stroke=colour, width=width)]


def fox_icon(x: float, y: float, s: float) -> list[Item]:
    """A fox head (ears, face, snout) inside the s x s box at (x, y)."""
    pts = ((0.05, 0.05), (0.35, 0.3), (0.65, 0.3), (0.95, 0.05), (0.88, 0.55), (0.5, 0.97), (0.12, 0.55))
    face = Polygon(tuple((x + px * s, y + py * s) for px, py in pts), fill=FOX, stroke=INK, width=0.25)
    snout = Polygon(((x + 0.32 * s, y + 0.62 * s), (x + 0.68 * s, y + 0.62 * s), (x + 0.5 * s, y + 0.95 * s)),
                    fill="#FFFFFF", stroke=INK, width=0.2)
    eyes = [Circle(x + 0.35 * s, y + 0.47 * s, 0.06 * s, fill=INK, stroke=None),
            Circle(x + 0.65 * s, y + 0.47 * s, 0.06 * s, fill=INK, stroke=None)]
    return [face, snout, *eyes]


def star(cx: float, cy: float, r: float, fill: str, stroke: str = INK) -> Polygon:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.5
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return Polygon(tuple(pts), fill=fill, stroke=stroke, width=0.25)


def bonus_icon(name: str, x: float, y: float, s: float, lang: str) -> list[Item]:
    """The printed symbol of a bonus in the s x s box at (x, y); distinct in greyscale."""
    cx, cy = x + s / 2, y + s / 2
    lab = labels(lang)
    if name == "fox":
        return fox_icon(x, y, s)
    if name == "reroll":
        return [Circle(cx, cy, s * 0.48, fill="#FFFFFF", stroke=INK, width=0.3),
                Text(cx, cy + s * 0.27, "↻", size=s * 2.2, font="bold", anchor="middle")]
    if name == "plus":
        return [Rect(x, y, s, s, fill=TINT, stroke=INK, width=0.3, radius=s * 0.2),
                Text(cx, cy + s * 0.2, "+1", size=max(MIN_TEXT_PT, s * 1.6), font="condensed-bold", anchor="middle")]
    if name == "choice":
        return [Rect(x - s * 0.5, y, s * 2.0, s, fill=TINT, stroke=INK, width=0.3, radius=s * 0.2),
                Text(cx, cy + s * 0.18, lab["choice"], size=max(MIN_TEXT_PT, s * 1.3), font="condensed-bold",
                     anchor="middle")]
    area, _, n = name.partition("_")
    strong, _light = COLOURS[area]
    initial = lab["initials"][area]
    items: list[Item] = [Rect(x, y, s, s, fill=strong, stroke=INK, width=0.3, radius=s * 0.12)]
    if n == "x":
        items += _x_mark(x + s * 0.2, y + s * 0.2, s * 0.6, "#FFFFFF", width=s * 0.12)
    else:
        items.append(Text(cx, cy + s * 0.3, n, size=s * 2.3, font="bold", fill="#FFFFFF", anchor="middle"))
    items.append(Text(x + s + 0.3, y + s * 0.5, initial, size=max(MIN_TEXT_PT, s * 1.1), font="condensed-bold",
                      fill=INK))
    return items


ICON = 6.0  # mm: the pictograms of the rule cards (scene symbols, drawn once per PDF)


def icon_symbols(scene: Scene, lang: str) -> None:
    """The sheet's own drawings as pictograms for the rule cards: a die of each colour (white: the
    joker), the fox, the re-roll and the +1 action. Names: rz-die-<colour>, rz-fox, rz-reroll, rz-plus."""
    if "rz-fox" in scene.symbols:
        return
    for colour, fill in (*((c, strong) for c, (strong, _light) in COLOURS.items()), ("white", "#FFFFFF")):
        scene.add_symbol(Symbol(f"rz-die-{colour}", ICON, ICON, _die(0.3, 0.3, ICON - 0.6, fill)))
    scene.add_symbol(Symbol("rz-fox", ICON, ICON, fox_icon(0.2, 0.2, ICON - 0.4)))
    for name in ("reroll", "plus"):
        scene.add_symbol(Symbol(f"rz-{name}", ICON, ICON, bonus_icon(name, 0.5, 0.5, ICON - 1.0, lang)))


def _vlabel(x: float, y: float, h: float, text: str, size: float = 7.0, corner: float = 0.0) -> Text:
    """An area name written bottom-to-top in a strip whose left edge is x, centred on y..y+h
    (shrunk to fit the strip: POMARAŃCZOWY is long). `corner`: the radius of the frame's rounded
    corners: the glyphs' tops run 0.6 mm inside the frame's edge, which a corner of radius 2 mm
    bends past within 0.57 mm of its end, so the text keeps half the radius from each end (0.5 mm
    at least; POMARAŃCZOWY then prints at 6.06 pt, over the sheets' 6 pt floor)."""
    room = h - 2 * max(0.5, 0.5 * corner)
    size = min(size, size * room / max(fonts.text_width(text, "condensed-bold", size), 0.1))
    return Text(x + size * 0.3528 * 0.8, y + h / 2, text, size=size, font="condensed-bold", anchor="middle",
                rotate=90, fill=INK)


# -- the sheet ---------------------------------------------------------------------------------

# Vertical plan of the sheet (mm from its top): title and chosen dice 2-15, round track and action
# tracks 16-42, yellow and blue 43-96, green/orange/purple rows of 21 (POMARAŃCZOWY fits upright
# at 6.06 pt, clear of the frame's round corners) with 1 between, the scoring row 164.5-177.5, the
# small print (a variant's balance) 180-186.
AREAS_Y = 43.0
AREA_H = 53.0
ROWS_Y = (97.5, 119.5, 141.5)
ROW_H = 21.0
SCORING_Y = 164.5
SMALL_PRINT_Y = (182.3, 185.3)


def box(x: float, y: float, w: float, h: float, stroke: str = INK, width: float = 0.35,
        radius: float = 0.0) -> Rect:
    """A box a pencil writes in (white, and at true scale at least MIN_BOX_MM each way)."""
    return Rect(x, y, w, h, fill=WRITE, stroke=stroke, width=width, radius=radius)


def sheet_symbol(setup: Setup, code: str, lang: str, heading: str = "", rating: str = "") -> Symbol:
    """The whole sheet, static, as one Symbol. A pad's `heading` (--title, measured to fit by
    rzuc_na_tace.pad_text) takes the game's name's place; `rating` (a layout file's verdict
    against the standard, layout_file.LayoutRating.describe) is its small print."""
    lay = setup.layout
    lab = labels(lang)
    items: list[Item] = [Rect(0.5, 0.5, SHEET_W - 1, SHEET_H - 1, fill=None, stroke="#999999", width=0.3,
                              radius=3.0)]
    items += _header(lab, heading)
    items += _tracks(setup, code, lab, lang, 16.0)
    items += _yellow(lay, lab, lang, PAD, AREAS_Y)
    items += _blue(lay, lab, lang, 64.0, AREAS_Y)
    row_x, row_w = PAD, SHEET_W - 2 * PAD
    items += _green(lay, lab, lang, row_x, ROWS_Y[0], row_w)
    items += _orange(lay, lab, lang, row_x, ROWS_Y[1], row_w)
    items += _purple(lay, lab, lang, row_x, ROWS_Y[2], row_w)
    items += _scoring(lab, SCORING_Y)
    items += _small_print(setup, lab, rating)
    name = f"rzuc-sheet-{code}-{lang}"
    if heading:
        name += "-" + _tag(heading)
    return Symbol(name, SHEET_W, SHEET_H, items)


def _tag(text: str) -> str:
    """A symbol name's stable part for a user's text (the PDF names a symbol; the text may hold anything)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def name_symbol(scene: Scene, name: str, at: tuple[float, float]) -> str:
    """A player's name on the "Player:" line (9 pt bold at `at`, sheet design mm:
    rzuc_na_tace.pad_text says where), a sheet-sized symbol placed like the sheet."""
    sym = f"rzuc-name-{_tag(name)}-{at[0]:g}-{at[1]:g}"
    if sym not in scene.symbols:
        scene.add_symbol(Symbol(sym, SHEET_W, SHEET_H, [Text(at[0], at[1], name, size=9, font="bold")]))
    return sym


def _header(lab: dict[str, Any], heading: str = "") -> list[Item]:
    """Title (or the pad's heading), the player's name line, and the three fields the active
    player sets chosen dice on."""
    out: list[Item] = [
        Text(PAD + 1, 8.0, heading or lab["title"], size=13, font="bold"),
        Text(PAD + 1, 13.6, f"{lab['player']}:", size=7, font="condensed"),
        Line(PAD + 11.0, 14.0, 70.0, 14.0, stroke=SOFT, width=0.2),
    ]
    field, gap = 12.0, 2.0
    x0 = SHEET_W - PAD - 1.0 - 3 * field - 2 * gap
    first, _, rest = lab["picked"].partition(" ")
    out.append(Text(x0 - 1.5, 7.6, first, size=6.5, font="condensed-bold", anchor="end"))
    out.append(Text(x0 - 1.5, 10.6, rest, size=6.5, font="condensed-bold", anchor="end"))
    for k in range(3):
        fx = x0 + k * (field + gap)
        out.append(Rect(fx, 2.5, field, field, fill=TINT, stroke=INK, width=0.5, radius=1.5))
        out.append(Text(fx + field / 2, 2.5 + field * 0.68, str(k + 1), size=14, font="bold", fill="#CFCFCF",
                        anchor="middle"))
    return out


def _tracks(setup: Setup, code: str, lab: dict[str, Any], lang: str, y: float) -> list[Item]:
    """All rounds of the sheet (those beyond the player count greyed), the round bonuses, the
    small print with the code, and the re-roll and +1 tracks."""
    lay = setup.layout
    out: list[Item] = []
    rounds = lay.rounds_for(setup.players)
    printed = max(r for _, r in lay.rounds)
    x0, cell, pitch = PAD + 1, MIN_BOX_MM, MIN_BOX_MM + 1.2
    out.append(Text(x0, y + 2.4, lab["rounds"], size=6.5, font="condensed-bold"))
    by = y + 3.5
    for r in range(printed):
        bx = x0 + r * pitch
        if r < rounds:
            out.append(box(bx, by, cell, cell, radius=1.0))
            out.append(Text(bx + cell / 2, by + cell * 0.72, str(r + 1), size=11, font="bold", fill="#C4C4C4",
                            anchor="middle"))
        else:  # not played with this many players: greyed, and struck through
            out.append(Rect(bx, by, cell, cell, fill=GREYED, stroke="#9A9A9A", width=0.3, radius=1.0))
            out.append(Text(bx + cell / 2, by + cell * 0.72, str(r + 1), size=11, font="bold", fill="#A8A8A8",
                            anchor="middle"))
            out.append(Line(bx + 1.2, by + cell - 1.2, bx + cell - 1.2, by + 1.2, stroke="#9A9A9A", width=0.3))
        if r < len(lay.round_bonuses):
            out += bonus_icon(lay.round_bonuses[r], bx + cell / 2 - 2.4, by + cell + 1.0, 4.8, lang)
    variant = lab["standard"] if setup.variant == "standard" else lab["variant"]
    who = lab["player_one"] if setup.players == 1 else lab["players"]
    out.append(Text(x0, y + 22.6, f"{variant} · {setup.players} {who} · {lab['rounds'].lower()}: "
                    f"{rounds}", size=MIN_TEXT_PT, font="condensed", fill=SOFT))
    out.append(Text(x0, y + 25.4, f"{lab['code']} {code}", size=MIN_TEXT_PT,
                    font="condensed", fill=SOFT))
    tx, icon = 60.5, 4.6
    gap = 0.5
    for row, (name, n) in enumerate((("reroll", lay.reroll_track), ("plus", lay.plus_track))):
        ty = y + row * 12.0
        out.append(Text(tx + icon + 1.0, ty + 2.4, lab[name], size=6.5, font="condensed-bold"))
        out += bonus_icon(name, tx, ty + 3.5 + (cell - icon) / 2, icon, lang)
        for k in range(n):
            bx = tx + icon + 0.9 + k * (cell + gap)
            out.append(box(bx, ty + 3.5, cell, cell, width=0.3, radius=0.8))
            # a pale glyph in each box: circle it when gained, cross it when used
            glyph = "↻" if name == "reroll" else "+1"
            out.append(Text(bx + cell / 2, ty + 3.5 + cell * 0.72, glyph, size=10 if name == "reroll" else 8,
                            font="bold", fill="#D0D0D0", anchor="middle"))
    return out


def _area_frame(x: float, y: float, w: float, h: float, area: str, name: str) -> list[Item]:
    strong, light = COLOURS[area]
    return [Rect(x, y, w, h, fill=light, stroke=strong, width=0.6, radius=2.0),
            _vlabel(x + 0.6, y, h, name, corner=2.0)]


def _yellow(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float) -> list[Item]:
    strong, _ = COLOURS["yellow"]
    c = 10.0
    gx, gy = x + 6.0, y + 2.0
    out = _area_frame(x, y, 59.0, AREA_H, "yellow", lab["yellow"])
    for r, row in enumerate(lay.yellow_grid):
        for col, v in enumerate(row):
            cx, cy = gx + col * c, gy + r * c
            if v == 0:
                out.append(Rect(cx, cy, c, c, fill=strong, stroke=INK, width=0.35))
                out += _x_mark(cx + 2, cy + 2, c - 4, INK, 0.7)
            else:
                out.append(box(cx, cy, c, c))
                out.append(Text(cx + c / 2, cy + c * 0.68, str(v), size=13, font="bold", anchor="middle"))
        out += bonus_icon(lay.yellow_row_bonuses[r], gx + 4 * c + 1.5, gy + r * c + 2.5, 5.0, lang)
    for col, pts in enumerate(lay.yellow_column_points):
        scx, scy = gx + col * c + c / 2, gy + 4 * c + 5.0
        out.append(star(scx, scy, 4.6, "#FFF8D0"))
        out.append(Text(scx, scy + 1.3, str(pts), size=6.5, font="condensed-bold", anchor="middle"))
    # the main diagonal's bonus, at its lower-right end
    dx, dy = gx + 4 * c + 1.5, gy + 4 * c + 2.5
    out.append(Line(gx + 4 * c - 2.5, gy + 4 * c - 2.5, dx + 0.5, dy + 0.5, stroke=INK, width=0.35))
    out += bonus_icon(lay.yellow_diagonal_bonus, dx, dy, 5.0, lang)
    return out


def _die(x: float, y: float, s: float, fill: str) -> list[Item]:
    """A small die face (a rounded square with one pip), for the blue = blue + white formula."""
    r = s * 0.2
    pts = ((x + r, y), (x + s - r, y), (x + s, y + r), (x + s, y + s - r), (x + s - r, y + s), (x + r, y + s),
           (x, y + s - r), (x, y + r))
    pip = "#FFFFFF" if fill != "#FFFFFF" else INK
    return [Polygon(pts, fill=fill, stroke=INK, width=0.25),
            Circle(x + s / 2, y + s / 2, s * 0.12, fill=pip, stroke=None)]


def _blue(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float) -> list[Item]:
    c = 10.0
    gx, gy = x + 6.0, y + 11.5
    strong = COLOURS["blue"][0]
    out = _area_frame(x, y, SHEET_W - PAD - x, AREA_H, "blue", lab["blue"])
    # points table: crosses -> points (printed only: no fill of its own)
    n = len(lay.blue_points) - 1
    tw = (4 * c + 9.0) / n
    for k in range(1, n + 1):
        tx = gx + (k - 1) * tw
        out.append(Rect(tx, y + 1.5, tw, 4.0, fill=None, stroke=strong, width=0.2))
        out.append(Text(tx + tw / 2, y + 4.6, str(k), size=MIN_TEXT_PT, font="condensed", anchor="middle"))
        out.append(Rect(tx, y + 5.5, tw, 4.5, fill=strong, stroke=INK, width=0.2))
        out.append(Text(tx + tw / 2, y + 8.9, str(lay.blue_points[k]), size=MIN_TEXT_PT, font="condensed-bold",
                        fill="#FFFFFF", anchor="middle"))
    for r, row in enumerate(lay.blue_grid):
        for col, v in enumerate(row):
            cx, cy = gx + col * c, gy + r * c
            if v == 0:  # the missing cell shows what the numbers are: the blue die + the white die
                out += _die(cx + 0.2, cy + 3.2, 3.6, strong)
                out.append(Text(cx + c / 2, cy + 6.2, "+", size=7, font="bold", anchor="middle"))
                out += _die(cx + 6.2, cy + 3.2, 3.6, "#FFFFFF")
                continue
            out.append(box(cx, cy, c, c))
            out.append(Text(cx + c / 2, cy + c * 0.68, str(v), size=12, font="bold", anchor="middle"))
        out += bonus_icon(lay.blue_row_bonuses[r], gx + 4 * c + 1.5, gy + r * c + 2.5, 5.0, lang)
    for col, b in enumerate(lay.blue_column_bonuses):
        out += bonus_icon(b, gx + col * c + 2.5, gy + len(lay.blue_grid) * c + 1.5, 5.0, lang)
    out.append(Text(gx, y + AREA_H - 1.6, lab["blue_hint"], size=MIN_TEXT_PT, font="condensed", fill=SOFT))
    return out


def _row_cells(x: float, w: float, n: int) -> tuple[float, float]:
    """x of the first cell and the cell pitch for an n-cell row in width w (after the label strip)."""
    x0 = x + 7.0
    return x0, (w - 7.0 - 1.0) / n


def _bonus_row(pairs: tuple[tuple[int, str], ...], x0: float, pitch: float, y: float, lang: str) -> list[Item]:
    out: list[Item] = []
    for cell, b in pairs:
        out += bonus_icon(b, x0 + (cell - 1) * pitch + pitch / 2 - 2.9, y, 4.8, lang)
    return out


def _arrow(x: float, y: float, colour: str) -> Polygon:
    return Polygon(((x, y - 1.6), (x + 2.2, y), (x, y + 1.6)), fill=colour, stroke=None)


_CELL_TOP, _CELL_H, _ICON_TOP, _HINT_BASE = 1.5, 8.5, 11.0, 19.3


def _green(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float, w: float) -> list[Item]:
    strong, _ = COLOURS["green"]
    out = _area_frame(x, y, w, ROW_H, "green", lab["green"])
    n = len(lay.green_thresholds)
    x0, pitch = _row_cells(x, w, n)
    top = y + _CELL_TOP
    out.append(_arrow(x0 - 2.6, top + _CELL_H / 2, strong))
    for k, thr in enumerate(lay.green_thresholds):
        cx = x0 + k * pitch
        out.append(box(cx + 0.4, top, pitch - 0.8, _CELL_H))
        out.append(Text(cx + pitch / 2 - 0.6, top + _CELL_H * 0.74, f"≥{thr}", size=8, font="condensed-bold",
                        fill="#9A9A9A", anchor="middle"))
        out.append(Text(cx + pitch - 0.9, top + 2.4, str(lay.green_points[k + 1]), size=MIN_TEXT_PT,
                        font="condensed-bold", fill=strong, anchor="end"))
    out += _bonus_row(lay.green_bonuses, x0, pitch, y + _ICON_TOP, lang)
    out.append(Text(x0, y + _HINT_BASE, f"{lab['green_hint']} · {lab['points']}: "
                    + " ".join(str(p) for p in lay.green_points[1:]), size=MIN_TEXT_PT, font="condensed", fill=SOFT))
    return out


def _orange(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float, w: float) -> list[Item]:
    strong, _ = COLOURS["orange"]
    out = _area_frame(x, y, w, ROW_H, "orange", lab["orange"])
    n = len(lay.orange_multipliers)
    x0, pitch = _row_cells(x, w, n)
    top = y + _CELL_TOP
    out.append(_arrow(x0 - 2.6, top + _CELL_H / 2, strong))
    for k, m in enumerate(lay.orange_multipliers):
        cx = x0 + k * pitch
        out.append(box(cx + 0.4, top, pitch - 0.8, _CELL_H, width=0.35 if m == 1 else 0.8))
        if m > 1:  # in the corner, so the value is written in a free box
            out.append(Text(cx + pitch - 0.9, top + 2.4, f"×{m}", size=MIN_TEXT_PT, font="condensed-bold",
                            fill=strong, anchor="end"))
    out += _bonus_row(lay.orange_bonuses, x0, pitch, y + _ICON_TOP, lang)
    out.append(Text(x0, y + _HINT_BASE, lab["orange_hint"], size=MIN_TEXT_PT, font="condensed", fill=SOFT))
    return out


def _purple(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float, w: float) -> list[Item]:
    strong, _ = COLOURS["purple"]
    out = _area_frame(x, y, w, ROW_H, "purple", lab["purple"])
    n = lay.purple_cells
    x0, pitch = _row_cells(x, w, n)
    top = y + _CELL_TOP
    out.append(_arrow(x0 - 2.6, top + _CELL_H / 2, strong))
    bw = max(MIN_BOX_MM, pitch - 2.2)
    for k in range(n):
        cx = x0 + k * pitch
        out.append(box(cx + (pitch - bw) / 2, top, bw, _CELL_H))
        if k:
            out.append(Text(cx, top + _CELL_H * 0.66, "<", size=7, font="bold", fill=strong, anchor="middle"))
    out += _bonus_row(lay.purple_bonuses, x0, pitch, y + _ICON_TOP, lang)
    out.append(Text(x0, y + _HINT_BASE, lab["purple_hint"], size=MIN_TEXT_PT, font="condensed", fill=SOFT))
    return out


def _scoring(lab: dict[str, Any], y: float) -> list[Item]:
    out: list[Item] = []
    bw, h = 12.0, 10.0
    top = y + 3.0
    x = PAD + 1.0
    for area in ("yellow", "blue", "green", "orange", "purple"):
        strong, _ = COLOURS[area]
        out.append(box(x, top, bw, h, stroke=strong, width=0.9, radius=1.2))
        out.append(Text(x + bw / 2, y + 2.2, lab["initials"][area], size=6.5, font="condensed-bold",
                        anchor="middle"))
        x += bw
        out.append(Text(x + 1.6, top + h * 0.68, "+", size=9, font="bold", anchor="middle"))
        x += 3.2
    fw = 9.0
    out += fox_icon(x + fw / 2 - 1.5, y - 0.6, 3.0)
    out.append(box(x, top, fw, h, stroke=FOX, width=0.9, radius=1.2))
    out.append(Text(x + fw + 1.5, top + h * 0.68, "×", size=9, font="bold", anchor="middle"))
    out.append(Text(x + fw + 3.0 + fw / 2, y + 2.2, lab["lowest"], size=MIN_TEXT_PT, font="condensed",
                    anchor="middle"))
    out.append(box(x + fw + 3.0, top, fw, h, stroke=FOX, width=0.9, radius=1.2))
    x += 2 * fw + 3.0
    out.append(Text(x + 2.0, top + h * 0.68, "=", size=9, font="bold", anchor="middle"))
    x += 4.0
    tw = SHEET_W - PAD - 1.0 - x
    out.append(Text(x + tw / 2, y + 2.2, lab["total"], size=6.5, font="condensed-bold", anchor="middle"))
    out.append(box(x, top, tw, h, width=1.0, radius=1.2))
    return out


def _num(x: float, lab: dict[str, Any], digits: int = 1, signed: bool = False, percent: bool = False) -> str:
    """A number in the sheet's language (decimal comma in Polish, a real minus sign)."""
    v = x * 100 if percent else x
    if round(v, digits) == 0:
        v = 0.0  # no "−0.0"
    text = f"{v:+.{digits}f}" if signed and v else f"{v:.{digits}f}"
    text = text.replace("-", "−").replace(".", lab["decimal"])
    return f"{text} %" if percent else text


def balance_lines(setup: Setup, lab: dict[str, Any]) -> list[str]:
    """The small print of a variant: its estimate against the standard and the interval."""
    b = setup.balance
    if b is None:
        return []
    low, high = b.interval
    fields = {"variant": _num(b.variant_mean, lab), "standard": _num(b.standard_mean, lab),
              "gap": _num(b.gap, lab, signed=True, percent=True), "low": _num(low, lab, signed=True, percent=True),
              "high": _num(high, lab, signed=True, percent=True),
              "confidence": _num(b.plan.confidence, lab, digits=0, percent=True),
              "games": str(b.games), "tolerance": _num(b.plan.tolerance, lab, digits=0, percent=True),
              "one_in": str(round(1 / b.plan.error_rate))}
    return [lab["balance_1"].format(**fields), lab["balance_2"].format(**fields)]


def _small_print(setup: Setup, lab: dict[str, Any], rating: str = "") -> list[Item]:
    lines = [rating] if rating else balance_lines(setup, lab)
    return [Text(PAD + 1, y, line, size=MIN_TEXT_PT, font="condensed", fill=SOFT)
            for y, line in zip(SMALL_PRINT_Y, lines, strict=False)]


# -- pages -------------------------------------------------------------------------------------------

def sheet_slots(page_paper: L.Paper, per_page: int) -> tuple[float, list[tuple[float, float]]]:
    """The scale and the top-left corners of the sheets on a page. Two per page: each sheet is
    centred in its half, so both sit at the same place relative to the cut at the page's middle
    (the cut halves stack into one pad); true scale on A4 and Letter."""
    m = L.MARGIN
    aw, ah = page_paper.w - 2 * m, page_paper.h - 2 * m - L.FOOTER_H
    if per_page == 2:
        half = page_paper.w / 2
        scale = min(1.0, (half - 2 * EDGE) / SHEET_W, ah / SHEET_H)
        x = (half - SHEET_W * scale) / 2
        y = m + (ah - SHEET_H * scale) / 2
        return scale, [(x, y), (half + x, y)]
    scale = min(aw / SHEET_W, ah / SHEET_H)
    return scale, [(m + (aw - SHEET_W * scale) / 2, m + (ah - SHEET_H * scale) / 2)]


def sheet_scene(setup: Setup, code: str, paper: L.Paper, per_page: int, count: int, lang: str,
                title: str = "", names: list[str | None] | None = None,
                name_at: tuple[float, float] = (0.0, 0.0), rating: str = "") -> Scene:
    """A pad: `count` copies of the sheet, `per_page` (1 or 2) per page, every page footed with
    the code. One Symbol, many Uses. A `title` (--title) heads every sheet and is the PDF's title;
    `names` gives each sheet its player's name (printed at `name_at`, rzuc_na_tace.pad_text) or
    None, and then sets the number of sheets."""
    lab = labels(lang)
    who = names if names is not None else [None] * count
    count = len(who)
    pad_title = CountFormatter({"sheet": {lang: lab["sheet_forms"]}}, lang).format(lab["pad_title"], count=count)
    scene = Scene(title=title or pad_title, subject=f"boardgen {lab['code']} {code}")
    name = scene.add_symbol(sheet_symbol(setup, code, lang, title, rating))
    m = L.MARGIN
    page_paper = paper.landscape() if per_page == 2 else paper.portrait()
    scale, slots = sheet_slots(page_paper, per_page)
    pages_n = max(1, math.ceil(count / per_page))
    note = "1:1" if abs(scale - 1.0) < 1e-9 else f"{scale * 100:.0f}%"
    for p in range(pages_n):
        page = Page(page_paper.w, page_paper.h, label=f"sheets {p + 1}")
        first = p * per_page
        on_page = min(per_page, count - first)
        for k in range(on_page):
            x, y = slots[k]
            page.items.append(Use(name, round(x, 4), round(y, 4), scale=round(scale, 6)))
            player = who[first + k]
            if player:
                page.items.append(Use(name_symbol(scene, player, name_at), round(x, 4), round(y, 4),
                                      scale=round(scale, 6)))
        if per_page == 2 and on_page == 2:
            cx = page_paper.w / 2
            page.items.append(Line(cx, m, cx, page_paper.h - m - L.FOOTER_H, stroke="#BBBBBB", width=0.2,
                                   dash=(1.5, 1.5)))
        sheets = f"{first + 1}" if on_page == 1 else f"{first + 1}–{first + on_page}"
        L.footer(page, code, f"Rzuć na tacę · {setup.players}p · {lab['sheet_word']} {sheets}/{count} · {note}",
                 lang=lang)
        scene.pages.append(page)
    L.number_pages(scene.pages, code, lang)
    return scene
