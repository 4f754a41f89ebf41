"""Rzuć na tacę benchmarks (not tests): solo greedy games per second, and a 100-sheet pad.

    python bench/bench_rzuc.py [--games N]

Goal: >= 1,000 solo greedy games/s on one core, so that balancing a variant on 10,000 games
takes seconds. Two figures are printed: the engine's own greedy loop (`play_greedy`, what the
variant balancer uses) and the generic `core.playout.run_playouts` with the greedy bot (same
policy, plus the house loop's bookkeeping).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from generator.core.playout import run_playouts  # noqa: E402
from generator.core.rng import make_rng  # noqa: E402
from generator.games.rzuc_na_tace.draw import sheet_scene  # noqa: E402
from generator.games.rzuc_na_tace.engine import State, play_greedy  # noqa: E402
from generator.games.rzuc_na_tace.setup import CODE, generate  # noqa: E402
from generator.render.layout import get_paper  # noqa: E402
from generator.render.pdf import write_pdf  # noqa: E402


def bench_engine(games: int) -> None:
    t0 = time.perf_counter()
    total = 0
    for i in range(games):
        s = play_greedy(State(1, make_rng(1, "dice", str(i))), random.Random(i))
        total += s.sheets[0].total()
    dt = time.perf_counter() - t0
    print(f"solo greedy, engine loop : {games / dt:8.0f} games/s  ({games} games in {dt:.2f} s, "
          f"mean score {total / games:.1f})")
    t0 = time.perf_counter()
    rep = run_playouts(lambda r: State(1, r), games, 1, "greedy")
    dt = time.perf_counter() - t0
    print(f"solo greedy, run_playouts: {games / dt:8.0f} games/s  ({rep.completed}/{games} completed)")
    t0 = time.perf_counter()
    rep = run_playouts(lambda r: State(4, r), games // 4, 1, "greedy")
    dt = time.perf_counter() - t0
    print(f"4-player greedy, run_playouts: {games // 4 / dt:6.0f} games/s")


def bench_pad(count: int = 100) -> None:
    setup = generate(2, "standard", 1)
    code = CODE.encode({"players": 2, "variant": "standard"}, 1)
    for per_page in (2, 1):
        t0 = time.perf_counter()
        scene = sheet_scene(setup, code, get_paper("a4"), per_page, count, "pl")
        with tempfile.TemporaryDirectory() as tmp:
            size = write_pdf(scene, Path(tmp) / "pad.pdf")
        dt = time.perf_counter() - t0
        print(f"{count}-sheet pad, {per_page} per page: {dt:.2f} s, {size:,} bytes "
              f"({len(scene.pages)} pages, {size / len(scene.pages):,.0f} bytes/page)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    args = ap.parse_args()
    bench_engine(args.games)
    bench_pad()


if __name__ == "__main__":
    main()
