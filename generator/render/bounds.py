"""Where ink lands: the bounding box of every drawn item of a scene, in page millimetres.

Why this exists: print rules ("nothing within 5 mm of the paper edge", "card text stays 3 mm inside
the cut") are statements about the ink, not about how a game happened to build its pages. Walking
the scene — through nested symbols, their placement matrices (the same `pdf.use_matrix` both
backends use), their boxes and `Use.clip` windows — gives one checker every game gets for free.

Boxes are conservative: strokes add half their width, text takes the font's full em height
(accents of Polish capitals included) and its advance width. Items drawn only in white (or with no
colour at all) leave no ink on white paper and are skipped.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from generator.render import fonts
from generator.render.pdf import Matrix, use_matrix
from generator.render.scene import Circle, Item, Line, Page, Polygon, Rect, Scene, Text, Use

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (mm, y down)

#: text box above / below the baseline, in em (DejaVu: accented capitals reach ~0.93 em)
TEXT_ABOVE: float = 0.95
TEXT_BELOW: float = 0.25
WHITE = {"#ffffff", "#fff", "white"}


@dataclass(frozen=True, slots=True)
class Ink:
    """One leaf item's box on the page and where it came from ("page" or "sym-a > sym-b")."""

    box: Box
    item: Item
    path: str
    segment: tuple[tuple[float, float], tuple[float, float]] | None = None  # a Line's ends, mapped

    def describe(self) -> str:
        x0, y0, x1, y1 = self.box
        kind = type(self.item).__name__
        extra = f" {self.item.text!r}" if isinstance(self.item, Text) else ""
        return f"{kind}{extra} in {self.path} at x {x0:.1f}..{x1:.1f}, y {y0:.1f}..{y1:.1f} mm"


def _visible(colour: str | None) -> bool:
    return colour is not None and colour.lower() not in WHITE


def _union(points: list[tuple[float, float]], pad: float = 0.0) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def text_box(t: Text) -> Box:
    """The box of one line of text, rotation and anchor included."""
    width = fonts.text_width(t.text, t.font, t.size)
    em = t.size * fonts.MM_PER_PT
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[t.anchor]
    corners = [(start, -TEXT_ABOVE * em), (start + width, -TEXT_ABOVE * em), (start, TEXT_BELOW * em),
               (start + width, TEXT_BELOW * em)]
    th = math.radians(t.rotate)
    cos, sin = math.cos(th), math.sin(th)
    # counter-clockwise as seen, with y down: (dx, dy) -> (dx cos + dy sin, -dx sin + dy cos)
    return _union([(t.x + dx * cos + dy * sin, t.y - dx * sin + dy * cos) for dx, dy in corners])


def item_box(it: Item) -> Box | None:
    """The local box of a primitive item (None: leaves no ink). `Use` is handled by `inks`."""
    if isinstance(it, Rect):
        if not (_visible(it.fill) or _visible(it.stroke)):
            return None
        pad = it.width / 2 if it.stroke is not None else 0.0
        return it.x - pad, it.y - pad, it.x + it.w + pad, it.y + it.h + pad
    if isinstance(it, Line):
        if not _visible(it.stroke):
            return None
        return _union([(it.x1, it.y1), (it.x2, it.y2)], it.width / 2)
    if isinstance(it, Polygon):
        if len(it.points) < 2 or not (_visible(it.stroke) or (it.closed and _visible(it.fill))):
            return None
        return _union(list(it.points), it.width / 2 if it.stroke is not None else 0.0)
    if isinstance(it, Circle):
        if not (_visible(it.fill) or _visible(it.stroke)):
            return None
        r = it.r + (it.width / 2 if it.stroke is not None else 0.0)
        return it.cx - r, it.cy - r, it.cx + r, it.cy + r
    if isinstance(it, Text):
        if not it.text or not _visible(it.fill):
            return None
        return text_box(it)
    raise TypeError(f"not a primitive scene item: {it!r}")


def _map(m: Matrix, box: Box) -> Box:
    x0, y0, x1, y1 = box
    return _union([m.apply(x, y) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))])


def _clip(a: Box, b: Box | None) -> Box | None:
    if b is None:
        return a
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def inks(scene: Scene, items: list[Item], m: Matrix | None = None, clip: Box | None = None,
         path: str = "page", depth: int = 0, textures: bool = False) -> Iterator[Ink]:
    """Every leaf item of `items` with its box mapped by `m` and cut to `clip` (both in page mm).

    With `textures`, each placed background symbol (Symbol.background) is one ink, its placed box
    (item: a Rect of that box), and only its texts are yielded one by one beside it."""
    m = m or Matrix()
    if depth > 32:
        raise ValueError(f"symbols nested too deep at {path}")
    for it in items:
        if isinstance(it, Use):
            sym = scene.symbols.get(it.name)
            if sym is None:
                raise KeyError(f"Use of undefined symbol {it.name!r}")
            inner = clip
            if it.clip is not None:
                cx, cy, cw, ch = it.clip
                inner = _clip(_map(m, (cx, cy, cx + cw, cy + ch)), inner)
                if inner is None:
                    continue
            full = m @ use_matrix(it, sym)
            own = _clip(_map(full, (0.0, 0.0, sym.w, sym.h)), inner)  # a symbol draws only in its box
            if own is None:
                continue
            sub = sym.name if path == "page" else f"{path} > {sym.name}"
            if textures and sym.background:
                yield Ink(own, Rect(own[0], own[1], own[2] - own[0], own[3] - own[1]), sub)
                yield from (ink for ink in inks(scene, sym.items, full, own, sub, depth + 1, textures)
                            if isinstance(ink.item, Text))
                continue
            yield from inks(scene, sym.items, full, own, sub, depth + 1, textures)
            continue
        box = item_box(it)
        if box is None:
            continue
        box = _clip(_map(m, box), clip)
        if box is not None:
            seg = (m.apply(it.x1, it.y1), m.apply(it.x2, it.y2)) if isinstance(it, Line) else None
            yield Ink(box, it, path, seg)


def page_inks(scene: Scene, page: Page) -> list[Ink]:
    return list(inks(scene, page.items))


def edge_violations(scene: Scene, min_edge: float = 5.0, tol: float = 1e-6) -> list[str]:
    """One line per item with ink closer than `min_edge` mm to its page's edge (empty: all good)."""
    out: list[str] = []
    for i, page in enumerate(scene.pages, start=1):
        for ink in page_inks(scene, page):
            x0, y0, x1, y1 = ink.box
            gap = min(x0, y0, page.w - x1, page.h - y1)
            if gap < min_edge - tol:
                out.append(f"page {i} ({page.label or '-'}): {ink.describe()} — {gap:.2f} mm from the edge")
    return out


def unsafe_inks(scene: Scene, name: str, trim: Box, safe: float = 3.0, tol: float = 1e-6) -> list[Ink]:
    """Items of card symbol `name` that sit in the danger band between the cut and `safe` mm inside it.

    `trim` is the cut rectangle in the symbol's own coordinates. Text must lie inside the safe area;
    any other item must either lie inside it or reach the cut on the side where it leaves the safe
    area (a background or a band meant to run off the card, into the bleed). A frame 1.5 mm inside
    the cut is reported: a cut 1 mm off shows it crooked. A background symbol (a texture: dots or
    stripes cut through on purpose) is held to that rule as one piece, by its placed box, each use
    on its own; the texts inside it are held to the text rule.
    """
    sym = scene.symbols[name]
    tx0, ty0, tx1, ty1 = trim
    sx0, sy0, sx1, sy1 = tx0 + safe, ty0 + safe, tx1 - safe, ty1 - safe
    out: list[Ink] = []
    for ink in inks(scene, sym.items, path=name, textures=True):  # a background symbol: one box, its texts
        x0, y0, x1, y1 = ink.box
        outside = [(x0 < sx0 - tol, x0 <= tx0 + tol), (y0 < sy0 - tol, y0 <= ty0 + tol),
                   (x1 > sx1 + tol, x1 >= tx1 - tol), (y1 > sy1 + tol, y1 >= ty1 - tol)]
        if isinstance(ink.item, Text):
            bad = any(o for o, _ in outside)
        else:
            bad = any(o and not reaches for o, reaches in outside)
            if bad and ink.segment is not None:  # a box cannot tell a diagonal stripe from a frame line
                bad = not _line_runs_off(ink.segment, trim, (sx0, sy0, sx1, sy1), safe, tol)
        if bad:
            out.append(ink)
    return out


def _line_runs_off(seg: tuple[tuple[float, float], tuple[float, float]], trim: Box, safe_box: Box, safe: float,
                   tol: float) -> bool:
    """Is every part of the segment that lies in the danger band (outside `safe_box`) a part that
    runs to the cut - crossing the band from the safe area, or a crumb of a pattern no longer than
    the band is wide across a corner? Then it is a background (a stripe of a card back), not a
    frame a cut a millimetre off would show crooked."""
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0  # Liang-Barsky: the part of the segment inside safe_box is [t0, t1]
    for p, q in ((-dx, ax - safe_box[0]), (dx, safe_box[2] - ax), (-dy, ay - safe_box[1]), (dy, safe_box[3] - ay)):
        if abs(p) < 1e-12:
            if q < 0:
                t0, t1 = 1.0, 0.0
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    inside = t0 <= t1

    def at(t: float) -> tuple[float, float]:
        return ax + t * dx, ay + t * dy

    def on_cut(pt: tuple[float, float]) -> bool:
        x, y = pt
        return not (trim[0] + tol < x < trim[2] - tol and trim[1] + tol < y < trim[3] - tol)

    parts = [(0.0, t0, True), (t1, 1.0, True)] if inside else [(0.0, 1.0, False)]
    length = math.hypot(dx, dy)
    for lo, hi, crosses in parts:
        if (hi - lo) * length <= tol:
            continue
        ends = (at(lo), at(hi))
        if not any(on_cut(e) for e in ends):
            return False
        if not crosses and (hi - lo) * length > 2 * math.sqrt(2) * safe:
            return False
    return True


def symbol_safe_violations(scene: Scene, name: str, trim: Box, safe: float = 3.0) -> list[str]:
    """`unsafe_inks` as one line each."""
    return [f"{ink.describe()} — inside the {safe:g} mm safe margin of the cut"
            for ink in unsafe_inks(scene, name, trim, safe)]
