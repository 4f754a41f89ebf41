"""The Rzuć na tacę bots: the greedy bot's best moves, and whole games played by the compiled kernels.

core.playout plays any game with its random and greedy bots through the State's protocol; for this
game `BOTS` make exactly those bots' choices (the greedy bot's best moves by the compiled valuation,
kernels.move_value, then one `randrange` over them) and `PLAYERS` play a whole game in one kernel
call, drawing the same numbers from the same Python random stream (core.kernels), so a game is the
same whichever way it is played. `play_greedy` is the balancer's greedy bot: the same valuation,
but it draws only when two or more moves tie for the best (the games data/reference.toml holds).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np

from generator.core.kernels import give_back, take_words
from generator.core.rng import make_rng

from . import kernels as k
from .engine import MASK32, Move, State, new_arrays
from .model import Layout

#: raw random words handed to a whole-game kernel per player at first (a game draws 60-90 per
#: player, seeds and bot together; more are handed over when they run out)
WORDS = 112


def greedy_moves(state: State) -> list[Move]:
    """The best-valued legal moves by `State.move_value`, in `legal_moves()` order."""
    moves = state.legal_moves()
    best = np.empty(len(moves), np.int64)
    count = k.best_moves(state.tb, state.sh, state.gs, state._out, len(moves), best)
    return [moves[i] for i in best[:count].tolist()]


def greedy_move(state: State, rng: random.Random) -> Move:
    """core.playout's greedy bot for this engine: one `rng.randrange` over the best moves."""
    best = greedy_moves(state)
    return best[rng.randrange(len(best))]


def random_move(state: State, rng: random.Random) -> Move:
    """core.playout's random bot: one `rng.randrange` over the legal moves."""
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def _play(mode: int, state: State, rng: random.Random) -> int:
    """Play `state` to its end in one kernel call with the bot `mode` on every seat; the number of
    moves played. `rng` (and the game's own stream, when it is another one) ends where the
    move-by-move game would leave it."""
    shared = rng is state.rng
    start = state.moves_made
    count = WORDS * state.num_players
    s_before, seeds = take_words(state.rng, count)
    d_before, draws = (s_before, seeds) if shared else take_words(rng, count)
    s_at = np.zeros(1, np.int64)
    d_at = s_at if shared else np.zeros(1, np.int64)
    while k.play_game(mode, state.tb, state.sh, state.gs, state.mt, state._out, seeds, s_at, draws, d_at) < 0:
        # more words for the stream that ran out (after a turn's seed, for the game's stream); the
        # rewind below starts from the state before the first words, so these need no state
        if shared or s_at[0] + 2 > len(seeds):
            seeds = np.concatenate((seeds, _words(state.rng, count)))
            draws = seeds if shared else draws
        else:
            draws = np.concatenate((draws, _words(rng, count)))
    give_back(state.rng, s_before, int(s_at[0]))
    if not shared:
        give_back(rng, d_before, int(d_at[0]))
    state._n, state._moves = 0, None  # the game is over: no moves
    return state.moves_made - start


def play_greedy(state: State, rng: random.Random) -> State:
    """The balancer's greedy bot plays `state` to its end (kernels.GREEDY_TIES); the state."""
    _play(k.GREEDY_TIES, state, rng)
    return state


def _play_greedy_core(state: State, rng: random.Random) -> int:
    return _play(k.GREEDY, state, rng)


def _play_random(state: State, rng: random.Random) -> int:
    return _play(k.RANDOM, state, rng)


#: per-move bots for core.playout (used when an invariant is checked after every move)
BOTS: dict[str, Callable[[State, random.Random], Move]] = {"greedy": greedy_move, "random": random_move}
#: whole-game players for core.playout (one bot on every seat, nothing checked between moves)
PLAYERS: dict[str, Callable[[State, random.Random], int]] = {"greedy": _play_greedy_core, "random": _play_random}

#: raw words of the bot's stream given to each game of `greedy_totals` (a game that needs more is
#: played alone); a solo game draws about 25
DRAW_WORDS = 96


def _words(rng: random.Random, count: int) -> np.ndarray:
    """The next `count` raw words of `rng` (as core.kernels.take_words, without keeping its state)."""
    return np.frombuffer(bytearray(rng.getrandbits(32 * count).to_bytes(4 * count, "little")), dtype="<u4")


def greedy_totals(layout: Layout, dice_seeds: Sequence[int], bot_seeds: Sequence[int]) -> list[int]:
    """Solo greedy totals (`play_greedy`) of the games whose dice stream is `make_rng(dice_seeds[i])` and
    bot stream `make_rng(bot_seeds[i])`, played in one kernel call (the balancer plays hundreds)."""
    n = len(dice_seeds)
    if not n:
        return []
    tb = k.tables_of(layout)
    rounds = layout.rounds_for(1)
    sh0, gs0 = new_arrays(tb, 1, rounds)
    seeds = np.stack([_words(make_rng(s), 2 * rounds) for s in dice_seeds])
    draws = np.stack([_words(make_rng(s), DRAW_WORDS) for s in bot_seeds])
    totals = np.empty(n, np.int64)
    done = 0
    while done < n:
        done += int(k.greedy_totals(tb, sh0, gs0, seeds[done:], draws[done:], totals[done:]))
        if done < n:  # this game drew past its words: play it alone
            state = play_greedy(State(1, make_rng(dice_seeds[done]), layout), make_rng(bot_seeds[done]))
            totals[done] = int(state.scores()[0])
            done += 1
    return totals.tolist()


__all__ = ["BOTS", "MASK32", "PLAYERS", "greedy_move", "greedy_moves", "greedy_totals", "play_greedy", "random_move"]
