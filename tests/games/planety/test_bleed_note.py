"""`planety setup --bleed 3` costs tiles per sheet: said in one English line per file (issue 24)."""

from __future__ import annotations

import pytest

from generator.games.planety import draw
from generator.render.layout import get_paper
from generator.render.scene import Use


def _per_sheet(scene) -> int:
    return max(sum(isinstance(i, Use) for i in page.items) for page in scene.pages)


def test_a_3mm_bleed_says_a4_takes_15_tiles_instead_of_24():
    notes = draw.bleed_notes(get_paper("a4"), 3.0)
    assert notes[0] == "tiles-duplex.pdf: bleed 3 mm: 15 tiles per a4 sheet instead of 24"
    assert notes[1].startswith("tiles-fold.pdf: bleed 3 mm: 10 fold-over pairs per a4 sheet instead of 12")
    assert all(n.isascii() for n in notes)  # a terminal message, in English whatever --lang prints


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 1.0, 3.0, 5.0])
def test_the_note_tells_what_the_sheets_really_hold(paper, bleed):
    p = get_paper(paper)
    notes = {n.split(":")[0]: n for n in draw.bleed_notes(p, bleed)}
    for name, scene in (("tiles-duplex.pdf", draw.tiles_duplex_scene("X", p, "pl", bleed)),
                        ("tiles-fold.pdf", draw.tiles_fold_scene("X", p, "pl", bleed))):
        plain = (draw.tiles_duplex_scene if "duplex" in name else draw.tiles_fold_scene)("X", p, "pl", 0.0)
        held, held0 = _per_sheet(scene), _per_sheet(plain)
        if held < held0:
            assert f": {held} " in notes[name] and f"instead of {held0}" in notes[name]
        else:
            assert name not in notes


def test_a_token_pictogram_can_leave_its_word_out():
    from generator.render.scene import Text

    full, bare = draw.token_symbol("water", "pl"), draw.token_symbol("water", "pl", label=False)
    assert [i.text for i in full.items if isinstance(i, Text)] == ["woda"]
    assert not any(isinstance(i, Text) for i in bare.items) and bare.name == full.name
