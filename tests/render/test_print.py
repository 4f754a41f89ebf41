"""Print rules of the shared layout (issue 8, items 10, 11, 14): nothing within 5 mm of the paper
edge, the fewest poster sheets, real TrimBox/BleedBox, bleed that says what it costs, the best card
layout, a safe margin inside the cut, duplex backs that land behind their fronts."""

from __future__ import annotations

import io

import pypdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render import bounds, layout
from generator.render.layout import SAFE_EDGE, get_paper
from generator.render.pdf import PT_PER_MM, pdf_bytes, use_matrix
from generator.render.png import page_image
from generator.render.scene import Circle, Line, Page, Rect, Scene, Symbol, Text, Use

from .conftest import CODE, board_scene, card_scene

PAPERS = ("a4", "letter")


def _cards(n: int, bleed: float = 0.0, backs: bool = True) -> tuple[Scene, list[str], list[str] | None]:
    sc, fronts = card_scene(n, bleed)
    return sc, fronts, [f"b{i}" for i in range(n)] if backs else None


def _edge_free(pages: list[Page], sc: Scene) -> list[str]:
    sc.pages = pages
    return bounds.edge_violations(sc, SAFE_EDGE)


# --- item 10: the 5 mm edge ------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("margin", [None, 5.5, 8.0])
def test_card_sheets_keep_5mm_and_have_marks_on_all_four_sides(paper: str, margin: float | None) -> None:
    """Letter with the 5.5 mm margin Plażing asks for: top marks were 1.9 mm from the edge, and
    there were no bottom marks at all."""
    sc, fronts, backs = _cards(12)
    kw = {} if margin is None else {"margin": margin}
    pages = layout.impose_cards(sc, fronts, backs, 63, 88, get_paper(paper), CODE, **kw)
    assert _edge_free(pages, sc) == []
    first = pages[0]
    uses = [u for u in first.items if isinstance(u, Use)]
    cw, ch = (88, 63) if uses[0].rotate % 180 else (63, 88)
    gy0 = min(u.y for u in uses)
    gy1 = max(u.y for u in uses) + ch
    gx0 = min(u.x for u in uses)
    gx1 = max(u.x for u in uses) + cw
    marks = [i for i in first.items if isinstance(i, Line)]
    assert any(max(m.y1, m.y2) < gy0 for m in marks), "no top marks"
    assert any(min(m.y1, m.y2) > gy1 for m in marks), "no bottom marks"
    assert any(max(m.x1, m.x2) < gx0 for m in marks) and any(min(m.x1, m.x2) > gx1 for m in marks)
    for m in marks:
        assert max(abs(m.x1 - m.x2), abs(m.y1 - m.y2)) >= layout.MARK_MIN - 1e-9
    # 9 poker cards per sheet on both papers when the margin allows it; Letter with 8 mm: 8 turned
    assert len(uses) == (8 if (paper, margin) == ("letter", 8.0) else 9)


def test_footer_never_collides_with_marks_and_stays_readable() -> None:
    sc, fronts, backs = _cards(9)
    for paper in PAPERS:
        page = layout.impose_cards(sc, fronts, backs, 63, 88, get_paper(paper), CODE)[0]
        foot = next(i for i in page.items if isinstance(i, Text) and i.text.startswith("boardgen"))
        fb = bounds.text_box(foot)
        for m in (i for i in page.items if isinstance(i, Line)):
            mb = bounds.item_box(m)
            assert mb is not None
            overlap = min(fb[2], mb[2]) > max(fb[0], mb[0]) and min(fb[3], mb[3]) > max(fb[1], mb[1])
            assert not overlap, (paper, foot, m)
        assert CODE in foot.text and foot.text.endswith("1/2")


@settings(max_examples=25, deadline=None)
@given(w=st.floats(60, 900), h=st.floats(60, 700), paper=st.sampled_from(PAPERS),
       overlap=st.sampled_from([6.0, 10.0, 15.0]))
def test_poster_and_overview_pages_keep_5mm(w: float, h: float, paper: str, overlap: float) -> None:
    sc = board_scene(round(w), round(h))
    pages = layout.poster(sc, "board", get_paper(paper), CODE, "Plażing — długi tytuł planszy", overlap=overlap)
    pages.append(layout.overview(sc, "board", get_paper(paper), CODE, "Plażing"))
    assert _edge_free(pages, sc) == []


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_poster_sheets_carry_no_label_over_the_board(lang: str) -> None:
    """The glue label used to be printed inside the glue strip, over the board's track numbers."""
    sc = board_scene(420, 300)
    pages = layout.poster(sc, "board", get_paper("a4"), CODE, "T", lang=lang)
    assert len(pages) == 4
    for p in pages:
        board = next(i for i in p.items if isinstance(i, Use) and i.name == "board")
        assert board.clip is not None
        cx, cy, cw, ch = board.clip
        for t in (i for i in p.items if isinstance(i, Text)):
            x0, y0, x1, y1 = bounds.text_box(t)
            assert x1 <= cx or x0 >= cx + cw or y1 <= cy or y0 >= cy + ch, (p.label, t.text)


def test_plazing_sized_board_is_two_letter_sheets_without_thin_strips() -> None:
    """356 x 252 mm was 2 x 2 Letter sheets, two of them 12.6 mm strips."""
    for paper in PAPERS:
        plan = layout.plan_poster(356, 252, get_paper(paper))
        assert plan.sheets == 2, (paper, plan)
        sc = board_scene(356, 252)
        pages = layout.poster(sc, "board", get_paper(paper), CODE, "T")
        assert len(pages) == 2
        windows = [next(i for i in p.items if isinstance(i, Use) and i.name == "board").clip for p in pages]
        widths = [c[2] for c in windows if c is not None]
        assert max(widths) - min(widths) < 1e-6  # the board is shared evenly
        assert all(c is not None and c[3] == pytest.approx(252) for c in windows)
        assert _edge_free(pages, sc) == []


def test_poster_prefers_wider_margin_and_overlap_on_a_tie() -> None:
    plan = layout.plan_poster(420, 300, get_paper("a4"))
    assert (plan.sheets, plan.margin, plan.overlap) == (4, layout.MARGIN, 10.0)
    # a board that needs a narrower glue strip to fit 2 sheets gets it, never below MIN_OVERLAP
    tight = layout.plan_poster(2 * 281 - 7, 150, get_paper("a4"))
    assert tight.sheets == 2 and layout.MIN_OVERLAP <= tight.overlap < 10


# --- item 11: bleed ------------------------------------------------------------------------------


def _boxes(data: bytes, i: int = 0) -> dict[str, tuple[float, ...]]:
    page = pypdf.PdfReader(io.BytesIO(data)).pages[i]
    return {k: tuple(round(float(v) / PT_PER_MM, 2) for v in (b.left, b.bottom, b.right, b.top))
            for k, b in (("media", page.mediabox), ("trim", page.trimbox), ("bleed", page.bleedbox))}


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_card_sheets_trim_and_bleed_boxes_are_the_real_cut_and_bleed(bleed: float) -> None:
    sc, fronts, backs = _cards(9 if bleed == 0 else 8, bleed)  # full sheets: 9 upright, 8 turned
    pages = layout.impose_cards(sc, fronts, backs, 63, 88, get_paper("a4"), CODE, bleed=bleed)
    assert len(pages) == 2
    sc.pages = pages
    data = pdf_bytes(sc)
    for i, page in enumerate(pages):
        uses = [u for u in page.items if isinstance(u, Use)]
        cw, ch = (94, 69) if uses[0].rotate % 180 else (63 + 2 * bleed, 88 + 2 * bleed)
        gx0, gy0 = min(u.x for u in uses), min(u.y for u in uses)
        gx1, gy1 = max(u.x for u in uses) + cw, max(u.y for u in uses) + ch
        h = page.h
        box = _boxes(data, i)
        # PDF boxes are (left, bottom, right, top) from the bottom-left corner
        assert box["trim"] == pytest.approx((gx0 + bleed, h - gy1 + bleed, gx1 - bleed, h - gy0 - bleed), abs=0.01)
        assert box["bleed"] == pytest.approx((gx0, h - gy1, gx1, h - gy0), abs=0.01)
        assert box["media"] == pytest.approx((0, 0, 210, 297), abs=0.01)


@pytest.mark.parametrize("paper,per_sheet", [("a4", 8), ("letter", 6)])
def test_bleed_picks_the_best_layout_and_says_what_it_costs(paper: str, per_sheet: int) -> None:
    """With 3 mm bleed an upright grid holds 6 (A4) / 4 (Letter) poker cards; turned, 8 / 6."""
    sc, fronts, backs = _cards(18, 3.0)
    imp = layout.impose(sc, fronts, backs, 63, 88, get_paper(paper), CODE, bleed=3.0)
    assert imp.grid.per_page == per_sheet and imp.grid.rotate == 90
    assert [len([u for u in p.items if isinstance(u, Use)]) for p in imp.pages[:2]] == [per_sheet] * 2
    assert len(imp.warnings) == 1 and f"{per_sheet} cards per {paper} sheet instead of 9" in imp.warnings[0]
    assert sc.warnings == imp.warnings  # impose_cards callers find it on the scene
    assert _edge_free(imp.pages, sc) == []
    plain = layout.impose(*_cards(18)[:3], 63, 88, get_paper(paper), CODE)
    assert plain.warnings == [] and plain.grid.per_page == 9


def test_gap_option_spaces_cards_and_gives_way_when_it_costs_cards() -> None:
    sc, fronts, backs = _cards(9)
    imp = layout.impose(sc, fronts, backs, 63, 88, get_paper("a4"), CODE, gap=3.0)
    xs = sorted({u.x for u in imp.pages[0].items if isinstance(u, Use)})
    ys = sorted({u.y for u in imp.pages[0].items if isinstance(u, Use)})
    assert xs[1] - xs[0] == pytest.approx(66) and ys[1] - ys[0] == pytest.approx(91)
    assert imp.grid.per_page == 9 and imp.warnings == []
    assert _edge_free(imp.pages, sc) == []
    letter = layout.impose(*_cards(9)[:3], 63, 88, get_paper("letter"), CODE, gap=3.0)
    assert letter.grid.per_page == 9 and letter.grid.gap == 0
    assert any("gap" in w for w in letter.warnings)


# --- item 14: safe margin and duplex -------------------------------------------------------------


def test_diagonal_stripes_to_the_edge_are_background_but_frame_lines_are_not() -> None:
    """A stripe of a card back runs across the safe band to the cut (a box test cannot tell it
    from a frame line); a line 1.5 mm inside the cut, or one that stops inside the band, is a frame."""
    sc = Scene()
    w, h = 63.0, 88.0
    base = [Rect(0, 0, w, h, fill="#00695c", stroke=None)]
    sc.add_symbol(Symbol("striped", w, h, base + layout.diagonal_stripes(w, h, 6.0, "#26a69a", 1.2)))
    sc.add_symbol(Symbol("frame", w, h, base + [Line(1.5, 0, 1.5, h, stroke="#ffcc00", width=0.4)]))
    sc.add_symbol(Symbol("stub", w, h, base + [Line(20, 40, 61.5, 1.5, stroke="#ffcc00", width=0.4)]))
    assert layout.card_safe_warnings(sc, ["striped"], w, h, 0.0) == []
    assert [x.split()[0] for x in layout.card_safe_warnings(sc, ["frame"], w, h, 0.0)] == ["Line"]
    assert [x.split()[0] for x in layout.card_safe_warnings(sc, ["stub"], w, h, 0.0)] == ["Line"]


def test_card_text_and_art_inside_the_safe_margin() -> None:
    sc = Scene()
    w, h = 63 + 6, 88 + 6  # 3 mm bleed
    ok = [Rect(0, 0, w, h, fill="#ffeecc", stroke=None), Rect(0, 0, w, 20, fill="#cc3366", stroke=None),
          Text(7, 30, "środek", 9), Rect(7, 40, 20, 20, fill="#336699")]
    sc.add_symbol(Symbol("ok", w, h, ok))
    sc.add_symbol(Symbol("text", w, h, ok + [Text(4.0, 50, "za blisko", 9)]))
    sc.add_symbol(Symbol("frame", w, h, ok + [Rect(4.5, 4.5, 60, 85, stroke="#cc3366", width=0.4)]))
    assert layout.card_safe_warnings(sc, ["ok"], 63, 88, 3.0) == []
    text = layout.card_safe_warnings(sc, ["text"], 63, 88, 3.0)
    assert len(text) == 1 and "'za blisko'" in text[0] and "1.0 mm from the cut" in text[0]
    frame = layout.card_safe_warnings(sc, ["frame"], 63, 88, 3.0)
    assert len(frame) == 1 and frame[0].startswith("Rect")
    imp = layout.impose(sc, ["ok", "text", "frame"], None, 63, 88, get_paper("a4"), CODE, bleed=3.0)
    assert any("za blisko" in x for x in imp.warnings) and any(x.startswith("Rect") for x in imp.warnings)


def test_a_background_symbol_is_checked_as_one_piece() -> None:
    """Dots of a texture that runs off the card sit in the danger band on purpose: inside a
    background symbol the check takes the texture's box (which reaches the cut), not each dot;
    the same dots placed loose are reported, and a background that stops short of the cut is too."""
    sc = Scene()
    w, h = 63.0, 88.0
    dots = [Circle(x + 1.0, 1.5, 0.5, fill="#806000", stroke=None) for x in range(0, 63, 4)]
    sc.add_symbol(Symbol("band", w, 17, [Rect(0, 0, w, 17, fill="#f0c040", stroke=None), *dots], background=True))
    sc.add_symbol(Symbol("loose-band", w, 17, [Rect(0, 0, w, 17, fill="#f0c040", stroke=None), *dots]))
    sc.add_symbol(Symbol("short", 50, 10, [Rect(0, 0, 50, 10, fill="#f0c040", stroke=None)], background=True))
    sc.add_symbol(Symbol("good", w, h, [Use("band", 0, 0), Text(7, 30, "środek", 9)]))
    sc.add_symbol(Symbol("bad", w, h, [Use("loose-band", 0, 0)]))
    sc.add_symbol(Symbol("stops-short", w, h, [Use("short", 1.0, 1.0)]))
    assert layout.card_safe_warnings(sc, ["good"], w, h, 0.0) == []
    assert {x.split()[0] for x in layout.card_safe_warnings(sc, ["bad"], w, h, 0.0)} == {"Circle"}
    assert [x.split()[0] for x in layout.card_safe_warnings(sc, ["stops-short"], w, h, 0.0)] == ["Rect"]
    # each use on its own: a good band does not cover a stray copy of it 1 mm inside the cut
    sc.add_symbol(Symbol("two-bands", w, h, [Use("band", 0, 0), Use("band", 1.0, 30)]))
    assert [x.split()[0] for x in layout.card_safe_warnings(sc, ["two-bands"], w, h, 0.0)] == ["Rect"]
    # and text inside a background is still text: held to the safe area
    sc.add_symbol(Symbol("band-text", w, 17, [Rect(0, 0, w, 17, fill="#f0c040", stroke=None),
                                             Text(0.5, 1.8, "CUT ME", 6)], background=True))
    sc.add_symbol(Symbol("texted", w, h, [Use("band-text", 0, 0)]))
    texted = layout.card_safe_warnings(sc, ["texted"], w, h, 0.0)
    assert len(texted) == 1 and "'CUT ME'" in texted[0]


def _map_point(use: Use, sym: Symbol, u: float, v: float) -> tuple[float, float]:
    return use_matrix(use, sym).apply(u, v)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("bleed,gap", [(0.0, 0.0), (3.0, 0.0), (0.0, 2.5)])
def test_duplex_backs_land_behind_their_fronts(paper: str, bleed: float, gap: float) -> None:
    """Long-edge flip turns the sheet about its vertical axis: the point of the back artwork behind
    front point (u, v) is (w - u, v) of the back; on the backs page it must be at (W - X, Y)."""
    sc, fronts, backs = _cards(11, bleed)
    assert backs is not None
    pages = layout.impose_cards(sc, fronts, backs, 63, 88, get_paper(paper), CODE, bleed=bleed, gap=gap)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert (front.w, front.h) == (back.w, back.h) and front.w < front.h  # portrait
        behind = {u.name: u for u in back.items if isinstance(u, Use)}
        for fu in (u for u in front.items if isinstance(u, Use)):
            bu = behind["b" + fu.name[1:]]
            fs, bs = sc.symbols[fu.name], sc.symbols[bu.name]
            for u, v in ((0, 0), (fs.w, 0), (0, fs.h), (fs.w, fs.h), (10, 25)):
                x, y = _map_point(fu, fs, u, v)
                bx, by = _map_point(bu, bs, bs.w - u, v)
                assert (bx, by) == pytest.approx((front.w - x, y), abs=1e-6)


def test_duplex_test_pages_mirror_their_marks() -> None:
    for paper in PAPERS:
        front, back = layout.duplex_test_pages(get_paper(paper), CODE, lang="pl")
        crosses = {(i.x1 + 6, i.y1) for i in front.items if isinstance(i, Line) and i.y1 == i.y2}
        targets = {(r.x + r.w / 2, r.y + r.h / 2) for r in back.items if isinstance(r, Rect)}
        assert len(crosses) == 5 and len(targets) == 5
        assert {(round(front.w - x, 6), round(y, 6)) for x, y in crosses} == \
            {(round(x, 6), round(y, 6)) for x, y in targets}
        assert layout.footer_text_of(back).endswith("2/2") and CODE in layout.footer_text_of(front)
        sc = Scene(pages=[front, back])
        assert bounds.edge_violations(sc) == []


# --- the checker itself ----------------------------------------------------------------------


def test_bounds_follow_symbols_rotation_clip_and_text() -> None:
    sc = Scene()
    sc.add_symbol(Symbol("s", 10, 20, [Rect(0, 0, 10, 20, fill="#000000", stroke=None),
                                       Rect(2, 2, 2, 2, fill="#ffffff", stroke=None)]))
    inks = bounds.page_inks(sc, Page(100, 100, [Use("s", 30, 40, rotate=90)]))
    assert [i.box for i in inks] == [pytest.approx((30, 40, 50, 50))]  # turned: 20 wide, 10 tall
    clipped = bounds.page_inks(sc, Page(100, 100, [Use("s", 30, 40, clip=(0, 0, 35, 45))]))
    assert [i.box for i in clipped] == [pytest.approx((30, 40, 35, 45))]
    t = Text(50, 50, "Ż", 10, rotate=90)
    x0, y0, x1, y1 = bounds.text_box(t)
    assert x1 <= 50 + 1.0 and x0 < 50 - 3 and y1 == pytest.approx(50)  # reads upwards, ink to the left
    assert bounds.edge_violations(Scene(pages=[Page(100, 100, [Text(2, 50, "x")])]))
    assert bounds.edge_violations(Scene(pages=[Page(100, 100, [Line(1, 1, 2, 2, stroke="#ffffff")])])) == []


def test_png_preview_of_turned_cards_matches_the_pdf_layout() -> None:
    """Turned fronts render where the scene puts them (a dark corner mark lands in the right cell)."""
    sc, fronts = card_scene(8, 3.0)
    for name in fronts:  # a black square in each front's top-left corner (inside the bleed)
        sc.symbols[name].items.append(Rect(0, 0, 8, 8, fill="#000000", stroke=None))
    pages = layout.impose_cards(sc, fronts, None, 63, 88, get_paper("a4"), CODE, bleed=3.0, crop_marks=False)
    sc.pages = pages
    img = page_image(sc, 0, dpi=50)
    k = 50 / 25.4
    for u in (i for i in pages[0].items if isinstance(i, Use)):
        x, y = _map_point(u, sc.symbols[u.name], 4, 4)  # the square's centre, after the turn
        assert img.getpixel((int(x * k), int(y * k))) == (0, 0, 0)


def test_long_footer_text_is_shortened_never_the_code_or_page_number() -> None:
    title = "Plażing: parawany w dłoń — " * 12
    pages = [Page(210, 297), Page(297, 210)]
    for p in pages:
        layout.footer(p, CODE, title)
    layout.number_pages(pages, CODE)
    sc, fronts, backs = _cards(9)
    cards = layout.impose_cards(sc, fronts, backs, 63, 88, get_paper("letter"), CODE)
    for p in cards:  # the side footer: as long as the grid is tall at most
        layout.footer(p, CODE, title)
    layout.number_pages(cards, CODE)
    for i, p in enumerate(pages + cards):
        line = layout.footer_text_of(p)
        assert line is not None and "…" in line and f"code {CODE}" in line
        assert line.endswith(f"page {i + 1 if i < 2 else i - 1}/2")
    sc.pages = pages + cards
    assert bounds.edge_violations(sc) == []
    short = Page(210, 297)
    layout.footer(short, CODE, "board")
    assert layout.footer_text_of(short) == f"boardgen · board · code {CODE}"


@settings(max_examples=30, deadline=None)
@given(w=st.floats(30, 140), h=st.floats(30, 140), bleed=st.sampled_from([0.0, 2.0, 3.0]),
       gap=st.sampled_from([0.0, 1.5, 4.0]), paper=st.sampled_from(PAPERS), backs=st.booleans(),
       marks=st.booleans())
def test_any_card_imposition_keeps_the_print_rules(w: float, h: float, bleed: float, gap: float, paper: str,
                                                   backs: bool, marks: bool) -> None:
    """Cards never overlap, stay inside the 5 mm band with their marks and footer, backs land
    behind fronts, and the grid is the best of the layouts tried (none holds more cards)."""
    w, h = round(w, 1), round(h, 1)
    sc, fronts = card_scene(7, bleed, w, h)
    back_names = [f"b{i}" for i in range(7)] if backs else None
    imp = layout.impose(sc, fronts, back_names, w, h, get_paper(paper), CODE, bleed=bleed, gap=gap,
                        crop_marks=marks)
    assert _edge_free(imp.pages, sc) == []
    g = imp.grid
    for rot in (0, 90):
        for landscape in ((False, True) if not backs else (False,)):
            other = layout.plan_cards(w, h, get_paper(paper), bleed, gap, landscape_ok=landscape,
                                      crop_marks=marks, rotate_ok=bool(rot))
            assert other.per_page <= g.per_page
    for page in imp.pages:
        boxes = [bounds.page_inks(sc, Page(page.w, page.h, [u]))[0].box for u in page.items if isinstance(u, Use)]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert min(a[2], b[2]) <= max(a[0], b[0]) + 1e-6 or min(a[3], b[3]) <= max(a[1], b[1]) + 1e-6
    if backs:
        for front, back in zip(imp.pages[::2], imp.pages[1::2], strict=True):
            behind = {u.name: u for u in back.items if isinstance(u, Use)}
            for fu in (u for u in front.items if isinstance(u, Use)):
                bu = behind["b" + fu.name[1:]]
                fs = sc.symbols[fu.name]
                x, y = _map_point(fu, fs, 1.0, 2.0)
                assert _map_point(bu, sc.symbols[bu.name], fs.w - 1.0, 2.0) == pytest.approx((front.w - x, y))


@settings(max_examples=30, deadline=None)
@given(w=st.integers(100, 1000), h=st.integers(100, 800), paper=st.sampled_from(PAPERS))
def test_poster_windows_cover_the_board_and_neighbours_share_the_overlap(w: int, h: int, paper: str) -> None:
    plan = layout.plan_poster(w, h, get_paper(paper))
    wins = {(r, c): plan.window(r, c, w, h) for r in range(plan.rows) for c in range(plan.cols)}
    assert max(x + ww for x, _, ww, _ in wins.values()) == pytest.approx(w)
    assert max(y + hh for _, y, _, hh in wins.values()) == pytest.approx(h)
    for (r, c), (x, y, ww, hh) in wins.items():
        assert ww > plan.overlap and hh > plan.overlap  # no sliver sheets
        if (r, c + 1) in wins:
            assert x + ww - wins[r, c + 1][0] == pytest.approx(plan.overlap)
        if (r + 1, c) in wins:
            assert y + hh - wins[r + 1, c][1] == pytest.approx(plan.overlap)
    assert plan.margin >= layout.POSTER_MIN_MARGIN and plan.overlap >= layout.MIN_OVERLAP


def test_the_bleed_note_counts_sheets_only_when_they_differ() -> None:
    """18 cards: 2 sheets of 9 or 3 of 8 (said); 5 cards: one sheet either way (not "1 sheets
    instead of 1")."""
    many = layout.bleed_cost_note([18], 63, 88, get_paper("a4"), 3.0)
    assert many == "bleed 3 mm: 8 cards per a4 sheet instead of 9 (3 sheets instead of 2)"
    few = layout.bleed_cost_note([5], 63, 88, get_paper("a4"), 3.0, lang="pl")
    assert few == "bleed 3 mm: 8 cards per a4 sheet instead of 9"  # a terminal note: English under --lang pl
