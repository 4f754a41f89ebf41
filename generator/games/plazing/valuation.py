"""The greedy bot's view of a Plażing move: what it gains the mover at once (a one-ply estimate).

`move_value(state, move)` is what `core.playout.greedy_bot` asks of `State.move_value`: points now
plus what the move fixes for the end — weather for the piece, score squares, +1 per area closed,
for an own area the rank points it is likely to bring (2) and the best kind of resource the bonus
collects; for collecting moves the resource table's gain. It reads the State and never changes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from generator.games.plazing import events, scoring
from generator.games.plazing.model import RESOURCES
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
)

if TYPE_CHECKING:
    from generator.games.plazing.engine import State

OWN_AREA = 2.0  # an own area's expected share of the rank points, on top of its closing point
WASTE = 1.5  # a waste token: 1 point and a share of the +5 bonus


def resource_gain(s: State, c: int, add: Sequence[int]) -> int:
    """The resource points colour c gains by collecting `add` (amber, pebble, shell) more."""
    before = s.collected[c]
    after = [before[k] + add[k] for k in range(3)]
    b1 = scoring.resource_score(dict(zip(RESOURCES, before, strict=True)))
    b2 = scoring.resource_score(dict(zip(RESOURCES, after, strict=True)))
    return sum(b2) - sum(b1)


def kind_gain(s: State, c: int, k: int, area: int) -> float:
    """Colour c's gain from collecting every token of kind k in `area` (a surprise counts 1)."""
    if k == SURPRISE:
        return 1.0 * (s.surp & area).bit_count()
    add = [0, 0, 0]
    add[k] = (s.res[k] & area).bit_count()
    return float(resource_gain(s, c, add))


SHAPE_AT = (H3, H3, V3, V3, H2, V2, -1, -1, O1)  # placement shape by kind * 4 + b


def refresh(s: State) -> None:
    """The closing values of every legal placement of the colour in turn, computed at once: the
    placements that cannot split their area (most of them) are ruled out bit-parallel, the rest ask
    `new_closed`, whose results are kept from move to move; only closings cost more."""
    c = s.colour
    place = s.placeable()
    sup = s.supply[c]
    shapes = [H3, V3] if s.phase == MAIN and sup[SCREEN] else []
    if sup[BLANKET]:
        shapes += [H2, V2]
    if sup[ODD]:
        shapes.append(O1)
    by_shape: list[dict[int, float]] = [{}, {}, {}, {}, {}]
    for shape in shapes:
        maybe = s.anchors(shape, place) & ~s.unsplit(shape)
        mine = by_shape[shape]
        while maybe:
            low = maybe & -maybe
            maybe ^= low
            a = low.bit_length() - 1
            parts = s.new_closed(shape, a)
            if parts:
                mine[a] = closing_value(s, c, shape, a, parts)
    w = s.weather
    s.weather_values = [2.0 if w == WIND[k] else 0.0 for k in range(4)] + [2.0 if w == "sun" else 0.0] * 2 + [
        0.0, 0.0, -1.0 if w == "rain" else 0.0]
    s.values = by_shape
    s.values_key = (s.moves, c)


def closing_value(s: State, c: int, shape: int, a: int, parts: list[int]) -> float:
    """What closing `parts` with colour c's piece at (shape, a) is worth to c."""
    bd = s.b
    sh = bd.shapes[shape][a]
    assert sh is not None
    v = 0.0
    for area in parts:
        v += 1
        owner, _ = s.owner_of(area, (c, sh.mask, sh.n4))
        if owner == c:
            v += OWN_AREA + (area & bd.plus).bit_count() - (area & bd.minus).bit_count()
            kinds = s.kinds_in(area)
            if kinds:
                v += max(kind_gain(s, c, k, area) for k in kinds)
    return v


def move_value(s: State, move: Move) -> float:
    """The mover's immediate gain from `move`."""
    kind, a, b = move
    if kind <= ODD:  # asked for every legal placement: one comparison and three lookups
        if s.values_key != (s.moves, s.colour):
            refresh(s)
        idx = kind * 4 + b
        shape = SHAPE_AT[idx]
        return s.weather_values[idx] + s.b.square_value[shape].get(a, 0) + s.values[shape].get(a, 0.0)
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
    """Two colours: choosing colour c is worth the best move c then has."""
    t = s.clone()
    t.colour, t.phase = c, MAIN
    return max((move_value(t, m) for m in t.legal_moves()), default=0.0)


def greedy_moves(s: State) -> list[Move]:
    """The legal moves of the highest `move_value`, in `legal_moves` order — what
    `core.playout.greedy_bot` would pick among, found without valuing each placement alone.

    Placements of one shape and orientation that cover no score square and close nothing all
    share the weather value, so each group needs one value and a mask; only the few placements
    with score squares or closings are valued one by one.
    """
    ph = s.phase
    if ph not in (MAIN, SECOND):
        moves = s.legal_moves()
        values = [move_value(s, m) for m in moves]
        top = max(values)
        return [m for m, v in zip(moves, values, strict=True) if v == top]
    if s.values_key != (s.moves, s.colour):
        refresh(s)
    c = s.colour
    sup = s.supply[c]
    free = s.placeable()
    bd = s.b
    groups: list[tuple[int, int, tuple[int, ...]]] = []
    if ph == MAIN and sup[SCREEN]:
        groups += [(SCREEN, H3, (0, 1)), (SCREEN, V3, (2, 3))]
    if sup[BLANKET]:
        groups += [(BLANKET, H2, (0,)), (BLANKET, V2, (1,))]
    if sup[ODD]:
        groups.append((ODD, O1, (0,)))
    weather = s.weather_values
    found: list[tuple[int, int, tuple[int, ...], int, list[dict[int, float]], list[float]]] = []
    top = float("-inf")
    for kind, shape, outers in groups:
        anchors = s._no_waste_closed(shape, s.anchors(shape, free))
        if not anchors:
            continue
        sq = bd.square_value[shape]
        closing = s.values[shape]
        special = 0
        for a in sq:
            special |= 1 << a
        for a in closing:
            special |= 1 << a
        special &= anchors
        plain = anchors & ~special
        tables: list[dict[int, float]] = []
        bases: list[float] = []
        for o in outers:
            base = weather[kind * 4 + o]
            table = {a: base + sq.get(a, 0) + closing.get(a, 0.0) for a in bits_of(special)}
            tables.append(table)
            bases.append(base)
            if plain and base > top:
                top = base
            if table:
                top = max(top, max(table.values()))
        found.append((kind, shape, outers, plain, tables, bases))
    others = s._other_moves() if ph == MAIN else []
    other_values = [move_value(s, m) for m in others]
    if other_values:
        top = max(top, max(other_values))
    out: list[Move] = []
    for kind, _, outers, plain, tables, bases in found:
        masks = []
        for table, base in zip(tables, bases, strict=True):
            m = plain if base == top else 0
            for a, v in table.items():
                if v == top:
                    m |= 1 << a
            masks.append(m)
        if len(outers) == 1:
            o = outers[0]
            out.extend((kind, a, o) for a in bits_of(masks[0]))
        else:
            m0, m1 = masks
            for a in bits_of(m0 | m1):
                if m0 >> a & 1:
                    out.append((kind, a, outers[0]))
                if m1 >> a & 1:
                    out.append((kind, a, outers[1]))
    out.extend(m for m, v in zip(others, other_values, strict=True) if v == top)
    return out
