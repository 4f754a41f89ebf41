"""The two-colour variant (rulebook: "Każdy gracz gra 2 kolorami. W swojej turze gracz wykonuje akcje
tylko jednym kolorem"; DIGEST 1): the person chooses the colour each turn, the end is per person,
and the ranks are those of a two-person game (12/6/0)."""

from __future__ import annotations

import random

from generator.core.playout import greedy_bot, play_one, random_bot
from generator.games.plazing.engine import BLANKET, COLOUR, COLOUR_PHASE, MAIN, ODD, SECOND, State, hand_setup
from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate

SAND = ["." * 12] * 12


def two(first: int = 0) -> State:
    return State(hand_setup(SAND, players=2, two_colours=True, first_player=first), random.Random(0))


def test_the_person_chooses_the_colour_each_turn():
    s = two(first=1)
    assert s.num_players == 2 and s.b.colours == 4
    assert s.current_player() == 1 and s.phase == COLOUR_PHASE
    assert sorted(s.legal_moves()) == [(COLOUR, 1, 0), (COLOUR, 3, 0)]
    s.apply((COLOUR, 3, 0))
    assert s.colour == 3 and s.phase == MAIN and s.current_player() == 1
    s.apply(s.screen(0, 0, "N"))
    assert s.current_player() == 0 and s.phase == COLOUR_PHASE
    s.apply((COLOUR, 2, 0))  # person 0 plays colour 2 twice running: nothing forces a rotation
    s.apply(s.screen(0, 4, "N"))
    s.apply((COLOUR, 3, 0))
    s.apply(s.screen(0, 8, "N"))
    s.apply((COLOUR, 2, 0))
    s.apply(s.screen(4, 4, "N"))
    assert [c for c, *_ in s.pieces] == [3, 2, 3, 2]
    assert s.supply[1] == [8, 5, 6] and s.supply[0] == [8, 5, 6]


def test_a_turn_never_mixes_colours():
    s = two()
    s.apply((COLOUR, 0, 0))
    s.apply(s.blanket(0, 0))
    assert s.phase == SECOND and s.colour == 0
    # the second small piece is the same colour's: an odd within reach of colour 0's blanket only
    assert all(m[0] in (BLANKET, ODD) for m in s.legal_moves())
    assert (COLOUR, 2, 0) not in s.legal_moves()
    s.apply(s.odd(2, 1))
    assert [c for c, *_ in s.pieces] == [0, 0]


def test_a_colour_that_cannot_move_is_skipped_without_asking():
    s = two()
    s.supply[2] = [0, 0, 0]  # colour 2 has nothing left
    s.apply((COLOUR, 0, 0))
    s.apply(s.screen(0, 0, "N"))
    s.apply((COLOUR, 1, 0))
    s.apply(s.screen(0, 4, "N"))
    assert s.current_player() == 0 and s.phase == MAIN and s.colour == 0  # only colour 0 can act


def test_the_end_is_per_person_the_trigger_gets_no_last_turn():
    s = two()
    s.supply[2] = [1, 0, 6]
    s.apply((COLOUR, 2, 0))
    s.apply(s.screen(0, 0, "N"))  # colour 2's last screen, no blanket: person 0 ends the game
    assert s.end_by == 0 and s.queue == [] and s.current_player() == 1
    assert s.phase == COLOUR_PHASE  # the other person's one last turn, with a colour of their choice
    s.apply((COLOUR, 1, 0))
    s.apply(s.screen(0, 4, "N"))
    assert s.is_over()  # person 0 does not move again, nor does person 1 get a second colour's turn


def test_a_person_with_no_move_for_either_colour_ends_the_game():
    s = two()
    s.supply[1] = [0, 0, 0]
    s.supply[3] = [0, 0, 0]
    s.apply((COLOUR, 0, 0))
    s.apply(s.screen(0, 0, "N"))
    assert s.end_by == 1 and s.current_player() == 0  # person 1 passed and ended; person 0's last turn
    s.apply((COLOUR, 2, 0))
    s.apply(s.screen(0, 4, "N"))
    assert s.is_over()


def test_ranks_pay_12_6_0_and_the_weaker_colour_scores():
    s = two()
    # four colours each own one area, surrounded by 4, 3, 2, 1 pieces (largest area), and 1 area each
    sizes = {}
    for c, around in enumerate((4, 3, 2, 1)):
        s.areas.append((1 << (20 + c), c, c, around))
        sizes[1 << (20 + c)] = around
    s.surrounding = sizes.__getitem__  # the sizes stand in for pieces round each area
    parts = s.colour_parts()
    assert [p["largest_area"] for p in parts] == [12, 6, 0, 0]  # no third place: two persons
    assert [p["most_areas"] for p in parts] == [4, 4, 4, 4]  # a four-way tie: (12+6+0+0)//4
    s.track[0]["closing"], s.track[2]["closing"] = 5, 2
    s.track[1]["closing"], s.track[3]["closing"] = 1, 9
    sc = s.scores()
    assert [x.colour for x in sc] == [2, 1]  # 6 < 21 and 11 < 13
    assert float(sc[0]) == sum(s.colour_parts()[2].values())


def test_whole_two_colour_games_end_with_persons_alternating():
    setup = generate(Options(players=2, two_colours=True, surprises=True, events=True), 4)
    for bot, seed in ((random_bot, 1), (random_bot, 2), (greedy_bot, 3)):
        rng = random.Random(seed)
        s = State(setup, rng)
        persons: list[int] = []

        def watch(st: State, persons: list[int] = persons) -> None:
            if st.phase in (MAIN, COLOUR_PHASE) and (not persons or persons[-1] != st.current_player()):
                persons.append(st.current_player())

        play_one(s, [bot, bot], rng, max_moves=3000, invariant=watch)
        assert s.is_over() and s.end_by in (0, 1)
        assert all(a != b for a, b in zip(persons, persons[1:], strict=False))  # persons alternate
        assert len(s.scores()) == 2
