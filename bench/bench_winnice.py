"""Winnice benchmarks (not tests): setups/s, 4-player bot games/s, a playability report, the print kit.

    python bench/bench_winnice.py [--setups N] [--games N] [--report N] [--jobs J] [--repeat R] [--only PART]
    python bench/bench_winnice.py --only versus --against OLD_TREE [--games N] [--report N]
    python bench/bench_winnice.py --only paths [--games N]
    python bench/bench_winnice.py --only memory [--report N]

PARTS: setups, games, floor, report, kit (default: all); versus compares this code with an older
tree in the same run (games/s and the report command, with their ratios); paths the compiled
path with the plain-Python one (`BOARDGEN_PURE_PYTHON=1`, the same source with the JIT off);
memory the peak RSS of a report of N/10 and of N games (`--jobs 2`): it should stay flat.
Every part prints the machine's load (`uptime`) first.

Figures are the best of `--repeat` runs (the machine is shared; the best run is the one least
disturbed). Goal from issue 9: a 200-game playability report in under 5 s.
- setups/s: `generate` (shuffle every deck, deal markets) **and** `check` (every rule, including
  re-shuffling for the order rule), 4 players;
- random / greedy 4-player games/s, Winnice's bots through core.playout.play_one (both bots
  finish their games), in CPU time (`time.process_time`, one process: what other users of the
  machine do not disturb much) and wall-clock, after `--warm` games in the process (the bots'
  memo of placement groups filled, as in a report's worker after its first games), with the
  cycle collector set as the report's workers set it (`playability.few_collections`);
- the report: `boardgen winnice check FILE --playouts N --jobs J` run as a command (process start,
  imports, the pool, the games), wall-clock and the CPU time of the command and its workers;
- the print kit: scenes + PDFs + PNG for one 4-player setup, seconds and bytes per file.

When the machine is busy (other benchmarks on the same cores), CPU time too varies by 20% and
more; a change to the bots is then better judged by instructions, which other processes do not
change: `valgrind --tool=cachegrind --cache-sim=no` over a script that plays N games (minus the
same script with 0 games), with PYTHONHASHSEED fixed. The 4-player greedy games of setup 1, seeds
0..11: 334 M instructions per game before the third speed round, 305 M after it. On the busier
action board of 2026-12-01 (7 + 7 market spaces for 4 players: 28 rounds a game instead of 39,
but about as many cards bought and planted), seeds 0..5: 343 M per game before the fourth speed
round, 328 M after it (12.1 M per round; 327 M on the same machine a session later); 320 M with
the kept target-window steps (valuation._targets); 327 M once State.apply holds every move to its
kind's signature (moves.well_formed: the price of an engine that takes exactly its legal moves);
326 M with the near-placement rows trimmed.

Where a greedy game's time goes (4 players, 2026-12-01, ~86 ms a game on that day's machine):
371 planting decisions at ~145 us (63%: 260 plantings, 85 harvests, 15 "done"), 429 placements
at ~47 us (24%), 303 resolving choices at ~23 us, the rest small. A planting decision costs
~116 us when its board is new and ~29 us with every memo warm: three quarters of it is valuing
placements against a colour board no earlier decision saw (each planting changes its colour's
board, so every stored shape of that colour is valued afresh: 2,268 such near-placement
valuations in 10 games against 466 memo hits).

The floor (`--only floor`; 2026-12-01, seeds 0..5 by cachegrind, the same games each time): 325 M
instructions a cold greedy game, 153 M when every valuation it needs is already remembered, 44 M
for the engine alone replaying its moves (CPU ms that day: 101 / 42 / 14). A report command costs
about 0.75 s before its first game (imports, reading and checking the file) and 0.25 s more to
start two workers, so 200 games in 5 s on two workers leave about 42 ms CPU a game — which is
the greedy bot's cost with nothing left to value. The 5 s goal needs another bot (one that values
far less than every legal placement) or more cores, not a faster memo.

The compiled planting kernel (kernels.plant_ties, 2026-12-01, machine at load 8-12 on 2 cores):
seeds 0..3 by cachegrind (the games pinned by the tests, unchanged), 346 M instructions a game
before (this session's starting code) and 268 M after (x1.29); `--only versus` in the same run:
greedy games/s CPU x1.32-1.50 (e.g. 32.1 against 24.2), the 200-game report command with two
workers x1.19-1.27 faster in wall-clock (16.2 s against 20.6 s at load 9; the issue's 5.1 s was
measured at load 0.1). What is left is Python plumbing: about 37% of a greedy game is the rest
of the planting decision (target windows, contexts, harvest values), 27% the placing decision,
20% the engine applying moves; a compiled placing decision and engine step are next.

The planting decision in one compiled call (kernels.plant_decision, with the harvest values,
`grows` and the target windows compiled too; 2026-12-02, machine at load 4-7 on 2 cores, so the
wall-clock figures are within noise): cachegrind, 4-player greedy games of setup 1, seeds 0..2,
227 M instructions a game before (c46ae15), 211 M after (x1.08), ~194 M with the stored seedlings'
arrays remembered (x1.17; identical runs differ by some 3%); `--only versus` games/s CPU
x1.03-1.10. Where a game's time goes now (~27 ms a game when quiet): the planting decision ~30 us
x 378 (of which the kernel ~5 us: the rest is Python building its arguments and the moves), the
placing decision ~17 us x 439, the engine applying moves ~5.5 ms a game, resolving choices ~1.6
ms. A compiled placing loop (kernels over the spaces, the action parts still valued in Python)
measured no gain (207-219 M against 211 M) and was not kept. Every decision that returns to Python
costs ~10 us of plumbing, so with the bots' decisions compiled one by one the ceiling is some 75
games/s; 300 needs the game loop itself compiled (the State as arrays, the moves applied and the
tie-breaks drawn in the kernel from Python's own Mersenne Twister words, as core.kernels'
`take_words`/`randbelow`/`give_back` provide). The plain-Python path (`--only paths`) runs the
same source at ~1/4.7 of the compiled speed. Memory (`--only memory --report 5000`, same day):
peak RSS 161 MB (command) / 112 MB (largest worker) for 500 games, 177 / 139 MB for 5,000,
against 175 MB (largest process) for 5,000 with c46ae15 (the bots' memo tables are bounded:
placement_index.MEMO_LIMIT).

Both greedy decisions compiled from the boards alone (kernels.plant_decision finds the target
windows, plantings and their pay itself; kernels.place_decision values every open space, the
markets' cards by `card_values`/`fits_window`; 2026-12-06, load 0.3-0.6 on 2 cores, against
main in the same minute): 4-player greedy games/s CPU through core.playout.run_playouts 46-50
against 40-42 (x1.15-1.17), random 20.1 against 20.9 (x0.97), the 200-game greedy report
command 2.84-3.17 s against 3.38 s wall (~0.75 s of it before the first game: imports, the
kernels loaded from the disk cache). Per game now: planting decisions ~18 us x 378, placing
~17 us x 439 (the kernel ~3.5 us of it; building its arguments, the call and the memo the rest),
resolving ~7 us x 310, the engine applying moves ~4 us x 1,280 (5 ms). This is close to the
ceiling of decisions compiled one by one: 300 games/s needs the whole game loop in a kernel.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from generator.core.files import save_setup  # noqa: E402
from generator.core.playout import play_one  # noqa: E402
from generator.core.rng import make_rng  # noqa: E402
from generator.games.winnice.bots import get_bot  # noqa: E402
from generator.games.winnice.cli import write_outputs  # noqa: E402
from generator.games.winnice.engine import State  # noqa: E402
from generator.games.winnice.memo import forget  # noqa: E402
from generator.games.winnice.model import GAME, SETUP_VERSION, default_catalog  # noqa: E402
from generator.games.winnice.placement_index import index_for  # noqa: E402
from generator.games.winnice.playability import few_collections  # noqa: E402
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


def bench_games(bot: str, n: int, repeat: int, warm: int = 0) -> None:
    """`n` 4-player games on one setup (as a report plays them), after `warm` games in this process."""
    cat = default_catalog()
    setup = generate(4, 1, cat)

    def play(lo: int, hi: int) -> tuple[int, int, int]:
        done = rounds = moves = 0
        for i in range(lo, hi):
            state = State(setup, cat, make_rng(i, "engine"))
            moves += play_one(state, [get_bot(bot)] * 4, random.Random(i), max_moves=2_000_000)
            done += state.winner is not None
            rounds += state.round
        return done, rounds, moves

    best_cpu = best_wall = float("inf")
    done = rounds = moves = 0
    with few_collections():  # the cycle collector as the report's workers set it
        play(1000, 1000 + warm)
        for r in range(repeat):  # new games each time: a replayed game would find all its bot memo filled
            c0, w0 = time.process_time(), time.perf_counter()
            done, rounds, moves = play(r * n, (r + 1) * n)
            best_cpu = min(best_cpu, time.process_time() - c0)
            best_wall = min(best_wall, time.perf_counter() - w0)
    print(f"4-player {bot:>6} games (after {warm} warm-up games): {n / best_cpu:7.2f} games/s CPU, "
          f"{n / best_wall:7.2f} wall  ({done}/{n} ended, mean {rounds / n:.1f} rounds, "
          f"{moves / best_cpu:,.0f} moves/s CPU)")


def bench_floor(n: int, repeat: int) -> None:
    """What a greedy game costs with its bot's valuations free, and with no bot at all.

    `n` greedy games are played and their moves recorded (cold: the bot memo emptied first); the
    same games are then played again (same seeds, so the same moves) with every valuation they
    need already in the memo; then the recorded moves are fed through the engine alone
    (core.playout.play_one with a bot that only replays). CPU time, one process. The second figure
    is the floor of the greedy bot as built (its decision plumbing with nothing left to value),
    the third the engine's share of a greedy game."""
    cat = default_catalog()
    setup = generate(4, 1, cat)
    greedy = get_bot("greedy")
    logs: list[list[Any]] = []

    def recording(i: int) -> Callable[[State, random.Random], Any]:
        log: list[Any] = []
        logs.append(log)

        def bot(state: State, rng: random.Random) -> Any:
            move = greedy(state, rng)
            log.append(move)
            return move
        return bot

    def replaying(i: int) -> Callable[[State, random.Random], Any]:
        moves = iter(logs[i])
        return lambda state, rng: next(moves)

    def games(make: Callable[[int], Callable[[State, random.Random], Any]]) -> float:
        c0 = time.process_time()
        for i in range(n):
            state = State(setup, cat, make_rng(i, "engine"))
            play_one(state, [make(i)] * 4, random.Random(i), max_moves=2_000_000)
        return (time.process_time() - c0) / n * 1000

    cold = warm = engine = float("inf")
    with few_collections():
        for _ in range(repeat):
            index_for(State(setup, cat, make_rng(0, "engine")).t).memo.clear()
            forget()
            logs.clear()
            cold = min(cold, games(recording))
            warm = min(warm, games(lambda i: greedy))
            engine = min(engine, games(replaying))
    print(f"greedy game floor ({n} games, CPU ms a game): {cold:.1f} cold, {warm:.1f} with every valuation "
          f"remembered, {engine:.1f} for the engine alone (the moves replayed)")


def bench_report(n: int, jobs: int | None, repeat: int, bot: str = "greedy") -> None:
    """The report as a user runs it: `boardgen winnice check FILE --playouts n --jobs J`."""
    cat = default_catalog()
    setup = generate(4, 1, cat)
    code = CODE.encode({"players": 4}, 1)
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "setup.json"
        save_setup(path, GAME, SETUP_VERSION, code, setup.to_json())
        cmd = [sys.executable, "-m", "generator", "winnice", "check", str(path), "--playouts", str(n), "--bot", bot]
        if jobs:
            cmd += ["--jobs", str(jobs)]
        best_wall = best_cpu = float("inf")
        lines: list[str] = []
        for _ in range(repeat):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            w0 = time.perf_counter()
            out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root, check=False)
            wall = time.perf_counter() - w0
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime)
            if out.returncode != 0:
                print(f"report failed (exit {out.returncode}): {out.stdout.strip()} {out.stderr.strip()}")
                return
            best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
            lines = [x.strip() for x in out.stdout.splitlines()[1:3]]
    print(f"report `winnice check --playouts {n} --bot {bot} --jobs {jobs or 'all'}`: {best_wall:.2f} s wall, "
          f"{best_cpu:.2f} s CPU (command + workers) — " + "; ".join(lines))


#: greedy 4-player games/s CPU of whatever code PYTHONPATH names (this checkout or an older one:
#: the bots are looked up where that code keeps them)
_GAMES_SCRIPT = """
import random, sys, time
from generator.core.playout import play_one
from generator.core.rng import make_rng
from generator.games.winnice.engine import State
from generator.games.winnice.model import default_catalog
from generator.games.winnice.playability import few_collections
from generator.games.winnice.setup import generate
try:
    from generator.games.winnice.bots import get_bot
except ImportError:
    from generator.core.playout import get_bot
n, warm = int(sys.argv[1]), int(sys.argv[2])
cat = default_catalog()
setup = generate(4, 1, cat)
def play(lo, hi):
    for i in range(lo, hi):
        play_one(State(setup, cat, make_rng(i, "engine")), [get_bot("greedy")] * 4, random.Random(i),
                 max_moves=2_000_000)
with few_collections():
    play(1000, 1000 + warm)
    c0 = time.process_time()
    play(0, n)
    print(n / (time.process_time() - c0))
"""


def load() -> str:
    """The machine's load averages (1, 5, 15 min): figures are only comparable within one run."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _rate(tree: Path, n: int, warm: int, pure: bool = False) -> float:
    """Greedy 4-player games/s CPU of the code at `tree`, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("BOARDGEN_PURE_PYTHON", None)
    if pure:
        env["BOARDGEN_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-c", _GAMES_SCRIPT, str(n), str(warm)], capture_output=True, text=True,
                         env=env, cwd=tree, check=True)
    return float(out.stdout.split()[-1])


def bench_paths(n: int, warm: int, repeat: int) -> None:
    """Greedy 4-player games/s CPU on the compiled path and on the plain-Python one (the same
    source, `BOARDGEN_PURE_PYTHON=1`), each in fresh processes taken in turns (best of `repeat`)."""
    root = Path(__file__).resolve().parent.parent
    fast = slow = 0.0
    for _ in range(repeat):
        fast = max(fast, _rate(root, n, warm))
        slow = max(slow, _rate(root, max(1, n // 4), min(warm, 2), pure=True))
    print(f"greedy 4-player games/s CPU: compiled {fast:.1f}, plain Python {slow:.1f} (compiled x{fast / slow:.2f})")


def bench_memory(n: int, jobs: int) -> None:
    """Peak RSS of `winnice check FILE --playouts K --jobs J` for K = n/10 and n: the command and
    its workers (the largest process of each run, `ru_maxrss` of the waited-for children)."""
    cat = default_catalog()
    code = CODE.encode({"players": 4}, 1)
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "setup.json"
        save_setup(path, GAME, SETUP_VERSION, code, generate(4, 1, cat).to_json())
        for k in (max(1, n // 10), n):
            cmd = [sys.executable, "-c", "import resource, runpy, sys; sys.argv = sys.argv[1:]; "
                   "sys.argv[0] = 'boardgen'\ntry:\n    runpy.run_module('generator', run_name='__main__')\n"
                   "finally:\n    r = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
                   "    s = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
                   "    print(f'RSS {s} {r}', file=sys.stderr)",
                   "boardgen", "winnice", "check", str(path), "--playouts", str(k), "--jobs", str(jobs)]
            w0 = time.perf_counter()
            out = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root, check=False)
            wall = time.perf_counter() - w0
            rss = [line for line in out.stderr.splitlines() if line.startswith("RSS ")]
            if out.returncode != 0 or not rss:
                print(f"report of {k} games failed (exit {out.returncode}): {out.stderr.strip()[-300:]}")
                return
            own, workers = (int(x) / 1024 for x in rss[-1].split()[1:])
            print(f"report `winnice check --playouts {k} --jobs {jobs}`: {wall:.1f} s wall, peak RSS "
                  f"{own:.0f} MB (command), {workers:.0f} MB (largest worker)")


def bench_versus(against: Path, n: int, warm: int, repeat: int, report: int, jobs: int | None) -> None:
    """This checkout against the code at `against` (an older checkout or `git archive` of one), in
    the same run: greedy 4-player games/s CPU, each tree in fresh processes taken in turns (best
    of `repeat`), and the report command's wall-clock; with their ratios."""
    root = Path(__file__).resolve().parent.parent
    trees = {"this": root, "old": against.resolve()}
    rates: dict[str, float] = dict.fromkeys(trees, 0.0)
    for _ in range(repeat):
        for name, tree in trees.items():
            rates[name] = max(rates[name], _rate(tree, n, warm))
    print(f"greedy 4-player games/s CPU: this {rates['this']:.1f}, old {rates['old']:.1f} "
          f"(x{rates['this'] / rates['old']:.2f})")
    if not report:
        return
    cat = default_catalog()
    code = CODE.encode({"players": 4}, 1)
    walls: dict[str, float] = dict.fromkeys(trees, float("inf"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "setup.json"
        save_setup(path, GAME, SETUP_VERSION, code, generate(4, 1, cat).to_json())
        cmd = [sys.executable, "-m", "generator", "winnice", "check", str(path), "--playouts", str(report)]
        if jobs:
            cmd += ["--jobs", str(jobs)]
        for _ in range(repeat):
            for name, tree in trees.items():
                env = dict(os.environ, PYTHONPATH=str(tree))
                w0 = time.perf_counter()
                subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tree, check=True)
                walls[name] = min(walls[name], time.perf_counter() - w0)
    print(f"report `winnice check --playouts {report} --jobs {jobs or 'all'}` wall: this {walls['this']:.2f} s, "
          f"old {walls['old']:.2f} s (x{walls['old'] / walls['this']:.2f} faster)")


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
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--warm", type=int, default=10, help="games played before the timed ones")
    ap.add_argument("--report", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", choices=("setups", "games", "floor", "report", "kit", "versus", "paths", "memory"),
                    default=None)
    ap.add_argument("--against", type=Path, default=None,
                    help="with --only versus: the code to compare with (a checkout or `git archive` of one)")
    a = ap.parse_args()
    print(load())
    if a.only == "paths":
        bench_paths(a.games, a.warm, a.repeat)
        return
    if a.only == "memory":
        bench_memory(a.report, a.jobs)
        return
    if a.only == "versus":
        if a.against is None:
            ap.error("--only versus needs --against DIR")
        bench_versus(a.against, a.games, a.warm, a.repeat, a.report, a.jobs)
        return
    if a.only in (None, "setups"):
        bench_setups(a.setups, a.repeat)
    if a.only in (None, "games"):
        bench_games("random", a.games, a.repeat, a.warm)
        bench_games("greedy", a.games, a.repeat, a.warm)
    if a.only in (None, "floor"):
        bench_floor(a.games, a.repeat)
    if a.only in (None, "report"):
        bench_report(a.report, a.jobs, a.repeat)
        bench_report(a.report, a.jobs, 1, "random")
    if a.only in (None, "kit"):
        bench_kit(a.repeat, 0.0)
        bench_kit(1, 3.0)  # 3 mm bleed: 69x94 mm cards are 2x2 on A4 (3x3 needs bleed <= 1.6 mm)


if __name__ == "__main__":
    main()
