"""PNG backend: not blank, deterministic, right size, and it agrees with the PDF (via pdftoppm)."""

from __future__ import annotations

import subprocess

from PIL import Image, ImageChops, ImageFilter, ImageStat

from generator.render.pdf import write_pdf
from generator.render.png import page_image, write_png
from generator.render.scene import Page, Rect, Scene, Symbol, Text, Use

from .conftest import need


def test_png_not_blank_sized_and_deterministic(mixed: Scene, tmp_path) -> None:
    a = page_image(mixed, 0, dpi=50)
    b = page_image(mixed, 0, dpi=50)
    assert a.size == b.size == (414, 585)  # rounded up like pdftoppm
    assert a.tobytes() == b.tobytes()
    lo, hi = a.convert("L").getextrema()
    assert lo < 80 and hi == 255
    n = write_png(mixed, 0, tmp_path / "p.png", dpi=50)
    assert n == (tmp_path / "p.png").stat().st_size > 1000
    assert Image.open(tmp_path / "p.png").size == a.size
    assert page_image(mixed, 0, dpi=100).size == (827, 1170)


def test_png_places_symbols_like_the_contract() -> None:
    """A red 20x10 symbol with a blue left half: rotate=90 puts the blue half on top, mirror on the
    right, and a clip removes what lies outside it."""
    sc = Scene()
    sc.add_symbol(Symbol("s", 20, 10, [Rect(0, 0, 20, 10, fill="#ff0000", stroke=None),
                                       Rect(0, 0, 10, 10, fill="#0000ff", stroke=None)]))
    sc.pages.append(Page(100, 100, [
        Use("s", 10, 10, rotate=90),  # occupies x 10..20, y 10..30; blue (u<10) -> top part
        Use("s", 40, 10, mirror=True),  # blue on the right
        Use("s", 70, 10, clip=(70, 10, 10, 10)),  # only the blue half shows
    ]))
    img = page_image(sc, 0, dpi=254)  # 10 px per mm

    def px(x: float, y: float) -> tuple[int, int, int]:
        return img.getpixel((round(x * 10), round(y * 10)))

    assert px(15, 14) == (0, 0, 255) and px(15, 26) == (255, 0, 0)
    assert px(44, 15) == (255, 0, 0) and px(56, 15) == (0, 0, 255)
    assert px(75, 15) == (0, 0, 255) and px(85, 15) == (255, 255, 255)


def test_png_and_pdf_agree(mixed: Scene, tmp_path) -> None:
    """The two backends draw the same picture: the mean difference against poppler's rendering is
    small (only antialiasing and font hinting differ)."""
    exe = need("pdftoppm")
    sc = mixed
    sc.add_symbol(Symbol("big", 60, 30, [Rect(0, 0, 60, 30, fill="#224488", stroke=None),
                                         Rect(0, 0, 20, 30, fill="#ffaa00", stroke=None),
                                         Text(30, 20, "Ż", 30, "bold", "#ffffff", "middle")]))
    sc.pages[0].items += [Use("big", 120, 100, rotate=90), Use("big", 20, 250, mirror=True, scale=0.7),
                          Use("big", 120, 180, rotate=180, clip=(130, 185, 30, 20))]
    write_pdf(sc, tmp_path / "m.pdf")
    subprocess.run([exe, "-r", "50", "-png", "-singlefile", str(tmp_path / "m.pdf"), str(tmp_path / "m")],
                   check=True)
    ref = Image.open(tmp_path / "m.png").convert("RGB")
    ours = page_image(sc, 0, dpi=50)
    assert ref.size == ours.size
    diff = ImageChops.difference(ref, ours).convert("L")
    assert max(ImageStat.Stat(diff).mean) < 3.0
    # no region disagrees: strong differences exist only along thin lines and glyph edges, so they
    # vanish under a 3x3 erosion (a misplaced or wrongly turned symbol would leave a solid block)
    strong = diff.point(lambda v: 255 if v >= 96 else 0).filter(ImageFilter.MinFilter(3))
    assert strong.histogram()[255] < 20


def _ink_box(sc: Scene, dpi: float = 127) -> tuple[float, float, float, float]:
    """Bounding box of the non-white pixels in mm (dpi 127 = 5 px per mm)."""
    img = page_image(sc, 0, dpi=dpi).convert("L").point(lambda v: 255 if v < 160 else 0)
    box = img.getbbox()
    assert box is not None
    return tuple(v / (dpi / 25.4) for v in box)


def test_text_anchor_and_rotation_direction() -> None:
    def box(**kw) -> tuple[float, float, float, float]:
        return _ink_box(Scene(pages=[Page(100, 100, [Text(50, 50, "MMMM", 20, **kw)])]))

    x0, y0, x1, y1 = box()
    assert 49 <= x0 < 51 and y1 <= 50.5 and x1 > 70  # starts at x, sits on the baseline
    x0, _, x1, _ = box(anchor="end")
    assert x1 <= 50.5 and x0 < 30
    x0, _, x1, _ = box(anchor="middle")
    assert abs((x0 + x1) / 2 - 50) < 1
    x0, y0, x1, y1 = box(rotate=90)  # counter-clockwise: the line runs upwards from (50, 50)
    assert x1 <= 50.5 and y1 <= 50.5 and y0 < 30
    x0, y0, x1, y1 = box(rotate=-90)  # clockwise: downwards, glyphs to the right of x
    assert x0 >= 49.5 and y0 >= 49.5 and y1 > 70
