"""The greedy bot's fast paths agree with the plain rules: `State.risky` never leaves out a placement
that closes something, the incremental `new_closed` cache answers as a fresh flood would, and
`greedy_moves` is exactly the best-valued part of `legal_moves` in its order."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.playout import greedy_bot, play_one, random_bot
from generator.games.plazing.engine import H2, H3, O1, V2, V3, State
from generator.games.plazing.greedy import greedy_moves, move_value
from generator.games.plazing.model import Options
from generator.games.plazing.moves import bits_of
from generator.games.plazing.setup import generate

OPTIONS = [Options(players=4), Options(players=2, clean_beach=True),
           Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True, extra_tiles=True),
           Options(players=2, two_colours=True, surprises=True, events=True)]


def oracle(s: State, sh) -> list[int]:
    """The areas a placement closes, by brute force: every region of the free squares left that
    touches the piece and none of the open edges, in the order of their lowest neighbour square."""
    g = s.b.grid
    free = s.b.free0 & ~(s.covered | sh.mask)
    found = [r for r in g.enclosed_regions(free, s.b.open_edge) if r & sh.n4 and not r & s.closed]
    return sorted(found, key=lambda r: (r & sh.n4 & -(r & sh.n4)))


def check_state(s: State) -> None:
    fresh = State.__new__(State)
    fresh.__dict__.update(s.__dict__)
    fresh._closing = [[None] * len(row) for row in fresh._closing]
    free = s.placeable()
    for shape in (H3, V3, H2, V2, O1):
        risky = s.risky[shape]
        for a in bits_of(s.b.fits[shape] & free & (free >> 0)):
            sh = s.b.shapes[shape][a]
            if sh is None or sh.mask & ~free:
                continue
            want = fresh._new_closed(shape, a)[0]
            assert s.new_closed(shape, a) == want  # the cache answers as a fresh computation
            assert want == oracle(s, sh)  # ... and both as a plain flood of the whole board
            if not risky >> a & 1:
                assert want == []  # left out as meeting no wall part twice: it really closes nothing
    if not s.is_over():
        moves = s.legal_moves()
        values = [move_value(s, m) for m in moves]
        top = max(values)
        assert greedy_moves(s) == [m for m, v in zip(moves, values, strict=True) if v == top]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(OPTIONS), st.integers(0, 2**32))
def test_fast_paths_agree_with_the_plain_rules_over_whole_games(options, seed):
    s = State(generate(options, seed), random.Random(seed))
    bot = greedy_bot if seed % 2 else random_bot
    step = {"n": 0}

    def every_third(st: State) -> None:
        step["n"] += 1
        if step["n"] % 3 == 0:
            check_state(st)

    play_one(s, [bot] * s.num_players, s.rng, max_moves=3000, invariant=every_third)
