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
