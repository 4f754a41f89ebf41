"""Planety's content and setups as plain values.

The content (stars, tile faces, the 26 double-sided tiles, the token supply) is data, in
`data/content.toml`; `parse_catalog` reads it strictly (core.fields: an unknown key at any level
is an error naming the file and the key, as in every other reader of a user's file), and
`rules.check_catalog` says whether it is the game the rulebook describes. A `Setup` is what the
big bang leaves on the table.

setup.json schema (`"game": "planety"`, `"version": 1`; the `setup` object):

    players   2..4
    seed      the seed the setup was generated from (with `players` it is the setup code)
    stars     one star id per seat, in seat order (seat 1 starts), e.g. ["L2", "S1"]
    faces     {tile id: "a" | "b"} for all 26 tiles: the side each tile shows after the big bang
    throws    how many big bangs it took until one was playable (>= 1)
    fill      one complete assignment proving playability: per seat, the tile id put on orbit
              1, 2, 3, … (a matching of orbits to face-up planets; other fills may exist)
    balanced  (only when true) a balanced big bang: greedy bots strand a player in under
              `[balanced] stranded_max` of their games on it (balance.py, data/playability.toml)
    rejected  (only with balanced) the playable big bangs thrown before it that stranded too often

`faces` and `stars` are the setup; `fill`, `throws` and `rejected` are derived and checked. A file
without `balanced` is an ordinary big bang, as every file written before the option was.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError
from generator.core.data import load_toml
from generator.core.fields import BOOL, INT, LIST, OBJECT, STR, Fields, describe, quoted

GAME = "planety"
SETUP_VERSION = 1
DATA = Path(__file__).parent / "data"
SIDES = ("a", "b")
LANGS = ("pl", "en")
TOKENS = ("asteroid", "water", "light", "life")
_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
MAX_ORBIT = 30  # a sanity bound for user catalogs (bitmask widths, drawing)


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a tile: a planet (orbits, tokens, natural water/atmosphere, moons allowed) or a moon
    (cost, shield)."""

    id: str
    type: str  # "planet" | "moon"
    name: dict[str, str]
    colour: str
    orbits: tuple[int, ...] = ()
    tokens: int = 0
    water: bool = False
    atmosphere: bool = False
    moons: bool = False
    cost: int = 0
    shield: int = 0

    @property
    def is_moon(self) -> bool:
        return self.type == "moon"

    @property
    def orbit_mask(self) -> int:
        """Bit k-1 set when orbit k is allowed."""
        m = 0
        for o in self.orbits:
            m |= 1 << (o - 1)
        return m

    def orbits_text(self) -> str:
        """'1–6', '3–4', '5+' style (a run of orbits up to the largest star prints open-ended)."""
        if not self.orbits:
            return ""
        lo, hi = min(self.orbits), max(self.orbits)
        if list(self.orbits) == list(range(lo, hi + 1)):
            return f"{lo}" if lo == hi else f"{lo}–{hi}"
        return ", ".join(map(str, self.orbits))


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    a: Face
    b: Face

    def face(self, side: str) -> Face:
        return self.a if side == "a" else self.b

    @property
    def is_moon(self) -> bool:
        return self.a.is_moon


@dataclass(frozen=True, slots=True)
class Star:
    id: str
    size: str
    orbits: int
    light: int
    colour: str
    name: dict[str, str]


@dataclass(frozen=True, eq=False)
class Catalog:
    """The whole box. Tiles keep the file's order: tile index i is bit i of every tile bitmask.
    Compared and hashed by identity (derived tables are cached per catalog)."""

    stars: tuple[Star, ...]
    faces: dict[str, Face]
    tiles: tuple[Tile, ...]
    tokens: dict[str, int]
    win_life: int
    full_bonus: int
    source: str = "built-in"

    def star(self, sid: str) -> Star:
        for s in self.stars:
            if s.id == sid:
                return s
        raise KeyError(sid)

    @property
    def star_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.stars)

    @cached_property
    def tile_index(self) -> dict[str, int]:
        return {t.id: i for i, t in enumerate(self.tiles)}

    @property
    def planet_mask(self) -> int:
        return sum(1 << i for i, t in enumerate(self.tiles) if not t.is_moon)

    def orbit_tiles(self, orbit: int, side: str) -> int:
        """Bitmask of the tiles whose face `side` is a planet allowed on `orbit`."""
        out = 0
        for i, t in enumerate(self.tiles):
            f = t.face(side)
            if not f.is_moon and orbit in f.orbits:
                out |= 1 << i
        return out

    @property
    def digest(self) -> str:
        raw = json.dumps(catalog_to_json(self), sort_keys=True).encode()
        return hashlib.blake2b(raw, digest_size=4).hexdigest().upper()


class _P(Fields):
    """The strict reader of one catalog (core.fields): an unknown key at any level, a missing key or
    a value of another type is a one-line error naming the file and the key."""

    def int_(self, v: Any, where: str, lo: int | None = 0, hi: int | None = 10_000) -> int:
        return super().int_(v, where, lo, hi)

    def bool_(self, v: Any, where: str) -> bool:
        return bool(self.value(v, where, BOOL))

    def str_(self, v: Any, where: str) -> str:
        if not isinstance(v, str) or not v or len(v) > 60:
            self.fail(where, f"expected a short non-empty text, got {describe(v)}")
        return v

    def colour(self, v: Any, where: str) -> str:
        """A colour the drawing can use: #rgb or #rrggbb."""
        if not isinstance(v, str) or not _COLOUR.fullmatch(v):
            self.fail(where, f"expected a colour #rgb or #rrggbb, got {describe(v)}")
        return v

    def names(self, v: Any, where: str) -> dict[str, str]:
        d = self.obj(v, where, {lang: STR for lang in LANGS}, required=LANGS, what="a name")
        return {lang: self.str_(d[lang], f"{where}.{lang}") for lang in LANGS}


_TOP = {"tokens": OBJECT, "play": OBJECT, "stars": OBJECT, "faces": OBJECT, "tiles": LIST}
_PLAY = {"win_life": INT, "full_bonus": INT}
_STAR = {"size": STR, "orbits": INT, "light": INT, "colour": STR, "name": OBJECT}
_MOON = {"type": STR, "name": OBJECT, "colour": STR, "cost": INT, "shield": INT}
_PLANET = {"type": STR, "name": OBJECT, "colour": STR, "orbits": LIST, "tokens": INT, "water": BOOL,
           "atmosphere": BOOL, "moons": BOOL}
_TILE = {"id": STR, "a": STR, "b": STR}


def _face(p: _P, fid: str, d: Any) -> Face:
    where = f"faces.{fid}"
    kind = p.value(d, where, OBJECT).get("type")
    if kind not in ("planet", "moon"):
        p.fail(f"{where}.type", f"expected \"planet\" or \"moon\", got {describe(kind)}")
    if kind == "moon":
        p.obj(d, where, _MOON, required=("type", "name", "cost", "shield"), what="a moon")
    else:
        p.obj(d, where, _PLANET, required=("type", "name", "orbits", "tokens", "water", "atmosphere", "moons"),
              what="a planet")
    name = p.names(d["name"], f"{where}.name")
    colour = p.colour(d.get("colour", "#cccccc"), f"{where}.colour")
    if kind == "moon":
        return Face(type="moon", cost=p.int_(d["cost"], f"{where}.cost", 0, 20),
                    shield=p.int_(d["shield"], f"{where}.shield", 0, 20), id=fid, name=name, colour=colour)
    orbits = p.list_(d["orbits"], f"{where}.orbits", INT, MAX_ORBIT)
    if not orbits:
        p.fail(f"{where}.orbits", "expected a non-empty list of orbit numbers")
    ob = tuple(sorted({p.int_(o, f"{where}.orbits", 1, MAX_ORBIT) for o in orbits}))
    return Face(type="planet", orbits=ob, tokens=p.int_(d["tokens"], f"{where}.tokens", 0, 20),
                water=p.bool_(d["water"], f"{where}.water"),
                atmosphere=p.bool_(d["atmosphere"], f"{where}.atmosphere"),
                moons=p.bool_(d["moons"], f"{where}.moons"), id=fid, name=name, colour=colour)


def parse_catalog(d: Any, source: str) -> Catalog:
    """The TOML shape -> Catalog; UserInputError (one line naming the file and the key) on an unknown
    key at any level, a missing key or a wrong type."""
    p = _P(source)
    p.obj(d, "", _TOP, required=tuple(_TOP), what="a Planety catalog")
    tok = p.obj(d["tokens"], "tokens", {k: INT for k in TOKENS}, required=TOKENS, what="the token supply")
    tokens = {k: p.int_(tok[k], f"tokens.{k}", 0, 1000) for k in TOKENS}
    play = p.obj(d["play"], "play", _PLAY, required=tuple(_PLAY), what="[play]")
    stars = []
    for sid, s in p.mapping(d["stars"], "stars", OBJECT).items():
        w = f"stars.{sid}"
        p.obj(s, w, _STAR, required=("size", "orbits", "light", "name"), what="a star")
        stars.append(Star(sid, p.str_(s["size"], f"{w}.size"), p.int_(s["orbits"], f"{w}.orbits", 1, MAX_ORBIT),
                          p.int_(s["light"], f"{w}.light", 0, 100), p.colour(s.get("colour", "#f6c343"), f"{w}.colour"),
                          p.names(s["name"], f"{w}.name")))
    faces = {fid: _face(p, fid, f) for fid, f in p.mapping(d["faces"], "faces", OBJECT).items()}
    raw_tiles = p.list_(d["tiles"], "tiles", OBJECT, 200)
    if not raw_tiles:
        p.fail("tiles", "expected a list of [[tiles]] tables, got an empty one")
    tiles = []
    for i, t in enumerate(raw_tiles):
        p.obj(t, f"tiles[{i}]", _TILE, required=tuple(_TILE), what="a tile")
        tid = p.str_(t["id"], f"tiles[{i}].id")
        pair = []
        for side in SIDES:
            fid = t[side]
            if fid not in faces:
                p.fail(f"tiles[{i}].{side}", f"unknown face {quoted(fid)}")
            pair.append(faces[fid])
        tiles.append(Tile(tid, pair[0], pair[1]))
    return Catalog(tuple(stars), faces, tuple(tiles), tokens,
                   p.int_(play["win_life"], "play.win_life", 1, 100),
                   p.int_(play["full_bonus"], "play.full_bonus", 0, 20), source)


def catalog_to_json(cat: Catalog) -> dict[str, Any]:
    faces: dict[str, Any] = {}
    for fid, f in cat.faces.items():
        if f.is_moon:
            faces[fid] = {"type": "moon", "cost": f.cost, "shield": f.shield, "colour": f.colour, "name": f.name}
        else:
            faces[fid] = {"type": "planet", "orbits": list(f.orbits), "tokens": f.tokens, "water": f.water,
                          "atmosphere": f.atmosphere, "moons": f.moons, "colour": f.colour, "name": f.name}
    return {"tokens": cat.tokens, "play": {"win_life": cat.win_life, "full_bonus": cat.full_bonus},
            "stars": {s.id: {"size": s.size, "orbits": s.orbits, "light": s.light, "colour": s.colour,
                             "name": s.name} for s in cat.stars},
            "faces": faces, "tiles": [{"id": t.id, "a": t.a.id, "b": t.b.id} for t in cat.tiles]}


@cache
def builtin_catalog() -> Catalog:
    return parse_catalog(load_toml(DATA / "content.toml"), "data/content.toml")


def load_catalog(path: Path | None) -> Catalog:
    if path is None:
        return builtin_catalog()
    if not os.path.lexists(path):
        raise UserInputError(f"{path}: no such file")
    if not path.is_file():
        raise UserInputError(f"{path}: not a regular file")
    if path.stat().st_size > 1_000_000:
        raise UserInputError(f"{path}: too big for a catalog (over 1 MB)")
    try:
        data = load_toml(path)
    except ValueError as exc:  # tomllib lets int()'s digit limit through as a ValueError
        if isinstance(exc, UserInputError):
            raise
        raise UserInputError(f"{path}: not a catalog ({str(exc).split(':')[0]})") from None
    return parse_catalog(data, str(path))


@dataclass
class Setup:
    """The table after the star draw and the big bang (see the module docstring for the JSON)."""

    players: int
    seed: int
    stars: tuple[str, ...]
    faces: dict[str, str]
    throws: int = 1
    fill: tuple[tuple[str, ...], ...] | None = None
    balanced: bool = False
    rejected: int = 0

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"players": self.players, "seed": self.seed, "stars": list(self.stars),
                             "faces": dict(self.faces), "throws": self.throws}
        if self.fill is not None:
            d["fill"] = [list(f) for f in self.fill]
        if self.balanced or self.rejected:  # an ordinary setup's file stays as it always was
            d["balanced"] = self.balanced
            d["rejected"] = self.rejected
        return d

    @classmethod
    def from_json(cls, d: Any, source: str = "setup") -> Setup:
        """Types only (a malformed file is a one-line UserInputError); the rules are `rules.check`'s."""
        def bad(msg: str) -> UserInputError:
            return UserInputError(f"{source}: {msg}")

        if not isinstance(d, dict):
            raise bad("\"setup\" must be an object")
        extra = set(d) - {"players", "seed", "stars", "faces", "throws", "fill", "balanced", "rejected"}
        if extra:
            raise bad(f"unknown key {sorted(extra)[0]!r} in \"setup\""[:160])

        def whole(key: str, lo: int, hi: int, default: int | None = None) -> int:
            v = d.get(key, default)
            if isinstance(v, bool) or not isinstance(v, int):
                raise bad(f"\"{key}\" must be a whole number")
            if not lo <= v <= hi:
                raise bad(f"\"{key}\" must be {lo}..{hi}, not {v}"[:160])
            return v

        players = whole("players", 0, 100)
        seed = whole("seed", 0, 2**40 - 1)
        throws = whole("throws", 0, 1_000_000, 1)  # 0 is a rule violation (planety.throws), not a type error
        stars = d.get("stars")
        if not isinstance(stars, list) or len(stars) > 100 or not all(isinstance(s, str) and len(s) < 60
                                                                       for s in stars):
            raise bad("\"stars\" must be a list of star ids")
        faces = d.get("faces")
        if not isinstance(faces, dict) or len(faces) > 500 or not all(
                isinstance(k, str) and len(k) < 60 and isinstance(v, str) and len(v) < 60 for k, v in faces.items()):
            raise bad("\"faces\" must be an object {tile id: \"a\" or \"b\"}")
        fill = d.get("fill")
        if fill is not None:
            if not isinstance(fill, list) or len(fill) > 100 or not all(
                    isinstance(row, list) and len(row) <= MAX_ORBIT and all(isinstance(t, str) and len(t) < 60
                                                                          for t in row) for row in fill):
                raise bad("\"fill\" must be a list (one per seat) of lists of tile ids")
            fill = tuple(tuple(row) for row in fill)
        balanced = d.get("balanced", False)
        if not isinstance(balanced, bool):
            raise bad("\"balanced\" must be true or false")
        rejected = whole("rejected", 0, 1_000_000, 0)
        return cls(players, seed, tuple(stars), dict(faces), throws, fill, balanced, rejected)
