"""The Winnice print kit read back: files, page counts and sizes, embedded fonts, Polish text, the
setup code on every page, cards in deck order with long-edge duplex backs, reproducible bytes."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from generator.cli import app
from generator.games.winnice import draw
from generator.games.winnice.model import default_catalog
from generator.games.winnice.setup import CODE, generate
from generator.render import layout
from generator.render.scene import Use

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def run_setup(out: Path, *args: str) -> dict:
    res = CliRunner().invoke(app, ["winnice", "setup", "--out", str(out), "--json", *args])
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("kit")
    return run_setup(out, "--players", "2", "--seed", "3")


def pages_of(path: str) -> PdfReader:
    return PdfReader(path)


def test_every_file_is_written_into_the_code_folder(kit):
    files = {k: Path(v) for k, v in kit["files"].items()}
    assert set(files) == {"setup", "summary", "board", "cards", "pieces", "preview", "setup_card", "command"}
    assert all(p.parent.name == kit["code"] and p.parent.parent.name == "winnice" and p.is_file()
               for p in files.values())
    assert all(p.stat().st_size > 1000 for k, p in files.items() if k != "command")  # command.txt: one line
    assert not list(files["setup"].parent.parent.glob(".*staging"))
    assert files["preview"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_page_counts(kit):
    cat = default_catalog()
    setup = generate(2, 3, cat)
    assert len(pages_of(kit["files"]["summary"]).pages) == 1
    cards = sum(len(cards) for _, cards, _ in draw.deck_lists(setup, cat))
    sheets = math.ceil(cards / 9)  # each deck continues on the sheet where the one before it ends
    assert sheets == 25 < 6 + 11 + 5 + 1 + 2 + 2  # one fresh sheet per deck took 27
    assert len(pages_of(kit["files"]["cards"]).pages) == 2 * sheets  # every fronts sheet has its backs
    plan = layout.plan_poster(*_board_size(setup), layout.get_paper("a4"))
    boards = len(pages_of(kit["files"]["board"]).pages)
    assert boards == 2 + plan.rows * plan.cols + 1  # a vineyard per player, the action board poster, overview


def _board_size(setup):  # type: ignore[no-untyped-def]
    from generator.render.scene import Scene

    sc = Scene()
    name = draw.action_board_symbol(sc, default_catalog(), setup.players, "pl")
    return sc.symbols[name].w, sc.symbols[name].h


def test_pages_are_a4_and_letter(kit, tmp_path):
    for key in ("summary", "board", "cards", "pieces"):
        for page in pages_of(kit["files"][key]).pages:
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            assert (round(min(w, h), 1), round(max(w, h), 1)) == (round(A4[0], 1), round(A4[1], 1)), key
    letter = run_setup(tmp_path, "--players", "3", "--seed", "4", "--paper", "letter", "--lang", "en")
    for key in ("summary", "cards", "pieces"):
        for page in pages_of(letter["files"][key]).pages:
            assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == LETTER


def test_fonts_are_embedded(kit):
    """pypdf: every font descriptor of the summary carries its TrueType file; pdffonts: all fonts of
    every PDF say "emb yes"."""
    reader = pages_of(kit["files"]["summary"])
    descriptors = []
    for num in sorted({n for gen in reader.xref.values() for n in gen}):
        obj = reader.get_object(num)
        if hasattr(obj, "get") and obj.get("/Type") == "/FontDescriptor":
            descriptors.append(obj)
    assert descriptors and all("/FontFile2" in d for d in descriptors)
    if not shutil.which("pdffonts"):
        pytest.skip("pdffonts is not installed")
    for key in ("summary", "board", "cards", "pieces"):
        out = subprocess.run(["pdffonts", kit["files"][key]], capture_output=True, text=True, check=True).stdout
        rows = out.splitlines()[2:]
        assert rows and all(" yes " in r for r in rows), out


def test_polish_text_and_the_code_on_every_page(kit):
    code = kit["code"]
    summary = pages_of(kit["files"]["summary"]).pages[0].extract_text()
    assert "przygotowanie" in summary and "Każdy gracz" in summary and "żółte" in summary
    for key in ("board", "cards", "pieces"):
        pages = pages_of(kit["files"][key]).pages
        for i in (0, len(pages) - 1):  # text read back from the PDF (the scene check below covers all)
            assert code in pages[i].extract_text(), (key, i)
    cards = pages_of(kit["files"]["cards"]).pages[0].extract_text()
    assert "Sadzonka" in cards and ("żółta" in cards or "zielona" in cards or "czerwona" in cards)


def test_every_page_of_every_scene_has_a_numbered_footer_with_the_code():
    cat = default_catalog()
    setup = generate(4, 5, cat)
    code = CODE.encode({"players": 4}, 5)
    paper = layout.get_paper("a4")
    for scene in (draw.summary_scene(setup, cat, code, paper, "pl"), draw.boards_scene(setup, cat, code, paper, "pl"),
                  draw.cards_scene(setup, cat, code, paper, "pl"), draw.pieces_scene(setup, cat, code, paper, "en")):
        n = len(scene.pages)
        for i, page in enumerate(scene.pages, start=1):
            text = layout.footer_text_of(page)
            assert text is not None and f" {code} " in text and (f"{i}/{n}" in text), text


def test_cards_follow_the_setup_deck_order_with_mirrored_backs():
    cat = default_catalog()
    setup = generate(3, 8, cat)
    code = CODE.encode({"players": 3}, 8)
    paper = layout.get_paper("a4")
    scene = draw.cards_scene(setup, cat, code, paper, "pl", bleed=3.0)
    cw, ch = layout.card_size_with_bleed(draw.CARD_W, draw.CARD_H, 3.0)
    lists = draw.deck_lists(setup, cat)
    expected = [(deck, card, i) for deck, cards, _ in lists for i, card in enumerate(cards, start=1)]
    printed = []
    for k in range(0, len(scene.pages), 2):
        front, back = scene.pages[k], scene.pages[k + 1]
        fronts = [u for u in front.items if isinstance(u, Use)]
        backs = [u for u in back.items if isinstance(u, Use)]
        assert len(fronts) == len(backs) <= 9
        for f in fronts:
            face = scene.symbols[f.name].items[0]
            assert isinstance(face, Use)
            printed.append((face.name, f.name.rsplit("~", 1)[1]))
            # long-edge duplex: the back lies at the mirror image of the front across the page's middle
            # (with bleed the layout may turn the cards a quarter: the footprint is then ch wide)
            fw = ch if f.rotate % 180 else cw
            mirrored = [b for b in backs if abs(b.x - (front.w - f.x - fw)) < 1e-6 and abs(b.y - f.y) < 1e-6]
            assert len(mirrored) == 1
            deck = f.name.split("~")[1]
            key = {v: k for k, v in draw.DECK_SHORT.items()}[deck]
            assert mirrored[0].name == f"wn-back-{key}-3"
        assert all(scene.symbols[u.name].w == pytest.approx(cw) and scene.symbols[u.name].h == pytest.approx(ch)
                   for u in fronts)
    assert len(printed) == len(expected)
    for (face, pos), (_deck, card, i) in zip(printed, expected, strict=True):
        assert pos == str(i) and card in face
    # the seedling decks start with their market, then the pile top first
    deck23 = [c for d, c, _ in expected if d == "deck23"]
    assert deck23 == setup.markets["deck23"] + setup.decks["deck23"]


def test_same_seed_gives_byte_identical_files(tmp_path):
    a = run_setup(tmp_path / "a", "--players", "2", "--seed", "77", "--lang", "en")
    b = run_setup(tmp_path / "b", "--players", "2", "--seed", "77", "--lang", "en")
    for key in a["files"]:
        assert Path(a["files"][key]).read_bytes() == Path(b["files"][key]).read_bytes(), key


def test_no_page_is_blank_and_nothing_near_the_edge(kit):
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm is not installed")
    from PIL import Image

    for key in ("board", "pieces"):
        pdf = kit["files"][key]
        out = Path(pdf).parent / f"_check_{key}"
        subprocess.run(["pdftoppm", "-r", "20", "-png", pdf, str(out)], check=True)
        for png in sorted(Path(pdf).parent.glob(f"_check_{key}*.png")):
            img = Image.open(png).convert("L")
            assert img.getextrema()[0] < 200, png  # something is drawn
            w, h = img.size
            edge = max(1, round(5 / 25.4 * 20))
            for box in ((0, 0, w, edge), (0, h - edge, w, h), (0, 0, edge, h), (w - edge, 0, w, h)):
                assert img.crop(box).getextrema()[0] > 200, (png, box)
            png.unlink()


def test_action_spaces_keep_their_drawings_inside_and_show_cost_and_fitting_crews():
    from generator.render.scene import Circle, Rect, Scene, Text

    cat = default_catalog()
    sc = Scene()
    for space in cat.spaces:
        items = draw._space_items(sc, cat, space, 0.0, 0.0, 4, "pl")
        for it in items:
            if isinstance(it, Rect):
                assert it.x >= -1e-6 and it.x + it.w <= draw.SPACE_W + 1e-6, (space.id, it)
                assert it.y >= -1e-6 and it.y + it.h <= draw.SPACE_H + 1e-6, (space.id, it)
        texts = [it.text for it in items if isinstance(it, Text)]
        assert str(space.cost) in texts and any(isinstance(it, Circle) and it.fill == "#f5cf3a" for it in items)
        squares = sum(1 for it in items if isinstance(it, Rect) and it.fill == "#555555")
        assert squares == sum(len(cat.shapes[w]) for w in space.fits), space.id
        if space.order:
            assert str(space.order) in texts


def test_duplex_backs_in_the_pdf_sit_at_the_mirror_image_of_their_fronts(kit):
    """Read the card placements back from cards.pdf (the `cm` before each form `Do`): on every backs
    page, card k's back is at the mirror image across the page's vertical middle of card k's front."""
    from pypdf.generic import ContentStream

    reader = pages_of(kit["files"]["cards"])
    cw = draw.CARD_W * 72 / 25.4

    def placements(page):  # type: ignore[no-untyped-def]
        out, last = [], None
        for args, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"cm":
                last = [float(a) for a in args]
            elif op == b"Do" and last is not None:
                out.append((last[4], last[5]))
        return out

    pages = reader.pages
    assert len(pages) % 2 == 0
    for k in range(0, len(pages), 2):
        width = float(pages[k].mediabox.width)
        fronts, backs = placements(pages[k]), placements(pages[k + 1])
        assert fronts and len(fronts) == len(backs)
        for (fx, fy), (bx, by) in zip(fronts, backs, strict=True):
            assert bx == pytest.approx(width - fx - cw, abs=0.05) and by == pytest.approx(fy, abs=0.05)


@pytest.mark.parametrize(("paper", "lang"), [("a4", "pl"), ("letter", "en")])
def test_every_pieces_page_footer_names_what_is_on_it(paper: str, lang: str) -> None:
    """The footer of each cut-out sheet names its headings: the tokens page that also carries the
    coins says both, a coins page says coins — and one kind of coin is never split over two pages
    while the coins fit on one."""
    from generator.render.scene import Circle, Text

    cat = default_catalog()
    setup = generate(4, 1, cat)
    scene = draw.pieces_scene(setup, cat, CODE.encode({"players": 4}, 1), layout.get_paper(paper), lang)
    coins_word = draw.word("coins", lang)
    seen_values: dict[str, set[int]] = {}
    for k, page in enumerate(scene.pages):
        headings = [it.text for it in page.items if isinstance(it, Text) and it.size == 11 and it.font == "bold"]
        foot = layout.footer_text_of(page)
        assert foot is not None and headings
        for h in headings:
            assert h in foot, (k, h, foot)
        if coins_word in headings:
            # the coin values: the bold numbers inside the gold coins
            golds = [(c.cx, c.cy) for c in page.items if isinstance(c, Circle) and c.fill == "#e8d27a"]
            values = {int(t.text) for t in page.items if isinstance(t, Text) and t.text.isdigit()
                      and any(abs(t.x - x) < 0.01 and abs(t.y - 2.2 - y) < 0.01 for x, y in golds)}
            for v in values:
                seen_values.setdefault(str(v), set()).add(k)
    assert seen_values and all(len(pages) == 1 for pages in seen_values.values()), seen_values


def test_cards_pdf_carries_one_calibration_square() -> None:
    """Cards printed on their own can be checked for true scale: one 50 mm square, in the free rows
    of the last deck's last sheet (not one per deck)."""
    from generator.render.scene import Rect

    cat = default_catalog()
    setup = generate(4, 1, cat)
    scene = draw.cards_scene(setup, cat, CODE.encode({"players": 4}, 1), layout.get_paper("a4"), "pl")
    squares = [(k, r) for k, p in enumerate(scene.pages) for r in p.items
               if isinstance(r, Rect) and r.w == r.h == layout.CAL_SIZE]
    assert len(squares) == 1 and squares[0][0] == len(scene.pages) - 2  # the last fronts sheet
