"""The compiled and the plain-Python paths play the same Winnice games: every move, every score.

The kernels (kernels.py) run as machine code by default and as plain Python under
BOARDGEN_PURE_PYTHON=1 (core.jit), on Python ints instead of uint64 words. Both paths play a sample
of games here, each in a fresh interpreter, and must write the same transcript: greedy games of
2, 3 and 4 players move by move (with the scores after every harvest and the size of the tied set
the bot drew from), random games, a playability report's games, and where each game leaves its
random streams.
"""

from __future__ import annotations

from typing import Any

from tests.paths import on_path


def transcript() -> dict[str, Any]:
    """The sample of games, as plain data (run in each path's own interpreter)."""
    import dataclasses

    from generator.core import jit
    from generator.core.rng import make_rng
    from generator.games.winnice import kernels, playability
    from generator.games.winnice.engine import State
    from generator.games.winnice.greedy import greedy_moves
    from generator.games.winnice.model import default_catalog
    from generator.games.winnice.moves import HARVEST
    from generator.games.winnice.setup import generate

    cat = default_catalog()
    out: dict[str, Any] = {"pure": jit.PURE_PYTHON, "compiled": jit.is_compiled(kernels.plant_ties), "games": []}
    for players, seed in ((2, 11), (3, 12), (4, 13), (4, 14)):
        state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
        rng = make_rng(seed, "bots")
        steps: list[Any] = []
        while not state.is_over():
            top = greedy_moves(state)
            move = top[rng.randrange(len(top))]  # the greedy bot's one draw
            steps.append([list(move), len(top)])
            state.apply(move)
            if move[0] == HARVEST:
                steps.append(state.scores())
        out["games"].append({"players": players, "seed": seed, "steps": steps, "scores": state.scores(),
                             "round": state.round, "winner": state.winner, "stats": state.stats(),
                             "after": [rng.getrandbits(32), state.rng.getrandbits(32)]})
    capped = dataclasses.replace(cat, round_cap=15)
    from generator.games.winnice.bots import get_bot

    for players, seed in ((2, 21), (4, 22)):
        state = State(generate(players, seed, capped), capped, make_rng(seed, "engine"))
        rng, play = make_rng(seed, "bots"), get_bot("random")
        moves = []
        while not state.is_over():
            move = play(state, rng)
            moves.append(list(move))
            state.apply(move)
        out["games"].append({"random": players, "moves": moves, "scores": state.scores(),
                             "after": rng.getrandbits(32)})
    out["report"] = repr(playability.play_games(generate(4, 3, cat), cat, 6, 9, "greedy", jobs=1))
    return out


def _transcript(pure: bool) -> dict[str, Any]:
    return on_path("tests.games.winnice.test_paths", pure)  # type: ignore[no-any-return]


def test_compiled_and_plain_python_paths_play_the_same_games() -> None:
    fast, slow = _transcript(pure=False), _transcript(pure=True)
    assert (fast["pure"], fast["compiled"]) == (False, True)
    assert (slow["pure"], slow["compiled"]) == (True, False)
    assert len(fast["games"]) == len(slow["games"]) == 6
    for a, b in zip(fast["games"], slow["games"], strict=True):
        if "steps" in a:  # move by move first, so a difference names its first step
            for i, (x, y) in enumerate(zip(a["steps"], b["steps"], strict=True)):
                assert x == y, f"{a['players']} players seed {a['seed']}: step {i}"
            assert a["winner"] is not None  # greedy games end with a winner
        assert a == b
    assert fast["report"] == slow["report"]
