"""The greedy bot's moves in bulk: `greedy_moves(state)`, what bots.greedy_bot draws from.

It returns exactly what the plain greedy bot would choose among — every legal move whose
`valuation.move_value` is the highest, in `legal_moves()` order — so a game is the same move for move
(the tests compare it with the plain version over many seeded states), only without valuing a few
hundred moves one by one:

- **Planting.** One call of `kernels.plant_decision`, from the player's boards alone (it finds the
  target windows, the plantings and what each pays itself), values every free placement of every
  stored seedling (`kernels.plant_ties` over `kernels.plant_value`, the value `move_value` uses,
  with the separation rule `kernels.apart`) and every harvest (`kernels.harvest_value`, which
  `move_value` uses too), and keeps the placements that tie for the best, in placement order. A
  shape kept for genetics is worth -1 and can never beat "done" (0), so it is not looked at.
- **Placing.** One call of `kernels.place_decision` (`valuation.place_values`, which
  `move_value` reads too) values each open space once, not once per worker that fits it, the
  markets by their cards (`kernels.card_values`), and returns the best placements.
- Every other decision has a handful of moves: `move_value` for each.

The ties of a planting decision can be a hundred placements ("any empty corner"); they come back
as a lazy `TopMoves` sequence, and the bot's one draw makes one move of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from generator.games.winnice import kernels
from generator.games.winnice.moves import DONE_MOVE, HARVEST, P_PLACE, P_PLANT, PASS_MOVE, PLANT, Move
from generator.games.winnice.valuation import (
    decision_rows,
    kernel_rows,
    move_value,
    place_values,
    stored,
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


def _place_top(state: State) -> list[Move]:
    """The best placements by `kernels.place_decision` (`valuation.place_values`: every open
    space valued once, not once per worker that fits it), and passing (0.5) when it is as good."""
    spaces_open = state.open_spaces(state.cur)
    if not spaces_open[0]:
        return [PASS_MOVE]
    best_value = move_value(state, PASS_MOVE)
    _, top_value, top = place_values(state, state.cur, spaces_open)
    made = state.t.place_move
    best = [made[si][w] for si, w in top]
    if top_value > best_value:
        return best
    if top_value == best_value:
        return best + [PASS_MOVE]
    return [PASS_MOVE]


def _plant_top(state: State) -> Sequence[Move]:
    """The best moves of a planting decision: every free legal placement of every stored seedling
    and every harvest valued by `kernels.plant_decision` in one call from the player's boards
    (the kernel finds the target windows, the plantings and their pay itself; a shape kept for
    genetics is worth -1 and can never beat "done", so it is not looked at), the irrigations (4
    each) by `move_value`."""
    who = state.cur
    p: Player = state.players[who]
    if p.harvested:  # nothing to plant or harvest: only "done" (irrigating ends with the harvest)
        return [DONE_MOVE]
    t = state.t
    grid = t.grid
    squares = grid.width * grid.height
    k, word = kernels.for_board(squares)
    _, ps, halos, rings, start, size_term = kernel_rows(t, word)
    seeds, seed_colour, seed_shape = stored(t, p, word)
    windows, window_start, pay, masks = decision_rows(t, word)
    n = len(seeds)
    values, counts, at = kernels.floats(n, word), kernels.index_array(n, word), kernels.index_array(n, word)
    out = kernels.index_array(sum(len(t.placements[s]) for _, s in seeds), word)
    targets, regions, region_rings = kernels.blank_words(3, word), kernels.blank_words(squares, word), \
        kernels.blank_words(squares, word)
    harvest_values, first = kernels.floats(squares, word), kernels.index_array(4, word)
    cat = state.cat
    board = p.board
    boards = kernels.words(board, word)
    best = k.plant_decision(boards, word(p.drought), seed_colour, seed_shape, p.cards["genetics"], ps, halos, rings,
                            start, size_term, windows, window_start, pay, p.red_points(), cat.win_red, squares,
                            masks[0], masks[1], masks[2], grid.width, masks[3], targets, regions, region_rings,
                            values, counts, at, out, harvest_values, first)
    irrigations = state.irrigate_moves(p)
    irrigate = move_value(state, irrigations[0]) if irrigations else None
    if irrigate is not None and irrigate > best:
        best = irrigate
    parts = [(colour, shape, out[at[j]:at[j] + counts[j]], t.placements[shape])
             for j, (colour, shape) in enumerate(seeds) if counts[j] and values[j] == best]
    tail = irrigations if irrigate == best else []
    tops = [r for r in range(int(first[3])) if harvest_values[r] == best]
    if tops:
        tail = list(tail)
        colour = 0
        for r in tops:
            while r >= first[colour + 1]:
                colour += 1
            low = int(regions[r])
            tail.append((HARVEST, colour, low & -low, 0))
    if best == 0.0:
        tail = [*tail, DONE_MOVE]
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
