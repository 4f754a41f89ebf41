"""The sequential balancing test on synthetic score streams with known means: its stated error
rate, its power, early stopping, and the t quantiles it rests on."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from generator.games.rzuc_na_tace.sequential import FUTILE, IN, OUT, Plan, Tally, judge, t_quantile

MEAN, SD = 130.0, 19.0


def _pairs(gap: float, seed: int, n: int = 1000) -> tuple[list[float], list[float]]:
    """Paired scores whose true relative gap is exactly `gap` (variant mean = (1 + gap) * MEAN),
    correlated as the same dice on two sheets are."""
    r = random.Random(seed)
    ref, var = [], []
    for _ in range(n):
        s = r.gauss(MEAN, SD)
        ref.append(s)
        var.append((1 + gap) * MEAN + 0.3 * (s - MEAN) + r.gauss(0, 22))
    return var, ref


def _run(plan: Plan, gap: float, seed: int):  # type: ignore[no-untyped-def]
    var, ref = _pairs(gap, seed, plan.max_games)
    return judge(plan, lambda lo, hi: var[lo:hi], ref)


@pytest.mark.parametrize("gap", [0.05, -0.05, 0.06])
def test_a_variant_outside_the_band_is_accepted_at_most_at_the_stated_rate(gap: float) -> None:
    plan = Plan()
    trials = 120
    accepted = sum(_run(plan, gap, 1000 + k).accepted for k in range(trials))
    # stated: at most error_rate (5 %); on the band's edge the Bonferroni looks give about 2 %
    assert accepted / trials <= plan.error_rate


def test_a_fair_variant_is_accepted_early() -> None:
    plan = Plan()
    verdicts = [_run(plan, 0.0, 2000 + k) for k in range(60)]
    assert sum(v.accepted for v in verdicts) >= 55
    assert sum(v.games for v in verdicts) / len(verdicts) < 0.4 * plan.max_games
    assert all(v.reason == IN and v.low > -0.05 and v.high < 0.05 for v in verdicts if v.accepted)


def test_a_clearly_unfair_variant_is_rejected_at_the_first_look() -> None:
    v = _run(Plan(), 0.15, 7)
    assert v.reason == OUT and v.games == Plan().looks[0] and v.low > 0.05


def test_a_borderline_variant_stops_as_futile_before_the_end() -> None:
    reasons = [_run(Plan(), 0.045, 3000 + k) for k in range(30)]
    assert any(v.reason == FUTILE and v.games < 1000 for v in reasons)


def test_the_same_stream_gives_the_same_verdict() -> None:
    assert _run(Plan(), 0.01, 5) == _run(Plan(), 0.01, 5)


def test_looks_and_levels() -> None:
    plan = Plan(step=100, max_games=1000)
    assert plan.looks == (100, 200, 300, 400, 500, 600, 700, 800, 900, 1000)
    assert Plan(step=100, max_games=250).looks == (100, 200, 250)
    assert Plan().looks[:3] == (50, 100, 150) and Plan().looks[-1] == 1000
    assert plan.confidence == pytest.approx(0.90)
    with pytest.raises(ValueError):
        Plan(tolerance=0)


@pytest.mark.parametrize(("p", "df", "exact"), [(0.975, 10, 2.2281), (0.995, 29, 2.7564), (0.995, 99, 2.6264),
                                                (0.9975, 199, 2.8389), (0.975, 1000, 1.9623)])
def test_t_quantiles(p: float, df: int, exact: float) -> None:
    assert t_quantile(p, df) == pytest.approx(exact, rel=1e-3)


def test_tally_ratio_and_its_error() -> None:
    t = Tally()
    pairs: Sequence[tuple[float, float]] = [(110.0, 100.0), (121.0, 110.0), (99.0, 90.0)]
    for v, s in pairs:
        t.add(v, s)
    g, se, mu_v, mu_s = t.estimate()
    assert g == pytest.approx(0.1) and se == pytest.approx(0.0) and mu_s == pytest.approx(100.0)
    # with the reference's other games: its mean comes from all of them, and the variant's mean
    # follows by the regression (exactly 10 % above here, still no spread)
    rest = [80.0, 120.0, 95.0]
    g, se, mu_v, mu_s = t.estimate((3, sum(rest), sum(x * x for x in rest)))
    assert mu_s == pytest.approx((300 + 295) / 6) and mu_v == pytest.approx(1.1 * mu_s)
    assert g == pytest.approx(0.1) and se == pytest.approx(0.0, abs=1e-9)
    assert Tally().estimate()[1] == float("inf")


def test_the_reference_games_beyond_the_pairs_sharpen_the_estimate_without_bias() -> None:
    gaps, ses_ratio, ses_cv = [], [], []
    for k in range(200):
        var, ref = _pairs(0.02, 4000 + k, 1000)
        t = Tally()
        for v, s in zip(var[:200], ref[:200], strict=True):
            t.add(v, s)
        ses_ratio.append(t.estimate()[1])
        rest = ref[200:]
        g, se, _, _ = t.estimate((len(rest), sum(rest), sum(x * x for x in rest)))
        gaps.append(g)
        ses_cv.append(se)
    mean_gap = sum(gaps) / len(gaps)
    spread = (sum((g - mean_gap) ** 2 for g in gaps) / (len(gaps) - 1)) ** 0.5
    assert abs(mean_gap - 0.02) < 3 * spread / len(gaps) ** 0.5  # unbiased
    assert sum(ses_cv) < 0.92 * sum(ses_ratio)  # sharper than the plain paired ratio (about 0.88)
    assert 0.8 < spread / (sum(ses_cv) / len(ses_cv)) < 1.25  # and the stated error is the real one
