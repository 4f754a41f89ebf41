"""The rules of Rzuć na tacę, written once: checking a layout, checking and scoring a filled sheet.

The `score` and `check` commands and the tests use the functions here: `Tables` compiles a
`Layout` into flat lookup tables (bit masks and tuples; kernels.tables_of turns them into the
compiled engine's array), `Sheet` is one player's marks as the checker and the filled-sheet JSON
see them, `score` gives the breakdown. The play itself (legal moves, marks and their bonus
chains, the greedy valuation) is the compiled kernels.py; the commands that only check or score
a sheet keep to this module so that they load no compiler. Two small rules are therefore also
here, for the checker: a sheet's area scores and the rising purple values (kernels.area_scores
and kernels.purple_ok for the engine; a test replays every end state through both).

Rulebook ambiguities and how boardgen resolves them (the rulebook text is partly scrambled;
DIGEST section 3 wins where they disagree):

1. A roll with no usable die (DIGEST 3; the rulebook is silent): the active player must enter the
   die they pick; when *no* die in play can be entered anywhere, the roll is lost: nothing is
   marked, no die is set aside (nothing goes to the tray), and it still counts as one of the three
   rolls. After the third roll every die still in play goes to the tray. A passive player may
   always pass. A passive player who can use no die of the tray may use one of the active
   player's chosen dice instead (official rule); in solo the chosen dice have been re-rolled for
   the passive roll, so there the pick is from the three tray dice only.
2. Re-roll: only the active player, and only before a pick; it re-rolls every die still in
   play (not the tray, not the picked dice). Any number of re-rolls may be spent in a turn.
3. +1: used at the end of a turn (after the passive picks), by any player, on any of that turn's
   six dice as they lie; each die at most once per player per window. Solo has two windows a
   turn: right after the active picks (on the active turn's dice) and after the passive pick (on
   the solo roll's dice), so the last one is the end of the game. Unused +1s are worth nothing.
4. Blue counts as blue + white wherever the white die lies (pool, tray, picked); the white die
   used as blue also counts as the sum. In solo's passive roll the sum uses the fresh values.
5. Solo: after the active picks, all six dice are rolled and the three lowest go to the tray;
   among equal values at the boundary the tray dice are chosen at random (DIGEST: "the die
   nearest the tray"), not by a fixed colour order.
6. Bonuses are taken at once: automatic ones (re-roll, +1, fox, green X, orange N, purple N)
   immediately, and they chain; free crosses with a choice (yellow X, blue X) and the round-4
   bonus are chosen by the player, in the order earned, before the next roll. A bonus that
   cannot be used (its area is full, a track is full at 7) is lost.
7. A free orange N / purple N is written in the next cell. A free purple 6 is always legal
   (6 > anything below it, and anything may follow a 6). Multipliers apply to free values.
8. Round bonuses: every player gets R1 re-roll, R2 +1, R3 re-roll, R4 the choice, at the start
   of the round, even if the player count has fewer rounds (4 players: all four are given).
9. Foxes: each fox scores the player's lowest area score at the end. The number of foxes is a
   function of the marks (fox cells and fox rows reached), so a filled sheet's fox count is
   derived, and a stated count that disagrees is a violation. Likewise the re-roll and +1
   tracks cannot hold more than the marks fire plus what the round track gives (they may hold
   less: an earned action the player forgot to circle scores nothing either way).
10. Yellow columns score only when all four cells are crossed (pre-crossed cells count); the
    main diagonal bonus needs all four diagonal cells crossed.
11. Every player is active once per round, starting with seat 1 each round.
12. A user's sheet (TOML, or a layout inside a filled-sheet JSON) is checked by `check_layout`
    before anything is built from it: a filled sheet on an illegal layout is an input error
    (exit 2), not a list of violations. The round-4 choice offers free marks only, no round
    bonus is a fox, and numbers stay printable (points 0..999, multipliers 1..9, 1..20 cells).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from generator.core.checks import Report, UserInputError
from generator.core.fields import INT, LIST, NULL, NUMBER, OBJECT, STR, Fields, Kind, at, describe
from generator.games.rzuc_na_tace.model import AREAS, Layout, standard_layout

# Bonus codes (ints: the engine compares them in its hot path).
REROLL, PLUS, FOX, YELLOW_X, BLUE_X, GREEN_X = 0, 1, 2, 3, 4, 5
ORANGE_BASE, PURPLE_BASE, CHOICE, NO_BONUS = 10, 20, 30, -1
Y, B, G, O, P = 0, 1, 2, 3, 4  # noqa: E741 - area indices in AREAS order, named like the sheet

_NAMED = {"reroll": REROLL, "plus": PLUS, "fox": FOX, "yellow_x": YELLOW_X, "blue_x": BLUE_X,
          "green_x": GREEN_X, "choice": CHOICE}


def bonus_code(name: str) -> int:
    if name in _NAMED:
        return _NAMED[name]
    area, _, n = name.partition("_")
    return (ORANGE_BASE if area == "orange" else PURPLE_BASE) + int(n)


class Tables:
    """A layout compiled to lookup tables (built once per layout, shared by every state)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        yg = layout.yellow_grid
        self.yvalue = tuple(v for row in yg for v in row)  # cell index r*4+c
        self.ypre = sum(1 << i for i, v in enumerate(self.yvalue) if v == 0)
        self.ycells_of = tuple(tuple(i for i, v in enumerate(self.yvalue) if v == val) for val in range(7))
        self.yrow_mask = tuple(sum(1 << (r * 4 + c) for c in range(4)) for r in range(4))
        self.ycol_mask = tuple(sum(1 << (r * 4 + c) for r in range(4)) for c in range(4))
        self.ydiag_mask = sum(1 << (i * 4 + i) for i in range(4))
        self.ycol_points = layout.yellow_column_points
        rb = tuple(bonus_code(x) for x in layout.yellow_row_bonuses)
        dg = bonus_code(layout.yellow_diagonal_bonus)
        # per cell: the bonus lines through it, (mask, bonus)
        self.ylines = tuple(
            ((self.yrow_mask[i // 4], rb[i // 4]),) + (((self.ydiag_mask, dg),) if i % 5 == 0 else ())
            for i in range(16))
        # blue: one bit per sum, bit s-2
        self.bpos: dict[int, tuple[int, int]] = {}
        for r, row in enumerate(layout.blue_grid):
            for c, s in enumerate(row):
                if s:
                    self.bpos[s] = (r, c)
        brow = tuple(bonus_code(x) for x in layout.blue_row_bonuses)
        bcol = tuple(bonus_code(x) for x in layout.blue_column_bonuses)
        nrows, ncols = len(layout.blue_grid), len(layout.blue_grid[0])
        row_mask = [sum(1 << (s - 2) for s, (r, _) in self.bpos.items() if r == rr) for rr in range(nrows)]
        col_mask = [sum(1 << (s - 2) for s, (_, c) in self.bpos.items() if c == cc) for cc in range(ncols)]
        self.blines: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            ((row_mask[self.bpos[s][0]], brow[self.bpos[s][0]]), (col_mask[self.bpos[s][1]], bcol[self.bpos[s][1]]))
            if s in self.bpos else () for s in range(13))
        self.bpoints = layout.blue_points
        self.bfull = sum(1 << (s - 2) for s in self.bpos)
        self.gthr = layout.green_thresholds
        self.gpoints = layout.green_points
        self.gcells = len(self.gthr)
        self.gbonus = _cell_bonus(layout.green_bonuses, self.gcells)
        self.omult = layout.orange_multipliers
        self.ocells = len(self.omult)
        self.obonus = _cell_bonus(layout.orange_bonuses, self.ocells)
        self.pcells = layout.purple_cells
        self.pbonus = _cell_bonus(layout.purple_bonuses, self.pcells)
        self.rr_max = layout.reroll_track
        self.pl_max = layout.plus_track
        self.round_bonuses = tuple(bonus_code(x) for x in layout.round_bonuses)
        # re-rolls and +1s the round track can give (a filled sheet's tracks are checked against it)
        self.round_gains = (self.round_bonuses.count(REROLL), self.round_bonuses.count(PLUS))
        self.choice = tuple(bonus_code(x) for x in layout.choice)


def _cell_bonus(pairs: Iterable[tuple[int, str]], n: int) -> tuple[int, ...]:
    out = [NO_BONUS] * n
    for cell, name in pairs:
        if 1 <= cell <= n:
            out[cell - 1] = bonus_code(name)
    return tuple(out)


@lru_cache(maxsize=64)
def tables_for(layout: Layout) -> Tables:
    return Tables(layout)


@dataclass(slots=True)
class Sheet:
    """One player's marks. Yellow and blue are bit masks (yellow: cell r*4+c, pre-crosses
    included; blue: bit s-2 for sum s); green is a count; orange and purple the written values."""

    t: Tables
    ymask: int = 0
    bmask: int = 0
    gn: int = 0
    ovals: list[int] = field(default_factory=list)
    pvals: list[int] = field(default_factory=list)
    rr_gain: int = 0
    rr_used: int = 0
    pl_gain: int = 0
    pl_used: int = 0
    foxes: int = 0

    @classmethod
    def new(cls, t: Tables) -> Sheet:
        return cls(t, ymask=t.ypre)

    def copy(self) -> Sheet:
        return Sheet(self.t, self.ymask, self.bmask, self.gn, list(self.ovals), list(self.pvals),
                     self.rr_gain, self.rr_used, self.pl_gain, self.pl_used, self.foxes)

    # -- legality (the checker's; the engine's is kernels.purple_ok) ------------------------
    def purple_ok(self, v: int) -> bool:
        pv = self.pvals
        if len(pv) >= self.t.pcells:
            return False
        return not pv or pv[-1] == 6 or v > pv[-1]

    # -- scoring --------------------------------------------------------------------------
    def area_scores(self) -> tuple[int, int, int, int, int]:
        t = self.t
        ym = self.ymask
        yellow = sum(p for m, p in zip(t.ycol_mask, t.ycol_points, strict=True) if ym & m == m)
        blue = t.bpoints[self.bmask.bit_count()]
        green = t.gpoints[self.gn]
        orange = sum(v * m for v, m in zip(self.ovals, t.omult, strict=False))
        purple = sum(self.pvals)
        return yellow, blue, green, orange, purple

    def total(self) -> int:
        a = self.area_scores()
        return sum(a) + self.foxes * min(a)

    def fired(self, code: int) -> int:
        """How many times the marks have fired bonus `code` (completed lines, reached cells)."""
        t = self.t
        n = 0
        seen_y: set[int] = set()
        for cell in range(16):
            for mask, bonus in t.ylines[cell]:
                if bonus == code and self.ymask & mask == mask and mask not in seen_y:
                    seen_y.add(mask)
                    n += 1
        seen_b: set[int] = set()
        for s in range(2, 13):
            for mask, bonus in t.blines[s]:
                if bonus == code and self.bmask & mask == mask and mask not in seen_b:
                    seen_b.add(mask)
                    n += 1
        n += sum(1 for k in range(self.gn) if t.gbonus[k] == code)
        n += sum(1 for k in range(len(self.ovals)) if t.obonus[k] == code)
        n += sum(1 for k in range(len(self.pvals)) if t.pbonus[k] == code)
        return n

    def derived_foxes(self) -> int:
        """Foxes the marks have earned (rows, lines and cells with a fox bonus that are reached)."""
        return self.fired(FOX)

    def derived_track_gains(self) -> tuple[int, int]:
        """Re-rolls and +1s the marks have fired (before the track's cap; round bonuses not included)."""
        return self.fired(REROLL), self.fired(PLUS)


def score(sheet: Sheet) -> dict[str, int]:
    """The breakdown printed in the scoring boxes; `total` is the sum of the other entries."""
    a = sheet.area_scores()
    out = dict(zip(AREAS, a, strict=True))
    out["foxes"] = sheet.foxes
    out["fox_points"] = sheet.foxes * min(a)
    out["total"] = sum(a) + out["fox_points"]
    return out


# ---------------------------------------------------------------------------------------------
# Checking a layout (the standard sheet, a variant, a user's TOML)
# ---------------------------------------------------------------------------------------------

# Sanity bounds for a user's sheet (the standard: at most 66 points a line, x3, 11 cells an area).
MAX_POINTS, MAX_MULTIPLIER, MAX_CELLS = 999, 9, 20
# Bonuses that are not a mark on the sheet: they cannot be offered by the round-4 choice.
_NOT_MARKS = ("reroll", "plus", "fox")


def check_layout(layout: Layout, reference: Layout | None = None) -> Report:
    """Every structural rule of a sheet; with `reference`, also what a variant must keep of it
    (tables, thresholds, multipliers, rounds and the same bonuses in each area)."""
    rep = Report()
    rounds = dict(layout.rounds)
    if sorted(rounds) != [1, 2, 3, 4] or not all(1 <= r <= 12 for r in rounds.values()):
        rep.add("rzuc.rounds", "rounds must be given for 1, 2, 3 and 4 players, each 1..12")
    if "choice" in layout.round_bonuses and not layout.choice:
        rep.add("rzuc.rounds", "the round bonus 'choice' needs a non-empty choice list")
    if "fox" in layout.round_bonuses:
        rep.add("rzuc.rounds", "a round bonus cannot be a fox (foxes are earned by marks)")
    if any(b in _NOT_MARKS for b in layout.choice):
        rep.add("rzuc.rounds", "the round-4 choice offers free marks only (an X or a value), "
                f"not {', '.join(b for b in layout.choice if b in _NOT_MARKS)}")
    for name, n in (("reroll", layout.reroll_track), ("plus", layout.plus_track)):
        if not 1 <= n <= 12:
            rep.add("rzuc.tracks", f"the {name} track must have 1..12 boxes, not {n}")
    yg = layout.yellow_grid
    if len(yg) != 4 or any(len(r) != 4 for r in yg):
        rep.add("rzuc.yellow-shape", "the yellow grid must be 4x4")
        return rep  # everything below indexes the 4x4 grid
    flat = [v for r in yg for v in r]
    if any(not 0 <= v <= 6 for v in flat):
        rep.add("rzuc.yellow-values", "yellow cells hold 1..6, or 0 for a pre-cross")
    for v in range(1, 7):
        if flat.count(v) != 2:
            rep.add("rzuc.yellow-values", f"value {v} appears {flat.count(v)} times, expected twice")
    pre = [(r, c) for r in range(4) for c in range(4) if yg[r][c] == 0]
    if sorted(r for r, _ in pre) != [0, 1, 2, 3] or sorted(c for _, c in pre) != [0, 1, 2, 3]:
        rep.add("rzuc.yellow-precross", "the four pre-crosses must be one per row and one per column",
                [(r + 1, c + 1) for r, c in pre])
    if any(r == c for r, c in pre):
        rep.add("rzuc.yellow-precross", "no pre-cross on the main diagonal (its bonus needs four crosses)")
    for v in range(1, 7):
        cells = [(r, c) for r in range(4) for c in range(4) if yg[r][c] == v]
        if len(cells) == 2 and (cells[0][0] == cells[1][0] or cells[0][1] == cells[1][1]):
            rep.add("rzuc.yellow-spread", f"both {v}s share a row or a column", [(r + 1, c + 1) for r, c in cells])
    if len(layout.yellow_row_bonuses) != 4:
        rep.add("rzuc.yellow-lines", "the yellow area needs 4 row bonuses")
    if len(layout.yellow_column_points) != 4 or any(not 0 <= p <= MAX_POINTS for p in layout.yellow_column_points):
        rep.add("rzuc.yellow-lines", f"the yellow area needs 4 column points, each 0..{MAX_POINTS}")
    bg = layout.blue_grid
    sums = sorted(v for r in bg for v in r if v)
    if sums != list(range(2, 13)) or any(len(r) != len(bg[0]) for r in bg):
        rep.add("rzuc.blue-grid", "the blue grid must hold the sums 2..12 once each, in equal rows")
    elif len(layout.blue_row_bonuses) != len(bg) or len(layout.blue_column_bonuses) != len(bg[0]):
        rep.add("rzuc.blue-lines", "one blue bonus per row and one per column")
    bp = layout.blue_points
    if len(bp) != 12 or list(bp) != sorted(bp) or not 0 <= bp[0] <= bp[-1] <= MAX_POINTS:
        rep.add("rzuc.blue-points", f"blue points: 12 entries (0..11 crosses), never decreasing, 0..{MAX_POINTS}")
    th, gp = layout.green_thresholds, layout.green_points
    if not 1 <= len(th) <= MAX_CELLS:
        rep.add("rzuc.green-thresholds", f"the green area needs 1..{MAX_CELLS} cells")
    if any(not 1 <= t <= 6 for t in th):
        rep.add("rzuc.green-thresholds", "green thresholds are 1..6")
    if len(gp) != len(th) + 1 or list(gp) != sorted(gp) or not 0 <= gp[0] <= gp[-1] <= MAX_POINTS:
        rep.add("rzuc.green-points", "green points: one entry per crossed count 0..cells, never decreasing, "
                f"0..{MAX_POINTS}")
    if not 1 <= len(layout.orange_multipliers) <= MAX_CELLS:
        rep.add("rzuc.orange-multipliers", f"the orange area needs 1..{MAX_CELLS} cells")
    if any(not 1 <= m <= MAX_MULTIPLIER for m in layout.orange_multipliers):
        rep.add("rzuc.orange-multipliers", f"orange multipliers are 1..{MAX_MULTIPLIER}")
    if not 1 <= layout.purple_cells <= MAX_CELLS:
        rep.add("rzuc.purple-cells", f"the purple area needs 1..{MAX_CELLS} cells")
    for area, pairs, n in (("green", layout.green_bonuses, len(th)),
                           ("orange", layout.orange_bonuses, len(layout.orange_multipliers)),
                           ("purple", layout.purple_bonuses, layout.purple_cells)):
        for cell, _ in pairs:
            if not 1 <= cell <= n:
                rep.add("rzuc.bonus-cell", f"{area} bonus on cell {cell}, which does not exist (1..{n})")
    if reference is not None:
        _check_against(layout, reference, rep)
    return rep


def _check_against(layout: Layout, ref: Layout, rep: Report) -> None:
    same = [("rounds", "rounds"), ("round_bonuses", "round bonuses"), ("choice", "round-4 choice"),
            ("reroll_track", "re-roll track"), ("plus_track", "+1 track"),
            ("yellow_column_points", "yellow column points"), ("yellow_diagonal_bonus", "diagonal bonus"),
            ("blue_grid", "blue grid"), ("blue_points", "blue points"), ("green_thresholds", "green thresholds"),
            ("green_points", "green points"), ("orange_multipliers", "orange multipliers"),
            ("purple_cells", "purple cells")]
    for attr, label in same:
        if getattr(layout, attr) != getattr(ref, attr):
            rep.add("rzuc.variant-keeps", f"a variant keeps the standard {label}")
    pairs = [("yellow rows", layout.yellow_row_bonuses, ref.yellow_row_bonuses),
             ("blue rows", layout.blue_row_bonuses, ref.blue_row_bonuses),
             ("blue columns", layout.blue_column_bonuses, ref.blue_column_bonuses),
             ("green", [b for _, b in layout.green_bonuses], [b for _, b in ref.green_bonuses]),
             ("orange", [b for _, b in layout.orange_bonuses], [b for _, b in ref.orange_bonuses]),
             ("purple", [b for _, b in layout.purple_bonuses], [b for _, b in ref.purple_bonuses])]
    for label, mine, theirs in pairs:
        if sorted(mine) != sorted(theirs):
            rep.add("rzuc.variant-bonuses", f"{label}: a variant moves the standard bonuses, it does not "
                    f"change them ({sorted(mine)} vs {sorted(theirs)})")
    for label, mine_p, ref_p in (("green", layout.green_bonuses, ref.green_bonuses),
                                 ("orange", layout.orange_bonuses, ref.orange_bonuses),
                                 ("purple", layout.purple_bonuses, ref.purple_bonuses)):
        first = min((c for c, _ in ref_p), default=1)
        if any(c < first for c, _ in mine_p):
            rep.add("rzuc.variant-bonuses", f"{label}: no bonus before cell {first} (as on the standard sheet)")


# ---------------------------------------------------------------------------------------------
# A filled sheet (JSON): parse, check, score
# ---------------------------------------------------------------------------------------------

@dataclass
class Filled:
    """A filled sheet as read from JSON, before it becomes a `Sheet`."""

    layout: Layout
    yellow: list[tuple[int, int]]
    blue: list[int]
    green: list[int] | int
    orange: list[int]
    purple: list[int]
    reroll: tuple[int, int]  # gained, used
    plus: tuple[int, int]
    foxes: int | None
    source: str = "filled sheet"  # the file it was read from, for messages


#: the keys of a filled sheet's body (what `sheet_to_filled_json` writes; "player" is the seat a
#: hand-made sheet may name) and the kinds of their values
FILLED_FIELDS: dict[str, Kind] = {"layout": (STR, OBJECT), "yellow": LIST, "blue": LIST, "green": (INT, LIST),
                                  "orange": LIST, "purple": LIST, "reroll": OBJECT, "plus": OBJECT,
                                  "foxes": (INT, NULL), "player": INT}
TRACK_MARK_FIELDS: dict[str, Kind] = {"gained": INT, "used": INT}
#: the keys of a pad's body (what `sheet` writes into setup.json: setup.Setup.to_json) and of its
#: balance record (setup.Balance.to_json, sequential.Plan.to_json)
PAD_FIELDS: dict[str, Kind] = {"players": INT, "variant": STR, "rounds": INT, "layout": (STR, OBJECT),
                               "balance": (OBJECT, NULL)}
BALANCE_FIELDS: dict[str, Kind] = {"reference": STR, "bot": STR, "players": INT, "standard_mean": NUMBER,
                                   "variant_mean": NUMBER, "gap": NUMBER, "interval": LIST, "games": INT,
                                   "test": OBJECT, "tries": INT, "rejected": LIST}
PLAN_FIELDS: dict[str, Kind] = {"tolerance": NUMBER, "error_rate": NUMBER, "step": INT, "max_games": INT,
                                "futility_slack": NUMBER, "confidence": NUMBER}
REJECTED_FIELDS: dict[str, Kind] = {"gap": NUMBER, "games": INT, "reason": STR}
#: the bound of a number a person writes on a sheet (far beyond a real one: the rules judge it)
MAX_MARK = 10**6


def _looks_like_pad(body: Any) -> bool:
    return isinstance(body, dict) and ("variant" in body or "balance" in body)


def parse_pad_layout(body: Any, source: str, where: str = "setup") -> Layout:
    """The layout of a pad file (the setup.json `sheet` writes), read strictly: every key of the
    body and of its balance record is known and of its type, or a one-line UserInputError naming
    the field. A filled sheet is named as such (`score` reads it)."""
    f = Fields(source)
    if (isinstance(body, dict) and not _looks_like_pad(body) and set(body) <= set(FILLED_FIELDS)
            and set(body) - {"layout"}):  # marks, and no key of a pad
        f.fail("", "a filled sheet (marks to score), not a pad; `check --layout` reads the setup.json "
               "`rzuc-na-tace sheet` writes or a layout TOML, `score` reads this file")
    f.obj(body, where, PAD_FIELDS, (), "a pad")
    for key in ("players", "rounds"):
        if key in body:
            f.int_(body[key], at(where, key), 0, 100)
    balance = body.get("balance")
    if balance is not None:
        place = at(where, "balance")
        f.obj(balance, place, BALANCE_FIELDS)
        if "interval" in balance:
            f.list_(balance["interval"], at(place, "interval"), NUMBER, 2)
        if "test" in balance:
            f.obj(balance["test"], at(place, "test"), PLAN_FIELDS)
        for i, r in enumerate(f.list_(balance.get("rejected", []), at(place, "rejected"), max_len=10_000)):
            f.obj(r, at(at(place, "rejected"), i), REJECTED_FIELDS)
    lay = body.get("layout", "standard")
    if lay == "standard":
        return standard_layout()
    if not isinstance(lay, dict):
        f.fail(at(where, "layout"), f"expected \"standard\" or a layout object, got {describe(lay)}")
    return Layout.from_dict(lay, source=source, where=at(where, "layout"))


def parse_filled(body: Any, source: str = "filled sheet", where: str = "setup") -> Filled:
    """The `setup` body of a filled-sheet file, read strictly (core.fields): an unknown key or a
    wrong type anywhere is a one-line UserInputError naming the file and the field.

    Shape: {"layout": "standard" | {...}, "yellow": [[row, col], ...] (1-based), "blue": [sums],
    "green": count or [die values], "orange": [values], "purple": [values],
    "reroll": {"gained": n, "used": n}, "plus": {...}, "foxes": n (optional, checked)}.
    A pad written by `sheet` is named as such (it holds no marks to score).
    """
    f = Fields(source)
    if _looks_like_pad(body):
        f.fail("", "a pad written by `rzuc-na-tace sheet` (a layout, no marks), not a filled sheet; `score` reads "
               "a sheet with marks (as `play --out` writes), `check --layout` reads this file")
    f.obj(body, where, FILLED_FIELDS, (), "a filled sheet")
    lay = body.get("layout", "standard")
    if lay == "standard":
        layout = standard_layout()
    elif isinstance(lay, dict):
        layout = Layout.from_dict(lay, source=source, where=at(where, "layout"))
    else:
        f.fail(at(where, "layout"), f"expected \"standard\" or a layout object, got {describe(lay)}")

    def num(v: Any, place: str) -> int:
        return f.int_(v, place, -MAX_MARK, MAX_MARK)

    def nums(key: str) -> list[int]:
        place = at(where, key)
        return [num(x, at(place, i)) for i, x in enumerate(f.list_(body.get(key, []), place, max_len=1000))]

    yellow = []
    for i, rc in enumerate(f.list_(body.get("yellow", []), at(where, "yellow"), max_len=1000)):
        place = at(at(where, "yellow"), i)
        if not (isinstance(rc, list) and len(rc) == 2):
            f.fail(place, f"expected a [row, col] pair, got {describe(rc)}")
        yellow.append((num(rc[0], at(place, 0)), num(rc[1], at(place, 1))))
    g = body.get("green", 0)
    green: list[int] | int = nums("green") if isinstance(g, list) else num(g, at(where, "green"))

    def track(key: str) -> tuple[int, int]:
        v = f.obj(body.get(key, {"gained": 0, "used": 0}), at(where, key), TRACK_MARK_FIELDS)
        return num(v.get("gained", 0), at(where, f"{key}.gained")), num(v.get("used", 0), at(where, f"{key}.used"))

    foxes = body.get("foxes")
    return Filled(layout, yellow, nums("blue"), green, nums("orange"), nums("purple"),
                  track("reroll"), track("plus"), None if foxes is None else num(foxes, at(where, "foxes")),
                  source)


def check_filled(f: Filled) -> tuple[Report, Sheet]:
    """Every legality rule of the marks; the Sheet holds the legal part (for a partial score)."""
    rep = check_layout(f.layout)
    if not rep.ok:  # marks on an illegal sheet mean nothing (and its tables may not even build)
        raise UserInputError(f"{f.source}: its layout is not a legal sheet: {rep.violations[0]}"
                             + (f" (and {len(rep) - 1} more)" if len(rep) > 1 else ""))
    t = tables_for(f.layout)
    sh = Sheet.new(t)
    seen: set[tuple[int, int]] = set()
    for r, c in f.yellow:
        if not (1 <= r <= 4 and 1 <= c <= 4):
            rep.add("rzuc.yellow-cell", f"no yellow cell at row {r}, column {c}", (r, c))
        elif (r, c) in seen:
            rep.add("rzuc.yellow-cell", "yellow cell crossed twice", (r, c))
        elif f.layout.yellow_grid[r - 1][c - 1] == 0:
            rep.add("rzuc.yellow-cell", f"yellow cell at row {r}, column {c} is pre-crossed on the sheet: "
                                        "nobody crosses it", (r, c))
        else:
            seen.add((r, c))
            sh.ymask |= 1 << ((r - 1) * 4 + c - 1)
    bseen: set[int] = set()
    for s in f.blue:
        if s not in t.bpos:
            rep.add("rzuc.blue-sum", f"no blue cell for the sum {s} (2..12)", s)
        elif s in bseen:
            rep.add("rzuc.blue-sum", f"blue {s} crossed twice", s)
        else:
            bseen.add(s)
            sh.bmask |= 1 << (s - 2)
    if isinstance(f.green, int):
        if not 0 <= f.green <= t.gcells:
            rep.add("rzuc.green-threshold", f"green has {t.gcells} cells, not {f.green}")
        sh.gn = max(0, min(f.green, t.gcells))
    else:
        for i, v in enumerate(f.green):
            if i >= t.gcells:
                rep.add("rzuc.green-threshold", f"green has only {t.gcells} cells")
                break
            if not 1 <= v <= 6 or v < t.gthr[i]:
                rep.add("rzuc.green-threshold", f"green cell {i + 1} needs a die ≥ {t.gthr[i]}, got {v}", i + 1)
            sh.gn = i + 1
    for i, v in enumerate(f.orange):
        if i >= t.ocells:
            rep.add("rzuc.orange-value", f"orange has only {t.ocells} cells")
            break
        if not 1 <= v <= 6:
            rep.add("rzuc.orange-value", f"orange cell {i + 1}: a die value is 1..6, got {v}", i + 1)
        sh.ovals.append(v)
    for i, v in enumerate(f.purple):
        if i >= t.pcells:
            rep.add("rzuc.purple-rising", f"purple has only {t.pcells} cells")
            break
        if not 1 <= v <= 6:
            rep.add("rzuc.purple-rising", f"purple cell {i + 1}: a die value is 1..6, got {v}", i + 1)
        elif not sh.purple_ok(v):
            rep.add("rzuc.purple-rising", f"purple cell {i + 1}: {v} is not greater than {sh.pvals[-1]} "
                    "(only a 6 resets)", i + 1)
        sh.pvals.append(v)
    earned = sh.derived_track_gains()
    for k, (name, (gained, used), cap) in enumerate((("reroll", f.reroll, t.rr_max), ("plus", f.plus, t.pl_max))):
        if not 0 <= used <= gained <= cap:
            rep.add("rzuc.track", f"{name} track: 0 ≤ used ({used}) ≤ gained ({gained}) ≤ {cap}")
            continue
        # only the marks and the round track give re-rolls and +1s (a sheet may leave earned ones
        # uncircled: they score nothing, so only the impossible excess is a violation)
        if gained > earned[k] + t.round_gains[k]:
            rep.add("rzuc.track", f"{name} track: {gained} gained, but the marks earn {earned[k]} and the "
                    f"round track gives at most {t.round_gains[k]}")
    sh.rr_gain, sh.rr_used = f.reroll
    sh.pl_gain, sh.pl_used = f.plus
    sh.foxes = sh.derived_foxes()
    if f.foxes is not None and f.foxes != sh.foxes:
        rep.add("rzuc.fox-count", f"the sheet's marks earn {sh.foxes} foxes, not {f.foxes}")
    return rep, sh


def sheet_to_filled_json(sh: Sheet, layout_ref: str | dict[str, Any] = "standard") -> dict[str, Any]:
    """A Sheet as the filled-sheet JSON body (the engine's end state can be scored by `score`)."""
    t = sh.t
    yellow = [[i // 4 + 1, i % 4 + 1] for i in range(16) if sh.ymask >> i & 1 and not t.ypre >> i & 1]
    return {"layout": layout_ref, "yellow": yellow,
            "blue": [s for s in range(2, 13) if sh.bmask >> (s - 2) & 1],
            "green": sh.gn, "orange": list(sh.ovals), "purple": list(sh.pvals),
            "reroll": {"gained": sh.rr_gain, "used": sh.rr_used},
            "plus": {"gained": sh.pl_gain, "used": sh.pl_used}, "foxes": sh.foxes}
