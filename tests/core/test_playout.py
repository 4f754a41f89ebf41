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


# --- the same report for any number of workers, on every game's playouts ----------------------------

def _same_reports(make_state, n: int, seed: int, bots, invariant=None) -> None:
    """jobs=1 (inline), 2 and 3 local processes, and a thread pool: one and the same report."""
    from concurrent.futures import ThreadPoolExecutor

    inline = run_playouts(make_state, n, seed, bots, invariant=invariant)
    assert inline.games == n and inline.playable, inline.failures
    for jobs in (2, 3):
        assert run_playouts(make_state, n, seed, bots, invariant=invariant, jobs=jobs) == inline, jobs
    with ThreadPoolExecutor(2) as pool:
        assert run_playouts(make_state, n, seed, bots, invariant=invariant, executor=pool) == inline


def test_nim_same_report_for_any_jobs():
    _same_reports(lambda rng: Nim(players=3), 40, 7, "random")
    rep = run_playouts(lambda rng: Nim(broken=True), 9, 2, jobs=2)  # failures keep their order and seeds
    assert rep == run_playouts(lambda rng: Nim(broken=True), 9, 2)


def test_plazing_same_report_for_any_jobs():
    from generator.games.plazing.engine import State, board_for
    from generator.games.plazing.model import Options
    from generator.games.plazing.setup import generate

    board = board_for(generate(Options(players=4, surprises=True, events=True, clean_beach=True), 3))
    _same_reports(lambda rng: State(board, rng), 24, 5, "random")
    _same_reports(lambda rng: State(board, rng), 5, 6, ["greedy", "random", "greedy", "random"])


def test_plazing_rw_same_report_for_any_jobs():
    from generator.games.plazing_rw.engine import new_game
    from generator.games.plazing_rw.model import boards

    b = boards()["2"]
    _same_reports(lambda rng: new_game(b, rng, True), 12, 8, "greedy", invariant=lambda s: s.check_invariants())
    _same_reports(lambda rng: new_game(b, rng), 20, 9, "random")


def test_rzuc_same_report_for_any_jobs():
    from generator.games.rzuc_na_tace.engine import State, make_invariant_checker
    from generator.games.rzuc_na_tace.model import standard_layout

    lay = standard_layout()
    _same_reports(lambda r: State(3, r, lay), 8, 4, "greedy", invariant=make_invariant_checker())
    _same_reports(lambda r: State(1, r, lay), 30, 5, "random")


def test_progress_reaches_n_with_jobs():
    seen: list[int] = []
    run_playouts(lambda rng: Nim(), 25, 1, progress=seen.append, jobs=2)
    assert seen == sorted(seen) and seen[-1] == 25


def test_unknown_bot_and_no_games():
    import pytest

    with pytest.raises(ValueError, match="unknown bot"):
        run_playouts(lambda rng: Nim(), 5, 1, "clever", jobs=2)
    assert run_playouts(lambda rng: Nim(), 0, 1, jobs=2).games == 0
