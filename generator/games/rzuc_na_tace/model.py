"""The data of a Rzuć na tacę score sheet: its layout (standard or a variant) as plain values.

The layout is content, not code: the standard sheet lives in `data/standard.toml` and a variant is
the same structure with its yellow grid and bonus positions reshuffled. `Layout` only parses and
type-checks (a user may hand us a TOML or a hand-edited JSON); whether a layout is *playable*
(each yellow value twice, bonus counts kept, …) is decided by `rules.check_layout`, in one place.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError
from generator.core.fields import INT, LIST, OBJECT, STR, Fields, Kind, at, describe

GAME = "rzuc-na-tace"
DATA = Path(__file__).parent / "data"

AREAS = ("yellow", "blue", "green", "orange", "purple")
DICE = ("white", "yellow", "blue", "green", "orange", "purple")

#: Every bonus a sheet can print. orange_N / purple_N write N in the next cell of that area.
BONUSES = ("reroll", "plus", "fox", "yellow_x", "blue_x", "green_x",
           *(f"orange_{n}" for n in range(1, 7)), *(f"purple_{n}" for n in range(1, 7)))


@dataclass(frozen=True)
class Layout:
    """One score sheet's printed structure. Cell numbers in the bonus maps count from 1."""

    name: str
    rounds: tuple[tuple[int, int], ...]  # (players, rounds), sorted
    round_bonuses: tuple[str, ...]
    choice: tuple[str, ...]
    reroll_track: int
    plus_track: int
    yellow_grid: tuple[tuple[int, ...], ...]
    yellow_row_bonuses: tuple[str, ...]
    yellow_column_points: tuple[int, ...]
    yellow_diagonal_bonus: str
    blue_grid: tuple[tuple[int, ...], ...]
    blue_row_bonuses: tuple[str, ...]
    blue_column_bonuses: tuple[str, ...]
    blue_points: tuple[int, ...]
    green_thresholds: tuple[int, ...]
    green_points: tuple[int, ...]
    green_bonuses: tuple[tuple[int, str], ...]
    orange_multipliers: tuple[int, ...]
    orange_bonuses: tuple[tuple[int, str], ...]
    purple_cells: int
    purple_bonuses: tuple[tuple[int, str], ...]

    # -- conversions -----------------------------------------------------------------------
    @classmethod
    def from_dict(cls, d: Any, source: str = "layout", where: str = "") -> Layout:
        """Parse the TOML/JSON shape strictly (core.fields): a missing key, an unknown key at any
        level or a wrong type is a one-line UserInputError naming the field ("yellow.grid[1][2]",
        or "setup.layout.yellow.grid[1][2]" for a layout inside a setup file at `where`)."""
        p = _Parser(source)
        d = p.obj(d, where or "layout", LAYOUT_FIELDS, tuple(k for k in LAYOUT_FIELDS if k != "name"), "a layout")
        w = where
        y, b, g, o, pu = (p.obj(d[k], at(w, k), AREA_FIELDS[k], AREA_REQUIRED[k]) for k in AREAS)
        tracks = p.obj(d["tracks"], at(w, "tracks"), TRACK_FIELDS, tuple(TRACK_FIELDS))
        rounds: dict[int, int] = {}
        for k, v in d["rounds"].items():
            if not (k.isascii() and k.isdigit() and len(k) < 4):
                p.fail(at(w, "rounds"), f"key {k!r} is not a player count")
            rounds[int(k)] = p.int_(v, at(at(w, "rounds"), k))
        return cls(
            name=d.get("name", "custom"),
            rounds=tuple(sorted(rounds.items())),
            round_bonuses=p.bonuses(d["round_bonuses"], at(w, "round_bonuses"), extra=("choice",)),
            choice=p.bonuses(d["choice"], at(w, "choice")),
            reroll_track=p.int_(tracks["reroll"], at(w, "tracks.reroll")),
            plus_track=p.int_(tracks["plus"], at(w, "tracks.plus")),
            yellow_grid=p.grid(y["grid"], at(w, "yellow.grid")),
            yellow_row_bonuses=p.bonuses(y["row_bonuses"], at(w, "yellow.row_bonuses")),
            yellow_column_points=p.ints(y["column_points"], at(w, "yellow.column_points")),
            yellow_diagonal_bonus=p.bonus(y["diagonal_bonus"], at(w, "yellow.diagonal_bonus")),
            blue_grid=p.grid(b["grid"], at(w, "blue.grid")),
            blue_row_bonuses=p.bonuses(b["row_bonuses"], at(w, "blue.row_bonuses")),
            blue_column_bonuses=p.bonuses(b["column_bonuses"], at(w, "blue.column_bonuses")),
            blue_points=p.ints(b["points"], at(w, "blue.points")),
            green_thresholds=p.ints(g["thresholds"], at(w, "green.thresholds")),
            green_points=p.ints(g["points"], at(w, "green.points")),
            green_bonuses=p.cell_bonuses(g.get("bonuses", {}), at(w, "green.bonuses")),
            orange_multipliers=p.ints(o["multipliers"], at(w, "orange.multipliers")),
            orange_bonuses=p.cell_bonuses(o.get("bonuses", {}), at(w, "orange.bonuses")),
            purple_cells=p.int_(pu["cells"], at(w, "purple.cells")),
            purple_bonuses=p.cell_bonuses(pu.get("bonuses", {}), at(w, "purple.bonuses")),
        )

    def to_dict(self) -> dict[str, Any]:
        """The same shape as data/standard.toml (string keys, so it round-trips through JSON)."""
        return {
            "name": self.name,
            "rounds": {str(k): v for k, v in self.rounds},
            "round_bonuses": list(self.round_bonuses),
            "choice": list(self.choice),
            "tracks": {"reroll": self.reroll_track, "plus": self.plus_track},
            "yellow": {"grid": [list(r) for r in self.yellow_grid],
                       "row_bonuses": list(self.yellow_row_bonuses),
                       "column_points": list(self.yellow_column_points),
                       "diagonal_bonus": self.yellow_diagonal_bonus},
            "blue": {"grid": [list(r) for r in self.blue_grid],
                     "row_bonuses": list(self.blue_row_bonuses),
                     "column_bonuses": list(self.blue_column_bonuses),
                     "points": list(self.blue_points)},
            "green": {"thresholds": list(self.green_thresholds), "points": list(self.green_points),
                      "bonuses": {str(c): bn for c, bn in self.green_bonuses}},
            "orange": {"multipliers": list(self.orange_multipliers),
                       "bonuses": {str(c): bn for c, bn in self.orange_bonuses}},
            "purple": {"cells": self.purple_cells,
                       "bonuses": {str(c): bn for c, bn in self.purple_bonuses}},
        }

    def rounds_for(self, players: int) -> int:
        table = dict(self.rounds)
        if players not in table:
            raise UserInputError(f"{players} players: the sheet has rounds for "
                                 f"{', '.join(map(str, sorted(table)))} players only")
        return table[players]

    @property
    def green_cells(self) -> int:
        return len(self.green_thresholds)

    @property
    def orange_cells(self) -> int:
        return len(self.orange_multipliers)


#: the keys of a layout (data/standard.toml, `Layout.to_dict`) and of its tables, with their kinds
LAYOUT_FIELDS: dict[str, Kind] = {"name": STR, "rounds": OBJECT, "round_bonuses": LIST, "choice": LIST,
                                  "tracks": OBJECT, **{a: OBJECT for a in AREAS}}
TRACK_FIELDS: dict[str, Kind] = {"reroll": INT, "plus": INT}
AREA_FIELDS: dict[str, dict[str, Kind]] = {
    "yellow": {"grid": LIST, "row_bonuses": LIST, "column_points": LIST, "diagonal_bonus": STR},
    "blue": {"grid": LIST, "row_bonuses": LIST, "column_bonuses": LIST, "points": LIST},
    "green": {"thresholds": LIST, "points": LIST, "bonuses": OBJECT},
    "orange": {"multipliers": LIST, "bonuses": OBJECT},
    "purple": {"cells": INT, "bonuses": OBJECT},
}
AREA_REQUIRED = {k: tuple(f for f in v if f != "bonuses") for k, v in AREA_FIELDS.items()}
#: the most cells or rows a list of a layout may hold
MAX_LIST = 1000


class _Parser(Fields):
    """The typed readers of a layout (core.fields, plus bonus names and cell-number tables)."""

    def ints(self, v: Any, where: str) -> tuple[int, ...]:
        if not isinstance(v, list) or not v:
            self.fail(where, f"expected a non-empty list of whole numbers, got {describe(v)}")
        self.list_(v, where, max_len=MAX_LIST)
        return tuple(self.int_(x, at(where, i)) for i, x in enumerate(v))

    def grid(self, v: Any, where: str) -> tuple[tuple[int, ...], ...]:
        rows = self.list_(v, where, LIST, MAX_LIST)
        if not rows:
            self.fail(where, "expected a non-empty list of rows")
        return tuple(tuple(self.int_(x, at(at(where, r), c))
                           for c, x in enumerate(self.list_(row, at(where, r), max_len=MAX_LIST)))
                     for r, row in enumerate(rows))

    def bonus(self, v: Any, where: str, extra: tuple[str, ...] = ()) -> str:
        if v not in BONUSES and v not in extra:
            self.fail(where, f"unknown bonus {describe(v)} (known: {', '.join(BONUSES + extra)})")
        return v  # type: ignore[no-any-return]

    def bonuses(self, v: Any, where: str, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
        self.list_(v, where, max_len=MAX_LIST)
        return tuple(self.bonus(x, at(where, i), extra) for i, x in enumerate(v))

    def cell_bonuses(self, v: Any, where: str) -> tuple[tuple[int, str], ...]:
        out = []
        for k, bn in self.mapping(v, where).items():
            if not (k.isascii() and k.isdigit() and len(k) < 7):
                self.fail(where, f"key {k!r} is not a cell number")
            out.append((int(k), self.bonus(bn, at(where, k))))
        return tuple(sorted(out))


def load_layout(path: str | Path) -> Layout:
    """A layout from a TOML file (the standard one or a user's)."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserInputError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserInputError(f"{p}: cannot read ({exc.__class__.__name__})") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserInputError(f"{p}: not valid TOML ({exc})") from None
    return Layout.from_dict(data, source=p.name)


@cache
def standard_layout() -> Layout:
    """The standard sheet of DIGEST section 3 (parsed once)."""
    return load_layout(DATA / "standard.toml")
