"""The print-shop export: every card face and back as a 300 dpi PNG with the bleed, and a manifest."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PIL import Image

from generator.render import export, layout
from generator.render.scene import Rect, Scene, Symbol, Text

from .conftest import CODE


def _px(mm: float) -> int:
    return round(mm / 25.4 * 300)


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / export.MANIFEST).open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_each_face_and_back_is_a_300dpi_png_with_the_bleed_and_the_manifest_counts_them(bleed: float,
                                                                                     tmp_path: Path) -> None:
    """Two decks; deck "a" repeats a face (one file, count 2) and has two backs; 69 x 94 mm (3 mm
    bleed) is 815 x 1110 px, 63 x 88 mm 744 x 1039."""
    sc = Scene()
    cw, ch = layout.card_size_with_bleed(63, 88, bleed)
    for name, colour in (("f1", "#ff0000"), ("f2", "#00ff00"), ("f3", "#0000ff"), ("k1", "#333333"),
                         ("k2", "#777777")):
        sc.add_symbol(Symbol(name, cw, ch, [Rect(0, 0, cw, ch, fill=colour, stroke=None), Text(10, 20, name, 9)]))
    layout.impose(sc, ["f1", "f2", "f1"], ["k1", "k1", "k2"], 63, 88, layout.get_paper("a4"), CODE, bleed=bleed,
                  decks="a")
    layout.impose(sc, ["f3"], "k2", 63, 88, layout.get_paper("a4"), CODE, bleed=bleed, decks="b")
    files = export.cards_png(sc, tmp_path / "png")
    names = sorted(p.name for p in files)
    assert names == sorted(["a-001-front.png", "a-002-front.png", "a-001-back.png", "a-003-back.png",
                            "b-001-front.png", "b-001-back.png", "manifest.csv"])
    assert _rows(tmp_path / "png") == [
        {"deck": "a", "index": "1", "side": "front", "file": "a-001-front.png", "count": "2"},
        {"deck": "a", "index": "2", "side": "front", "file": "a-002-front.png", "count": "1"},
        {"deck": "a", "index": "1", "side": "back", "file": "a-001-back.png", "count": "2"},
        {"deck": "a", "index": "3", "side": "back", "file": "a-003-back.png", "count": "1"},
        {"deck": "b", "index": "1", "side": "front", "file": "b-001-front.png", "count": "1"},
        {"deck": "b", "index": "1", "side": "back", "file": "b-001-back.png", "count": "1"}]
    for p in files:
        if p.suffix == ".png":
            with Image.open(p) as im:
                assert im.size == (_px(63 + 2 * bleed), _px(88 + 2 * bleed)), p.name
                assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    assert (_px(69), _px(94)) == (815, 1110)
    with Image.open(tmp_path / "png" / "a-002-front.png") as im:  # the artwork to the edge: the bleed is in
        rgb = im.convert("RGB")
        for corner in ((0, 0), (im.width - 1, im.height - 1)):
            assert rgb.getpixel(corner) == pytest.approx((0, 255, 0), abs=4)


def test_a_document_without_cards_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no cards to export"):
        export.cards_png(Scene(), tmp_path)
    with pytest.raises(ValueError, match="unknown export 'pdf' \\(choose cards-png\\)"):
        export.check_export("pdf")


def test_rule_card_deck_export_through_write_cards(tmp_path: Path) -> None:
    """`write_cards(..., export="cards-png")`: every rule card and the deck's back beside deck.pdf."""
    from generator import cards

    files, _ = cards.write_cards("planety", "deck", 2, "en", "a4", 3.0, 0.0, tmp_path, backs="none",
                                 export="cards-png")
    folder = tmp_path / "cards" / "planety-cards-2p-en" / "cards-png"
    n = len(cards.rule_cards(cards.card_module("planety"), 2, "en"))
    rows = _rows(folder)
    assert [r["side"] for r in rows] == ["front"] * n + ["back"]
    assert rows[-1] == {"deck": "rules", "index": "1", "side": "back", "file": "rules-001-back.png", "count": str(n)}
    assert [r["file"] for r in rows[:n]] == [f"rules-{i:03d}-front.png" for i in range(1, n + 1)]
    assert folder / "manifest.csv" in files and all(folder / r["file"] in files for r in rows)
    with Image.open(folder / rows[0]["file"]) as im:
        assert im.size == (815, 1110)


def test_several_documents_share_one_manifest(tmp_path: Path) -> None:
    """A kit's cards and its setup card in one folder: two documents, the same symbol names in
    each kept apart by document."""
    scenes = []
    for colour in ("#ff0000", "#0000ff"):
        sc = Scene()
        sc.add_symbol(Symbol("f", 63, 88, [Rect(0, 0, 63, 88, fill=colour, stroke=None)]))
        scenes.append(sc)
    layout.impose(scenes[0], ["f"], None, 63, 88, layout.get_paper("a4"), CODE, decks="deck")
    layout.impose(scenes[1], ["f"], None, 63, 88, layout.get_paper("a4"), CODE, decks="setup-card")
    export.cards_png(scenes, tmp_path, dpi=30)
    assert [(r["deck"], r["file"]) for r in _rows(tmp_path)] == [("deck", "deck-001-front.png"),
                                                                ("setup-card", "setup-card-001-front.png")]
    with Image.open(tmp_path / "setup-card-001-front.png") as im:
        assert im.convert("RGB").getpixel((3, 3)) == (0, 0, 255)


def test_the_images_are_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    sc = Scene()
    names = []
    for i in range(5):
        sc.add_symbol(Symbol(f"f{i}", 63, 88, [Rect(0, 0, 63, 88, fill="#ffeecc"), Text(5, 20, f"karta {i}", 12)]))
        names.append(f"f{i}")
    layout.impose(sc, names, None, 63, 88, layout.get_paper("a4"), CODE, decks="d")
    one = export.cards_png(sc, tmp_path / "one", dpi=50)
    two = export.cards_png(sc, tmp_path / "two", dpi=50, jobs=2)
    assert [p.name for p in one] == [p.name for p in two]
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one, two, strict=True))
