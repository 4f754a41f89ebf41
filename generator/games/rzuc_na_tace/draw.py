"""The printable score sheet: a setup -> scene pages (a pad of sheets).

One sheet is 129 x 188 mm, so two sit side by side at true scale on a landscape A4 *or* Letter
page inside the printable margins (`--per-page 2`); `--per-page 1` puts one sheet on a portrait
page, enlarged to fill it (the footer says by how much). The whole sheet is static artwork, so it
is drawn once as a Symbol and placed with `Use` on every page: a 100-sheet pad stores it once.

Greyscale: every area is named in words, the bonus symbols differ by shape and by letter (a
free cross is an X with the area's initial, a free value its number and initial, the fox a head,
the re-roll an arrow, +1 the text "+1"), so the sheet works from a black-and-white printer.
Everything printed comes from the layout (values, thresholds, multipliers, tables, bonuses).
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from typing import Any

from generator.games.rzuc_na_tace.model import DATA, Layout
from generator.games.rzuc_na_tace.setup import Setup
from generator.render import fonts
from generator.render import layout as L
from generator.render.scene import Circle, Item, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use

SHEET_W = 129.0
SHEET_H = 188.0
PAD = 3.0
GAP = 4.0  # between two sheets on one page (Letter: 2 x 129 + 4 + 2 x 8 margin = 278 < 279.4)

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
        return [Rect(x, y, s, s, fill="#FFFFFF", stroke=INK, width=0.3, radius=s * 0.2),
                Text(cx, cy + s * 0.2, "+1", size=s * 1.6, font="condensed-bold", anchor="middle")]
    if name == "choice":
        return [Rect(x - s * 0.5, y, s * 2.0, s, fill="#EEEEEE", stroke=INK, width=0.3, radius=s * 0.2),
                Text(cx, cy + s * 0.18, lab["choice"], size=s * 1.3, font="condensed-bold", anchor="middle")]
    area, _, n = name.partition("_")
    strong, _light = COLOURS[area]
    initial = lab["initials"][area]
    items: list[Item] = [Rect(x, y, s, s, fill=strong, stroke=INK, width=0.3, radius=s * 0.12)]
    if n == "x":
        items += _x_mark(x + s * 0.2, y + s * 0.2, s * 0.6, "#FFFFFF", width=s * 0.12)
    else:
        items.append(Text(cx, cy + s * 0.3, n, size=s * 2.3, font="bold", fill="#FFFFFF", anchor="middle"))
    items.append(Text(x + s + 0.3, y + s * 0.45, initial, size=s * 1.1, font="condensed-bold", fill=INK))
    return items


def _vlabel(x: float, y: float, h: float, text: str, size: float = 7.0) -> Text:
    """An area name written bottom-to-top in a strip whose left edge is x, centred on y..y+h
    (shrunk to fit the strip: POMARAŃCZOWY is long)."""
    size = min(size, size * (h - 2.0) / max(fonts.text_width(text, "condensed-bold", size), 0.1))
    return Text(x + size * 0.3528 * 0.8, y + h / 2, text, size=size, font="condensed-bold", anchor="middle",
                rotate=90, fill=INK)


# -- the sheet ---------------------------------------------------------------------------------

def sheet_symbol(setup: Setup, code: str, lang: str) -> Symbol:
    """The whole sheet, static, as one Symbol."""
    lay = setup.layout
    lab = labels(lang)
    items: list[Item] = [Rect(0.5, 0.5, SHEET_W - 1, SHEET_H - 1, fill=None, stroke="#999999", width=0.3,
                              radius=3.0)]
    items += _header(setup, code, lab)
    items += _tracks(setup, lab, lang, 14.0)
    items += _yellow(lay, lab, lang, PAD, 40.0)
    items += _blue(lay, lab, lang, 64.0, 40.0)
    row_x, row_w = PAD, SHEET_W - 2 * PAD
    items += _green(lay, lab, lang, row_x, 100.0, row_w)
    items += _orange(lay, lab, lang, row_x, 122.0, row_w)
    items += _purple(lay, lab, lang, row_x, 144.0, row_w)
    items += _scoring(lab, 168.0)
    return Symbol(f"rzuc-sheet-{code}-{lang}", SHEET_W, SHEET_H, items)


def _header(setup: Setup, code: str, lab: dict[str, Any]) -> list[Item]:
    rounds = setup.layout.rounds_for(setup.players)
    variant = lab["standard"] if setup.variant == "standard" else lab["variant"]
    return [
        Text(PAD + 1, 8.0, lab["title"], size=13, font="bold"),
        Text(62.0, 8.0, f"{lab['player']}:", size=8, font="condensed"),
        Line(73.0, 8.5, SHEET_W - PAD - 1, 8.5, stroke=SOFT, width=0.2),
        Text(PAD + 1, 12.0, f"{variant} · {setup.players} {lab['players']} · {lab['rounds'].lower()}: {rounds} · "
             f"{lab['code']} {code}", size=5.5, font="condensed", fill=SOFT),
    ]


def _tracks(setup: Setup, lab: dict[str, Any], lang: str, y: float) -> list[Item]:
    lay = setup.layout
    out: list[Item] = []
    rounds = lay.rounds_for(setup.players)
    x0, box = PAD + 1, 8.0
    out.append(Text(x0, y + 2.5, lab["rounds"], size=6.5, font="condensed-bold"))
    for r in range(rounds):
        bx = x0 + r * (box + 1.2)
        out.append(Rect(bx, y + 4, box, box, fill="#FFFFFF", stroke=INK, width=0.35, radius=1.0))
        out.append(Text(bx + box / 2, y + 4 + box * 0.7, str(r + 1), size=11, font="bold", fill="#CCCCCC",
                        anchor="middle"))
        if r < len(lay.round_bonuses):
            out += bonus_icon(lay.round_bonuses[r], bx + box / 2 - 2.25, y + 4 + box + 1.2, 4.5, lang)
    tx = 62.0
    cell = 6.2
    for row, (name, n) in enumerate((("reroll", lay.reroll_track), ("plus", lay.plus_track))):
        ty = y + row * 11.5
        out.append(Text(tx + 6.0, ty + 2.0, lab[name], size=6.5, font="condensed-bold"))
        out += bonus_icon(name, tx, ty + 3.4, 4.6, lang)
        for k in range(n):
            bx = tx + 6.5 + k * (cell + 0.7)
            out.append(Rect(bx, ty + 2.8, cell, cell, fill="#FFFFFF", stroke=INK, width=0.3, radius=0.8))
            # a pale glyph in each box: circle it when gained, cross it when used
            glyph = "↻" if name == "reroll" else "+1"
            out.append(Text(bx + cell / 2, ty + 2.8 + cell * 0.72, glyph, size=9 if name == "reroll" else 7.5,
                            font="bold", fill="#D0D0D0", anchor="middle"))
    return out


def _area_frame(x: float, y: float, w: float, h: float, area: str, name: str) -> list[Item]:
    strong, light = COLOURS[area]
    return [Rect(x, y, w, h, fill=light, stroke=strong, width=0.6, radius=2.0), _vlabel(x + 0.6, y, h, name)]


def _yellow(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float) -> list[Item]:
    strong, _ = COLOURS["yellow"]
    c = 10.0
    gx, gy = x + 6.0, y + 2.0
    out = _area_frame(x, y, 59.0, 56.0, "yellow", lab["yellow"])
    for r, row in enumerate(lay.yellow_grid):
        for col, v in enumerate(row):
            cx, cy = gx + col * c, gy + r * c
            if v == 0:
                out.append(Rect(cx, cy, c, c, fill=strong, stroke=INK, width=0.35))
                out += _x_mark(cx + 2, cy + 2, c - 4, INK, 0.7)
            else:
                out.append(Rect(cx, cy, c, c, fill="#FFFFFF", stroke=INK, width=0.35))
                out.append(Text(cx + c / 2, cy + c * 0.68, str(v), size=13, font="bold", anchor="middle"))
        out += bonus_icon(lay.yellow_row_bonuses[r], gx + 4 * c + 1.5, gy + r * c + 2.5, 5.0, lang)
    for col, pts in enumerate(lay.yellow_column_points):
        scx, scy = gx + col * c + c / 2, gy + 4 * c + 5.2
        out.append(star(scx, scy, 4.6, "#FFFFFF"))
        out.append(Text(scx, scy + 1.3, str(pts), size=6.5, font="condensed-bold", anchor="middle"))
    # the main diagonal's bonus, at its lower-right end
    dx, dy = gx + 4 * c + 1.5, gy + 4 * c + 2.5
    out.append(Line(gx + 4 * c - 2.5, gy + 4 * c - 2.5, dx + 0.5, dy + 0.5, stroke=INK, width=0.35))
    out += bonus_icon(lay.yellow_diagonal_bonus, dx, dy, 5.0, lang)
    return out


def _blue(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float) -> list[Item]:
    c = 10.0
    gx, gy = x + 6.0, y + 12.0
    out = _area_frame(x, y, SHEET_W - PAD - x, 56.0, "blue", lab["blue"])
    # points table: crosses -> points
    n = len(lay.blue_points) - 1
    tw = (4 * c + 9.0) / n
    for k in range(1, n + 1):
        tx = gx + (k - 1) * tw
        out.append(Rect(tx, y + 1.5, tw, 4.0, fill="#FFFFFF", stroke=COLOURS["blue"][0], width=0.2))
        out.append(Text(tx + tw / 2, y + 4.6, str(k), size=5.5, font="condensed", anchor="middle"))
        out.append(Rect(tx, y + 5.5, tw, 4.5, fill=COLOURS["blue"][0], stroke=INK, width=0.2))
        out.append(Text(tx + tw / 2, y + 8.8, str(lay.blue_points[k]), size=6, font="condensed-bold",
                        fill="#FFFFFF", anchor="middle"))
    for r, row in enumerate(lay.blue_grid):
        for col, v in enumerate(row):
            cx, cy = gx + col * c, gy + r * c
            if v == 0:
                out.append(Text(cx + c / 2, cy + 3.6, "=", size=7, font="bold", anchor="middle"))
                out.append(Rect(cx + 0.8, cy + 4.6, 3.6, 3.6, fill=COLOURS["blue"][0], stroke=INK, width=0.25))
                out.append(Text(cx + c / 2, cy + 7.6, "+", size=7, font="bold", anchor="middle"))
                out.append(Rect(cx + 5.6, cy + 4.6, 3.6, 3.6, fill="#FFFFFF", stroke=INK, width=0.25))
                continue
            out.append(Rect(cx, cy, c, c, fill="#FFFFFF", stroke=INK, width=0.35))
            out.append(Text(cx + c / 2, cy + c * 0.68, str(v), size=12, font="bold", anchor="middle"))
        out += bonus_icon(lay.blue_row_bonuses[r], gx + 4 * c + 1.5, gy + r * c + 2.5, 5.0, lang)
    for col, b in enumerate(lay.blue_column_bonuses):
        out += bonus_icon(b, gx + col * c + 2.5, gy + len(lay.blue_grid) * c + 1.5, 5.0, lang)
    out.append(Text(gx, y + 55.0 - 0.8, lab["blue_hint"], size=5.5, font="condensed", fill=SOFT))
    return out


def _row_cells(x: float, w: float, n: int) -> tuple[float, float]:
    """x of the first cell and the cell pitch for an n-cell row in width w (after the label strip)."""
    x0 = x + 7.0
    return x0, (w - 7.0 - 1.0) / n


def _bonus_row(pairs: tuple[tuple[int, str], ...], x0: float, pitch: float, y: float, lang: str) -> list[Item]:
    out: list[Item] = []
    for cell, b in pairs:
        out += bonus_icon(b, x0 + (cell - 1) * pitch + pitch / 2 - 2.4, y, 4.8, lang)
    return out


def _arrow(x: float, y: float, colour: str) -> Polygon:
    return Polygon(((x, y - 1.6), (x + 2.2, y), (x, y + 1.6)), fill=colour, stroke=None)


def _green(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float, w: float) -> list[Item]:
    strong, _ = COLOURS["green"]
    out = _area_frame(x, y, w, 20.0, "green", lab["green"])
    n = len(lay.green_thresholds)
    x0, pitch = _row_cells(x, w, n)
    ch = 8.5
    out.append(_arrow(x0 - 2.6, y + 1.5 + ch / 2, strong))
    for k, thr in enumerate(lay.green_thresholds):
        cx = x0 + k * pitch
        out.append(Rect(cx + 0.4, y + 1.5, pitch - 0.8, ch, fill="#FFFFFF", stroke=INK, width=0.35))
        out.append(Text(cx + pitch / 2, y + 1.5 + ch * 0.68, f"≥{thr}", size=8, font="condensed-bold",
                        fill="#9A9A9A", anchor="middle"))
        out.append(Text(cx + pitch - 1.0, y + 1.5 + 2.3, str(lay.green_points[k + 1]), size=4.5,
                        font="condensed", fill=strong, anchor="end"))
    out += _bonus_row(lay.green_bonuses, x0, pitch, y + 11.0, lang)
    out.append(Text(x0, y + 19.2, f"{lab['green_hint']} · {lab['points']}: "
                    + " ".join(str(p) for p in lay.green_points[1:]), size=4.8, font="condensed", fill=SOFT))
    return out


def _orange(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float, w: float) -> list[Item]:
    strong, _ = COLOURS["orange"]
    out = _area_frame(x, y, w, 20.0, "orange", lab["orange"])
    n = len(lay.orange_multipliers)
    x0, pitch = _row_cells(x, w, n)
    ch = 8.5
    out.append(_arrow(x0 - 2.6, y + 1.5 + ch / 2, strong))
    for k, m in enumerate(lay.orange_multipliers):
        cx = x0 + k * pitch
        out.append(Rect(cx + 0.4, y + 1.5, pitch - 0.8, ch, fill="#FFFFFF", stroke=INK,
                        width=0.35 if m == 1 else 0.7))
        if m > 1:
            out.append(Text(cx + pitch / 2, y + 1.5 + ch * 0.7, f"×{m}", size=8, font="condensed-bold",
                            fill="#9A9A9A", anchor="middle"))
    out += _bonus_row(lay.orange_bonuses, x0, pitch, y + 11.0, lang)
    out.append(Text(x0, y + 19.2, lab["orange_hint"], size=4.8, font="condensed", fill=SOFT))
    return out


def _purple(lay: Layout, lab: dict[str, Any], lang: str, x: float, y: float, w: float) -> list[Item]:
    strong, _ = COLOURS["purple"]
    out = _area_frame(x, y, w, 20.0, "purple", lab["purple"])
    n = lay.purple_cells
    x0, pitch = _row_cells(x, w, n)
    ch = 8.5
    out.append(_arrow(x0 - 2.6, y + 1.5 + ch / 2, strong))
    for k in range(n):
        cx = x0 + k * pitch
        out.append(Rect(cx + 1.0, y + 1.5, pitch - 2.0, ch, fill="#FFFFFF", stroke=INK, width=0.35))
        if k:
            out.append(Text(cx, y + 1.5 + ch * 0.64, "<", size=8, font="bold", fill=strong, anchor="middle"))
    out += _bonus_row(lay.purple_bonuses, x0, pitch, y + 11.0, lang)
    out.append(Text(x0, y + 19.2, lab["purple_hint"], size=4.8, font="condensed", fill=SOFT))
    return out


def _scoring(lab: dict[str, Any], y: float) -> list[Item]:
    out: list[Item] = []
    box, h = 12.0, 10.0
    x = PAD + 1.0
    for i, area in enumerate(("yellow", "blue", "green", "orange", "purple")):
        strong, light = COLOURS[area]
        out.append(Rect(x, y + 3, box, h, fill="#FFFFFF", stroke=strong, width=0.9, radius=1.2))
        out.append(Text(x + box / 2, y + 2.2, lab["initials"][area], size=6, font="condensed-bold", anchor="middle"))
        x += box
        out.append(Text(x + 1.6, y + 3 + h * 0.68, "+" if i < 4 else "+", size=9, font="bold", anchor="middle"))
        x += 3.2
    out += fox_icon(x, y - 2.0, 4.6)
    out.append(Text(x + 5.5, y + 1.6, lab["foxes"], size=5, font="condensed"))
    out.append(Rect(x, y + 3, 9.0, h, fill="#FFFFFF", stroke=FOX, width=0.9, radius=1.2))
    out.append(Text(x + 10.5, y + 3 + h * 0.68, "×", size=9, font="bold", anchor="middle"))
    out.append(Rect(x + 12.0, y + 3, 9.0, h, fill="#FFFFFF", stroke=FOX, width=0.9, radius=1.2))
    x += 21.0
    out.append(Text(x + 2.0, y + 3 + h * 0.68, "=", size=9, font="bold", anchor="middle"))
    x += 4.0
    tw = SHEET_W - PAD - 1.0 - x
    out.append(Text(x + tw / 2, y + 2.2, lab["total"], size=6, font="condensed-bold", anchor="middle"))
    out.append(Rect(x, y + 3, tw, h, fill="#FFFFFF", stroke=INK, width=1.0, radius=1.2))
    return out


# -- pages -------------------------------------------------------------------------------------------

def sheet_scene(setup: Setup, code: str, paper: L.Paper, per_page: int, count: int, lang: str) -> Scene:
    """A pad: `count` copies of the sheet, `per_page` (1 or 2) per page, every page footed with
    the code. One Symbol, many Uses."""
    scene = Scene(title=f"Rzuć na tacę — {count} sheets", subject=f"boardgen code {code}")
    name = scene.add_symbol(sheet_symbol(setup, code, lang))
    m = L.MARGIN
    page_paper = paper.landscape() if per_page == 2 else paper.portrait()
    aw, ah = page_paper.w - 2 * m, page_paper.h - 2 * m - L.FOOTER_H
    if per_page == 2:
        slot_w = (aw - GAP) / 2
        scale = min(1.0, slot_w / SHEET_W, ah / SHEET_H)
        slots = [(m + i * (slot_w + GAP) + (slot_w - SHEET_W * scale) / 2, m + (ah - SHEET_H * scale) / 2)
                 for i in range(2)]
    else:
        scale = min(aw / SHEET_W, ah / SHEET_H)
        slots = [(m + (aw - SHEET_W * scale) / 2, m + (ah - SHEET_H * scale) / 2)]
    pages_n = max(1, math.ceil(count / per_page))
    note = "1:1" if abs(scale - 1.0) < 1e-9 else f"{scale * 100:.0f}%"
    for p in range(pages_n):
        page = Page(page_paper.w, page_paper.h, label=f"sheets {p + 1}")
        first = p * per_page
        on_page = min(per_page, count - first)
        for k in range(on_page):
            x, y = slots[k]
            page.items.append(Use(name, round(x, 4), round(y, 4), scale=round(scale, 6)))
        if per_page == 2 and on_page == 2:
            cx = page_paper.w / 2
            page.items.append(Line(cx, m, cx, page_paper.h - m - L.FOOTER_H, stroke="#BBBBBB", width=0.2,
                                   dash=(1.5, 1.5)))
        sheets = f"{first + 1}" if on_page == 1 else f"{first + 1}–{first + on_page}"
        sheet_word = "arkusz" if lang == "pl" else "sheet"
        L.footer(page, code, f"Rzuć na tacę · {setup.players}p · {sheet_word} {sheets}/{count} · {note}", lang=lang)
        scene.pages.append(page)
    L.number_pages(scene.pages, code, lang)
    return scene
