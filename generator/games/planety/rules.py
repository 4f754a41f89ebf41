"""Planety setup rules: `check(setup)` returns every broken rule, named by id.

The generator never returns a setup these reject; `boardgen planety check FILE` runs them on
hand-edited files. Rule ids (DIGEST section 5):

- ``planety.players``   2–4 players, one star per seat
- ``planety.stars``     every seat's star is a star of the box, none drawn twice
- ``planety.tiles``     the big bang lays every tile of the box exactly once (no unknown tile)
- ``planety.face``      each tile shows side "a" or "b"
- ``planety.orbits``    playable: every orbit of every player can get its own face-up planet (a
                        complete matching of orbits to tiles whose face-up side allows that orbit);
                        otherwise each orbit left without a planet is named, with the Hall set that
                        proves it (k orbits that only n < k face-up planets may fill)
- ``planety.fill``      the file's `fill` (one complete assignment) is right: per seat one tile per
                        orbit, each a face-up planet that allows that orbit, no tile twice
- ``planety.throws``    the number of big bangs is at least 1
- ``planety.code``      the file's code is a Planety code naming the setup's players and seed

Catalog rules (`check_catalog`, for the built-in data and a user's own):

- ``planety.catalog-stars``   2 small stars (5 orbits, 3 light) and 2 large (6 orbits, 4 light)
- ``planety.catalog-tiles``   22 planet tiles and 4 moon tiles, unique ids, a tile's two faces of one type
- ``planety.catalog-kinds``   the rulebook's kinds: rocky (any orbit from 1, 1 token, takes moons, the
                              only kind that does), life-giving (orbits 3–4, 3 tokens, natural water and
                              atmosphere), gas (orbit 5 and up, 2 tokens, natural atmosphere)
- ``planety.catalog-tokens``  48 asteroids, 48 water, 14 light (= the stars' light), 12 life
- ``planety.catalog-orbits``  the four stars' orbits can take all the planets at 4 players (22 = 22)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from generator.core.checks import Report
from generator.core.matching import UNMATCHED, hall_violator, max_matching
from generator.core.rng import CodeError, CodeField, CodeSpec
from generator.games.planety.model import SIDES, Catalog, Setup, builtin_catalog

PLAYERS = (2, 3, 4)
CODE = CodeSpec("PN", (CodeField("players", PLAYERS),))
Slot = tuple[int, int]  # (seat, orbit), both counted from 0 and 1


@cache
def _orbit_sides(cat: Catalog) -> tuple[tuple[int, int], ...]:
    """Per orbit k (index k-1): (tiles whose side a allows k, tiles whose side b allows k) as bitmasks."""
    top = max((max(f.orbits) for f in cat.faces.values() if not f.is_moon), default=0)
    top = max(top, max((s.orbits for s in cat.stars), default=0))
    return tuple((cat.orbit_tiles(k, "a"), cat.orbit_tiles(k, "b")) for k in range(1, top + 1))


def slots_of(orbits: Sequence[int]) -> list[Slot]:
    """Every (seat, orbit) to fill, seat by seat, orbit 1 first."""
    return [(seat, k) for seat, n in enumerate(orbits) for k in range(1, n + 1)]


def orbit_graph(cat: Catalog, orbits: Sequence[int], flipped: int) -> tuple[list[Slot], list[int]]:
    """Slots and, per slot, the bitmask of tiles that may fill it. `flipped`: bit i set = tile i
    shows side b."""
    sides = _orbit_sides(cat)
    keep = ~flipped
    per_orbit = [(a & keep) | (b & flipped) for a, b in sides]
    slots = slots_of(orbits)
    return slots, [per_orbit[k - 1] if k <= len(per_orbit) else 0 for _, k in slots]


def fill_orbits(cat: Catalog, orbits: Sequence[int], flipped: int) -> tuple[list[Slot], list[int]]:
    """A maximum matching of slots to tiles: (slots, tile index per slot or -1)."""
    slots, adj = orbit_graph(cat, orbits, flipped)
    return slots, max_matching(adj)


def flipped_of(cat: Catalog, faces: dict[str, str]) -> int:
    """The faces mapping as a bitmask (bit i = tile i shows side b); unknown ids are ignored."""
    index = cat.tile_index
    out = 0
    for tid, side in faces.items():
        if side == "b" and tid in index:
            out |= 1 << index[tid]
    return out


def star_orbits(cat: Catalog, stars: Sequence[str]) -> list[int]:
    known = {s.id: s.orbits for s in cat.stars}
    return [known.get(s, 0) for s in stars]


def check(setup: Setup, cat: Catalog | None = None, code: str | None = None) -> Report:
    """Every broken rule of `setup` (and of its file's `code`, when given)."""
    cat = cat or builtin_catalog()
    r = Report()
    if setup.players not in PLAYERS:
        r.add("planety.players", f"{setup.players} players: Planety is for 2 to 4 players")
    if len(setup.stars) != setup.players:
        r.add("planety.players", f"{len(setup.stars)} stars for {setup.players} players (one star per seat)")
    known = set(cat.star_ids)
    for seat, sid in enumerate(setup.stars, start=1):
        if sid not in known:
            r.add("planety.stars", f"player {seat}: unknown star {sid!r} (the box has {', '.join(cat.star_ids)})",
                  where=seat)
    for sid, n in Counter(setup.stars).items():
        if n > 1 and sid in known:
            r.add("planety.stars", f"star {sid} drawn {n} times (each star tile exists once)", where=sid)
    ids = [t.id for t in cat.tiles]
    for tid in setup.faces:
        if tid not in ids:
            r.add("planety.tiles", f"unknown tile {tid!r} in the big bang", where=tid)
    missing = [t for t in ids if t not in setup.faces]
    if missing:
        r.add("planety.tiles", f"the big bang leaves out {len(missing)} tile(s): {', '.join(missing[:8])}"
              + ("…" if len(missing) > 8 else ""), where=missing[0])
    for tid, side in setup.faces.items():
        if side not in SIDES:
            r.add("planety.face", f"tile {tid} shows side {side!r} (a tile has sides \"a\" and \"b\")", where=tid)
    if setup.throws < 1:
        r.add("planety.throws", f"{setup.throws} big bangs: at least one is thrown")
    if code is not None:
        _check_code(r, setup, code)
    if r.rules() & {"planety.players", "planety.stars"}:
        return r  # the orbits to fill are not known
    orbits = star_orbits(cat, setup.stars)
    flipped = flipped_of(cat, setup.faces)
    slots, adj = orbit_graph(cat, orbits, flipped)
    match = max_matching(adj)
    if UNMATCHED in match:
        _name_unfilled(r, cat, setup, slots, adj, match)
    if setup.fill is not None:
        _check_fill(r, cat, setup, orbits, flipped)
    return r


def _name_unfilled(r: Report, cat: Catalog, setup: Setup, slots: list[Slot], adj: list[int],
                   match: list[int]) -> None:
    group, tiles = hall_violator(adj, match)
    fit = [cat.tiles[i].id for i in range(len(cat.tiles)) if tiles >> i & 1]
    need = Counter(k for k in (slots[u][1] for u in group))
    orbits_txt = ", ".join(f"{n}× orbit {k}" for k, n in sorted(need.items()))
    proof = (f"{len(group)} orbits ({orbits_txt}) can take only {len(fit)} face-up planet(s)"
             + (f": {', '.join(fit)}" if fit else ""))
    for u, v in enumerate(match):
        if v == UNMATCHED:
            seat, k = slots[u]
            star = setup.stars[seat]
            r.add("planety.orbits", f"player {seat + 1} (star {star}) cannot fill orbit {k}: {proof}",
                  where=[seat + 1, k])


def _check_fill(r: Report, cat: Catalog, setup: Setup, orbits: list[int], flipped: int) -> None:
    fill = setup.fill or ()
    index = cat.tile_index
    if len(fill) != len(orbits):
        r.add("planety.fill", f"fill has {len(fill)} seats, the setup {len(orbits)}")
        return
    seen: set[str] = set()
    for seat, (row, n) in enumerate(zip(fill, orbits, strict=True), start=1):
        if len(row) != n:
            r.add("planety.fill", f"player {seat}: fill gives {len(row)} planets for {n} orbits", where=seat)
        for k, tid in enumerate(row, start=1):
            if tid in seen:
                r.add("planety.fill", f"player {seat} orbit {k}: tile {tid} is used twice", where=[seat, k])
            seen.add(tid)
            i = index.get(tid)
            if i is None:
                r.add("planety.fill", f"player {seat} orbit {k}: unknown tile {tid!r}", where=[seat, k])
                continue
            face = cat.tiles[i].face("b" if flipped >> i & 1 else "a")
            if face.is_moon or k not in face.orbits:
                what = "a moon" if face.is_moon else f"allowed on orbits {face.orbits_text()}"
                r.add("planety.fill", f"player {seat} orbit {k}: tile {tid} shows {face.id} ({what})",
                      where=[seat, k])


def _check_code(r: Report, setup: Setup, code: str) -> None:
    try:
        options, seed = CODE.decode(code)
    except CodeError as exc:
        r.add("planety.code", str(exc))
        return
    if options["players"] != setup.players or seed != setup.seed:
        r.add("planety.code", f"code {code} names {options['players']} players and seed {seed}, the setup "
              f"{setup.players} players and seed {setup.seed}")


def check_catalog(cat: Catalog) -> Report:
    """Is this catalog the game of the rulebook? (Our own design choices are free.)"""
    r = Report()
    sizes = Counter((s.size, s.orbits, s.light) for s in cat.stars)
    if sizes != Counter({("small", 5, 3): 2, ("large", 6, 4): 2}):
        r.add("planety.catalog-stars", "the box has 2 small stars (5 orbits, 3 light) and 2 large stars "
              f"(6 orbits, 4 light), not {sorted(sizes.items())}"[:200])
    planets = [t for t in cat.tiles if not t.is_moon]
    moons = [t for t in cat.tiles if t.is_moon]
    if len(planets) != 22 or len(moons) != 4:
        r.add("planety.catalog-tiles", f"{len(planets)} planet and {len(moons)} moon tiles (the box: 22 and 4)")
    for tid, n in Counter(t.id for t in cat.tiles).items():
        if n > 1:
            r.add("planety.catalog-tiles", f"tile id {tid} used {n} times", where=tid)
    for t in cat.tiles:
        if t.a.is_moon != t.b.is_moon:
            r.add("planety.catalog-tiles", f"tile {t.id}: one face a planet, the other a moon", where=t.id)
    top = max((s.orbits for s in cat.stars), default=0)
    for f in cat.faces.values():
        if f.is_moon:
            continue
        if f.moons and f.id != "rocky":
            r.add("planety.catalog-kinds", f"face {f.id}: only rocky planets take moons", where=f.id)
        want = {"rocky": (tuple(range(1, top + 1)), 1, False, False, True),
                "life": ((3, 4), 3, True, True, False),
                "gas": (tuple(range(5, top + 1)), 2, False, True, False)}.get(f.id)
        if want is not None and (f.orbits, f.tokens, f.water, f.atmosphere, f.moons) != want:
            r.add("planety.catalog-kinds", f"face {f.id} differs from the rulebook (orbits {list(want[0])}, "
                  f"{want[1]} tokens, water {want[2]}, atmosphere {want[3]}, moons {want[4]})", where=f.id)
    for fid in ("rocky", "life", "gas"):
        if fid not in cat.faces:
            r.add("planety.catalog-kinds", f"the rulebook's face {fid!r} is missing", where=fid)
    want_tokens = {"asteroid": 48, "water": 48, "light": 14, "life": 12}
    if cat.tokens != want_tokens:
        r.add("planety.catalog-tokens", f"tokens {cat.tokens}, the box has {want_tokens}")
    if sum(s.light for s in cat.stars) != cat.tokens["light"]:
        r.add("planety.catalog-tokens", f"the stars hold {sum(s.light for s in cat.stars)} light, the supply "
              f"{cat.tokens['light']}")
    if sum(s.orbits for s in cat.stars) != len(planets):
        r.add("planety.catalog-orbits", f"the stars have {sum(s.orbits for s in cat.stars)} orbits for "
              f"{len(planets)} planets (at 4 players every planet takes an orbit)")
    return r
