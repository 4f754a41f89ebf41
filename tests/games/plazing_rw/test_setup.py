"""Random boards: legal, balanced, reproducible, bounded."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.checks import GenerationError, UserInputError
from generator.games.plazing_rw import setup as prw_setup
from generator.games.plazing_rw.model import boards, random_params
from generator.games.plazing_rw.rules import check_board
from generator.games.plazing_rw.setup import (
    CODE,
    balance_figures,
    candidate,
    parse_features,
    random_board,
    sheet_setups,
)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**40 - 100), hard=st.booleans())
def test_random_boards_are_legal_and_in_band(seed: int, hard: bool) -> None:
    board, fig = random_board(seed, hard)
    assert check_board(board, hard).ok
    lo, hi = random_params()["balance"]["band"]
    assert fig is not None and lo <= fig["mean"] <= hi


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), mask=st.integers(0, 15))
def test_candidates_hold_their_features(seed: int, mask: int) -> None:
    from generator.core.rng import make_rng
    b = candidate(make_rng(seed), mask, random_params()["generate"])
    if b is None:
        return
    text = "".join(b.rows)
    assert ("north" in b.closed_edges) == bool(mask & 1)
    assert ("B" in text) == bool(mask & 2)
    assert ("$" in text) == bool(mask & 4)
    assert ("x" in text) == bool(mask & 8)
    lo, hi = random_params()["generate"]["resources_per_kind"]
    assert all(lo <= text.count(c) <= hi for c in "asp")


def test_band_contains_printed_boards() -> None:
    lo, hi = random_params()["balance"]["band"]
    for b in boards().values():
        mean = balance_figures(b, False, 2024, games=10)["mean"]
        assert lo <= mean <= hi, (b.id, mean)


def test_same_seed_same_board_and_pad_codes_reproduce() -> None:
    opts = {"board": "random", "hard": False, "features": "random"}
    pad = sheet_setups(opts, 100, 3)
    assert len({s.board.rows for s in pad}) == 3
    again = sheet_setups(opts, 100, 3)
    assert [s.to_json() for s in pad] == [s.to_json() for s in again]
    options, seed = CODE.decode(pad[2].code)
    assert sheet_setups(options, seed, 1)[0].board.rows == pad[2].board.rows


def test_fixed_board_pad_is_the_printed_board() -> None:
    pad = sheet_setups({"board": "2", "hard": False, "features": "random"}, 1, 5)
    assert len(pad) == 5 and all(s.board is boards()["2"] for s in pad)


def test_impossible_balance_fails_clearly_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    params = {**random_params(), "balance": {**random_params()["balance"], "band": [900.0, 1000.0], "games": 1},
              "generate": {**random_params()["generate"], "max_tries": 3}}
    monkeypatch.setattr(prw_setup, "random_params", lambda: params)
    with pytest.raises(GenerationError, match="after 3 tries.*balance"):
        random_board(1)


def test_features_option_parsing() -> None:
    assert parse_features("random") == "random"
    assert parse_features("none") == 0
    assert parse_features("edge,waste") == 1 | 8
    with pytest.raises(UserInputError):
        parse_features("edge,sharks")
