"""The Plażing bots core.playout seats (its `bots` convention): the greedy bot over greedy.py's valuation.

core.playout finds this module beside the engine (`BOTS`) and asks it for the greedy bot's move
whenever a seat is greedy, on any `engine.State`: the State is the rules only and carries no bot
hook or memo. The move is one `rng.randrange` over the best-valued legal moves in `legal_moves()`
order, as core's own greedy bot draws it (`core.playout.greedy_choice`), so the games are those the
bot played when it was a State subclass (tests/games/plazing/test_engine_without_bots.py pins them).

No whole-game `PLAYERS`: core.playout does not hand a player its `max_moves`, and a Plażing report
must fail a game that runs past it (playability's `max_moves`), so the games go move by move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from generator.games.plazing import greedy
from generator.games.plazing.engine import State
from generator.games.plazing.moves import Move


def greedy_move(state: State, rng: random.Random) -> Move:
    """core.playout's greedy bot for Plażing: one draw among the best-valued legal moves."""
    n, codes, others = greedy.best_moves(state)
    i = rng.randrange(n + len(others))
    return greedy.decode(int(codes[i])) if i < n else others[i - n]


#: per-move bots for core.playout, by name
BOTS: dict[str, Callable[[State, random.Random], Move]] = {"greedy": greedy_move}
