"""`planety catalog FILE --preview`: each new or changed tile side and star alone, drawn by the
print kit's face_symbol and star_symbol, at true scale, named in --lang."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
from typer.testing import CliRunner

from generator.cli import app
from generator.games.planety import draw
from generator.games.planety.model import builtin_catalog, load_catalog
from generator.games.planety.preview import components
from generator.render import component_preview as cp
from generator.render.scene import Scene

runner = CliRunner()
LIFE_NAME = 'en = "Life-giving planet"'


def _template() -> str:
    res = runner.invoke(app, ["planety", "catalog", "--template"])
    assert res.exit_code == 0
    return res.stdout


def _file(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mine.toml"
    p.write_text(text, encoding="utf-8")
    return p


def test_an_unchanged_copy_has_nothing_to_preview(tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["planety", "catalog", str(_file(tmp_path, _template())), "--preview", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "nothing new or changed" in res.output and not out.exists()


def test_a_changed_face_shows_every_tile_side_it_is_on(tmp_path):
    text = _template()
    assert LIFE_NAME in text
    mine = _file(tmp_path, text.replace(LIFE_NAME, 'en = "Living planet"', 1))
    sides = [f"{t.id}-{s}" for t in builtin_catalog().tiles for s in ("a", "b") if t.face(s).id == "life"]
    out = tmp_path / "out"
    res = runner.invoke(app, ["planety", "catalog", str(mine), "--preview", "--lang", "en", "--out", str(out),
                              "--json"])
    assert res.exit_code == 0, res.output
    changed = json.loads(res.stdout)["preview"]["changed"]
    assert [c["id"] for c in changed] == sides and {c["status"] for c in changed} == {"changed"}
    (folder,) = (out / "planety").iterdir()
    assert folder.name == f"catalog-C{load_catalog(mine).digest}"
    assert sorted(p.name for p in (folder / "components").iterdir()) == sorted(f"{s}.png" for s in sides)
    page = pypdf.PdfReader(folder / "components.pdf").pages[0]
    assert "Living planet" in page.extract_text() and "changed" in page.extract_text()
    height = draw.TILE + 2 * cp.MARGIN + cp.HEAD  # true scale
    assert abs(float(page.mediabox.height) - height * 72 / 25.4) < 0.5


def test_a_new_star_is_drawn_alone(tmp_path):
    ours = builtin_catalog()
    mine = components(ours, "en")
    star = next(c for c in mine if c.kind == "star")
    renamed = [cp.Component("star-nova", "Nova", "star", star.data, star.draw) if c is star else c for c in mine]
    found = cp.changes(renamed, components(ours, "en"))
    assert [(c.component.id, c.status) for c in found] == [("star-nova", "new")]
    scene = cp.preview_scene(found, "en", "t")
    (page,) = scene.pages
    assert abs(page.h - (draw.STAR + 2 * cp.MARGIN + cp.HEAD)) < 1e-6


def test_a_side_alone_is_the_print_kits_own_face():
    cat = builtin_catalog()
    kit = draw.tiles_duplex_scene("PN-T", draw.layout.PAPERS["a4"], "en", cat=cat)
    for comp in components(cat, "en")[:4]:
        alone = Scene()
        name = comp.draw(alone)
        assert alone.symbols[name].items == kit.symbols[name].items
