"""Random legal Plażing setups.

Legal by construction where it can be (special tiles are placed apart before the basic tiles
fill the gaps; the breakwater goes to the sea row; surprises and waste only go where they may),
and checked always: a candidate that `rules.check` rejects (e.g. objects of two tiles that happen
to wall in a pocket of sand) is redrawn, at most MAX_TRIES times, then a clear GenerationError.
Options or a catalog that make a legal setup impossible fail at once with a UserInputError.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from generator.core.checks import GenerationError, Report, UserInputError
from generator.core.decks import shuffled_deck
from generator.core.rng import CodeError, CodeField, CodeSpec, make_rng
from generator.games.plazing.model import (
    NO_WEATHER,
    QUIET_OPTIONS,
    Catalog,
    Options,
    Placed,
    Setup,
    Tile,
    event_deck_spec,
    load_catalog,
    mark_resources,
    rules,
    tile_counts,
)
from generator.games.plazing.rules import (
    check,
    check_catalog,
    check_options,
    search_specials,
    special_mixes,
    special_pool,
    touching,
)

MAX_TRIES = 200
ROTATIONS = (0, 90, 180, 270)

@dataclass(frozen=True)
class _Code(CodeSpec):
    """The Plażing code: the 7 option characters of the first codes, then the children's-game
    options in tiers (`extra`), each tier written only when it or a later one has an option on:
    every code printed before a tier existed stays valid and names the same setup (7 characters
    before the children's options, 9 with no weather / one special tile, 11 with the rank bonuses)."""

    extra: tuple[tuple[CodeField, ...], ...] = ()

    def _upto(self, tiers: int) -> CodeSpec:
        return CodeSpec(self.prefix, self.fields + tuple(f for tier in self.extra[:tiers] for f in tier))

    def _lengths(self) -> list[int]:
        return [len(self._upto(k).fields) for k in range(len(self.extra) + 1)]

    def encode(self, options: dict[str, Any], seed: int) -> str:
        # an option a setup file leaves out is off (`model.QUIET_OPTIONS`)
        options = {**{f.name: f.choices[0] for tier in self.extra for f in tier}, **options}
        tiers = len(self.extra)
        while tiers and all(options[f.name] == f.choices[0] for f in self.extra[tiers - 1]):
            tiers -= 1
        return self._upto(tiers).encode(options, seed)

    def decode(self, code: str) -> tuple[dict[str, Any], int]:
        parts = code.strip().split("-")
        n = len(parts[1]) if len(parts) == 4 else -1
        lengths = self._lengths()
        if n not in lengths:
            CodeSpec(self.prefix, ()).check_head(code)  # a wrong game or a malformed code is said first
            if n != -1:
                raise CodeError(f"setup code {code!r} has {n} option characters, expected "
                                f"{', '.join(map(str, lengths[:-1]))} or {lengths[-1]}")
            n = lengths[0]
        tiers = lengths.index(n)
        options, seed = self._upto(tiers).decode(code)
        options.update({f.name: f.choices[0] for tier in self.extra[tiers:] for f in tier})
        # the same keys as `Options.to_json` (an option of QUIET_OPTIONS appears only when on)
        return {k: v for k, v in options.items() if v or k not in QUIET_OPTIONS}, seed


CODE = _Code("PZ", (
    CodeField("players", (2, 3, 4)),
    CodeField("two_colours", (False, True)),
    CodeField("surprises", (False, True)),
    CodeField("events", (False, True)),
    CodeField("extra_events", (False, True)),
    CodeField("clean_beach", (False, True)),
    CodeField("extra_tiles", (False, True)),
), extra=(
    (CodeField("no_weather", (False, True)), CodeField("one_special", (False, True))),
    (CodeField("no_largest_area", (False, True)), CodeField("no_most_areas", (False, True))),
))


def code_for(options: Options, seed: int) -> str:
    return CODE.encode(options.to_json(), seed)


def _place_specials(rng: random.Random, specials: list[Tile], rows: int,
                    cols: int) -> dict[tuple[int, int], Tile] | None:
    """Positions for the special tiles with no two sharing an edge; None if there are none.

    The rulebook lays the breakwater "losowo pomiędzy kafel pierwszy a piąty" of the sea row: the
    sea-row tiles' positions are drawn first, uniform over the sea row (redrawn only if the other
    specials cannot then be laid apart), and the other specials go uniformly over the legal
    arrangements that remain (rejection sampling, then an exhaustive search for "unlucky" versus
    "impossible"). Drawing whole arrangements uniformly instead would favour the sea row's end
    columns, which leave more room to the others (25 % v 17 % at 4 players).
    """
    sea = [t for t in specials if t.sea_row]
    land = [t for t in specials if not t.sea_row]
    if len(sea) > cols or len(specials) > rows * cols:
        return None
    sea_options = list(itertools.permutations(range(cols), len(sea)))
    tried: set[tuple[int, ...]] = set()
    while len(tried) < len(sea_options):
        cols_of = tuple(rng.sample(range(cols), len(sea)))
        if cols_of in tried:
            continue
        tried.add(cols_of)
        spots = [(0, c) for c in cols_of]
        if touching(spots):
            continue
        where = _place_land(rng, spots, land, rows, cols)
        if where is not None:
            return {**dict(zip(spots, sea, strict=True)), **where}
    return None


def _place_land(rng: random.Random, fixed: list[tuple[int, int]], land: list[Tile], rows: int,
                cols: int) -> dict[tuple[int, int], Tile] | None:
    """The land specials on positions apart from each other and from `fixed`, uniform over the
    legal arrangements; None if there is none."""
    rest = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in fixed]
    if len(land) > len(rest):
        return None
    for _ in range(64):
        spots = rng.sample(rest, len(land))
        if not touching(fixed + spots):
            return dict(zip(spots, land, strict=True))
    found = search_specials(rng, fixed, len(land), rest)
    return None if found is None else dict(zip(found, land, strict=True))


def lay_tiles(rng: random.Random, catalog: Catalog, options: Options) -> list[Placed]:
    """Choose and lay the tiles: specials apart (breakwater by the sea), basic tiles shuffled round them."""
    pc = rules().players(options.board_players)
    n_special, n_basic = tile_counts(options)
    rows = rules().rows
    pool = special_pool(catalog, options)
    # a random selection of specials is laid apart; if a few random selections fail, a selection
    # is drawn among the mixes of sea-row and other tiles that can be laid at all (whether a
    # selection can be laid depends only on how many sea-row tiles it has), so "impossible" (a
    # user catalog) is told apart from "unlucky" in a bounded time, never by trying every subset
    where = None
    for _ in range(8):
        where = _place_specials(rng, rng.sample(pool, n_special), rows, pc.columns)
        if where is not None:
            break
    else:
        sea = [t for t in pool if t.sea_row]
        land = [t for t in pool if not t.sea_row]
        mixes = special_mixes(pool, n_special, options)
        if not mixes:
            raise UserInputError(f"the catalog's special tiles cannot be laid {n_special} at a time on a "
                                 f"{pc.columns}x{rows} beach without two sharing an edge (or a sea-row tile "
                                 "off the sea row)")
        n = rng.choice(mixes)
        where = _place_specials(rng, rng.sample(sea, n) + rng.sample(land, n_special - n), rows, pc.columns)
        assert where is not None
    basic = catalog.memo.get("basic")
    if not isinstance(basic, list):  # the memo holds the catalog's basic tiles once worked out
        basic = catalog.of_kind("basic")
        catalog.memo["basic"] = basic
    basics: list[Tile] = rng.sample(basic, n_basic)
    out = []
    for r in range(rows):
        for c in range(pc.columns):
            if (r, c) in where:
                out.append(Placed(where[(r, c)].id, r, c, 0))
            else:
                tile = basics.pop()
                out.append(Placed(tile.id, r, c, rng.choice(ROTATIONS) if tile.rotatable else 0))
    return out


def _surprises(rng: random.Random, squares: list[str], count: int) -> list[tuple[int, int, str]] | None:
    w = len(squares[0])
    sticks = [(i % w, i // w) for i in _find_all("".join(squares), "x")]
    if len(sticks) < count:
        return None
    tokens = shuffled_deck(rules().surprise_tokens, rng)[:count]
    spots = sorted(rng.sample(sticks, count), key=lambda c: (c[1], c[0]))
    return [(x, y, t) for (x, y), t in zip(spots, tokens, strict=True)]


def _waste(rng: random.Random, setup: Setup, squares: list[str]) -> list[tuple[int, int, int]] | None:
    """Players place waste alternately from the first player; each picks a random legal square."""
    o = setup.options
    pc = rules().players(o.players)
    ts = rules().tile_size
    grid = setup.grid
    out: list[tuple[int, int, int]] = []
    used_tiles: set[tuple[int, int]] = set()
    w, h = grid.width, grid.height

    flat = "".join(squares)

    def legal(x: int, y: int) -> bool:
        return (squares[y][x] == "." and 0 < x < w - 1 and y < h - 1
                and (y // ts, x // ts) not in used_tiles)

    n = w * h
    for i in range(pc.waste):
        player = (setup.first_player + i) % o.players
        # uniform over the legal squares: rejection sampling, then the full list if unlucky
        # (a draw off the sand is turned down by one string lookup before any arithmetic)
        for _ in range(64):
            k = int(rng.random() * n)
            if flat[k] != ".":
                continue
            y, x = divmod(k, w)
            if 0 < x < w - 1 and y < h - 1 and (y // ts, x // ts) not in used_tiles:
                break
        else:
            spots = [(x, y) for y in range(h) for x in range(w) if legal(x, y)]
            if not spots:
                return None
            x, y = rng.choice(spots)
        used_tiles.add((y // ts, x // ts))
        out.append((x, y, player))
    return out


def _find_all(text: str, ch: str) -> list[int]:
    out, i = [], text.find(ch)
    while i >= 0:
        out.append(i)
        i = text.find(ch, i + 1)
    return out


def catalog_report(catalog: Catalog, options: Options, trials: int = 3) -> Report:
    """`check_catalog`, and, if it passes, proof that `setup` can use the catalog: a few setups are
    generated (bounded tries each). A catalog is "usable" only if setups come out of it."""
    report = check_catalog(catalog, options)
    if not report.ok:
        return report
    out = Report()
    out.extend(report)
    for seed in range(trials):
        try:
            generate(options, seed, catalog)
        except (GenerationError, UserInputError) as exc:
            out.add("plazing.catalog", f"no setup can be made from this catalog ({exc})")
            break
    return out


def generate(options: Options, seed: int, catalog: Catalog | None = None) -> Setup:
    """A random legal setup for `options`, the same for the same seed, options and catalog."""
    report = check_options(options)
    if not report.ok:
        raise UserInputError(report.violations[0].message)
    catalog = catalog or load_catalog()
    report = check_catalog(catalog, options)
    if not report.ok:
        raise UserInputError(f"catalog {catalog.source}: {report.violations[0].message}")
    rng = make_rng(seed, "plazing", "setup")
    rl = rules()
    pc = rl.players(options.board_players)
    reason = "no attempt"
    for _ in range(MAX_TRIES):
        tiles = lay_tiles(rng, catalog, options)
        used = {p.tile: catalog.tiles[p.tile] for p in tiles}
        setup = Setup(options=options, seed=seed, tiles=tiles, catalog=used, resources=[],
                      weather=NO_WEATHER if options.no_weather else rng.choice(rl.weather_faces),
                      first_player=rng.randrange(options.players))
        squares = setup.squares()
        setup.resources = list(mark_resources(tuple(squares)))
        if options.surprises:
            surprises = _surprises(rng, squares, pc.surprises)
            if surprises is None:
                reason = f"fewer than {pc.surprises} sticks squares for the surprises"
                continue
            setup.surprises = surprises
        if options.clean_beach:
            waste = _waste(rng, setup, squares)
            if waste is None:
                reason = "no room for the waste tokens (one per tile, on sand, off the west/east/south edges)"
                continue
            setup.waste = waste
        if options.events:
            setup.event_deck = [str(c) for c in shuffled_deck(event_deck_spec(options.extra_events), rng)]
        report = check(setup)
        if report.ok:
            return setup
        reason = str(report.violations[0])
    raise GenerationError(f"no legal Plażing setup after {MAX_TRIES} tries; last problem: {reason}")
