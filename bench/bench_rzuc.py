"""Rzuć na tacę benchmarks (not tests): greedy games per second, balancing random variants, a pad.

    python bench/bench_rzuc.py [--games N] [--variants N] [--jobs N ...]
    python bench/bench_rzuc.py --write-reference     # after an engine change

Figures printed (best of --repeat runs; the shared machine swings a lot):
- solo greedy games/s: the engine's own loop (`play_greedy`, what the balancer uses) and the
  generic `core.playout.run_playouts` (same policy plus the house loop's bookkeeping);
- balancing: seconds per accepted random variant, candidates tried and games played, for each
  --jobs given (the variants are the same for any --jobs; the script checks it);
- a 100-sheet pad: seconds and bytes per page.

`--write-reference` replays the standard sheet's balancing games and writes
generator/games/rzuc_na_tace/data/reference.toml (the scores every candidate is compared with).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from generator.core.playout import run_playouts  # noqa: E402
from generator.core.rng import make_rng  # noqa: E402
from generator.games.rzuc_na_tace import setup as rsetup  # noqa: E402
from generator.games.rzuc_na_tace.bots import play_greedy  # noqa: E402
from generator.games.rzuc_na_tace.draw import sheet_scene  # noqa: E402
from generator.games.rzuc_na_tace.engine import State  # noqa: E402
from generator.games.rzuc_na_tace.model import DATA, standard_layout  # noqa: E402
from generator.games.rzuc_na_tace.setup import CODE, generate  # noqa: E402
from generator.render.layout import get_paper  # noqa: E402
from generator.render.pdf import write_pdf  # noqa: E402


def best_of(repeat: int, fn):  # type: ignore[no-untyped-def]
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times), result


def bench_engine(games: int, repeat: int) -> None:
    def loop() -> float:
        total = 0
        for i in range(games):
            s = play_greedy(State(1, make_rng(1, "dice", str(i))), random.Random(i))
            total += s.sheets[0].total()
        return total / games
    best, med, mean = best_of(repeat, loop)
    print(f"solo greedy, engine loop     : {games / best:7.0f} games/s best, {games / med:7.0f} median "
          f"(mean score {mean:.1f})")
    best, med, _ = best_of(repeat, lambda: run_playouts(lambda r: State(1, r), games, 1, "greedy"))
    print(f"solo greedy, run_playouts    : {games / best:7.0f} games/s best, {games / med:7.0f} median")
    best, med, _ = best_of(repeat, lambda: run_playouts(lambda r: State(4, r), games // 4, 1, "greedy"))
    print(f"4-player greedy, run_playouts: {games // 4 / best:7.0f} games/s best, {games // 4 / med:7.0f} median")


def bench_balance(variants: int, jobs_list: list[int], repeat: int) -> None:
    rsetup.reference_scores(standard_layout(), rsetup.DEFAULT_BALANCE_GAMES)  # loaded once per process
    seen = None
    for jobs in jobs_list:
        def run(jobs: int = jobs) -> list[tuple[int, int, float]]:
            out = []
            for seed in range(1, variants + 1):
                lay, b = rsetup.balanced_variant(seed, jobs=jobs)
                games = b.games + sum(r.games for r in b.rejected)
                out.append((b.tries, games, round(b.gap, 4)))
            return out
        best, med, res = best_of(repeat, run)
        if seen is not None and res != seen:
            print(f"!! --jobs {jobs} gave other variants than --jobs {jobs_list[0]}")
        seen = res
        tries = sum(r[0] for r in res)
        games = sum(r[1] for r in res)
        print(f"balancing, --jobs {jobs}: {best / variants:.2f} s/variant best, {med / variants:.2f} median "
              f"({variants} variants, {tries / variants:.1f} candidates and {games / variants:.0f} games each)")


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


def write_reference(games: int) -> None:
    seed = rsetup.BALANCE_SEED
    scores = rsetup.game_scores(standard_layout(), 0, games, seed)
    lines = ["# The standard sheet's greedy solo scores on the balancing games (game 0 first): every random",
             "# variant is compared with these (common random numbers). Written by",
             "# `python bench/bench_rzuc.py --write-reference` after any engine change; a sheet replays the",
             "# first games and plays them all itself if they no longer match.",
             f"seed = {seed}", f"games = {games}", f"mean = {statistics.fmean(scores):.3f}", "scores = ["]
    for k in range(0, games, 20):
        lines.append("  " + ", ".join(str(int(x)) for x in scores[k:k + 20]) + ",")
    lines.append("]")
    (DATA / "reference.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {DATA / 'reference.toml'}: {games} games, mean {statistics.fmean(scores):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--variants", type=int, default=10)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--write-reference", action="store_true")
    args = ap.parse_args()
    if args.write_reference:
        write_reference(rsetup.DEFAULT_BALANCE_GAMES)
        return
    bench_engine(args.games, args.repeat)
    bench_balance(args.variants, args.jobs, args.repeat)
    bench_pad()


if __name__ == "__main__":
    main()
