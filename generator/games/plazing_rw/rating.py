"""How hard is a beach? A board rated on the scale of printed boards 1-4 by the bots.

A designer wants to know, before printing fifty copies, whether their beach plays like board 2 or
is harder than board 4. The answer is measured the way a random beach is accepted for a fair pad
(fairness.py), on the same dice: game i of every board uses dice stream i (`fairness.crn_seed`),
and the printed boards' greedy scores on those streams are the stored references.

* **Like board N**: the sequential test of the fair pads (`fairness.sequential_test` with
  `fairness.params(N)`, exactly as `--difficulty N` accepts a random beach): accepted means the
  greedy solo mean lies within ±5 % of board N's, with the pads' error rate.
* **Estimate and interval**: the same control-variate estimate, at one look after `max_games`
  games against each printed board (the test's own arithmetic, `first_look = look = max_games`);
  the rating reports the sharpest of the four (the narrowest interval: the reference whose scores
  move most with the board's on the shared dice; for a printed board, its own).
* **Place**: where the estimate falls among the printed boards' means, hardest (lowest mean) to
  easiest: "board 2" when it is accepted as board 2 (the nearest such board when several
  accept it), else "between board 1 and board 2", "harder than board 4" or "easier than board 3".
* **Playouts**: random and greedy solo games as `check` plays them (core.playout): mean, min,
  max, dead rolls per game and the share of games with a dead roll.

The greedy games are played once and shared by all eight comparisons (they read the same stream).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.core.playout import run_playouts
from generator.core.rng import make_rng

from .engine import new_game
from .fairness import DIFFICULTIES, Decision, crn_seed, params, play_greedy, reference, sequential_test
from .model import Board


class _SharedStream:
    """Greedy scores on dice streams 0, 1, 2, ... played once, read by any number of tests."""

    def __init__(self, board: Board, hard: bool, mirror: bool) -> None:
        self.board, self.hard, self.mirror = board, hard, mirror
        self.scores: list[int] = []

    def reader(self) -> Iterator[int]:
        i = 0
        while True:
            while len(self.scores) <= i:
                n = len(self.scores)
                self.scores.append(play_greedy(self.board, crn_seed(n), self.hard, self.mirror))
            yield self.scores[i]
            i += 1


@dataclass(frozen=True)
class Rating:
    """A board on the scale of printed boards 1-4 (module doc), with its playout figures."""

    estimate: float
    low: float
    high: float
    games: int
    against: str  # the printed board of the sharpest comparison
    place: Place
    like: tuple[str, ...]  # printed boards whose ±5 % band the sequential test accepted it in
    tests: dict[str, Decision]  # the sequential test against each printed board
    means: dict[str, float]  # each printed board's stored greedy mean
    playouts: dict[str, dict[str, Any]]
    greedy_games: int  # greedy games played on the shared dice (for the bench)

    def to_json(self) -> dict[str, Any]:
        return {"estimate": round(self.estimate, 2), "interval": [round(self.low, 2), round(self.high, 2)],
                "games": self.games, "against": self.against, "place": self.place.text(),
                "place_kind": self.place.kind, "place_boards": list(self.place.boards), "like": list(self.like),
                "boards": {n: {"mean": round(m, 2), "test": self.tests[n].to_json()} for n, m in self.means.items()},
                "playouts": self.playouts}

    def describe(self, lang: str = "en") -> str:
        """One line for a sheet's small print or `check`: the place, the estimate and its interval."""
        place = self.place.text(lang)
        if lang == "pl":
            return (f"trudność: {place} (średnia bota {self.estimate:.1f}, przedział {self.low:.1f}–{self.high:.1f}, "
                    f"{self.games} gier)")
        return f"difficulty: {place} (bot mean {self.estimate:.1f}, interval {self.low:.1f}–{self.high:.1f}, " \
               f"{self.games} games)"


@dataclass(frozen=True)
class Place:
    """Where a board falls among the printed boards: `kind` is "as" (accepted as board N), "between"
    (two boards), "harder" (than the hardest) or "easier" (than the easiest)."""

    kind: str
    boards: tuple[str, ...]

    def text(self, lang: str = "en") -> str:
        b = self.boards
        if lang == "pl":
            return {"as": f"jak plansza {b[0]}", "between": f"między planszą {b[0]} a planszą {b[-1]}",
                    "harder": f"trudniejsza niż plansza {b[0]}", "easier": f"łatwiejsza niż plansza {b[0]}"}[self.kind]
        return {"as": f"board {b[0]}", "between": f"between board {b[0]} and board {b[-1]}",
                "harder": f"harder than board {b[0]}", "easier": f"easier than board {b[0]}"}[self.kind]


def place_on_scale(estimate: float, means: dict[str, float], like: tuple[str, ...]) -> Place:
    """Where `estimate` falls among the printed boards' means (module doc: "Place")."""
    if like:
        return Place("as", (min(like, key=lambda n: (abs(means[n] - estimate), n)),))
    order = sorted(means, key=lambda n: means[n])  # hardest (lowest greedy mean) first
    if estimate < means[order[0]]:
        return Place("harder", (order[0],))
    if estimate > means[order[-1]]:
        return Place("easier", (order[-1],))
    for a, b in zip(order, order[1:], strict=False):
        if means[a] <= estimate <= means[b]:
            return Place("between", (a, b))
    raise AssertionError("unreachable")  # pragma: no cover


def _figures(report: Any) -> dict[str, Any]:
    seat = report.seat_stats()[0] if report.players else {"mean": 0, "min": 0, "max": 0}
    dead = report.extras.get("dead_rolls", [])
    return {"games": report.games, "completed": report.completed, "mean": seat["mean"], "min": seat["min"],
            "max": seat["max"], "dead_rolls": round(sum(dead) / len(dead), 3) if dead else 0.0,
            "games_with_dead_roll": round(sum(1 for d in dead if d) / len(dead), 4) if dead else 0.0}


def rate_board(board: Board, hard: bool = False, mirror: bool = False, playouts: int = 200, seed: int = 0,
               jobs: int | None = 1) -> Rating:
    """Rate a legal board (check it first: `board_file.check_custom_board`) on the printed boards'
    scale, plus `playouts` random and greedy solo games for the usual figures (module doc)."""
    shared = _SharedStream(board, hard, mirror)
    tests: dict[str, Decision] = {}
    fixed: dict[str, Decision] = {}
    means: dict[str, float] = {}
    for n in DIFFICULTIES:
        key = str(n)
        ref = reference(n, hard, mirror)
        p = params(n)
        means[key] = ref.mean
        tests[key] = sequential_test(shared.reader(), ref, p)
        full = min(int(p["max_games"]), len(ref.scores))
        fixed[key] = sequential_test(shared.reader(), ref, {**p, "first_look": full, "look": full})
    against = min(fixed, key=lambda k: (fixed[k].high - fixed[k].low, k))
    best = fixed[against]
    like = tuple(k for k, d in tests.items() if d.accepted)
    figures = {}
    for bot in ("random", "greedy"):
        rep = run_playouts(lambda rng: new_game(board, rng, hard, mirror), playouts,
                           make_rng(seed, "plazing-rw", "rate", bot).randrange(2**40), bot, jobs=jobs)
        figures[bot] = _figures(rep)
    return Rating(estimate=best.estimate, low=best.low, high=best.high, games=best.games, against=against,
                  place=place_on_scale(best.estimate, means, like), like=like, tests=tests, means=means,
                  playouts=figures, greedy_games=len(shared.scores))
