"""Planety: the built-in content against a designer's catalog, with bots, and a verdict.

The same study runs on both contents with common random numbers (core.compare): `setups` big bangs
from the same setup seeds, then `games` random and `games` greedy games on each from the same game
seeds (`playability.playout_reports`). Length is turns. Planety's own figures, side by side: the
re-flips a big bang needed before it was playable (throws - 1, per setup), and per game the players
stranded (left unable to fill their next orbit), life grown and orbits left empty. A catalog whose
big bang is never playable within the generator's bounded throws makes no setup: its games count as
games that do not end, and the reason is kept.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from pathlib import Path

from generator.core.checks import GenerationError, UserInputError
from generator.core.compare import (
    Arm,
    Comparison,
    Study,
    Tally,
    check_size,
    game_seed,
    games_from_report,
    setup_seeds,
    unfinished,
)
from generator.games.planety import playability
from generator.games.planety.model import Catalog, builtin_catalog, load_catalog
from generator.games.planety.rules import check_catalog
from generator.games.planety.setup import generate

KEYS = ("stranded players", "life grown", "orbits left empty")


def arms(label: str, cat: Catalog, players: int, seeds: list[int], games: int, seed: int,
         jobs: int | None, tally: Tally | None = None) -> tuple[dict[str, Arm], list[int]]:
    """Per bot, the games of one content; and the throws each big bang took (failed setups left out)."""
    out = {bot: Arm(label, players) for bot in playability.BOTS}
    throws = []
    for i, s in enumerate(seeds):
        try:
            setup = generate(players, s, cat)
        except GenerationError as exc:
            for arm in out.values():
                arm.setup_failures.append(f"seed {s}: {exc}")
                arm.games += [unfinished(players) for _ in range(games)]
            if tally is not None:
                tally.add(games * len(out))
            continue
        throws.append(setup.throws)
        reports = playability.playout_reports(setup, games, game_seed(seed, i), jobs=jobs, cat=cat)
        for bot, rep in reports.items():
            out[bot].games += games_from_report(rep, "turns", KEYS)
        if tally is not None:
            tally.add(games * len(out))
    return out, throws


def _mean(values: list[int]) -> str:
    return f"{statistics.fmean(values):.1f} (max {max(values)})" if values else "—"


def compare(catalog_path: str | Path | None, players: int = 2, setups: int = 4, games: int = 25, seed: int = 1,
            jobs: int | None = 1, progress: Callable[[int], None] | None = None) -> Study:
    """The study of the built-in content against the catalog at `catalog_path` (a whole content file:
    Planety's catalog replaces ours). UserInputError for a file the reader or the catalog rules reject. `progress(done)`
    hears of games played, out of `core.compare.study_size(setups, games, 2)`."""
    check_size(setups, games)
    base, user = builtin_catalog(), load_catalog(None if catalog_path is None else Path(catalog_path))
    rep = check_catalog(user)
    if not rep.ok:  # as every other command does with a --catalog (cli.get_catalog)
        raise UserInputError(f"{catalog_path}: not a Planety catalog: {rep.violations[0]}"
                             + (f" (and {len(rep) - 1} more)" if len(rep) > 1 else ""))
    seeds = setup_seeds(seed, setups)
    tally = Tally(progress)
    base_arms, base_throws = arms("built-in", base, players, seeds, games, seed, jobs, tally)
    user_arms, user_throws = arms("yours", user, players, seeds, games, seed, jobs, tally)
    comparisons = {bot: Comparison(base_arms[bot], user_arms[bot], length_unit="turns") for bot in playability.BOTS}
    figures = [("digest", base.digest, user.digest),
               ("tiles", str(len(base.tiles)), str(len(user.tiles))),
               ("stars", str(len(base.stars)), str(len(user.stars))),
               ("re-flips per big bang", _mean([t - 1 for t in base_throws]), _mean([t - 1 for t in user_throws])),
               ("setups not made", str(setups - len(base_throws)), str(setups - len(user_throws)))]
    return Study("planety", players, setups, games, seed, comparisons, figures,
                 same_content=base.digest == user.digest)
