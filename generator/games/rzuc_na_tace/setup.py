"""Sheets to print: the standard one, or a randomized variant accepted only when it plays like it.

A variant reshuffles what the rules allow to move and keeps the rest (`rules.check_layout` with
the standard as reference says exactly what): the yellow pre-cross pattern (one per row and
column, none on the main diagonal) and its values (each 1..6 twice, never twice in one row or
column), the yellow row bonuses, the blue row and column bonuses, and the positions of the
green, orange and purple cell bonuses (not before the standard's first bonus cell).

Legal by construction, then checked; then balanced: solo greedy playouts on the variant and on
the standard sheet, with the same dice seeds (common random numbers, so a few hundred games
separate a real difference from noise), must give means within ±5 %. Candidates are bounded
(`max_tries`), and a sheet that cannot be balanced fails with GenerationError instead of looping.
"""

from __future__ import annotations

import dataclasses
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.core.checks import GenerationError
from generator.core.rng import CodeField, CodeSpec, make_rng
from generator.games.rzuc_na_tace.engine import State, play_greedy
from generator.games.rzuc_na_tace.model import Layout, standard_layout
from generator.games.rzuc_na_tace.rules import check_layout

VARIANTS = ("standard", "random")
CODE = CodeSpec("RT", (
    CodeField("players", (1, 2, 3, 4)),
    CodeField("variant", VARIANTS),
))
TOLERANCE = 0.05
DEFAULT_BALANCE_GAMES = 600
MAX_TRIES = 25
_YELLOW_TRIES = 500


@dataclass
class Balance:
    """How a variant was accepted: both means from the same run, and the candidates tried."""

    standard_mean: float
    variant_mean: float
    games: int
    tries: int
    rejected: list[float] = field(default_factory=list)  # relative gaps of rejected candidates

    @property
    def gap(self) -> float:
        return (self.variant_mean - self.standard_mean) / self.standard_mean

    def to_json(self) -> dict[str, Any]:
        return {"standard_mean": round(self.standard_mean, 2), "variant_mean": round(self.variant_mean, 2),
                "gap": round(self.gap, 4), "games": self.games, "tries": self.tries,
                "rejected_gaps": [round(g, 4) for g in self.rejected]}


@dataclass
class Setup:
    """What `sheet` prints: the layout, the options and (for a variant) its balance record."""

    layout: Layout
    players: int
    variant: str
    balance: Balance | None = None

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "variant": self.variant,
                "rounds": self.layout.rounds_for(self.players), "layout": self.layout.to_dict(),
                "balance": None if self.balance is None else self.balance.to_json()}


def random_yellow(rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A yellow grid: pre-crosses a permutation without fixed points (none on the main diagonal),
    values 1..6 twice with equal values in different rows and columns. Bounded retries."""
    perms = [p for p in _perms(4) if all(p[r] != r for r in range(4))]
    for _ in range(_YELLOW_TRIES):
        pre = perms[rng.randrange(len(perms))]
        values = [v for v in range(1, 7) for _ in range(2)]
        rng.shuffle(values)
        grid = [[0] * 4 for _ in range(4)]
        it = iter(values)
        for r in range(4):
            for c in range(4):
                if c != pre[r]:
                    grid[r][c] = next(it)
        if all(_spread_ok(grid, v) for v in range(1, 7)):
            return tuple(tuple(row) for row in grid)
    raise GenerationError(f"no yellow grid with equal values apart after {_YELLOW_TRIES} shuffles")


def _perms(n: int) -> list[tuple[int, ...]]:
    if n == 0:
        return [()]
    return [(i, *p) for p in _perms(n - 1) for i in range(n) if i not in p]


def _spread_ok(grid: list[list[int]], v: int) -> bool:
    cells = [(r, c) for r in range(4) for c in range(4) if grid[r][c] == v]
    return cells[0][0] != cells[1][0] and cells[0][1] != cells[1][1]


def _move_cell_bonuses(pairs: tuple[tuple[int, str], ...], cells: int, rng: random.Random
                       ) -> tuple[tuple[int, str], ...]:
    first = min(c for c, _ in pairs)
    spots = rng.sample(range(first, cells + 1), len(pairs))
    names = [b for _, b in pairs]
    rng.shuffle(names)
    return tuple(sorted(zip(spots, names, strict=True)))


def _shuffled(items: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def random_layout(rng: random.Random, reference: Layout | None = None) -> Layout:
    """One candidate variant of `reference` (legal by construction; checked before it is returned)."""
    ref = reference or standard_layout()
    lay = dataclasses.replace(
        ref, name="variant",
        yellow_grid=random_yellow(rng),
        yellow_row_bonuses=_shuffled(ref.yellow_row_bonuses, rng),
        blue_row_bonuses=_shuffled(ref.blue_row_bonuses, rng),
        blue_column_bonuses=_shuffled(ref.blue_column_bonuses, rng),
        green_bonuses=_move_cell_bonuses(ref.green_bonuses, ref.green_cells, rng),
        orange_bonuses=_move_cell_bonuses(ref.orange_bonuses, ref.orange_cells, rng),
        purple_bonuses=_move_cell_bonuses(ref.purple_bonuses, ref.purple_cells, rng),
    )
    rep = check_layout(lay, reference=ref)
    if not rep.ok:  # pragma: no cover - the construction above keeps every rule
        raise GenerationError(f"variant generator broke a rule: {rep.violations[0]}")
    return lay


def mean_score(layout: Layout, games: int, seed: int, players: int = 1) -> float:
    """Mean greedy score of seat 1 over `games` games; game i uses the same dice seed on every
    layout (common random numbers), so two layouts are compared on the same luck."""
    total = 0.0
    for i in range(games):
        state = State(players, make_rng(seed, "dice", str(i)), layout)
        play_greedy(state, make_rng(seed, "bot", str(i)))
        total += state.sheets[0].total()
    return total / games


def balanced_variant(seed: int, games: int = DEFAULT_BALANCE_GAMES, max_tries: int = MAX_TRIES,
                     tolerance: float = TOLERANCE, reference: Layout | None = None,
                     progress: Callable[[int], None] | None = None) -> tuple[Layout, Balance]:
    """The first candidate whose solo greedy mean is within `tolerance` of the reference's,
    both measured here on the same dice. GenerationError after `max_tries` candidates."""
    if games < 1 or max_tries < 1:
        raise GenerationError("balancing needs at least one game and one try")
    ref = reference or standard_layout()
    play_seed = make_rng(seed, "balance").randrange(2**40)
    base = mean_score(ref, games, play_seed)
    rng = make_rng(seed, "variant")
    rejected: list[float] = []
    for attempt in range(1, max_tries + 1):
        lay = random_layout(rng, ref)
        m = mean_score(lay, games, play_seed)
        if progress is not None:
            progress(attempt)
        gap = (m - base) / base
        if abs(gap) <= tolerance:
            return lay, Balance(base, m, games, attempt, rejected)
        rejected.append(gap)
    closest = min(rejected, key=abs)
    raise GenerationError(f"no variant within ±{tolerance:.0%} of the standard sheet's mean score "
                          f"({base:.1f}) after {max_tries} candidates (closest {closest:+.1%}); "
                          "try another seed or more --tries")


def generate(players: int, variant: str, seed: int, games: int = DEFAULT_BALANCE_GAMES,
             max_tries: int = MAX_TRIES, progress: Callable[[int], None] | None = None) -> Setup:
    """The setup for `sheet`: the standard layout, or a balanced random variant from `seed`."""
    if variant == "standard":
        return Setup(standard_layout(), players, variant)
    lay, bal = balanced_variant(seed, games, max_tries, progress=progress)
    return Setup(lay, players, variant, bal)


def spread(values: list[float]) -> dict[str, float]:
    return {"mean": round(statistics.fmean(values), 2), "min": min(values), "max": max(values)}
