"""Playability reports: bot playouts on generated setups, the CLI's --playouts and --balanced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core.checks import GenerationError
from generator.games.plazing import playability
from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate

runner = CliRunner()
ALL = Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True, extra_tiles=True)


def test_report_figures_and_same_seed_same_report():
    setup = generate(ALL, 11)
    a = playability.report_json(playability.playout_report(setup, 40), setup.seed)
    b = playability.report_json(playability.playout_report(setup, 40), setup.seed)
    assert a == b
    assert a["games"] == a["completed"] == 40 and a["playable"]
    assert len(a["seats"]) == 4 and 0 <= a["seat_balance"] <= 1
    assert a["length"]["min"] > 10
    for key in ("areas closed", "resources left uncollected", "waste left", "events drawn"):
        assert key in a["extras"]
    assert 0 <= a["resource_spread"] < 2
    c = playability.report_json(playability.playout_report(setup, 40, seed=setup.seed + 1), setup.seed)
    assert c != a  # the playouts really depend on the seed


def test_a_game_that_cannot_finish_is_unplayable_with_its_seed(monkeypatch):
    monkeypatch.setattr(playability, "limits", lambda: {**playability.rules().raw["playability"], "max_moves": 15})
    report = playability.playout_report(generate(Options(players=2), 1), 5)
    assert not report.playable and report.completed == 0
    assert len(report.failures) == 5 and "no end after 15 moves" in report.failures[0][1]
    assert "UNPLAYABLE" in playability.summary_lines(report)[0]


def test_balanced_search_returns_a_report_within_bounds():
    found = playability.generate_balanced(Options(players=2), 4, games=30, tries=10, balance_max=0.3,
                                          spread_max=0.6)
    assert playability.within_bounds(found.report, 0.3, 0.6)
    assert found.setup.seed == found.seed and 1 <= found.tries <= 10
    again = playability.generate_balanced(Options(players=2), 4, games=30, tries=10, balance_max=0.3,
                                          spread_max=0.6)
    assert again.seed == found.seed


def test_balanced_search_fails_clearly_when_bounds_cannot_be_met():
    with pytest.raises(GenerationError, match="after 3 tries"):
        playability.generate_balanced(Options(players=2), 4, games=10, tries=3, balance_max=-1.0, spread_max=0.0)


def run(*args: str):
    return runner.invoke(app, ["plazing", *args])


def only_folder(out: Path) -> Path:
    (folder,) = [p for p in (out / "plazing").iterdir() if p.is_dir()]  # OUT/<game>/<CODE>/
    return folder


def test_cli_setup_runs_playouts_by_default_and_check_reruns_them(tmp_path):
    res = run("setup", "--seed", "2", "--playouts", "30", "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    assert "playouts: 30/30 completed" in res.output and "seat balance" in res.output
    folder = only_folder(tmp_path)
    stored = json.loads((folder / "playouts.json").read_text(encoding="utf-8"))
    assert stored["games"] == 30 and stored["seed"] == 2
    res = run("check", str(folder / "setup.json"), "--playouts", "30", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["ok"] and data["playouts"] == stored  # same setup and seed: the same report


def test_cli_playouts_zero_skips(tmp_path):
    res = run("setup", "--seed", "2", "--playouts", "0", "--out", str(tmp_path))
    assert res.exit_code == 0
    assert not (only_folder(tmp_path) / "playouts.json").exists()
    assert "playouts:" not in res.output


def test_cli_balanced(tmp_path, monkeypatch):
    res = run("setup", "--seed", "9", "--players", "2", "--playouts", "20", "--balanced", "--json",
              "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    lim = playability.limits()
    assert data["playouts"]["seat_balance"] <= lim["balance_max"]
    assert data["playouts"]["resource_spread"] <= lim["resource_spread_max"]
    assert only_folder(tmp_path).name == data["code"]
    # impossible bounds: a one-line error and exit 2, nothing written
    monkeypatch.setattr(playability, "limits", lambda: {**playability.rules().raw["playability"],
                                                        "balance_max": -1.0, "tries": 2})
    res = run("setup", "--seed", "9", "--players", "2", "--playouts", "5", "--balanced", "--out",
              str(tmp_path / "x"))
    assert res.exit_code == 2 and "after 2 tries" in res.output
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("args", [["--balanced", "--code", "PZ-0000000-1-1"], ["--balanced", "--playouts", "0"],
                                  ["--playouts", "-3"]])
def test_cli_bad_playout_options_exit_2(tmp_path, args):
    res = run("setup", "--out", str(tmp_path), *args)
    assert res.exit_code == 2


def test_cli_unplayable_exits_1(tmp_path, monkeypatch):
    monkeypatch.setattr(playability, "limits", lambda: {**playability.rules().raw["playability"], "max_moves": 15})
    res = run("setup", "--seed", "2", "--playouts", "3", "--out", str(tmp_path))
    assert res.exit_code == 1 and "UNPLAYABLE" in res.output and "failed playout seed" in res.output
