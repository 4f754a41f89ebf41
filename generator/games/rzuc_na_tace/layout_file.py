"""Your own Rzuć na tacę sheet: a layout in a file, exported, read and rated against the standard.

The file format is data/standard.toml's (what `check --layout FILE.toml` reads, `Layout.from_dict`
strictly: every key below is required but `name` and the areas' `bonuses`, and no other key is
allowed). Bonus names: reroll, plus (the +1 action), fox, yellow_x, blue_x, green_x (a free
cross), orange_N / purple_N (write N in the next cell of that area); cell numbers count from 1.

    name = "my sheet"                          # "variant" makes `check` hold it to the standard's
    rounds = { 1 = 6, 2 = 6, 3 = 5, 4 = 4 }    # players -> rounds (1, 2, 3 and 4 players)
    round_bonuses = ["reroll", "plus", "reroll", "choice"]   # at the start of rounds 1, 2, 3, ...
    choice = ["yellow_x", "blue_x", "green_x", "orange_6", "purple_6"]   # what "choice" offers
    [tracks]   reroll = 7, plus = 7            # boxes on the re-roll and +1 tracks
    [yellow]   grid (4x4, 0 = pre-crossed, each 1..6 twice), row_bonuses (4),
               column_points (4), diagonal_bonus
    [blue]     grid (3x4 sums 2..12, 0 = the missing cell), row_bonuses (3), column_bonuses (4),
               points (for 0..11 crosses)
    [green]    thresholds (die >= value, left to right), points (for 0..n crosses), bonuses
    [orange]   multipliers (per cell), bonuses
    [purple]   cells, bonuses

`export_layout` writes any layout (the standard sheet, a random variant) in this format with the
explanation as comments, so a user starts from a sheet that works; reading it back gives the same
layout. `rate_layout` judges a layout against the standard sheet with the test the random variants
pass (sequential.py as it is, data/balance.toml's ±5 % band and error rate, on the standard's
stored balancing games): the sheet can say whether it is within the band.

A sheet printed from a file is coded as its base code followed by `~L<digest>` (`mark_code`):
the 6-character fingerprint of the layout's content (`layout_digest`, as Plażing's custom
catalogs and beaches are marked), so that reproducing it asks for the same file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.checks import Report
from generator.core.data import load_toml
from generator.games.plazing.model import content_digest

from .model import Layout, standard_layout
from .rules import check_layout
from .sequential import Plan, Verdict
from .setup import DEFAULT_BALANCE_GAMES, balance_settings, judge_candidate, reference_scores

# --- writing ----------------------------------------------------------------------------------------


def _value(v: Any) -> str:
    """A TOML value of a layout: text, a whole number, or a list of them."""
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, bool):  # pragma: no cover - a layout has none
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    raise TypeError(f"not a layout value: {v!r}")  # pragma: no cover


def _table(d: dict[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in d.items()) + " }"


_NOTES = {
    "tracks": "# boxes on the re-roll and +1 tracks",
    "yellow": "# grid: 4x4, 0 marks a pre-crossed cell (one per row and column), every value 1..6 twice;\n"
              "# row_bonuses and column_points per row / column; diagonal_bonus for the main diagonal",
    "blue": "# grid: the sums of the blue and white dice, 0 marks the missing cell;\n"
            "# points: for 0, 1, 2, ... crosses",
    "green": "# thresholds: the die must show at least this, left to right; points: for 0, 1, ... crosses",
    "orange": "# multipliers: per cell, left to right",
    "purple": "# cells: how many; each value higher than the one before, except after a 6",
}


def export_layout(layout: Layout, origin: str = "") -> str:
    """The layout as a TOML file `check --layout` and `sheet --layout` read (module doc)."""
    d = layout.to_dict()
    out = [
        "# Rzuć na tacę: one score sheet, as `boardgen rzuc-na-tace sheet --layout FILE` prints it.",
        f"# Exported from {origin}." if origin else "# A sheet layout.",
        "# Check it after editing: `boardgen rzuc-na-tace check --layout FILE`.",
        "# Bonus names: reroll, plus (the +1 action), fox, yellow_x, blue_x, green_x (a free cross),",
        "# orange_N / purple_N (write N in the next cell). Cell numbers in bonuses count from 1.",
        "",
        f"name = {_value(d['name'])}",
        "# players -> rounds",
        f"rounds = {_table(d['rounds'])}",
        "# given at the start of rounds 1, 2, 3, ...; \"choice\" offers one of the choice list",
        f"round_bonuses = {_value(d['round_bonuses'])}",
        f"choice = {_value(d['choice'])}",
    ]
    for area in ("tracks", "yellow", "blue", "green", "orange", "purple"):
        out += ["", f"[{area}]", _NOTES[area]]
        for k, v in d[area].items():
            if k == "grid":
                out.append("grid = [")
                out += [f"  {_value(row)}," for row in v]
                out.append("]")
            elif k == "bonuses":
                out.append(f"bonuses = {_table(v)}" if v else "bonuses = {}")
            else:
                out.append(f"{k} = {_value(v)}")
    return "\n".join(out) + "\n"


def read_layout_file(path: str | Path) -> Layout:
    """A layout TOML read as `check --layout` reads one: bounded (core.data.load_toml), strict
    (`Layout.from_dict`), a one-line UserInputError naming the file and the field."""
    p = Path(path)
    return Layout.from_dict(load_toml(p), source=p.name)


def check_layout_file(layout: Layout) -> Report:
    """The rules a printed layout keeps: `rules.check_layout`, held to the standard sheet's
    structure when the layout calls itself a variant (as `check --layout` does)."""
    return check_layout(layout, reference=standard_layout() if layout.name == "variant" else None)


def layout_digest(layout: Layout) -> str:
    """Six upper-case hex characters that change with anything printed or played of the layout."""
    return content_digest(layout.to_dict())


def mark_code(code: str, layout: Layout) -> str:
    """The code printed on the pages of a sheet from a file: the base code, then ~L<digest>."""
    return f"{code}~L{layout_digest(layout)}"


# --- rating ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LayoutRating:
    """A layout's solo greedy mean against the standard sheet's, by the variants' sequential test."""

    verdict: Verdict
    plan: Plan

    @property
    def within(self) -> bool:
        """Shown within ±tolerance of the standard sheet's mean (the test accepted it)."""
        return self.verdict.accepted

    def to_json(self) -> dict[str, Any]:
        return {"reference": "standard", "bot": "greedy", "players": 1, "within_band": self.within,
                **self.verdict.to_json(), "test": self.plan.to_json()}

    def describe(self, lang: str = "en") -> str:
        """One line for the sheet's small print: the gap, its interval and the verdict."""
        v, tol = self.verdict, self.plan.tolerance
        gap, lo, hi = 100 * v.estimate, 100 * v.low, 100 * v.high
        if lang == "pl":
            verdict = {"in": "w granicach", "out": "poza granicami"}.get(v.reason, "nie wykazano, że w granicach")
            return (f"względem arkusza standardowego: {gap:+.1f}% (przedział {lo:+.1f}%…{hi:+.1f}%, {v.games} gier), "
                    f"{verdict} ±{100 * tol:.0f}%")
        verdict = {"in": "within", "out": "outside"}.get(v.reason, "not shown within")
        return (f"against the standard sheet: {gap:+.1f}% (interval {lo:+.1f}%…{hi:+.1f}%, {v.games} games), "
                f"{verdict} ±{100 * tol:.0f}%")


def balance_plan(games: int = DEFAULT_BALANCE_GAMES) -> Plan:
    """The random variants' test plan (data/balance.toml) for at most `games` paired games."""
    b = balance_settings()
    return Plan(tolerance=b["tolerance"], error_rate=b["error_rate"], step=b["step"], max_games=games,
                futility_slack=b["futility_slack"])


def rate_layout(layout: Layout, games: int = DEFAULT_BALANCE_GAMES,
                reference: Sequence[float] | None = None) -> LayoutRating:
    """Judge a (legal) layout against the standard sheet: the variants' sequential test on the
    standard's balancing games (`setup.reference_scores`, stored once per engine version)."""
    plan = balance_plan(games)
    refs = list(reference) if reference is not None else reference_scores(standard_layout(), games)
    return LayoutRating(judge_candidate(layout, plan, refs), plan)
