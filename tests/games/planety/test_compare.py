"""planety.compare: the built-in content against a designer's, with the same seeds for both."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.checks import UserInputError
from generator.core.compare import study_size
from generator.games.planety.compare import compare
from generator.games.planety.model import DATA


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "content.toml").read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "content.toml"
    p.write_text(text.replace(old, new), encoding="utf-8")
    return p


def test_builtin_copy_no_difference(tmp_path: Path) -> None:
    seen: list[int] = []
    study = compare(_variant(tmp_path, "", ""), players=2, setups=2, games=10, seed=4, progress=seen.append)
    assert seen[-1] == study_size(2, 10, 2) and seen == sorted(seen)
    assert study.same_content
    assert study.verdict() == "no difference"
    j = study.to_json()
    assert j["bots"]["greedy"]["builtin"]["wins_per_seat"] == j["bots"]["greedy"]["user"]["wins_per_seat"]
    assert [f["name"] for f in j["figures"]][:4] == ["digest", "tiles", "stars", "re-flips per big bang"]


def test_one_life_wins_is_shorter(tmp_path: Path) -> None:
    """A game won by the first life token ends sooner: the verdict says by how much."""
    study = compare(_variant(tmp_path, "win_life = 3 ", "win_life = 1 "), players=2, setups=2, games=15, seed=4)
    assert not study.same_content
    greedy = study.comparisons["greedy"]
    assert greedy.length_test.p < 0.01
    assert "% shorter" in study.verdict() and study.verdict().startswith("plays to the end")


def test_catalog_the_rules_reject(tmp_path: Path) -> None:
    with pytest.raises(UserInputError, match=r"not a Planety catalog: \[planety.catalog-tokens\]"):
        compare(_variant(tmp_path, "life = 12", "life = 0"), setups=1, games=1)
