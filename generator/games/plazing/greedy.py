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
`greedy_moves`, which returns the best moves as masks (`TopMoves`). The score squares under each
placement are the bot's table per Board (`placing_terms`).
tests/games/plazing/test_greedy_reference.py keeps the plain version and checks that both
decide the same.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from generator.games.plazing import events, scoring
from generator.games.plazing.board import Board
from generator.games.plazing.engine import State
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
    bits_of,
    nth_bit,
)

OWN_AREA = 2.0  # an own area's expected share of the rank points, on top of its closing point
WASTE = 1.5  # a waste token: 1 point and a share of the +5 bonus


@dataclass
class Values:
    """What `refresh` found for one decision: the closing values of the colour's placements and the
    masks `greedy_moves` reads, for the position `key` = (State.moves, colour) they are true for."""

    key: tuple[int, int]
    values: list[dict[int, float]]  # closing values per shape, by anchor
    weather_values: tuple[float, ...]
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
class PlacingTerms:
    """The score squares under each placement of a Board, as the greedy bot sums them."""

    value: list[dict[int, int]]  # per shape, {anchor: +1 squares - -1 squares} where nonzero
    mask: list[int]  # per shape, the anchors of `value`
    levels: list[list[tuple[int, int]]]  # per shape, (total, its anchors) for each total, ascending


_TERMS: weakref.WeakKeyDictionary[Board, PlacingTerms] = weakref.WeakKeyDictionary()


def placing_terms(b: Board) -> PlacingTerms:
    """The Board's `PlacingTerms`, built once per Board (kept while the Board lives)."""
    terms = _TERMS.get(b)
    if terms is None:
        value = [{i: v for i, sh in enumerate(row) if sh is not None and sh.mask & b.scored
                  and (v := (sh.mask & b.plus).bit_count() - (sh.mask & b.minus).bit_count())}
                 for row in b.shapes]
        levels = []
        for sv in value:
            level: dict[int, int] = {}
            for a, v in sv.items():
                level[v] = level.get(v, 0) | 1 << a
            levels.append(sorted(level.items()))
        terms = _TERMS[b] = PlacingTerms(value, [sum(1 << a for a in sv) for sv in value], levels)
    return terms


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

# greedy_moves' placement groups (move kind, shape, outers) by (screens, blankets, odds) placeable
_Group = tuple[int, int, tuple[int, ...]]


def _groups(scr: bool, bla: bool, odd: bool) -> list[_Group]:
    out: list[_Group] = []
    if scr:
        out += [(SCREEN, H3, (0, 1)), (SCREEN, V3, (2, 3))]
    if bla:
        out += [(BLANKET, H2, (0,)), (BLANKET, V2, (1,))]
    if odd:
        out.append((ODD, O1, (0,)))
    return out


_GROUPS = {(scr, bla, odd): _groups(scr, bla, odd)
           for scr in (False, True) for bla in (False, True) for odd in (False, True)}


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
def _weather_values(w: str) -> tuple[float, ...]:
    """What the weather adds to a placement, by move kind * 4 + b (`SHAPE_AT`'s index)."""
    return tuple([2.0 if w == WIND[k] else 0.0 for k in range(4)] + [2.0 if w == "sun" else 0.0] * 2 + [
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
        return v.weather_values[idx] + placing_terms(s.b).value[shape].get(a, 0) + v.values[shape].get(a, 0.0)
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
    """Two colours: choosing colour c is worth the best move c then has.

    Asked on the State itself with colour c in its main phase for the while (valuing reads the
    State and fills only its caches, which stay true), not on a clone: the caches serve both."""
    saved = s.colour, s.phase
    s.colour, s.phase = c, MAIN
    try:
        return max((move_value(s, m) for m in s.legal_moves()), default=0.0)
    finally:
        s.colour, s.phase = saved


class TopMoves(Sequence[Move]):
    """The greedy bot's best moves as masks, in `legal_moves` order, without building the tuples:
    the bot asks for the length and one element (`core.playout.greedy_bot`), and early in a game
    the best moves are hundreds of equal placements. Compares equal to the list it stands for."""

    __slots__ = ("_segments", "_others", "_len")

    def __init__(self, segments: list[tuple[int, tuple[int, ...], tuple[int, ...]]], others: list[Move],
                 placements: int | None = None) -> None:
        self._segments = segments  # (move kind, outers, a mask of anchors per outer)
        self._others = others
        if placements is None:  # the number of anchors in the masks, when the caller has not counted them
            placements = sum(m.bit_count() for _, _, masks in segments for m in masks)
        self._len = placements + len(others)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: int) -> Move:  # type: ignore[override]
        if not isinstance(i, int):
            return list(self)[i]  # type: ignore[return-value]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        for kind, outers, masks in self._segments:
            if len(masks) == 1:
                n = masks[0].bit_count()
                if i < n:
                    return (kind, nth_bit(masks[0], i), outers[0])
                i -= n
                continue
            m0, m1 = masks
            n = m0.bit_count() + m1.bit_count()
            if i >= n:
                i -= n
                continue
            # the anchor a holding element i: elements before a number i or fewer, a's own reach past it
            lo, hi = 0, (m0 | m1).bit_length()
            while hi - lo > 1:
                mid = (lo + hi) // 2
                below = (1 << mid) - 1
                if (m0 & below).bit_count() + (m1 & below).bit_count() > i:
                    hi = mid
                else:
                    lo = mid
            a = lo
            below = (1 << a) - 1
            before = (m0 & below).bit_count() + (m1 & below).bit_count()
            if m0 >> a & 1 and before == i:
                return (kind, a, outers[0])
            return (kind, a, outers[1])
        return self._others[i]

    def __iter__(self):  # type: ignore[no-untyped-def]
        for kind, outers, masks in self._segments:
            if len(masks) == 1:
                o = outers[0]
                for a in bits_of(masks[0]):
                    yield (kind, a, o)
            else:
                m0, m1 = masks
                for a in bits_of(m0 | m1):
                    if m0 >> a & 1:
                        yield (kind, a, outers[0])
                    if m1 >> a & 1:
                        yield (kind, a, outers[1])
        yield from self._others

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TopMoves | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TopMoves({list(self)!r})"


def greedy_moves(s: State) -> Sequence[Move]:
    """The legal moves of the highest `move_value`, in `legal_moves` order — what
    `core.playout.greedy_bot` would pick among, found without valuing each placement alone.

    Placements of one shape and orientation that close nothing share the weather value plus
    their score squares' total, so each such level needs one value and a mask (from the Board);
    only the few closings are valued one by one. The answer is a `TopMoves` (masks).
    """
    ph = s.phase
    if ph not in (MAIN, SECOND):
        moves = s.legal_moves()
        move_values = [move_value(s, m) for m in moves]
        top = max(move_values)
        return [m for m, v in zip(moves, move_values, strict=True) if v == top]
    vals = values_of(s)
    sup = s.supply[s.colour]
    bd = s.b
    groups = _GROUPS[(ph == MAIN and sup[SCREEN] > 0, sup[BLANKET] > 0, sup[ODD] > 0)]
    weather = vals.weather_values
    anchor_masks, waste_bad, closer_mask, values = vals.anchor_masks, vals.waste_bad, vals.closer_mask, vals.values
    terms = placing_terms(bd)
    square_levels, square_mask, square_value = terms.levels, terms.mask, terms.value
    # per group, the best value without the weather's share (the weather adds the same to every
    # placement of one outer; values are whole or half points: sums are exact), then the masks of
    # the placements that reach the top, only for the outers whose best does
    found: list[tuple[int, int, tuple[int, ...], int, float]] = []
    top = float("-inf")
    for kind, shape, outers in groups:
        # the placements that would close waste in are all among the closings refresh looked at
        anchors = anchor_masks[shape] & ~waste_bad[shape]
        if not anchors:
            continue
        rest = anchors & ~closer_mask[shape]
        # placements that close nothing share a value per score-square total (levels, ascending)
        hi: float = 0 if rest & ~square_mask[shape] else float("-inf")
        for v, m in reversed(square_levels[shape]):
            if m & rest:
                if v > hi:
                    hi = v
                break
        closing = values[shape]
        if closing:
            sq = square_value[shape]
            for a, cv in closing.items():
                total = sq.get(a, 0) + cv
                if total > hi:
                    hi = total
        for o in outers:
            if weather[kind * 4 + o] + hi > top:
                top = weather[kind * 4 + o] + hi
        found.append((kind, shape, outers, rest, hi))
    others = s.collecting_moves() if ph == MAIN else []
    other_values = [move_value(s, m) for m in others]
    if other_values:
        top = max(top, max(other_values))
    segments: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    count = 0
    for kind, shape, outers, rest, hi in found:
        masks = []
        for o in outers:
            base = weather[kind * 4 + o]
            m = 0
            if base + hi == top:
                if base + 0 == top:
                    m = rest & ~square_mask[shape]
                for v, lm in square_levels[shape]:
                    if base + v == top:
                        m |= lm & rest
                closing = values[shape]
                if closing:
                    sq = square_value[shape]
                    for a, cv in closing.items():
                        if base + (sq.get(a, 0) + cv) == top:
                            m |= 1 << a
                count += m.bit_count()
            masks.append(m)
        segments.append((kind, outers, tuple(masks)))
    return TopMoves(segments, [m for m, v in zip(others, other_values, strict=True) if v == top], count)


#: the name callers outside this game's files still import (tests/core, bench/bench_all.py): a plain
#: `engine.State` now, the greedy bot being found beside the engine (bots.py)
GreedyState = State
