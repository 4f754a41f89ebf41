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
            out = kernels.index_array(len(ps) + 2, word)
            best, n = k.plant_ties(kernels.words(list(ps), word), kernels.words([h for _, h in t.haloed[shape]], word),
                                   kernels.words([idx.ring4[b] for b in ps], word), 0, len(ps), word(occ), word(mine),
                                   kernels.words(plantings, word), word(window), word(foreign), 1.5 if colour == 2
                                   else 1.0, int(k.squares_score(word(mine), word(GRID.not_east), 8, word(1))),
                                   0.3 * t.shape_size[shape], word(GRID.not_east), 8, word(1), out, 2)
            answers.append((shape, float(best), [int(i) for i in out[2:2 + n]]))
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


@given(st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_grows_is_the_separation_rule_over_every_placement(seed: int) -> None:
    """`kernels.grows` (can a stored seedling grow this planting now) against rules.planting_ok over
    every placement of every stored shape, on both paths."""
    from generator.games.winnice.rules import planting_ok
    from generator.games.winnice.valuation import kernel_rows

    rng = random.Random(seed)
    state = new_state(2, seed % 7)
    t = state.t
    shapes = list(t.placements)
    boards = [0, 0, 0]  # a legal vineyard: random pieces planted by the rule
    for _ in range(rng.randrange(1, 25)):
        colour, piece = rng.randrange(3), rng.choice(t.placements[rng.choice(shapes)])
        if not piece & (boards[0] | boards[1] | boards[2]) and planting_ok(GRID, boards[colour], piece):
            boards[colour] |= piece
    occ = boards[0] | boards[1] | boards[2]
    seeds = sorted({(rng.randrange(3), rng.choice(shapes)) for _ in range(rng.randrange(1, 5))})
    for colour in range(3):
        mine = boards[colour]
        plantings = GRID.regions(mine)
        for region in plantings:
            ring = GRID.grow4(region) & ~region
            want = any(b & ring and not b & occ and planting_ok(GRID, mine, b)
                       for c, s in seeds if c == colour for b in t.placements[s])
            for k, word in (kernels.for_board(64), (kernels.PLAIN, int)):
                order, ps, halos, rings, start, _ = kernel_rows(t, word)
                got = k.grows(colour, word(ring), kernels.ints([c for c, _ in seeds], word),
                              kernels.ints([order[s] for _, s in seeds], word), ps, halos, rings, start, word(occ),
                              word(mine), kernels.words(plantings, word))
                assert bool(got) == want
