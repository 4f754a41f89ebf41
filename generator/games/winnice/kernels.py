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
def grow4(bits: Any, nw: Any, ne: Any, full: Any, wd: int) -> Any:
    """`bits` plus every square orthogonally adjacent to it (core.grid.Grid.grow4 on the board's
    words: `nw`/`ne` the not-west/not-east masks, `full` every square)."""
    return (bits | ((bits << 1) & nw) | ((bits >> 1) & ne) | (bits << wd) | (bits >> wd)) & full


@njit
def largest_side(bits: Any, ne: Any, wd: int) -> int:
    """The side of the largest solid square inside `bits` (the rule a harvest pays by:
    rules.largest_side calls this): bit-parallel erosion — after k steps a bit is left where a
    (k+1)x(k+1) square has its north-west corner, so the side is the number of steps until
    nothing is left."""
    side = 0
    e = bits
    while e:
        side += 1
        e = e & (e >> 1) & (e >> wd) & (e >> (wd + 1)) & ne
    return side


@njit
def plantings(bits: Any, nw: Any, ne: Any, full: Any, wd: int, one: Any, regions: Any, rings: Any,
              at: int) -> int:
    """The plantings of one colour board (its 4-connected groups, lowest square first, as
    core.grid.Grid.regions orders them) into `regions[at:]`, their 4-neighbour rings into
    `rings[at:]`; returns one past the last."""
    rest = bits
    while rest:
        region = rest & (~rest + one)  # the lowest square: the flood starts there
        while True:
            grown = grow4(region, nw, ne, full, wd) & bits
            if grown == region:
                break
            region = grown
        regions[at] = region
        rings[at] = grow4(region, nw, ne, full, wd) & ~region
        at += 1
        rest &= ~region
    return at


@njit
def plant_decision(boards: Any, drought: Any, seed_colour: Any, seed_shape: Any, genetics: int,
                   placements: Any, halos: Any, rings: Any, start: Any, size_term: Any, windows: Any,
                   window_start: Any, pay: Any, red_points: int, win_red: int, squares: int, nw: Any, ne: Any,
                   full: Any, wd: int, one: Any, targets: Any, regions: Any, region_rings: Any, values: Any,
                   counts: Any, at: Any, out: Any, harvest_values: Any, first: Any) -> float:
    """The greedy bot's planting decision for the player to move (irrigations aside), from the
    player's three colour boards and drought tokens alone: the colours' target windows
    (`target_windows` into `targets`); per distinct stored seedling `j` (colour, shape index),
    the best `plant_value` of its legal placements in `values[j]` and the `counts[j]`
    placements reaching it in `out[at[j]:]` (`plant_ties`; count 0 for a shape kept for genetics
    — with the card, a yellow or green seedling whose other-colour twin is stored: worth -1,
    never the best); each colour's plantings (`plantings`: those of colour c are
    `regions[first[c]:first[c + 1]]`) and the value of harvesting each (`harvest_value`; its pay
    by its largest square, one step less with a drought token on it: `pay[2 * side + 1]`, else
    `pay[2 * side]`) in `harvest_values`. Returns the best of them all and of "done" (0)."""
    target_windows(boards, windows, window_start, one, targets)
    occ = boards[0] | boards[1] | boards[2]
    empty = squares - popcount(occ, one)
    first[0] = 0
    for c in range(3):
        first[c + 1] = plantings(boards[c], nw, ne, full, wd, one, regions, region_rings, first[c])
    best = 0.0
    nxt = 0
    for j in range(len(seed_colour)):
        counts[j] = 0
        at[j] = nxt
        c = seed_colour[j]
        s = seed_shape[j]
        if genetics and c < 2:
            kept = False
            for j2 in range(len(seed_colour)):
                if seed_colour[j2] == 1 - c and seed_shape[j2] == s:
                    kept = True
            if kept:
                continue
        mine = boards[c]
        foreign = targets[0] & ~targets[0]
        for c2 in range(3):
            if c2 != c:
                foreign |= targets[c2]
        value, count = plant_ties(placements, halos, rings, start[s], start[s + 1], occ, mine,
                                  regions[first[c]:first[c + 1]], targets[c], foreign, 1.5 if c == 2 else 1.0,
                                  squares_score(mine, ne, wd, one), size_term[s], ne, wd, one, out, nxt)
        values[j] = value
        counts[j] = count
        nxt += count
        if count and value > best:
            best = value
    for c in range(3):
        for r in range(first[c], first[c + 1]):
            region = regions[r]
            side = largest_side(region, ne, wd)
            points = pay[2 * side + 1] if region & drought else pay[2 * side]
            v = harvest_value(c, region, region_rings[r], side, points, red_points, win_red, targets[c], occ, empty,
                              seed_colour, seed_shape, placements, halos, rings, start, boards[c],
                              regions[first[c]:first[c + 1]])
            harvest_values[r] = v
            if v > best:
                best = v
    return best


#: the greedy bot's bonus of a card's colour (yellow, green, red) over its squares
CARD_BONUS = (0.0, 1.5, 6.0)
#: the fields of a space in `place_decision`'s `spaces` (kind, argument, cost) and its kinds (tables.py's)
SPACE_FIELDS = 3
HIRE_KIND, BUY_KIND, CARD_KIND = 0, 1, 2
#: the action cards' order in `place_decision`'s arguments (model.ACTION_CARDS)
GREENHOUSE, BARRELS, LABORATORY, GENETICS, IRRIGATE = range(5)
#: `place_decision`'s `facts`: the mover's coins, the round, their seedling and token limits, stored
#: seedlings, red tokens, drought tokens, then their action cards (model.ACTION_CARDS order), then
#: per colour the shapes of their stored seedlings as bits (the genetics pairs)
COINS, ROUND, SEED_CAP, TOKEN_CAP, STORED, REDS, DROUGHTS, CARDS, HELD = 0, 1, 2, 3, 4, 5, 6, 7, 12
FACTS = 15


@njit
def fits_window(window: Any, occ: Any, mine: Any, plantings: Any, placements: Any, halos: Any, rings: Any,
                lo: int, hi: int) -> bool:
    """Can a seedling whose shape's placements are `lo:hi` still go wholly inside its colour's
    target window `window` now (the greedy bot's window bonus of a card): a placement inside the
    window, clear of every seedling (`occ`) and `apart` from the colour's plantings."""
    if not window:
        return False
    for i in range(lo, hi):
        b = placements[i]
        if b & ~window or b & occ:
            continue
        if apart(halos[i], rings[i], mine, plantings):
            return True
    return False


@njit
def card_values(market: Any, m0: int, boards: Any, targets: Any, regions: Any, first: Any, facts: Any,
                shape_size: Any, placements: Any, halos: Any, rings: Any, start: Any, out: Any) -> None:
    """The greedy bot's value of each face-up card of a market (`market[m0]` cards, then each
    card's colour and shape index) for the mover, into `out`: its squares plus its colour's
    `CARD_BONUS`, plus 5 for the genetics pair it would complete (with the card, and a seedling of
    the shape in the other of yellow and green stored), plus 1 when it still `fits_window`."""
    occ = boards[0] | boards[1] | boards[2]
    for i in range(market[m0]):
        c = market[m0 + 1 + 2 * i]
        s = market[m0 + 2 + 2 * i]
        pair = 5.0 if c < 2 and facts[CARDS + GENETICS] and (facts[HELD + 1 - c] >> s) & 1 else 0.0
        base = (shape_size[s] + CARD_BONUS[c]) + pair
        fits = fits_window(targets[c], occ, boards[c], regions[first[c]:first[c + 1]], placements, halos, rings,
                           start[s], start[s + 1])
        out[i] = base + (1.0 if fits else 0.0)


@njit
def board_facts(boards: Any, windows: Any, window_start: Any, nw: Any, ne: Any, full: Any, wd: int, one: Any,
                targets: Any, regions: Any, rings: Any, first: Any) -> None:
    """A player's target windows (`target_windows`) and plantings per colour (`plantings`: colour
    c's are `regions[first[c]:first[c + 1]]`, with their rings), from the colour boards."""
    target_windows(boards, windows, window_start, one, targets)
    first[0] = 0
    for c in range(3):
        first[c + 1] = plantings(boards[c], nw, ne, full, wd, one, regions, rings, first[c])


@njit
def market_values(market: Any, boards: Any, facts: Any, shape_size: Any, placements: Any, halos: Any, rings: Any,
                  start: Any, windows: Any, window_start: Any, nw: Any, ne: Any, full: Any, wd: int, one: Any,
                  targets: Any, regions: Any, region_rings: Any, first: Any, out: Any) -> None:
    """`card_values` of one market (`market[0]` cards) for the mover whose colour boards are
    `boards` (the greedy bot's values of taking each face-up card)."""
    board_facts(boards, windows, window_start, nw, ne, full, wd, one, targets, regions, region_rings, first)
    card_values(market, 0, boards, targets, regions, first, facts, shape_size, placements, halos, rings, start, out)


@njit
def card_space(action: int, facts: Any, held_actions: int) -> float:
    """The greedy bot's value of an action-card space before its cost: a greenhouse while storage
    is small (3 or less) or coins plenty, barrels before the red tokens would overflow, a
    laboratory and a genetics card once each (a second one adds no conversions, -1), an irrigate
    card while drought outnumbers the irrigate cards; none twice in a round (`held_actions`: the
    actions of the spaces the player holds, as bits)."""
    coins = facts[COINS]
    mine = (held_actions >> action) & 1
    if action == GREENHOUSE:
        seed_cap = facts[SEED_CAP]
        rich = coins > 15 and seed_cap < 7
        return 3.5 if (seed_cap <= 3 or rich) and not mine else 0.2
    if action == BARRELS:
        return 5.0 if facts[REDS] + (4 if coins > 15 else 2) > facts[TOKEN_CAP] and not mine else 0.2
    if (action == LABORATORY or action == GENETICS) and (facts[CARDS + action] or mine):  # noqa: SIM109 - numba compiles no tuple test
        return -1.0
    if action == LABORATORY:
        return 4.0 if coins > 12 else 0.2
    if action == GENETICS:
        return 4.0 if coins > 8 else 0.3
    return 3.0 if facts[DROUGHTS] > facts[CARDS + IRRIGATE] and not mine else -1.0


@njit
def place_decision(spaces: Any, open_: Any, held: Any, taken: Any, free: Any, facts: Any, markets: Any,
                   market_stride: int, boards: Any, shape_size: Any, placements: Any, halos: Any, rings: Any,
                   start: Any, windows: Any, window_start: Any, nw: Any, ne: Any, full: Any, wd: int, one: Any,
                   bit: Any, targets: Any, regions: Any, region_rings: Any, first: Any, cards: Any, values: Any,
                   top: Any) -> tuple[float, int]:
    """The greedy bot's placing decision (passing aside): the value of each open space (`open_`,
    bits; `spaces[SPACE_FIELDS * si:]` its kind, argument and cost) in `values[si]` — a crew early
    (6 while round 15 lasts and 2 coins would be left, else 0.6), a market by the best it offers
    (0.5 + 0.6 x the best `card_values` of the market `arg` or its blind top card, 2 for the 4/5
    deck, 1 else; 4 less once the seedlings stored and bought this round fill the greenhouses),
    an action card by `card_space` — less 0.6 per coin it costs; then a worker on it is worth
    that less 0.03 per free space the worker fits (`free`: each free worker's spaces as bits; of
    those fitting a space only the ones fitting the fewest can be best). The moves of the best
    value go to `top` as (space, free worker index) pairs, by space then worker; returns (that
    value, the number of moves). `held`/`taken`: the spaces the mover / anyone holds, as bits."""
    board_facts(boards, windows, window_start, nw, ne, full, wd, one, targets, regions, region_rings, first)
    n_spaces = len(spaces) // SPACE_FIELDS
    held_actions = 0
    held_buys = 0
    for si in range(n_spaces):
        if held & (bit << si):
            kind = spaces[SPACE_FIELDS * si]
            if kind == CARD_KIND:
                held_actions |= 1 << spaces[SPACE_FIELDS * si + 1]
            elif kind == BUY_KIND:
                held_buys += 1
    best_card = (-1.0, -1.0)
    top_value = NONE
    count = 0
    for si in range(n_spaces):
        if not open_ & (bit << si):
            values[si] = NONE
            continue
        kind = spaces[SPACE_FIELDS * si]
        arg = spaces[SPACE_FIELDS * si + 1]
        cost = spaces[SPACE_FIELDS * si + 2]
        if kind == HIRE_KIND:
            value = 6.0 if facts[ROUND] <= 15 and facts[COINS] >= cost + 2 else 0.6
        elif kind == BUY_KIND:
            deck_best = best_card[arg]
            if deck_best < 0.0:
                deck_best = 2.0 if arg == 1 else 1.0
                m0 = market_stride * arg
                card_values(markets, m0, boards, targets, regions, first, facts, shape_size, placements, halos,
                            rings, start, cards)
                for i in range(markets[m0]):
                    if cards[i] > deck_best:
                        deck_best = cards[i]
                best_card = (deck_best, best_card[1]) if arg == 0 else (best_card[0], deck_best)
            value = 0.5 + deck_best * 0.6
            if facts[STORED] + held_buys >= facts[SEED_CAP]:
                value -= 4.0
        else:
            value = card_space(arg, facts, held_actions)
        value -= 0.6 * cost
        values[si] = value
        fewest = -1
        for w in range(len(free)):
            if free[w] & (bit << si):
                f = popcount(free[w] & ~taken, bit)
                if fewest < 0 or f < fewest:
                    fewest = f
        v = value - 0.03 * fewest
        if v > top_value:
            top_value = v
            count = 0
        if v == top_value:
            for w in range(len(free)):
                if free[w] & (bit << si) and popcount(free[w] & ~taken, bit) == fewest:
                    top[2 * count] = si
                    top[2 * count + 1] = w
                    count += 1
    return top_value, count


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
           "harvest_value", "grow4", "largest_side", "plantings", "plant_decision", "fits_window", "card_values",
           "board_facts", "market_values", "card_space", "place_decision")
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


def blank_words(n: int, word: Any) -> Any:
    """Room for `n` boards (a kernel's output)."""
    if word is int:
        return [0] * n
    return _np.zeros(n, dtype=_np.uint64)


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
    w3 = words([0, 0, 0], word)
    k.plant_decision(w3, z, i0, i0, 0, a, a, a, i1, f, a, ints([0, 1, 1, 1], word), ints([0, 0], word), 0, 8, 64, z,
                     z, z, 8, one, w3, words([0] * 64, word), words([0] * 64, word), f, index_array(1, word),
                     index_array(1, word), out, floats(64, word), ints([0, 0, 0, 0], word))
    facts, market = ints([0] * FACTS, word), ints([0, 0, 0], word)
    room = (w3, words([0] * 64, word), words([0] * 64, word), ints([0, 0, 0, 0], word))
    k.market_values(market, w3, facts, i0, a, a, a, i1, a, ints([0, 1, 1, 1], word), z, z, z, 8, one, *room, f)
    k.place_decision(ints([0, 0, 0], word), 1, 0, 0, ints([1], word), facts, ints([0, 0, 0, 0, 0, 0], word), 3, w3, i0,
                     a, a, a, i1, a, ints([0, 1, 1, 1], word), z, z, z, 8, one, 1, *room, f, f, index_array(2, word))
