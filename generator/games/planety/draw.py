"""Planety setup -> scene pages: the summary and the print kit.

- `summary_scene`: one page with the players' stars (and one complete fill of their orbits), the
  face-up table of all 26 tiles and how many big bangs it took, plus the printing notes (jinja2
  template, numbers from the data).
- `tiles_duplex_scene`: the 26 tiles, side a on the fronts sheets and side b on the backs sheets,
  mirrored for long-edge duplex by render.layout (a tile in column c has its back in column
  cols-1-c, so it lands behind its front); crop marks, optional bleed.
- `tiles_fold_scene`: the same faces for single-sided printers: each tile as a pair a | b with a
  dashed fold line between them, cut out as one piece, folded back to back.
- `kit_scene`: the four star tiles (with the calibration square), the token sheet (48 asteroids,
  48 water, 14 light, 12 life, counts from the data) and the orbit numbering as the rulebook draws it
  (the star at the left, its orbits numbered outward to the right).

Every face is one Symbol (one Form XObject in the PDF). Planet kinds differ by more than colour:
natural water is a drop, natural atmosphere a ring around the planet, moons allowed a crescent, so
the tiles read in greyscale too.
"""

from __future__ import annotations

import dataclasses
import math
import tomllib
from functools import cache
from typing import NamedTuple

from generator.core.checks import UserInputError
from generator.games.planety import balance
from generator.games.planety.model import DATA, Catalog, Face, Setup, Star, builtin_catalog
from generator.render import layout
from generator.render.fonts import text_width
from generator.render.scene import Circle, FontName, Item, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use
from generator.render.text import line_height, render_template, text_block

TILE = 44.0  # mm, a square tile (the planet is a disc on it)
STAR = 62.0  # mm, a star tile
TOKEN = 16.0  # mm cell of the token sheet (a 14 mm disc)
LABEL_PT = 6.0  # the smallest printed text (the project's floor)
#: tile sheets keep their grid 11 mm inside the paper, so the 5 mm crop marks (1 mm off the grid) stay
#: 5 mm off the paper edge; A4 still takes 24 tiles (4 x 6) and 12 fold-over pairs per sheet
CARD_MARGIN = 11.0
FOLD_GAP = 2.0  # mm between fold-over pairs (each is cut out on its own)
INK = "#1f2433"
SPACE = "#f3f5fb"
GREY = "#6b7280"
WATER_BLUE = "#2f80ed"
AIR = "#8fd3f4"


@cache
def labels(lang: str) -> dict[str, str]:
    with (DATA / "labels.toml").open("rb") as fh:
        return dict(tomllib.load(fh)[lang])


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _darker(colour: str, k: float = 0.65) -> str:
    r, g, b = _rgb(colour)
    return f"#{int(r * k):02x}{int(g * k):02x}{int(b * k):02x}"


def _lighter(colour: str, k: float = 0.45) -> str:
    """Mix with white (a highlight on a planet)."""
    r, g, b = _rgb(colour)
    return "#{:02x}{:02x}{:02x}".format(*(int(v + (255 - v) * k) for v in (r, g, b)))


def _fit(text: str, font: FontName, size: float, width: float, smallest: float = LABEL_PT) -> float:
    """`size`, or smaller (not below `smallest`) so that `text` fits `width` mm: a long name from a
    user's catalog must not run over the next tile; one that does not fit even then is refused."""
    w = text_width(text, font, size)
    if w <= width:
        return size
    if w * smallest / size > width:
        raise UserInputError(f"{text!r} is too long to print: {width:g} mm at {smallest:g} pt holds about "
                             f"{int(len(text) * width * size / (w * smallest))} characters")
    return size * width / w


# --- icons ------------------------------------------------------------------------------------

def token_icon(cx: float, cy: float, n: int, r: float = 3.4) -> list[Item]:
    """The rulebook's "circle with a plus": how many tokens a face gives (or a moon costs)."""
    return [Circle(cx, cy, r, fill="#ffffff", stroke=INK, width=0.35),
            Text(cx, cy + 1.3, str(n), size=8, font="bold", fill=INK, anchor="middle"),
            Circle(cx + r * 0.78, cy - r * 0.78, 1.35, fill=INK, stroke=None),
            Line(cx + r * 0.78 - 0.8, cy - r * 0.78, cx + r * 0.78 + 0.8, cy - r * 0.78, stroke="#ffffff", width=0.3),
            Line(cx + r * 0.78, cy - r * 0.78 - 0.8, cx + r * 0.78, cy - r * 0.78 + 0.8, stroke="#ffffff", width=0.3)]


def orbit_icon(x: float, y: float, text: str) -> list[Item]:
    """The rulebook's broken (dashed) circles: the orbits a face may take; (x, y) is the star dot."""
    items: list[Item] = []
    for r in (2.2, 3.8, 5.4):
        for a0 in range(-75, 75, 30):  # 18° dashes with 12° gaps
            pts = tuple((x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
                        for a in (a0, a0 + 6, a0 + 12, a0 + 18))
            items.append(Polygon(pts, stroke=INK, width=0.35, closed=False))
    items.append(Circle(x, y, 1.0, fill="#f6c343", stroke=None))
    items.append(Text(x + 6.5, y + 1.3, text, size=7.5, font="bold", fill=INK))
    return items


def drop_icon(cx: float, cy: float, s: float = 1.0) -> list[Item]:
    pts = [(cx, cy - 2.8 * s)]
    pts += [(cx + 1.8 * s * math.cos(math.radians(a)), cy + 0.6 * s + 1.8 * s * math.sin(math.radians(a)))
            for a in range(-20, 201, 20)]
    return [Polygon(tuple(pts), fill=WATER_BLUE, stroke="#1b4f9c", width=0.25)]


def air_icon(cx: float, cy: float, s: float = 1.0) -> list[Item]:
    return [Circle(cx, cy, 2.4 * s, stroke=AIR, width=0.9 * s), Circle(cx, cy, 0.9 * s, fill=AIR, stroke=None)]


def crescent_icon(cx: float, cy: float, s: float = 1.0, bg: str = SPACE) -> list[Item]:
    return [Circle(cx, cy, 2.3 * s, fill="#9aa0a6", stroke=None), Circle(cx + 1.1 * s, cy - 0.6 * s, 2.0 * s,
                                                                         fill=bg, stroke=None)]


def shield_icon(cx: float, cy: float, n: int) -> list[Item]:
    pts = ((cx - 3.4, cy - 3.6), (cx + 3.4, cy - 3.6), (cx + 3.4, cy + 0.2), (cx, cy + 4.0), (cx - 3.4, cy + 0.2))
    return [Polygon(pts, fill="#ffffff", stroke=INK, width=0.4),
            Text(cx, cy + 1.1, str(n), size=8, font="bold", fill=INK, anchor="middle")]


def sun_icon(cx: float, cy: float, r: float, colour: str = "#f6c343") -> list[Item]:
    items: list[Item] = []
    for k in range(12):
        a = math.radians(k * 30)
        items.append(Line(cx + r * 1.15 * math.cos(a), cy + r * 1.15 * math.sin(a), cx + r * 1.45 * math.cos(a),
                          cy + r * 1.45 * math.sin(a), stroke=_darker(colour, 0.85), width=max(0.3, r * 0.12)))
    items.append(Circle(cx, cy, r, fill=colour, stroke=_darker(colour, 0.75), width=0.4))
    return items


# --- tile faces -------------------------------------------------------------------------------

def face_symbol(face: Face, tile_id: str, side: str, lang: str, bleed: float = 0.0, name: str = "") -> Symbol:
    """One side of a tile, TILE x TILE mm plus `bleed` on every side (the background runs into it)."""
    b = bleed
    w = TILE + 2 * b
    cx, cy = b + TILE / 2, b + TILE / 2 + 0.5
    bg = "#e9eaee" if face.is_moon else SPACE
    # no frame line near the cut (a cut a millimetre off would show it crooked): the background is the edge
    items: list[Item] = [Rect(0, 0, w, w, fill=bg, stroke=None)]
    title = face.name[lang] if not face.is_moon else labels(lang)["moon"]
    items.append(Text(cx, b + 5.6, title, size=_fit(title, "condensed-bold", 6.8, TILE - 7.0), font="condensed-bold",
                      fill=INK, anchor="middle"))
    if face.is_moon:
        items.append(Circle(cx, cy, 11.0, fill=face.colour, stroke="#8d9096", width=0.5))
        for dx, dy, r in ((-4, -3, 2.2), (3.5, 2.5, 2.8), (-2, 5, 1.5), (5, -5, 1.2)):
            items.append(Circle(cx + dx, cy + dy, r, fill=_darker(face.colour, 0.88), stroke=None))
        # the icons stand clear above their 6 pt labels (the shield's tip used to touch "tarcza")
        items += token_icon(b + 7.0, b + TILE - 9.6, face.cost)
        items.append(Text(b + 7.0, b + TILE - 3.6, labels(lang)["cost"], size=LABEL_PT, font="condensed",
                          fill=GREY, anchor="middle"))
        items += shield_icon(b + TILE - 7.0, b + TILE - 9.8, face.shield)
        items.append(Text(b + TILE - 7.0, b + TILE - 3.6, labels(lang)["shield"], size=LABEL_PT, font="condensed",
                          fill=GREY, anchor="middle"))
    else:
        if face.atmosphere:
            items.append(Circle(cx, cy, 13.2, fill="#dff3fc", stroke=AIR, width=1.0))
        items.append(Circle(cx, cy, 10.5, fill=face.colour, stroke=_darker(face.colour), width=0.5))
        items.append(Circle(cx - 3.4, cy - 3.4, 2.6, fill=_lighter(face.colour), stroke=None))
        if face.water:
            items += drop_icon(b + TILE - 6.0, b + 10.5)
        if face.atmosphere:
            items += air_icon(b + TILE - 6.0, b + 17.5, 0.9)
        if face.moons:
            items += crescent_icon(b + 6.2, b + 11.0)
        items += orbit_icon(b + 4.3, b + TILE - 8.6, face.orbits_text())  # arcs clear the 3 mm margin
        items += token_icon(b + TILE - 7.6, b + TILE - 7.0, face.tokens)  # its "+" badge clears the 3 mm margin
    items.append(Text(cx, b + TILE - 3.6, f"{tile_id} · {side}", size=LABEL_PT, font="condensed", fill=GREY,
                      anchor="middle"))
    return Symbol(name or f"pt-face-{tile_id}-{side}", w, w, items)


def _face_symbols(scene: Scene, cat: Catalog, lang: str, bleed: float) -> tuple[list[str], list[str]]:
    fronts, backs = [], []
    for t in cat.tiles:
        fronts.append(scene.add_symbol(face_symbol(t.a, t.id, "a", lang, bleed)))
        backs.append(scene.add_symbol(face_symbol(t.b, t.id, "b", lang, bleed)))
    return fronts, backs


def tiles_duplex_scene(code: str, paper: layout.Paper, lang: str, bleed: float = 0.0,
                       cat: Catalog | None = None) -> Scene:
    cat = cat or builtin_catalog()
    scene = Scene(title=f"Planety — {labels(lang)['tiles_duplex']} — {code}", subject="boardgen: Planety tiles")
    fronts, backs = _face_symbols(scene, cat, lang, bleed)
    scene.pages += layout.impose_cards(scene, fronts, backs, TILE, TILE, paper, code, bleed=bleed,
                                       margin=CARD_MARGIN, lang=lang)
    return scene


def fold_pair_symbol(scene: Scene, tile_id: str, front: str, back: str, bleed: float) -> str:
    """Side a | side b on one piece, TILE*2 x TILE (+ bleed), folded back to back on the middle line."""
    fa, fb = scene.symbols[front], scene.symbols[back]
    b = bleed
    w, h = 2 * TILE + 2 * b, TILE + 2 * b
    if abs(fa.w - (TILE + 2 * b)) > 1e-6 or abs(fb.h - h) > 1e-6:
        raise ValueError(f"fold pair {tile_id}: faces are not {TILE:g} mm + bleed {b:g}")
    # each face is clipped at the fold, so neither one's bleed runs over the other's artwork
    items: list[Item] = [Use(front, 0, 0, clip=(0, 0, b + TILE, h)),
                         Use(back, TILE, 0, clip=(b + TILE, 0, TILE + b, h))]
    items.append(Line(b + TILE, 0, b + TILE, h, stroke="#9aa0a6", width=0.25, dash=(1.2, 1.0)))
    return scene.add_symbol(Symbol(f"pt-fold-{tile_id}", w, h, items))


def tiles_fold_scene(code: str, paper: layout.Paper, lang: str, bleed: float = 0.0,
                     cat: Catalog | None = None) -> Scene:
    cat = cat or builtin_catalog()
    scene = Scene(title=f"Planety — {labels(lang)['tiles_fold']} — {code}", subject="boardgen: Planety tiles")
    fronts, backs = _face_symbols(scene, cat, lang, bleed)
    pairs = [fold_pair_symbol(scene, t.id, f, bk, bleed) for t, f, bk in zip(cat.tiles, fronts, backs, strict=True)]
    pages = layout.impose_cards(scene, pairs, None, 2 * TILE, TILE, paper, code, bleed=bleed, gap=FOLD_GAP,
                                margin=CARD_MARGIN, lang=lang)
    for page in pages:
        layout.footer(page, code, labels(lang)["tiles_fold"], lang=lang)
    layout.number_pages(pages, code, lang)
    scene.pages += pages
    return scene


def bleed_notes(paper: layout.Paper, bleed: float, cat: Catalog | None = None) -> list[str]:
    """What a bleed costs the tile files, one English line per file it costs tiles per sheet (the
    CLI prints them as notes, as Plażing and Winnice do for their cards): a 3 mm bleed takes A4 from
    24 tiles per duplex sheet to 15, and the fold-over file from 12 pairs to fewer. The grids are
    render.layout's, planned with the settings the two files are imposed with."""
    if bleed <= 0:
        return []
    n = len((cat or builtin_catalog()).tiles)
    notes = []
    for name, card_w, duplex, gap, what in (("tiles-duplex.pdf", TILE, True, 0.0, "tiles"),
                                            ("tiles-fold.pdf", 2 * TILE, False, FOLD_GAP, "fold-over pairs")):
        def per(b: float, card_w: float = card_w, duplex: bool = duplex, gap: float = gap) -> int:
            return layout.plan_cards(card_w, TILE, paper, b, gap, landscape_ok=not duplex, margin=CARD_MARGIN).per_page

        with_bleed, plain = per(bleed), per(0.0)
        if with_bleed >= plain:
            continue
        sheets, sheets0 = -(-n // with_bleed), -(-n // plain)
        more = f" ({sheets} sheets instead of {sheets0}{' to print on both sides' if duplex else ''})" \
            if sheets != sheets0 else ""
        notes.append(f"{name}: bleed {bleed:g} mm: {with_bleed} {what} per {paper.name} sheet instead of {plain}{more}")
    return notes


# --- stars, tokens, orbits --------------------------------------------------------------------

def star_symbol(star: Star, lang: str) -> Symbol:
    L = labels(lang)
    c = STAR / 2
    items: list[Item] = [Rect(0, 0, STAR, STAR, fill="#fff8e6", stroke=None),
                         Rect(1.2, 1.2, STAR - 2.4, STAR - 2.4, stroke="#e2c27a", width=0.3, radius=2.5)]
    items += sun_icon(c, c - 4, 13.0 if star.size == "large" else 10.5, star.colour)
    items.append(Text(c, 7.0, star.name[lang], size=8, font="bold", fill=INK, anchor="middle"))
    items.append(Text(c, STAR - 4.0, f"{star.orbits} {L['orbit_word']} · {star.light} {L['light_word']}",
                      size=7, font="condensed", fill=INK, anchor="middle"))
    # the light count as a row of small suns (the tokens themselves are 16 mm and simply lie on the
    # tile, as the rulebook says: printed "places" for them would be smaller than the tokens)
    for i in range(star.light):
        items += sun_icon(c - 3.0 * (star.light - 1) + 6.0 * i, STAR - 11.0, 1.6)
    items.append(Text(STAR - 4.0, STAR - 10.0, "→ 1, 2, 3…", size=6.5, font="condensed-bold", fill=GREY,
                      anchor="end"))
    return Symbol(f"pt-star-{star.id}", STAR, STAR, items)


TOKEN_ART = ("asteroid", "water", "light", "life")


def token_symbol(kind: str, lang: str, label: bool = True) -> Symbol:
    """One token of the token sheet (16 mm, its word in 6 pt under the picture). `label=False` draws
    the picture alone, for a pictogram shown smaller (a rule card's icon row), where the word would
    shrink below the 6 pt floor."""
    c = TOKEN / 2
    items: list[Item] = [Circle(c, c, 7.0, fill="#ffffff", stroke="#9aa0a6", width=0.25)]
    # the picture sits above the middle, within 3.9 mm of (c, y), so a 6 pt label fits inside the disc
    k, y = 0.78, c - 1.3
    if kind == "asteroid":
        pts = tuple((c + k * r * math.cos(math.radians(a)), y + k * r * math.sin(math.radians(a)))
                    for a, r in zip(range(0, 360, 40), (4.6, 3.6, 4.9, 4.0, 5.0, 3.7, 4.7, 4.1, 4.4), strict=True))
        items += [Polygon(pts, fill="#8b7d6b", stroke="#4a4036", width=0.35),
                  Circle(c - 1.2 * k, y - 0.8 * k, 0.9 * k, fill="#6b5e4f", stroke=None),
                  Circle(c + 1.5 * k, y + 1.2 * k, 0.7 * k, fill="#6b5e4f", stroke=None)]
    elif kind == "water":
        items += drop_icon(c, y + 0.1, 1.7 * k)
    elif kind == "light":
        items += sun_icon(c, y, 3.2 * k)
    else:
        leaf = (((0, 4.5), (-3.8, -0.5), (-1.0, -4.2), (0.2, -1.0)), ((0, 4.5), (3.8, -1.5), (1.4, -4.5), (0.2, -1.0)))
        for fill, pts in zip(("#4caf50", "#66bb6a"), leaf, strict=True):
            items.append(Polygon(tuple((c + k * dx, y + k * dy) for dx, dy in pts), fill=fill, stroke="#2e7d32",
                                 width=0.3))
    word = {"asteroid": "asteroid", "water": "water_token", "light": "light_token", "life": "life"}[kind]
    text = labels(lang)[word]
    if label:
        items.append(Text(c, c + 4.7, text, size=_fit(text, "condensed", LABEL_PT, 9.2), font="condensed", fill=GREY,
                          anchor="middle"))
    return Symbol(f"pt-token-{kind}", TOKEN, TOKEN, items)


def orbit_page(paper: layout.Paper, code: str, lang: str) -> Page:
    """The star at the left and its orbits numbered outward to the right, as the rulebook draws the
    numbering; orbit 6 belongs to large stars only (marked in another colour)."""
    L = labels(lang)
    p = paper.landscape()
    page = Page(p.w, p.h, label="orbit numbering")
    m = layout.MARGIN
    page.items.append(Text(m + 2, m + 6, L["orbit_title"], size=14, font="bold", fill=INK))
    page.items += text_block(m + 2, m + 12, p.w - 2 * m - 4, L["orbit_note"], 8.5)
    top, bottom = m + 20, p.h - m - layout.FOOTER_H - 4
    cy = (top + bottom) / 2
    reach = (bottom - top) / 2
    sun_r = 18.0
    sx = m + 4 + sun_r * 1.45
    page.items += sun_icon(sx, cy, sun_r)
    first = sun_r * 1.45 + 14
    step = (p.w - m - 14 - sx - first) / 5
    for k in range(1, 7):
        r = first + (k - 1) * step
        half = min(60.0, math.degrees(math.asin(min(1.0, reach / r))))
        pts = tuple((sx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                    for a in _frange(-half, half, max(1.0, half / 24)))
        colour = "#c77d0a" if k == 6 else INK
        page.items.append(Polygon(pts, stroke=colour, width=0.5, closed=False))
        page.items.append(Circle(sx + r, cy, 9.0, fill="#ffffff", stroke=colour, width=0.5))
        page.items.append(Text(sx + r, cy + 2.8, str(k), size=16, font="bold", fill=colour, anchor="middle"))
    x5, x6 = sx + first + 4 * step, sx + first + 5 * step
    page.items.append(Text(x5, cy + 16, f"1–5: {L['small']}", size=8, font="condensed", fill=INK, anchor="middle"))
    page.items.append(Text(x6, cy + 16, f"1–6: {L['large']}", size=8, font="condensed", fill="#c77d0a",
                           anchor="middle"))
    layout.footer(page, code, L["orbit_title"], lang=lang)
    return page


def _frange(a: float, b: float, step: float) -> list[float]:
    n = max(1, int(round((b - a) / step)))
    return [a + (b - a) * i / n for i in range(n + 1)]


def _grid_pages(names: list[str], grid: layout.CardGrid, card: float, code: str, text: str,
                lang: str) -> list[Page]:
    """Cards on `grid` (render.layout's geometry and crop marks; a short sheet has marks only
    beside the cards it holds)."""
    pages = []
    per = grid.per_page
    for start in range(0, len(names), per):
        chunk = names[start:start + per]
        page = Page(grid.paper.w, grid.paper.h, label=text)
        for k, name in enumerate(chunk):
            page.items.append(Use(name, *grid.cell(*divmod(k, grid.cols))))
        page.items += layout.card_crop_marks(grid, 0.0, card, card, count=len(chunk))
        layout.footer(page, code, text, lang=lang)
        pages.append(page)
    return pages


def kit_scene(code: str, paper: layout.Paper, lang: str, cat: Catalog | None = None) -> Scene:
    """kit.pdf: the star tiles with the calibration square, the token sheet, the orbit numbering."""
    cat = cat or builtin_catalog()
    L = labels(lang)
    scene = Scene(title=f"Planety — {L['kit']} — {code}", subject="boardgen: Planety print kit")
    stars = [scene.add_symbol(star_symbol(s, lang)) for s in cat.stars]
    gap = 3.0
    full = layout.plan_cards(STAR, STAR, paper, gap=gap, landscape_ok=False)
    cols = min(2, full.cols)
    width = cols * STAR + (cols - 1) * gap
    grid = dataclasses.replace(full, cols=cols, rows=min(full.rows, 2), x0=(full.paper.w - width) / 2,
                               y0=layout.MARGIN + 14)
    star_pages = _grid_pages(stars, grid, STAR, code, L["stars_title"], lang)
    last = star_pages[-1]
    last.items.append(Text(layout.MARGIN + 2, layout.MARGIN + 6, L["stars_title"], size=14, font="bold", fill=INK))
    on_last = (len(stars) - 1) % grid.per_page + 1
    y_cal = grid.y0 + math.ceil(on_last / grid.cols) * (STAR + gap) + 10
    if y_cal + layout.CAL_SIZE + layout.CAL_LABEL_H <= last.h - layout.MARGIN - layout.FOOTER_H:
        last.items += layout.calibration_square((last.w - layout.CAL_SIZE) / 2, y_cal, lang=lang)
    tokens: list[str] = []
    for kind in TOKEN_ART:
        name = scene.add_symbol(token_symbol(kind, lang))
        tokens += [name] * cat.tokens[kind]
    tgrid = layout.plan_cards(TOKEN, TOKEN, paper, landscape_ok=False)
    tcols = tgrid.cols - 1  # one column less keeps the crop marks 5 mm off the paper edge
    # one row less leaves room for the heading the star and orbit pages have too
    tgrid = dataclasses.replace(tgrid, cols=tcols, rows=tgrid.rows - 1, x0=(tgrid.paper.w - tcols * TOKEN) / 2,
                                y0=layout.MARGIN + 14)
    token_pages = _grid_pages(tokens, tgrid, TOKEN, code, L["tokens_title"], lang)
    for page in token_pages:
        page.items.append(Text(layout.MARGIN + 2, layout.MARGIN + 6, L["tokens_title"], size=14, font="bold",
                               fill=INK))
    pages = star_pages + token_pages + [orbit_page(paper, code, lang)]
    layout.number_pages(pages, code, lang)
    scene.pages += pages
    return scene


# --- the summary ------------------------------------------------------------------------------

class KitSheets(NamedTuple):
    """The summary's sheet count (`kit_sheets`): the whole kit's line with tiles-duplex.pdf, and the
    sheets of tiles-fold.pdf, its single-sided alternative, and of the whole kit printed with that."""

    line: str
    fold: int
    fold_total: int


def kit_sheets(tiles_duplex: list[Page], tiles_fold: list[Page], kit: list[Page], paper: layout.Paper, lang: str,
               backs: str = "duplex") -> KitSheets:
    """The kit's sheets, counted from its files' own pages: summary.pdf, tiles-duplex.pdf, kit.pdf
    and setup-card.pdf printed with `backs`; tiles-fold.pdf replaces tiles-duplex.pdf on a
    single-sided printer (a kit prints one or the other, never both), so it is said as the "or"."""
    summary = [Page(paper.w, paper.h, label="summary")]
    card = [Page(paper.w, paper.h, label="cards 1 fronts")]
    card += [Page(paper.w, paper.h, label="cards 1 backs")] if backs == "duplex" else []
    files = [("summary.pdf", summary), ("tiles-duplex.pdf", tiles_duplex), ("kit.pdf", kit), ("setup-card.pdf", card)]
    fold = layout.sheet_count(tiles_fold)
    total = sum(layout.sheet_count(pages) for _, pages in files) - layout.sheet_count(tiles_duplex) + fold
    return KitSheets(layout.kit_sheets_text(files, paper, lang), fold, total)


def summary_text(setup: Setup, lang: str, cat: Catalog | None = None, kit: KitSheets | None = None) -> str:
    """The notes under the tables: how to lay this table, how often bots strand a player on it
    (balance.py, the same seeded games for every run of the code), the end and the printing (with
    `kit`, the lines of `kit_sheets`, when given)."""
    cat = cat or builtin_catalog()
    small = next(s.light for s in cat.stars if s.size == "small")
    large = next(s.light for s in cat.stars if s.size == "large")
    lim = balance.limits()
    rates = balance.stranded_rates(setup, cat)
    return render_template(f"planety/summary.{lang}.txt", throws=setup.throws, win_life=cat.win_life,
                           small_light=small, large_light=large, games=lim.games, greedy=f"{rates['greedy']:.0%}",
                           random=f"{rates['random']:.0%}", balanced=setup.balanced, rejected=setup.rejected,
                           stranded_max=f"{lim.stranded_max:.0%}", kit=kit,
                           **cat.tokens)


def card_facts(setup: Setup, cat: Catalog, lang: str, stranded: bool = True) -> list[str]:
    """The setup card's facts (render.rulecards.setup_card_scene): players and big bangs, each seat's
    star, how often greedy and random bots strand a player on this table (unless `stranded` is
    False: a card with playout figures says it per bot already, and four stars with both would not
    fit the card), and a balanced big bang."""
    lab = labels(lang)
    lim = balance.limits()
    facts = [lab["card_players"].format(n=setup.players, throws=setup.throws)]
    for seat, sid in enumerate(setup.stars, start=1):
        star = cat.star(sid)
        facts.append(lab["card_star"].format(seat=seat, star=star.name[lang], orbits=star.orbits, light=star.light))
    if stranded:
        rates = balance.stranded_rates(setup, cat)
        facts.append(lab["card_stranded"].format(greedy=f"{rates['greedy']:.0%}", random=f"{rates['random']:.0%}",
                                                 games=lim.games))
    if setup.balanced:
        facts.append(lab["card_balanced"].format(max=f"{lim.stranded_max:.0%}"))
    return facts


def summary_scene(setup: Setup, code: str, paper: layout.Paper, lang: str, cat: Catalog | None = None,
                  kit: KitSheets | None = None) -> Scene:
    """One page: stars per seat with a fill, the face-up table, the throws, and the notes (with the
    kit's sheet counts, `kit_sheets`, when `kit` is given)."""
    cat = cat or builtin_catalog()
    L = labels(lang)
    scene = Scene(title=f"Planety — {L['summary']} — {code}", subject="boardgen: Planety setup summary")
    p = paper.portrait()
    page = Page(p.w, p.h, label="summary")
    m = layout.MARGIN + 4
    width = p.w - 2 * m
    it = page.items
    it.append(Text(m, m + 5, f"{L['title']} — {L['subtitle']}", size=16, font="bold", fill=INK))
    it.append(Text(m + width, m + 5, code, size=11, font="bold", fill="#0d3b66", anchor="end"))
    thrown = L["throws_balanced" if setup.balanced else "throws"]
    it.append(Text(m, m + 11, f"{setup.players} {L['players']} · {thrown}: {setup.throws}", size=9, fill=INK))
    y = m + 19
    it.append(Text(m, y, L["stars"], size=10.5, font="bold", fill=INK))
    y += 5
    cols = (m, m + 14, m + 52, m + 66, m + 80)
    for x, head in zip(cols, (L["seat"], L["star"], L["orbits"], L["light"], L["fill"]), strict=True):
        it.append(Text(x, y, head, size=7, font="condensed-bold", fill=GREY))
    y += 1.5
    for seat, sid in enumerate(setup.stars, start=1):
        s = cat.star(sid)
        row_y = y + 5.5
        it.append(Rect(m, y + 0.8, width, 6.6, fill="#f7f4ea" if seat % 2 else None, stroke=None))
        it += sun_icon(m + 7.5, row_y - 1.3, 1.8, s.colour)
        it.append(Text(m + 2, row_y, str(seat), size=8.5, font="bold", fill=INK))
        it.append(Text(cols[1], row_y, s.name[lang], size=8.5, fill=INK))
        it.append(Text(cols[2] + 4, row_y, str(s.orbits), size=8.5, fill=INK, anchor="middle"))
        it.append(Text(cols[3] + 4, row_y, str(s.light), size=8.5, fill=INK, anchor="middle"))
        fill = setup.fill[seat - 1] if setup.fill else ()
        it.append(Text(cols[4], row_y, "  ".join(f"{k}:{t}" for k, t in enumerate(fill, start=1)), size=7.5,
                       font="condensed", fill=INK))
        y += 6.6
    y += 7
    it.append(Text(m, y, L["table"], size=10.5, font="bold", fill=INK))
    y += 4
    half = (len(cat.tiles) + 1) // 2
    col_w = (width - 4) / 2
    row_h = 6.4
    for c in range(2):
        x = m + c * (col_w + 4)
        heads = ((0, L["tile"]), (15.5, L["kind"]), (47, L["orbits"]), (58, L["tokens"]), (69, ""))
        for dx, head in heads:
            it.append(Text(x + dx, y + 3, head, size=6.5, font="condensed-bold", fill=GREY))
        for r, t in enumerate(cat.tiles[c * half:(c + 1) * half]):
            side = setup.faces.get(t.id, "a")
            f = t.face(side)
            ry = y + 4.5 + r * row_h
            if r % 2 == 0:
                it.append(Rect(x, ry, col_w, row_h, fill="#f2f4f8", stroke=None))
            by = ry + row_h / 2 + 1.2
            it.append(Text(x + 1, by, f"{t.id} {side}", size=7.5, font="condensed-bold", fill=INK))
            it.append(Circle(x + 12.6, by - 1.2, 1.9, fill=f.colour, stroke=_darker(f.colour), width=0.25))
            it.append(Text(x + 15.5, by, f.name[lang], size=7.5, font="condensed", fill=INK))
            if f.is_moon:
                it.append(Text(x + 47, by, f"{L['cost']} {f.cost} · {L['shield']} {f.shield}", size=7,
                               font="condensed", fill=INK))
                continue
            it.append(Text(x + 47, by, f.orbits_text(), size=7.5, font="condensed", fill=INK))
            it.append(Text(x + 60, by, str(f.tokens), size=7.5, font="condensed", fill=INK))
            ix = x + 69
            if f.water:
                it += drop_icon(ix + 1.5, by - 1.5, 0.55)
            if f.atmosphere:
                it += air_icon(ix + 6, by - 1.2, 0.55)
            if f.moons:
                it += crescent_icon(ix + 10.5, by - 1.2, 0.55, bg="#f2f4f8" if r % 2 == 0 else "#ffffff")
    y += 4.5 + half * row_h + 3
    kx = m
    for i, word in enumerate((L["water"], L["atmosphere"], L["moons"])):
        icon = (drop_icon(kx + 1.5, y - 1.4, 0.55) if i == 0 else air_icon(kx + 1.5, y - 1.2, 0.55) if i == 1
                else crescent_icon(kx + 1.5, y - 1.2, 0.55, bg="#ffffff"))
        it += icon
        it.append(Text(kx + 4.5, y, f"= {word.lower()}", size=7, font="condensed", fill=GREY))
        kx += 30
    y += 6
    for raw in summary_text(setup, lang, cat, kit).splitlines():
        line = raw.rstrip()
        if not line:
            continue
        if line.startswith("## "):
            y += 2.5
            it.append(Text(m, y + 1, line[3:], size=10.5, font="bold", fill=INK))
            y += line_height(10.5) + 0.5
        else:
            text = line[2:] if line.startswith("- ") else line
            block = text_block(m + 4, y, width - 4, text, 8)
            it.append(Circle(m + 1.2, y - 1.1, 0.7, fill="#c77d0a", stroke=None))
            it += block
            y += line_height(8) * len(block) + 0.8
    if y > p.h - layout.MARGIN - layout.FOOTER_H - 2:
        raise ValueError("the summary does not fit on one page")  # a template edit went too far
    layout.footer(page, code, L["summary"], lang=lang)
    layout.number_pages([page], code, lang)
    scene.pages.append(page)
    return scene
