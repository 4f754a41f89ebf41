"""The greedy bot's planting value, written once in the subset numba compiles (core.jit).

A planting decision values every free placement of every stored seedling (a few hundred a
decision, some 370 decisions a 4-player game): this loop is the bot's hot path, so it runs as
machine code. The same source runs as plain Python: on Python ints when `BOARDGEN_PURE_PYTHON=1`
or when the board has more than 64 squares (a user's catalog may ask for up to 26x26), on numpy
uint64 words when compiled (`for_board` says which). Only integer bit operations and float arithmetic in the
order `valuation.move_value` documents are used, so both paths give the same floats, the same
best moves and so the same games.

Boards are core.grid bitboards (bit y * width + x). The caller passes the constants a loop needs
as values of the board's own type (`one`, the not-east mask `ne`), so no Python int meets a uint64
inside a compiled function (numba would make a float of the mix).
"""

from __future__ import annotations

import types
from types import SimpleNamespace
from typing import Any

from generator.core.jit import PURE_PYTHON, njit

#: the value no legal placement falls to (below every value the bot gives)
NONE = -1.0e300


@njit
def popcount(x: Any, one: Any) -> int:
    """The set squares of a board (one loop turn per square)."""
    c = 0
    while x:
        x &= x - one
        c += 1
    return c


@njit
def squares_score(bits: Any, ne: Any, wd: int, one: Any) -> int:
    """How square a colour's seedlings are: covered 2x2 windows + 3 per 3x3 + 6 per 4x4 (the bot's
    measure of progress towards a big harvest): bit-parallel erosion, four shifts per size."""
    score = 0
    e = bits
    weight = 1
    for _ in range(3):
        e = e & (e >> 1) & (e >> wd) & (e >> (wd + 1)) & ne
        if not e:
            break
        score += weight * popcount(e, one)
        weight = 3 if weight == 1 else 6
    return score


@njit
def plant_value(bits: Any, ring: Any, mine: Any, window: Any, foreign: Any, mult: float, base: int,
                size_term: float, ne: Any, wd: int, one: Any) -> float:
    """The greedy bot's value of planting the free piece `bits` (4-neighbour ring `ring`) of a
    colour whose squares are `mine` (squares score `base`): how much squarer the colour becomes
    (x `mult`: 1.5 for red), 0.4 per edge shared with its planting, 0.6 per square in the colour's
    target window, less 0.3 per square (`size_term`) and 0.4 per square in the other colours'
    windows, plus 0.2."""
    gain = squares_score(mine | bits, ne, wd, one) - base
    return (0.2 + gain * mult + 0.4 * popcount(ring & mine, one) + 0.6 * popcount(bits & window, one)
            - size_term - 0.4 * popcount(bits & foreign, one))


@njit
def apart(halo: Any, ring: Any, mine: Any, plantings: Any) -> bool:
    """The separation rule for a free piece (8-neighbour halo `halo`, 4-neighbour ring `ring`) of
    a colour whose squares are `mine`, on a legal board (`plantings`: the colour's 4-connected
    groups): the piece joins every planting it touches orthogonally, so it breaks the rule exactly
    when its halo reaches a planting its ring does not — `rules.planting_ok` without a flood fill
    (the tests hold the two equal)."""
    if not halo & mine:
        return True
    for g in plantings:  # noqa: SIM110 - numba compiles a loop, not a generator
        if halo & g and not ring & g:
            return False
    return True


@njit
def plant_ties(placements: Any, halos: Any, rings: Any, occ: Any, mine: Any, plantings: Any, window: Any,
               foreign: Any, mult: float, base: int, size_term: float, ne: Any, wd: int, one: Any,
               out: Any) -> tuple[float, int]:
    """The best `plant_value` over the legal placements of one shape, and the placements that
    reach it: their indices (in placement order) in `out[:count]`; returns (best, count), count 0
    (best `NONE`) when no placement is legal.

    Legal: clear of every seedling (`occ`) and `apart` from the colour's plantings."""
    best = NONE
    count = 0
    for i in range(len(placements)):
        b = placements[i]
        if b & occ:
            continue
        ring = rings[i]
        if not apart(halos[i], ring, mine, plantings):
            continue
        v = plant_value(b, ring, mine, window, foreign, mult, base, size_term, ne, wd, one)
        if v > best:
            best = v
            count = 0
        if v == best:
            out[count] = i
            count += 1
    return best, count


def _plain_twins(names: tuple[str, ...]) -> SimpleNamespace:
    """The kernels as plain Python functions calling each other (not the compiled dispatchers):
    the same code objects over a copy of this module's globals."""
    scope = dict(globals())
    for name in names:
        fn = scope[name]
        py = getattr(fn, "py_func", fn)
        scope[name] = types.FunctionType(py.__code__, scope, name, py.__defaults__, py.__closure__)
    return SimpleNamespace(**{name: scope[name] for name in names})


KERNELS = ("popcount", "squares_score", "plant_value", "apart", "plant_ties")
#: the kernels as the module defines them (compiled unless PURE_PYTHON), and as plain Python
COMPILED = SimpleNamespace(**{name: globals()[name] for name in KERNELS})
PLAIN = _plain_twins(KERNELS)


_np: Any = None  # numpy, imported with the first compiled board


def for_board(squares: int) -> tuple[SimpleNamespace, Any]:
    """The kernels for a board of `squares` squares and the type its boards reach them in:
    compiled on numpy uint64 words (64 squares at most), else plain Python on Python ints."""
    global _np
    if PURE_PYTHON or squares > 64:
        return PLAIN, int
    if _np is None:
        import numpy

        _np = numpy
    return COMPILED, _np.uint64


def words(values: list[int], word: Any) -> Any:
    """A list of boards as a kernel takes it (`word` from `for_board`): a uint64 array for compiled
    kernels, else the list."""
    if word is int:
        return values
    return _np.array(values, dtype=_np.uint64)


def index_array(n: int, word: Any) -> Any:
    """Room for `n` placement indices (`plant_ties`'s `out`)."""
    if word is int:
        return [0] * n
    return _np.empty(n, dtype=_np.int64)


def warm() -> None:
    """Load (or compile) the compiled kernels for the 64-square board now: a parent that forks
    playout workers calls it first, so they start with the machine code instead of each loading
    it from the disk cache."""
    k, word = for_board(64)
    if word is int:
        return
    z, one = word(0), word(1)
    a = words([0], word)
    k.squares_score(z, z, 8, one)
    k.plant_value(z, z, z, z, z, 1.0, 0, 0.3, z, 8, one)
    k.apart(z, z, z, a)
    k.plant_ties(a, a, a, z, z, a, z, z, 1.0, 0, 0.3, z, 8, one, index_array(1, word))
