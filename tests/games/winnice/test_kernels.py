"""The Winnice kernels give the same answers compiled and as plain Python: the same best planting
values and ties on random vineyards, and the same whole games (the pinned fingerprints) with
`BOARDGEN_PURE_PYTHON=1` in a subprocess."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.jit import PURE_PYTHON, is_compiled
from generator.games.winnice import kernels
from generator.games.winnice.placement_index import index_for
from tests.games.winnice.conftest import GRID, new_state
from tests.games.winnice.test_fingerprints import GREEDY, REPORT

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.skipif(PURE_PYTHON, reason="the compiled path is off")
def test_the_planting_kernel_runs_compiled_on_the_default_board() -> None:
    k, word = kernels.for_board(64)
    assert is_compiled(k.plant_ties) and word is not int
    assert kernels.for_board(81)[1] is int  # a 9x9 board does not fit a word: plain Python


@given(st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_plant_ties_compiled_and_plain_agree(seed: int) -> None:
    rng = random.Random(seed)
    state = new_state(2, seed % 7)
    t = state.t
    idx = index_for(t)
    boards = [0, 0, 0]
    for sq in rng.sample(range(64), rng.randrange(0, 40)):
        boards[rng.randrange(3)] |= 1 << sq
    colour = rng.randrange(3)
    mine = boards[colour]
    occ = boards[0] | boards[1] | boards[2]
    window, foreign = rng.getrandbits(64), rng.getrandbits(64)
    plantings = GRID.regions(mine)
    answers = []
    for k, word in (kernels.for_board(64), (kernels.PLAIN, int)):
        for shape, ps in t.placements.items():
            out = kernels.index_array(len(ps), word)
            best, n = k.plant_ties(kernels.words(list(ps), word), kernels.words([h for _, h in t.haloed[shape]], word),
                                   kernels.words([idx.ring4[b] for b in ps], word), word(occ), word(mine),
                                   kernels.words(plantings, word), word(window), word(foreign), 1.5 if colour == 2
                                   else 1.0, int(k.squares_score(word(mine), word(GRID.not_east), 8, word(1))),
                                   0.3 * t.shape_size[shape], word(GRID.not_east), 8, word(1), out)
            answers.append((shape, float(best), [int(i) for i in out[:n]]))
    half = len(answers) // 2
    assert answers[:half] == answers[half:]


def test_games_are_the_same_as_plain_python() -> None:
    """Two pinned greedy games and the pinned 8-game report, played with the JIT off."""
    code = (
        "import json; from tests.games.winnice.test_fingerprints import fingerprint, report_fingerprint; "
        "from generator.core.jit import PURE_PYTHON; "
        "print(json.dumps([PURE_PYTHON, fingerprint(2, 1, 'greedy'), fingerprint(4, 3, 'greedy'), "
        "report_fingerprint('greedy')]))")
    env = dict(os.environ, BOARDGEN_PURE_PYTHON="1", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                         check=True).stdout
    pure, two, four, report = json.loads(out.splitlines()[-1])
    assert pure and two == GREEDY[(2, 1)] and four == GREEDY[(4, 3)] and report == REPORT
