"""How long a default `compare` takes per game (not a test): built-in content against itself.

    python bench/bench_compare.py [--players N] [--setups N] [--games N] [--jobs N] [--runs R]

Each game's `compare` runs its default study (4 setups x 25 games per bot, greedy and random, both
arms) on an unchanged copy of the built-in content, R times; printed: best and median seconds, the
games played, and the verdict (it must be "no difference"). The shared machine swings by +-30 %:
read the figures against `uptime`'s load, printed first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from generator.games.planety import compare as planety  # noqa: E402
from generator.games.plazing import compare as plazing  # noqa: E402
from generator.games.winnice import compare as winnice  # noqa: E402

GAMES = {"plazing": plazing.compare, "winnice": winnice.compare, "planety": planety.compare}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--setups", type=int, default=4)
    ap.add_argument("--games", type=int, default=25)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--runs", type=int, default=1)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {args.players} players, "
          f"{args.setups} setups x {args.games} games per bot and arm, jobs {args.jobs}")
    for name, fn in GAMES.items():
        times = []
        study = None
        for _ in range(args.runs):
            t = time.perf_counter()
            study = fn(None, players=args.players, setups=args.setups, games=args.games, seed=1, jobs=args.jobs)
            times.append(time.perf_counter() - t)
        assert study is not None
        played = sum(len(c.base.games) + len(c.user.games) for c in study.comparisons.values())
        print(f"{name:8} best {min(times):6.1f} s, median {statistics.median(times):6.1f} s, {played} games "
              f"({min(times) / played * 1000:.1f} ms a game); verdict: {study.verdict()}")


if __name__ == "__main__":
    main()
