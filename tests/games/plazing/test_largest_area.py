"""The largest-area ranks count every piece surrounding the area (issue 24; DIGEST 1; rulebook
"Obszar otoczony największą liczbą elementów": "Liczymy wszystkie elementy otaczające dany obszar –
w tym również elementy innych graczy"), while ownership keeps counting only the pieces necessary
to close it. Before the fix the ranks used the necessary count, so the worked case sized 2, not 3.

Board: sea to the north, objects (#) at x=3 and x=9 for y=0..2: a pocket x=4..8, y=0..2.
Red is colour 0, blue colour 1.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.core.playout import play_one, random_bot
from generator.games.plazing.engine import MAIN, State, hand_setup
from generator.games.plazing.model import Options, rules
from generator.games.plazing.scoring import place_points, split_ranks
from generator.games.plazing.setup import generate

RED, BLUE = 0, 1


def pocket_board() -> State:
    rows = [list("." * 12) for _ in range(12)]
    for y in range(3):
        rows[y][3] = rows[y][9] = "#"
    return State(hand_setup(["".join(r) for r in rows], players=2), random.Random(0))


def put(s: State, colour: int, move) -> None:
    s.colour, s.phase = colour, MAIN
    s.apply(move)


def worked_case() -> State:
    """DIGEST 1's example: a pocket against the sea closed by a red screen and a red blanket, with
    a blue odd placed earlier in a notch of that wall (it touches the area, it is not needed)."""
    s = pocket_board()
    put(s, BLUE, s.screen(10, 0, "E"))  # east of the objects: blue's odds reach over them
    put(s, BLUE, s.odd(8, 2))  # the notch: the area, the object, and red's blanket-to-be around it
    put(s, RED, s.screen(4, 3, "S"))
    assert not s.areas
    put(s, RED, s.blanket(7, 3))
    assert len(s.areas) == 1
    return s


def test_the_worked_case_owner_counts_necessary_pieces_size_counts_all():
    s = worked_case()
    (area, owner, closer, necessary), = s.areas
    assert (owner, closer, necessary) == (RED, RED, 2)  # ownership: red's 2 necessary pieces, 2:0
    assert s.necessary(area) == [2, 0]
    assert s.surrounding(area) == 3  # its size: the blue odd surrounds it too


def test_the_size_decides_the_largest_area_ranks():
    """Blue owns an area of 3 pieces too: the sizes tie (9 each); counting necessary pieces gave
    blue 12 and red 6."""
    s = worked_case()
    put(s, RED, s.blanket(0, 1))  # x=0..1, y=1
    put(s, BLUE, s.blanket(1, 3))  # blue's reach for the odds in the north-west corner
    put(s, BLUE, s.odd(0, 0))
    put(s, BLUE, s.odd(2, 0))  # closes {(1,0)}: blue 2 v red 1
    blue_area = s.areas[-1]
    assert blue_area[0] == 1 << 1 and blue_area[1] == BLUE and s.surrounding(blue_area[0]) == 3
    parts = s.colour_parts()
    assert [p["largest_area"] for p in parts] == [9, 9]  # (12 + 6) // 2: a tie of two persons
    assert [p["most_areas"] for p in parts] == [9, 9]


def test_a_piece_at_an_outer_corner_counts_even_placed_later():
    s = worked_case()
    area = s.areas[0][0]
    put(s, RED, s.odd(3, 3))  # below the west object: touches (4,2) of the area at a corner only
    assert s.surrounding(area) == 4
    assert s.areas[0][3] == 2  # the ownership count does not change


def test_pieces_in_holes_do_not_surround_the_area():
    s = pocket_board()
    put(s, BLUE, s.blanket(5, 4))
    put(s, BLUE, s.odd(5, 1))  # two blue odds lying inside the pocket: holes of the area
    put(s, BLUE, s.odd(6, 1))
    put(s, RED, s.screen(4, 3, "S"))
    put(s, RED, s.blanket(7, 3))
    (area, owner, _, necessary), = s.areas
    assert (owner, necessary) == (RED, 2)
    assert s.surrounding(area) == 2  # the islands stand in its holes, the blanket at y=4 touches only red's wall


def test_corner_and_protruding_pieces_surround_it():
    s = pocket_board()
    put(s, BLUE, s.screen(10, 0, "E"))
    put(s, BLUE, s.odd(8, 0))  # the north-east corner: sea, object, area
    put(s, BLUE, s.odd(8, 2))  # the south-east corner
    put(s, RED, s.screen(4, 3, "S"))
    put(s, RED, s.blanket(7, 3))
    (area, owner, _, necessary), = s.areas
    assert (owner, necessary) == (RED, 2) and s.surrounding(area) == 4


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([Options(players=4), Options(players=3, surprises=True, events=True),
                        Options(players=2, clean_beach=True)]), st.integers(0, 2**32))
def test_in_random_games_the_size_is_every_piece_touching_from_outside(options, seed):
    """A plain recount per area: the pieces with a square at Chebyshev distance 1 of the area that
    are not in a hole of it (the board off the area, flooded by 8-neighbours from the border),
    never fewer than the necessary ones; the largest-area part ranks those sizes."""
    s = State(generate(options, seed), random.Random(seed))
    play_one(s, [random_bot] * s.num_players, s.rng, max_moves=3000)
    g = s.b.grid
    best: list[int | None] = [None] * s.b.colours
    for area, owner, _, necessary in s.areas:
        rest = g.full & ~area
        reach = rest & (g.west | g.east | g.north | g.south)
        while True:
            grown = g.grow8(reach) & rest
            if grown == reach:
                break
            reach = grown
        ring = g.grow8(area) & ~area
        count = sum(1 for _, _, m, _ in s.pieces if m & ring and not m & ~reach)
        assert s.surrounding(area) == count >= necessary
        if owner >= 0:
            best[owner] = count if best[owner] is None else max(best[owner], count)
    want = split_ranks(best, place_points(rules().scoring["largest_area"], s.b.players))
    assert [p["largest_area"] for p in s.colour_parts()] == want
