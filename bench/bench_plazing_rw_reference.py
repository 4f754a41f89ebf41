"""Recompute the reference means of Plażing roll&write boards 1-4 (data/reference.toml).

Each printed board is played solo by the greedy bot on the shared dice streams (common random
numbers, `fairness.crn_seed(i)`), `--games` games per board and variant (hard, mirror); the file
keeps the mean, the standard deviation, the number of games and the first `max_games` scores
(the candidate boards of a pad are compared game by game with those). Run it after any change
that bumps `engine.ENGINE_VERSION`:

    python bench/bench_plazing_rw_reference.py [--games 1000] [--jobs N] [--check]

`--check` recomputes and compares with the stored file instead of writing it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from generator.core.parallel import map_jobs
from generator.games.plazing_rw.engine import ENGINE_VERSION
from generator.games.plazing_rw.fairness import REFERENCE_FILE, crn_seed, params, score_games
from generator.games.plazing_rw.model import boards

CHUNK = 50


def _chunk(job: tuple[str, bool, bool, int, int]) -> list[int]:
    board, hard, mirror, start, stop = job
    return score_games(boards()[board], [crn_seed(i) for i in range(start, stop)], hard, mirror)


def measure(games: int, jobs: int | None) -> list[dict[str, object]]:
    variants = [(b, hard, mirror) for b in boards() for hard in (False, True) for mirror in (False, True)]
    work = [(b, h, m, s, min(games, s + CHUNK)) for b, h, m in variants for s in range(0, games, CHUNK)]
    done = map_jobs(_chunk, work, jobs)
    out = []
    for b, h, m in variants:
        scores = [x for (wb, wh, wm, _s, _e), part in zip(work, done, strict=True) if (wb, wh, wm) == (b, h, m)
                  for x in part]
        out.append({"board": b, "hard": h, "mirror": m, "games": len(scores),
                    "mean": round(statistics.fmean(scores), 4), "sd": round(statistics.stdev(scores), 4),
                    "scores": scores[: int(params()["max_games"])]})
    return out


def to_toml(refs: list[dict[str, object]], games: int) -> str:
    lines = ["# Reference greedy solo scores of the printed boards 1-4 (difficulty targets of random pads).",
             "# Written by bench/bench_plazing_rw_reference.py; do not edit by hand. Game i of every board",
             "# uses dice stream i (fairness.crn_seed); `scores` keeps the first max_games games.",
             f'engine_version = "{ENGINE_VERSION}"', f"games = {games}", ""]
    for r in refs:
        scores = ", ".join(str(x) for x in r["scores"])  # type: ignore[attr-defined]
        lines += ["[[reference]]", f'board = "{r["board"]}"', f"hard = {str(r['hard']).lower()}",
                  f"mirror = {str(r['mirror']).lower()}", f"games = {r['games']}", f"mean = {r['mean']}",
                  f"sd = {r['sd']}", f"scores = [{scores}]", ""]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--check", action="store_true", help="compare with the stored file, do not write")
    args = ap.parse_args()
    t0 = time.perf_counter()
    refs = measure(args.games, args.jobs)
    dt = time.perf_counter() - t0
    total = args.games * len(refs)
    print(f"{total} greedy games in {dt:.1f} s ({total / dt:.0f} games/s)")
    for r in refs:
        print(f"  board {r['board']} hard={r['hard']!s:5} mirror={r['mirror']!s:5}: mean {r['mean']:.2f} "
              f"sd {r['sd']:.2f} over {r['games']} games")
    if args.check:
        from generator.games.plazing_rw.fairness import references
        stored = references()
        bad = [r for r in refs if stored[(r["board"], r["hard"], r["mirror"])].scores[:50]  # type: ignore[index]
               != tuple(r["scores"][:50])]  # type: ignore[index]
        print("stored reference matches" if not bad else f"{len(bad)} references differ: rerun without --check")
        sys.exit(1 if bad else 0)
    REFERENCE_FILE.write_text(to_toml(refs, args.games), encoding="utf-8")
    print(f"wrote {REFERENCE_FILE}")


if __name__ == "__main__":
    main()
