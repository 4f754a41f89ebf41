"""`boardgen winnice` wiring of the first round's library work: --backs and --export cards-png on
setup, the compare command, the catalog command's culprits, warnings and template, and play."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.games.winnice import draw
from generator.games.winnice.face import FACE
from generator.games.winnice.model import default_catalog
from generator.games.winnice.setup import generate
from generator.render import layout

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["winnice", *args])


def pdf_pages(path: Path) -> int:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()


def pdf_text(path: Path) -> str:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc))).replace("\r\n", " ")
    finally:
        doc.close()


def test_backs_fold_and_none_change_the_cards_and_the_summary(tmp_path: Path) -> None:
    cat = default_catalog()
    setup = generate(2, 4, cat)
    pages = {}
    for backs in ("duplex", "fold", "none"):
        res = run("setup", "--players", "2", "--seed", "4", "--backs", backs, "--lang", "en", "--json",
                  "--out", str(tmp_path / backs))
        assert res.exit_code == 0, res.output
        files = {k: Path(v) for k, v in json.loads(res.output)["files"].items()}
        pages[backs] = (pdf_pages(files["cards"]), pdf_pages(files["setup_card"]))
        code = files["setup"].parent.name
        sheets = draw.kit_sheets(setup, cat, code, layout.get_paper("a4"), "en", 0.0, backs, True)
        assert pages[backs][0] == len(draw.cards_scene(setup, cat, code, layout.get_paper("a4"), "en",
                                                       backs=backs).pages)
        assert f"{sheets['total']} " in pdf_text(files["summary"])
        assert ("--backs" in files["command"].read_text(encoding="utf-8")) == (backs != "duplex")
    assert pages["duplex"][0] == 2 * pages["none"][0] and pages["fold"][0] > pages["none"][0]
    assert [p[1] for p in pages.values()] == [2, 1, 1]


def test_export_cards_png_writes_images_and_manifest(tmp_path: Path) -> None:
    res = run("setup", "--players", "2", "--seed", "4", "--export", "cards-png", "--jobs", "1", "--json",
              "--out", str(tmp_path))
    assert res.exit_code == 0, res.output
    folder = Path(json.loads(res.output)["files"]["cards_png"])
    assert folder.name == "cards-png" and folder.is_dir()
    with (folder / "manifest.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    decks = {r["deck"] for r in rows}
    assert {"setup-card", "disaster"} <= decks
    assert {r["file"] for r in rows} == {p.name for p in folder.glob("*.png")}
    total_fronts = sum(int(r["count"]) for r in rows if r["side"] == "front")
    assert total_fronts == len(draw.cards_scene(generate(2, 4), default_catalog(), "x", layout.get_paper("a4"),
                                                "pl").cards) + 1  # every card, and the setup card
    assert "--export cards-png" in (folder.parent / "command.txt").read_text(encoding="utf-8")
    # the set holds the declared kinds and nothing else (cards-png/ only with --export)
    assert sorted(p.name for p in folder.parent.iterdir()) == sorted(
        FACE.commands["setup"].output_names(FACE, {"export": "cards-png"}))
    assert "cards-png" not in FACE.commands["setup"].output_names(FACE, {})


@pytest.mark.parametrize("args", [["--backs", "both"], ["--export", "pdf"]])
def test_bad_backs_or_export_is_one_line_exit_2(tmp_path: Path, args: list[str]) -> None:
    res = run("setup", *args, "--out", str(tmp_path))
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1 and args[0] in res.output
    assert not (tmp_path / "winnice").exists()


def _copy_of_builtin(tmp_path: Path) -> Path:
    from generator.games.winnice.model import DATA

    p = tmp_path / "mine.toml"
    p.write_text((DATA / "catalog.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return p


def test_compare_an_unchanged_copy_makes_no_difference(tmp_path: Path) -> None:
    mine = _copy_of_builtin(tmp_path)
    res = run("compare", "--catalog", str(mine), "--setups", "1", "--games", "3", "--jobs", "1")
    assert res.exit_code == 0, res.output
    assert "no difference" in res.output
    data = json.loads(run("compare", "--catalog", str(mine), "--setups", "1", "--games", "3", "--jobs", "1",
                          "--json").output)
    assert data["same_content"] and data["verdict"] == "no difference" and data["players"] == 2
    assert data["games_per_setup"] == 3 and set(data["bots"]) == {"greedy", "random"}


def test_compare_bad_input_is_one_line_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[rules\n", encoding="utf-8")
    res = run("compare", "--catalog", str(bad), "--games", "1", "--setups", "1")
    assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1
    assert run("compare", "--catalog", str(_copy_of_builtin(tmp_path)), "--players", "5").exit_code == 2
    assert run("compare", "--catalog", str(bad), "--setups", "0").exit_code == 2
    assert run("compare").exit_code == 2  # --catalog is required


def test_catalog_no_source_of_red_is_an_error_exit_1(tmp_path: Path) -> None:
    red45 = ["I4", "O4", "T4", "S4", "L4", "P5", "L5", "U5", "V5", "Y5"]
    p = tmp_path / "nored.toml"
    p.write_text("\n".join(["[action_cards]", "laboratory = 0", "genetics = 0", "[seedlings.deck23]",
                            "red = { D2 = 0, I3 = 0, L3 = 0 }", "[seedlings.deck45.red]",
                            *(f"{s} = 0" for s in red45)]) + "\n", encoding="utf-8")
    res = run("catalog", str(p))
    assert res.exit_code == 1 and "[winnice.no-red]" in res.output and "usable" not in res.output
    data = json.loads(run("catalog", str(p), "--json").output)
    assert not data["ok"] and "winnice.no-red" in {v["rule"] for v in data["violations"]}


def test_catalog_warns_of_the_merge_for_a_file(tmp_path: Path) -> None:
    p = tmp_path / "empty.toml"
    p.write_text("[seedlings.deck23]\nred = {}\n", encoding="utf-8")
    res = run("catalog", str(p))
    assert res.exit_code == 0, res.output
    assert "warning: [winnice.empty-table] seedlings.deck23.red = {} changes nothing" in res.output
    assert "usable (digest " in res.output
    data = json.loads(run("catalog", str(p), "--json").output)
    assert data["ok"] and [w["rule"] for w in data["warnings"]] == ["winnice.empty-table"]
    plain = run("catalog")
    assert plain.exit_code == 0 and "warning" not in plain.output


def test_catalog_help_states_the_merge_rule() -> None:
    from generator.games.winnice.catalog_checks import MERGE_RULE

    assert MERGE_RULE in FACE.commands["catalog"].option("file").help


def test_catalog_template_reads_back_as_the_builtin(tmp_path: Path) -> None:
    res = run("catalog", "--template")
    assert res.exit_code == 0 and res.output.startswith("#")
    p = tmp_path / "mine.toml"
    p.write_text(res.output, encoding="utf-8")
    mine = json.loads(run("catalog", str(p), "--json").output)
    assert mine["ok"] and mine["digest"] == json.loads(run("catalog", "--json").output)["digest"]
    assert mine["warnings"] == []


def test_play_prints_red_points_as_text() -> None:
    """Issue 25: the end line read "red points [7, 8]" (a Python list)."""
    res = run("play", "--players", "2", "--seed", "4")
    assert res.exit_code == 0, res.output
    assert "red points player 1: 7, player 2: 8" in res.output and "[" not in res.output
