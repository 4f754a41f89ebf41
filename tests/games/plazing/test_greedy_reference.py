"""The fast greedy bot (issue #12: path caches, owners kept per placement, a resource table, best
moves as masks) decides exactly what the plain one did.

`plain_value` and `plain_greedy` are the valuation as it was before the speed work, written
plainly: every closing by a flood of the whole board, every owner counted afresh, resource points
from `scoring.resource_score`, every legal move valued alone. Over many seeded mid-game states the
fast `move_value` and `greedy_moves` must give the same numbers and the same moves in the same order.
"""

from __future__ import annotations

import random

import pytest

from generator.core.playout import greedy_bot, random_bot
from generator.games.plazing import scoring
from generator.games.plazing.board import unsplit_many
from generator.games.plazing.engine import State
from generator.games.plazing.model import RESOURCES, Options
from generator.games.plazing.moves import (
    BLANKET,
    COLOUR,
    COLOUR_PHASE,
    MAIN,
    ODD,
    SCREEN,
    SECOND,
    SURPRISE,
    WIND,
    Move,
    shape_of,
)
from generator.games.plazing.setup import generate
from generator.games.plazing.valuation import OWN_AREA, TopMoves

OPTIONS = [Options(players=4), Options(players=3, surprises=True),
           Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True, extra_tiles=True),
           Options(players=2, two_colours=True, surprises=True, events=True, clean_beach=True)]


def plain_closed(s: State, shape: int, a: int) -> list[int]:
    """The areas the placement closes: regions of the free squares left that touch the piece and
    no open edge, in the order of their lowest neighbour square."""
    sh = s.b.shapes[shape][a]
    free = s.b.free0 & ~(s.covered | sh.mask)
    found = [r for r in s.b.grid.enclosed_regions(free, s.b.open_edge) if r & sh.n4 and not r & s.closed]
    return sorted(found, key=lambda r: (r & sh.n4 & -(r & sh.n4)))


def plain_gain(s: State, c: int, k: int, area: int) -> float:
    if k == SURPRISE:
        return 1.0 * (s.surp & area).bit_count()
    before = list(s.collected[c])
    after = list(before)
    after[k] += (s.res[k] & area).bit_count()
    b1 = scoring.resource_score(dict(zip(RESOURCES, before, strict=True)))
    b2 = scoring.resource_score(dict(zip(RESOURCES, after, strict=True)))
    return float(sum(b2) - sum(b1))


def plain_value(s: State, move: Move) -> float:
    """The pre-issue-12 value of a placement; other moves go to the engine's `move_value`."""
    kind, a, b = move
    if kind not in (SCREEN, BLANKET, ODD):
        return s.move_value(move)
    w = s.weather
    v = 0.0
    if kind == SCREEN and w == WIND[b] or kind == BLANKET and w == "sun":
        v += 2.0
    if kind == ODD and w == "rain":
        v -= 1.0
    shape = shape_of(move)
    sh = s.b.shapes[shape][a]
    v += (sh.mask & s.b.plus).bit_count() - (sh.mask & s.b.minus).bit_count()
    c = s.colour
    for area in plain_closed(s, shape, a):
        v += 1
        owner, _ = s.owner_of(area, (c, sh.mask, sh.n4))
        if owner == c:
            v += OWN_AREA + (area & s.b.plus).bit_count() - (area & s.b.minus).bit_count()
            kinds = s.kinds_in(area)
            if kinds:
                v += max(plain_gain(s, c, k, area) for k in kinds)
    return v


def plain_colour_value(s: State, c: int) -> float:
    """Two colours, as before: the best plain value colour c has, asked on a clone."""
    t = s.clone()
    t.colour, t.phase = c, MAIN
    return max((plain_value(t, m) for m in t.legal_moves()), default=0.0)


def plain_greedy(s: State) -> list[Move]:
    moves = s.legal_moves()
    values = [plain_value(s, m) for m in moves]
    top = max(values)
    return [m for m, v in zip(moves, values, strict=True) if v == top]


@pytest.mark.parametrize("options", OPTIONS, ids=["base4", "3p-surprises", "all", "two-colours"])
def test_fast_greedy_equals_the_plain_one_over_seeded_games(options):
    checked = 0
    for seed in range(6):
        s = State(generate(options, seed), random.Random(seed))
        rng = random.Random(seed + 100)
        step = 0
        while not s.is_over() and step < 400:
            if s.phase in (MAIN, SECOND) and step % 2 == 0:
                fast = s.greedy_moves()
                assert isinstance(fast, TopMoves)
                want = plain_greedy(s)
                assert list(fast) == want, (seed, step)
                assert len(fast) == len(want) and [fast[i] for i in range(len(fast))] == want
                for m in s.legal_moves():
                    assert s.move_value(m) == plain_value(s, m), (seed, step, s.describe(m))
                checked += 1
            if s.phase == COLOUR_PHASE:
                for c in s.b.colours_of[s.person]:
                    assert s.move_value((COLOUR, c, 0)) == plain_colour_value(s, c), (seed, step)
                checked += 1
            bot = greedy_bot if (seed + step // 7) % 2 else random_bot
            s.apply(bot(s, rng))
            step += 1
    assert checked > 50


def plain_unsplit(s: State, shape: int) -> int:
    """`State.unsplit` as it was before it was compiled to straight-line code: the ring cycle's loop."""
    b = s.b
    free = b.free0 & ~s.covered
    cycle = b.cycles[shape]
    fs = [((free >> off) if off >= 0 else (free << -off)) & valid for off, valid, _, _ in cycle]
    n = len(fs)
    one = two = touch = n4 = 0
    gs = [f & (fs[i - 1] | fs[(i + 1) % n]) if cycle[i][2] else f for i, f in enumerate(fs)]
    prev = gs[-1]
    for (_, _, corner, edge), g in zip(cycle, gs, strict=True):
        start = g & ~prev
        two |= one & start
        one |= start
        prev = g
        touch |= g & edge
        if not corner:
            n4 |= g
    return ~two & (~b.edge_anchors[shape] | touch | ~n4) & b.fits[shape]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_unsplit_equals_the_loop(players):
    for seed in range(3):
        s = State(generate(Options(players=players, clean_beach=True), seed), random.Random(seed))
        rng = random.Random(seed)
        while not s.is_over():
            for shape in range(5):
                assert s.unsplit(shape) == plain_unsplit(s, shape)
            s.apply(random_bot(s, rng))


@pytest.mark.parametrize("options", OPTIONS[:3], ids=["base4", "3p-surprises", "all"])
def test_owners_kept_from_valuation_equal_a_fresh_count(options):
    """`place` takes the owner and size of a closed area from the greedy valuation's counts when it
    has them: they must be what `owner_of` counts afresh on the board after the move."""
    reused = 0
    for seed in range(4):
        s = State(generate(options, seed), random.Random(seed))
        rng = random.Random(seed)
        while not s.is_over():
            before = len(s.areas)
            move = greedy_bot(s, rng)
            if move[0] in (SCREEN, BLANKET, ODD):
                reused += s._owners.get(shape_of(move) * 4096 + move[1]) is not None
            s.apply(move)
            for area, owner, _, around in s.areas[before:]:
                assert (owner, around) == s.owner_of(area), (seed, s.moves)
    assert reused > 20


def test_unsplit_of_several_shapes_at_once_equals_each_alone():
    """`board.unsplit_many` (the shapes' tests sharing their shifted squares) answers as the
    per-shape compiled tests, for every set of shapes, on boards along random games."""
    sets = [tuple(sh for sh in range(5) if k >> sh & 1) for k in range(1, 32)]
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        s = State(generate(Options(players=players, clean_beach=True), seed), random.Random(seed))
        rng = random.Random(seed)
        while not s.is_over():
            free = s.b.free0 & ~s.covered
            for shapes in sets:
                assert unsplit_many(s.b, shapes)(free) == tuple(plain_unsplit(s, sh) for sh in shapes)
            s.apply(random_bot(s, rng))
