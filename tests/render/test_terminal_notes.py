"""Terminal notes are English whatever --lang; the printed matter follows --lang."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from generator.games.winnice import draw
from generator.games.winnice.model import default_catalog
from generator.games.winnice.setup import generate
from generator.render import layout
from generator.render.scene import Rect, Scene, Symbol, Text

POLISH = ("spad", "kart", "arkusz", "zamiast", "odstęp", "margines")


def test_cards_command_notes_are_english_under_lang_pl(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "generator", "cards", "winnice", "--format", "deck", "--bleed", "3",
                        "--gap", "2", "--lang", "pl", "--out", str(tmp_path)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    notes = [line for line in r.stderr.splitlines() if line.startswith("note: ")]
    assert "note: bleed 3 mm: 8 cards per a4 sheet instead of 9" in notes, r.stderr
    assert any("gap" in n for n in notes), r.stderr
    assert not [n for n in notes if any(w in n for w in POLISH)], notes


def test_layout_warnings_are_english_for_every_language() -> None:
    cat = default_catalog()
    scene = draw.cards_scene(generate(4, 1, cat), cat, "X", layout.get_paper("a4"), "pl", bleed=3.0)
    assert scene.warnings == ["bleed 3 mm: 8 cards per a4 sheet instead of 9 (28 sheets instead of 25)"]
    sc = Scene()
    sc.add_symbol(Symbol("c", 63, 88, [Rect(0, 0, 63, 88, fill="#ffffff"), Text(0.5, 5, "brzeg", 8)]))
    for lang in ("pl", "en"):
        (warning,) = layout.card_safe_warnings(sc, ["c"], 63, 88, 0.0, lang=lang)
        assert "from the cut, inside the 3 mm safe margin" in warning
