"""Plażing engine speed: full games per second with random and greedy bots (one core).

    python bench/bench_plazing_engine.py [--games N] [--greedy-games N]

Goals: >= 100 random 4-player games/s (issue #3); >= 100 greedy 4-player games/s (issue #12).
The machine is shared: each figure is the best of `--rounds` runs, timed in CPU seconds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # measure this checkout, not an installed copy
import time

from generator.core.playout import run_playouts
from generator.games.plazing.engine import State, board_for
from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate

CASES = {
    "4 players, all expansions": Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True,
                                         extra_tiles=True),
    "4 players, base game": Options(players=4),
    "2 players, base game": Options(players=2),
}


def bench(options: Options, games: int, bot: str, setups: int = 5, rounds: int = 3) -> tuple[float, float]:
    """(games per CPU second, best of `rounds`; mean moves per game) over `setups` generated setups."""
    best, length = 0.0, 0.0
    for _ in range(rounds):
        done, moves, elapsed = 0, 0, 0.0
        for seed in range(setups):
            board = board_for(generate(options, seed))
            t = time.process_time()
            report = run_playouts(lambda rng, b=board: State(b, rng), max(1, games // setups), seed, bot)
            elapsed += time.process_time() - t
            assert report.playable, report.failures
            done += report.games
            moves += sum(report.lengths)
        best, length = max(best, done / elapsed), moves / done
    return best, length


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--greedy-games", type=int, default=50)
    args = ap.parse_args()
    for name, options in CASES.items():
        rate, length = bench(options, args.games, "random")
        print(f"{name:28s} random: {rate:7.1f} games/s  ({length:.0f} moves/game)")
        rate, length = bench(options, args.greedy_games, "greedy")
        print(f"{name:28s} greedy: {rate:7.1f} games/s  ({length:.0f} moves/game)")


if __name__ == "__main__":
    main()
