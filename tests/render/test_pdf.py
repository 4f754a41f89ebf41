"""PDF backend: page boxes, fonts, text extraction, determinism, Form XObject reuse."""

from __future__ import annotations

import io
import subprocess

import pypdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.render.layout import get_paper
from generator.render.pdf import PT_PER_MM, pdf_bytes, use_matrix, write_pdf
from generator.render.scene import Page, Rect, Scene, Symbol, Text, Use

from .conftest import ALL_POLISH, POLISH, need


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def box_mm(box: pypdf.generic.RectangleObject) -> tuple[float, float, float, float]:
    return tuple(round(float(v) / PT_PER_MM, 2) for v in (box.left, box.bottom, box.right, box.top))


def count_forms(data: bytes) -> int:
    """Distinct Form XObjects reachable from the pages' resources (nested forms included)."""
    seen: set[int] = set()

    def walk(resources: pypdf.generic.DictionaryObject | None) -> None:
        if not resources or "/XObject" not in resources:
            return
        for ref in resources["/XObject"].get_object().values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form" and ref.idnum not in seen:
                seen.add(ref.idnum)
                walk(obj.get("/Resources"))

    for page in reader(data).pages:
        walk(page.get("/Resources"))
    return len(seen)


@pytest.mark.parametrize("paper,w_pt,h_pt", [("a4", 595.28, 841.89), ("letter", 612.0, 792.0)])
def test_media_and_trim_box_in_points(paper: str, w_pt: float, h_pt: float) -> None:
    p = get_paper(paper)
    sc = Scene(pages=[Page(p.w, p.h, [Text(20, 20, "x")]), Page(p.h, p.w, [Text(20, 20, "y")])])
    r = reader(pdf_bytes(sc))
    assert len(r.pages) == 2
    mb = r.pages[0].mediabox
    assert float(mb.width) == pytest.approx(w_pt, abs=0.01)
    assert float(mb.height) == pytest.approx(h_pt, abs=0.01)
    assert float(r.pages[0].trimbox.width) == pytest.approx(w_pt, abs=0.01)
    assert float(r.pages[1].mediabox.width) == pytest.approx(h_pt, abs=0.01)  # landscape page


def test_bleed_enlarges_media_box_around_trim_box() -> None:
    sc = Scene(pages=[Page(63 + 6, 88 + 6, [Rect(0, 0, 69, 94, fill="#ff0000")], bleed=3.0)])
    page = reader(pdf_bytes(sc)).pages[0]
    assert box_mm(page.mediabox) == (0, 0, 69, 94)
    assert box_mm(page.bleedbox) == (0, 0, 69, 94)
    assert box_mm(page.trimbox) == (3, 3, 66, 91)


def test_explicit_trim_box_is_flipped_to_pdf_coordinates() -> None:
    sc = Scene(pages=[Page(100, 100, [Text(10, 10, "x")], trim=(10, 5, 50, 20))])
    page = reader(pdf_bytes(sc)).pages[0]
    # y down 5..25 mm from the top of a 100 mm page = 75..95 mm from the bottom
    assert box_mm(page.trimbox) == (10, 75, 60, 95)


def test_polish_text_is_extractable_and_metadata_set(mixed: Scene) -> None:
    r = reader(pdf_bytes(mixed))
    text = r.pages[0].extract_text()
    assert POLISH in text
    assert ALL_POLISH in text
    assert r.metadata.title == "Mixed ąę"
    assert r.metadata.subject == "all items"
    assert r.metadata.creator.startswith("boardgen")


def test_same_scene_gives_identical_bytes(mixed: Scene, tmp_path) -> None:
    a = pdf_bytes(mixed)
    b = pdf_bytes(mixed)
    assert a == b
    n = write_pdf(mixed, tmp_path / "x.pdf")
    assert n == len(a) and (tmp_path / "x.pdf").read_bytes() == a


def test_symbol_reuse_is_one_form_xobject() -> None:
    art = [Rect(i, i, 20 - 2 * i, 20 - 2 * i, fill=f"#{i * 20:02x}8040") for i in range(8)]
    art += [Text(2, 18, f"{POLISH} {i}", 5) for i in range(5)]
    reused = Scene()
    reused.add_symbol(Symbol("tile", 20, 20, art))
    reused.pages.append(Page(210, 297, [Use("tile", 10 + (i % 8) * 22, 10 + (i // 8) * 22) for i in range(50)]))
    inline = Scene(pages=[Page(210, 297, [])])
    for i in range(50):
        dx, dy = 10 + (i % 8) * 22, 10 + (i // 8) * 22
        for it in art:
            if isinstance(it, Rect):
                inline.pages[0].items.append(Rect(it.x + dx, it.y + dy, it.w, it.h, fill=it.fill))
            else:
                inline.pages[0].items.append(Text(it.x + dx, it.y + dy, it.text, it.size))
    a, b = pdf_bytes(reused), pdf_bytes(inline)
    assert count_forms(a) == 1
    assert count_forms(b) == 0
    assert len(a) < len(b)


def test_nested_symbols_each_defined_once(mixed: Scene) -> None:
    assert count_forms(pdf_bytes(mixed)) == 2  # "inner" (used 6 times through "outer") and "outer"


def test_symbol_cycle_and_unknown_symbol_fail_clearly() -> None:
    sc = Scene(pages=[Page(50, 50, [Use("a", 0, 0)])])
    sc.add_symbol(Symbol("a", 10, 10, [Use("b", 0, 0)]))
    sc.add_symbol(Symbol("b", 10, 10, [Use("a", 0, 0)]))
    with pytest.raises(ValueError, match="uses itself"):
        pdf_bytes(sc)
    with pytest.raises(KeyError, match="nope"):
        pdf_bytes(Scene(pages=[Page(50, 50, [Use("nope", 0, 0)])]))
    with pytest.raises(ValueError, match="no pages"):
        pdf_bytes(Scene())


def test_fonts_are_embedded(mixed: Scene, tmp_path) -> None:
    exe = need("pdffonts")
    write_pdf(mixed, tmp_path / "f.pdf")
    out = subprocess.run([exe, str(tmp_path / "f.pdf")], capture_output=True, text=True, check=True).stdout
    rows = out.strip().splitlines()[2:]
    assert len(rows) == 4  # regular, bold, condensed, condensed-bold; no stray Helvetica
    for row in rows:
        cols = row.split()
        assert "DejaVu" in cols[0]
        assert cols[-5] == "yes", row  # emb column


def test_pdftoppm_renders_a_page_that_is_not_blank(mixed: Scene, tmp_path) -> None:
    exe = need("pdftoppm")
    from PIL import Image

    write_pdf(mixed, tmp_path / "m.pdf")
    subprocess.run([exe, "-r", "30", "-png", "-singlefile", str(tmp_path / "m.pdf"), str(tmp_path / "m")],
                   check=True)
    img = Image.open(tmp_path / "m.png").convert("L")
    lo, hi = img.getextrema()
    assert lo < 100 and hi == 255
    assert sum(img.histogram()[:200]) > 500


ROT = st.sampled_from([0, 90, 180, 270])


@given(w=st.floats(1, 300), h=st.floats(1, 300), x=st.floats(-100, 100), y=st.floats(-100, 100),
       s=st.floats(0.1, 4), rot=ROT, mirror=st.booleans())
def test_use_matrix_keeps_the_documented_footprint(w, h, x, y, s, rot, mirror) -> None:
    """rotate=90 occupies x..x+h*s, y..y+w*s; in every case the top-left of the box is (x, y)."""
    m = use_matrix(Use("t", x, y, scale=s, rotate=rot, mirror=mirror), Symbol("t", w, h))
    pts = [m.apply(u, v) for u, v in ((0, 0), (w, 0), (0, h), (w, h))]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    fw, fh = (w, h) if rot in (0, 180) else (h, w)
    assert min(xs) == pytest.approx(x, abs=1e-6) and max(xs) == pytest.approx(x + fw * s, abs=1e-6)
    assert min(ys) == pytest.approx(y, abs=1e-6) and max(ys) == pytest.approx(y + fh * s, abs=1e-6)


def test_use_rotation_is_clockwise_and_mirror_flips_within_box() -> None:
    sym = Symbol("t", 10, 4)
    # the symbol's top-right corner goes to the bottom-right after a clockwise quarter turn
    m90 = use_matrix(Use("t", 0, 0, rotate=90), sym)
    assert m90.apply(10, 0) == pytest.approx((4, 10))
    assert m90.apply(0, 0) == pytest.approx((4, 0))
    mm = use_matrix(Use("t", 5, 5, mirror=True), sym)
    assert mm.apply(0, 0) == pytest.approx((15, 5))
    with pytest.raises(ValueError, match="multiple of 90"):
        use_matrix(Use("t", 0, 0, rotate=45), sym)


def test_print_dialog_starts_at_actual_size_and_card_backs_preset_long_edge_duplex() -> None:
    """Every PDF asks viewers not to scale it when printing (a "fit to page" default shrinks true
    scale); one with mirrored card backs also presets long-edge duplex, one without does not."""
    from generator.render import layout

    plain = reader(pdf_bytes(Scene(pages=[Page(100, 100, [Text(10, 10, "x")])])))
    prefs = plain.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and "/Duplex" not in prefs
    sc = Scene()
    sc.add_symbol(Symbol("f", 63, 88, [Rect(0, 0, 63, 88, fill="#ff0000")]))
    sc.add_symbol(Symbol("b", 63, 88, [Rect(0, 0, 63, 88, fill="#0000ff")]))
    sc.pages += layout.impose_cards(sc, ["f"], "b", 63, 88, get_paper("a4"), "X-1")
    prefs = reader(pdf_bytes(sc)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
