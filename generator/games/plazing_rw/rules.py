"""Plażing roll&write rules: board legality, drawing legality and scoring, written once.

The checker (`check_board`), the engine (`engine.State`), the `score` command and the numbers
printed in the scoring boxes all use the functions here.

Decisions where the rulebook is silent or ambiguous (also in the report to the lead):

* **Areas.** An area is a maximal 4-connected set of free squares: not drawn on, not an object,
  not a printed blanket (waste, resources and bar squares are free). It is closed when it holds
  no square of an open edge: board 1 and 4 have all four edges open, boards 2 and 3 close the
  north edge (sea/pier, bar/boardwalk). So a square on an open edge is never inside a closed
  area; it can only be covered. Closed areas come from core `Grid.enclosed_regions`, the same
  code the board game uses.
* **Resources** score from closed areas of at most 6 squares (4 in the harder variant) that hold
  no waste; a resource under a drawn shape never scores. Per kind the table n(n+1)/2, plus 5 per
  complete set (amber + shell + pebble).
* **Areas** of at most 4 squares score their size, with or without resources, unless they hold
  waste. Larger closed areas score nothing as areas (their resources still count up to 6).
* **Bar squares** score `bar_points` each when covered by any own shape or when inside a closed
  area of any size that holds no waste. The rulebook does not say what a bar square is worth
  ("add the points you earned this way"); the only figure in our sources is the board game's
  score squares, +1 each (DIGEST 1), so boards 3 and the random bar use 1. The value is data
  (`bar_points`) and is printed on every bar square and in the bar scoring box.
* **Unused special actions**: the panel allows `max_screens` screens in all (4, the setup one
  included) and 3 pairs of odds; each screen still allowed scores 2 and each odd still allowed
  scores 1, so a player who used everything scores 0 (as Kasia), at most 3*2 + 6*1 = 12.
* **Rotated, not mirrored.** A shape may be turned any way (rulebook: "a screen may be rotated
  freely"), never flipped; a mirrored J/Z is the `mirror` house rule, off by default, and the
  engine's placements, the bots and the checker all follow the option (`prw.mirror`).
* **Drawing.** Shapes never overlap earlier shapes and never cover waste, objects or printed
  blankets. Every shape after the setup screen touches an own shape at an edge or a corner
  (8-neighbourhood); printed blankets never count as a link. A shape may be drawn inside an
  already closed area: the roll&write rulebook's drawing rules (and DIGEST 2's list) do not
  forbid it; the board game's ban exists because a closed area there has an owner who collects
  from it during play, while here areas are only read off the finished sheet, so the order of
  drawing must not matter (splitting a big closed area into small ones is the same sheet as
  drawing the splitting shapes first). The setup screen may go anywhere.
* **Rounds.** The die shape must be drawn when it has a legal placement; when it has none the
  roll is dead and nothing is drawn. The special action may come before or after the die shape
  in the same round. Special screens are distinct panel screens other than the setup one; a
  pair of odds is two single squares drawn one after the other, each touching an own shape (the
  second may touch the first).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from generator.core.checks import Report, UserInputError
from generator.core.fields import LIST, STR, Fields, Kind, at, describe
from generator.core.grid import Grid
from generator.core.shapes import normalise

from .model import KINDS, Board, Catalog, catalog, grid_size, resource_area_limit, scoring, shape_placements

# --- scoring -----------------------------------------------------------------------------------


@dataclass
class Breakdown:
    """A scored sheet, box by box as printed on the sheet."""

    resources: dict[str, int]
    resource_points: dict[str, int]
    sets: int
    set_points: int
    areas: dict[int, int]  # size -> number of scoring areas of that size
    area_points: int
    bar_squares: int
    bar_points: int
    unused_screens: int
    unused_odds: int
    unused_points: int
    closed_areas: list[int] = field(default_factory=list)  # every closed area (bitboards)
    waste_areas: int = 0

    @property
    def total(self) -> int:
        return (sum(self.resource_points.values()) + self.set_points + self.area_points + self.bar_points
                + self.unused_points)

    def to_json(self) -> dict[str, Any]:
        return {
            "resources": {k: {"count": self.resources[k], "points": self.resource_points[k]} for k in self.resources},
            "sets": {"count": self.sets, "points": self.set_points},
            "areas": {"by_size": {str(k): v for k, v in sorted(self.areas.items())}, "points": self.area_points},
            "bar": {"squares": self.bar_squares, "points": self.bar_points},
            "unused_special": {"screens": self.unused_screens, "odds": self.unused_odds,
                               "points": self.unused_points},
            "closed_areas": len(self.closed_areas),
            "waste_areas": self.waste_areas,
            "total": self.total,
        }

    def lines(self, names: dict[str, str] | None = None) -> list[str]:
        names = names or {}
        res = ", ".join(f"{self.resources[k]} {names.get(k, k)} = {self.resource_points[k]}" for k in self.resources)
        areas = " + ".join(f"{n}x{size}" for size, n in sorted(self.areas.items()) if n) or "none"
        out = [f"resources: {res} -> {sum(self.resource_points.values())}",
               f"sets: {self.sets} x 5 = {self.set_points}",
               f"areas (<= 4 squares): {areas} = {self.area_points}"]
        if self.bar_squares or self.bar_points:
            out.append(f"bar squares: {self.bar_squares} = {self.bar_points}")
        out.append(f"unused special actions: {self.unused_screens} screens, {self.unused_odds} odds "
                   f"= {self.unused_points}")
        out.append(f"total: {self.total}")
        return out


def closed_areas(board: Board, covered: int) -> list[int]:
    """The closed areas of a sheet whose drawn squares are `covered` (core enclosure code)."""
    g = board.grid
    free = g.full & ~covered & ~board.walls
    return g.enclosed_regions(free, board.open_edge)


class Scorer:
    """Scoring for one board and variant with everything precomputed.

    The greedy bot scores thousands of candidate drawings per game, so the per-call work is kept
    to bit operations; `points` returns only the total, `breakdown` the boxes of the sheet.
    """

    def __init__(self, board: Board, hard: bool = False) -> None:
        self.board = board
        self.hard = hard
        self.sc = sc = scoring()
        self.cat = catalog()
        self.limit = resource_area_limit(hard, sc)
        self.waste = board.waste
        self.bar = board.bar
        self.bar_value = board.bar_points
        self.kinds = [(k, board.resources(k)) for k in KINDS]
        self.kind_bits = [bits for _k, bits in self.kinds]
        self.all_resources = board.all_resources
        self.table = [sc.resource_points(n) for n in range(0, 64 + len(board.rows) * len(board.rows[0]))]
        self.area_max = sc.area_max
        self.set_bonus = sc.set_bonus
        g = self.grid = board.grid
        self.free = g.full & ~board.walls  # squares that are not walls (drawn squares are taken off)
        self.open_edge = board.open_edge
        self._unused = {(s, p): self._unused_calc(s, p)
                        for s in range(self.cat.max_screens + 2) for p in range(self.cat.odd_pairs + 2)}

    def _unused_calc(self, screens_used: int, pairs_used: int) -> tuple[int, int, int]:
        cat, sc = self.cat, self.sc
        screens = max(0, cat.max_screens - screens_used)
        odds = max(0, 2 * (cat.odd_pairs - pairs_used))
        return screens, odds, screens * sc.unused_screen_points + odds * sc.unused_odd_points

    def unused(self, screens_used: int, pairs_used: int) -> tuple[int, int, int]:
        """(unused screens, unused odds, their points) for this panel use."""
        got = self._unused.get((screens_used, pairs_used))
        return got if got is not None else self._unused_calc(screens_used, pairs_used)

    def closed(self, covered: int) -> list[int]:
        """The closed areas when `covered` is drawn: the same as `closed_areas(board, covered)`."""
        g = self.grid
        free = self.free & ~covered
        inside = free & ~g.flood(free, self.open_edge)
        return g.regions(inside) if inside else []

    def board_points(self, covered: int, areas: list[int]) -> int:
        """Resources, sets, areas and bar squares (everything but unused special actions)."""
        area_pts = 0
        enclosed = 0  # closed areas without waste
        collect = 0  # squares of those small enough to collect resources from
        limit, area_max, waste = self.limit, self.sc.area_max, self.waste
        for area in areas:
            if area & waste:
                continue
            enclosed |= area
            n = area.bit_count()
            if n <= limit:
                collect |= area
            if n <= area_max:
                area_pts += n
        pts = area_pts
        if collect & self.all_resources:
            counts = [(collect & bits).bit_count() for bits in self.kind_bits]
            table = self.table
            pts += sum(table[c] if c < 64 else self.sc.resource_points(c) for c in counts)
            pts += min(counts) * self.sc.set_bonus
        if self.bar:
            pts += (self.bar & (covered | enclosed)).bit_count() * self.bar_value
        return pts

    def fast_points(self, covered: int) -> int:
        """`board_points(covered, closed(covered))` by the compiled scoring the engine and the bots use
        (kernels.board_points); a test compares the two."""
        from generator.core.kernels import split

        from .kernels import board_points, tables_of

        t = tables_of(self.board, self.hard)
        lo, hi = split(covered)
        return int(board_points(lo, hi, t.g, t.ctx, t.num))

    def breakdown(self, covered: int, screens_used: int, pairs_used: int, areas: list[int]) -> Breakdown:
        sc = self.sc
        counts = dict.fromkeys(KINDS, 0)
        by_size: dict[int, int] = {}
        enclosed_ok = 0
        waste_areas = 0
        for area in areas:
            if area & self.waste:
                waste_areas += 1
                continue
            enclosed_ok |= area
            n = area.bit_count()
            if n <= self.limit:
                for k, bits in self.kinds:
                    counts[k] += (area & bits).bit_count()
            if n <= sc.area_max:
                by_size[n] = by_size.get(n, 0) + 1
        sets = min(counts.values())
        bar_sq = (self.bar & (covered | enclosed_ok)).bit_count()
        unused_screens, unused_odds, unused_points = self.unused(screens_used, pairs_used)
        return Breakdown(
            resources=counts,
            resource_points={k: sc.resource_points(v) for k, v in counts.items()},
            sets=sets, set_points=sets * sc.set_bonus,
            areas={s: by_size.get(s, 0) for s in range(1, sc.area_max + 1)},
            area_points=sum(s * n for s, n in by_size.items()),
            bar_squares=bar_sq, bar_points=bar_sq * self.bar_value,
            unused_screens=unused_screens, unused_odds=unused_odds, unused_points=unused_points,
            closed_areas=list(areas), waste_areas=waste_areas,
        )


def score(board: Board, covered: int, screens_used: int, pairs_used: int, hard: bool = False,
          areas: list[int] | None = None) -> Breakdown:
    """Score a sheet: drawn squares `covered`, panel screens crossed (setup one included), odd pairs used."""
    if areas is None:
        areas = closed_areas(board, covered)
    return Scorer(board, hard).breakdown(covered, screens_used, pairs_used, areas)


# --- board legality ----------------------------------------------------------------------------


def closable_area(board: Board, square: int, limit: int) -> int:
    """A set of at most `limit` squares holding `square` that could become a scoring closed area.

    It must avoid waste and open-edge squares, and every square around it must be a wall or a
    drawable square (waste next to it would join the area). Returns the set, or 0 if none exists.
    Connected sets are grown breadth-first (at most a few thousand for limit 6).
    """
    g = board.grid
    inner = g.full & ~board.walls & ~board.waste & ~board.open_edge
    if not square & inner:
        return 0
    blocked_ok = board.walls | board.drawable
    frontier = {square}
    for _ in range(limit):
        nxt: set[int] = set()
        for s in frontier:
            ring = g.grow4(s) & ~s
            if not ring & ~blocked_ok:
                return s
            grow = ring & inner
            while grow:
                low = grow & -grow
                nxt.add(s | low)
                grow ^= low
        frontier = nxt
    return 0


def check_board(board: Board, hard: bool = False, cat: Catalog | None = None, mirror: bool = False) -> Report:
    """Every broken board rule (DIGEST 2 and the issue's legality list), each with a rule id.

    `mirror` is the house rule that allows mirrored J/Z shapes (it decides where a screen fits).
    """
    cat = cat or catalog()
    rep = Report()
    w, h = grid_size()
    if (board.grid.width, board.grid.height) != (w, h):
        rep.add("prw.grid-size", f"board is {board.grid.width}x{board.grid.height}, every board must be {w}x{h}")
        return rep
    rep.extend(check_board_rules(board, hard, cat, mirror))
    return rep


# --- cells and filled sheets ---------------------------------------------------------------------

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # as printed on the sheet (no I, to avoid 1/I confusion)


def cell_name(cell: tuple[int, int]) -> str:
    """'A1' for the north-west square: a column letter as printed, then the row number."""
    x, y = cell
    return f"{COLUMNS[x]}{y + 1}"


def parse_cell(value: Any, grid: Grid, where: str) -> tuple[int, int]:
    """A cell from 'B3' (as printed) or [x, y] (0-based); UserInputError when malformed or off-grid."""
    if isinstance(value, str):
        text = value.strip().upper()
        digits = text[1:]
        if len(text) < 2 or text[0] not in COLUMNS or not (digits.isascii() and digits.isdigit()):
            raise UserInputError(f"{where}: cell {value!r} is not like 'B3'")
        x, y = COLUMNS.index(text[0]), int(digits) - 1
    elif (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        x, y = value
    else:
        raise UserInputError(f"{where}: cell {value!r} must be 'B3' or [x, y]")
    if not grid.inside(x, y):
        raise UserInputError(f"{where}: cell {value!r} is off the {grid.width}x{grid.height} grid")
    return x, y


@dataclass(frozen=True)
class Drawn:
    """One shape drawn on a sheet: which catalog shape, why (setup/die/special) and where."""

    shape: str
    source: str  # setup | die | special
    bits: int
    mirrored: bool = False  # only a mirror image of the shape matches (legal only with the mirror rule)

    def to_json(self, grid: Grid) -> dict[str, Any]:
        return {"shape": self.shape, "source": self.source,
                "cells": [cell_name(c) for c in sorted(grid.cells(self.bits), key=lambda c: (c[1], c[0]))]}


SOURCES = ("setup", "die", "special")


def parse_drawn(items: Any, board: Board, cat: Catalog | None = None, source: str = "sheet",
                where: str = "shapes") -> list[Drawn]:
    """The drawn shapes of a sheet JSON, read strictly (core.fields); UserInputError for anything
    malformed, one line naming the file (`source`) and the shape ("setup.shapes[2].cells")."""
    cat = cat or catalog()
    g = board.grid
    f = Fields(source)
    out = []
    for i, item in enumerate(f.list_(items, where)):
        place = at(where, i)
        item = f.obj(item, place, DRAWN_FIELDS, ("source", "cells"), "a drawn shape")
        source_ = item["source"]
        if source_ not in SOURCES:
            f.fail(at(place, "source"), f"expected one of {', '.join(SOURCES)}, got {describe(source_)}")
        cells_raw = item["cells"]
        if not cells_raw:
            f.fail(at(place, "cells"), "expected a non-empty list of cells")
        cells = [parse_cell(c, g, f"{f.source}: {at(place, 'cells')}") for c in cells_raw]
        if len(set(cells)) != len(cells):
            f.fail(at(place, "cells"), "a cell is listed twice")
        found = cat.identify(normalise(cells))
        if found is None:
            f.fail(at(place, "cells"), f"cells {[cell_name(c) for c in cells]} are not one of the shapes "
                   f"({', '.join(cat.shapes)})")
        sdef, mirrored = found
        named = item.get("shape")
        if named is not None and named != sdef.id:
            f.fail(at(place, "shape"), f"cells draw a {sdef.id}, not a {named!r}")
        out.append(Drawn(sdef.id, source_, g.bits(cells), mirrored))
    return out


#: the keys of a drawn shape (what `Drawn.to_json` writes; "shape" is optional and checked)
DRAWN_FIELDS: dict[str, Kind] = {"shape": STR, "source": STR, "cells": LIST}


def check_drawing(board: Board, drawn: Iterable[Drawn], cat: Catalog | None = None,
                  partial: bool = False, mirror: bool = False) -> Report:
    """Every broken drawing rule of a filled sheet (the same rules the engine enforces).

    `partial` accepts a sheet in the middle of a pair of odds (the engine's invariant check);
    `mirror` is the house rule that allows mirrored shapes (J for L, Z for S).
    """
    cat = cat or catalog()
    g = board.grid
    rep = Report()
    drawn = list(drawn)
    own = 0
    screens_special: list[str] = []
    setup_shape = None
    die_count = odds = 0
    for i, d in enumerate(drawn):
        where = f"shape {i + 1} ({d.shape})"
        sdef = cat.shapes[d.shape]
        if i == 0 and d.source != "setup":
            rep.add("prw.setup", "the first shape must be the setup screen", where)
        if d.source == "setup":
            if i != 0:
                rep.add("prw.setup", "only the first shape is the setup screen", where)
            if sdef.kind != "screen":
                rep.add("prw.setup", "the setup shape must be a screen (a 6 is re-rolled)", where)
            setup_shape = d.shape
        elif d.source == "die":
            die_count += 1
            if sdef.die is None:
                rep.add("prw.die-shape", "an odd is never a die shape", where)
        else:
            if sdef.kind == "odd":
                odds += 1
            elif sdef.kind == "screen":
                screens_special.append(d.shape)
            else:
                rep.add("prw.special", "the blanket is not on the special-action panel", where)
        if d.mirrored and not mirror:
            rep.add("prw.mirror", f"a mirrored {d.shape} is drawn; shapes may be rotated, not mirrored "
                    "(mirrored J/Z only with the mirror house rule)", where)
        if d.bits & ~board.drawable:
            bad = d.bits & ~board.drawable
            what = "waste" if bad & board.waste else "an object or a printed blanket"
            rep.add("prw.square", f"drawn on {what}", cell_name(next(g.cells(bad))))
        if d.bits & own:
            rep.add("prw.overlap", "drawn over an earlier shape", cell_name(next(g.cells(d.bits & own))))
        if i > 0 and not g.grow8(own) & d.bits:
            rep.add("prw.touch", "does not touch an earlier own shape at an edge or a corner", where)
        own |= d.bits
    if not drawn:
        rep.add("prw.setup", "the setup screen is missing (the sheet has no drawn shape)")
    if die_count > cat.rounds:
        rep.add("prw.rounds", f"{die_count} die shapes, but there are only {cat.rounds} rounds")
    if len(set(screens_special)) != len(screens_special) or (setup_shape in screens_special):
        rep.add("prw.special", "a panel screen is used twice (the setup screen is crossed on the panel)")
    if 1 + len(screens_special) > cat.max_screens:
        rep.add("prw.special", f"{1 + len(screens_special)} screens from the panel, at most {cat.max_screens} "
                "(setup included)")
    if odds % 2 and not partial:
        rep.add("prw.special", "odds come in pairs (an odd number of odds is drawn)")
    if odds > 2 * cat.odd_pairs:
        rep.add("prw.special", f"{odds} odds drawn, at most {2 * cat.odd_pairs}")
    specials = len(screens_special) + odds // 2
    if specials > cat.rounds:
        rep.add("prw.special", "more special actions than rounds")
    return rep


def parse_dice(raw: Any, source: str = "sheet", where: str = "dice") -> list[int] | None:
    """A sheet's "dice" (None when the sheet does not record them); UserInputError for wrong types,
    one line naming the file and the roll ("setup.dice[3]: expected a whole number").

    Impossible values and counts are rule violations (`check_dice`), not malformed files.
    """
    if raw is None:
        return None
    f = Fields(source)
    return [f.int_(v, at(where, i), -10**6, 10**6) for i, v in enumerate(f.list_(raw, where))]


def check_dice(dice: list[int] | None, drawn: Iterable[Drawn], cat: Catalog | None = None) -> Report:
    """Broken dice rules (`prw.dice`) of a sheet that records its rolls.

    The dice are the setup roll (a 6 is re-rolled, so never 6) and then one roll per round: at
    least the setup roll, at most `rounds + 1` rolls, each a face of the die. The setup screen is
    the setup roll's shape, and the die shapes, in drawing order, are the round rolls' shapes with
    the dead rolls (nothing drawn) left out. Which rolls were dead is not recorded, so whether a
    dead roll really fitted nowhere is not checked here.
    """
    cat = cat or catalog()
    rep = Report()
    if dice is None:
        return rep
    faces = set(cat.die_faces)
    if not dice:
        rep.add("prw.dice", "no die rolls: the setup roll comes first")
        return rep
    if len(dice) > cat.rounds + 1:
        rep.add("prw.dice", f"{len(dice)} die rolls, at most {cat.rounds + 1} (setup + {cat.rounds} rounds)")
    bad = [(i, v) for i, v in enumerate(dice) if v not in faces]
    for i, v in bad[:3]:
        rep.add("prw.dice", f"roll {i + 1} is {v}, a die shows {min(faces)}-{max(faces)}")
    if bad or len(dice) > cat.rounds + 1:
        return rep
    if dice[0] in cat.setup_reroll:
        rep.add("prw.dice", f"the setup roll is {dice[0]}, which is re-rolled")
    drawn = list(drawn)
    setup = next((d for d in drawn if d.source == "setup"), None)
    if setup is not None and dice[0] not in cat.setup_reroll and setup.shape != cat.by_die(dice[0]).id:
        rep.add("prw.dice", f"the setup screen is a {setup.shape}, the setup roll {dice[0]} gives a "
                f"{cat.by_die(dice[0]).id}")
    rolls = iter(cat.by_die(v).id for v in dice[1:])
    for i, d in enumerate(drawn):
        if d.source == "die" and cat.shapes[d.shape].die is not None and d.shape not in rolls:
            rep.add("prw.dice", "the die shapes do not follow the rolls in order", f"shape {i + 1} ({d.shape})")
            break
    return rep


def usage(drawn: Iterable[Drawn], cat: Catalog | None = None) -> tuple[int, int]:
    """(screens crossed on the panel incl. the setup one, pairs of odds used)."""
    cat = cat or catalog()
    screens = odds = 0
    for d in drawn:
        kind = cat.shapes[d.shape].kind
        if d.source == "setup" or (d.source == "special" and kind == "screen"):
            screens += 1
        elif d.source == "special" and kind == "odd":
            odds += 1
    return screens, odds // 2


def score_drawing(board: Board, drawn: list[Drawn], hard: bool = False) -> Breakdown:
    covered = 0
    for d in drawn:
        covered |= d.bits
    screens, pairs = usage(drawn)
    return score(board, covered, screens, pairs, hard)


def check_board_rules(board: Board, hard: bool = False, cat: Catalog | None = None, mirror: bool = False) -> Report:
    """The rules of `check_board` but the grid size, for a board of any size: a custom board
    (board_file.py) may be smaller than the printed boards, and is checked by the same rules."""
    cat = cat or catalog()
    rep = Report()
    g = board.grid
    for k in KINDS:
        if not board.resources(k):
            rep.add("prw.resources", f"no {k} on the board (a beach has three kinds of resources)")
    if board.north != "none" and "north" not in board.closed_edges:
        rep.add("prw.north", f"the north edge is printed as {board.north!r} but does not close areas")
    if board.bar and board.bar_points <= 0:
        rep.add("prw.bar-points", "bar squares need bar_points > 0")
    if board.bar and "north" not in board.closed_edges:
        # rulebook, board 3: "the bar and the boardwalk at the top of the board close an area"
        rep.add("prw.bar-north", "the board has a bar, but its north edge is open (the bar and the boardwalk "
                "close areas)", cell_name(next(g.cells(board.bar))))
    free = g.full & ~board.walls
    for area in g.enclosed_regions(free, board.open_edge):
        rep.add("prw.closed-before-play", f"an area of {area.bit_count()} squares is closed before play",
                cell_name(next(g.cells(area))))
    limit = resource_area_limit(hard)
    for x, y in g.cells(board.all_resources):
        if not closable_area(board, g.bit(x, y), limit):
            rep.add("prw.resource-closable",
                    f"this resource can never be in a closed area of at most {limit} squares without waste",
                    cell_name((x, y)))
    drawable = board.drawable
    parts = g.regions8(drawable)
    if len(parts) > 1:
        small = min(parts, key=int.bit_count)
        rep.add("prw.reachable", f"waste, objects or blankets cut off {small.bit_count()} drawable squares "
                "from the rest of the beach", cell_name(next(g.cells(small))))
    for s in cat.screens:
        if not any(p & ~drawable == 0 for p in shape_placements(g, s, mirror)):
            rep.add("prw.screen-fits", f"screen {s.id} fits nowhere on the board")
    return rep
