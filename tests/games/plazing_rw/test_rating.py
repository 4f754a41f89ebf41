"""Rating a beach on the printed boards' scale: each printed board, read from its exported file,
rates as itself; the place between boards; the playout figures."""

from __future__ import annotations

import pytest

from generator.games.plazing_rw.board_file import export_board, parse_board_text
from generator.games.plazing_rw.fairness import reference
from generator.games.plazing_rw.model import Board, boards
from generator.games.plazing_rw.rating import Place, place_on_scale, rate_board


@pytest.mark.parametrize("n", ["1", "2", "3", "4"])
def test_printed_board_as_a_file_rates_as_itself(n: str) -> None:
    board = parse_board_text(export_board(boards()[n], f"board {n}"), "mine.toml")
    r = rate_board(board, playouts=10)
    assert r.place == Place("as", (n,))
    assert n in r.like and r.tests[n].accepted
    assert r.against == n and r.low <= reference(int(n)).mean <= r.high
    assert r.describe("en").startswith(f"difficulty: board {n} (bot mean")
    assert r.describe("pl").startswith(f"trudność: jak plansza {n} (średnia bota")
    for bot in ("random", "greedy"):
        fig = r.playouts[bot]
        assert fig["completed"] == fig["games"] == 10
        assert fig["min"] <= fig["mean"] <= fig["max"]
        assert fig["dead_rolls"] >= 0
    assert r.greedy_games >= r.games
    j = r.to_json()
    assert j["place"] == f"board {n}" and set(j["boards"]) == {"1", "2", "3", "4"}


def test_place_between_and_beyond() -> None:
    means = {"1": 34.1, "2": 42.4, "3": 43.5, "4": 18.5}
    assert place_on_scale(25.0, means, ()) == Place("between", ("4", "1"))
    assert place_on_scale(38.0, means, ()).text() == "between board 1 and board 2"
    assert place_on_scale(38.0, means, ()).text("pl") == "między planszą 1 a planszą 2"
    assert place_on_scale(10.0, means, ()).text() == "harder than board 4"
    assert place_on_scale(60.0, means, ()).text() == "easier than board 3"
    assert place_on_scale(43.0, means, ("2", "3")) == Place("as", ("3",))


def test_a_harder_beach_rates_below_its_source() -> None:
    """Board 1 with most of its resources taken away scores less: its rating is not board 1 and
    its estimate is below board 1's mean."""
    rows = [r.replace("a", ".").replace("s", ".") for r in boards()["1"].rows]
    rows[1] = ".......s.."
    rows[2] = ".a........"
    poor = Board(id="poor", rows=tuple(rows))
    r = rate_board(poor, playouts=5)
    assert r.estimate < reference(1).mean
    assert r.place != Place("as", ("1",))


def test_a_narrow_beach_rates_between_two_printed_boards() -> None:
    """A 7x10 beach (in the size range) plays on the same dice and lands between board 4 and
    board 1: far from both (18.5 and 34.1 points), so the test is not a coin toss."""
    rows = [".......", ".a..s..", "...p...", ".s...a.", "...p...", ".a...s.", "..p....", ".......", "..s.a..",
            "......."]
    board = parse_board_text(export_board(Board(id="n", rows=tuple(rows), name={"en": "Narrow"})), "n.toml")
    r = rate_board(board, playouts=5)
    assert r.place == Place("between", ("4", "1")) and not r.like
    assert reference(4).mean < r.low <= r.high < reference(1).mean
    assert r.describe().startswith("difficulty: between board 4 and board 1")
    assert r.playouts["greedy"]["dead_rolls"] > 0  # a narrow beach runs out of room for some shapes
