"""The compiled and the plain-Python paths play the same Plażing games: every move, every score, every draw.

The kernels (kernels.py: the closing test, the necessary pieces, the holes, the two-arcs test and the
greedy bot's valuation) run as machine code by default and as plain Python under
BOARDGEN_PURE_PYTHON=1 (core.jit). Both paths play a sample of games here, each in a fresh
interpreter, and must write the same transcript: greedy and random games move by move through
core.playout's bots, with the number of legal moves at every step, the score breakdowns at the end
and where each game leaves its random stream, and a playout report.
"""

from __future__ import annotations

from typing import Any

from tests.paths import loaded, on_path


def transcript() -> dict[str, Any]:
    """The sample of games, as plain data (run in each path's own interpreter)."""
    import random

    from generator.core import jit
    from generator.core.playout import greedy_bot, random_bot
    from generator.games.plazing import kernels, playability
    from generator.games.plazing.engine import State
    from generator.games.plazing.model import Options
    from generator.games.plazing.setup import generate

    sample = [Options(players=4), Options(players=3, surprises=True, clean_beach=True),
              Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True, extra_tiles=True),
              Options(players=2, two_colours=True, surprises=True, events=True, clean_beach=True),
              Options(players=2)]
    out: dict[str, Any] = {"pure": jit.PURE_PYTHON, "compiled": jit.is_compiled(kernels.best_placements), "games": []}
    for n, options in enumerate(sample):
        setup = generate(options, 40 + n)
        for name, bot in (("greedy", greedy_bot), ("random", random_bot)):
            rng = random.Random(n * 10 + len(name))
            s = State(setup, rng)
            steps = []
            while not s.is_over():
                legal = len(s.legal_moves())
                move = bot(s, rng)
                steps.append([legal, *move])
                s.apply(move)
            out["games"].append({"options": n, "bot": name, "steps": steps,
                                 "scores": [sc.parts for sc in s.scores()], "areas": [list(a) for a in s.areas],
                                 "after": rng.getrandbits(32)})
    report = playability.playout_report(generate(Options(players=4), 3), 6, bots="greedy")
    out["report"] = playability.report_json(report, 3)
    return out


def _transcript(pure: bool) -> dict[str, Any]:
    return on_path("tests.games.plazing.test_paths", pure)  # type: ignore[no-any-return]


def test_compiled_and_plain_python_paths_play_the_same_games() -> None:
    fast, slow = _transcript(pure=False), _transcript(pure=True)
    assert (fast["pure"], fast["compiled"]) == (False, True)
    assert (slow["pure"], slow["compiled"]) == (True, False)
    assert len(fast["games"]) == len(slow["games"]) == 10
    for a, b in zip(fast["games"], slow["games"], strict=True):
        assert a["steps"] == b["steps"], (a["options"], a["bot"])  # every move, and the legal moves' count
        assert a == b
        assert len(a["steps"]) > 20 and a["areas"]  # real games that close areas
    assert fast["report"] == slow["report"]


def test_what_plays_nothing_loads_no_compiler() -> None:
    """The CLI, a setup, the checker, the drawing, the playability and compare modules import no
    numba (only playing loads the compiled rules)."""
    code = ("from generator.cli import app\n"
            "from generator.games.plazing import cli, compare, draw, playability, rules, setup\n"
            "from generator.games.plazing.model import Options\n"
            "s = setup.generate(Options(players=4), 5)\n"
            "rules.check(s)\n")
    assert loaded(code, "numba") == [False]
