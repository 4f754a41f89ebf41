"""Plażing event and special cards in play: what each card's effect does to a game in progress.

The card texts and their machine-readable effects are data (data/events.toml); this module is
the one place that executes them, so the rules engine (`engine.State`) keeps only the rules of
placing, closing and ending. Every function takes the State it acts on.

Decisions of ours (the rulebook names only food poisoning and the weather change):

- An event is drawn from the top of the setup's deck for each surprise in an area at the moment
  it closes, after the closing is resolved; the drawer is the closer; an empty deck draws nothing.
- Food poisoning hits a colour that scored a +1 square of a bar or ice-cream tile (covered or
  enclosed; a −1 square is no point).
- Special cards go to the drawer's hand; after each of their turns a colour holding special
  cards may play any of them (engine phase SPECIAL, ending with END_TURN). "Take 2 points from
  the leader" takes them from the colour of another player with the most points on the track
  (ties: the first after the player in turn order).
- Without weather (the children's game) the weather cards change nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.games.plazing import scoring
from generator.games.plazing.model import NO_WEATHER, RESOURCES
from generator.games.plazing.moves import (
    END_TURN_MOVE,
    O1,
    ODD,
    OUTER,
    PIECES,
    SCREEN,
    SPECIAL,
    SPECIAL_PHASE,
    Move,
    bits_of,
)

#: engine.State, read and changed by its attributes only: the engine imports this module, and a
#: name back (even for type hints) would make the two one import cycle
State = Any


def draw_event(s: State) -> None:
    """Turn over the top card of the event deck for the colour in turn (the closer)."""
    if s.deck_pos >= len(s.b.deck):
        return
    pos = s.deck_pos
    s.deck_pos += 1
    card = s.b.deck[pos]
    if card.kind == "special":
        s.hand[s.colour].append(pos)
    else:
        run_effect(s, card.effect, s.colour)


def totals(s: State) -> list[int]:
    """Every colour's points on the score track."""
    return [sum(t.values()) for t in s.track]


def weather_now(s: State, c: int) -> int:
    """Colour c's weather points for the pieces placed so far under the current weather."""
    if s.weather == NO_WEATHER:
        return 0
    outers = [OUTER[o] for col, p, _, o in s.pieces if col == c and p == SCREEN]
    placed = [s.b.supply[p] - s.supply[c][p] for p in range(3)]
    return scoring.weather_score(s.weather, outers, placed[1], placed[2])


def _reroll(s: State) -> None:
    if s.weather != NO_WEATHER:
        s.weather = s.rng.choice(s.b.weather_faces)


def run_effect(s: State, effect: Mapping[str, Any], drawer: int) -> None:
    """Execute one event card's effect (verbs documented in data/events.toml)."""
    verb = effect["verb"]
    nc = s.b.colours
    pts = int(effect.get("points", 0))
    track = s.track
    if verb == "scored_objects_penalty":
        objs = set(effect["objects"])
        for c in range(nc):
            if s.scored_objects[c] & objs:
                track[c]["events"] += pts
    elif verb == "weather_change":
        if s.weather != NO_WEATHER:
            for c in range(nc):
                track[c]["weather_event"] += weather_now(s, c)
        _reroll(s)
    elif verb == "region_pieces":
        region = s.b.regions[effect["region"]]
        want = effect["piece"]
        for c, p, m, _ in s.pieces:
            if m & region and (want == "any" or PIECES[p] == want):
                track[c]["events"] += pts
    elif verb == "region_areas":
        region = s.b.regions[effect["region"]]
        for area, owner, _, _ in s.areas:
            if owner >= 0 and area & region:
                track[owner]["events"] += pts
    elif verb == "most_in_region":
        region = s.b.regions[effect["region"]]
        counts = [0] * nc
        for c, _, m, _ in s.pieces:
            if m & region:
                counts[c] += 1
        top = max(counts)
        if top > 0 and counts.count(top) == 1:
            track[counts.index(top)]["events"] += pts
    elif verb == "rank":
        now = totals(s)
        target = max(now) if effect["rank"] == "first" else min(now)
        for c in range(nc):
            if now[c] == target:
                track[c]["events"] += pts
    elif verb == "everyone":
        for c in range(nc):
            track[c]["events"] += pts
    elif verb == "drawer":
        track[drawer]["events"] += pts
    elif verb == "lose_resource":
        k = RESOURCES.index(effect["kind"])
        for c in range(nc):
            if s.collected[c][k]:
                s.collected[c][k] -= 1
                s.gone[k] += 1
    else:
        raise ValueError(f"unknown event verb {verb!r}")


def special_moves(s: State) -> list[Move]:
    """The current colour's moves in the SPECIAL phase: each playable kept card, then END_TURN."""
    c = s.colour
    out: list[Move] = []
    for pos in s.hand[c]:
        verb = s.b.deck[pos].effect["verb"]
        if verb == "special_set_weather":
            if s.weather != NO_WEATHER:
                out.extend((SPECIAL, pos, f) for f in range(len(s.b.weather_faces)))
            else:
                out.append((SPECIAL, pos, 0))
        elif verb == "special_collect":
            out.extend((SPECIAL, pos, k) for k in s.kinds_in(s.own_areas[c]))
        elif verb == "special_extra_odd":
            if s.supply[c][ODD]:
                out.extend((SPECIAL, pos, a) for a in bits_of(s.anchors(O1, s.placeable()))
                           if s.waste_ok(O1, a))
        else:
            out.append((SPECIAL, pos, 0))
    out.append(END_TURN_MOVE)
    return out


def play_special(s: State, c: int, pos: int, arg: int) -> None:
    """Colour c plays the kept special card at deck position `pos` (arg: weather face, kind or square)."""
    s.hand[c].remove(pos)
    effect = s.b.deck[pos].effect
    verb = effect["verb"]
    if verb == "special_points":
        s.track[c]["specials"] += int(effect["points"])
    elif verb == "special_steal":
        mine = s.b.player_of[c]
        now = totals(s)
        nc = s.b.colours
        others = [(c + i) % nc for i in range(1, nc) if s.b.player_of[(c + i) % nc] != mine]
        if others:
            leader = max(others, key=lambda o: now[o])  # max keeps the first of equals
            s.track[leader]["specials"] -= int(effect["points"])
            s.track[c]["specials"] += int(effect["points"])
    elif verb == "special_reroll_weather":
        _reroll(s)
    elif verb == "special_set_weather":
        if s.weather != NO_WEATHER:
            s.weather = s.b.weather_faces[arg]
    elif verb == "special_collect":
        s.take_one(c, arg, s.own_areas[c])
    elif verb == "special_extra_odd":
        s.place(c, ODD, O1, arg, -1)
        s.resolve(SPECIAL_PHASE)
        return
    else:
        raise ValueError(f"unknown special verb {verb!r}")
    if s.hand[c]:
        s.phase = SPECIAL_PHASE
    else:
        s.end_turn()
