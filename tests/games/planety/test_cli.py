"""`boardgen planety …` end to end: files, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["planety", *args])


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pl")
    res = run("setup", "--seed", "11", "--out", str(out))
    assert res.exit_code == 0, res.output
    (f,) = [p for p in (out / "planety").iterdir() if p.is_dir()]  # OUT/<game>/<CODE>/
    return f


def test_setup_json_and_check(folder):
    doc = json.loads((folder / "setup.json").read_text(encoding="utf-8"))
    assert doc["game"] == "planety" and doc["code"] == folder.name and doc["setup"]["players"] == 4
    res = run("check", str(folder / "setup.json"))
    assert res.exit_code == 0 and "playable" in res.output


def test_setup_json_output_and_code_reproduces(tmp_path):
    a = run("setup", "--players", "3", "--seed", "4", "--out", str(tmp_path / "a"), "--json")
    assert a.exit_code == 0, a.output
    data = json.loads(a.output)
    b = run("setup", "--code", data["code"], "--out", str(tmp_path / "b"), "--json")
    assert json.loads(b.output)["setup"] == data["setup"] and data["setup"]["players"] == 3


def test_check_names_player_and_orbit_exit_1(folder, tmp_path):
    doc = json.loads((folder / "setup.json").read_text(encoding="utf-8"))
    for t in ("P01", "P02", "P03", "P04", "P13", "P14"):
        doc["setup"]["faces"][t] = "b"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    res = run("check", str(bad), "--json")
    assert res.exit_code == 1
    rules = {v["rule"] for v in json.loads(res.output)["violations"]}
    assert "planety.orbits" in rules
    res = run("check", str(bad))
    assert res.exit_code == 1 and "cannot fill orbit" in res.output and "player " in res.output


@pytest.mark.parametrize("content", ["{", "[]", '{"format": "boardgen-setup", "game": "planety", "version": 1, '
                                     '"code": "x", "setup": {"players": true}}',
                                     '{"format": "boardgen-setup", "game": "planety", "version": 1, "code": "x", '
                                     '"setup": {"players": 4, "seed": 1, "stars": [], "faces": {"P01": '
                                     + "1" * 5000 + "}}}"])
def test_malformed_files_exit_2_one_line(tmp_path, content):
    f = tmp_path / "f.json"
    f.write_text(content, encoding="utf-8")
    res = run("check", str(f))
    assert res.exit_code == 2
    assert len(res.output.strip().splitlines()) == 1 and "Traceback" not in res.output


def test_bad_options_exit_2(tmp_path):
    for args in (["setup", "--players", "5"], ["setup", "--lang", "de"], ["setup", "--paper", "a3"],
                 ["setup", "--code", "PN-9-1-X"], ["check", str(tmp_path / "missing.json")]):
        res = run(*args, "--out", str(tmp_path)) if args[0] == "setup" else run(*args)
        assert res.exit_code == 2, (args, res.output)
        assert len(res.output.strip().splitlines()) == 1
    assert not [p for p in tmp_path.iterdir()]  # nothing half-written


def test_check_with_playouts_reports_stranding(folder):
    res = run("check", str(folder / "setup.json"), "--playouts", "10", "--jobs", "1", "--json")
    assert res.exit_code == 0, res.output
    rep = json.loads(res.output)["playouts"]
    for bot in ("random", "greedy"):
        d = rep[bot]
        assert d["completed"] == 10 and len(d["wins_per_seat"]) == 4
        assert {"stranding_rate", "life_appeared_rate", "turns"} <= set(d)
    text = run("check", str(folder / "setup.json"), "--playouts", "10")
    assert "stranded" in text.output and "life appeared" in text.output


def test_a_users_catalog_is_checked_and_named_in_the_code(tmp_path):
    from generator.games.planety.model import DATA

    text = (DATA / "content.toml").read_text(encoding="utf-8")
    mine = tmp_path / "mine.toml"
    mine.write_text(text.replace('id = "P22"\na = "gas"\nb = "ice"', 'id = "P22"\na = "ice"\nb = "gas"'),
                    encoding="utf-8")
    res = run("setup", "--catalog", str(mine), "--seed", "3", "--out", str(tmp_path / "o"), "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert "~C" in data["code"]
    f = Path(data["files"]["setup"])
    assert run("check", str(f), "--catalog", str(mine)).exit_code == 0
    res = run("check", str(f), "--json")  # without the catalog: the code names another content
    assert res.exit_code == 1 and "planety.code" in res.output
    res = run("setup", "--code", data["code"], "--out", str(tmp_path / "p"))
    assert res.exit_code == 2 and "--catalog" in res.output
    again = run("setup", "--code", data["code"], "--catalog", str(mine), "--out", str(tmp_path / "q"), "--json")
    assert json.loads(again.output)["setup"] == data["setup"]
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("life = 12", "life = 11"), encoding="utf-8")
    res = run("setup", "--catalog", str(broken), "--out", str(tmp_path / "r"))
    assert res.exit_code == 2 and "planety.catalog-tokens" in res.output
    assert len(res.output.strip().splitlines()) == 1
    huge = tmp_path / "huge.toml"
    huge.write_text(text.replace("life = 12", "life = " + "9" * 5000), encoding="utf-8")
    res = run("setup", "--catalog", str(huge), "--out", str(tmp_path / "s"))
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1


def test_play_one_game_move_by_move(folder):
    res = run("play", str(folder / "setup.json"), "--bot", "random", "--seed", "4", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["end"] in ("life", "blocked") and len(data["life"]) == 4 and data["moves"]
    assert data["moves"][0]["player"] == 1 and data["moves"][0]["move"][0] == "planet"
    text = run("play", str(folder / "setup.json"))
    assert text.exit_code == 0 and "player 1: takes" in text.output and "end (" in text.output
    assert run("play", str(folder / "setup.json"), "--bot", "clever").exit_code == 2


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_setup_with_playouts_fits_its_setup_card_at_four_players(tmp_path: Path, lang: str) -> None:
    """Four stars, two bots' figures and the stranding rate on one 63x88 mm card: the Polish card
    overflowed (exit 2, "does not fit ... shorten its template") for most seeds."""
    for seed in (1, 3, 5):
        res = run("setup", "--players", "4", "--seed", str(seed), "--playouts", "4", "--lang", lang,
                  "--out", str(tmp_path / f"s{seed}"))
        assert res.exit_code == 0, res.output
        assert list((tmp_path / f"s{seed}").glob("planety/*/setup-card.pdf"))
