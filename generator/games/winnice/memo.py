"""The bots' decision memo, kept beside the State (the State holds the rules and none of it).

`decision(state)`: a memo for the decision the state is at — what one decision asks for many
times (the mover's target windows, planting contexts, the placing decision and a market's card
values). It is forgotten as soon as a move is applied (the State counts its moves) or another
state is asked about.

The memo holds the last state asked about (one slot, replaced whole, so a thread playing another
game only ever costs a recomputation). Only speed depends on it, never a result: everything kept
is a pure function of the state it was found for. A test that changes a state by hand calls
`forget()`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.games.winnice.engine import State

#: (state, its move count, the decision memo)
_slot: tuple[Any, int, dict[Any, Any]] = (None, -1, {})


def decision(state: State) -> dict[Any, Any]:
    """The memo of the decision `state` is at (empty after each move)."""
    global _slot
    s = _slot
    if s[0] is state and s[1] == state.moves:
        return s[2]
    _slot = s = (state, state.moves, {})
    return s[2]


def forget() -> None:
    """Drop the memo of the last state (after changing a state by hand)."""
    global _slot
    _slot = (None, -1, {})
