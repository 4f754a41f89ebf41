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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.playout import greedy_bot, random_bot
from generator.games.plazing import scoring
from generator.games.plazing.board import hand_setup
from generator.games.plazing.engine import State
from generator.games.plazing.greedy import best_moves, decode, greedy_moves, move_value
from generator.games.plazing.kernels import OWN_AREA
from generator.games.plazing.model import RESOURCES, Options
from generator.games.plazing.moves import (
    BLANKET,
    COLLECT_WASTE,
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
        return move_value(s, move)
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


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=["base4", "3p-surprises", "all", "two-colours"])
def test_fast_greedy_equals_the_plain_one_over_seeded_games(options):
    checked = 0
    for seed in range(6):
        s = State(generate(options, seed), random.Random(seed))
        rng = random.Random(seed + 100)
        step = 0
        while not s.is_over() and step < 400:
            if s.phase in (MAIN, SECOND) and step % 2 == 0:
                fast = greedy_moves(s)
                want = plain_greedy(s)
                assert fast == want, (seed, step)
                n, codes, others = best_moves(s)  # what the bot draws among: the same moves, in that order
                assert [decode(int(c)) for c in codes[:n]] + others == want
                for m in s.legal_moves():
                    assert move_value(s, m) == plain_value(s, m), (seed, step, s.describe(m))
                checked += 1
            if s.phase == COLOUR_PHASE:
                for c in s.b.colours_of[s.person]:
                    assert move_value(s, (COLOUR, c, 0)) == plain_colour_value(s, c), (seed, step)
                checked += 1
            bot = greedy_bot if (seed + step // 7) % 2 else random_bot
            s.apply(bot(s, rng))
            step += 1
    assert checked > 50


SIZES = {0: (3, 1), 1: (1, 3), 2: (2, 1), 3: (1, 2), 4: (1, 1)}  # H3, V3, H2, V2, O1: width, height


def plain_wall_parts(s: State) -> dict[int, int]:
    """Per wall square (an object or a piece), the number of its part: walls joined by touching
    (8-neighbours), every part with a square in row 0 joined to the sea (part -1)."""
    g = s.b.grid
    walls = s.b.objects | s.covered
    part_of: dict[int, int] = {}
    rest, k = walls, 0
    while rest:
        part = rest & -rest
        while True:
            grown = g.grow8(part) & walls
            if grown == part:
                break
            part = grown
        rest &= ~part
        label = -1 if part & g.north else k
        k += 1
        for i in range(g.width * g.height):
            if part >> i & 1:
                part_of[i] = label
    return part_of


def plain_ring_labels(s: State, parts: dict[int, int], shape: int, a: int, sea: int | None = -1) -> list[int | None]:
    """The wall part of each cell round the placement, clockwise from its north-west corner: None
    for a free square or one beyond the open edges, `sea` for the sea beyond the north edge; a
    free corner between two cells of one part takes that part (they touch diagonally)."""
    w, h = s.b.width, s.b.height
    x, y = a % w, a // w
    pw, ph = SIZES[shape]
    cells = ([(dx, -1) for dx in range(-1, pw + 1)] + [(pw, dy) for dy in range(ph)]
             + [(dx, ph) for dx in range(pw, -2, -1)] + [(-1, dy) for dy in range(ph - 1, -1, -1)])
    labels: list[int | None] = []
    for dx, dy in cells:
        cx, cy = x + dx, y + dy
        if cy < 0 and 0 <= cx < w:
            labels.append(sea)
        elif 0 <= cx < w and 0 <= cy < h:
            labels.append(parts.get(cy * w + cx))
        else:
            labels.append(None)
    corners = {(-1, -1), (pw, -1), (pw, ph), (-1, ph)}
    n = len(cells)
    return [labels[i - 1] if cells[i] in corners and labels[i] is None and labels[i - 1] is not None
            and labels[i - 1] == labels[(i + 1) % n] else labels[i] for i in range(n)]


def plain_two_arcs(labels: list[int | None]) -> bool:
    """Whether one wall part holds two separate runs of the ring's cells."""
    starts: dict[int, int] = {}
    for i, lab in enumerate(labels):
        if lab is not None and labels[i - 1] != lab:
            starts[lab] = starts.get(lab, 0) + 1
    return any(v >= 2 for v in starts.values())


def plain_pockets(s: State) -> int:
    """Free squares of the empty beach that no open edge reaches."""
    return s.b.free0 & ~s.b.grid.flood(s.b.free0, s.b.open_edge)


def check_risky(s: State) -> int:
    """Every placement the colour could make: it closes an area (a plain flood) if and only if its
    ring meets one wall part twice (the criterion; a placement in a pocket may close without),
    and then `State.risky` has it (the upkeep). Returns how many placements close something."""
    parts = plain_wall_parts(s)
    pockets = plain_pockets(s)
    free = s.placeable()
    closing = 0
    for shape in range(5):
        for a in range(s.b.width * s.b.height):
            sh = s.b.shapes[shape][a]
            if sh is None or sh.mask & ~free:
                continue
            two = plain_two_arcs(plain_ring_labels(s, parts, shape, a))
            wanted = two or bool(sh.mask & pockets)
            closes = bool(plain_closed(s, shape, a))
            closing += closes
            assert closes or not two or sh.mask & pockets, (shape, a)  # two arcs of one part close
            assert wanted or not closes, (shape, a)  # ... and only they (or a pocket) may
            if wanted:
                assert s.risky[shape] >> a & 1, (shape, a)
    return closing


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=["base4", "3p-surprises", "all", "two-colours"])
def test_risky_holds_every_placement_that_closes(options):
    closing = 0
    for seed in range(3):
        s = State(generate(options, seed), random.Random(seed))
        rng = random.Random(seed)
        while not s.is_over():
            if s.moves % 5 == 0:
                closing += check_risky(s)
            s.apply((greedy_bot if seed % 2 else random_bot)(s, rng))
    assert closing > 20


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.floats(0.0, 0.3), st.booleans())
def test_risky_holds_every_closing_on_drawn_beaches(seed, density, greedy):
    """Hand-drawn beaches with objects strewn at random: walls of objects touching the sea and
    the border, pockets closed from the start, pieces joining objects."""
    rng = random.Random(seed)
    rows = ["".join("#" if rng.random() < density else "." for _ in range(12)) for _ in range(12)]
    s = State(hand_setup(rows, players=2), random.Random(seed))
    bot = greedy_bot if greedy else random_bot
    while not s.is_over():
        if s.moves % 2 == 0:
            check_risky(s)
        s.apply(bot(s, rng))


def test_two_arcs_equals_a_plain_count():
    """`board.two_arcs` (compiled, bit-parallel) against a count round each ring, for parts made of
    random squares, with the sea's cells in and out."""
    s = State(generate(Options(players=4), 0), random.Random(0))
    b = s.b
    w, h = b.width, b.height
    rng = random.Random(1)
    for trial in range(40):
        cells = sum(1 << i for i in range(w * h) if rng.random() < 0.25)
        sea = trial % 2
        parts = {i: 0 for i in range(w * h) if cells >> i & 1}
        got = b.two_arcs(cells, -sea)
        for shape in range(5):
            want = 0
            for a in range(w * h):
                if b.shapes[shape][a] is None:
                    continue
                labels = plain_ring_labels(s, parts, shape, a, 0 if sea else None)
                if plain_two_arcs(labels):
                    want |= 1 << a
            assert got[shape] == want, (trial, shape)


def test_waste_kept_as_closed_in_stays_closed_in():
    """`State._waste_in` keeps, per placement found to close waste in, that waste: while it lies
    there the placement still closes it in (plain floods), and the legal placements are those of
    a plain waste check of every placement."""
    kept = 0
    options = Options(players=4, clean_beach=True, surprises=True)
    for seed in range(4):
        s = State(generate(options, seed), random.Random(seed))
        rng = random.Random(seed)
        while not s.is_over():
            if s.phase in (MAIN, SECOND) and s.moves % 3 == 0:
                free = s.placeable()
                for key, wit in s._waste_in.items():
                    shape, a = divmod(key, 4096)
                    sh = s.b.shapes[shape][a]
                    if wit & s.waste and not sh.mask & ~free:
                        kept += 1
                        assert any(p & s.waste for p in plain_closed(s, shape, a)), (seed, s.moves, key)
                plain = [m for m in s.legal_moves() if m[0] not in (SCREEN, BLANKET, ODD)]
                small = s.phase == SECOND
                for kind, outers in ((SCREEN, (0, 1, 2, 3)), (BLANKET, (0, 1)), (ODD, (0,))):
                    if not s.supply[s.colour][kind] or small and kind == SCREEN:
                        continue
                    for o in outers:
                        shape = shape_of((kind, 0, o))
                        for a in range(s.b.width * s.b.height):
                            sh = s.b.shapes[shape][a]
                            if sh is None or sh.mask & ~free or kind == ODD and not s.reach[s.colour] >> a & 1:
                                continue
                            if not any(p & s.waste for p in plain_closed(s, shape, a)):
                                plain.append((kind, a, o))
                assert sorted(s.legal_moves()) == sorted(plain), (seed, s.moves)
            s.apply((greedy_bot if seed % 2 else random_bot)(s, rng))
    assert kept > 20


def test_a_placement_closing_waste_in_is_legal_once_that_waste_is_collected():
    """Two blankets stand west and east of a 2 x 2 nook at the sea holding waste; a blanket south
    of it would close the waste in (illegal, and kept as such), until the waste is taken (while
    other waste lies elsewhere)."""
    s = State(hand_setup(["." * 12] * 12, players=2, waste=[(1, 0), (11, 11)]), random.Random(0))
    w = s.b.width

    def put(colour: int, move: Move) -> None:
        s.colour, s.phase = colour, MAIN
        s.apply(move)

    put(0, (BLANKET, 0, 1))  # (0,0)-(0,1)
    put(1, (BLANKET, 3, 1))  # (3,0)-(3,1)
    s.colour, s.phase = 0, MAIN
    south = (BLANKET, 2 * w + 1, 0)  # (1,2)-(2,2)
    assert south not in list(greedy_moves(s))  # the greedy valuation leaves it out ...
    assert south not in s.legal_moves()  # ... as the legal moves do, keeping what they found
    assert s._waste_in.get(shape_of(south) * 4096 + south[1]) == 1 << 1
    assert south not in s.legal_moves()  # ... and reading it back
    put(0, (COLLECT_WASTE, 1, 0))
    s.colour, s.phase = 0, MAIN
    assert south in s.legal_moves()
    assert move_value(s, south) == plain_value(s, south) > 1
    s.apply(south)
    assert s.areas and s.areas[-1][0] == (0b110 | 0b110 << w)


def test_a_pocket_closed_from_the_start_is_looked_at():
    """Objects and the sea close a pocket from the start; a blanket inside it between two lone
    objects meets two different wall parts, yet parts its free neighbours within the pocket:
    `Board.pockets` keeps it among the placements looked at, and it is valued as the plain rules
    value it."""
    rows = [list("." * 12) for _ in range(12)]
    for y in range(8):
        rows[y][1] = rows[y][10] = "#"
    for x in range(1, 11):
        rows[7][x] = "#"
    rows[3][4] = rows[3][7] = "#"
    s = State(hand_setup(["".join(r) for r in rows], players=2), random.Random(0))
    w = s.b.width
    assert s.b.pockets == sum(1 << (y * w + x) for y in range(7) for x in range(2, 10)) & ~s.b.objects
    move = (BLANKET, 3 * w + 5, 0)  # (5,3)-(6,3)
    shape, a = shape_of(move), move[1]
    parts = plain_wall_parts(s)
    assert not plain_two_arcs(plain_ring_labels(s, parts, shape, a))
    assert s.risky[shape] >> a & 1
    assert s.new_closed(shape, a) == plain_closed(s, shape, a) != []
    assert move_value(s, move) == plain_value(s, move)
    assert move in list(greedy_moves(s))
