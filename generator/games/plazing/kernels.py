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
    """A Python-int bitboard as its NW words (a writable uint64 array)."""
    return np.frombuffer(bytearray(x.to_bytes(8 * NW, "little")), dtype="<u8")


def number(w: np.ndarray) -> int:
    """NW words as a Python-int bitboard."""
    return int.from_bytes(w.tobytes(), "little")


def numbers(w: np.ndarray, n: int) -> tuple[int, ...]:
    """`n` bitboards laid one after the other in `w` (NW words each) as Python ints."""
    raw = w.tobytes()
    size = 8 * NW
    return tuple(int.from_bytes(raw[i * size:(i + 1) * size], "little") for i in range(n))


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

# the grid words `gw` (`grid_words`): not_west, not_east (NW words each), then the width
G_NOT_WEST, G_NOT_EAST, G_WIDTH = 0, NW, 2 * NW


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
    r0, r1, r2, r3 = inp[4], inp[5], inp[6], inp[7]
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


def grid_words(not_west: int, not_east: int, width: int) -> np.ndarray:
    """The grid words `closed_parts` reads (`G_*`)."""
    return np.concatenate((words(not_west), words(not_east), np.array([width], np.uint64)))


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


def words_of(masks: Sequence[int]) -> np.ndarray:
    """Python-int bitboards laid one after the other as NW words each (a writable uint64 array)."""
    return np.frombuffer(bytearray(b"".join(m.to_bytes(8 * NW, "little") for m in masks)), dtype="<u8")
