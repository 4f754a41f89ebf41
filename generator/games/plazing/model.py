"""Plażing's data model: the tile catalog, the rule numbers, event cards and a Setup.

Everything here is read from TOML (data/*.toml or a user's catalog) and validated into plain
dataclasses; the setup JSON format (version 1) is defined by `Setup.to_json`/`Setup.from_json`.
A setup file carries the art of every tile it uses, so a hand-edited or user-designed beach can be
checked without the catalog it came from.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError
from generator.core.data import load_toml
from generator.core.fields import BOOL, INT, LIST, OBJECT, STR, Fields, Kind, at
from generator.core.grid import Grid, get_grid
from generator.core.rng import MAX_SEED

DATA = Path(__file__).resolve().parent / "data"
GAME = "plazing"
SETUP_VERSION = 1

KINDS = {".": "sand", "x": "sticks", "A": "amber", "S": "shell", "P": "pebble", "#": "object",
         "+": "plus", "-": "minus"}
RESOURCES = ("amber", "pebble", "shell")
RESOURCE_CHAR = {"amber": "A", "shell": "S", "pebble": "P"}
TILE_KINDS = ("basic", "special", "extra")
TILE_KEYS = {"kind", "art", "rotatable", "object", "sea_row", "name"}
SURPRISE_TOKENS = ("amber", "pebble", "shell", "plus2", "minus1")
REGIONS = ("sea", "middle", "dunes", "west", "east")
NO_WEATHER = "none"  # the weather of a game without weather (the children's game: no die is rolled)


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str  # basic | special | extra
    art: tuple[str, ...]  # 4 rows of 4 characters, north row first
    rotatable: bool
    object: str = ""  # bar, ice_cream, breakwater, boat, ... ("" for basic tiles)
    sea_row: bool = False  # must lie in the sea row (the breakwater)
    name: tuple[tuple[str, str], ...] = ()  # (language, name) pairs; a tuple keeps Tile hashable

    def title(self, lang: str) -> str:
        """The tile's name in `lang`: its own, else the object's name from data/objects.toml, else
        the object id made readable (never an English id on a Polish board when a name is known)."""
        own = dict(self.name).get(lang)
        if own:
            return own
        known = object_names().get(self.object, {}).get(lang)
        if known:
            return known
        return (self.object or self.id).replace("_", " ")

    @property
    def special(self) -> bool:
        return self.kind != "basic"

    def __post_init__(self) -> None:
        turns: list[tuple[str, ...]] = [self.art]
        for _ in range(3):
            rows = turns[-1]
            n = len(rows)
            turns.append(tuple("".join(rows[n - 1 - c][r] for c in range(n)) for r in range(n)))
        object.__setattr__(self, "_turns", tuple(turns))
        object.__setattr__(self, "_counts", Counter("".join(self.art)))

    def rotated(self, rotation: int) -> tuple[str, ...]:
        """The art turned clockwise by `rotation` degrees (0, 90, 180, 270)."""
        return self._turns[(rotation // 90) % 4]  # type: ignore[attr-defined,no-any-return]

    def count(self, char: str) -> int:
        return self._counts[char]  # type: ignore[attr-defined,no-any-return]

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "rotatable": self.rotatable, "art": list(self.art)}
        if self.object:
            d["object"] = self.object
        if self.sea_row:
            d["sea_row"] = True
        if self.name:
            d["name"] = dict(self.name)
        return d


@cache
def object_names() -> dict[str, dict[str, str]]:
    raw = load_toml(DATA / "objects.toml")
    return {str(k): dict(v) for k, v in raw["objects"].items()}


def tile_from_json(tid: str, d: Any, source: str) -> Tile:
    """Parse one tile entry; structural problems are UserInputError (rule problems are for check)."""
    if not isinstance(d, dict):
        raise UserInputError(f"{source}: tile {tid!r} must be a table")
    art = d.get("art")
    if (not isinstance(art, list) or len(art) != 4
            or not all(isinstance(r, str) and len(r) == 4 for r in art)):
        raise UserInputError(f"{source}: tile {tid!r}: art must be 4 strings of 4 characters")
    bad = {c for r in art for c in r if c not in KINDS}
    if bad:
        raise UserInputError(f"{source}: tile {tid!r}: unknown square character(s) {''.join(sorted(bad))!r} "
                             f"(use {' '.join(KINDS)})")
    unknown = sorted(set(d) - TILE_KEYS)
    if unknown:
        raise UserInputError(f"{source}: tile {tid!r}: unknown key(s) {', '.join(unknown)} "
                             f"(a tile has {', '.join(sorted(TILE_KEYS))})")
    for key in ("rotatable", "sea_row"):
        if key in d and not isinstance(d[key], bool):
            raise UserInputError(f"{source}: tile {tid!r}: {key} must be true or false, not {d[key]!r}")
    if "object" in d and not isinstance(d["object"], str):
        raise UserInputError(f"{source}: tile {tid!r}: object must be a name (text)")
    kind = d.get("kind")
    if kind not in TILE_KINDS:
        raise UserInputError(f"{source}: tile {tid!r}: kind must be one of {', '.join(TILE_KINDS)}")
    name = d.get("name", {})
    if not isinstance(name, dict) or not all(isinstance(v, str) for v in name.values()):
        raise UserInputError(f"{source}: tile {tid!r}: name must be a table of language = \"text\"")
    return Tile(id=tid, kind=kind, art=tuple(art), rotatable=bool(d.get("rotatable", kind == "basic")),
                object=str(d.get("object", "")), sea_row=bool(d.get("sea_row", False)),
                name=tuple(sorted((str(k), str(v)) for k, v in name.items())))


@dataclass(frozen=True)
class Catalog:
    tiles: dict[str, Tile]
    source: str = "builtin"
    memo: dict[object, object] = field(default_factory=dict, compare=False, repr=False)  # derived facts

    def of_kind(self, kind: str) -> list[Tile]:
        return [t for t in self.tiles.values() if t.kind == kind]

    @property
    def digest(self) -> str:
        """Six characters that change with any tile of the catalog (marks codes of custom catalogs)."""
        return content_digest({tid: t.to_json() for tid, t in sorted(self.tiles.items())})


def load_catalog(path: str | Path | None = None) -> Catalog:
    """The built-in tile catalog, or a user's file in the same format."""
    return _builtin_catalog() if path is None else _read_catalog(path)


@cache
def _builtin_catalog() -> Catalog:
    return _read_catalog(None)


def _read_catalog(path: str | Path | None) -> Catalog:
    p = Path(path) if path else DATA / "tiles.toml"
    raw = load_toml(p)
    tiles = raw.get("tiles")
    source = str(p) if path else "builtin"
    if not isinstance(tiles, dict) or not tiles:
        raise UserInputError(f"{p}: no [tiles.ID] tables found")
    extra = sorted(set(raw) - {"tiles"})
    if extra:  # a catalog is its [tiles.ID] tables: another table is a typo, never ignored
        raise UserInputError(f"{p}: unknown key {extra[0]!r} (a catalog has only [tiles.ID] tables)")
    return Catalog({tid: tile_from_json(tid, d, str(p)) for tid, d in tiles.items()}, source)


@dataclass(frozen=True)
class PlayerCount:
    columns: int
    specials: int
    basic: int
    surprises: int
    waste: int
    waste_each: int


@dataclass(frozen=True, eq=False)
class Rules:
    """The numbers of rules.toml (one instance, cached; its whole numbers are read once)."""

    raw: dict[str, Any]

    @cached_property
    def tile_size(self) -> int:
        return int(self.raw["beach"]["tile_size"])

    @cached_property
    def rows(self) -> int:
        return int(self.raw["beach"]["rows"])

    @cached_property
    def frame_columns(self) -> int:
        return int(self.raw["beach"]["frame_columns"])

    @cached_property
    def supply(self) -> int:
        return int(self.raw["beach"]["resource_supply"])

    def players(self, n: int) -> PlayerCount:
        return _player_count(self, n)

    @property
    def weather_faces(self) -> list[str]:
        return list(self.raw["weather"]["faces"])

    @property
    def surprise_tokens(self) -> dict[str, int]:
        return dict(self.raw["surprises"]["tokens"])

    def piece_count(self, piece: str) -> int:
        return int(self.raw["pieces"][piece]["count"])

    @cached_property
    def odd_reach(self) -> int:
        return int(self.raw["pieces"]["odd"]["odd_reach"])

    @property
    def scoring(self) -> dict[str, Any]:
        return self.raw["scoring"]

    @property
    def colours(self) -> dict[str, list[str]]:
        return self.raw["colours"]


@cache
def _player_count(rl: Rules, n: int) -> PlayerCount:
    return PlayerCount(**rl.raw["players"][str(n)])


def tile_counts(options: Options) -> tuple[int, int]:
    """(special, basic) tiles a beach uses: the player count's, or, in the children's game with
    one special tile, 1 special and basic tiles in the others' places."""
    pc = rules().players(options.board_players)
    if options.one_special:
        return 1, pc.specials + pc.basic - 1
    return pc.specials, pc.basic


@cache
def rules() -> Rules:
    return Rules(load_toml(DATA / "rules.toml"))


ORIGINS = ("rulebook", "boardgen")  # who wrote an event card: the publisher (its rulebook) or us


@dataclass(frozen=True)
class EventCard:
    id: str
    pack: str  # base | extra
    kind: str  # event | special
    title: dict[str, str]
    text: dict[str, str]
    effect: dict[str, Any]
    #: "rulebook" for the publisher's two cards the rulebook prints, "boardgen" for the ones we
    #: wrote (DIGEST 1: ours are marked as ours on the card face and the rules page)
    origin: str

    @property
    def ours(self) -> bool:
        """Whether boardgen wrote this card (not the publisher): its face carries our mark."""
        return self.origin == "boardgen"


@cache
def event_cards() -> tuple[EventCard, ...]:
    return parse_event_cards(load_toml(DATA / "events.toml"))


def parse_event_cards(raw: dict[str, Any], source: str = "events.toml") -> tuple[EventCard, ...]:
    """The [[cards]] of an events file; every card must say who wrote it (`origin`)."""
    cards = []
    for c in raw["cards"]:
        origin = c.get("origin")
        if origin not in ORIGINS:
            raise ValueError(f"{source}: card {c['id']!r} has origin {origin!r} (expected one of "
                             f"{', '.join(ORIGINS)})")
        cards.append(EventCard(c["id"], c["pack"], c["kind"], c["title"], c["text"], c["effect"], origin))
    return tuple(cards)


def rulebook_event_titles(lang: str) -> list[str]:
    """The titles of the publisher's event cards (origin "rulebook"), in deck order, in `lang`."""
    return [c.title[lang] for c in event_cards() if c.origin == "rulebook"]


_QUOTES = {"pl": ("„", "”", " i "), "en": ("“", "”", " and ")}


def rules_card_extras(options: Options, lang: str) -> dict[str, Any]:
    """What the rules card template (templates/plazing/rules.<lang>.txt) reads beyond the numbers:
    the children's game's rank options and the publisher's event cards by name (from events.toml),
    for the line that tells them from ours."""
    left, right, conj = _QUOTES.get(lang, _QUOTES["en"])
    names = [f"{left}{t}{right}" for t in rulebook_event_titles(lang)]
    joined = conj.join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)
    return {"no_largest_area": options.no_largest_area, "no_most_areas": options.no_most_areas,
            "rulebook_events": joined}


def event_deck_spec(extra: bool) -> dict[str, int]:
    """The event deck's cards (id -> count): the base pack, and the extra pack with `extra`.
    A fresh dict each time (the caller may change it), copied from one built once."""
    return dict(_event_deck_spec(extra))


@cache
def _event_deck_spec(extra: bool) -> dict[str, int]:
    return {c.id: 1 for c in event_cards() if c.pack == "base" or extra}


@dataclass(frozen=True)
class Options:
    players: int = 4
    two_colours: bool = False
    surprises: bool = False
    events: bool = False
    extra_events: bool = False
    clean_beach: bool = False
    extra_tiles: bool = False
    # the rulebook's simplifications for a game with young children ("Gra z dziećmi")
    no_weather: bool = False  # no weather die: no weather points
    one_special: bool = False  # 3 players with a single special tile (one without score squares)
    no_largest_area: bool = False  # no points for the area surrounded by the most pieces
    no_most_areas: bool = False  # no points for the most closed areas

    @property
    def largest_area_bonus(self) -> bool:
        """Whether the largest area scores its places (not in the children's game without it)."""
        return not self.no_largest_area

    @property
    def most_areas_bonus(self) -> bool:
        """Whether the most closed areas score their places (not in the children's game without it)."""
        return not self.no_most_areas

    @property
    def board_players(self) -> int:
        """The player count whose board, surprises and tiles are used (two colours: the 4p board)."""
        return 4 if self.two_colours else self.players

    @property
    def colours(self) -> int:
        return 4 if self.two_colours else self.players

    def to_json(self) -> dict[str, Any]:
        """Every option, except the later ones while they are off (`QUIET_OPTIONS`): a setup made
        without them writes the very JSON it wrote before they existed (its fingerprint, and the
        ~E mark of a hand-edited copy, stay)."""
        return {k: v for k in self.__dataclass_fields__ if (v := getattr(self, k)) or k not in QUIET_OPTIONS}


#: options a setup file names only when they are on (added after setup files were in use)
QUIET_OPTIONS = ("no_largest_area", "no_most_areas")


@dataclass(frozen=True)
class Placed:
    """A tile on the beach: tile row (0 = sea row) and column (0 = west), clockwise rotation."""

    tile: str
    row: int
    col: int
    rotation: int = 0


@dataclass
class Setup:
    options: Options
    seed: int
    tiles: list[Placed]
    catalog: dict[str, Tile]  # the tiles this setup uses (their art travels with the setup)
    resources: list[tuple[int, int, str]]  # (x, y, kind)
    weather: str
    first_player: int
    surprises: list[tuple[int, int, str]] = field(default_factory=list)  # (x, y, token)
    waste: list[tuple[int, int, int]] = field(default_factory=list)  # (x, y, player who placed it)
    event_deck: list[str] = field(default_factory=list)
    #: the "squares" a setup file carried (derived data a user may have edited), checked against the tiles
    declared_squares: list[str] | None = None

    # --- geometry -----------------------------------------------------------------------------
    @property
    def columns(self) -> int:
        """Tile columns in play (the frame may hold more, face down). A tile off the frame (a hand
        edit: `rules.check` names it) widens nothing: the beach is never built wider than the frame."""
        key = tuple(self.tiles)
        cached = self.__dict__.get("_columns")
        if cached is not None and cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        frame, rows = rules().frame_columns, rules().rows
        n = max((p.col for p in self.tiles if 0 <= p.col < frame and 0 <= p.row < rows), default=-1) + 1
        self.__dict__["_columns"] = (key, n)
        return n

    @property
    def grid(self) -> Grid:
        ts = rules().tile_size
        return get_grid(self.columns * ts, rules().rows * ts)

    def squares(self) -> list[str]:
        """The beach as rows of square characters (north row first), from the placed tiles.

        A position with no tile (or a tile missing from the catalog) shows as "?" squares.
        """
        key = (tuple(self.tiles), tuple(self.catalog.items()))
        cached = self.__dict__.get("_squares")
        if cached is not None and cached[0] == key:
            return list(cached[1])
        ts = rules().tile_size
        blank = ("?" * ts,) * ts
        at = {(p.row, p.col): self.catalog[p.tile].rotated(p.rotation)
              for p in self.tiles if p.tile in self.catalog}
        cols = self.columns
        rows: list[str] = []
        for r in range(rules().rows):  # one tile row at a time: zip the tiles' art rows side by side
            rows.extend(map("".join, zip(*(at.get((r, c), blank) for c in range(cols)), strict=True)))
        self.__dict__["_squares"] = (key, tuple(rows))
        return rows

    def to_json(self) -> dict[str, Any]:
        return {
            "options": self.options.to_json(),
            "seed": self.seed,
            "beach": {"columns": self.columns, "rows": rules().rows, "tile_size": rules().tile_size},
            "tiles": [{"tile": p.tile, "row": p.row, "col": p.col, "rotation": p.rotation} for p in self.tiles],
            "squares": self.squares(),
            "resources": [{"x": x, "y": y, "kind": k} for x, y, k in self.resources],
            "weather": self.weather,
            "first_player": self.first_player,
            "surprises": [{"x": x, "y": y, "token": t} for x, y, t in self.surprises],
            "waste": [{"x": x, "y": y, "player": p} for x, y, p in self.waste],
            "event_deck": list(self.event_deck),
            "catalog": {tid: t.to_json() for tid, t in sorted(self.catalog.items())},
        }

    @classmethod
    def from_json(cls, d: Any, source: str = "setup file", where: str = "setup") -> Setup:
        """Parse a setup body strictly (core.fields): an unknown key at any level, a missing key or
        a value of another type (true is not 1, 1.0 is not 1, a string is not a list) is a one-line
        UserInputError naming the field, e.g. "setup.tiles[0]: unknown key 'zz'".

        Rule problems (a special tile on the wrong row, waste on an edge) are left for
        `rules.check`, which names them; this only makes sure the file can be read at all.
        """
        f = Fields(source)
        d = f.obj(d, where, SETUP_FIELDS, SETUP_REQUIRED, "a setup")
        o = f.obj(d["options"], at(where, "options"), OPTION_FIELDS, ("players",))
        # each value has the type OPTION_FIELDS gives it (f.obj checked it): players an int, the rest bools
        given: dict[str, Any] = {k: (_small(f, v, at(where, "options.players")) if k == "players" else v)
                                 for k, v in o.items()}
        options = Options(**given)
        if "beach" in d:  # derived (the tiles make the beach): only its shape is checked here
            f.obj(d["beach"], at(where, "beach"), BEACH_FIELDS)
        catalog = {tid: tile_from_json(tid, t, f"{source}: {at(where, 'catalog')}") for tid, t in d["catalog"].items()}

        def items(key: str, fields: dict[str, Kind], required: tuple[str, ...], what: str) -> list[dict[str, Any]]:
            out = []
            for i, item in enumerate(f.list_(d.get(key, []), at(where, key), max_len=MAX_ITEMS)):
                place = at(at(where, key), i)
                item = f.obj(item, place, fields, required, what)
                out.append({k: (_small(f, v, at(place, k)) if fields[k] == INT else v) for k, v in item.items()})
            return out

        tiles = [Placed(t["tile"], t["row"], t["col"], t.get("rotation", 0))
                 for t in items("tiles", PLACED_FIELDS, ("tile", "row", "col"), "a tile placement")]
        resources = [(r["x"], r["y"], r["kind"]) for r in items("resources", RESOURCE_FIELDS, ("x", "y", "kind"),
                                                               "a resource")]
        surprises = [(r["x"], r["y"], r["token"]) for r in items("surprises", SURPRISE_FIELDS, ("x", "y", "token"),
                                                                "a surprise")]
        waste = [(r["x"], r["y"], r["player"]) for r in items("waste", WASTE_FIELDS, ("x", "y", "player"),
                                                             "a waste token")]
        deck = f.list_(d.get("event_deck", []), at(where, "event_deck"), STR, MAX_ITEMS)
        squares = f.list_(d["squares"], at(where, "squares"), STR, MAX_ITEMS) if "squares" in d else None
        return cls(options=options, seed=f.int_(d.get("seed", 0), at(where, "seed"), 0, MAX_SEED),
                   tiles=tiles, catalog=catalog, resources=resources, weather=d["weather"],
                   first_player=_small(f, d["first_player"], at(where, "first_player")),
                   surprises=surprises, waste=waste, event_deck=list(deck),
                   declared_squares=list(squares) if squares is not None else None)


#: the keys of a setup body (what `Setup.to_json` writes) and the kind of each; seed, beach,
#: squares, surprises, waste and event_deck may be left out (a hand-made beach need not derive them)
SETUP_FIELDS: dict[str, Kind] = {
    "options": OBJECT, "seed": INT, "beach": OBJECT, "tiles": LIST, "squares": LIST, "resources": LIST,
    "weather": STR, "first_player": INT, "surprises": LIST, "waste": LIST, "event_deck": LIST, "catalog": OBJECT}
SETUP_REQUIRED = ("options", "tiles", "resources", "weather", "first_player", "catalog")
OPTION_FIELDS: dict[str, Kind] = {k: (INT if k == "players" else BOOL) for k in Options.__dataclass_fields__}
BEACH_FIELDS: dict[str, Kind] = {"columns": INT, "rows": INT, "tile_size": INT}
PLACED_FIELDS: dict[str, Kind] = {"tile": STR, "row": INT, "col": INT, "rotation": INT}
RESOURCE_FIELDS: dict[str, Kind] = {"x": INT, "y": INT, "kind": STR}
SURPRISE_FIELDS: dict[str, Kind] = {"x": INT, "y": INT, "token": STR}
WASTE_FIELDS: dict[str, Kind] = {"x": INT, "y": INT, "player": INT}
#: the most items a list of a setup file may hold (a real beach has some 60 resources)
MAX_ITEMS = 10_000
#: the bound of a coordinate, rotation or player number: far outside any beach, so a rule still
#: names a wrong value, yet short enough to quote in its message
SMALL = 10**9


def _small(f: Fields, v: Any, where: str) -> int:
    return f.int_(v, where, -SMALL, SMALL)


_RESOURCE_RE = re.compile(f"[{''.join(RESOURCE_CHAR.values())}]")
_KIND_OF = {c: k for k, c in RESOURCE_CHAR.items()}


@lru_cache(maxsize=64)
def mark_resources(squares: tuple[str, ...]) -> tuple[tuple[int, int, str], ...]:
    """(x, y, kind) of every resource mark, in reading order: where the setup lays resources.

    Cached by the beach's rows: the generator and the checker ask for the same beach in turn."""
    w = len(squares[0]) if squares else 1
    kind_of = _KIND_OF
    return tuple([(i % w, i // w, kind_of[m.group()]) for m in _RESOURCE_RE.finditer("".join(squares))
                  for i in (m.start(),)])


def content_digest(data: Any) -> str:
    """A short, stable fingerprint of JSON-able data: 6 upper-case hex characters."""
    raw = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(raw).hexdigest()[:6].upper()


def char_mask(squares: list[str], chars: str) -> int:
    """Bitboard of the squares whose character is in `chars` (bit y*width + x, as core.grid)."""
    flat = "".join(squares)[::-1]
    return int(flat.translate(_mask_table(chars)) or "0", 2)


@cache
def _mask_table(chars: str) -> dict[int, str]:
    return {ord(c): ("1" if c in chars else "0") for c in "".join(KINDS) + "?"}


def region_mask(grid: Grid, region: str, tile_size: int) -> int:
    """The squares of a named board region (events): tile rows/columns at the beach's sides."""
    if region == "sea":
        return grid.rect(0, 0, grid.width, tile_size)
    if region == "dunes":
        return grid.rect(0, grid.height - tile_size, grid.width, tile_size)
    if region == "middle":
        return grid.rect(0, tile_size, grid.width, grid.height - 2 * tile_size)
    if region == "west":
        return grid.rect(0, 0, tile_size, grid.height)
    if region == "east":
        return grid.rect(grid.width - tile_size, 0, tile_size, grid.height)
    raise ValueError(f"unknown region {region!r}")
