"""Winnice played by its bots: invariants after every move, greedy games end, reports are seeded."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.playout import play_one
from generator.core.rng import make_rng
from generator.games.winnice import playability
from generator.games.winnice.bots import get_bot, random_move
from generator.games.winnice.engine import State
from generator.games.winnice.invariants import check_invariants
from generator.games.winnice.model import default_catalog
from generator.games.winnice.moves import P_OVER
from generator.games.winnice.setup import generate


def short_catalog(rounds: int):  # type: ignore[no-untyped-def]
    return dataclasses.replace(default_catalog(), round_cap=rounds)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_random_playouts_keep_every_invariant(players, seed):
    cat = short_catalog(25)
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    moves = play_one(state, [get_bot("random")] * players, random.Random(seed), invariant=check_invariants)
    assert moves > 50 and state.is_over() and (state.capped or state.winner is not None)


def test_random_move_is_always_legal():
    cat = short_catalog(8)
    state = State(generate(3, 9, cat), cat, make_rng(9, "engine"))
    rng = random.Random(4)
    while not state.is_over():
        move = random_move(state, rng)
        assert move in state.legal_moves()
        state.apply(move)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (4, 12)])
def test_greedy_games_end_at_8p_red_keeping_invariants(players, seed):
    cat = default_catalog()
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    play_one(state, [get_bot("greedy")] * players, random.Random(seed), invariant=check_invariants)
    assert state.phase == P_OVER and state.winner is not None and not state.capped
    scores = state.scores()
    assert scores[state.winner] >= cat.win_red
    assert all(x < cat.win_red for i, x in enumerate(scores) if i != state.winner)


def test_invariant_checker_catches_a_lost_card():
    state = State(generate(2, 1))
    state.piles["deck45"].pop()
    with pytest.raises(AssertionError, match="deck45"):
        check_invariants(state)
    state = State(generate(2, 1))
    state.players[0].coins = -1
    with pytest.raises(AssertionError, match="coins"):
        check_invariants(state)


def test_playout_report_is_the_same_for_any_jobs():
    cat = short_catalog(6)
    setup = generate(2, 5, cat)
    one = playability.play_games(setup, cat, 4, 99, "random", jobs=1)
    two = playability.play_games(setup, cat, 4, 99, "random", jobs=2)
    assert one == two
    rep = playability.report(one, 2, "random", cat.round_cap)
    assert rep["games"] == 4 and rep["completed"] == 0 and not rep["playable"]
    assert len(rep["unfinished"]) == 4 and all("within 6 rounds" in u["reason"] for u in rep["unfinished"])
    assert rep["unfinished"][0]["seed"] == one[0]["seed"]


def test_greedy_report_counts_wins_and_droughts():
    cat = default_catalog()
    setup = generate(2, 21, cat)
    results = playability.play_games(setup, cat, 2, 21, "greedy", jobs=1)
    rep = playability.report(results, 2, "greedy", cat.round_cap)
    assert rep["completed"] == 2 and rep["playable"] and sum(rep["wins_per_seat"]) == 2
    assert rep["rounds"]["min"] >= 2 and "mean" in rep["drought_hits_per_game"]
    assert any("completed" in line for line in playability.summary_lines(rep))


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 2)])
def test_random_games_end_too(players, seed):
    cat = default_catalog()
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    play_one(state, [get_bot("random")] * players, random.Random(seed), max_moves=2_000_000)
    assert state.winner is not None and not state.capped and state.round < cat.round_cap


@given(st.integers(0, 2**40 - 1), st.sampled_from([2, 3, 4]), st.sampled_from(["random", "greedy"]))
@settings(max_examples=12)
def test_invariants_hold_after_every_move_over_many_seeds(seed, players, bot):
    cat = short_catalog(6)
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    play_one(state, [get_bot(bot)] * players, random.Random(seed), invariant=check_invariants)
    assert state.is_over()


def test_a_batch_plays_on_the_remembered_catalog_of_the_same_content():
    """A forked worker receives a pickled copy of the catalog with every batch; it plays it on the
    catalog the parent compiled (same content), and a catalog that differs in any field is not
    taken for it."""
    import pickle

    cat = default_catalog()
    playability.remember_catalog(cat)
    copy = pickle.loads(pickle.dumps(cat))
    assert copy is not cat and playability.known_catalog(copy) is cat
    other = dataclasses.replace(pickle.loads(pickle.dumps(cat)), round_cap=7)
    assert playability.known_catalog(other) is other
    setup = generate(2, 3, cat)
    batch = playability.Batch(setup.to_json(), copy, (11, 12), "random")
    assert playability.play_batch(batch) == [
        playability.play_game(playability.Job(setup.to_json(), cat, s, "random")) for s in (11, 12)]
