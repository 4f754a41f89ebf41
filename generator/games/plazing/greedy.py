"""The Plażing greedy bot's valuation: what a move gains the mover at once (a one-ply estimate).

The bot lives beside the engine, not in it: bots.py hands core.playout the bot (`bots.BOTS`), these
functions value a `engine.State`'s moves, and their memo of the position is kept here, beside the
States (`values_of`); the engine never imports this module.

`move_value(state, move)`: points now plus what the move fixes for the end — weather for the
piece, score squares, +1 per area closed, for an own area the rank points it is likely to bring
(2) and the best kind of resource the bonus collects; for collecting moves the resource table's
gain. It reads the State and never changes it (only the engine's memos).

Speed (issue #12): `refresh` values every placement of the colour in turn at once after each
move — only the placements that may close an area at all are looked at (`State.risky`: a ring
meeting one wall part twice, kept up to date as pieces join the walls; a few per move), and
those are answered by the engine's memos (`State.closing`, `State.closing_owners`, which also
serve `State.place` when that placement is played); the anchors found are kept for
`best_moves`, which values every legal placement in one compiled pass (`kernels.best_placements`,
the bot's valuation: the one formula `kernels.placement_value`, over the score squares under each
placement, the bot's table per Board, `bot_tables`) and returns the codes of the best ones.
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
from generator.games.plazing.model import RESOURCES, rules
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

OWN_AREA = 2.0  # an own area's expected share of the rank points, on top of its closing point
WASTE = 1.5  # a waste token: 1 point and a share of the +5 bonus


@dataclass
class Values:
    """What `refresh` found for one decision: the closing values of the colour's placements and the
    masks `greedy_moves` reads, for the position `key` = (State.moves, colour) they are true for."""

    key: tuple[int, int]
    values: list[dict[int, float]]  # closing values per shape, by anchor
    weather_values: np.ndarray
    anchor_masks: list[int]  # anchors per shape the colour may place now
    waste_bad: list[int]  # anchors per shape that would close waste in
    closer_mask: list[int]  # ... and those that close something (the keys of `values`)


#: the bot's memo, one decision per State, kept beside the States (a State never holds it): a
#: decision asks `move_value` of many moves, and a two-colour choice of both colours' moves
_MEMO: weakref.WeakKeyDictionary[State, Values] = weakref.WeakKeyDictionary()


def values_of(s: State) -> Values:
    """The `Values` of the position of `s` for the colour in turn (from the memo while it is true)."""
    v = _MEMO.get(s)
    if v is None or v.key != (s.moves, s.colour):
        v = _MEMO[s] = refresh(s)
    return v


@dataclass(frozen=True)
class BotTables:
    """The greedy bot's arrays per Board, for `kernels.best_placements` (its doc)."""

    squares: np.ndarray  # per shape and anchor (shape * CODE + anchor), +1 squares - -1 squares under it
    cval: np.ndarray  # scratch: the closing values of one decision, NaN elsewhere (filled, then reset)
    out: np.ndarray  # scratch: the codes of the best placements of one decision


_TABLES: weakref.WeakKeyDictionary[Board, BotTables] = weakref.WeakKeyDictionary()


def bot_tables(b: Board) -> BotTables:
    """The Board's `BotTables`, built once per Board (kept while the Board lives)."""
    t = _TABLES.get(b)
    if t is None:
        squares = np.zeros(SHAPES * CODE)
        for shape, row in enumerate(b.shapes):
            for i, sh in enumerate(row):
                if sh is not None and sh.mask & b.scored:
                    squares[shape * CODE + i] = (sh.mask & b.plus).bit_count() - (sh.mask & b.minus).bit_count()
        t = _TABLES[b] = BotTables(squares, np.full(SHAPES * CODE, NO_CLOSING), np.zeros(7 * CODE, np.int64))
    return t


@cache
def _points() -> tuple[tuple[int, ...], int]:
    """The resource table as a list by count (0..63) and the set bonus, read once from the rules."""
    return tuple(scoring.resource_points(n) for n in range(64)), int(rules().scoring["set_bonus"])


def resource_gain(s: State, c: int, add: Sequence[int]) -> int:
    """The resource points colour c gains by collecting `add` (amber, pebble, shell) more
    (`scoring.resource_score` after minus before, from a table: asked for every closing)."""
    b0, b1, b2 = s.collected[c]
    a0, a1, a2 = b0 + add[0], b1 + add[1], b2 + add[2]
    table, bonus = _points()
    if max(a0, a1, a2) >= 64 or min(b0, b1, b2) < 0:
        before = scoring.resource_score(dict(zip(RESOURCES, (b0, b1, b2), strict=True)))
        after = scoring.resource_score(dict(zip(RESOURCES, (a0, a1, a2), strict=True)))
        return sum(after) - sum(before)
    return (table[a0] - table[b0] + table[a1] - table[b1] + table[a2] - table[b2]
            + (min(a0, a1, a2) - min(b0, b1, b2)) * bonus)


def kind_gain(s: State, c: int, k: int, area: int) -> float:
    """Colour c's gain from collecting every token of kind k in `area` (a surprise counts 1)."""
    if k == SURPRISE:
        return 1.0 * (s.surp & area).bit_count()
    add = [0, 0, 0]
    add[k] = (s.res[k] & area).bit_count()
    return float(resource_gain(s, c, add))


SHAPE_AT = (H3, H3, V3, V3, H2, V2, -1, -1, O1)  # placement shape by kind * 4 + b
PIECE_OF = (SCREEN, SCREEN, BLANKET, BLANKET, ODD)  # the piece of each shape

def refresh(s: State) -> Values:
    """The closing values of every legal placement of the colour in turn, computed at once: the
    placements that cannot close anything (nearly all) are left out by `State.risky`, the rest ask
    the engine (`State.closing`: its `new_closed` memo, and None for a placement that would close
    waste in, an illegal move, noted in `waste_bad` instead: the placements `_no_waste_closed`
    would drop, found on the way); only closings cost more, valued from the engine's owner counts
    (`closing_value`). The anchors of each shape are kept too (`anchor_masks`, 0 for a shape the
    colour cannot place now) for `greedy_moves`."""
    c = s.colour
    bd = s.b
    place = s.placeable()
    sup = s.supply[c]
    fits = bd.fits
    w = bd.width
    anchors = [0, 0, 0, 0, 0]
    if s.phase == MAIN and sup[SCREEN]:
        anchors[H3] = place & (place >> 1) & (place >> 2) & fits[H3]
        anchors[V3] = place & (place >> w) & (place >> 2 * w) & fits[V3]
    if sup[BLANKET]:
        anchors[H2] = place & (place >> 1) & fits[H2]
        anchors[V2] = place & (place >> w) & fits[V2]
    if sup[ODD]:
        anchors[O1] = place & s.reach[c] & fits[O1]
    by_shape: list[dict[int, float]] = [{}, {}, {}, {}, {}]
    bad = [0, 0, 0, 0, 0]
    closers = [0, 0, 0, 0, 0]
    closing = s.closing
    risky = s.risky
    for shape in range(5):
        maybe = anchors[shape] & risky[shape]
        if not maybe:
            continue
        mine = by_shape[shape]
        while maybe:
            low = maybe & -maybe
            maybe ^= low
            a = low.bit_length() - 1
            parts = closing(shape, a)
            if parts is None:
                bad[shape] |= low  # it would close waste in: not a legal move, worth nothing
            elif parts:
                mine[a] = closing_value(s, c, shape, a, parts)
                closers[shape] |= low
    return Values((s.moves, c), by_shape, _weather_values(s.weather), anchors, bad, closers)


@cache
def _weather_values(w: str) -> np.ndarray:
    """What the weather adds to a placement, by move kind * 4 + b (`SHAPE_AT`'s index)."""
    return np.array([2.0 if w == WIND[k] else 0.0 for k in range(4)] + [2.0 if w == "sun" else 0.0] * 2 + [
        0.0, 0.0, -1.0 if w == "rain" else 0.0])


def closing_value(s: State, c: int, shape: int, a: int, parts: list[int]) -> float:
    """What closing `parts` with colour c's piece at (shape, a) is worth to c.

    Who would own each part is the engine's count of necessary pieces (`State.closing_owners`,
    kept per placement, the same for every colour); the score squares are fixed too; only the
    resources and surprises left in the part, and what c has collected, are read afresh."""
    bd = s.b
    plus, minus = bd.plus, bd.minus
    mine = []
    for area, counts, needed in s.closing_owners(shape, a, parts):
        if needed:
            counts = list(counts)
            counts[c] += 1
        top = max(counts)
        if top and counts[c] == top and counts.count(top) == 1:
            mine.append((area, OWN_AREA + (area & plus).bit_count() - (area & minus).bit_count()))
    v = float(len(parts))
    res0, res1, res2 = s.res
    surp = s.surp
    for area, fixed in mine:
        v += fixed
        best = None
        for k, r in ((0, res0), (1, res1), (2, res2)):
            n = (r & area).bit_count()
            if n:
                add = [0, 0, 0]
                add[k] = n
                g = float(resource_gain(s, c, add))
                if best is None or g > best:
                    best = g
        n = (surp & area).bit_count()
        if n and (best is None or n > best):
            best = 1.0 * n
        if best is not None:
            v += best
    return v


def move_value(s: State, move: Move) -> float:
    """The mover's immediate gain from `move`."""
    kind, a, b = move
    if kind <= ODD:  # asked for every legal placement: three lookups
        v = values_of(s)
        idx = kind * 4 + b
        shape = SHAPE_AT[idx]
        return float(kernels.placement_value(v.weather_values[idx], bot_tables(s.b).squares[shape * CODE + a],
                                             v.values[shape].get(a, 0.0)))
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
        best, _n = _best_placements(s, max(others, default=float("-inf")))
        return best if best != float("-inf") else 0.0
    finally:
        s.colour, s.phase = saved


def _best_placements(s: State, best: float) -> tuple[float, int]:
    """`kernels.best_placements` for the colour in turn (main or second phase): (the best value of
    its legal placements and of `best`, how many placements have it); their codes are in
    `bot_tables(s.b).out` until the next decision on this Board."""
    vals = values_of(s)
    sup = s.supply[s.colour]
    t = bot_tables(s.b)
    use = (s.phase == MAIN and sup[SCREEN] > 0, sup[BLANKET] > 0, sup[ODD] > 0)
    anchors = [vals.anchor_masks[shape] & ~vals.waste_bad[shape] if use[PIECE_OF[shape]] else 0
               for shape in range(SHAPES)]
    cval = t.cval
    for shape, closing in enumerate(vals.values):
        for a, v in closing.items():
            cval[shape * CODE + a] = v
    try:
        top, n = kernels.best_placements(kernels.words_of(anchors), cval, t.squares, vals.weather_values, best, t.out)
    finally:
        for shape, closing in enumerate(vals.values):
            for a in closing:
                cval[shape * CODE + a] = NO_CLOSING
    return float(top), int(n)


def decode(code: int) -> Move:
    """The placement of a `kernels.best_placements` code."""
    idx, a = divmod(code, CODE)
    kind, b = divmod(idx, 4)
    return (kind, a, b)


def best_moves(s: State) -> tuple[int, np.ndarray, list[Move]]:
    """The legal moves of the highest `move_value`, in `legal_moves()` order, as the greedy bot draws
    among them: (n, codes, others), the first n codes of `codes` (placements, `decode`) then the moves
    `others`. `codes` is the Board's scratch buffer: read it before the next decision on the Board.

    Placements are valued in one compiled pass (`kernels.best_placements`); the other moves (the
    collecting ones, and every move of the bonus, special-card and colour phases) one by one."""
    ph = s.phase
    if ph not in (MAIN, SECOND):
        moves = s.legal_moves()
        move_values = [move_value(s, m) for m in moves]
        top = max(move_values)
        return 0, bot_tables(s.b).out, [m for m, v in zip(moves, move_values, strict=True) if v == top]
    others = s.collecting_moves() if ph == MAIN else []
    other_values = [move_value(s, m) for m in others]
    top, n = _best_placements(s, max(other_values, default=float("-inf")))
    return n, bot_tables(s.b).out, [m for m, v in zip(others, other_values, strict=True) if v == top]


def greedy_moves(s: State) -> list[Move]:
    """The legal moves of the highest `move_value`, in `legal_moves()` order (`best_moves` as a list)."""
    n, codes, others = best_moves(s)
    return [decode(int(c)) for c in codes[:n]] + others
