"""Plażing roll&write sheets as scene pages.

A sheet is designed once at A4 size (SHEET_W x SHEET_H mm, 12.4 mm squares) and placed through a
`Use` with a scale: 1.0 for one sheet per page, about 0.7 for two A5 sheets on a landscape page
(squares stay above 8 mm, big enough for a pencil). Everything that repeats is a Symbol, so the
PDF holds it once as a Form XObject: the frame (title, round track, special-action panel, shapes
legend, scoring boxes), the resource/waste icons, and for a printed board the whole board. Only a
random board and the code line are drawn per sheet, which keeps a 100-sheet pad small.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from generator.core.data import load_toml
from generator.core.shapes import Shape, normalise, size
from generator.games.plazing.model import content_digest
from generator.render import fonts, layout
from generator.render.scene import Circle, Item, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use
from generator.render.text import text_block

from .fairness import describe
from .model import DATA, KINDS, Board, catalog, scoring
from .rules import COLUMNS, resource_area_limit
from .setup import SheetSetup

SHEET_W, SHEET_H = 190.0, 255.0
CELL = 12.4  # a beach square: >= 8 mm on the 2-up Letter print (scale 0.65)
GRID_X, GRID_Y = 9.0, 33.0
PANEL_X = 138.0
INK = "#222222"
GRIDLINE = "#555555"
SAND = "#fffaf0"
SEA = "#9cc9e8"
WOOD = "#c9a26b"
OBJECT = "#8a8a8a"
BLANKET = "#b9d7f0"
BAR = "#ffe9a6"
WASTE = "#6b3b2a"
WRITE = "#ffffff"  # the fill of every box a pencil writes or crosses in (and of nothing else)
PICTURE = "#f2f2f2"  # the squares of the shape pictures (not for writing)
DIE = "#fcfcfc"  # a die face (a picture, not a box to write in)
# The sheet is designed once and scaled: 1-up at 1.0, 2-up (two A5 on a landscape page) at about
# 0.65 on Letter, 0.70 on A4. So that the 2-up print keeps text >= 6 pt and pencil boxes >= 8 mm,
# the design never goes below these (6 pt / 0.65 and 8 mm / 0.65).
MIN_PT = 9.3
PENCIL = 12.4
SMALL_PRINT_PT = 7.0  # the code and difficulty line printed on the page itself (not scaled)


@cache
def texts(lang: str) -> dict[str, str]:
    out = dict(load_toml(DATA / "texts.toml")[lang])
    out["lang"] = lang
    return out


# --- small symbols ------------------------------------------------------------------------------

# The three resources differ by outline and inner pattern as well as by colour, and their fills
# are far apart in grey (Rec. 601 luma: shell 218, amber 155, pebble 99), so a greyscale print
# still tells them apart: a faceted gem (amber), a ribbed fan (shell), a wide speckled oval (pebble).
AMBER_OUTLINE = ((3.0, 0.3), (5.7, 2.3), (4.6, 5.7), (1.4, 5.7), (0.3, 2.3))
SHELL_OUTLINE = ((3.0, 5.6), (0.3, 2.6), (0.9, 1.2), (2.0, 0.4), (4.0, 0.4), (5.1, 1.2), (5.7, 2.6))
PEBBLE_OUTLINE = tuple((3.0 + 2.9 * math.cos(2 * math.pi * i / 16), 3.3 + 1.9 * math.sin(2 * math.pi * i / 16))
                       for i in range(16))


def _icon_symbols(scene: Scene) -> None:
    """Resource and waste icons, 6 mm, centred in a square by the board drawing."""
    if "prw-amber" in scene.symbols:
        return
    res = scoring().resources
    scene.add_symbol(Symbol("prw-amber", 6, 6, [
        Polygon(AMBER_OUTLINE, fill=res["amber"]["colour"], stroke="#7a4500", width=0.35),
        Line(0.3, 2.3, 5.7, 2.3, stroke="#7a4500", width=0.25),  # the facets of a cut gem
        Line(2.0, 2.3, 3.0, 0.3, stroke="#7a4500", width=0.25),
        Line(4.0, 2.3, 3.0, 0.3, stroke="#7a4500", width=0.25),
        Line(2.0, 2.3, 3.0, 5.7, stroke="#7a4500", width=0.25),
        Line(4.0, 2.3, 3.0, 5.7, stroke="#7a4500", width=0.25)]))
    fan: list[Item] = [Polygon(SHELL_OUTLINE, fill=res["shell"]["colour"], stroke="#a0506a", width=0.3)]
    fan += [Line(3, 5.4, x, 0.9, stroke="#a0506a", width=0.25) for x in (1.2, 2.3, 3.7, 4.8)]
    scene.add_symbol(Symbol("prw-shell", 6, 6, fan))
    speckles: list[Item] = [Circle(x, y, 0.35, fill="#e6e8ea", stroke=None)
                            for x, y in ((1.6, 2.8), (3.0, 2.2), (4.4, 3.0), (2.3, 4.1), (3.8, 4.3))]
    scene.add_symbol(Symbol("prw-pebble", 6, 6, [
        Polygon(PEBBLE_OUTLINE, fill=res["pebble"]["colour"], stroke="#2f3438", width=0.3), *speckles]))
    scene.add_symbol(Symbol("prw-waste", 8, 8, [
        Circle(4, 4, 3.6, fill="#f3e3dc", stroke=WASTE, width=0.5),
        Line(1.7, 1.7, 6.3, 6.3, stroke=WASTE, width=0.9), Line(6.3, 1.7, 1.7, 6.3, stroke=WASTE, width=0.9)]))


def _die_symbol(scene: Scene, face: int, s: float = 9.0) -> str:
    name = f"prw-die-{face}-{s:g}"
    if name in scene.symbols:
        return name
    pos = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
           5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
    items: list[Item] = [Rect(0.2, 0.2, s - 0.4, s - 0.4, fill=DIE, stroke=INK, width=0.4, radius=1.5)]
    for px, py in pos[face]:
        items.append(Circle(s * (0.25 + 0.25 * px), s * (0.25 + 0.25 * py), s * 0.09, fill=INK, stroke=None))
    return scene.add_symbol(Symbol(name, s, s, items))


def _shape_items(cells: Shape, x: float, y: float, c: float, fill: str = PICTURE) -> list[Item]:
    """A polyomino of squares of side `c` at (x, y), each square outlined."""
    return [Rect(x + cx * c, y + cy * c, c, c, fill=fill, stroke=INK, width=0.35) for cx, cy in sorted(cells)]


def _wide(cells: Shape) -> Shape:
    """The orientation of a shape that is at least as wide as tall (for the panels)."""
    w, h = size(cells)
    return cells if w >= h else normalise((y, x) for x, y in cells)


# --- the frame: everything but the board ------------------------------------------------------


def frame_symbol(scene: Scene, lang: str, hard: bool, with_bar: bool, bar_points: int,
                 width: int = 10, height: int = 10, game_title: bool = True) -> str:
    """Everything of a sheet but the board and its name. The column letters and row numbers follow
    the board's size (`width` x `height` squares, 7 to 10 each: board_file.size_range), the grid
    drawn from the top left of the 10 x 10 room; the panels keep their places. Without
    `game_title` the top line leaves out the game's name (a pad's own title goes there)."""
    size_tag = "" if (width, height) == (10, 10) else f"-{width}x{height}"
    name = (f"prw-frame-{lang}-{'hard' if hard else 'std'}-{'bar' + str(bar_points) if with_bar else 'nobar'}"
            f"{size_tag}{'' if game_title else '-untitled'}")
    if name in scene.symbols:
        return name
    t, cat, sc = texts(lang), catalog(), scoring()
    items: list[Item] = []
    # header and round track
    if game_title:
        items.append(Text(0, 7, t["title"], size=15, font="bold"))
    items.append(Text(SHEET_W, 7, t["player"] + " " + "_" * 16, size=10, anchor="end"))
    items.append(Text(0, 18.5, t["rounds"], size=10, font="bold"))
    bx = 26.0
    for i in range(cat.rounds):
        x = bx + i * 13.2
        items.append(Rect(x, 10, PENCIL, PENCIL, fill=WRITE, stroke=INK, width=0.4, radius=1))
        items.append(Text(x + 1.0, 13.4, str(i + 1), size=MIN_PT, fill="#888888"))
    if hard:
        items.append(Text(SHEET_W, 18.5, t["hard"], size=10, font="bold", anchor="end"))
    # column letters and row numbers around the grid
    for i in range(width):
        items.append(Text(GRID_X + (i + 0.5) * CELL, GRID_Y + height * CELL + 4.0, COLUMNS[i], size=MIN_PT,
                          font="bold", anchor="middle", fill="#555555"))
    for i in range(height):
        items.append(Text(GRID_X - 1.2, GRID_Y + (i + 0.5) * CELL + 1.2, str(i + 1), size=MIN_PT, font="bold",
                          anchor="end", fill="#555555"))
    items += _special_panel(t, cat)
    items += _legend(scene, t, cat)
    items += _score_boxes(t, sc, hard, with_bar, bar_points)
    items.append(Text(GRID_X, GRID_Y + height * CELL + 8.6, t["touch"], size=MIN_PT, font="condensed"))
    return scene.add_symbol(Symbol(name, SHEET_W, SHEET_H, items))


PANEL_BOTTOM = GRID_Y + 10 * CELL + 9.0  # the panel reaches below the grid (the column letters stop at it)


def _special_panel(t: dict[str, str], cat: Any) -> list[Item]:
    x0, y0, w = PANEL_X, GRID_Y, SHEET_W - PANEL_X
    items: list[Item] = [Rect(x0, y0 - 6, w, PANEL_BOTTOM - y0 + 6, stroke=INK, width=0.5, radius=2),
                         Text(x0 + w / 2, y0 - 1.2, t["special"], size=10, font="bold", anchor="middle")]
    c = 5.0
    y = y0 + 1.5
    for s in cat.screens:
        cells = _wide(s.cells)
        sw, sh = size(cells)
        items.append(Rect(x0 + 3, y, w - 6, 13.0, fill=WRITE, stroke="#999999", width=0.3, radius=1.2))
        items.append(Text(x0 + 6, y + 8.4, str(s.die), size=11, font="bold", fill="#999999"))
        items += _shape_items(cells, x0 + w / 2 - sw * c / 2 + 3, y + 6.5 - sh * c / 2, c)
        y += 14.0
    for _ in range(cat.odd_pairs):
        items.append(Rect(x0 + 3, y, w - 6, PENCIL, fill=WRITE, stroke="#999999", width=0.3, radius=1.2))
        items += _shape_items(frozenset({(0, 0)}), x0 + w / 2 - 7, y + (PENCIL - c) / 2, c)
        items += _shape_items(frozenset({(0, 0)}), x0 + w / 2 + 2, y + (PENCIL - c) / 2, c)
        y += PENCIL + 0.8
    note = t["special_note"].format(max_screens=cat.max_screens, pairs=cat.odd_pairs)
    items += text_block(x0 + 2.5, y + 3.4, w - 5, note, MIN_PT, font="condensed", leading=1.1)
    return items


LEGEND_Y = PANEL_BOTTOM + 1.5  # the shapes legend (die faces)
LEGEND_H = 21.0
SYMBOLS_Y = LEGEND_Y + LEGEND_H + 1.0  # the board's symbol legend
SCORE_Y = SYMBOLS_Y + 8.5  # the scoring frame


def _legend(scene: Scene, t: dict[str, str], cat: Any) -> list[Item]:
    y0 = LEGEND_Y
    shapes = [cat.by_die(f) for f in cat.die_faces] + [cat.odd]
    cw = SHEET_W / len(shapes)
    c = 4.0
    items: list[Item] = []
    for i, s in enumerate(shapes):
        x = i * cw
        items.append(Rect(x + 0.5, y0, cw - 1, LEGEND_H, stroke="#999999", width=0.3, radius=1.2))
        if s.die is not None:
            items.append(Use(_die_symbol(scene, s.die, 6.5), x + 1.8, y0 + 1.5))
        else:
            items.append(Text(x + 2.5, y0 + 6.5, "★", size=MIN_PT, fill="#777777"))
        cells = _wide(s.cells)
        sw, sh = size(cells)
        items += _shape_items(cells, x + (cw - sw * c) / 2 + 3.5, y0 + 5.5 - sh * c / 2, c)
        lines = text_block(x + cw / 2, y0 + 13.6, cw - 2.0, s.name[t["lang"]], MIN_PT, font="condensed",
                           leading=1.05, anchor="middle")
        if len(lines) > 2:
            raise ValueError(f"shape name {s.name[t['lang']]!r} needs {len(lines)} lines in the legend (at most 2)")
        items += lines
    return items


def _box(x: float, y: float, w: float = PENCIL, h: float = PENCIL) -> Rect:
    return Rect(x, y, w, h, fill=WRITE, stroke=INK, width=0.4, radius=0.8)


def _score_boxes(t: dict[str, str], sc: Any, hard: bool, with_bar: bool, bar_points: int) -> list[Item]:
    top = SCORE_Y
    items: list[Item] = [Rect(0, top, SHEET_W, SHEET_H - top, stroke=INK, width=0.5, radius=2),
                         Text(3, top + 5.0, t["scoring"], size=10, font="bold")]
    limit = resource_area_limit(hard, sc)
    items.append(Text(28, top + 5.0, t["resource_rule"].format(limit=limit), size=MIN_PT, font="condensed"))
    # resources: icon [n] = [pts]   ... sets x5 = [pts]   (the symbol legend names the icons)
    y = top + 6.5
    x = 3.0
    for k in KINDS:
        items.append(Use(f"prw-{k}", x, y + (PENCIL - 6) / 2))
        items.append(_box(x + 7.5, y))
        items.append(Text(x + 7.5 + PENCIL + 2.3, y + 7.6, "=", size=11, anchor="middle"))
        items.append(_box(x + 12.1 + PENCIL, y))
        x += 42.0
    sets = f"{t['sets']} ×{sc.set_bonus} ="
    items.append(Text(x, y + 7.6, sets, size=10))
    items.append(_box(x + fonts.text_width(sets, "regular", 10) + 2.0, y))
    table = " ".join(f"{n}:{p}" for n, p in enumerate(sc.resource_table, start=1))
    y += PENCIL + 4.0
    items.append(Text(3, y, f"{t['table']}: {table}", size=MIN_PT, font="condensed", fill="#333333"))
    # areas: size x [count] = [pts]
    y += 1.8
    items.append(Text(3, y + 7.6, t["areas"], size=10, font="bold"))
    x = 24.0
    for s in range(1, sc.area_max + 1):
        items.append(Text(x, y + 7.6, f"{s} ×", size=10))
        items.append(_box(x + 7.0, y))
        items.append(Text(x + 7.0 + PENCIL + 2.3, y + 7.6, "=", size=11, anchor="middle"))
        items.append(_box(x + 11.6 + PENCIL, y))
        x += 41.0
    y += PENCIL + 4.0
    items.append(Text(3, y, t["area_rule"].format(area_max=sc.area_max), size=MIN_PT, font="condensed"))
    # bar, unused, total
    y += 1.4
    x = 3.0
    if with_bar:
        items.append(Rect(x, y + 1.7, 9.0, 9.0, fill=BAR, stroke=INK, width=0.3))
        items.append(Text(x + 4.5, y + 7.5, f"+{bar_points}", size=MIN_PT, font="bold", anchor="middle"))
        label = f"{t['bar']} ×"
        items.append(Text(x + 10.5, y + 7.6, label, size=10))
        bx = x + 12.0 + fonts.text_width(label, "regular", 10)
        items.append(_box(bx, y))
        items.append(Text(bx + PENCIL + 2.3, y + 7.6, "=", size=11, anchor="middle"))
        items.append(_box(bx + PENCIL + 4.6, y))
        x = bx + 2 * PENCIL + 8.0
    items.append(Text(x, y + 5.0, t["unused"], size=MIN_PT))
    items.append(Text(x, y + 10.6, f"({t['unused_note']})", size=MIN_PT, font="condensed"))
    ux = x + max(fonts.text_width(t["unused"], "regular", MIN_PT),
                 fonts.text_width(f"({t['unused_note']})", "condensed", MIN_PT)) + 2.0
    items.append(_box(ux, y))
    items.append(Text(SHEET_W - 31, y + 8.0, t["total"], size=11, font="bold", anchor="end"))
    items.append(Rect(SHEET_W - 29, y, 26, PENCIL, fill=WRITE, stroke=INK, width=0.8, radius=1))
    return items


def symbol_legend(board: Board, lang: str) -> list[Item]:
    """One line naming every symbol printed on this board (only those it has): resources, waste,
    printed blankets, objects and bar squares, each drawn as on the grid."""
    t = texts(lang)
    res = scoring().resources
    entries: list[tuple[list[Item], str]] = []
    y = SYMBOLS_Y
    for ch, kind in (("a", "amber"), ("s", "shell"), ("p", "pebble")):
        if board.squares(ch):
            entries.append(([Use(f"prw-{kind}", 0, y + 0.8)], res[kind][lang]))
    if board.waste:
        entries.append(([Use("prw-waste", -1, y - 0.2)], t["waste"]))
    if board.squares("B"):
        entries.append((_blanket_sample(0, y + 0.8, 6.0), t["printed_blanket"]))
    if board.squares("#"):
        entries.append((_object_sample(0, y + 0.8, 6.0), t["bar_building"] if board.bar else t["pier"]))
    if board.bar:
        entries.append(([Rect(-0.5, y + 0.8, 7.0, 6.0, fill=BAR, stroke=INK, width=0.3),
                         Text(3.0, y + 5.2, f"+{board.bar_points}", size=MIN_PT, font="bold",
                              anchor="middle", fill="#8a6a00")], t["bar_square"]))
    items: list[Item] = []
    x = 3.0
    for icon, label in entries:
        items += [_shifted(it, x) for it in icon]
        items.append(Text(x + 7.5, y + 5.6, label, size=MIN_PT, font="condensed"))
        x += 7.5 + fonts.text_width(label, "condensed", MIN_PT) + 5.0
    return items


def _shifted(it: Item, dx: float) -> Item:
    """An item moved right by dx (legend entries are built at x = 0)."""
    from dataclasses import replace
    if isinstance(it, Use | Text):
        return replace(it, x=it.x + dx)
    if isinstance(it, Rect):
        return replace(it, x=it.x + dx)
    if isinstance(it, Line):
        return replace(it, x1=it.x1 + dx, x2=it.x2 + dx)
    return it


def _blanket_sample(x: float, y: float, c: float) -> list[Item]:
    return [Rect(x, y, c, c, fill=BLANKET, stroke="#2f6f9f", width=0.5),
            *[Line(x, y + d, x + c, y + d, stroke="#ffffff", width=0.6) for d in (c / 4, c / 2, 3 * c / 4)]]


def _object_sample(x: float, y: float, c: float) -> list[Item]:
    return [Rect(x, y, c, c, fill=OBJECT, stroke="#333333", width=0.5),
            *[Line(x + d, y, x, y + d, stroke="#6a6a6a", width=0.3) for d in (c / 3, 2 * c / 3, c)],
            *[Line(x + c, y + d, x + d, y + c, stroke="#6a6a6a", width=0.3) for d in (c / 3, 2 * c / 3)]]


# --- the board ----------------------------------------------------------------------------------


def board_items(board: Board, lang: str) -> list[Item]:
    """The beach grid with its squares, closing edges, objects, blankets and icons."""
    t = texts(lang)
    g = board.grid
    items: list[Item] = []
    W, H = g.width * CELL, g.height * CELL
    items.append(Rect(GRID_X, GRID_Y, W, H, fill=SAND, stroke=None))
    # north band
    if "north" in board.closed_edges:
        colour = SEA if board.north == "sea" else WOOD
        label = t["sea"] if board.north == "sea" else t["boardwalk"]
        items.append(Rect(GRID_X, GRID_Y - 7, W, 7, fill=colour, stroke=None))
        if board.north == "sea":
            pts = tuple((GRID_X + i * 2.0, GRID_Y - 1.6 - (0.8 if i % 2 else 0)) for i in range(int(W / 2) + 1))
            items.append(Polygon(pts, stroke="#3f7fb0", width=0.35, closed=False))
        else:
            items += [Line(GRID_X + i * 6, GRID_Y - 7, GRID_X + i * 6, GRID_Y, stroke="#8a6a3a", width=0.3)
                      for i in range(1, int(W / 6))]
        items.append(Text(GRID_X + W / 2, GRID_Y - 2.4, label, size=MIN_PT, font="condensed-bold",
                          anchor="middle", fill="#1d2d3d"))
    else:
        items.append(Text(GRID_X + W, GRID_Y - 1.8, t["edges_open"], size=MIN_PT, font="condensed", anchor="end",
                          fill="#555555"))
    for x, y in g.cells(board.squares("#B$")):
        c = board.char_at(x, y)
        px, py = GRID_X + x * CELL, GRID_Y + y * CELL
        if c == "#":
            items.append(Rect(px, py, CELL, CELL, fill=OBJECT, stroke=None))
            items += [Line(px + d, py, px, py + d, stroke="#6a6a6a", width=0.3) for d in (4, 8, 12)]
            items += [Line(px + CELL, py + d, px + d, py + CELL, stroke="#6a6a6a", width=0.3) for d in (4, 8)]
        elif c == "B":
            items.append(Rect(px, py, CELL, CELL, fill=BLANKET, stroke=None))
            items += [Line(px, py + d, px + CELL, py + d, stroke="#ffffff", width=0.9) for d in (3, 6, 9)]
        else:
            items.append(Rect(px, py, CELL, CELL, fill=BAR, stroke=None))
            items.append(Text(px + CELL - 0.8, py + 3.9, f"+{board.bar_points}", size=MIN_PT, font="bold",
                              anchor="end", fill="#8a6a00"))
    # grid lines
    for i in range(g.width + 1):
        items.append(Line(GRID_X + i * CELL, GRID_Y, GRID_X + i * CELL, GRID_Y + H, stroke=GRIDLINE, width=0.3))
    for j in range(g.height + 1):
        items.append(Line(GRID_X, GRID_Y + j * CELL, GRID_X + W, GRID_Y + j * CELL, stroke=GRIDLINE, width=0.3))
    # blanket and object outlines (one per connected piece)
    for chars, colour in (("B", "#2f6f9f"), ("#", "#333333")):
        for region in g.regions(board.squares(chars)):
            items += _outline(g, region, colour, 0.8)
    for region in g.regions(board.squares("#")):
        cx = [GRID_X + (x + 0.5) * CELL for x, _ in g.cells(region)]
        cy = [GRID_Y + (y + 0.5) * CELL for _, y in g.cells(region)]
        label = t["bar_building"] if board.bar else t["pier"]
        items.append(Text(sum(cx) / len(cx), sum(cy) / len(cy) + 1.2, label.upper(), size=MIN_PT, font="bold",
                          anchor="middle", fill="#ffffff"))
    # icons
    for x, y in g.cells(board.squares("aspx")):
        c = board.char_at(x, y)
        px, py = GRID_X + x * CELL, GRID_Y + y * CELL
        if c == "x":
            items.append(Use("prw-waste", px + 2, py + 2))
        else:
            kind = {"a": "amber", "s": "shell", "p": "pebble"}[c]
            items.append(Use(f"prw-{kind}", px + 3, py + 3))
    # border: thick; a closing edge gets a heavy coloured line
    items.append(Rect(GRID_X, GRID_Y, W, H, stroke=INK, width=0.9))
    if "north" in board.closed_edges:
        items.append(Line(GRID_X, GRID_Y, GRID_X + W, GRID_Y, stroke="#1f4f7f" if board.north == "sea"
                          else "#6a4a1a", width=2.2))
    return items


def _outline(g: Any, region: int, colour: str, width: float) -> list[Item]:
    out: list[Item] = []
    for x, y in g.cells(region):
        px, py = GRID_X + x * CELL, GRID_Y + y * CELL
        for (dx, dy), seg in (((0, -1), (px, py, px + CELL, py)), ((0, 1), (px, py + CELL, px + CELL, py + CELL)),
                              ((-1, 0), (px, py, px, py + CELL)), ((1, 0), (px + CELL, py, px + CELL, py + CELL))):
            nx, ny = x + dx, y + dy
            if not (g.inside(nx, ny) and region & g.bit(nx, ny)):
                out.append(Line(*seg, stroke=colour, width=width))
    return out


def body_symbol(scene: Scene, board: Board, lang: str, hard: bool, heading: str = "") -> str:
    """The whole sheet but its code and the player's name: shared by every sheet of a board. A
    pad's `heading` (--title) takes the game's name's place on the top line, in its font, the
    board name after it (plazing_rw.pad_text measured that it fits)."""
    name = f"prw-sheet-{board.id}-{lang}-{'hard' if hard else 'std'}"
    if heading:
        name += "-" + content_digest({"heading": heading})
    if name in scene.symbols:
        return name
    _icon_symbols(scene)
    frame = frame_symbol(scene, lang, hard, bool(board.bar), board.bar_points, board.grid.width, board.grid.height,
                         game_title=not heading)
    title = board.name.get(lang) or board.id
    top = heading or texts(lang)["title"]
    after_title = fonts.text_width(top + " ", "bold", 15)  # the title is 15 pt bold at x = 0
    items: list[Item] = [Use(frame, 0, 0), Text(after_title, 7, "· " + title, size=11, font="bold", fill="#444444")]
    if heading:
        items.append(Text(0, 7, heading, size=15, font="bold"))
    items += board_items(board, lang)
    items += symbol_legend(board, lang)
    return scene.add_symbol(Symbol(name, SHEET_W, SHEET_H, items))


# --- pages --------------------------------------------------------------------------------------


def name_symbol(scene: Scene, name: str, at: tuple[float, float]) -> str:
    """A player's name in the name box (10 pt bold at `at`, sheet design mm: plazing_rw.pad_text
    says where), a sheet-sized symbol placed like the sheet, once per name in the PDF."""
    sym = "prw-name-" + content_digest({"name": name, "at": list(at)})
    if sym not in scene.symbols:
        scene.add_symbol(Symbol(sym, SHEET_W, SHEET_H, [Text(at[0], at[1], name, size=10, font="bold")]))
    return sym


def pad_scene(sheets: list[SheetSetup], paper_name: str, lang: str, hard: bool, per_page: int = 1,
              title: str = "", rating: str = "", name_at: tuple[float, float] = (0.0, 0.0)) -> Scene:
    """All sheets of a pad on pages of `paper_name`, one per page or two A5 per landscape page.
    `rating` is a board file's difficulty line (rating.Rating.describe), printed in the small print
    where a random board's fairness figures go. A `title` (--title) is the PDF's title and every
    sheet's heading; a sheet's `name` is printed at `name_at` (plazing_rw.pad_text)."""
    paper = layout.get_paper(paper_name)
    t = texts(lang)
    scene = Scene(title=title or t["pdf_title"], subject=t["pdf_subject"])
    m = layout.MARGIN
    if per_page == 1:
        paper = paper.portrait()
        avail_w, avail_h = paper.w - 2 * m, paper.h - 2 * m - layout.FOOTER_H - 2
        scale = min(1.0, avail_w / SHEET_W, avail_h / SHEET_H)
        slots = [((paper.w - SHEET_W * scale) / 2, m)]
    else:
        paper = paper.landscape()
        half = paper.w / 2
        avail_w, avail_h = half - 2 * m, paper.h - 2 * m - layout.FOOTER_H - 6
        scale = min(avail_w / SHEET_W, avail_h / SHEET_H)
        # both halves at the same place relative to their own A5 (pads stack after the cut)
        off = (half - SHEET_W * scale) / 2
        slots = [(off, m), (half + off, m)]
    pages: list[Page] = []
    for i, sheet in enumerate(sheets):
        slot = i % per_page
        if slot == 0:
            page = Page(paper.w, paper.h, label=f"sheet {i + 1}")
            pages.append(page)
            if per_page == 2:
                page.items.append(Line(half, m, half, paper.h - m - layout.FOOTER_H, stroke="#bbbbbb", width=0.2,
                                       dash=(2, 2)))
        x, y = slots[slot]
        page.items.append(Use(body_symbol(scene, sheet.board, lang, hard, title), x, y, scale=scale))
        if sheet.name:
            page.items.append(Use(name_symbol(scene, sheet.name, name_at), x, y, scale=scale))
        page.items.append(Text(x + SHEET_W * scale, y + SHEET_H * scale + 3.2, f"{t['code']} {sheet.code}",
                               size=SMALL_PRINT_PT, font="condensed-bold", anchor="end", fill="#333333"))
        small = describe(sheet.balance, lang) if sheet.balance else rating
        if small:  # a random board's difficulty (estimate and interval against the target), a file's rating
            page.items.append(Text(x, y + SHEET_H * scale + 3.2, small, size=SMALL_PRINT_PT, font="condensed",
                                   fill="#555555"))
        layout.footer(page, sheets[i - slot].code, f"{t['title']} · {sheets[i - slot].board.name.get(lang, '')}",
                      lang=lang)
    layout.number_pages(pages, None, lang)  # each page keeps the code of its first sheet
    scene.pages = pages
    return scene


def cell_size_mm(per_page: int, paper_name: str) -> float:
    """The printed side of one beach square (for tests and the report)."""
    scene = pad_scene([_dummy_sheet()], paper_name, "en", False, per_page)
    use = next(it for it in scene.pages[0].items if isinstance(it, Use))
    return CELL * use.scale


def _dummy_sheet() -> SheetSetup:
    from .model import boards
    return SheetSetup("PR-000-0-0", 0, boards()["1"])
