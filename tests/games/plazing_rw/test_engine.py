"""Simulation tests: bots play whole sheets with invariants checked after every move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.playout import run_playouts
from generator.core.rng import make_rng
from generator.games.plazing_rw.engine import State, new_game, roll_dice
from generator.games.plazing_rw.model import boards, catalog


def _invariant(state: object) -> None:
    assert isinstance(state, State)
    state.check_invariants()


@pytest.mark.parametrize("board_id", ["1", "2", "3", "4"])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_playouts_complete_with_invariants(board_id: str, bot: str) -> None:
    b = boards()[board_id]
    rep = run_playouts(lambda rng: new_game(b, rng), 3 if bot == "greedy" else 8, 11, bot, invariant=_invariant)
    assert rep.playable, rep.failures
    assert all(12 <= n <= 40 for n in rep.lengths)  # setup + 10 die shapes + at most 12 special moves + ends


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), board_id=st.sampled_from(["1", "2", "3", "4"]), hard=st.booleans())
def test_random_sheets_keep_invariants(seed: int, board_id: str, hard: bool) -> None:
    rng = make_rng(seed)
    s = new_game(boards()[board_id], rng, hard)
    last = s.points()
    while not s.is_over():
        moves = s.legal_moves()
        assert moves, "no legal move before the end"
        assert s.has_legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
        s.check_invariants()
        now = s.points()
        assert now >= 0
        last = now
    assert s.round == catalog().rounds + 1
    assert last == s.breakdown().total


def test_dice_setup_never_blanket() -> None:
    for i in range(200):
        d = roll_dice(make_rng(i))
        assert d[0] != 6 and len(d) == 11 and all(1 <= x <= 6 for x in d)


def test_move_value_equals_score_change() -> None:
    s = new_game(boards()["2"], make_rng(5))
    rng = make_rng(6)
    while not s.is_over():
        moves = s.legal_moves()
        m = moves[rng.randrange(len(moves))]
        v = s.move_value(m)
        before = s.points()
        s.apply(m)
        if m[0] != "odd":  # the first odd of a pair changes nothing until the pair is complete
            assert s.points() - before == v


def test_greedy_beats_random_on_every_board() -> None:
    for b in boards().values():
        g = run_playouts(lambda rng, b=b: new_game(b, rng), 4, 3, "greedy")
        r = run_playouts(lambda rng, b=b: new_game(b, rng), 4, 3, "random")
        assert g.seat_stats()[0]["mean"] > r.seat_stats()[0]["mean"]


def test_has_legal_moves_agrees_with_legal_moves() -> None:
    from generator.games.plazing_rw.model import Board
    board = Board("tiny", ("...", "...", "..."))
    s = State(board, [3] + [6] * 10)  # the I4 setup screen fits nowhere on 3x3
    assert not s.has_legal_moves() and s.legal_moves() == []
    s = new_game(boards()["1"], make_rng(1))
    rng = make_rng(2)
    while not s.is_over():
        assert s.has_legal_moves() == bool(s.legal_moves())
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    assert not s.has_legal_moves()


@pytest.mark.parametrize("board_id", ["1", "3", "4"])
@pytest.mark.parametrize("mirror", [False, True])
def test_fast_greedy_plays_exactly_the_core_greedy_bot(board_id: str, mirror: bool) -> None:
    """`State.greedy_move` (the lean loop the fairness test uses) chooses what core's greedy bot
    chooses, move by move, with the same rng."""
    from generator.core.playout import greedy_bot

    b = boards()[board_id]
    for seed in range(2):
        fast, core = new_game(b, make_rng(seed), mirror=mirror), new_game(b, make_rng(seed), mirror=mirror)
        r_fast, r_core = make_rng(seed, "bot"), make_rng(seed, "bot")
        while not core.is_over():
            a, c = fast.greedy_move(r_fast), greedy_bot(core, r_core)
            assert a == c
            fast.apply(a)
            core.apply(c)
        assert fast.points() == core.points()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), board_id=st.sampled_from(["1", "2", "3", "4"]), hard=st.booleans())
def test_one_pass_scoring_equals_the_two_step_scoring(seed: int, board_id: str, hard: bool) -> None:
    from generator.games.plazing_rw.rules import Scorer, closed_areas

    board = boards()[board_id]
    sc = Scorer(board, hard)
    rng = make_rng(seed)
    covered = 0
    s = new_game(board, rng, hard)
    while not s.is_over():
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
        covered = s.covered
        assert sc.fast_points(covered) == sc.board_points(covered, closed_areas(board, covered))
    assert sc.fast_points(covered | board.bar) == sc.board_points(covered | board.bar,
                                                                  closed_areas(board, covered | board.bar))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), board_id=st.sampled_from(["1", "2", "3", "4"]))
def test_the_greedy_shortcut_only_skips_moves_that_change_no_area(seed: int, board_id: str) -> None:
    """`_keeps_reach` says "no area changes" only when a full rescoring agrees, for every legal move."""
    from generator.games.plazing_rw.engine import _around, _keeps_reach

    board = boards()[board_id]
    rng = make_rng(seed)
    s = new_game(board, rng)
    sc, g = s.scorer, s.grid
    checked = 0
    while not s.is_over():
        free = sc.free & ~s.covered
        reach = g.flood(free, sc.open_edge)
        inside = free & ~reach
        base = sc.fast_points(s.covered)
        for _src, _sid, bits in s.legal_moves():
            if bits and not bits & inside and _keeps_reach(bits, _around(g, bits), reach, sc.open_edge, g.width,
                                                         g.not_west, g.not_east):
                checked += 1
                assert g.flood(free & ~bits, sc.open_edge) == reach & ~bits
                assert sc.fast_points(s.covered | bits) == base + (board.bar & bits).bit_count() * board.bar_points
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    assert checked
