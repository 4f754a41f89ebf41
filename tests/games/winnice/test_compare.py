"""winnice.compare: the same study on the built-in catalog and a designer's, and its verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.checks import UserInputError
from generator.core.compare import study_size
from generator.games.winnice.compare import compare, red_sources
from generator.games.winnice.model import DATA, default_catalog, load_catalog

SHAPES45 = ["I4", "O4", "T4", "S4", "L4", "F5", "I5", "L5", "N5", "P5", "T5", "U5", "V5", "W5", "X5", "Y5", "Z5"]
RED45 = ["I4", "O4", "T4", "S4", "L4", "P5", "L5", "U5", "V5", "Y5"]


def _write(tmp_path: Path, name: str, lines: list[str]) -> Path:
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def first_player_wins(tmp_path: Path) -> Path:
    """The first red 2x2 wins, and the 4/5 market is all red O4: both players buy one in round 1,
    and the one who plants first (seat 1, the game's first player) harvests the win."""
    lines = ["[rules]", "win_red = 1"]
    for colour in ("yellow", "green"):
        lines += [f"[seedlings.deck45.{colour}]", *(f"{s} = 0" for s in SHAPES45)]
    lines += ["[seedlings.deck45.red]", *(f"{s} = {30 if s == 'O4' else 1}" for s in SHAPES45)]
    return _write(tmp_path, "first.toml", lines)


def no_red(tmp_path: Path) -> Path:
    """No red seedling card, no laboratory, no genetics: no red token is ever made."""
    lines = ["[rules]", "round_cap = 30", "[action_cards]", "laboratory = 0", "genetics = 0",
             "[seedlings.deck23]", "red = { D2 = 0, I3 = 0, L3 = 0 }", "[seedlings.deck45.red]",
             *(f"{s} = 0" for s in RED45)]
    return _write(tmp_path, "nored.toml", lines)


def test_builtin_copy_no_difference(tmp_path: Path) -> None:
    copy = tmp_path / "catalog.toml"
    copy.write_text((DATA / "catalog.toml").read_text(encoding="utf-8"), encoding="utf-8")
    seen: list[int] = []
    study = compare(copy, players=2, setups=2, games=3, seed=5, progress=seen.append)
    assert seen[-1] == study_size(2, 3, 2) == 24 and seen == sorted(seen)
    assert study.same_content
    assert study.verdict() == "no difference"
    j = study.to_json()
    for bot in ("greedy", "random"):
        assert j["bots"][bot]["builtin"] | {"label": ""} == j["bots"][bot]["user"] | {"label": ""}
    assert study.lines()[-1] == "verdict: no difference"
    assert study.checks == []


def test_first_player_variant_seat_1_favoured(tmp_path: Path) -> None:
    study = compare(first_player_wins(tmp_path), players=2, setups=2, games=8, seed=3, bots=("greedy",))
    comp = study.comparisons["greedy"]
    assert comp.user.wins()[0] == 16
    assert "seat 1 favoured, p < 0.001" in study.verdict()
    assert study.verdict().startswith("plays to the end; greedy bots: ")
    assert "% shorter" in study.verdict()


def test_no_source_of_red_cannot_end(tmp_path: Path) -> None:
    path = no_red(tmp_path)
    assert sum(red_sources(load_catalog(path)).values()) == 0
    assert sum(red_sources(default_catalog()).values()) == 24
    study = compare(path, players=2, setups=1, games=2, seed=1)
    assert not study.ends and study.exit_code == 1
    assert study.verdict() == "cannot make a game that ends"
    assert study.to_json()["bots"]["greedy"]["user"]["completed"] == 0
    assert study.checks and study.checks[0].startswith("[winnice.no-red]")


def test_bad_sizes_and_catalog(tmp_path: Path) -> None:
    with pytest.raises(UserInputError, match="--setups 0"):
        compare(None, setups=0)
    bad = _write(tmp_path, "bad.toml", ["[rules]", "market_size = 0"])
    with pytest.raises(UserInputError, match="cannot make a game"):
        compare(bad, setups=1, games=1)
