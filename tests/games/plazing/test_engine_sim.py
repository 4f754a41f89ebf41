"""OpenSpiel-style simulation tests: many random (and some greedy) games from many generated setups,
with the engine's invariants checked after every move."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.playout import greedy_bot, play_one, random_bot
from generator.games.plazing.engine import ODD, SCREEN, State
from generator.games.plazing.model import RESOURCES, Options
from generator.games.plazing.setup import generate

OPTIONS = [
    Options(players=2),
    Options(players=3, clean_beach=True),
    Options(players=4),
    Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True, extra_tiles=True),
    Options(players=2, two_colours=True, surprises=True, events=True, clean_beach=True),
    Options(players=3, surprises=True, events=True, extra_events=True, extra_tiles=True),
]


class Invariants:
    """Checks a state after every move; remembers what must never change (closed areas)."""

    def __init__(self, s: State) -> None:
        self.areas: list[tuple[int, int, int, int]] = []
        b = s.b
        self.tokens = dict(b.surprise_token)
        self.initial = [m.bit_count() for m in b.res0]

    def __call__(self, s: State) -> None:
        b, g = s.b, s.b.grid
        union, total = 0, 0
        placed = [[0, 0, 0] for _ in range(b.colours)]
        for c, piece, m, outer in s.pieces:
            assert m and not m & ~g.full, "a piece left the beach"
            total += m.bit_count()
            union |= m
            placed[c][piece] += 1
            assert (outer >= 0) == (piece == SCREEN)
        assert union == s.covered and union.bit_count() == total, "pieces overlap"
        assert not s.covered & b.static_block, "a piece on an object, a resource or a surprise"
        for c in range(b.colours):
            assert [placed[c][p] + s.supply[c][p] for p in range(3)] == list(b.supply), "supply not conserved"
            assert all(x >= 0 for x in s.supply[c])
        # closed areas never change, stay closed and stay whole
        assert s.areas[:len(self.areas)] == self.areas, "a closed area changed"
        self.areas = list(s.areas)
        closed = 0
        free = b.free0 & ~s.covered
        for area, _owner, _, _ in s.areas:
            assert not area & closed and not area & s.covered
            assert not area & b.open_edge
            assert g.flood(free, area) == area, "a closed area grew or is not a whole area"
            assert not area & s.waste, "waste closed in"
            closed |= area
        assert closed == s.closed
        # ... and every closed area of the board is recorded (no closing missed by the quick tests)
        assert sorted(g.enclosed_regions(free, b.open_edge)) == sorted(a for a, _, _, _ in s.areas), \
            "an enclosed area was not recorded as closed"
        for c in range(b.colours):
            assert s.own_areas[c] == sum(a for a, o, _, _ in s.areas if o == c)
        # resources (and surprise tokens) conserved
        neutral = sum(a for a, o, _, _ in s.areas if o < 0)
        revealed = [0, 0, 0]
        for i, token in self.tokens.items():
            if not (s.surp >> i) & 1 and not (neutral >> i) & 1 and token in RESOURCES:
                revealed[RESOURCES.index(token)] += 1
        for k in range(3):
            have = s.res[k].bit_count() + sum(col[k] for col in s.collected) + s.gone[k]
            assert have == self.initial[k] + revealed[k], f"{RESOURCES[k]} not conserved"
            assert all(col[k] >= 0 for col in s.collected)
        assert s.res[0] | s.res[1] | s.res[2] | s.surp | s.waste <= g.full
        # scores are the sum of their breakdown
        for sc in s.scores():
            assert float(sc) == sum(sc.parts.values())
        if not s.is_over():
            assert s.has_legal_moves()


def play(setup, seed: int, bot=random_bot) -> State:
    rng = random.Random(seed)
    s = State(setup, rng)
    inv = Invariants(s)
    inv(s)
    n = play_one(s, [bot] * s.num_players, rng, max_moves=3000, invariant=inv)
    assert s.is_over() and n > 0 and s.legal_moves() == []
    assert s.end_by >= 0 and s.queue == []
    return s


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(OPTIONS), st.integers(0, 2**32))
def test_random_games_keep_every_invariant(options, seed):
    setup = generate(options, seed)
    for i in range(8):
        play(setup, seed + i)


def test_greedy_games_keep_every_invariant():
    for k, options in enumerate(OPTIONS):
        play(generate(options, 100 + k), k, greedy_bot)


def test_many_games_end_and_use_every_rule():
    """Seven hundred fast games over many setups: every game ends, and the rules actually happen."""
    seen = {"closed": 0, "neutral": 0, "bonus": 0, "events": 0, "special": 0, "waste": 0, "odd": 0}
    for k in range(700):
        options = OPTIONS[k % len(OPTIONS)]
        setup = generate(options, 1000 + k // len(OPTIONS))
        rng = random.Random(k)
        s = State(setup, rng)
        n = play_one(s, [random_bot] * s.num_players, rng, max_moves=3000)
        assert s.is_over() and 10 < n < 3000
        seen["closed"] += len(s.areas)
        seen["neutral"] += sum(1 for _, o, _, _ in s.areas if o < 0)
        seen["bonus"] += sum(map(sum, s.collected))
        seen["events"] += s.deck_pos
        seen["special"] += sum(t["specials"] != 0 for t in s.track)
        seen["waste"] += sum(s.waste_collected)
        seen["odd"] += sum(1 for _, p, _, _ in s.pieces if p == ODD)
    assert all(v > 0 for v in seen.values()), seen


def test_same_seed_same_game():
    setup = generate(OPTIONS[3], 5)
    a, b = play(setup, 9), play(setup, 9)
    assert a.pieces == b.pieces and [x.parts for x in a.scores()] == [x.parts for x in b.scores()]
