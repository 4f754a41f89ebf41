"""`--code` gives every option it encodes: an option typed beside it with another value, or another
--seed, is a one-line error (exit 2), not silently dropped; the same value is fine."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from generator.cli import app

CASES = [  # (command, extra arguments to make the code, an option the code contradicts, one it agrees with)
    (["planety", "setup", "--playouts", "0"], ["--players", "3"], ["--players", "2"], ["--players", "3"]),
    (["winnice", "setup", "--playouts", "0"], ["--players", "3"], ["--players", "4"], ["--players", "3"]),
    (["plazing", "setup", "--playouts", "0"], ["--players", "3"], ["--players", "2"], ["--players", "3"]),
    (["plazing", "setup", "--playouts", "0"], [], ["--events"], []),
    (["rzuc-na-tace", "sheet"], ["--players", "3"], ["--players", "1"], ["--players", "3"]),
    (["plazing-rw", "sheet"], ["--board", "2"], ["--board", "3"], ["--board", "2"]),
]


@pytest.mark.parametrize("command, make, contradicts, agrees", CASES)
def test_an_option_against_the_code_is_refused(tmp_path, command, make, contradicts, agrees):
    run = CliRunner().invoke
    made = run(app, [*command, *make, "--seed", "5", "--out", str(tmp_path), "--json"])
    assert made.exit_code == 0, made.output
    code = json.loads(made.output)["code"]
    bad = run(app, [*command, "--code", code, *contradicts, "--out", str(tmp_path)])
    assert bad.exit_code == 2 and "contradicts code" in bad.output and len(bad.output.strip().splitlines()) == 1
    seed = run(app, [*command, "--code", code, "--seed", "6", "--out", str(tmp_path)])
    assert seed.exit_code == 2 and "--seed 6 contradicts" in seed.output
    ok = run(app, [*command, "--code", code, *agrees, "--seed", "5", "--out", str(tmp_path), "--json"])
    assert ok.exit_code == 0 and json.loads(ok.output)["code"] == code
