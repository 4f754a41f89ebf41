"""Plażing setup -> scene pages: the printable board (poster + overview) and the event cards.

The board is one Symbol (the frame with the score track, the sea with the N ring, the beach
squares, tokens); every square kind is a small Symbol of its own, so the PDF holds each drawing
once however many squares use it. Resources differ by shape, not only colour (hexagon amber,
fan shell, round pebble), so the board reads in greyscale.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from generator.core.data import load_toml
from generator.games.plazing import pictures, scoring
from generator.games.plazing.model import (
    DATA,
    NO_WEATHER,
    EventCard,
    Setup,
    Tile,
    event_cards,
    rules,
    rules_card_extras,
)
from generator.games.plazing.pictures import weather_die
from generator.games.plazing.rules import column_name
from generator.render import layout
from generator.render.fonts import text_width
from generator.render.legible import MIN_TEXT_PT
from generator.render.scene import Circle, Item, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use
from generator.render.text import line_height, render_template, text_block, wrap

SQ = 15.0  # mm per beach square: a 4x4 tile is 60 mm, a screen 45 mm long
TRACK = 16.0  # score track cells along the frame
BAND = 12.0  # promenade band between the track and the beach (coordinates, W/E/S rings)
SEA = 28.0  # the sea strip north of the beach

SAND, SAND_LINE, SEA_BLUE, SEA_DEEP = "#f3e2b3", "#cdb57e", "#9fd3e6", "#5aa6c8"
INK, FRAME, FACEDOWN = "#2b2b2b", "#e9d8a6", "#b9b9b9"
RES_FILL = {"amber": "#f0a020", "shell": "#f4a7b9", "pebble": "#9a9a9a"}
OBJECT_FILL = {"bar": "#8d6e63", "ice_cream": "#c17fb3", "breakwater": "#6d7b86", "boat": "#7a5c3e",
               "jellyfish": "#7e6fb7", "trash_bin": "#5f6b5f", "sandcastle": "#b08a52", "wc": "#6a8caf",
               "deckchairs": "#9c5b4f"}

@cache
def texts() -> dict[str, Any]:
    """data/texts.toml: every printed word of the board, setup page, event cards and rules card."""
    return load_toml(DATA / "texts.toml")


def word(key: str, lang: str, **fmt: object) -> str:
    return str(texts()["words"][key][lang]).format(**fmt)


def weather_text(weather: str, lang: str) -> str:
    return str(texts()["weather"][weather][lang])


def board_size(setup: Setup) -> tuple[float, float]:
    cols = rules().frame_columns
    return (cols * rules().tile_size * SQ + 2 * (TRACK + BAND),
            rules().rows * rules().tile_size * SQ + 2 * TRACK + SEA + BAND)


# --- square kinds as symbols ------------------------------------------------------------------

def _hexagon(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    return tuple((cx + r * math.cos(math.radians(60 * i + 30)), cy + r * math.sin(math.radians(60 * i + 30)))
                 for i in range(6))


def _square_symbols(scene: Scene) -> None:
    base: list[Item] = [Rect(0, 0, SQ, SQ, fill=SAND, stroke=SAND_LINE, width=0.2)]
    c = SQ / 2
    scene.add_symbol(Symbol("pz-sand", SQ, SQ, list(base)))
    scene.add_symbol(Symbol("pz-sticks", SQ, SQ, base + [
        Line(3.5, 3.5, SQ - 3.5, SQ - 3.5, stroke="#7b5a2e", width=1.1),
        Line(SQ - 3.5, 3.5, 3.5, SQ - 3.5, stroke="#7b5a2e", width=1.1)]))
    scene.add_symbol(Symbol("pz-amber", SQ, SQ, base + [
        Polygon(_hexagon(c, c, 4.6), fill=RES_FILL["amber"], stroke="#8a5200", width=0.5),
        Circle(c - 1.3, c - 1.3, 0.9, fill="#ffe2a0", stroke=None)]))
    fan = [(c, c + 3.8)] + [(c + 5.0 * math.cos(math.radians(a)), c + 3.8 - 6.5 * math.sin(math.radians(a)))
                            for a in range(15, 170, 15)]
    scene.add_symbol(Symbol("pz-shell", SQ, SQ, base + [
        Polygon(tuple(fan), fill=RES_FILL["shell"], stroke="#9c3d58", width=0.5)]
        + [Line(c, c + 3.8, x, y, stroke="#9c3d58", width=0.3) for x, y in fan[2:-1:2]]))
    scene.add_symbol(Symbol("pz-pebble", SQ, SQ, base + [
        Circle(c, c, 4.2, fill=RES_FILL["pebble"], stroke="#4a4a4a", width=0.5),
        Circle(c + 1.4, c + 1.2, 1.2, fill="#bdbdbd", stroke=None)]))
    for name, label, colour in (("pz-plus", "+1", "#2e7d32"), ("pz-minus", "−1", "#c62828")):
        scene.add_symbol(Symbol(name, SQ, SQ, base + [
            Circle(c, c, 5.2, fill="#ffffff", stroke=colour, width=0.7),
            Text(c, c + 1.6, label, size=10, font="bold", fill=colour, anchor="middle")]))
    scene.add_symbol(Symbol("pz-surprise", SQ, SQ, [
        Circle(c, c, 5.6, fill="#6a4c93", stroke="#2d1b4e", width=0.5),
        Text(c, c + 2.3, "?", size=14, font="bold", fill="#ffffff", anchor="middle")]))
    scene.add_symbol(Symbol("pz-facedown", 4 * SQ, 4 * SQ, [
        Rect(0, 0, 4 * SQ, 4 * SQ, fill=FACEDOWN, stroke="#8a8a8a", width=0.4)] + _hatching(4 * SQ)))


def _hatching(size: float, step: float = 6.0) -> list[Item]:
    out: list[Item] = []
    k = step
    while k < 2 * size:
        x1, y1 = (k, 0.0) if k <= size else (size, k - size)
        x2, y2 = (0.0, k) if k <= size else (k - size, size)
        out.append(Line(x1, y1, x2, y2, stroke="#a5a5a5", width=0.3))
        k += step
    return out


SQUARE_SYMBOL = {".": "pz-sand", "x": "pz-sticks", "A": "pz-amber", "S": "pz-shell", "P": "pz-pebble",
                 "+": "pz-plus", "-": "pz-minus"}


def _waste_items(x: float, y: float, colour: str, player: int) -> list[Item]:
    """A little bin (waste token) in the colour of the player who placed it, with their seat number."""
    return [Rect(x + 3.5, y + 4.8, 8, 8, fill="#e0e0e0", stroke=colour, width=0.9, radius=0.8),
            Rect(x + 2.6, y + 3.0, 9.8, 1.8, fill=colour, stroke=None),
            Text(x + 7.5, y + 11.2, str(player + 1), size=8, font="bold", fill=INK, anchor="middle")]


# --- the board --------------------------------------------------------------------------------

def _track_cells(w: float, h: float) -> list[tuple[float, float]]:
    """Top-left corners of the score track cells, clockwise from the bottom-right corner."""
    nx, ny = int(w // TRACK), int(h // TRACK)
    sx, sy = w / nx, h / ny
    cells = [(w - sx * (i + 1), h - sy) for i in range(nx)]  # bottom, east to west
    cells += [(0.0, h - sy * (i + 1)) for i in range(1, ny)]  # west, south to north
    cells += [(sx * i, 0.0) for i in range(1, nx)]  # top, west to east
    cells += [(w - sx, sy * i) for i in range(1, ny - 1)]  # east, north to south
    return cells


def _ring(cx: float, cy: float, r: float, letter: str) -> list[Item]:
    return [Circle(cx, cy, r, fill="#ffffff", stroke="#d32f2f", width=r * 0.45),
            Text(cx, cy + 1.3, letter, size=8, font="bold", fill=INK, anchor="middle")]


RING_R = 4.6


def ring_centres(setup: Setup) -> dict[str, tuple[float, float]]:
    """The four life rings of the frame (N in the sea, W/E/S in the band round the beach)."""
    rl = rules()
    w, h = board_size(setup)
    by = TRACK + SEA
    beach_h = rl.rows * rl.tile_size * SQ
    return {"N": (w / 2, TRACK + SEA / 2), "S": (w / 2, h - TRACK - BAND / 2),
            "W": (TRACK + BAND / 2, by + beach_h / 2), "E": (w - TRACK - BAND / 2, by + beach_h / 2)}


def active_ring(weather: str) -> str:
    """The ring the die lies on: the wind's direction, N for sun and rain, none without weather."""
    if weather == NO_WEATHER:
        return ""
    return weather[-1] if weather.startswith("wind") else "N"


def board_symbol(scene: Scene, setup: Setup, code: str, lang: str) -> str:
    """The whole board as one symbol; returns its name."""
    _square_symbols(scene)
    rl = rules()
    ts = rl.tile_size
    w, h = board_size(setup)
    bx, by = TRACK + BAND, TRACK + SEA  # the beach's top-left corner
    beach_w, beach_h = rl.frame_columns * ts * SQ, rl.rows * ts * SQ
    items: list[Item] = [Rect(0, 0, w, h, fill=FRAME, stroke=INK, width=0.6)]
    # score track
    colours = rl.colours["fill"]
    cw = w / int(w // TRACK)
    chh = h / int(h // TRACK)
    for i, (x, y) in enumerate(_track_cells(w, h)):
        items.append(Rect(x, y, cw, chh, fill="#fff8e1" if i % 5 else "#ffe082", stroke="#b08d57", width=0.3))
        # cell 0 is the start (rulebook: "miejsca na znaczniki graczy ... pole startowe"): its label
        # goes inside it, above the number, never in the neighbouring cell
        dy = 3.2 if i == 0 else 1.4
        items.append(Text(x + cw / 2, y + chh / 2 + dy, str(i), size=7 if i % 5 else 8,
                          font="bold" if i % 5 == 0 else "regular", fill=INK, anchor="middle"))
        if i == 0:
            items.append(Text(x + cw / 2, y + 4.6, word("start", lang), size=6, font="bold", fill="#c62828",
                              anchor="middle"))
    # sea strip with waves and the N ring
    items.append(Rect(TRACK, TRACK, w - 2 * TRACK, SEA, fill=SEA_BLUE, stroke=None))
    for k in range(3):
        y = TRACK + 9 + k * 6
        pts = tuple((TRACK + 4 + j * 4.0, y + (1.2 if j % 2 else -1.2)) for j in range(int((w - 2 * TRACK - 8) / 4)))
        items.append(Polygon(pts, stroke=SEA_DEEP, width=0.5, closed=False))
    rings = ring_centres(setup)
    for letter, (cx, cy) in rings.items():
        items.extend(_ring(cx, cy, RING_R, letter))
    active = active_ring(setup.weather)
    if active:
        items.extend(weather_die(*rings[active], setup.weather))
    items.append(Text(TRACK + 3, TRACK + 4.5, f"{word('title', lang)} · {code}", size=7,
                      font="condensed-bold", fill="#0d3b66"))
    # beach squares, tile by tile
    items += square_items(setup.squares(), bx, by)
    by_id = setup.catalog
    for p in setup.tiles:
        tile = by_id.get(p.tile)
        if tile is None:
            continue
        items += tile_items(tile, p.rotation, p.tile, bx + p.col * ts * SQ, by + p.row * ts * SQ, lang)
    for col in range(setup.columns, rl.frame_columns):
        for tile_row in range(rl.rows):
            items.append(Use("pz-facedown", bx + col * ts * SQ, by + tile_row * ts * SQ))
        items.append(Text(bx + (col + 0.5) * ts * SQ, by + beach_h / 2, word("facedown", lang), size=8,
                          fill="#555555", anchor="middle", rotate=90))
    # tile borders and the beach outline
    for col in range(rl.frame_columns + 1):
        items.append(Line(bx + col * ts * SQ, by, bx + col * ts * SQ, by + beach_h, stroke="#7a6234", width=0.6))
    for tile_row in range(rl.rows + 1):
        y = by + tile_row * ts * SQ
        items.append(Line(bx, y, bx + beach_w, y, stroke="#7a6234", width=0.6))
    # coordinates: columns A.. along the water line, rows 1.. along the west band
    for x in range(setup.columns * ts):  # the names check's messages give squares (rules.square_name)
        items.append(Text(bx + (x + 0.5) * SQ, by - 1.6, column_name(x), size=6, font="bold", fill="#0d3b66",
                          anchor="middle"))
    for y in range(rl.rows * ts):
        items.append(Text(bx - 2.5, by + (y + 0.5) * SQ + 1.0, str(y + 1), size=6, fill="#7a6234", anchor="end"))
    # tokens laid at setup
    for x, y, _token in setup.surprises:
        items.append(Use("pz-surprise", bx + x * SQ, by + y * SQ))
    for x, y, player in setup.waste:
        items.extend(_waste_items(bx + x * SQ, by + y * SQ, colours[player % len(colours)], player))
    scene.add_symbol(Symbol("pz-board", w, h, items))
    return "pz-board"


def square_items(rows: Sequence[str], x0: float, y0: float) -> list[Item]:
    """The squares of `rows` (a whole beach, or one tile's art) as their symbols, the first row's
    first square at (x0, y0); object squares are drawn by `tile_items`."""
    return [Use(SQUARE_SYMBOL[ch], x0 + x * SQ, y0 + y * SQ)
            for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in SQUARE_SYMBOL]


def tile_items(tile: Tile, rotation: int, tile_id: str, tx: float, ty: float, lang: str) -> list[Item]:
    """What one tile lays over its squares, its top-left corner at (tx, ty): its object's squares,
    the object's name in `lang` on them, and a basic tile's catalog id. The board draws every tile
    so, and `catalog --preview` one tile alone (`tile_symbol`)."""
    ts = rules().tile_size
    art = tile.rotated(rotation)
    items: list[Item] = []
    cells = [(dx, dy) for dy in range(ts) for dx in range(ts) if art[dy][dx] == "#"]
    fill = OBJECT_FILL.get(tile.object, "#6d6d6d")
    for dx, dy in cells:
        items.append(Rect(tx + dx * SQ, ty + dy * SQ, SQ, SQ, fill=fill, stroke=fill, width=0.2))
    if cells:
        # the label sits on the widest run of object squares in one row, never over a neighbour square
        runs = [(dy, dx0, dx1) for dy in range(ts) for dx0 in range(ts) for dx1 in range(dx0, ts)
                if all((x, dy) in cells for x in range(dx0, dx1 + 1))]
        dy, dx0, dx1 = max(runs, key=lambda run: (run[2] - run[1], -run[0]))
        items.extend(_object_label(tile.title(lang).upper(), tx + (dx0 + dx1 + 1) * SQ / 2,
                                   ty + dy * SQ + 5.5, (dx1 - dx0 + 1) * SQ - 1.5))
    if not tile.special:  # basic tiles show their catalog id (B01…); a special tile shows its name above
        items.append(Text(tx + 1.2, ty + ts * SQ - 1.2, tile_id, size=6, font="condensed", fill="#8c7a52"))
    return items


def tile_symbol(scene: Scene, tile: Tile, lang: str) -> str:
    """One tile alone, unturned, as the board prints it (its squares and `tile_items`); returns the
    symbol's name."""
    if "pz-sand" not in scene.symbols:
        _square_symbols(scene)
    side = rules().tile_size * SQ
    name = f"pz-tile-{tile.id}"
    items = [*square_items(tile.art, 0, 0), *tile_items(tile, 0, tile.id, 0, 0, lang)]
    return scene.add_symbol(Symbol(name, side, side, items))


def _object_label(label: str, cx: float, y: float, width: float) -> list[Item]:
    """The object's name over its squares: shrunk, then wrapped, to stay inside them."""
    for size in (6.5, MIN_TEXT_PT):
        if text_width(label, "condensed-bold", size) <= width:
            return [Text(cx, y, label, size=size, font="condensed-bold", fill="#ffffff", anchor="middle")]
    lines = wrap(label, width, MIN_TEXT_PT, "condensed-bold")  # never below the type floor: wrapped instead
    return [Text(cx, y + i * 2.5, line, size=MIN_TEXT_PT, font="condensed-bold", fill="#ffffff", anchor="middle")
            for i, line in enumerate(lines[:3])]


#: the legend key of each square character (the rest: plain sand)
_LEGEND_KEY = {"x": "sticks", "A": "amber", "S": "shell", "P": "pebble", "+": "plus", "-": "minus", "#": "object"}


def legend_keys(setup: Setup) -> set[str]:
    """The legend entries a board shows: the square kinds on its tiles, and surprises and waste
    when they are placed (a legend line for something the board does not have is a question)."""
    keys = {_LEGEND_KEY[ch] for row in setup.squares() for ch in row if ch in _LEGEND_KEY}
    if setup.surprises:
        keys.add("surprise")
    if setup.waste:
        keys.add("waste")
    return keys


def _legend_items(x: float, y: float, lang: str, columns: int = 1, col_w: float = 60.0,
                  keys: set[str] | None = None) -> tuple[list[Item], float]:
    """The legend of square kinds and tokens (all of them, or those in `keys`), in `columns`
    columns; returns the items and the y below."""
    items: list[Item] = [Text(x, y, word("legend", lang), size=9, font="bold")]
    y += 3
    s = 0.6  # the "+1" of a token square (10 pt) prints at the 6 pt floor
    step = SQ * s + 1.5
    legend = [e for e in texts()["legend"] if keys is None or e["key"] in keys]
    rows = -(-len(legend) // columns)
    for i, (key, label) in enumerate((e["key"], e) for e in legend):
        cx, cy = x + (i // rows) * col_w, y + (i % rows) * step
        if key == "object":
            items.append(Rect(cx, cy, SQ * s, SQ * s, fill="#6d6d6d", stroke=None))
        elif key == "waste":
            items.append(Rect(cx + 1.6, cy + 2.2, 5, 5, fill="#e0e0e0", stroke="#d7263d", width=0.6))
        else:
            items.append(Use(f"pz-{key}", cx, cy, scale=s))
        items.append(Text(cx + SQ * s + 2, cy + SQ * s / 2 + 1.2, label[lang], size=7.5))
    return items, y + rows * step


def summary_lines(setup: Setup, lang: str) -> list[str]:
    o = setup.options
    names = rules().colours[f"names_{lang}"]
    tiles = ", ".join(setup.catalog[p.tile].title(lang) for p in setup.tiles
                      if p.tile in setup.catalog and setup.catalog[p.tile].special) or "—"
    lines = [f"{o.players} {word('players', lang)}" + (word("two_colours", lang) if o.two_colours else ""),
             f"{word('weather', lang)}: {weather_text(setup.weather, lang)}",
             f"{word('first', lang)}: {setup.first_player + 1} ({names[setup.first_player]})",
             f"{word('special_tiles', lang)}: {tiles}"]
    if setup.options.surprises:
        lines.append(f"{word('surprises', lang)}: {len(setup.surprises)}")
    if setup.options.clean_beach:
        lines.append(f"{word('waste', lang)}: {len(setup.waste)}")
    if setup.event_deck:
        lines.append(f"{word('event_deck', lang)}: {len(setup.event_deck)}")
    return lines


def board_scene(setup: Setup, code: str, paper: layout.Paper, lang: str, bleed: float = 0.0,
                backs: str = "duplex", setup_card: bool = True) -> Scene:
    """board.pdf: true-scale poster sheets, then the fitted overview with legend and summary. The
    summary counts the sheets of the whole kit (board.pdf, rules.pdf, events.pdf printed with this
    `bleed` and `backs`, setup-card.pdf unless `setup_card` is False) from their own pages."""
    scene = Scene(title=f"{word('title', lang)} — {code}", subject=word("board_subject", lang))
    name = board_symbol(scene, setup, code, lang)
    pages = layout.poster(scene, name, paper, code, word("title", lang), lang=lang)
    over = layout.overview(scene, name, paper, code, word("title", lang), lang=lang)
    pages.append(over)
    kit = [("board.pdf", pages + [Page(paper.w, paper.h, label="setup summary")]),
           ("rules.pdf", rules_card_scene(setup, code, paper, lang).pages)]
    if setup.event_deck:
        kit.append(("events.pdf", events_scene(setup, code, paper, lang, bleed, backs).pages))
    if setup_card:
        card = [Page(paper.w, paper.h, label="cards 1 fronts")]
        kit.append(("setup-card.pdf", card + ([Page(paper.w, paper.h, label="cards 1 backs")]
                                             if backs == "duplex" else [])))
    pages.append(_info_page(setup, code, paper, lang, layout.kit_sheets_text(kit, paper, lang)))
    layout.number_pages(pages, code, lang)
    scene.pages.extend(pages)
    return scene


def _info_page(setup: Setup, code: str, paper: layout.Paper, lang: str, kit_line: str = "") -> Page:
    page = Page(paper.w, paper.h, label="setup summary")
    m = layout.MARGIN + 4
    page.items.append(Text(m, m + 8, word("title", lang), size=18, font="bold"))
    page.items.append(Text(m, m + 16, word("setup_code", lang, code=code), size=11,
                           font="condensed-bold", fill="#0d3b66"))
    y = m + 28
    for line in summary_lines(setup, lang):
        page.items.extend(text_block(m, y, paper.w - 2 * m, line, 10.5))
        y += 6.5
    legend, y = _legend_items(m, y + 8, lang, keys=legend_keys(setup))
    page.items.extend(legend)
    y += 8
    page.items.append(Text(m, y, texts()["printing"]["title"][lang], size=9, font="bold"))
    y += 5
    printing = texts()["printing"]
    kit = [f"• {kit_line}"] if kit_line else []
    for line in kit + printing[lang] + ([printing["events"][lang]] if setup.event_deck else []):
        block = text_block(m, y, paper.w - 2 * m, line, 8.5)
        page.items.extend(block)
        y += 4.6 * len(block) + 1.2
    regen = word("regenerate", lang, code=code)
    page.items.append(Text(m, paper.h - layout.MARGIN - 10, regen, size=8, font="condensed", fill="#444444"))
    return page


# --- event cards ------------------------------------------------------------------------------

CARD_W, CARD_H = 63.0, 88.0


def _origin_mark(x: float, y: float) -> list[Item]:
    """The mark of a card we wrote: a small four-point star and "boardgen", right-aligned at (x, y)
    (the baseline), white on the card's header band."""
    label = "boardgen"
    tw = text_width(label, "condensed-bold", 6.5)
    cx, cy, r = x - tw - 2.2, y - 0.85, 1.35
    star = tuple((cx + (r if k % 2 == 0 else r * 0.38) * math.cos(math.radians(45 * k - 90)),
                  cy + (r if k % 2 == 0 else r * 0.38) * math.sin(math.radians(45 * k - 90))) for k in range(8))
    return [Polygon(star, fill="#ffffff", stroke=None),
            Text(x, y, label, size=6.5, font="condensed-bold", fill="#ffffff", anchor="end")]


def _card_front(card: EventCard, position: int, lang: str, bleed: float) -> Symbol:
    cw, ch = layout.card_size_with_bleed(CARD_W, CARD_H, bleed)
    b = bleed
    special = card.kind == "special"
    head = CARD_COLOUR[card.kind]
    items: list[Item] = [Rect(0, 0, cw, ch, fill="#fffdf7", stroke=None),
                         Rect(0, 0, cw, b + 18, fill=head, stroke=None)]
    items.append(Text(b + 4, b + 6.5, word("special" if special else "event", lang).upper(), size=6.5,
                      font="condensed-bold", fill="#ffffff"))
    if card.ours:  # ours, not the publisher's (`origin` in data/events.toml): said on the face
        items += _origin_mark(b + CARD_W - 4, b + 6.5)
    for i, line in enumerate(_wrap_title(card.title[lang])):
        items.append(Text(b + 4, b + 12.5 + i * 5, line, size=10, font="bold", fill="#ffffff"))
    block = text_block(b + 4, b + 27, CARD_W - 8, card.text[lang], 8.6, leading=1.3)
    items.extend(block)
    # the effect's picture fills the space between the text and the footer
    top = (block[-1].y if block else b + 27) + 4
    bottom = b + CARD_H - 14
    if bottom - top > 12:
        box_h = min(bottom - top, 32.0)
        items.extend(pictures.effect_icon(card.effect, b + 4, top + (bottom - top - box_h) / 2, CARD_W - 8, box_h))
    items.append(Line(b + 4, b + CARD_H - 11, b + CARD_W - 4, b + CARD_H - 11, stroke="#cccccc", width=0.3))
    items.append(Text(b + 4, b + CARD_H - 6, f"Plażing · {card.id}", size=6, font="condensed", fill="#777777"))
    items.append(Text(b + CARD_W - 4, b + CARD_H - 6, f"{word('deck_pos', lang)} {position}", size=6,
                      font="condensed", fill="#777777", anchor="end"))
    # no frame line near the cut: a cut off by a millimetre would show it (3 mm safe margin)
    return Symbol(f"pz-card-{card.id}", cw, ch, items)


def _wrap_title(title: str) -> list[str]:
    return wrap(title, CARD_W - 8, 10, "bold")[:2]


CARD_COLOUR = {"event": "#f06292", "special": "#00695c"}  # pink and turquoise backs, as in the box


def _card_back(kind: str, lang: str, bleed: float) -> Symbol:
    """Card backs that differ by pattern and brightness, not only hue (greyscale prints): event
    backs carry rings on light pink, special backs stripes and a star on a dark turquoise."""
    cw, ch = layout.card_size_with_bleed(CARD_W, CARD_H, bleed)
    colour = CARD_COLOUR[kind]
    items: list[Item] = [Rect(0, 0, cw, ch, fill=colour, stroke=None)]
    if kind == "special":
        items += layout.diagonal_stripes(cw, ch, 6.0, "#26a69a", 1.2)  # the whole back, bleed included
        star = tuple((cw / 2 + r * math.sin(math.radians(36 * i)), ch / 2 + 1 - r * math.cos(math.radians(36 * i)))
                     for i, r in enumerate([27.0, 13.5] * 5))
        items.append(Polygon(star, fill=colour, stroke="#ffffff", width=1.0))
    else:
        items.extend(Circle(cw / 2, ch / 2, r, stroke="#ffffff", width=0.5) for r in (12, 18, 24))
    items.append(Text(cw / 2, ch / 2 + 2.5, "Plażing", size=14, font="bold", fill="#ffffff", anchor="middle"))
    items.append(Text(cw / 2, ch / 2 + 32, word("special" if kind == "special" else "event", lang),
                      size=9, font="bold", fill="#ffffff", anchor="middle"))
    return Symbol(f"pz-back-{kind}", cw, ch, items)


def events_scene(setup: Setup, code: str, paper: layout.Paper, lang: str, bleed: float = 0.0,
                 backs: str = "duplex", extra: Sequence[Callable[[Scene], tuple[str, str]]] = ()) -> Scene:
    """events.pdf: the event deck in its shuffled order (top card first), 3x3 with crop marks and
    backs (pink events, turquoise special cards, as in the box): `backs` = duplex (long-edge mirrored
    backs sheets), fold (each front beside its back, for gutter folding) or none (fronts only).
    `extra`: functions that add one more card to the scene and return its (front, back) — the setup
    card (`rulecards.setup_card_symbols`) — placed after the deck, in the last sheet's free slots
    (10 base events leave 8 free) instead of a sheet of its own."""
    title = word("event_cards", lang)
    scene = Scene(title=f"Plażing — {title} — {code}", subject=f"boardgen: Plażing — {title}")
    _square_symbols(scene)  # the cards' pictures use the board's resource drawings
    by_id = {c.id: c for c in event_cards()}
    layout.check_backs(backs)
    fronts, back_names = [], []
    for kind in ("event", "special"):
        scene.add_symbol(_card_back(kind, lang, bleed))
    for pos, cid in enumerate(setup.event_deck, start=1):
        card = by_id[cid]
        fronts.append(scene.add_symbol(_card_front(card, pos, lang, bleed)))
        back_names.append(f"pz-back-{card.kind}")
    decks = ["events"] * len(fronts)
    for add in extra:
        front, back = add(scene)
        fronts.append(front)
        back_names.append(back)
        decks.append("setup-card")
    # Letter is 6 mm narrower than A4: a 5.5 mm margin (fine on home printers) keeps 3x3 cards per sheet
    margin = 5.5 if paper.name == "letter" else layout.MARGIN
    pages = layout.impose_cards(scene, fronts, back_names, CARD_W, CARD_H, paper, code, bleed=bleed, margin=margin,
                                lang=lang, sides=backs, decks=decks)
    scene.pages.extend(pages)
    return scene


# --- the rules card ---------------------------------------------------------------------------

def rules_card_text(setup: Setup, lang: str) -> str:
    """The rules card for this setup, from templates/plazing/rules.<lang>.txt.

    Every number comes from data/rules.toml through the functions the engine scores with
    (`scoring.resource_points`, `scoring.place_points`, `scoring.split_ranks`), so the card
    cannot disagree with the game it describes. The children's game's rank options and the names of
    the publisher's event cards come from `model.rules_card_extras`.
    """
    rl = rules()
    sc = rl.scoring
    o = setup.options
    colours = o.colours
    names = rl.colours[f"names_{lang}"]
    table = " · ".join(f"{n}→{scoring.resource_points(n)}" for n in range(1, 15))
    most = scoring.place_points(sc["most_areas"], o.players)  # two colours: a two-person game, 12/6/0
    largest = scoring.place_points(sc["largest_area"], o.players)
    tie = scoring.split_ranks([5.0] * min(3, colours) + [1.0] * (colours - min(3, colours)), most)
    sep = " / "
    tie_example = word("tie_example", lang, n=min(3, colours), points=tie[0])
    return render_template(
        f"plazing/rules.{lang}.txt",
        players=o.players, two_colours=o.two_colours, screens=rl.piece_count("screen"),
        blankets=rl.piece_count("blanket"), odds=rl.piece_count("odd"), odd_reach=rl.odd_reach,
        first_player=f"{setup.first_player + 1} ({names[setup.first_player % len(names)]})",
        weather=weather_text(setup.weather, lang), no_weather=setup.weather == NO_WEATHER,
        clean_beach=o.clean_beach, surprises=o.surprises,
        events=o.events, close_area=sc["close_area"], wind=sc["wind_per_screen"], sun=sc["sun_per_blanket"],
        rain=str(sc["rain_per_odd"]).replace("-", "−"), resource_table=table, set_bonus=sc["set_bonus"],
        most_areas=sep.join(str(p) for p in most if p), largest_area=sep.join(str(p) for p in largest if p),
        tie_example=tie_example, waste_each=sc["waste_each"], waste_bonus=sc["waste_most_bonus"],
        **rules_card_extras(o, lang),
    )


def rules_card_scene(setup: Setup, code: str, paper: layout.Paper, lang: str) -> Scene:
    """rules.pdf: one page per language given, the card laid out from the template's plain text
    ("## " starts a heading, "- " a bullet)."""
    scene = Scene(title=f"Plażing — {word('rules_card', lang)} — {code}", subject=word("rules_card_subject", lang))
    _square_symbols(scene)  # the legend shows the board's own square drawings
    page = Page(paper.w, paper.h, label="rules card")
    m = layout.MARGIN + 6
    width = paper.w - 2 * m
    y = m + 4
    for raw in rules_card_text(setup, lang).splitlines():
        line = raw.rstrip()
        if not line:
            y += 1.5
        elif line.startswith("## "):
            y += 3
            size = 15.0 if y < m + 10 else 11.0
            block = text_block(m, y, width, line[3:], size, "bold", fill="#0d3b66")
            page.items.extend(block)
            y += line_height(size) * len(block) + 1.0
        elif line.startswith("- "):
            block = text_block(m + 4, y, width - 4, line[2:], 9.5)
            page.items.append(Circle(m + 1.2, y - 1.2, 0.8, fill="#ec407a", stroke=None))
            page.items.extend(block)
            y += line_height(9.5) * len(block) + 0.8
        else:
            block = text_block(m, y, width, line, 9.5)
            page.items.extend(block)
            y += line_height(9.5) * len(block) + 0.8
    if y > paper.h - layout.MARGIN - 45:
        raise ValueError("the rules card does not fit on one page")  # a template edit went too far
    legend, _ = _legend_items(m, y + 6, lang, columns=3, col_w=width / 3, keys=legend_keys(setup))
    page.items.extend(legend)
    layout.number_pages([page], code, lang)
    scene.pages.append(page)
    return scene
