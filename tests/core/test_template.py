"""core.template: comments added to fields without one, '#' in strings left alone."""

from __future__ import annotations

import pytest

from generator.core.template import annotate, split_comment, uncommented


def test_split_comment_ignores_hash_in_strings() -> None:
    assert split_comment('art = ["+##+", ".#.."]') == ('art = ["+##+", ".#.."]', None)
    assert split_comment('a = "x#y"  # the note') == ('a = "x#y"', "the note")
    assert split_comment("b = 'q#'") == ("b = 'q#'", None)


def test_annotate_by_table_and_pattern() -> None:
    text = '[stars.S1]\norbits = 5\nname = "a#b"  # kept\n\n[[tiles]]\nid = "T1"\n'
    out = annotate(text, {"stars.*.orbits": "orbits of the star", "tiles.id": "the tile's id"})
    assert out == ('[stars.S1]\norbits = 5  # orbits of the star\nname = "a#b"  # kept\n\n'
                   '[[tiles]]\nid = "T1"  # the tile\'s id\n')
    assert uncommented(out) == []
    with pytest.raises(ValueError, match="stars.S1.orbits"):
        annotate(text, {})
