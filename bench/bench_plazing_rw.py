"""Benchmark: a 100-sheet random Plażing roll&write pad, stage by stage, and the same content drawn
with plain reportlab calls (no Form XObjects) and through a jinja2 HTML page with WeasyPrint.

Run: python bench/bench_plazing_rw.py [--count 100] [--seed 1]
Goals (issue #4): boardgen PDF time <= 2x plain reportlab, >= 20x faster than the HTML route,
<= 30 KB per extra sheet.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Iterable

from reportlab.pdfgen import canvas as rl_canvas

from generator.games.plazing_rw.draw import pad_scene
from generator.games.plazing_rw.rules import check_board
from generator.games.plazing_rw.setup import sheet_setups
from generator.render import fonts
from generator.render.pdf import pdf_bytes
from generator.render.scene import Circle, Item, Line, Polygon, Rect, Scene, Text, Use

PT = 72 / 25.4


def plain_reportlab(scene: Scene) -> bytes:
    """The same scene drawn with direct canvas calls, every symbol expanded inline on every page."""
    fonts.register_fonts()
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, invariant=1, pageCompression=1)

    def colour(v: str) -> tuple[float, float, float]:
        return tuple(int(v[i:i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]

    def draw(items: Iterable[Item]) -> None:
        for it in items:
            if isinstance(it, Use):
                sym = scene.symbols[it.name]
                c.saveState()
                c.translate(it.x * PT, -it.y * PT)
                c.scale(it.scale, it.scale)
                draw(sym.items)
                c.restoreState()
                continue
            if isinstance(it, Text):
                c.setFont(fonts.pdf_font_name(it.font), it.size)
                c.setFillColorRGB(*colour(it.fill or "#000000"))
                fn = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[it.anchor]
                fn(it.x * PT, -it.y * PT, it.text)
                continue
            stroke = getattr(it, "stroke", None)
            fill = getattr(it, "fill", None)
            if stroke:
                c.setStrokeColorRGB(*colour(stroke))
                c.setLineWidth(it.width * PT)
            if fill:
                c.setFillColorRGB(*colour(fill))
            if isinstance(it, Rect):
                c.rect(it.x * PT, -(it.y + it.h) * PT, it.w * PT, it.h * PT, stroke=int(bool(stroke)),
                       fill=int(bool(fill)))
            elif isinstance(it, Line):
                c.line(it.x1 * PT, -it.y1 * PT, it.x2 * PT, -it.y2 * PT)
            elif isinstance(it, Circle):
                c.circle(it.cx * PT, -it.cy * PT, it.r * PT, stroke=int(bool(stroke)), fill=int(bool(fill)))
            elif isinstance(it, Polygon):
                p = c.beginPath()
                p.moveTo(it.points[0][0] * PT, -it.points[0][1] * PT)
                for x, y in it.points[1:]:
                    p.lineTo(x * PT, -y * PT)
                if it.closed:
                    p.close()
                c.drawPath(p, stroke=int(bool(stroke)), fill=int(bool(fill and it.closed)))

    for page in scene.pages:
        c.setPageSize((page.w * PT, page.h * PT))
        c.translate(0, page.h * PT)
        draw(page.items)
        c.showPage()
    c.save()
    return buf.getvalue()


HTML = """<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: A4; margin: 8mm } .sheet { page-break-after: always } td { width: 12mm; height: 12mm;
border: 0.3mm solid #555 } .a { background: #e89a1c } .s { background: #e7a7b4 } .p { background: #8c9299 }
</style></head><body>{% for s in sheets %}<div class="sheet"><h1>Plażing: roll&amp;write</h1>
<table>{% for row in s.board.rows %}<tr>{% for c in row %}<td class="{{ c }}"></td>{% endfor %}</tr>{% endfor %}
</table><p>code {{ s.code }}</p></div>{% endfor %}</body></html>"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    opts = {"board": "random", "hard": False, "features": "random"}

    t0 = time.perf_counter()
    sheets = sheet_setups(opts, args.seed, args.count)  # generation + legality + balancing playouts
    t_gen = time.perf_counter() - t0
    t0 = time.perf_counter()
    assert all(check_board(s.board).ok for s in sheets)
    t_check = time.perf_counter() - t0
    t0 = time.perf_counter()
    scene = pad_scene(sheets, "a4", "pl", False, 1)
    t_scene = time.perf_counter() - t0
    t0 = time.perf_counter()
    pdf = pdf_bytes(scene)
    t_pdf = time.perf_counter() - t0
    one = pdf_bytes(pad_scene(sheets[:1], "a4", "pl", False, 1))
    per_extra = (len(pdf) - len(one)) / max(1, args.count - 1)

    t0 = time.perf_counter()
    plain = plain_reportlab(scene)
    t_plain = time.perf_counter() - t0

    print(f"plazing-rw: {args.count}-sheet random pad (seed {args.seed})")
    print(f"  generation + balancing (6 greedy playouts/board): {t_gen:5.2f} s")
    print(f"  validation (check_board):                     {t_check:7.3f} s")
    print(f"  scene:                                         {t_scene:7.3f} s")
    print(f"  PDF (Form XObjects):                           {t_pdf:7.3f} s, {len(pdf):,} bytes, "
          f"{per_extra / 1024:.1f} KB per extra sheet (goal <= 30 KB)")
    print(f"  plain reportlab, same content:                 {t_plain:7.3f} s, {len(plain):,} bytes")
    print(f"  ratio boardgen/plain reportlab (scene+PDF):    {(t_scene + t_pdf) / t_plain:7.2f}x (goal <= 2x)")
    try:
        import jinja2
        import weasyprint  # type: ignore[import-not-found]
    except ImportError:
        print("  HTML route (jinja2 + WeasyPrint): WeasyPrint not installed, skipped")
        return
    t0 = time.perf_counter()
    html = jinja2.Template(HTML).render(sheets=sheets)
    weasyprint.HTML(string=html).write_pdf()
    t_html = time.perf_counter() - t0
    print(f"  HTML route (jinja2 + WeasyPrint):              {t_html:7.3f} s "
          f"({t_html / (t_scene + t_pdf):.0f}x slower; goal >= 20x)")


if __name__ == "__main__":
    main()
