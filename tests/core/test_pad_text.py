"""A pad's title and names: measured against their slot on each game's sheet, Polish letters kept."""

from __future__ import annotations

import io
import unicodedata

import pypdf
import pytest

from generator.core.checks import UserInputError
from generator.core.pad_text import MAX_NAMES, Slot, clean_text, parse_names, parse_title, sheet_names
from generator.games.plazing_rw import pad_text as prw
from generator.games.plazing_rw.model import boards
from generator.games.rzuc_na_tace import pad_text as rzuc
from generator.render import fonts
from generator.render.pdf import pdf_bytes
from generator.render.scene import Page, Scene, Text

NAME = Slot(30.0, "bold", 10.0, "a name")


def _one_line(exc: pytest.ExceptionInfo[UserInputError], option: str) -> str:
    msg = str(exc.value)
    assert "\n" not in msg and msg.startswith(option), msg
    return msg


def test_polish_names_are_kept_in_order() -> None:
    assert parse_names("Ala,Ola,Żaneta", NAME) == ("Ala", "Ola", "Żaneta")
    assert parse_names(" Łucja ,  Ćma  Źdźbło,Ola", NAME) == ("Łucja", "Ćma Źdźbło", "Ola")
    assert parse_names("Ola,Ola", NAME) == ("Ola", "Ola")


def test_combining_accents_are_one_letter() -> None:
    decomposed = unicodedata.normalize("NFD", "Żaneta")
    assert len(decomposed) == 7
    assert parse_names(decomposed, NAME) == ("Żaneta",)


@pytest.mark.parametrize(("text", "needle"), [
    ("Ala,,Ola", "name 2 of 3 is empty"),
    ("Ala,", "name 2 of 2 is empty"),
    ("", "name 1 of 1 is empty"),
    ("Ala\tX,Ola\x07", "a character that does not print (U+0007)"),
    ("Ala,Bartłomiej-Konstanty", "mm wide, the sheet has room for 30.0 mm"),
    (",".join(["A"] * (MAX_NAMES + 1)), f"at most {MAX_NAMES}"),
    ("Ala,漢", "which the sheet's font cannot print"),
])
def test_bad_names_are_one_line(text: str, needle: str) -> None:
    with pytest.raises(UserInputError) as exc:
        parse_names(text, NAME)
    assert needle in _one_line(exc, "--names")


def test_title_limit_is_measured_not_counted() -> None:
    slot = Slot(50.0, "bold", 15.0, "the title")
    narrow = "il" * 12  # 24 narrow letters fit
    wide = "WM" * 6  # 12 wide ones do not
    assert fonts.text_width(narrow, "bold", 15) <= 50 < fonts.text_width(wide, "bold", 15)
    assert parse_title(narrow, slot) == narrow
    with pytest.raises(UserInputError) as exc:
        parse_title(wide, slot)
    msg = _one_line(exc, "--title")
    fits = max(n for n in range(13) if fonts.text_width(wide[:n], "bold", 15) <= 50)
    assert f"({fits} of its 12 characters); shorten it" in msg
    with pytest.raises(UserInputError, match="at most 120"):
        clean_text("a" * 121, Slot(1e6, "bold", 1, "the title"), "--title")
    with pytest.raises(UserInputError, match="is empty"):
        parse_title("   ", slot)


def test_sheets_per_name_times_count() -> None:
    assert sheet_names(("Ala", "Ola"), 2) == ["Ala", "Ala", "Ola", "Ola"]
    assert sheet_names((), 3) == [None, None, None]
    with pytest.raises(UserInputError):
        sheet_names(("Ala",), 0)


def test_game_slots_hold_a_real_title_and_name() -> None:
    """The slots of both sheets take a game-night title and a long Polish name, and refuse what is
    wider than the sheet's room (the room is measured in the sheet's own layout)."""
    names_pl = [b.name["pl"] for b in boards().values()]
    for slot in (prw.title_slot(names_pl, "pl"), rzuc.title_slot("pl"), rzuc.title_slot("en")):
        assert parse_title("Wieczór gier: Klub Źdźbło", slot) == "Wieczór gier: Klub Źdźbło"
        with pytest.raises(UserInputError):
            parse_title("Wielki Turniej Rzutów i Plaż w Łodzi, edycja jesienna 2026", slot)
    for slot in (prw.name_slot(), rzuc.name_slot()):
        assert parse_names("Ala,Ola,Żaneta,Małgorzata", slot)[-1] == "Małgorzata"
    # a longer board name leaves less room for the title
    assert prw.title_slot(["x" * 40], "en").width_mm < prw.title_slot(["Beach 1: basic"], "en").width_mm
    assert prw.name_x() + prw.name_slot().width_mm < 190.0 and rzuc.name_x() + rzuc.name_slot().width_mm < 70.0


def test_checked_text_prints_extractably() -> None:
    """What the validator passes prints with its Polish letters extractable from the PDF."""
    title = parse_title("Wieczór gier — Żółć", rzuc.title_slot("pl"))
    names = parse_names("Żaneta,Łucja", rzuc.name_slot())
    scene = Scene(title="t")
    for n in names:
        scene.pages.append(Page(129, 188, items=[Text(4, 8, title, size=13, font="bold"),
                                                 Text(rzuc.name_x(), rzuc.NAME_BASELINE, n, size=9, font="bold")]))
    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes(scene)))
    assert len(reader.pages) == 2
    for page, n in zip(reader.pages, names, strict=True):
        text = page.extract_text()
        assert title in text and n in text
