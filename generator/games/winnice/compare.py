"""Winnice: the built-in content against a designer's catalog, with bots, and a verdict.

The same study runs on both contents with common random numbers (core.compare): `setups` setups
from the same setup seeds, `games` greedy and `games` random games on each from the same game
seeds, all through `playability.play_games`. Length is rounds to the end; a game that reaches the
catalog's round cap (or stalls) did not end. Winnice's own figures, side by side: drought hits and
harvests per game (from the games) and the sources of red (red seedling cards, laboratory and
genetics cards: without one, no red token is ever made and nobody reaches the winning 8P).

Seats are counted from each setup's first player (seat 1 places the first worker), so a
first-player advantage adds up over setups instead of cancelling out. The reports carry no final
scores, so Winnice's score spread is not measured; the winner is.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path

from generator.core.compare import Arm, Comparison, Game, Study, Tally, check_size, game_seed, setup_seeds
from generator.games.winnice import catalog_checks, playability
from generator.games.winnice.model import Catalog, default_catalog, load_catalog, parse_card
from generator.games.winnice.setup import generate

BOTS = ("greedy", "random")


def red_sources(cat: Catalog) -> dict[str, int]:
    """Where red comes from: red seedling cards per deck, laboratory and genetics cards."""
    out = {deck: sum(n for cid, n in cards.items() if parse_card(cid)[0] == 2) for deck, cards in cat.decks.items()}
    out["laboratory"] = cat.action_cards["laboratory"]
    out["genetics"] = cat.action_cards["genetics"]
    return out


def figures(base: Catalog, user: Catalog, players: int) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = [("digest", base.digest(), user.digest())]
    for deck in base.decks:
        rows.append((f"{deck} cards", str(sum(base.decks[deck].values())), str(sum(user.decks[deck].values()))))
    rb, ru = red_sources(base), red_sources(user)
    rows += [(f"red source: {k}", str(rb[k]), str(ru[k])) for k in rb]
    rows.append((f"action spaces ({players} players)", str(len(base.spaces_for(players))),
                 str(len(user.spaces_for(players)))))
    rows.append(("round cap", str(base.round_cap), str(user.round_cap)))
    return rows


def arm(label: str, cat: Catalog, players: int, seeds: list[int], games: int, seed: int, bot: str,
        jobs: int | None, executor: Executor | None, tally: Tally | None = None) -> Arm:
    """The games of one content with one bot (every setup seed; the same game seeds per setup)."""
    out = Arm(label, players)
    for i, s in enumerate(seeds):
        setup = generate(players, s, cat)
        for r in playability.play_games(setup, cat, games, game_seed(seed, i), bot, jobs=jobs, executor=executor):
            extras = {"drought hits per game": float(r["drought_hits"]), "harvests per game": float(r["harvests"])}
            if r["completed"]:  # seats counted from the setup's first player: seat 1 moves first
                first = (r["winner"] - setup.first_player) % players
                wins = tuple(1.0 if p == first else 0.0 for p in range(players))
                out.games.append(Game(True, float(r["rounds"]), wins, (), extras))
            else:
                out.games.append(Game(False, float(r["rounds"]), (0.0,) * players, (), extras))
        if tally is not None:
            tally.add(games)
    return out


def compare(catalog_path: str | Path | None, players: int = 2, setups: int = 4, games: int = 25, seed: int = 1,
            jobs: int | None = 1, executor: Executor | None = None, bots: tuple[str, ...] = BOTS,
            progress: Callable[[int], None] | None = None) -> Study:
    """The study of the built-in catalog against `catalog_path` (UserInputError for a bad file or a
    catalog the rules reject: `setup.generate` names the first broken rule). `progress(done)` hears
    of games played, out of `core.compare.study_size(setups, games, len(bots))`."""
    check_size(setups, games)
    base, user = default_catalog(), load_catalog(catalog_path)
    seeds = setup_seeds(seed, setups)
    tally = Tally(progress)
    comparisons = {}
    for bot in bots:
        comparisons[bot] = Comparison(arm("built-in", base, players, seeds, games, seed, bot, jobs, executor, tally),
                                      arm("yours", user, players, seeds, games, seed, bot, jobs, executor, tally),
                                      length_unit="rounds")
    checks = catalog_checks.culprits(user)
    if catalog_path is not None:
        checks.extend(catalog_checks.warnings(catalog_path))
    return Study("winnice", players, setups, games, seed, comparisons, figures(base, user, players),
                 same_content=base.digest() == user.digest(), checks=[str(v) for v in checks])
