"""The bots' memos and tables, kept beside the State (the State holds the rules and none of them).

- `decision(state)`: a memo for the decision the state is at — what one decision asks for many
  times (the mover's target windows, planting contexts, market values). It is forgotten as soon
  as a move is applied (the State counts its moves) or another state is asked about.
- `placing(state)`: a memo that lives as long as the bots keep playing the same state (keys carry
  the round: what stands still while workers are placed).
- `space_table(t)`: the greedy bot's per-space terms of a compiled catalog (engine `Tables`).

The memos hold the last state asked about (one slot, replaced whole, so a thread playing another
game only ever costs a recomputation). Only speed depends on them, never a result: everything
kept is a pure function of the state it was found for. A test that changes a state by hand calls
`forget()`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.games.winnice.moves import Move

if TYPE_CHECKING:
    from generator.games.winnice.engine import State
    from generator.games.winnice.tables import Tables

#: (state, its move count, the decision memo, the placing memo)
_slot: tuple[Any, int, dict[Any, Any], dict[Any, Any]] = (None, -1, {}, {})


def _memos(state: State) -> tuple[Any, int, dict[Any, Any], dict[Any, Any]]:
    """The slot of `state` at its current move (a new one when the state or its move changed)."""
    global _slot
    s = _slot
    if s[0] is state:
        if s[1] == state.moves:
            return s
        s = (state, state.moves, {}, s[3])
    else:
        s = (state, state.moves, {}, {})
    _slot = s
    return s


def decision(state: State) -> dict[Any, Any]:
    """The memo of the decision `state` is at (empty after each move)."""
    return _memos(state)[2]


def placing(state: State) -> dict[Any, Any]:
    """The memo kept across the decisions of one state (its keys name the round they hold for)."""
    return _memos(state)[3]


def forget() -> None:
    """Drop every memo of the last state (after changing a state by hand)."""
    global _slot
    _slot = (None, -1, {}, {})


class SpaceTable:
    """The greedy bot's placing terms of one compiled catalog."""

    def __init__(self, t: Tables) -> None:
        #: per space: (kind, action, cost, 0.6 * cost) — the same floats as `valuation.space_value`'s
        self.space_info = tuple((k, s.action, s.cost, 0.6 * s.cost) for k, s in zip(t.space_kind, t.spaces,
                                                                                   strict=True))
        #: the market spaces, as bits
        self.buy_bits = sum(1 << i for i, s in enumerate(t.spaces) if s.action.startswith("buy"))
        #: free workers -> per space, the moves of those that fit it (filled as games go)
        self.fit_rows: dict[tuple[str, ...], tuple[tuple[Move, ...], ...]] = {}


_TABLES: dict[int, tuple[Tables, SpaceTable]] = {}  # by id of the Tables (held, so the id stays theirs)


def space_table(t: Tables) -> SpaceTable:
    got = _TABLES.get(id(t))
    if got is None or got[0] is not t:
        if len(_TABLES) >= 16:
            _TABLES.clear()
        got = _TABLES[id(t)] = (t, SpaceTable(t))
    return got[1]
