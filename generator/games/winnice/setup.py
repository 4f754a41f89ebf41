"""A Winnice setup: every deck shuffled, both markets dealt, coins counted out, a first player.

Legal by construction (each deck is a seeded permutation of its catalog spec, markets are the top
cards), then checked with `rules.check` anyway: `generate` never returns a setup `check` rejects.
A catalog that cannot make a game (rules.check_catalog) is refused with one line before any work.

Each deck has its own random stream (seed + deck name), so changing one deck's counts in a user's
catalog never reshuffles the others.
"""

from __future__ import annotations

from generator.core.checks import GenerationError, UserInputError
from generator.core.rng import CodeField, CodeSpec
from generator.games.winnice.model import Catalog, Setup, default_catalog
from generator.games.winnice.rules import check, check_catalog, deck_specs, shuffle_all

__all__ = ["CODE", "deck_specs", "generate", "shuffle_all"]  # deck_specs and shuffle_all live in rules (the order
# rule needs the seed's shuffle; rules importing setup back was an import cycle)

CODE = CodeSpec("WN", (CodeField("players", (2, 3, 4)),))


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
