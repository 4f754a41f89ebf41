"""A sequential equivalence test: does a variant score within ±tolerance of a reference, relatively?

Why sequential: most random variants are clearly fair or clearly not after a hundred or two games,
and only the borderline ones need a thousand. Why paired: the variant and the reference play the
same games (common random numbers: the same dice seeds and bot seeds for game i), so game i gives a
pair (V_i, S_i) and luck shared by both cancels from the difference.

The test (group-sequential, Bonferroni over the looks, so the error rate holds exactly as stated,
if conservatively):

- The games are looked at every `step` games up to `max_games`: K looks in all.
- At a look with n pairs the relative gap is g = μ_V / μ_S - 1. μ_S is the reference's mean over
  *all* its stored games (more than the variant has played), and μ_V the variant's mean corrected
  by the regression on the reference's scores of the same games (a control variate: on the same
  dice the two sheets' scores correlate only about 0.2, too little for a plain paired difference
  to beat the variant's own spread; the regression keeps the part the pairing explains). Its
  standard error (`Tally.estimate`, exact for a fixed slope) gives the interval g ± h with
  h = t(1 - α/K, n - 1) · SE, where K is the number of looks. With no reference games beyond
  the pairs this is the ratio of the paired means.
- **in** (accepted): the interval lies inside (-τ, +τ). A variant whose true gap is outside ±τ
  passes one look with probability at most α/K, so **it is accepted with probability at most α**
  (the stated error rate: at most 1 variant in 20 for α = 5 %).
- **out**: the interval lies entirely outside ±τ.
- **futile**: even `futility_slack` standard errors closer to zero than measured, the interval at
  `max_games` (projected with today's spread) could not fit inside ±τ. Stopping early only ever
  rejects, so it never raises the error rate; it saves the games a borderline candidate would
  take (a fresh candidate is cheaper: with looks every 50 games and a slack of 0.5, simulated
  candidates drawn like ours cost about 540 games per accepted variant, against 680 with looks
  every 100 and a slack of 1, and the accepted ones sit closer to the standard).
- **undecided** at `max_games`: rejected (fairness wins over a borderline candidate).

Each look's interval is a two-sided 1 - 2α/K interval; over all looks together they hold with
probability at least 1 - 2α, which is the confidence that the sheets and JSON state.

Nothing here knows a game: `judge` takes a function that plays the variant's games lo..hi-1 and
the reference's scores of the same games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

IN, OUT, FUTILE, UNDECIDED = "in", "out", "futile", "undecided"


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile (the Cornish-Fisher expansion around the normal one: within 0.1 % of
    the exact value from 10 degrees of freedom on; the plans here first look at 50 games)."""
    z = NormalDist().inv_cdf(p)
    if df <= 0:
        return math.inf
    v = float(df)
    z3, z5, z7 = z ** 3, z ** 5, z ** 7
    return (z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
            + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v ** 3))


@dataclass(frozen=True)
class Plan:
    """How a candidate is judged: the band (±tolerance, relative), the error rate α, and the looks."""

    tolerance: float = 0.05
    error_rate: float = 0.05
    step: int = 50
    max_games: int = 1000
    futility_slack: float = 0.5

    def __post_init__(self) -> None:
        if not (0 < self.tolerance < 1 and 0 < self.error_rate < 0.5 and self.step >= 1 and self.max_games >= 2):
            raise ValueError(f"not a test plan: {self}")

    @property
    def looks(self) -> tuple[int, ...]:
        """The game counts at which the test looks (the last one is `max_games`)."""
        n = list(range(self.step, self.max_games, self.step))
        return (*(x for x in n if x >= 2), self.max_games)

    @property
    def confidence(self) -> float:
        """The simultaneous level of the reported intervals."""
        return 1.0 - 2.0 * self.error_rate

    def half_width_factor(self, n: int) -> float:
        return t_quantile(1.0 - self.error_rate / len(self.looks), n - 1)

    def to_json(self) -> dict[str, Any]:
        return {"tolerance": self.tolerance, "error_rate": self.error_rate, "step": self.step,
                "max_games": self.max_games, "futility_slack": self.futility_slack,
                "confidence": round(self.confidence, 4)}


@dataclass(frozen=True)
class Verdict:
    """The outcome for one candidate, at the look where the test stopped."""

    accepted: bool
    reason: str  # in, out, futile, undecided
    games: int
    estimate: float  # relative gap, variant vs reference
    low: float
    high: float
    variant_mean: float
    reference_mean: float

    def to_json(self) -> dict[str, Any]:
        return {"accepted": self.accepted, "reason": self.reason, "games": self.games,
                "gap": round(self.estimate, 4), "interval": [round(self.low, 4), round(self.high, 4)],
                "variant_mean": round(self.variant_mean, 2), "standard_mean": round(self.reference_mean, 2)}


class Tally:
    """Running sums of paired scores: enough for the estimate and its standard error."""

    __slots__ = ("n", "sv", "ss", "svv", "sss", "svs")

    def __init__(self) -> None:
        self.n = 0
        self.sv = self.ss = self.svv = self.sss = self.svs = 0.0

    def add(self, v: float, s: float) -> None:
        self.n += 1
        self.sv += v
        self.ss += s
        self.svv += v * v
        self.sss += s * s
        self.svs += v * s

    def estimate(self, rest: tuple[int, float, float] = (0, 0.0, 0.0)) -> tuple[float, float, float, float]:
        """(relative gap, its standard error, variant mean, reference mean).

        `rest` = (m, sum, sum of squares) of the reference's scores on the m games the variant
        has not played yet. Without them this is the ratio of the paired means. With them the
        reference's mean comes from all n + m games and the variant's mean is corrected by the
        regression on the paired games (a control variate: on the same dice the two sheets'
        scores are only weakly correlated, about 0.2, so a plain paired difference would be
        noisier than the variant's own scores; the regression keeps what the pairing gives).
        For a fixed slope the variance below is exact; the slope is estimated from the pairs.
        """
        n = self.n
        m, rs, rss = rest
        if n < 2 or self.ss <= 0:
            return 0.0, math.inf, 0.0, 0.0
        mv, ms = self.sv / n, self.ss / n
        var_v = (self.svv - n * mv * mv) / (n - 1)
        var_s = (self.sss - n * ms * ms) / (n - 1)
        cov = (self.svs - n * mv * ms) / (n - 1)
        total = n + m
        mu_s = (self.ss + rs) / total
        f = n / total
        beta = cov / var_s if m and var_s > 0 else 0.0
        mu_v = mv - beta * (ms - mu_s)
        r = mu_v / mu_s
        # ĝ·μ_S ≈ [V̄_n - b·S̄_n] + (1 - f)(β - r)·S̄_rest, two independent parts
        b = beta * (1 - f) + r * f
        var = max(0.0, var_v - 2 * b * cov + b * b * var_s) / n
        if m >= 2:
            var_rest = max(0.0, (rss - rs * rs / m) / (m - 1))
            var += (1 - f) ** 2 * (beta - r) ** 2 * var_rest / m
        return r - 1.0, math.sqrt(var) / mu_s, mu_v, mu_s


def judge(plan: Plan, variant_scores: Callable[[int, int], Sequence[float]],
          reference: Sequence[float]) -> Verdict:
    """Run the test: `variant_scores(lo, hi)` plays games lo..hi-1 on the variant; `reference[i]`
    is the reference's score on game i (at least `plan.max_games` of them; more make the
    reference's mean, and so the test, sharper)."""
    if len(reference) < plan.max_games:
        raise ValueError(f"{len(reference)} reference games for a plan of {plan.max_games}")
    cum, cum2 = [0.0], [0.0]
    for x in reference:
        cum.append(cum[-1] + x)
        cum2.append(cum2[-1] + x * x)
    big_n = len(reference)
    tally = Tally()
    tau = plan.tolerance
    done = 0
    looks = plan.looks
    for k, n in enumerate(looks):
        for i, v in enumerate(variant_scores(done, n), start=done):
            tally.add(v, reference[i])
        done = n
        g, se, mu_v, mu_s = tally.estimate((big_n - n, cum[big_n] - cum[n], cum2[big_n] - cum2[n]))
        h = plan.half_width_factor(n) * se
        lo, hi = g - h, g + h
        last = k == len(looks) - 1
        reason = ""
        if -tau < lo and hi < tau:
            reason = IN
        elif lo >= tau or hi <= -tau:
            reason = OUT
        elif last:
            reason = UNDECIDED
        elif math.isfinite(se):
            h_end = plan.half_width_factor(plan.max_games) * se * math.sqrt(n / plan.max_games)
            if abs(g) - plan.futility_slack * se > tau - h_end:
                reason = FUTILE
        if reason:
            return Verdict(reason == IN, reason, n, g, lo, hi, mu_v, mu_s)
    raise AssertionError("unreachable: the last look always decides")  # pragma: no cover
