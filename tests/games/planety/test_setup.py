"""The big bang: generated setups pass every rule, a broken setup names its rule, the content is the box."""

from __future__ import annotations

import copy
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.checks import GenerationError, UserInputError
from generator.core.matching import UNMATCHED
from generator.games.planety.model import Setup, builtin_catalog, parse_catalog
from generator.games.planety.rules import CODE, check, check_catalog, fill_orbits, star_orbits
from generator.games.planety.setup import generate, throw_until_playable


def code_of(s: Setup) -> str:
    return CODE.encode({"players": s.players}, s.seed)


def test_builtin_catalog_is_the_box(cat):
    assert check_catalog(cat).ok
    assert cat.tokens == {"asteroid": 48, "water": 48, "light": 14, "life": 12}
    assert sum(s.light for s in cat.stars) == 14  # the token totals: 14 light on the stars
    assert sorted((s.orbits, s.light) for s in cat.stars) == [(5, 3), (5, 3), (6, 4), (6, 4)]
    assert sum(not t.is_moon for t in cat.tiles) == 22 and sum(t.is_moon for t in cat.tiles) == 4
    rocky, life, gas = cat.faces["rocky"], cat.faces["life"], cat.faces["gas"]
    assert rocky.orbits == (1, 2, 3, 4, 5, 6) and rocky.tokens == 1 and rocky.moons
    assert life.orbits == (3, 4) and life.tokens == 3 and life.water and life.atmosphere
    assert gas.orbits == (5, 6) and gas.tokens == 2 and gas.atmosphere and not gas.water
    assert any(f.is_moon and f.cost == 2 and f.shield == 3 for f in cat.faces.values())  # Adam's moon


@pytest.mark.parametrize("edit, rule", [
    (lambda d: d["stars"]["S1"].update(orbits=6), "planety.catalog-stars"),
    (lambda d: d["tiles"].pop(), "planety.catalog-tiles"),
    (lambda d: d["tiles"][0].update(b="moon-1-1"), "planety.catalog-tiles"),
    (lambda d: d["faces"]["life"].update(orbits=[3]), "planety.catalog-kinds"),
    (lambda d: d["faces"]["ocean"].update(moons=True), "planety.catalog-kinds"),
    (lambda d: d["tokens"].update(life=11), "planety.catalog-tokens"),
    (lambda d: d["stars"]["L1"].update(light=5), "planety.catalog-tokens"),
])
def test_catalog_mutations_are_named(edit, rule):
    from generator.games.planety.model import catalog_to_json

    d = copy.deepcopy(catalog_to_json(builtin_catalog()))
    edit(d)
    assert rule in check_catalog(parse_catalog(d, "test")).rules()


def test_catalog_type_errors_are_one_line():
    from generator.games.planety.model import catalog_to_json

    d = copy.deepcopy(catalog_to_json(builtin_catalog()))
    d["faces"]["gas"]["tokens"] = "two"
    with pytest.raises(UserInputError, match="faces.gas.tokens"):
        parse_catalog(d, "x.toml")


@settings(max_examples=120)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(min_value=0, max_value=2**40 - 1))
def test_every_generated_setup_passes_check(players, seed):
    s = generate(players, seed)
    assert check(s, code=code_of(s)).ok
    assert len(s.stars) == players and len(set(s.stars)) == players
    again = Setup.from_json(s.to_json())
    assert again == s and generate(players, seed) == s  # reproducible, round-trips through JSON


def test_four_players_fill_every_planet_and_big_bangs_are_usually_playable(cat):
    throws = [generate(4, seed).throws for seed in range(400)]
    first_time = sum(t == 1 for t in throws) / len(throws)
    assert 0.75 < first_time < 0.97  # usually, not always
    assert max(throws) >= 2
    s = generate(4, 3)
    used = [t for row in s.fill for t in row]
    assert len(used) == 22 == len(set(used))  # 22 orbits take all 22 planets


def test_matching_agrees_with_brute_force_on_small_stars(cat):
    """Small random 'boxes': 2 stars of 1–3 orbits and 4 tiles; the playability verdict equals trying
    every assignment."""
    rng = random.Random(5)
    from generator.games.planety.model import catalog_to_json

    base = catalog_to_json(cat)
    for _ in range(200):
        d = copy.deepcopy(base)
        faces = {}
        for i in range(6):
            orbits = sorted(rng.sample(range(1, 4), rng.randint(1, 2)))
            faces[f"f{i}"] = {"type": "planet", "orbits": orbits, "tokens": 1, "water": False, "atmosphere": False,
                              "moons": False, "colour": "#ccc", "name": {"pl": "x", "en": "x"}}
        d["faces"] = faces
        d["tiles"] = [{"id": f"T{i}", "a": f"f{rng.randrange(6)}", "b": f"f{rng.randrange(6)}"} for i in range(4)]
        d["stars"] = {"A": {"size": "s", "orbits": rng.randint(1, 3), "light": 1, "name": {"pl": "a", "en": "a"}},
                      "B": {"size": "s", "orbits": rng.randint(1, 2), "light": 1, "name": {"pl": "b", "en": "b"}}}
        c = parse_catalog(d, "small")
        flipped = rng.getrandbits(4)
        orbits = star_orbits(c, ["A", "B"])
        _, match = fill_orbits(c, orbits, flipped)
        slots = [k for n in orbits for k in range(1, n + 1)]
        allowed = [c.tiles[i].face("b" if flipped >> i & 1 else "a").orbits for i in range(4)]
        brute = any(all(k in allowed[t] for k, t in zip(slots, perm, strict=False))
                    for perm in itertools.permutations(range(4), len(slots))) if len(slots) <= 4 else False
        assert (UNMATCHED not in match) == brute


def test_generation_gives_up_with_a_clear_message(cat):
    from generator.games.planety.model import catalog_to_json

    d = catalog_to_json(cat)
    for t in d["tiles"]:
        if not t["id"].startswith("M"):
            t["a"] = t["b"] = "gas"  # nothing may take orbit 1
    bad = parse_catalog(d, "bad")
    with pytest.raises(GenerationError, match="no playable big bang in 20 throws"):
        throw_until_playable(bad, [5, 5], random.Random(1), 20)


MUTATIONS = {
    "planety.players": lambda d: d.update(players=5),
    "planety.stars": lambda d: d["stars"].__setitem__(1, d["stars"][0]),
    "planety.tiles": lambda d: d["faces"].pop("P07"),
    "planety.face": lambda d: d["faces"].__setitem__("P03", "c"),
    "planety.orbits": lambda d: d["faces"].update({t: "b" for t in ("P01", "P02", "P03", "P04", "P13", "P14")}),
    "planety.fill": lambda d: d["fill"][0].reverse(),
    "planety.throws": lambda d: d.update(throws=0),
    "planety.code": lambda d: d.update(seed=d["seed"] + 1),
}


@pytest.mark.parametrize("rule", sorted(MUTATIONS))
def test_a_mutation_per_rule_is_named(rule, setup4):
    d = setup4.to_json()
    MUTATIONS[rule](d)
    rep = check(Setup.from_json(d), code=code_of(setup4))
    assert rule in rep.rules(), [str(v) for v in rep]


def test_unplayable_names_player_and_orbit(setup4):
    d = setup4.to_json()
    d.pop("fill")
    for t in ("P01", "P02", "P03", "P04", "P13", "P14"):  # six more gas planets: 12 need orbit 5+
        d["faces"][t] = "b"
    rep = check(Setup.from_json(d))
    msgs = [v for v in rep if v.rule == "planety.orbits"]
    assert msgs and all(v.where[0] in range(1, 5) for v in msgs)
    assert "cannot fill orbit" in msgs[0].message and "player" in msgs[0].message


def test_malformed_setup_bodies_are_one_line_errors():
    for body in ({"players": "4"}, {"players": 4, "seed": 1, "stars": "L1", "faces": {}},
                 {"players": 4, "seed": 1, "stars": [], "faces": {"P01": 1}},
                 {"players": 4, "seed": 1, "stars": [], "faces": {}, "bogus": 1},
                 {"players": 4, "seed": 2**41, "stars": [], "faces": {}}):
        with pytest.raises(UserInputError):
            Setup.from_json(body, "f")


def test_tiles_left_out_do_not_count_for_the_orbits(setup4):
    d = setup4.to_json()
    d.pop("fill")
    planets = [t.id for t in builtin_catalog().tiles if not t.is_moon]
    for tid in planets[:1]:
        d["faces"].pop(tid)  # 21 planets for 22 orbits: one orbit cannot be filled
    rep = check(Setup.from_json(d))
    assert {"planety.tiles", "planety.orbits"} <= rep.rules()
    assert sum(v.rule == "planety.orbits" for v in rep) == 1


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=4),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                        max_size=3), max_leaves=6)


@settings(max_examples=150)
@given(key=st.sampled_from(["players", "seed", "stars", "faces", "throws", "fill", "extra"]), value=JSON_VALUES,
       tile=st.sampled_from(["P01", "M4", "P22"]))
def test_hand_edited_files_give_a_report_or_one_line_error(key, value, tile):
    """Any edit: a Report (rules) or a UserInputError (types), never a crash."""
    d = generate(4, 3).to_json()
    if key == "faces" and isinstance(value, str):
        d["faces"][tile] = value
    elif key == "stars" and isinstance(value, str):
        d["stars"][0] = value
    elif key == "fill" and isinstance(value, str):
        d["fill"][1][0] = value
    else:
        d[key] = value
    try:
        s = Setup.from_json(d)
    except UserInputError as exc:
        assert "\n" not in str(exc)
        return
    rep = check(s, code=code_of(generate(4, 3)))
    assert all(v.rule.startswith("planety.") for v in rep)
