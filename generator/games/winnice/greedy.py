"""The greedy bot's moves in bulk: `greedy_moves(state)`, what bots.greedy_bot draws from.

It returns exactly what the plain greedy bot would choose among — every legal move whose
`valuation.move_value` is the highest, in `legal_moves()` order — so a game is the same move for move
(the tests compare it with the plain version over many seeded states), only without valuing a few
hundred moves one by one:

- **Planting.** A placement that does not touch the 8-neighbourhood of its colour ("far") is a
  new planting: legal as soon as its squares are free, and its value depends only on how many of
  its squares lie in the colour's target window and in the other colours' windows (its squares
  score is its own — no 2x2 of the union can mix it with squares it does not touch). So the far
  placements of a shape are grouped by value once per (shape, colour, window, foreign windows),
  kept in the catalog's memo, and a decision only intersects the groups, best first, with the free
  placements (placement sets of placement_index). The groups are found for all placements at
  once: the placement sets by own squares score, met with those by squares in the window and in
  the other windows (`count_classes`: per square of a mask, the placements covering it move up
  one count). The few free "near" placements (a dozen or
  two a decision) are valued one by one as `move_value` does (a memo of them by colour board
  missed 14 times in 15: the board changes with every planting). Their separation rule is
  checked against the colour's plantings (`valuation.separate`): on a legal board (the engine keeps it
  legal) a connected piece may be planted unless it touches a planting diagonally without
  joining it orthogonally — the same answer as `rules.planting_ok`, without a flood fill per
  candidate. A shape kept for genetics is worth -1 and can never beat "done" (0), so it is not
  looked at. Harvests are valued from the plantings remembered by each board.
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

from generator.games.winnice.memo import placing, space_table
from generator.games.winnice.moves import DONE_MOVE, HARVEST, P_PLACE, P_PLANT, PASS_MOVE, PLANT, Move
from generator.games.winnice.placement_index import bits_of, index_for
from generator.games.winnice.valuation import (
    _plant_context,
    card_space_part,
    harvest_value,
    market_best,
    move_value,
    plantings_of,
    squares_score,
    unseparated,
)

if TYPE_CHECKING:
    from generator.games.winnice.engine import State
    from generator.games.winnice.player import Player

#: placement sets by value, best first: ((value, placements), ...)
Groups = tuple[tuple[float, int], ...]


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


def _far_groups(state: State, shape: str, colour: int, w: int, foreign: int, mult: float) -> Groups:
    """The shape's placements grouped by their value as far placements, best first.

    The value is `move_value`'s planting formula term by term (same operations in the same order,
    so the same float) with the squares gained being the piece's own and no shared edges. Its
    integer terms are found for all placements at once, as placement sets: the placements by
    their own squares score (kept per shape), by how many squares they have in the window and
    in the other colours' windows (`count_classes`); each non-empty meet of the three is one set
    of terms, valued once."""
    idx = index_for(state.t)
    key = ("far", shape, colour, w, foreign)
    got = idx.memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    n = state.t.shape_size[shape]
    terms = (((gain, 0), of_gain) for gain, of_gain in _gain_classes(state, shape))  # far: no shared edges
    return idx.remember(key, _valued(terms, counted(idx, shape, w), counted(idx, shape, foreign), mult,
                                     0.3 * n))  # type: ignore[no-any-return]


def _valued(terms: Any, in_window: Any, in_foreign: Any, mult: float, size_term: float) -> Groups:
    """Placement sets by value, best first: each set of placements with the same integer terms
    (squares gained, edges shared) met with the sets by squares in the window and in the other
    windows; each non-empty meet valued once by `move_value`'s planting formula (the same
    operations in the same order, so the same float). `size_term` is 0.3 x the shape's size."""
    groups: dict[float, int] = {}
    for (gain, edges), members in terms:
        for wc, of_wc in in_window:
            both = members & of_wc
            if not both:
                continue
            for fc, of_fc in in_foreign:
                chosen = both & of_fc
                if chosen:
                    value = 0.2 + gain * mult + 0.4 * edges + 0.6 * wc - size_term - 0.4 * fc
                    groups[value] = groups.get(value, 0) | chosen
    return tuple(sorted(groups.items(), reverse=True))


def _gain_classes(state: State, shape: str) -> list[tuple[int, int]]:
    """The shape's placements by their own squares score: [(score, placement set), ...] (kept)."""
    idx = index_for(state.t)
    key = ("gains", shape)
    got = idx.memo.get(key)
    if got is None:
        grid = state.t.grid
        by_gain: dict[int, int] = {}
        for i, b in enumerate(state.t.placements[shape]):
            g = squares_score(grid, b)
            by_gain[g] = by_gain.get(g, 0) | (1 << i)
        got = idx.memo[key] = sorted(by_gain.items())
    return got  # type: ignore[no-any-return]


def counted(idx: Any, shape: str, mask: int) -> list[tuple[int, int]]:
    """`count_classes`, remembered by (shape, mask): the masks are target windows and their
    unions, which few boards share out of many."""
    key = ("counted", shape, mask)
    got = idx.memo.get(key)
    if got is None:
        got = idx.remember(key, count_classes(idx, shape, mask))
    return got  # type: ignore[no-any-return]


def count_classes(idx: Any, shape: str, mask: int) -> list[tuple[int, int]]:
    """The shape's placements by how many squares of `mask` they cover: [(count, placement set),
    ...] for the non-empty sets, lowest count first. Bit-parallel: square by square, the set of
    placements covering it moves its members up one class (a few ORs per square instead of a
    loop over a few hundred placements)."""
    classes = [idx.every[shape]]
    cov = idx.by_square[shape]
    while mask:
        low = mask & -mask
        mask ^= low
        c = cov[low.bit_length() - 1]
        if not c:
            continue
        top = len(classes) - 1
        if classes[top] & c:
            classes.append(0)
        for i in range(top, -1, -1):  # highest first: a set moved up is not moved again
            moved = classes[i] & c
            if moved:
                classes[i] ^= moved
                classes[i + 1] |= moved
    return [(k, members) for k, members in enumerate(classes) if members]


def _near_rows(idx: Any, t: Any, shape: str) -> list[tuple[int, int]]:
    """Per placement of the shape: (squares, 4-neighbour ring) — the terms of `move_value`'s
    planting formula that depend on the piece alone besides its size."""
    key = ("near rows", shape)
    got = idx.memo.get(key)
    if got is None:
        got = idx.memo[key] = [(b, idx.ring4[b]) for b in t.placements[shape]]
    return got  # type: ignore[no-any-return]


def _near_groups(idx: Any, t: Any, shape: str, colour: int, mine: int, base: int, w: int, foreign: int,
                 mult: float, ne: int, touching: int, plantings: list[int]) -> Groups:
    """The shape's placements next to the colour's plantings ("near": `touching`, clear of them
    and legal by the separation rule) grouped by value, best first — whatever else is on the
    board (a decision keeps those of them that are free). Each is valued as `move_value` does,
    term by term (the same float); remembered by (shape, colour board, windows): the other
    colours' plantings and the next round's first decision leave it standing."""
    key = ("near", shape, colour, mine, w, foreign)
    got = idx.memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    near = touching & ~idx.cover(shape, mine) & ~unseparated(idx, shape, plantings)
    rows = _near_rows(idx, t, shape)
    # the integer terms of each placement (squares gained, edges shared) first, then those of
    # their squares in the windows as placement sets (`counted`); each distinct set of terms is
    # valued once
    # keyed by gain * 64 + edges (edges < 64: a piece has fewer neighbours than the board has
    # squares); the placements are taken highest first (bit_length and one XOR: cheaper on a long
    # int than isolating the lowest bit)
    by_terms: dict[int, int] = {}
    get = by_terms.get
    # squares_score(mine | bits) - squares_score(mine) as the new 2x2, 3x3 and 4x4 windows (m2, m3,
    # m4: the colour's own counts): the piece is clear of `mine`, so a new 3x3 holds a square of
    # it and with it a new 2x2 (and a new 4x4 a new 3x3) - a level that gains nothing ends the count
    wd = t.grid.width
    wd1 = wd + 1
    e = mine & (mine >> 1) & (mine >> wd) & (mine >> wd1) & ne
    m2 = e.bit_count()
    e = e & (e >> 1) & (e >> wd) & (e >> wd1) & ne
    m3 = e.bit_count()
    e = e & (e >> 1) & (e >> wd) & (e >> wd1) & ne
    m4 = e.bit_count()
    while near:
        i = near.bit_length() - 1
        one = 1 << i
        near ^= one
        bits, ring = rows[i]
        e = mine | bits  # squares_score(mine | bits) - base, level by level (see above)
        e = e & (e >> 1) & (e >> wd) & (e >> wd1) & ne
        gain = e.bit_count() - m2
        if gain:
            e = e & (e >> 1) & (e >> wd) & (e >> wd1) & ne
            more = e.bit_count() - m3
            if more:
                gain += 3 * more
                e = e & (e >> 1) & (e >> wd) & (e >> wd1) & ne
                gain += 6 * (e.bit_count() - m4)
        k = gain * 64 + (ring & mine).bit_count()
        by_terms[k] = get(k, 0) | one
    # squares in the window and in the other windows: by the placement sets of each count
    terms = [((k >> 6, k & 63), members) for k, members in by_terms.items()]  # (gain, edges)
    return idx.remember(key, _valued(terms, counted(idx, shape, w), counted(idx, shape, foreign), mult,
                                     0.3 * t.shape_size[shape]))  # type: ignore[no-any-return]


def _plant_top(state: State) -> Sequence[Move]:
    who = state.cur
    p: Player = state.players[who]
    t = state.t
    grid = t.grid
    idx = index_for(t)
    # per stored (colour, shape): its free far placements and their value groups, the near ones' values
    plans: list[tuple[int, str, int, Groups, int, Groups]] = []
    best = 0.0  # "done" is always legal and worth 0
    if not p.harvested and p.seedlings:
        occ = p.occupied
        per_colour: dict[int, Any] = {}
        for colour, shape in sorted(set(p.seedlings)):
            mine, base, w, foreign, mult, ne, keep = _plant_context(state, who, colour)
            if shape in keep:
                continue  # worth -1 (kept for genetics): never the best
            pc = per_colour.get(colour)
            if pc is None:
                pc = per_colour[colour] = (grid.grow8(mine), [r for _, _, r in plantings_of(idx, grid, mine)])
            halo, plantings = pc
            free = idx.every[shape] & ~idx.cover(shape, occ)
            touching = idx.cover(shape, halo) if mine else 0
            far = free & ~touching
            groups = _far_groups(state, shape, colour, w, foreign, mult)
            for value, members in groups:
                if members & far:
                    if value > best:
                        best = value
                    break
            near = free & touching
            near_groups: Groups = ()
            if near:
                near_groups = _near_groups(idx, t, shape, colour, mine, base, w, foreign, mult, ne, touching,
                                           plantings)
                for value, members in near_groups:
                    if members & near:
                        if value > best:
                            best = value
                        break
            plans.append((colour, shape, far, groups, near, near_groups))
    rest: list[tuple[float, Move]] = [(move_value(state, move), move) for move in state.irrigate_moves(p)]
    if not p.harvested:  # harvest_moves(p), valued from the plantings remembered by each board
        for colour in range(3):
            bits = p.board[colour]
            if bits:
                for low, side, region in plantings_of(idx, grid, bits):
                    rest.append((harvest_value(state, who, p, colour, region, side), (HARVEST, colour, low, 0)))
    for value, _ in rest:
        if value > best:
            best = value
    parts: list[tuple[int, str, int, tuple[int, ...]]] = []
    for colour, shape, far, groups, near, near_groups in plans:
        chosen = 0
        for value, members in groups:
            if value == best:
                chosen = members & far
                break
            if value < best:
                break
        for value, members in near_groups:
            if value == best:
                chosen |= members & near
                break
            if value < best:
                break
        if chosen:
            parts.append((colour, shape, chosen, t.placements[shape]))
    tail = [m for v, m in rest if v == best]
    if best == 0.0:
        tail.append(DONE_MOVE)
    return TopMoves(parts, tail)


class TopMoves(Sequence[Move]):
    """The best moves of a planting decision without building them: plantings as placement sets
    per (colour, shape), then the other moves. A planting that nothing beats often ties with a
    hundred others (any empty corner of the board will do); the bot draws one (`len` and one
    index), so only that one is made into a move."""

    __slots__ = ("_parts", "_tail", "_len")

    def __init__(self, parts: list[tuple[int, str, int, tuple[int, ...]]], tail: list[Move]) -> None:
        self._parts = parts
        self._tail = tail
        self._len = sum(c.bit_count() for _, _, c, _ in parts) + len(tail)

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
            n = chosen.bit_count()
            if k < n:
                return (PLANT, colour, shape, ps[_kth_bit(chosen, k)])
            k -= n
        return self._tail[k]

    def __iter__(self) -> Iterator[Move]:
        for colour, shape, chosen, ps in self._parts:
            for i in bits_of(chosen):
                yield (PLANT, colour, shape, ps[i])
        yield from self._tail


def _kth_bit(x: int, k: int) -> int:
    """The index of the k-th (from 0) set bit of x, lowest first."""
    off = 0
    while True:
        chunk = x & 0xFFFFFFFFFFFFFFFF
        c = chunk.bit_count()
        if k < c:
            for _ in range(k):
                chunk &= chunk - 1
            return off + (chunk & -chunk).bit_length() - 1
        k -= c
        x >>= 64
        off += 64

