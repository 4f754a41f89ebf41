"""Every headline figure of boardgen in one table, so that a later change can be compared with it.

    python bench/bench_all.py [--seconds 1.5] [--runs 9] [--quick] [--json FILE]

Rows (issue 12 goals in the last column):
- setups generated and checked per second, per game (one core);
- playouts per second per game and bot (one core, and for one case every core through `--jobs`);
- pads: a 100-sheet pad of different random Plażing roll&write beaches and a 100-sheet Rzuć na tacę
  pad of a random balanced variant, through the CLI as a user runs them (whole process, default
  --jobs): seconds, and bytes per PDF page; Plażing's board.pdf bytes per page;
- CLI start (whole process, see bench_cli_start.py): --version, --help, `plazing check FILE`;
- both paths (issue 27): the figures the compiled kernels change, each measured in a fresh process with
  the JIT on and with BOARDGEN_PURE_PYTHON=1, and their ratio (`--paths-only` prints just these; the
  plain-Python pad is timed on a few sheets and scaled, a whole one would take an hour; `--rss` adds the
  peak memory of a 100- and a 1,000-sheet pad and of a 500- and a 5,000-game Winnice report).

Rates are the best of several rounds (the machine is shared: the best round is the figure for the code,
the load average is printed beside it). A row whose API has changed prints its error instead of
stopping the table. Nothing here is a test: tests never assert on time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout, installed or not
sys.path.insert(0, str(ROOT / "bench"))

Row = tuple[str, str, str]  # figure, value, goal


def rate(step: Callable[[int], object], seconds: float, rounds: int = 3) -> float:
    """Calls of `step(i)` per second: the best of `rounds` rounds of `seconds / rounds` each."""
    best, i = 0.0, 0
    for _ in range(rounds):
        n, start = 0, time.perf_counter()
        while True:
            step(i)
            n, i = n + 1, i + 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / rounds:
                break
        best = max(best, n / elapsed)
    return best


def setups(seconds: float) -> list[Row]:
    from generator.games.plazing.model import Options
    from generator.games.plazing.setup import generate as plazing_generate

    every = Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True, extra_tiles=True)
    rows = [("plazing setups/s, 4p every expansion", f"{rate(lambda s: plazing_generate(every, s), seconds):,.0f}",
             ">= 3,000"),
            ("plazing setups/s, 4p base game",
             f"{rate(lambda s: plazing_generate(Options(players=4), s), seconds):,.0f}", "")]
    rows += _guard("plazing-rw random boards/s (legal, before balancing)", lambda: _rw_boards(seconds), "")
    rows += _guard("rzuc-na-tace setups/s, standard 2p", lambda: _rzuc_setups(seconds), "")
    rows += _guard("winnice setups/s, 4p (generated and checked)", lambda: _winnice_setups(seconds), "")
    rows += _guard("planety setups/s, 4p (generated and checked)", lambda: _planety_setups(seconds), ">= 5,000")
    return rows


def _winnice_setups(seconds: float) -> str:
    from generator.games.winnice.model import default_catalog
    from generator.games.winnice.rules import check
    from generator.games.winnice.setup import generate

    cat = default_catalog()

    def one(s: int) -> None:
        assert check(generate(4, s, cat), cat).ok

    return f"{rate(one, seconds):,.0f}"


def _planety_setups(seconds: float) -> str:
    from generator.games.planety.rules import check
    from generator.games.planety.setup import generate

    def one(s: int) -> None:
        assert check(generate(4, s, verify=False)).ok

    return f"{rate(one, seconds):,.0f}"


def _rw_boards(seconds: float) -> str:
    from generator.games.plazing_rw.setup import random_board

    return f"{rate(lambda s: random_board(s, False, 'random', balance=False), seconds):,.1f}"


def _rzuc_setups(seconds: float) -> str:
    from generator.games.rzuc_na_tace.setup import generate

    return f"{rate(lambda s: generate(2, 'standard', s), seconds):,.0f}"


def _winnice_games(bot: str, seconds: float) -> str:
    from generator.games.winnice.engine import State
    from generator.games.winnice.model import default_catalog
    from generator.games.winnice.playability import few_collections
    from generator.games.winnice.setup import generate

    cat = default_catalog()
    setup = generate(4, 1, cat)
    with few_collections():  # as the report's workers run them
        return f"{_games_per_s(lambda rng: State(setup, cat, rng), bot, seconds * 2, batch=4):,.1f}"


def _planety_games(bot: str, seconds: float) -> str:
    from generator.games.planety.engine import State
    from generator.games.planety.setup import generate

    setup = generate(4, 1)
    return f"{_games_per_s(lambda rng: State(setup), bot, seconds, batch=20):,.0f}"


def _games_per_s(make_state: Callable, bot: str, seconds: float, jobs: int = 1, batch: int = 8) -> float:
    """Whole games per second through core.playout.run_playouts (the runner every report uses)."""
    from generator.core.playout import run_playouts

    def step(i: int) -> None:
        rep = run_playouts(make_state, batch, i, bot, jobs=jobs)
        assert rep.playable, rep.failures[:1]

    return rate(step, seconds) * batch


def playouts(seconds: float) -> list[Row]:
    from generator.core.parallel import default_jobs
    from generator.games.plazing.engine import State, board_for  # its greedy bot is found beside it (bots.py)
    from generator.games.plazing.model import Options
    from generator.games.plazing.setup import generate

    base = board_for(generate(Options(players=4), 1))
    board = board_for(generate(Options(players=4, surprises=True, events=True, clean_beach=True), 1))

    def plazing(rng):
        return State(board, rng)

    def plazing_base(rng):
        return State(base, rng)

    rows = [("plazing 4p games/s, random bots", f"{_games_per_s(plazing, 'random', seconds, batch=20):,.0f}", ""),
            ("plazing 4p games/s, greedy bots, base game",
             f"{_games_per_s(plazing_base, 'greedy', seconds, batch=8):,.1f}", ">= 100"),
            ("plazing 4p games/s, greedy bots, every expansion",
             f"{_games_per_s(plazing, 'greedy', seconds, batch=8):,.1f}", "")]
    cores = default_jobs()
    if cores > 1:  # a report's worth of games: a pool's start and the board's trip cost little beside them
        rows.append((f"plazing 4p games/s, greedy bots, base game, --jobs {cores} (200-game reports)",
                     f"{_games_per_s(plazing_base, 'greedy', seconds * 4, jobs=cores, batch=200):,.1f}", ""))
    rows += _guard("winnice 4p games/s, greedy bots", lambda: _winnice_games("greedy", seconds), "")
    rows += _guard("winnice 4p games/s, random bots", lambda: _winnice_games("random", seconds), "")
    rows += _guard("planety 4p games/s, greedy bots", lambda: _planety_games("greedy", seconds), "")
    rows += _guard("planety 4p games/s, random bots", lambda: _planety_games("random", seconds), "")
    rows += _guard("plazing-rw solo games/s, random", lambda: _rw_games("random", seconds), "")
    rows += _guard("plazing-rw solo games/s, greedy", lambda: _rw_games("greedy", seconds), "")
    for players in (1, 4):
        for bot in ("random", "greedy"):
            rows += _guard(f"rzuc-na-tace {players}p games/s, {bot}",
                           lambda p=players, b=bot: _rzuc_games(p, b, seconds), ">= 1,000" if
                           (players, bot) == (1, "greedy") else "")
    return rows


def _rw_games(bot: str, seconds: float) -> str:
    from generator.games.plazing_rw.engine import new_game
    from generator.games.plazing_rw.model import boards

    b = boards()["1"]
    return f"{_games_per_s(lambda rng: new_game(b, rng), bot, seconds, batch=20):,.0f}"


def _rzuc_games(players: int, bot: str, seconds: float) -> str:
    from generator.games.rzuc_na_tace.engine import State

    return f"{_games_per_s(lambda rng: State(players, rng), bot, seconds, batch=20):,.0f}"


def _pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))


def _cli_pad(args: list[str]) -> tuple[float, int, int]:
    """(seconds, PDF bytes, PDF pages) of one `python -m generator ...` run writing a pad."""
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        res = subprocess.run([sys.executable, "-m", "generator", *args, "--out", tmp], cwd=ROOT,
                             capture_output=True, text=True)
        elapsed = time.perf_counter() - t
        if res.returncode != 0:
            raise RuntimeError((res.stderr or res.stdout).strip().splitlines()[-1])
        pdfs = sorted(Path(tmp).rglob("*.pdf"), key=lambda p: p.stat().st_size)
        data = pdfs[-1].read_bytes()
    return elapsed, len(data), _pdf_pages(data)


def pads(count: int) -> list[Row]:
    rows: list[Row] = []
    for label, args, goal in (
            (f"plazing-rw {count}-sheet random pad", ["plazing-rw", "sheet", "--board", "random", "--count",
                                                       str(count), "--seed", "1"], "<= 5 s"),
            (f"rzuc-na-tace {count}-sheet pad, random variant", ["rzuc-na-tace", "sheet", "--variant", "random",
                                                                 "--count", str(count), "--seed", "1"], "<= 5 s")):
        try:
            t, size, pages = _cli_pad(args)
        except Exception as exc:  # a changed command: say so in the table
            rows.append((label, f"error: {exc}", goal))
            continue
        rows.append((f"{label}: seconds (whole command)", f"{t:.2f}", goal))
        rows.append((f"{label}: bytes/page", f"{size / max(1, pages):,.0f} ({pages} pages)", ""))
    rows += _guard("plazing board.pdf (4p, a4): bytes/page", _plazing_board_pdf, "")
    return rows


def _plazing_board_pdf() -> str:
    from generator.games.plazing.draw import board_scene
    from generator.games.plazing.model import Options
    from generator.games.plazing.setup import code_for, generate
    from generator.render.layout import get_paper
    from generator.render.pdf import write_pdf

    options = Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True)
    scene = board_scene(generate(options, 1), code_for(options, 1), get_paper("a4"), "pl")
    with tempfile.TemporaryDirectory() as tmp:
        size = write_pdf(scene, Path(tmp) / "board.pdf")
    return f"{size / len(scene.pages):,.0f} ({len(scene.pages)} pages)"


def cli(runs: int) -> list[Row]:
    from bench_cli_start import cli_start

    goals = {"boardgen --version": "<= 0.25 s", "boardgen --help": "<= 0.25 s",
             "boardgen plazing check FILE": "<= 0.5 s"}
    return [(f"CLI start: {label} (median / best / best CPU s)",
             f"{f['median_s']:.3f} / {f['best_s']:.3f} / {f['best_cpu_s']:.3f}", goals.get(label, ""))
            for label, f in cli_start(runs)]


# --- the compiled and the plain-Python path, side by side (issue 27) ------------------------------------

_RATE = """
import sys, time
sys.path.insert(0, {root!r})
from generator.core.playout import run_playouts
{setup}
run_playouts(make, 2, 0, {bot!r})  # the first call loads (or compiles) the kernels
best, n = 0.0, {batch}
for i in range(3):
    t = time.process_time()
    run_playouts(make, n, i, {bot!r})
    best = max(best, n / (time.process_time() - t))
print(best)
"""

_GAMES = {
    "plazing-rw solo greedy games/s, one core (CPU)": (
        "from generator.games.plazing_rw.engine import new_game\nfrom generator.games.plazing_rw.model import boards\n"
        "b = boards()['1']\nmake = lambda rng: new_game(b, rng)", "greedy", ">= 10,000", (400, 8)),
    "plazing-rw solo random games/s, one core (CPU)": (
        "from generator.games.plazing_rw.engine import new_game\nfrom generator.games.plazing_rw.model import boards\n"
        "b = boards()['1']\nmake = lambda rng: new_game(b, rng)", "random", "", (400, 8)),
    "rzuc-na-tace 1p greedy games/s, one core (CPU)": (
        "from generator.games.rzuc_na_tace.engine import State\nmake = lambda rng: State(1, rng)", "greedy",
        ">= 20,000", (400, 60)),
    "plazing 4p greedy games/s, base game, one core (CPU)": (
        "from generator.games.plazing.engine import State, board_for\n"
        "from generator.games.plazing.model import Options\nfrom generator.games.plazing.setup import generate\n"
        "b = board_for(generate(Options(players=4), 1))\nmake = lambda rng: State(b, rng)", "greedy", ">= 1,000",
        (60, 4)),
    "winnice 4p greedy games/s, one core (CPU)": (
        "from generator.games.winnice.engine import State\nfrom generator.games.winnice.model import default_catalog\n"
        "from generator.games.winnice.setup import generate\ncat = default_catalog()\nsetup = generate(4, 1, cat)\n"
        "make = lambda rng: State(setup, cat, rng)", "greedy", ">= 300", (24, 3)),
}


def _in_path(pure: bool, args: list[str], code: str | None = None) -> tuple[float, str, float]:
    """(wall seconds, stdout, CPU seconds of the process and its workers) of a fresh `python` on one path."""
    import resource

    env = {k: v for k, v in os.environ.items() if k != "BOARDGEN_PURE_PYTHON"}
    if pure:
        env["BOARDGEN_PURE_PYTHON"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    res = subprocess.run([sys.executable, *(["-c", code] if code else args)], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode != 0:
        raise RuntimeError((res.stderr or res.stdout).strip().splitlines()[-1])
    return wall, res.stdout, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _pad_seconds(pure: bool, count: int, jobs: str | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of a whole `sheet --board random` command."""
    with tempfile.TemporaryDirectory() as tmp:
        args = ["-m", "generator", "plazing-rw", "sheet", "--board", "random", "--count", str(count), "--seed", "1",
                "--out", tmp] + (["--jobs", jobs] if jobs else [])
        wall, _out, cpu = _in_path(pure, args)
        return wall, cpu


def paths(count: int, rss: bool) -> list[Row]:
    """Each figure on the compiled path, on the plain-Python path, and compiled / plain."""
    rows: list[Row] = []
    for label, (setup, bot, goal, (n_fast, n_pure)) in _GAMES.items():
        try:
            fast = float(_in_path(False, [], _RATE.format(root=str(ROOT), setup=setup, bot=bot, batch=n_fast))[1])
            slow = float(_in_path(True, [], _RATE.format(root=str(ROOT), setup=setup, bot=bot, batch=n_pure))[1])
        except Exception as exc:  # a changed API: the table still prints
            rows.append((label, f"error: {exc}", goal))
            continue
        rows.append((label, f"{fast:,.0f} jit / {slow:,.1f} pure = {fast / slow:,.0f}x", goal))
    rows += _guard("winnice check FILE --playouts 200 (4p greedy), whole command, wall s", _winnice_check, "<= 1.5 s")
    label = f"plazing-rw {count}-sheet random pad (fair, difficulty 1), whole command"
    try:
        _pad_seconds(False, 1)  # a cold kernel cache compiles here, not in the figure
        fast, fast_cpu = _pad_seconds(False, count)
        few = 2
        slow, slow_cpu = (x * count / few for x in _pad_seconds(True, few))
        rows.append((f"{label}, wall s", f"{fast:.2f} jit / ~{slow:,.0f} pure ({few} sheets x{count // few}) = "
                     f"{slow / fast:,.0f}x", "<= 5 s"))
        rows.append((f"{label}, CPU s (all processes)", f"{fast_cpu:.2f} jit / ~{slow_cpu:,.0f} pure = "
                     f"{slow_cpu / fast_cpu:,.0f}x", ""))
    except Exception as exc:
        rows.append((label, f"error: {exc}", "<= 5 s"))
    if rss:
        code = ("import resource, subprocess, sys, tempfile\nwith tempfile.TemporaryDirectory() as tmp:\n"
                "    subprocess.run([sys.executable, '-m', 'generator', 'plazing-rw', 'sheet', '--board', 'random',"
                " '--count', sys.argv[1], '--seed', '1', '--out', tmp], check=True, capture_output=True)\n"
                "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        for n in (100, 1000):
            try:
                _t, out, _cpu = _in_path(False, ["-c", code, str(n)])
                rows.append((f"plazing-rw {n}-sheet random pad: peak RSS of a process", f"{int(out) / 1024:,.0f} MB",
                             "flat"))
            except Exception as exc:
                rows.append((f"plazing-rw {n}-sheet pad RSS", f"error: {exc}", "flat"))
        code = ("import resource, subprocess, sys, tempfile, pathlib\nwith tempfile.TemporaryDirectory() as tmp:\n"
                "    g = [sys.executable, '-m', 'generator', 'winnice']\n"
                "    subprocess.run(g + ['setup', '--players', '4', '--seed', '1', '--out', tmp], check=True,"
                " capture_output=True)\n"
                "    (f,) = pathlib.Path(tmp).glob('winnice/*/setup.json')\n"
                "    subprocess.run(g + ['check', str(f), '--playouts', sys.argv[1], '--bot', 'random', '--json'],"
                " check=True, capture_output=True)\n"
                "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
        for n in (500, 5000):
            try:
                _t, out, _cpu = _in_path(False, ["-c", code, str(n)])
                rows.append((f"winnice {n}-game report (random bots): peak RSS of a process",
                             f"{int(out) / 1024:,.0f} MB", "flat"))
            except Exception as exc:
                rows.append((f"winnice {n}-game report RSS", f"error: {exc}", "flat"))
    return rows


def _winnice_check() -> str:
    """`boardgen winnice check FILE --playouts 200` on a 4-player setup, as a user runs it (default
    --jobs), on both paths; the plain path plays 20 games and is scaled."""
    with tempfile.TemporaryDirectory() as tmp:
        made = subprocess.run([sys.executable, "-m", "generator", "winnice", "setup", "--players", "4", "--seed", "1",
                               "--out", tmp], cwd=ROOT, capture_output=True, text=True)
        if made.returncode != 0:
            raise RuntimeError((made.stderr or made.stdout).strip().splitlines()[-1])
        (setup,) = Path(tmp).glob("winnice/*/setup.json")

        def run(pure: bool, games: int) -> float:
            wall, _out, _cpu = _in_path(pure, ["-m", "generator", "winnice", "check", str(setup), "--playouts",
                                               str(games), "--bot", "greedy", "--json"])
            return wall

        run(False, 2)  # a cold kernel cache compiles here, not in the figure
        fast, slow = run(False, 200), run(True, 20) * 10
    return f"{fast:.2f} jit / ~{slow:,.0f} pure (20 games x10) = {slow / fast:,.0f}x"


def _guard(label: str, fn: Callable[[], str], goal: str) -> list[Row]:
    try:
        return [(label, fn(), goal)]
    except Exception as exc:  # an API that changed: the table still prints
        return [(label, f"error: {exc.__class__.__name__}: {exc}", goal)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=1.5, help="time per rate figure")
    ap.add_argument("--runs", type=int, default=9, help="runs per CLI start figure")
    ap.add_argument("--count", type=int, default=100, help="sheets per pad")
    ap.add_argument("--quick", action="store_true", help="short rounds (a smoke run, not figures)")
    ap.add_argument("--json", type=Path, help="also write the table as JSON")
    ap.add_argument("--paths-only", action="store_true", help="only the compiled / plain-Python figures")
    ap.add_argument("--rss", action="store_true",
                    help="also peak memory: 100- and 1,000-sheet pads, 500- and 5,000-game reports")
    args = ap.parse_args()
    if args.quick:
        args.seconds, args.runs, args.count = 0.3, 2, 10
    start = time.perf_counter()
    if args.paths_only:
        rows = paths(args.count, args.rss)
    else:
        rows = setups(args.seconds) + playouts(args.seconds) + pads(args.count) + cli(args.runs) + paths(
            args.count, args.rss)
    width = max(len(r[0]) for r in rows)
    vwidth = max(len(r[1]) for r in rows)
    print(f"boardgen headline figures ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}, "
          f"{time.perf_counter() - start:.0f} s)")
    print(f"{'figure':{width}s}  {'value':>{vwidth}s}  goal")
    for figure, value, goal in rows:
        print(f"{figure:{width}s}  {value:>{vwidth}s}  {goal}")
    if args.json:
        args.json.write_text(json.dumps([{"figure": f, "value": v, "goal": g} for f, v, g in rows], indent=2) + "\n")


if __name__ == "__main__":
    main()
