"""Random boards: legal, fair, reproducible, bounded, the same for any number of jobs."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.checks import GenerationError, UserInputError
from generator.games.plazing_rw import setup as prw_setup
from generator.games.plazing_rw.model import boards, random_params
from generator.games.plazing_rw.rules import check_board
from generator.games.plazing_rw.setup import (
    CODE,
    candidate,
    parse_features,
    random_board,
    sheet_setups,
)

RANDOM = {"board": "random", "hard": False, "features": "random"}


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**40 - 100), hard=st.booleans(), difficulty=st.sampled_from([1, 2, 3, 4]))
def test_random_boards_are_legal_and_fair(seed: int, hard: bool, difficulty: int) -> None:
    from generator.games.plazing_rw import fairness

    quick = {**fairness.params(), "tolerance": 0.25, "z": 1.0, "first_look": 8, "look": 8, "max_games": 32}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fairness, "params", lambda *_a: quick)
        board, fig = random_board(seed, hard, difficulty=difficulty)
    assert check_board(board, hard).ok
    assert fig is not None and fig["accepted"] and fig["difficulty"] == difficulty
    lo, hi = fig["band"]
    assert lo <= fig["interval"][0] <= fig["estimate"] <= fig["interval"][1] <= hi
    assert fig["target"] == pytest.approx(fairness.reference(difficulty, hard).mean, abs=0.01)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), mask=st.integers(0, 15))
def test_candidates_hold_their_features(seed: int, mask: int) -> None:
    from generator.core.rng import make_rng
    b = candidate(make_rng(seed), mask, random_params()["generate"])
    if b is None:
        return
    text = "".join(b.rows)
    assert ("north" in b.closed_edges) == bool(mask & (1 | 4))  # the bar closes the north edge too
    assert ("B" in text) == bool(mask & 2)
    assert ("$" in text) == bool(mask & 4)
    assert ("x" in text) == bool(mask & 8)
    lo, hi = random_params()["generate"]["resources_per_kind"]
    assert all(lo <= text.count(c) <= hi for c in "asp")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_a_random_bar_never_stands_on_an_open_north_edge(seed: int) -> None:
    from generator.core.rng import make_rng
    b = candidate(make_rng(seed), 4, random_params()["generate"])  # the bar alone, no "edge" feature
    if b is None:
        return
    assert "north" in b.closed_edges and b.north == "bar"


def test_the_issue_example_bar_board_is_closed_and_the_checker_flags_an_open_one() -> None:
    board, _ = random_board(11, features=4, balance=False)  # `sheet --board random --features bar --seed 11`
    assert board.bar and "north" in board.closed_edges
    opened = replace(board, closed_edges=(), north="none")
    assert "prw.bar-north" in {v.rule for v in check_board(opened)}


def test_same_seed_same_board_same_decision_and_codes_reproduce(quick_fairness: dict) -> None:
    pad = sheet_setups(RANDOM, 100, 3)
    assert len({s.board.rows for s in pad}) == 3
    again = sheet_setups(RANDOM, 100, 3)
    assert [s.to_json() for s in pad] == [s.to_json() for s in again]
    assert all(s.balance and s.balance["accepted"] for s in pad)
    options, seed = CODE.decode(pad[2].code)
    assert sheet_setups(options, seed, 1)[0].to_json() == pad[2].to_json()


def test_pads_are_identical_for_any_number_of_jobs(quick_fairness: dict) -> None:
    one = sheet_setups({**RANDOM, "difficulty": 2}, 7, 4, jobs=1)
    two = sheet_setups({**RANDOM, "difficulty": 2}, 7, 4, jobs=2)
    assert [s.to_json() for s in one] == [s.to_json() for s in two]


def test_difficulty_and_mirror_are_in_the_code() -> None:
    opts = {**RANDOM, "mirror": True, "difficulty": 3}
    code = CODE.encode(opts, 5)
    assert CODE.decode(code) == (opts, 5)
    assert code != CODE.encode({**opts, "difficulty": 4}, 5) != CODE.encode({**opts, "mirror": False}, 5)


def test_fixed_board_pad_is_the_printed_board() -> None:
    pad = sheet_setups({"board": "2", "hard": False, "features": "random"}, 1, 5)
    assert len(pad) == 5 and all(s.board is boards()["2"] for s in pad)


def test_impossible_difficulty_fails_clearly_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.plazing_rw import fairness

    params = {**random_params(), "generate": {**random_params()["generate"], "max_tries": 3}}
    monkeypatch.setattr(prw_setup, "random_params", lambda: params)
    tight = {**fairness.params(), "tolerance": 0.0001, "first_look": 4, "look": 4, "max_games": 8}
    monkeypatch.setattr(fairness, "params", lambda *_a: tight)
    with pytest.raises(GenerationError, match="as hard as board 1 .*after 3 tries.*difficulty 1"):
        random_board(1)
    with pytest.raises(UserInputError, match="difficulty"):
        random_board(1, difficulty=5)


def test_features_option_parsing() -> None:
    assert parse_features("random") == "random"
    assert parse_features("none") == 0
    assert parse_features("edge,waste") == 1 | 8
    with pytest.raises(UserInputError):
        parse_features("edge,sharks")


# --- the forecast that orders and screens candidates (predict.py) ----------------------------------

def test_forecast_data_is_this_engines_and_fit_recovers_a_known_line() -> None:
    import random

    from generator.games.plazing_rw import predict

    for d in (1, 2, 3, 4):
        p = predict.predictor(d)
        assert set(p.coefficients) == set(predict.FEATURES) and p.error > 0 and p.boards >= 100
    rng = random.Random(3)
    truth = {k: rng.uniform(-2, 2) for k in predict.FEATURES}
    rows = []
    for _ in range(200):
        f = {k: rng.uniform(0, 10) for k in predict.FEATURES}
        rows.append((f, 7.5 + sum(truth[k] * f[k] for k in truth)))
    intercept, coef = predict.fit(rows, ridge=0.0)
    assert intercept == pytest.approx(7.5, abs=1e-6)
    assert all(coef[k] == pytest.approx(v, abs=1e-6) for k, v in truth.items())


@pytest.mark.slow
def test_the_forecast_tracks_real_boards() -> None:
    """Over legal candidates of every difficulty the forecast orders boards as their greedy means
    do (a rank check on a few dozen boards with a short run each: loose, but it fails for a
    forecast that knows nothing)."""
    import statistics

    from generator.core.rng import make_rng
    from generator.games.plazing_rw import fairness, predict

    pairs = []
    for d in (1, 4):
        gen = prw_setup.generation_params(d)
        for s in range(12):
            rng = make_rng(5000 + s, "plazing-rw", "board", "0")
            b = candidate(rng, prw_setup._choose_features(rng, "random", gen), gen)
            if b is not None and check_board(b).ok:
                mean = statistics.fmean(fairness.score_games(b, [fairness.crn_seed(i) for i in range(16)],
                                                             False, False))
                pairs.append((predict.predictor(d).predict(b), mean))
    assert len(pairs) >= 15
    assert statistics.correlation([a for a, _ in pairs], [b for _, b in pairs]) > 0.6


def test_candidates_are_played_nearest_the_forecast_first_and_far_ones_never(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The forecast only chooses the order and skips far candidates; the sequential test decides."""
    from generator.games.plazing_rw import fairness, predict

    real = predict.predictor(1)
    aim = fairness.reference(1).mean
    seen: list[tuple[float, object]] = []

    def decide(board, difficulty, hard=False, mirror=False, p=None):  # type: ignore[no-untyped-def]
        seen.append((abs(real.predict(board) - aim), board))
        return fairness.Decision(len(seen) == 2, 10, aim, aim - 1, aim + 1, aim, (aim - 2, aim + 2), "inside")

    monkeypatch.setattr(fairness, "decide", decide)
    board, fig = random_board(21)
    assert fig is not None and fig["tested"] == 2 and seen[1][1] is board
    assert seen[0][0] <= seen[1][0]  # nearest first
    reach = aim * fairness.params(1)["tolerance"] + fairness.params(1)["screen_margin"] * real.error
    assert all(off <= reach for off, _b in seen)
    # a forecast that puts every candidate far out: only the nearest of each batch is played (an
    # option set the forecast knows badly is still tried), and the error says why the rest were not
    monkeypatch.setattr(predict, "predictor", lambda d=1: predict.Predictor(1000.0, {}, 1.0, 1, 1))
    monkeypatch.setattr(fairness, "decide", lambda *a, **k: (seen.append((0.0, a[0])), fairness.Decision(
        False, 10, aim, aim - 1, aim + 1, aim, (aim - 2, aim + 2), "outside"))[1])
    seen.clear()
    with pytest.raises(GenerationError, match="forecast outside the band"):
        random_board(21)
    batch = fairness.params(1)["screen_batch"]
    tries = prw_setup.generation_params(1)["max_tries"]
    assert 1 <= len(seen) <= -(-tries // batch)
