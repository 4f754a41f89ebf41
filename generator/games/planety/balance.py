"""Stranded players, measured: the figure on the summary and the setup card, and the balanced big bang.

A playable big bang (setup.py: every orbit can get its own planet) still lets players strand one
another: a player may face an orbit that no tile left in the middle fits. `stranded_rates(setup)`
plays `[stranded] games` greedy and as many random games on the table (data/playability.toml) and
says in what share of them a player was stranded. The games' seeds come from the setup's seed only,
so the figures are the same on every run and for every candidate big bang of one seed.

A balanced big bang (`setup.generate(..., balanced=True)`) is the first playable big bang of the
seed's stream whose greedy stranded rate is below `[balanced] stranded_max`; at most `[balanced]
tries` playable big bangs are measured, then the search gives up and says what it tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from generator.core.data import load_toml
from generator.core.fields import INT, NUMBER, OBJECT, Fields
from generator.core.playout import run_playouts
from generator.core.rng import sub_seed
from generator.games.planety.engine import State
from generator.games.planety.model import DATA, Catalog, Setup, builtin_catalog

BOTS = ("greedy", "random")
STRANDED = "game with a stranded player"  # the engine's per-game figure (State.stats)


@dataclass(frozen=True)
class Limits:
    games: int  # greedy games, and as many random ones, per table
    max_moves: int
    stranded_max: float  # a balanced big bang: greedy stranded rate below this
    tries: int  # playable big bangs measured at most
    samples: int = 2000  # `planety catalog`: random big bangs per set of stars
    give_up_max: float = 0.01  # `planety catalog`: largest share of seeds that may give up


@cache
def limits() -> Limits:
    """data/playability.toml, read strictly (a key of ours mistyped is an error, not a default)."""
    path = DATA / "playability.toml"
    f = Fields(f"data/{path.name}")
    tables = ("stranded", "balanced", "catalog")
    d = f.obj(load_toml(path), "", dict.fromkeys(tables, OBJECT), required=tables)
    s = f.obj(d["stranded"], "stranded", {"games": INT, "max_moves": INT}, required=("games", "max_moves"))
    b = f.obj(d["balanced"], "balanced", {"stranded_max": NUMBER, "tries": INT}, required=("stranded_max", "tries"))
    c = f.obj(d["catalog"], "catalog", {"samples": INT, "give_up_max": NUMBER}, required=("samples", "give_up_max"))
    for where, v in (("balanced.stranded_max", b["stranded_max"]), ("catalog.give_up_max", c["give_up_max"])):
        if not 0 < v <= 1:
            f.fail(where, f"expected a share 0 < x <= 1, got {v!r}")
    return Limits(f.int_(s["games"], "stranded.games", 1, 10_000), f.int_(s["max_moves"], "stranded.max_moves", 100),
                  float(b["stranded_max"]), f.int_(b["tries"], "balanced.tries", 1, 1000),
                  f.int_(c["samples"], "catalog.samples", 1, 1_000_000), float(c["give_up_max"]))


def stranded_rate(setup: Setup, cat: Catalog | None = None, bot: str = "greedy", games: int | None = None) -> float:
    """The share of `games` `bot` games on `setup` in which a player was stranded (0..1, 4 decimals)."""
    lim = limits()
    n = lim.games if games is None else games
    return _rate(_key(setup), cat or builtin_catalog(), bot, n, lim.max_moves)


def stranded_rates(setup: Setup, cat: Catalog | None = None, games: int | None = None) -> dict[str, float]:
    """{"greedy": rate, "random": rate} over `games` games each (default: the data's)."""
    return {bot: stranded_rate(setup, cat, bot, games) for bot in BOTS}


def _key(setup: Setup) -> tuple[int, int, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """What the games depend on: players, seed, stars and faces (a Setup itself is mutable)."""
    return setup.players, setup.seed, tuple(setup.stars), tuple(sorted(setup.faces.items()))


@lru_cache(maxsize=256)
def _rate(key: tuple[int, int, tuple[str, ...], tuple[tuple[str, str], ...]], cat: Catalog, bot: str, games: int,
          max_moves: int) -> float:
    players, seed, stars, faces = key
    table = Setup(players, seed, stars, dict(faces))
    rep = run_playouts(lambda rng: State(table, cat), games, sub_seed(seed, "planety", "stranded", bot), bot,
                       max_moves=max_moves)
    flags = rep.extras.get(STRANDED, [])
    return round(sum(flags) / len(flags), 4) if flags else 0.0  # a failed game (none expected) is left out
