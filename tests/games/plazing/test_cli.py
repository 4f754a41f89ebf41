"""`boardgen plazing …` end to end: files written, PDFs readable by independent readers, bad input."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app

runner = CliRunner()
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def run(*args: str):
    return runner.invoke(app, list(args))


def setup_folder(tmp_path: Path, *args: str) -> Path:
    if "--playouts" not in args:
        args = (*args, "--playouts", "0")  # the playout report has its own tests
    res = run("plazing", "setup", "--out", str(tmp_path), *args)
    assert res.exit_code == 0, res.output
    (folder,) = [p for p in (tmp_path / "plazing").iterdir() if p.is_dir()]  # OUT/<game>/<CODE>/
    return folder


@pytest.fixture(scope="module")
def full(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("full")
    return setup_folder(out, "--players", "4", "--extra-events", "--clean-beach", "--seed", "7", "--playouts", "8")


def test_setup_writes_all_files(full):
    assert sorted(p.name for p in full.iterdir()) == ["board.pdf", "command.txt", "events.pdf", "playouts.json",
                                                      "preview.png", "rules.pdf", "setup-card.pdf", "setup.json"]
    report = json.loads((full / "playouts.json").read_text(encoding="utf-8"))
    assert report["games"] == 8
    doc = json.loads((full / "setup.json").read_text(encoding="utf-8"))
    assert doc["format"] == "boardgen-setup" and doc["game"] == "plazing" and doc["version"] == 1
    assert doc["code"] == full.name
    assert len(doc["setup"]["event_deck"]) == 26


def page_sizes(pdf: Path) -> set[tuple[float, float]]:
    return {tuple(sorted((round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))))
            for p in PdfReader(pdf).pages}


def test_board_pdf_pages_text_and_code(full):
    reader = PdfReader(full / "board.pdf")
    assert len(reader.pages) >= 3  # poster sheets + overview + summary
    assert page_sizes(full / "board.pdf") == {A4}
    code = full.name
    for page in reader.pages:
        text = page.extract_text()
        assert code in text  # every printed page carries its setup code
    alltext = "".join(p.extract_text() for p in reader.pages)
    assert "Plażing" in alltext and "50 mm" in alltext
    # a Polish board speaks Polish in its headers, footers and calibration label too
    assert f"kod {code}" in alltext and "str. 1/" in alltext and "zmierz" in alltext
    assert " code " not in alltext.replace("--code ", "") and "measure" not in alltext and "overview" not in alltext


def test_rules_pdf(full):
    reader = PdfReader(full / "rules.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "karta zasad" in text and "14→105" in text and full.name in text


def test_events_pdf_cards(full):
    reader = PdfReader(full / "events.pdf")
    # 26 cards, 9 per sheet -> 3 front sheets, each followed by its backs
    assert len(reader.pages) == 6
    text = reader.pages[0].extract_text()
    assert "Plażing" in text and full.name in text
    assert "Zatrucie pokarmowe" in "".join(p.extract_text() for p in reader.pages)


def test_letter_paper_and_english(tmp_path):
    folder = setup_folder(tmp_path, "--players", "2", "--paper", "letter", "--lang", "en", "--seed", "3",
                          "--events")
    assert page_sizes(folder / "board.pdf") == {LETTER}
    assert page_sizes(folder / "events.pdf") == {LETTER}
    assert len(PdfReader(folder / "events.pdf").pages) == 4  # 10 cards: 9 + 1, each sheet with its backs
    assert "Weather" in "".join(p.extract_text() for p in PdfReader(folder / "board.pdf").pages)


def test_bleed_enlarges_cards_not_pages(tmp_path):
    folder = setup_folder(tmp_path, "--players", "2", "--events", "--seed", "3", "--bleed", "3")
    reader = PdfReader(folder / "events.pdf")
    assert page_sizes(folder / "events.pdf") == {A4}
    assert len(reader.pages) > 2  # bigger cards (69 x 94 mm with bleed) fit fewer per sheet


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler-utils not installed")
def test_pdfinfo_reads_page_size(full):
    out = subprocess.run(["pdfinfo", str(full / "board.pdf")], capture_output=True, text=True, check=True).stdout
    assert "(A4)" in out
    pages = int(next(line.split()[-1] for line in out.splitlines() if line.startswith("Pages:")))
    assert pages == len(PdfReader(full / "board.pdf").pages)


def test_same_seed_byte_identical(tmp_path):
    a = setup_folder(tmp_path / "a", "--players", "3", "--surprises", "--seed", "99")
    b = setup_folder(tmp_path / "b", "--players", "3", "--surprises", "--seed", "99")
    for name in ("setup.json", "board.pdf", "preview.png"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_code_reproduces_seed_and_options(tmp_path, full):
    again = setup_folder(tmp_path, "--code", full.name)
    assert again.name == full.name
    assert (again / "setup.json").read_bytes() == (full / "setup.json").read_bytes()
    assert (again / "board.pdf").read_bytes() == (full / "board.pdf").read_bytes()


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_fonts_embedded(full):
    for name in ("board.pdf", "events.pdf", "rules.pdf"):
        out = subprocess.run(["pdffonts", str(full / name)], capture_output=True, text=True, check=True).stdout
        rows = out.splitlines()[2:]
        assert rows, out
        for row in rows:
            assert row.split()[-5] == "yes", row  # the "emb" column


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_no_blank_pages(full, tmp_path):
    from PIL import Image

    for name in ("board.pdf", "events.pdf", "rules.pdf"):
        subprocess.run(["pdftoppm", "-r", "12", "-png", str(full / name), str(tmp_path / name)], check=True)
    pngs = sorted(tmp_path.glob("*.png"))
    assert len(pngs) == len(PdfReader(full / "board.pdf").pages) + 6 + 1
    for png in pngs:
        img = Image.open(png).convert("L")
        lo, hi = img.getextrema()
        assert lo < 200, f"{png.name} looks blank"


def test_check_ok_and_broken(full, tmp_path):
    res = run("plazing", "check", str(full / "setup.json"))
    assert res.exit_code == 0 and "legal" in res.output
    doc = json.loads((full / "setup.json").read_text(encoding="utf-8"))
    doc["setup"]["weather"] = "hail"
    doc["setup"]["resources"].pop()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    res = run("plazing", "check", str(bad))
    assert res.exit_code == 1
    assert "plazing.weather" in res.output and "plazing.resources-on-marks" in res.output
    res = run("plazing", "check", str(bad), "--json")
    assert {v["rule"] for v in json.loads(res.stdout)["violations"]} == {"plazing.weather",
                                                                       "plazing.resources-on-marks"}


def test_board_command_reprints_checked_file(full, tmp_path):
    shutil.copy(full / "setup.json", tmp_path / "setup.json")
    res = run("plazing", "board", str(tmp_path / "setup.json"), "--lang", "en", "--out", str(tmp_path / "out"))
    assert res.exit_code == 0, res.output
    folder = tmp_path / "out" / "plazing" / full.name  # an unedited setup: named by its own code
    assert (folder / "board.pdf").exists() and (folder / "events.pdf").exists()


@pytest.mark.parametrize("args, message", [
    (["setup", "--players", "5"], "--players 5: choose 2, 3 or 4"),
    (["setup", "--players", "3", "--two-colours"], "2-player"),
    (["setup", "--paper", "b5"], "--paper 'b5': choose a4 or letter"),
    (["setup", "--lang", "de"], "--lang 'de': choose pl or en"),
    (["setup", "--lang", "[/x]"], "[/x]"),
    (["setup", "--code", "[bold]"], "[bold]"),
    (["setup", "--code", "PZ-0000000-1-Q"], "setup code"),
    (["setup", "--code", "RT-0-1-0"], "setup code"),
    (["check", "/nonexistent/setup.json"], "no such file"),
    (["catalog", "/nonexistent/tiles.toml"], "no such file"),
])
def test_bad_input_one_line_exit_2(tmp_path, args, message):
    res = run("plazing", *args, "--out", str(tmp_path)) if args[0] == "setup" else run("plazing", *args)
    assert res.exit_code == 2, res.output
    assert message in res.output
    assert "Traceback" not in res.output
    assert not any(tmp_path.iterdir())  # nothing half-written


def test_malformed_files_exit_2(tmp_path, full):
    cases = {
        "notjson.json": "{oops",
        "other.json": json.dumps({"format": "boardgen-setup", "game": "winnice", "version": 1, "code": "x",
                                  "setup": {}}),
        "missing.json": json.dumps({"format": "boardgen-setup", "game": "plazing", "version": 1, "code": "x",
                                    "setup": {"options": {}}}),
        "types.json": (full / "setup.json").read_text(encoding="utf-8").replace('"row": 0', '"row": "zero"', 1),
    }
    for name, text in cases.items():
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        res = run("plazing", "check", str(p))
        assert res.exit_code == 2, (name, res.output)
        assert "Traceback" not in res.output and len(res.output.strip().splitlines()) == 1, res.output


def test_user_catalog_validated(tmp_path):
    from generator.games.plazing.model import DATA

    text = (DATA / "tiles.toml").read_text(encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text(text, encoding="utf-8")
    assert run("plazing", "catalog", str(good)).exit_code == 0
    folder = setup_folder(tmp_path / "o", "--catalog", str(good), "--seed", "4")
    assert (folder / "board.pdf").exists()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('art = ["A..x", "..S.", ".x..", "P..."]', 'art = ["A...", "..S.", "....", "P..."]'),
                   encoding="utf-8")
    res = run("plazing", "catalog", str(bad))
    assert res.exit_code == 1 and "B01" in res.output and "plazing.catalog" in res.output
    res = run("plazing", "setup", "--catalog", str(bad), "--out", str(tmp_path / "x"))
    assert res.exit_code == 2 and "B01" in res.output
    broken = tmp_path / "broken.toml"
    broken.write_text("[tiles.B01]\nkind = 'basic'\nart = ['A..']\n", encoding="utf-8")
    res = run("plazing", "setup", "--catalog", str(broken), "--out", str(tmp_path / "y"))
    assert res.exit_code == 2 and "4 strings of 4" in res.output
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


def test_module_entry_point_and_help():
    res = subprocess.run([sys.executable, "-m", "generator", "plazing", "setup", "--help"], capture_output=True,
                         text=True, check=True)
    assert "--players" in res.stdout and "--code" in res.stdout


def test_json_output(tmp_path):
    res = run("plazing", "setup", "--seed", "5", "--out", str(tmp_path), "--json")
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    assert data["seed"] == 5 and data["code"].startswith("PZ-") and "board" in data["files"]


def test_edited_setup_is_checked_and_printed_with_a_fingerprint(full, tmp_path):
    doc = json.loads((full / "setup.json").read_text(encoding="utf-8"))
    res = run("plazing", "check", str(full / "setup.json"), "--json")
    assert json.loads(res.stdout)["provenance"] == "exact"
    doc["setup"]["weather"] = "rain" if doc["setup"]["weather"] != "rain" else "sun"
    edited = tmp_path / "setup.json"
    edited.write_text(json.dumps(doc), encoding="utf-8")
    data = json.loads(run("plazing", "check", str(edited), "--json").stdout)
    assert data["ok"] and data["provenance"] == "edited" and data["printed_code"].startswith(full.name + "~E")
    assert run("plazing", "board", str(edited), "--out", str(tmp_path)).exit_code == 0
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "plazing" / data["printed_code"] / "board.pdf").pages)
    assert data["printed_code"] in text  # the pages name the edited setup, not the code's original
    res = run("plazing", "setup", "--code", data["printed_code"], "--out", str(tmp_path / "x"))
    assert res.exit_code == 2 and "hand-edited" in res.output


def test_edited_squares_and_bad_code_are_violations(full, tmp_path):
    doc = json.loads((full / "setup.json").read_text(encoding="utf-8"))
    doc["setup"]["squares"][2] = "Ł" * 20
    doc["code"] = "PZ-XXXX"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    res = run("plazing", "check", str(bad), "--json")
    assert res.exit_code == 1
    assert {v["rule"] for v in json.loads(res.stdout)["violations"]} == {"plazing.squares", "plazing.code"}


def test_custom_catalog_is_part_of_the_code(tmp_path):
    from generator.games.plazing.model import DATA

    mine = tmp_path / "mine.toml"
    mine.write_text((DATA / "tiles.toml").read_text(encoding="utf-8").replace('"P..."]', '"P.P."]', 1),
                    encoding="utf-8")
    folder = setup_folder(tmp_path / "a", "--catalog", str(mine), "--seed", "3")
    builtin = setup_folder(tmp_path / "b", "--seed", "3")
    assert folder.name.startswith(builtin.name + "~C")  # not the built-in seed 3's code
    res = run("plazing", "setup", "--code", folder.name, "--out", str(tmp_path / "c"))
    assert res.exit_code == 2 and "--catalog" in res.output
    again = setup_folder(tmp_path / "d", "--code", folder.name, "--catalog", str(mine))
    assert (again / "board.pdf").read_bytes() == (folder / "board.pdf").read_bytes()


@pytest.mark.parametrize("edit, message", [
    (("rotatable = false", 'rotatable = "false"'), "true or false"),
    (("rotatable = false", "rotateable = false"), "unknown key"),
    (('object = "bar"', "object = 3"), "object must be"),
])
def test_catalog_types_are_strict(tmp_path, edit, message):
    from generator.games.plazing.model import DATA

    text = (DATA / "tiles.toml").read_text(encoding="utf-8")
    assert edit[0] in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    res = run("plazing", "catalog", str(bad))
    assert res.exit_code == 2 and message in res.output and "Traceback" not in res.output


def test_board_in_the_input_files_own_folder_says_it_kept_the_file(tmp_path):
    """`plazing board` writing beside its input keeps the file as it is, and says so (it printed
    "wrote …/setup.json" though nothing was written there)."""
    runner = CliRunner()
    made = runner.invoke(app, ["plazing", "setup", "--seed", "1", "--playouts", "0", "--out", str(tmp_path)])
    assert made.exit_code == 0, made.output
    (folder,) = [p for p in (tmp_path / "plazing").iterdir() if p.is_dir()]
    before = (folder / "setup.json").stat()
    res = runner.invoke(app, ["plazing", "board", str(folder / "setup.json"), "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert f"kept {folder / 'setup.json'} (the input file" in res.output and "wrote " in res.output
    assert (folder / "setup.json").stat().st_ino == before.st_ino
