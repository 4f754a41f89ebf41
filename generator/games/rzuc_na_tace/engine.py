"""The game itself: six dice, the tray, 1–4 players, every area and bonus (rules in rules.py).

`State` follows the house GameState protocol (`current_player`, `legal_moves`, `apply`, `is_over`,
`scores`, `clone`) so `core.playout` can play it, and adds `move_value` (the greedy bot's
valuation) and `stats`. The rules themselves are the compiled functions of kernels.py (the turn,
legal moves, marks and bonus chains, the score, the valuation); the State keeps the game in their
arrays and is their Python face. The bots live in bots.py. A move is a plain 5-tuple
`(kind, die, area, cell, value)`:

- PICK   the active player takes die `die` and marks it (area, cell, value)
- LOST   the active player's roll is lost (only when no die in play can be marked): nothing is
         marked, no die is set aside, and it still counts as one of the three rolls
- REROLL the active player spends a re-roll on the dice still in play
- TAKE   a passive player marks a die from the tray (or, when no tray die can be used, one of the
         active player's chosen dice);  PASS  takes nothing
- PLUS   a player spends a +1 on any of the turn's dice;  DONE  ends that player's +1s
- BONUS  a free cross / free value chosen by the player (yellow X, blue X, round-4 choice)

Cells: yellow r*4+c, blue the sum, green/orange/purple the 0-based index of the next cell.
`describe(move)` gives the readable form.

All rolls come from the `random.Random` passed in, so a game is reproduced by its seed. The dice
are drawn so that two sheets can be compared on the same luck (common random numbers, which is what
makes variant balancing cheap): each turn gets its own stream seeded from the game's stream
(`rng.getrandbits(64)`, Python's own generator rebuilt in the kernels: core.pyrandom), every
roll draws all six dice from it in die order (only the dice in play take their value), and a solo
turn draws its passive roll and tie-breaks first. So die d at roll k of turn t shows the same value
on every sheet, whatever the players chose before.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from generator.core import pyrandom
from generator.games.rzuc_na_tace import kernels as k
from generator.games.rzuc_na_tace.kernels import (
    ACTIVE,
    BONUS,
    DONE,
    LOST,
    OUT,
    OVER,
    PASS,
    PASSIVE,
    PICK,
    PICKED,
    PLUS_M,
    PLUS_WINDOW,
    POOL,
    REROLL_M,
    START,
    TAKE,
    TRAY,
)
from generator.games.rzuc_na_tace.model import AREAS, DICE, Layout, standard_layout
from generator.games.rzuc_na_tace.rules import B, G, Sheet, Tables, Y, score, tables_for

__all__ = ["ACTIVE", "BONUS", "DONE", "DONE_MOVE", "LOST", "LOST_MOVE", "OUT", "OVER", "PASS", "PASSIVE",
           "PASS_MOVE", "PICK", "PICKED", "PLUS_M", "PLUS_WINDOW", "POOL", "REROLL_M", "REROLL_MOVE", "START",
           "TAKE", "TRAY", "InvariantError", "Move", "State", "describe", "make_invariant_checker", "new_game"]

KIND_NAMES = ("pick", "lost", "reroll", "take", "pass", "plus", "done", "bonus")

Move = tuple[int, int, int, int, int]
REROLL_MOVE: Move = (REROLL_M, -1, -1, -1, 0)
PASS_MOVE: Move = (PASS, -1, -1, -1, 0)
LOST_MOVE: Move = (LOST, -1, -1, -1, 0)
DONE_MOVE: Move = (DONE, -1, -1, -1, 0)
MASK32 = 0xFFFFFFFF


def describe(move: Move) -> str:
    """A readable move, e.g. 'pick blue die -> blue 9' (tests, logs, the CLI's replay)."""
    kind, die, area, cell, value = move
    name = KIND_NAMES[kind]
    if kind in (REROLL_M, PASS, DONE):
        return name
    if kind == LOST:
        return "lost roll"
    where = AREAS[area]
    if area == Y:
        target = f"yellow r{cell // 4 + 1}c{cell % 4 + 1} ({value})"
    elif area == B:
        target = f"blue {value}"
    elif area == G:
        target = f"green cell {cell + 1}"
    else:
        target = f"{where} cell {cell + 1} = {value}"
    src = "" if kind == BONUS else f" {DICE[die]} die"
    return f"{name}{src} -> {target}"


class State:
    """A game in progress. Build with `State(players, rng, layout)`; it starts at round 1.

    The game lives in the kernels' arrays (`sh` the sheets, `gs` the dice and the turn, `mt` this
    turn's dice stream; kernels.py module doc); every rule is a kernel call, and the attributes
    below are read off the arrays. `rng` is the game's stream: each turn's dice are seeded from
    one `rng.getrandbits(64)`.
    """

    __slots__ = ("layout", "t", "tb", "num_players", "rng", "rounds", "sh", "gs", "mt", "_out", "_n", "_moves")

    def __init__(self, players: int, rng: random.Random, layout: Layout | None = None) -> None:
        layout = layout or standard_layout()
        if not 1 <= players <= 4:
            raise ValueError("1..4 players")
        self.layout = layout
        self.num_players = players
        self.rng = rng
        self.t, self.tb, self.rounds, sh, gs = _first_round(layout, players)
        self.sh, self.gs = sh.copy(), gs.copy()
        self.mt = pyrandom.new_state()
        self._out = np.empty((k.max_moves(self.tb), 5), np.int64)
        self._n = 0
        self._moves: list[Move] | None = None
        self._advance()

    # -- the game, read off the arrays --------------------------------------------------------
    @property
    def round(self) -> int:
        return int(self.gs[k.G_ROUND])

    @property
    def active(self) -> int:
        return int(self.gs[k.G_ACTIVE])

    @property
    def phase(self) -> int:
        return int(self.gs[k.G_PHASE])

    @property
    def picks(self) -> int:
        """Rolls used this turn: picks and lost rolls (at most three)."""
        return int(self.gs[k.G_PICKS])

    @property
    def solo_rolled(self) -> bool:
        return bool(self.gs[k.G_SOLO_ROLLED])

    @property
    def moves_made(self) -> int:
        return int(self.gs[k.G_MOVES])

    @property
    def dice(self) -> list[int]:
        return self.gs[k.G_DICE:k.G_DICE + 6].tolist()

    @property
    def where(self) -> list[int]:
        return self.gs[k.G_WHERE:k.G_WHERE + 6].tolist()

    @property
    def lost(self) -> list[int]:
        """Rolls lost per player."""
        return self.gs[k.G_LOST:k.G_LOST + self.num_players].tolist()

    @property
    def pending(self) -> list[tuple[int, int]]:
        """(player, bonus) free choices still to make, in the order earned."""
        n = int(self.gs[k.G_NPEND])
        flat = self.gs[k.G_PEND:k.G_PEND + 2 * n].tolist()
        return list(zip(flat[::2], flat[1::2], strict=True))

    def sheet(self, p: int) -> Sheet:
        """Player `p`'s marks as a rules.Sheet (a copy: the checker's and the filled-sheet JSON's view)."""
        row = self.sh[p].tolist()
        return Sheet(self.t, row[k.SH_Y], row[k.SH_B], row[k.SH_G], row[k.SH_OV:k.SH_OV + row[k.SH_ON]],
                     row[k.SH_PV:k.SH_PV + row[k.SH_PN]], row[k.SH_RRG], row[k.SH_RRU], row[k.SH_PLG],
                     row[k.SH_PLU], row[k.SH_FOX])

    @property
    def sheets(self) -> list[Sheet]:
        return [self.sheet(p) for p in range(self.num_players)]

    # -- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        return int(k.current_player(self.gs))

    def is_over(self) -> bool:
        return self.phase == OVER

    def breakdowns(self) -> list[dict[str, int]]:
        bd = np.empty((self.num_players, 8), np.int64)
        k.breakdowns(self.tb, self.sh, bd)
        return [dict(zip((*AREAS, "foxes", "fox_points", "total"), row, strict=True)) for row in bd.tolist()]

    def scores(self) -> list[float]:
        return [float(k.total(self.tb, self.sh, p)) for p in range(self.num_players)]

    def legal_moves(self) -> list[Move]:
        m = self._moves
        if m is None:
            m = self._moves = [tuple(r) for r in self._out[:self._n].tolist()]  # type: ignore[misc]
        return m

    def clone(self) -> State:
        new = object.__new__(State)
        for name in State.__slots__:
            setattr(new, name, getattr(self, name))
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.sh, new.gs, new.mt, new._out = self.sh.copy(), self.gs.copy(), self.mt.copy(), self._out.copy()
        new._moves = None if self._moves is None else list(self._moves)
        return new

    def apply(self, move: Move) -> None:
        """Play `move` for the current player (it must be one of `legal_moves()`)."""
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r} ({describe(move) if len(move) == 5 else '?'})")
        self.play(move)

    def play(self, move: Move) -> None:
        """`apply` without the legality check, for a caller that took `move` from legal_moves()."""
        k.play(self.tb, self.sh, self.gs, *move)
        self._advance()

    def _advance(self) -> None:
        """Up to the next decision (kernels.advance), seeding each new turn from `rng`."""
        while True:
            n = k.advance(self.tb, self.sh, self.gs, self.mt, self._out)
            if n != k.NEED_SEED:
                break
            s = self.rng.getrandbits(64)
            k.start_turn(self.gs, self.mt, s & MASK32, s >> 32)
        self._n = int(n)
        self._moves = None

    def move_value(self, move: Move) -> float:
        """The greedy bot's immediate worth of `move` for the mover (kernels.move_value)."""
        return float(k.move_value(self.tb, self.sh, self.gs, self.current_player(), *move))

    def stats(self) -> dict[str, float]:
        """Per-game figures for the playout report (means over the seats)."""
        n = self.num_players
        bd = np.empty((n, 8), np.int64)
        k.breakdowns(self.tb, self.sh, bd)
        sums = [sum(col) for col in zip(*bd.tolist(), strict=True)]
        out = {key: sums[i] / n for i, key in enumerate((*AREAS, "foxes"))}
        used = self.sh[:, k.SH_RRU:k.SH_PLU + 1].tolist()  # re-rolls used, +1s gained, +1s used
        out["rerolls used"] = sum(r[0] for r in used) / n
        out["+1 used"] = sum(r[2] for r in used) / n
        out["lost rolls"] = sum(self.lost) / n
        return out

    # -- edits by hand (tests, a position set up to study) ---------------------------------------
    def write_sheet(self, p: int, sheet: Sheet) -> None:
        """Replace player `p`'s marks by `sheet`'s; the moves now are listed again."""
        row = self.sh[p]
        row[:] = 0
        row[[k.SH_Y, k.SH_B, k.SH_G, k.SH_ON, k.SH_PN, k.SH_RRG, k.SH_RRU, k.SH_PLG, k.SH_PLU, k.SH_FOX]] = (
            sheet.ymask, sheet.bmask, sheet.gn, len(sheet.ovals), len(sheet.pvals), sheet.rr_gain, sheet.rr_used,
            sheet.pl_gain, sheet.pl_used, sheet.foxes)
        row[k.SH_OV:k.SH_OV + len(sheet.ovals)] = sheet.ovals
        row[k.SH_PV:k.SH_PV + len(sheet.pvals)] = sheet.pvals
        self._advance()

    def set_dice(self, dice: list[int]) -> None:
        """Show `dice` on the dice in play (as if so rolled; the others keep their values)."""
        for i, v in enumerate(dice):
            if self.gs[k.G_WHERE + i] == POOL:
                self.gs[k.G_DICE + i] = v
        self._advance()

    def give(self, p: int, bonus: int) -> None:
        """Player `p` earns `bonus` now (kernels.give: taken at once, chained, or a choice to make)."""
        k.give(self.tb, self.sh, self.gs, p, bonus)
        self._advance()


_FIRST: dict[tuple[int, int], tuple[Layout, Tables, np.ndarray, int, np.ndarray, np.ndarray]] = {}


def _first_round(layout: Layout, players: int) -> tuple[Tables, np.ndarray, int, np.ndarray, np.ndarray]:
    """A layout's tables, rounds and sheets and game at the start of round 1 (round bonus given, the
    first turn not yet seeded), once per layout object and player count (playouts build thousands
    of games on one layout)."""
    got = _FIRST.get((id(layout), players))
    if got is None or got[0] is not layout:
        if len(_FIRST) >= 64:
            _FIRST.clear()
        t, tb, rounds = tables_for(layout), k.tables_of(layout), layout.rounds_for(players)
        sh, gs = new_arrays(tb, players, rounds)
        k.start_round(tb, sh, gs)
        got = _FIRST[(id(layout), players)] = (layout, t, tb, rounds, sh, gs)
    return got[1:]


def new_arrays(tb: np.ndarray, players: int, rounds: int) -> tuple[np.ndarray, np.ndarray]:
    """The sheets and the game of a new game, before its first round (kernels.py module doc)."""
    sh = np.zeros((players, k.SH_LEN), np.int64)
    sh[:, k.SH_Y] = tb[k.T_YPRE]
    gs = np.zeros(k.G_LEN, np.int64)
    gs[k.G_NP], gs[k.G_ROUNDS], gs[k.G_PHASE] = players, rounds, START
    gs[k.G_DICE:k.G_DICE + 6] = 1
    return sh, gs


def new_game(players: int, seed_or_rng: int | random.Random, layout: Layout | None = None) -> State:
    rng = seed_or_rng if isinstance(seed_or_rng, random.Random) else random.Random(seed_or_rng)
    return State(players, rng, layout)

class InvariantError(AssertionError):
    pass


def make_invariant_checker() -> Any:
    """A callable for `run_playouts(invariant=...)`: after every move, marks were only added,
    values are legal, tracks stay in 0..max, foxes match the marks, and the total is the sum of
    the breakdown. Keeps the previous snapshot per state, and checks again only the sheets that
    changed since."""
    last: list[Any] = [None, None]  # the state last seen and its snapshot

    def snap(s: Sheet) -> tuple[Any, ...]:
        return (s.ymask, s.bmask, s.gn, tuple(s.ovals), tuple(s.pvals), s.rr_gain, s.rr_used, s.pl_gain,
                s.pl_used, s.foxes)

    def check(state: State) -> None:
        t = state.t
        prev = last[1] if last[0] is state else None
        sheets = state.sheets
        now = [snap(s) for s in sheets]
        for p, s in enumerate(sheets):
            if prev is not None and prev[p] == now[p]:
                continue  # unchanged since it was last checked
            def fail(msg: str, p: int = p) -> None:
                raise InvariantError(f"player {p + 1}: {msg}")
            if s.ymask & t.ypre != t.ypre or s.ymask >> 16:
                fail("yellow pre-crosses lost or a cell out of the grid")
            if s.bmask & ~t.bfull:
                fail("blue cross outside the grid")
            if not 0 <= s.gn <= t.gcells or len(s.ovals) > t.ocells or len(s.pvals) > t.pcells:
                fail("an area overflows")
            if any(not 1 <= v <= 6 for v in s.ovals + s.pvals):
                fail("a written value outside 1..6")
            for a, b in zip(s.pvals, s.pvals[1:], strict=False):
                if a != 6 and b <= a:
                    fail(f"purple {b} after {a}")
            if not (0 <= s.rr_used <= s.rr_gain <= t.rr_max and 0 <= s.pl_used <= s.pl_gain <= t.pl_max):
                fail("a track outside 0..max or more used than gained")
            if s.foxes != s.derived_foxes():
                fail(f"{s.foxes} foxes but the marks earn {s.derived_foxes()}")
            bd = score(s)
            if bd["total"] != sum(v for k, v in bd.items() if k not in ("total", "foxes")):
                fail("total is not the sum of the breakdown")
            if prev is not None:
                o, n_ = prev[p], now[p]
                if (o[0] & ~n_[0] or o[1] & ~n_[1] or n_[2] < o[2] or n_[3][:len(o[3])] != o[3]
                        or n_[4][:len(o[4])] != o[4] or any(n_[i] < o[i] for i in range(5, 10))):
                    fail("a mark or a track went backwards")
        if any(not 1 <= v <= 6 for v in state.dice) or state.picks > 3:
            raise InvariantError("dice or picks out of range")
        last[0], last[1] = state, now

    return check
