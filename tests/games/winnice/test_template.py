"""winnice.template: the built-in content with a comment on every field, read back as the built-in."""

from __future__ import annotations

import tomllib
from pathlib import Path

from generator.core.template import uncommented
from generator.games.winnice.catalog_checks import MERGE_RULE, warnings
from generator.games.winnice.model import default_catalog, load_catalog
from generator.games.winnice.template import template


def test_template_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(template(), encoding="utf-8")
    assert load_catalog(path).digest() == default_catalog().digest()
    assert warnings(path).ok  # the whole board is in it: no partial list


def test_every_field_commented_and_merge_rule_stated() -> None:
    text = template()
    assert uncommented(text) == []
    assert MERGE_RULE in text
    assert tomllib.loads(text)["rules"]["win_red"] == default_catalog().win_red
