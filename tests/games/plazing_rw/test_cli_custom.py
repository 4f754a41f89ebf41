"""Your own beach through the CLI: `board export`, `sheet --board FILE`, `check`/`play`/`score` of a
board file, and a pad's title and names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
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


# --- sheet, check, play and score of a board file ------------------------------------------------

SMALL = """name = { pl = "Mała zatoka", en = "Small cove" }
closed_edges = ["north"]
north = "sea"
bar_points = 0
rows = [
  ".a.s#p..",
  "..p.#.s.",
  ".s....a.",
  "...BB.p.",
  ".a.BB.a.",
  "..p..s..",
  "........",
]
"""


def _file(tmp: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def _pad(tmp: Path, *args: str) -> dict:
    code, out = _run("sheet", "--out", str(tmp), "--json", *args)
    assert code == 0, out
    return json.loads(out)


def _texts(pdf: str, code: str, drop: str = "") -> list[str]:
    """Each page's text without the setup code (and without the line `drop`)."""
    pages = [p.extract_text() for p in PdfReader(pdf).pages]
    return [re.sub(r"\s+", " ", t.replace(code, "CODE").replace(drop, "")).strip() for t in pages]


@pytest.mark.parametrize("n", ["1", "2", "3", "4"])
def test_round_trip_an_exported_printed_board_prints_the_same_pages(tmp_path: Path, n: str) -> None:
    _code, text = _run("board", "export", "--board", n)
    path = _file(tmp_path, text)
    common = ("--seed", "7", "--count", "2", "--per-page", "2", "--lang", "pl")
    printed = _pad(tmp_path / "p", "--board", n, *common)
    custom = _pad(tmp_path / "c", "--board", str(path), *common)
    assert custom["code"].startswith(custom["code"].split("~")[0]) and "~B" in custom["code"]
    assert custom["pages"] == printed["pages"] == 1
    from generator.games.plazing_rw.rating import Place

    place = Place(custom["rating"]["place_kind"], tuple(custom["rating"]["place_boards"])).text("pl")
    got = _texts(custom["files"]["sheets"], custom["code"])
    assert all(f"trudność: {place}" in t for t in got)  # the rating in the small print
    line = re.search(r"trudność: [^)]*\)", got[0])
    assert line is not None
    assert [t.replace(line[0], "").replace("  ", " ") for t in got] == \
        _texts(printed["files"]["sheets"], printed["code"])
    assert custom["rating"]["place"] == f"board {n}"  # a printed board falls at its own place
    doc = json.loads(Path(custom["files"]["setup"]).read_text(encoding="utf-8"))
    assert doc["setup"]["rating"]["estimate"] == custom["rating"]["estimate"]
    assert doc["setup"]["sheets"][0]["board"]["rows"] == list(boards()[n].rows)


def test_a_small_board_file_prints_rates_and_reproduces_only_with_its_file(tmp_path: Path) -> None:
    path = _file(tmp_path, SMALL)
    a = _pad(tmp_path / "a", "--board", str(path), "--seed", "3", "--lang", "en")
    assert re.fullmatch(r"PR-\w+-3-\w~B[0-9A-F]{6}", a["code"])
    text = PdfReader(a["files"]["sheets"]).pages[0].extract_text()
    assert "Small cove" in text and a["code"] in text and "difficulty:" in text
    assert " H " in re.sub(r"\s+", " ", text) and " J " not in re.sub(r"\s+", " ", text)  # 8 columns lettered
    command = Path(a["files"]["command"]).read_text(encoding="utf-8")
    assert f"--board {path}" in command and a["code"] in command
    b = _pad(tmp_path / "b", "--board", str(path), "--code", a["code"], "--lang", "en")
    assert Path(a["files"]["sheets"]).read_bytes() == Path(b["files"]["sheets"]).read_bytes()
    code, out = _run("sheet", "--code", a["code"], "--out", str(tmp_path / "c"))
    assert code == 2 and "custom board" in out and "--board FILE" in out
    other = _file(tmp_path, SMALL.replace("Small cove", "Other cove"), "other.toml")
    code, out = _run("sheet", "--board", str(other), "--code", a["code"], "--out", str(tmp_path / "d"))
    assert code == 2 and "is not the board of setup code" in out


def test_a_malformed_board_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for text in ("rows = [", 'rows = ["...."]\ncolour = "red"\n'):
        path = _file(tmp_path, text)
        code, out = _run("sheet", "--board", str(path), "--out", str(tmp_path / "o"))
        assert code == 2 and out.count("\n") == 1 and "mine.toml" in out, out
    code, out = _run("sheet", "--board", str(tmp_path / "nothing.toml"), "--out", str(tmp_path / "o"))
    assert code == 2 and out.count("\n") == 1
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("word", ["9", "0", "randon"])
def test_a_mistyped_board_name_names_the_choices_not_a_missing_file(tmp_path: Path, word: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = _run("sheet", "--board", word, "--out", str(tmp_path / "o"))
    line = _one_line_error(code, out)
    assert f"--board '{word}'" in line and "1, 2, 3, 4, random" in line and "board file" in line
    assert not (tmp_path / "o").exists()


def test_a_board_file_breaking_rules_lists_them_by_rule_and_square_and_exits_1(tmp_path: Path) -> None:
    path = _file(tmp_path, SMALL.replace('"..p..s..",', '"..p..s.q",'))
    code, out = _run("sheet", "--board", str(path), "--out", str(tmp_path / "o"))
    assert code == 1, out
    assert "[prw.char] unknown square character 'q'" in out and "(at H6)" in out
    assert not (tmp_path / "o").exists()
    code, out = _run("check", "--board", str(path), "--games", "5")
    assert code == 1 and "[prw.char]" in out and "not played" in out


def test_check_play_and_score_take_a_board_file(tmp_path: Path) -> None:
    path = _file(tmp_path, SMALL)
    code, out = _run("check", "--board", str(path), "--games", "20", "--seed", "1")
    assert code == 0, out
    assert "legal" in out and "difficulty:" in out and "bot mean" in out and "rating greedy playouts" in out
    code, out = _run("check", "--board", str(path), "--games", "20", "--seed", "1", "--json")
    doc = json.loads(out)
    assert doc["rating"]["playouts"]["greedy"]["games"] == 20 and doc["legal"]
    code, out = _run("play", "--board", str(path), "--seed", "2", "--out", str(tmp_path / "p"))
    assert code == 0, out
    (sheet,) = (tmp_path / "p").glob("*-player1.json")
    assert "~B" in sheet.name
    code, out = _run("score", str(sheet), "--json")
    assert code == 0, out
    assert json.loads(out)["legal"]


# --- a pad's title and players' names ------------------------------------------------------------


@pytest.mark.parametrize("board", ["2", "small"])
def test_title_and_names_print_one_sheet_per_name_and_read_back(tmp_path: Path, board: str) -> None:
    arg = str(_file(tmp_path, SMALL)) if board == "small" else board
    r = _pad(tmp_path / "o", "--board", arg, "--title", "Wieczór gier w Żabce", "--names", "Ala, Ola ,Żaneta",
             "--count", "2", "--seed", "4", "--lang", "pl")
    assert r["sheets"] == r["pages"] == 6 and r["names"] == ["Ala", "Ola", "Żaneta"]
    reader = PdfReader(r["files"]["sheets"])
    assert len(reader.pages) == 6 and reader.metadata.title == "Wieczór gier w Żabce"
    texts = [p.extract_text() for p in reader.pages]
    for i, text in enumerate(texts):
        assert "Wieczór gier w Żabce" in text and r["code"] in text
        assert ["Ala", "Ola", "Żaneta"][i // 2] in text
    assert "Plażing: roll&write ·" not in texts[0].split("\n")[0]  # the title took the game's name's place
    doc = json.loads(Path(r["files"]["setup"]).read_text(encoding="utf-8"))["setup"]
    assert doc["title"] == "Wieczór gier w Żabce" and doc["names"] == ["Ala", "Ola", "Żaneta"]
    assert [s["name"] for s in doc["sheets"]] == ["Ala", "Ola", "Żaneta"]
    command = Path(r["files"]["command"]).read_text(encoding="utf-8")
    assert "--title 'Wieczór gier w Żabce'" in command and "--names" in command
    code, out = _run("check", "--file", r["files"]["setup"], "--games", "3")  # the pad still reads back
    assert code == 0, out


@pytest.mark.parametrize(("args", "words"), [
    (["--title", "Wieczór gier w Żabce, długi tytuł, który na pewno się nie zmieści"], "shorten it"),
    (["--title", "  "], "empty"),
    (["--names", "Ala,,Ola"], "name 2 of 3 is empty"),
    (["--names", "Maksymilian Konstanty Wielkopolski"], "shorten it"),
])
def test_a_title_or_name_that_does_not_fit_is_one_line_and_exit_2(tmp_path: Path, args: list[str],
                                                                  words: str) -> None:
    code, out = _run("sheet", "--board", "1", "--out", str(tmp_path / "o"), *args)
    assert code == 2 and words in out and out.count("\n") == 1, out
    assert not (tmp_path / "o").exists()


# --- a feature list that cannot be as hard as asked (issue 25) -----------------------------------


@pytest.mark.parametrize(("features", "fits"), [("waste", "4"), ("edge", "2 or 3")])
def test_a_feature_list_too_easy_or_hard_names_the_difficulty_that_works(tmp_path: Path, features: str,
                                                                       fits: str) -> None:
    code, out = _run("sheet", "--board", "random", "--features", features, "--seed", "1", "--count", "1",
                     "--out", str(tmp_path / "o"))
    assert code == 2 and out.count("\n") == 1, out
    assert f"as hard as difficulty {fits}: try --difficulty {fits[0]}" in out
    r = _pad(tmp_path / "p", "--board", "random", "--features", features, "--difficulty", fits[0], "--seed", "1",
             "--count", "1")
    assert r["difficulty"][0]["accepted"] and r["difficulty"][0]["difficulty"] == int(fits[0])


def test_round_trip_a_random_board_by_its_code(tmp_path: Path) -> None:
    """A random beach exported by its code prints as its own sheet does, apart from the code and
    the small print (the random board's fairness figures, the file's rating)."""
    common = ("--count", "1", "--lang", "en")
    rand = _pad(tmp_path / "r", "--board", "random", "--seed", "11", *common)
    code, text = _run("board", "export", "--code", rand["code"])
    assert code == 0, text
    path = _file(tmp_path, text)
    own = _pad(tmp_path / "c", "--board", str(path), "--seed", "11", *common)
    doc_r = json.loads(Path(rand["files"]["setup"]).read_text(encoding="utf-8"))["setup"]
    doc_c = json.loads(Path(own["files"]["setup"]).read_text(encoding="utf-8"))["setup"]
    assert doc_c["sheets"][0]["board"] == doc_r["sheets"][0]["board"]

    def pages(r: dict) -> list[str]:
        out = []
        for page in PdfReader(r["files"]["sheets"]).pages:
            lines = page.extract_text().replace(r["code"], "CODE").splitlines()
            out.append(" ".join(ln for ln in lines if not ln.startswith("difficulty")))
        return out

    assert pages(own) == pages(rand)
    small = [ln for r in (rand, own) for ln in PdfReader(r["files"]["sheets"]).pages[0].extract_text().splitlines()
             if ln.startswith("difficulty")]
    assert len(small) == 2 and small[1].startswith("difficulty: board 1")  # the figures, then the rating
