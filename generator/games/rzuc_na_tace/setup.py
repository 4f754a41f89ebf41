"""Sheets to print: the standard one, or a randomized variant accepted only when it plays like it.

A variant reshuffles what the rules allow to move and keeps the rest (`rules.check_layout` with
the standard as reference says exactly what): the yellow pre-cross pattern (one per row and
column, none on the main diagonal) and its values (each 1..6 twice, never twice in one row or
column), the yellow row bonuses, the blue row and column bonuses, and the positions of the
green, orange and purple cell bonuses (not before the standard's first bonus cell).

Legal by construction, then checked; then balanced: solo greedy games on the candidate and on the
standard sheet with the same dice (common random numbers: game i has the same seeds on both, and
the engine draws dice so that the same die shows the same value), judged by the sequential test
of `sequential.py` against ±5 % of the standard's mean, with a stated error rate (data/balance.toml).
The standard's games are the same for every candidate: stored once per engine version in
data/reference.toml (replayed in part before they are trusted). Candidates are tried one after
another; each look's games are spread over the cores (`core.parallel.map_jobs`, every game's
seeds fixed by its number), so the sheet is the same for any number of jobs. Candidates are
bounded (`max_tries`), and a sheet that cannot be balanced fails with GenerationError.

Why games and not candidates over the cores: most sheets take the first or second candidate,
and a batch of candidates would wait for its slowest member (a borderline one plays up to the
cap), so judging several at once costs more than it saves.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
import tomllib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from generator.core.checks import GenerationError
from generator.core.parallel import default_jobs, map_jobs
from generator.core.rng import CodeField, CodeSpec, make_rng, sub_seed
from generator.games.rzuc_na_tace.model import DATA, Layout, standard_layout
from generator.games.rzuc_na_tace.rules import check_layout
from generator.games.rzuc_na_tace.sequential import Plan, Verdict, judge


@cache
def balance_settings() -> dict[str, Any]:
    """data/balance.toml: the band, the error rate, the looks and the balancing games' seed."""
    with open(DATA / "balance.toml", "rb") as fh:
        return dict(tomllib.load(fh))


VARIANTS = ("standard", "random")
CODE = CodeSpec("RT", (
    CodeField("players", (1, 2, 3, 4)),
    CodeField("variant", VARIANTS),
))
_B = balance_settings()
TOLERANCE: float = _B["tolerance"]
DEFAULT_BALANCE_GAMES: int = _B["max_games"]
MIN_BALANCE_GAMES: int = _B["min_games"]
MAX_TRIES: int = _B["max_tries"]
BALANCE_SEED: int = _B["seed"]
_YELLOW_TRIES = 500


@dataclass
class Balance:
    """How a variant was accepted: the verdict of the sequential test (estimate, interval, games)
    and the verdicts of the candidates rejected before it."""

    verdict: Verdict
    plan: Plan
    tries: int
    rejected: list[Verdict] = field(default_factory=list)

    @property
    def gap(self) -> float:
        return self.verdict.estimate

    @property
    def interval(self) -> tuple[float, float]:
        return self.verdict.low, self.verdict.high

    @property
    def games(self) -> int:
        return self.verdict.games

    @property
    def standard_mean(self) -> float:
        return self.verdict.reference_mean

    @property
    def variant_mean(self) -> float:
        return self.verdict.variant_mean

    def to_json(self) -> dict[str, Any]:
        v = self.verdict
        return {"reference": "standard", "bot": "greedy", "players": 1,
                "standard_mean": round(v.reference_mean, 2), "variant_mean": round(v.variant_mean, 2),
                "gap": round(v.estimate, 4), "interval": [round(v.low, 4), round(v.high, 4)],
                "games": v.games, "test": self.plan.to_json(), "tries": self.tries,
                "rejected": [{"gap": round(r.estimate, 4), "games": r.games, "reason": r.reason}
                             for r in self.rejected]}


@dataclass
class Setup:
    """What `sheet` prints: the layout, the options and (for a variant) its balance record."""

    layout: Layout
    players: int
    variant: str
    balance: Balance | None = None

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "variant": self.variant,
                "rounds": self.layout.rounds_for(self.players), "layout": self.layout.to_dict(),
                "balance": None if self.balance is None else self.balance.to_json()}


def random_yellow(rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A yellow grid: pre-crosses a permutation without fixed points (none on the main diagonal),
    values 1..6 twice with equal values in different rows and columns. Bounded retries."""
    perms = [p for p in _perms(4) if all(p[r] != r for r in range(4))]
    for _ in range(_YELLOW_TRIES):
        pre = perms[rng.randrange(len(perms))]
        values = [v for v in range(1, 7) for _ in range(2)]
        rng.shuffle(values)
        grid = [[0] * 4 for _ in range(4)]
        it = iter(values)
        for r in range(4):
            for c in range(4):
                if c != pre[r]:
                    grid[r][c] = next(it)
        if all(_spread_ok(grid, v) for v in range(1, 7)):
            return tuple(tuple(row) for row in grid)
    raise GenerationError(f"no yellow grid with equal values apart after {_YELLOW_TRIES} shuffles")


def _perms(n: int) -> list[tuple[int, ...]]:
    if n == 0:
        return [()]
    return [(i, *p) for p in _perms(n - 1) for i in range(n) if i not in p]


def _spread_ok(grid: list[list[int]], v: int) -> bool:
    cells = [(r, c) for r in range(4) for c in range(4) if grid[r][c] == v]
    return cells[0][0] != cells[1][0] and cells[0][1] != cells[1][1]


def _move_cell_bonuses(pairs: tuple[tuple[int, str], ...], cells: int, rng: random.Random
                       ) -> tuple[tuple[int, str], ...]:
    first = min(c for c, _ in pairs)
    spots = rng.sample(range(first, cells + 1), len(pairs))
    names = [b for _, b in pairs]
    rng.shuffle(names)
    return tuple(sorted(zip(spots, names, strict=True)))


def _shuffled(items: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def random_layout(rng: random.Random, reference: Layout | None = None) -> Layout:
    """One candidate variant of `reference` (legal by construction; checked before it is returned)."""
    ref = reference or standard_layout()
    lay = dataclasses.replace(
        ref, name="variant",
        yellow_grid=random_yellow(rng),
        yellow_row_bonuses=_shuffled(ref.yellow_row_bonuses, rng),
        blue_row_bonuses=_shuffled(ref.blue_row_bonuses, rng),
        blue_column_bonuses=_shuffled(ref.blue_column_bonuses, rng),
        green_bonuses=_move_cell_bonuses(ref.green_bonuses, ref.green_cells, rng),
        orange_bonuses=_move_cell_bonuses(ref.orange_bonuses, ref.orange_cells, rng),
        purple_bonuses=_move_cell_bonuses(ref.purple_bonuses, ref.purple_cells, rng),
    )
    rep = check_layout(lay, reference=ref)
    if not rep.ok:  # pragma: no cover - the construction above keeps every rule
        raise GenerationError(f"variant generator broke a rule: {rep.violations[0]}")
    return lay


def game_scores(layout: Layout, lo: int, hi: int, seed: int = BALANCE_SEED) -> list[float]:
    """Seat 1's greedy solo scores in games lo..hi-1; game i uses the same dice and bot seeds on
    every layout (common random numbers), so two layouts are compared on the same luck."""
    from generator.games.rzuc_na_tace.bots import greedy_totals  # playing loads the compiled engine

    totals = greedy_totals(layout, [sub_seed(seed, "dice", str(i)) for i in range(lo, hi)],
                           [sub_seed(seed, "bot", str(i)) for i in range(lo, hi)])
    return [float(x) for x in totals]


def mean_score(layout: Layout, games: int, seed: int = BALANCE_SEED) -> float:
    return statistics.fmean(game_scores(layout, 0, games, seed))


def _chunk_job(job: tuple[Layout, int, int, int]) -> list[float]:
    return game_scores(*job)


def spread_scores(layout: Layout, lo: int, hi: int, workers: int = 1, executor: Executor | None = None,
                  seed: int = BALANCE_SEED) -> list[float]:
    """`game_scores` with the games split into one chunk per worker (every game's seeds are fixed
    by its number, so the scores are the same for any number of workers)."""
    n = hi - lo
    parts = max(1, min(workers, n // 10)) if executor is not None else 1
    bounds = [lo + n * k // parts for k in range(parts + 1)]
    chunks = [(layout, a, b, seed) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]
    return [x for part in map_jobs(_chunk_job, chunks, workers, executor) for x in part]


@cache
def stored_reference() -> tuple[int, tuple[float, ...]]:
    """data/reference.toml: the standard sheet's scores on the balancing games, measured once per
    engine version (bench/bench_rzuc.py --write-reference) so that a sheet need not replay them."""
    path = DATA / "reference.toml"
    if not path.is_file():
        return -1, ()
    with open(path, "rb") as fh:
        d = tomllib.load(fh)
    return int(d["seed"]), tuple(float(x) for x in d["scores"])


_VERIFY = 4  # stored reference games replayed before the stored scores are trusted
_REFERENCE: dict[tuple[Layout, int], list[float]] = {}


def reference_scores(ref: Layout, games: int, workers: int = 1, executor: Executor | None = None,
                     seed: int = BALANCE_SEED) -> list[float]:
    """The reference's scores on games 0..games-1, the same for every candidate: taken from
    data/reference.toml for the standard sheet (after replaying its first games: a changed engine
    falls back to playing them), played for the rest, and kept for the process."""
    have = _REFERENCE.get((ref, seed))
    if have is None:
        have = []
        stored_seed, stored = stored_reference()
        if (ref == standard_layout() and stored_seed == seed and stored
                and game_scores(ref, 0, _VERIFY, seed) == list(stored[:_VERIFY])):
            have = list(stored)
        _REFERENCE[(ref, seed)] = have
    if len(have) < games:
        have.extend(spread_scores(ref, len(have), games, workers, executor, seed))
    return have[:games]


@contextmanager
def _pool(jobs: int | None, executor: Executor | None) -> Iterator[tuple[Executor | None, int]]:
    """One process pool for the whole search (or the caller's executor, or none for one job)."""
    if executor is not None:
        yield executor, max(1, jobs or default_jobs())
        return
    workers = default_jobs() if jobs is None else max(1, jobs)
    if workers == 1:
        yield None, 1
        return
    from concurrent.futures import ProcessPoolExecutor  # only when a pool is needed (start-up time)

    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield pool, workers


def judge_candidate(layout: Layout, plan: Plan, reference: Sequence[float], workers: int = 1,
                    executor: Executor | None = None) -> Verdict:
    """The sequential test of one candidate against the reference's scores of the same games."""
    return judge(plan, lambda lo, hi: spread_scores(layout, lo, hi, workers, executor), reference)


def balanced_variant(seed: int, games: int = DEFAULT_BALANCE_GAMES, max_tries: int = MAX_TRIES,
                     tolerance: float = TOLERANCE, reference: Layout | None = None,
                     progress: Callable[[int], None] | None = None, jobs: int | None = 1,
                     executor: Executor | None = None) -> tuple[Layout, Balance]:
    """The first candidate that the sequential test accepts as within `tolerance` of the
    reference's mean, on at most `games` paired games. Each look's games are spread over `jobs`
    processes; the answer does not depend on `jobs`. GenerationError after `max_tries`."""
    if games < 2 or max_tries < 1:
        raise GenerationError("balancing needs at least two games and one try")
    b = balance_settings()
    plan = Plan(tolerance=tolerance, error_rate=b["error_rate"], step=b["step"], max_games=games,
                futility_slack=b["futility_slack"])
    ref = reference or standard_layout()
    rng = make_rng(seed, "variant")
    rejected: list[Verdict] = []
    with _pool(jobs, executor) as (ex, workers):
        refs = reference_scores(ref, games, workers, ex)
        for attempt in range(1, max_tries + 1):
            lay = random_layout(rng, ref)
            v = judge_candidate(lay, plan, refs, workers, ex)
            if progress is not None:
                progress(attempt)
            if v.accepted:
                return lay, Balance(v, plan, attempt, rejected)
            rejected.append(v)
    closest = min(rejected, key=lambda v: abs(v.estimate))
    why = ("inside the band, but not shown to be at the test's confidence" if abs(closest.estimate) <= tolerance
           else "outside the band")
    raise GenerationError(f"no variant shown within ±{tolerance:.0%} of the standard sheet's mean score "
                          f"after {max_tries} candidates (the closest: {closest.estimate:+.1%} over {closest.games} "
                          f"games, {why}); try another seed, more --tries or more --balance-games")


def generate(players: int, variant: str, seed: int, games: int = DEFAULT_BALANCE_GAMES,
             max_tries: int = MAX_TRIES, progress: Callable[[int], None] | None = None,
             jobs: int | None = 1, executor: Executor | None = None) -> Setup:
    """The setup for `sheet`: the standard layout, or a balanced random variant from `seed`."""
    if variant == "standard":
        return Setup(standard_layout(), players, variant)
    lay, bal = balanced_variant(seed, games, max_tries, progress=progress, jobs=jobs, executor=executor)
    return Setup(lay, players, variant, bal)


def spread(values: list[float]) -> dict[str, float]:
    return {"mean": round(statistics.fmean(values), 2), "min": min(values), "max": max(values)}
