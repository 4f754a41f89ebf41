"""Print layout: paper, footers with the setup code, a calibration square, true-scale poster tiling
of boards bigger than a sheet, a scaled overview, and n-up card imposition with crop marks, bleed
and long-edge duplex backs.

Everything returns plain scene pages/items, so the same layout renders to PDF and PNG and can be
tested as data. Conventions (print-and-play):
- every page carries a footer line "boardgen · <text> · code <CODE> · page i/n" inside the bottom
  margin band; `number_pages` (re)numbers a whole document, so call it again after concatenating
  the page lists of several layouts;
- the calibration square lives on the board `overview` page, which always makes room for it (the
  board is shrunk a little if it must be); `poster` adds another one on its last sheet when that
  sheet has a free corner. A board PDF is therefore `overview` + `poster` pages;
- poster tiles are 1:1; a sheet with a neighbour to the right/below has a dashed strip exactly
  `overlap` mm wide along that edge (glue area, covered later); a sheet with a neighbour to the
  left/above is trimmed along its window edge (thin grey line) and laid on top. Registration
  crosshairs are drawn in board coordinates in the middle of the shared strips, so they coincide
  on both sheets and are whole on each (none sits on a cut line);
  `plan_poster` picks the fewest sheets (orientation, a margin down to POSTER_MIN_MARGIN, a glue
  strip down to MIN_OVERLAP) and shares the board evenly between them (no thin leftover strips);
- nothing is drawn within SAFE_EDGE (5 mm) of the paper edge, on any page: crop marks shorten to
  the room there is, a card sheet whose cards fill the height carries its footer up the side
  margin; `render.bounds.edge_violations` checks a whole document;
- card sheets (`impose`): the most cards per sheet (cards turned a quarter when that fits more,
  e.g. with bleed), TrimBox around the cuts and BleedBox around the bleed, long-edge duplex backs,
  warnings (bleed or a gap costing cards, card text or art inside the 3 mm safe margin) returned
  and added to `Scene.warnings` for the CLI to print; `duplex_test_pages` checks a printer's
  duplex registration.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from generator.render import fonts
from generator.render.legible import legible
from generator.render.scene import CardEntry, Item, Line, Page, Rect, Scene, Symbol, Text, Use

MARGIN: float = 8.0  # mm, default unprintable margin on every side
FOOTER_H: float = 4.0  # mm band at the bottom of the printable area reserved for the footer line
FOOTER_SIZE: float = 6.5  # pt
FOOTER_PREFIX = "boardgen"
HEADER_H: float = 10.0  # mm band at the top of poster/overview sheets (title, tile label, map)
CAL_SIZE: float = 50.0
CAL_LABEL_H: float = 7.0  # mm below the calibration square for its two label lines

#: no ink closer than this to the paper edge, on any page (home printers cannot print there)
SAFE_EDGE: float = 5.0
#: where marks may end: SAFE_EDGE plus a little for stroke widths and rounding
EDGE_CLEAR: float = SAFE_EDGE + 0.3

GREY = "#777777"
DARK = "#333333"


@dataclass(frozen=True, slots=True)
class Paper:
    """A sheet size in mm (portrait as listed; `landscape()` turns it)."""

    name: str
    w: float
    h: float

    def landscape(self) -> Paper:
        return self if self.w >= self.h else Paper(self.name, self.h, self.w)

    def portrait(self) -> Paper:
        return self if self.w <= self.h else Paper(self.name, self.h, self.w)


PAPERS: dict[str, Paper] = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4)}


def get_paper(name: str) -> Paper:
    """Paper by name, case-insensitive; a one-line ValueError for anything else."""
    paper = PAPERS.get(name.strip().lower())
    if paper is None:
        raise ValueError(f"unknown paper {name!r} (choose {' or '.join(PAPERS)})")
    return paper


# --- footer and page numbers ---------------------------------------------------------------------


def _footer_y(page: Page, margin: float = MARGIN) -> float:
    return page.h - margin - 0.8


#: footer words by language; a footer is recognised by its prefix and one of the "code" words
FOOTER_WORDS = {"en": {"code": "code", "page": "page"}, "pl": {"code": "kod", "page": "str."}}
_CODE_WORDS = tuple(w["code"] + " " for w in FOOTER_WORDS.values())
_PAGE_WORDS = tuple(w["page"] + " " for w in FOOTER_WORDS.values())


def _words(lang: str) -> dict[str, str]:
    return FOOTER_WORDS.get(lang, FOOTER_WORDS["en"])


def _footer_text(code: str, text: str, num: tuple[int, int] | None, lang: str = "en") -> str:
    words = _words(lang)
    parts = [FOOTER_PREFIX]
    if text:
        parts.append(text)
    parts.append(f"{words['code']} {code}")
    if num is not None:
        parts.append(f"{words['page']} {num[0]}/{num[1]}")
    return " · ".join(parts)


def _footer_parts(line: str) -> tuple[str, str | None]:
    """(the page's own text, its code) from a footer line."""
    text, code = [], None
    for part in line.split(" · ")[1:]:
        if part.startswith(_CODE_WORDS):
            code = part.split(" ", 1)[1]
        elif not part.startswith(_PAGE_WORDS):
            text.append(part)
    return " · ".join(text), code


def _is_footer(item: Item, page: Page) -> bool:
    return (isinstance(item, Text) and item.text.startswith(FOOTER_PREFIX + " · ")
            and any(f" · {w}" in item.text for w in _CODE_WORDS))


def footer(page: Page, code: str, text: str = "", margin: float = MARGIN, lang: str = "en",
           at: tuple[float, float, float] | None = None) -> None:
    """Add (or replace) the footer line of `page`: the setup code, so every printed sheet can be
    traced back to the setup that made it. Page numbers come from `number_pages`.

    `at` = (x, y, rotate) puts the line somewhere else than the bottom margin (card sheets whose
    cards fill the height carry it turned 90 degrees in the side margin); a replaced footer keeps
    the place and turn of the one it replaces."""
    x, y, rotate = at if at is not None else (margin, _footer_y(page, margin), 0.0)
    if at is None:
        for it in page.items:
            if _is_footer(it, page):
                assert isinstance(it, Text)
                x, y, rotate = it.x, it.y, it.rotate  # keep where an earlier footer was put
    page.items[:] = [it for it in page.items if not _is_footer(it, page)]
    line = Text(x, y, "", size=FOOTER_SIZE, font="condensed", fill="#444444", rotate=rotate)
    page.items.append(_fitted_footer(page, line, code, text, None, lang))


def _footer_room(page: Page, t: Text) -> float:
    """How long the footer line at `t` may be before it reaches the SAFE_EDGE band."""
    r = t.rotate % 360
    if r == 90:
        return t.y - EDGE_CLEAR
    if r == 270:
        return page.h - EDGE_CLEAR - t.y
    return page.w - EDGE_CLEAR - t.x


def _fitted_footer(page: Page, t: Text, code: str, text: str, num: tuple[int, int] | None, lang: str) -> Text:
    """The footer line, its own text shortened (never the code or the page number) to fit."""
    room = _footer_room(page, t)
    line = _footer_text(code, text, num, lang)
    if fonts.text_width(line, "condensed", FOOTER_SIZE) > room and text:
        rest = fonts.text_width(_footer_text(code, "…", num, lang), "condensed", FOOTER_SIZE) - \
            fonts.text_width("…", "condensed", FOOTER_SIZE)
        line = _footer_text(code, _fit_text(text, max(0.0, room - rest), FOOTER_SIZE, "condensed"), num, lang)
    return replace(t, text=line)


def footer_text_of(page: Page) -> str | None:
    """The footer line of a page, or None (for tests and for `number_pages`)."""
    for it in page.items:
        if _is_footer(it, page):
            assert isinstance(it, Text)
            return it.text
    return None


def number_pages(pages: list[Page], code: str | None = None, lang: str = "en") -> None:
    """Give every page a footer "… code CODE · page i/n", keeping each page's own footer text.

    With `code=None` each page keeps the code its footer already shows (a pad whose sheets each
    carry their own code)."""
    n = len(pages)
    for i, page in enumerate(pages, start=1):
        old = footer_text_of(page)
        text, own = _footer_parts(old) if old is not None else ("", None)
        page_code = code if code is not None else (own or "")
        footer(page, page_code, text, lang=lang)
        last = page.items.pop()
        assert isinstance(last, Text)
        page.items.append(_fitted_footer(page, last, page_code, text, (i, n), lang))


# --- small drawings ------------------------------------------------------------------------------


def calibration_square(x: float, y: float, size: float = CAL_SIZE, lang: str = "en") -> list[Item]:
    """A size x size mm square with 10 mm ticks and a label below: if it does not measure `size` mm
    on paper, the printer scaled the page ("fit to page") and the board is not true scale."""
    items: list[Item] = [Rect(x, y, size, size, fill=None, stroke="#000000", width=0.3)]
    for i in range(1, math.ceil(size / 10.0)):
        t = i * 10.0
        tick = 3.0 if i % 5 == 0 else 2.0
        items += [Line(x + t, y, x + t, y + tick, width=0.2), Line(x, y + t, x + tick, y + t, width=0.2),
                  Line(x + t, y + size, x + t, y + size - tick, width=0.2),
                  Line(x + size, y + t, x + size - tick, y + t, width=0.2)]
    items.append(Text(x + size / 2, y + size / 2 + 1.2, f"{size:g} mm", size=9, font="bold",
                      anchor="middle"))
    english = ("{s} mm — measure to check true scale", "(print at 100%, not “fit to page”)")
    lines = {"en": english, "pl": ("{s} mm — zmierz, by sprawdzić skalę 1:1",
                                   "(drukuj w 100%, bez „dopasuj do strony”)")}.get(lang, english)
    items.append(Text(x, y + size + 3.2, lines[0].format(s=f"{size:g}"), size=6.5, font="condensed"))
    items.append(Text(x, y + size + 6.0, lines[1], size=6.5, font="condensed"))
    return items


def diagonal_stripes(w: float, h: float, step: float, stroke: str, width: float) -> list[Item]:
    """Diagonal stripes (rising to the right) filling the box 0..w x 0..h and clipped to it, so a
    patterned card back never paints past its own edge onto the margin or a neighbour."""
    out: list[Item] = []
    k = -h
    while k < w:
        # the line (k, h) -> (k + h, 0) is x = k + t*h, y = h - t*h for t in 0..1; keep 0 <= x <= w
        t0, t1 = max(0.0, -k / h), min(1.0, (w - k) / h)
        if t1 > t0:
            out.append(Line(k + t0 * h, h - t0 * h, k + t1 * h, h - t1 * h, stroke=stroke, width=width))
        k += step
    return out


def crosshair(x: float, y: float, arm: float = 3.0) -> list[Item]:
    """A registration mark: a thin black cross with a white halo so it shows on dark artwork."""
    out: list[Item] = []
    for colour, width in (("#ffffff", 0.6), ("#000000", 0.15)):
        out += [Line(x - arm, y, x + arm, y, stroke=colour, width=width),
                Line(x, y - arm, x, y + arm, stroke=colour, width=width)]
    return out


def _fit_text(text: str, width: float, size: float, font: str) -> str:
    """Shorten `text` with an ellipsis until it fits `width` mm (titles in a fixed header)."""
    if fonts.text_width(text, font, size) <= width:
        return text
    while text and fonts.text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def row_letter(r: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet style)."""
    out = ""
    r += 1
    while r:
        r, rem = divmod(r - 1, 26)
        out = chr(65 + rem) + out
    return out


def _tile_count(length: float, window: float, overlap: float) -> int:
    if length <= window + 1e-9:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def _mini_map(x: float, y: float, rows: int, cols: int, here: tuple[int, int],
              max_w: float = 22.0, max_h: float = 7.5) -> list[Item]:
    """A thumbnail of the tile grid with this sheet filled; (x, y) is its top-right corner."""
    cell = min(max_w / cols, max_h / rows, 4.0)
    left = x - cell * cols
    out: list[Item] = []
    for r in range(rows):
        for c in range(cols):
            filled = (r, c) == here
            out.append(Rect(left + c * cell, y + r * cell, cell, cell, fill=DARK if filled else None,
                            stroke=DARK, width=0.15))
    return out


# --- poster --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PosterPlan:
    """How a board is cut into sheets: useful to tests and to the CLI's progress messages.

    With more than one sheet in a direction the board is shared evenly between them (each shows
    (board + (n-1) * overlap) / n mm), so no sheet carries a thin leftover strip."""

    paper: Paper
    rows: int
    cols: int
    window_w: float  # mm of board each sheet shows (the whole printable width when cols == 1)
    window_h: float
    overlap: float
    margin: float = MARGIN  # the sheet margin this plan uses (may be tighter than asked, never < POSTER_MIN_MARGIN)

    @property
    def sheets(self) -> int:
        return self.rows * self.cols

    def window(self, r: int, c: int, board_w: float, board_h: float) -> tuple[float, float, float, float]:
        """The board rectangle (x, y, w, h) that sheet (r, c) shows."""
        bx = c * (self.window_w - self.overlap)
        by = r * (self.window_h - self.overlap)
        return bx, by, min(self.window_w, board_w - bx), min(self.window_h, board_h - by)


#: the tightest sheet margin a poster may use: its header, footer and cut lines then still keep
#: SAFE_EDGE mm of white at the paper edge (home printers cannot print there)
POSTER_MIN_MARGIN: float = 6.0
#: the narrowest glue strip a poster may use when a narrower one saves a sheet
MIN_OVERLAP: float = 6.0


def _even_window(length: float, avail: float, n: int, overlap: float) -> float:
    return avail if n == 1 else (length + (n - 1) * overlap) / n


def plan_poster(board_w: float, board_h: float, paper: Paper, overlap: float = 10.0,
                margin: float = MARGIN) -> PosterPlan:
    """The tiling that needs the fewest sheets.

    Tried: portrait and landscape, the asked `margin` and tighter ones down to POSTER_MIN_MARGIN,
    the asked `overlap` and narrower ones down to MIN_OVERLAP. On a tie the wider margin, then the
    wider overlap, then portrait wins (a 356 x 252 mm board: 2 Letter sheets with a 6.5 mm margin
    instead of 4 with 8 mm)."""
    margin = max(margin, POSTER_MIN_MARGIN)
    margins = [margin] + [m for m in (7.0, 6.5, POSTER_MIN_MARGIN) if m < margin]
    overlaps = [overlap] + [o for o in (8.0, MIN_OVERLAP) if o < overlap]
    best: tuple[tuple[float, ...], PosterPlan] | None = None
    for k, p in enumerate((paper.portrait(), paper.landscape())):
        for m in margins:
            ww, wh = p.w - 2 * m, p.h - 2 * m - HEADER_H - FOOTER_H
            if min(ww, wh) <= overlap:
                raise ValueError(f"overlap {overlap:g} mm is too big for {p.name} with margin {m:g} mm")
            for o in overlaps:
                rows, cols = _tile_count(board_h, wh, o), _tile_count(board_w, ww, o)
                plan = PosterPlan(p, rows, cols, _even_window(board_w, ww, cols, o),
                                  _even_window(board_h, wh, rows, o), o, m)
                key = (rows * cols, -m, -o, k)
                if best is None or key < best[0]:
                    best = (key, plan)
    assert best is not None
    return best[1]


def _marks_symbol(scene: Scene, sym: Symbol, plan: PosterPlan) -> str:
    """Registration crosshairs along every seam, in board coordinates (one Form XObject that each
    sheet places exactly like the board, so the marks coincide on neighbouring sheets).

    A cross stands in the middle of the shared `overlap` strip, never on a cut line: there it is
    whole on both sheets — on the lower sheet's glue strip and on the upper sheet, which is trimmed
    o/2 mm away (a cross on the upper sheet's own cut line was clipped to half and trimming then cut
    its other arm lengthwise). Its arms (0.4·overlap at most) stay inside the strip."""
    o = plan.overlap
    name = f"{sym.name}~poster-marks~{plan.window_w:g}x{plan.window_h:g}~{o:g}~mid"
    if name in scene.symbols:
        return name
    arm = min(3.0, o * 0.4)
    points: set[tuple[float, float]] = set()
    for c in range(1, plan.cols):
        x = c * (plan.window_w - o) + o / 2
        for r in range(plan.rows):
            _, by, _, bh = plan.window(r, 0, sym.w, sym.h)
            points |= {(x, by + o / 2), (x, by + bh - o / 2)}
    for r in range(1, plan.rows):
        y = r * (plan.window_h - o) + o / 2
        for c in range(plan.cols):
            bx, _, bw, _ = plan.window(0, c, sym.w, sym.h)
            points |= {(bx + o / 2, y), (bx + bw - o / 2, y)}
    items: list[Item] = []
    for x, y in sorted(points):
        items += crosshair(x, y, arm)
    scene.add_symbol(Symbol(name, sym.w, sym.h, items))
    return name


def _header(page: Page, margin: float, title: str, line2: str, map_w: float = 0.0) -> None:
    width = page.w - 2 * margin - map_w - 3.0
    page.items.append(Text(margin, margin + 3.6, _fit_text(title, width, 9.0, "bold"), size=9.0, font="bold"))
    page.items.append(Text(margin, margin + 7.6, _fit_text(line2, width, 6.5, "condensed"), size=6.5,
                           font="condensed", fill=DARK))


#: the sentences printed in poster and overview headers, by language ("en" for anything unknown)
HEADER_TEXT = {
    "en": {"one": "board · true scale 1:1 (print at 100%, no “fit to page”)",
           "cut": "✂ cut off the {sides} margin, lay over the neighbour",
           "glue": "glue on the dashed {o} mm {sides} strip",
           "tile": "tile {label} · row {row} of {rows}, column {col} of {cols} · true scale 1:1 · {how}",
           "left": "left", "top": "top", "right": "right", "bottom": "bottom", "and": " & ",
           "over_1": "overview · true scale 1:1 (100%)",
           "over": "overview · scale 1:{k:.2f} ({pct:.0f}%) — print the poster pages for a true-scale board",
           "overview": "overview", "glue_label": "glue · {o} mm", "cut_label": "✂ cut",
           "cards": "cards", "fronts": "fronts", "backs": "backs · print double-sided, flip on long edge",
           "fold": "fold · cut each pair out, fold on the dashed line, glue back to back",
           "warn_bleed": "bleed {b} mm: {n} {what} per {paper} sheet instead of {n0}",
           "warn_bleed_sheets": " ({s} sheets instead of {s0})",
           "warn_safe": "{what} at x {x0}..{x1}, y {y0}..{y1} mm of the card lies {gap:.1f} mm from the cut, "
                        "inside the {safe} mm safe margin (cards {cards})",
           "warn_gap": "a {g} mm gap between cards costs cards per sheet: printing {n} per sheet without a gap",
           "duplex_title": "duplex alignment test",
           "duplex_front": "print both pages double-sided, flip on long edge, at 100%; hold against the light",
           "duplex_back": "each cross should fall on its target's centre: squares at 1, 2, 3 mm read the shift"},
    "pl": {"one": "plansza · skala 1:1 (drukuj w 100%, bez „dopasuj do strony”)",
           "cut": "✂ odetnij margines ({sides}) i połóż na sąsiednim arkuszu",
           "glue": "klej na przerywanym pasku {o} mm ({sides})",
           "tile": "arkusz {label} · rząd {row} z {rows}, kolumna {col} z {cols} · skala 1:1 · {how}",
           "left": "lewy", "top": "górny", "right": "prawy", "bottom": "dolny", "and": " i ",
           "over_1": "podgląd · skala 1:1 (100%)",
           "over": "podgląd · skala 1:{k:.2f} ({pct:.0f}%) — plansza w skali 1:1 to arkusze plakatu",
           "overview": "podgląd", "glue_label": "klej · {o} mm", "cut_label": "✂ przytnij",
           "cards": "karty", "fronts": "awersy",
           "backs": "rewersy · druk dwustronny, obracanie wzdłuż dłuższej krawędzi",
           "fold": "złóż · wytnij parę, zegnij wzdłuż linii przerywanej, sklej tyłami",
           "duplex_title": "test druku dwustronnego",
           "duplex_front": "wydrukuj obie strony dwustronnie, obracanie wzdłuż dłuższej krawędzi, w 100%; "
                           "obejrzyj pod światło",
           "duplex_back": "każdy krzyżyk powinien trafić w środek celu: kwadraty 1, 2, 3 mm mierzą przesunięcie"},
}


def poster(scene: Scene, symbol: str, paper: Paper, code: str, title: str, overlap: float = 10.0,
           margin: float = MARGIN, lang: str = "en") -> list[Page]:
    """Tile `symbol` at true scale over as few sheets as possible (portrait or landscape).

    Sheet (r, c) shows the board window `PosterPlan.window(r, c)`; neighbours share exactly
    `overlap` mm of board. Pages are numbered among themselves (renumber after concatenating).
    """
    words = HEADER_TEXT.get(lang, HEADER_TEXT["en"])
    sym = scene.symbols[symbol]
    plan = plan_poster(sym.w, sym.h, paper, overlap, margin)
    p, margin = plan.paper, plan.margin
    ox, oy = margin, margin + HEADER_H
    pages: list[Page] = []
    if plan.rows * plan.cols == 1:
        page = Page(p.w, p.h, label="poster A1")
        x = ox + (plan.window_w - sym.w) / 2
        y = oy + (plan.window_h - sym.h) / 2
        page.items.append(Use(symbol, x, y))
        _header(page, margin, title, words["one"])
        _place_calibration(page, (x, y, sym.w, sym.h), ox, oy, plan.window_w, plan.window_h, lang)
        footer(page, code, title, margin=margin, lang=lang)
        number_pages([page], code, lang)
        return [page]

    marks = _marks_symbol(scene, sym, plan)
    o = plan.overlap
    ext_out = max(0.0, min(2.0, margin - EDGE_CLEAR))  # cut lines run a little past the window…
    ext_down = max(0.0, min(2.0, FOOTER_H - 3.2))  # …but never into the footer line or the edge band
    for r in range(plan.rows):
        for c in range(plan.cols):
            bx, by, bw, bh = plan.window(r, c, sym.w, sym.h)
            label = f"{row_letter(r)}{c + 1}"
            page = Page(p.w, p.h, label=f"poster {label}")
            clip = (ox, oy, bw, bh)
            page.items += [Use(symbol, ox - bx, oy - by, clip=clip), Use(marks, ox - bx, oy - by, clip=clip)]
            trim = [side for side, cond in (("left", c > 0), ("top", r > 0)) if cond]
            glue = [side for side, cond in (("right", c < plan.cols - 1), ("bottom", r < plan.rows - 1)) if cond]
            # glue strips: this sheet lies under its right/bottom neighbours there. Only the dashed
            # outline is printed on the board (the header line says what it is): a label inside
            # the strip would sit on the board's own numbers.
            if "right" in glue:
                page.items.append(Rect(ox + bw - o, oy, o, bh, fill=None, stroke=GREY, width=0.2, dash=(1.5, 1.0)))
            if "bottom" in glue:
                page.items.append(Rect(ox, oy + bh - o, bw, o, fill=None, stroke=GREY, width=0.2, dash=(1.5, 1.0)))
            # cut lines: this sheet is trimmed there and laid on top of its neighbour
            if "left" in trim:
                page.items.append(Line(ox, oy - 2.0, ox, oy + bh + ext_down, stroke=GREY, width=0.2))
            if "top" in trim:
                page.items.append(Line(ox - ext_out, oy, ox + bw + ext_out, oy, stroke=GREY, width=0.2))
            how = []
            if trim:
                how.append(words["cut"].format(sides=words["and"].join(words[t] for t in trim)))
            if glue:
                how.append(words["glue"].format(sides=words["and"].join(words[g] for g in glue), o=f"{o:g}"))
            line2 = words["tile"].format(label=label, row=row_letter(r), rows=plan.rows, col=c + 1, cols=plan.cols,
                                         how="; ".join(how))
            page.items += _mini_map(p.w - margin, margin + 0.5, plan.rows, plan.cols, (r, c))
            page.items.append(Text(p.w - margin - min(22.0 / plan.cols, 7.5 / plan.rows, 4.0) * plan.cols - 2,
                                   margin + 6.0, label, size=14, font="bold", anchor="end"))
            _header(page, margin, title, line2, map_w=40.0)
            footer(page, code, f"{title} · {label}", margin=margin, lang=lang)
            pages.append(page)
    last = pages[-1]
    lbx, lby, lbw, lbh = plan.window(plan.rows - 1, plan.cols - 1, sym.w, sym.h)
    _place_calibration(last, (ox, oy, lbw, lbh), ox, oy, plan.window_w, plan.window_h, lang)
    number_pages(pages, code, lang)
    return pages


def _place_calibration(page: Page, used: tuple[float, float, float, float], ax: float, ay: float,
                       aw: float, ah: float, lang: str = "en") -> bool:
    """Put a calibration square in the free part of area (ax, ay, aw, ah) not covered by `used`."""
    need_w, need_h = CAL_SIZE + 4.0, CAL_SIZE + CAL_LABEL_H + 4.0
    ux, uy, uw, uh = used
    if ax + aw - (ux + uw) >= need_w and ah >= need_h:
        page.items += calibration_square(ax + aw - CAL_SIZE, ay + ah - CAL_SIZE - CAL_LABEL_H, lang=lang)
        return True
    if ay + ah - (uy + uh) >= need_h and aw >= need_w:
        page.items += calibration_square(ax + aw - CAL_SIZE, ay + ah - CAL_SIZE - CAL_LABEL_H, lang=lang)
        return True
    return False


# --- overview ------------------------------------------------------------------------------------


def overview(scene: Scene, symbol: str, paper: Paper, code: str, title: str, lang: str = "en") -> Page:
    """The whole board scaled to fit one sheet (never enlarged), with its scale printed and the
    document's calibration square (the board shrinks a little when it must, to make room). Labels
    that would print under the type floor at this scale are left out (`render.legible`): the
    overview shows the layout, the poster sheets carry every word at true scale."""
    sym = scene.symbols[symbol]
    need_w, need_h = CAL_SIZE + 6.0, CAL_SIZE + CAL_LABEL_H + 6.0
    best: tuple[float, Paper, str] | None = None
    for p in (paper.portrait(), paper.landscape()):
        aw, ah = p.w - 2 * MARGIN, p.h - 2 * MARGIN - HEADER_H - FOOTER_H
        s_full = min(aw / sym.w, ah / sym.h, 1.0)
        if aw - sym.w * s_full >= need_w and ah >= need_h:
            cand = (s_full, "right")
        elif ah - sym.h * s_full >= need_h and aw >= need_w:
            cand = (s_full, "below")
        else:
            s_right = min((aw - need_w) / sym.w, ah / sym.h, 1.0)
            s_below = min(aw / sym.w, (ah - need_h) / sym.h, 1.0)
            cand = (s_right, "right") if s_right >= s_below else (s_below, "below")
        if best is None or cand[0] > best[0] + 1e-9:
            best = (cand[0], p, cand[1])
    assert best is not None
    s, p, where = best
    if s <= 0:
        raise ValueError(f"board {symbol!r} cannot be shown on {paper.name}")
    aw, ah = p.w - 2 * MARGIN, p.h - 2 * MARGIN - HEADER_H - FOOTER_H
    ox, oy = MARGIN, MARGIN + HEADER_H
    bw, bh = sym.w * s, sym.h * s
    page = Page(p.w, p.h, label="overview")
    if where == "right":
        region_w = aw - need_w
        x, y = ox + max(0.0, (region_w - bw) / 2), oy + max(0.0, (ah - bh) / 2)
        page.items += calibration_square(ox + aw - CAL_SIZE, oy + ah - CAL_SIZE - CAL_LABEL_H, lang=lang)
    else:
        region_h = ah - need_h
        x, y = ox + max(0.0, (aw - bw) / 2), oy + max(0.0, (region_h - bh) / 2)
        page.items += calibration_square(ox + aw - CAL_SIZE, oy + ah - CAL_SIZE - CAL_LABEL_H, lang=lang)
    # labels that would print under the type floor at this scale are left out (the poster sheets carry them)
    page.items.append(Use(legible(scene, symbol, s)[0], x, y, scale=s))
    page.items.append(Rect(x, y, bw, bh, fill=None, stroke=GREY, width=0.15))
    words = HEADER_TEXT.get(lang, HEADER_TEXT["en"])
    note = words["over_1"] if s >= 1.0 - 1e-9 else words["over"].format(k=1 / s, pct=s * 100)
    _header(page, MARGIN, title, note)
    footer(page, code, f"{title} · {words['overview']}", lang=lang)
    number_pages([page], code, lang)
    return page


# --- cards ---------------------------------------------------------------------------------------

#: card text and art that is not meant to run off the card stay this far inside the cut
CARD_SAFE: float = 3.0
MARK_LEN: float = 5.0  # crop mark length when there is room
MARK_OFFSET: float = 1.0  # gap between a crop mark and the card grid when there is room
MARK_MIN: float = 1.5  # the shortest crop mark worth printing
MARK_MIN_OFFSET: float = 0.5
_MARK_BAND = MARK_MIN_OFFSET + MARK_MIN  # the least room crop marks need outside the grid
_EM = FOOTER_SIZE * fonts.MM_PER_PT
FOOTER_ABOVE: float = 0.95 * _EM  # footer ink above / below its baseline (accented capitals included)
FOOTER_BELOW: float = 0.25 * _EM
_FOOTER_BAND = FOOTER_ABOVE + FOOTER_BELOW + 0.3  # a footer line and its clearance


def card_size_with_bleed(card_w: float, card_h: float, bleed: float = 0.0) -> tuple[float, float]:
    """Size of a card symbol: the trim size plus `bleed` on every side (artwork runs to its edge,
    the trim line is inset by `bleed`)."""
    return card_w + 2 * bleed, card_h + 2 * bleed


@dataclass(frozen=True, slots=True)
class CardGrid:
    """Where cards go on a sheet: cell (r, c) has its (placed) symbol's top-left at `cell(r, c)`.

    `cell_w` x `cell_h` is the cell as placed: with `rotate` = 90 the cards are turned a quarter
    clockwise (a 69 x 94 mm card with bleed takes a 94 x 69 mm cell), which is how 3 mm bleed
    keeps 8 poker cards on A4 instead of 6. `footer_side`: the cards fill the sheet's height, so the
    footer line runs up the left margin instead of along the bottom one.
    """

    paper: Paper
    rows: int
    cols: int
    x0: float
    y0: float
    cell_w: float
    cell_h: float
    gap: float
    rotate: int = 0
    footer_side: bool = False

    @property
    def per_page(self) -> int:
        return self.rows * self.cols

    def cell(self, r: int, c: int) -> tuple[float, float]:
        return self.x0 + c * (self.cell_w + self.gap), self.y0 + r * (self.cell_h + self.gap)

    def back_cell(self, r: int, c: int) -> tuple[float, float]:
        """Where the back of the card in cell (r, c) goes on the backs sheet (long-edge duplex:
        the sheet turns about its vertical axis, so column c comes back as column cols-1-c; the
        grid is centred, so that cell is the front's mirror image)."""
        return self.cell(r, self.cols - 1 - c)

    @property
    def back_rotate(self) -> int:
        """The turn of a back placed behind a front turned by `rotate`: turning the sheet over
        its vertical axis reverses a quarter-turned card's top, so 90 comes back as 270."""
        return (360 - self.rotate) % 360

    @property
    def width(self) -> float:
        return self.cols * self.cell_w + (self.cols - 1) * self.gap

    @property
    def height(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.gap

    def used(self, count: int | None = None, back: bool = False) -> tuple[int, int, int]:
        """(first column, columns, rows) of the cells a sheet of `count` cards fills, row by row
        (default: all of them) — on a duplex backs sheet (`back`) the mirrored columns."""
        n = self.per_page if count is None else max(1, min(count, self.per_page))
        rows, cols = -(-n // self.cols), min(n, self.cols)
        return (self.cols - cols if back else 0), cols, rows

    def block(self, count: int | None = None, back: bool = False) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the cells `used` names."""
        first, cols, rows = self.used(count, back)
        x, y = self.cell(0, first)
        return x, y, cols * self.cell_w + (cols - 1) * self.gap, rows * self.cell_h + (rows - 1) * self.gap

    def trim_box(self, bleed: float, count: int | None = None, back: bool = False) -> tuple[float, float, float, float]:
        """(x, y, w, h) around the cut lines of the cards a sheet holds (`block`): its TrimBox."""
        x, y, w, h = self.block(count, back)
        return x + bleed, y + bleed, w - 2 * bleed, h - 2 * bleed

    def footer_at(self) -> tuple[float, float, float]:
        """(x, y, rotate) of the footer line: below the grid and its crop marks, or turned up the
        left margin when the grid fills the height — never within SAFE_EDGE of the paper edge."""
        p = self.paper
        if self.footer_side:
            return EDGE_CLEAR + FOOTER_ABOVE, self.y0 + self.height, 90.0
        low = self.y0 + self.height + _MARK_BAND + 0.3 + FOOTER_ABOVE
        high = p.h - EDGE_CLEAR - FOOTER_BELOW
        return self.x0, min(high, max(low, p.h - MARGIN - 0.8)), 0.0


def _insets(crop_marks: bool, margin: float, side_footer: bool) -> tuple[float, float, float]:
    """(sides, top, bottom): the least distance of the card grid from the paper edges."""
    band = _MARK_BAND if crop_marks else 0.0
    edge = EDGE_CLEAR + band
    if side_footer:
        return max(edge + _FOOTER_BAND, margin), max(edge, margin), max(edge, margin)
    return max(edge, margin), max(edge, margin), max(edge + _FOOTER_BAND, margin + FOOTER_H)


def plan_cards(card_w: float, card_h: float, paper: Paper, bleed: float = 0.0, gap: float = 0.0,
               landscape_ok: bool = True, margin: float | None = None, crop_marks: bool = True,
               rotate_ok: bool = True) -> CardGrid:
    """The layout with the most cards per sheet.

    Tried: portrait and (when `landscape_ok`) landscape sheets, cards upright and turned a quarter
    (`rotate_ok`), the asked `gap` and no gap, the footer below the grid or up the side margin.
    Ties go to the asked gap (so it is dropped only when it costs cards), upright cards, portrait,
    a bottom footer. The grid is centred
    horizontally (duplex backs line up) and vertically in the room the footer leaves. `margin`
    (default: none beyond what the crop marks and footer need) keeps the cards at least that far
    from the paper edge; nothing is ever drawn within SAFE_EDGE mm of it.
    """
    if card_w <= 0 or card_h <= 0 or bleed < 0 or gap < 0:
        raise ValueError(f"card {card_w:g}x{card_h:g} mm, bleed {bleed:g}, gap {gap:g}: sizes must be positive")
    want = margin or 0.0
    sw, sh = card_size_with_bleed(card_w, card_h, bleed)
    best: tuple[tuple[int, ...], CardGrid] | None = None
    sheets = (paper.portrait(), paper.landscape()) if landscape_ok else (paper.portrait(),)
    for k, p in enumerate(sheets):
        for rot in ((0, 90) if rotate_ok else (0,)):
            cw, ch = (sh, sw) if rot else (sw, sh)
            for g in dict.fromkeys((gap, 0.0)):
                for side in (False, True):
                    ins, top, bottom = _insets(crop_marks, want, side)
                    aw, ah = p.w - 2 * ins, p.h - top - bottom
                    cols = int((aw + g + 1e-9) // (cw + g))
                    rows = int((ah + g + 1e-9) // (ch + g))
                    if cols < 1 or rows < 1:
                        continue
                    gw, gh = cols * cw + (cols - 1) * g, rows * ch + (rows - 1) * g
                    grid = CardGrid(p, rows, cols, (p.w - gw) / 2, top + (ah - gh) / 2, cw, ch, g, rot, side)
                    key = (-grid.per_page, g != gap, rot != 0, k, side)
                    if best is None or key < best[0]:
                        best = (key, grid)
    if best is None:
        raise ValueError(f"a {card_w:g}x{card_h:g} mm card (bleed {bleed:g} mm) does not fit on {paper.name}")
    return best[1]


def card_crop_marks(grid: CardGrid, bleed: float, card_w: float, card_h: float, page: Page | None = None,
                    length: float = MARK_LEN, offset: float = MARK_OFFSET, margin: float = MARGIN,
                    count: int | None = None, back: bool = False) -> list[Item]:
    """Short lines outside the block of cards, in line with every cut (at both ends of each).

    `count`: the cards on this sheet (default: a full sheet), filled row by row — a short sheet
    gets marks only for the rows and columns it uses, just outside them, so no mark points at an
    empty slot. `back`: the sheet is a duplex backs sheet, whose cards sit in the mirrored columns
    (`CardGrid.back_cell`). `card_w` x `card_h` is the upright trim size; marks shorten to the
    room there is (between the cards and the SAFE_EDGE band, or the footer line) and are dropped
    below MARK_MIN mm. `page` and `margin` are accepted for older callers and not needed."""
    tw, th = (card_h, card_w) if grid.rotate % 180 else (card_w, card_h)
    p = grid.paper
    first, cols, rows = grid.used(count, back)
    gx0, gy0, bw, bh = grid.block(count, back)
    gx1, gy1 = gx0 + bw, gy0 + bh
    xs = sorted({round(x, 6) for c in range(first, first + cols)
                 for x in (grid.cell(0, c)[0] + bleed, grid.cell(0, c)[0] + bleed + tw)})
    ys = sorted({round(y, 6) for r in range(rows)
                 for y in (grid.cell(r, 0)[1] + bleed, grid.cell(r, 0)[1] + bleed + th)})
    fx, fy, _ = grid.footer_at()
    left_limit = fx + FOOTER_BELOW + 1.0 if grid.footer_side else EDGE_CLEAR  # 1 mm clear of the footer
    bottom_limit = p.h - EDGE_CLEAR if grid.footer_side else fy - FOOTER_ABOVE - 0.3

    def fit(room: float) -> tuple[float, float] | None:
        """(offset, length) for `room` mm between the cards and the limit, or None."""
        off = offset if room >= offset + MARK_MIN + 1.0 else min(offset, MARK_MIN_OFFSET)
        ln = min(length, room - off)
        return (off, ln) if ln >= MARK_MIN - 1e-9 else None

    out: list[Item] = []
    top, bottom = fit(gy0 - EDGE_CLEAR), fit(bottom_limit - gy1)
    left, right = fit(gx0 - left_limit), fit(p.w - EDGE_CLEAR - gx1)
    for x in xs:
        if top:
            out.append(Line(x, gy0 - top[0] - top[1], x, gy0 - top[0], width=0.2))
        if bottom:
            out.append(Line(x, gy1 + bottom[0], x, gy1 + bottom[0] + bottom[1], width=0.2))
    for y in ys:
        if left:
            out.append(Line(gx0 - left[0] - left[1], y, gx0 - left[0], y, width=0.2))
        if right:
            out.append(Line(gx1 + right[0], y, gx1 + right[0] + right[1], y, width=0.2))
    return out


@dataclass(slots=True)
class Imposition:
    """What `impose` made: the sheets, the grid it chose and what the user should be told."""

    pages: list[Page]
    grid: CardGrid
    warnings: list[str]


def card_safe_warnings(scene: Scene, names: list[str], card_w: float, card_h: float, bleed: float,
                       safe: float = CARD_SAFE, lang: str = "en") -> list[str]:
    """What lies closer than `safe` mm to the cut on the card symbols `names` (text always; other
    art unless it runs off the card): one line per distinct item and place, naming the cards."""
    from generator.render.bounds import unsafe_inks  # bounds imports pdf; layout stays light to import

    found: dict[tuple[str, float, float, float, float], list[str]] = {}
    for name in dict.fromkeys(names):
        for ink in unsafe_inks(scene, name, (bleed, bleed, bleed + card_w, bleed + card_h), safe):
            it = ink.item
            what = f"{type(it).__name__} {it.text!r}" if isinstance(it, Text) else type(it).__name__
            x0, y0, x1, y1 = (v - bleed for v in ink.box)
            key = (what, round(x0, 1), round(y0, 1), round(x1, 1), round(y1, 1))
            found.setdefault(key, []).append(name)
    words = HEADER_TEXT["en"]  # a terminal note: English whatever `lang` (kept for older callers)
    out = []
    for (what, x0, y0, x1, y1), cards in found.items():
        shown = ", ".join(cards[:3]) + (f", … ({len(cards)})" if len(cards) > 3 else "")
        gap = min(x0, y0, card_w - x1, card_h - y1)
        out.append(words["warn_safe"].format(what=what, x0=x0, y0=y0, x1=x1, y1=y1, gap=max(gap, 0.0),
                                             safe=f"{safe:g}", cards=shown))
    return out


#: how a deck's backs are printed: `duplex` (a mirrored backs sheet after every fronts sheet, for
#: long-edge double-sided printing), `fold` (each front beside its back across a fold line, one
#: sided: cut the pair out, fold it, glue it) or `none` (fronts only)
BACKS_MODES: tuple[str, ...] = ("duplex", "fold", "none")


def check_backs(backs: str) -> str:
    """`backs` as given when it is one of BACKS_MODES; a one-line ValueError otherwise."""
    if backs not in BACKS_MODES:
        raise ValueError(f"unknown backs {backs!r} (choose {', '.join(BACKS_MODES)})")
    return backs


def fold_pair(scene: Scene, front: str, back: str, card_w: float, card_h: float, bleed: float = 0.0) -> str:
    """One gutter-fold piece: `front` at the left, `back` at the right, meeting on a dashed fold line
    (2·card_w + 2·bleed wide, card_h + 2·bleed high; the fold has no bleed, each face is clipped at
    it so neither one's bleed covers the other). Folded back to back on that line, the back lies
    upright behind its front: turning the card over about the fold brings the back's fold edge, its
    left one, to the left."""
    name = f"{front}~fold~{back}"
    if name in scene.symbols:
        return name
    b = bleed
    w, h = 2 * card_w + 2 * b, card_h + 2 * b
    items: list[Item] = [Use(front, 0, 0, clip=(0, 0, b + card_w, h)),
                         Use(back, card_w, 0, clip=(b + card_w, 0, card_w + b, h)),
                         Line(b + card_w, 0, b + card_w, h, stroke="#9aa0a6", width=0.25, dash=(1.2, 1.0))]
    return scene.add_symbol(Symbol(name, w, h, items))


def impose(scene: Scene, fronts: list[str], backs: list[str] | str | None, card_w: float, card_h: float,
           paper: Paper, code: str, bleed: float = 0.0, gap: float = 0.0, crop_marks: bool = True,
           margin: float | None = None, lang: str = "en", safe: float = CARD_SAFE,
           rotate_ok: bool = True, bleed_note: bool = True, calibration: bool = True,
           sides: str = "duplex", decks: Sequence[str] | str | None = "cards") -> Imposition:
    """n-up card sheets (see `plan_cards` for the layout). Each symbol is card_size_with_bleed(...)
    mm with the cut inset by `bleed`.

    `sides` (BACKS_MODES) says how the `backs` print. `duplex`: every fronts sheet is followed by
    its backs sheet laid out for long-edge duplex (`CardGrid.back_cell`, `CardGrid.back_rotate`);
    sheets with backs are always portrait, where "long edge" means the same thing on every printer.
    `fold`: each card is one `fold_pair` piece (front | back), imposed as a card twice as wide with
    its crop marks outside the pair. `none`, or no backs: fronts only. Every sheet's TrimBox
    surrounds the cuts and its BleedBox the bleed. Warnings (also added to `scene.warnings`, for the
    CLI to print; always in English, the terminal's language): bleed or the gap costing cards per
    sheet, and card art or text inside the `safe` margin. With `calibration`, the 50 mm calibration
    square goes into the free rows of the last fronts sheet when they hold it (a file of cards alone
    can then be checked for true scale). `decks`: the deck name of every card (or one for all), for
    the cards recorded in `scene.cards` (what `render.export` writes); None records nothing.
    """
    check_backs(sides)
    cw, ch = card_size_with_bleed(card_w, card_h, bleed)
    if isinstance(backs, list) and len(backs) != len(fronts):
        raise ValueError(f"{len(backs)} backs for {len(fronts)} fronts (give one back or one per front)")
    back_names = [backs] if isinstance(backs, str) else list(backs or [])
    for name in fronts + back_names:
        sym = scene.symbols.get(name)
        if sym is None:
            raise KeyError(f"card symbol {name!r} is not defined in the scene")
        if abs(sym.w - cw) > 0.01 or abs(sym.h - ch) > 0.01:
            raise ValueError(f"card symbol {name!r} is {sym.w:g}x{sym.h:g} mm, expected {cw:g}x{ch:g} "
                             f"(card {card_w:g}x{card_h:g} + bleed {bleed:g})")
    mode = "none" if backs is None else sides
    if decks is not None:
        names = [decks] * len(fronts) if isinstance(decks, str) else list(decks)
        if len(names) != len(fronts):
            raise ValueError(f"{len(names)} deck names for {len(fronts)} fronts")
        for i, (deck, front_name) in enumerate(zip(names, fronts, strict=True)):
            back_of = None if backs is None else backs if isinstance(backs, str) else backs[i]
            scene.cards.append(CardEntry(deck, front_name, back_of, card_w, card_h, bleed))
    words = HEADER_TEXT.get(lang, HEADER_TEXT["en"])
    notes = HEADER_TEXT["en"]  # what the terminal is told is English, whatever the printed language
    warnings: list[str] = []
    if safe > 0:
        warnings += card_safe_warnings(scene, fronts + (back_names if mode != "none" else []), card_w, card_h,
                                       bleed, safe)
    if mode == "fold":
        pairs = [fold_pair(scene, f, backs if isinstance(backs, str) else backs[i], card_w, card_h, bleed)  # type: ignore[index]
                 for i, f in enumerate(fronts)]
        imp = impose(scene, pairs, None, 2 * card_w, card_h, paper, code, bleed, gap, crop_marks, margin, lang,
                     0.0, rotate_ok, False, calibration, decks=None)
        if bleed > 0 and bleed_note:
            note = bleed_cost_note([len(pairs)], card_w, card_h, paper, bleed, gap, lang, "fold", crop_marks, margin,
                                   rotate_ok)
            if note:
                warnings.append(note)
        n_sheets = len(imp.pages)
        for k, sheet_page in enumerate(imp.pages):
            sheet_page.label = f"cards {k + 1} fold"
            footer(sheet_page, code, f"{words['cards']} {k + 1}/{n_sheets} {words['fold']}", lang=lang)
        number_pages(imp.pages, code, lang)
        warnings = warnings + [w for w in imp.warnings if w not in warnings]
        scene.warnings.extend(w for w in warnings if w not in scene.warnings)
        return Imposition(imp.pages, imp.grid, warnings)
    duplex = mode == "duplex"
    plan_args = _plan_args(duplex, margin, crop_marks, rotate_ok)
    grid = plan_cards(card_w, card_h, paper, bleed, gap, **plan_args)
    if duplex:
        scene.duplex = True
    n = max(1, len(fronts))
    if bleed > 0 and bleed_note:
        note = bleed_cost_note([n], card_w, card_h, paper, bleed, gap, lang, duplex, crop_marks, margin, rotate_ok)
        if note:
            warnings.append(note)
    if grid.gap != gap:
        warnings.append(notes["warn_gap"].format(g=f"{gap:g}", n=grid.per_page))
    p = grid.paper
    pages: list[Page] = []
    n_sheets = max(1, math.ceil(len(fronts) / grid.per_page))
    for sheet in range(n_sheets):
        chunk = list(enumerate(fronts[sheet * grid.per_page:(sheet + 1) * grid.per_page],
                               start=sheet * grid.per_page))
        front = Page(p.w, p.h, label=f"cards {sheet + 1} fronts", bleed=bleed, trim=grid.trim_box(bleed, len(chunk)))
        back = (Page(p.w, p.h, label=f"cards {sheet + 1} backs", bleed=bleed,
                     trim=grid.trim_box(bleed, len(chunk), back=True)) if duplex else None)
        for k, (index, name) in enumerate(chunk):
            r, c = divmod(k, grid.cols)
            front.items.append(Use(name, *grid.cell(r, c), rotate=grid.rotate))
            if back is not None:
                back_name = backs if isinstance(backs, str) else backs[index]  # type: ignore[index]
                back.items.append(Use(back_name, *grid.back_cell(r, c), rotate=grid.back_rotate))
        for pg, what in ((front, words["fronts"]), (back, words["backs"])):
            if pg is None:
                continue
            if crop_marks:
                pg.items += card_crop_marks(grid, bleed, card_w, card_h, count=len(chunk), back=pg is back)
            if calibration and pg is front and sheet == n_sheets - 1:
                pg.items += _spare_calibration(grid, len(chunk), lang)
            footer(pg, code, f"{words['cards']} {sheet + 1}/{n_sheets} {what}", lang=lang, at=grid.footer_at())
            pages.append(pg)
    number_pages(pages, code, lang)
    scene.warnings.extend(w for w in warnings if w not in scene.warnings)
    return Imposition(pages, grid, warnings)


def _spare_calibration(grid: CardGrid, count: int, lang: str) -> list[Item]:
    """The calibration square in the free rows of a short last sheet (a deck printed on its own can
    then be checked for true scale too), below the cards and their crop marks; nothing when the rows
    left are too low for it."""
    _x, y, _w, h = grid.block(count)
    top = y + h + _MARK_BAND + MARK_LEN + 3.0  # below the marks of the last row of cards
    fx, fy, _ = grid.footer_at()
    bottom = grid.paper.h - EDGE_CLEAR if grid.footer_side else fy - FOOTER_ABOVE - 1.0
    if top + CAL_SIZE + CAL_LABEL_H > bottom:
        return []
    return calibration_square((grid.paper.w - CAL_SIZE) / 2, top, lang=lang)


def impose_cards(scene: Scene, fronts: list[str], backs: list[str] | str | None, card_w: float,
                 card_h: float, paper: Paper, code: str, bleed: float = 0.0, gap: float = 0.0,
                 crop_marks: bool = True, margin: float | None = None, lang: str = "en",
                 safe: float = CARD_SAFE, rotate_ok: bool = True, bleed_note: bool = True,
                 calibration: bool = True, sides: str = "duplex",
                 decks: Sequence[str] | str | None = "cards") -> list[Page]:
    """`impose`, returning only the pages (its warnings land in `scene.warnings`)."""
    return impose(scene, fronts, backs, card_w, card_h, paper, code, bleed, gap, crop_marks, margin, lang,
                  safe, rotate_ok, bleed_note, calibration, sides, decks).pages


def _plan_args(backs: bool, margin: float | None, crop_marks: bool, rotate_ok: bool) -> dict[str, Any]:
    """`plan_cards`'s options for an imposition with these settings (sheets with backs stay portrait)."""
    return {"landscape_ok": not backs, "margin": margin, "crop_marks": crop_marks, "rotate_ok": rotate_ok}


def bleed_cost_note(decks: list[int], card_w: float, card_h: float, paper: Paper, bleed: float, gap: float = 0.0,
                    lang: str = "en", backs: bool | str = True, crop_marks: bool = True, margin: float | None = None,
                    rotate_ok: bool = True) -> str | None:
    """What the bleed costs a document of several decks (card counts, each deck imposed on fresh
    sheets with these `impose` settings; `backs`: a BACKS_MODES value, or True for duplex and False
    for none): one line in English (a terminal note; `lang` is accepted for older callers), or None
    when the bleed costs no card per sheet."""
    mode = backs if isinstance(backs, str) else ("duplex" if backs else "none")
    if check_backs(mode) == "fold":
        card_w *= 2
    plan_args = _plan_args(mode == "duplex", margin, crop_marks, rotate_ok)
    grid = plan_cards(card_w, card_h, paper, bleed, gap, **plan_args)
    plain = plan_cards(card_w, card_h, paper, 0.0, gap, **plan_args)
    if plain.per_page <= grid.per_page:
        return None
    words = HEADER_TEXT["en"]
    what = "card pairs" if mode == "fold" else "cards"
    note = words["warn_bleed"].format(b=f"{bleed:g}", n=grid.per_page, n0=plain.per_page, paper=paper.name,
                                      what=what)
    sheets = sum(math.ceil(max(1, n) / grid.per_page) for n in decks)
    sheets0 = sum(math.ceil(max(1, n) / plain.per_page) for n in decks)
    if sheets != sheets0:  # a short deck may fit on as many sheets either way
        note += words["warn_bleed_sheets"].format(s=sheets, s0=sheets0)
    return note  # type: ignore[no-any-return]


def sheet_count(pages: Sequence[Page]) -> int:
    """The sheets of paper `pages` print on: a duplex backs page (label "... backs", or the duplex
    test's back) is the other side of the sheet before it, every other page a sheet of its own."""
    return sum(1 for p in pages if not (p.label.endswith(" backs") or p.label == "duplex test back"))


def kit_sheets_text(files: Sequence[tuple[str, Sequence[Page]]], paper: Paper, lang: str) -> str:
    """The kit summary's line saying how many sheets of `paper` the whole kit takes, file by file
    (name, its pages; a file with duplex backs says so), from templates/cards/kit-sheets.<lang>.txt."""
    from generator.render.text import render_template  # jinja loads only for the pages that print it

    rows = [{"name": name, "sheets": sheet_count(pages), "duplex": any(p.label.endswith(" backs") for p in pages)}
            for name, pages in files]
    label = {"a4": "A4", "letter": "Letter"}.get(paper.name, paper.name)
    text = render_template(f"cards/kit-sheets.{lang}.txt", files=rows, total=sum(r["sheets"] for r in rows),
                           paper=label)
    return " ".join(line for line in text.splitlines() if line.strip() and not line.startswith("{#"))


# --- duplex alignment test ----------------------------------------------------------------------


def duplex_test_pages(paper: Paper, code: str, lang: str = "en") -> list[Page]:
    """Two pages to print double-sided (long-edge flip) before printing card backs or rule cards:
    the front has crosses at five places, the back a millimetre target at the mirrored places.
    Held against the light, each cross falls on the target's centre; the rings (1, 2, 3 mm) read
    how far the printer shifts the back, and in which direction."""
    p = paper.portrait()
    words = HEADER_TEXT.get(lang, HEADER_TEXT["en"])
    inset = 30.0
    spots = [(inset, inset + 10), (p.w - inset, inset + 10), (p.w / 2, p.h / 2), (inset, p.h - inset),
             (p.w - inset, p.h - inset)]
    front = Page(p.w, p.h, label="duplex test front")
    back = Page(p.w, p.h, label="duplex test back")
    for i, (x, y) in enumerate(spots, start=1):
        front.items += [Line(x - 6, y, x + 6, y, width=0.2), Line(x, y - 6, x, y + 6, width=0.2),
                        Text(x + 2.0, y - 2.0, str(i), size=7, font="bold")]
        bx = p.w - x  # the same spot seen from the other side after a long-edge flip
        back.items += [Line(bx - 8, y, bx + 8, y, width=0.1, stroke=GREY), Line(bx, y - 8, bx, y + 8, width=0.1,
                                                                                stroke=GREY)]
        back.items += [Rect(bx - d, y - d, 2 * d, 2 * d, fill=None, stroke=DARK, width=0.12) for d in (1.0, 2.0, 3.0)]
        back.items.append(Text(bx - 4.5, y - 4.5, str(i), size=7, font="bold", anchor="end"))
    for pg, what in ((front, words["duplex_front"]), (back, words["duplex_back"])):
        _header(pg, MARGIN, words["duplex_title"], what)
        footer(pg, code, words["duplex_title"], lang=lang)
    number_pages([front, back], code, lang)
    return [front, back]
