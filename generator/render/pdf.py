"""Scene -> PDF with reportlab.

Why these choices:
- `invariant=1`: the same scene gives byte-identical PDF bytes (no dates, fixed document id), so a
  setup code really reproduces a file and tests can compare bytes.
- Every `Symbol` becomes one Form XObject, defined lazily the first time it is used and then only
  referenced: a board of 200 identical tiles stores the tile artwork once.
- Scene coordinates are mm with y down; PDF user space is pt with y up. We convert each coordinate
  explicitly (no y-flipping matrix), so text is never drawn upside down and rotation angles keep the
  meaning documented in scene.py.
- A symbol draws only inside its own w x h box (the form's BBox clips it); png.py does the same.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen import canvas as rl_canvas

from generator import __version__
from generator.core.files import write_atomic
from generator.render import fonts
from generator.render.scene import Circle, Item, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use

PT_PER_MM: float = 72.0 / 25.4


@dataclass(frozen=True, slots=True)
class Matrix:
    """2-D affine map (x, y) -> (a*x + c*y + e, b*x + d*y + f), in PDF/PostScript order."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def __matmul__(self, o: Matrix) -> Matrix:
        """self @ o applies `o` first, then `self`."""
        return Matrix(
            self.a * o.a + self.c * o.b,
            self.b * o.a + self.d * o.b,
            self.a * o.c + self.c * o.d,
            self.b * o.c + self.d * o.d,
            self.a * o.e + self.c * o.f + self.e,
            self.b * o.e + self.d * o.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def tuple(self) -> tuple[float, float, float, float, float, float]:
        return (self.a, self.b, self.c, self.d, self.e, self.f)


def use_matrix(use: Use, symbol: Symbol) -> Matrix:
    """Map symbol coordinates (mm, y down) to the coordinates `use` is placed in (mm, y down).

    Mirror within the symbol's own box first, then scale, then turn clockwise by `rotate` about the
    top-left corner and shift so the turned box again has its top-left corner at (x, y) — exactly
    the contract in scene.Use. Shared with png.py so both backends place artwork identically.
    """
    w, h, s = symbol.w, symbol.h, use.scale
    m = Matrix(-1.0, 0.0, 0.0, 1.0, w, 0.0) if use.mirror else Matrix()
    r = use.rotate % 360
    if r == 0:
        rot = Matrix(s, 0, 0, s, use.x, use.y)
    elif r == 90:  # (u, v) -> (x + s*h - s*v, y + s*u)
        rot = Matrix(0, s, -s, 0, use.x + s * h, use.y)
    elif r == 180:  # (u, v) -> (x + s*(w-u), y + s*(h-v))
        rot = Matrix(-s, 0, 0, -s, use.x + s * w, use.y + s * h)
    elif r == 270:  # (u, v) -> (x + s*v, y + s*(w-u))
        rot = Matrix(0, -s, s, 0, use.x, use.y + s * w)
    else:
        raise ValueError(f"Use of {use.name!r}: rotate must be a multiple of 90 degrees, not {use.rotate}")
    return rot @ m


def _flip(height_mm: float) -> Matrix:
    """mm with y down (height `height_mm`) -> pt with y up."""
    return Matrix(PT_PER_MM, 0.0, 0.0, -PT_PER_MM, 0.0, height_mm * PT_PER_MM)


def _unflip(height_mm: float) -> Matrix:
    """pt with y up -> mm with y down (inverse of `_flip`)."""
    return Matrix(1 / PT_PER_MM, 0.0, 0.0, -1 / PT_PER_MM, 0.0, height_mm)


def page_boxes(page: Page) -> tuple[float, float, float, float, float, float, float, float]:
    """(trim x, y, w, h, bleed x0, y0, x1, y1) in page mm, y down.

    The TrimBox is `page.trim` (a card sheet: around every card's cut), or the page inset by
    `page.bleed`; the BleedBox is the trim box grown by `page.bleed`, within the media box — so a
    print shop's tools see where the sheet is cut and how far the artwork runs past the cut."""
    b = page.bleed
    if page.trim is not None:
        tx, ty, tw, th = page.trim
    else:
        tx, ty, tw, th = b, b, page.w - 2 * b, page.h - 2 * b
    return (tx, ty, tw, th, max(0.0, tx - b), max(0.0, ty - b), min(page.w, tx + tw + b), min(page.h, ty + th + b))


class _Writer:
    """Draws one scene onto one reportlab canvas; remembers which forms are already defined."""

    def __init__(self, scene: Scene, c: rl_canvas.Canvas) -> None:
        self.scene = scene
        self.c = c
        self.forms: dict[str, str] = {}  # symbol name -> form name
        self.defining: set[str] = set()
        self.counter = 0

    # --- style helpers -------------------------------------------------------------------
    def _stroke(self, colour: str | None, width: float, dash: tuple[float, ...] = ()) -> bool:
        if colour is None:
            return False
        self.c.setStrokeColor(HexColor(colour))
        self.c.setLineWidth(width * PT_PER_MM)
        if dash:
            self.c.setDash([d * PT_PER_MM for d in dash], 0)
        else:
            self.c.setDash([], 0)
        return True

    def _fill(self, colour: str | None) -> bool:
        if colour is None:
            return False
        self.c.setFillColor(HexColor(colour))
        return True

    # --- items ---------------------------------------------------------------------------
    def draw_items(self, items: Iterable[Item], height: float) -> None:
        """Draw items whose coordinates are mm, y down, in a box `height` mm tall."""
        c = self.c
        k = PT_PER_MM
        for it in items:
            if isinstance(it, Rect):
                st = self._stroke(it.stroke, it.width, it.dash)
                fi = self._fill(it.fill)
                if not (st or fi):
                    continue
                x, y = it.x * k, (height - it.y - it.h) * k
                if it.radius > 0:
                    c.roundRect(x, y, it.w * k, it.h * k, it.radius * k, stroke=int(st), fill=int(fi))
                else:
                    c.rect(x, y, it.w * k, it.h * k, stroke=int(st), fill=int(fi))
            elif isinstance(it, Line):
                if self._stroke(it.stroke, it.width, it.dash):
                    c.line(it.x1 * k, (height - it.y1) * k, it.x2 * k, (height - it.y2) * k)
            elif isinstance(it, Polygon):
                if len(it.points) < 2:
                    continue
                st = self._stroke(it.stroke, it.width)
                fi = it.closed and self._fill(it.fill)
                if not (st or fi):
                    continue
                p = c.beginPath()
                x0, y0 = it.points[0]
                p.moveTo(x0 * k, (height - y0) * k)
                for x, y in it.points[1:]:
                    p.lineTo(x * k, (height - y) * k)
                if it.closed:
                    p.close()
                c.drawPath(p, stroke=int(st), fill=int(fi))
            elif isinstance(it, Circle):
                st = self._stroke(it.stroke, it.width)
                fi = self._fill(it.fill)
                if st or fi:
                    c.circle(it.cx * k, (height - it.cy) * k, it.r * k, stroke=int(st), fill=int(fi))
            elif isinstance(it, Text):
                self._text(it, height)
            elif isinstance(it, Use):
                self._use(it, height)
            else:
                raise TypeError(f"not a scene item: {it!r}")

    def _text(self, t: Text, height: float) -> None:
        if t.fill is None or not t.text:
            return
        c = self.c
        k = PT_PER_MM
        c.setFillColor(HexColor(t.fill))
        c.setFont(fonts.pdf_font_name(t.font), t.size)
        x, y = t.x * k, (height - t.y) * k
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[t.anchor]
        if t.rotate % 360:
            c.saveState()
            c.translate(x, y)
            c.rotate(t.rotate)  # PDF y is up, so positive = counter-clockwise as seen
            draw(0, 0, t.text)
            c.restoreState()
        else:
            draw(x, y, t.text)

    def _use(self, u: Use, height: float) -> None:
        sym = self.scene.symbols.get(u.name)
        if sym is None:
            raise KeyError(f"Use of undefined symbol {u.name!r}")
        form = self._form(sym)
        c = self.c
        c.saveState()
        if u.clip is not None:
            cx, cy, cw, ch = u.clip
            p = c.beginPath()
            p.rect(cx * PT_PER_MM, (height - cy - ch) * PT_PER_MM, cw * PT_PER_MM, ch * PT_PER_MM)
            c.clipPath(p, stroke=0, fill=0)
        m = _flip(height) @ use_matrix(u, sym) @ _unflip(sym.h)
        c.transform(*m.tuple())
        c.doForm(form)
        c.restoreState()

    def _form(self, sym: Symbol) -> str:
        """Define the symbol's Form XObject the first time it is needed (nested forms allowed)."""
        name = self.forms.get(sym.name)
        if name is not None:
            return name
        if sym.name in self.defining:
            raise ValueError(f"symbol {sym.name!r} uses itself (cycle through {sorted(self.defining)})")
        self.defining.add(sym.name)
        # Safe, deterministic form names: symbol names may contain spaces, slashes, Polish letters.
        self.counter += 1
        name = f"S{self.counter}"
        self.c.beginForm(name, 0, 0, sym.w * PT_PER_MM, sym.h * PT_PER_MM)
        self.draw_items(sym.items, sym.h)
        self.c.endForm()
        self.defining.discard(sym.name)
        self.forms[sym.name] = name
        return name

    # --- pages ---------------------------------------------------------------------------
    def page(self, page: Page) -> None:
        c = self.c
        k = PT_PER_MM
        w, h = page.w * k, page.h * k
        c.setPageSize((w, h))
        tx, ty, tw, th, bx0, by0, bx1, by1 = page_boxes(page)
        c.setTrimBox((tx * k, (page.h - ty - th) * k, (tx + tw) * k, (page.h - ty) * k))
        c.setBleedBox((bx0 * k, (page.h - by1) * k, bx1 * k, (page.h - by0) * k))
        c.setCropBox((0, 0, w, h))
        self.draw_items(page.items, page.h)
        c.showPage()


def pdf_bytes(scene: Scene) -> bytes:
    """Render the whole scene to PDF bytes (deterministic for a given scene)."""
    if not scene.pages:
        raise ValueError("scene has no pages")
    fonts.register_fonts()
    buf = io.BytesIO()
    first = scene.pages[0]
    c = rl_canvas.Canvas(buf, pagesize=(first.w * PT_PER_MM, first.h * PT_PER_MM),
                         invariant=1, pageCompression=1, initialFontName=fonts.pdf_font_name("regular"))
    c.setTitle(scene.title)
    c.setSubject(scene.subject)
    c.setCreator(f"boardgen {__version__}")
    c.setProducer(f"boardgen {__version__} (reportlab)")
    c.setAuthor("boardgen")
    # every page is drawn at true scale: a viewer's print dialog starts at "actual size" instead of
    # "fit to page" (which would shrink boards, cards and the calibration square by a few per cent)
    c.setViewerPreference("PrintScaling", "None")
    if scene.duplex:
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    writer = _Writer(scene, c)
    for page in scene.pages:
        writer.page(page)
    c.save()
    return buf.getvalue()


def write_pdf(scene: Scene, path: str | os.PathLike[str]) -> int:
    """Write the scene as a PDF atomically; return the number of bytes written."""
    return write_atomic(path, pdf_bytes(scene))
