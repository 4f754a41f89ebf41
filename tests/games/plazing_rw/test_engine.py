"""Simulation tests: bots play whole sheets with invariants checked after every move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.playout import run_playouts
from generator.core.rng import make_rng
from generator.games.plazing_rw.bots import greedy_move, greedy_moves
from generator.games.plazing_rw.engine import END, State, new_game, roll_dice
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


# --- the plain versions the fast paths must agree with ---------------------------------------------

def plain_legal_moves(s: State) -> list[tuple[str, str, int]]:
    """`State.legal_moves` as first written: every placement of every shape filtered afresh, every
    odd square tried with a second odd (the engine prunes its lists and skips the second-odd test
    when two or more squares are open)."""
    g, board, covered = s.grid, s.board, s.covered

    def fits(sid: str, anywhere: bool = False) -> list[int]:
        room = board.drawable & ~covered
        if anywhere:
            return [p for p in s.tables.placements[sid] if not p & ~room]
        touch = g.grow8(covered)
        return [p for p in s.tables.placements[sid] if not p & ~room and p & touch]

    def odd_squares(c: int) -> int:
        return g.grow8(c) & board.drawable & ~c

    def bits_of(x: int) -> list[int]:
        return [1 << i for i in range(x.bit_length()) if x >> i & 1]

    if s.is_over():
        return []
    if s.round == 0:
        sid = s.die_shape.id
        return [("setup", sid, p) for p in fits(sid, anywhere=True)]
    if s.pending_odd:
        return [("odd", "odd", b) for b in bits_of(odd_squares(covered))]
    moves: list[tuple[str, str, int]] = []
    die_fits: list[int] = []
    if not s.die_done:
        sid = s.die_shape.id
        die_fits = fits(sid)
        moves.extend(("die", sid, p) for p in die_fits)
    if not s.special_done:
        for sh in s.special_screens():
            moves.extend(("special", sh.id, p) for p in fits(sh.id))
        if s.odds < 2 * s.cat.odd_pairs:
            moves.extend(("odd", "odd", b) for b in bits_of(odd_squares(covered)) if odd_squares(covered | b))
    if s.die_done or not die_fits:
        moves.append(END)
    return moves


def plain_greedy_moves(s: State) -> list[tuple[str, str, int]]:
    """The best moves by a full rescoring of every candidate sheet (`move_value`: one flood of the
    whole board per candidate), in legal-move order: what the greedy bot chose before the
    incremental scoring."""
    moves = plain_legal_moves(s)
    values = [s.move_value(m) for m in moves]
    top = max(values)
    return [m for m, v in zip(moves, values, strict=True) if v == top]


def _boards_to_try() -> list:
    from generator.games.plazing_rw.setup import random_board

    return [*boards().values(), *(random_board(seed, features=f, balance=False)[0]
                                  for seed, f in ((3, 15), (4, 1), (5, 8), (6, 4), (7, 2)))]


@pytest.mark.slow
@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("mirror", [False, True])
def test_fast_legal_and_greedy_moves_equal_the_plain_ones(hard: bool, mirror: bool) -> None:
    """Over many seeded states (greedy and random games on the printed boards and on random boards
    with every feature), the engine's legal moves and greedy moves are exactly the plain ones."""
    states = 0
    for k, b in enumerate(_boards_to_try()):
        for seed in range(2):
            s = new_game(b, make_rng(k, str(seed)), hard, mirror)
            rng = make_rng(k, str(seed), "bot")
            while not s.is_over():
                moves = s.legal_moves()
                assert moves == plain_legal_moves(s)
                top = greedy_moves(s)
                assert top == plain_greedy_moves(s)
                states += 1
                s.apply(top[rng.randrange(len(top))] if seed == 0 else moves[rng.randrange(len(moves))])
    assert states > 300


@pytest.mark.parametrize("board_id", ["1", "3", "4"])
@pytest.mark.parametrize("mirror", [False, True])
def test_fast_greedy_plays_exactly_the_plain_greedy_bot(board_id: str, mirror: bool) -> None:
    """bots.greedy_move (the compiled valuation) and core's greedy bot choose what
    the plain greedy bot chooses, move by move, with the same rng (the same scores, so the stored
    reference means stay valid)."""
    from generator.core.playout import greedy_bot

    b = boards()[board_id]
    for seed in range(2):
        fast, core, plain = (new_game(b, make_rng(seed), mirror=mirror) for _ in range(3))
        r_fast, r_core, r_plain = make_rng(seed, "bot"), make_rng(seed, "bot"), make_rng(seed, "bot")
        while not plain.is_over():
            top = plain_greedy_moves(plain)
            p = top[r_plain.randrange(len(top))]
            a, c = greedy_move(fast, r_fast), greedy_bot(core, r_core)
            assert a == c == p
            fast.apply(a)
            core.apply(c)
            plain.apply(p)
        assert fast.points() == core.points() == plain.points()


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
