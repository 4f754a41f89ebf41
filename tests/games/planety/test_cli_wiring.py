"""`boardgen planety` wiring of the first round's library work: the balanced big bang, the bleed notes,
the setup card's stranded facts and backs, the catalog command and the compare command."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.games.planety import balance
from generator.games.planety.model import DATA

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["planety", *args])


def pdf_text(path: Path) -> str:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()


def pdf_pages(path: Path) -> int:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()


def test_balanced_setup_is_coded_checked_and_reproduced(tmp_path: Path) -> None:
    # seed 15's ordinary 4-player big bang strands greedy players too often (tests/test_balanced.py)
    a = run("setup", "--players", "4", "--seed", "15", "--balanced", "--lang", "en", "--json",
            "--out", str(tmp_path / "a"))
    assert a.exit_code == 0, a.output
    data = json.loads(a.output)
    assert data["code"].startswith("PN-21-") and data["setup"]["balanced"] is True
    plain = json.loads(run("setup", "--players", "4", "--seed", "15", "--json", "--out", str(tmp_path / "p")).output)
    assert plain["code"].startswith("PN-2-") and plain["setup"] != data["setup"]
    folder = Path(data["files"]["setup"]).parent
    assert run("check", str(folder / "setup.json")).exit_code == 0
    card = pdf_text(folder / "setup-card.pdf")
    lim = balance.limits()
    assert f"greedy bots under {lim.stranded_max:.0%}" in card.replace("\r", "").replace("\n", " ")
    # the code alone gives the balanced setup again, and command.txt needs no --balanced
    b = run("setup", "--code", data["code"], "--json", "--out", str(tmp_path / "b"))
    assert json.loads(b.output)["setup"] == data["setup"]
    assert (folder / "command.txt").read_text(encoding="utf-8").split() == [
        "boardgen", "planety", "setup", "--code", data["code"], "--lang", "en"]


def test_setup_card_says_the_stranded_rates(tmp_path: Path) -> None:
    res = run("setup", "--players", "2", "--seed", "3", "--lang", "en", "--out", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    card = pdf_text(Path(json.loads(res.output)["files"]["setup_card"])).replace("\r", "").replace("\n", " ")
    assert "a player stranded: greedy bots" in card and "balanced big bang" not in card


def test_bleed_notes_on_stderr(tmp_path: Path) -> None:
    res = run("setup", "--seed", "2", "--bleed", "3", "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    notes = [line for line in res.stderr.splitlines() if line.startswith("note: ")]
    assert any(n.startswith("note: tiles-duplex.pdf: bleed 3 mm:") for n in notes), res.stderr
    quiet = run("setup", "--seed", "2", "--out", str(tmp_path / "q"))
    assert not [line for line in quiet.stderr.splitlines() if line.startswith("note: ")]


def test_backs_of_the_setup_card(tmp_path: Path) -> None:
    pages = {}
    for backs in ("duplex", "fold", "none"):
        res = run("setup", "--seed", "2", "--players", "2", "--backs", backs, "--json", "--out", str(tmp_path / backs))
        assert res.exit_code == 0, res.output
        files = json.loads(res.output)["files"]
        pages[backs] = pdf_pages(Path(files["setup_card"]))
        words = Path(files["command"]).read_text(encoding="utf-8").split()
        assert ("--backs" in words) == (backs != "duplex")
    assert pages == {"duplex": 2, "fold": 1, "none": 1}
    bad = run("setup", "--backs", "both", "--out", str(tmp_path / "x"))
    assert bad.exit_code == 2 and "--backs" in bad.output and len(bad.output.strip().splitlines()) == 1


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "content.toml").read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / "content.toml"
    p.write_text(text.replace(old, new), encoding="utf-8")
    return p


def test_catalog_builtin_usable_with_odds() -> None:
    res = run("catalog")
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert "usable (digest " in lines[0]
    assert any("sampled big bangs playable" in line for line in lines[1:])
    data = json.loads(run("catalog", "--json").output)
    assert data["ok"] and data["violations"] == [] and data["odds"]
    assert {"players", "orbits", "sampled", "playable", "short"} <= set(data["odds"][0])


def test_catalog_names_broken_rules_exit_1(tmp_path: Path) -> None:
    bad = _variant(tmp_path, "life = 12", "life = 0")
    res = run("catalog", str(bad))
    assert res.exit_code == 1 and "[planety.catalog-tokens]" in res.output and "usable" not in res.output
    data = json.loads(run("catalog", str(bad), "--json").output)
    assert not data["ok"] and "planety.catalog-tokens" in {v["rule"] for v in data["violations"]}
    assert run("catalog", str(tmp_path / "missing.toml")).exit_code == 2


def test_catalog_template_reads_back_as_the_builtin(tmp_path: Path) -> None:
    res = run("catalog", "--template")
    assert res.exit_code == 0 and res.output.startswith("# Planety")
    path = tmp_path / "mine.toml"
    path.write_text(res.output, encoding="utf-8")
    builtin = json.loads(run("catalog", "--json").output)["digest"]
    assert json.loads(run("catalog", str(path), "--json").output)["digest"] == builtin


def test_compare_a_copy_makes_no_difference(tmp_path: Path) -> None:
    res = run("compare", "--catalog", str(_variant(tmp_path, "", "")), "--setups", "1", "--games", "4")
    assert res.exit_code == 0, res.output
    assert "no difference" in res.output
    data = json.loads(run("compare", "--catalog", str(_variant(tmp_path, "", "")), "--setups", "1", "--games", "4",
                          "--json").output)
    assert data["players"] == 2 and data["setups"] == 1 and data["games_per_setup"] == 4
    assert data["same_content"] and data["verdict"] == "no difference"


def test_compare_bad_input_exit_2(tmp_path: Path) -> None:
    bad = run("compare", "--catalog", str(_variant(tmp_path, "life = 12", "life = 0")), "--games", "1")
    assert bad.exit_code == 2 and "not a Planety catalog" in bad.output and len(bad.output.strip().splitlines()) == 1
    assert run("compare", "--catalog", str(tmp_path / "content.toml"), "--players", "5").exit_code == 2
    assert run("compare").exit_code == 2  # --catalog is required


def test_balanced_with_playouts_still_makes_its_setup_card(tmp_path: Path) -> None:
    """Four stars, the balanced line and both bots' rows overflow the card: the line goes, said in a note."""
    res = run("setup", "--players", "4", "--seed", "15", "--balanced", "--playouts", "4", "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    assert "note: setup-card.pdf: no room for the balanced line" in res.stderr
    assert list(tmp_path.glob("planety/PN-21-*/setup-card.pdf"))


def test_export_cards_png_writes_the_setup_card_and_manifest(tmp_path: Path) -> None:
    """--export cards-png: the setup card's face and back, 63x88 mm plus the bleed at 300 dpi, listed in
    manifest.csv; only with --export does the set hold cards-png/."""
    import csv

    from PIL import Image

    from generator.games.planety.face import FACE

    res = run("setup", "--players", "2", "--seed", "4", "--bleed", "3", "--export", "cards-png", "--jobs", "1",
              "--json", "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    folder = Path(json.loads(res.stdout)["files"]["cards_png"])
    assert folder.name == "cards-png" and folder.is_dir()
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["deck"], r["side"]) for r in rows] == [("setup-card", "front"), ("setup-card", "back")]
    assert {r["file"] for r in rows} == {p.name for p in folder.glob("*.png")}
    for row in rows:
        with Image.open(folder / row["file"]) as im:
            assert im.size == (round((63 + 6) / 25.4 * 300), round((88 + 6) / 25.4 * 300))
            assert round(im.info["dpi"][0]) == 300
    assert "--export cards-png" in (folder.parent / "command.txt").read_text(encoding="utf-8")
    assert sorted(p.name for p in folder.parent.iterdir()) == sorted(
        FACE.commands["setup"].output_names(FACE, {"export": "cards-png"}))
    assert "cards-png" not in FACE.commands["setup"].output_names(FACE, {})
    bad = run("setup", "--export", "pdf", "--out", str(tmp_path))
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
