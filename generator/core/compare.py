"""Is a designer's content still a good game, compared with the original? A two-arm study.

A designer changes tiles, decks or an action board and asks whether the game still plays as well as
the built-in one. Absolute figures of one setup cannot say: the answer is a *difference*, and
whether it is more than noise. So the same study runs on both contents (two "arms") with common
random numbers — the same setup seeds and the same game seeds in both arms, over several setups —
and the arms are compared game-agnostically here:

- completion: games that end (two-proportion z test);
- length: moves, rounds or turns of the games that end (Welch's t test);
- seat balance: win rates per seat with Wilson intervals, a chi-square goodness-of-fit test of
  "every seat wins as often" in each arm, and a chi-square test of homogeneity between the arms;
- score spread: the gap between the best and the worst seat of a game (Welch's t test);
- whatever per-game figures a game adds (`extras`), side by side with a Welch p.

The verdict is one line: "no difference", or what differs ("plays to the end; 9 % shorter; seat 1
favoured, p < 0.01"), or "cannot make a game that ends". A difference is named only when its test
gives p < ALPHA (0.01: several tests run on every study, so each is held to a strict level), with
one exception: games that do not end where the built-in content's all end are named whatever p
says, since an unfinished game is a fact, not a sample.

The distributions (chi-square, Student's t) are computed here from the regularised incomplete
gamma and beta functions (continued fractions, Numerical Recipes ch. 6), so core needs no SciPy.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from generator.core.checks import UserInputError
from generator.core.playout import PlayoutReport
from generator.core.rng import sub_seed

ALPHA = 0.01
Z95 = 1.959963984540054  # the two-sided 95 % quantile of the standard normal


# --- distributions ---------------------------------------------------------------------------


def _gamma_series(a: float, x: float) -> float:
    """P(a, x) by its power series (converges fast for x < a + 1)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(10_000):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz; for x >= a + 1)."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    if a <= 0:
        raise ValueError("gamma_q needs a > 0")
    if x <= 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _gamma_series(a, x))
    return _gamma_fraction(a, x)


def chi2_sf(x: float, df: float) -> float:
    """P(X >= x) for a chi-square variable with `df` degrees of freedom."""
    return gamma_q(df / 2.0, x / 2.0)


def _beta_fraction(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = tiny if abs(d) < tiny else d
    d = 1.0 / d
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1.0 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def beta_i(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return beta_i(df / 2.0, 0.5, df / (df + t * t))


def normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2.0))


# --- tests -----------------------------------------------------------------------------------


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (95 % by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Test:
    """A test's statistic, degrees of freedom (0 when none apply) and two-sided p-value."""

    statistic: float
    df: float
    p: float
    ran: bool = True  # False: too few data for the test (p is then 1: no evidence of a difference)

    def to_json(self) -> dict[str, Any]:
        stat = round(self.statistic, 4) if math.isfinite(self.statistic) else None  # JSON has no infinity
        return {"statistic": stat, "df": round(self.df, 3), "p": _round_p(self.p), "ran": self.ran}

    def text(self) -> str:
        return _p_text(self.p) if self.ran else "—"


NO_TEST = Test(0.0, 0.0, 1.0, ran=False)


def chi2_uniform(counts: Sequence[float]) -> Test:
    """Goodness of fit of `counts` (wins per seat; a shared win may be split) to equal shares."""
    n, k = sum(counts), len(counts)
    if k < 2 or n <= 0:
        return NO_TEST
    expected = n / k
    stat = sum((c - expected) ** 2 for c in counts) / expected
    return Test(stat, k - 1, chi2_sf(stat, k - 1))


def chi2_homogeneity(a: Sequence[float], b: Sequence[float]) -> Test:
    """Do two arms share one distribution of wins over seats? (a 2 x k contingency table)"""
    na, nb = sum(a), sum(b)
    cols = [x + y for x, y in zip(a, b, strict=True)]
    keep = [i for i, c in enumerate(cols) if c > 0]
    if na <= 0 or nb <= 0 or len(keep) < 2:
        return NO_TEST
    total = na + nb
    stat = 0.0
    for i in keep:
        for row, nrow in ((a, na), (b, nb)):
            e = nrow * cols[i] / total
            stat += (row[i] - e) ** 2 / e
    df = len(keep) - 1
    return Test(stat, df, chi2_sf(stat, df))


def welch(a: Sequence[float], b: Sequence[float]) -> Test:
    """Welch's unequal-variance t test of equal means (t of a - b)."""
    if len(a) < 2 or len(b) < 2:
        return NO_TEST
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    if va + vb == 0:
        return NO_TEST if ma == mb else Test(math.copysign(math.inf, ma - mb), 0.0, 0.0)
    t = (ma - mb) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / ((va * va / (len(a) - 1) if va else 0.0) + (vb * vb / (len(b) - 1) if vb else 0.0))
    return Test(t, df, t_two_sided(t, df))


def two_proportions(k1: float, n1: int, k2: float, n2: int) -> Test:
    """The pooled two-proportion z test of k1/n1 = k2/n2."""
    if n1 <= 0 or n2 <= 0:
        return NO_TEST
    pooled = (k1 + k2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    diff = k1 / n1 - k2 / n2
    if var == 0:
        return NO_TEST
    z = diff / math.sqrt(var)
    return Test(z, 0.0, normal_two_sided(z))


# --- the study -------------------------------------------------------------------------------


MAX_SETUPS = 1000
MAX_GAMES = 10_000


def check_size(setups: int, games: int) -> None:
    """A study needs at least one setup and one game per setup (and a bounded number of each)."""
    if not 1 <= setups <= MAX_SETUPS:
        raise UserInputError(f"--setups {setups}: must be 1..{MAX_SETUPS}")
    if not 1 <= games <= MAX_GAMES:
        raise UserInputError(f"--games {games}: must be 1..{MAX_GAMES}")


def study_size(setups: int, games: int, bots: int) -> int:
    """The games a study plays: both arms, every bot, every setup (for a progress bar's total)."""
    return 2 * bots * setups * games


class Tally:
    """Games done over a whole study, told to one `progress(done)` callback (or to nobody)."""

    def __init__(self, progress: Callable[[int], None] | None) -> None:
        self.progress = progress
        self.done = 0

    def add(self, games: int) -> None:
        self.done += games
        if self.progress is not None:
            self.progress(self.done)


def setup_seeds(seed: int, setups: int) -> list[int]:
    """The setup seeds of a study: the same in both arms (common random numbers)."""
    return [sub_seed(seed, "compare", "setup", str(i)) % 2**31 for i in range(setups)]


def game_seed(seed: int, setup_index: int) -> int:
    """The seed of the games on a study's `setup_index`-th setup (the same in both arms)."""
    return sub_seed(seed, "compare", "games", str(setup_index)) % 2**31


@dataclass(frozen=True)
class Game:
    """One game of a study: did it end, how long it took, the win share of each seat (a shared
    first place splits the win; all zero when the game did not end), the final scores, and the
    game's own per-game figures."""

    completed: bool
    length: float
    wins: tuple[float, ...]
    scores: tuple[float, ...] = ()
    extras: Mapping[str, float] = field(default_factory=dict)


def unfinished(players: int, extras: Mapping[str, float] | None = None) -> Game:
    return Game(False, 0.0, (0.0,) * players, (), dict(extras or {}))


def games_from_report(report: PlayoutReport, length_key: str | None = None,
                      keys: Sequence[str] | None = None, first_seat: int = 0) -> list[Game]:
    """The games of a core.playout report: the completed ones (scores, a shared first place
    splitting the win, their length — the moves, or the per-game figure `length_key` — and the
    figures of `keys`, every figure if None), then one unfinished game per failure.

    `first_seat` is the seat that moves first in the setup: seats are renumbered from it (seat 1
    moves first), so a first-player advantage adds up over setups with different first players."""
    out = []
    n = report.players
    for j, raw in enumerate(report.scores):
        scores = [raw[(first_seat + k) % n] for k in range(n)]
        top = max(scores)
        winners = [p for p, x in enumerate(scores) if x == top]
        wins = tuple(1 / len(winners) if p in winners else 0.0 for p in range(report.players))
        extras = {k: v[j] for k, v in report.extras.items() if (keys is None or k in keys) and j < len(v)}
        length: float = report.lengths[j]
        if length_key is not None and j < len(report.extras.get(length_key, [])):
            length = report.extras[length_key][j]
        out.append(Game(True, float(length), wins, tuple(float(x) for x in scores), extras))
    out += [unfinished(report.players) for _ in report.failures]
    return out


@dataclass
class Arm:
    """One content's games (every setup, every game, in seed order)."""

    label: str
    players: int
    games: list[Game] = field(default_factory=list)
    setup_failures: list[str] = field(default_factory=list)  # why a setup could not be made

    @property
    def completed(self) -> int:
        return sum(1 for g in self.games if g.completed)

    @property
    def completion(self) -> float:
        return self.completed / len(self.games) if self.games else 0.0

    def lengths(self) -> list[float]:
        return [g.length for g in self.games if g.completed]

    def wins(self) -> list[float]:
        out = [0.0] * self.players
        for g in self.games:
            if g.completed:
                out = [a + b for a, b in zip(out, g.wins, strict=True)]
        return out

    def spreads(self) -> list[float]:
        return [max(g.scores) - min(g.scores) for g in self.games if g.completed and len(g.scores) > 1]

    def extra(self, key: str) -> list[float]:
        return [g.extras[key] for g in self.games if key in g.extras]

    def summary(self) -> dict[str, Any]:
        done = self.completed
        lengths = self.lengths()
        wins = self.wins()
        return {
            "label": self.label,
            "games": len(self.games),
            "completed": done,
            "completion": round(self.completion, 4),
            "completion_interval": [round(x, 4) for x in wilson(done, len(self.games))],
            "length": _spread(lengths),
            "wins_per_seat": [round(w, 2) for w in wins],
            "win_rates": [round(w / done, 4) if done else 0.0 for w in wins],
            "win_intervals": [[round(x, 4) for x in wilson(w, done)] for w in wins],
            "seat_balance": chi2_uniform(wins).to_json(),
            "score_spread": _spread(self.spreads()),
            "setup_failures": self.setup_failures[:10],
        }


@dataclass
class Comparison:
    """The built-in arm against the user's arm, with every test and the verdict."""

    base: Arm
    user: Arm
    length_unit: str = "moves"
    alpha: float = ALPHA

    @property
    def completion_test(self) -> Test:
        return two_proportions(self.user.completed, len(self.user.games), self.base.completed, len(self.base.games))

    @property
    def length_test(self) -> Test:
        return welch(self.user.lengths(), self.base.lengths())

    @property
    def spread_test(self) -> Test:
        return welch(self.user.spreads(), self.base.spreads())

    @property
    def seat_tests(self) -> tuple[Test, Test, Test]:
        """(built-in goodness of fit, user's goodness of fit, homogeneity of the two)."""
        return (chi2_uniform(self.base.wins()), chi2_uniform(self.user.wins()),
                chi2_homogeneity(self.user.wins(), self.base.wins()))

    def extra_keys(self) -> list[str]:
        keys: set[str] = set()
        for arm in (self.base, self.user):
            for g in arm.games:
                keys.update(g.extras)
        return sorted(keys)

    @property
    def ends(self) -> bool:
        """Can the user's content make a game that ends at all?"""
        return self.user.completed > 0

    def findings(self) -> list[str]:
        """What differs, each as a short phrase, the most important first ([] = no difference)."""
        if not self.ends:
            return ["cannot make a game that ends"]
        out: list[str] = []
        b, u = self.base, self.user
        ct = self.completion_test
        if u.completed < len(u.games) and (ct.p < self.alpha or b.completed == len(b.games)):
            out.append(f"{len(u.games) - u.completed} of {len(u.games)} games do not end"
                       f" (built-in {len(b.games) - b.completed})")
        elif u.completion > b.completion and ct.p < self.alpha:
            out.append(f"more games end ({u.completion:.0%}, built-in {b.completion:.0%})")
        lt = self.length_test
        if lt.p < self.alpha:
            mu, mb = statistics.fmean(u.lengths()), statistics.fmean(b.lengths())
            pct = abs(mu - mb) / mb * 100 if mb else 100.0
            out.append(f"{pct:.0f} % {'shorter' if mu < mb else 'longer'}")
        base_fit, user_fit, between = self.seat_tests
        wins = u.wins()
        if user_fit.p < self.alpha and (between.p < self.alpha or base_fit.p >= self.alpha):
            seat = max(range(u.players), key=lambda i: wins[i]) + 1
            out.append(f"seat {seat} favoured, {_p_text(user_fit.p)}")
        elif between.p < self.alpha:
            out.append(f"seat win rates differ from the built-in's, {_p_text(between.p)}")
        st = self.spread_test
        if st.p < self.alpha:
            su, sb = statistics.fmean(u.spreads()), statistics.fmean(b.spreads())
            pct = abs(su - sb) / sb * 100 if sb else 100.0
            out.append(f"scores {pct:.0f} % {'closer' if su < sb else 'further apart'}")
        return out

    def verdict(self) -> str:
        return verdict_line({"": self})

    def to_json(self) -> dict[str, Any]:
        base_fit, user_fit, between = self.seat_tests
        extras = {}
        for key in self.extra_keys():
            vb, vu = self.base.extra(key), self.user.extra(key)
            extras[key] = {"builtin": _spread(vb), "user": _spread(vu), "test": welch(vu, vb).to_json()}
        return {
            "builtin": self.base.summary(),
            "user": self.user.summary(),
            "length_unit": self.length_unit,
            "tests": {
                "completion": self.completion_test.to_json(),
                "length": self.length_test.to_json(),
                "score_spread": self.spread_test.to_json(),
                "seat_balance_builtin": base_fit.to_json(),
                "seat_balance_user": user_fit.to_json(),
                "seat_homogeneity": between.to_json(),
            },
            "extras": extras,
            "alpha": self.alpha,
            "ends": self.ends,
            "findings": self.findings(),
        }

    def lines(self) -> list[str]:
        """The two arms side by side, a row per figure, then the tests' p-values."""
        b, u = self.base.summary(), self.user.summary()
        rows: list[tuple[str, str, str, str]] = []

        def rate(s: dict[str, Any]) -> str:
            lo, hi = s["completion_interval"]
            return f"{s['completed']}/{s['games']} ({lo:.0%}-{hi:.0%})"

        rows.append(("games that end", rate(b), rate(u), self.completion_test.text()))
        rows.append((f"length ({self.length_unit})", _mean_text(b["length"]), _mean_text(u["length"]),
                     self.length_test.text()))
        for seat in range(self.user.players):
            def win(s: dict[str, Any], i: int = seat) -> str:
                lo, hi = s["win_intervals"][i]
                return f"{s['win_rates'][i]:.0%} ({lo:.0%}-{hi:.0%})" if s["completed"] else "—"
            rows.append((f"seat {seat + 1} wins", win(b), win(u), ""))
        base_fit, user_fit, between = self.seat_tests
        rows.append(("seat balance (chi-square)", base_fit.text(), user_fit.text(), between.text()))
        if b["score_spread"]["n"] or u["score_spread"]["n"]:
            rows.append(("score spread (best - worst)", _mean_text(b["score_spread"]),
                         _mean_text(u["score_spread"]), self.spread_test.text()))
        for key in self.extra_keys():
            vb, vu = self.base.extra(key), self.user.extra(key)
            rows.append((key, _mean_text(_spread(vb)), _mean_text(_spread(vu)), welch(vu, vb).text()))
        width = [max(len(r[i]) for r in [("", "built-in", "yours", "difference")] + rows) for i in range(4)]
        out = ["  ".join(h.ljust(w) for h, w in zip(("", "built-in", "yours", "difference"), width, strict=True))]
        out += ["  ".join(c.ljust(w) for c, w in zip(r, width, strict=True)).rstrip() for r in rows]
        for why in self.user.setup_failures[:3]:
            out.append(f"setup not made: {why}")
        return out


def verdict_line(comparisons: Mapping[str, Comparison]) -> str:
    """One line over the comparisons of a study (one per bot; a key "" means a single one)."""
    if not comparisons:
        return "no games played"
    if not any(c.ends for c in comparisons.values()):
        return "cannot make a game that ends"
    parts = {name: c.findings() for name, c in comparisons.items()}
    if not any(parts.values()):
        return "no difference"
    every_end = all(c.user.completed == len(c.user.games) for c in comparisons.values())
    head = ["plays to the end"] if every_end else []
    for name, found in parts.items():
        if found:
            head.append((f"{name} bots: " if name else "") + "; ".join(found))
    return "; ".join(head)


def _spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0, "n": 0}
    return {"mean": round(statistics.fmean(values), 3),
            "sd": round(statistics.stdev(values), 3) if len(values) > 1 else 0.0,
            "min": min(values), "max": max(values), "n": len(values)}


def _mean_text(s: Mapping[str, float]) -> str:
    return f"{s['mean']:g} ± {s['sd']:g}" if s["n"] else "—"


def _round_p(p: float) -> float:
    return float(f"{p:.3g}")


def _p_text(p: float) -> str:
    """p as a verdict writes it: "p < 0.001", "p < 0.01", else its value to two digits."""
    if p < 0.001:
        return "p < 0.001"
    if p < 0.01:
        return "p < 0.01"
    return f"p = {p:.2f}"


@dataclass
class Study:
    """A whole comparison: one Comparison per bot, the contents' own figures side by side
    (`figures`: name, built-in, yours), and what was played."""

    game: str
    players: int
    setups: int
    games: int
    seed: int
    comparisons: dict[str, Comparison]
    figures: list[tuple[str, str, str]] = field(default_factory=list)
    same_content: bool = False  # the user's content is the built-in content (same digest)
    checks: list[str] = field(default_factory=list)  # the catalog checks' findings on the user's content

    @property
    def ends(self) -> bool:
        return any(c.ends for c in self.comparisons.values())

    @property
    def exit_code(self) -> int:
        """A command's exit code: 1 when the user's content cannot make a game that ends, else 0."""
        return 0 if self.ends else 1

    def verdict(self) -> str:
        return verdict_line(self.comparisons)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "setups": self.setups, "games_per_setup": self.games,
            "seed": self.seed, "same_content": self.same_content,
            "figures": [{"name": n, "builtin": b, "user": u} for n, b, u in self.figures],
            "checks": list(self.checks),
            "bots": {bot: c.to_json() for bot, c in self.comparisons.items()},
            "ends": self.ends,
            "verdict": self.verdict(),
        }

    def lines(self) -> list[str]:
        out = [f"{self.game}: built-in content against yours, {self.players} players, {self.setups} setups x "
               f"{self.games} games per bot, seed {self.seed} (the same setup and game seeds for both)"]
        if self.same_content:
            out.append("your content is the built-in content (same digest)")
        out += [f"check: {c}" for c in self.checks]
        if self.figures:
            width = max(len(n) for n, _, _ in self.figures)
            bw = max(len("built-in"), *(len(b) for _, b, _ in self.figures))
            out.append(f"{'content'.ljust(width)}  {'built-in'.ljust(bw)}  yours")
            out += [f"{n.ljust(width)}  {b.ljust(bw)}  {u}" for n, b, u in self.figures]
        for bot, comp in self.comparisons.items():
            out.append(f"-- {bot} bots --")
            out += comp.lines()
        out.append(f"verdict: {self.verdict()}")
        return out
