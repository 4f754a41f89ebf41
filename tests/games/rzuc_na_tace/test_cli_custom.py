"""Rzuć na tacę custom sheets through the CLI: a pad's title and players' names, `sheet --layout
FILE` (checked, rated against the standard) and `sheet --export-layout`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.games.rzuc_na_tace.cli import app

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    res = runner.invoke(app, list(args))
    return res.exit_code, res.output


def _pad(tmp: Path, *args: str) -> dict:
    code, out = _run("sheet", "--out", str(tmp), "--json", *args)
    assert code == 0, out
    return json.loads(out)


# --- title and names -----------------------------------------------------------------------------


@pytest.mark.parametrize("per_page", ["1", "2"])
def test_title_and_names_print_one_sheet_per_name_and_read_back(tmp_path: Path, per_page: str) -> None:
    r = _pad(tmp_path / "o", "--title", "Wieczór gier w Żabce", "--names", "Ala,Ola,Żaneta", "--count", "2",
             "--per-page", per_page, "--seed", "4", "--lang", "pl")
    assert r["sheets"] == 6 and r["names"] == ["Ala", "Ola", "Żaneta"] and r["title"] == "Wieczór gier w Żabce"
    reader = PdfReader(r["files"]["sheets"])
    assert len(reader.pages) == 6 // int(per_page)
    assert reader.metadata.title == "Wieczór gier w Żabce"
    sheets = []
    for page in reader.pages:
        text = page.extract_text()
        assert text.count("Wieczór gier w Żabce") == int(per_page)  # the heading on every sheet
        sheets += re.findall(r"Ala|Ola|Żaneta", text)
    assert sheets == ["Ala", "Ala", "Ola", "Ola", "Żaneta", "Żaneta"]
    doc = json.loads(Path(r["files"]["setup"]).read_text(encoding="utf-8"))["setup"]
    assert doc["title"] == "Wieczór gier w Żabce" and doc["names"] == ["Ala", "Ola", "Żaneta"]
    assert [s["name"] for s in doc["sheets"]] == ["Ala", "Ala", "Ola", "Ola", "Żaneta", "Żaneta"]
    code, out = _run("check", "--layout", r["files"]["setup"], "--games", "2", "--players", "1")
    assert code == 0, out  # the pad's setup.json still reads back


@pytest.mark.parametrize(("args", "words"), [
    (["--title", "Wieczór gier w Żabce i przyjaciół z osiedla"], "shorten it"),
    (["--title", ""], "empty"),
    (["--names", "Ala,"], "name 2 of 2 is empty"),
    (["--names", "Ala\x07Ola"], "does not print"),
])
def test_a_title_or_name_that_does_not_fit_is_one_line_and_exit_2(tmp_path: Path, args: list[str],
                                                                  words: str) -> None:
    code, out = _run("sheet", "--out", str(tmp_path / "o"), *args)
    assert code == 2 and words in out and out.count("\n") == 1, out
    assert not (tmp_path / "o").exists()
