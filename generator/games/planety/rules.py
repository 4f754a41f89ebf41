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
- ``planety.throws``    the number of big bangs is 1..MAX_THROWS; for a file whose stars and faces are
                        its code's big bang (not edited by hand), the number that big bang took
- ``planety.code``      the file's code is a Planety code naming the setup's players, seed and
                        whether the big bang is balanced
- ``planety.balanced``  a balanced big bang: greedy bots strand a player in under `[balanced]
                        stranded_max` of their games on it (balance.py); `rejected` (playable big
                        bangs passed over) only with balanced, fewer than the throws

Catalog rules (`check_catalog`, for the built-in data and a user's own):

- ``planety.catalog-stars``   2 small stars (5 orbits, 3 light) and 2 large (6 orbits, 4 light)
- ``planety.catalog-tiles``   22 planet tiles and 4 moon tiles (the four stars' 22 orbits take every planet
                              at 4 players), unique ids, a tile's two faces of one type
- ``planety.catalog-kinds``   the rulebook's kinds: rocky (any orbit from 1, 1 token, takes moons, the
                              only kind that does), life-giving (orbits 3–4, 3 tokens, natural water and
                              atmosphere), gas (orbit 5 and up, 2 tokens, natural atmosphere); each
                              of the three is a planet face
- ``planety.catalog-tokens``  48 asteroids, 48 water, 14 light (= the stars' light), 12 life

catalog.py adds the design checks of `boardgen planety catalog` (``planety.catalog-fill``: proved
that no side of the tiles up fills every orbit; ``planety.catalog-throws``: a fill exists but random
throws are too rarely playable), built on `any_side_graph` and `shortfall` here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from generator.core.checks import Report
from generator.core.matching import UNMATCHED, b_hall_violator, max_b_matching
from generator.core.rng import CodeError, CodeField, CodeSpec
from generator.games.planety import balance
from generator.games.planety.model import SIDES, Catalog, Setup, builtin_catalog

PLAYERS = (2, 3, 4)
MAX_THROWS = 500  # big bangs the generator throws at most before it gives up (setup.py)


@dataclass(frozen=True)
class PlanetyCode(CodeSpec):
    """Planety's codes: the players, then a second option character ``1`` only for a balanced big
    bang. An ordinary setup's code keeps its one option character, so every code made before the
    balanced option (``PN-2-…``) still decodes to the same setup; ``balanced`` defaults to False."""

    def _spec(self, balanced: bool) -> CodeSpec:
        return CodeSpec(self.prefix, self.fields if balanced else self.fields[:1])

    def encode(self, options: dict[str, Any], seed: int) -> str:
        balanced = options.get("balanced", False)
        if balanced not in (False, True):
            raise CodeError(f"option balanced={balanced!r} cannot be coded (choices [False, True])")
        return self._spec(bool(balanced)).encode({"balanced": False, **options}, seed)

    def decode(self, code: str) -> tuple[dict[str, Any], int]:
        opts = self.check_head(code)[1]
        if len(opts) == 2 and opts[1] == "0":  # one code per setup: an ordinary one has one character
            raise CodeError(f"setup code {code!r} has option characters {opts}: an ordinary big bang is coded "
                            f"{opts[0]}, a balanced one {opts[0]}1")
        options, seed = self._spec(len(opts) == 2).decode(code)
        return {"balanced": False, **options}, seed


CODE = PlanetyCode("PN", (CodeField("players", PLAYERS), CodeField("balanced", (False, True))))
Slot = tuple[int, int]  # (seat, orbit), both counted from 0 and 1


@cache
def _tile_masks(cat: Catalog) -> tuple[tuple[int, int], ...]:
    """Per tile: (orbit bitmask of side a, of side b); 0 for a moon side (it takes no orbit)."""
    return tuple((0 if t.a.is_moon else t.a.orbit_mask, 0 if t.b.is_moon else t.b.orbit_mask) for t in cat.tiles)


def slots_of(orbits: Sequence[int]) -> list[Slot]:
    """Every (seat, orbit) to fill, seat by seat, orbit 1 first."""
    return [(seat, k) for seat, n in enumerate(orbits) for k in range(1, n + 1)]


@cache
def _mask_sides(cat: Catalog) -> tuple[tuple[int, int, int], ...]:
    """Per distinct planet orbit set (most restrictive first): (orbit bitmask, tiles whose side a
    shows it, tiles whose side b shows it) — faces with the same orbits are alike for the matching."""
    masks = _tile_masks(cat)
    distinct = sorted({m for pair in masks for m in pair if m}, key=lambda m: (m.bit_count(), m))
    out = []
    for m in distinct:
        a = sum(1 << i for i, (ma, _) in enumerate(masks) if ma == m)
        b = sum(1 << i for i, (_, mb) in enumerate(masks) if mb == m)
        out.append((m, a, b))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _flow(orbits: tuple[int, ...], masks: tuple[int, ...], counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The maximum b-matching of orbit numbers against orbit sets with these counts (cached: a big
    bang is, for the matching, only how many face-up planets show each orbit set)."""
    top = max(orbits, default=0)
    left_cap = [sum(n >= k for n in orbits) for k in range(1, top + 1)]
    adj = [sum(1 << j for j, m in enumerate(masks) if m >> (k - 1) & 1) for k in range(1, top + 1)]
    return tuple(tuple(row) for row in max_b_matching(left_cap, list(counts), adj))


@dataclass
class OrbitGraph:
    """Orbits against face-up planets, as types: orbit k (capacity: the seats whose star has it)
    against the distinct face-up orbit sets (capacity: how many planets show that set)."""

    orbits: list[int]
    types: tuple[tuple[int, int, int], ...]  # per right type: (orbit mask, side-a tiles, side-b tiles)
    flipped: int
    counts: tuple[int, ...]
    flow: tuple[tuple[int, ...], ...]
    absent: int = 0

    @property
    def left_cap(self) -> list[int]:
        return [sum(n >= k for n in self.orbits) for k in range(1, max(self.orbits, default=0) + 1)]

    @property
    def adj(self) -> list[int]:
        return [sum(1 << j for j, (m, _, _) in enumerate(self.types) if m >> (k - 1) & 1)
                for k in range(1, len(self.left_cap) + 1)]

    @property
    def complete(self) -> bool:
        return sum(map(sum, self.flow)) == sum(self.orbits)

    def groups(self) -> list[list[int]]:
        """Per right type: its face-up tile indices, in catalog order."""
        out = []
        for _, a, b in self.types:
            bits = ((a & ~self.flipped) | (b & self.flipped)) & ~self.absent
            tiles = []
            while bits:
                low = bits & -bits
                tiles.append(low.bit_length() - 1)
                bits ^= low
            out.append(tiles)
        return out

    def slots(self) -> list[Slot]:
        return slots_of(self.orbits)

    def fill(self) -> list[list[int]]:
        """Per seat, per orbit: a tile index, or -1 — the b-matching made concrete: orbit k of the
        seats in order takes the tiles of its types in catalog order."""
        groups = self.groups()
        out = [[UNMATCHED] * n for n in self.orbits]
        for s, k, j, r in _pattern(tuple(self.orbits), self.flow):
            out[s][k] = groups[j][r]
        return out

    def match(self) -> list[int]:
        """Per slot (in `slots()` order): a tile index, or -1."""
        return [v for row in self.fill() for v in row]


@lru_cache(maxsize=1 << 16)
def _pattern(orbits: tuple[int, ...], flow: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, int, int, int], ...]:
    """(seat, orbit index, type, rank within the type) for every matched slot of this flow."""
    taken = [0] * (len(flow[0]) if flow else 0)
    out = []
    for k, row in enumerate(flow, start=1):
        seats = [s for s, n in enumerate(orbits) if n >= k]
        pos = 0
        for j, f in enumerate(row):
            for _ in range(f):
                out.append((seats[pos], k - 1, j, taken[j]))
                taken[j] += 1
                pos += 1
    return tuple(out)


def orbit_graph(cat: Catalog, orbits: Sequence[int], flipped: int, absent: int = 0) -> OrbitGraph:
    """The typed graph and a maximum b-matching (core.matching). `flipped`: bit i set = tile i
    shows side b; `absent`: tiles not on the table (a hand-edited file that leaves them out)."""
    types = _mask_sides(cat)
    keep = ~flipped & ~absent
    shown = flipped & ~absent
    counts = tuple((a & keep).bit_count() + (b & shown).bit_count() for _, a, b in types)
    flow = _flow(tuple(orbits), tuple(m for m, _, _ in types), counts)
    return OrbitGraph(list(orbits), types, flipped, counts, flow, absent)


def any_side_graph(cat: Catalog, orbits: Sequence[int]) -> OrbitGraph:
    """Orbits against the planet tiles whichever side lands up (a tile may take an orbit either of
    its faces allows). A complete matching here is exactly a box that some throw makes playable
    (turn each matched tile to the face its orbit needs); an incomplete one proves that no throw
    ever is, and its `shortfall` names the orbits and the tiles."""
    unions = [ma | mb for ma, mb in _tile_masks(cat)]
    distinct = sorted({m for m in unions if m}, key=lambda m: (m.bit_count(), m))
    types = tuple((m, sum(1 << i for i, u in enumerate(unions) if u == m), 0) for m in distinct)
    counts = tuple(a.bit_count() for _, a, _ in types)
    flow = _flow(tuple(orbits), tuple(m for m, _, _ in types), counts)
    return OrbitGraph(list(orbits), types, 0, counts, flow)


def fill_orbits(cat: Catalog, orbits: Sequence[int], flipped: int) -> tuple[list[Slot], list[int]]:
    """A maximum matching of slots to tiles: (slots, tile index per slot or -1)."""
    g = orbit_graph(cat, orbits, flipped)
    return g.slots(), g.match()


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
    ids = cat.tile_index
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
    if not 1 <= setup.throws <= MAX_THROWS:
        r.add("planety.throws", f"{setup.throws} big bangs: at least one is thrown and the generator throws at "
              f"most {MAX_THROWS}")
    if code is not None:
        _check_code(r, setup, code)
    if setup.rejected and not setup.balanced:
        r.add("planety.balanced", f"{setup.rejected} big bang(s) rejected, but the setup is not balanced (only the "
              "balanced search passes playable big bangs over)")
    elif setup.rejected >= max(1, setup.throws):
        r.add("planety.balanced", f"{setup.rejected} playable big bang(s) rejected in {setup.throws} throw(s): the "
              "setup's own big bang is a throw too")
    if r.rules() & {"planety.players", "planety.stars"}:
        return r  # the orbits to fill are not known
    orbits = star_orbits(cat, setup.stars)
    flipped = flipped_of(cat, setup.faces)
    absent = sum(1 << i for i, t in enumerate(cat.tiles) if setup.faces.get(t.id) not in SIDES)
    graph = orbit_graph(cat, orbits, flipped, absent)
    if not graph.complete:
        _name_unfilled(r, cat, setup, graph)
    if setup.fill is not None:
        _check_fill(r, cat, setup, orbits, flipped, absent)
    if setup.balanced and graph.complete and not r.rules() & {"planety.tiles", "planety.face"}:
        _check_balanced(r, setup, cat)
    return r


def _check_balanced(r: Report, setup: Setup, cat: Catalog) -> None:
    """A balanced big bang's greedy stranded rate, measured again (the same seeded games)."""
    lim = balance.limits()
    rate = balance.stranded_rate(setup, cat, "greedy")
    if rate >= lim.stranded_max:
        r.add("planety.balanced", f"marked balanced, but greedy bots strand a player in {rate:.1%} of {lim.games} "
              f"games on it (a balanced big bang: under {lim.stranded_max:.0%})")


@dataclass(frozen=True)
class Shortfall:
    """Hall's proof that a big bang is not playable: these orbit numbers (counted from 1) have
    `need` orbits among the seats, and only `have` face-up planets may take any of them."""

    orbits: tuple[int, ...]
    need: int
    have: int
    types: int  # bitmask of the graph's right types (orbit sets) that may take them

    def text(self) -> str:
        """'orbit 1', 'orbits 5–6', 'orbits 1, 3'."""
        o = self.orbits
        if len(o) == 1:
            return f"orbit {o[0]}"
        if list(o) == list(range(o[0], o[-1] + 1)):
            return f"orbits {o[0]}–{o[-1]}"
        return "orbits " + ", ".join(map(str, o))


def shortfall(g: OrbitGraph) -> Shortfall | None:
    """The orbit group a big bang leaves short (None when it is playable)."""
    if g.complete:
        return None
    left_cap = g.left_cap
    group, types = b_hall_violator(left_cap, list(g.counts), g.adj, g.flow)
    have = sum(c for j, c in enumerate(g.counts) if types >> j & 1)
    return Shortfall(tuple(k + 1 for k in group), sum(left_cap[k] for k in group), have, types)


def _name_unfilled(r: Report, cat: Catalog, setup: Setup, g: OrbitGraph) -> None:
    left_cap = g.left_cap
    short = shortfall(g)
    assert short is not None
    group, types = [k - 1 for k in short.orbits], short.types
    fit = sorted(i for j, tiles in enumerate(g.groups()) if types >> j & 1 for i in tiles)
    names = [cat.tiles[i].id for i in fit]
    orbits_txt = ", ".join(f"{left_cap[k]}× orbit {k + 1}" for k in group)
    need = sum(left_cap[k] for k in group)
    proof = (f"{need} orbits ({orbits_txt}) can take only {len(fit)} face-up planet(s)"
             + (f": {', '.join(names)}" if names else ""))
    # the shortage belongs to the group of orbits, not to one seat: the best fill leaves these slots
    # empty, but another fill would leave others; they are named as examples of who may be left short
    for (seat, k), v in zip(g.slots(), g.match(), strict=True):
        if v == UNMATCHED:
            r.add("planety.orbits", f"a player cannot fill orbit {k} (in the best fill: player {seat + 1}, star "
                  f"{setup.stars[seat]}; any seat with that orbit may be the one): {proof}", where=[seat + 1, k])


def _check_fill(r: Report, cat: Catalog, setup: Setup, orbits: list[int], flipped: int, absent: int) -> None:
    fill = setup.fill or ()
    index = cat.tile_index
    masks = _tile_masks(cat)
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
            b = flipped >> i & 1
            if absent >> i & 1:
                r.add("planety.fill", f"player {seat} orbit {k}: tile {tid} is not in the big bang", where=[seat, k])
            elif not masks[i][b] >> (k - 1) & 1:
                face = cat.tiles[i].face("b" if b else "a")
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
    if options["balanced"] != setup.balanced:
        r.add("planety.code", f"code {code} names {'a balanced' if options['balanced'] else 'an ordinary'} big bang, "
              f"the setup {'a balanced' if setup.balanced else 'an ordinary'} one")


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
    for fid in ("rocky", "life", "gas"):
        if fid not in cat.faces:
            r.add("planety.catalog-kinds", f"the rulebook's face {fid!r} is missing", where=fid)
        elif cat.faces[fid].is_moon:
            r.add("planety.catalog-kinds", f"the rulebook's face {fid!r} is a planet, not a moon", where=fid)
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
    want_tokens = {"asteroid": 48, "water": 48, "light": 14, "life": 12}
    if cat.tokens != want_tokens:
        r.add("planety.catalog-tokens", f"tokens {cat.tokens}, the box has {want_tokens}")
    if sum(s.light for s in cat.stars) != cat.tokens["light"]:
        r.add("planety.catalog-tokens", f"the stars hold {sum(s.light for s in cat.stars)} light, the supply "
              f"{cat.tokens['light']}")
    return r
