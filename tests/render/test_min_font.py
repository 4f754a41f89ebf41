"""Nothing printed under 6 pt, read back from the PDFs (not from our scenes) by an independent
content-stream reader (tests/render/pdf_text_sizes.py: text matrix × CTM × Form XObject matrices).

The quick tests make one game's `boardgen all` part and its rule cards on one paper; the slow one runs
`boardgen all` itself on A4 and Letter, in both languages' defaults."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import GAMES, app, game_module
from generator.render.legible import MIN_TEXT_PT, legible
from generator.render.scene import Scene, Symbol, Text, Use

from .pdf_text_sizes import text_sizes

CARD_GAMES = {"plazing": "plazing", "plazing-rw": "plazing-rw", "rzuc-na-tace": "rzuc-na-tace",
              "winnice": "winnice", "planety": "planety"}


def _too_small(folder: Path) -> list[str]:
    """'file page N: size pt "text"' for every text under the floor in every PDF under `folder`."""
    pdfs = sorted(folder.rglob("*.pdf"))
    assert pdfs, f"no PDF under {folder}"
    out = []
    for pdf in pdfs:
        seen = set()
        for s in text_sizes(pdf):
            if s.size < MIN_TEXT_PT - 0.01 and (s.text, round(s.size, 2)) not in seen:
                seen.add((s.text, round(s.size, 2)))
                out.append(f"{pdf.relative_to(folder)} page {s.page}: {s.size:.2f} pt {s.text!r}")
    return out


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_one_game_prints_nothing_under_6pt(game: str, tmp_path: Path) -> None:
    paper, lang = ("letter", "en") if game in ("plazing", "winnice") else ("a4", "pl")
    game_module(game).make_all(tmp_path, 1, paper, lang)
    from generator import cards

    cards.write_cards(CARD_GAMES[game], "both", None, "pl", "a4", 0.0, 0.0, tmp_path)
    bad = _too_small(tmp_path)
    assert not bad, "\n".join(bad[:20])


@pytest.mark.slow
@pytest.mark.parametrize(("paper", "lang"), [("a4", "pl"), ("letter", "en")])
def test_boardgen_all_prints_nothing_under_6pt(paper: str, lang: str, tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["all", "--out", str(tmp_path), "--paper", paper, "--lang", lang, "--jobs", "1"])
    assert res.exit_code == 0, res.output
    bad = _too_small(tmp_path)
    assert not bad, "\n".join(bad[:20])


def test_the_reader_sees_scaled_symbols_and_the_floor_copy_drops_only_what_is_too_small(tmp_path: Path) -> None:
    """The reader multiplies nested Form XObject scales (a 10 pt label in a symbol placed at 0.5 reads
    5 pt); `legible` keeps that symbol's art and 12 pt text and hands back the 10 pt label."""
    from generator.render.pdf import write_pdf
    from generator.render.scene import Page, Rect

    sc = Scene()
    sc.add_symbol(Symbol("inner", 10, 10, [Text(1, 8, "tiny", 10)]))
    sc.add_symbol(Symbol("tok", 20, 20, [Rect(0, 0, 20, 20), Text(2, 10, "label", 10), Text(2, 18, "big", 12),
                                         Use("inner", 5, 5)]))
    sc.pages.append(Page(210, 297, [Use("tok", 10, 10, scale=0.5), Text(10, 100, "page", 8)]))
    write_pdf(sc, tmp_path / "a.pdf")
    sizes = {s.text: round(s.size, 2) for s in text_sizes(tmp_path / "a.pdf")}
    assert sizes == {"label": 5.0, "big": 6.0, "tiny": 5.0, "page": 8.0}
    name, dropped = legible(sc, "tok", 0.5)
    assert name != "tok" and [t.text for t in dropped] == ["label"]
    kept = sc.symbols[name].items
    assert [type(i).__name__ for i in kept] == ["Rect", "Text", "Use"]
    assert sc.symbols[kept[2].name].items == []  # type: ignore[union-attr]  # the nested label is gone too
    assert legible(sc, "tok", 1.0) == ("tok", [])  # nothing under the floor at full size: the symbol itself
