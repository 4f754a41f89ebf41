"""Benchmark: how long rating a custom Plażing roll&write beach takes (rating.rate_board).

Run: python bench/bench_custom_board.py [--board 2] [--playouts 200] [--repeat 3]
The beach is printed board N exported to a file, one square changed and read back (a custom
board: nothing of the printed board is cached for it). Printed: the rating's wall time, the greedy
games it played on the shared dice, and as the reference measured in the same run the time of
100 plain greedy games on the same board (the rating's cost in games: ratio = rating / 100 games
x 100). The machine is shared: the load average is printed; report the best of the repeats.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's generator, installed or not

from generator.games.plazing_rw.board_file import check_custom_board, export_board, parse_board_text  # noqa: E402
from generator.games.plazing_rw.fairness import crn_seed, play_greedy  # noqa: E402
from generator.games.plazing_rw.model import Board, boards  # noqa: E402
from generator.games.plazing_rw.rating import rate_board  # noqa: E402


def custom_beach(n: str) -> Board:
    """Printed board `n` exported, one sand square made a pebble (the first that keeps the board
    legal), read back from the text."""
    src = boards()[n]
    for y in range(1, len(src.rows) - 1):
        for x in range(1, len(src.rows[0]) - 1):
            if src.rows[y][x] != ".":
                continue
            rows = list(src.rows)
            rows[y] = rows[y][:x] + "p" + rows[y][x + 1:]
            text = export_board(Board(id="custom", rows=tuple(rows), closed_edges=src.closed_edges, north=src.north,
                                      bar_points=src.bar_points, name={"en": "Custom beach"}))
            board = parse_board_text(text, "custom.toml")
            if check_custom_board(board).ok:
                return board
    raise SystemExit(f"no legal one-square change of board {n}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="2", choices=sorted(boards()))
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    board = custom_beach(a.board)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    best_rate = best_ref = float("inf")
    for _ in range(a.repeat):
        t = time.perf_counter()
        r = rate_board(board, playouts=a.playouts)
        best_rate = min(best_rate, time.perf_counter() - t)
        t = time.perf_counter()
        for i in range(100):
            play_greedy(board, crn_seed(10_000 + i))
        best_ref = min(best_ref, time.perf_counter() - t)
    print(f"custom beach from board {a.board}: {r.describe()}")
    print(f"rating: {best_rate:.2f} s (best of {a.repeat}), {r.greedy_games} greedy games on the shared dice "
          f"+ {a.playouts} random + {a.playouts} greedy playouts")
    print(f"reference: 100 greedy games {best_ref:.2f} s ({best_ref * 10:.1f} ms a game); "
          f"rating = {best_rate / best_ref * 100:.0f} games' time")


if __name__ == "__main__":
    main()
