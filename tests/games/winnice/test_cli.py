"""`boardgen winnice …` as a user meets it: check by rule id, playouts, bad input in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import GAMES, app
from generator.core.files import save_setup
from generator.games.winnice.model import GAME, SETUP_VERSION
from generator.games.winnice.setup import CODE, generate

runner = CliRunner()


def write_setup(path: Path, players: int = 3, seed: int = 6, edit=None) -> Path:  # type: ignore[no-untyped-def]
    body = generate(players, seed).to_json()
    if edit is not None:
        edit(body)
    save_setup(path, GAME, SETUP_VERSION, CODE.encode({"players": players}, seed), body)
    return path


def test_winnice_is_a_registered_game():
    assert "winnice" in [g[0] for g in GAMES]
    res = runner.invoke(app, ["games"])
    assert "winnice" in res.output


def test_check_a_good_file(tmp_path):
    f = write_setup(tmp_path / "s.json")
    res = runner.invoke(app, ["winnice", "check", str(f), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["ok"] is True


def test_check_names_broken_rules_and_exits_1(tmp_path):
    def edit(b):  # type: ignore[no-untyped-def]
        b["decks"]["deck23"].pop()
        b["coins"][0]["5"] = 2

    f = write_setup(tmp_path / "s.json", edit=edit)
    res = runner.invoke(app, ["winnice", "check", str(f)])
    assert res.exit_code == 1
    assert "winnice.deck23" in res.output and "winnice.coins" in res.output


def test_check_flags_a_code_that_names_another_seed(tmp_path):
    f = tmp_path / "s.json"
    save_setup(f, GAME, SETUP_VERSION, CODE.encode({"players": 3}, 999), generate(3, 6).to_json())
    res = runner.invoke(app, ["winnice", "check", str(f), "--json"])
    assert res.exit_code == 1 and {v["rule"] for v in json.loads(res.stdout)["violations"]} == {"winnice.code"}


def test_check_with_playouts_reports_completion_and_droughts(tmp_path):
    f = write_setup(tmp_path / "s.json", players=2, seed=13)
    res = runner.invoke(app, ["winnice", "check", str(f), "--playouts", "1", "--jobs", "1", "--json"])
    assert res.exit_code == 0, res.output
    rep = json.loads(res.stdout)["playouts"]
    assert rep["completed"] == 1 and rep["games"] == 1 and len(rep["wins_per_seat"]) == 2
    assert {"rounds", "drought_hits_per_game", "unfinished"} <= set(rep)


@pytest.mark.parametrize("content", [
    "not json", "{}", '{"format": "boardgen-setup", "game": "plazing", "version": 1, "code": "x", "setup": {}}',
    '{"format": "boardgen-setup", "game": "winnice", "version": 1, "code": "x", "setup": {"players": "two"}}',
    '{"format": "boardgen-setup", "game": "winnice", "version": 1, "code": "x", "setup": {"players": '
    + "9" * 5000 + "}}",
])
def test_malformed_files_are_one_line_exit_2(tmp_path, content):
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="utf-8")
    res = runner.invoke(app, ["winnice", "check", str(f)])
    assert res.exit_code == 2, res.output
    assert len(res.output.strip().splitlines()) == 1 and "Traceback" not in res.output


def test_a_folder_or_missing_file_is_exit_2(tmp_path):
    for arg in (str(tmp_path), str(tmp_path / "none.json")):
        res = runner.invoke(app, ["winnice", "check", arg])
        assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [["--players", "5"], ["--players", "1"], ["--lang", "de"], ["--paper", "a3"],
                                  ["--code", "WN-1-5-X"], ["--code", "PZ-0000000-1-0"], ["--bot", "clever"]])
def test_impossible_options_are_one_line_exit_2_and_write_nothing(tmp_path, args):
    res = runner.invoke(app, ["winnice", "setup", "--out", str(tmp_path / "o"), *args])
    assert res.exit_code == 2, res.output
    assert len(res.output.strip().splitlines()) == 1
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())


def test_an_impossible_catalog_is_one_line_exit_2(tmp_path):
    cat = tmp_path / "c.toml"
    cat.write_text('[coordinates.digits]\n"1" = 1\n"4" = 3\n', encoding="utf-8")
    res = runner.invoke(app, ["winnice", "setup", "--out", str(tmp_path / "o"), "--catalog", str(cat)])
    assert res.exit_code == 2 and "winnice.catalog.coordinates" in res.output
    res = runner.invoke(app, ["winnice", "catalog", str(cat)])
    assert res.exit_code == 1 and "edge" in res.output
    assert runner.invoke(app, ["winnice", "catalog"]).exit_code == 0


def test_code_reproduces_the_setup_and_custom_catalog_codes(tmp_path):
    a = json.loads(runner.invoke(app, ["winnice", "setup", "--seed", "9", "--players", "3", "--out",
                                       str(tmp_path / "a"), "--json"]).stdout)
    b = json.loads(runner.invoke(app, ["winnice", "setup", "--code", a["code"], "--out", str(tmp_path / "b"),
                                       "--json"]).stdout)
    assert a["setup"] == b["setup"] and a["code"] == b["code"]
    cat = tmp_path / "c.toml"
    cat.write_text("[rules]\nround_cap = 40\n", encoding="utf-8")
    c = json.loads(runner.invoke(app, ["winnice", "setup", "--seed", "9", "--catalog", str(cat), "--out",
                                       str(tmp_path / "c"), "--json"]).stdout)
    assert "~C" in c["code"]
    res = runner.invoke(app, ["winnice", "setup", "--code", c["code"], "--out", str(tmp_path / "d")])
    assert res.exit_code == 2 and "--catalog" in res.output
    res = runner.invoke(app, ["winnice", "check", c["files"]["setup"], "--catalog", str(cat)])
    assert res.exit_code == 0, res.output


def test_setup_playouts_are_written(tmp_path):
    res = runner.invoke(app, ["winnice", "setup", "--seed", "2", "--players", "2", "--playouts", "1", "--jobs", "1",
                              "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    rep = json.loads(next(tmp_path.rglob("playouts.json")).read_text(encoding="utf-8"))
    assert rep["games"] == 1 and rep["completed"] == 1


def test_play_command(tmp_path):
    res = runner.invoke(app, ["winnice", "play", "--players", "2", "--seed", "4", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["winner"] in (1, 2) and max(data["red_points"]) >= 8


def test_console_script_usage_error_is_one_line():
    res = subprocess.run([sys.executable, "-m", "generator", "winnice", "setup", "--players", "x"],
                         capture_output=True, text=True)
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("key", [" 1", "+5", "\u0665", "1_0", "-0", "05", "1.0", ""])
def test_coin_keys_are_plain_digits_in_setup_files(tmp_path, key):
    """int() reads all of these as coins; two of them could name one coin and the last would win,
    so a check's answer hung on the keys' order. Now each is a one-line error."""
    body = generate(2, 4).to_json()
    table = body["coins"][0]
    table[key] = table.pop("5" if key in ("+5", "05", "\u0665") else "1")
    f = tmp_path / "s.json"
    save_setup(f, GAME, SETUP_VERSION, CODE.encode({"players": 2}, 4), body)
    res = runner.invoke(app, ["winnice", "check", str(f)])
    assert res.exit_code == 2, res.output
    assert len(res.output.strip().splitlines()) == 1 and "coin value" in res.output


def test_coin_keys_are_plain_digits_in_catalogs(tmp_path):
    f = tmp_path / "c.toml"
    f.write_text('[coins]\nstart = { "01" = 1, 2 = 2, 5 = 1 }\n', encoding="utf-8")
    res = runner.invoke(app, ["winnice", "catalog", str(f)])
    assert res.exit_code == 2 and "coins.start.01" in res.output and len(res.output.strip().splitlines()) == 1


def test_setup_with_bleed_says_once_what_it_costs_and_nothing_else(tmp_path):
    """The card sheets lose a column to the bleed: said once for the whole cards.pdf (its sheets
    over every deck), and no safe-margin note for the seedling bands (background art)."""
    res = runner.invoke(app, ["winnice", "setup", "--players", "2", "--seed", "4", "--bleed", "3", "--lang", "en",
                              "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    notes = [line for line in res.output.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "8 cards per a4 sheet instead of 9" in notes[0], notes


def test_catalog_messages_name_the_file_once_with_its_folder(tmp_path):
    """A missing catalog says so (not "not a regular file"); a bad shape names the file, with its
    folder, once ("shape.toml: shapes.D2 shape.toml: shapes.D2 ..." before)."""
    from typer.testing import CliRunner

    from generator.cli import app

    runner = CliRunner()
    res = runner.invoke(app, ["winnice", "catalog", str(tmp_path / "nope.toml")])
    assert res.exit_code == 2 and "nope.toml: no such file" in res.output
    bad = tmp_path / "shape.toml"
    bad.write_text('[shapes]\nD2 = ""\n', encoding="utf-8")
    res = runner.invoke(app, ["winnice", "catalog", str(bad)])
    assert res.exit_code == 2 and res.output.count("shape.toml") == 1 and str(tmp_path) in res.output, res.output
    res = runner.invoke(app, ["planety", "setup", "--catalog", str(tmp_path / "nope.toml"), "--out", str(tmp_path)])
    assert res.exit_code == 2 and "nope.toml: no such file" in res.output
