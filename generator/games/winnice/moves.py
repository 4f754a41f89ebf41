"""Winnice moves: plain tuples `(kind, a, b, c)` (hashable, cheap), their phases, and descriptions.

Kept apart from the engine so the bots (bots.py) can read moves without importing the State.

    (SELL, colour, value, 0)         sell one harvest token (phase 1)
    (DONE, 0, 0, 0)                  end your part of the phase (selling, converting, planting)
    (PLACE, space, worker, 0)        put worker (shape id) on action space (index in the board)
    (PASS, 0, 0, 0)                  stop placing workers this round and take the pass coin
    (HIRE, shape, 0, 0)              which crew to take when the bank holds two of that size
    (TAKE, slot, 0, 0)               market: face-up slot 0.., or -1 for the blind top card
    (SKIP, 0, 0, 0)                  market: take nothing (the cost stays paid)
    (DROP_SEEDLING, colour, shape, 0) give back an unplanted seedling over the storage limit
    (DROP_TOKEN, colour, value, 0)   give back a harvest token over the barrel limit
    (LAB, yellow value, green value, 0) laboratory: those two tokens + coins -> a red token
    (GENETICS, shape, 0, 0)          genetics: a yellow and a green seedling of shape -> a red one
    (PLANT, colour, shape, bits)     plant a stored seedling on the squares `bits`
    (IRRIGATE, square bit, 0, 0)     use an irrigate card on the drought token at that square
    (HARVEST, colour, square bit, 0) harvest the planting of that colour through that square
"""

from __future__ import annotations

from typing import Any

from generator.core.grid import get_grid

SELL, DONE, PLACE, PASS, HIRE, TAKE, SKIP, DROP_SEEDLING, DROP_TOKEN, LAB, GENETICS, PLANT, IRRIGATE, HARVEST = \
    range(14)
KIND_NAMES = ("sell", "done", "place", "pass", "hire", "take", "skip", "drop-seedling", "drop-token", "lab",
              "genetics", "plant", "irrigate", "harvest")

# phases of a round (OVER: the game has ended)
P_SELL, P_PLACE, P_RESOLVE, P_CONVERT, P_PLANT, P_OVER = range(6)
PHASE_NAMES = ("selling", "actions", "actions (resolving)", "actions (laboratory/genetics)", "planting and harvest",
               "over")

Move = tuple[Any, Any, Any, Any]

#: per kind, the type of each of the three fields (None: an unused field, always the int 0) —
#: `well_formed` holds a move to it before the engine looks at its values
_I, _S = int, str
SIGNATURES: dict[int, tuple[type | None, type | None, type | None]] = {
    SELL: (_I, _I, None), DONE: (None, None, None), PLACE: (_I, _S, None), PASS: (None, None, None),
    HIRE: (_S, None, None), TAKE: (_I, None, None), SKIP: (None, None, None), DROP_SEEDLING: (_I, _S, None),
    DROP_TOKEN: (_I, _I, None), LAB: (_I, _I, None), GENETICS: (_S, None, None), PLANT: (_I, _S, _I),
    IRRIGATE: (_I, None, None), HARVEST: (_I, _I, None)}
#: the same, compiled for `well_formed`: the three field types (int for unused ones), where the
#: unused tail starts and the zeros it must hold (the fields a kind uses come first)
_FORMS: dict[int, tuple[type, type, type, int, tuple[int, ...]]] = {
    kind: (sig[0] or int, sig[1] or int, sig[2] or int, 1 + sum(t is not None for t in sig),
           (0,) * sum(t is None for t in sig)) for kind, sig in SIGNATURES.items()}


def well_formed(move: object) -> bool:
    """Is `move` a 4-tuple of a known kind with fields of that kind's types (exact types: True is
    not 1, 1.0 is not 1) and zeros where the kind has nothing to say? (Every move the engine
    applies passes here first: written for speed, one lookup and a few type tests.)"""
    if type(move) is not tuple or len(move) != 4 or type(move[0]) is not int:
        return False
    form = _FORMS.get(move[0])
    return (form is not None and type(move[1]) is form[0] and type(move[2]) is form[1]
            and type(move[3]) is form[2] and move[form[3]:] == form[4])


DONE_MOVE: Move = (DONE, 0, 0, 0)
PASS_MOVE: Move = (PASS, 0, 0, 0)
SKIP_MOVE: Move = (SKIP, 0, 0, 0)
COLOUR_WORD = ("yellow", "green", "red")


def _squares(bits: int, size: int, columns: str) -> str:
    return " ".join(f"{columns[x]}{y + 1}" for x, y in get_grid(size, size).cells(bits))  # row by row


def describe(move: Move, spaces: Any = None, size: int = 8, columns: str = "ABCDEFGH") -> str:
    """A one-line English description of a move (logs, `play` output)."""
    kind, a, b, c = move
    if kind == SELL:
        return f"sell a {COLOUR_WORD[a]} {b}P token"
    if kind == PLACE:
        name = spaces[a].id if spaces is not None else str(a)
        return f"place worker {b} on {name}"
    if kind == HIRE:
        return f"hire crew {a}"
    if kind == TAKE:
        return "take the blind top card" if a < 0 else f"take market card {a + 1}"
    if kind == DROP_SEEDLING:
        return f"give back a {COLOUR_WORD[a]} {b} seedling"
    if kind == DROP_TOKEN:
        return f"give back a {COLOUR_WORD[a]} {b}P token"
    if kind == LAB:
        return f"laboratory: yellow {a}P + green {b}P -> red"
    if kind == GENETICS:
        return f"genetics: yellow + green {a} -> red {a}"
    if kind == PLANT:
        return f"plant {COLOUR_WORD[a]} {b} on {_squares(c, size, columns)}"
    if kind == IRRIGATE:
        return f"irrigate {_squares(a, size, columns)}"
    if kind == HARVEST:
        return f"harvest the {COLOUR_WORD[a]} planting at {_squares(b, size, columns)}"
    return KIND_NAMES[kind]
