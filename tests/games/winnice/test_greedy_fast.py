"""The fast greedy bot (greedy.py over the compiled decisions of kernels.py, valuation.py) decides
exactly what the plain one did: the plain version is kept here as the reference (the bot of the
first engine, trimmed to the greedy values), and over many seeded mid-game states — from greedy
and from random games, 2 to 4 players — the fast `greedy.greedy_moves(state)` must return the very
list of best moves, in `legal_moves()` order, that the reference finds by valuing every legal
move one by one. Same list, same random draw: the same games.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import shapes as sh
from generator.core.rng import make_rng
from generator.games.winnice import bots, greedy, kernels, memo, valuation
from generator.games.winnice.bots import get_bot
from generator.games.winnice.engine import State
from generator.games.winnice.invariants import check_invariants
from generator.games.winnice.model import default_catalog, parse_card
from generator.games.winnice.moves import (
    DONE,
    DROP_SEEDLING,
    DROP_TOKEN,
    GENETICS,
    HARVEST,
    HIRE,
    IRRIGATE,
    LAB,
    P_PLACE,
    PASS,
    PASS_MOVE,
    PLACE,
    PLANT,
    SELL,
    SKIP,
    TAKE,
    Move,
)
from generator.games.winnice.player import Player
from generator.games.winnice.rules import harvest_points, planting_ok
from generator.games.winnice.setup import generate

from .conftest import GRID

# --- the reference: the plain greedy bot -------------------------------------------------------

COLOUR_WEIGHT = (1.2, 2.0, 10.0)
CARD_BONUS = (0.0, 1.5, 6.0)
WINDOW = (4, 3, 2)


def ref_largest_side(bits: int) -> int:
    return sh.largest_square(GRID.cells(bits))


def ref_windows(side: int) -> list[int]:
    return [GRID.rect(x, y, side, side) for y in range(9 - side) for x in range(9 - side)]


def ref_targets(p: Player) -> list[int]:
    out = [0, 0, 0]
    taken = 0
    for colour in (2, 1, 0):
        others = p.occupied & ~p.board[colour]
        mine = p.board[colour]
        best, best_score = 0, -1.0
        for w in ref_windows(WINDOW[colour]):
            if w & others:
                continue
            score = (w & mine).bit_count() * 4 - (w & taken).bit_count() * 3
            if score > best_score:
                best, best_score = w, score
        out[colour] = best
        taken |= best
    return out


def ref_squares_score(bits: int) -> int:
    score, e = 0, bits
    for weight in (1, 3, 6):
        e = e & (e >> 1) & (e >> 8) & (e >> 9) & GRID.not_east
        if not e:
            break
        score += weight * e.bit_count()
    return score


class Ref:
    """The plain greedy values of one state (every helper recomputed, nothing shared)."""

    def __init__(self, state: State) -> None:
        self.s = state

    def fits_window(self, who: int, colour: int, shape: str) -> bool:
        p = self.s.players[who]
        w = ref_targets(p)[colour]
        return bool(w) and any(not b & ~w and not b & p.occupied and planting_ok(GRID, p.board[colour], b)
                               for b in self.s.t.placements[shape])

    def take_value(self, who: int, cid: str) -> float:
        colour, shape = parse_card(cid)
        p = self.s.players[who]
        pair = 5.0 if colour < 2 and p.cards["genetics"] and (1 - colour, shape) in p.seedlings else 0.0
        return (self.s.t.shape_size[shape] + CARD_BONUS[colour]) + pair + \
            (1.0 if self.fits_window(who, colour, shape) else 0.0)

    def can_grow(self, who: int, colour: int, region: int) -> bool:
        p = self.s.players[who]
        ring = GRID.grow4(region) & ~region
        return any(b & ring and not b & p.occupied and planting_ok(GRID, p.board[colour], b)
                   for c, shape in set(p.seedlings) if c == colour for b in self.s.t.placements[shape])

    def ready(self, who: int, colour: int, region: int) -> bool:
        p = self.s.players[who]
        w = ref_targets(p)[colour]
        side = ref_largest_side(region)
        if side >= WINDOW[colour]:
            return True
        if w and (w & ~p.occupied) == 0 and w & region:
            return True
        return side >= 2 and not self.can_grow(who, colour, region)

    def value(self, move: Move) -> float:  # noqa: C901 - the plain bot, one branch per kind of move
        s = self.s
        kind = move[0]
        who = s.current_player()
        p = s.players[who]
        if kind == PLANT:
            colour, bits = move[1], move[3]
            tg = ref_targets(p)
            mine = p.board[colour]
            foreign = 0
            for c in range(3):
                if c != colour:
                    foreign |= tg[c]
            keep = {x for c, x in p.seedlings if c == 1 - colour} if colour < 2 and p.cards["genetics"] else set()
            if move[2] in keep:
                return -1.0
            gain = ref_squares_score(mine | bits) - ref_squares_score(mine)
            return (0.2 + gain * (1.5 if colour == 2 else 1.0) + 0.4 * ((GRID.grow4(bits) & ~bits) & mine).bit_count()
                    + 0.6 * (bits & tg[colour]).bit_count() - 0.3 * bits.bit_count()
                    - 0.4 * (bits & foreign).bit_count())
        cat = s.cat
        if kind == DONE:
            return 0.0
        if kind == PASS:
            return 0.5
        if kind == SKIP:
            return -0.5
        if kind == HIRE:
            return 0.0
        if kind == SELL:
            colour, value = move[1], move[2]
            if colour == 2:
                return -50.0
            if p.cards["laboratory"] and value >= s.t.lab_min:
                same = sum(1 for c, v in p.tokens if c == colour and v >= s.t.lab_min)
                other = sum(1 for c, v in p.tokens if c == 1 - colour and v >= s.t.lab_min)
                if same <= other + 1 and len(p.tokens) < s.t.token_cap[p.cards["barrels"]]:
                    return -1.0
            return 1.0 + value / 10
        if kind == DROP_SEEDLING:
            return -(s.t.shape_size[move[2]] + CARD_BONUS[move[1]])
        if kind == DROP_TOKEN:
            return -(move[2] * (100.0 if move[1] == 2 else 3.0 + 2 * move[1]))
        if kind == LAB:
            return 3.0
        if kind == GENETICS:
            return 8.0
        if kind == IRRIGATE:
            return 4.0
        if kind == TAKE:
            deck = "deck" + s.t.spaces[s.t.resolve_order[s.res_i]].action[3:]
            if move[1] < 0:
                return 2.0 if deck == "deck45" else 1.0
            return self.take_value(who, s.markets[deck][move[1]])
        if kind == PLACE:
            return self.place_value(who, p, move)
        assert kind == HARVEST
        colour, square = move[1], move[2]
        region = GRID.flood(p.board[colour], square)
        points = harvest_points(cat, ref_largest_side(region), (p.drought & region).bit_count())
        if colour == 2 and points and p.red_points() + points >= cat.win_red:
            return 1000.0
        if self.ready(who, colour, region):
            return 0.8 + points * COLOUR_WEIGHT[colour] / 50
        return -1.0 if 64 - p.occupied.bit_count() > 16 else 0.3 + points / 50

    def place_value(self, who: int, p: Player, move: Move) -> float:
        s = self.s
        space = s.t.spaces[move[1]]
        action = space.action
        seed_cap = s.t.seedling_cap[p.cards["greenhouse"]]
        tok_cap = s.t.token_cap[p.cards["barrels"]]
        mine = [s.t.spaces[i].action for i, o in enumerate(s.occupant) if o is not None and o[0] == who]
        if action.startswith("hire"):
            value = 6.0 if s.round <= 15 and p.coins >= space.cost + 2 else 0.6
        elif action.startswith("buy"):
            deck = "deck" + action[3:]
            best = max([self.take_value(who, c) for c in s.markets[deck]] + [2.0 if deck == "deck45" else 1.0])
            value = 0.5 + best * 0.6
            if len(p.seedlings) + sum(1 for a in mine if a.startswith("buy")) >= seed_cap:
                value -= 4.0
        elif action == "greenhouse":
            rich = p.coins > 15 and seed_cap < 7
            value = 3.5 if (seed_cap <= 3 or rich) and "greenhouse" not in mine else 0.2
        elif action == "barrels":
            reds = sum(1 for c, _ in p.tokens if c == 2)
            value = 5.0 if reds + (4 if p.coins > 15 else 2) > tok_cap and "barrels" not in mine else 0.2
        elif action in ("laboratory", "genetics") and (p.cards[action] or action in mine):
            value = -1.0
        elif action == "laboratory":
            value = 4.0 if p.coins > 12 else 0.2
        elif action == "genetics":
            value = 4.0 if p.coins > 8 else 0.3
        else:
            value = 3.0 if p.drought.bit_count() > p.cards["irrigate"] and "irrigate" not in mine else -1.0
        value -= 0.6 * space.cost
        fits = sum(1 for i, x in enumerate(s.t.spaces) if s.occupant[i] is None and move[2] in x.fits)
        return value - 0.03 * fits


def ref_can_place(state: State, who: int, si: int) -> bool:
    """The availability rule space by space, as the first engine wrote it (a laboratory or
    genetics card as often as the bank has one: DIGEST 4)."""
    space = state.t.spaces[si]
    p = state.players[who]
    if state.occupant[si] is not None or space.cost > p.coins:
        return False
    action = space.action
    if action.startswith("hire"):
        k = int(action[4])
        ws = state.t.worker_size
        if not any(ws[w] == k - 1 for w in p.workers):
            return False
        left = sum(1 for w in p.worker_bank if ws[w] == k)
        reserved = sum(1 for i, o in enumerate(state.occupant)
                       if o is not None and o[0] == who and state.t.spaces[i].action == action)
        return left > reserved
    if action.startswith("buy"):
        deck = "deck" + action[3:]
        return bool(state.markets[deck] or state.piles[deck] or state.discards[deck])
    reserved = sum(1 for i, o in enumerate(state.occupant) if o is not None and state.t.spaces[i].action == action)
    return state.bank_cards[action] - reserved > 0


def ref_legal_moves(state: State) -> list[Move]:
    """legal_moves, with placing by the plain `ref_can_place` of every space."""
    if state.phase == P_PLACE and state.drop is None:
        who = state.cur
        p = state.players[who]
        free = [w for w in p.workers if w not in p.placed]
        out: list[Move] = [(PLACE, si, w, 0) for si, space in enumerate(state.t.spaces)
                           for w in free if w in space.fits and ref_can_place(state, who, si)]
        return out + [PASS_MOVE]
    return state.legal_moves()


def ref_top(state: State) -> list[Move]:
    ref = Ref(state)
    valued = [(ref.value(m), m) for m in ref_legal_moves(state)]
    best = max(v for v, _ in valued)
    return [m for v, m in valued if v == best]


# --- the tests ---------------------------------------------------------------------------------


def sampled_states(players: int, seed: int, bot: str, every: int, limit: int) -> list[State]:
    cat = default_catalog()
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    rng = random.Random(seed)
    play = get_bot(bot)
    out: list[State] = []
    n = 0
    while not state.is_over() and len(out) < limit:
        if n % every == 0:
            out.append(state.clone())
        state.apply(play(state, rng))
        n += 1
    return out


def check_same(state: State) -> None:
    check_invariants(state)  # the fast separation check assumes a legal board
    fast = list(greedy.greedy_moves(state))
    assert list(greedy.greedy_moves(state)) == fast  # again, from the decision's memo
    memo.forget()
    again = list(greedy.greedy_moves(state))  # no memo of the decision or the placing phase
    assert fast == again
    assert fast == ref_top(state)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "bot"), [(4, 1, "greedy"), (3, 7, "greedy"), (2, 5, "greedy"),
                                                      (4, 9, "random"), (2, 3, "random")])
def test_fast_greedy_moves_equal_the_plain_bot(players, seed, bot):
    states = sampled_states(players, seed, bot, every=7 if bot == "greedy" else 29, limit=150)
    assert len(states) > 40
    for state in states:
        check_same(state)


@pytest.mark.slow
@given(st.integers(0, 2**40 - 1), st.sampled_from([2, 3, 4]))
@settings(max_examples=6, deadline=None)
def test_fast_greedy_moves_equal_the_plain_bot_over_seeds(seed, players):
    for state in sampled_states(players, seed, "greedy", every=23, limit=40):
        check_same(state)


def random_board(rng: random.Random) -> Any:
    """Three colour boards of a legal-looking vineyard: random squares, disjoint by colour."""
    squares = list(range(64))
    rng.shuffle(squares)
    boards = [0, 0, 0]
    for sq in squares[:rng.randrange(0, 50)]:
        boards[rng.randrange(3)] |= 1 << sq
    return boards


@given(st.integers(0, 2**32))
@settings(max_examples=150)
def test_target_windows_equal_the_window_scan(seed):
    rng = random.Random(seed)
    state = State(generate(2, 1))
    p = state.players[0]
    p.board = random_board(rng)
    assert valuation._targets(state, p) == ref_targets(p)


def test_place_moves_equal_can_place_of_every_space():
    for state in sampled_states(4, 2, "greedy", every=3, limit=300):
        if state.phase == P_PLACE and state.drop is None:
            assert state.place_moves(state.cur) + [PASS_MOVE] == ref_legal_moves(state)


def test_greedy_games_are_the_same_with_and_without_the_fast_path():
    """Whole games: the greedy bot (`greedy_moves`) and the plain loop over `move_value` (the
    draw core.playout's greedy bot makes among the best)."""
    cat = default_catalog()

    def plain(state: State, rng: random.Random) -> Move:
        valued = [(valuation.move_value(state, m), m) for m in state.legal_moves()]
        top = max(v for v, _ in valued)
        best = [m for v, m in valued if v == top]
        return best[rng.randrange(len(best))]

    ends = []
    for play in (bots.greedy_bot, plain):
        state = State(generate(3, 4, cat), cat, make_rng(4, "engine"))
        rng = random.Random(4)
        moves = []
        while not state.is_over():
            move = play(state, rng)
            moves.append(move)
            state.apply(move)
        ends.append((moves, state.winner, state.round))
    assert ends[0] == ends[1]


# --- the random bot: the same draws as the plain one --------------------------------------------


def ref_random_move(state: State, rng: random.Random) -> Move:
    """The plain random bot of the first engine (harvests filtered by a flood fill per move, the
    fallback placement list from every placement)."""
    from generator.games.winnice.moves import P_PLANT, P_SELL

    if state.drop is not None:
        moves = state.legal_moves()
        keep = [m for m in moves if not (m[0] == DROP_TOKEN and m[1] == 2)] or moves
        return keep[rng.randrange(len(keep))]
    if state.phase != P_PLANT:
        moves = ref_legal_moves(state)
        if state.phase == P_SELL:
            moves = [m for m in moves if not (m[0] == SELL and m[1] == 2)]
        return moves[rng.randrange(len(moves))]
    p = state.players[state.cur]
    kinds: list[Any] = []
    if not p.harvested and p.seedlings:
        kinds.append(PLANT)
    irrigate = state.irrigate_moves(p)
    if irrigate:
        kinds.append(IRRIGATE)
    every = state.harvest_moves(p)
    harvest = [m for m in every if ref_largest_side(GRID.flood(p.board[m[1]], m[2])) >= 2]
    if harvest:
        kinds.append(HARVEST)
    kinds.append(DONE)
    while True:
        kind = kinds[rng.randrange(len(kinds))]
        if kind == DONE:
            return (DONE, 0, 0, 0)
        if kind == IRRIGATE:
            return irrigate[rng.randrange(len(irrigate))]
        if kind == HARVEST:
            return harvest[rng.randrange(len(harvest))]
        seeds = sorted(set(p.seedlings))
        rng.shuffle(seeds)
        move = None
        for colour, shape in seeds:
            options = state.t.placements[shape]
            mine = p.board[colour]
            for _ in range(24):
                bits = options[rng.randrange(len(options))]
                if not bits & p.occupied and planting_ok(GRID, mine, bits):
                    move = (PLANT, colour, shape, bits)
                    break
            if move is None:
                legal = [b for b in options if not b & p.occupied and planting_ok(GRID, mine, b)]
                if legal:
                    move = (PLANT, colour, shape, legal[rng.randrange(len(legal))])
            if move is not None:
                return move
        kinds.remove(PLANT)
        if every and not harvest:
            harvest = every
            kinds.insert(0, HARVEST)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_random_bot_draws_what_the_plain_one_did(players, seed):
    cat = default_catalog()
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    fast_rng, ref_rng = random.Random(seed), random.Random(seed)
    n = 0
    while not state.is_over() and n < 6000:
        move = bots.random_move(state, fast_rng)
        assert move == ref_random_move(state, ref_rng)
        state.apply(move)
        n += 1
    assert n > 2000


@pytest.mark.slow
@given(st.integers(0, 2**32))
@settings(max_examples=80)
def test_separation_on_the_plantings_equals_planting_ok(seed):
    """kernels.apart (plantings of a legal board, no flood fill) against rules.planting_ok, on
    the path the games run (compiled words or Python ints)."""
    rng = random.Random(seed)
    state = sampled_states(2, seed % 50, "random", every=97, limit=8)[-1]
    p = state.players[rng.randrange(2)]
    colour = rng.randrange(3)
    mine = p.board[colour]
    k, word = kernels.for_board(64)
    plantings = kernels.words(GRID.regions(mine), word)
    for shape, placements in state.t.haloed.items():
        for bits, halo in placements[:: rng.randrange(5, 40)]:
            if bits & p.occupied:
                continue
            ring = GRID.grow4(bits) & ~bits
            assert k.apart(word(halo), word(ring), word(mine), plantings) == planting_ok(GRID, mine, bits), shape


@pytest.mark.slow
@given(st.integers(0, 2**32))
@settings(max_examples=60)
def test_fits_window_is_the_window_scan_with_planting_ok(seed):
    """kernels.fits_window (the greedy bot's window bonus of a card, compiled, the separation rule
    by `apart`) against a scan of every placement with rules.planting_ok, on the path the games
    run, for every shape and colour of sampled players."""
    rng = random.Random(seed)
    state = sampled_states(2, seed % 50, "random", every=97, limit=8)[-1]
    p = state.players[rng.randrange(2)]
    t = state.t
    k, word = kernels.for_board(64)
    order, ps, halos, rings, start, _ = valuation.kernel_rows(t, word)
    windows = ref_targets(p)
    for colour in range(3):
        mine = p.board[colour]
        plantings = kernels.words(GRID.regions(mine), word)
        window = windows[colour] if rng.random() < 0.7 else GRID.rect(rng.randrange(5), rng.randrange(5), 4, 4)
        for shape, i in order.items():
            want = bool(window) and any(not b & ~window and not b & p.occupied and planting_ok(GRID, mine, b)
                                        for b in t.placements[shape])
            got = k.fits_window(word(window), word(p.occupied), word(mine), plantings, ps, halos, rings,
                                int(start[i]), int(start[i + 1]))
            assert bool(got) == want, (colour, shape)


@given(st.integers(0, 2**32))
@settings(max_examples=150)
def test_target_windows_of_compact_plantings_equal_the_window_scan(seed):
    """Blocks that fit a window (where `_targets` stops at the first window holding all of them),
    overlapping or not, of every colour."""
    rng = random.Random(seed)
    state = State(generate(2, 1))
    p = state.players[0]
    boards = [0, 0, 0]
    for colour in rng.sample(range(3), rng.randrange(1, 4)):
        for _ in range(rng.randrange(1, 3)):
            w, h = rng.randrange(1, 5), rng.randrange(1, 5)
            block = GRID.rect(rng.randrange(9 - w), rng.randrange(9 - h), w, h)
            if rng.random() < 0.5:  # a ragged block
                block &= ~(1 << rng.randrange(64))
            boards[colour] |= block & ~(boards[0] | boards[1] | boards[2])
    p.board = boards
    assert valuation._targets(state, p) == ref_targets(p)


@given(st.integers(0, 2**32))
@settings(max_examples=60)
def test_target_windows_of_growing_boards_equal_the_window_scan(seed):
    """Boards that grow a square at a time (and now and then lose a block, as a harvest does):
    the kept answer of a colour's step (reused while the other colours only grow) is the scan's."""
    rng = random.Random(seed)
    state = State(generate(2, 1))
    p = state.players[0]
    boards = [0, 0, 0]
    for _ in range(60):
        if rng.random() < 0.1:
            colour = rng.randrange(3)
            boards[colour] &= ~GRID.rect(rng.randrange(5), rng.randrange(5), 4, 4)
        else:
            empty = [sq for sq in range(64) if not (boards[0] | boards[1] | boards[2]) >> sq & 1]
            if not empty:
                break
            boards[rng.randrange(3)] |= 1 << rng.choice(empty)
        p.board = list(boards)
        assert valuation._targets(state, p) == ref_targets(p)


@given(st.integers(0, 2**64 - 1), st.booleans())
@settings(max_examples=60)
def test_cover_equals_the_placement_scan(mask, eager):
    """placement_index.cover (the eager row tables and the lazily filled ones) against a scan of
    every placement."""
    from generator.games.winnice import placement_index as pi

    state = State(generate(2, 1))
    idx = pi.PlacementIndex(state.t)
    if not eager:
        idx._full = None
    for shape, placements in state.t.placements.items():
        touch = sum(1 << i for i, b in enumerate(placements) if b & mask)
        assert idx.cover(shape, mask) == touch, shape


@pytest.mark.parametrize(("players", "seed", "bot"), [(4, 11, "greedy"), (3, 12, "random"), (2, 13, "greedy")])
def test_open_spaces_of_the_placing_phase_equal_the_engine(players, seed, bot):
    """State.open_spaces (the rules per action, reservations read from bits) against the plain
    per-space reference at every placing decision of whole games, for every player."""
    cat = default_catalog()
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    rng = random.Random(seed)
    play = get_bot(bot)
    seen = 0
    while not state.is_over():
        if state.phase == P_PLACE and state.drop is None:
            for who in range(players):
                open_, free = state.open_spaces(who)
                fitting = {si for si, sp in enumerate(state.t.spaces) if any(w in sp.fits for w in free)}
                assert open_ == sum(1 << si for si in fitting if ref_can_place(state, who, si))
            seen += 1
        state.apply(play(state, rng))
    assert seen > 30


@given(st.integers(0, 2**32), st.sampled_from([5, 8, 10]))
@settings(max_examples=60)
def test_squares_score_counts_the_covered_windows_on_any_board_size(seed, size):
    """The greedy bot's squareness measure (2x2 + 3 per 3x3 + 6 per 4x4 window wholly of the
    colour) on a board of the catalog's size, not only 8x8."""
    from generator.core.grid import get_grid

    grid = get_grid(size, size)
    rng = random.Random(seed)
    bits = 0
    for sq in range(size * size):
        if rng.random() < 0.6:
            bits |= 1 << sq
    want = sum(weight * sum(1 for y in range(size - k + 1) for x in range(size - k + 1)
                            if not grid.rect(x, y, k, k) & ~bits)
               for k, weight in ((2, 1), (3, 3), (4, 6)))
    assert valuation.squares_score(grid, bits) == want
