"""A cheap forecast of a beach's greedy solo mean from what is printed on it, to choose which
random candidates the fairness test plays first.

The sequential test (fairness.py) is the only judge of a board: a board is accepted only when its
own games show it inside the band, with the test's stated error rate. The forecast only orders
and screens candidates: a pad asks for a batch of legal candidates, plays the ones forecast
nearest the target first and never plays the ones forecast far outside the band. That changes
which boards are offered to the test (more of them near the target), never what an acceptance
means; a good board screened out only costs another candidate.

The forecast is linear in board features (below), with coefficients fitted per difficulty on
that difficulty's candidate boards (their feature mixes differ: a one-size fit forecast board-4
candidates, all full of waste, worse) by `bench/bench_plazing_rw_reference.py --predictor` for
one engine version and stored in data/predictor.toml with the number of boards and games behind
them and the forecast's measured error (held-out boards), which the screen's margin is measured in.
Measured held-out error (points, 360 candidates per difficulty x 48 games, the games' own noise
taken out): the ten first features fitted on all difficulties at once 2.1 / 2.0 / 1.8 / 2.1 for
difficulty 1-4; with the interactions below and a fit per difficulty about 1.6 each.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator.core.checks import GenerationError
from generator.core.data import load_toml

from .model import DATA, Board
from .rules import closable_area, resource_area_limit
from .version import ENGINE_VERSION

PREDICTOR_FILE = DATA / "predictor.toml"
FEATURES = ("sea", "bar", "blankets", "waste", "walls", "resources", "enclose_cost", "cheap", "near_walls",
            "rim", "waste_near", "waste_cost", "walls_near_res", "edge_dist", "blank_cost", "cost_low6",
            "cost_low10", "waste_sq", "bar_squares")


def features(board: Board) -> dict[str, float]:
    """What makes a beach easy or hard for the greedy bot, read off the board alone:

    * sea / bar: a closed north edge (sea with its pier, or the bar) closes areas for free;
    * blankets, walls (objects and printed blankets): more walls, more areas closed by chance;
    * waste: an area holding waste scores nothing;
    * enclose_cost: per resource, the drawable squares round its smallest scoring closed area
      (what must be drawn to collect it), averaged; cheap: resources that need at most 4;
    * near_walls: resources next to a wall; rim: resources next to an open edge (never closable
      on that side);
    * waste_near: resources within two squares of waste (an area round them easily takes waste
      in); walls_near_res: resources edge to edge with a wall; edge_dist: the resources' mean
      distance to the nearest open edge; cost_low6 / cost_low10: the mean enclosing cost of the
      6 / 10 cheapest resources (what a greedy bot collects first); bar_squares: bar squares;
    * waste_cost, blank_cost, waste_sq: how waste and blankets change what a cost is worth.
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
    closed_north = "north" in board.closed_edges
    dist = []
    for x, y in g.cells(res):
        sides = [x, g.width - 1 - x, g.height - 1 - y] + ([] if closed_north else [y])
        dist.append(min(sides))
    low = sorted(costs)
    enclose_cost = sum(costs) / len(costs) if costs else 0.0
    waste_n = float(board.waste.bit_count())
    blankets = board.squares("B").bit_count() / 2
    return {
        "sea": float("north" in board.closed_edges and not board.bar),
        "bar": float(bool(board.bar)),
        "blankets": blankets,
        "waste": waste_n,
        "walls": float(walls.bit_count()),
        "resources": float(res.bit_count()),
        "enclose_cost": enclose_cost,
        "cheap": float(sum(c <= 4 for c in costs)),
        "near_walls": float((g.grow8(walls) & res).bit_count()),
        "rim": float((g.grow4(open_edge) & ~open_edge & res).bit_count()),
        "waste_near": float((g.grow8(g.grow8(board.waste)) & res).bit_count()),
        "waste_cost": waste_n * enclose_cost,
        "walls_near_res": float((g.grow4(walls) & res).bit_count()),
        "edge_dist": sum(dist) / len(dist) if dist else 0.0,
        "blank_cost": blankets * enclose_cost,
        "cost_low6": sum(low[:6]) / len(low[:6]) if low else 0.0,
        "cost_low10": sum(low[:10]) / len(low[:10]) if low else 0.0,
        "waste_sq": waste_n * waste_n,
        "bar_squares": float(board.bar.bit_count()),
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
def predictor(difficulty: int = 1) -> Predictor:
    """The forecast fitted on difficulty `difficulty`'s candidates."""
    doc = load_toml(PREDICTOR_FILE)
    if doc.get("engine_version") != ENGINE_VERSION:
        raise GenerationError(f"{PREDICTOR_FILE.name} was fitted with engine {doc.get('engine_version')!r}, "
                              f"this is {ENGINE_VERSION!r}: run bench/bench_plazing_rw_reference.py --predictor")
    part = doc.get("difficulty", {}).get(str(difficulty))
    if part is None:
        raise GenerationError(f"{PREDICTOR_FILE.name} has no forecast for difficulty {difficulty}: "
                              "run bench/bench_plazing_rw_reference.py --predictor")
    coef = {str(k): float(v) for k, v in part["coefficients"].items()}
    unknown = set(coef) - set(FEATURES)
    if unknown:
        raise GenerationError(f"{PREDICTOR_FILE.name}: unknown features {sorted(unknown)}")
    return Predictor(float(part["intercept"]), coef, float(part["error"]), int(part["boards"]), int(doc["games"]))


def fit(rows: list[tuple[dict[str, float], float]], ridge: float = 1e-3) -> tuple[float, dict[str, float]]:
    """Least squares (with `ridge` on the coefficients, not the intercept, for collinear features) of
    mean on features: (intercept, coefficients)."""
    names = list(FEATURES)
    xs = [[1.0] + [f[k] for k in names] for f, _m in rows]
    ys = [m for _f, m in rows]
    n = len(names) + 1
    a = [[sum(x[i] * x[j] for x in xs) + (ridge if i == j and i else 0.0) for j in range(n)]
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
