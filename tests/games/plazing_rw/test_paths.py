"""The compiled and the plain-Python paths play the same games: every move, every score, every draw.

The kernels (kernels.py) run as machine code by default and as plain Python under
BOARDGEN_PURE_PYTHON=1 (core.jit). Both paths play a sample of games here, each in a fresh
interpreter, and must write the same transcript: whole games by the greedy and the random bot, a
move-by-move greedy game with its legal moves at every step, the fair pads' batched games, and
where each game leaves its random stream.
"""

from __future__ import annotations

from typing import Any

from tests.paths import loaded, on_path


def transcript() -> dict[str, Any]:
    """The sample of games, as plain data (run in each path's own interpreter)."""
    from generator.core import jit
    from generator.core.playout import greedy_bot
    from generator.core.rng import make_rng
    from generator.games.plazing_rw import bots, fairness
    from generator.games.plazing_rw import kernels as k
    from generator.games.plazing_rw.engine import new_game
    from generator.games.plazing_rw.model import boards
    from generator.games.plazing_rw.setup import random_board

    sample = [*boards().values(), random_board(3, features=15, balance=False)[0],
              random_board(5, features=8, balance=False)[0]]
    out: dict[str, Any] = {"pure": jit.PURE_PYTHON, "compiled": jit.is_compiled(k.candidates), "games": []}
    for n, board in enumerate(sample):
        hard, mirror = n % 2 == 1, n % 3 == 2
        for name, player in (("greedy", bots.play_greedy), ("random", bots.play_random)):
            rng = make_rng(n, name)
            state = new_game(board, rng, hard, mirror)
            played = player(state, rng)
            out["games"].append({"board": board.id, "bot": name, "moves": state.moves, "played": played,
                                 "points": state.points(), "total": state.breakdown().total,
                                 "after": rng.getrandbits(32)})
        if n in (0, 4):  # move by move through core.playout's greedy bot, the legal moves at every step
            rng = make_rng(n, "steps")
            state = new_game(board, rng, hard, mirror)
            steps = []
            while not state.is_over():
                legal = state.legal_moves()
                move = greedy_bot(state, rng)
                steps.append([len(legal), legal[0], legal[-1], move, state.points()])
                state.apply(move)
            out["games"].append({"board": board.id, "steps": steps, "points": state.points()})
    seeds = [fairness.crn_seed(i) for i in range(6)]
    out["batched"] = [fairness.score_games(b, seeds, False, False) for b in sample[:2]]
    return out


def _transcript(pure: bool) -> dict[str, Any]:
    return on_path("tests.games.plazing_rw.test_paths", pure)  # type: ignore[no-any-return]


def test_compiled_and_plain_python_paths_play_the_same_games() -> None:
    fast, slow = _transcript(pure=False), _transcript(pure=True)
    assert (fast["pure"], fast["compiled"]) == (False, True)
    assert (slow["pure"], slow["compiled"]) == (True, False)
    assert len(fast["games"]) == len(slow["games"]) == 14
    for a, b in zip(fast["games"], slow["games"], strict=True):
        assert a == b
        assert a.get("total", a["points"]) == a["points"]  # the compiled score is the printed breakdown's
    assert fast["batched"] == slow["batched"]


def test_what_plays_nothing_loads_no_compiler() -> None:
    """A printed board's pad, its drawing, the checker, the scorer and the fairness figures' wording
    import no numba, nor numpy (only playing loads the compiled engine and its arrays: numpy alone
    costs a fifth of a second at start)."""
    code = ("from generator.games.plazing_rw import draw, fairness, predict, rules, setup\n"
            "from generator.games.plazing_rw.model import boards\n"
            "setup.sheet_setups({'board': '2'}, 1, 2)\n"
            "rules.score(boards()['3'], 0, 1, 0)\n"
            "rules.check_board(boards()['4'])\n"
            "fairness.references()\n")
    assert loaded(code, "numba", "numpy") == [False, False]
