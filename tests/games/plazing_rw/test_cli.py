"""The plazing-rw commands: sheets (PDF/PNG/JSON), score, play, check, and their errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.core.files import dumps_setup
from generator.games.plazing_rw.cli import app
from generator.games.plazing_rw.draw import cell_size_mm
from generator.games.plazing_rw.engine import State

runner = CliRunner()
# random pads here only need some legal random boards: a quick fairness test (conftest)
pytestmark = pytest.mark.usefixtures("quick_fairness")


def _run(*args: str) -> tuple[int, str]:
    res = runner.invoke(app, list(args))
    return res.exit_code, res.output


def _pad(tmp: Path, *args: str) -> dict:
    code, out = _run("sheet", "--out", str(tmp), "--json", *args)
    assert code == 0, out
    return json.loads(out)


def test_sheet_writes_pdf_png_json_and_is_reproducible(tmp_path: Path) -> None:
    a = _pad(tmp_path / "a", "--board", "random", "--count", "3", "--seed", "42")
    b = _pad(tmp_path / "b", "--board", "random", "--count", "3", "--seed", "42")
    pa, pb = Path(a["files"]["sheets"]), Path(b["files"]["sheets"])
    assert pa.read_bytes() == pb.read_bytes()
    assert Path(a["files"]["setup"]).read_text() == Path(b["files"]["setup"]).read_text()
    assert Path(a["files"]["preview"]).read_bytes()[:4] == b"\x89PNG"
    doc = json.loads(Path(a["files"]["setup"]).read_text())
    assert len({tuple(s["board"]["rows"]) for s in doc["setup"]["sheets"]}) == 3
    reader = PdfReader(pa)
    assert len(reader.pages) == 3
    for page, sheet in zip(reader.pages, doc["setup"]["sheets"], strict=True):
        assert sheet["code"] in page.extract_text()  # every page shows its own setup code


def test_code_reproduces_the_sheet(tmp_path: Path) -> None:
    a = _pad(tmp_path / "a", "--board", "random", "--seed", "9")
    b = _pad(tmp_path / "b", "--code", a["code"])
    assert Path(a["files"]["sheets"]).read_bytes() == Path(b["files"]["sheets"]).read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_per_page_and_paper_sizes(tmp_path: Path, paper: str) -> None:
    r = _pad(tmp_path, "--board", "3", "--count", "3", "--per-page", "2", "--paper", paper, "--lang", "en")
    reader = PdfReader(r["files"]["sheets"])
    assert len(reader.pages) == 2
    box = reader.pages[0].mediabox
    w, h = float(box.width) / 72 * 25.4, float(box.height) / 72 * 25.4
    expect = {"a4": (297, 210), "letter": (279.4, 215.9)}[paper]
    assert abs(w - expect[0]) < 0.5 and abs(h - expect[1]) < 0.5  # landscape, true size
    raw = Path(r["files"]["sheets"]).read_bytes()
    assert b"/FontFile2" in raw  # TrueType fonts embedded


@pytest.mark.parametrize(("per_page", "paper"), [(1, "a4"), (1, "letter"), (2, "a4"), (2, "letter")])
def test_squares_big_enough_for_a_pencil(per_page: int, paper: str) -> None:
    assert cell_size_mm(per_page, paper) >= 7.0


def test_pad_reuses_artwork_so_extra_sheets_are_small(tmp_path: Path) -> None:
    one = _pad(tmp_path / "1", "--board", "random", "--count", "1", "--seed", "5")["bytes"]["sheets"]
    six = _pad(tmp_path / "6", "--board", "random", "--count", "6", "--seed", "5")["bytes"]["sheets"]
    assert (six - one) / 5 <= 30_000
    fixed1 = _pad(tmp_path / "f1", "--board", "1", "--count", "1", "--seed", "5")["bytes"]["sheets"]
    fixed20 = _pad(tmp_path / "f20", "--board", "1", "--count", "20", "--seed", "5")["bytes"]["sheets"]
    assert (fixed20 - fixed1) / 19 <= 2_000  # the whole printed board is one Form XObject


def _kasia_file(tmp_path: Path, kasia: State, **override: object) -> Path:
    body = kasia.to_sheet()
    body["board"] = "1"
    body.update(override)
    p = tmp_path / "kasia.json"
    p.write_text(dumps_setup("plazing-rw", 1, "PR-00G-1-8", body))
    return p


def test_score_command_kasia(tmp_path: Path, kasia: State) -> None:
    code, out = _run("score", str(_kasia_file(tmp_path, kasia)), "--json")
    assert code == 0, out
    res = json.loads(out)
    assert res["legal"] and res["score"]["total"] == 65
    code, text = _run("score", str(_kasia_file(tmp_path, kasia)))
    assert "total: 65" in text


def test_score_command_reports_broken_rules(tmp_path: Path, kasia: State) -> None:
    body = kasia.to_sheet()
    body["shapes"].append({"source": "die", "cells": ["A1", "B1", "C1"]})  # touches nothing? B2 is below
    body["shapes"].append({"source": "die", "cells": ["A1", "B1", "C1"]})  # overlap
    p = _kasia_file(tmp_path, kasia, shapes=body["shapes"])
    code, out = _run("score", str(p), "--json")
    assert code == 1
    assert "prw.overlap" in {v["rule"] for v in json.loads(out)["violations"]}


@pytest.mark.parametrize("content", ["{not json", json.dumps({"format": "boardgen-setup", "game": "plazing-rw",
                                                              "version": 1, "code": "X", "setup": {"board": "7"}}),
                                     json.dumps({"format": "boardgen-setup", "game": "plazing-rw", "version": 1,
                                                 "code": "X", "setup": {"board": "1", "shapes": [{"source": "die",
                                                                                                  "cells": ["Q1"]}]}})])
def test_score_bad_files_exit_2_one_line(tmp_path: Path, content: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(content)
    code, out = _run("score", str(p))
    assert code == 2 and "Traceback" not in out and out.strip().count("\n") == 0


@pytest.mark.parametrize("args", [["--board", "7"], ["--per-page", "3"], ["--paper", "a3"], ["--lang", "de"],
                                  ["--count", "0"], ["--features", "sharks"], ["--code", "PR-000-1-Z"]])
def test_bad_sheet_options_exit_2_and_write_nothing(tmp_path: Path, args: list[str]) -> None:
    code, out = _run("sheet", "--out", str(tmp_path), *args)
    assert code == 2, out
    assert "Traceback" not in out
    assert not any(tmp_path.rglob("*.pdf"))


def test_play_then_score_round_trip(tmp_path: Path) -> None:
    p = tmp_path / "played.json"
    code, out = _run("play", "--board", "random", "--seed", "3", "--out", str(p), "--json")
    assert code == 0, out
    played = json.loads(out)["score"]["total"]
    code, out = _run("score", str(p), "--json")
    assert code == 0 and json.loads(out)["score"]["total"] == played


def test_check_reports_playout_figures() -> None:
    code, out = _run("check", "--board", "2", "--games", "6", "--seed", "1", "--json")
    assert code == 0, out
    res = json.loads(out)
    assert res["legal"]
    for bot in ("random", "greedy"):
        p = res["playouts"][bot]
        assert p["completed"] == 6 and p["min"] <= p["mean"] <= p["max"]
        assert {"areas_closed", "dead_rolls", "games_with_dead_roll"} <= set(p)


def test_check_playouts_are_the_same_for_any_jobs() -> None:
    """`check --jobs N` spreads the playouts over N processes; the report is identical for any N
    (every game's seed is fixed by its number before it is dispatched)."""
    outs = []
    for jobs in ("1", "2", "3"):
        code, out = _run("check", "--board", "3", "--games", "7", "--seed", "5", "--jobs", jobs, "--json")
        assert code == 0, out
        outs.append(json.loads(out))
    assert outs[0] == outs[1] == outs[2]
    assert outs[0]["playouts"]["greedy"]["completed"] == 7


def test_unwritable_out_is_one_line_exit_2_and_nothing_written(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code, out = _run("sheet", "--out", str(blocker / "sub"), "--board", "1", "--seed", "1")
    assert code == 2 and "Traceback" not in out and out.strip().count("\n") == 0
    assert "cannot write" in out
    code, out = _run("play", "--board", "1", "--seed", "1", "--out", str(blocker / "x.json"))
    assert code == 2 and "cannot write" in out


def test_sheet_files_are_all_or_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.plazing_rw import cli

    real = cli.write_atomic
    calls: list[Path] = []

    def flaky(path: Path, data: bytes) -> int:
        calls.append(Path(path))
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return real(path, data)

    monkeypatch.setattr(cli, "write_atomic", flaky)
    code, out = _run("sheet", "--out", str(tmp_path), "--board", "1", "--seed", "1")
    assert code == 2 and "No space left" in out
    assert not [p for p in tmp_path.rglob("*") if p.is_file()]  # the PDF and PNG written first are removed


@pytest.mark.parametrize(("args", "shown"), [(["sheet", "--code", "[b]x"], "[b]x"),
                                             (["sheet", "--board", "random", "--features", "[x]"], "[x]"),
                                             (["sheet", "--lang", "[b]de"], "[b]de")])
def test_user_text_in_errors_is_not_rich_markup(tmp_path: Path, args: list[str], shown: str) -> None:
    code, out = _run(*args, "--out", str(tmp_path))
    assert code == 2 and shown in out and "\\" not in out


@pytest.mark.parametrize("cells", [["A²", "B1", "C1"], [[0, 0], [1, 0], "C"]])
def test_score_bad_cells_exit_2_one_line(tmp_path: Path, cells: list[object]) -> None:
    p = tmp_path / "bad.json"
    p.write_text(dumps_setup("plazing-rw", 1, "X", {"board": "1", "shapes": [{"source": "setup", "cells": cells}]}))
    for args in (["score", str(p)], ["check", "--file", str(p), "--games", "1"]):
        code, out = _run(*args)
        assert code == 2 and "Traceback" not in out and out.strip().count("\n") == 0, out


# --- dice of a filled sheet ---------------------------------------------------------------------

@pytest.mark.parametrize("dice", [["4", 1, 1], [1.0, 2], [True, 2], "123", {"a": 1}, [None]])
def test_dice_of_wrong_type_exit_2_one_line(tmp_path: Path, kasia: State, dice: object) -> None:
    p = _kasia_file(tmp_path, kasia, dice=dice)
    for args in (["score", str(p)], ["check", "--file", str(p), "--games", "1"]):
        code, out = _run(*args)
        assert code == 2 and "Traceback" not in out and out.strip().count("\n") == 0, out
        assert "dice" in out


def _kasia_dice_rules(tmp_path: Path, kasia: State, dice: list[int]) -> set[str]:
    p = _kasia_file(tmp_path, kasia, dice=dice)
    code, out = _run("score", str(p), "--json")
    assert code == 1, out
    rules = {v["rule"] for v in json.loads(out)["violations"]}
    code, out = _run("check", "--file", str(p), "--games", "1", "--json")
    assert code == 1, out
    assert rules == {v["rule"] for v in json.loads(out)["violations"]}
    return rules


@pytest.mark.parametrize("bad", ["seven", "minus", "zero", "thousand", "empty", "twelve", "setup6"])
def test_impossible_dice_break_prw_dice(tmp_path: Path, kasia: State, bad: str) -> None:
    good = list(kasia.dice)
    dice = {"seven": [7, *good[1:]], "minus": [good[0], -1, *good[2:]], "zero": [*good[:-1], 0],
            "thousand": [1] * 1000, "empty": [], "twelve": [*good, 1], "setup6": [6, *good[1:]]}[bad]
    assert _kasia_dice_rules(tmp_path, kasia, dice) == {"prw.dice"}


def test_die_shapes_must_follow_the_dice(tmp_path: Path, kasia: State) -> None:
    good = list(kasia.dice)
    assert len(set(good[1:])) > 1
    swapped = [good[0], *reversed(good[1:])]  # same rolls, wrong order
    assert _kasia_dice_rules(tmp_path, kasia, swapped) == {"prw.dice"}
    other_setup = next(f for f in range(1, 6) if f != good[0])
    assert _kasia_dice_rules(tmp_path, kasia, [other_setup, *good[1:]]) == {"prw.dice"}


def test_dice_allow_dead_rolls_and_absent_dice(tmp_path: Path, kasia: State) -> None:
    # an extra roll whose shape was not drawn (a dead roll) is fine: rolls may be left out, never reordered
    dice = list(kasia.dice)
    body = kasia.to_sheet()
    shapes = body["shapes"]
    last_die = max(i for i, s in enumerate(shapes) if s["source"] == "die")
    del shapes[last_die]  # round 10's shape not drawn: a dead roll (the dice still record it)
    code, out = _run("score", str(_kasia_file(tmp_path, kasia, shapes=shapes, dice=dice)), "--json")
    assert "prw.dice" not in {v["rule"] for v in json.loads(out)["violations"]}, out
    body = kasia.to_sheet()
    body.pop("dice")
    p = tmp_path / "nodice.json"
    p.write_text(dumps_setup("plazing-rw", 1, "PR-00G-1-8", {**body, "board": "1"}))
    code, out = _run("score", str(p), "--json")
    assert code == 0, out


def test_played_sheet_dice_pass(tmp_path: Path) -> None:
    p = tmp_path / "played.json"
    for seed in ("1", "2", "5"):
        code, out = _run("play", "--board", "random", "--seed", seed, "--out", str(p))
        assert code == 0, out
        code, out = _run("score", str(p), "--json")
        assert code == 0 and json.loads(out)["legal"], out


# --- check --file on a pad written by `sheet` ----------------------------------------------------

def test_check_file_reads_a_pad_and_shows_its_codes(tmp_path: Path) -> None:
    res = _pad(tmp_path, "--board", "random", "--count", "3", "--seed", "11", "--features", "none")
    pad = json.loads(Path(res["files"]["setup"]).read_text())
    codes = [s["code"] for s in pad["setup"]["sheets"]]
    assert len(set(codes)) == 3
    code, out = _run("check", "--file", res["files"]["setup"], "--games", "2", "--json")
    assert code == 0, out
    got = json.loads(out)
    assert got["code"] == res["code"] and got["legal"]
    assert [b["code"] for b in got["boards"]] == codes
    assert [b["board"] for b in got["boards"]] == [s["board"] for s in pad["setup"]["sheets"]]
    code, text = _run("check", "--file", res["files"]["setup"], "--games", "2")
    assert code == 0 and all(c in text for c in codes), text


def test_check_file_of_a_printed_board_pad(tmp_path: Path) -> None:
    res = _pad(tmp_path, "--board", "3", "--count", "2", "--seed", "4", "--hard")
    code, out = _run("check", "--file", res["files"]["setup"], "--games", "2", "--json")
    assert code == 0, out
    got = json.loads(out)
    assert got["code"] == res["code"] and got["hard"] is True and got["board"]["id"] == "3"


def test_check_file_of_a_played_sheet_shows_its_code(tmp_path: Path) -> None:
    p = tmp_path / "played.json"
    code, out = _run("play", "--board", "2", "--seed", "77", "--out", str(p), "--json")
    assert code == 0, out
    played = json.loads(out)["code"]
    for _ in range(2):  # never a fresh random code
        code, out = _run("check", "--file", str(p), "--games", "2", "--json")
        assert code == 0 and json.loads(out)["code"] == played, out


def test_check_file_pad_broken_board_exits_1_and_bad_pad_exits_2(tmp_path: Path) -> None:
    res = _pad(tmp_path, "--board", "1", "--seed", "4")
    doc = json.loads(Path(res["files"]["setup"]).read_text())
    doc["setup"]["sheets"][0]["board"] = "9"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(doc))
    code, out = _run("check", "--file", str(p), "--games", "1")
    assert code == 2 and out.strip().count("\n") == 0 and "setup.sheets[0].board" in out, out
    doc["setup"]["sheets"] = []
    p.write_text(json.dumps(doc))
    code, out = _run("check", "--file", str(p), "--games", "1")
    assert code == 2 and out.strip().count("\n") == 0, out
    code, out = _run("score", res["files"]["setup"])
    assert code == 2 and "check --file" in out, out


def test_random_board_title_follows_the_game_title() -> None:
    from generator.games.plazing_rw.draw import pad_scene, texts
    from generator.games.plazing_rw.setup import SheetSetup, random_board
    from generator.render import fonts
    from generator.render.scene import Text

    scene = pad_scene([SheetSetup("PR-000-1-0", 1, random_board(1, False, "random")[0])], "a4", "pl", False)
    body = next(s for n, s in scene.symbols.items() if n.startswith("prw-sheet-"))
    sub = next(it for it in body.items if isinstance(it, Text) and it.text.startswith("· "))
    end_of_title = fonts.text_width(texts("pl")["title"], "bold", 15)
    assert 0 < sub.x - end_of_title < 5  # a space, not a wide gap


def _sheet_file(tmp_path: Path, rows: list[str], name: str = "big.json") -> Path:
    body = {"board": {"id": "big", "rows": rows}, "shapes": [{"source": "setup", "cells": ["A1", "B1", "C1"]}]}
    p = tmp_path / name
    p.write_text(dumps_setup("plazing-rw", 1, "PR-00000-0-0", body))
    return p


def test_a_huge_custom_board_is_refused_before_any_work(tmp_path: Path) -> None:
    """A 200x200 board was reported illegal and then played (one greedy game 250 s)."""
    p = _sheet_file(tmp_path, ["." * 200] * 200)
    for args in (["check", "--file", str(p), "--games", "1000"], ["score", str(p)]):
        code, out = _run(*args)
        assert code == 2 and out.strip().count("\n") == 0 and "25x25" in out, out


def test_a_board_wider_than_25_columns_is_one_line_not_an_index_error(tmp_path: Path) -> None:
    p = _sheet_file(tmp_path, ["." * 26] * 10)
    code, out = _run("score", str(p))
    assert code == 2 and out.strip().count("\n") == 0 and "Traceback" not in out, out


def test_an_illegal_board_is_not_played(tmp_path: Path) -> None:
    p = _sheet_file(tmp_path, ["." * 20] * 20)  # within the file cap, larger than a sheet prints
    code, out = _run("check", "--file", str(p), "--games", "100000", "--json")
    assert code == 1, out
    res = json.loads(out)
    assert not res["legal"] and "prw.size" in {v["rule"] for v in res["violations"]}
    assert res["playouts"] == {}
    code, out = _run("check", "--file", str(p), "--games", "100000")
    assert code == 1 and "not played" in out


def test_check_file_without_seed_is_reproducible_and_prints_its_seed(tmp_path: Path) -> None:
    p = tmp_path / "played.json"
    assert _run("play", "--board", "1", "--seed", "5", "--out", str(p))[0] == 0
    runs = [_run("check", "--file", str(p), "--games", "3", "--json") for _ in range(2)]
    assert runs[0] == runs[1]
    res = json.loads(runs[0][1])
    assert isinstance(res["playout_seed"], int)
    code, text = _run("check", "--file", str(p), "--games", "3")
    assert code == 0 and f"playout seed {res['playout_seed']}" in text
    code, other = _run("check", "--file", str(p), "--games", "3", "--seed", "9", "--json")
    assert json.loads(other)["playout_seed"] == 9


def test_check_random_board_reports_its_difficulty_estimate_and_interval() -> None:
    code, out = _run("check", "--board", "random", "--seed", "11", "--difficulty", "2", "--games", "2", "--json")
    assert code == 0, out
    fig = json.loads(out)["difficulty"]
    assert fig["accepted"] and fig["difficulty"] == 2
    assert fig["band"][0] <= fig["interval"][0] <= fig["estimate"] <= fig["interval"][1] <= fig["band"][1]
    code, text = _run("check", "--board", "random", "--seed", "11", "--difficulty", "2", "--games", "2")
    assert code == 0 and "difficulty 2: greedy estimate" in text and "interval" in text and "target" in text


def test_pad_json_and_summary_carry_every_sheets_estimate(tmp_path: Path) -> None:
    r = _pad(tmp_path, "--board", "random", "--count", "2", "--seed", "3", "--difficulty", "3", "--jobs", "2")
    doc = json.loads(Path(r["files"]["setup"]).read_text())
    for sheet in doc["setup"]["sheets"]:
        assert sheet["balance"]["accepted"] and sheet["balance"]["difficulty"] == 3
        assert len(sheet["balance"]["interval"]) == 2
    code, text = _run("check", "--file", r["files"]["setup"], "--games", "1")
    assert code == 0 and text.count("difficulty 3: greedy estimate") == 2, text


def test_bad_difficulty_is_one_line_exit_2(tmp_path: Path) -> None:
    code, out = _run("sheet", "--board", "random", "--difficulty", "5", "--out", str(tmp_path))
    assert code == 2 and "difficulty" in out and not any(tmp_path.iterdir())


def test_score_follows_the_mirror_rule_of_the_sheet(tmp_path: Path, kasia: State) -> None:
    p = _kasia_file(tmp_path, kasia)
    code, out = _run("score", str(p), "--json")
    assert code == 0 and json.loads(out)["legal"]
    code, out = _run("score", str(p), "--no-mirror", "--json")
    assert code == 1 and {v["rule"] for v in json.loads(out)["violations"]} == {"prw.mirror"}


def test_sheet_is_byte_identical_for_any_jobs(tmp_path: Path) -> None:
    one = _pad(tmp_path / "1", "--board", "random", "--count", "3", "--seed", "21", "--jobs", "1")
    two = _pad(tmp_path / "2", "--board", "random", "--count", "3", "--seed", "21", "--jobs", "2")
    for kind in ("sheets", "setup"):
        assert Path(one["files"][kind]).read_bytes() == Path(two["files"][kind]).read_bytes()


# --- strict reading of hand-edited sheets and pads (audit) --------------------------------------

def test_broken_rules_show_their_rule_id_in_text_output(tmp_path: Path, kasia: State) -> None:
    """`[prw.overlap]` was read as rich markup and vanished: only --json showed the rule id."""
    body = kasia.to_sheet()
    body["shapes"].append(dict(body["shapes"][1]))  # the same shape again: over an earlier one
    p = _kasia_file(tmp_path, kasia, shapes=body["shapes"])
    for args in (("score", str(p)), ("check", "--file", str(p), "--games", "1")):
        code, out = _run(*args)
        assert code == 1, out
        line = next(ln for ln in out.splitlines() if "drawn over an earlier shape" in ln)
        assert "broken rule [prw.overlap] drawn over an earlier shape (at " in line, line


def _sheet_edit(kasia: State, path: tuple, value: object) -> dict:
    body = kasia.to_sheet()
    node = body
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return body


@pytest.mark.parametrize(("path", "value", "message"), [
    (("players",), "x", "setup: unknown key 'players'"),
    (("zz",), 1, "setup: unknown key 'zz'"),
    (("board", "zz"), 1, "setup.board: unknown key 'zz'"),
    (("shapes", 0, "zz"), 1, "setup.shapes[0]: unknown key 'zz'"),
    (("hard",), 1, "setup.hard: expected true or false, got the number 1"),
    (("mirror",), "no", "setup.mirror: expected true or false, got text 'no'"),
    (("board", "id"), 5, "setup.board.id: expected text"),
    (("board", "name"), {"pl": 1}, "setup.board.name.pl: expected text"),
    (("board", "bar_points"), 1.0, "setup.board.bar_points: expected a whole number"),
    (("board", "closed_edges"), "north", "setup.board.closed_edges: expected a list"),
    (("board",), True, "setup.board: expected text or a whole number or an object, got true"),
    (("shapes",), "x", "setup.shapes: expected a list, got text 'x'"),
    (("shapes", 0, "shape"), 4, "setup.shapes[0].shape: expected text"),
    (("shapes", 0, "cells"), "D9", "setup.shapes[0].cells: expected a list"),
    (("shapes", 1, "cells", 0), "Z99", "setup.shapes[1].cells: cell 'Z99' is off the 10x10 grid"),
    (("dice",), "123", "setup.dice: expected a list or null, got text '123'"),
    (("dice", 2), 1.0, "setup.dice[2]: expected a whole number, got the number 1.0"),
])
def test_a_filled_sheet_is_read_strictly(tmp_path: Path, kasia: State, path: tuple, value: object,
                                         message: str) -> None:
    p = tmp_path / "edited.json"
    p.write_text(dumps_setup("plazing-rw", 1, "PR-00G-1-8", _sheet_edit(kasia, path, value)))
    for args in (("score", str(p)), ("check", "--file", str(p), "--games", "1")):
        code, out = _run(*args)
        assert code == 2 and out.strip().count("\n") == 0, out
        assert f"{p}: {message}" in out, out  # the file is named, then the field


@pytest.mark.parametrize(("path", "value", "message"), [
    (("zz",), 1, "setup: unknown key 'zz'"),
    (("options", "zz"), 1, "setup.options: unknown key 'zz'"),
    (("options", "hard"), "no", "setup.options.hard: expected true or false"),
    (("options", "count"), 2.0, "setup.options.count: expected a whole number"),
    (("sheets", 0, "zz"), 1, "setup.sheets[0]: unknown key 'zz'"),
    (("sheets", 0, "code"), 5, "setup.sheets[0].code: expected text"),
    (("sheets", 0, "board", "zz"), 1, "setup.sheets[0].board: unknown key 'zz'"),
    (("sheets", 0, "board", "rows"), "x", "setup.sheets[0].board.rows: expected a list"),
    (("sheets", 0, "balance"), "x", "setup.sheets[0].balance: expected an object or null"),
    (("sheets", 0, "balance", "zz"), 1, "setup.sheets[0].balance: unknown key 'zz'"),
    (("sheets", 0, "balance", "estimate"), "34", "setup.sheets[0].balance.estimate: expected a number"),
    (("sheets", 0, "balance", "band", 0), None, "setup.sheets[0].balance.band[0]: expected a number"),
])
def test_a_pad_is_read_strictly(tmp_path: Path, path: tuple, value: object, message: str) -> None:
    res = _pad(tmp_path / "pad", "--board", "random", "--seed", "11", "--features", "none")
    doc = json.loads(Path(res["files"]["setup"]).read_text())
    code, out = _run("check", "--file", res["files"]["setup"], "--games", "1")
    assert code == 0, out
    node = doc["setup"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    p = tmp_path / "edited.json"
    p.write_text(json.dumps(doc))
    code, out = _run("check", "--file", str(p), "--games", "1")
    assert code == 2 and out.strip().count("\n") == 0 and f"{p}: {message}" in out, out


@pytest.mark.parametrize("args", [["--difficulty", "3"], ["--features", "edge"]])
def test_random_board_options_on_a_printed_board_are_refused(tmp_path: Path, args: list[str]) -> None:
    """They would do nothing to board 1 yet change its code (PR-00G00 became PR-00G02)."""
    code, out = _run("sheet", "--board", "1", "--out", str(tmp_path), *args)
    assert code == 2 and "shape random boards only" in out and not list(tmp_path.iterdir()), out
