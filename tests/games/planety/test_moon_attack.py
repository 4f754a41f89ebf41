"""Asteroids at a moon-protected planet (DIGEST 5, issue 24): the rulebook sets no condition on the
target, so a moon can be worn down before the planet behind it holds water or life."""

from __future__ import annotations

from generator.games.planety.engine import State, check_invariants
from generator.games.planety.model import Setup, builtin_catalog

CAT = builtin_catalog()
IX = CAT.tile_index


def _table() -> State:
    """Two players; Piotr (seat 1) has a dry, lifeless rocky planet with moon M1 (cost 2, shield 3)
    and a second dry rocky planet without a moon; Bartek (seat 2) holds 4 asteroids and a water."""
    faces = {t.id: "a" for t in CAT.tiles}
    s = State(Setup(players=2, seed=0, stars=("L1", "L2"), faces=faces))
    s.apply(("planet", IX["P01"]))  # Piotr, orbit 1: rocky
    s.apply(("take", "water"))
    s.apply(("planet", IX["P02"]))  # Bartek
    s.apply(("take", "asteroid"))
    s.apply(("planet", IX["P03"]))  # Piotr, orbit 2: rocky
    s.apply(("take", "water"))
    s.apply(("planet", IX["P04"]))  # Bartek
    s.apply(("take", "asteroid"))
    piotr, bartek = s.players
    s.apply(("moon", IX["M1"], 0, 0))  # Piotr pays the moon with his 2 water
    assert piotr.planets[0].moon == IX["M1"] and piotr.water == 0
    bartek.asteroids += 2
    bartek.water += 1
    s.pool["asteroid"] -= 2
    s.pool["water"] -= 1
    check_invariants(s)
    assert s.current_player() == 1
    return s


def test_a_dry_planet_with_a_moon_is_a_target_a_bare_one_is_not():
    s = _table()
    moves = s.legal_moves()
    assert ("attack", 0, 0) in moves  # no water, no life, but a moon: the moon takes the asteroid
    assert ("attack", 0, 1) not in moves  # no water, no life, no moon: nothing an asteroid could do


def test_a_moon_is_worn_down_before_the_planet_gets_water():
    s = _table()
    piotr, bartek = s.players
    planet = piotr.planets[0]
    pool = s.pool["asteroid"]
    for _ in range(3):
        s.apply(("attack", 0, 0))  # Bartek's 3 asteroids stay on the moon
    assert planet.hits == 3 and s.pool["asteroid"] == pool  # they leave the pool for good
    s.apply(("end",))
    check_invariants(s)
    # Piotr now carries water to the planet: the next asteroid at it gets through at once
    piotr.asteroids += 1
    piotr.water += 1
    s.pool["asteroid"] -= 1
    s.pool["water"] -= 1
    s.apply(("water", 0))  # his only asteroid: the turn ends by itself
    assert planet.water and s.current_player() == 1
    s.apply(("attack", 0, 0))  # the 4th asteroid at a shield-3 moon reaches the planet
    assert not planet.water and planet.hits == 4
    check_invariants(s)
