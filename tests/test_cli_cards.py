"""`boardgen cards --backs duplex|fold|none --export cards-png`: the shared options of every command
that prints cards, through the root's cards command."""

from __future__ import annotations

import csv
import shlex
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()


def cards(out: Path, *args: str):
    return runner.invoke(app, ["cards", "rzuc-na-tace", "--format", "deck", "--lang", "en", "--out", str(out), *args])


def deck_of(out: Path) -> Path:
    (folder,) = (out / "cards").iterdir()
    return folder


def one_line(res) -> str:
    assert res.exit_code == 2, res.output
    text = res.output.strip()
    assert "Traceback" not in text and text.count("\n") == 0, text
    return text


def test_backs_change_the_deck_and_none_prints_fronts_only(tmp_path):
    pages = {}
    for backs in ("duplex", "fold", "none"):
        res = cards(tmp_path / backs, "--backs", backs)
        assert res.exit_code == 0, res.output
        pdf = deck_of(tmp_path / backs) / "deck.pdf"
        pages[backs] = (len(PdfReader(pdf).pages), pdf.read_bytes())
    assert pages["none"][0] < pages["duplex"][0]  # the duplex deck has a backs sheet per fronts sheet
    assert len({body for _, body in pages.values()}) == 3
    default = cards(tmp_path / "default")
    assert default.exit_code == 0, default.output
    assert (deck_of(tmp_path / "default") / "deck.pdf").read_bytes() == pages["duplex"][1]


def test_export_cards_png_writes_every_face_and_a_manifest(tmp_path):
    res = cards(tmp_path, "--export", "cards-png", "--bleed", "3")
    assert res.exit_code == 0, res.output
    folder = deck_of(tmp_path) / "cards-png"
    with (folder / "manifest.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert rows and {r["side"] for r in rows} == {"front", "back"}
    assert sorted(r["file"] for r in rows) == sorted(p.name for p in folder.glob("*.png"))
    assert "cards-png/manifest.csv" in res.output.replace("\\", "/")


@pytest.mark.parametrize(("args", "says"), [
    (["--backs", "sideways"], "--backs"),
    (["--export", "zip"], "--export"),
    (["--export", "cards-png", "--format", "page"], "needs the deck"),
])
def test_a_bad_backs_or_export_is_one_line_and_writes_nothing(tmp_path, args, says):
    out = tmp_path / "out"
    res = runner.invoke(app, ["cards", "winnice", "--out", str(out), *args])
    assert says in one_line(res)
    assert not out.exists()


def test_a_card_set_s_command_txt_writes_it_again_with_every_print_choice(tmp_path):
    """command.txt (the gallery's command) carries --backs, --export, --paper and --bleed: run as it
    stands, it writes the same files (the gallery once rebuilt the command from the folder's name,
    without them)."""
    first = tmp_path / "first"
    res = runner.invoke(app, ["cards", "winnice", "--out", str(first), "--backs", "fold", "--export", "cards-png",
                              "--paper", "letter", "--bleed", "3", "--lang", "en", "--players", "3"])
    assert res.exit_code == 0, res.output
    (folder,) = (first / "cards").iterdir()
    line = (folder / "command.txt").read_text(encoding="utf-8").strip()
    assert line == ("boardgen cards winnice --players 3 --lang en --paper letter --backs fold --bleed 3 "
                    "--export cards-png")
    again = tmp_path / "again"
    res = runner.invoke(app, [*shlex.split(line)[1:], "--out", str(again)])
    assert res.exit_code == 0, res.output
    made = again / "cards" / folder.name
    names = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    assert names == sorted(str(p.relative_to(made)) for p in made.rglob("*") if p.is_file())
    assert all((made / n).read_bytes() == (folder / n).read_bytes() for n in names)

