"""winnice.catalog_checks: no source of red, empty tables and partial lists, each named by rule id."""

from __future__ import annotations

from pathlib import Path

from generator.games.winnice import catalog_checks as cc
from generator.games.winnice.model import DATA, default_catalog, load_catalog
from generator.games.winnice.rules import check_catalog

RED45 = ["I4", "O4", "T4", "S4", "L4", "P5", "L5", "U5", "V5", "Y5"]
NO_RED_CARDS = ["[seedlings.deck23]", "red = { D2 = 0, I3 = 0, L3 = 0 }", "[seedlings.deck45.red]",
                *(f"{s} = 0" for s in RED45)]


def _file(tmp_path: Path, lines: list[str]) -> Path:
    p = tmp_path / "mine.toml"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_builtin_clean() -> None:
    assert cc.culprits(default_catalog()).ok
    assert cc.warnings(DATA / "catalog.toml").ok and cc.warnings(DATA / "board.toml").ok


def test_no_source_of_red(tmp_path: Path) -> None:
    cat = load_catalog(_file(tmp_path, ["[action_cards]", "laboratory = 0", "genetics = 0", *NO_RED_CARDS]))
    assert check_catalog(cat).ok  # the rules accept it: 0 % of games end
    assert [v.rule for v in cc.culprits(cat)] == ["winnice.no-red"]


def test_one_source_of_red_is_enough(tmp_path: Path) -> None:
    only_lab = load_catalog(_file(tmp_path, ["[action_cards]", "genetics = 0", *NO_RED_CARDS]))
    assert cc.culprits(only_lab).ok
    # genetics alone needs red pieces to turn seedlings into: without red cards, the red_extra ones
    gen = ["[action_cards]", "laboratory = 0", *NO_RED_CARDS]
    assert cc.culprits(load_catalog(_file(tmp_path, gen))).ok
    assert [v.rule for v in cc.culprits(load_catalog(_file(tmp_path, [*gen, "[pieces]", "red_extra = 0"])))] \
        == ["winnice.no-red"]


def test_empty_table_warned(tmp_path: Path) -> None:
    path = _file(tmp_path, ["[seedlings.deck23]", "red = {}"])
    assert load_catalog(path).digest() == default_catalog().digest()  # it changes nothing
    warns = cc.warnings(path)
    assert [(v.rule, v.where) for v in warns] == [("winnice.empty-table", "seedlings.deck23.red")]
    assert "set each count to 0" in warns.violations[0].message


def test_partial_space_list_warned_with_the_merge_rule(tmp_path: Path) -> None:
    path = _file(tmp_path, ["[[space]]", 'id = "hire2"', 'action = "hire2"', "cost = 2", 'fits = ["M1"]',
                            "players = 2"])
    assert len(load_catalog(path).spaces) == 1  # one space replaced the whole board
    warns = cc.warnings(path)
    assert [v.rule for v in warns] == ["winnice.partial-list"]
    assert cc.MERGE_RULE in warns.violations[0].message and "hire2b" in warns.violations[0].message


def test_edited_whole_board_not_warned(tmp_path: Path) -> None:
    text = (DATA / "board.toml").read_text(encoding="utf-8").replace("cost = 3", "cost = 4", 1)
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    assert load_catalog(path).digest() != default_catalog().digest()
    assert cc.warnings(path).ok
