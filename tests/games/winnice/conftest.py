"""Fixtures for Winnice: the built-in catalog, setups, and states with hand-made vineyards."""

from __future__ import annotations

import random

import pytest

from generator.core.grid import get_grid
from generator.games.winnice.engine import State
from generator.games.winnice.model import Catalog, default_catalog
from generator.games.winnice.moves import P_PLANT
from generator.games.winnice.setup import generate

GRID = get_grid(8, 8)


@pytest.fixture
def cat() -> Catalog:
    return default_catalog()


def square(name: str) -> int:
    """"C5" -> the bit of column C, row 5."""
    return GRID.bit("ABCDEFGH".index(name[0]), int(name[1:]) - 1)


def art_bits(art: str, x0: int = 0, y0: int = 0) -> int:
    """Bits of the '#' cells of ASCII art ('/' or newlines between rows), offset by (x0, y0)."""
    bits = 0
    for y, row in enumerate(r for r in art.replace("/", "\n").splitlines() if r.strip()):
        for x, ch in enumerate(row):
            if ch == "#":
                bits |= GRID.bit(x0 + x, y0 + y)
    return bits


def new_state(players: int = 2, seed: int = 1) -> State:
    return State(generate(players, seed), rng=random.Random(seed))


def plant_by_hand(state: State, who: int, colour: int, bits: int) -> None:
    """Put seedlings on a board directly (one monomino piece per square keeps pieces conserved only
    for tests that do not check the bank)."""
    p = state.players[who]
    p.board[colour] |= bits
    p.planted.append((colour, "hand", bits))
    state.bank_pieces.setdefault((colour, "hand"), 0)


def to_planting(state: State, who: int) -> None:
    """Jump the state to `who`'s turn in the planting phase (every other flag as at its start)."""
    state.phase = P_PLANT
    state.drop = None
    state.cur = who
    state.order_i = (who - state.first) % state.num_players
    for p in state.players:
        p.harvested = False
