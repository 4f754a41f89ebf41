"""The greedy bot's moves in bulk: `State.greedy_moves()`, the hook core.playout's greedy bot calls.

It returns exactly what the plain greedy bot would choose among — every legal move whose
`bots.move_value` is the highest, in `legal_moves()` order — so a game is the same move for move
(the tests compare it with the plain version over many seeded states), only without valuing a few
hundred moves one by one:

- **Planting.** A placement that does not touch the 8-neighbourhood of its colour ("far") is a
  new planting: legal as soon as its squares are free, and its value depends only on how many of
  its squares lie in the colour's target window and in the other colours' windows (its squares
  score is its own — no 2x2 of the union can mix it with squares it does not touch). So the far
  placements of a shape are grouped by value once per (shape, colour, window, foreign windows),
  kept in the catalog's memo, and a decision only intersects the groups, best first, with the free
  placements (placement sets of placement_index). The few "near" placements (about a dozen a
  decision) are valued one by one as `move_value` does. Their separation rule is checked against
  the colour's plantings: on a legal board (the engine keeps it legal) a connected piece may be
  planted unless it touches a planting diagonally without joining it orthogonally — the same
  answer as `rules.planting_ok`, without a flood fill per candidate. A shape kept for genetics is
  worth -1 and can never beat "done" (0), so it is not looked at.
- **Placing.** A space's value is computed once, not once per worker that fits it.
- Every other decision has a handful of moves: `move_value` for each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.games.winnice.bots import _plant_context, free_fits, move_value, space_value, squares_score
from generator.games.winnice.moves import DONE_MOVE, P_PLACE, P_PLANT, PASS_MOVE, PLANT, Move
from generator.games.winnice.placement_index import bits_of, index_for

if TYPE_CHECKING:
    from generator.games.winnice.engine import Player, State


def greedy_moves(state: State) -> list[Move]:
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
    who = state.cur
    p = state.players[who]
    valued: list[tuple[float, Move]] = []
    last_si = -1
    sv = 0.0
    fits: dict[str, int] = {}
    for move in state.place_moves(who):
        si, w = move[1], move[2]
        if si != last_si:  # a space's moves are consecutive, one per fitting worker
            sv = space_value(state, who, p, si)
            last_si = si
        f = fits.get(w)
        if f is None:
            f = fits[w] = free_fits(state, w)
        valued.append((sv - 0.03 * f, move))
    valued.append((move_value(state, PASS_MOVE), PASS_MOVE))
    return _top(valued)


def _far_groups(state: State, shape: str, colour: int, w: int, foreign: int, mult: float) -> tuple[
        tuple[float, int], ...]:
    """The shape's placements grouped by their value as far placements, best first.

    The value is `move_value`'s planting formula term by term (same operations in the same order,
    so the same float) with the squares gained being the piece's own and no shared edges."""
    idx = index_for(state.t)
    key = ("far", shape, colour, w, foreign)
    got = idx.memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    grid = state.t.grid
    groups: dict[float, int] = {}
    for i, bits in enumerate(state.t.placements[shape]):
        gain = squares_score(grid, bits)
        value = (0.2 + gain * mult + 0.4 * 0 + 0.6 * (bits & w).bit_count() - 0.3 * bits.bit_count()
                 - 0.4 * (bits & foreign).bit_count())
        groups[value] = groups.get(value, 0) | (1 << i)
    return idx.remember(key, tuple(sorted(groups.items(), reverse=True)))  # type: ignore[no-any-return]


def _plant_top(state: State) -> list[Move]:
    who = state.cur
    p: Player = state.players[who]
    t = state.t
    grid = t.grid
    idx = index_for(t)
    # per stored (colour, shape): its free far placements, their value groups, the near ones' values
    plans: list[tuple[int, str, int, tuple[tuple[float, int], ...], dict[int, float]]] = []
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
                halo = grid.grow8(mine)
                pc = per_colour[colour] = (halo & ~occ, grid.regions(mine))
            halo_free, plantings = pc
            free = idx.every[shape] & ~idx.cover(shape, occ)
            near = free & idx.cover(shape, halo_free) if halo_free else 0
            far = free & ~near
            groups = _far_groups(state, shape, colour, w, foreign, mult)
            for value, members in groups:
                if members & far:
                    if value > best:
                        best = value
                    break
            near_values: dict[int, float] = {}
            if near:
                ps = t.haloed[shape]
                ring4 = t.ring4
                for i in bits_of(near):
                    bits, halo_b = ps[i]
                    ring = ring4[bits]
                    ok = True
                    for g in plantings:  # touching a planting diagonally without joining it: illegal
                        if halo_b & g and not ring & g:
                            ok = False
                            break
                    if not ok:
                        continue
                    e = mine | bits
                    gain = -base
                    for weight in (1, 3, 6):  # move_value's planting formula, term by term
                        e = e & (e >> 1) & (e >> 8) & (e >> 9) & ne
                        if not e:
                            break
                        gain += weight * e.bit_count()
                    value = (0.2 + gain * mult + 0.4 * (ring & mine).bit_count() + 0.6 * (bits & w).bit_count()
                             - 0.3 * bits.bit_count() - 0.4 * (bits & foreign).bit_count())
                    near_values[i] = value
                    if value > best:
                        best = value
            plans.append((colour, shape, far, groups, near_values))
    rest: list[tuple[float, Move]] = []
    for move in (*state.irrigate_moves(p), *state.harvest_moves(p)):
        rest.append((move_value(state, move), move))
    for value, _ in rest:
        if value > best:
            best = value
    out: list[Move] = []
    for colour, shape, far, groups, near_values in plans:
        chosen = 0
        for value, members in groups:
            if value == best:
                chosen = members & far
                break
            if value < best:
                break
        for i, value in near_values.items():
            if value == best:
                chosen |= 1 << i
        if chosen:
            ps = t.placements[shape]
            out.extend((PLANT, colour, shape, ps[i]) for i in bits_of(chosen))
    out.extend(m for v, m in rest if v == best)
    if best == 0.0:
        out.append(DONE_MOVE)
    return out

