"""The bots' memos live beside the State: a decision's memo is forgotten by the next move, and no
state ever sees another's."""

from __future__ import annotations

from generator.games.winnice import memo
from generator.games.winnice.moves import PASS_MOVE
from tests.games.winnice.conftest import new_state


def test_a_decision_memo_lasts_until_the_next_move() -> None:
    s = new_state()
    memo.decision(s)["x"] = 1
    assert memo.decision(s) == {"x": 1}
    s.apply(PASS_MOVE)
    assert memo.decision(s) == {}


def test_another_state_never_sees_the_memo_of_one() -> None:
    a, b = new_state(), new_state()
    memo.decision(a)["x"] = 1
    assert memo.decision(b) == {}
    assert memo.decision(a) == {}  # a's was dropped, not mixed in
    c = a.clone()
    memo.decision(a)["x"] = 1
    assert memo.decision(c) == {}


def test_forget_drops_everything() -> None:
    s = new_state()
    memo.decision(s)["x"] = 1
    memo.forget()
    assert memo.decision(s) == {}
