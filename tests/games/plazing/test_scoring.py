"""Scoring as pure functions, with the rulebook's worked examples (Punktacja)."""

from __future__ import annotations

import pytest

from generator.games.plazing.scoring import (
    final_parts,
    place_points,
    resource_points,
    resource_score,
    split_ranks,
    waste_score,
    weather_score,
)


def test_rulebook_resource_example_is_15():
    # "Za 3 bursztynki 6 punktów, za 2 kamyczki 3, za muszelkę 1, za zestaw 5: 6 + 3 + 1 + 5 = 15"
    kinds, sets = resource_score({"amber": 3, "pebble": 2, "shell": 1})
    assert (kinds, sets) == (10, 5)
    assert kinds + sets == 15


def test_resource_table_matches_the_rulebook_and_continues():
    table = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105]
    assert [resource_points(n) for n in range(1, 15)] == table
    assert resource_points(0) == 0
    assert resource_points(15) == 120  # n(n+1)/2 beyond the printed table


def test_sets_count_complete_triples_only():
    assert resource_score({"amber": 4, "pebble": 2, "shell": 3})[1] == 10
    assert resource_score({"amber": 4, "pebble": 0, "shell": 3})[1] == 0


def test_weather():
    outers = ["N", "N", "S", "W"]
    assert weather_score("wind-N", outers, 3, 2) == 4
    assert weather_score("wind-E", outers, 3, 2) == 0
    assert weather_score("sun", outers, 3, 2) == 6
    assert weather_score("rain", outers, 3, 2) == -2
    with pytest.raises(ValueError):
        weather_score("snow", outers, 0, 0)


def test_rank_ties_rulebook_examples():
    four = place_points([12, 6, 3], 4)
    assert split_ranks([5, 5, 2, 1], four) == [9, 9, 3, 0]  # tie for first at 4 players: (12+6)/2
    assert split_ranks([4, 4, 4, 1], four) == [7, 7, 7, 0]  # three tied first: (12+6+3)/3
    assert split_ranks([5, 3, 3, 1], four) == [12, 4, 4, 0]  # (6+3)/2
    assert split_ranks([1, 1, 1, 1], four) == [5, 5, 5, 5]  # 21/4 rounded down
    assert split_ranks([5, 3, 1, 1], four) == [12, 6, 1, 1]  # tie for third: 3/2 rounded down, not up
    assert split_ranks([5, 3, 3, 3], four) == [12, 3, 3, 3]  # three tied second: (6+3+0)/3


def test_third_place_only_at_four_colours():
    three = place_points([12, 6, 3], 3)
    assert three == [12, 6, 0]
    assert split_ranks([5, 3, 1], three) == [12, 6, 0]
    assert split_ranks([5, 3, 3], three) == [12, 3, 3]
    assert place_points([12, 6, 3], 4) == [12, 6, 3]


def test_unranked_colours_take_no_place():
    assert split_ranks([None, 2, None, 1], [12, 6, 3]) == [0, 12, 0, 6]


def test_waste_bonus_single_most_only():
    assert waste_score([3, 1, 0]) == [(3, 5), (1, 0), (0, 0)]
    assert waste_score([2, 2, 0]) == [(2, 0), (2, 0), (0, 0)]
    assert waste_score([0, 0]) == [(0, 0), (0, 0)]


def test_final_parts_combine():
    parts = final_parts("wind-N", [["N"], ["S"]], [1, 2], [0, 3],
                        [{"amber": 3, "pebble": 2, "shell": 1}, {}], [2, 1], [7, 9], [1, 0])
    assert parts[0] == {"weather": 2, "resources": 10, "sets": 5, "most_areas": 12, "largest_area": 6,
                        "waste": 1, "waste_bonus": 5}
    assert parts[1] == {"weather": 0, "resources": 0, "sets": 0, "most_areas": 6, "largest_area": 12,
                        "waste": 0, "waste_bonus": 0}
