"""Fixtures for Rzuć na tacę: the standard layout, a fresh sheet, and games with rigged dice."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from generator.games.rzuc_na_tace import kernels as k
from generator.games.rzuc_na_tace.engine import State, new_arrays
from generator.games.rzuc_na_tace.model import Layout, standard_layout
from generator.games.rzuc_na_tace.rules import Tables, tables_for


@pytest.fixture
def layout() -> Layout:
    return standard_layout()


@pytest.fixture
def tables(layout: Layout) -> Tables:
    return tables_for(layout)


class Marks:
    """One fresh sheet marked through the compiled rules (kernels.mark_once): each mark returns the
    bonuses it fires, in order, as the engine takes them."""

    def __init__(self, layout: Layout) -> None:
        self.tb = k.tables_of(layout)
        self.sh, self.gs = new_arrays(self.tb, 1, 6)

    def _mark(self, area: int, cell: int, value: int) -> tuple[int, ...]:
        tail = k.mark_once(self.tb, self.sh, self.gs, 0, area, cell, value, 0)
        return tuple(self.gs[k.G_Q:k.G_Q + tail].tolist())

    def cross_yellow(self, cell: int) -> tuple[int, ...]:
        return self._mark(k.Y, cell, 0)

    def cross_blue(self, s: int) -> tuple[int, ...]:
        return self._mark(k.B, s, s)

    def cross_green(self) -> tuple[int, ...]:
        return self._mark(k.G, 0, 0)

    def write_orange(self, v: int) -> tuple[int, ...]:
        return self._mark(k.O, 0, v)

    def write_purple(self, v: int) -> tuple[int, ...]:
        return self._mark(k.P, 0, v)

    def purple_ok(self, v: int) -> bool:
        return bool(k.purple_ok(self.tb, self.sh, 0, v))

    def green_ok(self, v: int) -> bool:
        """Whether the green die showing `v` may be marked (kernels.entries)."""
        self.gs[k.G_DICE + 3] = v
        out = np.empty((16, 5), np.int64)
        return bool(k.entries(self.tb, self.sh, self.gs, 0, k.PICK, 3, out, 0))


@pytest.fixture
def sheet(layout: Layout) -> Marks:
    return Marks(layout)


def rig(state: State, dice: Sequence[int]) -> State:
    """Set the six dice (white, yellow, blue, green, orange, purple) of the dice in play, as if
    they had been rolled so; dice not in play keep their values."""
    state.set_dice(list(dice))
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
