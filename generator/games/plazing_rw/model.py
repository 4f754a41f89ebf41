"""Plażing roll&write: the data model — shapes, boards, scoring tables — read from data/*.toml.

A board is kept as its ASCII rows (what a person edits and what the JSON carries) plus the
bitboards the rules need (resources per kind, walls, drawable squares, open edges), computed once.
Everything a rule or a drawing needs to know about the content comes from here, so the checker,
the engine, the scorer and the printed sheet cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from generator.core.data import load_toml
from generator.core.fields import INT, LIST, OBJECT, STR, Fields, Kind, at, describe
from generator.core.grid import Grid
from generator.core.shapes import Shape, orientations, parse, placements

DATA = Path(__file__).resolve().parent / "data"
GAME = "plazing-rw"
FILE_VERSION = 1

RESOURCE_CHARS = {"a": "amber", "s": "shell", "p": "pebble"}
KINDS = ("amber", "shell", "pebble")
SQUARE_CHARS = {".": "sand", "a": "resource", "s": "resource", "p": "resource", "#": "object",
                "B": "blanket", "$": "bar", "x": "waste"}
EDGES = ("north", "west", "east", "south")
NORTH_THEMES = ("none", "sea", "bar")
# The largest board a file may describe, checked before any work: the sheet prints 25 column
# letters (A-Z without I), and only the data's grid size (10x10) is legal; anything larger is
# refused as malformed rather than checked or played square by square.
MAX_SIDE = 25


@dataclass(frozen=True)
class ShapeDef:
    """One drawable shape: a screen (die 1-5), the blanket (die 6) or the odd (special only)."""

    id: str
    kind: str  # screen | blanket | odd
    die: int | None
    cells: Shape
    name: dict[str, str]

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Catalog:
    """The shapes and the special-action limits (data/shapes.toml)."""

    shapes: dict[str, ShapeDef]
    odd_pairs: int
    max_screens: int
    setup_reroll: tuple[int, ...]
    rounds: int

    def by_die(self, face: int) -> ShapeDef:
        for s in self.shapes.values():
            if s.die == face:
                return s
        raise KeyError(face)

    @property
    def screens(self) -> list[ShapeDef]:
        return [s for s in self.shapes.values() if s.kind == "screen"]

    @property
    def odd(self) -> ShapeDef:
        return next(s for s in self.shapes.values() if s.kind == "odd")

    @property
    def die_faces(self) -> list[int]:
        return sorted(s.die for s in self.shapes.values() if s.die is not None)

    def identify(self, cells: Shape) -> tuple[ShapeDef, bool] | None:
        """Which catalog shape these (normalised) cells are, and whether only its mirror image matches.

        A rotation is always allowed (rulebook: "a screen may be rotated freely"); a mirror image
        (a J for the L, a Z for the S) only with the `mirror` house rule, so the caller decides.
        """
        for s in self.shapes.values():
            if cells in orientations(s.cells, False):
                return s, False
        for s in self.shapes.values():
            if cells in orientations(s.cells, True):
                return s, True
        return None


@dataclass(frozen=True)
class Scoring:
    """Scoring tables (data/scoring.toml)."""

    resource_table: tuple[int, ...]
    set_bonus: int
    resource_area_max: int
    resource_area_max_hard: int
    area_max: int
    unused_screen_points: int
    unused_odd_points: int
    resources: dict[str, dict[str, str]]

    def resource_points(self, n: int) -> int:
        """Points for n resources of one kind; past the table each resource adds its count."""
        if n <= 0:
            return 0
        t = self.resource_table
        if n <= len(t):
            return t[n - 1]
        return t[-1] + sum(range(len(t) + 1, n + 1))


@dataclass(frozen=True)
class Board:
    """One beach: its rows and the bitboards derived from them."""

    id: str
    rows: tuple[str, ...]
    closed_edges: tuple[str, ...] = ()
    north: str = "none"
    bar_points: int = 0
    name: dict[str, str] = field(default_factory=dict)

    # --- derived (each worked out once per board: a fair pad asks a candidate beach thousands of
    # times while it builds, checks and forecasts it; cached_property writes past the frozen fields) ---
    @cached_property
    def grid(self) -> Grid:
        return _grid(len(self.rows[0]), len(self.rows))

    def squares(self, chars: str) -> int:
        """Bitboard of the squares whose character is in `chars` (kept per board and `chars`)."""
        memo = self.__dict__.setdefault("_squares", {})  # beside the frozen fields, as cached_property's are
        got = memo.get(chars)
        if got is None:
            got = memo[chars] = _squares(self.rows, chars)
        return got

    def resources(self, kind: str) -> int:
        return self.squares(next(c for c, k in RESOURCE_CHARS.items() if k == kind))

    @cached_property
    def all_resources(self) -> int:
        return self.squares("asp")

    @cached_property
    def walls(self) -> int:
        """Squares that close areas and are never drawn on: objects and printed blankets."""
        return self.squares("#B")

    @cached_property
    def waste(self) -> int:
        return self.squares("x")

    @cached_property
    def bar(self) -> int:
        return self.squares("$")

    @cached_property
    def drawable(self) -> int:
        """Squares a shape may cover: sand, resources and bar squares."""
        return self.squares(".asp$")

    @cached_property
    def open_edge(self) -> int:
        g = self.grid
        return g.open_edges(west="west" not in self.closed_edges, east="east" not in self.closed_edges,
                            south="south" not in self.closed_edges, north="north" not in self.closed_edges)

    def char_at(self, x: int, y: int) -> str:
        return self.rows[y][x]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "closed_edges": list(self.closed_edges), "north": self.north,
                               "bar_points": self.bar_points, "rows": list(self.rows)}
        if self.name:
            out["name"] = dict(self.name)
        return out

    @staticmethod
    def from_json(doc: Any, where: str = "board", source: str | None = None) -> Board:
        """A board from JSON or TOML, read strictly (core.fields): an unknown key or a value of
        another type is a one-line UserInputError naming the field. Messages read
        "<source>: <where>...", or "<where>: ..." when no source is given."""
        f = Fields(source if source is not None else where)
        w = where if source is not None else ""
        doc = f.obj(doc, w or "board", BOARD_FIELDS, ("rows",), "a board")
        rows = f.list_(doc["rows"], at(w, "rows"), STR)
        if not rows:
            f.fail(at(w, "rows"), "expected a non-empty list of strings")
        if len(rows) > MAX_SIDE or any(len(r) > MAX_SIDE for r in rows):
            f.fail(w, f"a board has at most {MAX_SIDE}x{MAX_SIDE} squares "
                   f"(got {max(len(r) for r in rows)} columns x {len(rows)} rows)")
        if len({len(r) for r in rows}) != 1 or not rows[0]:
            f.fail(at(w, "rows"), "all rows must have the same non-zero length")
        bad = sorted({c for r in rows for c in r if c not in SQUARE_CHARS})
        if bad:
            f.fail(at(w, "rows"), f"unknown square character(s) {''.join(bad)!r} (use {''.join(SQUARE_CHARS)})")
        edges = f.list_(doc.get("closed_edges", []), at(w, "closed_edges"), STR)
        if any(e not in EDGES for e in edges):
            f.fail(at(w, "closed_edges"), f"expected a list of {', '.join(EDGES)}")
        north = doc.get("north", "none")
        if north not in NORTH_THEMES:
            f.fail(at(w, "north"), f"expected one of {', '.join(NORTH_THEMES)}, got {describe(north)}")
        bar_points = f.int_(doc.get("bar_points", 0), at(w, "bar_points"), 0, 10)
        name = f.mapping(doc.get("name", {}), at(w, "name"), STR)
        return Board(id=doc.get("id", "custom"), rows=tuple(rows),
                     closed_edges=tuple(sorted(set(edges), key=EDGES.index)),
                     north=north, bar_points=bar_points, name=dict(name))


#: the keys of a board (what `Board.to_json` writes, and boards.toml's [[board]] tables)
BOARD_FIELDS: dict[str, Kind] = {"id": STR, "rows": LIST, "closed_edges": LIST, "north": STR, "bar_points": INT,
                                 "name": OBJECT}


@cache
def _grid(width: int, height: int) -> Grid:
    return Grid(width, height)


def _squares(rows: tuple[str, ...], chars: str) -> int:
    w = len(rows[0])
    out = 0
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c in chars:
                out |= 1 << (y * w + x)
    return out


# --- loading the shipped data ---------------------------------------------------------------------

@cache
def catalog() -> Catalog:
    doc = load_toml(DATA / "shapes.toml")
    shapes = {}
    for s in doc["shape"]:
        shapes[s["id"]] = ShapeDef(id=s["id"], kind=s["kind"], die=s.get("die"), cells=parse(s["art"]),
                                   name=dict(s["name"]))
    sp = doc["special"]
    return Catalog(shapes=shapes, odd_pairs=sp["odd_pairs"], max_screens=sp["max_screens"],
                   setup_reroll=tuple(sp["setup_reroll"]), rounds=sp["rounds"])


@cache
def scoring() -> Scoring:
    d = load_toml(DATA / "scoring.toml")
    return Scoring(resource_table=tuple(d["resource_table"]), set_bonus=d["set_bonus"],
                   resource_area_max=d["resource_area_max"], resource_area_max_hard=d["resource_area_max_hard"],
                   area_max=d["area_max"], unused_screen_points=d["unused_screen_points"],
                   unused_odd_points=d["unused_odd_points"], resources=dict(d["resources"]))


@cache
def grid_size() -> tuple[int, int]:
    g = load_toml(DATA / "boards.toml")["grid"]
    return g["width"], g["height"]


@cache
def boards() -> dict[str, Board]:
    doc = load_toml(DATA / "boards.toml")
    out = {}
    for b in doc["board"]:
        out[b["id"]] = Board.from_json(b, where=f"boards.toml board {b['id']}")
    return out


@cache
def random_params() -> dict[str, Any]:
    return load_toml(DATA / "random.toml")


def shape_placements(grid: Grid, shape: ShapeDef, mirror: bool = False) -> tuple[int, ...]:
    """Every placement of a catalog shape on the grid, as bitboards: its rotations, and its mirror
    images only with the `mirror` house rule (DIGEST 2: rotated, not mirrored, by default)."""
    return tuple(placements(grid, shape.cells, mirror))


def resource_area_limit(hard: bool, sc: Scoring | None = None) -> int:
    """The most resources one area may hold to score (the hard variant's limit with `hard`)."""
    sc = sc or scoring()
    return sc.resource_area_max_hard if hard else sc.resource_area_max
