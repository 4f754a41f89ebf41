"""The compiled rules (kernels.py) against plain floods over core.grid's Python ints, on beaches of
every size with squares strewn at random: which areas a placement closes, an area's holes, and the
conversion of bitboards to the kernels' words and back."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.plazing import kernels
from generator.games.plazing.board import board_for, hand_setup

BEACHES = {w: board_for(hand_setup(["." * w] * 12, players=2)) for w in (12, 16, 20)}


def plain_holes(g, area: int) -> int:  # type: ignore[no-untyped-def]
    """Squares off `area` from which no 8-connected path off the area reaches the border."""
    rest = g.full & ~area
    border = g.west | g.east | g.north | g.south
    reach = rest & border
    while True:
        grown = g.grow8(reach) & rest
        if grown == reach:
            return rest & ~reach
        reach = grown


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(BEACHES)), st.integers(0, 2**32), st.floats(0.2, 0.6), st.integers(0, 4))
def test_closed_parts_are_the_plain_enclosed_regions_next_to_the_piece(w, seed, density, shape):
    b = BEACHES[w]
    g = b.grid
    rng = random.Random(seed)
    covered = sum(1 << i for i in range(w * 12) if rng.random() < density)
    anchors = [i for i, sh in enumerate(b.shapes[shape]) if sh is not None]
    sh = b.shapes[shape][rng.choice(anchors)]
    free = b.free0 & ~(covered | sh.mask)
    n4 = sh.n4 & free
    n = kernels.closed_parts(kernels.words_of((free, n4, b.open_edge)), b.grid_words, b.parts_out)
    found = kernels.numbers(b.parts_out, 1 + n)
    want = sorted((r for r in g.enclosed_regions(free, b.open_edge) if r & n4), key=lambda r: r & n4 & -(r & n4))
    assert list(found[1:]) == want
    cert = found[0]
    assert not cert & ~free and all(r & ~cert == 0 for r in want)  # the certificate is free and holds the parts
    for r in g.enclosed_regions(free, b.open_edge):  # every neighbour's region is in the certificate
        assert not r & n4 or r & cert
    open_ = free & ~sum(want)
    assert not (n4 & open_) & ~cert


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(BEACHES)), st.integers(0, 2**32), st.floats(0.1, 0.7))
def test_holes_are_the_plain_holes(w, seed, density):
    b = BEACHES[w]
    rng = random.Random(seed)
    area = sum(1 << i for i in range(w * 12) if rng.random() < density)
    kernels.holes(kernels.words(area), b.grid_words, b.hole_out)
    assert kernels.number(b.hole_out) == plain_holes(b.grid, area)


def test_words_and_numbers_round_trip_every_square():
    masks = [1 << i for i in range(0, kernels.MAX_SQUARES, 37)] + [(1 << kernels.MAX_SQUARES) - 1, 0]
    assert kernels.numbers(kernels.words_of(masks), len(masks)) == tuple(masks)
    assert all(kernels.number(kernels.words(m)) == m for m in masks)
