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
  crosshairs are drawn in board coordinates on the cut lines, so they coincide on both sheets.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from generator.render import fonts
from generator.render.scene import Item, Line, Page, Rect, Scene, Symbol, Text, Use

MARGIN: float = 8.0  # mm, default unprintable margin on every side
FOOTER_H: float = 4.0  # mm band at the bottom of the printable area reserved for the footer line
FOOTER_SIZE: float = 6.5  # pt
FOOTER_PREFIX = "boardgen"
HEADER_H: float = 10.0  # mm band at the top of poster/overview sheets (title, tile label, map)
CAL_SIZE: float = 50.0
CAL_LABEL_H: float = 7.0  # mm below the calibration square for its two label lines

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


def footer(page: Page, code: str, text: str = "", margin: float = MARGIN, lang: str = "en") -> None:
    """Add (or replace) the footer line of `page`: the setup code, so every printed sheet can be
    traced back to the setup that made it. Page numbers come from `number_pages`."""
    y = _footer_y(page, margin)
    for it in page.items:
        if _is_footer(it, page):
            assert isinstance(it, Text)
            margin, y = it.x, it.y  # keep where an earlier footer was put
    page.items[:] = [it for it in page.items if not _is_footer(it, page)]
    page.items.append(Text(margin, y, _footer_text(code, text, None, lang), size=FOOTER_SIZE,
                           font="condensed", fill="#444444"))


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
        page.items.append(replace(last, text=_footer_text(page_code, text, (i, n), lang)))


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
    """How a board is cut into sheets: useful to tests and to the CLI's progress messages."""

    paper: Paper
    rows: int
    cols: int
    window_w: float  # mm of board each sheet can show
    window_h: float
    overlap: float

    def window(self, r: int, c: int, board_w: float, board_h: float) -> tuple[float, float, float, float]:
        """The board rectangle (x, y, w, h) that sheet (r, c) shows."""
        bx = c * (self.window_w - self.overlap)
        by = r * (self.window_h - self.overlap)
        return bx, by, min(self.window_w, board_w - bx), min(self.window_h, board_h - by)


def plan_poster(board_w: float, board_h: float, paper: Paper, overlap: float = 10.0,
                margin: float = MARGIN) -> PosterPlan:
    """Pick the orientation that needs fewer sheets (portrait on a tie)."""
    best: PosterPlan | None = None
    for p in (paper.portrait(), paper.landscape()):
        ww, wh = p.w - 2 * margin, p.h - 2 * margin - HEADER_H - FOOTER_H
        if min(ww, wh) <= overlap:
            raise ValueError(f"overlap {overlap:g} mm is too big for {p.name} with margin {margin:g} mm")
        plan = PosterPlan(p, _tile_count(board_h, wh, overlap), _tile_count(board_w, ww, overlap),
                          ww, wh, overlap)
        if best is None or plan.rows * plan.cols < best.rows * best.cols:
            best = plan
    assert best is not None
    return best


def _marks_symbol(scene: Scene, sym: Symbol, plan: PosterPlan) -> str:
    """Registration crosshairs on every cut line, in board coordinates (one Form XObject that each
    sheet places exactly like the board, so the marks coincide on neighbouring sheets)."""
    o = plan.overlap
    name = f"{sym.name}~poster-marks~{plan.window_w:g}x{plan.window_h:g}~{o:g}"
    if name in scene.symbols:
        return name
    arm = min(3.0, o * 0.4)
    points: set[tuple[float, float]] = set()
    for c in range(1, plan.cols):
        x = c * (plan.window_w - o)
        for r in range(plan.rows):
            _, by, _, bh = plan.window(r, 0, sym.w, sym.h)
            points |= {(x, by + o / 2), (x, by + bh - o / 2)}
    for r in range(1, plan.rows):
        y = r * (plan.window_h - o)
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
           "cut": "✂ cut off the {sides} margin, lay over the neighbour", "glue": "glue on the dashed {sides} strip",
           "tile": "tile {label} · row {row} of {rows}, column {col} of {cols} · true scale 1:1 · {how}",
           "left": "left", "top": "top", "right": "right", "bottom": "bottom", "and": " & ",
           "over_1": "overview · true scale 1:1 (100%)",
           "over": "overview · scale 1:{k:.2f} ({pct:.0f}%) — print the poster pages for a true-scale board",
           "overview": "overview", "glue_label": "glue · {o} mm", "cut_label": "✂ cut",
           "cards": "cards", "fronts": "fronts", "backs": "backs · print double-sided, flip on long edge"},
    "pl": {"one": "plansza · skala 1:1 (drukuj w 100%, bez „dopasuj do strony”)",
           "cut": "✂ odetnij margines ({sides}) i połóż na sąsiednim arkuszu",
           "glue": "klej na przerywanym pasku ({sides})",
           "tile": "arkusz {label} · rząd {row} z {rows}, kolumna {col} z {cols} · skala 1:1 · {how}",
           "left": "lewy", "top": "górny", "right": "prawy", "bottom": "dolny", "and": " i ",
           "over_1": "podgląd · skala 1:1 (100%)",
           "over": "podgląd · skala 1:{k:.2f} ({pct:.0f}%) — plansza w skali 1:1 to arkusze plakatu",
           "overview": "podgląd", "glue_label": "klej · {o} mm", "cut_label": "✂ przytnij",
           "cards": "karty", "fronts": "awersy",
           "backs": "rewersy · druk dwustronny, obracanie wzdłuż dłuższej krawędzi"},
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
    p = plan.paper
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
    o = overlap
    for r in range(plan.rows):
        for c in range(plan.cols):
            bx, by, bw, bh = plan.window(r, c, sym.w, sym.h)
            label = f"{row_letter(r)}{c + 1}"
            page = Page(p.w, p.h, label=f"poster {label}")
            clip = (ox, oy, bw, bh)
            page.items += [Use(symbol, ox - bx, oy - by, clip=clip), Use(marks, ox - bx, oy - by, clip=clip)]
            trim = [side for side, cond in (("left", c > 0), ("top", r > 0)) if cond]
            glue = [side for side, cond in (("right", c < plan.cols - 1), ("bottom", r < plan.rows - 1)) if cond]
            # glue strips: this sheet lies under its right/bottom neighbours there
            if "right" in glue:
                gx = ox + bw - o
                page.items += [Rect(gx, oy, o, bh, fill=None, stroke=GREY, width=0.2, dash=(1.5, 1.0)),
                               Text(gx + o / 2 + 1.0, oy + bh / 2, words["glue_label"].format(o=f"{o:g}"), size=6,
                                    font="condensed", fill=GREY, anchor="middle", rotate=90)]
            if "bottom" in glue:
                gy = oy + bh - o
                page.items += [Rect(ox, gy, bw, o, fill=None, stroke=GREY, width=0.2, dash=(1.5, 1.0)),
                               Text(ox + bw / 2, gy + o / 2 + 1.0, words["glue_label"].format(o=f"{o:g}"), size=6,
                                    font="condensed", fill=GREY, anchor="middle")]
            # cut lines: this sheet is trimmed there and laid on top of its neighbour
            if "left" in trim:
                page.items.append(Line(ox, oy - 2.0, ox, oy + bh + 2.0, stroke=GREY, width=0.2))
                page.items.append(Text(ox - 1.5, oy + bh / 2, words["cut_label"], size=6, font="condensed",
                                       fill=GREY, anchor="middle", rotate=90))
            if "top" in trim:
                page.items.append(Line(ox - 2.0, oy, ox + bw + 2.0, oy, stroke=GREY, width=0.2))
            how = []
            if trim:
                how.append(words["cut"].format(sides=words["and"].join(words[t] for t in trim)))
            if glue:
                how.append(words["glue"].format(sides=words["and"].join(words[g] for g in glue)))
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
    document's calibration square (the board shrinks a little when it must, to make room)."""
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
    page.items.append(Use(symbol, x, y, scale=s))
    page.items.append(Rect(x, y, bw, bh, fill=None, stroke=GREY, width=0.15))
    words = HEADER_TEXT.get(lang, HEADER_TEXT["en"])
    note = words["over_1"] if s >= 1.0 - 1e-9 else words["over"].format(k=1 / s, pct=s * 100)
    _header(page, MARGIN, title, note)
    footer(page, code, f"{title} · {words['overview']}", lang=lang)
    number_pages([page], code, lang)
    return page


# --- cards ---------------------------------------------------------------------------------------


def card_size_with_bleed(card_w: float, card_h: float, bleed: float = 0.0) -> tuple[float, float]:
    """Size of a card symbol: the trim size plus `bleed` on every side (artwork runs to its edge,
    the trim line is inset by `bleed`)."""
    return card_w + 2 * bleed, card_h + 2 * bleed


@dataclass(frozen=True, slots=True)
class CardGrid:
    """Where cards go on a sheet: cell (r, c) has its symbol's top-left at `cell(r, c)`."""

    paper: Paper
    rows: int
    cols: int
    x0: float
    y0: float
    cell_w: float
    cell_h: float
    gap: float

    @property
    def per_page(self) -> int:
        return self.rows * self.cols

    def cell(self, r: int, c: int) -> tuple[float, float]:
        return self.x0 + c * (self.cell_w + self.gap), self.y0 + r * (self.cell_h + self.gap)

    @property
    def width(self) -> float:
        return self.cols * self.cell_w + (self.cols - 1) * self.gap

    @property
    def height(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.gap


def plan_cards(card_w: float, card_h: float, paper: Paper, bleed: float = 0.0, gap: float = 0.0,
               landscape_ok: bool = True, margin: float = MARGIN) -> CardGrid:
    """Most cards per sheet; grid centred horizontally on the page (so duplex backs line up) and
    vertically in the area above the footer band."""
    cw, ch = card_size_with_bleed(card_w, card_h, bleed)
    best: CardGrid | None = None
    options = (paper.portrait(), paper.landscape()) if landscape_ok else (paper.portrait(),)
    for p in options:
        aw, ah = p.w - 2 * margin, p.h - 2 * margin - FOOTER_H
        cols = int((aw + gap + 1e-9) // (cw + gap))
        rows = int((ah + gap + 1e-9) // (ch + gap))
        if cols < 1 or rows < 1:
            continue
        gw, gh = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
        grid = CardGrid(p, rows, cols, (p.w - gw) / 2, margin + (ah - gh) / 2, cw, ch, gap)
        if best is None or grid.per_page > best.per_page:
            best = grid
    if best is None:
        raise ValueError(f"a {card_w:g}x{card_h:g} mm card (bleed {bleed:g} mm) does not fit on {paper.name}")
    return best


def card_crop_marks(grid: CardGrid, bleed: float, card_w: float, card_h: float, page: Page,
                    length: float = 5.0, offset: float = 1.0, margin: float = MARGIN) -> list[Item]:
    """Short lines in the margin, outside the card grid, in line with every trim edge."""
    xs = sorted({round(x, 6) for c in range(grid.cols)
                 for x in (grid.cell(0, c)[0] + bleed, grid.cell(0, c)[0] + bleed + card_w)})
    ys = sorted({round(y, 6) for r in range(grid.rows)
                 for y in (grid.cell(r, 0)[1] + bleed, grid.cell(r, 0)[1] + bleed + card_h)})
    gx0, gy0 = grid.x0, grid.y0
    gx1, gy1 = gx0 + grid.width, gy0 + grid.height
    keep = 2.0  # mm kept free at the page edge and above the footer line
    top = min(length, gy0 - offset - keep)
    bottom = min(length, (page.h - margin - 2.8) - (gy1 + offset))
    left = min(length, gx0 - offset - keep)
    right = min(length, page.w - keep - (gx1 + offset))
    out: list[Item] = []
    for x in xs:
        if top >= 1.5:
            out.append(Line(x, gy0 - offset - top, x, gy0 - offset, width=0.2))
        if bottom >= 1.5:
            out.append(Line(x, gy1 + offset, x, gy1 + offset + bottom, width=0.2))
    for y in ys:
        if left >= 1.5:
            out.append(Line(gx0 - offset - left, y, gx0 - offset, y, width=0.2))
        if right >= 1.5:
            out.append(Line(gx1 + offset, y, gx1 + offset + right, y, width=0.2))
    return out


def impose_cards(scene: Scene, fronts: list[str], backs: list[str] | str | None, card_w: float,
                 card_h: float, paper: Paper, code: str, bleed: float = 0.0, gap: float = 0.0,
                 crop_marks: bool = True, margin: float = MARGIN, lang: str = "en") -> list[Page]:
    """n-up card sheets. Each symbol is card_size_with_bleed(...) mm with the trim inset by `bleed`.

    With backs, every fronts sheet is followed by its backs sheet laid out for long-edge duplex:
    the back of the card in column c sits in column cols-1-c of the same row. Sheets with backs are
    always portrait, where "long edge" means the same thing on every printer. `margin` (default
    MARGIN) may be lowered for printers that print closer to the edge (5.5 mm fits 3x3 poker cards
    on Letter).
    """
    cw, ch = card_size_with_bleed(card_w, card_h, bleed)
    if isinstance(backs, list) and len(backs) != len(fronts):
        raise ValueError(f"{len(backs)} backs for {len(fronts)} fronts (give one back or one per front)")
    for name in fronts + ([backs] if isinstance(backs, str) else list(backs or [])):
        sym = scene.symbols.get(name)
        if sym is None:
            raise KeyError(f"card symbol {name!r} is not defined in the scene")
        if abs(sym.w - cw) > 0.01 or abs(sym.h - ch) > 0.01:
            raise ValueError(f"card symbol {name!r} is {sym.w:g}x{sym.h:g} mm, expected {cw:g}x{ch:g} "
                             f"(card {card_w:g}x{card_h:g} + bleed {bleed:g})")
    grid = plan_cards(card_w, card_h, paper, bleed, gap, landscape_ok=backs is None, margin=margin)
    p = grid.paper
    draw_marks = crop_marks
    pages: list[Page] = []
    n_sheets = max(1, math.ceil(len(fronts) / grid.per_page))
    for sheet in range(n_sheets):
        chunk = list(enumerate(fronts[sheet * grid.per_page:(sheet + 1) * grid.per_page],
                               start=sheet * grid.per_page))
        front = Page(p.w, p.h, label=f"cards {sheet + 1} fronts")
        back = Page(p.w, p.h, label=f"cards {sheet + 1} backs") if backs is not None else None
        for k, (index, name) in enumerate(chunk):
            r, c = divmod(k, grid.cols)
            front.items.append(Use(name, *grid.cell(r, c)))
            if back is not None:
                back_name = backs if isinstance(backs, str) else backs[index]  # type: ignore[index]
                back.items.append(Use(back_name, *grid.cell(r, grid.cols - 1 - c)))
        words = HEADER_TEXT.get(lang, HEADER_TEXT["en"])
        for pg, what in ((front, words["fronts"]), (back, words["backs"])):
            if pg is None:
                continue
            if draw_marks:
                pg.items += card_crop_marks(grid, bleed, card_w, card_h, pg, margin=margin)
            footer(pg, code, f"{words['cards']} {sheet + 1}/{n_sheets} {what}", margin=margin, lang=lang)
            pages.append(pg)
    number_pages(pages, code, lang)
    return pages
