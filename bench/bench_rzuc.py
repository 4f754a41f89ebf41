"""Rzuć na tacę benchmarks (not tests): games per second and a pad, on both paths and against a reference.

    python bench/bench_rzuc.py [--reference DIR] [--count N] [--no-pure]
    python bench/bench_rzuc.py --write-reference     # after an engine change

Every figure is measured in a fresh interpreter, the same way for each of up to three codes:
this checkout's compiled path, its plain-Python path (BOARDGEN_PURE_PYTHON=1), and `--reference`,
another checkout (e.g. `git worktree add /tmp/rzuc-ref <commit>`) run with PYTHONPATH. The table
gives each figure and the ratios compiled/plain-Python and compiled/reference, measured in the same
run; the shared machine swings a lot, so the ratios are what to quote, with the load (`uptime`)
printed before and after.

- games/s (CPU time, best of 3): greedy and random bots through `core.playout.run_playouts`, as a
  playability report plays them, and the balancer's solo greedy games (`setup.game_scores`);
- a pad: `rzuc-na-tace sheet --variant random --count N` (a balanced random variant), whole command,
  wall and CPU seconds.

`--write-reference` replays the standard sheet's balancing games and writes
generator/games/rzuc_na_tace/data/reference.toml (the scores every candidate is compared with).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not

_GAMES = """
import sys, time
from generator.core.playout import run_playouts
from generator.games.rzuc_na_tace.engine import State
from generator.games.rzuc_na_tace.model import standard_layout
from generator.games.rzuc_na_tace.setup import game_scores
kind, players, n = {kind!r}, {players}, {n}
if kind == "balancer":
    play = lambda i: game_scores(standard_layout(), 0, n, 1000 + i)
else:
    play = lambda i: run_playouts(lambda rng: State(players, rng), n, i, kind)
play(99)  # the first call loads (or compiles) the kernels
best = 0.0
for i in range(3):
    t = time.process_time()
    play(i)
    best = max(best, n / (time.process_time() - t))
print(best)
"""

#: (label, kind, players, games per try on the compiled path, on the plain-Python path)
FIGURES = (
    ("1p greedy games/s, run_playouts", "greedy", 1, 4000, 60),
    ("4p greedy games/s, run_playouts", "greedy", 4, 1000, 15),
    ("1p random games/s, run_playouts", "random", 1, 4000, 60),
    ("4p random games/s, run_playouts", "random", 4, 1000, 15),
    ("1p greedy games/s, balancer (setup.game_scores)", "balancer", 1, 4000, 60),
)


def _env(code_root: Path, pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("BOARDGEN_PURE_PYTHON", "PYTHONPATH")}
    env["PYTHONPATH"] = str(code_root)
    if pure:
        env["BOARDGEN_PURE_PYTHON"] = "1"
    return env


def _run(code_root: Path, pure: bool, args: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its children, stdout) of a fresh `python`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    res = subprocess.run([sys.executable, *args], cwd=code_root, env=_env(code_root, pure), capture_output=True,
                         text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode != 0:
        raise RuntimeError((res.stderr or res.stdout).strip().splitlines()[-1])
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, res.stdout


def games_per_s(code_root: Path, pure: bool, kind: str, players: int, n: int) -> float:
    return float(_run(code_root, pure, ["-c", _GAMES.format(kind=kind, players=players, n=n)])[2])


def pad_seconds(code_root: Path, pure: bool, count: int) -> tuple[float, float]:
    """(wall, CPU) seconds of `rzuc-na-tace sheet --variant random --count COUNT --seed 1`."""
    with tempfile.TemporaryDirectory() as tmp:
        wall, cpu, _ = _run(code_root, pure, ["-m", "generator", "rzuc-na-tace", "sheet", "--variant", "random",
                                              "--count", str(count), "--seed", "1", "--out", tmp])
    return wall, cpu


def _load() -> str:
    return os.getloadavg()[0].__format__(".2f") if hasattr(os, "getloadavg") else "?"


def _ratio(a: float | None, b: float | None, higher_is_better: bool = True) -> str:
    if not a or not b:
        return "-"
    return f"{(a / b if higher_is_better else b / a):.1f}x"


def bench(reference: Path | None, count: int, pure: bool) -> None:
    print(f"load before: {_load()} (1-minute average, {os.cpu_count()} cores)")
    rows = [("figure", "compiled", "plain Python", "compiled/plain", "reference", "compiled/reference")]

    def fmt(x: float | None) -> str:
        return "-" if x is None else f"{x:,.0f}"

    for label, kind, players, n_fast, n_slow in FIGURES:
        fast = games_per_s(ROOT, False, kind, players, n_fast)
        slow = games_per_s(ROOT, True, kind, players, n_slow) if pure else None
        ref = games_per_s(reference, False, kind, players, n_fast) if reference else None
        rows.append((label, fmt(fast), fmt(slow), _ratio(fast, slow), fmt(ref), _ratio(fast, ref)))
    pad_seconds(ROOT, False, 1)  # a cold kernel cache compiles here, not in the figure
    fast_w, fast_c = pad_seconds(ROOT, False, count)
    slow_w, slow_c = pad_seconds(ROOT, True, count) if pure else (None, None)
    ref_w, ref_c = pad_seconds(reference, False, count) if reference else (None, None)

    def sec(x: float | None) -> str:
        return "-" if x is None else f"{x:.2f} s"

    rows.append((f"{count}-sheet random-variant pad, wall", sec(fast_w), sec(slow_w), _ratio(fast_w, slow_w, False),
                 sec(ref_w), _ratio(fast_w, ref_w, False)))
    rows.append((f"{count}-sheet random-variant pad, CPU", sec(fast_c), sec(slow_c), _ratio(fast_c, slow_c, False),
                 sec(ref_c), _ratio(fast_c, ref_c, False)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))))
    print(f"load after: {_load()}")


def write_reference(games: int) -> None:
    from generator.games.rzuc_na_tace import setup as rsetup
    from generator.games.rzuc_na_tace.model import DATA, standard_layout

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
    ap.add_argument("--reference", type=Path, help="another checkout to compare with (run with PYTHONPATH)")
    ap.add_argument("--count", type=int, default=100, help="sheets in the pad")
    ap.add_argument("--no-pure", action="store_true", help="skip the plain-Python path")
    ap.add_argument("--write-reference", action="store_true")
    args = ap.parse_args()
    if args.write_reference:
        from generator.games.rzuc_na_tace.setup import DEFAULT_BALANCE_GAMES

        write_reference(DEFAULT_BALANCE_GAMES)
        return
    bench(args.reference.resolve() if args.reference else None, args.count, not args.no_pure)


if __name__ == "__main__":
    main()
