"""core.compare: the statistics against values worked by hand, and the verdict of made-up arms."""

from __future__ import annotations

import math

import pytest

from generator.core import compare as c


def test_chi2_sf_closed_forms() -> None:
    # df 1: erfc(sqrt(x/2)); df 2: exp(-x/2); df 4: exp(-x/2) (1 + x/2)
    for x in (0.5, 3.841458820694124, 7.84, 20.0):
        assert c.chi2_sf(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
        assert c.chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
        assert c.chi2_sf(x, 4) == pytest.approx(math.exp(-x / 2) * (1 + x / 2), rel=1e-9)
    assert c.chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-9)
    assert c.chi2_sf(0.0, 3) == 1.0


def test_t_two_sided_closed_forms() -> None:
    # df 1 is Cauchy: 1 - 2 atan|t| / pi; df 2: 1 - |t| / sqrt(2 + t^2)
    for t in (0.3, 1.0, 2.0, 12.0):
        assert c.t_two_sided(t, 1) == pytest.approx(1 - 2 * math.atan(t) / math.pi, rel=1e-9)
        assert c.t_two_sided(-t, 2) == pytest.approx(1 - t / math.sqrt(2 + t * t), rel=1e-9)
    assert c.t_two_sided(1.959963984540054, 1e7) == pytest.approx(0.05, abs=1e-6)  # the normal limit


def test_wilson_64_of_100() -> None:
    lo, hi = c.wilson(64, 100)
    assert (lo, hi) == (pytest.approx(0.5424, abs=1e-4), pytest.approx(0.7273, abs=1e-4))
    assert c.wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12) and c.wilson(10, 10)[1] == pytest.approx(1.0)
    assert c.wilson(0, 0) == (0.0, 1.0)


def test_welch_by_hand() -> None:
    # means 2.5 and 5; variances of the means 5/12 and 5/3; t = -2.5 / sqrt(25/12)
    t = c.welch([1, 2, 3, 4], [2, 4, 6, 8])
    assert t.statistic == pytest.approx(-1.7320508, rel=1e-6)
    assert t.df == pytest.approx((25 / 12) ** 2 / ((5 / 12) ** 2 / 3 + (5 / 3) ** 2 / 3), rel=1e-9)
    assert 0.1 < t.p < 0.2
    assert c.welch([3, 3, 3], [3, 3]).p == 1.0
    assert c.welch([3, 3, 3], [4, 4]).p == 0.0


def test_two_proportions_and_seat_tests_by_hand() -> None:
    z = c.two_proportions(50, 100, 40, 100)  # pooled 0.45: z = 0.1 / sqrt(0.2475 * 0.02)
    assert z.statistic == pytest.approx(1.421338, rel=1e-5)
    assert z.p == pytest.approx(0.15521, abs=1e-4)
    fit = c.chi2_uniform([64, 36])  # (14^2 + 14^2) / 50
    assert (fit.statistic, fit.df) == (pytest.approx(7.84), 1)
    assert fit.p == pytest.approx(0.005110, abs=1e-5)
    between = c.chi2_homogeneity([10, 20], [20, 10])  # 4 cells of (5^2 / 15)
    assert between.statistic == pytest.approx(20 / 3)
    assert between.p == pytest.approx(math.erfc(math.sqrt(10 / 3)), rel=1e-9)


def _arm(label: str, wins: list[int], length: float, ends: int = 0, spread: float = 2.0) -> c.Arm:
    """Games won by seat per `wins` (in turn, so lengths vary), then `ends` games that do not end."""
    arm = c.Arm(label, len(wins))
    i = 0
    for seat, n in enumerate(wins):
        for _ in range(n):
            w = tuple(1.0 if s == seat else 0.0 for s in range(len(wins)))
            arm.games.append(c.Game(True, length + (i % 5) - 2, w, (10.0 + spread * (i % 3), 10.0)))
            i += 1
    arm.games += [c.unfinished(len(wins)) for _ in range(ends)]
    return arm


def test_identical_arms_no_difference() -> None:
    comp = c.Comparison(_arm("built-in", [52, 48], 30), _arm("yours", [52, 48], 30))
    assert comp.findings() == []
    assert comp.verdict() == "no difference"
    assert comp.to_json()["tests"]["seat_homogeneity"]["p"] == 1.0


def test_verdict_names_length_and_seat() -> None:
    comp = c.Comparison(_arm("built-in", [50, 50], 30), _arm("yours", [64, 36], 27.3))
    assert comp.verdict() == "plays to the end; 9 % shorter; seat 1 favoured, p < 0.01"
    assert comp.to_json()["user"]["win_intervals"][0] == [pytest.approx(0.5424, abs=1e-4),
                                                         pytest.approx(0.7273, abs=1e-4)]


def test_verdict_unfinished_and_unending() -> None:
    comp = c.Comparison(_arm("built-in", [50, 50], 30), _arm("yours", [49, 48], 30, ends=3))
    assert comp.verdict() == "3 of 100 games do not end (built-in 0)"
    none = c.Comparison(_arm("built-in", [50, 50], 30), _arm("yours", [0, 0], 30, ends=100))
    assert not none.ends and none.verdict() == "cannot make a game that ends"


def test_verdict_over_bots() -> None:
    same = c.Comparison(_arm("b", [50, 50], 30), _arm("u", [50, 50], 30))
    skew = c.Comparison(_arm("b", [50, 50], 30), _arm("u", [64, 36], 30))
    assert c.verdict_line({"greedy": same, "random": same}) == "no difference"
    assert (c.verdict_line({"greedy": skew, "random": same})
            == "plays to the end; greedy bots: seat 1 favoured, p < 0.01")


def test_seeds_are_shared_and_distinct() -> None:
    assert c.setup_seeds(7, 4) == c.setup_seeds(7, 4)
    assert len(set(c.setup_seeds(7, 4))) == 4
    assert c.game_seed(7, 0) != c.game_seed(7, 1)


def test_lines_side_by_side() -> None:
    lines = c.Comparison(_arm("b", [50, 50], 30), _arm("u", [64, 36], 30)).lines()
    assert lines[0].split() == ["built-in", "yours", "difference"]
    assert any(ln.startswith("seat 1 wins") and "64%" in ln for ln in lines)


def test_untestable_shown_as_dash_and_sizes_checked() -> None:
    comp = c.Comparison(_arm("b", [50, 50], 30), _arm("u", [0, 0], 30, ends=10))
    assert not comp.length_test.ran
    assert any(ln.startswith("length") and ln.rstrip().endswith("—") for ln in comp.lines())
    with pytest.raises(c.UserInputError, match="--games 0"):
        c.check_size(2, 0)


def test_json_is_strict_even_for_constant_samples() -> None:
    import json

    same = c.Game(True, 10.0, (1.0, 0.0), (3.0, 1.0))
    other = c.Game(True, 12.0, (1.0, 0.0), (3.0, 1.0))
    comp = c.Comparison(c.Arm("b", 2, [same] * 5), c.Arm("u", 2, [other] * 5))
    assert comp.length_test.p == 0.0 and comp.to_json()["tests"]["length"]["statistic"] is None
    study = c.Study("g", 2, 1, 5, 1, {"greedy": comp}, checks=["[x.y] z"])
    json.dumps(study.to_json(), allow_nan=False)
    assert "check: [x.y] z" in study.lines()
