"""How long `boardgen` takes to answer, measured from outside: the whole process, as a user waits.

    python bench/bench_cli_start.py [--runs 15] [--json] [--checkout PATH]

Each command runs `--runs` times in a fresh interpreter (`python -m generator ...` from this checkout);
the figures are the median and the best wall time, and the best CPU time (user + system of the child:
on a shared machine the wall time also counts waiting for a core, the CPU time does not).
Goals (issue 12): --help and --version <= 0.25 s, `<game> check FILE` <= 0.5 s. Python's own start
is printed as the floor. `--checkout PATH` measures another checkout (e.g. main, for a before/after).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(argv: list[str], runs: int, root: Path = ROOT) -> dict[str, float]:
    """Median and best wall seconds, best CPU seconds of `argv` run `runs` times (after one warm-up)."""
    walls, cpus = [], []
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["COLUMNS"] = "100"  # (with PYTHONDONTWRITEBYTECODE set, as on some CI images, every start would
    # compile our modules again: a user's installed boardgen has its .pyc files)
    subprocess.run(argv, cwd=root, env=env, capture_output=True)  # warm the file cache and .pyc files
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(argv, cwd=root, env=env, capture_output=True)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return {"median_s": statistics.median(walls), "best_s": min(walls), "best_cpu_s": min(cpus)}


def sample_files(folder: Path, root: Path = ROOT) -> dict[str, list[str]]:
    """One setup file per game to `check`, written by the game's own command (not timed)."""
    py = [sys.executable, "-m", "generator"]
    out: dict[str, list[str]] = {}
    subprocess.run([*py, "plazing", "setup", "--seed", "1", "--out", str(folder / "pz")], cwd=root,
                   capture_output=True, check=True)
    out["plazing check FILE"] = ["plazing", "check", str(next((folder / "pz").rglob("setup.json")))]
    subprocess.run([*py, "rzuc-na-tace", "sheet", "--seed", "1", "--out", str(folder / "rz")], cwd=root,
                   capture_output=True)
    setups = list((folder / "rz").rglob("setup.json"))
    if setups:
        out["rzuc-na-tace check FILE"] = ["rzuc-na-tace", "check", str(setups[0])]
    return out


def cli_start(runs: int, root: Path = ROOT) -> list[tuple[str, dict[str, float]]]:
    """[(label, figures)] for Python alone, --version, --help, games and each game's check."""
    py = [sys.executable]
    rows = [("python -c pass (floor)", measure([*py, "-c", "pass"], runs, root)),
            ("import generator.cli", measure([*py, "-c", "import generator.cli"], runs, root))]
    for args in (["--version"], ["--help"], ["plazing", "--help"]):
        rows.append((f"boardgen {' '.join(args)}", measure([*py, "-m", "generator", *args], runs, root)))
    with tempfile.TemporaryDirectory() as tmp:
        for label, args in sample_files(Path(tmp), root).items():
            rows.append((f"boardgen {label}", measure([*py, "-m", "generator", *args], runs, root)))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--checkout", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    args = ap.parse_args()
    rows = cli_start(args.runs, args.checkout.resolve())
    if args.json:
        print(json.dumps(dict(rows), indent=2))
        return
    print(f"CLI start of {args.checkout}, whole process, {args.runs} runs each "
          f"(load {os.getloadavg()[0]:.1f}):")
    for label, f in rows:
        print(f"  {label:34s} median {f['median_s']:6.3f} s  best {f['best_s']:6.3f} s  "
              f"best CPU {f['best_cpu_s']:6.3f} s")


if __name__ == "__main__":
    main()
