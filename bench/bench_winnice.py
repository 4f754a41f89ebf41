"""Winnice benchmarks (not tests): setups/s, 4-player bot games/s, a playability report, the print kit.

    python bench/bench_winnice.py [--setups N] [--games N] [--report N] [--jobs J] [--repeat R]

Figures are the best of `--repeat` runs (the machine is shared; the best run is the one least
disturbed). Goal from issue 9: a 200-game playability report in under 5 s.
- setups/s: `generate` (shuffle every deck, deal markets) **and** `check` (every rule, including
  re-shuffling for the order rule), 4 players;
- random / greedy 4-player games/s through core.playout (both bots finish their games);
- the report: `playability.play_games` with greedy bots over `--jobs` processes;
- the print kit: scenes + PDFs + PNG for one 4-player setup, seconds and bytes per file.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from generator.core.playout import get_bot, play_one  # noqa: E402
from generator.core.rng import make_rng  # noqa: E402
from generator.games.winnice import playability  # noqa: E402
from generator.games.winnice.cli import write_outputs  # noqa: E402
from generator.games.winnice.engine import State  # noqa: E402
from generator.games.winnice.model import default_catalog  # noqa: E402
from generator.games.winnice.rules import check  # noqa: E402
from generator.games.winnice.setup import CODE, generate  # noqa: E402


def best(fn, repeat: int) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def bench_setups(n: int, repeat: int) -> None:
    cat = default_catalog()

    def run() -> None:
        for seed in range(n):
            assert check(generate(4, seed, cat), cat).ok

    dt, _ = best(run, repeat)
    print(f"setups (generate + check, 4 players): {n / dt:8.0f} /s  ({n} in {dt:.2f} s)")


def bench_games(bot: str, n: int, repeat: int) -> None:
    cat = default_catalog()

    def run() -> tuple[int, int, int]:
        done = rounds = moves = 0
        for i in range(n):
            state = State(generate(4, i, cat), cat, make_rng(i, "engine"))
            moves += play_one(state, [get_bot(bot)] * 4, random.Random(i), max_moves=2_000_000)
            done += state.winner is not None
            rounds += state.round
        return done, rounds, moves

    dt, (done, rounds, moves) = best(run, repeat)  # type: ignore[misc]
    print(f"4-player {bot:>6} games: {n / dt:8.2f} games/s  ({done}/{n} ended, mean {rounds / n:.1f} rounds, "
          f"{moves / dt:,.0f} moves/s)")


def bench_report(n: int, jobs: int | None, repeat: int) -> None:
    cat = default_catalog()
    setup = generate(4, 1, cat)

    def run() -> dict:  # type: ignore[type-arg]
        return playability.report(playability.play_games(setup, cat, n, 1, "greedy", jobs), 4, "greedy", cat.round_cap)

    dt, rep = best(run, repeat)
    print(f"playability report, {n} greedy 4-player games, --jobs {jobs or 'all'}: {dt:.2f} s "
          f"({rep['completed']}/{rep['games']} completed, rounds mean {rep['rounds']['mean']})")  # type: ignore[index]


def bench_kit(repeat: int, bleed: float) -> None:
    cat = default_catalog()
    setup = generate(4, 1, cat)
    code = CODE.encode({"players": 4}, 1)
    with tempfile.TemporaryDirectory() as tmp:
        def run() -> dict:  # type: ignore[type-arg]
            return write_outputs(setup, cat, code, Path(tmp), "a4", "pl", bleed)

        dt, files = best(run, repeat)
        total = 0
        parts = []
        for key, path in files.items():  # type: ignore[union-attr]
            size = path.stat().st_size
            total += size
            pages = ""
            if path.suffix == ".pdf":
                from pypdf import PdfReader

                n = len(PdfReader(path).pages)
                pages = f", {n} pages, {size / n / 1000:.1f} kB/page"
            parts.append(f"{key} {size / 1000:.0f} kB{pages}")
        print(f"print kit (4 players, A4, {bleed:g} mm bleed): {dt:.2f} s, {total / 1e6:.2f} MB — " + "; ".join(parts))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--setups", type=int, default=300)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--report", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args()
    bench_setups(a.setups, a.repeat)
    bench_games("random", a.games, a.repeat)
    bench_games("greedy", a.games, a.repeat)
    bench_report(a.report, a.jobs, 1)
    bench_kit(a.repeat, 0.0)
    bench_kit(1, 3.0)  # 3 mm bleed: 69x94 mm cards are 2x2 on A4 (3x3 needs bleed <= 1.6 mm)


if __name__ == "__main__":
    main()
