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


# --- your own sheet: --layout FILE and --export-layout ---------------------------------------------

SMALL_PRINT = ("against the standard sheet", "Variant: mean", "paired solo games on the same dice")


def _export(tmp: Path, *args: str) -> Path:
    code, text = _run("sheet", "--export-layout", *args)
    assert code == 0, text
    path = tmp / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _pages(pdf: str, code: str) -> list[list[str]]:
    """Each page's text lines, the setup code replaced and the small print (a variant's balance or
    a layout file's rating) left out."""
    out = []
    for page in PdfReader(pdf).pages:
        lines = page.extract_text().replace(code, "CODE").splitlines()
        out.append([ln for ln in lines if not any(w in ln for w in SMALL_PRINT)])
    return out


@pytest.mark.parametrize("variant", ["standard", "random"])
def test_round_trip_an_exported_sheet_prints_the_same_pages(tmp_path: Path, variant: str) -> None:
    common = ("--seed", "6", "--count", "3", "--lang", "en", "--balance-games", "200")
    path = _export(tmp_path, "--variant", variant, *common)
    assert path.read_text(encoding="utf-8").startswith("# Rzuć na tacę: one score sheet")
    printed = _pad(tmp_path / "p", "--variant", variant, *common)
    own = _pad(tmp_path / "c", "--layout", str(path), *common)
    assert re.fullmatch(re.escape(own["code"].split("~")[0]) + r"~L[0-9A-F]{6}", own["code"])
    assert own["setup"]["layout"] == printed["setup"]["layout"]
    assert _pages(own["files"]["sheets"], own["code"]) == _pages(printed["files"]["sheets"], printed["code"])
    assert own["rating"]["within_band"] and own["rating"]["reference"] == "standard"
    text = PdfReader(own["files"]["sheets"]).pages[0].extract_text()
    assert "against the standard sheet" in text and "within ±5%" in text  # the verdict in the small print
    doc = json.loads(Path(own["files"]["setup"]).read_text(encoding="utf-8"))["setup"]
    assert doc["rating"] == own["rating"]
    command = Path(own["files"]["command"]).read_text(encoding="utf-8")
    assert f"--layout {path}" in command and own["code"] in command


def test_a_layout_files_code_reproduces_only_with_the_same_file(tmp_path: Path) -> None:
    path = _export(tmp_path)
    a = _pad(tmp_path / "a", "--layout", str(path), "--seed", "8")
    b = _pad(tmp_path / "b", "--layout", str(path), "--code", a["code"])
    assert Path(a["files"]["sheets"]).read_bytes() == Path(b["files"]["sheets"]).read_bytes()
    code, out = _run("sheet", "--code", a["code"], "--out", str(tmp_path / "c"))
    assert code == 2 and "pass the same --layout FILE" in out
    other = tmp_path / "other.toml"
    other.write_text(path.read_text(encoding="utf-8").replace('name = "standard"', 'name = "mine"'),
                     encoding="utf-8")
    code, out = _run("sheet", "--layout", str(other), "--code", a["code"], "--out", str(tmp_path / "c"))
    assert code == 2 and "is not the layout of setup code" in out
    code, out = _run("sheet", "--layout", str(path), "--variant", "random", "--out", str(tmp_path / "c"))
    assert code == 2 and "give one of them" in out
    assert not (tmp_path / "c").exists()


def test_a_layout_file_that_breaks_a_rule_exits_1_and_a_malformed_one_2(tmp_path: Path) -> None:
    path = _export(tmp_path)
    text = path.read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("3 = 5, 4 = 4 }", "3 = 5, 4 = 0 }"), encoding="utf-8")
    code, out = _run("sheet", "--layout", str(broken), "--out", str(tmp_path / "o"))
    assert code == 1 and "broken rule" in out and "[" in out, out
    bad = tmp_path / "bad.toml"
    bad.write_text(text + "\ncolour = 1\n", encoding="utf-8")
    code, out = _run("sheet", "--layout", str(bad), "--out", str(tmp_path / "o"))
    assert code == 2 and out.count("\n") == 1 and "bad.toml" in out, out
    assert not (tmp_path / "o").exists()
