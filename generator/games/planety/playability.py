"""Is a Planety setup playable in practice? Bot games on it, and the report.

`playout_report(setup, games, seed, jobs)` plays `games` games with random bots at every seat and
`games` with greedy bots (core.playout; invariants checked after every move), in fixed chunks of
`CHUNK` games whose seeds are derived from the setup's seed before dispatch, so the report is the
same for any `--jobs` (core.parallel.map_jobs). Besides core's completion, length and seat figures
it says how often life appeared, how often a game ended by 3 life, and the stranding rate: how often
a player was left unable to fill their next orbit from the middle although the big bang was
playable (every orbit could get its own planet) — players' choices strand each other.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.core.files import write_atomic
from generator.core.parallel import map_jobs
from generator.core.playout import PlayoutReport, run_playouts
from generator.core.rng import sub_seed
from generator.games.planety.engine import State, check_invariants
from generator.games.planety.model import Catalog, Setup

CHUNK = 25
BOTS = ("random", "greedy")
MAX_MOVES = 5000


def _chunk(job: tuple[dict[str, Any], str, int, int, Catalog | None]) -> PlayoutReport:
    body, bot, seed, games, cat = job
    setup = Setup.from_json(body)
    return run_playouts(lambda rng: State(setup, cat), games, seed, bot, max_moves=MAX_MOVES,
                        invariant=check_invariants)


def merge(reports: list[PlayoutReport]) -> PlayoutReport:
    """One report of many chunks (in chunk order)."""
    first = reports[0]
    out = PlayoutReport(players=first.players, bots=list(first.bots), wins=[0.0] * first.players)
    for r in reports:
        out.games += r.games
        out.completed += r.completed
        out.lengths += r.lengths
        out.scores += r.scores
        out.wins = [a + b for a, b in zip(out.wins, r.wins, strict=True)]
        out.failures += r.failures
        for k, v in r.extras.items():
            out.extras.setdefault(k, []).extend(v)
    return out


def playout_reports(setup: Setup, games: int, seed: int | None = None, jobs: int | None = 1,
                    progress: Callable[[int], None] | None = None,
                    cat: Catalog | None = None) -> dict[str, PlayoutReport]:
    """Per bot ("random", "greedy"): `games` games on `setup` (with `cat`, a user's content)."""
    seed = setup.seed if seed is None else seed
    body = setup.to_json()
    plan: list[tuple[dict[str, Any], str, int, int, Catalog | None]] = []
    for bot in BOTS:
        for c in range(0, games, CHUNK):
            plan.append((body, bot, sub_seed(seed, "playouts", bot, str(c)), min(CHUNK, games - c), cat))
    done = map_jobs(_chunk, plan, jobs, progress=progress)
    out: dict[str, PlayoutReport] = {}
    for bot in BOTS:
        out[bot] = merge([r for job, r in zip(plan, done, strict=True) if job[1] == bot])
    return out


def _rate(r: PlayoutReport, key: str) -> float:
    v = r.extras.get(key, [])
    return round(sum(v) / len(v), 4) if v else 0.0


def _share(r: PlayoutReport, test: Callable[[list[float]], bool]) -> float:
    """The share of completed games whose final life per seat passes `test`."""
    return round(sum(1 for s in r.scores if test(s)) / len(r.scores), 4) if r.scores else 0.0


def report_json(reports: dict[str, PlayoutReport], seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": seed}
    for bot, r in reports.items():
        d = r.to_json()
        d["completion"] = round(r.completed / r.games, 4) if r.games else 0.0
        d["turns"] = d["extras"].get("turns", {})
        d["wins_per_seat"] = [round(w / r.completed, 4) if r.completed else 0.0 for w in r.wins]
        d["life_appeared_rate"] = _rate(r, "game with life")
        d["ended_by_3_life_rate"] = _rate(r, "ended by 3 life")
        d["stranding_rate"] = _rate(r, "game with a stranded player")
        # a shared first place splits the win (wins_per_seat); how often that happens, and how often
        # nobody had any life at the end (every seat then shares a win of nothing), said apart
        d["shared_win_rate"] = _share(r, lambda s: s.count(max(s)) > 1)
        d["no_life_rate"] = _share(r, lambda s: max(s) == 0)
        out[bot] = d
    out["playable"] = all(r.playable for r in reports.values())
    return out


def summary_lines(report: dict[str, Any]) -> list[str]:
    lines = []
    for bot in BOTS:
        d = report.get(bot)
        if d is None:
            continue
        wins = " ".join(f"{w:.0%}" for w in d["wins_per_seat"])
        lines.append(f"{bot} bots: {d['completed']}/{d['games']} games completed"
                     + ("" if d["playable"] else " — FAILURES") + f"; turns mean {d['turns'].get('mean', 0)} "
                     f"(min {d['turns'].get('min', 0):g}, max {d['turns'].get('max', 0):g}); wins per seat {wins} "
                     f"(a shared first place splits the win: {d['shared_win_rate']:.0%} of games, "
                     f"{d['no_life_rate']:.0%} with no life at all)")
        lines.append(f"  life appeared in {d['life_appeared_rate']:.0%} of games, {d['ended_by_3_life_rate']:.0%} "
                     f"ended by 3 life; a player was stranded (could not fill an orbit) in "
                     f"{d['stranding_rate']:.0%} of games")
        for f in d["failures"][:2]:
            lines.append(f"  failed playout seed {f['seed']}: {f['reason']}")
    return lines


def write_report(path: Path, report: dict[str, Any]) -> Path:
    write_atomic(path, json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    return path
