"""The roll&write bots: the greedy bot's best moves and whole games played by the compiled kernels.

core.playout plays any game with its random and greedy bots through the State's protocol; for this
game `greedy_moves` (the best-valued legal moves in legal-move order) comes from the compiled
valuation in kernels.py, and `PLAYERS` play a whole sheet in one kernel call, drawing the bots'
choices from the same Python random stream the move-by-move bots would draw (`randrange(len(moves))`
per decision, core.kernels), so a game is the same whichever way it is played.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from generator.core.kernels import give_back, take_words
from generator.core.playout import PlayoutFailure
from generator.core.rng import make_rng

from . import kernels as k
from .engine import Move, State, new_game, roll_dice
from .model import Board

#: raw random words handed to a whole-game kernel at a time (a sheet draws 30-60)
WORDS = 96


def greedy_moves(state: State) -> list[Move]:
    """The best-valued legal moves by `State.move_value`, in `legal_moves()` order (the greedy bot
    draws one of them); the setup decision, the same on every empty sheet of a board, is kept."""
    t = state.tables
    if state.round == 0 and not state.log:
        shape = int(state.st[k.S_DICE])
        row = t.setup_best[shape]
        if row[0] < 0:
            codes = state.codes(k.BEST)
            row[0] = len(codes)
            row[1:1 + len(codes)] = codes
        return [state._move(int(c)) for c in row[1:1 + row[0]]]
    return [state._move(int(c)) for c in state.codes(k.BEST)]


def greedy_move(state: State, rng: random.Random) -> Move:
    """core.playout's greedy bot for this engine: one `rng.randrange` over the best moves."""
    best = greedy_moves(state)
    return best[rng.randrange(len(best))]


def random_move(state: State, rng: random.Random) -> Move:
    """core.playout's random bot: one `rng.randrange` over the legal moves."""
    moves = state.legal_moves()
    return moves[rng.randrange(len(moves))]


def _play(mode: int, state: State, rng: random.Random) -> int:
    """Play `state` to its end in one kernel call (mode LIST: the random bot, BEST: the greedy bot);
    the number of moves played. `rng` ends where the move-by-move bot would leave it."""
    t = state.tables
    before, words = take_words(rng, WORDS)
    at = np.zeros(2, np.int64)
    log = np.empty(8 * (state.cat.rounds + 1), np.int64)  # a round is at most 4 moves
    out, wu, wi = t.scratch
    while True:
        status = k.play(mode, state.st, state.cov, state.alive, t.g, t.ctx, t.num, t.pl, words, at, log, t.setup_best,
                        out, wu, wi)
        if status != -1:
            break
        _b, more = take_words(rng, WORDS)
        words = np.concatenate((words, more))
    give_back(rng, before, int(at[0]))
    played = int(at[1])
    state.log.extend(log[:played].tolist())
    if status == -2:
        raise PlayoutFailure(f"player {state.current_player()} has no legal move before the end")
    return played


def play_greedy(state: State, rng: random.Random) -> int:
    """The greedy bot plays `state` to its end (one kernel call); the number of moves."""
    return _play(k.BEST, state, rng)


def play_random(state: State, rng: random.Random) -> int:
    """The random bot plays `state` to its end (one kernel call); the number of moves."""
    return _play(k.LIST, state, rng)


#: per-move bots for core.playout (used when an invariant is checked after every move)
BOTS: dict[str, Callable[[State, random.Random], Move]] = {"greedy": greedy_move, "random": random_move}
#: whole-game players for core.playout (one bot on every seat, nothing checked between moves)
PLAYERS: dict[str, Callable[[State, random.Random], int]] = {"greedy": play_greedy, "random": play_random}


def greedy_score(board: Board, game_seed: int, hard: bool = False, mirror: bool = False) -> int:
    """One greedy solo game on `board` from `game_seed` (its dice first, then the bot's tie-breaks)."""
    rng = make_rng(game_seed)
    state = new_game(board, rng, hard, mirror)
    play_greedy(state, rng)
    return state.points()


#: raw random words given to each game of `greedy_scores` (a game that needs more is played alone)
STREAM_WORDS = 160


def game_stream(game_seed: int) -> tuple[list[int], np.ndarray]:
    """A greedy game's dice and the raw random words its bot draws from, from `game_seed`: what
    `greedy_score` draws, fixed before any board is known (the same for every board)."""
    rng = make_rng(game_seed)
    dice = roll_dice(rng)
    return dice, take_words(rng, STREAM_WORDS)[1]


def greedy_scores(board: Board, game_seeds: list[int], dice: np.ndarray, words: np.ndarray,
                  hard: bool = False, mirror: bool = False) -> list[int]:
    """`greedy_score` of each seed, the games played in one kernel call from their `game_stream`s
    (`dice`: a row of die faces per game, `words`: a row of raw random words per game)."""
    t = k.tables_of(board, hard, mirror)
    n = len(game_seeds)
    if not n:
        return []
    shapes = t.face_lut[dice]
    scores = np.empty(n, np.int64)
    done = 0
    while done < n:
        done += int(k.greedy_scores(shapes[done:], words[done:], scores[done:], t.st0, t.alive0, t.g, t.ctx, t.num,
                                    t.pl, t.setup_best))
        if done < n:  # this game drew past its words: play it alone
            scores[done] = greedy_score(board, game_seeds[done], hard, mirror)
            done += 1
    return scores.tolist()
