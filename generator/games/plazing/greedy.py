"""The Plażing greedy bot's valuation: what a move gains the mover at once (a one-ply estimate).

The bot lives beside the engine, not in it: bots.py hands core.playout the bot (`bots.BOTS`), these
functions value a `engine.State`'s moves, and their memo of the position is kept here, beside the
States (`values_of`); the engine never imports this module.

`move_value(state, move)`: points now plus what the move fixes for the end — weather for the
piece, score squares, +1 per area closed, for an own area the rank points it is likely to bring
(kernels.OWN_AREA) and the best kind of resource the bonus collects; for collecting moves the
resource table's gain. It reads the State and never changes it (beyond `State.risky`'s upkeep).

Speed (issues #12, #27): the placements of a decision are valued in one compiled call
(`kernels.decide`: only the placements that may close an area at all are flooded, `State.risky`,
kept up to date as it goes; their owners counted by `kernels.necessary`; then every legal placement
valued by the one formula `kernels.placement_value` over the score squares under it, the bot's
table per Board, `bot_tables`) which returns the codes of the best ones. The other moves (collecting,
and every move of the bonus, special-card and colour phases) are valued here one by one.
tests/games/plazing/test_greedy_reference.py keeps the plain version and checks that both
decide the same.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from generator.games.plazing import events, kernels, scoring
from generator.games.plazing.board import Board
from generator.games.plazing.engine import State
from generator.games.plazing.kernels import CODE, NO_CLOSING, SHAPES
from generator.games.plazing.model import rules
from generator.games.plazing.moves import (
    BLANKET,
    BONUS,
    COLLECT_ALL,
    COLLECT_TWO,
    COLLECT_WASTE,
    COLOUR,
    H2,
    H3,
    MAIN,
    O1,
    ODD,
    SCREEN,
    SECOND,
    SPECIAL,
    SURPRISE,
    V2,
    V3,
    WIND,
    Move,
)

WASTE = 1.5  # a waste token: 1 point and a share of the +5 bonus


@dataclass
class Values:
    """What the compiled decision found for one position: the closing values of the colour's
    placements that close something (by code shape * CODE + anchor), for the position `key` =
    (State.moves, colour) they are true for (`move_value` of a placement reads them)."""

    key: tuple[int, int]
    closing: dict[int, float]


#: the bot's memo, one decision per State, kept beside the States (a State never holds it): a
#: decision asks `move_value` of many moves, and a two-colour choice of both colours' moves
_MEMO: weakref.WeakKeyDictionary[State, Values] = weakref.WeakKeyDictionary()


def values_of(s: State) -> Values:
    """The `Values` of the position of `s` for the colour in turn (from the memo while it is true)."""
    v = _MEMO.get(s)
    if v is None or v.key != (s.moves, s.colour):
        _top, _n, ncl = _decide(s, float("-inf"))
        cl = bot_tables(s.b).closers[:2 * ncl].tolist()
        v = _MEMO[s] = Values((s.moves, s.colour), {int(cl[2 * i]): cl[2 * i + 1] for i in range(ncl)})
    return v


@dataclass(frozen=True)
class BotTables:
    """The greedy bot's arrays per Board, for `kernels.decide` (its doc)."""

    squares: np.ndarray  # per shape and anchor (shape * CODE + anchor), +1 squares - -1 squares under it
    points: np.ndarray  # scoring.resource_points by count
    cval: np.ndarray  # scratch: the closing values of one decision, NaN elsewhere (filled, then reset)
    out: np.ndarray  # scratch: the codes of the best placements of one decision
    closers: np.ndarray  # scratch: (code, value) of the placements of one decision that close something


_TABLES: weakref.WeakKeyDictionary[Board, BotTables] = weakref.WeakKeyDictionary()

#: counts of one kind the resource table goes to: more than any beach holds
MAX_COUNT = 2 * kernels.MAX_SQUARES


def bot_tables(b: Board) -> BotTables:
    """The Board's `BotTables`, built once per Board (kept while the Board lives)."""
    t = _TABLES.get(b)
    if t is None:
        squares = np.zeros(SHAPES * CODE)
        for shape, row in enumerate(b.shapes):
            for i, sh in enumerate(row):
                if sh is not None and sh.mask & b.scored:
                    squares[shape * CODE + i] = (sh.mask & b.plus).bit_count() - (sh.mask & b.minus).bit_count()
        points = np.array([scoring.resource_points(n) for n in range(MAX_COUNT + 1)], np.int64)
        t = _TABLES[b] = BotTables(squares, points, np.full(SHAPES * CODE, NO_CLOSING), np.zeros(7 * CODE, np.int64),
                                   np.zeros(2 * SHAPES * CODE))
    return t


@cache
def _set_bonus() -> int:
    return int(rules().scoring["set_bonus"])


def resource_gain(s: State, c: int, add: Sequence[int]) -> int:
    """The resource points colour c gains by collecting `add` (amber, pebble, shell) more
    (`kernels.resource_gain`, over the Board's table of `scoring.resource_points`)."""
    b0, b1, b2 = s.collected[c]
    return int(kernels.resource_gain(bot_tables(s.b).points, _set_bonus(), b0, b1, b2, b0 + add[0], b1 + add[1],
                                     b2 + add[2]))


def kind_gain(s: State, c: int, k: int, area: int) -> float:
    """Colour c's gain from collecting every token of kind k in `area` (a surprise counts 1)."""
    if k == SURPRISE:
        return 1.0 * (s.surp & area).bit_count()
    add = [0, 0, 0]
    add[k] = (s.res[k] & area).bit_count()
    return float(resource_gain(s, c, add))


SHAPE_AT = (H3, H3, V3, V3, H2, V2, -1, -1, O1)  # placement shape by kind * 4 + b


@cache
def _weather_values(w: str) -> np.ndarray:
    """What the weather adds to a placement, by move kind * 4 + b (`SHAPE_AT`'s index)."""
    return np.array([2.0 if w == WIND[k] else 0.0 for k in range(4)] + [2.0 if w == "sun" else 0.0] * 2 + [
        0.0, 0.0, -1.0 if w == "rain" else 0.0])


def _decide(s: State, best: float) -> tuple[float, int, int]:
    """`kernels.decide` for the colour in turn (main or second phase): (the best value of its legal
    placements and of `best`, how many placements have it, how many close something); their codes are
    in `bot_tables(s.b).out`, the closers in `.closers`, until the next decision on this Board.
    `State.risky` loses the anchors the decision found to close nothing."""
    c = s.colour
    b = s.b
    t = bot_tables(b)
    sw = np.frombuffer(bytearray(b"".join([m.to_bytes(8 * kernels.NW, "little") for m in (
        s.covered, s.closed, s.waste, s.reach[c], *s.res, s.surp)])), dtype="<u8")
    sup, got = s.supply[c], s.collected[c]
    di = np.array([1 if s.phase == MAIN else 0, sup[SCREEN], sup[BLANKET], sup[ODD], c, b.colours, got[0], got[1],
                   got[2], 1 if b.pockets else 0, _set_bonus()], np.int64)
    top, n, ncl = kernels.decide(sw, s.risky_words, di, b.board_words, b.shape_words, b.shape_flags, s.piece_at,
                                 s.piece_words, s.piece_colour, b.grid_words, t.points, t.squares,
                                 _weather_values(s.weather), best, t.cval, t.out, t.closers)
    return float(top), int(n), int(ncl)


def move_value(s: State, move: Move) -> float:
    """The mover's immediate gain from `move`."""
    kind, a, b = move
    if kind <= ODD:  # asked for every legal placement: three lookups
        idx = kind * 4 + b
        code = SHAPE_AT[idx] * CODE + a
        return float(kernels.placement_value(_weather_values(s.weather)[idx], bot_tables(s.b).squares[code],
                                             values_of(s).closing.get(code, 0.0)))
    c = s.colour
    if kind == COLLECT_ALL:
        return kind_gain(s, c, a, s.own_areas[c])
    if kind == COLLECT_TWO:
        add = [0, 0, 0]
        for k in (a, b):
            if k < 3:
                add[k] += 1
        return float(resource_gain(s, c, add) + (1 if b == SURPRISE else 0))
    if kind == COLLECT_WASTE:
        return WASTE
    if kind == BONUS:
        return kind_gain(s, c, a, s.pending_bonus[0])
    if kind == SPECIAL:
        effect = s.b.deck[a].effect
        verb = effect["verb"]
        if verb in ("special_points", "special_steal"):
            return float(effect["points"])
        if verb == "special_collect":
            add = [0, 0, 0]
            if b < 3:
                add[b] = 1
            return float(resource_gain(s, c, add))
        if verb == "special_set_weather" and s.weather != "none":
            saved = s.weather
            s.weather = s.b.weather_faces[b]
            gain = events.weather_now(s, c)
            s.weather = saved
            return float(gain - events.weather_now(s, c))
        return 0.1
    if kind == COLOUR:
        return colour_value(s, a)
    return 0.0


def colour_value(s: State, c: int) -> float:
    """Two colours: choosing colour c is worth the best move c then has (0 with none).

    Asked on the State itself with colour c in its main phase for the while (valuing reads the
    State and fills only the memos, which stay true), not on a clone."""
    saved = s.colour, s.phase
    s.colour, s.phase = c, MAIN
    try:
        others = [move_value(s, m) for m in s.collecting_moves()]
        best, _n, _ncl = _decide(s, max(others, default=float("-inf")))
        return best if best != float("-inf") else 0.0
    finally:
        s.colour, s.phase = saved


def decode(code: int) -> Move:
    """The placement of a `kernels.best_placements` code."""
    idx, a = divmod(code, CODE)
    kind, b = divmod(idx, 4)
    return (kind, a, b)


def best_moves(s: State) -> tuple[int, np.ndarray, list[Move]]:
    """The legal moves of the highest `move_value`, in `legal_moves()` order, as the greedy bot draws
    among them: (n, codes, others), the first n codes of `codes` (placements, `decode`) then the moves
    `others`. `codes` is the Board's scratch buffer: read it before the next decision on the Board.

    Placements are valued in one compiled pass (`kernels.decide`); the other moves (the
    collecting ones, and every move of the bonus, special-card and colour phases) one by one."""
    ph = s.phase
    if ph not in (MAIN, SECOND):
        moves = s.legal_moves()
        move_values = [move_value(s, m) for m in moves]
        top = max(move_values)
        return 0, bot_tables(s.b).out, [m for m, v in zip(moves, move_values, strict=True) if v == top]
    others = s.collecting_moves() if ph == MAIN else []
    other_values = [move_value(s, m) for m in others]
    top, n, _ncl = _decide(s, max(other_values, default=float("-inf")))
    return n, bot_tables(s.b).out, [m for m, v in zip(others, other_values, strict=True) if v == top]


def greedy_moves(s: State) -> list[Move]:
    """The legal moves of the highest `move_value`, in `legal_moves()` order (`best_moves` as a list)."""
    n, codes, others = best_moves(s)
    return [decode(int(c)) for c in codes[:n]] + others
