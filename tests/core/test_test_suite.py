"""The README's test command and CI: the default run uses every core and leaves the long property
and statistics runs (marked `slow`) to .ci/run's second step, so CI still runs every test."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_default_run_uses_every_core_shows_progress_and_leaves_out_the_slow_runs():
    pytest_opts = _project()["tool"]["pytest"]["ini_options"]
    addopts = pytest_opts["addopts"].split()
    assert "-n" in addopts and addopts[addopts.index("-n") + 1] == "auto"
    assert "-m" in addopts and pytest_opts["addopts"].count("'not slow'") == 1
    assert "-q" not in addopts and "-v" in addopts  # a line per test, not only dots
    assert any(m.startswith("slow:") for m in pytest_opts["markers"])
    extras = " ".join(_project()["project"]["optional-dependencies"]["test"])
    assert "pytest-xdist" in extras and "mypy" in extras


def test_ci_runs_the_default_suite_then_the_slow_runs_and_takes_no_tests_as_no_failure(tmp_path):
    """.ci/run's test step: pytest's exit code 5 (nothing selected) passes, any other failure fails."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    calls = [line.split("#")[0].split() for line in script.splitlines() if line.split("#")[0].split()[:1] == ["tests"]]
    assert calls == [["tests"], ["tests", "-m", "slow"]]
    start = script.index("tests() {")
    function = script[start:script.index("\n}\n", start) + 3]
    fake = tmp_path / ".venv" / "bin" / "python"
    fake.parent.mkdir(parents=True)
    fake.write_text('#!/bin/sh\necho "pytest $*" >> calls.txt\nexit "$FAKE_RC"\n')
    fake.chmod(0o755)
    for rc, ok in ((0, True), (5, True), (1, False), (2, False)):
        res = subprocess.run(["bash", "-c", f"set -euo pipefail\n{function}\ntests -m slow\necho after"],
                             cwd=tmp_path, env={**os.environ, "FAKE_RC": str(rc)}, capture_output=True, text=True)
        assert (res.returncode == 0) is ok and ("after" in res.stdout) is ok, (rc, res)
        assert res.returncode in (0, rc)
    assert (tmp_path / "calls.txt").read_text().splitlines() == ["pytest -m pytest -m slow"] * 4


def test_the_slow_marker_selects_the_long_runs_and_the_default_run_leaves_them_out():
    files = ["tests/test_fuzz_inputs.py", "tests/games/plazing/test_engine_sim.py", "tests/core/test_fields.py"]

    def collected(*marker: str) -> dict[str, int]:
        """Tests per file that a run would select (-qq, against the -v of addopts: one node id a line)."""
        res = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-qq", "-n", "0",
                              "-p", "no:cacheprovider", *marker, *files],
                             cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert res.returncode in (0, 5), res.stdout + res.stderr
        counts: dict[str, int] = {}
        for line in res.stdout.splitlines():
            if line.startswith("tests/") and "::" in line:
                name = line.split("::")[0]
                counts[name] = counts.get(name, 0) + 1
        return counts

    slow = collected("-m", "slow")
    assert slow.get("tests/test_fuzz_inputs.py", 0) >= 10 and slow.get("tests/games/plazing/test_engine_sim.py") == 2
    assert "tests/core/test_fields.py" not in slow
    default = collected()
    assert "tests/test_fuzz_inputs.py" not in default and default.get("tests/core/test_fields.py", 0) > 10
