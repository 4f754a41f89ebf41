"""Layout: paper, footers, poster tiling, overview, card imposition."""

from __future__ import annotations

import io

import pypdf
import pytest

from generator.render import layout
from generator.render.layout import MARGIN, Paper, get_paper
from generator.render.pdf import pdf_bytes
from generator.render.scene import Line, Page, Rect, Text, Use

from .conftest import CODE, board_scene, card_scene


def test_get_paper() -> None:
    assert get_paper("a4") == Paper("a4", 210.0, 297.0)
    assert get_paper("Letter").w == 215.9
    assert get_paper("a4").landscape() == Paper("a4", 297.0, 210.0)
    with pytest.raises(ValueError) as exc:
        get_paper("a3")
    assert str(exc.value) == "unknown paper 'a3' (choose a4 or letter)"
    assert "\n" not in str(exc.value)


def test_footer_and_numbering() -> None:
    pages = [Page(210, 297), Page(297, 210)]
    layout.footer(pages[0], CODE, "board")
    layout.number_pages(pages, CODE)
    assert layout.footer_text_of(pages[0]) == f"boardgen · board · code {CODE} · page 1/2"
    assert layout.footer_text_of(pages[1]) == f"boardgen · code {CODE} · page 2/2"
    layout.number_pages(pages + [Page(210, 297)], CODE)  # renumbering replaces, never duplicates
    assert layout.footer_text_of(pages[0]).endswith("page 1/3")
    assert sum(isinstance(i, Text) for i in pages[0].items) == 1
    text = next(i for i in pages[1].items if isinstance(i, Text))
    assert text.x >= MARGIN and text.y <= 210 - MARGIN  # inside the printable area


def test_calibration_square_is_50mm() -> None:
    items = layout.calibration_square(20, 30)
    squares = [i for i in items if isinstance(i, Rect)]
    assert [(r.x, r.y, r.w, r.h) for r in squares] == [(20, 30, 50, 50)]
    assert any(isinstance(i, Text) and "50 mm" in i.text and "true scale" in i.text for i in items)
    assert sum(isinstance(i, Line) for i in items) == 16  # 4 ticks on each side


def _board_windows(pages: list[Page], name: str = "board") -> dict[str, tuple[float, ...]]:
    """Board-coordinate window of each poster page, from its clipped Use."""
    out = {}
    for p in pages:
        u = next(i for i in p.items if isinstance(i, Use) and i.name == name)
        assert u.clip is not None
        cx, cy, cw, ch = u.clip
        out[p.label.split()[-1]] = (cx - u.x, cy - u.y, cw, ch, cx, cy)
    return out


def test_poster_420x300_on_a4() -> None:
    sc = board_scene(420, 300)
    pages = layout.poster(sc, "board", get_paper("a4"), CODE, "Test board", overlap=10.0)
    # portrait would need 3 x 2 = 6 sheets, landscape 2 x 2 = 4
    assert [p.label for p in pages] == ["poster A1", "poster A2", "poster B1", "poster B2"]
    assert all((p.w, p.h) == (297, 210) for p in pages)
    win = _board_windows(pages)
    for a, b in (("A1", "A2"), ("B1", "B2")):  # left/right neighbours share exactly 10 mm
        assert win[a][0] + win[a][2] - win[b][0] == pytest.approx(10.0)
        assert win[a][1] == win[b][1] and win[a][3] == win[b][3]
    for a, b in (("A1", "B1"), ("A2", "B2")):  # top/bottom neighbours
        assert win[a][1] + win[a][3] - win[b][1] == pytest.approx(10.0)
    # together the windows cover the board exactly, and every window is inside the margins
    assert max(w[0] + w[2] for w in win.values()) == pytest.approx(420)
    assert max(w[1] + w[3] for w in win.values()) == pytest.approx(300)
    assert min(w[0] for w in win.values()) == 0 and min(w[1] for w in win.values()) == 0
    for w in win.values():
        assert w[4] >= MARGIN and w[4] + w[2] <= 297 - MARGIN and w[5] + w[3] <= 210 - MARGIN
    for i, p in enumerate(pages, 1):
        assert layout.footer_text_of(p).endswith(f"code {CODE} · page {i}/4")
    # the code is on every page of the actual PDF too
    sc.pages = pages
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(sc)))
    assert len(reader.pages) == 4
    for i, page in enumerate(reader.pages, 1):
        text = page.extract_text()
        assert CODE in text and f"{i}/4" in text and "row" in text


def test_poster_registration_marks_coincide_on_neighbours() -> None:
    sc = board_scene(420, 300)
    pages = layout.poster(sc, "board", get_paper("a4"), CODE, "t")
    marks = [n for n in sc.symbols if "poster-marks" in n]
    assert len(marks) == 1
    for p in pages:  # the marks symbol is placed exactly like the board, with the same clip
        board = next(i for i in p.items if isinstance(i, Use) and i.name == "board")
        mark = next(i for i in p.items if isinstance(i, Use) and i.name == marks[0])
        assert (board.x, board.y, board.clip) == (mark.x, mark.y, mark.clip)
    centres = {((i.x1 + i.x2) / 2, i.y1) for i in sc.symbols[marks[0]].items
               if isinstance(i, Line) and i.stroke == "#000000" and i.y1 == i.y2}
    assert len(centres) == 5  # both ends of each seam half; the seams cross on one, shared by all four sheets
    win = _board_windows(pages)
    arm = max(i.x2 - i.x1 for i in sc.symbols[marks[0]].items if isinstance(i, Line)) / 2
    for x, y in centres:  # every cross is whole on at least two sheets: in the middle of the shared strip
        on = [k for k, w in win.items() if w[0] + arm - 1e-9 <= x <= w[0] + w[2] - arm + 1e-9
              and w[1] + arm - 1e-9 <= y <= w[1] + w[3] - arm + 1e-9]
        assert len(on) >= 2, (x, y, on)


@pytest.mark.parametrize(("w", "h", "paper"), [(420, 300, "a4"), (600, 500, "letter"), (356, 252, "letter")])
def test_no_poster_crosshair_sits_on_a_cut_line(w: float, h: float, paper: str) -> None:
    """The top sheet of a seam is trimmed on its window edge: a cross there was half clipped and its
    other arm cut lengthwise. Every cross keeps clear of every sheet's cut lines by more than its
    stroke, and lies whole inside the window of each sheet that shows any of it."""
    sc = board_scene(w, h)
    pages = layout.poster(sc, "board", get_paper(paper), CODE, "t")
    name = next(n for n in sc.symbols if "poster-marks" in n)
    lines = [i for i in sc.symbols[name].items if isinstance(i, Line) and i.stroke == "#000000"]
    assert lines
    win = _board_windows(pages)
    cuts_x = {round(v[0], 6) for v in win.values() if v[0] > 0}
    cuts_y = {round(v[1], 6) for v in win.values() if v[1] > 0}
    for ln in lines:
        vertical = ln.x1 == ln.x2
        if vertical:
            assert all(abs(ln.x1 - cx) > 0.5 for cx in cuts_x), ln
        else:
            assert all(abs(ln.y1 - cy) > 0.5 for cy in cuts_y), ln
        for wx, wy, ww, wh, *_ in win.values():
            touches = wx < max(ln.x1, ln.x2) and min(ln.x1, ln.x2) < wx + ww and wy < max(ln.y1, ln.y2) \
                and min(ln.y1, ln.y2) < wy + wh
            if touches:
                assert wx - 1e-9 <= min(ln.x1, ln.x2) and max(ln.x1, ln.x2) <= wx + ww + 1e-9, (ln, wx, ww)
                assert wy - 1e-9 <= min(ln.y1, ln.y2) and max(ln.y1, ln.y2) <= wy + wh + 1e-9, (ln, wy, wh)


def test_small_board_is_one_page_and_orientation_chooses_fewer_sheets() -> None:
    sc = board_scene(150, 100)
    pages = layout.poster(sc, "board", get_paper("letter"), CODE, "small")
    assert len(pages) == 1 and pages[0].items[0].clip is None
    assert layout.footer_text_of(pages[0]).endswith("page 1/1")
    plan = layout.plan_poster(180, 600, get_paper("a4"))
    assert (plan.paper.w, plan.rows, plan.cols) == (210, 3, 1)  # tall board: portrait


def test_overview_has_scale_note_and_calibration_square() -> None:
    sc = board_scene(420, 300)
    page = layout.overview(sc, "board", get_paper("a4"), CODE, "Test")
    use = next(i for i in page.items if isinstance(i, Use))
    assert 0 < use.scale < 1
    assert use.x + 420 * use.scale <= page.w - MARGIN + 1e-6
    assert use.y + 300 * use.scale <= page.h - MARGIN + 1e-6
    assert any(isinstance(i, Text) and "scale 1:" in i.text for i in page.items)
    squares = [i for i in page.items if isinstance(i, Rect) and (i.w, i.h) == (50, 50)]
    assert len(squares) == 1
    sq = squares[0]
    # the square does not overlap the board
    assert (sq.x >= use.x + 420 * use.scale) or (sq.y >= use.y + 300 * use.scale)
    small = layout.overview(board_scene(100, 80), "board", get_paper("a4"), CODE, "t")
    assert next(i for i in small.items if isinstance(i, Use)).scale == 1.0


def _uses(page: Page) -> list[Use]:
    return [i for i in page.items if isinstance(i, Use)]


def test_cards_nine_per_a4_with_mirrored_backs_and_crop_marks() -> None:
    sc, fronts = card_scene(20)
    backs = [f"b{i}" for i in range(20)]
    pages = layout.impose_cards(sc, fronts, backs, 63, 88, get_paper("a4"), CODE)
    assert [p.label for p in pages] == ["cards 1 fronts", "cards 1 backs", "cards 2 fronts", "cards 2 backs",
                                        "cards 3 fronts", "cards 3 backs"]
    assert [len(_uses(p)) for p in pages] == [9, 9, 9, 9, 2, 2]
    assert all((p.w, p.h) == (210, 297) for p in pages)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        where = {u.name: (u.x, u.y) for u in _uses(back)}
        for u in _uses(front):
            bx, by = where["b" + u.name[1:]]
            assert by == u.y
            assert bx + 63 / 2 == pytest.approx(210 - (u.x + 63 / 2))  # mirrored about the page centre
    # card 1 (column 1 of 3) has its back in column 3
    f0 = _uses(pages[0])[0]
    b0 = next(u for u in _uses(pages[1]) if u.name == "b0")
    assert b0.x > f0.x + 2 * 63 - 1
    # the grid is centred
    xs = sorted({u.x for u in _uses(pages[0])})
    assert xs[0] == pytest.approx(210 - (xs[-1] + 63))
    squares = [[r for r in p.items if isinstance(r, Rect) and r.w == r.h == layout.CAL_SIZE] for p in pages]
    # the calibration square in the free rows of the last fronts sheet, and nowhere else
    assert [len(q) for q in squares] == [0, 0, 0, 0, 1, 0]
    for p, want, square in zip(pages, (16, 16, 16, 16, 10, 10), squares, strict=True):
        assert CODE in layout.footer_text_of(p)
        marks = [i for i in p.items if isinstance(i, Line)
                 and not any(q.x <= i.x1 <= q.x + q.w and q.y <= i.y1 <= q.y + q.h for q in square)]
        # a full sheet: 4 trim lines each way (shared, no gap), marked at both ends; the last sheet
        # (two cards side by side) only the 3 + 2 lines of its own cards, front and mirrored back
        assert len(marks) == want
        edges_x = {round(e, 6) for u in _uses(p) for e in (u.x, u.x + 63)}
        edges_y = {round(e, 6) for u in _uses(p) for e in (u.y, u.y + 88)}
        for m in marks:  # every mark is in line with a cut of a card on this sheet
            if m.x1 == m.x2:
                assert round(m.x1, 6) in edges_x
            else:
                assert round(m.y1, 6) in edges_y
        gx0, gx1 = min(u.x for u in _uses(p)), max(u.x for u in _uses(p)) + 63
        gy0, gy1 = min(u.y for u in _uses(p)), max(u.y for u in _uses(p)) + 88
        # the TrimBox is the sheet's own cards (a print shop trims to it), not the full grid
        assert p.trim == pytest.approx((gx0, gy0, gx1 - gx0, gy1 - gy0))
        for m in marks:  # outside the sheet's block of cards, never over a card
            outside_x = max(m.x1, m.x2) < gx0 or min(m.x1, m.x2) > gx1
            outside_y = max(m.y1, m.y2) < gy0 or min(m.y1, m.y2) > gy1
            assert outside_x or outside_y
            assert 0 < m.x1 < 210 and 0 < m.y1 < 297


def test_cards_single_back_no_marks_and_bleed() -> None:
    sc, fronts = card_scene(9, bleed=3.0)
    cw, ch = layout.card_size_with_bleed(63, 88, 3.0)
    assert (cw, ch) == (69, 94)
    from generator.render.scene import Symbol

    sc.add_symbol(Symbol("back", cw, ch, [Rect(0, 0, cw, ch, fill="#000000")]))
    pages = layout.impose_cards(sc, fronts, "back", 63, 88, get_paper("a4"), CODE, bleed=3.0,
                                crop_marks=False, calibration=False)
    assert all(u.name == "back" for u in _uses(pages[1]))
    assert not any(isinstance(i, Line) for p in pages for i in p.items)
    uses = _uses(pages[0])
    xs = sorted({u.x for u in uses})
    # bleed enlarges every cell; 69 x 94 cells fit 8 to an A4 sheet turned a quarter (6 upright)
    assert xs[1] - xs[0] == pytest.approx(94) and len(uses) == 8 and all(u.rotate == 90 for u in uses)
    upright = layout.impose_cards(sc, fronts, None, 63, 88, get_paper("a4"), CODE, bleed=3.0, rotate_ok=False)
    assert sorted({u.x for u in _uses(upright[0])})[1] - sorted({u.x for u in _uses(upright[0])})[0] == 69
    with_marks = layout.impose_cards(sc, fronts, None, 63, 88, get_paper("a4"), CODE, bleed=3.0, rotate_ok=False)
    mark_xs = {round(m.x1, 6) for m in with_marks[0].items if isinstance(m, Line) and m.x1 == m.x2}
    card_x = {u.x for u in _uses(with_marks[0])}
    for x in card_x:  # marks sit on the trim lines, inset by the bleed
        assert round(x + 3, 6) in mark_xs and round(x + 66, 6) in mark_xs


def test_cards_errors_and_letter() -> None:
    sc, fronts = card_scene(3)
    with pytest.raises(ValueError, match="2 backs for 3 fronts"):
        layout.impose_cards(sc, fronts, ["b0", "b1"], 63, 88, get_paper("a4"), CODE)
    with pytest.raises(ValueError, match="expected 69x94"):
        layout.impose_cards(sc, fronts, None, 63, 88, get_paper("a4"), CODE, bleed=3)
    with pytest.raises(ValueError, match="does not fit"):
        layout.plan_cards(300, 400, get_paper("a4"))
    sc, fronts = card_scene(9)
    pages = layout.impose_cards(sc, fronts, None, 63, 88, get_paper("letter"), CODE, margin=5.5)
    assert len(pages) == 1 and len(_uses(pages[0])) == 9


def test_headers_follow_the_language():
    for lang, word in (("pl", "arkusz"), ("en", "tile")):
        sc = board_scene(420, 300)
        pages = layout.poster(sc, "board", get_paper("a4"), CODE, "T", lang=lang)
        header = [i.text for i in pages[0].items if isinstance(i, Text) and i.text.startswith(word)]
        assert header, lang
        over = layout.overview(sc, "board", get_paper("a4"), CODE, "T", lang=lang)
        assert any(isinstance(i, Text) and i.text.startswith({"pl": "podgląd", "en": "overview"}[lang])
                   for i in over.items)


def test_a_side_footer_keeps_a_millimetre_from_the_crop_marks() -> None:
    """Letter cards fill the sheet's height, so the footer runs up the left margin: the left crop
    marks stop 1 mm short of it (0.4 mm before)."""
    sc, fronts = card_scene(9)
    (page,) = layout.impose_cards(sc, fronts, None, 63, 88, get_paper("letter"), CODE)
    foot = next(i for i in page.items if isinstance(i, Text) and layout._is_footer(i, page))
    assert foot.rotate == 90
    left = [m for m in page.items if isinstance(m, Line) and m.y1 == m.y2 and m.x2 < 30]
    assert left and min(min(m.x1, m.x2) for m in left) >= foot.x + layout.FOOTER_BELOW + 1.0 - 1e-9
