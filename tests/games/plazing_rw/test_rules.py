"""Scoring and drawing rules of Plażing roll&write, one test per rule, and the rulebook example."""

from __future__ import annotations

import pytest

from generator.core.checks import UserInputError
from generator.games.plazing_rw.engine import END, State
from generator.games.plazing_rw.model import Board, boards, catalog, scoring
from generator.games.plazing_rw.rules import (
    Breakdown,
    Drawn,
    Scorer,
    check_board,
    check_drawing,
    closable_area,
    closed_areas,
    parse_cell,
    parse_drawn,
    score_drawing,
)
from generator.games.plazing_rw.rules import score as rules_score

from .conftest import play_kasia


def score(board: Board, covered: int, screens_used: int, pairs_used: int, hard: bool = False) -> Breakdown:
    """rules.score, checked against the engine's fast path (Scorer.closed + board_points + unused)."""
    b = rules_score(board, covered, screens_used, pairs_used, hard)
    scorer = Scorer(board, hard)
    areas = scorer.closed(covered)
    assert sorted(areas) == sorted(closed_areas(board, covered))
    fast = scorer.board_points(covered, areas) + scorer.unused(screens_used, pairs_used)[2]
    assert fast == b.total, "the engine's scorer disagrees with the scoring breakdown"
    return b


def test_kasia_scores_65_on_a_real_sheet(kasia: State) -> None:
    b = kasia.breakdown()
    assert b.resources == {"amber": 5, "shell": 4, "pebble": 3}
    assert sum(b.resource_points.values()) == 31
    assert (b.sets, b.set_points) == (3, 15)
    assert b.areas == {1: 3, 2: 2, 3: 0, 4: 3} and b.area_points == 19
    assert b.unused_points == 0
    assert b.total == 65 == kasia.points()
    assert kasia.is_over() and kasia.dead_rolls == 0


def test_kasia_sheet_json_scores_the_same(kasia: State) -> None:
    sheet = kasia.to_sheet()
    assert sheet["mirror"] is True  # her drawing uses both L4s (conftest)
    drawn = parse_drawn(sheet["shapes"], boards()["1"])
    assert check_drawing(boards()["1"], drawn, mirror=True).ok
    assert score_drawing(boards()["1"], drawn).total == 65


def test_shapes_rotate_but_do_not_mirror_by_default(kasia: State) -> None:
    """Rulebook: "a screen may be rotated freely"; a J for the L is the mirror house rule."""
    drawn = parse_drawn(kasia.to_sheet()["shapes"], boards()["1"])
    mirrored = [d for d in drawn if d.mirrored]
    assert mirrored and {d.shape for d in mirrored} == {"L4"}
    rep = check_drawing(boards()["1"], drawn)
    assert rep.rules() == {"prw.mirror"} and len(rep) == len(mirrored)
    # the engine follows the option: without it no placement of L4 or S4 is a mirror image
    from generator.core.shapes import mirror as flip
    from generator.core.shapes import normalise, orientations
    from generator.games.plazing_rw.model import catalog, shape_placements
    from generator.games.plazing_rw.rules import cell_name
    g, cat = boards()["1"].grid, catalog()
    for sid in ("L4", "S4"):
        rot = set(orientations(cat.shapes[sid].cells, False))
        assert flip(cat.shapes[sid].cells) not in rot  # chiral: mirroring gives a new shape
        plain, both = shape_placements(g, cat.shapes[sid]), shape_placements(g, cat.shapes[sid], True)
        assert len(both) == 2 * len(plain)
        for p in plain:
            assert normalise(g.cells(p)) in rot, [cell_name(c) for c in g.cells(p)]
    state = State(boards()["1"], kasia.dice)
    moves = state.legal_moves()
    assert moves and all(normalise(g.cells(m[2])) in set(orientations(cat.shapes[m[1]].cells, False))
                         for m in moves)


def test_resource_table_is_triangular_also_past_its_end() -> None:
    sc = scoring()
    assert [sc.resource_points(n) for n in range(0, 21)] == [n * (n + 1) // 2 for n in range(0, 21)]


def _bit(board: Board, cell: str) -> int:
    from generator.games.plazing_rw.rules import parse_cell
    return board.grid.bits([parse_cell(cell, board.grid, "t")])


def test_covered_resource_never_scores(kasia: State) -> None:
    board = kasia.board
    covered = kasia.covered | _bit(board, "B3")  # the amber inside Kasia's top-left area
    b = score(board, covered, 4, 3)
    assert b.resources["amber"] == 4
    assert b.areas[3] == 1 and b.areas[4] == 2


# A 7x6 test board, all edges open: a ring of drawn squares around an inner 5x? region.
def _ring_board(inner: list[str], closed_edges: tuple[str, ...] = (), bar_points: int = 0) -> Board:
    w = len(inner[0]) + 4
    rows = ["." * w, "." * w] + [".." + r + ".." for r in inner] + ["." * w, "." * w]
    return Board("t", tuple(rows), closed_edges=closed_edges, bar_points=bar_points)


def _ring(board: Board, inner_w: int, inner_h: int) -> int:
    g = board.grid
    outer = g.rect(1, 1, inner_w + 2, inner_h + 2)
    return outer & ~g.rect(2, 2, inner_w, inner_h)


@pytest.mark.parametrize(("inner", "hard", "res", "area_pts"), [
    (["as.", "p.."], False, 3, 0),      # 6 squares: resources yes, area no
    (["as.", "p.."], True, 0, 0),       # hard: 6 > 4, nothing
    (["as", "p."], True, 3, 4),         # 4 squares: both, also in hard
    (["as..", "p..."], False, 0, 0),    # 8 squares: nothing
])
def test_area_size_limits(inner: list[str], hard: bool, res: int, area_pts: int) -> None:
    board = _ring_board(inner)
    b = score(board, _ring(board, len(inner[0]), len(inner)), 1, 0, hard=hard)
    assert sum(b.resources.values()) == res
    assert b.area_points == area_pts
    assert b.sets == (1 if res else 0)


def test_area_with_waste_scores_nothing() -> None:
    board = _ring_board(["ax", "$s"], bar_points=2)
    b = score(board, _ring(board, 2, 2), 1, 0)
    assert b.total - b.unused_points == 0
    assert b.waste_areas == 1


def test_bar_squares_score_covered_or_enclosed_not_open() -> None:
    board = _ring_board(["$.", ".."], bar_points=2)
    ring = _ring(board, 2, 2)
    assert score(board, ring, 4, 3).bar_points == 2  # enclosed (and the area scores 4)
    assert score(board, ring & ~_bit(board, "C2"), 4, 3).bar_points == 0  # area open
    assert score(board, _bit(board, "C3"), 4, 3).bar_points == 2  # covered


def test_unused_special_actions() -> None:
    board = boards()["1"]
    assert score(board, 0, 1, 0).unused_points == 3 * 2 + 6 * 1
    assert score(board, 0, 3, 2).unused_points == 1 * 2 + 2 * 1
    assert score(board, 0, 4, 3).unused_points == 0


def test_sea_edge_closes_and_open_edge_does_not() -> None:
    rows = tuple(["a....", ".....", ".....", "....."])
    g_open = Board("o", rows)
    g_sea = Board("s", rows, closed_edges=("north",))
    wall = g_open.grid.bits([(1, 0), (0, 1)])
    assert score(g_open, wall, 4, 3).resources["amber"] == 0
    assert score(g_sea, wall, 4, 3).resources["amber"] == 0  # west edge still open
    rows2 = tuple([".a...", ".....", ".....", "....."])
    sea2 = Board("s2", rows2, closed_edges=("north",))
    wall2 = sea2.grid.bits([(0, 0), (2, 0), (1, 1)])
    assert score(sea2, wall2, 4, 3).resources["amber"] == 1
    assert score(Board("o2", rows2), wall2, 4, 3).resources["amber"] == 0


# --- drawing rules (engine) ------------------------------------------------------------------


def _state(board_id: str = "1", dice: list[int] | None = None) -> State:
    return State(boards()[board_id], dice or [1] * 11)


def test_setup_screen_anywhere_then_touching_required() -> None:
    s = _state()
    moves = s.legal_moves()
    assert all(m[0] == "setup" and m[1] == "I3" for m in moves)
    s.apply(("setup", "I3", s.grid.bits([(0, 0), (1, 0), (2, 0)])))
    touch = s.grid.grow8(s.covered)
    for src, _sid, bits in s.legal_moves():
        if src != "end":
            assert bits & touch and not bits & s.covered


def test_never_on_waste_objects_or_blankets() -> None:
    for bid in "1234":
        s = _state(bid)
        blocked = s.board.waste | s.board.walls
        while not s.is_over():
            moves = s.legal_moves()
            assert all(not m[2] & blocked for m in moves)
            s.apply(moves[len(moves) // 2])


def test_printed_blanket_closes_but_never_links() -> None:
    board = boards()["2"]
    s = State(board, [1] * 11)
    # setup I3 far from the blankets, then no shape may touch only a printed blanket
    s.apply(("setup", "I3", board.grid.bits([(0, 9), (1, 9), (2, 9)])))
    blanket = board.squares("B")
    near_blanket_only = board.grid.grow8(blanket) & ~board.grid.grow8(s.covered)
    for src, _sid, bits in s.legal_moves():
        if src != "end":
            assert bits & board.grid.grow8(s.covered)
    assert any(p & near_blanket_only for p in s.tables.placements["I3"])  # such placements exist on the grid


def test_die_shape_is_mandatory_when_it_fits() -> None:
    s = _state()
    s.apply(s.legal_moves()[0])
    assert END not in s.legal_moves()
    die = next(m for m in s.legal_moves() if m[0] == "die")
    s.apply(die)
    assert END in s.legal_moves()


def test_dead_roll_when_the_die_shape_fits_nowhere() -> None:
    board = Board("tiny", ("...", "...", "..."))
    s = State(board, [3] + [6] * 10)  # I4 setup cannot fit a 3x3 grid
    assert s.legal_moves() == []
    s = State(board, [1] + [3] * 10)
    s.apply(("setup", "I3", board.grid.bits([(0, 0), (1, 0), (2, 0)])))
    moves = s.legal_moves()
    assert not [m for m in moves if m[0] == "die"] and END in moves
    s.apply(END)
    assert s.dead_rolls == 1 and s.round == 2


def test_special_action_limits() -> None:
    s = _state()
    s.apply(s.legal_moves()[0])  # setup I3 crossed
    cat = catalog()
    seen_screens: set[str] = set()
    while not s.is_over():
        specials = [m for m in s.legal_moves() if m[0] == "special"]
        assert all(m[1] not in s.crossed for m in specials)
        before = len(s.drawn)
        moves = s.legal_moves()
        pick = next((m for m in moves if m[0] in ("special", "odd")), moves[0])
        r = s.round
        s.apply(pick)
        if pick[0] == "odd":
            assert s.pending_odd
            assert all(m[0] == "odd" for m in s.legal_moves())
            s.apply(s.legal_moves()[0])
        if pick[0] == "special":
            seen_screens.add(pick[1])
        if s.round == r and pick[0] in ("special", "odd"):
            assert not [m for m in s.legal_moves() if m[0] in ("special", "odd")]  # once per round
        assert len(s.drawn) > before
    assert len(s.crossed) == cat.max_screens
    assert s.odds == 2 * cat.odd_pairs


def test_check_drawing_catches_each_rule() -> None:
    board = boards()["4"]
    g = board.grid
    setup = Drawn("I3", "setup", g.bits([(0, 0), (1, 0), (2, 0)]))
    far = Drawn("I3", "die", g.bits([(0, 9), (1, 9), (2, 9)]))
    over = Drawn("I3", "die", g.bits([(2, 0), (3, 0), (4, 0)]))
    waste = Drawn("L3", "die", g.bits([(3, 1), (3, 2), (2, 1)]))
    assert check_drawing(board, [setup, far]).rules() == {"prw.touch"}
    assert check_drawing(board, [setup, over]).rules() == {"prw.overlap"}
    assert check_drawing(board, [setup, waste]).rules() == {"prw.square"}
    assert check_drawing(board, [far, setup]).rules() >= {"prw.setup"}
    odd = Drawn("odd", "special", g.bits([(3, 0)]))
    assert check_drawing(board, [setup, odd]).rules() == {"prw.special"}
    twice = Drawn("I3", "special", g.bits([(3, 0), (4, 0), (5, 0)]))
    assert "prw.special" in check_drawing(board, [setup, twice]).rules()


@pytest.mark.parametrize("shapes", [
    "nope", [{"source": "die"}], [{"source": "x", "cells": ["A1"]}], [{"source": "die", "cells": ["Z99"]}],
    [{"source": "die", "cells": ["A1", "C1"]}], [{"source": "die", "cells": ["A1", "A1"]}],
    [{"source": "die", "cells": [[0, 0], [1]]}], [{"source": "die", "cells": ["A1", "B1", "C1"], "shape": "I4"}],
])
def test_malformed_sheet_shapes_are_one_line_errors(shapes: object) -> None:
    with pytest.raises(UserInputError) as exc:
        parse_drawn(shapes, boards()["1"])
    assert "\n" not in str(exc.value)


# --- board legality ----------------------------------------------------------------------------


def test_printed_boards_are_legal_in_both_variants() -> None:
    for b in boards().values():
        assert check_board(b).ok, b.id
        assert check_board(b, hard=True).ok, b.id


def _board10(changes: dict[tuple[int, int], str], **kw: object) -> Board:
    rows = [list(r) for r in boards()["1"].rows]
    for (x, y), c in changes.items():
        rows[y][x] = c
    return Board("t", tuple("".join(r) for r in rows), **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("changes", "kw", "rule"), [
    ({(0, 4): "a"}, {}, "prw.resource-closable"),                       # resource on an open edge
    ({(3, 4): "x", (4, 4): "a"}, {}, "prw.resource-closable"),          # resource next to waste
    ({(1, 0): "#", (0, 1): "#"}, {"closed_edges": ("north", "west")}, "prw.closed-before-play"),
    ({**{(4 + dx, 5 + dy): "x" for dx in (-1, 0, 1) for dy in (-1, 0, 1)}, (4, 5): "."}, {}, "prw.reachable"),
    ({(x, y): "." for x in range(10) for y in range(10) if boards()["1"].rows[y][x] == "p"}, {}, "prw.resources"),
    ({}, {"north": "sea"}, "prw.north"),
])
def test_board_rules_bite(changes: dict[tuple[int, int], str], kw: dict[str, object], rule: str) -> None:
    assert rule in check_board(_board10(changes, **kw)).rules()


def test_closable_area_respects_the_limit() -> None:
    board = _ring_board(["a...."])  # a corridor 5 long; only the whole corridor closes without waste
    a = board.grid.bits([(2, 2)])
    assert closable_area(board, a, 6)
    board2 = _ring_board(["ax"])
    assert not closable_area(board2, board2.grid.bits([(2, 2)]), 6)


def test_grid_size_rule() -> None:
    assert check_board(Board("s", ("a.p", ".s.", "..."))).rules() == {"prw.grid-size"}


def test_kasia_fixture_is_legal_move_by_move() -> None:
    play_kasia(check=True)


# --- review additions ------------------------------------------------------------------------------


def _cells(board: Board, text: str) -> int:
    return board.grid.bits(parse_cell(c, board.grid, "t") for c in text.split())


def test_touching_at_a_corner_only_is_legal() -> None:
    board = boards()["1"]
    s = State(board, [1] * 11)
    s.apply(("setup", "I3", _cells(board, "A1 B1 C1")))
    corner = ("die", "I3", _cells(board, "D2 E2 F2"))  # shares only the corner C1/D2
    assert corner in s.legal_moves()
    s.apply(corner)
    assert ("odd", "odd", _cells(board, "G3")) in s.legal_moves()  # a corner is enough for an odd too
    drawn = [Drawn("I3", "setup", _cells(board, "A1 B1 C1")), Drawn("I3", "die", _cells(board, "D2 E2 F2"))]
    assert check_drawing(board, drawn).ok
    gap = [drawn[0], Drawn("I3", "die", _cells(board, "E2 F2 G2"))]
    assert check_drawing(board, gap).rules() == {"prw.touch"}


def test_drawing_inside_a_closed_area_is_allowed() -> None:
    """Decision (rules.py): unlike the board game, a shape may go inside an own closed area."""
    board = boards()["1"]
    s = State(board, [3] * 11)  # I4 every time
    s.apply(("setup", "I4", _cells(board, "B2 C2 D2 E2")))
    s.apply(("odd", "odd", _cells(board, "B3")))
    s.apply(("odd", "odd", _cells(board, "B4")))
    s.apply(("die", "I4", _cells(board, "B5 C5 D5 E5")))
    s.apply(("die", "I4", _cells(board, "F2 F3 F4 F5")))
    s.apply(("odd", "odd", _cells(board, "E3")))
    s.apply(("odd", "odd", _cells(board, "E4")))
    assert s.breakdown().areas[4] == 1  # C3 D3 C4 D4 closed: 4 points
    inside = ("odd", "odd", _cells(board, "C3"))
    assert inside in s.legal_moves()
    s.apply(("die", "I4", _cells(board, "G2 G3 G4 G5")))
    s.apply(inside)
    s.apply(("odd", "odd", _cells(board, "D4")))
    b = s.breakdown()
    assert b.areas[1] == 2 and b.areas[4] == 0  # split into two areas of 1 square
    assert check_drawing(board, s.drawn).ok
    s.check_invariants()


@pytest.mark.parametrize("cell", ["A²", "A١", "B-1", "I1", "A0", "K11", "AA"])
def test_parse_cell_rejects_odd_text_with_one_line(cell: str) -> None:
    with pytest.raises(UserInputError) as exc:
        parse_cell(cell, boards()["1"].grid, "t")
    assert "\n" not in str(exc.value)


def test_a_sheet_without_the_setup_screen_is_broken() -> None:
    assert "prw.setup" in check_drawing(boards()["1"], []).rules()


def test_bar_value_is_data_printed_on_the_sheet() -> None:
    """The rulebook gives no value for a bar square: 1 (the board game's score squares), as data."""
    from generator.games.plazing_rw.draw import pad_scene
    from generator.games.plazing_rw.setup import SheetSetup
    from generator.render.scene import Text

    board = boards()["3"]
    assert board.bar_points == 1
    covered = _cells(board, "D2 E2 F2")  # three bar squares covered
    assert score(board, covered, 4, 3).bar_points == 3 * board.bar_points
    scene = pad_scene([SheetSetup("PR-X", 0, board)], "a4", "en", False)
    texts = {it.text for sym in scene.symbols.values() for it in sym.items if isinstance(it, Text)}
    assert f"+{board.bar_points}" in texts


def test_bar_squares_in_a_closed_area_with_waste_score_nothing() -> None:
    board = _ring_board(["$x"], bar_points=1)
    assert score(board, _ring(board, 2, 1), 4, 3).bar_points == 0
    covered = _ring(board, 2, 1) | board.grid.bits([(2, 2)])  # but covering it still scores
    assert score(board, covered, 4, 3).bar_points == 1


def test_hard_variant_and_six_square_limit_in_the_engine_path() -> None:
    """The engine's fast scorer (Scorer.board_points) on 4, 5, 6 and 7 square areas."""
    for inner, hard, res in ((["asp."], True, 3), (["asp.."], True, 0), (["asp.."], False, 3),
                             (["asp", "..."], False, 3), (["asp.", "..."], False, 0)):
        board = _ring_board(inner)
        b = score(board, _ring(board, len(inner[0]), len(inner)), 4, 3, hard=hard)
        assert sum(b.resources.values()) == res, (inner, hard)
