"""The engine rule by rule, and playouts that keep the invariants after every move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.playout import greedy_bot, play_one, random_bot, run_playouts
from generator.games.planety import playability
from generator.games.planety.engine import END, PASS, State, check_invariants
from generator.games.planety.model import Setup, builtin_catalog
from generator.games.planety.setup import generate

CAT = builtin_catalog()
IX = CAT.tile_index


def table(players: int = 2, stars: tuple[str, ...] = ("S1", "S2", "L1", "L2"), **flip: str) -> State:
    faces = {t.id: "a" for t in CAT.tiles}
    faces.update(flip)
    return State(Setup(players=players, seed=0, stars=stars[:players], faces=faces))


def test_orbits_fill_in_order_and_the_face_decides():
    s = table(P05="b", P13="b")  # P05 life-giving (3–4), P13 gas (5+)
    moves = s.legal_moves()
    assert ("planet", IX["P05"]) not in moves and ("planet", IX["P13"]) not in moves
    assert ("planet", IX["P01"]) in moves and ("planet", IX["P15"]) in moves  # rocky, volcanic
    with pytest.raises(ValueError):
        s.apply(("planet", IX["P05"]))


def test_light_goes_at_once_onto_a_planet_without_light_and_tokens_can_run_out():
    s = table(players=2)
    s.apply(("planet", IX["P13"]))  # volcanic: 2 tokens
    assert ("light", 0) in s.legal_moves()
    s.apply(("light", 0))
    assert ("light", 0) not in s.legal_moves()  # at most one light per planet
    s.apply(("take", "water"))
    assert s.current_player() == 1
    # an empty pool: the tokens that cannot be given are lost
    t = table(players=2)
    t.pool["asteroid"] = t.pool["water"] = 0
    t.players[0].light = 0
    t.apply(("planet", IX["P01"]))
    assert t.current_player() == 1 and t.pending == 0


def test_last_orbit_gives_three_more_tokens_then_none():
    s = table(players=2, stars=("S1", "S2"), P05="b", P06="b", P13="b")
    for mine, theirs in zip(("P01", "P08", "P05", "P06", "P13"), ("P02", "P09", "P10", "P11", "P12"), strict=True):
        s.apply(("planet", IX[mine]))
        while s.current_player() == 0:
            s.apply(("take", "asteroid"))
        s.apply(("planet", IX[theirs]))
        while s.current_player() == 1:
            s.apply(("take", "water"))
    me = s.players[0]
    assert me.full and me.asteroids == 1 + 1 + 3 + 3 + (2 + 3)  # the gas planet on orbit 5 brings the bonus
    assert s.players[1].water == 5 + 3
    assert not any(m[0] in ("planet", "take") for m in s.legal_moves())
    assert any(m[0] == "moon" for m in s.legal_moves())  # a full system may still take a moon


def test_moon_only_on_rocky_once_and_paid_in_tokens():
    s = table(players=2, M4="b")  # M4 shows moon-3-4: cost 3
    s.apply(("planet", IX["P13"]))  # seat 1: volcanic on orbit 1, which takes no moons
    s.apply(("take", "asteroid"))
    s.apply(("take", "water"))
    s.apply(("planet", IX["P01"]))  # seat 2
    s.apply(("take", "asteroid"))
    assert not any(m[0] == "moon" for m in s.legal_moves())  # seat 1 has no rocky planet
    s.apply(("planet", IX["P02"]))  # seat 1: rocky on orbit 2
    s.apply(("take", "asteroid"))
    s.apply(("planet", IX["P03"]))  # seat 2
    s.apply(("take", "asteroid"))
    moons = [m for m in s.legal_moves() if m[0] == "moon"]
    assert moons and {m[2] for m in moons} == {1}
    assert ("moon", IX["M1"], 1, 2) in moons and ("moon", IX["M1"], 1, 1) in moons  # cost 2: any split
    assert [m[3] for m in moons if m[1] == IX["M4"]] == [2]  # 2 asteroids + 1 water is the only way to pay 3
    s.apply(("moon", IX["M1"], 1, 2))
    assert s.players[0].asteroids == 0 and s.players[0].water == 1 and s.players[0].planets[1].moon == IX["M1"]
    s.apply(("planet", IX["P04"]))
    s.apply(("take", "asteroid"))
    assert not any(m[0] == "moon" for m in s.legal_moves())  # one moon per planet


def test_attack_needs_a_target_and_pass_ends_a_blocked_game():
    s = table(players=2)
    s.players[0].asteroids = 1
    assert not any(m[0] == "attack" for m in s.legal_moves())  # nothing to remove anywhere
    blocked = table(players=2)
    blocked.middle.clear()
    assert blocked.legal_moves() == [PASS]
    blocked.apply(PASS)
    assert not blocked.is_over()
    blocked.apply(PASS)
    assert blocked.is_over() and blocked.reason == "blocked"


def test_token_turn_needs_end_and_water_goes_where_none_is():
    s = table(players=2)
    for tid in ("P01", "P02", "P03", "P04"):
        s.apply(("planet", IX[tid]))
        s.apply(("take", "water"))
    p = s.players[0]
    p.asteroids, s.pool["asteroid"] = 2, s.pool["asteroid"] - 2
    check_invariants(s)
    assert ("water", 0) in s.legal_moves() and END not in s.legal_moves()
    s.apply(("water", 0))
    assert END in s.legal_moves() and ("water", 0) not in s.legal_moves()
    assert s.current_player() == 0
    s.apply(END)
    assert s.current_player() == 1 and s.players[0].planets[0].water and p.water == 1
    check_invariants(s)


def test_three_life_ends_the_game_at_once():
    s = table(players=2, stars=("L1", "L2"), P05="b", P06="b")

    def anna(tid: str) -> None:
        s.apply(("planet", IX[tid]))
        s.apply(("take", "water"))

    s.apply(("planet", IX["P01"]))
    s.apply(("take", "asteroid"))
    anna("P03")
    s.apply(("planet", IX["P02"]))
    s.apply(("light", 1))  # a light on the rocky planet, for the life carried there later
    anna("P04")
    for tid, light in (("P05", 2), ("P06", 3)):
        s.apply(("planet", IX[tid]))
        s.apply(("light", light))
        s.apply(("take", "asteroid"))
        s.apply(("take", "water"))
        anna({"P05": "P08", "P06": "P09"}[tid])
    me = s.players[0]
    assert me.life == 2  # both life-giving planets grew life at the start of this turn
    s.apply(("life", 2, 1))
    s.apply(END)
    anna("P10")
    assert s.is_over() and s.reason == "life" and me.life == 3 and s.scores() == [3.0, 0.0]


def test_asteroids_at_a_moon_count_from_all_players():
    """Piotr's moon (cost 2, shield 3): Bartek's 3 asteroids strike the moon, Anna's next one the planet."""
    s = table(players=3, stars=("L1", "L2", "S1"))
    piotr, bartek, anna = s.players
    s.apply(("planet", IX["P01"]))
    s.apply(("take", "water"))
    s.apply(("planet", IX["P02"]))
    s.apply(("take", "asteroid"))
    s.apply(("planet", IX["P03"]))
    s.apply(("take", "asteroid"))
    planet = piotr.planets[0]  # give it the moon, a light, a water token and a life, tokens kept in balance
    planet.moon, planet.moon_face = IX["M1"], CAT.faces["moon-2-3"]
    s.middle.discard(IX["M1"])
    planet.light, planet.water, planet.life = True, True, True
    piotr.light, piotr.water = piotr.light - 1, piotr.water - 1
    s.pool["life"] -= 1
    bartek.asteroids += 2
    s.pool["asteroid"] -= 2
    check_invariants(s)
    s.apply(("planet", IX["P04"]))  # Piotr
    s.apply(("take", "water"))
    for _ in range(3):
        s.apply(("attack", 0, 0))  # Bartek: the 3rd is his last asteroid, so his turn ends by itself
    assert planet.life and planet.water and planet.hits == 3 and s.current_player() == 2
    s.apply(("attack", 0, 0))  # Anna
    assert not planet.life and not planet.water and planet.hits == 4
    check_invariants(s)


@settings(max_examples=40)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(min_value=0, max_value=2**40 - 1),
       bot=st.sampled_from(["random", "greedy"]))
def test_playouts_keep_the_invariants_after_every_move(players, seed, bot):
    setup = generate(players, seed)
    state = State(setup)
    rng = random.Random(seed)
    n = play_one(state, [random_bot if bot == "random" else greedy_bot] * players, rng, 5000, check_invariants)
    assert state.is_over() and n > 0
    assert state.reason in ("life", "blocked")
    assert max(state.scores()) <= 12


def test_playout_report_is_the_same_for_any_jobs():
    s = generate(4, 9)
    one = playability.report_json(playability.playout_reports(s, 30, jobs=1), s.seed)
    two = playability.report_json(playability.playout_reports(s, 30, jobs=2), s.seed)
    assert one == two and one["playable"]
    for bot in ("random", "greedy"):
        d = one[bot]
        assert d["games"] == 30 and d["completed"] == 30
        assert 0.0 <= d["stranding_rate"] <= 1.0 and 0.0 <= d["life_appeared_rate"] <= 1.0
        assert abs(sum(d["wins_per_seat"]) - 1.0) < 1e-3


def test_four_player_games_sometimes_strand_a_player():
    s = generate(4, 2)
    rep = run_playouts(lambda rng: State(s), 60, 1, "random")
    strand = sum(rep.extras["game with a stranded player"]) / 60
    assert 0.0 < strand < 1.0  # a playable big bang, and still players strand each other
