"""A Winnice setup: every deck shuffled, both markets dealt, coins counted out, a first player.

Legal by construction (each deck is a seeded permutation of its catalog spec, markets are the top
cards), then checked with `rules.check` anyway: `generate` never returns a setup `check` rejects.
A catalog that cannot make a game (rules.check_catalog) is refused with one line before any work.

Each deck has its own random stream (seed + deck name), so changing one deck's counts in a user's
catalog never reshuffles the others.
"""

from __future__ import annotations

from generator.core import decks as dk
from generator.core.checks import GenerationError, UserInputError
from generator.core.rng import CodeField, CodeSpec, make_rng
from generator.games.winnice.model import DECKS, Catalog, Setup, default_catalog
from generator.games.winnice.rules import check, check_catalog

CODE = CodeSpec("WN", (CodeField("players", (2, 3, 4)),))


def deck_specs(cat: Catalog) -> dict[str, dict[str, int]]:
    """Every shuffled deck's spec (card -> count), in the order the setup lists them."""
    return {"deck23": cat.decks["deck23"], "deck45": cat.decks["deck45"], "disaster": dict(cat.disaster),
            "digits": dict(cat.digits), "letters": dict(cat.letters)}


def shuffle_all(seed: int, cat: Catalog, players: int) -> Setup:
    """The setup the seed gives (no checking): used by `generate` and by the order rule."""
    decks: dict[str, list[str]] = {}
    for name, spec in deck_specs(cat).items():
        decks[name] = [str(c) for c in dk.shuffled_deck(spec, make_rng(seed, "winnice", name))]
    markets = {}
    for name in DECKS:
        markets[name] = decks[name][:cat.market_size]
        decks[name] = decks[name][cat.market_size:]
    first = make_rng(seed, "winnice", "first-player").randrange(players) if players > 0 else 0
    coins = [dict(cat.start_coins) for _ in range(players)]
    return Setup(players, seed, first, decks, markets, coins, cat.digest())


def generate(players: int, seed: int, cat: Catalog | None = None) -> Setup:
    """A legal setup for `players` from `seed`; UserInputError for impossible options or catalog."""
    cat = cat or default_catalog()
    if players not in (2, 3, 4):
        raise UserInputError(f"--players {players}: Winnice is for 2 to 4 players")
    rep = check_catalog(cat)
    if not rep.ok:
        raise UserInputError(f"catalog {cat.source} cannot make a game: {rep.violations[0]}"
                             + (f" (and {len(rep) - 1} more; see `boardgen winnice catalog`)" if len(rep) > 1 else ""))
    setup = shuffle_all(seed, cat, players)
    rep = check(setup, cat)
    if not rep.ok:  # pragma: no cover - construction keeps every rule
        raise GenerationError(f"setup generator broke a rule: {rep.violations[0]}")
    return setup
