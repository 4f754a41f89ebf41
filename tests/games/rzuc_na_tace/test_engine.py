"""The dice engine: the tray, picks, passive players, solo, rounds, actions, bonus chains, and
random/greedy playouts that keep every invariant after every move."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.playout import run_playouts
from generator.games.rzuc_na_tace import kernels as k
from generator.games.rzuc_na_tace.bots import play_greedy
from generator.games.rzuc_na_tace.engine import (
    ACTIVE,
    BONUS,
    DONE_MOVE,
    LOST_MOVE,
    OUT,
    OVER,
    PASS_MOVE,
    PASSIVE,
    PICK,
    PICKED,
    PLUS_M,
    PLUS_WINDOW,
    POOL,
    REROLL_MOVE,
    TAKE,
    TRAY,
    State,
    describe,
    make_invariant_checker,
)
from generator.games.rzuc_na_tace.rules import (
    CHOICE,
    GREEN_X,
    REROLL,
    YELLOW_X,
    B,
    G,
    O,
    P,
    Y,
    check_filled,
    parse_filled,
    score,
    sheet_to_filled_json,
)

from .conftest import rig

Game = Callable[..., State]
W_, Y_, B_, G_, O_, P_ = range(6)


def test_dice_lower_than_the_pick_go_to_the_tray(game: Game) -> None:
    s = game(1, [3, 5, 1, 4, 2, 6])
    s.apply((PICK, Y_, Y, 2, 5))  # yellow 5, row 1 column 3
    assert s.where == [TRAY, PICKED, TRAY, TRAY, TRAY, POOL]
    assert s.picks == 1 and s.phase == ACTIVE


def test_dice_equal_to_the_pick_stay_in_play(game: Game) -> None:
    s = game(1, [5, 5, 5, 5, 5, 5])
    s.apply((PICK, O_, O, 0, 5))
    assert s.where.count(POOL) == 5 and s.where[O_] == PICKED


def test_white_is_a_joker_and_blue_counts_with_white(game: Game) -> None:
    s = game(1, [3, 5, 1, 4, 2, 6])
    moves = set(s.legal_moves())
    assert (PICK, B_, B, 4, 4) in moves and (PICK, W_, B, 4, 4) in moves  # 1 + 3
    assert (PICK, W_, O, 0, 3) in moves and (PICK, W_, P, 0, 3) in moves and (PICK, W_, G, 0, 3) in moves
    assert (PICK, W_, Y, 0, 3) in moves  # yellow 3 at row 1 column 1
    assert not any(m[1] == Y_ and m[2] != Y for m in moves)  # a coloured die only in its area


def test_passive_player_takes_from_the_tray_with_the_blue_sum(game: Game) -> None:
    s = game(2, [3, 5, 1, 4, 2, 6])
    s.apply((PICK, Y_, Y, 2, 5))
    rig(s, [1, 1, 1, 1, 1, 6])
    s.apply((PICK, P_, P, 0, 6))
    assert s.phase == PASSIVE and s.current_player() == 1
    moves = s.legal_moves()
    assert PASS_MOVE in moves
    assert {m[1] for m in moves if m[0] == TAKE} == {W_, B_, G_, O_}  # only tray dice
    assert (TAKE, B_, B, 4, 4) in moves  # blue 1 + white 3, the white lying on the tray
    s.apply((TAKE, G_, G, 0, 4))
    assert s.sheets[1].gn == 1 and s.sheets[0].gn == 0


def test_three_picks_then_the_rest_go_to_the_tray(game: Game) -> None:
    s = game(2, [1] * 6)
    s.apply((PICK, W_, Y, 5, 1))
    rig(s, [1] * 6)
    s.apply((PICK, O_, O, 0, 1))
    rig(s, [1] * 6)
    assert s.picks == 2 and s.where.count(POOL) == 4
    s.apply((PICK, P_, P, 0, 1))
    assert s.where.count(TRAY) == 3 and s.where.count(PICKED) == 3
    assert s.phase == PASSIVE


def test_a_high_pick_can_end_the_turn_early(game: Game) -> None:
    s = game(2, [1, 1, 1, 1, 1, 6])
    s.apply((PICK, P_, P, 0, 6))
    assert s.picks == 1 and s.phase == PASSIVE and s.where.count(TRAY) == 5


def edit(s: State, p: int, **marks: object) -> None:
    """Change player `p`'s marks (rules.Sheet's fields) by hand."""
    sh = s.sheet(p)
    for name, value in marks.items():
        setattr(sh, name, value)
    s.write_sheet(p, sh)


def _fill(s: State, p: int, **rest: object) -> None:
    """Every area of player `p`'s sheet full (but those in `rest`): no die can be marked on it."""
    edit(s, p, **{"ymask": 0xFFFF, "bmask": s.t.bfull, "gn": 11, "ovals": [1] * 11,
                  "pvals": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5], **rest})


def test_a_roll_with_no_usable_die_is_lost(game: Game) -> None:
    # DIGEST 3: nothing is marked, no die is set aside, and it still counts as one of the three rolls
    s = game(2, [2, 2, 2, 2, 2, 2])
    assert LOST_MOVE not in s.legal_moves()
    _fill(s, 0)
    assert set(s.legal_moves()) == {LOST_MOVE, REROLL_MOVE}
    before = s.sheets[0].copy()
    s.apply(LOST_MOVE)
    assert s.where == [POOL] * 6 and s.picks == 1 and s.lost[0] == 1 and s.phase == ACTIVE
    assert (s.sheets[0].ymask, s.sheets[0].ovals) == (before.ymask, before.ovals)
    s.apply(LOST_MOVE)
    s.apply(LOST_MOVE)
    # three rolls used: every die goes to the tray for the passive player, nothing was chosen
    assert s.phase == PASSIVE and s.where == [TRAY] * 6
    assert describe(LOST_MOVE) == "lost roll"


def test_purple_and_green_legality_in_moves(game: Game) -> None:
    s = game(1, [4, 1, 1, 4, 1, 3])
    edit(s, 0, pvals=[4], gn=4)  # next green needs >= 5
    moves = s.legal_moves()
    assert not any(m[2] == P for m in moves)  # 3 and 4 are not above 4
    assert not any(m[2] == G for m in moves)
    rig(s, [5, 1, 1, 5, 1, 5])
    moves = s.legal_moves()
    assert (PICK, P_, P, 1, 5) in moves and (PICK, G_, G, 4, 5) in moves and (PICK, W_, P, 1, 5) in moves


def test_reroll_rerolls_only_the_dice_in_play(game: Game) -> None:
    s = game(1, [3, 5, 1, 4, 2, 6])
    assert s.sheets[0].rr_gain == 1  # round 1 bonus
    s.apply((PICK, Y_, Y, 2, 5))
    before = list(s.dice)
    assert REROLL_MOVE in s.legal_moves()
    s.apply(REROLL_MOVE)
    assert s.sheets[0].rr_used == 1 and REROLL_MOVE not in s.legal_moves()
    assert [s.dice[i] for i in range(5)] == before[:5]  # tray and picked dice unchanged


def test_plus_one_at_the_end_of_the_turn_each_die_once(game: Game) -> None:
    s = game(1, [1, 1, 1, 1, 1, 1])
    edit(s, 0, pl_gain=2)
    for d, area, cell in ((W_, O, 0), (O_, O, 1), (Y_, Y, 5)):
        rig(s, [1] * 6)
        s.apply((PICK, d, area, cell, 1))
    assert s.phase == PLUS_WINDOW
    moves = s.legal_moves()
    assert DONE_MOVE in moves
    assert {m[1] for m in moves if m[0] == PLUS_M} == set(range(6))  # picked and tray dice alike
    s.apply((PLUS_M, Y_, Y, 8, 1))  # the other yellow 1
    assert s.sheets[0].pl_used == 1
    assert not any(m[0] == PLUS_M and m[1] == Y_ for m in s.legal_moves())
    s.apply(DONE_MOVE)
    # solo: a fresh roll, the three lowest on the tray for the passive pick
    assert s.phase == PASSIVE and s.where.count(TRAY) == 3
    tray = [s.dice[i] for i in range(6) if s.where[i] == TRAY]
    rest = [s.dice[i] for i in range(6) if s.where[i] != TRAY]
    assert max(tray) <= min(rest)


@given(st.integers(0, 10_000))
@settings(max_examples=40, deadline=None)
def test_solo_passive_tray_is_the_three_lowest(seed: int) -> None:
    s = State(1, random.Random(seed))
    rng = random.Random(seed)
    while s.phase != PASSIVE:
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    tray = [s.dice[i] for i in range(6) if s.where[i] == TRAY]
    rest = [s.dice[i] for i in range(6) if s.where[i] != TRAY]
    assert len(tray) == 3 and max(tray) <= min(rest)


@pytest.mark.parametrize(("players", "rounds"), [(1, 6), (2, 6), (3, 5), (4, 4)])
def test_rounds_and_turns_per_player_count(players: int, rounds: int) -> None:
    s = State(players, random.Random(players))
    rng = random.Random(7)
    seen = set()
    while not s.is_over():
        if s.phase == ACTIVE and not s.pending:
            seen.add((s.round, s.active))
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    assert seen == {(r, a) for r in range(1, rounds + 1) for a in range(players)}
    assert s.phase == OVER and s.legal_moves() == []


def test_round_bonuses_and_the_round_four_choice() -> None:
    s = State(2, random.Random(3))
    assert all(sh.rr_gain == 1 for sh in s.sheets)
    rng = random.Random(3)
    while s.round < 4:
        if s.round == 2:
            assert all(sh.pl_gain >= 1 for sh in s.sheets)
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    # round 4 opens with each player's choice, seat by seat
    assert s.pending and s.pending[0] == (0, CHOICE)
    areas = {m[2] for m in s.legal_moves()}
    assert all(m[0] == BONUS for m in s.legal_moves()) and areas <= {Y, B, G, O, P}
    sixes = [m for m in s.legal_moves() if m[2] in (O, P)]
    assert all(m[4] == 6 for m in sixes)
    s.apply(s.legal_moves()[0])
    assert s.current_player() == 1 and s.pending[0] == (1, CHOICE)


def test_bonus_chain_blue_column_purple_six_reroll(game: Game) -> None:
    s = game(1, [5, 1, 6, 1, 1, 1])  # blue 6 + white 5 = 11
    edit(s, 0, bmask=(1 << (3 - 2)) | (1 << (7 - 2)), pvals=[1, 2])
    s.apply((PICK, B_, B, 11, 11))
    # column {3, 7, 11} -> purple 6 on cell 3 -> re-roll
    sh = s.sheets[0]
    assert sh.pvals == [1, 2, 6] and sh.rr_gain == 2


def test_bonus_chain_with_a_choice(game: Game) -> None:
    s = game(1, [5, 5, 5, 5, 5, 5])
    edit(s, 0, ymask=s.sheets[0].ymask | (1 << 4) | (1 << 5), ovals=[1, 1, 1, 1])  # row 2: 4, 5, pre-cross 6, 7 (a 5)
    s.apply((PICK, Y_, Y, 7, 5))
    # row 2 -> orange 4 on cell 5 -> yellow X, which the player chooses before the next roll
    assert s.sheets[0].ovals == [1, 1, 1, 1, 4]
    assert s.pending == [(0, YELLOW_X)]
    moves = s.legal_moves()
    assert moves and all(m[0] == BONUS and m[2] == Y for m in moves)
    s.apply((BONUS, -1, Y, 0, 3))
    assert s.sheets[0].ymask & 1 and not s.pending and s.phase == ACTIVE


def test_bonuses_that_cannot_be_used_are_lost(game: Game) -> None:
    s = game(1)
    edit(s, 0, gn=11)
    s.give(0, GREEN_X)
    assert s.sheets[0].gn == 11
    edit(s, 0, rr_gain=7)
    s.give(0, REROLL)
    assert s.sheets[0].rr_gain == 7
    edit(s, 0, ymask=0xFFFF)
    s.give(0, YELLOW_X)
    assert not s.pending  # nothing to cross: dropped, the game goes on
    edit(s, 0, pvals=[5])
    s.give(0, 20 + 4)  # a purple 4 after a 5 cannot be written
    assert s.sheets[0].pvals == [5]


def test_illegal_moves_are_refused(game: Game) -> None:
    s = game(1, [3, 5, 1, 4, 2, 6])
    with pytest.raises(ValueError):
        s.apply((PICK, Y_, Y, 0, 3))  # the yellow die shows 5, not 3
    with pytest.raises(ValueError):
        s.apply(PASS_MOVE)


def test_describe_moves() -> None:
    assert describe((PICK, 2, B, 9, 9)) == "pick blue die -> blue 9"
    assert describe((BONUS, -1, Y, 5, 1)) == "bonus -> yellow r2c2 (1)"
    assert describe(REROLL_MOVE) == "reroll"


def test_clone_is_independent(game: Game) -> None:
    s = game(2, [3, 5, 1, 4, 2, 6])
    c = s.clone()
    c.apply((PICK, Y_, Y, 2, 5))
    assert s.picks == 0 and s.sheets[0].ymask != c.sheets[0].ymask
    s.apply((PICK, Y_, Y, 2, 5))
    assert s.dice == c.dice  # the clone's rng continues the same stream


# -- whole games ------------------------------------------------------------------------------------

def _replay_check(state: State) -> None:
    """The end state, written out as a filled sheet, is legal and scores the same."""
    for sh, total in zip(state.sheets, state.scores(), strict=True):
        rep, again = check_filled(parse_filled(sheet_to_filled_json(sh)))
        assert rep.ok, rep.to_json()
        assert score(again) == score(sh) and score(sh)["total"] == total


@given(st.integers(0, 2**32), st.integers(1, 4), st.sampled_from(["random", "greedy"]))
@settings(max_examples=60, deadline=None)
def test_playouts_keep_invariants_after_every_move(seed: int, players: int, bot: str) -> None:
    rep = run_playouts(lambda r: State(players, r), 2, seed, bot, invariant=make_invariant_checker())
    assert rep.playable, rep.failures


@given(st.integers(0, 2**32), st.integers(1, 4))
@settings(max_examples=60, deadline=None)
def test_end_states_are_legal_filled_sheets(seed: int, players: int) -> None:
    s = play_greedy(State(players, random.Random(seed)), random.Random(seed + 1))
    assert s.is_over()
    _replay_check(s)


def test_invariant_checker_bites() -> None:
    s = State(1, random.Random(0))
    check = make_invariant_checker()
    check(s)
    edit(s, 0, ovals=[9])
    with pytest.raises(AssertionError):
        check(s)
    edit(s, 0, ovals=[])
    edit(s, 0, gn=3)
    check(s)
    edit(s, 0, gn=2)  # a cross removed
    with pytest.raises(AssertionError):
        check(s)


def test_same_seed_same_game() -> None:
    a = play_greedy(State(3, random.Random(11)), random.Random(12))
    b = play_greedy(State(3, random.Random(11)), random.Random(12))
    assert a.scores() == b.scores() and a.moves_made == b.moves_made


def test_greedy_beats_random() -> None:
    g = run_playouts(lambda r: State(1, r), 150, 5, "greedy")
    r = run_playouts(lambda r: State(1, r), 150, 5, "random")
    assert g.seat_stats()[0]["mean"] > r.seat_stats()[0]["mean"] * 1.5


# -- review additions ---------------------------------------------------------------------------------

def test_plus_one_never_takes_the_same_die_twice_in_a_turn(game: Game) -> None:
    # the orange die could be written again (orange has room and a +1 is left): only the rule stops it
    s = game(1, [1, 1, 1, 1, 1, 1])
    edit(s, 0, pl_gain=3)
    for d, area, cell in ((W_, O, 0), (Y_, Y, 5), (G_, G, 0)):
        rig(s, [1] * 6)
        s.apply((PICK, d, area, cell, 1))
    assert s.phase == PLUS_WINDOW
    s.apply((PLUS_M, O_, O, 1, 1))
    assert s.sheets[0].pl_used == 1 and s.sheets[0].pl_gain - s.sheets[0].pl_used == 2
    moves = s.legal_moves()
    assert any(m[0] == PLUS_M for m in moves)  # other dice are still offered
    assert not any(m[0] == PLUS_M and m[1] == O_ for m in moves)


@given(st.integers(0, 10_000))
@settings(max_examples=30, deadline=None)
def test_solo_passive_pick_only_from_the_three_tray_dice(seed: int) -> None:
    s = State(1, random.Random(seed))
    rng = random.Random(seed)
    while s.phase != PASSIVE:
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    # an empty sheet beside the white die: every die could be marked, if it were offered
    edit(s, 0, ymask=s.t.ypre, bmask=0, gn=0, ovals=[], pvals=[])
    taken = {m[1] for m in s.legal_moves() if m[0] == TAKE}
    assert taken == {i for i in range(6) if s.where[i] == TRAY}


@given(st.integers(0, 2**32), st.integers(1, 4))
@settings(max_examples=25, deadline=None)
def test_advancing_at_a_decision_changes_nothing(seed: int, players: int) -> None:
    # kernels.advance lists the moves where it stops; called again there (as after a hand edit) it
    # must neither move the game on nor list other moves
    s = State(players, random.Random(seed))
    rng = random.Random(seed + 1)
    while not s.is_over():
        moves = s.legal_moves()
        before = (s.sh.copy(), s.gs.copy(), s.mt.copy())
        s._advance()
        assert s.legal_moves() == moves
        assert all((a == b).all() for a, b in zip(before, (s.sh, s.gs, s.mt), strict=True))
        s.apply(moves[rng.randrange(len(moves))])


# -- audit (issue 8, items 5-7) -------------------------------------------------------------------------

def _three_picks_of_ones(s: State, picks: tuple[tuple[int, int, int], ...]) -> None:
    for d, area, cell in picks:
        rig(s, [1] * 6)
        s.apply((PICK, d, area, cell, 1))


def test_passive_player_with_no_usable_tray_die_may_use_a_chosen_die(game: Game) -> None:
    s = game(2, [1] * 6)
    _fill(s, 1, gn=0)  # only green is open for the passive player
    _three_picks_of_ones(s, ((W_, O, 0), (G_, G, 0), (Y_, Y, 5)))
    assert s.phase == PASSIVE and s.current_player() == 1
    assert {d for d in range(6) if s.where[d] == TRAY} == {B_, O_, P_}  # none of them usable by seat 2
    takes = {(m[1], m[2]) for m in s.legal_moves() if m[0] == TAKE}
    assert takes == {(W_, G), (G_, G)}  # the chosen white and green dice, not the chosen yellow
    assert PASS_MOVE in s.legal_moves()
    s.apply((TAKE, G_, G, 0, 1))
    assert s.sheets[1].gn == 1


def test_chosen_dice_are_not_offered_when_a_tray_die_is_usable(game: Game) -> None:
    s = game(2, [1] * 6)
    _fill(s, 1, gn=0, ovals=[])
    _three_picks_of_ones(s, ((W_, O, 0), (G_, G, 0), (Y_, Y, 5)))
    takes = {(m[1], m[2]) for m in s.legal_moves() if m[0] == TAKE}
    assert takes == {(O_, O)}  # the tray's orange die can be used: only the tray is offered


def _to_solo_passive(s: State, rng: random.Random) -> None:
    while not (s.phase == PASSIVE and not s.pending):
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])


def test_solo_plus_one_after_the_passive_pick(game: Game) -> None:
    s = game(1, [1] * 6)
    edit(s, 0, pl_gain=1)
    _three_picks_of_ones(s, ((W_, O, 0), (G_, G, 0), (Y_, Y, 5)))
    assert s.phase == PLUS_WINDOW  # the first window: after the active picks
    s.apply(DONE_MOVE)
    assert s.phase == PASSIVE and s.solo_rolled
    edit(s, 0, pl_gain=s.sheets[0].pl_used + 1)  # a +1 in hand at the passive pick
    s.apply(PASS_MOVE)
    assert s.phase == PLUS_WINDOW and s.round == 1  # the second window, on the solo roll's dice
    plus = [m for m in s.legal_moves() if m[0] == PLUS_M]
    assert plus and all(m[4] == s.dice[m[1]] or m[2] == B for m in plus)
    used = s.sheets[0].pl_used
    s.apply(plus[0])
    assert s.sheets[0].pl_used == used + 1


@given(st.integers(0, 10_000))
@settings(max_examples=25, deadline=None)
def test_solo_plus_one_at_the_end_of_the_game(seed: int) -> None:
    s = State(1, random.Random(seed))
    rng = random.Random(seed)
    while not (s.round == s.rounds and s.solo_rolled and s.phase == PASSIVE and not s.pending):
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    sh = s.sheets[0]
    edit(s, 0, pl_gain=min(7, sh.pl_used + 1), ovals=[])  # the orange die can always be written again
    s.apply(PASS_MOVE)
    assert not s.is_over() and s.phase == PLUS_WINDOW
    assert any(m[0] == PLUS_M for m in s.legal_moves())
    s.apply(DONE_MOVE)
    assert s.is_over()


def test_solo_tray_ties_are_chosen_at_random_not_by_die_order() -> None:
    # among equal values at the tray's boundary, every die is sometimes the one left out
    left_out_lowest = 0
    ties = 0
    for seed in range(400):
        s = State(1, random.Random(seed))
        _to_solo_passive(s, random.Random(seed))
        tray = [i for i in range(6) if s.where[i] == TRAY]
        top = max(s.dice[i] for i in tray)
        equal_out = [i for i in range(6) if s.where[i] == OUT and s.dice[i] == top]
        if equal_out:
            ties += 1
            left_out_lowest += min(equal_out) < max(i for i in tray if s.dice[i] == top)
    assert ties > 100
    assert 0.25 < left_out_lowest / ties < 0.75  # die order would give 0


def test_same_dice_on_two_sheets_common_random_numbers() -> None:
    # die d at roll k of turn t shows the same value whatever was chosen before (CRN for balancing)
    a, b = State(1, random.Random(5)), State(1, random.Random(5))
    a.apply(next(m for m in a.legal_moves() if m[0] == PICK and m[1] == 5))  # purple: few dice to the tray
    b.apply(next(m for m in b.legal_moves() if m[0] == PICK and m[1] == 0))
    for d in range(6):
        if a.where[d] == POOL and b.where[d] == POOL:
            assert a.dice[d] == b.dice[d]


@given(st.integers(0, 2**32), st.integers(2, 4))
@settings(max_examples=25, deadline=None)
def test_passive_and_lost_roll_rules_hold_in_whole_games(seed: int, players: int) -> None:
    s = State(players, random.Random(seed))
    rng = random.Random(seed + 7)
    while not s.is_over():
        moves = s.legal_moves()
        if s.phase == PASSIVE and not s.pending:
            p = s.current_player()
            usable: dict[int, list[int]] = {TRAY: [], PICKED: []}
            found = np.empty((16, 5), np.int64)
            for d in range(6):
                if s.where[d] in usable and k.entries(s.tb, s.sh, s.gs, p, TAKE, d, found, 0):
                    usable[s.where[d]].append(d)
            offered = {m[1] for m in moves if m[0] == TAKE}
            assert offered == set(usable[TRAY] or usable[PICKED])
        if s.phase == ACTIVE and not s.pending:
            assert (LOST_MOVE in moves) == (not any(m[0] == PICK for m in moves))
        s.apply(moves[rng.randrange(len(moves))])


def test_the_compiled_tables_refuse_an_area_past_their_room() -> None:
    # compiled code does not check its indices: a sheet the checker would refuse never reaches it
    import dataclasses

    from generator.games.rzuc_na_tace.model import standard_layout

    lay = dataclasses.replace(standard_layout(), purple_cells=k.MAX_CELLS + 1)
    with pytest.raises(ValueError, match="more than 20 cells"):
        k.tables_of(lay)


@pytest.mark.parametrize("shared", [True, False])
def test_a_whole_game_handed_its_words_a_few_at_a_time_is_the_same_game(monkeypatch: pytest.MonkeyPatch,
                                                                        shared: bool) -> None:
    # bots._play tops the words up whenever the kernel runs out: the game and where both streams
    # end must not depend on how many it was handed at a time
    from generator.core.playout import play_one
    from generator.games.rzuc_na_tace import bots

    def game(words: int) -> tuple[object, ...]:
        monkeypatch.setattr(bots, "WORDS", words)
        dice = random.Random(41)
        bot = dice if shared else random.Random(42)
        s = State(3, dice)
        moves = bots.PLAYERS["greedy"](s, bot)
        return moves, s.sh.tolist(), s.gs.tolist(), dice.getrandbits(32), bot.getrandbits(32)

    dice = random.Random(41)
    bot = dice if shared else random.Random(42)
    s = State(3, dice)
    moves = play_one(s, [bots.greedy_move] * 3, bot)
    stepwise = (moves, s.sh.tolist(), s.gs.tolist(), dice.getrandbits(32), bot.getrandbits(32))
    assert game(1) == game(112) == stepwise
