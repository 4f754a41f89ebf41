"""Your own beach through the CLI: `board export`, `sheet --board FILE`, `check`/`play`/`score` of a
board file, and a pad's title and names."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from generator.games.plazing_rw.board_file import parse_board_text
from generator.games.plazing_rw.cli import app
from generator.games.plazing_rw.model import boards

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    res = runner.invoke(app, list(args))
    return res.exit_code, res.output


def _one_line_error(code: int, out: str, expected: int = 2) -> str:
    assert code == expected, out
    assert "Traceback" not in out
    return out.strip()


# --- board export ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", ["1", "2", "3", "4"])
def test_board_export_writes_the_printed_board_as_a_file_that_reads_back(n: str) -> None:
    code, out = _run("board", "export", "--board", n)
    assert code == 0, out
    assert out.startswith("# Plażing roll&write") and f"Exported from board {n}." in out
    assert parse_board_text(out) == boards()[n]


def test_board_export_by_code_and_the_flat_name() -> None:
    code, out = _run("board", "export", "--code", "PR-000-0-0")  # not a code: one line, exit 2
    _one_line_error(code, out)
    from generator.games.plazing_rw.setup import CODE

    c = CODE.encode({"board": "3", "hard": False, "features": "random", "mirror": False, "difficulty": 1}, 5)
    code, out = _run("board", "export", "--code", c)
    assert code == 0, out
    assert parse_board_text(out) == boards()["3"] and f"Exported from code {c}." in out
    code, flat = _run("board-export", "--board", "3")  # the declared name runs the same command
    assert code == 0 and parse_board_text(flat) == boards()["3"]


@pytest.mark.parametrize("args", [[], ["--board", "5"], ["--board", "random"], ["--board", "1", "--code", "x"],
                                  ["--code", "PR-AAA-1-X~B000000"]])
def test_board_export_refuses_bad_input_in_one_line(args: list[str]) -> None:
    code, out = _run("board", "export", *args)
    assert "\n" not in _one_line_error(code, out)


def test_board_group_help_lists_export() -> None:
    code, out = _run("board", "--help")
    assert code == 0 and "export" in out
