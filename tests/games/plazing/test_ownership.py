"""Who owns a closed area: only the pieces necessary to close it count (rulebook: "prowadząc wewnętrzną,
najkrótszą linię, przy czym zliczamy wyłącznie elementy niezbędne do zamknięcia obszaru"; DIGEST 1).

The pocket used throughout: sea to the north, objects (#) at x=3 and x=8 for y=0..2, so the area is
x=4..7, y=0..2 and red closes it with two horizontal blankets at y=3. Red is colour 0, blue colour 1.
Before the fix every piece touching the area counted, so each of these areas was neutral or blue.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.playout import play_one, random_bot
from generator.games.plazing.engine import MAIN, State, hand_setup
from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate

RED, BLUE = 0, 1


def pocket(*extra: tuple[int, int, str], east_wall: bool = True) -> list[str]:
    rows = [list("." * 12) for _ in range(12)]
    for y in range(3):
        rows[y][3] = "#"
        if east_wall:
            rows[y][8] = "#"
    for x, y, ch in extra:
        rows[y][x] = ch
    return ["".join(r) for r in rows]


def game(rows: list[str]) -> State:
    return State(hand_setup(rows, players=2), random.Random(0))


def put(s: State, colour: int, move) -> None:
    s.colour, s.phase = colour, MAIN
    s.apply(move)


def red_closes(s: State) -> tuple[int, int, int, int]:
    put(s, RED, s.blanket(4, 3))
    assert not s.areas
    put(s, RED, s.blanket(6, 3))
    (area,) = s.areas
    return area


def test_an_island_does_not_count():
    s = game(pocket())
    put(s, BLUE, s.blanket(5, 4))
    put(s, BLUE, s.odd(5, 1))  # two blue odds lying inside the pocket, touching only its squares
    put(s, BLUE, s.odd(6, 1))
    area, owner, closer, around = red_closes(s)
    assert (owner, closer, around) == (RED, RED, 2)  # 2 red v 2 blue before: neutral


def test_a_protrusion_does_not_count():
    s = game(pocket())
    put(s, BLUE, s.blanket(5, 5))
    put(s, BLUE, s.odd(5, 2))  # sticks up into the area from red's wall-to-be
    put(s, BLUE, s.odd(6, 1))  # ... and this one sticks out of the first
    area, owner, _, around = red_closes(s)
    assert (owner, around) == (RED, 2)


def test_a_corner_piece_does_not_count():
    s = game(pocket())
    put(s, BLUE, s.screen(9, 0, "E"))  # east of the object: odds reach over it
    put(s, BLUE, s.odd(7, 0))  # the north-east corner: the sea, the object, the area
    put(s, BLUE, s.odd(7, 2))  # the south-east corner, against the object and red's wall-to-be
    area, owner, _, around = red_closes(s)
    assert (owner, around) == (RED, 2)


def test_a_double_wall_counts_its_inner_layer():
    s = game(pocket())
    put(s, RED, s.blanket(4, 4))  # red's outer layer, one row further south
    put(s, RED, s.blanket(6, 4))
    put(s, BLUE, s.blanket(4, 3))  # blue's inner layer closes the pocket
    put(s, BLUE, s.blanket(6, 3))
    (area, owner, closer, around), = s.areas
    assert (owner, closer, around) == (BLUE, BLUE, 2)  # the outer layer is not necessary
    assert s.necessary(area) == [0, 2]


def test_a_piece_on_an_open_edge_counts():
    s = game(["." * 12] * 12)
    put(s, RED, s.blanket(0, 1))  # x=0..1, y=1
    put(s, BLUE, s.screen(3, 3, "S"))  # blue's reach
    put(s, BLUE, s.odd(0, 0))  # on the west edge: lifting it would open the area
    put(s, BLUE, s.odd(2, 0))  # closes {(1,0)}
    (area, owner, closer, around), = s.areas
    assert s.necessary(area) == [1, 2] and (owner, around) == (BLUE, 3)


def test_wall_pieces_with_sand_beyond_count():
    s = game(pocket())
    put(s, BLUE, s.blanket(5, 5))
    put(s, BLUE, s.odd(5, 2))
    area, owner, _, around = red_closes(s)
    assert s.necessary(area) == [2, 0]
    assert s.necessary_pieces(area) == [(RED, s.b.shapes[2][3 * 12 + 4].mask), (RED, s.b.shapes[2][3 * 12 + 6].mask)]


def test_blue_odds_in_a_pocket_red_closes_make_it_red():
    """The audit's case: blue's wall and two blue odds in the pocket, red closes it with two pieces."""
    rows = pocket((6, 1, "A"), east_wall=False)
    s = game(rows)
    put(s, BLUE, s.screen(8, 0, "E"))  # blue's east wall x=8, y=0..2 (it has free sand beyond)
    put(s, BLUE, s.odd(5, 1))  # an island in the pocket
    put(s, BLUE, s.odd(7, 0))  # the north-east corner, between the sea and blue's own wall
    area, owner, closer, around = red_closes(s)
    assert s.necessary(area) == [2, 1]
    assert (owner, closer, around) == (RED, RED, 3)  # 2 red v 3 blue before: blue owned it
    assert s.collected[RED] == [1, 0, 0] and s.collected[BLUE] == [0, 0, 0]  # red's bonus: the amber
    parts = s.colour_parts()
    assert parts[RED]["most_areas"] == 12 and parts[RED]["largest_area"] == 12
    assert parts[BLUE]["most_areas"] == 0 and parts[BLUE]["largest_area"] == 0


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([Options(players=4), Options(players=2, clean_beach=True),
                        Options(players=3, surprises=True, events=True)]), st.integers(0, 2**32))
def test_the_counted_pieces_close_every_area_on_their_own(options, seed):
    """In random games: lifting every wall piece that was not counted leaves each area closed, and
    the count is the one recorded when the area closed (nothing can change it later)."""
    s = State(generate(options, seed), random.Random(seed))
    play_one(s, [random_bot] * s.num_players, s.rng, max_moves=3000)
    b, g = s.b, s.b.grid
    for area, owner, _, around in s.areas:
        counted = s.necessary_pieces(area)
        assert len(counted) == around
        adj = g.grow4(area) & ~area
        wall = [m for _, _, m, _ in s.pieces if m & adj]
        assert {m for _, m in counted} <= set(wall)
        kept = b.objects
        for _, _, m, _ in s.pieces:
            if not m & adj:
                kept |= m
        for _, m in counted:
            kept |= m
        grown = g.flood(g.full & ~kept, area)
        assert not grown & b.open_edge, "the counted pieces do not close the area"
        counts = s.necessary(area)
        top = max(counts)
        assert owner == (counts.index(top) if top and counts.count(top) == 1 else -1)
