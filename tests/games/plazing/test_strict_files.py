"""A hand-edited setup.json is read strictly (audit: an unknown key passed as "legal setup", a
string for a list gave 27 rule violations, Python's own messages leaked): every unknown key at any
level and every value of another type is one line naming the field, exit 2."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core.checks import UserInputError
from generator.core.files import dumps_setup
from generator.games.plazing.model import Options, Setup
from generator.games.plazing.rules import check
from generator.games.plazing.setup import CODE, generate

runner = CliRunner()
SETUP = generate(Options(players=3, surprises=True, events=True, clean_beach=True), 21)
BASE = SETUP.to_json()
CODE_OF_BASE = CODE.encode(SETUP.options.to_json(), SETUP.seed)
FIRST_TILE = sorted(BASE["catalog"])[0]


def _file(tmp_path: Path, body: dict) -> Path:
    p = tmp_path / "setup.json"
    p.write_text(dumps_setup("plazing", 1, CODE_OF_BASE, body), encoding="utf-8")
    return p


def _check(path: Path) -> tuple[int, str]:
    res = runner.invoke(app, ["plazing", "check", str(path), "--playouts", "0"])
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    return res.exit_code, res.output.strip()


def _edit(path: tuple, value: object) -> dict:
    doc = copy.deepcopy(BASE)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def test_the_generated_setup_still_loads_and_is_legal(tmp_path: Path) -> None:
    assert Setup.from_json(json.loads(json.dumps(BASE))).to_json() == BASE
    code, out = _check(_file(tmp_path, BASE))
    assert code == 0 and "legal setup" in out, out


@pytest.mark.parametrize(("path", "place"), [
    (("zzz_extra",), "setup: unknown key 'zzz_extra'"),
    (("tiles", 0, "zz"), "setup.tiles[0]: unknown key 'zz'"),
    (("options", "zz"), "setup.options: unknown key 'zz'"),
    (("resources", 0, "zz"), "setup.resources[0]: unknown key 'zz'"),
    (("surprises", 0, "zz"), "setup.surprises[0]: unknown key 'zz'"),
    (("waste", 0, "zz"), "setup.waste[0]: unknown key 'zz'"),
    (("beach", "zz"), "setup.beach: unknown key 'zz'"),
    (("catalog", FIRST_TILE, "zz"), f"setup.catalog: tile {FIRST_TILE!r}: unknown key(s) zz"),
])
def test_an_unknown_key_at_any_level_is_a_one_line_error(tmp_path: Path, path: tuple, place: str) -> None:
    code, out = _check(_file(tmp_path, _edit(path, 1)))
    assert code == 2 and out.count("\n") == 0 and place in out, out


@pytest.mark.parametrize(("path", "value", "message"), [
    (("catalog",), "x", "setup.catalog: expected an object, got text 'x'"),
    (("tiles", 0), "x", "setup.tiles[0]: expected an object, got text 'x'"),
    (("tiles",), {"a": 1}, "setup.tiles: expected a list, got an object"),
    (("event_deck",), "x", "setup.event_deck: expected a list, got text 'x'"),
    (("event_deck", 0), 3, "setup.event_deck[0]: expected text"),
    (("squares",), "x", "setup.squares: expected a list"),
    (("tiles", 0, "rotation"), 1e300, "setup.tiles[0].rotation: expected a whole number, got the number 1e+300"),
    (("tiles", 0, "rotation"), 90.0, "setup.tiles[0].rotation: expected a whole number, got the number 90.0"),
    (("tiles", 0, "rotation"), 10**300, "setup.tiles[0].rotation: expected a whole number -1000000000..1000000000"),
    (("tiles", 0, "tile"), 5, "setup.tiles[0].tile: expected text"),
    (("resources", 0, "x"), True, "setup.resources[0].x: expected a whole number, got true"),
    (("resources", 0, "kind"), ["amber"], "setup.resources[0].kind: expected text, got a list"),
    (("options", "players"), 3.0, "setup.options.players: expected a whole number, got the number 3.0"),
    (("options", "events"), 1, "setup.options.events: expected true or false, got the number 1"),
    (("weather",), None, "setup.weather: expected text, got null"),
    (("seed",), -1, "setup.seed: expected a whole number 0.."),
    (("options",), [], "setup.options: expected an object, got a list"),
])
def test_a_wrong_type_is_a_one_line_error_naming_the_field(tmp_path: Path, path: tuple, value: object,
                                                            message: str) -> None:
    code, out = _check(_file(tmp_path, _edit(path, value)))
    assert code == 2 and out.count("\n") == 0 and message in out, out
    for leak in ("object has no attribute", "indices must be", "malformed setup ("):
        assert leak not in out


def test_a_missing_key_is_named() -> None:
    doc = copy.deepcopy(BASE)
    del doc["weather"]
    with pytest.raises(UserInputError, match=r"setup: missing key 'weather'"):
        Setup.from_json(doc)


def test_a_string_event_deck_is_malformed_not_27_rule_violations() -> None:
    with pytest.raises(UserInputError, match="event_deck"):
        Setup.from_json(_edit(("event_deck",), "x"))
    check(Setup.from_json(BASE))  # the unedited deck is read and checked


def test_version_one_point_zero_is_not_version_one(tmp_path: Path) -> None:
    p = _file(tmp_path, BASE)
    doc = json.loads(p.read_text(encoding="utf-8"))
    for version in (1.0, True, "1"):
        doc["version"] = version
        p.write_text(json.dumps(doc), encoding="utf-8")
        code, out = _check(p)
        assert code == 2 and "is not supported" in out, out


def test_a_catalog_file_with_an_unknown_table_is_refused(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[3] / "generator/games/plazing/data/tiles.toml"
    p = tmp_path / "tiles.toml"
    p.write_text(src.read_text(encoding="utf-8") + "\n[tilez.B99]\nkind = \"basic\"\n", encoding="utf-8")
    res = runner.invoke(app, ["plazing", "catalog", str(p)])
    assert res.exit_code == 2 and "unknown key 'tilez'" in res.output, res.output
