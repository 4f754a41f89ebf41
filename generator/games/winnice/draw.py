"""Winnice setup -> scene pages: vineyard boards, the action board, every card, cut-out sheets and the
one-page setup summary.

Drawing reuses render.layout for everything about paper: poster tiling (the action board is bigger
than A4), the fitted overview, calibration squares, card imposition 3x3 with crop marks, bleed and
long-edge-mirrored backs, footers with the setup code. Repeated artwork is a Symbol (one Form
XObject): a seedling square per colour, a card face per card kind, a back per deck; a card in the
deck is a tiny symbol that places its face and prints its deck position.

Greyscale: colour is always doubled by a pattern — yellow dots, green diagonal stripes, red
cross-hatching (seedlings, cards, tokens); players' workers carry their seat number and a pattern of
their own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from generator.core import shapes as sh
from generator.core.data import load_toml
from generator.core.grid import get_grid
from generator.games.winnice.model import ACTION_CARDS, COLOURS, DATA, DECKS, Catalog, Setup, parse_card
from generator.games.winnice.rules import card_totals
from generator.render import layout
from generator.render.fonts import text_width
from generator.render.legible import MIN_TEXT_PT
from generator.render.scene import Circle, Item, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use
from generator.render.text import CountFormatter, line_height, render_template, text_block, wrap

CARD_W, CARD_H = 63.0, 88.0
FILL = ("#f2c94c", "#7cc05a", "#c2334a")
DARK = ("#9a7a12", "#2f6e1d", "#6e1020")
INK = "#2b2b2b"
EARTH, SQUARE, SQUARE_LINE = "#e9dcc0", "#f8f2e3", "#a3916c"
PLAYER_FILL = ("#4f7fc4", "#9b6cc4", "#e08a3c", "#7d7d7d")
WORKER_MM = 9.0
ACTION_BACK, DISASTER_BACK = "#5b3a6e", "#7a4a24"
DECK_BACK = {"deck23": "#3f6e3a", "deck45": "#23502a", "action": ACTION_BACK, "disaster": DISASTER_BACK,
             "digits": "#34506e", "letters": "#1f3b57"}  # the coordinate decks differ also by the label on the back


@cache
def texts() -> dict[str, Any]:
    return load_toml(DATA / "texts.toml")


def _format(text: str, lang: str, **fmt: Any) -> str:
    """A printed text from texts.toml with its numbers filled in ("{n:coin}": the number and the
    noun in the form that number needs, from [nouns])."""
    return CountFormatter(texts()["nouns"], lang).format(text, **fmt)


def word(key: str, lang: str, **fmt: Any) -> str:
    return _format(str(texts()["words"][key][lang]), lang, **fmt)


def colour_name(colour: int, lang: str) -> str:
    return str(texts()["colours"][lang][colour])


def action_name(action: str, lang: str) -> str:
    return str(texts()["actions"][action][lang])


def effect_text(action: str, cat: Catalog, lang: str) -> str:
    return _format(str(texts()["effects"][action][lang]), lang, **cat.effects)


# --- patterns ------------------------------------------------------------------------------------


def pattern(colour: int, x: float, y: float, w: float, h: float, step: float = 3.2) -> list[Item]:
    """The greyscale pattern of a colour inside a rectangle (clipped by the symbol it lies in)."""
    ink = DARK[colour]
    out: list[Item] = []
    if colour == 0:  # dots
        r = step * 0.16
        yy = y + step / 2
        row = 0
        while yy < y + h:
            xx = x + step / 2 + (step / 2 if row % 2 else 0)
            while xx < x + w:
                out.append(Circle(xx, yy, r, fill=ink, stroke=None))
                xx += step
            yy += step
            row += 1
        return out
    dirs = (1,) if colour == 1 else (1, -1)
    for d in dirs:
        k = -h
        while k < w + h:
            if d == 1:
                out.append(Line(x + k, y + h, x + k + h, y, stroke=ink, width=0.35))
            else:
                out.append(Line(x + k, y, x + k + h, y + h, stroke=ink, width=0.35))
            k += step
    return out


def pattern_in_circle(colour: int, cx: float, cy: float, r: float, step: float = 2.6) -> list[Item]:
    """The same patterns for round tokens: dots inside the circle, stripes as chords."""
    ink = DARK[colour]
    out: list[Item] = []
    if colour == 0:
        n = int(r // step) + 1
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                px, py = cx + i * step + (step / 2 if j % 2 else 0), cy + j * step
                if math.hypot(px - cx, py - cy) < r - 1.2:
                    out.append(Circle(px, py, step * 0.17, fill=ink, stroke=None))
        return out
    angles = (45.0,) if colour == 1 else (45.0, -45.0)
    for a in angles:
        ux, uy = math.cos(math.radians(a)), math.sin(math.radians(a))
        nx, ny = -uy, ux
        k = -r + step / 2
        while k < r:
            half = math.sqrt(max(0.0, r * r - k * k)) - 0.4
            if half > 0.5:
                px, py = cx + nx * k, cy + ny * k
                out.append(Line(px - ux * half, py - uy * half, px + ux * half, py + uy * half, stroke=ink, width=0.3))
            k += step
    return out


def _cell_symbol(scene: Scene, colour: int, size: float) -> str:
    name = f"wn-cell-{colour}-{size:g}"
    if name not in scene.symbols:
        items: list[Item] = [Rect(0, 0, size, size, fill=FILL[colour], stroke=None)]
        items += pattern(colour, 0, 0, size, size, step=max(2.4, size / 5.5))
        scene.add_symbol(Symbol(name, size, size, items))
    return name


def outline(shape: sh.Shape, x: float, y: float, cell: float, colour: str = "#000000",
            width: float = 0.35) -> list[Item]:
    """The boundary of a polyomino (cut line): every cell side with no cell beyond it."""
    out: list[Item] = []
    for cx, cy in shape:
        x0, y0 = x + cx * cell, y + cy * cell
        if (cx, cy - 1) not in shape:
            out.append(Line(x0, y0, x0 + cell, y0, stroke=colour, width=width))
        if (cx, cy + 1) not in shape:
            out.append(Line(x0, y0 + cell, x0 + cell, y0 + cell, stroke=colour, width=width))
        if (cx - 1, cy) not in shape:
            out.append(Line(x0, y0, x0, y0 + cell, stroke=colour, width=width))
        if (cx + 1, cy) not in shape:
            out.append(Line(x0 + cell, y0, x0 + cell, y0 + cell, stroke=colour, width=width))
    return out


def polyomino(scene: Scene, shape: sh.Shape, colour: int, x: float, y: float, cell: float,
              line: float = 0.35) -> list[Item]:
    """A seedling piece: patterned cells, thin inner seams, its outline."""
    name = _cell_symbol(scene, colour, cell)
    items: list[Item] = [Use(name, x + cx * cell, y + cy * cell) for cx, cy in sorted(shape)]
    return items + outline(shape, x, y, cell, width=line)


def mini_shape(shape: sh.Shape, x: float, y: float, cell: float, fill: str = "#555555") -> list[Item]:
    """A small silhouette (which workers fit a space)."""
    items: list[Item] = [Rect(x + cx * cell, y + cy * cell, cell, cell, fill=fill, stroke="#ffffff", width=0.15)
                         for cx, cy in sorted(shape)]
    return items


# --- vineyard boards ----------------------------------------------------------------------------


def vineyard_symbol(scene: Scene, cat: Catalog, seat: int, lang: str) -> str:
    s = cat.square_mm
    n = cat.size
    lab = 9.0
    gw = n * s
    w = gw + 2 * lab + 8
    top = 16.0
    store_h = 52.0
    h = top + lab + gw + lab + store_h
    ox, oy = (w - gw) / 2, top + lab
    items: list[Item] = [Rect(0, 0, w, h, fill=EARTH, stroke="#6b5a3a", width=0.6, radius=3)]
    items.append(Text(6, 10.5, f"{word('vineyard', lang)} · {word('player', lang)} {seat + 1}", size=13,
                      font="bold", fill=INK))
    items.append(Rect(w - 14, 4, 9, 9, fill=PLAYER_FILL[seat], stroke=INK, width=0.3))
    items.append(Text(w - 9.5, 10.7, str(seat + 1), size=9, font="bold", fill="#ffffff", anchor="middle"))
    items.append(Rect(ox, oy, gw, gw, fill=SQUARE, stroke=None))
    for i in range(n + 1):
        wdt = 0.6 if i in (0, n) else 0.3
        items.append(Line(ox + i * s, oy, ox + i * s, oy + gw, stroke=SQUARE_LINE, width=wdt))
        items.append(Line(ox, oy + i * s, ox + gw, oy + i * s, stroke=SQUARE_LINE, width=wdt))
    for i in range(n):
        cx = ox + i * s + s / 2
        cy = oy + i * s + s / 2
        for ty in (oy - 2.6, oy + gw + 6.4):
            items.append(Text(cx, ty, cat.columns[i], size=10, font="bold", fill=INK, anchor="middle"))
        for tx, anchor in ((ox - 3, "end"), (ox + gw + 3, "start")):
            items.append(Text(tx, cy + 1.5, str(i + 1), size=10, font="bold", fill=INK, anchor=anchor))  # type: ignore[arg-type]
    # faint coordinates in each square (a drought card names a square)
    for y in range(n):
        for x in range(n):
            items.append(Text(ox + x * s + 1.2, oy + y * s + 3.2, f"{cat.columns[x]}{y + 1}", size=MIN_TEXT_PT,
                              font="condensed", fill="#c4b58f"))
    sy = oy + gw + lab + 3
    items.append(Text(ox, sy + 3, word("storage", lang), size=9, font="bold", fill=INK))
    box_w = 3 * s + 6
    items.append(Rect(ox, sy + 6, box_w, store_h - 12, fill="#fbf8ef", stroke=INK, width=0.4, radius=2, dash=(2, 1)))
    for i, line in enumerate(wrap(word("greenhouse_slot", lang, n=cat.seedling_storage,
                                       g=cat.effects["greenhouse_storage"]), box_w - 6, 7, "condensed")[:3]):
        items.append(Text(ox + 3, sy + 10.5 + i * 3.2, line, size=7, font="condensed", fill=INK))
    bx = ox + box_w + 16
    by = sy + 4 + 12
    items.append(Circle(bx, by, 12, fill="#d8c39a", stroke=INK, width=0.4))
    for k in (-6, 0, 6):
        items.append(Line(bx - 11.2, by + k, bx + 11.2, by + k, stroke="#8a6d3b", width=0.3))
    items.append(Text(bx, by + 16, word("barrel_slot", lang, n=cat.barrels), size=6.5, font="condensed", fill=INK,
                      anchor="middle"))
    # harvest and sale reminder, from the catalog
    tx = bx + 18
    harvest = "  ".join(f"{side}×{side}→{p}P" for side, p in cat.harvest)
    items.append(Text(tx, sy + 3, word("harvest_label", lang) + harvest, size=7, font="condensed", fill=INK))
    for ci in range(3):
        prices = " / ".join(str(v) for v in cat.sale[ci])
        values = "/".join(f"{v}P" for v in cat.token_values)
        # the swatch carries the colour's greyscale pattern and the line names the colour
        items.append(Use(_cell_symbol(scene, ci, 5.0), tx, sy + 7 + ci * 7))
        items.append(Rect(tx, sy + 7 + ci * 7, 5, 5, fill=None, stroke=INK, width=0.2))
        noun = texts()["colour_nouns"][lang][ci]
        items.append(Text(tx + 7, sy + 11 + ci * 7, f"{word('sale', lang)} — {noun} {values}: {prices}", size=7,
                          font="condensed", fill=INK))
    items.append(Text(tx, sy + 33, word("drought_rule", lang, step=cat.drought_step), size=7, font="condensed",
                      fill=INK))
    name = f"wn-vineyard-{seat}"
    scene.add_symbol(Symbol(name, w, h, items))
    return name


# --- the action board --------------------------------------------------------------------------

# a space holds its worker: the slot is two worker squares tall (L3, T4 and S4 are 2 x WORKER_MM);
# 37 mm keeps the 4-player board on two A4 or Letter poster sheets
SPACE_W, SPACE_H, GAP = 44.0, 37.0, 3.0
#: the board top to bottom, which is the order the spaces resolve in (engine._RES_RANK)
SECTIONS = (("hire", ("hire2", "hire3", "hire4")), ("cards", ("greenhouse", "barrels", "laboratory")),
            ("cards2", ("genetics", "irrigate")), ("buy23", ("buy23",)), ("buy45", ("buy45",)))
SECTION_TITLE = {"hire": {"pl": "Zatrudnij ekipę", "en": "Hire a crew"},
                 "buy23": {"pl": "Rynek sadzonek 2/3", "en": "Seedling market 2/3"},
                 "buy45": {"pl": "Rynek sadzonek 4/5", "en": "Seedling market 4/5"},
                 "cards": {"pl": "Karty akcji", "en": "Action cards"}, "cards2": {"pl": "", "en": ""}}


def _space_items(scene: Scene, cat: Catalog, space: Any, x: float, y: float, players: int, lang: str) -> list[Item]:
    active = space.players <= players
    items: list[Item] = [Rect(x, y, SPACE_W, SPACE_H, fill="#fffaf0" if active else "#e6e6e6", stroke=INK,
                              width=0.45, radius=2.5)]
    items.append(Circle(x + 6.5, y + 6.5, 4.8, fill="#f5cf3a", stroke=INK, width=0.35))
    items.append(Text(x + 6.5, y + 8.4, str(space.cost), size=11, font="bold", fill=INK, anchor="middle"))
    if space.order:
        items.append(Rect(x + SPACE_W - 11, y + 2, 9, 9, fill="#ffffff", stroke=INK, width=0.35))
        items.append(Text(x + SPACE_W - 6.5, y + 8.8, str(space.order), size=11, font="bold", fill=INK,
                          anchor="middle"))
    for i, line in enumerate(wrap(action_name(space.action, lang), SPACE_W - 16 - (11 if space.order else 0), 7,
                                  "condensed-bold")[:2]):
        items.append(Text(x + 13, y + 5.5 + i * 3.4, line, size=7, font="condensed-bold", fill=INK))
    # the place for the worker
    items.append(Rect(x + 3, y + 11.3, SPACE_W - 6, 2 * WORKER_MM + 1, fill=None, stroke="#9a8c70", width=0.3,
                      dash=(1.5, 1)))
    # which crews fit, as small silhouettes
    fx = x + 3
    fits = word("fits", lang) + ":"
    items.append(Text(fx, y + SPACE_H - 4.8, fits, size=MIN_TEXT_PT, font="condensed", fill="#555555"))
    fx += max(8.0, text_width(fits, "condensed", MIN_TEXT_PT) + 1.0)
    sizes = [sh.size(cat.shapes[w]) for w in space.fits]
    room = x + SPACE_W - 2.5 - fx - 1.6 * (len(sizes) - 1)
    cell = min(1.8, room / max(1, sum(cw for cw, _ in sizes)))  # every fitting crew in one row, below the slot
    for w, (cw, ch) in zip(space.fits, sizes, strict=True):
        items += mini_shape(cat.shapes[w], fx, y + SPACE_H - 2.8 - ch * cell, cell)
        fx += cw * cell + 1.6
    if space.players > 2:
        items.append(Text(x + SPACE_W - 4.5, y + SPACE_H - 9.0, word("from_players", lang, n=space.players),
                          size=MIN_TEXT_PT, font="condensed-bold", fill="#7a4a24", anchor="end"))
    if not active:
        items.append(Line(x + 2, y + SPACE_H - 2, x + SPACE_W - 2, y + 2, stroke="#999999", width=0.5))
        items.append(Text(x + SPACE_W / 2, y + 22.0, word("not_in_play", lang), size=6.5, font="condensed-bold",
                          fill="#777777", anchor="middle"))
    return items


def space_symbol(scene: Scene, cat: Catalog, space: Any, lang: str) -> str:
    """One space of the action board alone, as the board prints it when it is in play (drawn at its
    own player count, so a space from 3 players on says so); returns the symbol's name."""
    name = f"wn-space-{space.id}"
    items = _space_items(scene, cat, space, 0.0, 0.0, max(2, space.players), lang)
    return scene.add_symbol(Symbol(name, SPACE_W, SPACE_H, items))


def action_board_symbol(scene: Scene, cat: Catalog, players: int, lang: str) -> str:
    rows = []
    for key, actions in SECTIONS:
        spaces = [s for s in cat.spaces if s.action in actions]
        spaces.sort(key=lambda s: (actions.index(s.action), s.order, s.players))
        rows.append((key, spaces))
    cols = max(len(r[1]) for r in rows)
    w = 10 + cols * (SPACE_W + GAP) - GAP + 10
    y = 17.0
    items: list[Item] = []
    body: list[Item] = []
    for key, spaces in rows:
        title = SECTION_TITLE[key][lang]
        if title:
            body.append(Text(10, y + 3.6, title, size=9.5, font="bold", fill=INK))
            y += 5.5
        for i, space in enumerate(spaces):
            body += _space_items(scene, cat, space, 10 + i * (SPACE_W + GAP), y, players, lang)
        y += SPACE_H + GAP
    legend = _format(str(texts()["legend"][lang]), lang, pass_coins=cat.pass_coins)
    block = text_block(10, y + 3, w - 20, legend, 7.5, "condensed")
    body += block
    y += 3 + line_height(7.5) * len(block) + 4
    h = y
    items.append(Rect(0, 0, w, h, fill="#f3e9d2", stroke="#5b3a6e", width=0.8, radius=4))
    items.append(Text(10, 13, f"{texts()['title'][lang]} · {word('action_board', lang)}", size=15, font="bold",
                      fill="#5b3a6e"))
    items.append(Text(w - 10, 13, f"{players} {word('players', lang)}", size=10, font="bold", fill="#5b3a6e",
                      anchor="end"))
    name = f"wn-action-board-{players}"
    scene.add_symbol(Symbol(name, w, h, items + body))
    return name


def boards_scene(setup: Setup, cat: Catalog, code: str, paper: layout.Paper, lang: str) -> Scene:
    """boards.pdf: one vineyard per player (true scale), then the action board (poster + overview)."""
    title = texts()["title"][lang]
    scene = Scene(title=f"{title} — {word('vineyard', lang)} / {word('action_board', lang)} — {code}",
                  subject="boardgen: Winnice boards")
    pages: list[Page] = []
    for seat in range(setup.players):
        name = vineyard_symbol(scene, cat, seat, lang)
        pages += layout.poster(scene, name, paper, code, f"{title} · {word('vineyard', lang)} {seat + 1}", lang=lang)
    name = action_board_symbol(scene, cat, setup.players, lang)
    pages += layout.poster(scene, name, paper, code, f"{title} · {word('action_board', lang)}", lang=lang)
    over = layout.overview(scene, name, paper, code, f"{title} · {word('action_board', lang)}", lang=lang)
    over.label = "overview action board"
    pages.append(over)
    layout.number_pages(pages, code, lang)
    scene.pages.extend(pages)
    return scene


def preview_page(scene: Scene) -> int:
    return next(i for i, p in enumerate(scene.pages) if p.label == "overview action board")


# --- cards -------------------------------------------------------------------------------------


def _card_base(bleed: float, fill: str = "#fffdf7") -> list[Item]:
    cw, ch = layout.card_size_with_bleed(CARD_W, CARD_H, bleed)
    return [Rect(0, 0, cw, ch, fill=fill, stroke=None)]


def _band(scene: Scene, colour: int, w: float, h: float) -> str:
    """A seedling card's colour band with its greyscale pattern, running off the card on three
    sides: a background (Symbol.background), so a cut a little off moves the dots, it damages
    nothing, and the safe-margin check takes the band as one piece."""
    name = f"wn-band-{colour}-{w:g}x{h:g}"
    if name not in scene.symbols:
        items: list[Item] = [Rect(0, 0, w, h, fill=FILL[colour], stroke=None), *pattern(colour, 0, 0, w, h, step=4)]
        scene.add_symbol(Symbol(name, w, h, items, background=True))
    return name


def _seedling_face(scene: Scene, cat: Catalog, deck: str, cid: str, lang: str, bleed: float) -> str:
    name = f"wn-face-{cid}-{bleed:g}"
    if name in scene.symbols:
        return name
    colour, shape_id = parse_card(cid)
    shape = cat.shapes[shape_id]
    b = bleed
    items = _card_base(bleed)
    band_h = b + 17
    items.append(Use(_band(scene, colour, CARD_W + 2 * b, band_h), 0, 0))
    items.append(Rect(b + 3, b + 3, CARD_W - 6, 11, fill="#ffffff", stroke=None, radius=1.5))
    items.append(Text(b + 5, b + 10.6, f"{word('seedling', lang)} {deck[4]}/{deck[5]}", size=9, font="bold", fill=INK))
    items.append(Text(b + CARD_W - 5, b + 10.6, colour_name(colour, lang), size=8.5, font="condensed-bold",
                      fill=DARK[colour], anchor="end"))
    cw_, ch_ = sh.size(shape)
    cell = min(13.0, (CARD_W - 14) / cw_, 44.0 / ch_)
    x0 = b + (CARD_W - cw_ * cell) / 2
    y0 = b + 22 + (50 - ch_ * cell) / 2
    items += polyomino(scene, shape, colour, x0, y0, cell, line=0.5)
    items.append(Text(b + CARD_W / 2, b + CARD_H - 12, f"{shape_id} · {len(shape)} "
                      + ("pola" if lang == "pl" and len(shape) < 5 else "pól" if lang == "pl" else "squares"),
                      size=8, font="condensed", fill=INK, anchor="middle"))
    # no frame line 1.5 mm inside the cut (the 3 mm safe margin): the coloured band marks the card
    scene.add_symbol(Symbol(name, *layout.card_size_with_bleed(CARD_W, CARD_H, bleed), items))
    return name


def _grapes(cx: float, cy: float, r: float, fill: str, stroke: str = "#ffffff") -> list[Item]:
    out: list[Item] = []
    for row, n in enumerate((4, 3, 2, 1)):
        for i in range(n):
            out.append(Circle(cx + (i - (n - 1) / 2) * 2 * r, cy + row * 1.75 * r, r, fill=fill, stroke=stroke,
                              width=0.3))
    out.append(Line(cx, cy - r * 1.2, cx + r * 1.4, cy - r * 2.6, stroke=stroke, width=0.6))
    return out


def _back(scene: Scene, key: str, lang: str, bleed: float) -> str:
    name = f"wn-back-{key}-{bleed:g}"
    if name in scene.symbols:
        return name
    cw, ch = layout.card_size_with_bleed(CARD_W, CARD_H, bleed)
    colour = DECK_BACK[key]
    items: list[Item] = [Rect(0, 0, cw, ch, fill=colour, stroke=None)]
    items += [Rect(bleed + 4, bleed + 4, CARD_W - 8, CARD_H - 8, stroke="#ffffff", width=0.5, radius=3)]
    items += _grapes(cw / 2, ch / 2 - 16, 3.2, "#d9c9e6", "#ffffff")
    label = {"deck23": "2/3", "deck45": "4/5", "digits": "1–8", "letters": "A–H"}.get(key)
    if label:
        items.append(Text(cw / 2, ch / 2 + 14, label, size=30, font="bold", fill="#ffffff", anchor="middle"))
    deck_name = texts()["decks"][key][lang]
    items.append(Text(cw / 2, ch / 2 + 27, deck_name, size=9, font="bold", fill="#ffffff", anchor="middle"))
    items.append(Text(cw / 2, ch - bleed - 9, texts()["title"][lang], size=11, font="bold", fill="#ffffff",
                      anchor="middle"))
    scene.add_symbol(Symbol(name, cw, ch, items))
    return name


def _action_face(scene: Scene, cat: Catalog, action: str, lang: str, bleed: float) -> str:
    name = f"wn-face-{action}-{bleed:g}"
    if name in scene.symbols:
        return name
    b = bleed
    items = _card_base(bleed)
    items.append(Rect(0, 0, CARD_W + 2 * b, b + 18, fill=ACTION_BACK, stroke=None))
    items.append(Text(b + 5, b + 12, action_name(action, lang), size=12, font="bold", fill="#ffffff"))
    icon_y = b + 38
    cx = b + CARD_W / 2
    if action == "greenhouse":
        items.append(Polygon(((cx - 16, icon_y + 10), (cx - 16, icon_y - 4), (cx, icon_y - 14), (cx + 16, icon_y - 4),
                              (cx + 16, icon_y + 10)), fill="#d9eef2", stroke=INK, width=0.5))
        items += [Line(cx - 8, icon_y - 9, cx - 8, icon_y + 10, stroke=INK, width=0.3),
                  Line(cx + 8, icon_y - 9, cx + 8, icon_y + 10, stroke=INK, width=0.3)]
        items.append(Text(cx, icon_y + 6, f"+{cat.effects['greenhouse_storage']}", size=14, font="bold", fill=INK,
                          anchor="middle"))
    elif action == "barrels":
        for k in (-13, 0, 13):
            items.append(Circle(cx + k, icon_y, 6, fill="#d8c39a", stroke=INK, width=0.4))
        items.append(Text(cx, icon_y + 16, f"+{cat.effects['barrels_storage']}", size=14, font="bold", fill=INK,
                          anchor="middle"))
    elif action == "laboratory":
        items.append(Polygon(((cx - 5, icon_y - 14), (cx + 5, icon_y - 14), (cx + 5, icon_y - 4),
                              (cx + 14, icon_y + 10), (cx - 14, icon_y + 10), (cx - 5, icon_y - 4)),
                             fill="#f4d6dc", stroke=INK, width=0.5))
        items.append(Circle(cx, icon_y + 4, 4, fill=FILL[2], stroke=INK, width=0.3))
    elif action == "genetics":
        for i in range(9):
            t = i / 8
            yy = icon_y - 14 + t * 26
            dx = 10 * math.sin(t * math.pi * 2)
            items.append(Line(cx - dx, yy, cx + dx, yy, stroke=INK, width=0.4))
            items.append(Circle(cx - dx, yy, 1.3, fill=FILL[0], stroke=None))
            items.append(Circle(cx + dx, yy, 1.3, fill=FILL[1], stroke=None))
    else:  # irrigate
        items.append(Polygon(((cx, icon_y - 15), (cx + 9, icon_y + 2), (cx, icon_y + 10), (cx - 9, icon_y + 2)),
                             fill="#9fd0ea", stroke=INK, width=0.5))
    items += text_block(b + 5, b + 60, CARD_W - 10, effect_text(action, cat, lang), 7.6, "condensed")
    # no frame line 1.5 mm inside the cut (the 3 mm safe margin): the coloured band marks the card
    scene.add_symbol(Symbol(name, *layout.card_size_with_bleed(CARD_W, CARD_H, bleed), items))
    return name


def _sun(cx: float, cy: float, r: float, fill: str) -> list[Item]:
    out: list[Item] = []
    for i in range(12):
        a = math.radians(i * 30)
        out.append(Line(cx + math.cos(a) * r * 1.25, cy + math.sin(a) * r * 1.25, cx + math.cos(a) * r * 1.75,
                        cy + math.sin(a) * r * 1.75, stroke="#c0641d", width=0.9))
    out.append(Circle(cx, cy, r, fill=fill, stroke="#c0641d", width=0.6))
    return out


def _disaster_face(scene: Scene, kind: str, lang: str, bleed: float) -> str:
    name = f"wn-face-{kind}-{bleed:g}"
    if name in scene.symbols:
        return name
    b = bleed
    items = _card_base(bleed)
    items.append(Rect(0, 0, CARD_W + 2 * b, b + 18, fill=DISASTER_BACK, stroke=None))
    items.append(Text(b + 5, b + 12, texts()["decks"]["disaster"][lang], size=11, font="bold", fill="#ffffff"))
    cx = b + CARD_W / 2
    if kind == "blank":
        items += _grapes(cx, b + 36, 3.6, FILL[1], INK)
        items += text_block(b + 6, b + 66, CARD_W - 12, texts()["disaster"]["blank"][lang], 8.5, "condensed",
                            anchor="start")
    else:
        colour = 0 if kind.endswith("Y") else 1
        items += _sun(cx, b + 37, 8.5, FILL[colour])
        items += pattern_in_circle(colour, cx, b + 37, 8.5)
        items.append(Text(cx, b + 58, texts()["disaster"]["drought"][lang], size=14, font="bold", fill="#c0641d",
                          anchor="middle"))
        items.append(Rect(b + 6, b + 61.5, CARD_W - 12, 6.5, fill=FILL[colour], stroke=INK, width=0.3))
        items.append(Text(cx, b + 66.3, colour_name(colour, lang).upper(), size=8, font="bold", fill=INK,
                          anchor="middle"))
        text = texts()["disaster"]["drought_text"][lang].format(colour=texts()["colours_accusative"][lang][colour])
        items += text_block(b + 5, b + 73, CARD_W - 10, text, 6.8, "condensed")
    # no frame line 1.5 mm inside the cut (the 3 mm safe margin): the coloured band marks the card
    scene.add_symbol(Symbol(name, *layout.card_size_with_bleed(CARD_W, CARD_H, bleed), items))
    return name


def _coordinate_face(scene: Scene, cat: Catalog, deck: str, value: str, lang: str, bleed: float) -> str:
    name = f"wn-face-{deck}-{value}-{bleed:g}"
    if name in scene.symbols:
        return name
    b = bleed
    items = _card_base(bleed)
    items.append(Rect(0, 0, CARD_W + 2 * b, b + 14, fill=DECK_BACK[deck], stroke=None))
    items.append(Text(b + 5, b + 9.5, texts()["decks"][deck][lang], size=9, font="bold", fill="#ffffff"))
    cx = b + CARD_W / 2
    items.append(Text(cx, b + 44, value, size=54, font="bold", fill=INK, anchor="middle"))
    cell = 4.2
    n = cat.size
    gx, gy = cx - n * cell / 2, b + 50  # the map ends above the 3 mm safe margin
    k = int(value) - 1 if deck == "digits" else cat.columns.index(value)
    for y in range(n):
        for x in range(n):
            hit = (y == k) if deck == "digits" else (x == k)
            items.append(Rect(gx + x * cell, gy + y * cell, cell, cell, fill="#c0641d" if hit else "#f4ecd9",
                              stroke="#a3916c", width=0.15))
    # no frame line 1.5 mm inside the cut (the 3 mm safe margin): the coloured band marks the card
    scene.add_symbol(Symbol(name, *layout.card_size_with_bleed(CARD_W, CARD_H, bleed), items))
    return name


def card_face(scene: Scene, cat: Catalog, deck: str, cid: str, lang: str, bleed: float = 0.0) -> str:
    """The face of card `cid` of `deck` (a seedling deck, "action", "disaster", "digits" or
    "letters") as a symbol of the scene, drawn once however many copies print; returns its name.
    cards.pdf draws every card so, and `catalog --preview` one card alone."""
    if deck in DECKS:
        return _seedling_face(scene, cat, deck, cid, lang, bleed)
    if deck == "action":
        return _action_face(scene, cat, cid, lang, bleed)
    if deck == "disaster":
        return _disaster_face(scene, cid, lang, bleed)
    return _coordinate_face(scene, cat, deck, cid, lang, bleed)


def _in_deck(scene: Scene, face: str, deck_label: str, position: int, bleed: float, note: str = "") -> str:
    """The card at `position` of a deck: its face plus the position printed in the corner."""
    name = f"{face}~{deck_label}~{position}"
    cw, ch = layout.card_size_with_bleed(CARD_W, CARD_H, bleed)
    text = f"{deck_label} {position}" + (f" · {note}" if note else "")
    items: list[Item] = [Use(face, 0, 0), Text(bleed + CARD_W - 4, bleed + CARD_H - 4, text, size=MIN_TEXT_PT,
                                               font="condensed", fill="#777777", anchor="end")]
    scene.add_symbol(Symbol(name, cw, ch, items))
    return name


def deck_lists(setup: Setup, cat: Catalog) -> list[tuple[str, list[str], list[str]]]:
    """(deck key, cards in printed order, a note per card) for every deck of the kit. Seedling decks
    print the market first (slots 1-3, face up), then the draw pile top first; action cards print
    pile by pile."""
    out: list[tuple[str, list[str], list[str]]] = []
    for deck in DECKS:
        cards = setup.markets[deck] + setup.decks[deck]
        notes = [f"market {i + 1}" for i in range(len(setup.markets[deck]))]
        out.append((deck, cards, notes + [""] * len(setup.decks[deck])))
    actions = [a for a in ACTION_CARDS for _ in range(cat.action_cards[a])]
    out.append(("action", actions, [""] * len(actions)))
    for deck in ("disaster", "digits", "letters"):
        out.append((deck, list(setup.decks[deck]), [""] * len(setup.decks[deck])))
    return out


DECK_SHORT = {"deck23": "2/3", "deck45": "4/5", "action": "A", "disaster": "K", "digits": "1-8", "letters": "A-H"}


def cards_scene(setup: Setup, cat: Catalog, code: str, paper: layout.Paper, lang: str, bleed: float = 0.0,
                backs: str = "duplex", extra: Sequence[Callable[[Scene], tuple[str, str]]] = ()) -> Scene:
    """cards.pdf: every deck in the setup's order, 3x3 with crop marks and backs (`backs` = duplex:
    long-edge mirrored backs sheets; fold: each front beside its back for gutter folding; none:
    fronts only). A deck continues on the sheet where the one before it ends (each card prints its
    deck and position, and its back says its deck, so sorting after cutting is easy): 25 sheets for
    219 cards where one fresh sheet per deck took 27. `extra`: functions that add one more card to
    the scene and return its (front, back) symbols — the setup card, `rulecards.setup_card_symbols`
    — placed after the last deck, in the free slots of the last sheet instead of a sheet of its own."""
    layout.check_backs(backs)
    scene = Scene(title=f"{texts()['title'][lang]} — {word('cards_file', lang)} — {code}",
                  subject="boardgen: Winnice cards")
    margin = 5.5 if paper.name == "letter" else layout.MARGIN
    market_word = word("market", lang)
    fronts: list[str] = []
    back_names: list[str] = []
    deck_names: list[str] = []
    for deck, cards, notes in deck_lists(setup, cat):
        back = _back(scene, deck, lang, bleed)
        for i, (cid, note) in enumerate(zip(cards, notes, strict=True), start=1):
            face = card_face(scene, cat, deck, cid, lang, bleed)
            fronts.append(_in_deck(scene, face, DECK_SHORT[deck], i, bleed, note.replace("market", market_word)))
            back_names.append(back)
            deck_names.append(deck)
    for add in extra:
        front, back = add(scene)
        fronts.append(front)
        back_names.append(back)
        deck_names.append("setup-card")
    pages = layout.impose_cards(scene, fronts, back_names, CARD_W, CARD_H, paper, code, bleed=bleed, margin=margin,
                                lang=lang, sides=backs, decks=deck_names)
    layout.number_pages(pages, code, lang)
    scene.pages.extend(pages)
    return scene


# --- cut-out sheets ---------------------------------------------------------------------------


def _sheet(paper: layout.Paper, title: str) -> Page:
    page = Page(paper.w, paper.h, label=title)
    page.items.append(Text(layout.MARGIN, layout.MARGIN + 5, title, size=11, font="bold", fill=INK))
    return page


def pack(shapes: list[sh.Shape], cols: int, rows: int, start: list[int] | None = None) -> list[list[tuple[int, int]]]:
    """First-fit packing of polyominoes onto sheets of cols x rows cells: per sheet, (piece index,
    its cells as bits on the sheet grid). Pieces are tried largest first; each goes to the lowest free
    position (any turn) on the first sheet where it fits. `start`: sheets already partly used (their
    cells as bits), tried first — the result's first len(start) lists are the pieces added to them."""
    grid = get_grid(cols, rows)
    order = sorted(range(len(shapes)), key=lambda i: -len(shapes[i]))
    sheets: list[int] = list(start or [])
    placed: list[list[tuple[int, int]]] = [[] for _ in sheets]
    for i in order:
        options = sh.placements(grid, shapes[i])
        if not options:
            raise ValueError(f"a piece of {len(shapes[i])} squares does not fit a {cols}x{rows} sheet")
        for s, used in enumerate(sheets + [0]):
            free = [b for b in options if not b & used]
            if free:
                best = min(free, key=lambda b: ((b & -b).bit_length(), b))
                if s == len(sheets):
                    sheets.append(0)
                    placed.append([])
                sheets[s] |= best
                placed[s].append((i, best))
                break
    return placed


def _bits_shape(bits: int, cols: int, rows: int) -> tuple[int, int, sh.Shape]:
    cells = list(get_grid(cols, rows).cells(bits))
    x0 = min(c[0] for c in cells)
    y0 = min(c[1] for c in cells)
    return x0, y0, sh.normalise(cells)


def seedling_sheets(cat: Catalog, cols: int, rows: int) -> list[list[tuple[int, str, int]]]:
    """The bank of seedling pieces on sheets of cols x rows squares: per sheet, (colour, shape id,
    cells as bits). Colour by colour, each colour first filling what the one before left free on its
    last sheet (7 A4 sheets for the built-in bank, where a fresh sheet per colour took 8)."""
    sheets: list[list[tuple[int, str, int]]] = []
    used: list[int] = []
    pieces = cat.pieces()
    for colour in range(3):
        shapes_list: list[sh.Shape] = []
        ids: list[str] = []
        for (c, shape_id), n in pieces.items():
            if c == colour:
                shapes_list += [cat.shapes[shape_id]] * n
                ids += [shape_id] * n
        if not shapes_list:
            continue
        start = used[-1:]
        placed = pack(shapes_list, cols, rows, start)
        if start:
            for i, bits in placed[0]:
                sheets[-1].append((colour, ids[i], bits))
                used[-1] |= bits
            placed = placed[1:]
        for sheet in placed:
            sheets.append([(colour, ids[i], bits) for i, bits in sheet])
            bits_all = 0
            for _, bits in sheet:
                bits_all |= bits
            used.append(bits_all)
    return sheets


def pieces_scene(setup: Setup, cat: Catalog, code: str, paper: layout.Paper, lang: str) -> Scene:
    """pieces.pdf: the bank of seedling pieces (at the board's square size, colours continuing on one
    another's last sheet), harvest and drought tokens, coins and each player's workers (sharing
    sheets where they fit) — all cut-out, all readable in greyscale."""
    scene = Scene(title=f"{texts()['title'][lang]} — {word('pieces', lang)} — {code}",
                  subject="boardgen: Winnice cut-out sheets")
    m = layout.MARGIN
    top = m + 9
    s = cat.square_mm
    cols = int((paper.w - 2 * m) // s)
    rows = int((paper.h - top - m - layout.FOOTER_H - 2) // s)
    pages: list[Page] = []
    sheets = seedling_sheets(cat, cols, rows)
    ox = (paper.w - cols * s) / 2
    for k, placed in enumerate(sheets, start=1):
        colours = ", ".join(colour_name(c, lang) for c in sorted({c for c, _, _ in placed}))
        title = f"{word('pieces', lang)} · {colours} · {k}/{len(sheets)}"
        page = _sheet(paper, title)
        for colour, shape_id, bits in placed:
            x0, y0, shape = _bits_shape(bits, cols, rows)
            page.items += polyomino(scene, shape, colour, ox + x0 * s, top + y0 * s, s)
            cx, cy = min(shape, key=lambda c: (c[1], c[0]))
            page.items.append(Rect(ox + (x0 + cx) * s + 0.8, top + (y0 + cy) * s + 0.8, 5.6, 3.4,
                                   fill="#ffffff", stroke=None, radius=0.6))
            page.items.append(Text(ox + (x0 + cx) * s + 3.6, top + (y0 + cy) * s + 3.4, shape_id, size=MIN_TEXT_PT,
                                   font="condensed-bold", fill=INK, anchor="middle"))
        layout.footer(page, code, title, lang=lang)
        pages.append(page)
    pages += _tokens_pages(setup, cat, paper, code, lang)
    layout.number_pages(pages, code, lang)
    scene.pages.extend(pages)
    return scene


def _worker_pattern(seat: int, x: float, y: float, w: float) -> list[Item]:
    ink = "#ffffff"
    if seat == 0:
        return [Line(x + 1, y + w / 2, x + w - 1, y + w / 2, stroke=ink, width=0.5)]
    if seat == 1:
        return [Line(x + w / 2, y + 1, x + w / 2, y + w - 1, stroke=ink, width=0.5)]
    if seat == 2:
        return [Circle(x + w / 2, y + w / 2, w * 0.18, fill=None, stroke=ink, width=0.5)]
    return [Line(x + 1.5, y + 1.5, x + w - 1.5, y + w - 1.5, stroke=ink, width=0.5),
            Line(x + 1.5, y + w - 1.5, x + w - 1.5, y + 1.5, stroke=ink, width=0.5)]


def _worker_note(lang: str) -> str:
    return ("Na starcie każdy ma monomino; pozostałe kamienie leżą w banku gracza."
            if lang == "pl" else "Everyone starts with the monomino; the other stones wait in the player's bank.")


def _workers_height(setup: Setup, cat: Catalog, width: float, lang: str) -> float:
    """The height of `_workers_block`: a heading, a row per seat as tall as its tallest stone, the note."""
    names = (*cat.worker_start, *cat.worker_bank)
    row = max(sh.size(cat.shapes[w])[1] for w in names) * WORKER_MM + 5.0
    note = len(wrap(_worker_note(lang), width, 8, "condensed")) * line_height(8)
    return 9.0 + setup.players * row + 2.0 + note


def _workers_block(setup: Setup, cat: Catalog, x0: float, y: float, width: float, lang: str) -> list[Item]:
    """Each player's workers from `y` (the top of the block's heading): a row per seat."""
    items: list[Item] = [Text(x0, y + 5, word("workers", lang), size=11, font="bold", fill=INK)]
    y += 9.0
    w = WORKER_MM
    names = (*cat.worker_start, *cat.worker_bank)
    row = max(sh.size(cat.shapes[n])[1] for n in names) * w + 5.0
    for seat in range(setup.players):
        items.append(Text(x0, y + 3, f"{word('player', lang)} {seat + 1}", size=9, font="bold", fill=INK))
        x = x0 + 24
        for wid in names:
            shape = cat.shapes[wid]
            for cx, cy in sorted(shape):
                px, py = x + cx * w, y + cy * w
                items.append(Rect(px, py, w, w, fill=PLAYER_FILL[seat], stroke=None))
                items += _worker_pattern(seat, px, py, w)
            cx0, cy0 = min(shape, key=lambda c: (c[1], c[0]))
            items.append(Text(x + cx0 * w + 1.0, y + cy0 * w + 3.2, str(seat + 1), size=6, font="bold",
                              fill="#ffffff"))
            items += outline(shape, x, y, w)
            sw, _ = sh.size(shape)
            x += sw * w + 5
        y += row
    items += text_block(x0, y + 2 + line_height(8) * 0.8, width, _worker_note(lang), 8, "condensed")
    return items


def _token(colour: int, value: int, cx: float, cy: float, r: float) -> list[Item]:
    items: list[Item] = [Circle(cx, cy, r, fill=FILL[colour], stroke="#000000", width=0.35)]
    items += pattern_in_circle(colour, cx, cy, r)
    items.append(Circle(cx, cy, r * 0.52, fill="#ffffff", stroke=DARK[colour], width=0.3))
    items.append(Text(cx, cy + 1.6, f"{value}P", size=8, font="bold", fill=INK, anchor="middle"))
    return items


def _tokens_pages(setup: Setup, cat: Catalog, paper: layout.Paper, code: str, lang: str) -> list[Page]:
    """Harvest and drought tokens, then the coins, then the workers, one after another on as few
    sheets as they fit: a section that fits in what is left of a sheet goes there (the coins and the
    workers of a 4-player game share one), a longer one starts a sheet of its own."""
    m = layout.MARGIN
    width = paper.w - 2 * m
    bottom = paper.h - m - layout.FOOTER_H - 2
    pages: list[Page] = []
    labels: list[str] = []
    title = word("tokens", lang)
    page = _sheet(paper, title)
    labels.append(title)

    def close() -> None:
        layout.footer(page, code, " · ".join(labels), lang=lang)
        pages.append(page)

    def fresh(heading: str) -> Page:
        close()
        labels[:] = [heading]
        return _sheet(paper, heading)

    r, gap = 8.0, 1.6
    per_row = int((width + gap) // (2 * r + gap))
    x0 = (paper.w - per_row * (2 * r + gap) + gap) / 2
    y = m + 12
    i = 0
    items: list[tuple[str, Any]] = [("h", key) for key, n in cat.token_counts.items() for _ in range(n)]
    items += [("d", None)] * cat.drought_tokens
    for kind, data in items:
        col = i % per_row
        if col == 0 and i:
            y += 2 * r + gap
        if y + 2 * r > bottom:
            page = fresh(title)
            y = m + 12
            i = 0
            col = 0
        cx, cy = x0 + col * (2 * r + gap) + r, y + r
        if kind == "h":
            page.items += _token(data[0], data[1], cx, cy, r)
        else:
            page.items += _sun(cx, cy - 1.4, r * 0.36, "#e9d7a0")  # raised: its rays clear the word below
            page.items.append(Circle(cx, cy, r, fill=None, stroke="#000000", width=0.35))
            page.items.append(Text(cx, cy + r - 1.6, word("drought_token", lang), size=MIN_TEXT_PT,
                                   font="condensed-bold", fill="#7a4a24", anchor="middle"))
        i += 1
    y += 2 * r + gap + 4
    # coins: sizes grow with the value, each with its number and a ring pattern per value, in rows
    # filled left to right in order of value; they share a sheet only when all of them fit there
    rows = _coin_rows(cat, width)
    ctitle = word("coins", lang)
    if y + 7 + _coins_height(rows) > bottom:
        page = fresh(ctitle)
        y = m + 12
    else:
        page.items.append(Text(m, y + 3, ctitle, size=11, font="bold", fill=INK))
        labels.append(ctitle)
        y += 7
    for coins, row_h in rows:
        if y + row_h > bottom:
            page = fresh(ctitle)
            y = m + 12
        for d, x in coins:
            rr = _COIN_R.get(d, 8.0)
            cx, cy = m + x + rr, y + row_h / 2
            page.items.append(Circle(cx, cy, rr, fill="#e8d27a", stroke="#000000", width=0.35))
            for j in range(min(d, 4) if d < 10 else 4):
                page.items.append(Circle(cx, cy, rr - 1.2 - j * 0.9, fill=None, stroke="#8a6d1b", width=0.25))
            page.items.append(Text(cx, cy + 2.2, str(d), size=10 if d < 10 else 9, font="bold", fill=INK,
                                   anchor="middle"))
        y += row_h
    # the workers, where they fit
    wtitle = word("workers", lang)
    need = _workers_height(setup, cat, width, lang)
    y += 4
    if y + need > bottom:
        page = fresh(wtitle)
        page.items = [it for it in page.items if not isinstance(it, Text)]  # the block has its own heading
        y = m + 1
    else:
        labels.append(wtitle)
    page.items += _workers_block(setup, cat, m, y, width, lang)
    close()
    return pages


#: coin radius by value (mm); coins in a row stand this far apart
_COIN_R = {1: 7.0, 2: 7.8, 5: 8.6, 10: 9.4}
_COIN_GAP = 1.2


def _coin_rows(cat: Catalog, width: float) -> list[tuple[list[tuple[int, float]], float]]:
    """The coin sheet's rows, coins in order of value filling each row left to right: (the row's
    coins as (value, x from the left edge), the row's height) — laid out once, for the height
    `_tokens_pages` checks and for the drawing."""
    rows: list[tuple[list[tuple[int, float]], float]] = []
    row: list[tuple[int, float]] = []
    x = 0.0
    for d, n in sorted(cat.bank_coins.items()):
        size = 2 * _COIN_R.get(d, 8.0)
        for _ in range(n):
            if row and x + size > width + 1e-9:
                rows.append((row, max(2 * _COIN_R.get(v, 8.0) for v, _ in row) + _COIN_GAP))
                row, x = [], 0.0
            row.append((d, x))
            x += size + _COIN_GAP
    if row:
        rows.append((row, max(2 * _COIN_R.get(v, 8.0) for v, _ in row) + _COIN_GAP))
    return rows


def _coins_height(rows: list[tuple[list[tuple[int, float]], float]]) -> float:
    return sum(h for _, h in rows)


# --- the setup summary -------------------------------------------------------------------------


def _card_word(cid: str, lang: str) -> str:
    colour, shape = parse_card(cid)
    return f"{colour_name(colour, lang)} {shape}"


def summary_context(setup: Setup, cat: Catalog, lang: str) -> dict[str, Any]:
    """Everything the summary template prints, from the setup and the catalog."""
    coins = " + ".join(str(d) for d, n in sorted(cat.start_coins.items(), reverse=True) for _ in range(n))
    lists = {k: (cards, notes) for k, cards, notes in deck_lists(setup, cat)}
    decks = {}
    for deck in DECKS:
        n_market = len(setup.markets[deck])
        decks[deck] = {"market": [_card_word(c, lang) for c in setup.markets[deck]],
                       "pile": len(setup.decks[deck]), "from": n_market + 1, "to": len(lists[deck][0]),
                       "totals": card_totals(lists[deck][0])}
    disaster_names = {"blank": "—", "drought-Y": colour_name(0, lang)[0].upper(),
                      "drought-G": colour_name(1, lang)[0].upper()}
    return {
        "code": "", "players": setup.players, "first_player": setup.first_player + 1, "coins": coins,
        "coin_total": cat.start_total, "start_worker": ", ".join(cat.worker_start),
        "worker_bank": ", ".join(cat.worker_bank), "decks": decks,
        "disaster": " ".join(disaster_names[c] for c in setup.decks["disaster"]),
        "digits": " ".join(setup.decks["digits"]), "letters": " ".join(setup.decks["letters"]),
        "action_cards": ", ".join(f"{action_name(a, lang)} {n}" for a, n in cat.action_cards.items()),
        "tokens": "; ".join(
            f"{COLOURS[c] if lang == 'en' else texts()['colour_nouns'][lang][c]} "
            + " ".join(f"{cat.token_counts[(c, v)]}×{v}P" for v in cat.token_values) for c in range(3)),
        "drought_tokens": cat.drought_tokens,
        "win_red": cat.win_red, "bank_coins": ", ".join(f"{n}×{d}" for d, n in sorted(cat.bank_coins.items())),
        "greenhouse": cat.seedling_storage, "barrels": cat.barrels, "market_size": cat.market_size,
        "pass_coins": cat.pass_coins, "drought_step": cat.drought_step,
        "values": "/".join(f"{v}P" for v in cat.token_values),
        "harvest": ", ".join(f"{s}×{s} → {p}P" for s, p in cat.harvest),
        "sale": "; ".join(f"{COLOURS[c] if lang == 'en' else texts()['colour_nouns'][lang][c]} "
                          + "/".join(str(v) for v in cat.sale[c]) for c in range(3)),
    }


def kit_sheets(setup: Setup, cat: Catalog, code: str, paper: layout.Paper, lang: str, bleed: float = 0.0,
               backs: str = "duplex", setup_card: bool = True) -> dict[str, int]:
    """The sheets of paper the whole kit takes, per file (summary, boards, cards, pieces, the setup
    card) and in total — counted from the very pages the files get (`layout.sheet_count`: a duplex
    backs page shares its sheet), so the summary cannot print a number the kit does not have."""
    count = {"summary": 1,
             "boards": layout.sheet_count(boards_scene(setup, cat, code, paper, lang).pages),
             "cards": layout.sheet_count(cards_scene(setup, cat, code, paper, lang, bleed, backs).pages),
             "pieces": layout.sheet_count(pieces_scene(setup, cat, code, paper, lang).pages),
             "setup_card": 1 if setup_card else 0}
    count["total"] = sum(count.values())
    return count


def summary_text(setup: Setup, cat: Catalog, code: str, lang: str, sheets: dict[str, int] | None = None,
                 paper: str = "a4", backs: str = "duplex") -> str:
    ctx = summary_context(setup, cat, lang)
    ctx["code"] = code
    ctx["sheets"] = sheets
    ctx["paper"] = {"a4": "A4", "letter": "Letter"}.get(paper, paper)
    ctx["backs"] = backs
    return render_template(f"winnice/summary.{lang}.txt", **ctx)


def summary_scene(setup: Setup, cat: Catalog, code: str, paper: layout.Paper, lang: str, bleed: float = 0.0,
                  backs: str = "duplex", setup_card: bool = True) -> Scene:
    """summary.pdf: one page saying what goes where for this seed ("## " headings, "- " bullets), and
    how many sheets the kit printed with these options (`kit_sheets`) takes."""
    scene = Scene(title=f"{texts()['title'][lang]} — {code}", subject="boardgen: Winnice setup summary")
    page = Page(paper.w, paper.h, label="setup summary")
    m = layout.MARGIN + 5
    width = paper.w - 2 * m
    y = m + 4
    sheets = kit_sheets(setup, cat, code, paper, lang, bleed, backs, setup_card)
    for raw in summary_text(setup, cat, code, lang, sheets, paper.name, backs).splitlines():
        line = raw.rstrip()
        if not line:
            y += 1.2
        elif line.startswith("# "):
            block = text_block(m, y + 3, width, line[2:], 16, "bold", fill="#5b3a6e")
            page.items.extend(block)
            y += 3 + line_height(16) * len(block)
        elif line.startswith("## "):
            y += 2.5
            block = text_block(m, y, width, line[3:], 11, "bold", fill="#5b3a6e")
            page.items.extend(block)
            y += line_height(11) * len(block) + 0.6
        elif line.startswith("- "):
            block = text_block(m + 4, y, width - 4, line[2:], 8.6)
            page.items.append(Circle(m + 1.2, y - 1.1, 0.8, fill="#7cc05a", stroke=None))
            page.items.extend(block)
            y += line_height(8.6) * len(block) + 0.5
        else:
            block = text_block(m, y, width, line, 8.6)
            page.items.extend(block)
            y += line_height(8.6) * len(block) + 0.5
    bottom = paper.h - layout.MARGIN - layout.FOOTER_H - 2
    if y > bottom:
        raise ValueError("the setup summary does not fit on one page")  # a template edit went too far
    cal = layout.CAL_SIZE + layout.CAL_LABEL_H
    if y + 4 <= bottom - cal:  # room left: the 50 mm square that checks the whole kit's scale
        page.items += layout.calibration_square(paper.w - m - layout.CAL_SIZE, bottom - cal, lang=lang)
    layout.number_pages([page], code, lang)
    scene.pages.append(page)
    return scene


def summary_lines(setup: Setup, cat: Catalog, lang: str) -> list[str]:
    """A few lines for the terminal."""
    ctx = summary_context(setup, cat, lang)
    return [f"{setup.players} players, first player {ctx['first_player']}, coins {ctx['coins']} each",
            "market 2/3: " + ", ".join(ctx["decks"]["deck23"]["market"]),
            "market 4/5: " + ", ".join(ctx["decks"]["deck45"]["market"]),
            f"disaster deck: {ctx['disaster']} · digits {ctx['digits']} · letters {ctx['letters']}"]
