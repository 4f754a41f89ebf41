"""The compiled rules of the Plażing board game: the hot tests the State and the greedy bot run after
every move, each written once here in the subset numba compiles (core.jit; with
BOARDGEN_PURE_PYTHON=1 the same source runs as plain Python).

Boards are bitboards of at most 256 squares (the 4-player beach is 20 x 12 = 240) held as four 64-bit
words, square i being bit i % 64 of word i // 64: the numbering of core.grid's Python ints, so
`words(x)` and `number(w)` convert without reordering. The State keeps its masks as Python ints (the
rules read them everywhere); a kernel gets the words of the few masks it needs and hands back words.

Per Board, the tables a kernel reads are built once (board.Board keeps them) and passed as two flat
arrays (`ti` int64, `tu` uint64): few arguments keep the call cheap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from generator.core.jit import njit
from generator.core.kernels import popcount

U64 = np.uint64
ZERO = np.uint64(0)
NW = 4  #: words per bitboard
MAX_SQUARES = 64 * NW
SHAPES = 5  #: placement shapes (moves.H3 .. moves.O1)


def words(x: int) -> np.ndarray:
    """A Python-int bitboard as its NW words (a read-only uint64 array: the kernels only read it)."""
    return np.frombuffer(x.to_bytes(8 * NW, "little"), dtype="<u8")


def number(w: np.ndarray) -> int:
    """NW words as a Python-int bitboard."""
    return int.from_bytes(w.tobytes(), "little")


def numbers(w: np.ndarray, n: int) -> tuple[int, ...]:
    """`n` bitboards laid one after the other in `w` (NW words each) as Python ints."""
    raw = w.tobytes()
    size = 8 * NW
    return tuple([int.from_bytes(raw[i:i + size], "little") for i in range(0, n * size, size)])


# --- the walls: may a placement close an area at all? ---------------------------------------------


@njit(inline="always")
def _shifted(x: Any, off: int, j: int) -> Any:
    """Word j of the bitboard x moved `off` squares down (x >> off as a Python int; x << -off for a
    negative off), |off| < 64."""
    if off == 0:
        return x[j]
    if off > 0:
        k = U64(off)
        out = x[j] >> k
        if j + 1 < NW:
            out |= x[j + 1] << (U64(64) - k)
        return out
    k = U64(-off)
    out = x[j] << k
    if j > 0:
        out |= x[j - 1] >> (U64(64) - k)
    return out


@njit
def two_arcs(cells: Any, sea: int, ti: Any, tu: Any, out: Any) -> None:
    """The anchors, per shape, whose ring meets the wall part `cells` in two arcs or more, written to
    `out` (SHAPES bitboards); `sea` is nonzero when the part is the sea's (its cells beyond the north
    edge count). The rule (board.two_arcs, State.risky): a placement whose ring meets every wall part
    in one arc at most closes nothing. Bit a of the value of a ring cell says whether that cell of
    the placement at anchor a is in the part; the part's arcs are counted round the cycle (clockwise
    from the north-west corner), a free corner between two of its cells not parting them (they touch
    diagonally): an arc starts at a cell of the part after one that is not.

    Tables (`Tables`): ti = [K, K ring offsets, then per shape its cycle's length n and n pairs
    (offset number, corner)], tu = [K cell-valid masks, K sea masks, SHAPES fit masks], NW words each.
    """
    k_n = ti[0]
    val = np.empty((k_n, NW), np.uint64)
    for k in range(k_n):
        off = ti[1 + k]
        for j in range(NW):
            val[k, j] = _shifted(cells, off, j) & tu[k * NW + j]
            if sea:
                val[k, j] |= tu[(k_n + k) * NW + j]
    pos = 1 + k_n
    fits = 2 * k_n * NW
    for shape in range(SHAPES):
        n = ti[pos]
        for j in range(NW):
            one = ZERO
            two = ZERO
            # g(i) = the cell, or for a corner the cell or both its neighbours in the part
            last = n - 1
            prev = val[ti[pos + 1 + 2 * last], j]
            if ti[pos + 2 + 2 * last]:
                prev |= val[ti[pos + 1 + 2 * (last - 1)], j] & val[ti[pos + 1], j]
            for i in range(n):
                cur = val[ti[pos + 1 + 2 * i], j]
                if ti[pos + 2 + 2 * i]:
                    before = val[ti[pos + 1 + 2 * (i - 1 if i > 0 else last)], j]
                    after = val[ti[pos + 1 + 2 * (i + 1 if i < last else 0)], j]
                    cur |= before & after
                s = cur & ~prev
                two |= one & s
                one |= s
                prev = cur
            out[shape * NW + j] = two & tu[fits + shape * NW + j]
        pos += 1 + 2 * n


# --- the areas a placement closes ----------------------------------------------------------------

MAX_PARTS = 8  #: a piece has at most 8 orthogonal neighbours, so it closes at most 8 parts

# the board words `gw` (`grid_words`): not_west, not_east, the board, the objects, the open edges, the
# border (NW words each), then the width
G_NOT_WEST, G_NOT_EAST, G_FULL, G_OBJECTS, G_EDGE, G_BORDER, G_WIDTH = (k * NW for k in range(7))


@njit(inline="always")
def _grow4(a0: Any, a1: Any, a2: Any, a3: Any, gw: Any) -> tuple[Any, Any, Any, Any]:
    """The squares of a, plus their orthogonal neighbours on the board (core.grid.Grid.grow4, the
    caller masking by the squares it floods in): a << 1 & not_west | a >> 1 & not_east | a << w | a >> w."""
    w = gw[G_WIDTH]
    kw = U64(64) - w
    e0 = (a0 << U64(1)) & gw[G_NOT_WEST]
    e1 = ((a1 << U64(1)) | (a0 >> U64(63))) & gw[G_NOT_WEST + 1]
    e2 = ((a2 << U64(1)) | (a1 >> U64(63))) & gw[G_NOT_WEST + 2]
    e3 = ((a3 << U64(1)) | (a2 >> U64(63))) & gw[G_NOT_WEST + 3]
    x0 = ((a0 >> U64(1)) | (a1 << U64(63))) & gw[G_NOT_EAST]
    x1 = ((a1 >> U64(1)) | (a2 << U64(63))) & gw[G_NOT_EAST + 1]
    x2 = ((a2 >> U64(1)) | (a3 << U64(63))) & gw[G_NOT_EAST + 2]
    x3 = (a3 >> U64(1)) & gw[G_NOT_EAST + 3]
    return (a0 | e0 | x0 | (a0 << w) | (a0 >> w) | (a1 << kw),
            a1 | e1 | x1 | (a1 << w) | (a0 >> kw) | (a1 >> w) | (a2 << kw),
            a2 | e2 | x2 | (a2 << w) | (a1 >> kw) | (a2 >> w) | (a3 << kw),
            a3 | e3 | x3 | (a3 << w) | (a2 >> kw) | (a3 >> w))


@njit
def closed_parts(inp: Any, gw: Any, out: Any) -> int:
    """The areas a placement closes (State.new_closed; DIGEST 1 "Areas": an area is a maximal
    4-connected set of free squares, closed when it touches neither the west, east nor south edge):
    the parts of the free squares left that hold a neighbour of the piece and reach no open-edge
    square, in the order of their lowest neighbour square. Only the area the piece lies in can split,
    and every part of it touches the piece, so each part is flooded from a neighbour, the flood
    stopping at the first open-edge square it meets.

    `inp`: the free squares left (not an object, not covered, not the piece), the piece's free
    orthogonal neighbours, the open-edge squares (NW words each). Writes to `out` a certificate
    first (free squares whose staying free proves the answer: each open flood, each closed part),
    then the closed parts; returns their number.
    """
    f0, f1, f2, f3 = inp[0], inp[1], inp[2], inp[3]
    r0, r1, r2, r3 = inp[4] & f0, inp[5] & f1, inp[6] & f2, inp[7] & f3  # neighbours, free
    d0, d1, d2, d3 = inp[8], inp[9], inp[10], inp[11]
    c0 = c1 = c2 = c3 = ZERO
    n = 0
    while r0 | r1 | r2 | r3:
        # the lowest neighbour left
        if r0:
            p0, p1, p2, p3 = r0 & (~r0 + U64(1)), ZERO, ZERO, ZERO
        elif r1:
            p0, p1, p2, p3 = ZERO, r1 & (~r1 + U64(1)), ZERO, ZERO
        elif r2:
            p0, p1, p2, p3 = ZERO, ZERO, r2 & (~r2 + U64(1)), ZERO
        else:
            p0, p1, p2, p3 = ZERO, ZERO, ZERO, r3 & (~r3 + U64(1))
        while True:
            if (p0 & d0) | (p1 & d1) | (p2 & d2) | (p3 & d3):  # open: it reaches an edge
                c0, c1, c2, c3 = c0 | p0, c1 | p1, c2 | p2, c3 | p3
                break
            g0, g1, g2, g3 = _grow4(p0, p1, p2, p3, gw)
            g0, g1, g2, g3 = g0 & f0, g1 & f1, g2 & f2, g3 & f3
            if g0 == p0 and g1 == p1 and g2 == p2 and g3 == p3:  # whole, and no edge: closed
                c0, c1, c2, c3 = c0 | p0, c1 | p1, c2 | p2, c3 | p3
                k = (1 + n) * NW
                out[k], out[k + 1], out[k + 2], out[k + 3] = p0, p1, p2, p3
                n += 1
                break
            p0, p1, p2, p3 = g0, g1, g2, g3
        r0, r1, r2, r3 = r0 & ~p0, r1 & ~p1, r2 & ~p2, r3 & ~p3
    out[0], out[1], out[2], out[3] = c0, c1, c2, c3
    return n


def grid_words(not_west: int, not_east: int, full: int, objects: int, edge: int, border: int,
               width: int) -> np.ndarray:
    """The board words the area kernels read (`G_*`)."""
    return np.concatenate((words_of((not_west, not_east, full, objects, edge, border)), np.array([width], np.uint64)))


# --- who owns an area ----------------------------------------------------------------------------


@njit(inline="always")
def _grow8(a0: Any, a1: Any, a2: Any, a3: Any, gw: Any) -> tuple[Any, Any, Any, Any]:
    """The squares of a, plus every square at Chebyshev distance 1 (core.grid.Grid.grow8, the caller
    masking by the squares it floods in)."""
    w = gw[G_WIDTH]
    kw = U64(64) - w
    h0 = a0 | ((a0 << U64(1)) & gw[G_NOT_WEST]) | (((a0 >> U64(1)) | (a1 << U64(63))) & gw[G_NOT_EAST])
    h1 = (a1 | (((a1 << U64(1)) | (a0 >> U64(63))) & gw[G_NOT_WEST + 1])
          | (((a1 >> U64(1)) | (a2 << U64(63))) & gw[G_NOT_EAST + 1]))
    h2 = (a2 | (((a2 << U64(1)) | (a1 >> U64(63))) & gw[G_NOT_WEST + 2])
          | (((a2 >> U64(1)) | (a3 << U64(63))) & gw[G_NOT_EAST + 2]))
    h3 = a3 | (((a3 << U64(1)) | (a2 >> U64(63))) & gw[G_NOT_WEST + 3]) | ((a3 >> U64(1)) & gw[G_NOT_EAST + 3])
    return (h0 | (h0 << w) | (h0 >> w) | (h1 << kw),
            h1 | (h1 << w) | (h0 >> kw) | (h1 >> w) | (h2 << kw),
            h2 | (h2 << w) | (h1 >> kw) | (h2 >> w) | (h3 << kw),
            h3 | (h3 << w) | (h2 >> kw) | (h3 >> w))


@njit(inline="always")
def _holes(a0: Any, a1: Any, a2: Any, a3: Any, gw: Any) -> tuple[Any, Any, Any, Any]:
    """The squares enclosed by the area a: the parts of the board off it that never reach the
    board's border, going by 8-neighbours (the dual of the area's 4-connectivity)."""
    s0, s1, s2, s3 = gw[G_FULL] & ~a0, gw[G_FULL + 1] & ~a1, gw[G_FULL + 2] & ~a2, gw[G_FULL + 3] & ~a3
    r0, r1, r2, r3 = s0 & gw[G_BORDER], s1 & gw[G_BORDER + 1], s2 & gw[G_BORDER + 2], s3 & gw[G_BORDER + 3]
    while True:
        g0, g1, g2, g3 = _grow8(r0, r1, r2, r3, gw)
        g0, g1, g2, g3 = g0 & s0, g1 & s1, g2 & s2, g3 & s3
        if g0 == r0 and g1 == r1 and g2 == r2 and g3 == r3:
            return s0 & ~r0, s1 & ~r1, s2 & ~r2, s3 & ~r3
        r0, r1, r2, r3 = g0, g1, g2, g3


@njit
def holes(area: Any, gw: Any, out: Any) -> None:
    """The squares enclosed by `area` (`_holes`), written to `out` (State.holes: a piece in a hole
    of the area, an island, neither closes it nor surrounds it)."""
    out[0], out[1], out[2], out[3] = _holes(area[0], area[1], area[2], area[3], gw)


@njit
def necessary(inp: Any, piece_at: Any, pw: Any, gw: Any, out: Any) -> int:
    """The pieces necessary to close an area (DIGEST 1, ownership; rulebook: "zliczamy wyłącznie
    elementy niezbędne do zamknięcia obszaru"): writes their numbers in `pieces` order to `out`, -1
    for the piece not yet placed, and returns how many.

    The wall is every piece orthogonally next to the area. Not counted: a piece in a hole of the area
    (an island), and a piece off the open edges all of whose neighbours are the area, a hole, the
    wall's other pieces or objects (it only sticks into the area or sits in its corner: lifting it
    leaves the area closed). A piece with a neighbour beyond the wall (free squares, a piece of an
    outer layer) counts.

    `inp`: the area, the covered squares, the squares of a piece not yet placed and its orthogonal
    neighbours (0, 0 for none), NW words each; `piece_at`, per square, the number of the piece on it;
    `pw`, per piece, its squares and its orthogonal neighbours (2 NW words).
    """
    a0, a1, a2, a3 = inp[0], inp[1], inp[2], inp[3]
    g0, g1, g2, g3 = _grow4(a0, a1, a2, a3, gw)
    j0 = g0 & gw[G_FULL] & ~a0
    j1 = g1 & gw[G_FULL + 1] & ~a1
    j2 = g2 & gw[G_FULL + 2] & ~a2
    j3 = g3 & gw[G_FULL + 3] & ~a3
    t0, t1, t2, t3 = j0 & inp[4], j1 & inp[5], j2 & inp[6], j3 & inp[7]
    n = 0
    while t0 | t1 | t2 | t3:  # one piece at a time (its other squares are dropped with it)
        if t0:
            sq = popcount((t0 & (~t0 + U64(1))) - U64(1))
        elif t1:
            sq = 64 + popcount((t1 & (~t1 + U64(1))) - U64(1))
        elif t2:
            sq = 128 + popcount((t2 & (~t2 + U64(1))) - U64(1))
        else:
            sq = 192 + popcount((t3 & (~t3 + U64(1))) - U64(1))
        i = piece_at[sq]
        k = i * 2 * NW
        t0, t1, t2, t3 = t0 & ~pw[k], t1 & ~pw[k + 1], t2 & ~pw[k + 2], t3 & ~pw[k + 3]
        # in `pieces` order
        m = n
        while m > 0 and out[m - 1] > i:
            out[m] = out[m - 1]
            m -= 1
        out[m] = i
        n += 1
    x0, x1, x2, x3 = inp[8], inp[9], inp[10], inp[11]
    extra = bool((x0 & j0) | (x1 & j1) | (x2 & j2) | (x3 & j3))
    if extra:
        out[n] = -1
        n += 1
    if n == 0:
        return 0
    q0, q1, q2, q3 = x0 if extra else ZERO, x1 if extra else ZERO, x2 if extra else ZERO, x3 if extra else ZERO
    for e in range(n):
        i = out[e]
        if i >= 0:
            k = i * 2 * NW
            q0, q1, q2, q3 = q0 | pw[k], q1 | pw[k + 1], q2 | pw[k + 2], q3 | pw[k + 3]
    h0, h1, h2, h3 = _holes(a0, a1, a2, a3, gw)
    ok0 = a0 | h0 | q0 | gw[G_OBJECTS]
    ok1 = a1 | h1 | q1 | gw[G_OBJECTS + 1]
    ok2 = a2 | h2 | q2 | gw[G_OBJECTS + 2]
    ok3 = a3 | h3 | q3 | gw[G_OBJECTS + 3]
    kept = 0
    for e in range(n):
        i = out[e]
        if i >= 0:
            k = i * 2 * NW
            m0, m1, m2, m3 = pw[k], pw[k + 1], pw[k + 2], pw[k + 3]
            r0, r1, r2, r3 = pw[k + 4], pw[k + 5], pw[k + 6], pw[k + 7]
        else:
            m0, m1, m2, m3 = x0, x1, x2, x3
            r0, r1, r2, r3 = inp[12], inp[13], inp[14], inp[15]
        if (m0 & h0) | (m1 & h1) | (m2 & h2) | (m3 & h3):
            continue  # an island
        if ((m0 & gw[G_EDGE]) | (m1 & gw[G_EDGE + 1]) | (m2 & gw[G_EDGE + 2]) | (m3 & gw[G_EDGE + 3])
                or (r0 & ~ok0) | (r1 & ~ok1) | (r2 & ~ok2) | (r3 & ~ok3)):
            out[kept] = i
            kept += 1
    return kept


# --- the tables per Board ------------------------------------------------------------------------


@dataclass(frozen=True)
class ArcTables:
    """A Board's tables for `two_arcs` (its doc), built once per Board (board.Board.arcs)."""

    ti: np.ndarray
    tu: np.ndarray


def arc_tables(width: int, height: int, cycles: Sequence[Sequence[tuple[int, bool]]], fits: Sequence[int],
               cell_valid: Mapping[int, int], sea_valid: Mapping[int, int]) -> ArcTables:
    """The `two_arcs` tables of a beach: per shape its ring's cycle of (offset from the anchor, a
    corner), the anchors where it fits, and per ring offset the anchors whose cell there is on the
    board (`cell_valid`) or is the sea beyond the north edge (`sea_valid`)."""
    if width * height > MAX_SQUARES:
        raise ValueError(f"a {width}x{height} beach is more than the compiled rules hold "
                         f"(at most {MAX_SQUARES} squares)")
    offsets = sorted(cell_valid)
    if any(abs(off) >= 64 for off in offsets):
        raise ValueError(f"a beach {width} squares wide is wider than the compiled rules hold")
    index = {off: k for k, off in enumerate(offsets)}
    ti = [len(offsets), *offsets]
    for cycle in cycles:
        ti.append(len(cycle))
        for off, corner in cycle:
            ti += [index[off], int(corner)]
    tu = [words(cell_valid[off]) for off in offsets] + [words(sea_valid.get(off, 0)) for off in offsets]
    tu += [words(f) for f in fits]
    return ArcTables(np.array(ti, np.int64), np.concatenate(tu))


def two_arcs_of(t: ArcTables, cells: int, sea: int) -> tuple[int, ...]:
    """`two_arcs` for Python ints: per shape, the anchors whose ring meets part `cells` twice."""
    out = np.empty(SHAPES * NW, np.uint64)
    two_arcs(words(cells), sea, t.ti, t.tu, out)
    return numbers(out, SHAPES)


# --- the walls' parts as pieces join them -------------------------------------------------------


@njit(inline="always")
def _root(up: Any, x: int) -> int:
    """The root of node x in the union-find `up` (halving the path on the way)."""
    while up[x] != x:
        up[x] = up[up[x]]
        x = up[x]
    return x


@njit
def join(k: int, covered: Any, st: Any, bw: Any, piece_at: Any, pw: Any, part_at: Any, parts: Any, walls: Any,
         cells: Any, ti: Any, tu: Any, risky: Any, arcs: Any) -> None:
    """Placement k (shape * CODE + anchor), about to be placed as the next piece, joins the wall parts
    its ring touches (State._join): the walls are the objects, the pieces and the sea beyond the north
    edge, joined into parts by touching (8-neighbours). The new piece's node becomes the root of every
    part its ring meets (a piece on the north row meets the sea's); the anchors whose ring now meets
    the joined part in two arcs or more are added to `risky` (`two_arcs`: only those may close an
    area). A piece alone meets any ring in one arc at most: nothing is added.

    `walls`: [the sea's root, the nodes so far, then the union-find parents: a node per part of
    objects (Board.wall_parts, node 0 the sea's), then one per piece]; `cells`, per node, the squares
    of the part it is the root of (NW words); `part_at`, per object square, its part; `parts`, the
    parts' squares (NW words each); `arcs`: SHAPES NW words of scratch.
    """
    base = k * ST_ROW
    n_parts = len(parts) // NW
    up = walls[2:]
    n = walls[1]
    roots = np.empty(MAX_PARTS * 3 + 1, np.int64)
    nr = 0
    t = np.empty(NW, np.uint64)
    for j in range(NW):
        t[j] = st[base + 2 * NW + j] & covered[j]
    for j in range(NW):
        while t[j]:
            low = t[j] & (~t[j] + U64(1))
            i = piece_at[64 * j + popcount(low - U64(1))]
            x = _root(up, n_parts + i)
            seen = False
            for r in range(nr):
                if roots[r] == x:
                    seen = True
            if not seen:
                roots[nr] = x
                nr += 1
            for q in range(NW):
                t[q] &= ~pw[i * 2 * NW + q]
    for j in range(NW):
        t[j] = st[base + 2 * NW + j] & bw[B_OBJECTS + j]
    for j in range(NW):
        while t[j]:
            low = t[j] & (~t[j] + U64(1))
            p = part_at[64 * j + popcount(low - U64(1))]
            x = _root(up, p)
            seen = False
            for r in range(nr):
                if roots[r] == x:
                    seen = True
            if not seen:
                roots[nr] = x
                nr += 1
            for q in range(NW):
                t[q] &= ~parts[p * NW + q]
    north = ZERO
    for j in range(NW):
        north |= st[base + j] & bw[B_NORTH + j]
    if north:
        x = walls[0]
        seen = False
        for r in range(nr):
            if roots[r] == x:
                seen = True
        if not seen:
            roots[nr] = x
            nr += 1
    for j in range(NW):
        cells[n * NW + j] = st[base + j]
    sea = 0
    for r in range(nr):
        x = roots[r]
        for j in range(NW):
            cells[n * NW + j] |= cells[x * NW + j]
        up[x] = n
        if x == walls[0]:
            sea = 1
    up[n] = n
    walls[1] = n + 1
    if nr == 0:
        return
    if sea:
        walls[0] = n
    two_arcs(cells[n * NW:(n + 1) * NW], sea, ti, tu, arcs)
    for j in range(SHAPES * NW):
        risky[j] |= arcs[j]


# --- the greedy bot's valuation -------------------------------------------------------------------

#: placements per shape and its moves' (kind, outer) (moves.py: SCREEN 0, BLANKET 1, ODD 2; H3, V3, H2,
#: V2, O1): a move's code is (kind * 4 + outer) * CODE + anchor, in `legal_moves()` order shape by shape
CODE = MAX_SQUARES
NO_CLOSING = np.nan  #: `cval` of a placement that closes nothing


@njit(inline="always")
def placement_value(weather: float, squares: float, closing: float) -> float:
    """The greedy bot's value of a placement (greedy.py): what the weather makes of the piece, plus
    the score squares it covers, plus what the areas it closes are worth to the mover."""
    return weather + squares + closing


@njit(inline="always")
def _take(v: float, code: int, best: float, n: int, out: Any) -> tuple[float, int]:
    """One candidate move of value v into the tied best moves `out[:n]` of value `best`."""
    if v > best:
        out[0] = code
        return v, 1
    if v == best:
        out[n] = code
        return best, n + 1
    return best, n


@njit
def best_placements(anchors: Any, cval: Any, squares: Any, weather: Any, best: float, out: Any) -> tuple[float, int]:
    """The greedy bot's best placements (greedy.greedy_moves): every legal placement valued by
    `placement_value` and the codes of those of the highest value, in `legal_moves()` order, written
    to `out`; returns (that value, how many), (best, 0) when none reaches `best` (the best value of
    the other moves: the ties with them are kept, the moves below dropped).

    `anchors`: per shape the anchors of its legal placements (SHAPES bitboards); `cval`, per shape
    and anchor (index shape * CODE + anchor), what the areas the placement closes are worth, NaN for
    none (`NO_CLOSING`); `squares`, the same index, the score squares under it; `weather`, by kind * 4
    + outer, what the weather makes of the piece.
    """
    n = 0
    for shape in range(SHAPES):
        if shape < 2:  # a screen: two moves per anchor, the outer sides N, S (H3) or W, E (V3)
            kind, o0, outers = 0, 2 * shape, 2
        elif shape < 4:
            kind, o0, outers = 1, shape - 2, 1
        else:
            kind, o0, outers = 2, 0, 1
        for j in range(NW):
            x = anchors[shape * NW + j]
            while x:
                low = x & (~x + U64(1))
                x ^= low
                a = 64 * j + popcount(low - U64(1))
                c = cval[shape * CODE + a]
                sq = squares[shape * CODE + a]
                for o in range(o0, o0 + outers):
                    idx = kind * 4 + o
                    v = placement_value(weather[idx], sq, 0.0 if c != c else c)
                    best, n = _take(v, idx * CODE + a, best, n, out)
    return best, n


# --- one greedy decision, whole ----------------------------------------------------------------

# the board words `bw` (Board.board_words), NW words each: the board, the squares no piece may ever
# cover (objects, resources, surprises), the free squares at the start, the open edges, the +1 and -1
# score squares, the objects, the north row, then per shape the anchors where it fits
B_FULL, B_STATIC, B_FREE0, B_OPEN, B_PLUS, B_MINUS, B_OBJECTS, B_NORTH, B_FITS = (k * NW for k in range(9))
# the placement table `st` (Board.shape_words): per placement (shape * CODE + anchor) its squares, its
# orthogonal neighbours and its ring (Shape.mask, n4, ring), NW words each; its flags in `sf`
ST_ROW = 3 * NW
SF_FITS, SF_EDGE, SF_BOXED = 1, 2, 4
# the words of one decision `sw` (greedy._decide), NW words each
S_COVERED, S_CLOSED, S_WASTE, S_REACH, S_RES, S_SURP = (k * NW for k in (0, 1, 2, 3, 4, 7))
# the numbers of one decision `di`: main phase (1) or second (0), the colour's supply of screens,
# blankets and odds, the colour, the colours in the game, what it has collected (3 kinds), whether the
# beach has pockets, the set bonus
D_MAIN, D_SUPPLY, D_COLOUR, D_COLOURS, D_COLLECTED, D_POCKETS, D_BONUS = 0, 1, 4, 5, 6, 9, 10
OWN_AREA = 2.0  #: the greedy bot: an own area's expected share of the rank points, on top of its closing point


@njit
def closes(k: int, covered: Any, st: Any, sf: Any, bw: Any, pockets: int, gw: Any, work: Any, out: Any) -> int:
    """The areas placement k (shape * CODE + anchor) would close on the board whose covered squares
    are `covered` (State.new_closed; DIGEST 1 "Areas"): `closed_parts` after two quick exits. A piece
    with no free neighbour closes nothing; nor does one whose ring is all free, off the border and the
    open edges, on a beach with no pocket closed from the start (`Board.pockets`): its free neighbours
    stay connected round it, in an area that stays open. Writes `closed_parts`'s certificate and parts
    to `out` (the ring, or nothing, as the certificate of a quick exit); returns how many parts.
    `work`: 3 NW words of scratch."""
    base = k * ST_ROW
    any_n4 = ZERO
    whole = True
    for j in range(NW):
        free = bw[B_FREE0 + j] & ~(covered[j] | st[base + j])
        work[j] = free
        work[NW + j] = st[base + NW + j] & free
        work[2 * NW + j] = bw[B_OPEN + j]
        any_n4 |= work[NW + j]
        ring = st[base + 2 * NW + j]
        if ring & free != ring:
            whole = False
    if not any_n4:
        for j in range(NW):
            out[j] = ZERO
        return 0
    if whole and not sf[k] & (SF_EDGE | SF_BOXED) and not pockets:
        for j in range(NW):
            out[j] = st[base + 2 * NW + j]
        return 0
    return closed_parts(work, gw, out)


@njit(inline="always")
def resource_gain(points: Any, bonus: int, b0: int, b1: int, b2: int, a0: int, a1: int, a2: int) -> int:
    """The resource points gained by going from (b0, b1, b2) collected to (a0, a1, a2) (the
    rulebook's table per kind, `points` = scoring.resource_points by count, and the set bonus per
    full set of the three kinds)."""
    return (points[a0] - points[b0] + points[a1] - points[b1] + points[a2] - points[b2]
            + (min(a0, a1, a2) - min(b0, b1, b2)) * bonus)


@njit
def decide(sw: Any, risky: Any, di: Any, bw: Any, st: Any, sf: Any, piece_at: Any, pw: Any, pc: Any, gw: Any,
           points: Any, squares: Any, weather: Any, best: float, cval: Any, out: Any,
           cl: Any) -> tuple[float, int, int]:
    """The greedy bot's placements for one decision (greedy.best_moves): every legal placement of the
    colour in turn valued as `placement_value`, the codes of the best ones written to `out` as
    `best_placements` does; returns (the best value, how many, how many placements close something).

    Only the placements that may close an area at all (State.risky) are flooded (`closes`). One that
    would close waste in is not a legal move ("nie można zamknąć obszaru zawierającego śmiecia") and
    is left out; one that closes nothing now leaves `risky` (its ring no longer meets one wall part
    twice, and only a later piece joining the walls can make it so again; not on a beach with pockets,
    whose criterion is inexact): `risky` (State.risky_words) is updated in place. A placement that closes
    parts is worth one point per part, and for each part the colour would own (the most pieces
    necessary to close it, `necessary`, the new one included, and no tie) OWN_AREA, the score squares
    in it and the best kind of resource (or the surprises) its bonus would collect. Their codes and
    values go to `cl` (pairs: code, value, as floats) for `greedy.move_value`.

    `sw`, `di`: the decision's words and numbers (S_*, D_*); `bw`, `st`, `sf`: the Board's (B_*, ST_*,
    SF_*); `risky`, `piece_at`, `pw`: the State's; `pc`: per piece its colour; `points`: scoring.resource_points by
    count; `squares`, `weather`: as `best_placements`; `cval`: NaN per placement (scratch, reset).
    """
    c = di[D_COLOUR]
    pockets = di[D_POCKETS]
    w = np.int64(gw[G_WIDTH])
    place = np.empty(NW, np.uint64)
    waste = ZERO
    for j in range(NW):
        place[j] = bw[B_FULL + j] & ~(bw[B_STATIC + j] | sw[S_COVERED + j] | sw[S_CLOSED + j] | sw[S_WASTE + j])
        waste |= sw[S_WASTE + j]
    anchors = np.zeros(SHAPES * NW, np.uint64)
    use_screen = di[D_MAIN] and di[D_SUPPLY] > 0
    for j in range(NW):
        p = place[j]
        if use_screen:
            anchors[j] = p & _shifted(place, 1, j) & _shifted(place, 2, j) & bw[B_FITS + j]
            anchors[NW + j] = p & _shifted(place, w, j) & _shifted(place, 2 * w, j) & bw[B_FITS + NW + j]
        if di[D_SUPPLY + 1] > 0:
            anchors[2 * NW + j] = p & _shifted(place, 1, j) & bw[B_FITS + 2 * NW + j]
            anchors[3 * NW + j] = p & _shifted(place, w, j) & bw[B_FITS + 3 * NW + j]
        if di[D_SUPPLY + 2] > 0:
            anchors[4 * NW + j] = p & sw[S_REACH + j] & bw[B_FITS + 4 * NW + j]
    work = np.empty(3 * NW, np.uint64)
    parts = np.empty((1 + MAX_PARTS) * NW, np.uint64)
    nin = np.empty(4 * NW, np.uint64)
    idx = np.empty(len(pc) + 1, np.int64)
    counts = np.zeros(di[D_COLOURS], np.int64)
    b0, b1, b2 = di[D_COLLECTED], di[D_COLLECTED + 1], di[D_COLLECTED + 2]
    bonus = di[D_BONUS]
    ncl = 0
    for shape in range(SHAPES):
        for j in range(NW):
            maybe = anchors[shape * NW + j] & risky[shape * NW + j]
            while maybe:
                low = maybe & (~maybe + U64(1))
                maybe ^= low
                k = shape * CODE + 64 * j + popcount(low - U64(1))
                n = closes(k, sw[S_COVERED:S_COVERED + NW], st, sf, bw, pockets, gw, work, parts)
                if n == 0:
                    if not pockets:
                        risky[shape * NW + j] &= ~low
                    continue
                bad = False
                if waste:
                    for e in range(n):
                        for i in range(NW):
                            if parts[(1 + e) * NW + i] & sw[S_WASTE + i]:
                                bad = True
                if bad:
                    anchors[shape * NW + j] &= ~low
                    continue
                v = float(n)
                base = k * ST_ROW
                for e in range(n):
                    for i in range(NW):
                        nin[i] = parts[(1 + e) * NW + i]
                        nin[NW + i] = sw[S_COVERED + i]
                        nin[2 * NW + i] = st[base + i]
                        nin[3 * NW + i] = st[base + NW + i]
                    m = necessary(nin, piece_at, pw, gw, idx)
                    counts[:] = 0
                    for x in range(m):
                        if idx[x] < 0:
                            counts[c] += 1
                        else:
                            counts[pc[idx[x]]] += 1
                    top = counts.max()
                    if top == 0 or counts[c] != top or (counts == top).sum() != 1:
                        continue
                    sq = 0
                    nr0 = nr1 = nr2 = ns = 0
                    for i in range(NW):
                        a = nin[i]
                        sq += popcount(a & bw[B_PLUS + i]) - popcount(a & bw[B_MINUS + i])
                        nr0 += popcount(a & sw[S_RES + i])
                        nr1 += popcount(a & sw[S_RES + NW + i])
                        nr2 += popcount(a & sw[S_RES + 2 * NW + i])
                        ns += popcount(a & sw[S_SURP + i])
                    v += OWN_AREA + sq
                    got = False
                    g = 0.0
                    if nr0:
                        g, got = float(resource_gain(points, bonus, b0, b1, b2, b0 + nr0, b1, b2)), True
                    if nr1:
                        g1 = float(resource_gain(points, bonus, b0, b1, b2, b0, b1 + nr1, b2))
                        if not got or g1 > g:
                            g, got = g1, True
                    if nr2:
                        g2 = float(resource_gain(points, bonus, b0, b1, b2, b0, b1, b2 + nr2))
                        if not got or g2 > g:
                            g, got = g2, True
                    if ns and (not got or ns > g):
                        g, got = 1.0 * ns, True
                    if got:
                        v += g
                cval[k] = v
                cl[2 * ncl] = k
                cl[2 * ncl + 1] = v
                ncl += 1
    top_value, nb = best_placements(anchors, cval, squares, weather, best, out)
    for i in range(ncl):
        cval[int(cl[2 * i])] = NO_CLOSING
    return top_value, nb, ncl


def words_of(masks: Sequence[int]) -> np.ndarray:
    """Python-int bitboards laid one after the other as NW words each (a read-only uint64 array)."""
    return np.frombuffer(b"".join([m.to_bytes(8 * NW, "little") for m in masks]), dtype="<u8")
