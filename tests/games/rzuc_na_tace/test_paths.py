"""The compiled and the plain-Python paths play the same games: every move, every score, every draw.

The kernels (kernels.py, core.pyrandom) run as machine code by default and as plain Python under
BOARDGEN_PURE_PYTHON=1 (core.jit). Both paths play a sample of games here, each in a fresh
interpreter, and must write the same transcript: move-by-move games through core.playout's bots
(the legal moves, the move and its value at every step), the same games played whole by
`bots.PLAYERS`, the balancer's games, Python's random numbers rebuilt, and where each game leaves
its random streams. A pinned digest ties the games to the engine before the kernels.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from tests.paths import loaded, on_path


def transcript() -> dict[str, Any]:
    """The sample of games, as plain data (run in each path's own interpreter)."""
    from generator.core import jit, pyrandom
    from generator.core.playout import get_bot
    from generator.core.rng import make_rng
    from generator.games.rzuc_na_tace import bots
    from generator.games.rzuc_na_tace import kernels as k
    from generator.games.rzuc_na_tace.engine import State
    from generator.games.rzuc_na_tace.model import standard_layout
    from generator.games.rzuc_na_tace.setup import game_scores, random_layout

    layouts = [standard_layout(), random_layout(make_rng(3, "variant"))]
    out: dict[str, Any] = {"pure": jit.PURE_PYTHON, "compiled": jit.is_compiled(k.advance), "games": []}
    for li, lay in enumerate(layouts):
        for players in (1, 2, 3, 4):
            for name in ("greedy", "random"):
                seed = 100 * li + 10 * players + (name == "random")
                rng = make_rng(seed)  # one stream for the dice seeds and the bot, as core.playout plays
                state = State(players, rng, lay)
                bot = get_bot(name)
                steps = []
                while not state.is_over():
                    legal = state.legal_moves()
                    move = bot(state, rng)
                    steps.append([len(legal), legal[0], legal[-1], move, state.move_value(move)])
                    state.apply(move)
                rng2 = make_rng(seed)
                whole = State(players, rng2, lay)
                played = bots.PLAYERS[name](whole, rng2)
                out["games"].append({
                    "layout": li, "players": players, "bot": name, "steps": steps, "scores": state.scores(),
                    "breakdowns": state.breakdowns(), "after": rng.getrandbits(32),
                    "whole": [played, whole.scores(), whole.breakdowns(), rng2.getrandbits(32),
                              whole.sh.tolist(), whole.gs.tolist()],
                    "stepwise": [len(steps), state.sh.tolist(), state.gs.tolist()]})
    duo = []  # the balancer's bot, its dice stream and its bot stream apart
    for i in range(4):
        dice, bot_rng = make_rng(i, "dice"), make_rng(i, "bot")
        s = bots.play_greedy(State(1 + i % 2, dice, layouts[i % 2]), bot_rng)
        duo.append([s.scores(), s.moves_made, dice.getrandbits(32), bot_rng.getrandbits(32)])
    out["duo"] = duo
    out["batched"] = [game_scores(lay, 0, 12) for lay in layouts]
    mt = pyrandom.new_state()
    draws = []
    for seed in (0, 1, 2**32 - 1, 2**32, 2**64 - 1, 12345678901234567):
        pyrandom.seed(mt, seed & 0xFFFFFFFF, seed >> 32)
        draws.append([seed, [pyrandom.random(mt) for _ in range(330)]])
    out["random"] = draws
    return out


def _transcript(pure: bool) -> dict[str, Any]:
    return on_path("tests.games.rzuc_na_tace.test_paths", pure)  # type: ignore[no-any-return]


#: blake2b of the move-by-move games of the standard sheet (scores, moves, stream ends), as the
#: engine before the kernels played them (commit c46ae15)
PINNED = "32255876f9e93a10"


def test_compiled_and_plain_python_paths_play_the_same_games() -> None:
    fast, slow = _transcript(pure=False), _transcript(pure=True)
    assert (fast["pure"], fast["compiled"]) == (False, True)
    assert (slow["pure"], slow["compiled"]) == (True, False)
    assert len(fast["games"]) == len(slow["games"]) == 16
    for a, b in zip(fast["games"], slow["games"], strict=True):
        assert a == b
        # the whole-game kernel plays the move-by-move game: same end, same moves, same stream end
        played, scores, breakdowns, after, sh, gs = a["whole"]
        assert (played, sh, gs) == tuple(a["stepwise"]) and (scores, breakdowns, after) == (
            a["scores"], a["breakdowns"], a["after"])
        assert [b_["total"] for b_ in a["breakdowns"]] == a["scores"]
    assert fast["duo"] == slow["duo"] and fast["batched"] == slow["batched"]
    assert fast["random"] == slow["random"]
    for seed, values in fast["random"]:  # Python's own generator, rebuilt
        r = random.Random(seed)
        assert values == [r.random() for _ in values]
    standard = [[g["scores"], len(g["steps"]), g["after"]] for g in fast["games"] if g["layout"] == 0]
    digest = hashlib.blake2b(json.dumps(standard).encode(), digest_size=8).hexdigest()
    assert digest == PINNED


def test_what_plays_nothing_loads_no_compiler() -> None:
    """The standard pad, the checker, the scorer and the CLI's module import no numba (only playing
    loads the compiled engine)."""
    code = ("from generator.games.rzuc_na_tace import cli, rules, setup\n"
            "from generator.games.rzuc_na_tace.model import standard_layout\n"
            "setup.generate(2, 'standard', 1)\n"
            "rules.check_layout(standard_layout())\n"
            "rep, sh = rules.check_filled(rules.parse_filled({'layout': 'standard', 'blue': [2, 3], 'orange': [4]}))\n"
            "rules.score(sh)\n")
    assert loaded(code, "numba") == [False]
