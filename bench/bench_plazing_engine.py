"""Plażing engine speed: full games per second with random and greedy bots (one core).

    python bench/bench_plazing_engine.py [--games N] [--greedy-games N] [--greedy-only] [--fingerprint]

`--fingerprint` prints instead a hash of the greedy games' lengths, scores and stats (10 games on
each of 5 setups per line): a speed change that must not change the bot's play keeps it equal.

Goals: >= 100 random 4-player games/s (issue #3); >= 100 greedy 4-player games/s (issue #12).
The machine is shared: each figure is the best of `--rounds` runs, timed in CPU seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # measure this checkout, not an installed copy
import time

from generator.core.playout import run_playouts
from generator.games.plazing.board import board_for
from generator.games.plazing.engine import State  # the greedy seats are bots.py (found by core.playout)
from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate

CASES = {
    "4 players, all expansions": Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True,
                                         extra_tiles=True),
    "4 players, base game": Options(players=4),
    "2 players, base game": Options(players=2),
}


def bench(options: Options, games: int, bot: str, setups: int = 5, rounds: int = 3) -> tuple[float, float, float]:
    """(games per CPU second, games per wall second, each the best of `rounds`; mean moves per
    game) over `setups` generated setups."""
    best, best_wall, length = 0.0, 0.0, 0.0
    for _ in range(rounds):
        done, moves, elapsed, wall = 0, 0, 0.0, 0.0
        for seed in range(setups):
            board = board_for(generate(options, seed))
            t, w = time.process_time(), time.perf_counter()
            report = run_playouts(lambda rng, b=board: State(b, rng), max(1, games // setups), seed, bot)
            elapsed += time.process_time() - t
            wall += time.perf_counter() - w
            assert report.playable, report.failures
            done += report.games
            moves += sum(report.lengths)
        best, best_wall, length = max(best, done / elapsed), max(best_wall, done / wall), moves / done
    return best, best_wall, length


def fingerprint(options: Options, games: int = 10, setups: int = 5) -> str:
    """A hash of what the greedy bot's games came to (lengths, scores, per-game stats)."""
    h = hashlib.sha256()
    for seed in range(setups):
        board = board_for(generate(options, seed))
        report = run_playouts(lambda rng, b=board: State(b, rng), games, seed, "greedy")
        h.update(repr((report.lengths, report.scores, report.extras)).encode())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--greedy-games", type=int, default=50)
    ap.add_argument("--greedy-only", action="store_true")
    ap.add_argument("--fingerprint", action="store_true")
    args = ap.parse_args()
    if args.fingerprint:
        for name, options in CASES.items():
            print(f"{name:28s} greedy games: {fingerprint(options)}")
        return
    for name, options in CASES.items():
        for bot, n in (("random", args.games), ("greedy", args.greedy_games)):
            if bot == "random" and args.greedy_only:
                continue
            rate, wall, length = bench(options, n, bot)
            print(f"{name:28s} {bot}: {rate:7.1f} games/CPU-s, {wall:7.1f} games/wall-s  ({length:.0f} moves/game)")


if __name__ == "__main__":
    main()
