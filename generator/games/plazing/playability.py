"""Is a Plażing setup playable (not only legal)? Bot playouts, their report, the --balanced search.

`playout_report(setup, games, seed)` plays `games` whole games with random bots (core.playout) on
one shared Board and returns core's PlayoutReport: completion, length, per-seat scores, seat
balance, and the engine's per-game stats (areas closed, resources left uncollected, …). The
playouts' seed is the setup's seed, so the same setup code always gives the same report.

"Resource spread" (ours): the gap between the colour that collects the most resources per game
and the one that collects the least, relative to the mean — a beach whose resources sit where
one seat reaches them first shows up here even when win rates look even.

`generate_balanced` keeps generating setups (the given seed, then seeds derived from it) until a
report is playable and within the bounds of data/rules.toml [playability]; it stops after a
bounded number of tries with a GenerationError that names the best try.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.checks import GenerationError
from generator.core.files import write_atomic
from generator.core.playout import PlayoutReport, run_playouts
from generator.core.rng import MAX_SEED, sub_seed
from generator.games.plazing.model import Catalog, Options, Setup, rules
from generator.games.plazing.setup import generate

COLLECTED = "resources collected, colour "


def limits() -> dict[str, Any]:
    return dict(rules().raw["playability"])


def playout_report(setup: Setup, games: int, seed: int | None = None, bots: str = "random",
                   progress: Callable[[int], None] | None = None) -> PlayoutReport:
    """Play `games` bot games on `setup` (seeded by `seed`, default the setup's own seed); the greedy
    seats are bots.py's bot, which core.playout finds beside the engine. The engine is imported here,
    not with this module: it holds compiled rules, and commands that play nothing load no compiler."""
    from generator.games.plazing.board import board_for
    from generator.games.plazing.engine import State

    board = board_for(setup)
    return run_playouts(lambda rng: State(board, rng), games, setup.seed if seed is None else seed, bots,
                        max_moves=int(limits()["max_moves"]), progress=progress)


def _counted_on(progress: Callable[[int], None], done: int) -> Callable[[int], None]:
    """`progress` told of each game after the `done` of the earlier tries (one count over all tries)."""
    return lambda d: progress(done + d)


def resource_spread(report: PlayoutReport) -> float:
    """(max - min) / mean of the resources each colour collects per game (0 when nobody collects)."""
    means = [statistics.fmean(v) for k, v in sorted(report.extras.items()) if k.startswith(COLLECTED) and v]
    if not means or statistics.fmean(means) == 0:
        return 0.0
    return (max(means) - min(means)) / statistics.fmean(means)


def report_json(report: PlayoutReport, seed: int) -> dict[str, Any]:
    d = report.to_json()
    d["seed"] = seed
    d["resource_spread"] = round(resource_spread(report), 4)
    return d


def summary_lines(report: PlayoutReport) -> list[str]:
    lines = [ln for ln in report.summary_lines() if not ln.startswith(COLLECTED)]
    lines.append(f"resource spread between colours: {resource_spread(report):.0%}")
    return lines


def write_report(path: Path, report: PlayoutReport, seed: int) -> Path:
    write_atomic(path, json.dumps(report_json(report, seed), ensure_ascii=False, indent=2) + "\n")
    return path


def within_bounds(report: PlayoutReport, balance_max: float, spread_max: float) -> bool:
    return report.playable and report.seat_balance <= balance_max and resource_spread(report) <= spread_max


@dataclass
class Balanced:
    setup: Setup
    report: PlayoutReport
    seed: int
    tries: int


def generate_balanced(options: Options, seed: int, catalog: Catalog | None = None, games: int | None = None,
                      tries: int | None = None, balance_max: float | None = None, spread_max: float | None = None,
                      progress: Callable[[int], None] | None = None) -> Balanced:
    """The first setup (seed, then derived seeds) whose playout report is within the bounds.

    `progress(done)` counts playouts over all tries. Raises GenerationError after `tries` setups.
    """
    lim = limits()
    games = int(lim["games"]) if games is None else games
    tries = int(lim["tries"]) if tries is None else tries
    bmax = float(lim["balance_max"]) if balance_max is None else balance_max
    smax = float(lim["resource_spread_max"]) if spread_max is None else spread_max
    if games < 1 or tries < 1:
        raise GenerationError("--balanced needs at least one playout and one try")
    best: tuple[float, int, float, float] | None = None
    for i in range(tries):
        s = seed if i == 0 else sub_seed(seed, "balanced", str(i)) % (MAX_SEED + 1)
        setup = generate(options, s, catalog)
        offset = i * games
        report = playout_report(setup, games, s,
                                progress=None if progress is None else _counted_on(progress, offset))
        if within_bounds(report, bmax, smax):
            return Balanced(setup, report, s, i + 1)
        spread = resource_spread(report)
        excess = max(report.seat_balance - bmax, spread - smax) if report.playable else float("inf")
        if best is None or excess < best[0]:
            best = (excess, s, report.seat_balance, spread)
    assert best is not None
    raise GenerationError(f"no setup within the bounds (seat balance <= {bmax:.0%}, resource spread <= {smax:.0%}) "
                          f"after {tries} tries; closest: seed {best[1]} with balance {best[2]:.0%}, "
                          f"spread {best[3]:.0%}")
