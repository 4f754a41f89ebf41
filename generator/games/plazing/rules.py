"""Plażing setup rules: `check(setup)` returns every broken rule, named by id.

The same functions serve the generator (which must never emit a setup they reject), the
`check` command on hand-edited files, and the validation of a user's tile catalog. Rule ids:

- ``plazing.options``            player count 2–4; two colours only at 2; events need surprises;
                                 one special tile only at 3 (the children's game)
- ``plazing.catalog``            tile art well formed for its kind (basic: sand, resources, at least
                                 one sticks square; breakwater objects reach the north edge); and
                                 (`setup.catalog_report`) setups can actually be made from it
- ``plazing.tile-count``         specials and basic tiles used for the player count, no tile twice
- ``plazing.tile-grid``          tiles cover the beach exactly (W x 3 tiles for the player count),
                                 none off the frame
- ``plazing.tile-rotation``      special tiles unrotated; rotations are multiples of 90
- ``plazing.breakwater-sea``     a sea_row tile lies in the sea row
- ``plazing.special-adjacent``   no two special tiles share an edge (corners may touch); for a
                                 catalog: its specials can be laid that way at all
- ``plazing.resource-supply``    at most 15 marks of each resource on the tiles used
- ``plazing.resources-on-marks`` a resource on every mark, and only there, of the right kind
- ``plazing.closed-before-play`` every free square reaches the west, east or south edge
- ``plazing.squares``            the file's "squares" rows are what its tiles make (they are derived:
                                 edit a tile's art in "catalog", not the rows)
- ``plazing.surprises``          the right number, on distinct sticks squares, from the 8 tokens
- ``plazing.waste``              the right number and split, at most one per tile, on sand, sticks or
                                 a score square (never on an object, a resource or a surprise), never
                                 on a west/east/south edge square, placed alternately
- ``plazing.weather``            a face of the weather die ("none" in a game without weather)
- ``plazing.first-player``       a seat in play
- ``plazing.event-deck``         the base 10 (or 26 with the extra pack) cards, each once
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

from generator.core.checks import Report
from generator.core.decks import check_composition
from generator.core.grid import Grid
from generator.games.plazing.model import (
    NO_WEATHER,
    RESOURCE_CHAR,
    RESOURCES,
    Catalog,
    Options,
    Setup,
    Tile,
    char_mask,
    event_deck_spec,
    mark_resources,
    rules,
    tile_counts,
)

WASTE_SQUARES = ".x+-"  # the rulebook forbids only edges; objects, resources and surprises are taken
KIND_NAME = {"#": "an object", "A": "an amber mark", "S": "a shell mark", "P": "a pebble mark"}


def column_name(x: int) -> str:
    """The letter the board prints over square column `x` (0 is A, along the water line)."""
    return chr(ord("A") + x)


def square_name(x: int, y: int, width: int = 26) -> str:
    """A square as the board prints it: its column's letter and its row's number counted from 1
    ("C5" is x=2, y=4 of the file). Every message names squares so, the way a player finds them
    on the printed beach; a square off the printed letters is named by the file's numbers."""
    if 0 <= x < min(width, 26) and y >= 0:
        return f"{column_name(x)}{y + 1}"
    return f"x={x}, y={y} of the file"


def _article(word: str) -> str:
    """The indefinite article for a resource name in a message ("an amber", "a shell")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def check_options(o: Options) -> Report:
    r = Report()
    if o.players not in (2, 3, 4):
        r.add("plazing.options", f"{o.players} players: Plażing is for 2 to 4 players")
    if o.two_colours and o.players != 2:
        r.add("plazing.options", "the two-colour variant is for 2 players")
    if o.events and not o.surprises:
        r.add("plazing.options", "events are drawn for surprises: events need --surprises")
    if o.extra_events and not o.events:
        r.add("plazing.options", "the extra event pack needs --events")
    if o.one_special and (o.players != 3 or o.two_colours):
        r.add("plazing.options", "one special tile is the children's game for 3 players")
    return r


def check_tile(t: Tile) -> Report:
    """One tile's art against its kind (digest 1, Tiles); remembered on the (frozen) tile."""
    report = t.__dict__.get("_report")
    if report is None:
        report = _check_tile(t)
        object.__setattr__(t, "_report", report)
    return report  # type: ignore[no-any-return]


def _check_tile(t: Tile) -> Report:
    r = Report()
    chars = Counter("".join(t.art))
    if t.kind == "basic":
        if chars["x"] < 1:
            r.add("plazing.catalog", f"basic tile {t.id} has no sticks square", t.id)
        if chars["#"] or chars["+"] or chars["-"]:
            r.add("plazing.catalog", f"basic tile {t.id} has object or score squares (only special tiles may)", t.id)
    if t.sea_row and not any(c == "#" for c in t.art[0]):
        r.add("plazing.catalog", f"tile {t.id} must lie by the sea but its objects do not reach its north edge", t.id)
    if t.special and t.rotatable:
        r.add("plazing.catalog", f"special tile {t.id} is marked rotatable (special tiles keep their orientation)",
              t.id)
    return r


def check_catalog(catalog: Catalog, options: Options) -> Report:
    """A catalog (ours or a user's) before it is used: tile rules, counts and the supply."""
    key = ("check_catalog", options.board_players, options.extra_tiles, options.one_special)
    report = catalog.memo.get(key)
    if not isinstance(report, Report):  # the memo holds each option set's report once worked out
        report = _check_catalog(catalog, options)
        catalog.memo[key] = report
    return report


def _check_catalog(catalog: Catalog, options: Options) -> Report:
    r = Report()
    for t in catalog.tiles.values():
        r.extend(check_tile(t))
    n_special, n_basic = tile_counts(options)
    basic = catalog.of_kind("basic")
    specials = catalog.of_kind("special") + (catalog.of_kind("extra") if options.extra_tiles else [])
    if len(basic) < n_basic:
        r.add("plazing.tile-count", f"the catalog has {len(basic)} basic tiles; {options.board_players} players "
              f"need {n_basic}")
    if len(specials) < n_special:
        r.add("plazing.tile-count", f"the catalog has {len(specials)} special tiles; {options.board_players} players "
              f"need {n_special}")
    elif special_mixes(special_pool(catalog, options), n_special, options) == []:
        pc = rules().players(options.board_players)
        r.add("plazing.special-adjacent", f"the catalog's special tiles cannot be laid {n_special} at a time on a "
              f"{pc.columns}x{rules().rows} beach without two sharing an edge (sea-row tiles only in the sea row)")
    base = catalog.of_kind("basic") + catalog.of_kind("special")
    for res in RESOURCES:
        n = sum(t.count(RESOURCE_CHAR[res]) for t in base)
        if n > rules().supply:
            r.add("plazing.resource-supply", f"the base tiles carry {n} {res} marks; the box holds {rules().supply}")
    return r


def touching(spots: list[tuple[int, int]]) -> bool:
    """Whether two of the tile positions (row, col) share an edge."""
    taken = set(spots)
    return any((r, c + 1) in taken or (r + 1, c) in taken for r, c in spots)


def search_specials(rng: random.Random, fixed: list[tuple[int, int]], count: int,
                     positions: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """Depth-first search for `count` positions apart from each other and from `fixed`."""
    blocked: Counter[tuple[int, int]] = Counter()
    for r, c in fixed:
        blocked.update([(r, c), (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)])
    chosen: list[tuple[int, int]] = []
    order = list(positions)
    rng.shuffle(order)

    def search(start: int) -> bool:
        if len(chosen) == count:
            return True
        for k in range(start, len(order)):
            pos = order[k]
            if blocked[pos]:
                continue
            r, c = pos
            around = [pos, (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
            chosen.append(pos)
            blocked.update(around)
            if search(k + 1):
                return True
            blocked.subtract(around)
            chosen.pop()
        return False

    return list(chosen) if search(0) else None


def layout_possible(sea: int, land: int, rows: int, cols: int) -> bool:
    """Whether `sea` sea-row specials and `land` other specials can lie with no two sharing an edge
    (which tiles they are does not matter, only how many of each)."""
    if sea > cols or sea + land > rows * cols:
        return False
    rng = random.Random(0)
    for cols_of in itertools.combinations(range(cols), sea):
        spots = [(0, c) for c in cols_of]
        if touching(spots):
            continue
        rest = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in spots]
        if search_specials(rng, spots, land, rest) is not None:
            return True
    return False


def special_mixes(pool: list[Tile], count: int, options: Options) -> list[int]:
    """The numbers of sea-row tiles a selection of `count` specials from `pool` may hold and still be
    laid apart (a selection's fate depends only on that number): empty when no selection can."""
    pc = rules().players(options.board_players)
    sea = sum(t.sea_row for t in pool)
    land = len(pool) - sea
    return [n for n in range(min(sea, count) + 1) if count - n <= land
            and layout_possible(n, count - n, rules().rows, pc.columns)]


def special_pool(catalog: Catalog, options: Options) -> list[Tile]:
    """The special tiles a setup draws from: the base ones (and the extra ones with --extra-tiles);
    the children's game with one special tile draws from those without score squares, when there
    are any ("np. łódki lub falochronu – by uniknąć dodatkowej punktacji"). Sorted by id."""
    key = ("special_pool", options.extra_tiles, options.one_special)
    if key not in catalog.memo:
        catalog.memo[key] = sorted(_special_pool(catalog, options), key=lambda t: t.id)
    return list(catalog.memo[key])  # type: ignore[call-overload]


def _special_pool(catalog: Catalog, options: Options) -> list[Tile]:
    pool = catalog.of_kind("special") + (catalog.of_kind("extra") if options.extra_tiles else [])
    if options.one_special:
        calm = [t for t in pool if not t.count("+") and not t.count("-")]
        pool = calm or pool
    return pool


def check(setup: Setup) -> Report:
    """Every broken setup rule of `setup` (an empty report means legal)."""
    r = Report()
    o = setup.options
    r.extend(check_options(o))
    if not r.ok:
        return r  # the remaining rules depend on a valid player count
    rl = rules()
    pc = rl.players(o.board_players)
    ts = rl.tile_size

    # --- tiles ------------------------------------------------------------------------------
    for t in setup.catalog.values():
        tile_report = t.__dict__.get("_report")  # remembered on the tile by check_tile
        if tile_report is None:
            tile_report = check_tile(t)
        if tile_report.violations:
            r.extend(tile_report)
    unknown = [p.tile for p in setup.tiles if p.tile not in setup.catalog]
    for tid in unknown:
        r.add("plazing.tile-count", f"tile {tid} is not in the setup's catalog", tid)
    used = [setup.catalog[p.tile] for p in setup.tiles if p.tile in setup.catalog]
    ids = [p.tile for p in setup.tiles]
    twice = [] if len(set(ids)) == len(ids) else [tid for tid, n in Counter(ids).items() if n > 1]
    for tid in twice:
        r.add("plazing.tile-count", f"tile {tid} is laid more than once", tid)
    n_special = sum(t.kind != "basic" for t in used)
    n_basic = len(used) - n_special
    want_special, want_basic = tile_counts(o)
    if n_special != want_special or n_basic != want_basic:
        r.add("plazing.tile-count", f"{n_special} special + {n_basic} basic tiles; {o.board_players} players use "
              f"{want_special} + {want_basic}" + (" (one special tile)" if o.one_special else ""))
    if not o.extra_tiles and any(t.kind == "extra" for t in used):
        r.add("plazing.tile-count", "an extra special tile is used without the extra-tiles expansion")
    positions = [(p.row, p.col) for p in setup.tiles]
    frame = rl.frame_columns
    for p in setup.tiles:
        if not (0 <= p.row < rl.rows and 0 <= p.col < frame):
            r.add("plazing.tile-grid", f"tile {p.tile} lies off the frame (row {p.row + 1}, column {p.col + 1}; the "
                  f"frame has {rl.rows} rows of {rl.frame_columns} tiles)", p.tile)
    cells = set(positions)
    if cells != _positions(rl.rows, pc.columns) or len(cells) != len(positions):
        r.add("plazing.tile-grid", f"tiles must cover {pc.columns}x{rl.rows} tile positions exactly once each")
    for p in setup.tiles:
        tile = setup.catalog.get(p.tile)
        if p.rotation % 90 or not 0 <= p.rotation < 360:
            r.add("plazing.tile-rotation", f"tile {p.tile}: rotation {p.rotation} is not 0, 90, 180 or 270", p.tile)
        elif tile is not None and p.rotation and not tile.rotatable:
            r.add("plazing.tile-rotation", f"tile {p.tile} keeps its printed orientation but is rotated {p.rotation}",
                  p.tile)
        if tile is not None and tile.sea_row and p.row != 0:
            r.add("plazing.breakwater-sea", f"tile {p.tile} must lie in the sea row, not row {p.row + 1}", p.tile)
    catalog = setup.catalog
    special_at = {(p.row, p.col): p.tile for p in setup.tiles
                  if p.tile in catalog and catalog[p.tile].kind != "basic"}
    for (row, col), tid in sorted(special_at.items()):
        for nb in ((row, col + 1), (row + 1, col)):
            if nb in special_at:
                r.add("plazing.special-adjacent", f"special tiles {tid} and {special_at[nb]} share an edge",
                      [tid, special_at[nb]])
    marks = "".join("".join(t.art) for t in used)
    for res in RESOURCES:
        n = marks.count(RESOURCE_CHAR[res])
        if n > rl.supply:
            r.add("plazing.resource-supply", f"the tiles carry {n} {res} marks; the box holds {rl.supply}")
    if not r.ok and r.rules() & {"plazing.tile-grid", "plazing.tile-count"}:
        return r  # the square-level rules below need a well-formed beach

    squares = setup.squares()
    grid = setup.grid
    if setup.declared_squares is not None and setup.declared_squares != squares:
        bad = next((i for i, (a, b) in enumerate(zip(setup.declared_squares, squares, strict=False)) if a != b),
                   min(len(setup.declared_squares), len(squares)))
        r.add("plazing.squares", f"the file's squares differ from what its tiles make (first at row {bad + 1}); "
              "squares are derived: edit the tile's art in \"catalog\" instead", bad + 1)
    r.extend(_check_resources(setup, squares))
    r.extend(_check_closed(grid, squares, {(p.row, p.col): p.tile for p in setup.tiles}, ts))
    r.extend(_check_surprises(setup, squares, pc.surprises))
    r.extend(_check_waste(setup, squares, grid, ts))

    if o.no_weather:
        if setup.weather != NO_WEATHER:
            r.add("plazing.weather", f"a game without weather has weather {NO_WEATHER!r}, not {setup.weather!r}")
    elif setup.weather not in rl.weather_faces:
        r.add("plazing.weather", f"weather {setup.weather!r} is not a face of the die ({', '.join(rl.weather_faces)})")
    if not 0 <= setup.first_player < o.players:
        r.add("plazing.first-player", f"first player {setup.first_player + 1} is not a seat 1..{o.players} "
              f"(the file's first_player counts from 0: {setup.first_player})")
    if o.events:
        if sorted(setup.event_deck) != _deck_ids(o.extra_events):  # the quick test of the usual case
            r.extend(check_composition(setup.event_deck, event_deck_spec(o.extra_events), "plazing.event-deck",
                                       "the event deck"))
    elif setup.event_deck:
        r.add("plazing.event-deck", "an event deck is laid out but events are off")
    return r


@cache
def _positions(rows: int, columns: int) -> frozenset[tuple[int, int]]:
    """Every tile position (row, column) of a beach of this size."""
    return frozenset((row, col) for row in range(rows) for col in range(columns))


@cache
def _deck_ids(extra: bool) -> list[str]:
    """The ids of a complete event deck, sorted (every card once)."""
    return sorted(str(c) for c, n in event_deck_spec(extra).items() for _ in range(n))


def _check_resources(setup: Setup, squares: list[str]) -> Report:
    r = Report()
    kind_of = {c: k for k, c in RESOURCE_CHAR.items()}
    marks_now = mark_resources(tuple(squares))
    have = tuple(setup.resources)
    if have == marks_now or tuple(sorted(have, key=_reading_order)) == marks_now:
        return r  # the fast path: one resource on every mark, of its kind, and nowhere else
    marks = {(x, y): kind_of[ch] for y, row in enumerate(squares) for x, ch in enumerate(row) if ch in kind_of}
    placed: dict[tuple[int, int], str] = {}
    width = len(squares[0]) if squares else 0
    for x, y, kind in setup.resources:
        if (x, y) in placed:
            at = square_name(x, y, width)
            r.add("plazing.resources-on-marks", f"two resources on square {at}", at)
        placed[(x, y)] = kind
    for xy, kind in sorted(marks.items()):
        if xy not in placed:
            r.add("plazing.resources-on-marks", f"the {kind} mark at {square_name(*xy, width)} has no resource",
                  square_name(*xy, width))
        elif placed[xy] != kind:
            r.add("plazing.resources-on-marks",
                  f"{_article(placed[xy])} {placed[xy]} lies on the {kind} mark at {square_name(*xy, width)}",
                  square_name(*xy, width))
    for xy, kind in sorted(placed.items()):
        if xy not in marks:
            r.add("plazing.resources-on-marks",
                  f"{_article(kind)} {kind} lies at {square_name(*xy, width)} where no resource is marked",
                  square_name(*xy, width))
    return r


def _reading_order(item: tuple[int, int, str]) -> tuple[int, int]:
    return item[1], item[0]


def free_squares(grid: Grid, squares: list[str]) -> int:
    """Squares that can be part of an area: everything but objects."""
    return grid.full & ~char_mask(squares, "#")


def _check_closed(grid: Grid, squares: list[str], tiles: dict[tuple[int, int], str] | None = None,
                  ts: int = 4) -> Report:
    """Free squares walled in before play, named by the first square as the board prints it and,
    given `tiles` ((tile row, tile column) -> tile id), by the tile that square lies on."""
    r = Report()
    closed = grid.enclosed_regions(free_squares(grid, squares), grid.open_edges())
    for region in closed:
        cells = sorted(grid.cells(region), key=lambda c: (c[1], c[0]))
        first = square_name(*cells[0])
        tile = (tiles or {}).get((cells[0][1] // ts, cells[0][0] // ts))
        on = f" (on tile {tile})" if tile else ""
        r.add("plazing.closed-before-play", f"{len(cells)} square(s) from {first}{on} are closed in before play "
              f"(cannot reach the west, east or south edge)", first)
    return r


def _check_surprises(setup: Setup, squares: list[str], count: int) -> Report:
    r = Report()
    o = setup.options
    if not o.surprises:
        if setup.surprises:
            r.add("plazing.surprises", "surprises are placed but the surprises expansion is off")
        return r
    if len(setup.surprises) != count:
        r.add("plazing.surprises", f"{len(setup.surprises)} surprises placed; {o.board_players}-player boards "
              f"take {count}")
    seen: set[tuple[int, int]] = set()
    width = len(squares[0]) if squares else 0
    for x, y, _token in setup.surprises:
        at = square_name(x, y, width)
        if (x, y) in seen:
            r.add("plazing.surprises", f"two surprises on square {at}", at)
        seen.add((x, y))
        if not (0 <= y < len(squares) and 0 <= x < len(squares[0])) or squares[y][x] != "x":
            r.add("plazing.surprises", f"surprise at {at} is not on a sticks square", at)
    box = rules().surprise_tokens
    have = Counter(t for _, _, t in setup.surprises)
    for token, n in have.items():
        if n > box.get(token, 0):
            r.add("plazing.surprises", f"{n} surprise token(s) {token!r}; the box has {box.get(token, 0)}", token)
    return r


def _check_waste(setup: Setup, squares: list[str], grid: Grid, ts: int) -> Report:
    r = Report()
    o = setup.options
    waste = setup.waste
    if not o.clean_beach:
        if waste:
            r.add("plazing.waste", "waste is placed but the clean-beach expansion is off")
        return r
    pc = rules().players(o.players)  # waste goes by real players, also with two colours
    if len(waste) != pc.waste:
        r.add("plazing.waste", f"{len(waste)} waste tokens; {o.players} players place {pc.waste}")
    per_player = Counter(p for _, _, p in waste)
    if any(per_player[p] != pc.waste_each for p in range(o.players)) or len(per_player) > o.players:
        have = ", ".join(f"player {p + 1}: {n}" for p, n in sorted(per_player.items()))
        r.add("plazing.waste", f"each player places {pc.waste_each} waste tokens (have {have})")
    elif any(p != (setup.first_player + i) % o.players for i, (_, _, p) in enumerate(waste)):
        r.add("plazing.waste", "waste tokens are placed alternately, starting with the first player")
    w, h = grid.width, grid.height
    tiles: Counter[tuple[int, int]] = Counter()
    surprise_at = {(x, y) for x, y, _ in setup.surprises}
    for x, y, _p in waste:
        if not (0 <= x < w and 0 <= y < h):
            r.add("plazing.waste", f"waste at {square_name(x, y, 0)} is off the beach", square_name(x, y, 0))
            continue
        tiles[(y // ts, x // ts)] += 1
        at = square_name(x, y, w)
        if x == 0 or x == w - 1 or y == h - 1:
            r.add("plazing.waste", f"waste at {at} lies on a west, east or south edge square", at)
        ch = squares[y][x]
        if ch not in WASTE_SQUARES:
            r.add("plazing.waste", f"waste at {at} lies on {KIND_NAME.get(ch, ch)} (waste goes on sand, "
                  "sticks or a score square)", at)
        elif (x, y) in surprise_at:
            r.add("plazing.waste", f"waste at {at} lies on a surprise", at)
    if len(tiles) != sum(tiles.values()):
        for (row, col), n in sorted(tiles.items()):
            if n > 1:
                corner = square_name(col * ts, row * ts, w)
                r.add("plazing.waste", f"{n} waste tokens on the tile at row {row + 1}, column {col + 1} "
                      f"(its corner square {corner}; at most one)", corner)
    if len({(x, y) for x, y, _ in waste}) != len(waste):
        r.add("plazing.waste", "two waste tokens on one square")
    return r
