"""The rulebook's example game ("Przykładowy układ"): Adam's seven rounds move by move, and Anna's
asteroid at his moon. Anna's own moves are ours (the rulebook does not tell them); Adam's are the
rulebook's, and after each round his system is what the rulebook says it is."""

from __future__ import annotations

import pytest

from generator.games.planety.engine import END, State, check_invariants
from generator.games.planety.model import Setup, builtin_catalog

CAT = builtin_catalog()
IX = CAT.tile_index
ADAM, ANNA = 0, 1

# Face-up sides for this table: P05/P06 life-giving, P13 gas, M1 the 2-token shield-3 moon, the rest as listed.
FACES = {t.id: "a" for t in CAT.tiles}
FACES.update({"P05": "b", "P06": "b", "P13": "b"})


def setup() -> Setup:
    return Setup(players=2, seed=0, stars=("L1", "L2"), faces=dict(FACES))


def play(state: State, who: int, *moves: tuple) -> None:
    for m in moves:
        assert state.current_player() == who, (who, m)
        assert m in state.legal_moves(), (m, state.legal_moves())
        state.apply(m)
        check_invariants(state)


def kinds(state: State, seat: int) -> list[str]:
    return [p.face.id for p in state.players[seat].planets]


def tokens(state: State, seat: int) -> tuple[int, int]:
    p = state.players[seat]
    return p.asteroids, p.water


@pytest.fixture
def after_round_7() -> State:
    s = State(setup())
    adam = s.players[ADAM]
    assert adam.star.orbits == 6 and adam.light == 4  # a large star with 4 light on it

    # Round 1: a rocky planet on orbit 1, gaining 1 water.
    play(s, ADAM, ("planet", IX["P01"]), ("take", "water"))
    assert kinds(s, ADAM) == ["rocky"] and tokens(s, ADAM) == (0, 1)
    play(s, ANNA, ("planet", IX["P02"]), ("take", "asteroid"))

    # Round 2: another rocky planet on orbit 2, gaining 1 asteroid.
    play(s, ADAM, ("planet", IX["P03"]), ("take", "asteroid"))
    assert kinds(s, ADAM) == ["rocky", "rocky"] and tokens(s, ADAM) == (1, 1)
    play(s, ANNA, ("planet", IX["P04"]), ("take", "asteroid"))

    # Round 3: a moon onto the orbit of his second planet, discarding 2 tokens.
    play(s, ADAM, ("moon", IX["M1"], 1, 1))
    moon = adam.planets[1].moon_face
    assert moon is not None and (moon.cost, moon.shield) == (2, 3)
    assert tokens(s, ADAM) == (0, 0)
    play(s, ANNA, ("planet", IX["P08"]), ("take", "asteroid"))

    # Round 4: a life-giving planet on orbit 3, 3 tokens: light (at once onto planet 3), asteroid, water.
    play(s, ADAM, ("planet", IX["P05"]), ("light", 2), ("take", "asteroid"), ("take", "water"))
    assert kinds(s, ADAM) == ["rocky", "rocky", "life"] and adam.planets[2].light and adam.light == 3
    assert tokens(s, ADAM) == (1, 1) and not adam.planets[2].life
    play(s, ANNA, ("planet", IX["P09"]), ("take", "water"))

    # Round 5: life has appeared on his 3rd planet; another life-giving planet on orbit 4: a light (onto
    # planet 2) and 2 asteroids. "His resources now: 3 asteroids, 1 water."
    assert s.current_player() == ADAM and adam.planets[2].life and adam.life == 1
    play(s, ADAM, ("planet", IX["P06"]), ("light", 1), ("take", "asteroid"), ("take", "asteroid"))
    assert kinds(s, ADAM) == ["rocky", "rocky", "life", "life"] and adam.planets[1].light
    assert tokens(s, ADAM) == (3, 1) and adam.light == 2
    play(s, ANNA, ("planet", IX["P10"]), ("take", "water"))

    # Round 6: a gas planet on orbit 5, 2 more water.
    play(s, ADAM, ("planet", IX["P13"]), ("take", "water"), ("take", "water"))
    assert kinds(s, ADAM) == ["rocky", "rocky", "life", "life", "gas"] and tokens(s, ADAM) == (3, 3)
    # Anna fills her sixth and last orbit: 1 token + the bonus of 3
    play(s, ANNA, ("planet", IX["P11"]), *[("take", "asteroid")] * 4)
    assert s.players[ANNA].full and tokens(s, ANNA) == (7, 2)

    # Round 7: life carried from planet 3 to planet 2: an asteroid discarded, the water onto planet 2,
    # the life moved across.
    assert s.current_player() == ADAM and adam.life == 1  # nothing new grew: planet 3 still has its life
    play(s, ADAM, ("life", 2, 1), END)
    p2, p3 = adam.planets[1], adam.planets[2]
    assert p2.life and p2.water and p2.light and not p3.life
    assert tokens(s, ADAM) == (2, 2)
    return s


def test_adams_seven_rounds(after_round_7):
    s = after_round_7
    # Anna attacks the moon of his 2nd planet: shield 3, so this asteroid stays on the moon
    play(s, ANNA, ("attack", ADAM, 1), END)
    p2 = s.players[ADAM].planets[1]
    assert p2.hits == 1 and p2.life and p2.water
    # Round 8 begins: his 3rd planet (light, natural water and atmosphere) grows life again
    assert s.current_player() == ADAM and s.players[ADAM].planets[2].life and s.players[ADAM].life == 2


def test_every_fourth_asteroid_reaches_the_moons_planet(after_round_7):
    s = after_round_7
    p2 = s.players[ADAM].planets[1]
    pool = s.pool["asteroid"]
    for k in (1, 2, 3):
        play(s, ANNA, ("attack", ADAM, 1))
        assert p2.hits == k and p2.life and p2.water  # absorbed by the moon
    play(s, ANNA, ("attack", ADAM, 1))  # the fourth gets through: water and life are gone
    assert p2.hits == 4 and not p2.life and not p2.water
    assert s.pool["asteroid"] == pool  # asteroids at a moon stay on it
    assert tokens(s, ANNA) == (3, 2)


def test_natural_water_loses_only_its_life(after_round_7):
    s = after_round_7
    s.apply(("attack", ADAM, 1))  # Anna: a first asteroid at the moon
    s.apply(END)
    # Adam's 3rd planet regrew life at the start of his turn; Adam ends quickly with a water transport
    assert s.players[ADAM].planets[2].life
    s.apply(("water", 0))
    s.apply(END)
    play(s, ANNA, ("attack", ADAM, 2))
    p3 = s.players[ADAM].planets[2]
    assert not p3.life and not p3.water and p3.face.water  # life lost, the planet keeps its natural water
    assert p3.can_grow()  # and grows life again at Adam's next turn
