"""Plażing engine speed: full games per second with random and greedy bots (one core).

    python bench/bench_plazing_engine.py [--games N] [--greedy-games N] [--greedy-only] [--fingerprint]
    python bench/bench_plazing_engine.py --paths [--ref CHECKOUT] [--greedy-games N]

`--fingerprint` prints instead a hash of the greedy games' lengths, scores and stats (10 games on
each of 5 setups per line): a speed change that must not change the bot's play keeps it equal.

`--paths` measures the 4-player base game with greedy bots in fresh interpreters, turn about: this
checkout compiled, this checkout with BOARDGEN_PURE_PYTHON=1, and with `--ref` an older checkout
(e.g. `git worktree add /tmp/plazing-ref c46ae15`, the code before the compiled rules), and prints
each figure, their ratios and the machine's load. Ratios measured in one run are what to compare
on a shared machine.

Goals: >= 100 random 4-player games/s (issue #3); >= 100 greedy 4-player games/s (issue #12);
>= 1,000 greedy 4-player games/s, base game (issue #27).
The machine is shared: each figure is the best of `--rounds` runs, timed in CPU seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
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


#: one figure in a fresh interpreter: greedy 4-player base games per CPU second (best of 3 rounds over
#: 5 setups); works on the checkouts before bots.py too (their greedy bot was greedy.GreedyState)
_RATE = """
import sys, time
from generator.core.playout import run_playouts
from generator.games.plazing.board import board_for
try:
    import generator.games.plazing.bots
    from generator.games.plazing.engine import State
except ImportError:
    from generator.games.plazing.greedy import GreedyState as State
from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate
games = int(sys.argv[1])
boards = [board_for(generate(Options(players=4), s)) for s in range(5)]
run_playouts(lambda rng: State(boards[0], rng), 1, 0, "greedy")  # loads (or compiles) the kernels
best = 0.0
for _ in range(3):
    t = time.process_time()
    for s, b in enumerate(boards):
        run_playouts(lambda rng, b=b: State(b, rng), max(1, games // 5), s, "greedy")
    best = max(best, 5 * max(1, games // 5) / (time.process_time() - t))
print(best)
"""


def _rate(root: Path, games: int, pure: bool) -> float:
    env = {k: v for k, v in os.environ.items() if k != "BOARDGEN_PURE_PYTHON"}
    env["PYTHONPATH"] = str(root)
    if pure:
        env["BOARDGEN_PURE_PYTHON"] = "1"
    res = subprocess.run([sys.executable, "-c", _RATE, str(games)], cwd=root, env=env, capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit(f"{root}: {(res.stderr or res.stdout).strip().splitlines()[-1]}")
    return float(res.stdout)


def paths(games: int, ref: Path | None, turns: int = 3) -> None:
    """Compiled, plain-Python and (with `ref`) the older code's greedy rates, turn about, best of `turns`."""
    here = Path(__file__).resolve().parents[1]
    load = os.getloadavg()
    best: dict[str, float] = {}
    for _ in range(turns):
        runs = [("compiled", here, False), ("pure", here, True)] + ([("reference", ref, False)] if ref else [])
        for name, root, pure in runs:
            n = max(5, games // 10) if pure else games
            best[name] = max(best.get(name, 0.0), _rate(root, n, pure))
    after = os.getloadavg()
    print(f"4 players, base game, greedy, games/CPU-s (best of {turns} turns; load {load[0]:.2f} before, "
          f"{after[0]:.2f} after, on {os.cpu_count()} cores)")
    for name, rate in best.items():
        print(f"  {name:10s} {rate:8.1f}")
    print(f"  compiled / pure = {best['compiled'] / best['pure']:.1f}x")
    if ref:
        print(f"  compiled / reference ({ref}) = {best['compiled'] / best['reference']:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--greedy-games", type=int, default=50)
    ap.add_argument("--greedy-only", action="store_true")
    ap.add_argument("--fingerprint", action="store_true")
    ap.add_argument("--paths", action="store_true", help="compiled vs plain-Python (vs --ref) greedy rates")
    ap.add_argument("--ref", type=Path, help="an older checkout to measure beside this one (with --paths)")
    args = ap.parse_args()
    if args.paths:
        paths(args.greedy_games, args.ref)
        return
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
