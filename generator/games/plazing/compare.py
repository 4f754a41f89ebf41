"""Plażing: the built-in tiles against a designer's catalog, with bots, and a verdict.

The same study runs on both catalogs with common random numbers (core.compare): `setups` beaches
from the same setup seeds (the base game for `players`, no expansions), then `games` greedy and
`games` random games on each from the same game seeds (`playability.playout_report`). Length is
turns; seats are counted from the beach's first player. Plażing's own figures, side by side: the
tiles per kind (from the catalogs), and per game the areas closed, neutral areas, resources left
uncollected and the gap between the colours that collect the most and the fewest resources. A
catalog from which no beach can be laid within the generator's bounded tries makes no setup: its
games count as games that do not end, and the reason is kept.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from generator.core.checks import GenerationError
from generator.core.compare import (
    Arm,
    Comparison,
    Game,
    Study,
    Tally,
    check_size,
    game_seed,
    games_from_report,
    setup_seeds,
    unfinished,
)
from generator.games.plazing import catalog_checks, playability
from generator.games.plazing.model import Catalog, Options, load_catalog
from generator.games.plazing.setup import generate

BOTS = ("greedy", "random")
KEYS = ("areas closed", "neutral areas", "resources left uncollected")
COLLECTED = playability.COLLECTED
GAP = "resource gap between colours"


def _with_gap(game: Game) -> Game:
    """The game with its resource gap (most - fewest collected by a colour) instead of per-colour counts."""
    per_colour = [v for k, v in game.extras.items() if k.startswith(COLLECTED)]
    extras = {k: v for k, v in game.extras.items() if k in KEYS}
    if per_colour:
        extras[GAP] = max(per_colour) - min(per_colour)
    return dataclasses.replace(game, extras=extras)


def arms(label: str, cat: Catalog, options: Options, seeds: list[int], games: int, seed: int,
         bots: tuple[str, ...], tally: Tally | None = None) -> dict[str, Arm]:
    out = {bot: Arm(label, options.players) for bot in bots}
    for i, s in enumerate(seeds):
        try:
            setup = generate(options, s, cat)
        except GenerationError as exc:
            for arm in out.values():
                arm.setup_failures.append(f"seed {s}: {exc}")
                arm.games += [unfinished(options.players) for _ in range(games)]
            if tally is not None:
                tally.add(games * len(bots))
            continue
        for bot in bots:
            rep = playability.playout_report(setup, games, game_seed(seed, i), bots=bot)
            out[bot].games += [_with_gap(g) for g in games_from_report(rep, "turns", None, setup.first_player)]
            if tally is not None:
                tally.add(games)
    return out


def kinds(cat: Catalog) -> str:
    counts = Counter(t.kind for t in cat.tiles.values())
    return ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))


def compare(catalog_path: str | Path | None, players: int = 2, setups: int = 4, games: int = 25, seed: int = 1,
            jobs: int | None = 1, bots: tuple[str, ...] = BOTS,
            progress: Callable[[int], None] | None = None) -> Study:
    """The study of the built-in tiles against the catalog at `catalog_path` (a whole tile file:
    Plażing's catalog replaces ours). UserInputError for a file or catalog the checks reject.

    `jobs` is accepted for the common signature; Plażing's games are a few milliseconds each and run
    in this process. `progress(done)` hears of games played, out of
    `core.compare.study_size(setups, games, len(bots))`."""
    check_size(setups, games)
    base, user = load_catalog(None), load_catalog(catalog_path)
    options = Options(players=players)
    seeds = setup_seeds(seed, setups)
    tally = Tally(progress)
    base_arms = arms("built-in", base, options, seeds, games, seed, bots, tally)
    user_arms = arms("yours", user, options, seeds, games, seed, bots, tally)
    comparisons = {bot: Comparison(base_arms[bot], user_arms[bot], length_unit="turns") for bot in bots}
    figures = [("digest", base.digest, user.digest), ("tiles", str(len(base.tiles)), str(len(user.tiles))),
               ("tiles per kind", kinds(base), kinds(user))]
    checks = catalog_checks.culprits(user)
    checks.extend(catalog_checks.warnings(user))
    return Study("plazing", players, setups, games, seed, comparisons, figures,
                 same_content=base.digest == user.digest, checks=[str(v) for v in checks])
