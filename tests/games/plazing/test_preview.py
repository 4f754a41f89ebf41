"""`plazing catalog FILE --preview`: each new or changed tile alone on its page, drawn by the board's
own tile drawing, at true scale, named in --lang; an unchanged copy draws nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from generator.cli import app
from generator.games.plazing import draw
from generator.games.plazing.model import DATA, Options, load_catalog
from generator.games.plazing.preview import components
from generator.games.plazing.setup import generate
from generator.render import component_preview as cp
from generator.render.scene import Scene, Use

runner = CliRunner()
BUILTIN = (DATA / "tiles.toml").read_text(encoding="utf-8")
B01 = 'art = ["A..x", "..S.", ".x..", "P..."]'
NEW_TILE = """
[tiles.X99]
kind = "extra"
rotatable = false
object = "sandcastle"
art = ["##..", "##x.", "....", ".-.A"]
name = { pl = "Wielki zamek", en = "Big castle" }
"""


def _file(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mine.toml"
    p.write_text(text, encoding="utf-8")
    return p


def _mine(tmp_path: Path) -> Path:
    assert B01 in BUILTIN
    return _file(tmp_path, BUILTIN.replace(B01, 'art = ["A..x", "..S.", ".xP.", "...."]', 1) + NEW_TILE)


def test_an_unchanged_copy_has_nothing_to_preview(tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["plazing", "catalog", str(_file(tmp_path, BUILTIN)), "--preview", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert "nothing new or changed" in res.output
    assert not out.exists()


def test_each_new_or_changed_tile_gets_its_png_and_a_page(tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["plazing", "catalog", str(_mine(tmp_path)), "--preview", "--lang", "en",
                              "--out", str(out), "--json"])
    assert res.exit_code == 0, res.output
    shown = json.loads(res.stdout)["preview"]
    assert shown["changed"] == [{"id": "B01", "status": "changed"}, {"id": "X99", "status": "new"}]
    (folder,) = (out / "plazing").iterdir()
    assert folder.name == f"catalog-C{load_catalog(tmp_path / 'mine.toml').digest}"
    assert sorted(p.name for p in (folder / "components").iterdir()) == ["B01.png", "X99.png"]
    # true scale: the page is the 60 mm tile plus the margins and heading, at the PNG's 200 dpi
    side = 4 * draw.SQ
    with Image.open(folder / "components" / "X99.png") as img:
        want_h = round((side + 2 * cp.MARGIN + cp.HEAD) / 25.4 * cp.DPI)
        assert abs(img.size[1] - want_h) <= 1
    pdf = pypdf.PdfReader(folder / "components.pdf")
    assert len(pdf.pages) == 2
    assert "Big castle" in pdf.pages[1].extract_text() and "new" in pdf.pages[1].extract_text()
    assert (folder / "command.txt").read_text().split()[:4] == ["boardgen", "plazing", "catalog", str(tmp_path /
                                                                                                     "mine.toml")]


def test_the_name_prints_in_the_chosen_language(tmp_path):
    out = tmp_path / "out"
    res = runner.invoke(app, ["plazing", "catalog", str(_mine(tmp_path)), "--preview", "--lang", "pl",
                              "--out", str(out)])
    assert res.exit_code == 0, res.output
    (folder,) = (out / "plazing").iterdir()
    text = pypdf.PdfReader(folder / "components.pdf").pages[1].extract_text()
    assert "Wielki zamek" in text and "nowy" in text and "Big castle" not in text


def test_the_tile_alone_is_the_boards_own_drawing():
    """One implementation: the preview's tile items are the ones the board lays for that tile."""
    setup = generate(Options(players=4), 2)
    placed = next(p for p in setup.tiles if p.rotation == 0 and setup.catalog[p.tile].special)
    tile = setup.catalog[placed.tile]
    board = Scene()
    board_items = board.symbols[draw.board_symbol(board, setup, "PZ-T", "en")].items
    alone = Scene()
    items = alone.symbols[draw.tile_symbol(alone, tile, "en")].items
    ts, bx, by = 4, draw.TRACK + draw.BAND, draw.TRACK + draw.SEA
    tx, ty = bx + placed.col * ts * draw.SQ, by + placed.row * ts * draw.SQ
    assert draw.tile_items(tile, 0, tile.id, tx, ty, "en") == [i for i in board_items if i in
                                                               draw.tile_items(tile, 0, tile.id, tx, ty, "en")]
    squares = [i for i in items if isinstance(i, Use)]
    on_board = {(u.name, round(u.x - tx, 6), round(u.y - ty, 6)) for u in board_items if isinstance(u, Use)
                and tx <= u.x < tx + ts * draw.SQ and ty <= u.y < ty + ts * draw.SQ}
    assert {(u.name, round(u.x, 6), round(u.y, 6)) for u in squares} <= on_board
    assert len(squares) == sum(ch != "#" for row in tile.art for ch in row)


def test_changes_compare_every_field_of_a_tile(tmp_path):
    text = BUILTIN.replace('[tiles.B02]\nkind = "basic"\nrotatable = true', '[tiles.B02]\nkind = "basic"\n'
                           'rotatable = false', 1)
    assert text != BUILTIN
    mine = load_catalog(_file(tmp_path, text))
    found = cp.changes(components(mine, "en"), components(load_catalog(None), "en"))
    assert [(c.component.id, c.status) for c in found] == [("B02", "changed")]


def test_a_failed_write_leaves_no_half_written_set(tmp_path, monkeypatch):
    out = tmp_path / "out"
    calls = []

    def broken(scene, i, path, dpi=100):  # the second PNG fails, as a full disk would
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        Path(path).write_bytes(b"png")
        return 3

    monkeypatch.setattr("generator.render.png.write_png", broken)
    res = runner.invoke(app, ["plazing", "catalog", str(_mine(tmp_path)), "--preview", "--out", str(out)])
    assert res.exit_code == 2, res.output
    assert len(res.output.strip().splitlines()) >= 1 and "Traceback" not in res.output
    assert not list(out.rglob("*.png")) and not list(out.rglob("components.pdf"))


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_builtin_tile_draws_alone(lang):
    scene = cp.preview_scene([cp.Change(c, "new") for c in components(load_catalog(None), lang)], lang, "t")
    assert len(scene.pages) == len(load_catalog(None).tiles)
    assert all(p.w >= 4 * draw.SQ + 2 * cp.MARGIN for p in scene.pages)


def test_every_preview_page_prints_the_code_of_its_set(tmp_path):
    """As every printed page of boardgen, a preview page carries the code that makes it again."""
    out = tmp_path / "out"
    res = runner.invoke(app, ["plazing", "catalog", str(_mine(tmp_path)), "--preview", "--out", str(out)])
    assert res.exit_code == 0, res.output
    (folder,) = (out / "plazing").iterdir()
    pages = pypdf.PdfReader(folder / "components.pdf").pages
    assert pages and all(f"boardgen · {folder.name}" in p.extract_text() for p in pages)
