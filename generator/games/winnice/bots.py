"""The Winnice bots: functions `bot(state, rng) -> move` that take a State (core.playout's Bot),
by name in `BOTS` (`get_bot`). The State never imports them.

Greedy: one of the best-valued legal moves (greedy.py's `greedy_moves`, held to valuation.py's
`move_value`), drawn uniformly with one `rng.randrange` — the draw core.playout's greedy bot makes.

Random: a uniformly random legal move, with three filters that keep it from throwing away the
only progress that wins — it never sells a red token, gives one back only when nothing else can
go, and never harvests a planting that pays nothing (a uniformly random player gathers no red at
all in 2,000 rounds; with the filters, random games end after some 150-450 rounds). In the
planting phase it draws the kind first — plant / irrigate / harvest / done, equally likely — then
a uniform instance (a random stored seedling at a random legal placement), so "done" does not
drown in hundreds of placements and no placement list is built; when nothing stored fits any
more, a planting that pays nothing may be harvested too (it clears the board).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.games.winnice.greedy import greedy_moves
from generator.games.winnice.moves import DONE, DROP_TOKEN, HARVEST, IRRIGATE, P_PLANT, P_SELL, PLANT, SELL, Move
from generator.games.winnice.placement_index import bits_of, index_for
from generator.games.winnice.rules import planting_ok
from generator.games.winnice.valuation import plantings_of

if TYPE_CHECKING:
    from generator.games.winnice.engine import State
    from generator.games.winnice.player import Player

Bot = Callable[[Any, random.Random], Move]


def greedy_bot(state: State, rng: random.Random) -> Move:
    """One of the best-valued moves of the player to move (ties at random)."""
    top = greedy_moves(state)
    return top[rng.randrange(len(top))]


def random_bot(state: State, rng: random.Random) -> Move:
    """A random legal move, drawn as `random_move` describes."""
    return random_move(state, rng)


def random_move(state: State, rng: random.Random) -> Move:
    if state.drop is not None:  # give back anything but red, if it can
        moves = state.legal_moves()
        keep = [m for m in moves if not (m[0] == DROP_TOKEN and m[1] == 2)] or moves
        return keep[rng.randrange(len(keep))]
    if state.phase != P_PLANT:
        moves = state.legal_moves()
        if state.phase == P_SELL:  # never sells red
            moves = [m for m in moves if not (m[0] == SELL and m[1] == 2)]
        return moves[rng.randrange(len(moves))]
    p = state.players[state.cur]
    kinds: list[Any] = []
    if not p.harvested and p.seedlings:
        kinds.append(PLANT)
    irrigate = state.irrigate_moves(p)
    if irrigate:
        kinds.append(IRRIGATE)
    every, harvest = _harvests(state, p)
    if harvest:  # only plantings that pay something...
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
        move = _random_planting(state, p, rng)
        if move is not None:
            return move
        kinds.remove(PLANT)
        if every and not harvest:  # ...unless nothing fits any more: then clear any planting
            harvest = every
            kinds.insert(0, HARVEST)


def _harvests(state: State, p: Player) -> tuple[list[Move], list[Move]]:
    """`harvest_moves(p)`, and those of them whose planting pays (a 2x2 or more). The plantings
    of a colour board and their largest squares are remembered by the board (a pure function of
    it; most decisions of a planting phase leave two of the three boards as they were)."""
    if p.harvested:
        return [], []
    idx = index_for(state.t)
    grid = state.t.grid
    every: list[Move] = []
    paying: list[Move] = []
    for colour in range(3):
        bits = p.board[colour]
        if not bits:
            continue
        for low, side, _, _ in plantings_of(idx, grid, bits):
            move = (HARVEST, colour, low, 0)
            every.append(move)
            if side >= 2:
                paying.append(move)
    return every, paying


def _random_planting(state: State, p: Player, rng: random.Random) -> Move | None:
    seeds = sorted(set(p.seedlings))
    rng.shuffle(seeds)
    occ = p.occupied
    grid = state.t.grid
    idx = index_for(state.t)
    for colour, shape in seeds:
        options = state.t.placements[shape]
        mine = p.board[colour]
        for _ in range(24):
            bits = options[rng.randrange(len(options))]
            if not bits & occ and planting_ok(grid, mine, bits):
                return (PLANT, colour, shape, bits)
        # every legal placement, in order: only the free ones need the separation rule
        legal = [options[i] for i in bits_of(idx.every[shape] & ~idx.cover(shape, occ))
                 if planting_ok(grid, mine, options[i])]
        if legal:
            return (PLANT, colour, shape, legal[rng.randrange(len(legal))])
    return None


BOTS: dict[str, Bot] = {"greedy": greedy_bot, "random": random_bot}


def get_bot(name: str) -> Bot:
    try:
        return BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose {', '.join(BOTS)})") from None
