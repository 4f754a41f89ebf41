"""The Plażing engine rule by rule, on small hand-made beaches (12x12 squares, 2 players unless said).

Coordinates are x (west to east), y (north = sea = 0, to the dunes = 11). The west (x=0), east
(x=11) and south (y=11) edges keep an area open; the sea edge closes it.
"""

from __future__ import annotations

import random

import pytest

from generator.games.plazing.engine import (
    BLANKET,
    BONUS,
    BONUS_PHASE,
    COLLECT_ALL,
    COLLECT_TWO,
    COLLECT_WASTE,
    END_TURN,
    MAIN,
    ODD,
    OVER,
    SCREEN,
    SECOND,
    SPECIAL,
    SPECIAL_PHASE,
    SURPRISE,
    State,
    hand_setup,
)

SAND = ["." * 12] * 12
AMBER, PEBBLE, SHELL = 0, 1, 2


def beach(*edits: tuple[int, int, str], base: list[str] | None = None) -> list[str]:
    rows = [list(r) for r in (base or SAND)]
    for x, y, ch in edits:
        rows[y][x] = ch
    return ["".join(r) for r in rows]


def game(rows: list[str] | None = None, players: int = 2, **kw) -> State:
    return State(hand_setup(rows or SAND, players=players, **kw), random.Random(0))


def put(s: State, colour: int, move) -> None:
    """Play `move` for `colour` now, whatever the turn order (to build positions quickly)."""
    s.colour = colour
    if s.phase in (MAIN, SECOND) and move[0] in (SCREEN, BLANKET, ODD, COLLECT_ALL, COLLECT_TWO, COLLECT_WASTE):
        s.phase = MAIN
    s.apply(move)


def squares_of(s: State, move) -> set[tuple[int, int]]:
    from generator.games.plazing.engine import shape_of
    sh = s.b.shapes[shape_of(move)][move[1]]
    return set(s.b.grid.cells(sh.mask))


# --- state, supplies, turns -------------------------------------------------------------------
def test_supplies_and_players():
    s = game(players=3, first_player=2)  # 3 players on a hand-made 12x12 beach
    assert s.num_players == 3 and s.current_player() == 2
    assert s.supply == [[8, 5, 6]] * 3


def test_first_move_list_is_exact_on_empty_sand():
    s = game()
    moves = s.legal_moves()
    # screens: 10*12 horizontal + 12*10 vertical anchors, two outer sides each; blankets 11*12 * 2;
    # no odd yet (no own piece to be within reach of); nothing to collect
    assert len(moves) == 2 * 240 + 264
    assert len(set(moves)) == len(moves)
    assert {m[0] for m in moves} == {SCREEN, BLANKET}
    assert {m[2] for m in moves if m[0] == SCREEN} == {0, 1, 2, 3}


def test_a_screen_is_a_turn_two_small_pieces_are_two_sub_moves():
    s = game()
    s.apply(s.screen(2, 5, "N"))
    assert s.current_player() == 1 and s.phase == MAIN
    s.apply(s.blanket(5, 5))
    assert s.current_player() == 1 and s.phase == SECOND
    assert all(m[0] in (BLANKET, ODD) for m in s.legal_moves())
    odds = [m for m in s.legal_moves() if m[0] == ODD]
    assert odds  # the second piece may be an odd within reach of the first
    s.apply(odds[0])
    assert s.current_player() == 0 and s.phase == MAIN
    assert s.supply[1] == [8, 4, 5]


def test_illegal_moves_raise_and_change_nothing():
    s = game()
    s.apply(s.screen(2, 5, "N"))
    before = (s.covered, s.colour, [list(x) for x in s.supply])
    with pytest.raises(ValueError):
        s.apply(s.screen(2, 5, "S"))  # on a piece
    with pytest.raises(ValueError):
        s.apply(s.screen(10, 5, "N"))  # off the east edge
    with pytest.raises(ValueError):
        s.apply(s.odd(9, 9))  # blue has no piece: no odd anywhere
    assert (s.covered, s.colour, s.supply) == before


def test_nothing_on_resources_objects_or_outside():
    rows = beach((5, 5, "A"), (7, 5, "#"), (9, 2, "S"))
    s = game(rows)
    covered = set()
    for m in s.legal_moves():
        covered |= squares_of(s, m)
    assert (5, 5) not in covered and (7, 5) not in covered and (9, 2) not in covered
    assert (6, 5) in covered
    assert all(0 <= x < 12 and 0 <= y < 12 for x, y in covered)


def test_odds_within_three_of_own_piece():
    s = game()
    put(s, 0, s.screen(1, 1, "N"))  # red at (1..3, 1)
    put(s, 0, s.blanket(8, 8))
    s.phase = SECOND
    odds = {s.xy(m[1]) for m in s.legal_moves() if m[0] == ODD}
    want = set()
    for x in range(12):
        for y in range(12):
            near_screen = max(0 if 1 <= x <= 3 else min(abs(x - 1), abs(x - 3)), abs(y - 1)) <= 3
            near_blanket = max(0 if 8 <= x <= 9 else min(abs(x - 8), abs(x - 9)), abs(y - 8)) <= 3
            if (near_screen or near_blanket) and (y != 1 or not 1 <= x <= 3) and (y != 8 or not 8 <= x <= 9):
                want.add((x, y))
    assert odds == want


# --- closing and owning areas --------------------------------------------------------------------
def test_corner_touching_pieces_close_an_area_at_the_sea():
    s = game(beach((5, 0, "A")))
    put(s, 0, s.blanket(4, 0, horizontal=False))  # west wall x=4, y=0..1
    put(s, 0, s.blanket(7, 0, horizontal=False))  # east wall x=7, y=0..1
    assert s.areas == []
    put(s, 0, s.blanket(5, 2))  # south wall y=2, x=5..6: touches the walls only at corners
    (area, owner, closer, around), = s.areas
    assert set(s.b.grid.cells(area)) == {(5, 0), (6, 0), (5, 1), (6, 1)}
    assert owner == 0 and closer == 0 and around == 3
    assert s.track[0]["closing"] == 1
    assert s.collected[0] == [1, 0, 0]  # bonus: the one kind in the area, collected at once
    # nothing may be placed inside a closed area any more
    assert not any(squares_of(s, m) & {(6, 0), (5, 1), (6, 1)} for m in s.legal_moves())


def test_west_east_and_south_edges_keep_areas_open():
    s = game()
    put(s, 0, s.screen(1, 0, "W"))  # vertical at x=1, y=0..2
    put(s, 0, s.blanket(0, 3))  # y=3, x=0..1: pocket x=0, y=0..2 touches the west edge
    assert s.areas == []
    put(s, 1, s.screen(9, 9, "E"))  # vertical x=9, y=9..11
    put(s, 1, s.blanket(10, 8))  # pocket x=10..11, y=9..11 touches east and south
    assert s.areas == []


def test_the_south_edge_alone_keeps_an_area_open_the_sea_closes():
    s = game()
    put(s, 0, s.screen(4, 9, "W"))  # x=4, y=9..11
    put(s, 0, s.screen(6, 9, "E"))  # x=6, y=9..11
    put(s, 0, s.odd(5, 8))  # pocket x=5, y=9..11: walled in but for the dunes (south edge)
    assert s.areas == []
    put(s, 1, s.screen(4, 0, "W"))  # the same shape against the sea
    put(s, 1, s.screen(6, 0, "E"))
    put(s, 1, s.odd(5, 3))  # pocket x=5, y=0..2: closed by the sea
    (area, owner, closer, around), = s.areas
    assert set(s.b.grid.cells(area)) == {(5, 0), (5, 1), (5, 2)} and (owner, closer, around) == (1, 1, 3)


def test_owner_is_the_colour_with_most_adjacent_pieces_and_closer_scores_one():
    s = game(beach((5, 0, "S")))
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 0, s.blanket(6, 0, horizontal=False))
    put(s, 1, s.blanket(5, 1, horizontal=False))  # blue closes red's area {(5,0)}: 2 red v 1 blue
    (area, owner, closer, around), = s.areas
    assert (owner, closer, around) == (0, 1, 3)
    assert s.track[1]["closing"] == 1 and s.track[0]["closing"] == 0
    assert s.collected == [[0, 0, 0], [0, 0, 0]]  # no bonus: blue closed an area not its own
    assert s.own_areas[0] == area
    s.colour, s.phase = 0, MAIN
    assert (COLLECT_ALL, SHELL, 0) in s.legal_moves()
    s.colour = 1
    assert (COLLECT_ALL, SHELL, 0) not in s.legal_moves()  # only the owner collects


def test_tie_is_neutral_resources_leave_and_score_squares_score_for_nobody():
    s = game(beach((5, 0, "A"), (6, 0, "+")))
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 1, s.blanket(7, 0, horizontal=False))
    put(s, 0, s.odd(5, 1))
    put(s, 1, s.odd(6, 1))  # 2 red v 2 blue around {(5,0),(6,0)}
    (area, owner, closer, _), = s.areas
    assert owner == -1 and closer == 1
    assert s.track[1]["closing"] == 1
    assert s.res[AMBER] & area == 0 and s.gone[AMBER] == 1
    assert s.track[0]["squares"] == s.track[1]["squares"] == 0


def test_bonus_choice_with_several_kinds():
    s = game(beach((5, 0, "A"), (6, 0, "P"), (6, 1, "P")))
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 0, s.blanket(7, 0, horizontal=False))
    put(s, 0, s.blanket(5, 2))
    assert s.phase == BONUS_PHASE and s.current_player() == 0
    assert sorted(s.legal_moves()) == [(BONUS, AMBER, 0), (BONUS, PEBBLE, 0)]
    s.apply((BONUS, PEBBLE, 0))
    assert s.collected[0] == [0, 2, 0]
    assert s.res[AMBER] != 0  # the amber stays for a later collection


def test_collect_all_of_a_kind_and_two_of_different_kinds():
    rows = beach((5, 0, "A"), (6, 0, "P"), (9, 0, "A"), (9, 1, "S"))
    s = game(rows)
    # two red areas: {(5,0),(6,0)} and {(9,0),(9,1)}, closed by blue (so no bonus for anyone)
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 0, s.blanket(7, 0, horizontal=False))
    put(s, 0, s.blanket(8, 0, horizontal=False))
    put(s, 0, s.blanket(10, 0, horizontal=False))
    put(s, 0, s.odd(6, 1))
    put(s, 1, s.blanket(5, 1, horizontal=False))
    put(s, 1, s.blanket(9, 2))
    assert len(s.areas) == 2
    assert all(owner == 0 for _, owner, _, _ in s.areas)
    s.colour, s.phase = 0, MAIN
    collects = sorted(m for m in s.legal_moves() if m[0] in (COLLECT_ALL, COLLECT_TWO))
    assert collects == [(COLLECT_ALL, AMBER, 0), (COLLECT_ALL, PEBBLE, 0), (COLLECT_ALL, SHELL, 0),
                        (COLLECT_TWO, AMBER, PEBBLE), (COLLECT_TWO, AMBER, SHELL), (COLLECT_TWO, PEBBLE, SHELL)]
    s.apply((COLLECT_ALL, AMBER, 0))  # both ambers, from both areas
    assert s.collected[0] == [2, 0, 0]
    assert s.current_player() == 1  # collecting is the whole turn
    put(s, 0, (COLLECT_TWO, PEBBLE, SHELL))
    assert s.collected[0] == [2, 1, 1]
    s.colour, s.phase = 0, MAIN
    assert not [m for m in s.legal_moves() if m[0] in (COLLECT_ALL, COLLECT_TWO)]


# --- score squares: the rulebook's examples --------------------------------------------------------
def test_green_covering_four_plus_squares_scores_4():
    rows = beach(*((x, 5, "+") for x in range(4, 8)))
    s = game(rows, players=3)
    s.colour = 2  # green
    s.apply(s.blanket(4, 5))
    s.apply(s.blanket(6, 5))
    assert s.track[2]["squares"] == 4
    assert sum(s.track[2].values()) == 4


def test_blue_closing_with_the_ice_cream_stand_scores_5():
    rows = beach((4, 0, "#"), (5, 0, "+"), (6, 0, "+"), (7, 0, "#"),
                 (4, 1, "#"), (5, 1, "+"), (6, 1, "+"), (7, 1, "#"))
    s = game(rows, objects={(0, 1): "ice_cream"})
    put(s, 1, s.blanket(5, 1))  # covers two +1, encloses (5,0),(6,0): two more +1, and closes
    assert s.track[1] == {**s.track[1], "closing": 1, "squares": 4}
    assert sum(s.track[1].values()) == 5
    assert "ice_cream" in s.scored_objects[1]


# --- waste ------------------------------------------------------------------------------------------
def test_waste_cannot_be_closed_in_and_is_collected_by_a_neighbour():
    s = game(waste=[(5, 0)])
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 0, s.blanket(6, 0, horizontal=False))
    s.colour, s.phase = 1, MAIN
    closing = s.blanket(5, 1, horizontal=False)
    assert closing not in s.legal_moves()  # would close {(5,0)} with the waste in it
    with pytest.raises(ValueError):
        s.apply(closing)
    assert (COLLECT_WASTE, 5, 0) not in s.legal_moves()  # blue has no piece next to it
    s.colour = 0
    assert (5, 0) not in {xy for m in s.legal_moves() if m[0] in (BLANKET, ODD, SCREEN) for xy in squares_of(s, m)}
    s.apply((COLLECT_WASTE, 5, 0))
    assert s.waste_collected[0] == 1 and s.waste == 0 and s.current_player() == 1
    put(s, 1, closing)  # now it may close, and (5,0) was free again for a piece
    assert len(s.areas) == 1


# --- surprises, events, special cards ------------------------------------------------------------------
def close_pocket(s: State, colour: int = 0) -> None:
    """Close the 1-square area (5,0) with three pieces of `colour`, the last a screen (a whole turn)."""
    put(s, colour, s.blanket(4, 0, horizontal=False))
    put(s, colour, s.blanket(6, 0, horizontal=False))
    put(s, colour, s.screen(5, 1, "W"))


def test_surprise_is_a_fourth_kind_and_draws_an_event():
    s = game(surprises=[(5, 0, "plus2")], event_deck=["E09", "E03"])
    close_pocket(s)
    assert s.surp == 0  # the only kind in the area: collected by the bonus
    assert s.track[0]["surprises"] == 2
    assert s.track[0]["events"] == 2 and s.deck_pos == 1  # E09 picnic: the drawer gains 2


def test_surprise_resource_token_counts_as_resource_and_collect_all_surprises():
    s = game(beach((5, 0, "A")), surprises=[(5, 1, "shell")], event_deck=["E07"])
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 0, s.blanket(6, 0, horizontal=False))
    put(s, 0, s.blanket(5, 2))  # closes {(5,0),(5,1)}: an amber and a surprise
    assert s.phase == BONUS_PHASE
    assert sorted(s.legal_moves()) == [(BONUS, AMBER, 0), (BONUS, SURPRISE, 0)]
    s.apply((BONUS, AMBER, 0))
    assert s.deck_pos == 1  # the event follows the bonus
    put(s, 0, (COLLECT_ALL, SURPRISE, 0))
    assert s.collected[0] == [1, 0, 1]


def test_neutral_area_with_surprise_still_draws_the_event():
    s = game(surprises=[(5, 0, "minus1")], event_deck=["X03"])
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 1, s.blanket(6, 0, horizontal=False))
    put(s, 1, s.blanket(5, 1, horizontal=False))  # 1 red v 2 blue: blue
    assert s.areas[0][1] == 1
    assert [t["events"] for t in s.track] == [1, 1]  # X03 beach party: everyone +1


def effect_state() -> State:
    s = game(beach((5, 0, "A")), players=3)
    put(s, 0, s.blanket(4, 0, horizontal=False))  # sea strip, west half of the middle column
    put(s, 0, s.blanket(6, 0, horizontal=False))
    put(s, 0, s.blanket(5, 1, horizontal=False))  # red closes (5,0) and collects the amber
    put(s, 1, s.screen(0, 5, "W"))  # blue on the west edge, middle strip
    put(s, 2, s.blanket(9, 10))  # green in the dunes, east edge
    put(s, 2, s.odd(11, 9))  # green odd on the east edge
    return s


@pytest.mark.parametrize(("effect", "delta"), [
    ({"verb": "region_pieces", "region": "sea", "piece": "blanket", "points": -1}, [-3, 0, 0]),
    ({"verb": "region_pieces", "region": "east", "piece": "odd", "points": -1}, [0, 0, -1]),
    ({"verb": "region_pieces", "region": "dunes", "piece": "any", "points": 1}, [0, 0, 2]),
    ({"verb": "region_areas", "region": "sea", "points": 1}, [1, 0, 0]),
    ({"verb": "region_areas", "region": "dunes", "points": 1}, [0, 0, 0]),
    ({"verb": "most_in_region", "region": "sea", "points": 3}, [3, 0, 0]),
    ({"verb": "most_in_region", "region": "middle", "points": 3}, [0, 3, 0]),
    ({"verb": "rank", "rank": "first", "points": -2}, [-2, 0, 0]),
    ({"verb": "rank", "rank": "last", "points": 2}, [0, 2, 2]),
    ({"verb": "everyone", "points": 1}, [1, 1, 1]),
    ({"verb": "drawer", "points": 3}, [0, 3, 0]),
])
def test_event_effects(effect, delta):
    s = effect_state()
    before = [t["events"] for t in s.track]
    s.run_effect(effect, drawer=1)
    assert [t["events"] - b for t, b in zip(s.track, before, strict=True)] == delta


def test_lose_resource_and_food_poisoning_and_weather_change():
    s = effect_state()
    s.run_effect({"verb": "lose_resource", "kind": "amber"}, 0)
    assert s.collected[0][AMBER] == 0 and s.gone[AMBER] == 1
    s.run_effect({"verb": "lose_resource", "kind": "amber"}, 0)  # none left: nothing happens
    assert s.collected[0][AMBER] == 0 and s.gone[AMBER] == 1
    s.scored_objects[2].add("bar")
    s.run_effect({"verb": "scored_objects_penalty", "objects": ["bar", "ice_cream"], "points": -2}, 0)
    assert [t["events"] for t in s.track] == [0, 0, -2]
    s.weather = "sun"
    s.run_effect({"verb": "weather_change"}, 0)
    assert [t["weather_event"] for t in s.track] == [6, 0, 2]  # 2 per blanket placed so far
    assert s.weather in s.b.weather_faces


def test_food_poisoning_hits_who_scored_a_bar_point_not_who_covered_a_minus_square():
    rows = beach((1, 1, "#"), (2, 1, "#"), (0, 2, "+"), (3, 2, "-"))
    s = game(rows, objects={(0, 0): "bar"})
    put(s, 0, s.blanket(0, 2, horizontal=False))  # red covers the bar's +1
    put(s, 1, s.blanket(3, 2, horizontal=False))  # blue covers the bar's -1
    assert [t["squares"] for t in s.track] == [1, -1]
    s.run_effect({"verb": "scored_objects_penalty", "objects": ["bar", "ice_cream"], "points": -2}, 0)
    assert [t["events"] for t in s.track] == [-2, 0]


def test_one_event_per_surprise_in_the_closed_area():
    s = game(beach((6, 0, "A")), surprises=[(5, 0, "minus1"), (7, 0, "minus1")], event_deck=["E09", "X10", "X03"])
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 0, s.blanket(8, 0, horizontal=False))
    put(s, 1, s.screen(5, 1, "S"))  # blue closes red's area (2 v 1): two surprises, two events
    assert s.deck_pos == 2
    assert [t["events"] for t in s.track] == [0, 5]  # the closer draws: picnic +2, sunny sunset +3


def test_every_card_in_the_data_has_an_executable_effect():
    from generator.games.plazing.model import event_cards
    s = effect_state()
    for card in event_cards():
        if card.kind == "event":
            s.run_effect(card.effect, 0)
        else:
            assert card.effect["verb"].startswith("special_")


def test_special_cards_are_kept_and_played_after_a_turn():
    s = game(surprises=[(5, 0, "minus1")], event_deck=["S01", "S06", "S04"])
    close_pocket(s)
    assert s.hand[0] == [0]
    assert s.phase == SPECIAL_PHASE and s.current_player() == 0
    assert sorted(s.legal_moves()) == [(SPECIAL, 0, 0), (END_TURN, 0, 0)]
    s.apply((SPECIAL, 0, 0))
    assert s.track[0]["specials"] == 3 and s.hand[0] == [] and s.current_player() == 1


def test_special_extra_odd_and_set_weather():
    s = game(surprises=[(5, 0, "minus1"), (9, 0, "minus1")], event_deck=["S06", "S04"])
    put(s, 0, s.blanket(8, 0, horizontal=False))
    put(s, 0, s.blanket(10, 0, horizontal=False))
    put(s, 0, s.blanket(4, 0, horizontal=False))
    put(s, 0, s.blanket(6, 0, horizontal=False))
    put(s, 0, s.screen(5, 1, "W"))  # closes (5,0): draws S06
    assert s.phase == SPECIAL_PHASE and s.hand[0] == [0]
    odds = [m for m in s.legal_moves() if m[0] == SPECIAL]
    assert (SPECIAL, 0, s.b.width * 1 + 9) in odds
    s.apply((SPECIAL, 0, s.b.width * 1 + 9))  # the extra odd closes (9,0): draws S04, still red's turn
    assert s.supply[0][ODD] == 5 and len(s.areas) == 2 and s.hand[0] == [1]
    assert s.phase == SPECIAL_PHASE
    s.apply((SPECIAL, 1, s.b.weather_faces.index("rain")))
    assert s.weather == "rain" and s.current_player() == 1


def test_special_steal_takes_from_the_leader():
    s = game(players=3, surprises=[(5, 0, "minus1")], event_deck=["S02"])
    s.track[2]["closing"] = 5
    s.track[1]["closing"] = 5
    close_pocket(s)
    s.apply((SPECIAL, 0, 0))
    assert s.track[0]["specials"] == 2 and s.track[1]["specials"] == -2 and s.track[2]["specials"] == 0


# --- the end ---------------------------------------------------------------------------------------------
def test_placing_the_last_screen_and_blanket_ends_after_one_more_turn_each():
    s = game(players=3)
    s.supply[0] = [1, 0, 6]
    s.apply(s.screen(0, 0, "N"))  # red's last screen, no blankets left: red triggers the end
    assert s.end_by == 0 and s.queue == [2] and s.current_player() == 1
    s.apply(s.screen(0, 4, "N"))
    assert s.current_player() == 2
    s.apply(s.screen(0, 8, "N"))
    assert s.is_over() and s.phase == OVER and s.legal_moves() == []


def test_the_end_needs_all_screens_and_all_blankets_placed():
    s = game()
    s.supply[0] = [1, 2, 6]
    s.apply(s.screen(0, 0, "N"))  # red's last screen, blankets left: the game goes on
    assert s.end_by == -1
    s.apply(s.screen(0, 4, "N"))
    s.supply[0] = [0, 1, 6]
    s.apply(s.blanket(0, 8))  # the last blanket: with no screen left, this turn triggers the end
    s.apply(s.odd(0, 9))
    assert s.end_by == 0 and s.current_player() == 1 and s.queue == []  # blue's last turn
    s = game()
    s.supply[0] = [2, 1, 6]
    s.apply(s.blanket(0, 8))  # the last blanket, screens left: the game goes on
    s.apply(s.odd(0, 9))
    assert s.end_by == -1 and s.current_player() == 1


def test_a_colour_with_no_move_at_all_triggers_the_end():
    s = game()
    s.supply[1] = [0, 0, 0]  # blue can place nothing and has nothing to collect
    s.apply(s.screen(0, 0, "N"))
    # blue's turn is skipped and triggers the end; red takes one last turn
    assert s.end_by == 1 and s.current_player() == 0
    s.apply(s.screen(0, 4, "N"))
    assert s.is_over()


def test_scores_carry_their_breakdown_and_final_parts():
    s = game(weather="wind-N")
    s.apply(s.screen(0, 0, "N"))
    scores = s.scores()
    assert float(scores[0]) == sum(scores[0].parts.values()) == 2  # one screen facing the north wind
    assert set(scores[0].parts) >= {"closing", "weather", "resources", "most_areas", "largest_area"}


@pytest.mark.parametrize(("weather", "want"), [("wind-N", 2), ("wind-S", 4), ("wind-W", 6), ("wind-E", 0)])
def test_wind_scores_screens_whose_outer_side_faces_it(weather, want):
    s = game(weather=weather)
    for x, outer in ((0, "N"), (4, "S"), (8, "S")):
        put(s, 0, s.screen(x, 5, outer))  # horizontal: outer side N or S
    for x in (1, 3, 5):
        put(s, 0, s.screen(x, 8, "W"))  # vertical: outer side W (E faces nobody here)
    assert s.colour_parts()[0]["weather"] == want


def test_clone_is_independent():
    s = game()
    c = s.clone()
    c.apply(c.screen(0, 0, "N"))
    assert s.covered == 0 and s.pieces == [] and c.covered != 0


def test_random_move_is_always_legal_and_counts_match():
    s = game(beach((5, 0, "A"), (3, 3, "#")), waste=[(6, 6)])
    rng = random.Random(1)
    while not s.is_over():
        legal = s.legal_moves()
        assert s.has_legal_moves() == bool(legal)
        m = s.random_move(rng)
        assert m in legal
        s.apply(m)
