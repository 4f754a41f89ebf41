"""`boardgen plazing …` wiring of the second round: the children's rank options, the publisher's
event cards on the rules page, card backs and the print-shop export, `compare`, and `catalog`'s
checks and template — each through the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.games.plazing.codes import split_code
from generator.games.plazing.setup import CODE

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def setup_json(tmp_path: Path, *args: str) -> dict:
    res = run("plazing", "setup", "--out", str(tmp_path), "--playouts", "0", "--json", *args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def pdf_text(path: str | Path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(str(path)).pages)


# --- issue 24: the children's game without a rank bonus -------------------------------------------

@pytest.mark.parametrize("flag, option, gone, kept", [
    ("--no-largest-area", "no_largest_area", "Largest area", "Most areas"),
    ("--no-most-areas", "no_most_areas", "Most areas", "Largest area"),
])
def test_a_childrens_rank_flag_reaches_the_setup_its_code_and_the_rules_page(tmp_path, flag, option, gone, kept):
    plain = setup_json(tmp_path / "a", "--players", "3", "--seed", "5", "--lang", "en")
    data = setup_json(tmp_path / "b", "--players", "3", "--seed", "5", "--lang", "en", flag)
    assert option not in plain["setup"]["options"] and data["setup"]["options"][option] is True
    assert data["code"] != plain["code"]
    decoded, seed = CODE.decode(split_code(data["code"])[0])
    assert decoded[option] is True and seed == 5
    text = pdf_text(data["files"]["rules"])
    assert gone not in text and kept in text
    assert gone in pdf_text(plain["files"]["rules"])
    again = setup_json(tmp_path / "c", "--code", data["code"], "--lang", "en")  # the code gives the flag back
    assert again["setup"] == data["setup"]


def test_both_rank_flags_drop_both_bonuses_from_the_polish_rules_page(tmp_path):
    data = setup_json(tmp_path, "--players", "4", "--seed", "2", "--no-largest-area", "--no-most-areas")
    text = " ".join(pdf_text(data["files"]["rules"]).split())
    assert "Najwięcej obszarów" not in text and "Największy obszar" not in text
    assert "bez punktacji za największą liczbę obszarów ani za największy obszar" in text


# --- the publisher's event cards, named on the rules page and the surprises card -----------------

@pytest.mark.parametrize("lang, line", [
    ("pl", "Wydarzenia wydawcy: „Zatrucie pokarmowe” i „Zmiana pogody”"),
    ("en", "The publisher's events: “Food poisoning” and “Weather change”")])
def test_the_rules_page_names_the_publishers_two_event_cards(tmp_path, lang, line):
    data = setup_json(tmp_path / "e", "--players", "4", "--seed", "3", "--events", "--lang", lang)
    assert line in " ".join(pdf_text(data["files"]["rules"]).split())
    plain = setup_json(tmp_path / "p", "--players", "4", "--seed", "3", "--lang", lang)  # no events: no line
    assert line.split(":")[0] not in pdf_text(plain["files"]["rules"])


def test_the_surprises_rule_card_names_the_publishers_cards():
    from generator import cards as cardjob
    from generator.games.plazing import cards

    deck = cardjob.rule_cards(cards, 4, "pl")
    text = " ".join(str(block) for card in deck for block in getattr(card, "blocks", [card]))
    assert "Wydarzenia wydawcy: „Zatrucie pokarmowe” i „Zmiana pogody”" in text


def test_only_the_cards_the_data_calls_ours_carry_the_mark(tmp_path):
    from generator.games.plazing import draw
    from generator.games.plazing.model import Options, event_cards
    from generator.games.plazing.setup import generate
    from generator.render import layout
    from generator.render.scene import Text

    setup = generate(Options(players=4, surprises=True, events=True, extra_events=True), 2)
    scene = draw.events_scene(setup, "X-1", layout.get_paper("a4"), "pl")
    by_id = {c.id: c for c in event_cards()}
    marked = {cid for cid in setup.event_deck
              if any(isinstance(i, Text) and i.text == "boardgen" for i in scene.symbols[f"pz-card-{cid}"].items)}
    assert marked == {cid for cid in setup.event_deck if by_id[cid].origin == "boardgen"}
    assert {"E01", "E02"} <= set(setup.event_deck) - marked


# --- issue 24: card backs and the print-shop export ----------------------------------------------

def _pages(path: str) -> list[tuple[int, int]]:
    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in PdfReader(path).pages]


def test_backs_fold_pairs_each_front_with_its_back_and_none_prints_fronts_only(tmp_path):
    made = {b: setup_json(tmp_path / b, "--players", "4", "--events", "--seed", "3", "--backs", b)
            for b in ("duplex", "fold", "none")}
    assert len(made["duplex"]["setup"]["event_deck"]) == 10
    duplex, fold, none = (_pages(made[b]["files"]["events"]) for b in ("duplex", "fold", "none"))
    portrait, landscape = (595, 842), (842, 595)
    assert len(none) == 2 and set(none) == {portrait}  # 10 fronts, 9 a sheet, no backs
    assert len(duplex) == 4 and set(duplex) == {portrait}  # each fronts sheet and its backs sheet
    assert len(fold) == 3 and set(fold) == {landscape}  # 4 front|back pairs a sheet
    assert _pages(made["none"]["files"]["setup_card"]) == [portrait]
    assert _pages(made["fold"]["files"]["setup_card"]) == [landscape]
    assert len(_pages(made["duplex"]["files"]["setup_card"])) == 2
    assert "--backs fold" in Path(made["fold"]["files"]["command"]).read_text(encoding="utf-8")


def test_a_bad_backs_value_is_one_line_and_exit_2(tmp_path):
    res = run("plazing", "setup", "--seed", "1", "--backs", "both", "--out", str(tmp_path))
    assert res.exit_code == 2 and "--backs 'both': choose duplex, fold or none" in res.output
    assert "Traceback" not in res.output
    res = run("plazing", "setup", "--seed", "1", "--export", "zip", "--out", str(tmp_path))
    assert res.exit_code == 2 and "--export 'zip': choose cards-png" in res.output
    assert not (tmp_path / "plazing").exists()


def test_export_cards_png_writes_every_card_and_the_manifest(tmp_path):
    data = setup_json(tmp_path, "--players", "4", "--events", "--seed", "3", "--export", "cards-png",
                      "--jobs", "1", "--backs", "none")
    folder = Path(data["files"]["cards_png"])
    assert folder.name == "cards-png" and folder.parent == Path(data["files"]["setup"]).parent
    rows = (folder / "manifest.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "deck,index,side,file,count"
    fronts = [r for r in rows[1:] if ",front," in r]
    assert len(fronts) == 11 and sum(r.startswith("setup-card,") for r in fronts) == 1  # the deck and the setup card
    assert "events,1,back,events-001-back.png,10" in rows
    for r in rows[1:]:
        png = folder / r.split(",")[3]
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*(r.split(",")[3] for r in rows[1:]), "manifest.csv"])


# --- issue 28: compare your tiles with the built-in ones ------------------------------------------

@pytest.fixture()
def tiles_copy(tmp_path) -> Path:
    from generator.games.plazing.model import DATA

    path = tmp_path / "my-tiles.toml"
    path.write_text((DATA / "tiles.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return path


def test_compare_an_unchanged_copy_finds_no_difference(tiles_copy):
    res = run("plazing", "compare", "--catalog", str(tiles_copy), "--setups", "1", "--games", "3")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0].startswith("plazing: built-in content against yours, 2 players, 1 setups x 3 games")
    assert "your content is the built-in content (same digest)" in lines
    assert "-- greedy bots --" in lines and "-- random bots --" in lines
    assert lines[-1] == "verdict: no difference"
    res = run("plazing", "compare", "--catalog", str(tiles_copy), "--setups", "1", "--games", "2", "--players", "3",
              "--seed", "9", "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["verdict"] == "no difference" and data["same_content"] and data["ends"]
    assert (data["players"], data["setups"], data["games_per_setup"], data["seed"]) == (3, 1, 2, 9)


def test_compare_needs_a_catalog_and_refuses_a_broken_one_in_one_line(tmp_path):
    res = run("plazing", "compare")
    assert res.exit_code == 2 and "--catalog" in res.output
    bad = tmp_path / "bad.toml"
    bad.write_text("[tiles.B1]\nkind = 'basic'\nart = 'xx'\n", encoding="utf-8")
    res = run("plazing", "compare", "--catalog", str(bad), "--games", "1", "--setups", "1")
    assert res.exit_code == 2 and "Traceback" not in res.output and len(res.output.strip().splitlines()) == 1
    res = run("plazing", "compare", "--catalog", str(bad), "--players", "5")
    assert res.exit_code == 2 and "--players 5" in res.output


# --- `plazing catalog`: the culprits, the warnings, the built-in copy, the template ----------------

def _tiles(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    from generator.games.plazing.model import DATA

    text = (DATA / "tiles.toml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "tiles.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_catalog_names_a_walled_square_by_rule_and_exits_1(tmp_path):
    walled = _tiles(tmp_path, ('art = ["..#.", ".+#+", ".++.", "x..."]', 'art = ["..#.", ".#.#", "..#.", "x..."]'))
    res = run("plazing", "catalog", str(walled), "--players", "2")
    assert res.exit_code == 1, res.output
    assert "usable for 2 players" in res.output  # today's checks pass it...
    assert "plazing.walled-square" in res.output and "ice_cream" in res.output  # ...the culprit check does not
    assert "row 2, column 3 of its art" in res.output and "carry ~C" in res.output
    data = json.loads(run("plazing", "catalog", str(walled), "--players", "2", "--json").stdout)
    assert not data["ok"] and not data["builtin"] and data["violations"] == []
    assert "plazing.walled-square" in {v["rule"] for v in data["culprits"]}


def test_catalog_warnings_are_printed_and_do_not_fail(tmp_path):
    mine = _tiles(tmp_path, ('name = { pl = "Bar", en = "Bar" }\nobject = "bar"',
                             'name = { pl = "Kiosk" }\nobject = "kiosk"'))
    res = run("plazing", "catalog", str(mine))
    assert res.exit_code == 0, res.output
    assert any(line.startswith("warning: ") and "plazing.translation" in line and "bar" in line
               for line in res.output.splitlines())
    data = json.loads(run("plazing", "catalog", str(mine), "--json").stdout)
    assert data["ok"] and [w["rule"] for w in data["warnings"]] == ["plazing.translation"]


def test_an_unchanged_copy_is_the_builtin_content_and_gets_the_builtin_codes(tmp_path):
    copy = _tiles(tmp_path)
    res = run("plazing", "catalog", str(copy))
    assert res.exit_code == 0 and "the built-in tiles (same digest)" in res.output
    mine = setup_json(tmp_path / "a", "--seed", "4", "--catalog", str(copy))
    ours = setup_json(tmp_path / "b", "--seed", "4")
    assert mine["code"] == ours["code"] and "~C" not in mine["code"]
    (tmp_path / "c").mkdir()
    changed = _tiles(tmp_path / "c", ('"P..."]', '"P.P."]'))
    assert setup_json(tmp_path / "d", "--seed", "4", "--catalog", str(changed))["code"].startswith(ours["code"] + "~C")


def test_catalog_template_prints_the_builtin_tiles_commented(tmp_path):
    res = run("plazing", "catalog", "--template")
    assert res.exit_code == 0 and res.stdout.startswith("# Plażing: the built-in tiles as a template.")
    assert "# 4 rows of 4 squares, north (sea) row first" in res.stdout
    saved = tmp_path / "template.toml"
    saved.write_text(res.stdout, encoding="utf-8")
    back = run("plazing", "catalog", str(saved))
    assert back.exit_code == 0 and "the built-in tiles (same digest)" in back.output
    res = run("plazing", "catalog", "--template", str(saved))
    assert res.exit_code == 2 and "no FILE" in res.output
