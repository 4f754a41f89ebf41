"""Your own beach: the board file's round trip, its strict reader, its rules by id and its code mark."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from generator.core.checks import UserInputError
from generator.core.playout import get_bot
from generator.games.plazing_rw import draw
from generator.games.plazing_rw.board_file import (
    board_digest,
    board_to_export,
    check_custom_board,
    export_board,
    mark_code,
    parse_board_text,
    read_board_file,
    require_board_for_code,
    size_range,
    split_board_mark,
)
from generator.games.plazing_rw.engine import new_game
from generator.games.plazing_rw.model import Board, boards
from generator.games.plazing_rw.setup import CODE, with_defaults

# --- round trip -------------------------------------------------------------------------------------


def _same(a: Board, b: Board) -> None:
    assert (a.rows, a.closed_edges, a.north, a.bar_points, a.name) == (b.rows, b.closed_edges, b.north,
                                                                        b.bar_points, b.name)
    assert (a.all_resources, a.walls, a.waste, a.bar, a.drawable, a.open_edge) == (
        b.all_resources, b.walls, b.waste, b.bar, b.drawable, b.open_edge)
    assert a == b


@pytest.mark.parametrize("n", ["1", "2", "3", "4"])
def test_printed_board_round_trip(n: str, tmp_path: Path) -> None:
    board, origin = board_to_export(board=n)
    path = tmp_path / "mine.toml"
    path.write_text(export_board(board, origin), encoding="utf-8")
    back = read_board_file(path)
    _same(back, boards()[n])
    assert check_custom_board(back).ok
    assert board_digest(back) == board_digest(boards()[n])


def test_random_board_round_trip_by_code(tmp_path: Path) -> None:
    code = CODE.encode(with_defaults({"board": "random", "features": 15}), 11)
    board, origin = board_to_export(code=code)
    assert origin == f"code {code}"
    path = tmp_path / "random.toml"
    path.write_text(export_board(board, origin), encoding="utf-8")
    back = read_board_file(path)
    _same(back, board)
    assert check_custom_board(back).ok


def test_export_carries_the_legend() -> None:
    text = export_board(boards()["2"], "board 2")
    for line in ("#   x  waste", "#   $  bar square", "#   B  printed blanket", "closed_edges = [\"north\"]"):
        assert line in text
    lo, hi = size_range()
    assert f"{lo} to {hi} rows" in text


def test_export_needs_one_source() -> None:
    for kwargs in ({}, {"board": "1", "code": "PR-0-1-X"}):
        with pytest.raises(UserInputError, match="--board 1|2|3|4 or --code"):
            board_to_export(**kwargs)
    with pytest.raises(UserInputError, match="--board must be one of"):
        board_to_export(board="5")
    with pytest.raises(UserInputError, match="mistyped|malformed"):
        board_to_export(code="PR-40G00-7-A")


def test_size_range_fits_the_printed_sheet() -> None:
    """The largest side prints at >= 8 mm squares on the 2-up Letter page and one more would not."""
    lo, hi = size_range()
    room = draw.PANEL_X - draw.GRID_X
    assert hi * draw.CELL <= room
    scale_2up = draw.cell_size_mm(2, "letter") / draw.CELL
    assert draw.cell_size_mm(2, "letter") >= 8.0
    assert room / (hi + 1) * scale_2up < 8.0
    assert lo * lo >= 44 > (lo - 1) ** 2  # room for the setup screen and 10 shapes of 4 squares


# --- malformed files: one line, exit 2 ----------------------------------------------------------------

GOOD = export_board(boards()["1"], "board 1")


@pytest.mark.parametrize(("text", "needle"), [
    ("rows = [", "not valid TOML"),
    (GOOD + "colour = 3\n", "unknown key 'colour'"),
    (GOOD.replace('north = "none"', 'north = "lake"'), "north: expected one of none, sea, bar"),
    (GOOD.replace("closed_edges = []", 'closed_edges = ["up"]'), "closed_edges[0]: expected one of"),
    (GOOD.replace("closed_edges = []", 'closed_edges = ["north", "north"]'), "listed twice"),
    (GOOD.replace("bar_points = 0", "bar_points = true"), "bar_points: expected a whole number"),
    (GOOD.replace("bar_points = 0", "bar_points = 99"), "bar_points: expected a whole number 0..10"),
    (GOOD.replace('en = "Beach 1: basic"', 'de = "Strand"'), "unknown language 'de'"),
    (GOOD.replace('en = "Beach 1: basic"', 'en = "' + "x" * 41 + '"'), "name.en: a name is 1 to 40"),
    (GOOD.replace('id = "1"', 'id = "a b"'), "id: an id is"),
    ('rows = ["' + "." * 26 + '"]\n', "row 1 has 26 squares"),
    ("rows = [" + '".......",' * 26 + "]\n", "rows: expected at most 25 items"),
    ("rows = []\n", "rows: expected a non-empty list"),
    ("rows = [1, 2]\n", "rows[0]: expected text"),
    ('name = "x"\nrows = ["..."]\n', "name: expected an object"),
])
def test_malformed_file_is_one_line(text: str, needle: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UserInputError) as exc:
        read_board_file(path)
    msg = str(exc.value)
    assert "\n" not in msg and msg.startswith("bad.toml: ") and needle in msg, msg


def test_file_too_big_or_missing(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_text("#" * 70_000, encoding="utf-8")
    for p in (big, tmp_path / "none.toml", tmp_path):
        with pytest.raises(UserInputError) as exc:
            read_board_file(p)
        assert "\n" not in str(exc.value)


# --- rules by id, each with a hand-made bad board -------------------------------------------------------

SAND10 = ["." * 10] * 10
BASE = list(boards()["1"].rows)


def _rules(rows: list[str], **kw: object) -> tuple[set[str], list[str]]:
    text = export_board(Board(id="t", rows=tuple(rows), **kw))  # type: ignore[arg-type]
    rep = check_custom_board(parse_board_text(text, "t.toml"))
    return rep.rules(), [str(v) for v in rep]


def _put(rows: list[str], cells: dict[tuple[int, int], str]) -> list[str]:
    out = [list(r) for r in rows]
    for (x, y), c in cells.items():
        out[y][x] = c
    return ["".join(r) for r in out]


def test_unknown_character_names_its_square() -> None:
    rules, msgs = _rules(_put(BASE, {(2, 3): "q"}))
    assert rules == {"prw.char"} and "(at C4)" in msgs[0] and "'q'" in msgs[0]


def test_ragged_row_names_its_row() -> None:
    rows = list(BASE)
    rows[4] = rows[4][:-1]
    rules, msgs = _rules(rows)
    assert rules == {"prw.ragged"} and "(at row 5)" in msgs[0] and "9 squares, row 1 has 10" in msgs[0]


@pytest.mark.parametrize(("w", "h"), [(6, 8), (8, 6), (11, 10), (10, 12)])
def test_size_out_of_range(w: int, h: int) -> None:
    rules, msgs = _rules([("a.s.p." * 3)[:w]] + ["." * w] * (h - 1))
    assert rules == {"prw.size"} and f"{w} squares wide and {h} rows" in msgs[0]


def test_smaller_board_in_range_is_legal_and_plays() -> None:
    rows = ["........", ".a..s...", "...p..a.", "........", ".s..p...", "......s.", "..a..p..", "........"]
    board = parse_board_text(export_board(Board(id="s", rows=tuple(rows))), "small.toml")
    assert check_custom_board(board).ok
    _play_to_end(board)


def test_closing_edge_without_border() -> None:
    rules, msgs = _rules(BASE, closed_edges=("west",))
    assert "prw.edge-border" in rules and any("west edge" in m for m in msgs)
    rules, msgs = _rules(_put(BASE, {}), closed_edges=("north",), north="none")
    assert "prw.edge-border" in rules


def test_no_room_for_the_setup_screen() -> None:
    # objects on every third row and column: free squares only in 2x2 blocks, no I4 fits anywhere
    rows = ["".join("#" if x % 3 == 2 or y % 3 == 2 else "." for x in range(10)) for y in range(10)]
    rows = _put(rows, {(0, 1): "a", (3, 4): "s", (6, 7): "p"})
    rules, msgs = _rules(rows)
    assert "prw.screen-fits" in rules and any("screen I4 fits nowhere" in m for m in msgs)


def test_too_many_resources_of_a_kind() -> None:
    rows = _put(SAND10, {(x, y): "a" for y in (1, 3, 5) for x in range(1, 9, 2)}
                | {(x, 7): "a" for x in range(1, 9, 2)} | {(1, 8): "s", (4, 8): "p"})
    assert sum(r.count("a") for r in rows) == 16
    rules, msgs = _rules(rows)
    assert "prw.resource-count" in rules and any("16 amber squares, the scoring table prints 1 to 14" in m
                                                 for m in msgs)


def test_too_few_resources() -> None:
    rules, _ = _rules(_put(SAND10, {(2, 2): "a", (5, 5): "s"}))
    assert "prw.resources" in rules


def test_waste_no_area_can_avoid() -> None:
    rules, msgs = _rules(_put(BASE, {(1, 3): "x"}))  # B4, under the amber at B3
    assert "prw.resource-closable" in rules and any("(at B3)" in m for m in msgs)


def test_waste_cutting_the_beach() -> None:
    rows = _put(BASE, {(x, 4): "x" for x in range(10)})
    rules, _ = _rules(rows)
    assert "prw.reachable" in rules


def test_no_area_can_ever_be_closed() -> None:
    # waste on every other interior square: every free square is waste or next to waste
    cells = {(x, y): "x" for y in range(1, 9) for x in range(1, 9) if (x + y) % 2 == 0}
    rows = _put(SAND10, cells | {(0, 0): "a", (9, 0): "s", (0, 9): "p"})
    rules, _ = _rules(rows)
    assert "prw.no-closable-area" in rules


def test_closed_before_play_and_bar_rules() -> None:
    rules, msgs = _rules(_put(BASE, {(4, 0): "#", (3, 1): "#", (5, 1): "#", (4, 2): "#"}))
    assert "prw.closed-before-play" in rules and any("(at E2)" in m for m in msgs)
    rules, _ = _rules(_put(BASE, {(4, 0): "$"}), bar_points=1)
    assert "prw.bar-north" in rules
    rules, _ = _rules(BASE, north="sea")
    assert "prw.north" in rules


# --- codes ----------------------------------------------------------------------------------------------


def test_digest_follows_the_content() -> None:
    b = boards()["2"]
    assert board_digest(b) == board_digest(parse_board_text(export_board(b)))
    other = Board(id=b.id, rows=tuple(_put(list(b.rows), {(0, 9): "a"})), closed_edges=b.closed_edges,
                  north=b.north, name=b.name)
    assert board_digest(other) != board_digest(b)
    renamed = Board(id=b.id, rows=b.rows, closed_edges=b.closed_edges, north=b.north, name={"pl": "Inna"})
    assert board_digest(renamed) != board_digest(b)


def test_code_mark_asks_for_the_same_file() -> None:
    b = boards()["3"]
    code = mark_code("PR-00000-5-X", b)
    assert split_board_mark(code) == ("PR-00000-5-X", board_digest(b))
    assert split_board_mark("PR-00000-5-X") == ("PR-00000-5-X", None)
    require_board_for_code(code, b)
    require_board_for_code("PR-00000-5-X", None)
    with pytest.raises(UserInputError, match="pass the same --board FILE"):
        require_board_for_code(code, None)
    with pytest.raises(UserInputError, match=f"this board is ~B{board_digest(boards()['1'])}"):
        require_board_for_code(code, boards()["1"])
    with pytest.raises(UserInputError, match="unknown mark"):
        split_board_mark("PR-00000-5-X~C123456")


# --- hypothesis: every file is refused in one line, or broken by named rules, or plays to its end --------


def _play_to_end(board: Board) -> None:
    import random

    for bot in ("greedy", "random"):
        rng = random.Random(3)
        state = new_game(board, rng)
        pick = get_bot(bot)
        moves = 0
        while not state.is_over():
            state.apply(pick(state, rng))
            moves += 1
            assert moves < 200
        state.check_invariants()
        assert state.points() >= 0


CHARS = "." * 30 + "asp" * 2 + "#Bx$" + "q "


@st.composite
def board_texts(draw_: st.DrawFn) -> str:
    w = draw_(st.integers(5, 12))
    h = draw_(st.integers(5, 12))
    if draw_(st.booleans()):  # a printed board with a few squares changed: often still legal
        base = list(boards()[draw_(st.sampled_from("1234"))].rows)
        for _ in range(draw_(st.integers(0, 4))):
            x, y, c = draw_(st.integers(0, 9)), draw_(st.integers(0, 9)), draw_(st.sampled_from(CHARS))
            base = _put(base, {(x, y): c})
        rows = base
    else:
        rows = ["".join(draw_(st.sampled_from(CHARS)) for _ in range(w)) for _ in range(h)]
        if draw_(st.booleans()):
            i = draw_(st.integers(0, h - 1))
            rows[i] = rows[i][: draw_(st.integers(1, w))]
    edges = draw_(st.sampled_from([[], ["north"], ["south"]]))
    north = draw_(st.sampled_from(["none", "sea", "bar"]))
    bar = draw_(st.integers(0, 2))
    lines = [f"closed_edges = [{', '.join(repr(e) for e in edges)}]", f'north = "{north}"',
             f"bar_points = {bar}", "rows = [", *[f'  "{r}",' for r in rows], "]"]
    if draw_(st.integers(0, 9)) == 0:
        lines.append(draw_(st.sampled_from(["extra = 1", "rows = 3", "north = 5", "[x"])))
    return "\n".join(lines) + "\n"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_texts())
def test_every_file_is_refused_or_plays(text: str) -> None:
    try:
        board = parse_board_text(text, "gen.toml")
    except UserInputError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("gen.toml: ")
        event("refused")
        return
    rep = check_custom_board(board)
    if not rep.ok:
        assert all(v.rule.startswith("prw.") and "\n" not in str(v) for v in rep)
        event("broken rules")
        return
    event("played")
    _play_to_end(board)


@pytest.mark.parametrize("n", ["1", "3"])
def test_exported_board_prints_the_same_pages(n: str) -> None:
    """`sheet --board FILE` of an exported board draws the pages `--board N` draws (same code
    given to both here: the code of a custom file differs only by its ~B mark)."""
    from generator.games.plazing_rw.draw import pad_scene
    from generator.games.plazing_rw.setup import SheetSetup
    from generator.render.pdf import pdf_bytes

    back = parse_board_text(export_board(boards()[n], f"board {n}"), "mine.toml")
    code = CODE.encode(with_defaults({"board": n}), 1)
    pages = [pdf_bytes(pad_scene([SheetSetup(code, 1, b)] * 2, "a4", "pl", False, 2)) for b in (back, boards()[n])]
    assert pages[0] == pages[1]
