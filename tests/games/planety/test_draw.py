"""The summary and the print kit: PDFs read back, duplex backs behind their fronts, print rules."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream
from typer.testing import CliRunner

from generator.cli import app
from generator.games.planety import draw
from generator.games.planety.model import builtin_catalog
from generator.games.planety.setup import generate
from generator.render import layout
from generator.render.pdf import PT_PER_MM
from generator.render.scene import Circle, Line, Polygon, Rect, Scene, Text, Use

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
KIT = ("summary.pdf", "tiles-duplex.pdf", "tiles-fold.pdf", "kit.pdf")


def make(tmp: Path, *args: str) -> Path:
    res = CliRunner().invoke(app, ["planety", "setup", "--out", str(tmp), *args])
    assert res.exit_code == 0, res.output
    (folder,) = [p for p in (tmp / "planety").iterdir() if p.is_dir()]  # OUT/<game>/<CODE>/
    return folder


@pytest.fixture(scope="module")
def pl(tmp_path_factory) -> Path:
    return make(tmp_path_factory.mktemp("pl"), "--seed", "21")


@pytest.fixture(scope="module")
def en_letter(tmp_path_factory) -> Path:
    return make(tmp_path_factory.mktemp("en"), "--seed", "21", "--lang", "en", "--paper", "letter", "--bleed", "3",
                "--players", "3")


def sizes(pdf: Path) -> set[tuple[float, float]]:
    return {tuple(sorted((round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))))
            for p in PdfReader(pdf).pages}


def test_files_pages_sizes_and_codes(pl):
    assert sorted(p.name for p in pl.iterdir()) == sorted(["setup.json", "preview.png", "setup-card.pdf", "command.txt",
                                                           *KIT])
    counts = {name: len(PdfReader(pl / name).pages) for name in KIT}
    assert counts == {"summary.pdf": 1, "tiles-duplex.pdf": 4, "tiles-fold.pdf": 3, "kit.pdf": 3}
    for name in KIT:
        assert sizes(pl / name) == {A4}


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_every_page_carries_its_code(pl):
    """(pdftotext: pypdf re-reads every tile's form for every page and takes seconds here.)"""
    for name in KIT:
        for i in range(1, len(PdfReader(pl / name).pages) + 1):
            out = subprocess.run(["pdftotext", "-f", str(i), "-l", str(i), str(pl / name), "-"],
                                 capture_output=True, text=True, check=True).stdout
            assert f"kod {pl.name}" in out and f"str. {i}/" in out, (name, i)


def test_polish_text_and_the_face_up_table(pl):
    doc = json.loads((pl / "setup.json").read_text(encoding="utf-8"))
    text = PdfReader(pl / "summary.pdf").pages[0].extract_text()
    assert "Planety — wielki wybuch" in text and "Księżyc" in text and "Gwiazdy graczy" in text
    assert f"rzuty wielkiego wybuchu do grywalnego układu: {doc['setup']['throws']}" in text
    cat = builtin_catalog()
    for t in cat.tiles:
        side = doc["setup"]["faces"][t.id]
        assert f"{t.id} {side}" in text
    for sid in doc["setup"]["stars"]:
        assert cat.star(sid).name["pl"] in text
    backs = PdfReader(pl / "tiles-duplex.pdf").pages[1].extract_text()  # the first sheet's b sides
    assert "Planeta Życiodajna" in backs and "Planeta Gazowa" in backs and "P01 · b" in backs
    kit = PdfReader(pl / "kit.pdf")
    stars, orbits = kit.pages[0].extract_text(), kit.pages[2].extract_text()
    assert "Mała gwiazda I" in stars and "50 mm" in stars and "zmierz" in stars
    assert "Numeracja orbit" in orbits and "duża gwiazda" in orbits


def test_english_letter_with_bleed(en_letter):
    for name in KIT:
        assert sizes(en_letter / name) == {LETTER}
    text = PdfReader(en_letter / "summary.pdf").pages[0].extract_text()
    assert "the big bang" in text and "Life-giving planet" in text and "kod" not in text
    assert "3 players" in text


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_fonts_embedded(pl):
    for name in KIT:
        out = subprocess.run(["pdffonts", str(pl / name)], capture_output=True, text=True, check=True).stdout
        rows = out.splitlines()[2:]
        assert rows, out
        for row in rows:
            assert row.split()[-5] == "yes", row


def placements(page) -> list[tuple[float, float]]:
    """(e, f) of the cm in front of every form drawn on a page (the tiles), in points."""
    ops = ContentStream(page.get_contents(), page.pdf).operations
    out, last = [], None
    for operands, op in ops:
        if op == b"cm":
            last = [float(v) for v in operands]
        elif op == b"Do" and last is not None:
            out.append((round(last[4], 2), round(last[5], 2)))
            last = None
    return out


@pytest.mark.parametrize("which", ["pl", "en_letter"])
def test_duplex_backs_land_behind_their_fronts(which, request):
    """Read back from the PDF: each back sheet's tiles sit at the fronts' positions mirrored about the
    page's vertical centre line (long-edge flip), and the scene names the same tile on both."""
    folder = request.getfixturevalue(which)
    reader = PdfReader(folder / "tiles-duplex.pdf")
    bleed = 3.0 if which == "en_letter" else 0.0
    w_pt = (draw.TILE + 2 * bleed) * PT_PER_MM
    for k in range(0, len(reader.pages), 2):
        front, back = reader.pages[k], reader.pages[k + 1]
        page_w = float(front.mediabox.width)
        fr, bk = placements(front), placements(back)
        assert fr and len(fr) == len(bk)
        mirrored = sorted((page_w - e - w_pt, f) for e, f in fr)
        for (be, bf), (me, mf) in zip(sorted(bk), mirrored, strict=True):
            assert abs(be - me) < 0.05 and abs(bf - mf) < 0.05
    # tile by tile in the scene: the back of tile X's side a is its side b
    paper = layout.get_paper("letter" if which == "en_letter" else "a4")
    scene = draw.tiles_duplex_scene("X", paper, "pl", bleed)
    for k in range(0, len(scene.pages), 2):
        fronts = {u.name.rsplit("-", 2)[1]: u for u in scene.pages[k].items if isinstance(u, Use)}
        backs = {u.name.rsplit("-", 2)[1]: u for u in scene.pages[k + 1].items if isinstance(u, Use)}
        assert fronts.keys() == backs.keys()
        for tid, u in fronts.items():
            v = backs[tid]
            assert u.name.endswith("-a") and v.name.endswith("-b")
            assert v.x == pytest.approx(paper.w - u.x - (draw.TILE + 2 * bleed)) and v.y == pytest.approx(u.y)


def test_fold_pairs_hold_both_faces_of_one_tile():
    scene = draw.tiles_fold_scene("X", layout.get_paper("a4"), "en", 0.0)
    cat = builtin_catalog()
    placed = [u.name for p in scene.pages for u in p.items if isinstance(u, Use)]
    assert placed == [f"pt-fold-{t.id}" for t in cat.tiles]
    pair = scene.symbols["pt-fold-P05"]
    assert pair.w == 2 * draw.TILE and [u.name for u in pair.items if isinstance(u, Use)] == \
        ["pt-face-P05-a", "pt-face-P05-b"]


def _extent(item, scene: Scene, ox: float = 0.0, oy: float = 0.0, s: float = 1.0):
    if isinstance(item, Use):
        sym = scene.symbols[item.name]
        w, h = (sym.h, sym.w) if item.rotate % 180 else (sym.w, sym.h)
        return [(ox + item.x * s, oy + item.y * s, ox + (item.x + w * item.scale) * s,
                 oy + (item.y + h * item.scale) * s)]
    if isinstance(item, Rect):
        return [(item.x, item.y, item.x + item.w, item.y + item.h)]
    if isinstance(item, Line):
        return [(min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2))]
    if isinstance(item, Circle):
        return [(item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r)]
    if isinstance(item, Polygon):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return [(min(xs), min(ys), max(xs), max(ys))]
    if isinstance(item, Text):
        from generator.render.fonts import text_width

        tw = text_width(item.text, item.font, item.size)
        x0 = {"start": item.x, "middle": item.x - tw / 2, "end": item.x - tw}[item.anchor]
        return [(x0, item.y - item.size * 0.3528, x0 + tw, item.y + 1.0)]
    return []


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_nothing_within_5_mm_of_the_paper_edge(paper, bleed):
    p = layout.get_paper(paper)
    s = generate(4, 21)
    scenes = [draw.summary_scene(s, "PN-2-N-X", p, "pl"), draw.tiles_duplex_scene("PN-2-N-X", p, "pl", bleed),
              draw.tiles_fold_scene("PN-2-N-X", p, "pl", bleed), draw.kit_scene("PN-2-N-X", p, "pl")]
    for scene in scenes:
        for page in scene.pages:
            for item in page.items:
                for x0, y0, x1, y1 in _extent(item, scene):
                    assert x0 >= 5 - 1e-6 and y0 >= 5 - 1e-6, (page.label, item)
                    assert x1 <= page.w - 5 + 1e-6 and y1 <= page.h - 5 + 1e-6, (page.label, item)


def test_true_scale_tiles_and_token_counts():
    scene = draw.tiles_duplex_scene("X", layout.get_paper("a4"), "pl")
    assert all(scene.symbols[f"pt-face-{t.id}-{s}"].w == draw.TILE for t in builtin_catalog().tiles for s in "ab")
    kit = draw.kit_scene("X", layout.get_paper("a4"), "pl")
    used = [u.name for p in kit.pages for u in p.items if isinstance(u, Use)]
    assert {k: used.count(f"pt-token-{k}") for k in draw.TOKEN_ART} == {"asteroid": 48, "water": 48, "light": 14,
                                                                         "life": 12}
    assert sum(n.startswith("pt-star-") for n in used) == 4


def test_same_seed_same_bytes(tmp_path):
    a, b = make(tmp_path / "a", "--seed", "8"), make(tmp_path / "b", "--seed", "8")
    for name in (*KIT, "setup.json", "preview.png"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_all_includes_planety(tmp_path):
    from generator.games.planety.cli import make_all

    files = make_all(tmp_path, 3, "a4", "en")
    assert {f.name for f in files} >= {"setup.json", *KIT} and all(f.exists() for f in files)
    assert all(f.parent.parent.name == "planety" for f in files)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_kit_page_has_its_heading(paper: str) -> None:
    """Stars, tokens and the orbit numbering each say what they are at the top (the token sheet had
    no heading); the token grid still ends above the footer."""
    from generator.render.scene import Text

    kit = draw.kit_scene("X", layout.get_paper(paper), "en")
    for page in kit.pages:
        tops = [it for it in page.items if isinstance(it, Text) and it.font == "bold" and it.size >= 14 and it.y < 25]
        assert tops, page.label
        foot = layout.footer_text_of(page)
        assert foot is not None
