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
#: the greedy bot's target window side per colour (yellow, green, red), and the weight of a colour's P
WINDOW = (4, 3, 2)
COLOUR_WEIGHT = (1.2, 2.0, 10.0)


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
def target_windows(boards: Any, windows: Any, start: Any, one: Any, out: Any) -> None:
    """The greedy bot's target window of each colour (`out[colour]`, 0 when none is free): for red,
    then green, then yellow, the window of the colour's side (`WINDOW`; its windows are
    `windows[start[colour]:start[colour + 1]]`, in board order) free of the other colours that
    scores best: 4 per square of the colour in it, -3 per square of a window already chosen; the
    first such window in board order on a tie, none when every score is negative."""
    occ = boards[0] | boards[1] | boards[2]
    taken = occ & ~occ
    for colour in (2, 1, 0):
        mine = boards[colour]
        others = occ & ~mine
        best = taken & ~taken
        best_score = -1
        for i in range(start[colour], start[colour + 1]):
            w = windows[i]
            if w & others:
                continue
            score = popcount(w & mine, one) * 4 - popcount(w & taken, one) * 3
            if score > best_score:
                best = w
                best_score = score
        out[colour] = best
        taken |= best


@njit
def plant_ties(placements: Any, halos: Any, rings: Any, lo: int, hi: int, occ: Any, mine: Any, plantings: Any,
               window: Any, foreign: Any, mult: float, base: int, size_term: float, ne: Any, wd: int, one: Any,
               out: Any, at: int) -> tuple[float, int]:
    """The best `plant_value` over the legal placements `lo:hi` of one shape, and the placements that
    reach it: their indices (from `lo`, in placement order) in `out[at:at + count]`; returns
    (best, count), count 0 (best `NONE`) when no placement is legal.

    Legal: clear of every seedling (`occ`) and `apart` from the colour's plantings."""
    best = NONE
    count = 0
    for i in range(lo, hi):
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
            out[at + count] = i - lo
            count += 1
    return best, count


@njit
def grows(colour: int, ring: Any, seed_colour: Any, seed_shape: Any, placements: Any, halos: Any, rings: Any,
          start: Any, occ: Any, mine: Any, plantings: Any) -> bool:
    """Could a stored seedling of `colour` (the distinct stored seedlings `seed_colour`/`seed_shape`)
    be planted against the planting whose 4-neighbour ring is `ring`, now: a placement of its
    shape touching the ring, clear of every seedling and `apart` from the colour's plantings."""
    for j in range(len(seed_colour)):
        if seed_colour[j] != colour:
            continue
        s = seed_shape[j]
        for i in range(start[s], start[s + 1]):
            b = placements[i]
            if b & ring and not b & occ and apart(halos[i], rings[i], mine, plantings):
                return True
    return False


@njit
def harvest_value(colour: int, region: Any, ring: Any, side: int, points: int, red_points: int, win_red: int,
                  window: Any, occ: Any, empty: int, seed_colour: Any, seed_shape: Any, placements: Any,
                  halos: Any, rings: Any, start: Any, mine: Any, plantings: Any) -> float:
    """The greedy bot's value of harvesting the planting `region` (largest square `side`, paying
    `points`; `ring` its 4-neighbour ring) of `colour`: a winning red harvest always (1000), a ready
    one gladly (0.8 + its token by the colour's weight), an unready one only when the board is
    nearly full (16 free squares or fewer). Ready: its square reached the colour's window size
    (`WINDOW`), or its target window `window` is full and holds it, or (2x2 and more) no stored
    seedling can grow it any more (`grows`)."""
    if colour == 2 and points and red_points + points >= win_red:
        return 1000.0
    ready = side >= WINDOW[colour]
    if not ready and window and not window & ~occ and window & region:
        ready = True
    if not ready and side >= 2:
        ready = not grows(colour, ring, seed_colour, seed_shape, placements, halos, rings, start, occ, mine,
                          plantings)
    if ready:
        return 0.8 + points * COLOUR_WEIGHT[colour] / 50
    return -1.0 if empty > 16 else 0.3 + points / 50


@njit
def plant_decision(boards: Any, windows: Any, occ: Any, seed_colour: Any, seed_shape: Any, seed_keep: Any,
                   placements: Any, halos: Any, rings: Any, start: Any, size_term: Any, regions: Any,
                   region_rings: Any, sides: Any, points: Any, first: Any, red_points: int,
                   win_red: int, empty: int, ne: Any, wd: int, one: Any, values: Any, counts: Any, at: Any,
                   out: Any, harvest_values: Any) -> float:
    """The greedy bot's planting decision for the player to move (irrigations aside): per distinct
    stored seedling `j` (colour, shape index), the best `plant_value` of its legal placements in
    `values[j]` and the `counts[j]` placements reaching it in `out[at[j]:]` (`plant_ties`; count 0
    for a shape kept for genetics, `seed_keep`: worth -1, never the best); the value of harvesting
    each planting (`harvest_value`; the plantings of colour c are
    `regions[first[c]:first[c + 1]]`, with their rings, largest squares and pay) in
    `harvest_values`. Returns the best of them all and of "done" (0)."""
    best = 0.0
    nxt = 0
    for j in range(len(seed_colour)):
        counts[j] = 0
        at[j] = nxt
        if seed_keep[j]:
            continue
        c = seed_colour[j]
        s = seed_shape[j]
        mine = boards[c]
        foreign = windows[0] & ~windows[0]
        for c2 in range(3):
            if c2 != c:
                foreign |= windows[c2]
        value, count = plant_ties(placements, halos, rings, start[s], start[s + 1], occ, mine,
                                  regions[first[c]:first[c + 1]], windows[c], foreign, 1.5 if c == 2 else 1.0,
                                  squares_score(mine, ne, wd, one), size_term[s], ne, wd, one, out, nxt)
        values[j] = value
        counts[j] = count
        nxt += count
        if count and value > best:
            best = value
    for c in range(3):
        for r in range(first[c], first[c + 1]):
            v = harvest_value(c, regions[r], region_rings[r], sides[r], points[r], red_points, win_red, windows[c],
                              occ, empty, seed_colour, seed_shape, placements, halos, rings, start, boards[c],
                              regions[first[c]:first[c + 1]])
            harvest_values[r] = v
            if v > best:
                best = v
    return best


def _plain_twins(names: tuple[str, ...]) -> SimpleNamespace:
    """The kernels as plain Python functions calling each other (not the compiled dispatchers):
    the same code objects over a copy of this module's globals."""
    scope = dict(globals())
    for name in names:
        fn = scope[name]
        py = getattr(fn, "py_func", fn)
        scope[name] = types.FunctionType(py.__code__, scope, name, py.__defaults__, py.__closure__)
    return SimpleNamespace(**{name: scope[name] for name in names})


KERNELS = ("popcount", "squares_score", "plant_value", "apart", "target_windows", "plant_ties", "grows",
           "harvest_value", "plant_decision")
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


def ints(values: list[int], word: Any) -> Any:
    """Small ints (shape indices, offsets, sides) as a kernel takes them: an int64 array when
    compiled, else the list."""
    if word is int:
        return values
    return _np.array(values, dtype=_np.int64)


def floats(n: int, word: Any) -> Any:
    """Room for `n` values."""
    if word is int:
        return [0.0] * n
    return _np.empty(n, dtype=_np.float64)


def warm() -> None:
    """Load (or compile) the compiled kernels for the 64-square board now: a parent that forks
    playout workers calls it first, so they start with the machine code instead of each loading
    it from the disk cache."""
    k, word = for_board(64)
    if word is int:
        return
    z, one = word(0), word(1)
    a = words([0], word)
    i0, i1 = ints([0], word), ints([0, 1], word)
    f = floats(1, word)
    out = index_array(1, word)
    k.squares_score(z, z, 8, one)
    k.plant_value(z, z, z, z, z, 1.0, 0, 0.3, z, 8, one)
    k.apart(z, z, z, a)
    k.target_windows(words([0, 0, 0], word), a, ints([0, 1, 1, 1], word), one, words([0, 0, 0], word))
    k.plant_ties(a, a, a, 0, 1, z, z, a, z, z, 1.0, 0, 0.3, z, 8, one, out, 0)
    k.grows(0, z, i0, i0, a, a, a, i1, z, z, a)
    k.harvest_value(0, z, z, 1, 0, 0, 8, z, z, 64, i0, i0, a, a, a, i1, z, a)
    k.plant_decision(words([0, 0, 0], word), words([0, 0, 0], word), z, i0, i0, i0, a, a, a, i1, f, a, a, i0, i0,
                     ints([0, 0, 0, 0], word), 0, 8, 64, z, 8, one, f, index_array(1, word),
                     index_array(1, word), out, f)
