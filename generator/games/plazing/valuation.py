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
    BLANKET_SHAPE,
    BONUS,
    COLLECT_ALL,
    COLLECT_TWO,
    COLLECT_WASTE,
    COLOUR,
    MAIN,
    O1,
    ODD,
    SCREEN,
    SCREEN_SHAPE,
    SPECIAL,
    SURPRISE,
    WIND,
    Move,
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


def placement_value(s: State, kind: int, a: int, b: int) -> float:
    """The value of placing a piece (runs for every legal placement: keep it lean)."""
    bd = s.b
    c = s.colour
    weather = s.weather
    if kind == SCREEN:
        shape = SCREEN_SHAPE[b]
        v = 2.0 if weather == WIND[b] else 0.0
    elif kind == BLANKET:
        shape = BLANKET_SHAPE[b]
        v = 2.0 if weather == "sun" else 0.0
    else:
        shape = O1
        v = -1.0 if weather == "rain" else 0.0
    sh = bd.shapes[shape][a]
    assert sh is not None
    m = sh.mask
    if m & bd.scored:
        v += (m & bd.plus).bit_count() - (m & bd.minus).bit_count()
    parts = s._memo.get(shape * 4096 + a) if s._memo_covered == s.covered else None
    if parts is None:
        parts = s.new_closed(shape, a)
    for area in parts:
        v += 1
        owner, _ = s.owner_of(area, (c, m, sh.n4))
        if owner == c:
            v += OWN_AREA + (area & bd.plus).bit_count() - (area & bd.minus).bit_count()
            kinds = s.kinds_in(area)
            if kinds:
                v += max(kind_gain(s, c, k, area) for k in kinds)
    return v


def move_value(s: State, move: Move) -> float:
    """The mover's immediate gain from `move`."""
    kind, a, b = move
    c = s.colour
    if kind <= ODD:
        return placement_value(s, kind, a, b)
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
