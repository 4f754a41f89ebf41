"""Fair pads: is a random beach as hard as printed board N for the greedy bot?

Difficulty N means: the candidate's expected greedy solo score lies within ±`tolerance` (5 %) of
printed board N's. Both are measured on the same dice (common random numbers): game i of every
board uses the i-th seeded dice stream (`crn_seed(i)`), and the reference scores of boards 1-4 on
those streams are stored as data (data/reference.toml, with the number of games behind them and
the engine version; `bench/bench_plazing_rw_reference.py` recomputes them). So a candidate's
games never replay the reference: game i is compared with the stored reference game i.

The estimate is the control-variate form of the paired comparison,
    θ = mean(c) − β·(mean(r[:n]) − μ_R),    β = cov(c, r) / var(r) clipped to [0, 1],
which is the plain paired difference (β = 1) when the two boards' scores move together and the
plain mean (β = 0) when they do not; its variance is never larger than either. (Measured: the
greedy scores of two different beaches on the same dice correlate only 0.05-0.2, so the shared
dice remove a few per cent of the variance; the stored reference mean over many games removes
the reference's own noise, which is most of what CRN would otherwise buy.)

The decision is a sequential test, looked at every `look` games up to `max_games`:
* accept when the whole interval θ ± z·se lies inside the band (two one-sided tests), with z
  calibrated so that a board whose true mean sits on the band's edge is accepted at most
  `alpha` of the time (1 in 20), whatever the look at which it would stop (tests check it on
  stubbed score streams with known means);
* reject as soon as the board is clearly out (θ outside the band by more than `z_futility`·se),
  or clearly too near the band's edge to be accepted by `max_games` (curtailment: θ is farther
  from the target, by more than `z_curtail`·se, than the half-width the interval would leave
  free at `max_games` games, band − z·se(max_games)), or when `max_games` pass without a
  decision. A wrong rejection costs only time (another candidate is tried); only a wrong
  acceptance would make a pad unfair, and every rejection rule only lowers that rate.

The error rate counts the reference's own noise too: a board on the edge of the band round the
*true* mean of printed board N, judged against the stored mean of `games` games (the tests
draw the true mean afresh per simulated board).
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from generator.core.checks import GenerationError
from generator.core.data import load_toml
from generator.core.rng import make_rng

from .model import DATA, Board, random_params
from .version import ENGINE_VERSION

if TYPE_CHECKING:  # numpy is loaded by what plays (draw.py reads this module's texts and plays nothing)
    import numpy as np

REFERENCE_FILE = DATA / "reference.toml"
DIFFICULTIES = (1, 2, 3, 4)


@dataclass(frozen=True)
class Reference:
    """Printed board N's greedy solo scores for one variant: mean over `games`, the first scores kept."""

    board: str
    hard: bool
    mirror: bool
    games: int
    mean: float
    sd: float
    scores: tuple[int, ...]  # game i on dice stream i, i < len(scores)


@dataclass(frozen=True)
class Decision:
    """The outcome of the sequential test for one candidate board."""

    accepted: bool
    games: int
    estimate: float
    low: float  # the interval estimate ± z·se
    high: float
    target: float
    band: tuple[float, float]
    reason: str  # "inside", "outside", "edge" (too near the band's edge to decide in time), "undecided"

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "games": self.games, "estimate": round(self.estimate, 2),
                "interval": [round(self.low, 2), round(self.high, 2)], "target": round(self.target, 2),
                "band": [round(self.band[0], 2), round(self.band[1], 2)], "decision": self.reason}


def params(difficulty: int | None = None) -> dict[str, Any]:
    """The [fairness] table, with the overrides of [fairness.difficulty.N] for difficulty N."""
    base = dict(random_params()["fairness"])
    over = base.pop("difficulty", {})
    if difficulty is not None:
        base.update(over.get(str(difficulty), {}))
    return base


def crn_seed(i: int) -> int:
    """The seed of game i's dice and tie-breaks: the same for every board (common random numbers)."""
    return make_rng(params()["crn_seed"], "plazing-rw", "crn", str(i)).randrange(2**40)


def play_greedy(board: Board, game_seed: int, hard: bool = False, mirror: bool = False) -> int:
    """One greedy solo game on `board` from `game_seed` (its dice first, then the bot's tie-breaks)."""
    from .bots import greedy_score  # the compiled engine, loaded only by what plays

    return greedy_score(board, game_seed, hard, mirror)


def score_stream(board: Board, hard: bool = False, mirror: bool = False,
                 chunks: Iterable[int] | None = None) -> Iterator[int]:
    """Greedy scores of `board` on dice streams 0, 1, 2, ... (the candidate side of the comparison),
    played `chunks` games at a time (`decide` gives the sequential test's looks: no game is played
    for nothing), each chunk by one kernel call from the streams' dice and random words (`crn_streams`)."""
    from .bots import greedy_scores

    i = 0
    for n in itertools.repeat(16) if chunks is None else chunks:
        seeds, dice, words = crn_streams(i + n)
        yield from greedy_scores(board, seeds[i:i + n], dice[i:i + n], words[i:i + n], hard, mirror)
        i += n


def warm_up(games: int = 64) -> None:
    """Load (or compile) the kernels the pads play and draw the first shared streams, e.g. before a
    pool forks its workers."""
    from .model import boards

    score_games(boards()["1"], [crn_seed(0)], False, False)
    crn_streams(games)


_STREAMS: list[Any] = []  # [seeds, dice, words] of the first games drawn, kept by `crn_streams`


def crn_streams(n: int) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The seeds of games 0..n-1 (at least) and their dice (faces, a row per game) and bot random words
    (bots.game_stream of `crn_seed(i)`), kept: every candidate board of every sheet plays the same
    games. Grown by doubling, so a long test draws each stream once."""
    import numpy as np

    from .bots import game_stream

    have = len(_STREAMS[0]) if _STREAMS else 0
    if have < n:
        seeds = [crn_seed(i) for i in range(have, max(n, 2 * have))]
        streams = [game_stream(seed) for seed in seeds]
        dice = np.array([d for d, _w in streams], np.int64)
        words = np.stack([w for _d, w in streams])
        if _STREAMS:
            seeds = _STREAMS[0] + seeds
            dice = np.concatenate((_STREAMS[1], dice))
            words = np.concatenate((_STREAMS[2], words))
        _STREAMS[:] = [seeds, dice, words]
    return _STREAMS[0], _STREAMS[1], _STREAMS[2]


@cache
def references() -> dict[tuple[str, bool, bool], Reference]:
    doc = load_toml(REFERENCE_FILE)
    if doc.get("engine_version") != ENGINE_VERSION:
        raise GenerationError(f"{REFERENCE_FILE.name} was measured with engine {doc.get('engine_version')!r}, "
                           f"this is {ENGINE_VERSION!r}: run bench/bench_plazing_rw_reference.py")
    out = {}
    for r in doc["reference"]:
        ref = Reference(board=str(r["board"]), hard=bool(r["hard"]), mirror=bool(r["mirror"]), games=int(r["games"]),
                        mean=float(r["mean"]), sd=float(r["sd"]), scores=tuple(int(x) for x in r["scores"]))
        out[(ref.board, ref.hard, ref.mirror)] = ref
    return out


def reference(difficulty: int, hard: bool = False, mirror: bool = False) -> Reference:
    return references()[(str(difficulty), hard, mirror)]


def sequential_test(candidate: Iterator[float], ref: Reference, p: dict[str, Any] | None = None) -> Decision:
    """Accept or reject a candidate from its score stream (game i on dice stream i), see the module doc."""
    p = p or params()
    tol, z, zf = float(p["tolerance"]), float(p["z"]), float(p["z_futility"])
    zc = p.get("z_curtail")
    max_games = min(int(p["max_games"]), len(ref.scores))
    target = ref.mean
    lo, hi = target * (1 - tol), target * (1 + tol)
    ref_var_of_mean = ref.sd ** 2 / ref.games
    c: list[float] = []
    est = low = high = target
    for n_next in looks(p, ref):
        while len(c) < n_next:
            c.append(float(next(candidate)))
        n = len(c)
        est, se = _estimate(c, ref.scores[:n], target, ref_var_of_mean)
        low, high = est - z * se, est + z * se
        if low >= lo and high <= hi:
            return Decision(True, n, est, low, high, target, (lo, hi), "inside")
        if est + zf * se < lo or est - zf * se > hi:
            return Decision(False, n, est, low, high, target, (lo, hi), "outside")
        if zc is not None and n < max_games:
            se_max = math.sqrt(max(0.0, se * se - ref_var_of_mean) * n / max_games + ref_var_of_mean)
            if abs(est - target) - float(zc) * se > (hi - target) - z * se_max:
                return Decision(False, n, est, low, high, target, (lo, hi), "edge")
    return Decision(False, len(c), est, low, high, target, (lo, hi), "undecided")


def looks(p: dict[str, Any], ref: Reference) -> Iterator[int]:
    """The numbers of games after which the sequential test looks: `first_look`, then every `look`
    more, up to `max_games` (at most the reference's stored games)."""
    look, first, max_games = int(p["look"]), int(p["first_look"]), min(int(p["max_games"]), len(ref.scores))
    n = min(first, max_games)
    while True:
        yield n
        if n >= max_games:
            return
        n = min(max_games, n + look)


def _chunks(sizes: Iterable[int]) -> Iterator[int]:
    """The games between successive looks."""
    done = 0
    for n in sizes:
        yield n - done
        done = n


def _estimate(c: list[float], r: tuple[int, ...], ref_mean: float, ref_var_of_mean: float) -> tuple[float, float]:
    """(θ, standard error) of the control-variate paired estimate (module doc)."""
    n = len(c)
    mc = statistics.fmean(c)
    mr = statistics.fmean(r)
    var_r = sum((x - mr) ** 2 for x in r) / (n - 1)
    cov = sum((x - mc) * (y - mr) for x, y in zip(c, r, strict=True)) / (n - 1)
    beta = min(1.0, max(0.0, cov / var_r)) if var_r > 0 else 0.0
    resid = [x - beta * y for x, y in zip(c, r, strict=True)]
    mres = statistics.fmean(resid)
    var_e = sum((x - mres) ** 2 for x in resid) / (n - 1)
    est = mc - beta * (mr - ref_mean)
    return est, math.sqrt(var_e / n + ref_var_of_mean)


def decide(board: Board, difficulty: int, hard: bool = False, mirror: bool = False,
           p: dict[str, Any] | None = None) -> Decision:
    """The sequential test of a real board against printed board `difficulty`."""
    p = p or params(difficulty)
    ref = reference(difficulty, hard, mirror)
    return sequential_test(score_stream(board, hard, mirror, _chunks(looks(p, ref))), ref, p)


def synthetic_stream(mean: float, sd: float, rng: random.Random,
                     ref_scores: tuple[int, ...] | None = None, rho: float = 0.0,
                     ref_mean: float = 0.0, ref_sd: float = 1.0) -> Iterator[float]:
    """A stubbed candidate: normal scores with a known mean (tests and calibration), optionally
    correlated `rho` with the reference's stored scores (the CRN pairing)."""
    i = 0
    while True:
        noise = rng.gauss(0.0, 1.0)
        if ref_scores is not None and rho:
            zr = (ref_scores[i] - ref_mean) / ref_sd
            noise = rho * zr + math.sqrt(1 - rho * rho) * noise
        yield mean + sd * noise
        i += 1


def describe(fig: dict[str, Any], lang: str = "en") -> str:
    """The small print of a sheet: estimate and interval against the target (from `Decision.to_json`)."""
    lo, hi = fig["interval"]
    pct = round(100 * (fig["band"][1] / fig["target"] - 1)) if fig["target"] else 0
    n = fig.get("difficulty", "")
    if lang == "pl":
        return (f"trudność {n}: średnia bota {fig['estimate']:.1f} (przedział {lo:.1f}–{hi:.1f}, "
                f"{fig['games']} gier), cel {fig['target']:.1f} ±{pct}%")
    return (f"difficulty {n}: bot mean {fig['estimate']:.1f} (interval {lo:.1f}–{hi:.1f}, {fig['games']} games), "
            f"target {fig['target']:.1f} ±{pct}%")


def score_games(board: Board, seeds: list[int], hard: bool, mirror: bool) -> list[int]:
    """Greedy scores for explicit game seeds (the reference bench)."""
    import numpy as np

    from .bots import game_stream, greedy_scores

    streams = [game_stream(s) for s in seeds]
    if not streams:
        return []
    return greedy_scores(board, seeds, np.array([d for d, _w in streams], np.int64),
                         np.stack([w for _d, w in streams]), hard, mirror)

