"""plazing.catalog_checks: each culprit, in a hand-made catalog, named by rule id, tile and square."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.plazing import catalog_checks as cc
from generator.games.plazing.model import DATA, Options, load_catalog
from generator.games.plazing.rules import check_catalog

BUILTIN = (DATA / "tiles.toml").read_text(encoding="utf-8")


def _catalog(tmp_path: Path, *edits: tuple[str, str]):  # type: ignore[no-untyped-def]
    text = BUILTIN
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    p = tmp_path / "tiles.toml"
    p.write_text(text, encoding="utf-8")
    return load_catalog(p)


WALLED_ICE = ('art = ["..#.", ".+#+", ".++.", "x..."]', 'art = ["..#.", ".#.#", "..#.", "x..."]')


def test_builtin_is_clean_and_a_copy_is_the_builtin(tmp_path: Path) -> None:
    cat = _catalog(tmp_path)
    assert cc.culprits(cat).ok and cc.warnings(cat).ok
    assert cat.source != "builtin" and cc.same_as_builtin(cat)
    assert not cc.same_as_builtin(_catalog(tmp_path, WALLED_ICE))


def test_special_tile_without_object(tmp_path: Path) -> None:
    cat = _catalog(tmp_path, ('object = "bar"\n', ""))
    assert check_catalog(cat, Options(players=4)).ok  # the rules let it through
    rep = cc.culprits(cat)
    assert [(v.rule, v.where) for v in rep] == [("plazing.special-object", "bar")]


def test_special_tile_without_object_square(tmp_path: Path) -> None:
    cat = _catalog(tmp_path, ('art = ["+##+", ".##.", ".++.", "x..."]', 'art = ["+..+", "....", ".++.", "x..."]'))
    assert [(v.rule, v.where) for v in cc.culprits(cat)] == [("plazing.special-object", "bar")]


def test_walled_square_named_in_the_tiles_art(tmp_path: Path) -> None:
    cat = _catalog(tmp_path, WALLED_ICE)
    assert check_catalog(cat, Options(players=2)).ok
    assert cc.walled_squares(cat.tiles["ice_cream"]) == [(1, 2)]
    walled = [v for v in cc.culprits(cat) if v.rule == "plazing.walled-square"]
    assert len(walled) == 1 and walled[0].where == "ice_cream"
    assert "row 2, column 3 of its art" in walled[0].message


def test_sea_row_tile_closed_by_the_sea(tmp_path: Path) -> None:
    """The breakwater lies in the sea row: a pocket open only to the north is closed by the sea."""
    cat = _catalog(tmp_path, ('art = [".#..", ".#A.", ".#..", "..x."]', 'art = ["#.#.", "###A", "....", "..x."]'))
    assert cc.walled_squares(cat.tiles["breakwater"]) == [(0, 1)]
    assert "closed in by its objects and the sea" in str(cc.culprits(cat).violations[0])


def test_tiles_never_all_laid_for_a_player_count(tmp_path: Path) -> None:
    """With the ice-cream stand walled, the remaining special tiles are too few for some count."""
    cat = _catalog(tmp_path, WALLED_ICE)
    counts = [v.where for v in cc.culprits(cat) if v.rule == "plazing.tile-count"]
    assert counts, "a player count that needs every base special tile"
    for n in counts:
        assert check_catalog(cat, Options(players=n)).ok  # the rules alone accept it


def test_missing_translation_warned(tmp_path: Path) -> None:
    cat = _catalog(tmp_path, ('name = { pl = "Bar", en = "Bar" }\nobject = "bar"',
                              'name = { pl = "Kiosk" }\nobject = "kiosk"'))
    warns = [v for v in cc.warnings(cat) if v.rule == "plazing.translation"]
    assert [(v.where, "no en name" in v.message) for v in warns] == [("bar", True)]


def test_event_naming_absent_objects_warned(tmp_path: Path) -> None:
    cat = _catalog(tmp_path, ('object = "bar"', 'object = "kiosk"'), ('object = "ice_cream"', 'object = "kiosk2"'))
    events = [v.where for v in cc.warnings(cat) if v.rule == "plazing.event-objects"]
    assert "E01" in events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_builtin_lays_for_every_count(players: int) -> None:
    assert check_catalog(load_catalog(None), Options(players=players)).ok
