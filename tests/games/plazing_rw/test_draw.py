"""The printed sheet: 2-up sizes, greyscale-safe symbols, the symbol legend, titles in the language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageDraw

from generator.games.plazing_rw import draw
from generator.games.plazing_rw.draw import WRITE, pad_scene, texts
from generator.games.plazing_rw.model import Board, boards, scoring
from generator.games.plazing_rw.setup import SheetSetup, random_board
from generator.render import fonts
from generator.render.scene import Line, Polygon, Rect, Scene, Text, Use

BALANCE = {"accepted": True, "games": 120, "estimate": 35.1, "interval": [34.0, 36.3], "target": 35.6,
           "band": [33.82, 37.38], "decision": "inside", "difficulty": 1}


def _random(seed: int, features: int | str = "random") -> Board:
    return random_board(seed, features=features, balance=False)[0]


def _sheets() -> list[SheetSetup]:
    return [SheetSetup("PR-00000-0-0", 0, boards()["3"]), SheetSetup("PR-00001-1-0", 1, _random(1, 15), BALANCE)]


def _walk(scene: Scene, items: list, scale: float, x: float = 0.0, y: float = 0.0) -> Iterator[tuple]:
    """(item, scale, x offset, y offset) for every drawn item, through nested symbols."""
    for it in items:
        if isinstance(it, Use):
            yield from _walk(scene, scene.symbols[it.name].items, scale * it.scale, x + it.x * scale,
                             y + it.y * scale)
        else:
            yield it, scale, x, y


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_up_text_is_at_least_6pt_and_pencil_boxes_at_least_8mm(paper: str) -> None:
    scene = pad_scene(_sheets(), paper, "pl", True, per_page=2)
    page = scene.pages[0]
    texts_seen = boxes = 0
    for it, scale, _x, _y in _walk(scene, page.items, 1.0):
        if isinstance(it, Text):
            texts_seen += 1
            assert it.size * scale >= 6.0, (it.text, it.size * scale)
        elif isinstance(it, Rect) and it.fill == WRITE:
            boxes += 1
            assert min(it.w, it.h) * scale >= 8.0, (it, scale)
    assert texts_seen > 100 and boxes > 30
    assert draw.cell_size_mm(2, paper) >= 8.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_two_halves_sit_at_the_same_place_relative_to_their_cut(paper: str) -> None:
    scene = pad_scene(_sheets(), paper, "en", False, per_page=2)
    page = scene.pages[0]
    half = page.w / 2
    uses = [it for it in page.items if isinstance(it, Use) and it.name.startswith("prw-sheet-")]
    assert len(uses) == 2
    left, right = sorted(uses, key=lambda u: u.x)
    assert right.x - half == pytest.approx(left.x)  # same offset inside each A5 half
    assert right.y == left.y and right.scale == left.scale
    assert left.x >= 5.0 and left.x + draw.SHEET_W * left.scale <= half  # away from the paper edge and the cut


def _luma(colour: str) -> float:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _mask(points: tuple[tuple[float, float], ...]) -> set[tuple[int, int]]:
    img = Image.new("1", (60, 60), 0)
    ImageDraw.Draw(img).polygon([(x * 10, y * 10) for x, y in points], fill=1)
    return {(x, y) for x in range(60) for y in range(60) if img.getpixel((x, y))}


def test_resources_differ_in_grey_and_in_outline() -> None:
    """Amber, shell and pebble stay apart on a greyscale print: fills far apart in luminance and
    outlines that overlap little (intersection over union of the filled silhouettes)."""
    scene = Scene()
    draw._icon_symbols(scene)
    kinds = ("amber", "shell", "pebble")
    outline = {k: next(it for it in scene.symbols[f"prw-{k}"].items if isinstance(it, Polygon)) for k in kinds}
    for k in kinds:
        assert outline[k].fill == scoring().resources[k]["colour"]
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            assert abs(_luma(outline[a].fill) - _luma(outline[b].fill)) >= 40, (a, b)
            ma, mb = _mask(outline[a].points), _mask(outline[b].points)
            iou = len(ma & mb) / len(ma | mb)
            assert iou < 0.75, (a, b, iou)
    # the inner patterns differ too: facets (lines), ribs (lines), speckles (dots)
    inner = {k: sorted(type(it).__name__ for it in scene.symbols[f"prw-{k}"].items[1:]) for k in kinds}
    assert len({tuple(v) for v in inner.values()}) == 3


def test_square_kinds_differ_by_pattern_not_only_colour() -> None:
    """Objects (hatched), printed blankets (stripes) and bar squares (+N) each carry a mark."""
    board = _random(3, 15)
    items = draw.board_items(board, "en")
    g = board.grid

    def marks_in(x: int, y: int) -> set[str]:
        px, py = draw.GRID_X + x * draw.CELL, draw.GRID_Y + y * draw.CELL
        out = set()
        for it in items:
            ix = getattr(it, "x", getattr(it, "x1", None))
            iy = getattr(it, "y", getattr(it, "y1", None))
            if ix is None or not (px <= ix <= px + draw.CELL and py <= iy <= py + draw.CELL):
                continue
            if isinstance(it, Rect) or getattr(it, "stroke", None) == draw.GRIDLINE:
                continue
            if isinstance(it, Text):
                out.add("text:" + it.text)
            elif isinstance(it, Line):
                diagonal = it.x1 != it.x2 and it.y1 != it.y2
                out.add(("hatch " if diagonal else "stripe ") + str(it.stroke))
        return out

    seen = {}
    for ch in "#B$":
        cells = list(g.cells(board.squares(ch)))
        assert cells, ch
        seen[ch] = marks_in(*cells[0])
        assert seen[ch], ch
    assert any(m.startswith("hatch") for m in seen["#"])
    assert any(m.startswith("stripe #ffffff") for m in seen["B"])
    assert f"text:+{board.bar_points}" in seen["$"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_random_boards_show_a_legend_for_every_printed_symbol(seed: int) -> None:
    board = _random(seed, 15 if seed % 2 else "random")
    t = texts("pl")
    res = scoring().resources
    legend = [it for it in draw.symbol_legend(board, "pl")]
    labels = {it.text for it in legend if isinstance(it, Text)}
    uses = {it.name for it in legend if isinstance(it, Use)}
    expected = {res[k]["pl"] for k, ch in (("amber", "a"), ("shell", "s"), ("pebble", "p")) if board.squares(ch)}
    if board.waste:
        expected.add(t["waste"])
        assert "prw-waste" in uses
    if board.squares("B"):
        expected.add(t["printed_blanket"])
    if board.squares("#"):
        expected.add(t["bar_building"] if board.bar else t["pier"])
    if board.bar:
        expected.add(t["bar_square"])
    assert expected <= labels
    right = max(it.x + fonts.text_width(it.text, it.font, it.size) for it in legend if isinstance(it, Text))
    assert right <= draw.SHEET_W  # one line that fits the sheet


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_pdf_title_follows_lang_and_random_sheets_print_their_difficulty(lang: str) -> None:
    import io

    from pypdf import PdfReader

    from generator.render.pdf import pdf_bytes

    scene = pad_scene(_sheets(), "a4", lang, False, per_page=1)
    reader = PdfReader(io.BytesIO(pdf_bytes(scene)))
    assert reader.metadata.title == texts(lang)["pdf_title"]
    other = "en" if lang == "pl" else "pl"
    assert texts(lang)["pdf_title"] != texts(other)["pdf_title"]
    text = reader.pages[1].extract_text()
    assert "35.1" in text and "34.0" in text and "36.3" in text  # estimate and interval in the small print
    assert "35.1" not in reader.pages[0].extract_text()  # a printed board has none
