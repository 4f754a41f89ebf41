"""Scene -> PNG preview with Pillow: the same items the PDF gets, drawn a second way.

Why this shape:
- One affine matrix (mm -> pixels) is carried down through nested symbols, built with the same
  `pdf.use_matrix` as the PDF backend, so both place artwork identically.
- Pillow draws without antialiasing, so we draw at 2x and downscale with LANCZOS.
- A symbol is rendered once per call (per placement orientation) into a transparent layer the size
  of its box and composited wherever it is used; like the PDF Form XObject, a symbol draws only
  inside its own box, and a `clip` crops the layer before compositing.
- Everything is deterministic: no clocks, no randomness, fixed resampling filters.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Iterable

from PIL import Image, ImageDraw

from generator.core.files import write_atomic
from generator.render import fonts
from generator.render.pdf import Matrix, use_matrix
from generator.render.scene import Circle, Item, Line, Polygon, Rect, Scene, Text, Use

SUPERSAMPLE: int = 2

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in pixels, x1/y1 exclusive


def _dash_segments(points: list[tuple[float, float]], dash: tuple[float, ...], scale: float
                   ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Split a polyline (pixels) into the 'on' pieces of a dash pattern given in mm."""
    pattern = [max(d * scale, 0.5) for d in dash]
    if len(pattern) % 2:
        pattern *= 2
    out: list[tuple[tuple[float, float], tuple[float, float]]] = []
    idx, left, on = 0, pattern[0], True
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while pos < seg - 1e-9:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                out.append(((x1 + (x2 - x1) * t0, y1 + (y2 - y1) * t0),
                            (x1 + (x2 - x1) * t1, y1 + (y2 - y1) * t1)))
            pos += step
            left -= step
            if left <= 1e-9:
                idx = (idx + 1) % len(pattern)
                left, on = pattern[idx], not on
    return out


def _scale_of(m: Matrix) -> float:
    return math.sqrt(abs(m.a * m.d - m.b * m.c))


def _intersect(a: Box, b: Box) -> Box | None:
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def _rect_px(m: Matrix, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """Axis-aligned pixel bounds of a mm rectangle under a 90-degree-multiple matrix."""
    xs, ys = zip(*(m.apply(px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))),
                 strict=True)
    return min(xs), min(ys), max(xs), max(ys)


class _Painter:
    """Draws items of one scene; caches rendered symbols for the duration of one page image."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.cache: dict[tuple[object, ...], Image.Image] = {}
        self.active: set[str] = set()

    def draw(self, img: Image.Image, items: Iterable[Item], m: Matrix) -> None:
        d = ImageDraw.Draw(img)
        s = _scale_of(m)
        for it in items:
            if isinstance(it, Rect):
                self._rect(d, it, m, s)
            elif isinstance(it, Line):
                if it.stroke is not None:
                    pts = [m.apply(it.x1, it.y1), m.apply(it.x2, it.y2)]
                    self._polyline(d, pts, it.stroke, it.width * s, it.dash, s)
            elif isinstance(it, Polygon):
                self._polygon(d, it, m, s)
            elif isinstance(it, Circle):
                cx, cy = m.apply(it.cx, it.cy)
                r = it.r * s
                if it.fill is not None:
                    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=it.fill)
                if it.stroke is not None:
                    lw = max(1.0, it.width * s)
                    rr = r + lw / 2
                    d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=it.stroke, width=round(lw))
            elif isinstance(it, Text):
                self._text(img, it, m, s)
            elif isinstance(it, Use):
                self._use(img, it, m)
            else:
                raise TypeError(f"not a scene item: {it!r}")

    # --- primitives ----------------------------------------------------------------------
    def _polyline(self, d: ImageDraw.ImageDraw, pts: list[tuple[float, float]], colour: str,
                  width_px: float, dash: tuple[float, ...], s: float) -> None:
        lw = max(1, round(width_px))
        if dash and any(dash):
            for a, b in _dash_segments(pts, dash, s):
                d.line([a, b], fill=colour, width=lw)
        else:
            d.line(pts, fill=colour, width=lw, joint="curve" if len(pts) > 2 else None)

    def _rect(self, d: ImageDraw.ImageDraw, r: Rect, m: Matrix, s: float) -> None:
        x0, y0, x1, y1 = _rect_px(m, r.x, r.y, r.w, r.h)
        rad = r.radius * s
        if r.fill is not None:
            if rad > 0:
                d.rounded_rectangle((x0, y0, x1, y1), radius=rad, fill=r.fill)
            else:
                d.rectangle((x0, y0, x1, y1), fill=r.fill)
        if r.stroke is None:
            return
        lw = max(1.0, r.width * s)
        if r.dash and any(r.dash):
            pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
            self._polyline(d, pts, r.stroke, lw, r.dash, s)
            return
        h = lw / 2  # Pillow strokes inside the box; PDF strokes centred on the path
        box = (x0 - h, y0 - h, x1 + h, y1 + h)
        if rad > 0:
            d.rounded_rectangle(box, radius=rad + h, outline=r.stroke, width=round(lw))
        else:
            d.rectangle(box, outline=r.stroke, width=round(lw))

    def _polygon(self, d: ImageDraw.ImageDraw, p: Polygon, m: Matrix, s: float) -> None:
        if len(p.points) < 2:
            return
        pts = [m.apply(x, y) for x, y in p.points]
        if p.closed and p.fill is not None and len(pts) >= 3:
            d.polygon(pts, fill=p.fill)
        if p.stroke is not None:
            if p.closed:
                pts = pts + [pts[0]]
            self._polyline(d, pts, p.stroke, p.width * s, (), s)

    def _text(self, img: Image.Image, t: Text, m: Matrix, s: float) -> None:
        """Render the line upright into a mask, then map it with the text's own rotation and the
        orthogonal part of the placement matrix (so mirrored or turned symbols turn their text)."""
        if t.fill is None or not t.text:
            return
        size_px = t.size * fonts.MM_PER_PT * s
        font = fonts.pil_font(t.font, round(size_px, 2))
        anchor = {"start": "ls", "middle": "ms", "end": "rs"}[t.anchor]
        left, top, right, bottom = font.getbbox(t.text, anchor=anchor)
        pad = 2
        mask = Image.new("L", (int(math.ceil(right - left)) + 2 * pad, int(math.ceil(bottom - top)) + 2 * pad), 0)
        ax, ay = pad - left, pad - top  # the anchor point inside the mask
        ImageDraw.Draw(mask).text((ax, ay), t.text, font=font, fill=255, anchor=anchor)
        th = math.radians(t.rotate)
        cos, sin = math.cos(th), math.sin(th)
        # text-local (u right, v down) -> mm (y down), visually counter-clockwise rotation
        rot = Matrix(cos, -sin, sin, cos, 0.0, 0.0)
        lin = Matrix(m.a, m.b, m.c, m.d, 0.0, 0.0) @ rot
        tm = Matrix(lin.a / s, lin.b / s, lin.c / s, lin.d / s, 0.0, 0.0)  # orthogonal
        px, py = m.apply(t.x, t.y)
        if abs(tm.a - 1) < 1e-9 and abs(tm.d - 1) < 1e-9 and abs(tm.b) < 1e-9 and abs(tm.c) < 1e-9:
            out, ox, oy = mask, px - ax, py - ay
        else:
            w, h = mask.size
            corners = [tm.apply(x - ax, y - ay) for x, y in ((0, 0), (w, 0), (0, h), (w, h))]
            xs = [c[0] for c in corners]
            ys = [c[1] for c in corners]
            bx0, by0 = math.floor(min(xs)), math.floor(min(ys))
            size = (math.ceil(max(xs)) - bx0, math.ceil(max(ys)) - by0)
            # inverse of orthogonal tm is its transpose; output pixel o -> input tm^T (o + b0) + a
            inv = (tm.a, tm.b, tm.a * bx0 + tm.b * by0 + ax, tm.c, tm.d, tm.c * bx0 + tm.d * by0 + ay)
            out = mask.transform(size, Image.Transform.AFFINE, inv, resample=Image.Resampling.BICUBIC)
            ox, oy = px + bx0, py + by0
        colour = Image.new("RGBA", out.size, t.fill)
        colour.putalpha(out)
        _composite(img, colour, round(ox), round(oy))

    # --- symbols -------------------------------------------------------------------------
    def _use(self, img: Image.Image, u: Use, m: Matrix) -> None:
        sym = self.scene.symbols.get(u.name)
        if sym is None:
            raise KeyError(f"Use of undefined symbol {u.name!r}")
        if sym.name in self.active:
            raise ValueError(f"symbol {sym.name!r} uses itself")
        full = m @ use_matrix(u, sym)
        # Snap the placement to whole pixels so one rendered layer serves every placement.
        x0, y0, x1, y1 = _rect_px(full, 0, 0, sym.w, sym.h)
        ix, iy = math.floor(x0 + 0.5), math.floor(y0 + 0.5)
        width, height = max(1, round(x1 - x0)), max(1, round(y1 - y0))
        target: Box = (ix, iy, ix + width, iy + height)
        visible = _intersect(target, (0, 0, img.width, img.height))
        if visible is not None and u.clip is not None:
            cx, cy, cw, ch = u.clip
            c0, c1, c2, c3 = _rect_px(m, cx, cy, cw, ch)
            visible = _intersect(visible, (round(c0), round(c1), round(c2), round(c3)))
        if visible is None:
            return
        key = (sym.name, round(full.a, 6), round(full.b, 6), round(full.c, 6), round(full.d, 6))
        layer = self.cache.get(key)
        if layer is None:
            local = Matrix(full.a, full.b, full.c, full.d, full.e - x0, full.f - y0)
            layer = Image.new("RGBA", (width, height), (0, 0, 0, 0))
            self.active.add(sym.name)
            self.draw(layer, sym.items, local)
            self.active.discard(sym.name)
            self.cache[key] = layer
        crop = layer.crop((visible[0] - ix, visible[1] - iy, visible[2] - ix, visible[3] - iy))
        _composite(img, crop, visible[0], visible[1])


def _composite(dst: Image.Image, src: Image.Image, x: int, y: int) -> None:
    """Alpha-composite `src` onto `dst` at (x, y), cropping whatever falls outside `dst`."""
    box = _intersect((x, y, x + src.width, y + src.height), (0, 0, dst.width, dst.height))
    if box is None:
        return
    part = src.crop((box[0] - x, box[1] - y, box[2] - x, box[3] - y))
    if part.mode != "RGBA":
        part = part.convert("RGBA")
    dst.alpha_composite(part, (box[0], box[1]))


def page_size_px(w_mm: float, h_mm: float, dpi: float) -> tuple[int, int]:
    """Final image size in pixels of a page w x h mm at `dpi` (rounded up, as pdftoppm does, so
    previews and poppler renderings can be compared pixel for pixel)."""
    return (max(1, math.ceil(w_mm / 25.4 * dpi - 1e-6)), max(1, math.ceil(h_mm / 25.4 * dpi - 1e-6)))


def page_image(scene: Scene, page_index: int, dpi: float = 100) -> Image.Image:
    """An RGB picture of one page (white paper), the whole media box, at `dpi`."""
    page = scene.pages[page_index]
    size = page_size_px(page.w, page.h, dpi)
    big = (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE)
    k = dpi * SUPERSAMPLE / 25.4
    img = Image.new("RGBA", big, (255, 255, 255, 255))
    _Painter(scene).draw(img, page.items, Matrix(k, 0.0, 0.0, k, 0.0, 0.0))
    return img.convert("RGB").resize(size, Image.Resampling.LANCZOS)


def png_bytes(scene: Scene, page_index: int, dpi: float = 100) -> bytes:
    buf = io.BytesIO()
    page_image(scene, page_index, dpi).save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def write_png(scene: Scene, page_index: int, path: str | os.PathLike[str], dpi: float = 100) -> int:
    """Write one page as PNG atomically; return the number of bytes written."""
    return write_atomic(path, png_bytes(scene, page_index, dpi))
