"""Python's own Mersenne Twister in the subset numba compiles: `random.Random(seed)` inside a kernel.

A game whose dice come from a `random.Random` seeded during play (Rzuć na tacę seeds each turn's
dice stream from the game's stream, so that two sheets see the same dice) can only be played by a
compiled kernel if the kernel seeds and draws exactly as CPython does. This is CPython's
`_randommodule.c`, step for step: `seed(n)` for a non-negative int below 2**64 (`init_by_array` on
its 32-bit words, low word first), the 32-bit output with its tempering, and `random()` from two
outputs (27 and 26 bits). The state is an int64 array of `STATE_LEN` (624 words, then the index of
the next word); the twist is done one word at a time as words are drawn, which gives the same words
as CPython's whole-block twist (each new word needs only the words before it and the old ones
after it), so a stream that draws 30 words pays for 30, not 624.

Written once for both paths (core.jit): with BOARDGEN_PURE_PYTHON=1 it runs as plain Python on
numpy int64 values; every product stays below 2**63.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from generator.core.jit import njit

N, M = 624, 397
STATE_LEN = N + 1
_MASK = 0xFFFFFFFF
_UPPER, _LOWER = 0x80000000, 0x7FFFFFFF
_MATRIX_A = 0x9908B0DF


def _genrand_init(s: int) -> np.ndarray:
    """CPython's `init_genrand(s)` (computed once, in Python: every seed starts from it)."""
    mt = [s & _MASK]
    for i in range(1, N):
        mt.append((1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK)
    return np.array(mt, np.int64)


#: the state `init_by_array` starts from (`init_genrand(19650218)`)
_INIT = _genrand_init(19650218)


@njit
def seed(mt: Any, lo: int, hi: int) -> None:
    """`random.Random.seed(hi << 32 | lo)` into `mt` (lo, hi: the seed's 32-bit words)."""
    for i in range(N):
        mt[i] = _INIT[i]
    key_len = 2 if hi else 1
    i, j = 1, 0
    prev = mt[0]  # mt[i - 1], kept in hand: each word needs the one just made
    for _ in range(N):  # max(N, key length) steps
        key = lo if j == 0 else hi
        prev = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key + j) & _MASK
        mt[i] = prev
        i += 1
        j += 1
        if i >= N:
            mt[0] = prev
            i = 1
        if j >= key_len:
            j = 0
    for _ in range(N - 1):
        prev = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
        mt[i] = prev
        i += 1
        if i >= N:
            mt[0] = prev
            i = 1
    mt[0] = _UPPER
    mt[N] = 0  # the next word to draw (twisted as it is drawn)


@njit
def word(mt: Any) -> int:
    """The next 32-bit output (`genrand_uint32`)."""
    k = mt[N]
    nxt = k + 1 if k + 1 < N else 0
    y = (mt[k] & _UPPER) | (mt[nxt] & _LOWER)
    far = k + M if k + M < N else k + M - N
    z = mt[far] ^ (y >> 1)
    if y & 1:
        z ^= _MATRIX_A
    mt[k] = z
    mt[N] = nxt
    z ^= z >> 11
    z ^= (z << 7) & 0x9D2C5680
    z ^= (z << 15) & 0xEFC60000
    z ^= z >> 18
    return z & _MASK


@njit
def random(mt: Any) -> float:
    """`random.Random.random()`: a float in [0, 1) from two words."""
    a = word(mt) >> 5
    b = word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


def new_state() -> np.ndarray:
    """An unseeded state array (seed it before drawing)."""
    return np.zeros(STATE_LEN, np.int64)
