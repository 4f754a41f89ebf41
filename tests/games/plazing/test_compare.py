"""plazing.compare: the built-in tiles against a designer's, with the same seeds for both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core.checks import UserInputError
from generator.core.compare import study_size
from generator.games.plazing.compare import GAP, compare
from generator.games.plazing.model import DATA


def test_builtin_copy_no_difference(tmp_path: Path) -> None:
    copy = tmp_path / "tiles.toml"
    copy.write_text((DATA / "tiles.toml").read_text(encoding="utf-8"), encoding="utf-8")
    seen: list[int] = []
    study = compare(copy, players=2, setups=2, games=6, seed=2, progress=seen.append)
    assert seen[-1] == study_size(2, 6, 2) and seen == sorted(seen)
    assert study.same_content and study.verdict() == "no difference"
    j = study.to_json()
    assert j["bots"]["random"]["builtin"]["length"] == j["bots"]["random"]["user"]["length"]
    assert GAP in j["bots"]["greedy"]["extras"]


def test_basic_tiles_without_resources_bring_scores_closer(tmp_path: Path) -> None:
    """Basic tiles stripped of their amber, shells and pebbles: far less to win, closer scores."""
    text = (DATA / "tiles.toml").read_text(encoding="utf-8")

    def strip(m: re.Match[str]) -> str:
        return m.group(0).replace("A", ".").replace("S", ".").replace("P", ".")

    path = tmp_path / "bare.toml"
    path.write_text(re.sub(r'kind = "basic"\nrotatable = true\nart = \[[^\]]*\]', strip, text), encoding="utf-8")
    study = compare(path, players=2, setups=2, games=10, seed=1)
    assert not study.same_content
    assert study.comparisons["random"].spread_test.p < 0.01
    assert study.verdict().startswith("plays to the end; ")
    assert "% closer" in study.verdict()


def test_catalog_the_rules_reject(tmp_path: Path) -> None:
    one = tmp_path / "one.toml"
    one.write_text('[tiles.B01]\nkind = "basic"\nrotatable = true\nart = ["A..x", "..S.", ".x..", "P..."]\n',
                   encoding="utf-8")
    with pytest.raises(UserInputError, match="basic tiles"):
        compare(one, setups=1, games=1)
