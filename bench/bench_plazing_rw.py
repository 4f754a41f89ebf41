"""Benchmark: a 100-sheet random Plażing roll&write pad, stage by stage, and the same content drawn
with plain reportlab calls (no Form XObjects) and through a jinja2 HTML page with WeasyPrint;
with --figures, the compiled playouts' figures of issue #27.

Run: python bench/bench_plazing_rw.py [--count 100] [--seed 1] [--jobs N] [--difficulty 1] [--games-only]
     python bench/bench_plazing_rw.py --figures [--ref CHECKOUT] [--rounds 3] [--rss-count 1000]
Goals (issue #4): boardgen PDF time <= 2x plain reportlab, >= 20x faster than the HTML route,
<= 30 KB per extra sheet. Issue #12: the whole pad in <= 5 s on 2 cores; issue #15 (fair pads,
a sequential test against printed board N) wins where the two pull apart. The figures printed
here: greedy games/s (CPU time, one core), pad generation wall time, games and candidates per
sheet, peak memory. The shared machine is noisy: report the best of several runs.

--figures (issue #27: solo greedy >= 10,000 games/s on one core, the 100-sheet fair pad <= 5 s, memory
flat): greedy solo games per CPU second on the compiled path and with BOARDGEN_PURE_PYTHON=1, three
ways (a fair pad's batches of games in one kernel call, one `fairness.play_greedy` per game, and
core.playout's runner), the 100-sheet pad's whole command (wall seconds, best of --rounds) and the peak
memory of a --rss-count-sheet pad (the largest process). With --ref, another checkout (e.g. `git
worktree add /tmp/rw-ref <commit>`) is measured in the same run, interleaved, and the ratios printed:
the machine's load moves both alike. Each figure is measured in a fresh interpreter with the code of
its checkout.
"""

from __future__ import annotations

import argparse
import io
import resource
import statistics
import sys
import time
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's generator, installed or not

from reportlab.pdfgen import canvas as rl_canvas  # noqa: E402

from generator.games.plazing_rw.draw import pad_scene  # noqa: E402
from generator.games.plazing_rw.rules import check_board  # noqa: E402
from generator.games.plazing_rw.setup import sheet_setups  # noqa: E402
from generator.render import fonts  # noqa: E402
from generator.render.pdf import pdf_bytes  # noqa: E402
from generator.render.scene import Circle, Item, Line, Polygon, Rect, Scene, Text, Use  # noqa: E402

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


HTML = """<!doctype html><html lang="{{ lang }}"><head><meta charset="utf-8"><style>
@page { size: A4; margin: 10mm 10mm 12mm 10mm; @bottom-right { content: "{{ t.title|safe }} · " counter(page); font-size: 7pt } }
body { font-family: "DejaVu Sans", sans-serif; font-size: 8pt; margin: 0 }
.sheet { width: 190mm; height: 265mm; position: relative; page-break-after: always }
h1 { font-size: 15pt; margin: 0 0 2mm 0 } h1 small { font-size: 11pt; color: #444 }
.player { position: absolute; right: 0; top: 1mm; font-size: 10pt }
.rounds td { width: 10mm; height: 10mm; border: 0.4mm solid #222; border-radius: 1mm; font-size: 6.5pt;
  color: #777; vertical-align: top }
.beach { position: absolute; left: 0; top: 30mm; border-collapse: collapse }
.beach td { width: 12mm; height: 12mm; padding: 0; border: 0.3mm solid #555; background: #fffaf0;
  text-align: center; vertical-align: middle; font-size: 6.5pt }
.beach th { font-size: 8pt; color: #555 } .north td { height: 7mm; border: 0; font-size: 7.5pt }
.sea { background: #9cc9e8 !important } .wood { background: #c9a26b !important }
.obj { background: #8a8a8a !important; color: #fff; font-weight: bold } .blanket { background: repeating-linear-gradient(
  0deg, #b9d7f0 0 2.1mm, #fff 2.1mm 2.5mm) !important } .bar { background: #ffe9a6 !important; color: #8a6a00;
  font-weight: bold; text-align: right !important; vertical-align: top !important }
.panel { position: absolute; left: 138mm; top: 24mm; width: 52mm; border: 0.5mm solid #222; border-radius: 2mm }
.panel h2, .legend h2, .scoring h2 { font-size: 10pt; margin: 1mm; text-align: center }
.slot { border: 0.3mm solid #999; border-radius: 1.2mm; margin: 1.5mm 3mm; height: 13.5mm; position: relative }
.slot .die { position: absolute; left: 2mm; top: 3mm; font-size: 11pt; font-weight: bold; color: #999 }
.shape { border-collapse: collapse; margin: auto } .shape td { width: 5mm; height: 5mm; padding: 0 }
.shape td.f { border: 0.35mm solid #222; background: #fff }
.pair { height: 8mm } .note { font-size: 6.5pt; margin: 1mm 3mm }
.legend { position: absolute; left: 0; top: 165mm; width: 190mm } .legend table { width: 100%; table-layout: fixed }
.legend td.item { border: 0.3mm solid #999; border-radius: 1.2mm; height: 23mm; text-align: center; font-size: 6.5pt }
.pips { font-size: 12pt } .scoring { position: absolute; left: 0; top: 200mm; width: 190mm; height: 55mm;
  border: 0.5mm solid #222; border-radius: 2mm } .scoring h2 { text-align: left; margin: 1mm 3mm }
.box { display: inline-block; width: 11mm; height: 8.5mm; border: 0.4mm solid #222; border-radius: 0.8mm;
  vertical-align: middle; background: #fff } .row { margin: 1.5mm 3mm; white-space: nowrap }
.total { display: inline-block; width: 27mm; height: 11.5mm; border: 0.8mm solid #222; vertical-align: middle }
.small { font-size: 6.5pt } .code { position: absolute; right: 0; top: 266mm; font-size: 7pt; font-weight: bold }
</style></head><body>{% for s in sheets %}{% set b = s.board %}<div class="sheet">
<h1>{{ t.title }} <small>· {{ b.name.get(lang, b.id) }}</small></h1><div class="player">{{ t.player }} __________________</div>
<table class="rounds"><tr><th>{{ t.rounds }}</th>{% for i in range(rounds) %}<td>{{ i + 1 }}</td>{% endfor %}
{% if hard %}<th>{{ t.hard }}</th>{% endif %}</tr></table>
<table class="beach">{% if "north" in b.closed_edges %}<tr class="north"><th></th><td colspan="{{ b.rows[0]|length }}"
 class="{{ 'sea' if b.north == 'sea' else 'wood' }}">{{ t.sea if b.north == 'sea' else t.boardwalk }}</td></tr>
{% else %}<tr class="north"><th></th><td colspan="{{ b.rows[0]|length }}" style="text-align:right">{{ t.edges_open }}</td></tr>
{% endif %}{% for row in b.rows %}{% set y = loop.index %}<tr><th>{{ y }}</th>{% for c in row %}{% if c == "#" %}
<td class="obj">{{ (t.bar_building if b.bar_points else t.pier)|upper }}</td>{% elif c == "B" %}<td class="blanket"></td>
{% elif c == "$" %}<td class="bar">+{{ b.bar_points }}</td>{% elif c in icons %}<td>{{ icons[c] }}</td>{% else %}<td></td>
{% endif %}{% endfor %}</tr>{% endfor %}<tr><th></th>{% for x in range(b.rows[0]|length) %}<th>{{ columns[x] }}</th>
{% endfor %}</tr></table>
<div class="panel"><h2>{{ t.special }}</h2>{% for sh in screens %}<div class="slot"><span class="die">{{ sh.die }}</span>
{{ shape_html(sh.cells) }}</div>{% endfor %}{% for _ in range(pairs) %}<div class="slot pair">{{ shape_html(odd2) }}</div>
{% endfor %}<div class="note">{{ t.special_note.format(max_screens=max_screens, pairs=pairs) }}</div></div>
<div class="legend"><h2 style="text-align:left">{{ t.legend }}</h2><table><tr>{% for sh in legend %}<td class="item">
<div class="pips">{{ pips[sh.die] if sh.die else "★" }}</div>{{ shape_html(sh.cells) }}<div>{{ sh.name[lang] }}</div></td>
{% endfor %}</tr></table><div class="small">{{ t.touch }}</div></div>
<div class="scoring"><h2>{{ t.scoring }} <span class="small">{{ t.resource_rule.format(limit=limit) }}</span></h2>
<div class="row">{% for k in kinds %}{{ icons[k[0]] }} {{ res[k][lang] }} <span class="box"></span> = <span class="box"></span>
&nbsp; {% endfor %}{{ t.sets }} ×{{ set_bonus }} = <span class="box"></span></div>
<div class="row small">{{ t.table }}: {{ table }}</div>
<div class="row"><b>{{ t.areas }}</b> {% for n in range(1, area_max + 1) %}{{ n }} × <span class="box"></span> =
<span class="box"></span> &nbsp; {% endfor %}</div><div class="row small">{{ t.area_rule.format(area_max=area_max) }}</div>
<div class="row">{% if b.bar_points %}<span class="bar">+{{ b.bar_points }}</span> {{ t.bar }} × <span class="box"></span> =
<span class="box"></span> &nbsp; {% endif %}{{ t.unused }} <span class="small">({{ t.unused_note }})</span>
<span class="box"></span> &nbsp; <b>{{ t.total }}</b> <span class="total"></span></div></div>
<div class="code">{{ t.code }} {{ s.code }}</div></div>{% endfor %}</body></html>"""  # noqa: E501

ICON_SVG = {  # the sheet's resource and waste icons (draw.py), as inline SVG
    "a": '<svg width="6mm" height="6mm" viewBox="0 0 6 6"><polygon points="3,0.4 5.4,1.8 5.6,4.2 3.2,5.6 0.8,4.6 '
         '0.5,2" fill="#e89a1c" stroke="#9a5a00" stroke-width="0.3"/></svg>',
    "s": '<svg width="6mm" height="6mm" viewBox="0 0 6 6"><polygon points="3,5.6 0.3,2.6 0.9,1.2 2,0.4 4,0.4 5.1,1.2 '
         '5.7,2.6" fill="#e7a7b4" stroke="#a0506a" stroke-width="0.3"/><path d="M3 5.4L1.2 .9M3 5.4L2.3 .9M3 5.4L3.7 '
         '.9M3 5.4L4.8 .9" stroke="#a0506a" stroke-width="0.25"/></svg>',
    "p": '<svg width="6mm" height="6mm" viewBox="0 0 6 6"><polygon points="1,2 2.6,0.9 4.6,1.1 5.7,2.7 5,4.7 2.8,5.3 '
         '0.7,4.2" fill="#8c9299" stroke="#4d5358" stroke-width="0.3"/></svg>',
    "x": '<svg width="8mm" height="8mm" viewBox="0 0 8 8"><circle cx="4" cy="4" r="3.6" fill="#f3e3dc" '
         'stroke="#6b3b2a" stroke-width="0.5"/><path d="M1.7 1.7L6.3 6.3M6.3 1.7L1.7 6.3" stroke="#6b3b2a" '
         'stroke-width="0.9"/></svg>',
}


def html_pad(sheets: list, lang: str = "pl", hard: bool = False) -> str:
    """The same pad as one jinja2 HTML page: grid, round track, panels, legend, scoring boxes and codes."""
    import jinja2
    from markupsafe import Markup

    from generator.games.plazing_rw.draw import texts
    from generator.games.plazing_rw.model import KINDS, catalog, scoring
    from generator.games.plazing_rw.rules import COLUMNS, resource_area_limit

    cat, sc = catalog(), scoring()

    def shape_html(cells: frozenset) -> Markup:
        w = max(x for x, _ in cells) + 1
        h = max(y for _, y in cells) + 1
        if h > w:
            cells, w, h = frozenset((y, x) for x, y in cells), h, w
        rows = "".join("<tr>" + "".join(f'<td class="{"f" if (x, y) in cells else ""}"></td>' for x in range(w))
                       + "</tr>" for y in range(h))
        return Markup(f'<table class="shape">{rows}</table>')

    icons = {c: Markup(v) for c, v in ICON_SVG.items()}
    icons.update({k: icons[k[0]] for k in KINDS})
    env = jinja2.Environment(autoescape=True)
    return env.from_string(HTML).render(
        sheets=sheets, lang=lang, hard=hard, t=texts(lang), rounds=cat.rounds, columns=COLUMNS, icons=icons,
        screens=cat.screens, pairs=cat.odd_pairs, odd2=frozenset({(0, 0), (2, 0)}), max_screens=cat.max_screens,
        legend=[cat.by_die(f) for f in cat.die_faces] + [cat.odd], pips={i: "⚀⚁⚂⚃⚄⚅"[i - 1] for i in range(1, 7)},
        shape_html=shape_html, limit=resource_area_limit(hard, sc), kinds=KINDS, res=sc.resources,
        set_bonus=sc.set_bonus, table="  ".join(f"{n}:{p}" for n, p in enumerate(sc.resource_table, start=1)),
        area_max=sc.area_max)


def greedy_rate(games: int = 60, repeat: int = 3) -> tuple[float, float]:
    """Greedy solo games per CPU second (best of `repeat`) on board 1 and on eight random
    candidate boards (the fairness test's inner loop)."""
    from generator.games.plazing_rw.fairness import crn_seed, play_greedy
    from generator.games.plazing_rw.model import boards
    from generator.games.plazing_rw.setup import random_board

    randoms = [random_board(s, balance=False)[0] for s in range(1, 9)]
    best_printed = best_random = 0.0
    for _ in range(repeat):
        t0 = time.process_time()
        for i in range(games):
            play_greedy(boards()["1"], crn_seed(i))
        best_printed = max(best_printed, games / (time.process_time() - t0))
        t0 = time.process_time()
        for i in range(games):
            play_greedy(randoms[i % 8], crn_seed(i))
        best_random = max(best_random, games / (time.process_time() - t0))
    return best_printed, best_random


# one checkout's games/s (run in a fresh interpreter in that checkout: argv = games, pure-path games)
_RATES = """
import inspect, json, sys, time
import numpy as np
from generator.core import jit
from generator.core.playout import run_playouts
from generator.games.plazing_rw import bots
from generator.games.plazing_rw.engine import new_game
from generator.games.plazing_rw.fairness import crn_seed, play_greedy
from generator.games.plazing_rw.model import boards
from generator.games.plazing_rw.setup import random_board

games = int(sys.argv[2 if jit.PURE_PYTHON else 1])
beaches = [boards()["1"]] + [random_board(s, balance=False)[0] for s in range(1, 8)]
seeds = [crn_seed(i) for i in range(games)]
streams = [bots.game_stream(s) for s in seeds]
if "words" in inspect.signature(bots.greedy_scores).parameters:  # the dice and words as arrays
    dice, words = np.array([d for d, _w in streams], np.int64), np.stack([w for _d, w in streams])
    batch = lambda b: bots.greedy_scores(b, seeds, dice, words)
else:
    batch = lambda b: bots.greedy_scores(b, seeds, streams)
make = lambda rng: new_game(beaches[0], rng)
batch(beaches[0])  # load (or compile) every entry point measured
play_greedy(beaches[0], seeds[0])
run_playouts(make, 2, 1, "greedy")

def per_cpu_second(step, n):  # the best of repeats filling at least a CPU second (a busy spell slows one)
    best, spent = 0.0, 0.0
    while spent < 1.0:
        t = time.process_time()
        step()
        took = time.process_time() - t
        best, spent = max(best, n / took), spent + took
    return best

out = {"pure": jit.PURE_PYTHON, "games": games, "scores": sum(sum(batch(b)) for b in beaches)}
out["batch"] = per_cpu_second(lambda: [batch(b) for b in beaches], games * len(beaches))
out["per_game"] = per_cpu_second(lambda: [play_greedy(b, s) for b in beaches for s in seeds], games * len(beaches))
out["runner"] = per_cpu_second(lambda: run_playouts(make, games, 1, "greedy"), games)
print(json.dumps(out))
"""

PAD = ["plazing-rw", "sheet", "--board", "random", "--seed", "1"]


def _env(root: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    import os

    return {**{k: v for k, v in os.environ.items() if k != "BOARDGEN_PURE_PYTHON"}, "PYTHONPATH": str(root),
            **(extra or {})}


def _child(root: Path, args: list[str], env: dict[str, str] | None = None) -> tuple[str, float]:
    """(stdout, wall seconds) of one `python ARGS` run in `root` with that checkout's code."""
    import subprocess

    t = time.perf_counter()
    res = subprocess.run([sys.executable, *args], cwd=root, env=_env(root, env), capture_output=True, text=True)
    wall = time.perf_counter() - t
    if res.returncode:
        raise RuntimeError(f"{root}: {' '.join(args[:4])} failed: {res.stderr.strip()[-500:]}")
    return res.stdout, wall


def rates(root: Path, games: int, pure_games: int) -> dict[str, dict]:
    """The games/s figures of the checkout `root`, compiled and pure."""
    import json

    got = {}
    for name, env in (("compiled", {}), ("pure", {"BOARDGEN_PURE_PYTHON": "1"})):
        out, _wall = _child(root, ["-c", _RATES, str(games), str(pure_games)], env)
        got[name] = json.loads(out.strip().splitlines()[-1])
    return got


def pad_seconds(root: Path, count: int, tmp: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the command and its workers) of the whole `boardgen plazing-rw
    sheet --board random --count COUNT` command. On a busy machine the wall time says more about the
    other loads than about the code; the CPU time does not."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = _child(root, ["-m", "generator", *PAD, "--count", str(count), "--out", str(tmp / "pad")])[1]
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def pad_rss(root: Path, count: int, tmp: Path) -> float:
    """Peak RSS (MB) of the largest process of a COUNT-sheet pad (the command or one of its workers):
    the child's own maximum from wait4, which covers the workers it waited for."""
    import os
    import subprocess

    args = ["-m", "generator", *PAD, "--count", str(count), "--out", str(tmp / "rss")]
    proc = subprocess.Popen([sys.executable, *args], cwd=root, env=_env(root), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise RuntimeError(f"{root}: the {count}-sheet pad failed")
    return usage.ru_maxrss / 1024


def figures(args: argparse.Namespace) -> None:
    import os
    import tempfile

    roots = {"this": Path(__file__).resolve().parent.parent}
    if args.ref:
        roots["ref"] = Path(args.ref).resolve()
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    best: dict[str, dict[str, float]] = {k: {} for k in roots}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(args.rounds):
            for name, root in roots.items():  # interleaved: a busy spell slows both
                r = {} if args.pads_only else rates(root, args.games, args.pure_games)
                for path in r:
                    for way in ("batch", "per_game", "runner"):
                        key = f"{path} {way}"
                        best[name][key] = max(best[name].get(key, 0.0), r[path][way])
                    best[name][f"{path} scores"] = r[path]["scores"]
                wall, cpu = pad_seconds(root, args.count, Path(tmp))
                best[name]["pad"] = min(best[name].get("pad", 1e9), wall)
                best[name]["pad cpu"] = min(best[name].get("pad cpu", 1e9), cpu)
        for name, root in roots.items():
            if not args.pads_only:
                best[name]["rss"] = pad_rss(root, args.rss_count, Path(tmp))
                best[name]["rss100"] = pad_rss(root, args.count, Path(tmp))
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    labels = [("compiled batch", "greedy solo games/s, compiled, a pad's batches (one kernel call)", "{:,.0f}"),
              ("compiled per_game", "greedy solo games/s, compiled, fairness.play_greedy per game", "{:,.0f}"),
              ("compiled runner", "greedy solo games/s, compiled, core.playout runner", "{:,.0f}"),
              ("pure batch", "greedy solo games/s, BOARDGEN_PURE_PYTHON=1, batches", "{:,.1f}"),
              ("pure per_game", "greedy solo games/s, BOARDGEN_PURE_PYTHON=1, per game", "{:,.1f}"),
              ("pure runner", "greedy solo games/s, BOARDGEN_PURE_PYTHON=1, runner", "{:,.1f}"),
              ("pad", f"{args.count}-sheet fair random pad, whole command, wall s (best of {args.rounds})", "{:.2f}"),
              ("pad cpu", f"{args.count}-sheet fair random pad, whole command, CPU s (best of {args.rounds})",
               "{:.2f}"),
              ("rss100", f"{args.count}-sheet pad, peak RSS MB (largest process)", "{:.0f}"),
              ("rss", f"{args.rss_count}-sheet pad, peak RSS MB (largest process)", "{:.0f}")]
    head = f"{'figure':<78} {'this':>10}" + (f" {'ref':>10} {'this/ref':>9}" if "ref" in best else "")
    print(head)
    for key, label, fmt in labels:
        if key not in best["this"]:
            continue
        row = f"{label:<78} {fmt.format(best['this'][key]):>10}"
        if "ref" in best:
            row += f" {fmt.format(best['ref'][key]):>10} {best['this'][key] / best['ref'][key]:>8.2f}x"
        print(row)
    for path in ("compiled", "pure"):
        if f"{path} scores" not in best["this"]:
            continue
        same = "ref" not in best or best["this"][f"{path} scores"] == best["ref"][f"{path} scores"]
        print(f"{path}: sum of the batch scores {best['this'][f'{path} scores']}"
              + ("" if "ref" not in best else (" (the same games as ref)" if same else " (DIFFERENT from ref)")))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    ap.add_argument("--difficulty", type=int, default=1)
    ap.add_argument("--games-only", action="store_true", help="only the pad generation figures, no PDF")
    ap.add_argument("--figures", action="store_true", help="issue #27's figures (module doc) instead")
    ap.add_argument("--ref", help="with --figures: another checkout measured in the same run")
    ap.add_argument("--rounds", type=int, default=3, help="with --figures: interleaved rounds, best kept")
    ap.add_argument("--games", type=int, default=400, help="with --figures: compiled games per beach")
    ap.add_argument("--pure-games", type=int, default=6, help="with --figures: plain-Python games per beach")
    ap.add_argument("--rss-count", type=int, default=1000, help="with --figures: the sheets of the memory pad")
    ap.add_argument("--pads-only", action="store_true", help="with --figures: only the pad's time")
    args = ap.parse_args()
    if args.figures:
        figures(args)
        return
    opts = {"board": "random", "hard": False, "features": "random", "difficulty": args.difficulty}

    printed, randoms = greedy_rate()
    print(f"greedy solo games: board 1 {printed:.0f}, random boards {randoms:.0f} per CPU second (best of 3)")
    t0 = time.perf_counter()
    cpu0 = time.process_time() + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    sheets = sheet_setups(opts, args.seed, args.count, jobs=args.jobs)  # generation + legality + fairness
    t_gen = time.perf_counter() - t0
    cpu = time.process_time() + resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - cpu0
    bal = [s.balance for s in sheets if s.balance]
    played = [b["games_played"] for b in bal]
    print(f"plazing-rw: {args.count} random sheets, difficulty {args.difficulty}, jobs {args.jobs or 'all'}: "
          f"{t_gen:.1f} s ({args.count / t_gen:.2f} sheets/s)")
    print(f"  per sheet: {statistics.fmean(played):.0f} greedy games (max {max(played)}), "
          f"{statistics.fmean(b['candidates'] for b in bal):.1f} candidates made, "
          f"{statistics.fmean(b.get('tested', b['candidates']) for b in bal):.1f} played, accepted after "
          f"{statistics.fmean(b['games'] for b in bal):.0f} games; estimates "
          f"{min(b['estimate'] for b in bal)}..{max(b['estimate'] for b in bal)} "
          f"(target {bal[0]['target']}, band {bal[0]['band']})")
    print(f"  CPU: {cpu:.1f} s in all, {cpu / args.count:.2f} s per sheet, {sum(played) / cpu:.0f} greedy games per "
          f"CPU second in the pad (on a quiet 2-core machine the wall time is about half the CPU time; "
          f"the cores were busy {cpu / t_gen:.2f}x the wall time)")
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"  peak memory: this process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB, "
          f"largest worker {children:.0f} MB")
    if args.games_only:
        return
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
    print(f"  generation + fairness test:                    {t_gen:7.2f} s")
    print(f"  validation (check_board):                     {t_check:7.3f} s")
    print(f"  scene:                                         {t_scene:7.3f} s")
    print(f"  PDF (Form XObjects):                           {t_pdf:7.3f} s, {len(pdf):,} bytes, "
          f"{per_extra / 1024:.1f} KB per extra sheet (goal <= 30 KB)")
    print(f"  plain reportlab, same content:                 {t_plain:7.3f} s, {len(plain):,} bytes")
    print(f"  ratio boardgen/plain reportlab (scene+PDF):    {(t_scene + t_pdf) / t_plain:7.2f}x (goal <= 2x)")
    try:
        import weasyprint  # type: ignore[import-not-found]
    except ImportError:
        print("  HTML route (jinja2 + WeasyPrint): WeasyPrint not installed, skipped")
        return
    t0 = time.perf_counter()
    html = html_pad(sheets)
    t_jinja = time.perf_counter() - t0
    doc = weasyprint.HTML(string=html).render()
    html_pdf = doc.write_pdf()
    t_html = time.perf_counter() - t0
    print(f"  HTML route (jinja2 {t_jinja:.2f} s + WeasyPrint {weasyprint.__version__}): {t_html:7.3f} s, "
          f"{len(html_pdf):,} bytes, {len(doc.pages)} pages "
          f"({t_html / (t_scene + t_pdf):.0f}x slower than boardgen scene+PDF; goal >= 20x)")


if __name__ == "__main__":
    main()
