"""Is a Winnice setup playable? Bot games on it, spread over cores, and their report.

Every game has its own seed fixed before dispatch (seed + "playout" + index, as core.playout does),
so the report is the same for any `--jobs`. Each game is played by `core.playout.play_one` with
Winnice's own bots (bots.py); a game that reaches the catalog's round cap, raises, or stalls is
*unfinished* and its seed is listed so it can be replayed (`boardgen winnice play --seed …`).

Report: games, completed, completion rate, rounds to the end (mean/min/max), wins per seat, drought
hits per game, harvests per game, and the unfinished games' seeds.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import json
import shlex
import statistics
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.files import write_atomic
from generator.core.parallel import executor_workers, map_jobs
from generator.core.playout import PlayoutFailure, play_one
from generator.core.rng import make_rng
from generator.games.winnice.engine import State
from generator.games.winnice.invariants import check_invariants
from generator.games.winnice.model import Catalog, Setup
from generator.games.winnice.placement_index import index_for
from generator.games.winnice.tables import tables_for

#: the bots' names (bots.BOTS; the bots and their compiled kernels load only when games are played)
BOTS = ("greedy", "random")


@dataclass(frozen=True)
class Job:
    setup: dict[str, Any]
    catalog: Catalog
    seed: int
    bot: str
    invariants: bool = False


def play_game(job: Job, log: list[Any] | None = None) -> dict[str, Any]:
    """One bot game (module level: picklable for the process pool). With `log`, every move is
    appended to it as (round, phase, player, move): the `play` command replays a listed game so,
    through this very function, and so makes the same moves and meets the same end."""
    from generator.games.winnice.bots import get_bot  # the JIT loads only for commands that play

    setup = Setup.from_json(job.setup)
    state = State(setup, job.catalog, make_rng(job.seed, "engine"))
    bot = get_bot(job.bot)
    if log is not None:
        bot = _recording(bot, log)
    out: dict[str, Any] = {"seed": job.seed}
    try:
        out["moves"] = play_one(state, [bot] * setup.players, make_rng(job.seed, "bots"), max_moves=2_000_000,
                                invariant=check_invariants if job.invariants else None)
    except (PlayoutFailure, AssertionError, ValueError) as exc:
        out["error"] = f"{exc.__class__.__name__}: {exc}"
    out.update(completed=state.winner is not None, rounds=state.round, winner=state.winner,
               drought_hits=state.drought_hits, harvests=state.harvests, capped=state.capped)
    if log is not None:
        out["state"] = state
    return out


def _recording(bot: Callable[[Any, Any], Any], log: list[Any]) -> Callable[[Any, Any], Any]:
    """`bot`, writing down each move it chooses (with the round, phase and player) before it is made."""
    def recorded(state: State, rng: Any) -> Any:
        move = bot(state, rng)
        log.append((state.round, state.phase, state.current_player(), move))
        return move

    return recorded


def reason(result: dict[str, Any], round_cap: int) -> str:
    """Why a game did not end: the error it stopped on, or the round cap (the words `check` lists)."""
    return result.get("error") or (f"no end within {round_cap} rounds" if result["capped"] else "stopped")


@dataclass(frozen=True)
class Batch:
    """Consecutive games for one worker: the setup and catalog travel (and are compiled into
    engine tables) once per batch instead of once per game."""
    setup: dict[str, Any]
    catalog: Catalog
    seeds: tuple[int, ...]
    bot: str
    invariants: bool = False


def play_batch(batch: Batch) -> list[dict[str, Any]]:
    """The games of a batch, in order (module level: picklable for the process pool)."""
    cat = known_catalog(batch.catalog)
    with few_collections():
        return [play_game(Job(batch.setup, cat, s, batch.bot, batch.invariants)) for s in batch.seeds]


#: catalogs this process has compiled engine tables for (`remember_catalog`); a forked worker
#: inherits them, tables and placement index included
_KNOWN: list[Catalog] = []


def remember_catalog(cat: Catalog) -> None:
    """Keep `cat` so that copies of it with the same content (a batch's pickled catalog) are
    played with it, on the tables compiled for it, instead of compiling them again per batch."""
    if all(c is not cat for c in _KNOWN):
        if len(_KNOWN) >= 4:
            _KNOWN.pop(0)
        _KNOWN.append(cat)


def known_catalog(cat: Catalog) -> Catalog:
    """The remembered catalog with the content of `cat` (every field equal), or `cat` itself."""
    for c in _KNOWN:
        if c is cat or all(getattr(c, f) == getattr(cat, f) for f in _CATALOG_FIELDS):
            return c
    return cat


_CATALOG_FIELDS = tuple(f.name for f in dataclasses.fields(Catalog))


@contextlib.contextmanager
def few_collections() -> Iterator[None]:
    """Bot games allocate millions of short-lived tuples and keep a large memo of placement
    groups (placement_index): with the default thresholds the cycle collector runs hundreds of
    times a game and walks the whole memo now and then (some 6% of the time). The games make no
    reference cycles worth collecting early, so the young generation may grow much larger."""
    before = gc.get_threshold()
    gc.set_threshold(50_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)


#: batches per worker at least, and games per batch at most: a batch of a few games (a fraction
#: of a second) leaves the other cores idle for little at the end; the per-batch cost (pickling
#: the setup and the catalog, a future) is about a millisecond
BATCHES_PER_WORKER = 4
GAMES_PER_BATCH = 4


def play_games(setup: Setup, cat: Catalog, games: int, seed: int, bot: str = "greedy", jobs: int | None = 1,
               invariants: bool = False, progress: Callable[[int], None] | None = None,
               executor: Executor | None = None) -> list[dict[str, Any]]:
    """`games` bot games, game i seeded by (seed, "playout", i) — the same results for any `jobs`
    or `executor` (a pool or a Dask cluster, from `core.parallel.executor_from`).

    On one worker the games run inline, one by one; on more they go out in batches of
    consecutive games (at least `BATCHES_PER_WORKER` per worker, at most `GAMES_PER_BATCH` games
    each), and `progress` hears of games done."""
    body = setup.to_json()
    seeds = [make_rng(seed, "playout", str(i)).randrange(2**40) for i in range(games)]
    workers = executor_workers(executor, jobs)
    if executor is None and (workers == 1 or games <= 1):
        with few_collections():
            return map_jobs(play_game, [Job(body, cat, s, bot, invariants) for s in seeds], 1, progress=progress)
    # the engine tables, the bots' placement index and their compiled kernels, made ready here
    # once: the forked workers start with them (the catalog through `known_catalog`, the index by
    # content)
    from generator.games.winnice import kernels

    remember_catalog(cat)
    index_for(tables_for(cat, setup.players))
    kernels.warm()
    parts = min(games, max(workers * BATCHES_PER_WORKER, -(-games // GAMES_PER_BATCH)))
    bounds = [games * k // parts for k in range(parts + 1)]
    batches = [Batch(body, cat, tuple(seeds[lo:hi]), bot, invariants)
               for lo, hi in zip(bounds, bounds[1:], strict=False)]

    def done(n: int) -> None:
        if progress is not None:
            progress(bounds[n])

    return [g for chunk in map_jobs(play_batch, batches, workers, executor=executor, progress=done) for g in chunk]


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "min": 0.0, "max": 0.0}
    return {"mean": round(statistics.fmean(values), 2), "min": min(values), "max": max(values)}


def report(results: list[dict[str, Any]], players: int, bot: str, round_cap: int) -> dict[str, Any]:
    done = [r for r in results if r["completed"]]
    wins = [0] * players
    for r in done:
        wins[r["winner"]] += 1
    unfinished = [{"seed": r["seed"], "rounds": r["rounds"], "reason": reason(r, round_cap)}
                  for r in results if not r["completed"]]
    return {
        "bot": bot, "players": players, "games": len(results), "completed": len(done),
        "completion": round(len(done) / len(results), 4) if results else 0.0,
        "playable": bool(results) and len(done) == len(results),
        "rounds": _spread([r["rounds"] for r in done]),
        "wins_per_seat": wins,
        "drought_hits_per_game": _spread([r["drought_hits"] for r in results]),
        "harvests_per_game": _spread([r["harvests"] for r in results]),
        "round_cap": round_cap,
        "unfinished": unfinished[:20],
    }


def summary_lines(rep: dict[str, Any]) -> list[str]:
    r, d = rep["rounds"], rep["drought_hits_per_game"]
    lines = [f"playouts ({rep['bot']} bots): {rep['completed']}/{rep['games']} completed ({rep['completion']:.0%})"
             + ("" if rep["playable"] else " — NOT ALL GAMES END"),
             (f"rounds to the end: mean {r['mean']}, min {r['min']}, max {r['max']}" if rep["completed"]
              else "rounds to the end: — (no game ended)"),
             "wins per seat: " + ", ".join(f"{i + 1}: {w}" for i, w in enumerate(rep["wins_per_seat"])),
             f"drought hits per game: mean {d['mean']}, min {d['min']}, max {d['max']}"]
    for u in rep["unfinished"][:5]:
        again = f"; replay: {u['replay']}" if u.get("replay") else ""
        lines.append(f"unfinished game seed {u['seed']}: {u['reason']} (stopped in round {u['rounds']}{again})")
    return lines


def with_replay(rep: dict[str, Any], setup_file: Path, catalog: Path | None) -> dict[str, Any]:
    """The report with, for each unfinished game, the command that plays it again move for move
    (`boardgen winnice play FILE --seed S --bot B`, with the catalog it was played on)."""
    for u in rep["unfinished"]:
        words = ["boardgen", "winnice", "play", str(setup_file), "--seed", str(u["seed"]), "--bot", rep["bot"]]
        if catalog is not None:
            words += ["--catalog", str(catalog)]
        u["replay"] = shlex.join(words)
    return rep


def write_report(path: Path, rep: dict[str, Any]) -> Path:
    write_atomic(path, json.dumps(rep, ensure_ascii=False, indent=2) + "\n")
    return path


def one_game(setup: Setup, cat: Catalog, seed: int, bot: str) -> tuple[dict[str, Any], list[Any]]:
    """Play one game, seeded as a playout game of that `seed` is, and keep its moves (the `play`
    command): its result (with the final "state") and the moves as (round, phase, player, move)."""
    log: list[Any] = []
    result = play_game(Job(setup.to_json(), cat, seed, bot), log)
    return result, log
