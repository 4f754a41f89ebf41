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
    def from_dict(cls, d: Any, source: str = "layout") -> Layout:
        """Parse the TOML/JSON shape; UserInputError (one line) on a missing key or a wrong type."""
        p = _Parser(source)
        if not isinstance(d, dict):
            p.fail("", "must be a table/object")
        y, b, g, o, pu = (p.table(d, k) for k in ("yellow", "blue", "green", "orange", "purple"))
        tracks = p.table(d, "tracks")
        rounds_raw = p.table(d, "rounds")
        rounds: dict[int, int] = {}
        for k, v in rounds_raw.items():
            try:
                players = int(k)
            except ValueError:
                p.fail("rounds", f"key {k!r} is not a player count")
            rounds[players] = p.int_(v, f"rounds.{k}")
        return cls(
            name=str(d.get("name", "custom")),
            rounds=tuple(sorted(rounds.items())),
            round_bonuses=p.bonuses(d, "round_bonuses", extra=("choice",)),
            choice=p.bonuses(d, "choice"),
            reroll_track=p.int_(tracks.get("reroll"), "tracks.reroll"),
            plus_track=p.int_(tracks.get("plus"), "tracks.plus"),
            yellow_grid=p.grid(y, "yellow.grid"),
            yellow_row_bonuses=p.bonuses(y, "row_bonuses", "yellow."),
            yellow_column_points=p.ints(y, "column_points", "yellow."),
            yellow_diagonal_bonus=p.bonus(y.get("diagonal_bonus"), "yellow.diagonal_bonus"),
            blue_grid=p.grid(b, "blue.grid"),
            blue_row_bonuses=p.bonuses(b, "row_bonuses", "blue."),
            blue_column_bonuses=p.bonuses(b, "column_bonuses", "blue."),
            blue_points=p.ints(b, "points", "blue."),
            green_thresholds=p.ints(g, "thresholds", "green."),
            green_points=p.ints(g, "points", "green."),
            green_bonuses=p.cell_bonuses(g, "green"),
            orange_multipliers=p.ints(o, "multipliers", "orange."),
            orange_bonuses=p.cell_bonuses(o, "orange"),
            purple_cells=p.int_(pu.get("cells"), "purple.cells"),
            purple_bonuses=p.cell_bonuses(pu, "purple"),
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


class _Parser:
    """Small typed readers that turn a wrong type into a one-line UserInputError naming the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, msg: str) -> Any:
        where = f" {key}" if key else ""
        raise UserInputError(f"{self.source}:{where} {msg}")

    def table(self, d: dict[str, Any], key: str) -> dict[str, Any]:
        v = d.get(key)
        if not isinstance(v, dict):
            self.fail(key, "missing or not a table")
        return v  # type: ignore[return-value]

    def int_(self, v: Any, key: str) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(key, f"must be an integer, got {v!r}")
        return v

    def ints(self, d: dict[str, Any], key: str, prefix: str = "") -> tuple[int, ...]:
        v = d.get(key)
        if not isinstance(v, list) or not v:
            self.fail(prefix + key, "missing or not a list of integers")
        return tuple(self.int_(x, f"{prefix}{key}[{i}]") for i, x in enumerate(v))  # type: ignore[arg-type]

    def grid(self, d: dict[str, Any], key: str) -> tuple[tuple[int, ...], ...]:
        v = d.get(key.split(".")[-1])
        if not isinstance(v, list) or not v or not all(isinstance(r, list) for r in v):
            self.fail(key, "missing or not a list of rows")
        return tuple(tuple(self.int_(x, f"{key}[{r}][{c}]") for c, x in enumerate(row))
                     for r, row in enumerate(v))  # type: ignore[arg-type]

    def bonus(self, v: Any, key: str, extra: tuple[str, ...] = ()) -> str:
        if v not in BONUSES and v not in extra:
            self.fail(key, f"unknown bonus {v!r} (known: {', '.join(BONUSES + extra)})")
        return v  # type: ignore[no-any-return]

    def bonuses(self, d: dict[str, Any], key: str, prefix: str = "",
                extra: tuple[str, ...] = ()) -> tuple[str, ...]:
        v = d.get(key)
        if not isinstance(v, list):
            self.fail(prefix + key, "missing or not a list of bonus names")
        return tuple(self.bonus(x, f"{prefix}{key}[{i}]", extra) for i, x in enumerate(v))  # type: ignore[arg-type]

    def cell_bonuses(self, d: dict[str, Any], area: str) -> tuple[tuple[int, str], ...]:
        v = d.get("bonuses", {})
        if not isinstance(v, dict):
            self.fail(f"{area}.bonuses", "must be a table {cell: bonus}")
        out = []
        for k, bn in v.items():
            try:
                cell = int(k)
            except (TypeError, ValueError):
                self.fail(f"{area}.bonuses", f"key {k!r} is not a cell number")
            out.append((cell, self.bonus(bn, f"{area}.bonuses.{k}")))
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
