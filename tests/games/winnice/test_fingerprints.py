"""Pinned fingerprints of whole Winnice games: every move and every score of seeded bot games.

A refactoring of the engine or the bots must leave these games exactly as they are (the same
moves, the same scores). A deliberate change of a rule or of a bot changes some of them: then the
pins are updated in the same commit, and the commit says which rule moved them and why."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from generator.core.rng import make_rng
from generator.games.winnice import playability
from generator.games.winnice.bots import get_bot
from generator.games.winnice.engine import State
from generator.games.winnice.model import default_catalog
from generator.games.winnice.setup import generate


def fingerprint(players: int, seed: int, bot: str, round_cap: int | None = None) -> str:
    """sha256 (16 hex digits) of a game's moves in order, its rounds, winner and scores."""
    cat = default_catalog()
    if round_cap is not None:
        cat = dataclasses.replace(cat, round_cap=round_cap)
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    play, rng = get_bot(bot), make_rng(seed, "bots")
    h = hashlib.sha256()
    while not state.is_over():
        move = play(state, rng)
        h.update(repr(move).encode())
        state.apply(move)
    h.update(repr((state.round, state.winner, state.capped, state.scores())).encode())
    return h.hexdigest()[:16]


GREEDY = {
    (2, 1): "eb70311cca59735c",
    (2, 7): "c488cd539fdee965",
    (3, 2): "3f078097f904d29f",
    (3, 8): "1ae07235bc63e6de",
    (4, 3): "d46f59e0f028ca3d",
    (4, 9): "c0f1d1fc0c568dc1",
}
REPORT = "1abdbae356dbbe36"  # playability.play_games, setup 4 players seed 1, 8 games seeded 5
RANDOM = {  # random games are long: the first 20 rounds
    (2, 1): "0baf3654bea4e923",
    (3, 2): "36432c13c1707970",
    (4, 3): "7ee7b2fadb4b0037",
}


@pytest.mark.parametrize(("players", "seed"), sorted(GREEDY))
def test_greedy_games_are_the_pinned_ones(players: int, seed: int) -> None:
    assert fingerprint(players, seed, "greedy") == GREEDY[(players, seed)]


@pytest.mark.parametrize(("players", "seed"), sorted(RANDOM))
def test_random_games_are_the_pinned_ones(players: int, seed: int) -> None:
    assert fingerprint(players, seed, "random", round_cap=20) == RANDOM[(players, seed)]

#: 120 rounds: long enough for random players to take a second laboratory or genetics card (since
#: the rulebook's no-limit reading; before it these were 7131106ad40037db and 29bde71c04e20de7)
RANDOM_LONG = {
    (2, 3): "df46ec43df139170",
    (4, 5): "7cd256c1bbe10b7d",
}


@pytest.mark.parametrize(("players", "seed"), sorted(RANDOM_LONG))
def test_long_random_games_are_the_pinned_ones(players: int, seed: int) -> None:
    assert fingerprint(players, seed, "random", round_cap=120) == RANDOM_LONG[(players, seed)]


def report_fingerprint(bot: str) -> str:
    """sha256 (16 hex digits) of a playability report's games: 8 four-player games, as `check` plays them."""
    cat = default_catalog()
    results = playability.play_games(generate(4, 1, cat), cat, 8, 5, bot, jobs=1)
    return hashlib.sha256(repr(results).encode()).hexdigest()[:16]


def test_a_greedy_report_is_the_pinned_one() -> None:
    assert report_fingerprint("greedy") == REPORT
