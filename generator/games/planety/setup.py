"""The star draw and the big bang, proved playable.

Each player draws a star (a seeded sample of the four); then the big bang lays all 26 tiles on a
random side (one fair bit per tile). Orbits are filled in order and a tile may go only on an orbit
its face-up side allows, so a big bang is playable exactly when every orbit of every player can get
its own face-up planet: a complete matching of orbits to tiles (core.matching, Kuhn's augmenting
paths on bitsets). At 4 players the stars have 22 orbits for exactly 22 planets, and about one
throw in nine has no such matching; then the tiles are thrown again, at most `MAX_THROWS` times,
and the setup records how many throws it took. The stars are drawn once and kept: a re-throw is a
new big bang, not a new draw.

A balanced big bang (`balanced=True`, coded in the setup code) goes on along the same stream of
throws: each playable big bang is played by greedy bots (balance.py) and passed over while they
strand a player too often, at most `[balanced] tries` of them (data/playability.toml). Its first
playable throw is the ordinary setup's big bang, so the search only ever adds throws after it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from generator.core.checks import GenerationError
from generator.core.rng import make_rng
from generator.games.planety import balance
from generator.games.planety.model import Catalog, Setup, builtin_catalog
from generator.games.planety.rules import (
    CODE,
    MAX_THROWS,
    PLAYERS,
    any_side_graph,
    check,
    orbit_graph,
    shortfall,
    star_orbits,
)

__all__ = ["CODE", "MAX_THROWS", "gave_up", "generate", "regenerates", "throw_until_playable"]


def throw_until_playable(cat: Catalog, orbits: list[int], rng: random.Random,
                         max_throws: int = MAX_THROWS) -> tuple[int, int, list[list[int]]]:
    """(flipped bitmask, throws, tile per seat and orbit) of the first playable big bang;
    GenerationError after `max_throws`, saying which orbit groups came up short (`gave_up`)."""
    n = len(cat.tiles)
    failed: dict[tuple[int, ...], list[int]] = {}  # per face-up count of each orbit set: [throws, one flip]
    for throw in range(1, max_throws + 1):
        flipped = rng.getrandbits(n)
        graph = orbit_graph(cat, orbits, flipped)
        if graph.complete:
            return flipped, throw, graph.fill()
        seen = failed.setdefault(graph.counts, [0, flipped])
        seen[0] += 1
    raise gave_up(cat, orbits, max_throws, failed)


def gave_up(cat: Catalog, orbits: list[int], throws: int, failed: dict[tuple[int, ...], list[int]]) -> GenerationError:
    """The error after `throws` unplayable big bangs: impossibility only when it is proved (no side
    of the tiles up can fill every orbit: `any_side_graph`, with Hall's group and its tiles),
    otherwise what was tried and which orbit groups came up short how often (a rare playable throw
    is not an impossible one: the same catalog may work on another seed)."""
    head = f"no playable big bang in {throws} throws for stars with {', '.join(map(str, orbits))} orbits"
    whole = any_side_graph(cat, orbits)
    proof = shortfall(whole)
    if proof is not None:
        tiles = sorted(i for j, group in enumerate(whole.groups()) if proof.types >> j & 1 for i in group)
        names = ", ".join(cat.tiles[i].id for i in tiles[:8]) + ("…" if len(tiles) > 8 else "")
        return GenerationError(f"{head}: the catalog's faces cannot fill every orbit whichever sides land up — "
                               f"{proof.need} orbits ({proof.text()}) can take only {proof.have} tile(s)"
                               + (f" ({names})" if names else ""))
    short: dict[str, list[int]] = {}  # orbit group -> [throws, orbits to fill, most planets seen]
    for n, flipped in failed.values():
        sf = shortfall(orbit_graph(cat, orbits, flipped))
        assert sf is not None
        row = short.setdefault(sf.text(), [0, sf.need, 0])
        row[0] += n
        row[2] = max(row[2], sf.have)
    top = sorted(short.items(), key=lambda kv: (-kv[1][0], kv[0]))
    parts = [f"{group} in {n} throw(s) ({need} to fill, at most {have} face-up planet(s) fit)"
             for group, (n, need, have) in top[:3]]
    more = f" and {len(top) - 3} other group(s)" if len(top) > 3 else ""
    return GenerationError(f"{head}; short each time: {'; '.join(parts)}{more}. Not proved impossible: some sides "
                           "up fill every orbit, so playable throws are only rare — another seed may work, and "
                           "`boardgen planety catalog FILE` estimates how rare")


def generate(players: int, seed: int, cat: Catalog | None = None, max_throws: int = MAX_THROWS,
             verify: bool = True, balanced: bool = False) -> Setup:
    """The setup of `players` and `seed`: stars in seat order, faces, throws and one complete fill;
    with `balanced`, the first playable big bang on which greedy bots rarely strand a player."""
    cat = cat or builtin_catalog()
    if players not in PLAYERS:
        raise GenerationError(f"{players} players: Planety is for 2 to 4 players")
    if players > len(cat.stars):
        raise GenerationError(f"{players} players but the catalog has {len(cat.stars)} stars")
    rng = make_rng(seed, "planety", "setup")
    stars = [s.id for s in rng.sample(cat.stars, players)]
    orbits = star_orbits(cat, stars)
    ids = [t.id for t in cat.tiles]

    def table(flipped: int, throws: int, fill: list[list[int]], rejected: int = 0) -> Setup:
        faces = {tid: ("b" if flipped >> i & 1 else "a") for i, tid in enumerate(ids)}
        return Setup(players, seed, tuple(stars), faces, throws, tuple(tuple(ids[i] for i in row) for row in fill),
                     balanced, rejected)

    if balanced:
        setup = _balanced(cat, orbits, rng, max_throws, table)
    else:
        setup = table(*throw_until_playable(cat, orbits, rng, max_throws))
    if verify:
        rep = check(setup, cat, CODE.encode({"players": players, "balanced": balanced}, seed))
        if not rep.ok:  # pragma: no cover - the matching above is the rule itself
            raise GenerationError(f"generator broke a rule: {rep.violations[0]}")
    return setup


def _balanced(cat: Catalog, orbits: list[int], rng: random.Random, max_throws: int,
              table: Callable[[int, int, list[list[int]], int], Setup]) -> Setup:
    """The first playable big bang whose greedy stranded rate is under the bound (see the module
    docstring); GenerationError naming the tries, the throws and the best rate when none is."""
    lim = balance.limits()
    throws = measured = 0
    best: tuple[float, int] | None = None
    for _ in range(lim.tries):
        try:
            flipped, n, fill = throw_until_playable(cat, orbits, rng, max_throws - throws)
        except GenerationError:
            if not measured:
                raise
            break  # the throws ran out before the tries did
        throws += n
        setup = table(flipped, throws, fill, measured)
        measured += 1
        rate = balance.stranded_rate(setup, cat, "greedy")
        if rate < lim.stranded_max:
            return setup
        if best is None or rate < best[0]:
            best = (rate, throws)
    assert best is not None
    raise GenerationError(f"no balanced big bang: on each of the {measured} playable big bangs tried ({throws} "
                          f"throws) greedy bots stranded a player in {lim.stranded_max:.0%} or more of {lim.games} "
                          f"games (the fewest: {best[0]:.1%}, throw {best[1]}); the bound and the tries are "
                          "[balanced] in data/playability.toml, or try another seed")


def regenerates(setup: Setup, cat: Catalog | None = None) -> Setup | None:
    """The setup the file's players and seed generate, if the file's stars and big bang are that
    setup's (so it was not edited by hand); None for an edited file (hand edits are welcome: the
    rules still judge it, but its count of throws can no longer be compared with anything)."""
    try:
        made = generate(setup.players, setup.seed, cat, verify=False, balanced=setup.balanced)
    except GenerationError:
        return None
    return made if (made.stars, made.faces) == (setup.stars, setup.faces) else None
