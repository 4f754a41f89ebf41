"""planety.template: the built-in content with a comment on every field, read back as the built-in."""

from __future__ import annotations

from pathlib import Path

from generator.core.template import uncommented
from generator.games.planety.model import builtin_catalog, load_catalog
from generator.games.planety.template import template


def test_template_round_trips_with_every_field_commented(tmp_path: Path) -> None:
    text = template()
    assert uncommented(text) == []
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert load_catalog(path).digest == builtin_catalog().digest
