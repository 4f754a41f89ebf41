"""Plażing setups generated and checked per second, and the time and size of board.pdf.

Run: python bench/bench_plazing_setup.py [--seconds 3] [--setups-only]
Prints figures only; nothing here is a test (tests never assert on time).
Goal (issue #12): >= 3,000 setups/s with every expansion, in CPU time of one process.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # measure this checkout, not an installed copy
import statistics
import tempfile
import time
from pathlib import Path

from generator.games.plazing.draw import board_scene, events_scene
from generator.games.plazing.model import Options
from generator.games.plazing.rules import check
from generator.games.plazing.setup import code_for, generate
from generator.render.layout import get_paper
from generator.render.pdf import write_pdf
from generator.render.png import write_png


def rate(options: Options, seconds: float, rounds: int = 5) -> tuple[float, float, float, int]:
    """Setups per second: the best CPU-time rate (one process, time.process_time), the best and the
    median wall-clock rate, over `rounds` runs of `seconds / rounds` each.

    The machine is shared (both clocks swing by ±30 % from run to run), so the best run is the
    figure for the code and the median wall rate the figure for a busy machine.
    """
    cpu_rates, rates, total, seed = [], [], 0, 0
    for _ in range(rounds):
        n, start, cpu = 0, time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds / rounds:
            setup = generate(options, seed)  # generate() runs check() on what it returns
            n += 1
            seed += 1
        cpu_rates.append(n / max(time.process_time() - cpu, 1e-9))
        rates.append(n / (time.perf_counter() - start))
        total += n
    assert check(setup).ok
    return max(cpu_rates), max(rates), statistics.median(rates), total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--setups-only", action="store_true", help="skip the PDF and PNG timings")
    args = ap.parse_args()
    cases = {
        "4p, every expansion": Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True,
                                       extra_tiles=True),
        "4p, base game": Options(players=4),
        "2p, clean beach": Options(players=2, clean_beach=True),
    }
    for label, options in cases.items():
        cpu, best, median, n = rate(options, args.seconds)
        print(f"setups generated+checked/s ({label}): CPU best {cpu:,.0f}, wall best {best:,.0f}, "
              f"wall median {median:,.0f} ({n} setups)")
    if args.setups_only:
        return
    options = cases["4p, every expansion"]
    setup = generate(options, 1)
    code = code_for(options, 1)
    with tempfile.TemporaryDirectory() as tmp:
        for paper in ("a4", "letter"):
            runs = 5
            start = time.perf_counter()
            for _ in range(runs):
                scene = board_scene(setup, code, get_paper(paper), "pl")
                size = write_pdf(scene, Path(tmp) / "board.pdf")
            t = (time.perf_counter() - start) / runs
            pages = len(scene.pages)
            print(f"board.pdf ({paper}): {t * 1000:.0f} ms, {size:,} bytes, {pages} pages, "
                  f"{size / pages / 1024:.1f} KB/page, {pages / t:.0f} pages/s")
        start = time.perf_counter()
        ev = events_scene(setup, code, get_paper("a4"), "pl")
        size = write_pdf(ev, Path(tmp) / "events.pdf")
        t = time.perf_counter() - start
        print(f"events.pdf (26 cards, a4): {t * 1000:.0f} ms, {size:,} bytes, {len(ev.pages)} pages, "
              f"{size / len(ev.pages) / 1024:.1f} KB/page")
        start = time.perf_counter()
        over = next(i for i, p in enumerate(scene.pages) if p.label.startswith("overview"))
        write_png(scene, over, Path(tmp) / "board.png", dpi=90)
        print(f"board.png preview (90 dpi): {(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
