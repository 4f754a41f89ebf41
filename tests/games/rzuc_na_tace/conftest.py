"""Fixtures for Rzuć na tacę: the standard layout, a fresh sheet, and games with rigged dice."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from generator.games.rzuc_na_tace.engine import POOL, State
from generator.games.rzuc_na_tace.model import Layout, standard_layout
from generator.games.rzuc_na_tace.rules import Sheet, Tables, tables_for


@pytest.fixture
def layout() -> Layout:
    return standard_layout()


@pytest.fixture
def tables(layout: Layout) -> Tables:
    return tables_for(layout)


@pytest.fixture
def sheet(tables: Tables) -> Sheet:
    return Sheet.new(tables)


def rig(state: State, dice: Sequence[int]) -> State:
    """Set the six dice (white, yellow, blue, green, orange, purple) of the dice in play, as if
    they had been rolled so; dice not in play keep their values."""
    for i, v in enumerate(dice):
        if state.where[i] == POOL:
            state.dice[i] = v
    state._moves = None
    return state


@pytest.fixture
def game() -> Callable[..., State]:
    """game(players, dice=None, seed=0): a new game, its first roll replaced by `dice`."""

    def make(players: int = 1, dice: Sequence[int] | None = None, seed: int = 0) -> State:
        s = State(players, random.Random(seed))
        if dice is not None:
            rig(s, dice)
        return s

    return make
