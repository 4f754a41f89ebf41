"""A cheap forecast of a beach's greedy solo mean from what is printed on it, to choose which
random candidates the fairness test plays first.

The sequential test (fairness.py) is the only judge of a board: a board is accepted only when its
own games show it inside the band, with the test's stated error rate. The forecast only orders
and screens candidates: a pad asks for a batch of legal candidates, plays the ones forecast
nearest the target first and never plays the ones forecast far outside the band. That changes
which boards are offered to the test (more of them near the target), never what an acceptance
means; a good board screened out only costs another candidate.

The forecast is linear in a few board features (below), with coefficients fitted on candidate
boards by `bench/bench_plazing_rw_reference.py --predictor` for one engine version and stored in
data/predictor.toml with the number of boards and games behind them and the forecast's measured
error (held-out boards), which the screen's margin is measured in.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.core.checks import GenerationError
from generator.core.data import load_toml

from .engine import ENGINE_VERSION
from .model import DATA, Board
from .rules import closable_area, resource_area_limit

PREDICTOR_FILE = DATA / "predictor.toml"
FEATURES = ("sea", "bar", "blankets", "waste", "walls", "resources", "enclose_cost", "cheap", "near_walls",
            "rim")


def features(board: Board) -> dict[str, float]:
    """What makes a beach easy or hard for the greedy bot, read off the board alone:

    * sea / bar: a closed north edge (sea with its pier, or the bar) closes areas for free;
    * blankets, walls (objects and printed blankets): more walls, more areas closed by chance;
    * waste: an area holding waste scores nothing;
    * enclose_cost: per resource, the drawable squares round its smallest scoring closed area
      (what must be drawn to collect it), averaged; cheap: resources that need at most 4;
    * near_walls: resources next to a wall; rim: resources next to an open edge (never closable
      on that side).
    """
    g = board.grid
    res = board.all_resources
    walls = board.walls
    limit = resource_area_limit(False)
    costs = []
    for x, y in g.cells(res):
        area = closable_area(board, g.bit(x, y), limit)
        ring = g.grow4(area) & ~area if area else 0
        costs.append((ring & board.drawable).bit_count() if area else 4 * limit)
    open_edge = board.open_edge
    return {
        "sea": float("north" in board.closed_edges and not board.bar),
        "bar": float(bool(board.bar)),
        "blankets": board.squares("B").bit_count() / 2,
        "waste": float(board.waste.bit_count()),
        "walls": float(walls.bit_count()),
        "resources": float(res.bit_count()),
        "enclose_cost": sum(costs) / len(costs) if costs else 0.0,
        "cheap": float(sum(c <= 4 for c in costs)),
        "near_walls": float((g.grow8(walls) & res).bit_count()),
        "rim": float((g.grow4(open_edge) & ~open_edge & res).bit_count()),
    }


@dataclass(frozen=True)
class Predictor:
    """mean ≈ intercept + Σ coefficient·feature; `error` is the held-out forecast error (sd)."""

    intercept: float
    coefficients: dict[str, float]
    error: float
    boards: int
    games: int

    def predict(self, board: Board) -> float:
        f = features(board)
        return self.intercept + sum(c * f[k] for k, c in self.coefficients.items())


@cache
def predictor() -> Predictor:
    doc = load_toml(PREDICTOR_FILE)
    if doc.get("engine_version") != ENGINE_VERSION:
        raise GenerationError(f"{PREDICTOR_FILE.name} was fitted with engine {doc.get('engine_version')!r}, "
                              f"this is {ENGINE_VERSION!r}: run bench/bench_plazing_rw_reference.py --predictor")
    coef = {str(k): float(v) for k, v in doc["coefficients"].items()}
    unknown = set(coef) - set(FEATURES)
    if unknown:
        raise GenerationError(f"{PREDICTOR_FILE.name}: unknown features {sorted(unknown)}")
    return Predictor(float(doc["intercept"]), coef, float(doc["error"]), int(doc["boards"]), int(doc["games"]))


def fit(rows: list[tuple[dict[str, float], float]], ridge: float = 1e-3) -> tuple[float, dict[str, float]]:
    """Least squares (a whisker of ridge for collinear features) of mean on features: (intercept, coefficients)."""
    names = list(FEATURES)
    xs = [[1.0] + [f[k] for k in names] for f, _m in rows]
    ys = [m for _f, m in rows]
    n = len(names) + 1
    a = [[sum(x[i] * x[j] for x in xs) + (ridge if i == j else 0.0) for j in range(n)]
         + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))] for i in range(n)]
    for c in range(n):  # Gauss-Jordan with partial pivoting
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c] / a[c][c]
                a[r] = [u - f * v for u, v in zip(a[r], a[c], strict=True)]
    beta = [a[i][n] / a[i][i] for i in range(n)]
    return beta[0], dict(zip(names, beta[1:], strict=True))
