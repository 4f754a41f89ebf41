"""`winnice play FILE --seed S` replays a game `check FILE --playouts N` lists as unfinished: the
same moves, the same end, the same reason. Before, `play` knew only --players and --seed (a fresh
setup, the game's seed being the setup's), so no listed game could be played again."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.winnice import playability
from generator.games.winnice.model import load_catalog

runner = CliRunner()
#: greedy 2-player games end in 20-45 rounds: a cap of 29 rounds leaves some unfinished, not all
CAPPED = "[rules]\nround_cap = 29\n"


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A setup made with a catalog whose round cap stops some greedy games: (setup.json, catalog)."""
    root = tmp_path_factory.mktemp("replay")
    cat = root / "capped.toml"
    cat.write_text(CAPPED, encoding="utf-8")
    res = runner.invoke(app, ["winnice", "setup", "--players", "2", "--seed", "4", "--catalog", str(cat),
                              "--out", str(root / "out")])
    assert res.exit_code == 0, res.output
    (setup,) = (root / "out").rglob("setup.json")
    return setup, cat


def check_json(setup: Path, cat: Path, games: int = 8) -> dict:
    res = runner.invoke(app, ["winnice", "check", str(setup), "--catalog", str(cat), "--playouts", str(games),
                              "--jobs", "1", "--json"])
    assert res.exit_code == 1, res.output  # not every game ends: unplayable
    return json.loads(res.stdout)["playouts"]


def test_a_listed_unfinished_game_replays_to_the_same_end(capped):
    setup, cat = capped
    rep = check_json(setup, cat)
    assert 0 < rep["completed"] < rep["games"]  # the study has both kinds: the seed picks the game
    for listed in rep["unfinished"][:2]:
        res = runner.invoke(app, ["winnice", "play", str(setup), "--seed", str(listed["seed"]), "--catalog",
                                  str(cat), "--json"])
        assert res.exit_code == 0, res.output
        played = json.loads(res.stdout)
        assert played["completed"] is False and played["winner"] is None
        assert (played["rounds"], played["reason"]) == (listed["rounds"], listed["reason"])
        assert played["reason"] == "no end within 29 rounds" and played["capped"]


def test_the_replay_makes_the_very_moves_of_the_listed_game(capped):
    from generator.games.winnice.cli import read_setup

    setup_file, cat_file = capped
    setup, _ = read_setup(setup_file)
    cat = load_catalog(cat_file)
    games = playability.play_games(setup, cat, 8, setup.seed, "greedy", jobs=1)
    for game in games:
        again, log = playability.one_game(setup, cat, game["seed"], "greedy")
        assert (again["completed"], again["rounds"], again["winner"], again["moves"]) == \
            (game["completed"], game["rounds"], game["winner"], game["moves"])
        assert len(log) == game["moves"]


def test_the_listed_line_is_the_command_that_replays_it(capped):
    setup, cat = capped
    res = runner.invoke(app, ["winnice", "check", str(setup), "--catalog", str(cat), "--playouts", "8",
                              "--jobs", "1"])
    assert res.exit_code == 1
    line = next(ln for ln in res.stdout.splitlines() if "unfinished game seed" in ln)
    seed = int(line.split("unfinished game seed ")[1].split(":")[0])
    words = shlex.split(line.split("replay: ")[1].rstrip(")"))
    assert words[:3] == ["boardgen", "winnice", "play"] and words[words.index("--seed") + 1] == str(seed)
    again = runner.invoke(app, [*words[1:], "--moves"])
    assert again.exit_code == 0, again.output
    last = again.stdout.strip().splitlines()[-1]
    assert f"game seed {seed} (greedy bots): unfinished (no end within 29 rounds), stopped in round 30" in last
    assert again.stdout.count("\nround ") > 100  # every move printed


def test_a_custom_catalog_setup_without_its_catalog_is_one_line(capped):
    setup, _ = capped
    res = runner.invoke(app, ["winnice", "play", str(setup), "--seed", "5"])
    assert res.exit_code == 2 and "pass the same --catalog FILE" in res.output
    res = runner.invoke(app, ["winnice", "play", str(setup), "--catalog", str(capped[1])])
    assert res.exit_code == 2 and "give --seed" in res.output
    res = runner.invoke(app, ["winnice", "play", str(setup), "--seed", "5", "--players", "3",
                              "--catalog", str(capped[1])])
    assert res.exit_code == 2 and "a setup for 2 players" in res.output


def test_play_without_a_file_still_makes_its_setup_from_the_seed():
    res = runner.invoke(app, ["winnice", "play", "--players", "2", "--seed", "4", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["completed"] and data["winner"] in (1, 2) and data["code"].startswith("WN-")
