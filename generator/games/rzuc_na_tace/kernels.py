"""The compiled rules of Rzuć na tacę: the turn, the marks and their bonus chains, the score, the
greedy bot's valuation, and whole games.

Each function here is the one implementation of its rule (the rules and the readings of what the
rulebook leaves open are in rules.py's module doc, by number); the State (engine.py) and the bots
(bots.py) call them. They are written in the subset numba compiles (core.jit): with
BOARDGEN_PURE_PYTHON=1 the same source runs as plain Python.

Data (all int64 arrays):
* `tb`: one layout's tables (`T_*` offsets; built once per layout by `tables_of`);
* `sh`: the players' sheets, one row each (`SH_*`: yellow and blue bit masks as rules.Sheet,
  green count, orange and purple values, the re-roll and +1 tracks, foxes);
* `gs`: the game (`G_*`): round, seat, phase, the six dice and where they lie, the queues of
  passive players and of the +1 window, the free choices still to make, a solo turn's passive roll;
* `mt`: this turn's dice stream, Python's Mersenne Twister (core.pyrandom);
* `out`: the legal moves at the current decision, one row `(kind, die, area, cell, value)` each,
  in the order of engine.State.legal_moves().

The helpers a decision calls once per candidate move (the valuation, the legal marks of a die, one
mark) are `inline="always"`: a compiled call that hands arrays over costs more than their work, and
inlined they are also faster to load from the cache (less code than the calls' copies).

The dice: every turn reseeds `mt` from two words of the game's stream (phase `START`: the caller
hands them over, from `rng.getrandbits(64)` or from raw words), and every roll draws all six dice
from it in die order, so die d at roll k of turn t shows the same value on every sheet (common
random numbers, engine.py module doc).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from generator.core import pyrandom
from generator.core.jit import njit
from generator.core.kernels import randbelow

from .model import Layout
from .rules import BLUE_X, CHOICE, FOX, GREEN_X, NO_BONUS, ORANGE_BASE, PLUS, PURPLE_BASE, REROLL, YELLOW_X, tables_for

# move kinds, areas, where a die lies, phases (engine.py names them for its callers)
PICK, LOST, REROLL_M, TAKE, PASS, PLUS_M, DONE, BONUS = range(8)
Y, B, G, O, P = range(5)  # noqa: E741 - area indices, named like the sheet
POOL, TRAY, PICKED, OUT = range(4)
ACTIVE, PASSIVE, PLUS_WINDOW, OVER, START = range(5)
NEED_SEED = -1  # `advance`: a turn starts, hand its seed to `start_turn`
MAX_CELLS = 20  # rules.MAX_CELLS
# room for a decision's moves: the six dice's marks (a die allows at most 16 yellow cells and one
# mark in each other area), and 16 more per option of the round-4 choice (a yellow X: 16 cells)
MOVES_ROOM, CHOICE_ROOM = 64, 16

_at = 0


def _room(n: int) -> int:
    global _at
    at = _at
    _at += n
    return at


# tb: the layout's tables
T_YVAL, T_YPRE = _room(16), _room(1)
T_YCOLM, T_YCOLP, T_YROWM, T_YROWB, T_YDIAGM, T_YDIAGB = _room(4), _room(4), _room(4), _room(4), _room(1), _room(1)
T_YCELLS = _room(7 * 17)  # per value: how many yellow cells show it, then the cells
T_BROWM, T_BROWB, T_BCOLM, T_BCOLB = _room(13), _room(13), _room(13), _room(13)  # per sum (mask 0: no cell)
T_BPOSN, T_BPOS, T_BPTS = _room(1), _room(13), _room(12)  # the sums in grid order; points by crosses
T_GN, T_GTHR, T_GPTS, T_GBON = _room(1), _room(MAX_CELLS), _room(MAX_CELLS + 1), _room(MAX_CELLS)
T_ON, T_OMULT, T_OBON = _room(1), _room(MAX_CELLS), _room(MAX_CELLS)
T_PN, T_PBON = _room(1), _room(MAX_CELLS)
T_RRMAX, T_PLMAX, T_NRB, T_RB = _room(1), _room(1), _room(1), _room(12)
T_NCH = _room(1)
T_CH = _room(0)  # the round-4 choice's options, T_NCH of them, to the end

# sh: one row per player
SH_Y, SH_B, SH_G, SH_ON, SH_PN, SH_RRG, SH_RRU, SH_PLG, SH_PLU, SH_FOX = range(10)
SH_OV, SH_PV = 10, 10 + MAX_CELLS
SH_LEN = 10 + 2 * MAX_CELLS

# gs: the game
(G_NP, G_ROUNDS, G_ROUND, G_ACTIVE, G_PHASE, G_PICKS, G_NEED_ROLL, G_SOLO_ROLLED, G_MOVES, G_PQ, G_PQ_END, G_XQ,
 G_NPEND) = range(13)
G_DICE, G_WHERE, G_PLUSED, G_LOST, G_SOLO_DICE, G_SOLO_WHERE = 13, 19, 25, 29, 33, 39
# the bonus chain of one mark, and the (player, bonus) free choices waiting: each bonus of a sheet
# fires once, and a sheet holds at most 5 yellow lines, 7 blue lines and 3 x MAX_CELLS cell bonuses
G_Q, Q_LEN = 45, 128
G_PEND, PEND_LEN = G_Q + Q_LEN, 128
G_LEN = G_PEND + 2 * PEND_LEN

#: the greedy bot's rough worth of a bonus (the points it tends to bring later), by bonus code
WORTH = np.zeros(CHOICE + 1, np.float64)
for _code, _w in ((REROLL, 2.0), (PLUS, 3.0), (FOX, 6.0), (YELLOW_X, 3.0), (BLUE_X, 3.0), (GREEN_X, 3.0),
                  (CHOICE, 4.0), *((ORANGE_BASE + n, float(n)) for n in range(1, 7)),
                  *((PURPLE_BASE + n, 2.0 + n / 2) for n in range(1, 7))):
    WORTH[_code] = _w
TRAY_COST = 1.2  # per die the active player's pick sends to the tray
REROLL_BAR = 1.0  # a re-roll's value: the bot re-rolls when no pick is worth more
LOST_VALUE = -20.0

# whole-game bots: the greedy bot drawing on every decision (core.playout.greedy_choice), the greedy
# bot drawing only among two or more best moves (the balancer's, bots.play_greedy), the random bot
GREEDY, GREEDY_TIES, RANDOM = 0, 1, 2


@njit(inline="always")
def _bits(x: int) -> int:
    """Set bits of a mask below 2**32 (SWAR: no loop, nothing past 64 bits on either path)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


# --- marks and their bonuses (rules.py 6, 7, 9) ---------------------------------------------------------


@njit(inline="always")
def purple_ok(tb: Any, sh: Any, p: int, v: int) -> bool:
    """Purple: each value above the one before, anything after a 6, while cells are left."""
    k = sh[p, SH_PN]
    return k < tb[T_PN] and (k == 0 or sh[p, SH_PV + k - 1] == 6 or v > sh[p, SH_PV + k - 1])


@njit(inline="always")
def _fire(gs: Any, tail: int, bonus: int) -> int:
    if bonus != NO_BONUS:
        gs[G_Q + tail] = bonus
        tail += 1
    return tail


@njit(inline="always")
def _line(gs: Any, tail: int, before: int, after: int, mask: int, bonus: int) -> int:
    """A row, column or diagonal completed by this cross fires its bonus."""
    if mask and after & mask == mask and before & mask != mask:
        tail = _fire(gs, tail, bonus)
    return tail


@njit(inline="always")
def mark_once(tb: Any, sh: Any, gs: Any, p: int, area: int, cell: int, value: int, tail: int) -> int:
    """Make one mark (yellow: cross cell r*4+c; blue: cross the sum; green: cross the next cell;
    orange, purple: write `value` in the next cell) and queue the bonuses it fires at
    gs[G_Q + tail:], in the order of the sheet's lines (row before column or diagonal); returns the
    queue's new end."""
    if area == Y:
        before = sh[p, SH_Y]
        after = before | (1 << cell)
        sh[p, SH_Y] = after
        tail = _line(gs, tail, before, after, tb[T_YROWM + cell // 4], tb[T_YROWB + cell // 4])
        if cell % 5 == 0:
            tail = _line(gs, tail, before, after, tb[T_YDIAGM], tb[T_YDIAGB])
    elif area == B:
        before = sh[p, SH_B]
        after = before | (1 << (cell - 2))
        sh[p, SH_B] = after
        tail = _line(gs, tail, before, after, tb[T_BROWM + cell], tb[T_BROWB + cell])
        tail = _line(gs, tail, before, after, tb[T_BCOLM + cell], tb[T_BCOLB + cell])
    elif area == G:
        k = sh[p, SH_G]
        sh[p, SH_G] = k + 1
        tail = _fire(gs, tail, tb[T_GBON + k])
    elif area == O:
        k = sh[p, SH_ON]
        sh[p, SH_OV + k] = value
        sh[p, SH_ON] = k + 1
        tail = _fire(gs, tail, tb[T_OBON + k])
    else:
        k = sh[p, SH_PN]
        sh[p, SH_PV + k] = value
        sh[p, SH_PN] = k + 1
        tail = _fire(gs, tail, tb[T_PBON + k])
    return tail


@njit
def mark(tb: Any, sh: Any, gs: Any, p: int, area: int, cell: int, value: int) -> None:
    """Player `p` makes a mark; its bonuses are taken at once and chain (rules.py 6)."""
    tail = mark_once(tb, sh, gs, p, area, cell, value, 0)
    _take(tb, sh, gs, p, tail)


@njit
def give(tb: Any, sh: Any, gs: Any, p: int, bonus: int) -> None:
    """Player `p` gets `bonus` (a round bonus, or a bonus given by hand in a test)."""
    gs[G_Q] = bonus
    _take(tb, sh, gs, p, 1)


@njit
def _take(tb: Any, sh: Any, gs: Any, p: int, tail: int) -> None:
    """Take the queued bonuses in order: re-roll and +1 onto their tracks (lost when full), foxes,
    free green crosses and orange/purple values at once (lost when they cannot be written, and their
    own bonuses join the queue); free yellow/blue crosses and the round-4 choice wait for the player."""
    head = 0
    while head < tail:
        b = gs[G_Q + head]
        head += 1
        if b == REROLL:
            if sh[p, SH_RRG] < tb[T_RRMAX]:
                sh[p, SH_RRG] += 1
        elif b == PLUS:
            if sh[p, SH_PLG] < tb[T_PLMAX]:
                sh[p, SH_PLG] += 1
        elif b == FOX:
            sh[p, SH_FOX] += 1
        elif b == GREEN_X:
            if sh[p, SH_G] < tb[T_GN]:
                tail = mark_once(tb, sh, gs, p, G, 0, 0, tail)
        elif ORANGE_BASE < b <= ORANGE_BASE + 6:
            if sh[p, SH_ON] < tb[T_ON]:
                tail = mark_once(tb, sh, gs, p, O, 0, b - ORANGE_BASE, tail)
        elif PURPLE_BASE < b <= PURPLE_BASE + 6:
            if purple_ok(tb, sh, p, b - PURPLE_BASE):
                tail = mark_once(tb, sh, gs, p, P, 0, b - PURPLE_BASE, tail)
        else:  # YELLOW_X, BLUE_X, CHOICE: the player chooses
            n = gs[G_NPEND]
            gs[G_PEND + 2 * n] = p
            gs[G_PEND + 2 * n + 1] = b
            gs[G_NPEND] = n + 1


# --- legal moves (rules.py 1-5) ------------------------------------------------------------------------------


@njit(inline="always")
def _add(out: Any, n: int, kind: int, die: int, area: int, cell: int, value: int) -> int:
    out[n, 0] = kind
    out[n, 1] = die
    out[n, 2] = area
    out[n, 3] = cell
    out[n, 4] = value
    return n + 1


@njit(inline="always")
def entries(tb: Any, sh: Any, gs: Any, p: int, kind: int, d: int, out: Any, n: int) -> int:
    """Append every mark die `d` allows on player `p`'s sheet: a coloured die in its own area, the
    white die in any; blue and white always as their sum in blue (rules.py 4); green needs the next
    cell's threshold, purple a rising value. Order: yellow cells, blue, green, orange, purple."""
    v = gs[G_DICE + d]
    if d <= 1:
        ym = sh[p, SH_Y]
        at = T_YCELLS + 17 * v
        for j in range(tb[at]):
            c = tb[at + 1 + j]
            if not (ym >> c) & 1:
                n = _add(out, n, kind, d, Y, c, v)
    if d == 0 or d == 2:
        s = gs[G_DICE] + gs[G_DICE + 2]
        if not (sh[p, SH_B] >> (s - 2)) & 1:
            n = _add(out, n, kind, d, B, s, s)
    if d == 0 or d == 3:
        k = sh[p, SH_G]
        if k < tb[T_GN] and v >= tb[T_GTHR + k]:
            n = _add(out, n, kind, d, G, k, v)
    if d == 0 or d == 4:
        k = sh[p, SH_ON]
        if k < tb[T_ON]:
            n = _add(out, n, kind, d, O, k, v)
    if (d == 0 or d == 5) and purple_ok(tb, sh, p, v):
        n = _add(out, n, kind, d, P, sh[p, SH_PN], v)
    return n


@njit
def _free_marks(tb: Any, sh: Any, p: int, b: int, out: Any, n: int) -> int:
    """The marks a free bonus allows: a yellow X on any open cell (reading order), a blue X on any
    open sum (grid order), the next green cell, a value in the next orange or purple cell."""
    if b == YELLOW_X:
        ym = sh[p, SH_Y]
        for c in range(16):
            if not (ym >> c) & 1:
                n = _add(out, n, BONUS, -1, Y, c, tb[T_YVAL + c])
    elif b == BLUE_X:
        bm = sh[p, SH_B]
        for i in range(tb[T_BPOSN]):
            s = tb[T_BPOS + i]
            if not (bm >> (s - 2)) & 1:
                n = _add(out, n, BONUS, -1, B, s, s)
    elif b == GREEN_X:
        if sh[p, SH_G] < tb[T_GN]:
            n = _add(out, n, BONUS, -1, G, sh[p, SH_G], 0)
    elif ORANGE_BASE < b <= ORANGE_BASE + 6:
        if sh[p, SH_ON] < tb[T_ON]:
            n = _add(out, n, BONUS, -1, O, sh[p, SH_ON], b - ORANGE_BASE)
    elif PURPLE_BASE < b <= PURPLE_BASE + 6 and purple_ok(tb, sh, p, b - PURPLE_BASE):
        n = _add(out, n, BONUS, -1, P, sh[p, SH_PN], b - PURPLE_BASE)
    return n


@njit
def bonus_moves(tb: Any, sh: Any, p: int, b: int, out: Any) -> int:
    """The moves of a free choice `b` (the round-4 choice: each option's marks, in option order)."""
    if b != CHOICE:
        return _free_marks(tb, sh, p, b, out, 0)
    n = 0
    for i in range(tb[T_NCH]):
        n = _free_marks(tb, sh, p, tb[T_CH + i], out, n)
    return n


@njit
def _plus_moves(tb: Any, sh: Any, gs: Any, p: int, out: Any) -> int:
    """A +1: any of the turn's six dice as they lie, each once per player and window (rules.py 3)."""
    n = 0
    if sh[p, SH_PLU] >= sh[p, SH_PLG]:
        return 0
    used = gs[G_PLUSED + p]
    for d in range(6):
        if not (used >> d) & 1:
            n = entries(tb, sh, gs, p, PLUS_M, d, out, n)
    return n


@njit(inline="always")
def current_player(gs: Any) -> int:
    """Who decides now: the first free choice's player, else the passive player, the +1 window's
    player or the active player."""
    if gs[G_NPEND]:
        return gs[G_PEND]
    ph = gs[G_PHASE]
    if ph == PASSIVE:
        return (gs[G_ACTIVE] + gs[G_PQ]) % gs[G_NP]
    if ph == PLUS_WINDOW:
        return (gs[G_ACTIVE] + gs[G_XQ]) % gs[G_NP]
    return gs[G_ACTIVE]


# --- the turn (rules.py 1-3, 5, 8, 11) ------------------------------------------------------------------------


@njit
def advance(tb: Any, sh: Any, gs: Any, mt: Any, out: Any) -> int:
    """Run the automatic steps (rolls, lost free choices, phase changes) up to the next decision and
    write its moves to `out`; returns how many (0: the game is over), or NEED_SEED when a turn
    starts (call `start_turn`, then this again). At a decision it changes nothing, so it may be
    called again there (after a sheet was edited by hand, say).

    Active player: up to three rolls, each a pick (dice below it go to the tray) or a lost roll when
    no die in play can be marked; a re-roll instead of a pick while one is left. Then every other
    player takes one tray die (or one of the active player's chosen dice when no tray die can be
    used) or passes; then every player may spend +1s, the active player first. Solo: after that
    window, six fresh dice, the three lowest to the tray for one passive pick, and a second window.
    """
    while True:
        ph = gs[G_PHASE]
        if ph == START:
            return NEED_SEED
        if gs[G_NPEND]:
            n = bonus_moves(tb, sh, gs[G_PEND], gs[G_PEND + 1], out)
            if n:
                return n
            _pop_pending(gs)  # lost: nothing it could mark
            continue
        if ph == ACTIVE:
            in_play = False
            for i in range(6):
                if gs[G_WHERE + i] == POOL:
                    in_play = True
            if gs[G_PICKS] >= 3 or not in_play:
                for i in range(6):
                    if gs[G_WHERE + i] == POOL:
                        gs[G_WHERE + i] = TRAY
                gs[G_NEED_ROLL] = 0
                if gs[G_NP] == 1:
                    _open_plus_window(gs)
                else:
                    gs[G_PHASE] = PASSIVE
                    gs[G_PQ] = 1
                    gs[G_PQ_END] = gs[G_NP]
                continue
            if gs[G_NEED_ROLL]:
                for i in range(6):  # all six drawn, in die order (common random numbers)
                    v = int(pyrandom.random(mt) * 6) + 1
                    if gs[G_WHERE + i] == POOL:
                        gs[G_DICE + i] = v
                gs[G_NEED_ROLL] = 0
            p = gs[G_ACTIVE]
            n = 0
            for d in range(6):
                if gs[G_WHERE + d] == POOL:
                    n = entries(tb, sh, gs, p, PICK, d, out, n)
            if n == 0:
                n = _add(out, n, LOST, -1, -1, -1, 0)
            if sh[p, SH_RRU] < sh[p, SH_RRG]:
                n = _add(out, n, REROLL_M, -1, -1, -1, 0)
            return n
        if ph == PASSIVE:
            if gs[G_PQ] >= gs[G_PQ_END]:
                _open_plus_window(gs)
                continue
            p = current_player(gs)
            n = 0
            for d in range(6):
                if gs[G_WHERE + d] == TRAY:
                    n = entries(tb, sh, gs, p, TAKE, d, out, n)
            if n == 0:  # no tray die can be used: one of the active player's chosen dice instead
                for d in range(6):
                    if gs[G_WHERE + d] == PICKED:
                        n = entries(tb, sh, gs, p, TAKE, d, out, n)
            return _add(out, n, PASS, -1, -1, -1, 0)
        if ph == PLUS_WINDOW:
            while gs[G_XQ] < gs[G_NP]:
                n = _plus_moves(tb, sh, gs, current_player(gs), out)
                if n:
                    return _add(out, n, DONE, -1, -1, -1, 0)
                gs[G_XQ] += 1
            if gs[G_NP] == 1 and not gs[G_SOLO_ROLLED]:
                gs[G_SOLO_ROLLED] = 1  # the solo roll drawn at the turn's start
                for i in range(6):
                    gs[G_DICE + i] = gs[G_SOLO_DICE + i]
                    gs[G_WHERE + i] = gs[G_SOLO_WHERE + i]
                gs[G_PHASE] = PASSIVE
                gs[G_PQ] = 0
                gs[G_PQ_END] = 1
            else:
                _end_turn(tb, sh, gs)
            continue
        return 0  # OVER


@njit
def _pop_pending(gs: Any) -> None:
    n = gs[G_NPEND] - 1
    for i in range(2 * n):
        gs[G_PEND + i] = gs[G_PEND + 2 + i]
    gs[G_NPEND] = n


@njit
def _open_plus_window(gs: Any) -> None:
    gs[G_PHASE] = PLUS_WINDOW
    gs[G_XQ] = 0
    for p in range(4):
        gs[G_PLUSED + p] = 0


@njit
def _end_turn(tb: Any, sh: Any, gs: Any) -> None:
    gs[G_ACTIVE] += 1
    if gs[G_ACTIVE] >= gs[G_NP]:
        start_round(tb, sh, gs)
    else:
        gs[G_PHASE] = START


@njit
def start_round(tb: Any, sh: Any, gs: Any) -> None:
    """The next round: its round bonus to every player (rules.py 8), seat 1 active; or the end."""
    gs[G_ROUND] += 1
    r = gs[G_ROUND]
    if r > gs[G_ROUNDS]:
        gs[G_PHASE] = OVER
        return
    if r <= tb[T_NRB]:
        for p in range(gs[G_NP]):
            give(tb, sh, gs, p, tb[T_RB + r - 1])
    gs[G_ACTIVE] = 0
    gs[G_PHASE] = START


@njit
def start_turn(gs: Any, mt: Any, lo: int, hi: int) -> None:
    """A turn starts: its dice stream is seeded with `hi << 32 | lo`; solo, the passive roll is drawn
    first: six dice, then six tie-break draws that pick among equal values the three lowest dice for
    the tray (rules.py 5)."""
    pyrandom.seed(mt, lo, hi)
    if gs[G_NP] == 1:
        keys = np.empty(6, np.float64)
        for i in range(6):
            gs[G_SOLO_DICE + i] = int(pyrandom.random(mt) * 6) + 1
        for i in range(6):
            keys[i] = pyrandom.random(mt)
        for i in range(6):
            rank = 0
            vi = gs[G_SOLO_DICE + i]
            for j in range(6):
                vj = gs[G_SOLO_DICE + j]
                if vj < vi or (vj == vi and (keys[j] < keys[i] or (keys[j] == keys[i] and j < i))):
                    rank += 1
            gs[G_SOLO_WHERE + i] = TRAY if rank < 3 else OUT
    for i in range(6):
        gs[G_WHERE + i] = POOL
    gs[G_PICKS] = 0
    gs[G_NEED_ROLL] = 1
    gs[G_PHASE] = ACTIVE
    gs[G_SOLO_ROLLED] = 0


@njit
def play(tb: Any, sh: Any, gs: Any, kind: int, die: int, area: int, cell: int, value: int) -> None:
    """Play one legal move for the current player (then `advance`): a pick sends the dice in play
    below it to the tray; a lost roll and a re-roll use up a roll; a take or a pass ends a passive
    player's turn; a +1 uses one die of the turn once; a free choice is made."""
    p = current_player(gs)
    if kind == BONUS:
        _pop_pending(gs)
        mark(tb, sh, gs, p, area, cell, value)
    elif kind == PICK:
        v = gs[G_DICE + die]
        gs[G_WHERE + die] = PICKED
        for i in range(6):
            if gs[G_WHERE + i] == POOL and gs[G_DICE + i] < v:
                gs[G_WHERE + i] = TRAY
        gs[G_PICKS] += 1
        mark(tb, sh, gs, p, area, cell, value)
        gs[G_NEED_ROLL] = 1
    elif kind == LOST:  # nothing marked, nothing set aside; the roll is used up
        gs[G_PICKS] += 1
        gs[G_LOST + p] += 1
        gs[G_NEED_ROLL] = 1
    elif kind == REROLL_M:
        sh[p, SH_RRU] += 1
        gs[G_NEED_ROLL] = 1
    elif kind == TAKE:
        gs[G_PQ] += 1
        mark(tb, sh, gs, p, area, cell, value)
    elif kind == PASS:
        gs[G_PQ] += 1
    elif kind == PLUS_M:
        sh[p, SH_PLU] += 1
        gs[G_PLUSED + p] |= 1 << die
        mark(tb, sh, gs, p, area, cell, value)
    else:  # DONE
        gs[G_XQ] += 1
    gs[G_MOVES] += 1


# --- the score (rules.py 9, 10) -------------------------------------------------------------------------------


@njit
def area_scores(tb: Any, sh: Any, p: int, out: Any) -> None:
    """Player `p`'s five area scores into out[0:5]: full yellow columns' points, blue points by the
    number of crosses, green points of the last crossed cell, orange values times their
    multipliers, the purple values' sum."""
    ym = sh[p, SH_Y]
    y = 0
    for c in range(4):
        m = tb[T_YCOLM + c]
        if ym & m == m:
            y += tb[T_YCOLP + c]
    out[0] = y
    out[1] = tb[T_BPTS + _bits(sh[p, SH_B])]
    out[2] = tb[T_GPTS + sh[p, SH_G]]
    o = 0
    for k in range(sh[p, SH_ON]):
        o += sh[p, SH_OV + k] * tb[T_OMULT + k]
    out[3] = o
    s = 0
    for k in range(sh[p, SH_PN]):
        s += sh[p, SH_PV + k]
    out[4] = s


@njit
def breakdowns(tb: Any, sh: Any, out: Any) -> None:
    """Every player's score boxes: out[p] = (five areas, foxes, fox points, total); each fox scores
    the player's lowest area."""
    for p in range(sh.shape[0]):
        row = out[p]
        area_scores(tb, sh, p, row)
        low = row[0]
        for a in range(1, 5):
            low = min(low, row[a])
        row[5] = sh[p, SH_FOX]
        row[6] = sh[p, SH_FOX] * low
        row[7] = row[0] + row[1] + row[2] + row[3] + row[4] + row[6]


@njit
def total(tb: Any, sh: Any, p: int) -> int:
    """Player `p`'s total score."""
    a = np.empty(5, np.int64)
    area_scores(tb, sh, p, a)
    low = min(a[0], a[1], a[2], a[3], a[4])
    return a[0] + a[1] + a[2] + a[3] + a[4] + sh[p, SH_FOX] * low


# --- the greedy bot's valuation -------------------------------------------------------------------------------


@njit(inline="always")
def _worth(b: int) -> float:
    return WORTH[b] if b >= 0 else 0.0


@njit(inline="always")
def mark_value(tb: Any, sh: Any, p: int, area: int, cell: int, value: int) -> float:
    """The greedy bot's immediate worth of a mark: the points it adds (yellow: the column's points
    in proportion to its crosses squared; green: part of the step, less the die's margin over the
    threshold; orange: the value above average times the multiplier; purple: the value, less the
    values it skips), plus the rough worth of the bonuses it fires or brings closer."""
    if area == Y:
        ym = sh[p, SH_Y]
        after = ym | (1 << cell)
        col = cell % 4
        k0 = _bits(ym & tb[T_YCOLM + col])
        v = tb[T_YCOLP + col] * ((k0 + 1) * (k0 + 1) - k0 * k0) / 16.0
        for line in range(2):
            if line == 0:
                mask, bonus = tb[T_YROWM + cell // 4], tb[T_YROWB + cell // 4]
            elif cell % 5 == 0:
                mask, bonus = tb[T_YDIAGM], tb[T_YDIAGB]
            else:
                break
            if after & mask == mask:
                v += WORTH[bonus]
            else:
                v += 0.4 * WORTH[bonus] * (_bits(after & mask) - _bits(ym & mask)) / 4
        return v
    if area == B:
        bm = sh[p, SH_B]
        after = bm | (1 << (cell - 2))
        n = _bits(bm)
        v = float(tb[T_BPTS + n + 1] - tb[T_BPTS + n])
        for line in range(2):
            mask = tb[T_BROWM + cell] if line == 0 else tb[T_BCOLM + cell]
            if mask and after & mask == mask:
                v += WORTH[tb[T_BROWB + cell] if line == 0 else tb[T_BCOLB + cell]]
        return v
    if area == G:
        k = sh[p, SH_G]
        v = float(tb[T_GPTS + k + 1] - tb[T_GPTS + k]) * 0.6
        if value:
            v -= 0.6 * (value - tb[T_GTHR + k])
        return v + _worth(tb[T_GBON + k])
    if area == O:
        return (value - 2.5) * tb[T_OMULT + cell] + _worth(tb[T_OBON + cell])
    k = sh[p, SH_PN]
    prev = sh[p, SH_PV + k - 1] if k and sh[p, SH_PV + k - 1] != 6 else 0
    v = value - 0.9 * (value - prev - 1) if value != 6 else 4.5
    return v + _worth(tb[T_PBON + cell])


@njit(inline="always")
def move_value(tb: Any, sh: Any, gs: Any, p: int, kind: int, die: int, area: int, cell: int, value: int) -> float:
    """The greedy bot's value of a legal move for the current player `p`: a mark's worth, less
    TRAY_COST per die a first or second pick sends to the tray, less a +1's worth to keep (more early
    in the game); a re-roll is worth REROLL_BAR, a lost roll LOST_VALUE, a pass or the end of +1s 0."""
    if kind == PASS or kind == DONE:  # noqa: SIM109 - plain comparisons: compiled code
        return 0.0
    if kind == REROLL_M:
        return REROLL_BAR
    if kind == LOST:
        return LOST_VALUE
    v = mark_value(tb, sh, p, area, cell, value)
    if kind == PICK:
        if gs[G_PICKS] < 2:
            x = gs[G_DICE + die]
            lower = 0
            for i in range(6):
                if gs[G_WHERE + i] == POOL and gs[G_DICE + i] < x:
                    lower += 1
            v -= TRAY_COST * lower
    elif kind == PLUS_M:
        v -= 2.5 * (gs[G_ROUNDS] - gs[G_ROUND]) / gs[G_ROUNDS] + 0.5
    return v


@njit
def best_moves(tb: Any, sh: Any, gs: Any, out: Any, n: int, best: Any) -> int:
    """The moves of the best value among out[:n], in their order, as indices into `best`; how many."""
    top = -1e18
    count = 0
    p = current_player(gs)
    for i in range(n):
        x = move_value(tb, sh, gs, p, out[i, 0], out[i, 1], out[i, 2], out[i, 3], out[i, 4])
        if x > top:
            top = x
            best[0] = i
            count = 1
        elif x == top:
            best[count] = i
            count += 1
    return count


# --- whole games --------------------------------------------------------------------------------------------------


@njit
def play_game(mode: int, tb: Any, sh: Any, gs: Any, mt: Any, out: Any, seeds: Any, seed_at: Any, draws: Any,
              draw_at: Any) -> int:
    """Play the game to its end with one bot on every seat (mode GREEDY, GREEDY_TIES or RANDOM).

    The turns' seeds are two words each from `seeds[seed_at[0]:]` (`rng.getrandbits(64)`: low word
    first); the bot's draws are `randrange(len(moves))` from `draws[draw_at[0]:]`
    (core.kernels.randbelow), over the best moves (GREEDY: at every decision, as
    core.playout.greedy_choice; GREEDY_TIES: only among two or more, as bots.play_greedy) or over all
    legal moves (RANDOM, as core.playout's random bot). When the game and the bot draw from one
    stream, pass the same arrays twice.

    Returns 0 at the end (gs[G_MOVES] counts the moves), or -1 when the words run out (the game
    stands at a decision or a turn start, as the words left it; call again with more).
    """
    best = np.empty(out.shape[0], np.int64)
    while True:
        n = advance(tb, sh, gs, mt, out)
        if n == NEED_SEED:
            i = seed_at[0]
            if i + 2 > len(seeds):
                return -1
            start_turn(gs, mt, seeds[i], seeds[i + 1])
            seed_at[0] = i + 2
            continue
        if n == 0:
            return 0
        pick = 0
        if mode == RANDOM:
            pick = randbelow(draws, draw_at, n)
        else:
            count = best_moves(tb, sh, gs, out, n, best)
            if mode == GREEDY or (n > 1 and count > 1):
                r = randbelow(draws, draw_at, count)
                pick = best[r] if r >= 0 else -1
            else:
                pick = best[0]
        if pick < 0:
            return -1
        play(tb, sh, gs, out[pick, 0], out[pick, 1], out[pick, 2], out[pick, 3], out[pick, 4])


@njit
def greedy_totals(tb: Any, sh0: Any, gs0: Any, seeds: Any, draws: Any, totals: Any) -> int:
    """Solo GREEDY_TIES games from the new game `sh0`, `gs0` (before its first round), game i from the
    turn seeds `seeds[i]` and the bot's raw words `draws[i]`; seat 1's totals to `totals`. Returns how
    many games were played: fewer than asked when game i needs more words than it was given (the
    caller plays that one alone and asks again from the next)."""
    mt = np.zeros(pyrandom.STATE_LEN, np.int64)
    out = np.empty((MOVES_ROOM + CHOICE_ROOM * tb[T_NCH], 5), np.int64)
    s_at = np.zeros(1, np.int64)
    d_at = np.zeros(1, np.int64)
    for i in range(seeds.shape[0]):
        sh = sh0.copy()
        gs = gs0.copy()
        start_round(tb, sh, gs)
        s_at[0] = 0
        d_at[0] = 0
        if play_game(GREEDY_TIES, tb, sh, gs, mt, out, seeds[i], s_at, draws[i], d_at) < 0:
            return i
        totals[i] = total(tb, sh, 0)
    return seeds.shape[0]


# --- the tables, built in Python once per layout ----------------------------------------------------------------


def max_moves(tb: np.ndarray) -> int:
    """Room for the moves of any decision (a die's marks times six dice, or a free choice's options)."""
    return MOVES_ROOM + CHOICE_ROOM * int(tb[T_NCH])


@lru_cache(maxsize=64)
def tables_of(layout: Layout) -> np.ndarray:
    """The kernels' `tb` of a layout (module doc), from rules.Tables."""
    t = tables_for(layout)
    if max(t.gcells, t.ocells, t.pcells) > MAX_CELLS:  # rules.check_layout refuses such a sheet first
        raise ValueError(f"an area of more than {MAX_CELLS} cells: not a sheet the engine plays")
    tb = np.zeros(T_CH + len(t.choice), np.int64)
    tb[T_YVAL:T_YVAL + 16] = t.yvalue
    tb[T_YPRE] = t.ypre
    tb[T_YCOLM:T_YCOLM + 4] = t.ycol_mask
    tb[T_YCOLP:T_YCOLP + 4] = t.ycol_points
    tb[T_YROWM:T_YROWM + 4] = t.yrow_mask
    tb[T_YROWB:T_YROWB + 4] = [t.ylines[4 * r][0][1] for r in range(4)]
    tb[T_YDIAGM] = t.ydiag_mask
    tb[T_YDIAGB] = t.ylines[0][1][1]
    for v in range(7):
        cells = t.ycells_of[v]
        tb[T_YCELLS + 17 * v] = len(cells)
        tb[T_YCELLS + 17 * v + 1:T_YCELLS + 17 * v + 1 + len(cells)] = cells
    for s, lines in enumerate(t.blines):
        if lines:
            (tb[T_BROWM + s], tb[T_BROWB + s]), (tb[T_BCOLM + s], tb[T_BCOLB + s]) = lines
    tb[T_BPOSN] = len(t.bpos)
    tb[T_BPOS:T_BPOS + len(t.bpos)] = list(t.bpos)
    tb[T_BPTS:T_BPTS + len(t.bpoints)] = t.bpoints
    for n_at, at, values in ((T_GN, T_GTHR, t.gthr), (-1, T_GPTS, t.gpoints), (-1, T_GBON, t.gbonus),
                             (T_ON, T_OMULT, t.omult), (-1, T_OBON, t.obonus), (T_PN, T_PBON, t.pbonus)):
        tb[at:at + len(values)] = values
        if n_at >= 0:
            tb[n_at] = len(values)
    tb[T_PN] = t.pcells
    tb[T_RRMAX], tb[T_PLMAX] = t.rr_max, t.pl_max
    rb = t.round_bonuses[:12]
    tb[T_NRB] = len(rb)
    tb[T_RB:T_RB + len(rb)] = rb
    tb[T_NCH] = len(t.choice)
    tb[T_CH:] = t.choice
    return tb
