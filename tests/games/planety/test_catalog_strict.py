"""A Planety catalog is read strictly (issue 25): an unknown key at any level is a one-line error
naming the file and the key, never silently ignored."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.core.checks import UserInputError
from generator.games.planety.model import DATA, load_catalog, parse_catalog

BUILTIN = tomllib.loads((DATA / "content.toml").read_text(encoding="utf-8"))

UNKNOWN = {
    "top": (lambda d: d.update(extra={"x": 1}), "unknown key 'extra'"),
    "tokens": (lambda d: d["tokens"].update(dust=3), "tokens: unknown key 'dust'"),
    "play": (lambda d: d["play"].update(win_lives=3), "play: unknown key 'win_lives'"),
    "star": (lambda d: d["stars"]["S1"].update(orbit=5), "stars.S1: unknown key 'orbit'"),
    "star name": (lambda d: d["stars"]["S1"]["name"].update(de="Stern"), "stars.S1.name: unknown key 'de'"),
    "planet": (lambda d: d["faces"]["gas"].update(atmosfere=True), "faces.gas: unknown key 'atmosfere'"),
    "moon": (lambda d: d["faces"]["moon-1-1"].update(sheild=1), "faces.moon-1-1: unknown key 'sheild'"),
    "face name": (lambda d: d["faces"]["rocky"]["name"].update(fr="x"), "faces.rocky.name: unknown key 'fr'"),
    "tile": (lambda d: d["tiles"][3].update(c="gas"), "tiles[3]: unknown key 'c'"),
}


@pytest.mark.parametrize("level", sorted(UNKNOWN))
def test_an_unknown_key_at_any_level_is_named(level):
    edit, message = UNKNOWN[level]
    d = copy.deepcopy(BUILTIN)
    edit(d)
    with pytest.raises(UserInputError) as exc:
        parse_catalog(d, "mine.toml")
    text = str(exc.value)
    assert text.startswith("mine.toml: ") and message in text and "\n" not in text


def test_missing_keys_and_wrong_types_stay_one_line():
    for edit, where in ((lambda d: d["play"].pop("full_bonus"), "play: missing key 'full_bonus'"),
                        (lambda d: d["faces"]["ice"].update(water="yes"), "faces.ice.water: expected true or false"),
                        (lambda d: d["tiles"][0].update(a=3), "tiles[0].a: expected text"),
                        (lambda d: d["faces"]["ice"].update(orbits=[4, "5"]), "faces.ice.orbits[1]")):
        d = copy.deepcopy(BUILTIN)
        edit(d)
        with pytest.raises(UserInputError, match=where.replace("[", r"\[").replace("]", r"\]")):
            parse_catalog(d, "mine.toml")


def test_the_builtin_file_still_reads():
    cat = parse_catalog(copy.deepcopy(BUILTIN), "data/content.toml")
    assert len(cat.tiles) == 26 and len(cat.stars) == 4


def test_the_cli_refuses_a_file_with_an_unknown_key_with_exit_2(tmp_path: Path):
    from generator.cli import app

    text = (DATA / "content.toml").read_text(encoding="utf-8").replace("[play]\n", "[play]\nwin_lives = 2\n")
    mine = tmp_path / "mine.toml"
    mine.write_text(text, encoding="utf-8")
    with pytest.raises(UserInputError, match="unknown key 'win_lives'"):
        load_catalog(mine)
    res = CliRunner().invoke(app, ["planety", "setup", "--catalog", str(mine), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "win_lives" in res.output and "Traceback" not in res.output
    assert len(res.output.strip().splitlines()) == 1 and not (tmp_path / "o").exists()
