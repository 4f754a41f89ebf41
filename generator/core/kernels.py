"""Game-agnostic compiled primitives: two-word bitboards and Python's random draws, for playout kernels.

A board of at most 128 squares is a pair of 64-bit words (lo, hi): square i is bit i of lo for
i < 64 and bit i - 64 of hi otherwise, the same numbering as core.grid's Python ints (square (x, y)
is bit y * width + x), so `split(bits)` and `join(lo, hi)` convert without reordering. A grid is the
tuple `grid_words(grid)`: (width, 64 - width, not_west lo/hi, not_east lo/hi, full lo/hi), passed
by value so that the compiled loops keep it in registers.

Everything here is written in the subset numba compiles (core.jit) and is also plain Python: with
BOARDGEN_PURE_PYTHON=1 the same functions run on numpy scalars. Words are numpy uint64 on both paths
(a Python int mixed into a bit operation would change type), counts are plain integers.

Random draws: a kernel that makes the choices of a Python bot must draw exactly what
`random.Random.randrange(n)` draws, so that a game is the same move by move whichever path plays it.
CPython draws `randrange(n)` as `getrandbits(k)` with k = n.bit_length(), retried while >= n, and
`getrandbits(k)` for k <= 32 is the next 32-bit Mersenne Twister word shifted right by 32 - k.
`take_words` hands a kernel the next raw words of a Random; `randbelow` turns them into draws the
same way; `give_back` rewinds the Random to just after the words the kernel used.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from generator.core.grid import Grid
from generator.core.jit import count_bits_natively, njit

U64 = np.uint64
ZERO = np.uint64(0)
ONE = np.uint64(1)
MASK64 = (1 << 64) - 1

#: the largest board a two-word bitboard holds
MAX_SQUARES = 128


def split(bits: int) -> tuple[Any, Any]:
    """A Python-int bitboard as its two words."""
    return U64(bits & MASK64), U64(bits >> 64)


def join(lo: Any, hi: Any) -> int:
    """Two words as a Python-int bitboard."""
    return int(lo) | int(hi) << 64


def grid_words(grid: Grid) -> tuple[Any, ...]:
    """The grid tuple the kernels take (module doc); ValueError past MAX_SQUARES squares."""
    if grid.width * grid.height > MAX_SQUARES or grid.width >= 64:
        raise ValueError(f"a {grid.width}x{grid.height} board is more than the compiled playouts hold "
                         f"(at most {MAX_SQUARES} squares, fewer than 64 columns)")
    return (U64(grid.width), U64(64 - grid.width), *split(grid.not_west), *split(grid.not_east),
            *split(grid.full))


# --- two-word bitboards ------------------------------------------------------------------------


def popcount(x: Any) -> Any:  # an np.int64 on the plain-Python path too (the word arithmetic is uint64)
    """Set bits of one word (SWAR without a multiply, which would overflow on the plain-Python path).

    Compiled callers get the CPU's popcount instruction instead (`core.jit.count_bits_natively`):
    the same count, a tenth of the instructions, in the loops that count every candidate's squares."""
    x = x - ((x >> U64(1)) & U64(0x5555555555555555))
    x = (x & U64(0x3333333333333333)) + ((x >> U64(2)) & U64(0x3333333333333333))
    x = (x + (x >> U64(4))) & U64(0x0F0F0F0F0F0F0F0F)
    x = x + (x >> U64(8))
    x = x + (x >> U64(16))
    x = x + (x >> U64(32))
    return np.int64(x & U64(0x7F))


count_bits_natively(popcount)


@njit(inline="always")
def count2(lo: Any, hi: Any) -> int:
    """Set bits of a two-word bitboard."""
    return popcount(lo) + popcount(hi)


@njit(inline="always")
def lowest2(lo: Any, hi: Any) -> tuple[Any, Any]:
    """The lowest set square alone (0, 0 when empty)."""
    if lo:
        return lo & (~lo + ONE), ZERO
    return ZERO, hi & (~hi + ONE)


@njit(inline="always")
def index2(lo: Any, hi: Any) -> int:
    """The square number of a one-square bitboard."""
    if lo:
        return popcount(lo - ONE)
    return 64 + popcount(hi - ONE)


@njit(inline="always")
def grow4(lo: Any, hi: Any, g: tuple) -> tuple[Any, Any]:
    """`bits` plus its orthogonal neighbours (core.grid.Grid.grow4)."""
    w, w64 = g[0], g[1]
    east_lo = (lo << ONE) & g[2]
    east_hi = ((hi << ONE) | (lo >> U64(63))) & g[3]
    west_lo = ((lo >> ONE) | (hi << U64(63))) & g[4]
    west_hi = (hi >> ONE) & g[5]
    south_lo = lo << w
    south_hi = (hi << w) | (lo >> w64)
    north_lo = (lo >> w) | (hi << w64)
    north_hi = hi >> w
    return ((lo | east_lo | west_lo | south_lo | north_lo) & g[6],
            (hi | east_hi | west_hi | south_hi | north_hi) & g[7])


@njit(inline="always")
def grow8(lo: Any, hi: Any, g: tuple) -> tuple[Any, Any]:
    """`bits` plus every square at Chebyshev distance 1 (core.grid.Grid.grow8)."""
    w, w64 = g[0], g[1]
    h_lo = lo | ((lo << ONE) & g[2]) | (((lo >> ONE) | (hi << U64(63))) & g[4])
    h_hi = hi | (((hi << ONE) | (lo >> U64(63))) & g[3]) | ((hi >> ONE) & g[5])
    return ((h_lo | (h_lo << w) | (h_lo >> w) | (h_hi << w64)) & g[6],
            (h_hi | (h_hi << w) | (h_lo >> w64) | (h_hi >> w)) & g[7])


@njit
def flood2(free_lo: Any, free_hi: Any, seed_lo: Any, seed_hi: Any, g: tuple) -> tuple[Any, Any]:
    """The squares of `free` 4-connected to `seed` (core.grid.Grid.flood)."""
    lo, hi = seed_lo & free_lo, seed_hi & free_hi
    while True:
        n_lo, n_hi = grow4(lo, hi, g)
        n_lo &= free_lo
        n_hi &= free_hi
        if n_lo == lo and n_hi == hi:
            return lo, hi
        lo, hi = n_lo, n_hi


@njit
def flood_until2(free_lo: Any, free_hi: Any, seed_lo: Any, seed_hi: Any, goal_lo: Any, goal_hi: Any,
                 g: tuple) -> tuple[Any, Any]:
    """`flood2`, stopped as soon as the flood holds every square of `goal` (a reachability question
    needs no more: the caller only asks which goal squares the flood reaches)."""
    lo, hi = seed_lo & free_lo, seed_hi & free_hi
    while (goal_lo & ~lo) | (goal_hi & ~hi):
        n_lo, n_hi = grow4(lo, hi, g)
        n_lo &= free_lo
        n_hi &= free_hi
        if n_lo == lo and n_hi == hi:
            break
        lo, hi = n_lo, n_hi
    return lo, hi


# --- Python's random draws ------------------------------------------------------------------------


@njit(refcounts=False)
def randbelow(words: Any, at: Any, n: int) -> np.int64 | int:  # a draw is an np.int64, the -1 an int
    """`random.Random.randrange(n)` from the raw words `words[at[0]:]` (module doc); advances `at[0]`.

    Returns -1, with `at[0]` where it was, when the words run out before a draw is made: the caller
    fetches more and asks again.
    """
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    shift = U64(32 - k)
    i = at[0]
    while i < len(words):
        r = np.int64(U64(words[i]) >> shift)
        i += 1
        if r < n:
            at[0] = i
            return r
    return -1


def take_words(rng: random.Random, count: int) -> tuple[Any, np.ndarray]:
    """(the rng's state before, its next `count` raw 32-bit words as uint32) for a kernel's draws."""
    before = rng.getstate()
    raw = rng.getrandbits(32 * count)
    # a writable buffer: a read-only array would be another type to the compiled callers
    return before, np.frombuffer(bytearray(raw.to_bytes(4 * count, "little")), dtype="<u4")


def give_back(rng: random.Random, before: Any, used: int) -> None:
    """Rewind `rng` to `before` and advance it by exactly the `used` words a kernel drew."""
    rng.setstate(before)
    if used:
        rng.getrandbits(32 * used)
