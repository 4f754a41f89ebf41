"""Planety bots: a move heuristic for core.playout's greedy bot (the random bot needs nothing).

`move_value(state, move)` scores a move for the player to move by what it does for life, the only
thing that scores: light and water where atmosphere is (life next turn), life carried away from a
planet that grows it again, asteroids at the leader's life (and at the moon in front of a planet
worth striking), moons in front of lit planets. It looks no further than the move itself, which
keeps a 4-player game to a few milliseconds. `BOTS["greedy"]` plays it, and core.playout's
`greedy_bot` finds it there (a game's own bots, beside its engine: the State never imports them).

This module names no engine type, not even for type hints: a state and a planet are read by their
attributes only (engine.State, engine.Planet), so the bots need not load the engine.
"""

from __future__ import annotations

import random
from typing import Any

from generator.core.playout import greedy_choice

Planet = Any  # engine.Planet: face, wet, moon, light
State = Any  # engine.State: players, current, faces


def _light_value(p: Planet) -> float:
    if p.face.atmosphere and p.wet:
        return 10.0
    if p.face.atmosphere:
        return 6.0
    return 5.0 if p.moon >= 0 else 3.0


def move_value(state: State, move: tuple[Any, ...]) -> float:
    me = state.players[state.current]
    kind = move[0]
    if kind == "light":
        return _light_value(me.planets[move[1]])
    if kind == "take":
        # a lit planet with atmosphere but no water wants a water transport: an asteroid and a water
        thirsty = any(p.light and p.face.atmosphere and not p.wet for p in me.planets)
        if move[1] == "water":
            return 4.0 if thirsty and not me.water else 2.0 + (me.water < me.asteroids)
        return 4.5 if thirsty and not me.asteroids else 3.0 - (me.asteroids > me.water + 2)
    if kind == "planet":
        f = state.faces[move[1]]
        v = 1.0 + f.tokens + 3.0 * (f.atmosphere and f.water) + 1.5 * f.atmosphere + 0.5 * f.water
        return v + (1.0 if f.moons and me.light else 0.0)
    if kind == "moon":
        f = state.faces[move[1]]
        p = me.planets[move[2]]
        return 1.0 + 0.8 * f.shield + 3.0 * (p.life or p.light) - 0.5 * f.cost
    if kind == "attack":
        opp = state.players[move[1]]
        p = opp.planets[move[2]]
        worth = p.life or p.water or p.light  # something behind the moon to take now or later
        if p.moon >= 0 and p.moon_face is not None and (p.hits + 1) % (p.moon_face.shield + 1):
            return 1.5 if worth else 0.3  # wears the moon down (below ending the turn at a bare planet)
        if p.life:
            return 8.0 + 2.0 * opp.life
        if not (p.life or p.water):
            return 0.3  # through the moon at a planet with nothing to remove
        return 4.0 if p.light and p.face.atmosphere else 1.0
    if kind == "water":
        p = me.planets[move[1]]
        if p.light and p.face.atmosphere:
            return 9.0
        return 3.0 if p.light else 1.0
    if kind == "life":
        src, dst = me.planets[move[1]], me.planets[move[2]]
        regrows = src.face.atmosphere and src.wet and src.light
        return (9.0 if regrows else 2.0) + (2.0 if dst.moon >= 0 else 0.0)
    if kind == "end":
        return 0.5
    return 0.0


def greedy_bot(state: State, rng: random.Random) -> Any:
    """The best immediate move by `move_value`, ties broken as core.playout's greedy bot does."""
    return greedy_choice(state.legal_moves(), lambda move: move_value(state, move), rng)


#: this game's own bots, found by core.playout beside the engine (core.playout's module doc)
BOTS = {"greedy": greedy_bot}
