"""Every game's playability report is the same on the compiled path and on the plain-Python one.

Each game has its own move-by-move test of the two paths where it has kernels
(tests/games/*/test_paths.py). This one covers the whole stack at the user's boundary, for all five
games, the ones without kernels too: the `check` command that plays games, run in a fresh interpreter
with the JIT on and with BOARDGEN_PURE_PYTHON=1, must print the same JSON. A kernel that drifts from
its plain-Python reading, or a game that takes a different branch when compiled, changes a report.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow  # ten fresh interpreters, five of them playing without the JIT


def _run(args: list[str], pure: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "BOARDGEN_PURE_PYTHON"}
    if pure:
        env["BOARDGEN_PURE_PYTHON"] = "1"
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=600)


@pytest.fixture(scope="module")
def setups(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("setups")
    made = {}
    for game in ("plazing", "winnice", "planety"):
        done = _run([game, "setup", "--seed", "3", "--players", "3", "--out", str(out)], pure=False)
        assert done.returncode == 0, done.stderr
        (made[game],) = out.glob(f"{game}/*/setup.json")
    return made


def _commands(setups: dict[str, Path]) -> dict[str, list[str]]:
    return {
        "plazing": ["plazing", "check", str(setups["plazing"]), "--playouts", "12", "--json"],
        "winnice": ["winnice", "check", str(setups["winnice"]), "--playouts", "6", "--bot", "greedy",
                    "--jobs", "1", "--json"],
        "planety": ["planety", "check", str(setups["planety"]), "--playouts", "8", "--jobs", "1", "--json"],
        "plazing-rw": ["plazing-rw", "check", "--board", "random", "--seed", "11", "--games", "4",
                       "--bot", "both", "--jobs", "1", "--json"],
        "rzuc-na-tace": ["rzuc-na-tace", "check", "--variant", "standard", "--seed", "4", "--games", "6", "--jobs", "1",
                         "--json"],
    }


@pytest.mark.parametrize("game", ["plazing", "winnice", "planety", "plazing-rw", "rzuc-na-tace"])
def test_check_reports_the_same_on_both_paths(setups: dict[str, Path], game: str) -> None:
    args = _commands(setups)[game]
    compiled, pure = _run(args, pure=False), _run(args, pure=True)
    assert compiled.returncode == 0, compiled.stderr
    assert pure.returncode == 0, pure.stderr
    report = json.loads(compiled.stdout)
    assert report == json.loads(pure.stdout)
    assert "playouts" in json.dumps(report) or "games" in json.dumps(report)  # it played something
