"""Recompute the reference means of Plażing roll&write boards 1-4 (data/reference.toml).

Each printed board is played solo by the greedy bot on the shared dice streams (common random
numbers, `fairness.crn_seed(i)`), `--games` games per board and variant (hard, mirror); the file
keeps the mean, the standard deviation, the number of games and the first `max_games` scores
(the candidate boards of a pad are compared game by game with those). Run it after any change
that bumps `engine.ENGINE_VERSION`:

    python bench/bench_plazing_rw_reference.py [--games 1000] [--jobs N] [--check]
    python bench/bench_plazing_rw_reference.py --predictor [--games 48] [--boards 120] [--data FILE]

`--check` recomputes and compares with the stored file instead of writing it. `--predictor`
refits the board-feature forecast of the greedy mean (predict.py, data/predictor.toml) that
orders a pad's candidates: the legal candidates of seeds 7000.. (first three tries each) for
every difficulty, `--games` greedy games each on the shared dice, one fit per difficulty; it
prints each forecast's held-out error (two-fold) and stores it with the coefficients.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's generator, installed or not

from generator.core.parallel import map_jobs  # noqa: E402
from generator.core.rng import make_rng  # noqa: E402
from generator.games.plazing_rw import predict  # noqa: E402
from generator.games.plazing_rw import setup as rw_setup  # noqa: E402
from generator.games.plazing_rw.engine import ENGINE_VERSION  # noqa: E402
from generator.games.plazing_rw.fairness import REFERENCE_FILE, crn_seed, params, score_games  # noqa: E402
from generator.games.plazing_rw.model import boards  # noqa: E402
from generator.games.plazing_rw.rules import check_board  # noqa: E402

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


def _candidates_job(job: tuple[int, int, int]) -> list[dict[str, object]]:
    """The legal candidates of one seed's first three tries at one difficulty, with their greedy scores."""
    difficulty, seed, games = job
    gen = rw_setup.generation_params(difficulty)
    out: list[dict[str, object]] = []
    for attempt in range(3):
        rng = make_rng(seed, "plazing-rw", "board", str(attempt))
        mask = rw_setup._choose_features(rng, "random", gen)
        b = rw_setup.candidate(rng, mask, gen, board_id="fit")
        if b is None or not check_board(b).ok:
            continue
        out.append({"d": difficulty, "rows": list(b.rows), "edges": list(b.closed_edges), "bar": b.bar_points,
                    "scores": score_games(b, [crn_seed(i) for i in range(games)], False, False)})
    return out


def measure_candidates(games: int, per_difficulty: int, jobs: int | None, first_seed: int = 7000) -> list[dict]:
    work = [(d, first_seed + s, games) for s in range(per_difficulty) for d in (1, 2, 3, 4)]
    return [r for part in map_jobs(_candidates_job, work, jobs) for r in part]


RIDGE = 1.0  # on coefficients of features a few units wide, over a few hundred boards: mild


def fit_predictor(data: list[dict]) -> str:
    """Fit the forecast of every difficulty on that difficulty's measured candidates (`data`, as
    `measure_candidates` returns them), return data/predictor.toml's text."""
    from generator.games.plazing_rw.model import Board

    games = min(len(r["scores"]) for r in data)
    lines = ["# Forecast of a beach's greedy solo mean from its board features (predict.py), per difficulty:",
             "# which random candidates a pad plays first. Written by bench/bench_plazing_rw_reference.py",
             "# --predictor; do not edit by hand. `error` is the forecast's held-out error (sd, points).",
             f'engine_version = "{ENGINE_VERSION}"', f"games = {games}", ""]
    rows: dict[int, list[tuple[dict[str, float], float]]] = {d: [] for d in (1, 2, 3, 4)}
    noise_vars: dict[int, list[float]] = {d: [] for d in (1, 2, 3, 4)}
    for r in data:
        scores = r["scores"][:games]
        board = Board(id="fit", rows=tuple(r["rows"]), closed_edges=tuple(r["edges"]), bar_points=r["bar"])
        rows[r["d"]].append((predict.features(board), statistics.fmean(scores)))
        noise_vars[r["d"]].append(statistics.variance(scores) / games)

    def held_out(train: dict[int, list], d: int) -> float:
        """Two-fold held-out error on difficulty d's boards of a fit on `train`'s difficulties."""
        errors = []
        for k in (0, 1):
            a, coef = predict.fit([x for dd in train for x in train[dd][k::2]], RIDGE)
            errors += [m - a - sum(c * f[n] for n, c in coef.items()) for f, m in rows[d][1 - k::2]]
        # a mean of `games` games is itself noisy: take that share of the held-out spread out
        return max(0.5, (statistics.fmean(e * e for e in errors) - statistics.fmean(noise_vars[d])) ** 0.5)

    for d in (1, 2, 3, 4):
        # its own candidates' fit, or the fit on every difficulty's when that forecasts them better
        own, pooled = held_out({d: rows[d]}, d), held_out(rows, d)
        train = rows[d] if own <= pooled else [x for dd in rows for x in rows[dd]]
        error = min(own, pooled)
        intercept, coef = predict.fit(train, RIDGE)
        spread = statistics.pstdev(m for _f, m in rows[d])
        print(f"difficulty {d}: forecast fitted on {len(train)} candidates x {games} games "
              f"({'its own' if own <= pooled else 'every difficulty'}'s): held-out error {error:.2f} "
              f"(own fit {own:.2f}, pooled {pooled:.2f}; the candidates' means spread {spread:.2f})")
        lines += [f"[difficulty.{d}]", f"boards = {len(train)}", f"error = {error:.3f}",
                  f"intercept = {intercept:.4f}", "", f"[difficulty.{d}.coefficients]"]
        lines += [f"{k} = {v:.4f}" for k, v in coef.items()] + [""]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--check", action="store_true", help="compare with the stored file, do not write")
    ap.add_argument("--predictor", action="store_true", help="refit data/predictor.toml instead")
    ap.add_argument("--boards", type=int, default=120, help="--predictor: seeds per difficulty")
    ap.add_argument("--data", type=Path, default=None,
                    help="--predictor: the measured candidates' JSON; read it if it exists (refit without "
                         "replaying), else measure and write it")
    args = ap.parse_args()
    if args.predictor:
        t0 = time.perf_counter()
        if args.data is not None and args.data.is_file():
            data = json.loads(args.data.read_text(encoding="utf-8"))
        else:
            data = measure_candidates(48 if args.games == 1000 else args.games, args.boards, args.jobs)
            if args.data is not None:
                args.data.write_text(json.dumps(data), encoding="utf-8")
        text = fit_predictor(data)
        predict.PREDICTOR_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {predict.PREDICTOR_FILE} in {time.perf_counter() - t0:.0f} s")
        return
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
