"""The playout runner on a tiny game (Nim: take 1-3 sticks, who takes the last wins)."""

from __future__ import annotations

import random

from generator.core.playout import greedy_bot, run_playouts


class Nim:
    def __init__(self, sticks: int = 10, players: int = 2, broken: bool = False) -> None:
        self.sticks = sticks
        self.num_players = players
        self.turn = 0
        self.winner: int | None = None
        self.broken = broken

    def current_player(self) -> int:
        return self.turn

    def legal_moves(self) -> list[int]:
        if self.broken and self.sticks == 3:
            return []
        return [n for n in (1, 2, 3) if n <= self.sticks]

    def apply(self, move: int) -> None:
        self.sticks -= move
        if self.sticks == 0:
            self.winner = self.turn
        self.turn = (self.turn + 1) % self.num_players

    def is_over(self) -> bool:
        return self.winner is not None

    def scores(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def clone(self) -> Nim:
        c = Nim(self.sticks, self.num_players, self.broken)
        c.turn, c.winner = self.turn, self.winner
        return c


def test_report_counts_and_balance():
    rep = run_playouts(lambda rng: Nim(), 200, seed=1)
    assert rep.games == rep.completed == 200 and rep.playable
    assert sum(rep.wins) == 200
    assert 0 <= rep.seat_balance <= 1
    assert all(4 <= n <= 10 for n in rep.lengths)


def test_same_seed_same_report():
    a = run_playouts(lambda rng: Nim(), 50, seed=3).to_json()
    b = run_playouts(lambda rng: Nim(), 50, seed=3).to_json()
    assert a == b


def test_failure_is_reported_with_seed():
    rep = run_playouts(lambda rng: Nim(broken=True), 20, seed=2)
    assert not rep.playable and rep.failures
    assert "no legal move" in rep.failures[0][1]


def test_greedy_takes_the_win():
    state = Nim(sticks=2)
    assert greedy_bot(state, random.Random(0)) == 2
