"""plazing.template: the built-in tiles with a comment on every field, read back as the built-in."""

from __future__ import annotations

from pathlib import Path

from generator.core.template import uncommented
from generator.games.plazing.catalog_checks import same_as_builtin
from generator.games.plazing.model import load_catalog
from generator.games.plazing.template import template


def test_template_round_trips_with_every_field_commented(tmp_path: Path) -> None:
    text = template()
    assert uncommented(text) == []
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    cat = load_catalog(path)
    assert same_as_builtin(cat) and cat.digest == load_catalog(None).digest
