"""`winnice catalog FILE --preview`: each new or changed card face and action space alone, drawn by
the print kit's own code (draw.card_face, draw.space_symbol), at true scale, named in --lang."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
from typer.testing import CliRunner

from generator.cli import app
from generator.games.winnice import draw
from generator.games.winnice.model import load_catalog
from generator.games.winnice.preview import components
from generator.games.winnice.setup import generate
from generator.render import component_preview as cp
from generator.render.scene import Scene

runner = CliRunner()


def _file(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mine.toml"
    p.write_text(text, encoding="utf-8")
    return p


def _template(tmp_path: Path) -> str:
    res = runner.invoke(app, ["winnice", "catalog", "--template"])
    assert res.exit_code == 0
    return res.stdout


def test_an_unchanged_copy_has_nothing_to_preview(tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["winnice", "catalog", str(_file(tmp_path, _template(tmp_path))), "--preview",
                              "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "nothing new or changed" in res.output and not out.exists()


def test_a_changed_space_is_drawn_alone(tmp_path):
    text = _template(tmp_path)
    space = 'id = "hire2b"  # the space\'s name (unique)\naction = "hire2"'
    assert space in text
    i = text.index(space)
    mine = _file(tmp_path, text[:i] + text[i:].replace("cost = 1", "cost = 3", 1))
    out = tmp_path / "out"
    res = runner.invoke(app, ["winnice", "catalog", str(mine), "--preview", "--lang", "en", "--out", str(out),
                              "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["preview"]["changed"] == [{"id": "space-hire2b", "status": "changed"}]
    (folder,) = (out / "winnice").iterdir()
    assert [p.name for p in (folder / "components").iterdir()] == ["space-hire2b.png"]
    (page,) = pypdf.PdfReader(folder / "components.pdf").pages
    assert "Hire a 2-crew" in page.extract_text() and "changed" in page.extract_text()
    height = draw.SPACE_H + 2 * cp.MARGIN + cp.HEAD  # true scale: the space is its 37 mm on the page
    assert abs(float(page.mediabox.height) - height * 72 / 25.4) < 0.5


def test_more_copies_of_a_card_show_it_with_both_counts(tmp_path):
    mine = _file(tmp_path, "[seedlings.deck23]\nred = { D2 = 3 }\n")
    ours = load_catalog(None)
    found = cp.changes(components(load_catalog(mine), "pl"), components(ours, "pl"))
    assert [(c.component.id, c.status) for c in found] == [("deck23-R:D2", "changed")]
    line = cp.caption(found[0], "pl")
    assert f"3 egz. (wbudowany: {ours.decks['deck23']['R:D2']})" in line and "zmieniony" in line


def test_a_card_alone_is_the_print_kits_own_face():
    """One implementation: the preview draws the very symbol cards.pdf places for that card."""
    cat = load_catalog(None)
    setup = generate(2, 4, cat)
    kit = draw.cards_scene(setup, cat, "WN-T", draw.layout.PAPERS["a4"], "en")
    comp = next(c for c in components(cat, "en") if c.id.startswith("deck23-"))
    alone = Scene()
    name = comp.draw(alone)
    assert name in kit.symbols and alone.symbols[name].items == kit.symbols[name].items


def test_every_builtin_card_and_space_draws_alone():
    cat = load_catalog(None)
    found = [cp.Change(c, "new") for c in components(cat, "en")]
    scene = cp.preview_scene(found, "en", "t")
    assert len(scene.pages) == len(found) == len({c.component.id for c in found})
    assert sum(c.component.kind == "space" for c in found) == len(cat.spaces)
