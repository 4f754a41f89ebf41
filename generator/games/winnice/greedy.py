"""The greedy bot's moves in bulk: `greedy_moves(state)`, what bots.greedy_bot draws from.

It returns exactly what the plain greedy bot would choose among — every legal move whose
`valuation.move_value` is the highest, in `legal_moves()` order — so a game is the same move for move
(the tests compare it with the plain version over many seeded states), only without valuing a few
hundred moves one by one:

- **Planting.** One call of `kernels.plant_decision` values every free placement of every stored
  seedling (`kernels.plant_ties` over `kernels.plant_value`, the value `move_value` uses, with the
  separation rule `kernels.apart`) and every harvest (`kernels.harvest_value`, which
  `move_value` uses too), and keeps the placements that tie for the best, in placement order. A
  shape kept for genetics is worth -1 and can never beat "done" (0), so it is not looked at.
- **Placing.** A space's value is computed once, not once per worker that fits it, and the cards
  a market offers are valued once per player and round (nothing they depend on moves while
  workers are placed).
- Every other decision has a handful of moves: `move_value` for each.

The ties of a planting decision can be a hundred placements ("any empty corner"); they come back
as a lazy `TopMoves` sequence, and the bot's one draw makes one move of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from generator.games.winnice import kernels
from generator.games.winnice.memo import placing, space_table
from generator.games.winnice.moves import DONE_MOVE, HARVEST, P_PLACE, P_PLANT, PASS_MOVE, PLANT, Move
from generator.games.winnice.placement_index import bits_of, index_for
from generator.games.winnice.rules import harvest_points
from generator.games.winnice.valuation import (
    card_space_part,
    kernel_rows,
    market_best,
    move_value,
    plantings_of,
    stored,
    targets,
)

if TYPE_CHECKING:
    from generator.games.winnice.engine import State
    from generator.games.winnice.player import Player

def greedy_moves(state: State) -> Sequence[Move]:
    """The best-valued legal moves of the player to move, in `legal_moves()` order."""
    if state.drop is None:
        if state.phase == P_PLANT:
            return _plant_top(state)
        if state.phase == P_PLACE:
            return _place_top(state)
    moves = state.legal_moves()
    best: list[Move] = []
    best_value = float("-inf")
    for move in moves:
        value = move_value(state, move)
        if value > best_value:
            best_value, best = value, [move]
        elif value == best_value:
            best.append(move)
    return best


def _top(valued: list[tuple[float, Move]]) -> list[Move]:
    best_value = max(v for v, _ in valued)
    return [m for v, m in valued if v == best_value]


def _place_top(state: State) -> list[Move]:
    """`_place_value` of every placement, with each action's part computed once per decision.

    The parts are `valuation.space_value`'s (`card_space_part`, `market_best`), in the same order and
    arithmetic (the tests hold the two to the same choices); only hiring depends on the space
    (its cost), every other action's part is shared by its spaces before each space's own cost is
    taken off. Of the workers that fit a space only those fitting the fewest free spaces can be
    best (`value - 0.03 * fits` falls as `fits` grows), so each space keeps just those: the
    spaces are taken by that fewest count (bit sets per count of the free workers), lowest
    first, and the best ones put back in board order at the end."""
    who = state.cur
    p = state.players[who]
    t = state.t
    spaces = t.spaces
    open_, free = state.open_spaces(who)
    best_value = move_value(state, PASS_MOVE)
    if not open_:
        return [PASS_MOVE]
    taken = state.taken
    held = state.held[who]
    coins = p.coins
    seed_cap = t.seedling_cap[p.cards["greenhouse"]]
    part: dict[str, float] = {}
    wsb = t.worker_space_bits
    fits = {w: (wsb[w] & ~taken).bit_count() for w in free}
    # the spaces by the fewest free spaces that a free worker fitting them fits (as bits)
    by_fits: dict[int, int] = {}
    for w, c in fits.items():
        by_fits[c] = by_fits.get(c, 0) | wsb[w]
    table = space_table(t)
    rows = table.fit_rows.get(free)
    if rows is None:  # per space: the moves of the free workers that fit it
        rows = table.fit_rows[free] = tuple(tuple(made[w] for w in free if w in made) for made in t.place_move)
    round_cache = placing(state)
    top: list[tuple[int, int]] = []  # the best spaces, with their fewest fits
    top_value = float("-inf")
    rnd = state.round
    mine: list[str] | None = None
    info = table.space_info
    for f, fitted in sorted(by_fits.items()):
        todo = open_ & fitted
        if not todo:
            continue
        open_ ^= todo
        fit_term = 0.03 * f
        while todo:
            low = todo & -todo
            todo ^= low
            si = low.bit_length() - 1
            kind, action, cost, cost_term = info[si]
            if kind == 0:
                value = 6.0 if rnd <= 15 and coins >= cost + 2 else 0.6
            else:
                got = part.get(action)
                if got is None:
                    if kind == 1:
                        deck = t.space_deck[si]
                        # markets, boards and seedlings stand still while workers are placed
                        key = (rnd, who, deck)
                        card_best = round_cache.get(key)
                        if card_best is None:
                            if len(round_cache) > 64:
                                round_cache.clear()
                            card_best = round_cache[key] = market_best(state, who, deck)
                        got = 0.5 + card_best * 0.6
                        if len(p.seedlings) + (held & table.buy_bits).bit_count() >= seed_cap:
                            got -= 4.0
                    else:
                        if mine is None:
                            mine = [spaces[i].action for i in bits_of(held)]
                        got = card_space_part(state, p, action, mine, seed_cap)
                    part[action] = got
                value = got
            value -= cost_term
            v = value - fit_term
            if v >= top_value:
                if v > top_value:
                    top_value, top = v, []
                top.append((si, f))
    top.sort()  # board order, each space's moves in the order of the workers
    best = [m for si, f in top for m in rows[si] if fits[m[2]] == f]
    if top_value > best_value:
        return best
    if top_value == best_value:
        return best + [PASS_MOVE]
    return [PASS_MOVE]


def _plant_top(state: State) -> Sequence[Move]:
    """The best moves of a planting decision: every free legal placement of every stored seedling
    and every harvest valued by `kernels.plant_decision` in one call (a shape kept for genetics is
    worth -1 and can never beat "done", so it is not looked at), the irrigations (4 each) by
    `move_value`."""
    who = state.cur
    p: Player = state.players[who]
    t = state.t
    grid = t.grid
    idx = index_for(t)
    k, word = kernels.for_board(grid.width * grid.height)
    _, ps, halos, rings, start, size_term = kernel_rows(t, word)
    seeds, seed_colour, seed_shape = stored(t, p, word)
    if p.harvested:  # nothing to plant or harvest: only "done" (irrigating ends with the harvest)
        return [DONE_MOVE]
    keep = [0] * len(seeds)
    if p.cards["genetics"]:
        for j, (colour, shape) in enumerate(seeds):
            if colour < 2 and (1 - colour, shape) in p.seedlings:
                keep[j] = 1  # worth -1 (kept for genetics): never the best
    first = [0]
    regions: list[int] = []
    region_rings: list[int] = []
    sides: list[int] = []
    points: list[int] = []
    harvests: list[Move] = []
    cat = state.cat
    drought = p.drought
    for colour in range(3):
        for low, side, region, ring in plantings_of(idx, grid, p.board[colour]):
            regions.append(region)
            region_rings.append(ring)
            sides.append(side)
            points.append(harvest_points(cat, side, (drought & region).bit_count()))
            harvests.append((HARVEST, colour, low, 0))
        first.append(len(regions))
    n = len(seeds)
    values, counts, at = kernels.floats(n, word), kernels.index_array(n, word), kernels.index_array(n, word)
    out = kernels.index_array(sum(len(t.placements[s]) for _, s in seeds), word)
    harvest_values = kernels.floats(len(regions), word)
    occ = p.occupied
    best = k.plant_decision(kernels.words(p.board, word), kernels.words(targets(state, who), word), word(occ),
                            seed_colour, seed_shape, kernels.ints(keep, word), ps, halos, rings, start, size_term,
                            kernels.words(regions, word), kernels.words(region_rings, word), kernels.ints(sides, word),
                            kernels.ints(points, word), kernels.ints(first, word), p.red_points(), cat.win_red,
                            grid.width * grid.height - occ.bit_count(), word(grid.not_east), grid.width, word(1),
                            values, counts, at, out, harvest_values)
    irrigations = state.irrigate_moves(p)
    irrigate = move_value(state, irrigations[0]) if irrigations else None
    if irrigate is not None and irrigate > best:
        best = irrigate
    parts = [(colour, shape, out[at[j]:at[j] + counts[j]], t.placements[shape])
             for j, (colour, shape) in enumerate(seeds) if counts[j] and values[j] == best]
    tail = irrigations if irrigate == best else []
    tail = tail + [m for m, v in zip(harvests, harvest_values, strict=True) if v == best]
    if best == 0.0:
        tail.append(DONE_MOVE)
    return TopMoves(parts, tail)


class TopMoves(Sequence[Move]):
    """The best moves of a planting decision without building them: plantings as placement
    indices per (colour, shape), then the other moves. A planting that nothing beats often ties
    with a hundred others (any empty corner of the board will do); the bot draws one (`len` and
    one index), so only that one is made into a move."""

    __slots__ = ("_parts", "_tail", "_len")

    def __init__(self, parts: list[tuple[int, str, Any, tuple[int, ...]]], tail: list[Move]) -> None:
        self._parts = parts
        self._tail = tail
        self._len = sum(len(c) for _, _, c, _ in parts) + len(tail)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, k: int) -> Move: ...
    @overload
    def __getitem__(self, k: slice) -> list[Move]: ...

    def __getitem__(self, k: int | slice) -> Move | list[Move]:
        if isinstance(k, slice):
            return list(self)[k]
        if k < 0:
            k += self._len
        if not 0 <= k < self._len:
            raise IndexError("move index out of range")
        for colour, shape, chosen, ps in self._parts:
            n = len(chosen)
            if k < n:
                return (PLANT, colour, shape, ps[int(chosen[k])])
            k -= n
        return self._tail[k]

    def __iter__(self) -> Iterator[Move]:
        for colour, shape, chosen, ps in self._parts:
            for i in chosen:
                yield (PLANT, colour, shape, ps[int(i)])
        yield from self._tail
