"""core.kernels: the two-word bitboards agree with core.grid's Python ints, and the raw-word draws with
Python's random.Random, on whichever path the tests run."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import kernels as ck
from generator.core.grid import get_grid

SIZES = [(10, 10), (11, 11), (3, 3), (25, 5), (12, 10)]


@settings(max_examples=60, deadline=None)
@given(size=st.sampled_from(SIZES), seed=st.integers(0, 2**32))
def test_growth_and_flood_match_the_python_grid(size: tuple[int, int], seed: int) -> None:
    g = get_grid(*size)
    words = ck.grid_words(g)
    rng = random.Random(seed)
    bits = rng.getrandbits(g.width * g.height) & rng.getrandbits(g.width * g.height)
    free = rng.getrandbits(g.width * g.height) | rng.getrandbits(g.width * g.height)
    seed_sq = 1 << rng.randrange(g.width * g.height)
    lo, hi = ck.split(bits)
    assert ck.join(*ck.grow4(lo, hi, words)) == g.grow4(bits)
    assert ck.join(*ck.grow8(lo, hi, words)) == g.grow8(bits)
    assert ck.count2(lo, hi) == bits.bit_count()
    f_lo, f_hi = ck.split(free)
    s_lo, s_hi = ck.split(seed_sq)
    assert ck.join(*ck.flood2(f_lo, f_hi, s_lo, s_hi, words)) == g.flood(free, seed_sq)
    if bits:
        low = ck.join(*ck.lowest2(lo, hi))
        assert low == bits & -bits
        assert ck.index2(*ck.split(low)) == low.bit_length() - 1
    # stopped early, the flood holds the goal squares it can reach, and only squares of the full flood
    goal = g.flood(free, seed_sq) & bits
    part = ck.join(*ck.flood_until2(f_lo, f_hi, s_lo, s_hi, *ck.split(goal), words))
    assert goal & ~part == 0 and part & ~g.flood(free, seed_sq) == 0


def test_a_board_past_two_words_is_refused() -> None:
    with pytest.raises(ValueError, match="at most 128 squares"):
        ck.grid_words(get_grid(12, 11))


@pytest.mark.parametrize("seed", range(5))
def test_randbelow_draws_what_randrange_draws(seed: int) -> None:
    rng, ref = random.Random(seed), random.Random(seed)
    before, words = ck.take_words(rng, 400)
    at = np.zeros(2, np.int64)
    ns = [1, 2, 3, 5, 7, 64, 100, 1000, 2**31 - 1] * 20
    drawn = []
    for n in ns:
        r = ck.randbelow(words, at, n)
        if r < 0:
            break
        drawn.append(int(r))
    assert drawn == [ref.randrange(n) for n in ns[:len(drawn)]] and len(drawn) > 100
    ck.give_back(rng, before, int(at[0]))
    assert rng.getrandbits(32) == ref.getrandbits(32)  # the stream goes on where randrange left it


def test_randbelow_asks_for_more_words_without_using_any() -> None:
    words = np.array([0xFFFFFFFF, 0xFFFFFFFF], np.uint32)  # both too large for n = 3 (k = 2: 3 >= 3)
    at = np.zeros(2, np.int64)
    assert ck.randbelow(words, at, 3) == -1 and at[0] == 0
