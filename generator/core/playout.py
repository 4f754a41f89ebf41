"""Play any game engine with bots, and report whether a setup is playable.

Every game's engine exposes a State shaped after OpenSpiel's (`current_player`, `legal_moves`,
`apply`, `is_over`, `scores`, `clone`). This module knows nothing else about games: it plays
many games with a random or a greedy bot per seat and reports Ludii-style metrics: completion
(games that end), duration (moves per game) and balance (how even the seats' win rates are).

A playout that raises, finds no legal move before the end, or runs past `max_moves` is a
failure; the report keeps the seed of the first failing playout so it can be replayed.

A game may bring its own bots, in a module `bots` beside its engine (the State never imports it):
`BOTS` maps a bot name to a move-by-move bot that makes exactly the choices of the core bot of that
name (faster, e.g. compiled), and `PLAYERS` maps a bot name to a whole-game player
`(state, rng) -> moves played` that plays the same game in one call, drawing the same random
numbers. The runner uses a player when every seat has that bot and no invariant is checked between
moves, else the move-by-move bots.
"""

from __future__ import annotations

import functools
import importlib
import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from generator.core.parallel import executor_workers, map_jobs
from generator.core.rng import make_rng


class GameState(Protocol):
    num_players: int

    def current_player(self) -> int: ...
    def legal_moves(self) -> Sequence[Any]: ...
    def apply(self, move: Any) -> None: ...
    def is_over(self) -> bool: ...
    def scores(self) -> Sequence[float]: ...
    def clone(self) -> GameState: ...


Bot = Callable[[GameState, random.Random], Any]
#: one game's state type: `make_state` makes it and `invariant` checks it (a check of the game's own
#: State is no check of every GameState, so the two are tied by this variable, not by the protocol)
S = TypeVar("S", bound=GameState)
BotName = Literal["random", "greedy"]


@functools.cache
def _game_bots(state_type: type) -> Any:
    """The `bots` module beside the engine that defines `state_type`, or None (module doc)."""
    package = state_type.__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        return importlib.import_module(f"{package}.bots")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.bots":
            raise
        return None


def game_bot(state: GameState, name: str) -> Bot | None:
    """The game's own move-by-move bot `name` for this state, if its bots module has one."""
    bots = _game_bots(type(state))
    return getattr(bots, "BOTS", {}).get(name) if bots is not None else None


def game_player(state: GameState, name: str) -> Callable[[GameState, random.Random], int] | None:
    """The game's own whole-game player for bot `name`, if its bots module has one."""
    bots = _game_bots(type(state))
    return getattr(bots, "PLAYERS", {}).get(name) if bots is not None else None


def random_bot(state: GameState, rng: random.Random) -> Any:
    """A uniformly random legal move (the game's own random bot when it has one, module doc).

    A state may offer `random_move(rng)` (a uniform draw without building the move list, much
    faster for games with hundreds of placements); otherwise the bot picks from `legal_moves()`.
    """
    own = game_bot(state, "random")
    if own is not None:
        return own(state, rng)
    fast = getattr(state, "random_move", None)
    if fast is not None:
        return fast(rng)
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def greedy_bot(state: GameState, rng: random.Random) -> Any:
    """Take the move with the best immediate value for the mover; ties broken at random.

    A state may offer `move_value(move) -> float` (cheap, engine-specific); otherwise the bot
    plays each move on a clone and reads the mover's score lead. A state may also offer
    `greedy_moves()`: the best-valued legal moves in `legal_moves()` order, found in bulk. The
    game's own greedy bot, when it has one (module doc), makes the same choice faster.
    """
    own = game_bot(state, "greedy")
    if own is not None:
        return own(state, rng)
    fast = getattr(state, "greedy_moves", None)
    if fast is not None:
        top = fast()
        return top[rng.randrange(len(top))]
    player = state.current_player()
    value_of = getattr(state, "move_value", None)

    def lead_after(move: Any) -> float:
        after = state.clone()
        after.apply(move)
        s = after.scores()
        others = [x for i, x in enumerate(s) if i != player]
        return s[player] - (max(others) if others else 0.0)

    return greedy_choice(state.legal_moves(), value_of if value_of is not None else lead_after, rng)


def greedy_choice(moves: Sequence[Any], value: Callable[[Any], float], rng: random.Random) -> Any:
    """The greedy bot's choice: a move of the best `value`, ties broken by one draw of `rng` among the
    tied moves in their listed order (so a game's own greedy bot built on it plays the core bot's games)."""
    best: list[Any] = []
    best_value = float("-inf")
    for move in moves:
        v = float(value(move))
        if v > best_value:
            best_value, best = v, [move]
        elif v == best_value:
            best.append(move)
    return best[rng.randrange(len(best))]


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def get_bot(name: str) -> Bot:
    try:
        return BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose {', '.join(BOTS)})") from None


class PlayoutFailure(RuntimeError):
    pass


def play_one(state: S, bots: Sequence[Bot], rng: random.Random, max_moves: int = 100_000,
             invariant: Callable[[S], None] | None = None) -> int:
    """Play `state` to its end in place; return the number of moves. Raises PlayoutFailure."""
    moves = 0
    # a state may answer "is there a legal move?" without building the list (`has_legal_moves()`)
    has_moves = getattr(state, "has_legal_moves", None)
    while not state.is_over():
        if moves >= max_moves:
            raise PlayoutFailure(f"no end after {max_moves} moves (a move loop?)")
        if not (has_moves() if has_moves is not None else state.legal_moves()):
            raise PlayoutFailure(f"player {state.current_player()} has no legal move before the end")
        move = bots[state.current_player()](state, rng)
        state.apply(move)
        moves += 1
        if invariant is not None:
            invariant(state)
    return moves


@dataclass
class PlayoutReport:
    players: int
    bots: list[str]
    games: int = 0
    completed: int = 0
    lengths: list[int] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)  # per game, per seat
    wins: list[float] = field(default_factory=list)  # per seat; a shared win is split
    failures: list[tuple[int, str]] = field(default_factory=list)  # (playout seed, reason)
    extras: dict[str, list[float]] = field(default_factory=dict)  # per-game stats from state.stats()

    @property
    def playable(self) -> bool:
        return self.games > 0 and self.completed == self.games

    @property
    def seat_balance(self) -> float:
        """Largest difference in win rate between two seats (0 = perfectly even)."""
        if not self.completed or self.players < 2:
            return 0.0
        rates = [w / self.completed for w in self.wins]
        return max(rates) - min(rates)

    def seat_stats(self) -> list[dict[str, float]]:
        out = []
        for seat in range(self.players):
            col = [g[seat] for g in self.scores]
            if not col:
                out.append({"mean": 0.0, "min": 0.0, "max": 0.0, "win_rate": 0.0})
                continue
            out.append({
                "mean": round(statistics.fmean(col), 3),
                "min": min(col),
                "max": max(col),
                "win_rate": round(self.wins[seat] / self.completed, 4),
            })
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "completed": self.completed,
            "playable": self.playable,
            "bots": self.bots,
            "length": _summary(self.lengths),
            "seats": self.seat_stats(),
            "seat_balance": round(self.seat_balance, 4),
            "extras": {k: _summary(v) for k, v in sorted(self.extras.items())},
            "failures": [{"seed": s, "reason": r} for s, r in self.failures[:10]],
        }

    def summary_lines(self) -> list[str]:
        j = self.to_json()
        lines = [f"playouts: {self.completed}/{self.games} completed"
                 + ("" if self.playable else " — UNPLAYABLE"),
                 f"game length (moves): mean {j['length']['mean']}, min {j['length']['min']}, "
                 f"max {j['length']['max']}"]
        for i, s in enumerate(j["seats"]):
            lines.append(f"seat {i + 1} ({self.bots[i]}): mean {s['mean']}, min {s['min']}, max {s['max']}, "
                         f"wins {s['win_rate']:.0%}")
        if self.players > 1:
            lines.append(f"seat balance (largest win-rate gap): {self.seat_balance:.1%}")
        for k, v in j["extras"].items():
            lines.append(f"{k}: mean {v['mean']}, min {v['min']}, max {v['max']}")
        for f in j["failures"][:3]:
            lines.append(f"failed playout seed {f['seed']}: {f['reason']}")
        return lines


def _summary(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "min": 0.0, "max": 0.0}
    return {"mean": round(statistics.fmean(values), 3), "min": min(values), "max": max(values)}


def run_playouts(make_state: Callable[[random.Random], S], n: int, seed: int,
                 bots: Sequence[str] | str = "random", max_moves: int = 100_000,
                 invariant: Callable[[S], None] | None = None,
                 progress: Callable[[int], None] | None = None,
                 jobs: int | None = 1, executor: Executor | None = None) -> PlayoutReport:
    """Play `n` games, each from `make_state(rng)` with its own derived seed.

    `bots` is one bot name for every seat or one per seat. `progress(done)` is called as games
    finish. Exceptions inside a playout are caught and recorded as failures, never raised.

    The games can run on `jobs` local processes (None: every core) or on any `executor` (see
    `core.parallel.executor_from`); they are split into chunks of consecutive games, and the report is
    the same whatever the split: each game's seed depends only on `seed` and its number, and the
    games are added to the report in their order. `make_state` and `invariant` then travel to the
    workers with cloudpickle (lambdas and closures work); an `invariant` that keeps state keeps it per
    chunk, which is fine for one that only compares a state with its own previous snapshot.
    """
    bot_spec: str | tuple[str, ...] = bots if isinstance(bots, str) else tuple(bots)
    if isinstance(bot_spec, str):
        get_bot(bot_spec)  # an unknown bot name is an error before anything runs
    else:
        for b in bot_spec:
            get_bot(b)
    workers = executor_workers(executor, jobs)
    if n <= 0:
        return PlayoutReport(players=0, bots=[])
    if executor is None and workers == 1:
        games = []
        for i in range(n):
            games.append(_play_game(make_state, seed, i, bot_spec, max_moves, invariant))
            if progress is not None:
                progress(i + 1)
    else:
        bounds = _chunk_bounds(n, workers)
        play = functools.partial(_play_range, make_state, seed, bot_spec, max_moves, invariant)
        ranges = list(zip(bounds, bounds[1:], strict=False))

        def chunk_done(done: int) -> None:
            if progress is not None:
                progress(bounds[done])

        chunks = map_jobs(play, ranges, jobs, executor, progress=chunk_done)
        games = [g for chunk in chunks for g in chunk]
    return _report(games, bot_spec)


#: chunks per worker: enough that a slow chunk does not leave the other cores idle at the end, few
#: enough that sending the state factory and the results costs little next to the games
CHUNKS_PER_WORKER = 4


def _chunk_bounds(n: int, workers: int) -> list[int]:
    parts = max(1, min(n, workers * CHUNKS_PER_WORKER))
    return [n * k // parts for k in range(parts + 1)]


@dataclass(frozen=True)
class _Game:
    """One playout's outcome: what the report needs of it, small enough to send back from a worker."""
    seed: int
    players: int
    length: int = 0
    scores: tuple[float, ...] | None = None  # None: the playout failed
    stats: tuple[tuple[str, float], ...] = ()
    failure: str = ""


def _play_range(make_state: Callable[[random.Random], S], seed: int, bots: str | tuple[str, ...],
                max_moves: int, invariant: Callable[[S], None] | None,
                games: tuple[int, int]) -> list[_Game]:
    """Games number lo..hi-1: one job for a worker."""
    lo, hi = games
    return [_play_game(make_state, seed, i, bots, max_moves, invariant) for i in range(lo, hi)]


def _seat_names(bots: str | tuple[str, ...], players: int) -> list[str]:
    return [bots] * players if isinstance(bots, str) else list(bots)


def _play_game(make_state: Callable[[random.Random], S], seed: int, i: int,
               bots: str | tuple[str, ...], max_moves: int,
               invariant: Callable[[S], None] | None) -> _Game:
    """Game number `i` of a report seeded `seed`: the same outcome wherever and whenever it runs."""
    game_seed = make_rng(seed, "playout", str(i)).randrange(2**40)
    rng = make_rng(game_seed)
    state = make_state(rng)
    players = state.num_players
    names = _seat_names(bots, players)
    player = game_player(state, names[0]) if invariant is None and len(set(names)) == 1 else None
    try:
        if player is not None:
            length = player(state, rng)
        else:
            length = play_one(state, [get_bot(b) for b in names], rng, max_moves, invariant)
    except Exception as exc:  # a playout must never crash the report
        return _Game(game_seed, players, failure=f"{exc.__class__.__name__}: {exc}")
    stats = getattr(state, "stats", None)
    extras = tuple((k, float(v)) for k, v in stats().items()) if stats is not None else ()
    return _Game(game_seed, players, length, tuple(state.scores()), extras)


def _report(games: Sequence[_Game], bots: str | tuple[str, ...]) -> PlayoutReport:
    """The report of `games`, added in their order (so float sums are the same for any split)."""
    players = games[0].players
    report = PlayoutReport(players=players, bots=_seat_names(bots, players), wins=[0.0] * players)
    for g in games:
        report.games += 1
        if g.scores is None:
            report.failures.append((g.seed, g.failure))
            continue
        report.completed += 1
        report.lengths.append(g.length)
        s = list(g.scores)
        report.scores.append(s)
        top = max(s)
        winners = [p for p, x in enumerate(s) if x == top]
        for p in winners:
            report.wins[p] += 1 / len(winners)
        for k, v in g.stats:
            report.extras.setdefault(k, []).append(v)
    return report
