"""Plażing move encoding, shared by the rules engine, the event cards and the bots.

Moves are plain 3-tuples `(kind, a, b)` (cheap to build by the hundred and to compare):

- ``(SCREEN, anchor, outer)``    a screen from square `anchor` (its west or north end); outer 0 = N,
  1 = S (horizontal screen), 2 = W, 3 = E (vertical screen)
- ``(BLANKET, anchor, 0|1)``     a blanket, horizontal (0) or vertical (1);  ``(ODD, square, 0)``
- ``(COLLECT_ALL, kind, 0)``     all of one kind from all own closed areas (kind 0 amber,
  1 pebble, 2 shell, 3 surprise)
- ``(COLLECT_TWO, k1, k2)``      one of each of two different kinds (k1 < k2) from own areas
- ``(COLLECT_WASTE, square, 0)`` take a waste token (the whole turn)
- ``(BONUS, kind, 0)``           the kind collected from an own area just closed, when it holds
  more than one kind
- ``(SPECIAL, deck_position, arg)`` play a kept special card; ``(END_TURN, 0, 0)`` keep the rest
- ``(COLOUR, colour, 0)``        two-colour variant: the colour that acts this turn
"""

from __future__ import annotations

from generator.games.plazing.model import RESOURCES

SCREEN, BLANKET, ODD, COLLECT_ALL, COLLECT_TWO, COLLECT_WASTE, BONUS, SPECIAL, END_TURN, COLOUR = range(10)
MOVE_NAMES = ("screen", "blanket", "odd", "collect-all", "collect-two", "collect-waste", "bonus", "special",
              "end-turn", "colour")
PIECES = ("screen", "blanket", "odd")
KINDS = (*RESOURCES, "surprise")  # collectable kinds: amber, pebble, shell, surprise
SURPRISE = 3
OUTER = ("N", "S", "W", "E")
H3, V3, H2, V2, O1 = range(5)  # placement shapes
MAIN, SECOND, BONUS_PHASE, SPECIAL_PHASE, OVER, COLOUR_PHASE = range(6)
END_TURN_MOVE = (END_TURN, 0, 0)

Move = tuple[int, int, int]

SCREEN_SHAPE = (H3, H3, V3, V3)  # by outer side
BLANKET_SHAPE = (H2, V2)  # by orientation
WIND = tuple("wind-" + o for o in OUTER)  # the weather a screen with outer side OUTER[b] protects from


def shape_of(move: Move) -> int:
    kind, _, b = move
    if kind == SCREEN:
        return SCREEN_SHAPE[b]
    if kind == BLANKET:
        return BLANKET_SHAPE[b]
    return O1


def bits_of(x: int) -> list[int]:
    """The indices of the set bits of x, lowest first."""
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def nth_bit(x: int, n: int) -> int:
    """The index of the n-th (0-based) set bit of x, by bisection on popcounts."""
    lo, hi = 0, x.bit_length()
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if (x & ((1 << mid) - 1)).bit_count() > n:
            hi = mid
        else:
            lo = mid
    return lo
