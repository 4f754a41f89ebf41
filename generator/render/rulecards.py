"""Rule cards: reference decks of 63×88 mm cards and one-page summaries, laid out from plain text.

A card's text is the output of a jinja2 template (templates/<game>/cards/…) in a small markup:

    # Title            the card's title, printed in its coloured header band
    ## Heading         a heading inside the body
    - item             a bullet
    | a | b | c |      a table row (cells in equal columns, the first one wider)
    @icons n1 n2       a row of pictograms: scene symbols the game's boards and sheets use
    plain text         a paragraph

Text is set at the largest size from MAX_PT down to MIN_PT (the floor) that fits inside the card's
safe area (SAFE mm inside the trim). A card that does not fit at the floor is an error naming the
card — never a silent overflow or a clipped line. Summaries flow the same blocks into columns on one
page with the same floor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from generator.core.checks import UserInputError
from generator.render import fonts, layout
from generator.render.legible import MIN_TEXT_PT, legible
from generator.render.scene import Circle, Item, Line, Page, Rect, Scene, Symbol, Text, Use
from generator.render.text import line_height, wrap

CARD_W = 63.0
CARD_H = 88.0
SAFE = 3.0  # mm kept free inside the trim line
MAX_PT = 9.0
MIN_PT = 7.0
STEP_PT = 0.25
HEADER_H = 13.0  # the coloured title band, from the trim's top edge
FOOTER_PT = 6.0
ICON_MM = 8.0
CAPTION_PT = MIN_TEXT_PT  # a pictogram's label, printed below it
INK = "#1e1e1e"


class CardOverflowError(UserInputError):
    """A card's text does not fit at the MIN_PT floor (the message names the card): one line, exit 2,
    wherever it is raised (a user's catalog can make a card's text longer)."""


@dataclass(frozen=True, slots=True)
class RuleCard:
    """One card: a key naming it in errors and tests ("plazing/turn.pl"), its marked-up text."""

    key: str
    text: str


@dataclass(frozen=True, slots=True)
class DeckStyle:
    """What makes a game's cards look like that game: its name, accent colour, a back pattern."""

    game: str  # printed name, e.g. "Plażing"
    accent: str  # "#rrggbb"
    pattern: str = "stripes"  # "stripes" | "dots" | "waves" | "grid" | "rings": tells decks apart in greyscale
    add_symbols: Callable[[Scene, str], None] | None = None  # (scene, lang): registers the pictograms


@dataclass(slots=True)
class _Block:
    kind: str  # "title" | "h" | "li" | "p" | "row" | "icons"
    text: str = ""
    cells: list[str] = field(default_factory=list)


def parse(text: str) -> tuple[str, list[_Block]]:
    """The card's title and its body blocks."""
    title = ""
    blocks: list[_Block] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("# "):
            title = line[2:].strip()
        elif line.startswith("## "):
            blocks.append(_Block("h", line[3:].strip()))
        elif line.startswith("- "):
            blocks.append(_Block("li", line[2:].strip()))
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            blocks.append(_Block("row", cells=cells))
        elif line.startswith("@icons"):
            blocks.append(_Block("icons", cells=line.split()[1:]))
        else:
            blocks.append(_Block("p", line))
    return title, blocks


def _fits(lines: list[str], width: float, size: float, font: str) -> bool:
    return all(fonts.text_width(s, font, size) <= width + 1e-6 for s in lines)


def _table_of(blocks: Sequence[_Block], i: int) -> list[_Block]:
    """The run of consecutive table rows that block i belongs to (one table: aligned columns)."""
    a = i
    while a > 0 and blocks[a - 1].kind == "row":
        a -= 1
    b = i
    while b + 1 < len(blocks) and blocks[b + 1].kind == "row":
        b += 1
    return list(blocks[a:b + 1])


def _column_widths(rows: Sequence[_Block], width: float, size: float) -> list[float]:
    """Column widths for a table: each column's natural width (its longest cell on one line) with the
    spare room shared out evenly; when that does not fit, every column keeps at least its longest word
    and the rest of the room goes where the cells are longest (they then wrap)."""
    n = max(len(r.cells) for r in rows)

    def w(text: str) -> float:
        return fonts.text_width(text, "condensed", size) + 1.5

    cells = [[r.cells[k] if k < len(r.cells) else "" for r in rows] for k in range(n)]
    natural = [max(w(c) for c in col) for col in cells]
    total = sum(natural)
    if total <= width:
        return [x + (width - total) / n for x in natural]
    least = [max((w(word) for c in col for word in c.split()), default=1.5) for col in cells]
    spare = width - sum(least)
    if spare <= 0:
        return least  # too narrow even word by word: the caller sees the overflow and shrinks
    want = [nat - lo for nat, lo in zip(natural, least, strict=True)]
    return [lo + spare * x / sum(want) for lo, x in zip(least, want, strict=True)]


def flow(blocks: Sequence[_Block], x: float, y: float, width: float, size: float,
         scene: Scene | None = None) -> tuple[list[Item], float, bool]:
    """Set `blocks` from (x, y) (top of the first line) in a column `width` mm wide at `size` pt.

    Returns the items, the height used and whether every line fits the width (a word longer than
    the column does not)."""
    items: list[Item] = []
    ok = True
    top = y
    lh = line_height(size)
    for i, b in enumerate(blocks):
        if i and blocks[i - 1].kind == "row" and b.kind != "row":
            y += 1.2  # air between a table's last rule and what follows
        if b.kind == "h":
            hs = size + 1.0
            y += (1.2 if i else 0.0)
            lines = wrap(b.text, width, hs, "bold")
            ok &= _fits(lines, width, hs, "bold")
            for s in lines:
                y += line_height(hs)
                items.append(Text(x, y - 0.3 * line_height(hs), s, size=hs, font="bold", fill=INK))
            y += 0.6
        elif b.kind in ("li", "p"):
            indent = 2.6 if b.kind == "li" else 0.0
            lines = wrap(b.text, width - indent, size, "regular")
            ok &= _fits(lines, width - indent, size, "regular")
            if b.kind == "li":
                items.append(Circle(x + 0.9, y + lh * 0.45, 0.55, fill=INK, stroke=None))
            for s in lines:
                y += lh
                items.append(Text(x + indent, y - 0.3 * lh, s, size=size, fill=INK))
            y += 0.5
        elif b.kind == "row":
            widths = _column_widths(_table_of(blocks, i), width, size)
            cells = b.cells + [""] * (len(widths) - len(b.cells))
            cell_lines = [wrap(c, w - 1.0, size, "condensed") for c, w in zip(cells, widths, strict=True)]
            ok &= all(_fits(ls, w - 1.0, size, "condensed") for ls, w in zip(cell_lines, widths, strict=True))
            rows = max(len(ls) for ls in cell_lines)
            h = rows * lh + 0.6
            items.append(Line(x + 0.3, y + h, x + width - 0.3, y + h, stroke="#9e9e9e", width=0.15))
            cx = x
            for ls, w in zip(cell_lines, widths, strict=True):
                for k, s in enumerate(ls):
                    items.append(Text(cx + 0.5, y + (k + 1) * lh - 0.3 * lh, s, size=size, font="condensed",
                                      fill=INK))
                cx += w
            y += h
        elif b.kind == "icons":
            names = [n for n in b.cells if scene is not None and n in scene.symbols]
            if len(names) != len(b.cells):
                missing = sorted(set(b.cells) - set(names))
                raise CardOverflowError(f"unknown pictogram(s) {', '.join(missing)}")
            assert scene is not None
            cx = x
            y += 0.8
            captioned = False
            for n in names:
                sym = scene.symbols[n]
                scale = ICON_MM / max(sym.w, sym.h)
                # a pictogram's own label would print at a few points: it goes below the picture
                shown, dropped = legible(scene, n, scale)
                caption = " ".join(t.text for t in dropped if any(ch.isalnum() for ch in t.text))
                cell = max(sym.w * scale, fonts.text_width(caption, "condensed", CAPTION_PT) if caption else 0.0)
                if cx + cell > x + width + 1e-6:
                    ok = False
                items.append(Use(shown, cx + (cell - sym.w * scale) / 2, y, scale=scale))
                if caption:
                    captioned = True
                    items.append(Text(cx + cell / 2, y + ICON_MM + 0.75 * line_height(CAPTION_PT), caption,
                                      size=CAPTION_PT, font="condensed", fill=INK, anchor="middle"))
                cx += cell + 1.5
            y += ICON_MM + 0.8 + (line_height(CAPTION_PT) if captioned else 0.0)
    return items, y - top, ok


def card_front(scene: Scene, card: RuleCard, style: DeckStyle, name: str, footer: str,
               bleed: float = 0.0) -> Symbol:
    """The card's front as a symbol of (63 + 2·bleed) × (88 + 2·bleed) mm; the trim is inset by bleed.

    The header band and the background run into the bleed; text stays SAFE mm inside the trim."""
    w, h = layout.card_size_with_bleed(CARD_W, CARD_H, bleed)
    b = bleed
    title, blocks = parse(card.text)
    if not title:
        raise CardOverflowError(f"rule card {card.key}: no '# ' title line")
    items: list[Item] = [Rect(0, 0, w, h, fill="#ffffff", stroke=None),
                         Rect(0, 0, w, b + HEADER_H, fill=style.accent, stroke=None)]
    x0, width = b + SAFE, CARD_W - 2 * SAFE
    title_size = 11.0
    while fonts.text_width(title, "bold", title_size) > width and title_size > MIN_PT:
        title_size -= STEP_PT
    if fonts.text_width(title, "bold", title_size) > width:
        raise CardOverflowError(f"rule card {card.key}: title {title!r} does not fit at {MIN_PT:g} pt")
    items.append(Text(x0, b + HEADER_H - 4.2, title, size=title_size, font="bold", fill="#ffffff"))
    body_top = b + HEADER_H + 2.5
    body_bottom = b + CARD_H - SAFE - 0.7 - line_height(FOOTER_PT) - 1.0
    size = MAX_PT
    while True:
        body, used, ok = flow(blocks, x0, body_top, width, size, scene)
        if ok and body_top + used <= body_bottom:
            break
        size -= STEP_PT
        if size < MIN_PT - 1e-9:
            raise CardOverflowError(f"rule card {card.key} ({title}) does not fit on a {CARD_W:g}×{CARD_H:g} mm "
                                    f"card even at {MIN_PT:g} pt: shorten its template")
    items += body
    items.append(Line(x0 + 0.3, body_bottom + 0.6, x0 + width - 0.3, body_bottom + 0.6, stroke=style.accent,
                      width=0.3))
    # the baseline sits above the safe line by the font's descent, so no descender enters the margin
    items.append(Text(x0, b + CARD_H - SAFE - 0.7, footer, size=FOOTER_PT, font="condensed", fill="#555555"))
    return Symbol(name, w, h, items)


def _pattern(style: DeckStyle, w: float, h: float) -> list[Item]:
    ink = "#ffffff"
    out: list[Item] = []
    if style.pattern == "stripes":
        out += layout.diagonal_stripes(w, h, 7.0, ink, 1.2)
    elif style.pattern == "dots":
        yy = 4.0
        while yy <= h - 1.1:
            xx = 4.0 + (3.5 if int(yy // 7) % 2 else 0.0)
            while xx <= w - 1.1:  # every dot whole inside the back
                out.append(Circle(xx, yy, 1.1, fill=ink, stroke=None))
                xx += 7.0
            yy += 7.0
    elif style.pattern == "grid":
        xx = 0.0
        while xx < w:
            out.append(Line(xx, 0, xx, h, stroke=ink, width=0.6))
            xx += 6.0
        yy = 0.0
        while yy < h:
            out.append(Line(0, yy, w, yy, stroke=ink, width=0.6))
            yy += 6.0
    elif style.pattern == "rings":
        r = 4.0
        while r + 0.4 <= min(w, h) / 2:  # rings inside the back (a ring past its edge would paint outside)
            out.append(Circle(w / 2, h / 2, r, fill=None, stroke=ink, width=0.8))
            r += 5.0
    else:  # waves
        yy = 3.0
        while yy < h:
            pts = [(min(xx * 1.0, w), yy + (1.5 if (xx // 4) % 2 else -1.5)) for xx in range(0, int(w) + 4, 4)]
            for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
                out.append(Line(ax, ay, bx, by, stroke=ink, width=0.7))
            yy += 6.0
    return out


def card_back(style: DeckStyle, name: str, subtitle: str, bleed: float = 0.0) -> Symbol:
    """The deck's back: accent colour to the bleed edge, a pattern (tells decks apart in greyscale),
    the game's name in a white plate centred on the trim (so a mirrored back looks the same)."""
    w, h = layout.card_size_with_bleed(CARD_W, CARD_H, bleed)
    items: list[Item] = [Rect(0, 0, w, h, fill=style.accent, stroke=None)] + _pattern(style, w, h)
    cx, cy = w / 2, h / 2
    items.append(Rect(cx - 25, cy - 11, 50, 22, fill="#ffffff", stroke=None, radius=2.5))
    size = 14.0
    while fonts.text_width(style.game, "bold", size) > 46 and size > MIN_PT:
        size -= 0.5
    items.append(Text(cx, cy + 1.0, style.game, size=size, font="bold", fill=style.accent, anchor="middle"))
    items.append(Text(cx, cy + 7.0, subtitle, size=7.0, font="condensed", fill=INK, anchor="middle"))
    return Symbol(name, w, h, items)


def deck_scene(cards: Sequence[RuleCard], style: DeckStyle, paper: layout.Paper, code: str, lang: str,
               bleed: float = 0.0, gap: float = 0.0, title: str = "", backs: str = "duplex") -> Scene:
    """The reference deck: fronts and backs imposed with crop marks (3×3 without bleed). `backs`
    (layout.BACKS_MODES): `duplex` — mirrored backs sheets, then the duplex alignment test sheet;
    `fold` — each front beside its back for gutter folding; `none` — fronts only. Layout warnings
    (bleed costing cards) are in `scene.warnings`."""
    layout.check_backs(backs)
    scene = Scene(title=title or style.game, subject=f"boardgen: {style.game} rule cards")
    if style.add_symbols is not None:
        style.add_symbols(scene, lang)
    subtitle = "karty zasad" if lang == "pl" else "rule cards"
    back = scene.add_symbol(card_back(style, "rc-back", subtitle, bleed))
    fronts = []
    for i, card in enumerate(cards):
        foot = f"{style.game} · {i + 1}/{len(cards)} · {code}"
        fronts.append(scene.add_symbol(card_front(scene, card, style, f"rc-card-{i}", foot, bleed)))
    scene.pages += layout.impose_cards(scene, fronts, back, CARD_W, CARD_H, paper, code, bleed=bleed, gap=gap,
                                       lang=lang, sides=backs, decks="rules")
    if backs == "duplex":
        scene.pages += layout.duplex_test_pages(paper, code, lang)  # print it first: does the printer line up?
    layout.number_pages(scene.pages, code, lang)
    return scene


def summary_page(cards: Sequence[RuleCard], style: DeckStyle, page_w: float, page_h: float, heading: str,
                 scene: Scene, columns: int = 2, margin: float = layout.MARGIN + 4,
                 max_pt: float = 9.5, gutter: float = 6.0, halves: bool = False) -> list[Item]:
    """Every card's text flowed into `columns` columns on one page (as items), shrinking to MIN_PT.

    With `halves` the page is two A5 halves cut apart in the middle: each column is one half and
    carries its own heading band. Raises CardOverflowError when it does not fit at the floor."""
    col_w = (page_w - 2 * margin - (columns - 1) * gutter) / columns
    top = margin + 14.0
    bottom = page_h - margin - layout.FOOTER_H - 2.0
    sections = []
    for card in cards:
        title, blocks = parse(card.text)
        sections.append([_Block("h", title)] + blocks)
    size = max_pt
    while size >= MIN_PT - 1e-9:
        items: list[Item] = []
        col, y, ok = 0, top, True
        for blocks in sections:
            x = margin + col * (col_w + gutter)
            part, used, fits = flow(blocks, x, y, col_w, size, scene)
            if y + used > bottom and y > top:
                col += 1
                y = top
                x = margin + col * (col_w + gutter)
                part, used, fits = flow(blocks, x, y, col_w, size, scene)
            if col >= columns or y + used > bottom or not fits:
                ok = False
                break
            items += part
            y += used + 2.0
        if ok:
            bands = [(margin + k * (col_w + gutter), col_w) for k in range(columns)] if halves else \
                [(margin, page_w - 2 * margin)]
            band: list[Item] = []
            for k, (bx, bw) in enumerate(bands):
                label = heading if k == 0 else f"{heading} ({k + 1})"
                band += [Rect(bx, margin, bw, 10.0, fill=style.accent, stroke=None, radius=1.5),
                         Text(bx + 3, margin + 7.0, label, size=12 if halves else 13, font="bold", fill="#ffffff")]
            return band + items
        size -= STEP_PT
    raise CardOverflowError(f"the {style.game} summary does not fit on one {page_w:g}×{page_h:g} mm page even at "
                            f"{MIN_PT:g} pt")



def summary_scene(cards: Sequence[RuleCard], style: DeckStyle, paper: layout.Paper, code: str, lang: str,
                  heading: str, two_up: bool = True) -> Scene:
    """The one-page summary on the chosen paper."""
    scene = Scene(title=heading, subject=f"boardgen: {style.game} rules summary")
    if style.add_symbols is not None:
        style.add_symbols(scene, lang)
    page = Page(paper.w, paper.h, label="summary")
    page.items += summary_page(cards, style, paper.w, paper.h, heading, scene)
    layout.footer(page, code, heading, lang=lang)
    scene.pages.append(page)
    layout.number_pages(scene.pages, code, lang)
    return scene


def from_templates(game: str, names: Sequence[str], lang: str, **ctx: object) -> list[RuleCard]:
    """Render templates/<game>/cards/<name>.<lang>.txt for every name (one card per template)."""
    from generator.render.text import render_template

    return [RuleCard(f"{game}/{name}.{lang}", render_template(f"{game}/cards/{name}.{lang}.txt", **ctx))
            for name in names]


@dataclass(frozen=True, slots=True)
class Played:
    """The headline figures of one bot's playouts, for the setup card (worded by its template)."""
    bot: str  # "greedy" | "random"
    games: int
    completed: int
    unit: str  # what a game's length counts: "moves" | "rounds" | "turns"
    length: dict[str, float]  # mean, min, max
    wins: tuple[float, ...]  # share of the completed games won, per seat
    extra: tuple[tuple[str, str], ...] = ()  # (seat_balance | drought_hits | stranded, shown value)


SETUP_TITLE = {"pl": "karta ustawienia", "en": "setup card"}  # lower case, like the other files' titles


def setup_card_symbols(scene: Scene, style: DeckStyle, game: str, code: str, lang: str, facts: Sequence[str],
                       played: Sequence[Played], bleed: float = 0.0) -> tuple[str, str]:
    """The setup card's front and back as scene symbols (63×88 mm + bleed): a game's card file can
    carry the card in a free slot instead of a sheet of its own. The back is the game's rule-card
    back, titled "setup card"."""
    from generator.render.text import render_template

    runs = [{"bot": p.bot, "games": p.games, "completed": p.completed, "unit": p.unit, "length": p.length,
             "wins": [f"{w:.0%}" for w in p.wins], "extra": p.extra} for p in played]
    text = render_template(f"cards/setup-card.{lang}.txt", code=code, game=game, facts=list(facts), played=runs)
    card = RuleCard(f"{game}/setup-card.{lang}", text)
    front = scene.add_symbol(card_front(scene, card, style, f"setup-card-{code}", f"{style.game} · {code}", bleed))
    back_name = f"setup-card-back-{lang}-{bleed:g}"
    back = back_name if back_name in scene.symbols else scene.add_symbol(
        card_back(style, back_name, SETUP_TITLE[lang], bleed))
    return front, back


def setup_card_scene(style: DeckStyle, game: str, code: str, lang: str, paper: layout.Paper, facts: Sequence[str],
                     played: Sequence[Played], bleed: float = 0.0, backs: str = "duplex") -> Scene:
    """The setup summary card every `setup` command writes: what goes where for this seed, the checks
    it passed and the playout figures, on one 63×88 mm card with crop marks (the text shrinks to the
    MIN_PT floor; a setup whose facts do not fit is an error, never a clipped card). The words are
    templates/cards/setup-card.<lang>.txt, so a Polish card is Polish throughout. `backs`
    (layout.BACKS_MODES): the game's rule-card back behind it (duplex or folded), or none."""
    layout.check_backs(backs)
    title = SETUP_TITLE[lang]
    scene = Scene(title=f"{style.game} — {title} — {code}", subject=f"boardgen: {style.game} setup card")
    front, back = setup_card_symbols(scene, style, game, code, lang, facts, played, bleed)
    scene.pages += layout.impose_cards(scene, [front], back, CARD_W, CARD_H, paper, code, bleed=bleed, lang=lang,
                                       sides=backs, decks="setup-card")
    return scene
