"""Paper well used: the Winnice kit's sheet count, read back from the PDFs it writes, and printed on
its summary."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.games.winnice import draw
from generator.games.winnice.model import default_catalog
from generator.games.winnice.setup import generate
from generator.render import layout


def _pages(path: str) -> int:
    return len(PdfReader(path).pages)


@pytest.mark.parametrize(("paper", "lang", "phrase"), [("a4", "pl", "Cały zestaw: 43 arkusze A4"),
                                                       ("letter", "en", "The whole kit: 43 Letter sheets")])
def test_the_four_player_winnice_kit_takes_43_sheets_and_says_so(paper: str, lang: str, phrase: str,
                                                                  tmp_path: Path) -> None:
    """47 sheets before: 27 card sheets (each deck on fresh sheets) are 25, 11 pieces pages are 9
    (colours continue on one another's last sheet; coins and workers share one)."""
    res = CliRunner().invoke(app, ["winnice", "setup", "--players", "4", "--seed", "1", "--paper", paper, "--lang",
                                   lang, "--out", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    files = json.loads(res.stdout)["files"]
    cards = _pages(files["cards"])
    assert cards == 2 * 25  # duplex: a backs page behind every fronts page
    pieces, boards = _pages(files["pieces"]), _pages(files["board"])
    assert pieces == 9
    card_sheets = _pages(files["setup_card"]) // 2  # the setup card and its back: one sheet
    total = _pages(files["summary"]) + boards + cards // 2 + pieces + card_sheets
    assert total == 43
    summary = " ".join(PdfReader(files["summary"]).pages[0].extract_text().split())
    assert phrase in summary, summary
    assert f"{boards}, " in summary and "25" in summary


def test_kit_sheets_follow_the_backs_and_the_setup_card() -> None:
    cat = default_catalog()
    setup = generate(4, 1, cat)
    a4 = layout.get_paper("a4")
    duplex = draw.kit_sheets(setup, cat, "X", a4, "pl")
    folded = draw.kit_sheets(setup, cat, "X", a4, "pl", backs="fold", setup_card=False)
    fronts = draw.kit_sheets(setup, cat, "X", a4, "pl", backs="none")
    assert duplex["cards"] == fronts["cards"] == 25  # 219 cards, 9 a sheet
    assert folded["cards"] == 55  # 219 pairs, 4 a sheet
    assert folded["setup_card"] == 0 and folded["total"] == duplex["total"] - 25 + 55 - 1


def test_seedling_sheets_hold_every_piece_once() -> None:
    cat = default_catalog()
    s = cat.square_mm
    cols, rows = int(194 // s), int((297 - 17 - 8 - 4 - 2) // s)
    sheets = draw.seedling_sheets(cat, cols, rows)
    assert len(sheets) == 7
    placed: dict[tuple[int, str], int] = {}
    for sheet in sheets:
        used = 0
        for colour, shape_id, bits in sheet:
            assert not bits & used  # no two pieces overlap
            used |= bits
            placed[(colour, shape_id)] = placed.get((colour, shape_id), 0) + 1
    assert placed == {k: n for k, n in cat.pieces().items() if n}


def test_sheet_count_counts_a_duplex_back_with_its_front() -> None:
    pages = [layout.Page(1, 1, label=x) for x in ("cards 1 fronts", "cards 1 backs", "poster A1", "duplex test front",
                                                   "duplex test back", "cards 1 fold")]
    assert layout.sheet_count(pages) == 4


@pytest.mark.parametrize(("args", "lang", "phrase"), [
    (["--surprises", "--events", "--extra-events"], "pl", "Cały zestaw: 9 arkuszy A4 — board.pdf 4, rules.pdf 1, "
                                                         "events.pdf 3 (dwustronnie), setup-card.pdf 1 (dwustronnie)."),
    ([], "en", "The whole kit: 6 A4 sheets — board.pdf 4, rules.pdf 1, setup-card.pdf 1 (double-sided).")])
def test_the_plazing_kit_prints_its_sheet_count(args: list[str], lang: str, phrase: str, tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["plazing", "setup", "--seed", "2", "--lang", lang, "--out", str(tmp_path),
                                   "--json", *args])
    assert res.exit_code == 0, res.output
    files = {k: v for k, v in json.loads(res.stdout)["files"].items() if str(v).endswith(".pdf")}
    sheets = 0
    for path in files.values():
        pages = PdfReader(path).pages
        duplex = path.endswith(("events.pdf", "setup-card.pdf"))
        sheets += len(pages) // 2 if duplex else len(pages)
    assert sheets == int(phrase.split(": ")[1].split()[0])
    board = next(p for p in files.values() if p.endswith("board.pdf"))
    text = " ".join(PdfReader(board).pages[-1].extract_text().split())
    assert phrase in text, text


def test_the_setup_card_rides_in_the_last_card_sheet() -> None:
    """`extra`: the setup card goes into a free slot of the deck's last sheet (no sheet of its own),
    its own back behind it, recorded as the setup-card deck for the print-shop export."""
    from generator.games.plazing import draw as pz_draw
    from generator.games.plazing.cards import STYLE as PZ_STYLE
    from generator.games.plazing.model import Options
    from generator.games.plazing.setup import generate as pz_generate
    from generator.games.winnice.cards import STYLE as WN_STYLE
    from generator.render.rulecards import setup_card_symbols
    from generator.render.scene import Use

    a4 = layout.get_paper("a4")

    def card(style):  # type: ignore[no-untyped-def]
        return lambda sc: setup_card_symbols(sc, style, "g", "X-1", "pl", ["fakt"], [])

    pz = pz_generate(Options(players=4, surprises=True, events=True), 2)
    plain = pz_draw.events_scene(pz, "X-1", a4, "pl")
    withcard = pz_draw.events_scene(pz, "X-1", a4, "pl", extra=[card(PZ_STYLE)])
    assert layout.sheet_count(withcard.pages) == layout.sheet_count(plain.pages) == 2
    assert withcard.cards[-1].deck == "setup-card" and withcard.cards[-1].front == "setup-card-X-1"
    last_backs = withcard.pages[-1]
    assert any(isinstance(u, Use) and u.name == withcard.cards[-1].back for u in last_backs.items)
    cat = default_catalog()
    wn = draw.cards_scene(generate(4, 1, cat), cat, "X-1", a4, "pl", extra=[card(WN_STYLE)])
    assert layout.sheet_count(wn.pages) == 25 and len(wn.cards) == 220


@pytest.mark.parametrize(("paper", "lang", "phrase", "fold"), [
    ("a4", "pl", "Cały zestaw: 7 arkuszy A4 — summary.pdf 1, tiles-duplex.pdf 2 (dwustronnie), kit.pdf 3, "
                 "setup-card.pdf 1 (dwustronnie).", "Albo tiles-fold.pdf zamiast tiles-duplex.pdf: tiles-fold.pdf 3, "
                                                    "razem 8 arkuszy."),
    ("letter", "en", "The whole kit: 7 Letter sheets — summary.pdf 1, tiles-duplex.pdf 2 (double-sided), kit.pdf 3, "
                     "setup-card.pdf 1 (double-sided).", "Or tiles-fold.pdf instead of tiles-duplex.pdf: "
                                                         "tiles-fold.pdf 3, 8 sheets in all.")])
def test_the_planety_kit_prints_its_sheet_count(paper: str, lang: str, phrase: str, fold: str,
                                                 tmp_path: Path) -> None:
    """The 4-player kit's summary counts the sheets of the files it wrote, tiles-fold.pdf as the
    single-sided alternative to tiles-duplex.pdf (a kit prints one of them, not both)."""
    res = CliRunner().invoke(app, ["planety", "setup", "--players", "4", "--seed", "1", "--paper", paper, "--lang",
                                   lang, "--out", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    files = json.loads(res.stdout)["files"]
    duplex, folded = _pages(files["tiles_duplex"]), _pages(files["tiles_fold"])
    assert duplex % 2 == 0  # a backs page behind every fronts page
    rest = _pages(files["summary"]) + _pages(files["kit"]) + _pages(files["setup_card"]) // 2
    assert rest + duplex // 2 == int(phrase.split(": ")[1].split()[0])
    assert rest + folded == int(re.findall(r"(\d+) (?:sheets|arkusz)", fold)[-1])
    assert f"tiles-duplex.pdf {duplex // 2} " in phrase and f"tiles-fold.pdf {folded}," in fold
    summary = " ".join(PdfReader(files["summary"]).pages[0].extract_text().split())
    assert f"{phrase} {fold}" in summary, summary


def test_the_planety_kit_counts_the_setup_card_with_its_backs() -> None:
    """--backs fold or none prints the setup card on one side: no "double-sided" for it, same sheets;
    the tile files' sheets come from their pages (a bleed costs tiles per sheet)."""
    from generator.games.planety import draw as pn_draw

    a4 = layout.get_paper("a4")
    duplex = pn_draw.tiles_duplex_scene("X", a4, "en", bleed=3).pages
    fold = pn_draw.tiles_fold_scene("X", a4, "en", bleed=3).pages
    kit = pn_draw.kit_scene("X", a4, "en").pages
    both = pn_draw.kit_sheets(duplex, fold, kit, a4, "en")
    single = pn_draw.kit_sheets(duplex, fold, kit, a4, "en", backs="fold")
    assert both.line.endswith("setup-card.pdf 1 (double-sided).") and single.line.endswith("setup-card.pdf 1.")
    assert both.fold == len(fold) == 3 and both.fold_total == single.fold_total == 1 + 3 + len(kit) + 1
    assert f"tiles-duplex.pdf {len(duplex) // 2} (double-sided)" in both.line
