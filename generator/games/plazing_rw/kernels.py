"""The compiled rules of the roll&write sheet: legal moves, turn order, the score, the greedy value.

Each function here is the one implementation of its rule (module doc of rules.py for the rules
themselves); the State (engine.py), the bots (bots.py) and `rules.Scorer.fast_points` call them.
They are written in the subset numba compiles (core.jit): with BOARDGEN_PURE_PYTHON=1 the same
source runs as plain Python.

Data layout (built once per board, variant and mirror rule by `Tables` below):
* `g`: core.kernels grid tuple; squares are two-word bitboards (core.kernels);
* `ctx` (uint64): the board's squares by kind, two words each (offsets `C_*`);
* `num` (int64): the scalars of the rules (`N_*`) and the tables behind offsets: resource points
  by count, unused-special points by (screens used, pairs used), the screen shapes in panel
  order, and where each shape's placements start in `pl`;
* `pl` (uint64, the same for every board of a grid size): every placement of every shape on the
  grid, shape by shape in the catalog's placement order (the order of `legal_moves()`), as its
  two words (low words at 0, high words at `N_P`), then per square and shape a bit set of the
  shape's placements over that square (`N_PW` words each, at `N_COVER`);
* a sheet is `st` (int64: round, flags, panel use, dice as shape numbers), `cov` (uint64[2]:
  drawn squares) and `alive` (uint64: per shape two bit sets of its placements, `N_PW` words each:
  those on free drawable squares, and those touching an own shape, both kept up to date as squares
  are drawn, so the moves are read off their intersection).

A move is a code `kind << 32 | index`: kind `K_SETUP`, `K_DIE`, `K_SPECIAL` with the number of
a placement, `K_ODD` with the number of a square, `K_END` with 0.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import numpy as np

from generator.core.jit import njit
from generator.core.kernels import (
    ONE,
    U64,
    ZERO,
    count2,
    flood2,
    flood_until2,
    grid_words,
    grow4,
    grow8,
    index2,
    lowest2,
    popcount,
    randbelow,
    split,
)

from .model import KINDS, Board, Catalog, catalog, resource_area_limit, scoring, shape_placements

# ctx: the board's squares, two words each
C_FREE, C_OPEN, C_DRAW, C_WASTE, C_BAR, C_RES, C_K0, C_K1, C_K2 = 0, 2, 4, 6, 8, 10, 12, 14, 16
C_LEN = 18

# num: scalars, then the offsets of its tables
(N_LIMIT, N_AREA_MAX, N_SET_BONUS, N_BAR_VALUE, N_ROUNDS, N_MAX_SCREENS, N_ODD_PAIRS, N_SHAPES, N_SCREENS,
 N_TABLE, N_UNUSED, N_SCREEN_LIST, N_PSTART, N_TABLE_LEN, N_P, N_PW, N_COVER) = range(17)
N_LEN = 17

# st: a sheet's scalars, then its dice (shape numbers)
S_ROUND, S_DIE_DONE, S_SPECIAL_DONE, S_CROSSED, S_NCROSSED, S_ODDS, S_PENDING, S_DEAD = range(8)
S_DICE = 8

K_SETUP, K_DIE, K_SPECIAL, K_ODD, K_END = range(5)
END_CODE = K_END << 32

LIST, BEST = 0, 1  # what `candidates` writes: every legal move, or the greedy bot's best ones

# scratch space of `candidates` (allocated once per game by its caller): `wu` (uint64) holds the
# closed areas, their enclosed squares and the distance layers of the open region, two words each;
# `wi` (int64) the areas' shares, their sums and the groups of moves
MAX_AREAS = 128
W_AREAS, W_ENC, W_LAYERS = 0, 2 * MAX_AREAS, 2 * MAX_AREAS + 2
WU_LEN = W_LAYERS + 2 * (MAX_AREAS + 1)
I_PARTS, I_SUMS, I_GROUPS = 0, 4 * MAX_AREAS, 4 * MAX_AREAS + 4


# --- the score ------------------------------------------------------------------------------------


@njit(inline="always", refcounts=False)
def area_part(a_lo: Any, a_hi: Any, ctx: Any, num: Any) -> tuple[int, int, int, int, bool]:
    """One closed area's share of the score (rules.py, "Areas" and "Resources"): (area points,
    resources of each kind it lets the player collect, whether it counts as enclosed for the bar).

    An area holding waste scores nothing. An area of at most `area_max` squares scores its size; one
    of at most `limit` squares (6, or 4 in the harder variant) collects its resources.
    """
    if (a_lo & ctx[C_WASTE]) | (a_hi & ctx[C_WASTE + 1]):
        return 0, 0, 0, 0, False
    n = count2(a_lo, a_hi)
    pts = n if n <= num[N_AREA_MAX] else 0
    if n <= num[N_LIMIT]:
        return (pts, count2(a_lo & ctx[C_K0], a_hi & ctx[C_K0 + 1]), count2(a_lo & ctx[C_K1], a_hi & ctx[C_K1 + 1]),
                count2(a_lo & ctx[C_K2], a_hi & ctx[C_K2 + 1]), True)
    return pts, 0, 0, 0, True


@njit(inline="always", refcounts=False)
def total(area_pts: int, c0: int, c1: int, c2: int, enc_lo: Any, enc_hi: Any, cov_lo: Any, cov_hi: Any,
          ctx: Any, num: Any) -> int:
    """Board points from the per-area sums: areas, resources per kind by the table, complete sets,
    and bar squares covered or enclosed (everything but the unused special actions)."""
    t = num[N_TABLE]
    pts = area_pts + num[t + c0] + num[t + c1] + num[t + c2] + min(c0, c1, c2) * num[N_SET_BONUS]
    bar_lo, bar_hi = ctx[C_BAR], ctx[C_BAR + 1]
    if bar_lo | bar_hi:
        pts += count2(bar_lo & (cov_lo | enc_lo), bar_hi & (cov_hi | enc_hi)) * num[N_BAR_VALUE]
    return pts


@njit(inline="always", refcounts=False)
def open_region(cov_lo: Any, cov_hi: Any, g: tuple, ctx: Any) -> tuple[Any, Any, Any, Any]:
    """(free squares, the open region) of a sheet whose drawn squares are `cov`: free squares are not
    drawn, not an object or a printed blanket; the open region is the free squares an open edge
    reaches, and every other free square lies in a closed area (rules.py, "Areas")."""
    free_lo, free_hi = ctx[C_FREE] & ~cov_lo, ctx[C_FREE + 1] & ~cov_hi
    r_lo, r_hi = flood2(free_lo, free_hi, free_lo & ctx[C_OPEN], free_hi & ctx[C_OPEN + 1], g)
    return free_lo, free_hi, r_lo, r_hi


@njit(refcounts=False)
def board_points(cov_lo: Any, cov_hi: Any, g: tuple, ctx: Any, num: Any) -> int:
    """The board points of a sheet whose drawn squares are `cov` (its closed areas: `open_region`)."""
    free_lo, free_hi, r_lo, r_hi = open_region(cov_lo, cov_hi, g, ctx)
    # nothing kept, so no scratch: empty views stand in for it
    _n, area_pts, c0, c1, c2, enc_lo, enc_hi = areas_of(free_lo & ~r_lo, free_hi & ~r_hi, g, ctx, num, ctx[:0],
                                                         num[:0], False)
    return total(area_pts, c0, c1, c2, enc_lo, enc_hi, cov_lo, cov_hi, ctx, num)


@njit(refcounts=False)
def area_counts(cov_lo: Any, cov_hi: Any, g: tuple, ctx: Any, num: Any, wu: Any, wi: Any) -> tuple[int, int]:
    """(closed areas, closed areas that score as areas: no waste, at most `area_max` squares);
    `wu`, `wi` are scratch (`scratch`)."""
    free_lo, free_hi, r_lo, r_hi = open_region(cov_lo, cov_hi, g, ctx)
    closed = areas_of(free_lo & ~r_lo, free_hi & ~r_hi, g, ctx, num, wu, wi, True)[0]
    scoring = 0
    for k in range(closed):
        if wi[I_PARTS + 4 * k] > 0:
            scoring += 1
    return closed, scoring


@njit(inline="always", refcounts=False)
def unused_points(screens_used: int, pairs_used: int, num: Any) -> int:
    """Points for the special actions still allowed on the panel (rules.py, "Unused special actions")."""
    pairs = num[N_ODD_PAIRS]
    s = min(screens_used, num[N_MAX_SCREENS] + 1)
    p = min(pairs_used, pairs + 1)
    return num[num[N_UNUSED] + s * (pairs + 2) + p]


@njit(refcounts=False)
def points(st: Any, cov: Any, g: tuple, ctx: Any, num: Any) -> int:
    """The sheet's total score."""
    return board_points(cov[0], cov[1], g, ctx, num) + unused_points(st[S_NCROSSED], st[S_ODDS] // 2, num)


# --- the sheet split into areas, and a piece scored by the areas it changes --------------------------


@njit(inline="always", refcounts=False)
def areas_of(rest_lo: Any, rest_hi: Any, g: tuple, ctx: Any, num: Any, wu: Any, wi: Any,
             keep: bool) -> tuple[int, int, int, int, int, Any, Any]:
    """The sheet's closed areas `rest` split into its 4-connected parts, each a closed area, and their
    summed shares (`area_part`): (areas, area points, resources of each kind, enclosed squares as two
    words). With `keep`, each area and its share also go to the scratch `wu` (`W_AREAS`) and `wi`
    (`I_PARTS`), area k at 2k and 4k, for `candidates` to rescore only the area a piece changes.
    The one loop that splits areas: the score, the area counts and the greedy valuation all use it."""
    n = area_pts = c0 = c1 = c2 = 0
    enc_lo, enc_hi = ZERO, ZERO
    while rest_lo | rest_hi:
        s_lo, s_hi = lowest2(rest_lo, rest_hi)
        a_lo, a_hi = flood2(rest_lo, rest_hi, s_lo, s_hi, g)
        rest_lo &= ~a_lo
        rest_hi &= ~a_hi
        p, k0, k1, k2, enclosed = area_part(a_lo, a_hi, ctx, num)
        if keep:
            wu[W_AREAS + 2 * n] = a_lo
            wu[W_AREAS + 2 * n + 1] = a_hi
            q = I_PARTS + 4 * n
            wi[q] = p
            wi[q + 1] = k0
            wi[q + 2] = k1
            wi[q + 3] = k2
        n += 1
        area_pts += p
        c0 += k0
        c1 += k1
        c2 += k2
        if enclosed:
            enc_lo |= a_lo
            enc_hi |= a_hi
    return n, area_pts, c0, c1, c2, enc_lo, enc_hi


@njit(inline="always", refcounts=False)
def inside_points(b_lo: Any, b_hi: Any, cov_lo: Any, cov_hi: Any, n_areas: int, wu: Any, wi: Any, g: tuple,
                  ctx: Any, num: Any) -> int:
    """`board_points(cov | b)` for a piece inside a closed area of the split now (`candidates`): only
    that area changes, into the parts round the piece."""
    for k in range(n_areas):
        a_lo, a_hi = wu[W_AREAS + 2 * k], wu[W_AREAS + 2 * k + 1]
        if (a_lo & b_lo) | (a_hi & b_hi):
            _n, p, k0, k1, k2, e_lo, e_hi = areas_of(a_lo & ~b_lo, a_hi & ~b_hi, g, ctx, num, wu, wi, False)
            q = I_PARTS + 4 * k
            return total(wi[I_SUMS] - wi[q] + p, wi[I_SUMS + 1] - wi[q + 1] + k0, wi[I_SUMS + 2] - wi[q + 2] + k1,
                         wi[I_SUMS + 3] - wi[q + 3] + k2, (wu[W_ENC] & ~a_lo) | e_lo, (wu[W_ENC + 1] & ~a_hi) | e_hi,
                         cov_lo | b_lo, cov_hi | b_hi, ctx, num)
    return -(1 << 40)  # a piece on enclosed squares lies in some closed area: never here


@njit(inline="always", refcounts=False)
def cut_points(b_lo: Any, b_hi: Any, cov_lo: Any, cov_hi: Any, new_lo: Any, new_hi: Any, wu: Any, wi: Any,
               ctx: Any, num: Any, g: tuple) -> int:
    """`board_points(cov | b)` for a piece in the open region that closes the areas `new` off it."""
    _n, p, k0, k1, k2, e_lo, e_hi = areas_of(new_lo, new_hi, g, ctx, num, wu, wi, False)
    return total(wi[I_SUMS] + p, wi[I_SUMS + 1] + k0, wi[I_SUMS + 2] + k1, wi[I_SUMS + 3] + k2, wu[W_ENC] | e_lo,
                 wu[W_ENC + 1] | e_hi, cov_lo | b_lo, cov_hi | b_hi, ctx, num)


# --- legal moves, in the engine's order, and the greedy bot's best ones -------------------------------


@njit(inline="always", refcounts=False)
def _shape_of_roll(st: Any, r: int) -> int:
    return st[S_DICE + r]


@njit(refcounts=False)
def candidates(mode: int, st: Any, cov: Any, alive: Any, g: tuple, ctx: Any, num: Any, pl: Any, out: Any,
               wu: Any, wi: Any) -> int:
    """The legal moves now (mode LIST), or the best of them by the greedy value (mode BEST), written to
    `out` in legal-move order; returns how many. `wu`, `wi` are scratch space (`scratch`).

    The order and the rules (rules.py, "Drawing" and "Rounds"): at setup the setup roll's screen
    anywhere on free drawable squares; while a pair of odds is half drawn, its second odd on any free
    drawable square touching an own shape (8-neighbourhood); otherwise this round's die shape while it
    is not drawn, then the panel screens still allowed (distinct, not the setup one, at most
    `max_screens` in all) and a first odd while the special action is not used, each touching an own
    shape, and last the end of the round once the die shape is drawn or fits nowhere (a dead roll).
    A first odd is offered only when a second one fits after it.

    The greedy value of a move is the score after it minus the score now; ties keep legal order, and
    the end of the round is worth 0.

    The score after a move comes from the split of the sheet now into its open region `reach` (free
    squares an open edge reaches), its closed areas and their shares (in `wu`, `wi`), changed only
    where the piece changes it. A piece lies wholly in the open region or wholly inside one closed
    area (it is 4-connected on free squares, and free squares of the two kinds are never
    4-neighbours). Inside an area, only that area changes (`inside_points`). In the open region, the
    parts of the region next to the piece that no open edge reaches any more become closed areas
    (`cut_points`); when there are none, only the bar squares the piece covers score. Which parts
    those are is found from the region's distance layers (squares at most d steps from an open
    edge): a square no farther than the piece's nearest square keeps its shortest way out, which
    never crosses the piece, so a flood from those squares only has to reach the piece's other
    neighbours. (This loop is written out here, not called per move: a call that passes arrays
    costs more than the work.)
    """
    rnd = st[S_ROUND]
    if rnd > num[N_ROUNDS]:
        return 0
    cov_lo, cov_hi = cov[0], cov[1]
    t_lo, t_hi = grow8(cov_lo, cov_hi, g)  # squares a shape must reach (touching an own shape)
    crossed, odds = st[S_NCROSSED], st[S_ODDS]
    best = mode == BEST
    # the split of the sheet now (BEST only): open region, closed areas and their shares
    reach_lo = reach_hi = in_lo = in_hi = ZERO
    n_areas = n_layers = 0
    base = 0
    now = 0
    if best:
        free_lo, free_hi, reach_lo, reach_hi = open_region(cov_lo, cov_hi, g, ctx)
        in_lo, in_hi = free_lo & ~reach_lo, free_hi & ~reach_hi
        # the open region's layers: squares at most 0, 1, 2, ... steps from an open edge
        l_lo, l_hi = reach_lo & ctx[C_OPEN], reach_hi & ctx[C_OPEN + 1]
        while True:
            wu[W_LAYERS + 2 * n_layers] = l_lo
            wu[W_LAYERS + 2 * n_layers + 1] = l_hi
            n_layers += 1
            n_lo, n_hi = grow4(l_lo, l_hi, g)
            n_lo &= reach_lo
            n_hi &= reach_hi
            if n_lo == l_lo and n_hi == l_hi:
                break
            l_lo, l_hi = n_lo, n_hi
        # the closed areas and their shares of the score
        n_areas, wi[I_SUMS], wi[I_SUMS + 1], wi[I_SUMS + 2], wi[I_SUMS + 3], wu[W_ENC], wu[W_ENC + 1] = areas_of(
            in_lo, in_hi, g, ctx, num, wu, wi, True)
        base = total(wi[I_SUMS], wi[I_SUMS + 1], wi[I_SUMS + 2], wi[I_SUMS + 3], wu[W_ENC], wu[W_ENC + 1], cov_lo,
                     cov_hi, ctx, num)
        now = base + unused_points(crossed, odds // 2, num)
    k_same = -base
    k_special = unused_points(crossed + 1, odds // 2, num) - now
    k_odd = unused_points(crossed, (odds + 1) // 2, num) - now
    best_value = -(1 << 40)
    n = 0
    pstart, n_p, pw = num[N_PSTART], num[N_P], num[N_PW]
    # the groups of moves: (kind, shape or -1 for odds, must touch, value offset)
    n_groups = 0
    width = 2 + num[N_SHAPES]
    kinds = wi[I_GROUPS:I_GROUPS + width]
    shapes = wi[I_GROUPS + width:I_GROUPS + 2 * width]
    touch = wi[I_GROUPS + 2 * width:I_GROUPS + 3 * width]
    offset = wi[I_GROUPS + 3 * width:I_GROUPS + 4 * width]
    end_legal = False
    odd_squares_lo = odd_squares_hi = ZERO
    if rnd == 0:
        kinds[0], shapes[0], touch[0], offset[0] = K_SETUP, _shape_of_roll(st, 0), 0, k_special
        n_groups = 1
    elif st[S_PENDING]:
        kinds[0], shapes[0], touch[0], offset[0] = K_ODD, -1, 0, k_odd
        n_groups = 1
        odd_squares_lo, odd_squares_hi = t_lo & ctx[C_DRAW] & ~cov_lo, t_hi & ctx[C_DRAW + 1] & ~cov_hi
    else:
        end_legal = True
        if not st[S_DIE_DONE]:
            kinds[0], shapes[0], touch[0], offset[0] = K_DIE, _shape_of_roll(st, rnd), 1, k_same
            n_groups = 1
        if not st[S_SPECIAL_DONE]:
            if crossed < num[N_MAX_SCREENS]:
                sl = num[N_SCREEN_LIST]
                for i in range(num[N_SCREENS]):
                    s = num[sl + i]
                    if not (st[S_CROSSED] >> s) & 1:
                        kinds[n_groups], shapes[n_groups], touch[n_groups], offset[n_groups] = (K_SPECIAL, s, 1,
                                                                                               k_special)
                        n_groups += 1
            if odds < 2 * num[N_ODD_PAIRS]:
                kinds[n_groups], shapes[n_groups], touch[n_groups], offset[n_groups] = K_ODD, -1, 0, k_odd
                n_groups += 1
                o_lo, o_hi = t_lo & ctx[C_DRAW] & ~cov_lo, t_hi & ctx[C_DRAW + 1] & ~cov_hi
                if count2(o_lo, o_hi) >= 2:  # the other square stays next to an own shape
                    odd_squares_lo, odd_squares_hi = o_lo, o_hi
                else:  # one square: a second odd must fit after it
                    while o_lo | o_hi:
                        s_lo, s_hi = lowest2(o_lo, o_hi)
                        o_lo &= ~s_lo
                        o_hi &= ~s_hi
                        n_lo, n_hi = grow8(cov_lo | s_lo, cov_hi | s_hi, g)
                        if (n_lo & ctx[C_DRAW] & ~(cov_lo | s_lo)) | (n_hi & ctx[C_DRAW + 1] & ~(cov_hi | s_hi)):
                            odd_squares_lo |= s_lo
                            odd_squares_hi |= s_hi
    bar_lo, bar_hi, bar_value = ctx[C_BAR], ctx[C_BAR + 1], num[N_BAR_VALUE]
    for k in range(n_groups):
        kind = kinds[k]
        floor = best_value - offset[k]  # the board points a move of this group needs to tie
        drawn = 0
        o_lo, o_hi = odd_squares_lo, odd_squares_hi
        s = shapes[k]
        first = num[pstart + s] if s >= 0 else 0
        free_at = 2 * s * pw  # the shape's free placements; its touching ones follow
        w = 0
        m = ZERO
        while True:
            # the next move of the group: an odd square, or a free (and touching) placement
            if kind == K_ODD:
                if not (o_lo | o_hi):
                    break
                p_lo, p_hi = lowest2(o_lo, o_hi)
                o_lo &= ~p_lo
                o_hi &= ~p_hi
                code = (K_ODD << 32) | index2(p_lo, p_hi)
            else:
                while not m and w < pw:
                    m = alive[free_at + w] & alive[free_at + pw + w] if touch[k] else alive[free_at + w]
                    w += 1
                if not m:
                    break
                low = m & (~m + ONE)
                m ^= low
                idx = first + 64 * (w - 1) + popcount(low - ONE)
                p_lo, p_hi = pl[idx], pl[n_p + idx]
                code = (kind << 32) | idx
            drawn += 1
            if not best:
                out[n] = code
                n += 1
                continue
            # its board points (see the docstring)
            if (p_lo & in_lo) | (p_hi & in_hi):
                got = inside_points(p_lo, p_hi, cov_lo, cov_hi, n_areas, wu, wi, g, ctx, num)
            else:
                got = base + count2(bar_lo & p_lo, bar_hi & p_hi) * bar_value if bar_lo | bar_hi else base
                g_lo, g_hi = grow4(p_lo, p_hi, g)
                near_lo, near_hi = g_lo & ~p_lo & reach_lo, g_hi & ~p_hi & reach_hi
                if near_lo | near_hi:
                    d = 0
                    while d < n_layers - 1 and not ((wu[W_LAYERS + 2 * d] & p_lo) | (wu[W_LAYERS + 2 * d + 1] & p_hi)):
                        d += 1
                    s_lo, s_hi = wu[W_LAYERS + 2 * d] & ~p_lo, wu[W_LAYERS + 2 * d + 1] & ~p_hi
                    goal_lo, goal_hi = near_lo & ~s_lo, near_hi & ~s_hi
                    if goal_lo | goal_hi:
                        f_lo, f_hi = reach_lo & ~p_lo, reach_hi & ~p_hi
                        r_lo, r_hi = flood_until2(f_lo, f_hi, s_lo, s_hi, goal_lo, goal_hi, g)
                        cut_lo, cut_hi = goal_lo & ~r_lo, goal_hi & ~r_hi
                        if cut_lo | cut_hi:
                            c_lo, c_hi = flood2(f_lo, f_hi, cut_lo, cut_hi, g)
                            got = cut_points(p_lo, p_hi, cov_lo, cov_hi, c_lo, c_hi, wu, wi, ctx, num, g)
            if got > floor:
                floor = got
                n = 0
            if got == floor:
                out[n] = code
                n += 1
        if kind == K_DIE and drawn:
            end_legal = False  # the die shape is mandatory when it fits
        if best and floor + offset[k] > best_value:
            best_value = floor + offset[k]
    if end_legal:
        if not best or best_value == 0:
            out[n] = END_CODE
            n += 1
        elif best_value < 0:
            out[0] = END_CODE
            n = 1
    return n


@njit
def scratch(placements: int, num: Any) -> tuple[Any, Any, Any]:
    """`candidates`' output (room for every placement, every square as an odd and the end) and
    scratch arrays."""
    return (np.empty(placements + 130, np.int64), np.empty(WU_LEN, np.uint64),
            np.empty(I_GROUPS + 4 * (2 + num[N_SHAPES]), np.int64))


# --- turn order ------------------------------------------------------------------------------------


@njit(refcounts=False)
def apply(code: int, st: Any, cov: Any, alive: Any, g: tuple, ctx: Any, num: Any, pl: Any) -> None:
    """Play the move `code` (rules.py, "Rounds"): draw its squares, mark the panel, end the round when
    the die shape is drawn and the special action used or impossible (never in the middle of a pair
    of odds); the end of the round without the die shape is a dead roll."""
    kind = code >> 32
    idx = code & 0xFFFFFFFF
    if kind == K_END:
        if not st[S_DIE_DONE]:
            st[S_DEAD] += 1
        _next_round(st)
        return
    if kind == K_ODD:
        if idx < 64:
            _draw(ONE << U64(idx), ZERO, cov, alive, g, ctx, num, pl)
        else:
            _draw(ZERO, ONE << U64(idx - 64), cov, alive, g, ctx, num, pl)
        st[S_ODDS] += 1
        st[S_PENDING] = st[S_ODDS] % 2
        st[S_SPECIAL_DONE] = 1
    else:
        _draw(pl[idx], pl[num[N_P] + idx], cov, alive, g, ctx, num, pl)
        if kind == K_SETUP:
            _cross(st, _shape_of_roll(st, 0))
            _next_round(st)
            return
        if kind == K_DIE:
            st[S_DIE_DONE] = 1
        else:
            _cross(st, _shape_of_index(idx, num))
            st[S_SPECIAL_DONE] = 1
    if st[S_DIE_DONE] and not st[S_PENDING] and (st[S_SPECIAL_DONE] or not _special_possible(st, num)):
        _next_round(st)


@njit(refcounts=False)
def _draw(b_lo: Any, b_hi: Any, cov: Any, alive: Any, g: tuple, ctx: Any, num: Any, pl: Any) -> None:
    """Draw the squares `b`: placements over them are no longer free, placements over the drawable
    squares newly next to an own shape now touch one."""
    o_lo, o_hi = cov[0], cov[1]
    n_lo, n_hi = o_lo | b_lo, o_hi | b_hi
    cov[0] = n_lo
    cov[1] = n_hi
    s_count, pw, cover = num[N_SHAPES], num[N_PW], num[N_COVER]
    g_lo, g_hi = grow8(o_lo, o_hi, g)
    f_lo, f_hi = grow8(n_lo, n_hi, g)
    a_lo = f_lo & ~g_lo & ~n_lo & ctx[C_DRAW]
    a_hi = f_hi & ~g_hi & ~n_hi & ctx[C_DRAW + 1]
    for touching in range(2):
        r_lo, r_hi = (a_lo, a_hi) if touching else (b_lo, b_hi)
        while r_lo | r_hi:
            q_lo, q_hi = lowest2(r_lo, r_hi)
            r_lo &= ~q_lo
            r_hi &= ~q_hi
            base = cover + index2(q_lo, q_hi) * s_count * pw
            for s in range(s_count):
                at = 2 * s * pw + touching * pw
                for w in range(pw):
                    if touching:
                        alive[at + w] |= pl[base + s * pw + w]
                    else:
                        alive[at + w] &= ~pl[base + s * pw + w]


@njit(refcounts=False)
def _cross(st: Any, shape: int) -> None:
    st[S_CROSSED] |= 1 << shape
    st[S_NCROSSED] += 1


@njit(refcounts=False)
def _next_round(st: Any) -> None:
    st[S_ROUND] += 1
    st[S_DIE_DONE] = 0
    st[S_SPECIAL_DONE] = 0


@njit(refcounts=False)
def _shape_of_index(idx: int, num: Any) -> int:
    """The shape a placement number belongs to."""
    pstart = num[N_PSTART]
    s = 0
    while num[pstart + s + 1] <= idx:
        s += 1
    return s


@njit(refcounts=False)
def _special_possible(st: Any, num: Any) -> bool:
    """Whether the panel still offers a special action (a screen or a pair of odds)."""
    if st[S_ODDS] < 2 * num[N_ODD_PAIRS]:
        return True
    if st[S_NCROSSED] >= num[N_MAX_SCREENS]:
        return False
    sl = num[N_SCREEN_LIST]
    for i in range(num[N_SCREENS]):  # noqa: SIM110 - a loop, not a generator: compiled code
        if not (st[S_CROSSED] >> num[sl + i]) & 1:
            return True
    return False


# --- whole games ----------------------------------------------------------------------------------------


@njit(refcounts=False)
def play(mode: int, st: Any, cov: Any, alive: Any, g: tuple, ctx: Any, num: Any, pl: Any, words: Any, at: Any,
         log: Any, setup_best: Any, out: Any, wu: Any, wi: Any) -> int:
    """Play the sheet to its end with a bot: mode LIST draws uniformly among the legal moves (the random
    bot), mode BEST among the best-valued ones (the greedy bot), each draw `randrange(len(moves))` from
    the raw words (core.kernels.randbelow). Moves go to `log[at[1]:]`.

    Returns 0 at the end, -1 when the words run out (call again with more: the sheet is as it was
    before the draw), -2 when no move is legal before the end. `setup_best` keeps the greedy bot's
    best setup moves per setup shape (every game on a board starts from the same empty sheet). `out`,
    `wu`, `wi` are `candidates`' (`scratch`).
    """
    while st[S_ROUND] <= num[N_ROUNDS]:
        cached = mode == BEST and st[S_ROUND] == 0 and cov[0] == ZERO and cov[1] == ZERO
        shape = _shape_of_roll(st, 0)
        if cached and setup_best[shape, 0] >= 0:
            n = setup_best[shape, 0]
            for i in range(n):
                out[i] = setup_best[shape, 1 + i]
        else:
            n = candidates(mode, st, cov, alive, g, ctx, num, pl, out, wu, wi)
            if cached:
                setup_best[shape, 0] = n
                for i in range(n):
                    setup_best[shape, 1 + i] = out[i]
        if n == 0:
            return -2
        r = randbelow(words, at, n)
        if r < 0:
            return -1
        code = out[r]
        apply(code, st, cov, alive, g, ctx, num, pl)
        log[at[1]] = code
        at[1] += 1
    return 0


@njit
def greedy_scores(dice: Any, words: Any, scores: Any, st0: Any, alive0: Any, g: tuple, ctx: Any, num: Any, pl: Any,
                  setup_best: Any) -> int:
    """Greedy solo games on one board, game i from the rolls `dice[i]` (shape numbers) and the raw
    random words `words[i]` that follow them in its stream; scores to `scores`. Returns how many games
    were played: fewer than asked when game i needs more words than it was given (the caller plays
    that one another way and asks again from the next)."""
    rounds = num[N_ROUNDS]
    log = np.empty(8 * (rounds + 1), np.int64)
    at = np.zeros(2, np.int64)
    cov = np.zeros(2, np.uint64)
    out, wu, wi = scratch(num[N_P], num)
    for i in range(dice.shape[0]):
        st = st0.copy()
        for r in range(rounds + 1):
            st[S_DICE + r] = dice[i, r]
        alive = alive0.copy()
        cov[0] = ZERO
        cov[1] = ZERO
        at[0] = 0
        at[1] = 0
        if play(BEST, st, cov, alive, g, ctx, num, pl, words[i], at, log, setup_best, out, wu, wi) != 0:
            return i
        scores[i] = points(st, cov, g, ctx, num)
    return dice.shape[0]


# --- the tables, built in Python once per board, variant and mirror rule ------------------------------------


class Tables:
    """One board's arrays for the kernels (module doc), and the Python view of its placements (built
    only when asked: a whole-game kernel needs the arrays alone)."""

    def __init__(self, g: tuple[Any, ...], ctx: np.ndarray, num: np.ndarray, grid: _GridPlacements,
                 keep: list[np.ndarray], face_shape: dict[int, int], rounds: int) -> None:
        self.g, self.ctx, self.num, self.pl = g, ctx, num, grid.pl
        self.shape_ids = grid.shape_ids  # shape number -> catalog id
        self._grid, self._keep = grid, keep  # per shape: which grid placements lie on drawable squares
        self.face_shape = face_shape  # die face -> shape number
        self.face_lut = np.zeros(max(face_shape, default=0) + 1, np.int64)  # the same as an array
        for face, shape in face_shape.items():
            self.face_lut[face] = shape
        pw = grid.pw
        # a new sheet's `alive`: every placement on drawable squares free, none touching yet
        self.alive0 = np.zeros(2 * len(keep) * pw, np.uint64)
        for s, kept in enumerate(keep):
            words = np.zeros(64 * pw, np.uint8)
            words[kept] = 1
            self.alive0[2 * s * pw:(2 * s + 1) * pw] = np.packbits(words, bitorder="little").view("<u8")
        self.st0 = np.zeros(S_DICE + rounds + 1, np.int64)  # a new sheet's `st`, dice 0
        # the greedy bot's best setup moves per setup shape (count, codes), -1: not yet known
        self.setup_best = np.full((len(keep), max((len(k) for k in keep), default=0) + 1), -1, np.int64)

    @cached_property
    def scratch(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """`scratch` arrays for this board's `candidates` calls from Python (each call fills them anew)."""
        return scratch(self.num[N_P], self.num)

    def new_sheet(self, dice: list[int]) -> np.ndarray:
        """A new sheet's `st` for these rolls (die faces)."""
        st = self.st0.copy()
        face_shape = self.face_shape
        st[S_DICE:S_DICE + len(dice)] = [face_shape[d] for d in dice]
        return st

    @cached_property
    def placements(self) -> dict[str, tuple[int, ...]]:
        """Shape id -> its placements on drawable squares, in order."""
        return {sid: tuple(every[i] for i in kept.tolist())
                for sid, every, kept in zip(self.shape_ids, self._grid.every, self._keep, strict=True)}

    @property
    def bits(self) -> tuple[int, ...]:
        """Placement number -> its squares."""
        return self._grid.bits

    @property
    def owner(self) -> tuple[str, ...]:
        """Placement number -> its shape's id."""
        return self._grid.owner

    @property
    def index(self) -> dict[str, dict[int, int]]:
        """Shape id -> squares -> placement number."""
        return self._grid.index


class _GridPlacements:
    """Every placement of every catalog shape on a grid (the odd has none: odds are squares): `pl`
    (module doc) and its Python view."""

    def __init__(self, width: int, height: int, mirror: bool, cat: Catalog) -> None:
        from generator.core.grid import get_grid

        g = get_grid(width, height)
        self.shape_ids = tuple(cat.shapes)
        self.every = [() if s.kind == "odd" else shape_placements(g, s, mirror) for s in cat.shapes.values()]
        self.start = np.concatenate(([0], np.cumsum([len(e) for e in self.every]))).astype(np.int64)
        self.bits = tuple(p for e in self.every for p in e)
        self.owner = tuple(sid for sid, e in zip(self.shape_ids, self.every, strict=True) for _ in e)
        self.index = {sid: {p: int(self.start[i]) + j for j, p in enumerate(e)}
                      for i, (sid, e) in enumerate(zip(self.shape_ids, self.every, strict=True))}
        n = len(self.bits)
        words = [split(p) for p in self.bits]
        self.lo = np.array([w[0] for w in words], np.uint64)
        self.hi = np.array([w[1] for w in words], np.uint64)
        self.pw = pw = max(1, -(-max((len(e) for e in self.every), default=1) // 64))
        squares = width * height
        cover = np.zeros((squares, len(self.every), 64 * pw), np.uint8)
        for s, e in enumerate(self.every):
            for j, p in enumerate(e):
                while p:
                    low = p & -p
                    cover[low.bit_length() - 1, s, j] = 1
                    p ^= low
        packed = np.packbits(cover, axis=2, bitorder="little").view("<u8").reshape(-1)
        self.pl = np.concatenate((self.lo, self.hi, packed)).astype(np.uint64)
        self.n = n


_GRID_PLACEMENTS: dict[tuple[int, int, bool, int], _GridPlacements] = {}


def _grid_placements(width: int, height: int, mirror: bool, cat: Catalog) -> _GridPlacements:
    """`_GridPlacements`, once per grid size, mirror rule and catalog."""
    key = (width, height, mirror, id(cat))
    got = _GRID_PLACEMENTS.get(key)
    if got is None:
        if len(_GRID_PLACEMENTS) >= 16:
            _GRID_PLACEMENTS.clear()
        got = _GRID_PLACEMENTS[key] = _GridPlacements(width, height, mirror, cat)
    return got


def build_tables(board: Board, hard: bool, mirror: bool, cat: Catalog | None = None) -> Tables:
    """The kernels' tables of one board (module doc)."""
    cat = cat or catalog()
    sc = scoring()
    g = board.grid
    squares = g.width * g.height
    words = grid_words(g)  # refuses a board past two words before any work
    ctx = np.zeros(C_LEN, np.uint64)
    for at, bits in ((C_FREE, g.full & ~board.walls), (C_OPEN, board.open_edge), (C_DRAW, board.drawable),
                     (C_WASTE, board.waste), (C_BAR, board.bar), (C_RES, board.all_resources),
                     *((C_K0 + 2 * i, board.resources(k)) for i, k in enumerate(KINDS))):
        ctx[at], ctx[at + 1] = split(bits)
    grid = _grid_placements(g.width, g.height, mirror, cat)
    shape_ids = grid.shape_ids
    # each shape's placements on drawable squares only (one over an object, a blanket or waste is never legal)
    not_lo, not_hi = ~ctx[C_DRAW], ~ctx[C_DRAW + 1]
    keep = []
    for s in range(len(shape_ids)):
        lo, hi = grid.lo[grid.start[s]:grid.start[s + 1]], grid.hi[grid.start[s]:grid.start[s + 1]]
        keep.append(np.nonzero(((lo & not_lo) | (hi & not_hi)) == 0)[0])
    table = [sc.resource_points(n) for n in range(squares + 1)]
    pairs = cat.odd_pairs
    unused = []
    for used in range(cat.max_screens + 2):
        for pair in range(pairs + 2):
            left = max(0, cat.max_screens - used)
            odds = max(0, 2 * (pairs - pair))
            unused.append(left * sc.unused_screen_points + odds * sc.unused_odd_points)
    screens = [shape_ids.index(s.id) for s in cat.screens]
    head = [0] * N_LEN
    head[N_LIMIT] = resource_area_limit(hard, sc)
    head[N_AREA_MAX] = sc.area_max
    head[N_SET_BONUS] = sc.set_bonus
    head[N_BAR_VALUE] = board.bar_points
    head[N_ROUNDS] = cat.rounds
    head[N_MAX_SCREENS] = cat.max_screens
    head[N_ODD_PAIRS] = pairs
    head[N_SHAPES] = len(shape_ids)
    head[N_SCREENS] = len(screens)
    head[N_TABLE] = N_LEN
    head[N_TABLE_LEN] = len(table)
    head[N_UNUSED] = N_LEN + len(table)
    head[N_SCREEN_LIST] = head[N_UNUSED] + len(unused)
    head[N_PSTART] = head[N_SCREEN_LIST] + len(screens)
    head[N_P] = grid.n
    head[N_PW] = grid.pw
    head[N_COVER] = 2 * grid.n
    num = np.array(head + table + unused + screens + grid.start.tolist(), np.int64)
    face_shape = {s.die: shape_ids.index(sid) for sid, s in cat.shapes.items() if s.die is not None}
    return Tables(words, ctx, num, grid, keep, face_shape, cat.rounds)


_TABLES: dict[tuple[Any, ...], Tables] = {}


def tables_of(board: Board, hard: bool = False, mirror: bool = False, cat: Catalog | None = None) -> Tables:
    """`build_tables`, shared by every sheet on the same board, variant and mirror rule (a fair pad
    plays hundreds of games on one board); at most 64 boards are kept."""
    cat = cat or catalog()
    key = (board.rows, board.closed_edges, board.bar_points, hard, mirror, id(cat))
    got = _TABLES.get(key)
    if got is None:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        got = _TABLES[key] = build_tables(board, hard, mirror, cat)
    return got
