"""Planety benchmarks (not tests): setups checked per second, full games per second, the print kit.

    python bench/bench_planety.py [--setups N] [--games N] [--runs R] [--balanced N]

Goals: >= 5,000 setups generated *and* checked per second at 4 players (star draw, big bangs until
one is playable — the bipartite matching — then `rules.check`, which runs the matching again);
full 4-player games per second with random and with greedy bots (invariants not checked, as in a
report without them); the time and bytes of the whole print kit (summary, duplex and fold-over
tiles, stars/tokens/orbits); what a balanced big bang costs (greedy games per candidate) and how
often it changes the table, with the stranded rates of both bots; the time of `planety catalog`'s
checks on the built-in content. The shared machine swings by ±30 %: best and median of R runs.
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

from generator.core.playout import get_bot, play_one  # noqa: E402
from generator.games.planety import balance, draw  # noqa: E402
from generator.games.planety.catalog import check_catalog  # noqa: E402
from generator.games.planety.engine import State, check_invariants  # noqa: E402
from generator.games.planety.rules import CODE, check  # noqa: E402
from generator.games.planety.setup import generate  # noqa: E402
from generator.render.layout import get_paper  # noqa: E402
from generator.render.pdf import write_pdf  # noqa: E402
from generator.render.png import write_png  # noqa: E402


def best_median(values: list[float]) -> str:
    return f"best {max(values):8,.0f}/s, median {statistics.median(values):8,.0f}/s"


def bench_setups(n: int, runs: int) -> None:
    """Wall-clock rates, and the same work per CPU second of this process (the machine is shared:
    under load the CPU figure is what a quiet machine would show)."""
    for players in (4, 3, 2):
        rates, cpu_rates, throws = [], [], 0
        for r in range(runs):
            t0, c0 = time.perf_counter(), time.process_time()
            for seed in range(r * n, (r + 1) * n):
                s = generate(players, seed, verify=False)
                if not check(s).ok:
                    raise SystemExit(f"seed {seed}: generated setup rejected")
                throws += s.throws
            rates.append(n / (time.perf_counter() - t0))
            cpu_rates.append(n / max(1e-9, time.process_time() - c0))
        print(f"{players} players: setups generated + checked: {best_median(rates)}; per CPU second best "
              f"{max(cpu_rates):,.0f}/s (big bangs per setup {throws / (n * runs):.3f}; playable per throw "
              f"{n * runs / throws:.1%})")


def bench_games(n: int, runs: int) -> None:
    setup = generate(4, 1)
    for bot in ("random", "greedy"):
        rates, moves = [], 0
        for r in range(runs):
            t0 = time.perf_counter()
            for i in range(n):
                moves += play_one(State(setup), [get_bot(bot)] * 4, random.Random(r * n + i))
            rates.append(n / (time.perf_counter() - t0))
        print(f"4-player games, {bot:>6} bots: {best_median(rates)}  (mean {moves / (n * runs):.0f} moves)")
    t0 = time.perf_counter()
    for i in range(n // 4):
        play_one(State(setup), [get_bot("random")] * 4, random.Random(i), invariant=check_invariants)
    print(f"4-player games, random bots, invariants after every move: {n // 4 / (time.perf_counter() - t0):,.0f}/s")


def bench_kit(runs: int) -> None:
    setup = generate(4, 1)
    code = CODE.encode({"players": 4}, 1)
    paper = get_paper("a4")
    times, sizes, pages = [], {}, {}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            for name, scene in (("summary.pdf", draw.summary_scene(setup, code, paper, "pl")),
                                ("tiles-duplex.pdf", draw.tiles_duplex_scene(code, paper, "pl")),
                                ("tiles-fold.pdf", draw.tiles_fold_scene(code, paper, "pl")),
                                ("kit.pdf", draw.kit_scene(code, paper, "pl"))):
                sizes[name] = write_pdf(scene, Path(tmp) / name)
                pages[name] = len(scene.pages)
            times.append(time.perf_counter() - t0)
            t1 = time.perf_counter()
            png = write_png(draw.summary_scene(setup, code, paper, "pl"), 0, Path(tmp) / "summary.png", dpi=90)
            png_t = time.perf_counter() - t1
    total, n_pages = sum(sizes.values()), sum(pages.values())
    print(f"print kit (4 PDFs, {n_pages} pages): best {min(times):.2f} s, median {statistics.median(times):.2f} s; "
          f"{total:,} bytes ({total / n_pages:,.0f} bytes/page)")
    for name in sizes:
        print(f"  {name:17} {pages[name]} pages {sizes[name]:>9,} bytes")
    print(f"  summary.png       {png:,} bytes in {png_t:.2f} s")


def bench_balanced(n: int) -> None:
    """Seconds per balanced 4-player setup (n seeds), how many it changed, and the stranded rates of
    greedy and random bots on the ordinary and the balanced tables (means over the seeds)."""
    t0 = time.perf_counter()
    plain = [generate(4, seed) for seed in range(n)]
    t_plain = time.perf_counter() - t0
    balance._rate.cache_clear()
    t0 = time.perf_counter()
    fair = [generate(4, seed, balanced=True) for seed in range(n)]
    t_fair = time.perf_counter() - t0
    changed = sum(a.faces != b.faces for a, b in zip(plain, fair, strict=True))
    rates = {name: [balance.stranded_rates(s) for s in tables] for name, tables in (("ordinary", plain),
                                                                                      ("balanced", fair))}
    print(f"balanced 4-player setups: {t_fair / n:.3f} s each ({t_fair / max(t_plain, 1e-9):,.0f}x an ordinary one); "
          f"{changed} of {n} tables changed")
    for name, rs in rates.items():
        g = statistics.mean(r["greedy"] for r in rs)
        r_ = statistics.mean(r["random"] for r in rs)
        print(f"  {name:9} stranded: greedy {g:.1%}, random {r_:.1%} (mean of {n} tables, "
              f"{balance.limits().games} games each)")


def bench_catalog(runs: int) -> None:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        if not check_catalog(None).ok:
            raise SystemExit("the built-in catalog breaks a catalog rule")
        times.append(time.perf_counter() - t0)
    print(f"catalog checks (rulebook, fill proof, {balance.limits().samples} sampled throws per set of stars): "
          f"best {min(times):.2f} s, median {statistics.median(times):.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--setups", type=int, default=5000)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--balanced", type=int, default=60, help="seeds for the balanced big bang figures")
    a = ap.parse_args()
    bench_setups(a.setups, a.runs)
    bench_games(a.games, a.runs)
    bench_kit(a.runs)
    bench_balanced(a.balanced)
    bench_catalog(a.runs)


if __name__ == "__main__":
    main()
