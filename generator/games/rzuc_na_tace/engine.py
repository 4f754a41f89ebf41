"""The game itself: six dice, the tray, 1–4 players, every area and bonus (rules in rules.py).

`State` follows the house GameState protocol (`current_player`, `legal_moves`, `apply`, `is_over`,
`scores`, `clone`) so `core.playout` can play it, and adds `move_value` (a cheap heuristic for the
greedy bot) and `stats`. A move is a plain 5-tuple `(kind, die, area, cell, value)`:

- PICK   the active player takes die `die` and marks it (area, cell, value)
- LOST   the active player's roll is lost (only when no die in play can be marked): nothing is
         marked, no die is set aside, and it still counts as one of the three rolls
- REROLL the active player spends a re-roll on the dice still in play
- TAKE   a passive player marks a die from the tray (or, when no tray die can be used, one of the
         active player's chosen dice);  PASS  takes nothing
- PLUS   a player spends a +1 on any of the turn's dice;  DONE  ends that player's +1s
- BONUS  a free cross / free value chosen by the player (yellow X, blue X, round-4 choice)

Cells: yellow r*4+c, blue the sum, green/orange/purple the 0-based index of the next cell.
Plain tuples because the greedy bot looks at ~10 moves per decision and a solo game must take
well under a millisecond; `describe(move)` gives the readable form.

All rolls come from the `random.Random` passed in, so a game is reproduced by its seed. The dice
are drawn so that two sheets can be compared on the same luck (common random numbers, which is what
makes variant balancing cheap): each turn gets its own stream seeded from the game's stream, every
roll draws all six dice from it in die order (only the dice in play take their value), and a solo
turn draws its passive roll and tie-breaks first. So die d at roll k of turn t shows the same value
on every sheet, whatever the players chose before.
"""

from __future__ import annotations

import random
from typing import Any

from generator.games.rzuc_na_tace.model import AREAS, DICE, Layout, standard_layout
from generator.games.rzuc_na_tace.rules import (
    BLUE_X,
    CHOICE,
    FOX,
    GREEN_X,
    ORANGE_BASE,
    PLUS,
    PURPLE_BASE,
    REROLL,
    YELLOW_X,
    B,
    G,
    O,
    P,
    Sheet,
    Tables,
    Y,
    score,
    tables_for,
)

PICK, LOST, REROLL_M, TAKE, PASS, PLUS_M, DONE, BONUS = range(8)
KIND_NAMES = ("pick", "lost", "reroll", "take", "pass", "plus", "done", "bonus")
POOL, TRAY, PICKED, OUT = 0, 1, 2, 3
ACTIVE, PASSIVE, PLUS_WINDOW, OVER = 0, 1, 2, 3

Move = tuple[int, int, int, int, int]
REROLL_MOVE: Move = (REROLL_M, -1, -1, -1, 0)
PASS_MOVE: Move = (PASS, -1, -1, -1, 0)
LOST_MOVE: Move = (LOST, -1, -1, -1, 0)
DONE_MOVE: Move = (DONE, -1, -1, -1, 0)

# Heuristic worth of a bonus for the greedy bot (points it tends to bring later).
_BONUS_WORTH = {REROLL: 2.0, PLUS: 3.0, FOX: 6.0, YELLOW_X: 3.0, BLUE_X: 3.0, GREEN_X: 3.0, CHOICE: 4.0,
                **{ORANGE_BASE + n: float(n) for n in range(1, 7)},
                **{PURPLE_BASE + n: 2.0 + n / 2 for n in range(1, 7)}}
_TRAY_COST = 1.2     # per die the active player's pick sends to the tray
_REROLL_BAR = 1.0    # the greedy bot re-rolls when no pick is worth more than this
_LOST = -20.0


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
    """A game in progress. Build with `State(players, rng, layout)`; it starts at round 1."""

    __slots__ = ("t", "layout", "num_players", "rng", "_rand", "rounds", "round", "active", "phase",
                 "dice", "where", "picks", "need_roll", "sheets", "pending", "passive_queue",
                 "plus_queue", "plus_used", "solo_rolled", "_moves", "lost", "moves_made", "_vsheet", "_lower",
                 "_turn", "_solo")

    def __init__(self, players: int, rng: random.Random, layout: Layout | None = None) -> None:
        layout = layout or standard_layout()
        if not 1 <= players <= 4:
            raise ValueError("1..4 players")
        self.layout = layout
        self.t: Tables = tables_for(layout)
        self.num_players = players
        self.rng = rng
        self._turn = random.Random()  # this turn's dice stream, seeded from `rng` at each turn start
        self._rand = self._turn.random
        self._solo: list[float] = []  # solo: this turn's passive roll, six values then six tie-break keys
        self.rounds = layout.rounds_for(players)
        self.round = 0
        self.active = 0
        self.phase = ACTIVE
        self.dice = [1] * 6
        self.where = [POOL] * 6
        self.picks = 0  # rolls used this turn: picks and lost rolls (at most three)
        self.need_roll = False
        self.sheets = [Sheet.new(self.t) for _ in range(players)]
        self.pending: list[tuple[int, int]] = []  # (player, bonus) choices still to make
        self.passive_queue: list[int] = []
        self.plus_queue: list[int] = []
        self.plus_used = [0] * players  # per player: mask of dice used with +1 in this +1 window
        self.solo_rolled = False
        self._moves: list[Move] | None = None
        self.lost = [0] * players  # rolls lost per player
        self.moves_made = 0
        self._vsheet: Sheet = self.sheets[0]  # the mover's sheet, set with the move list
        self._lower = [0] * 7  # dice in play below each value, set with the move list
        self._start_round()
        self._advance()

    # -- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.pending:
            return self.pending[0][0]
        ph = self.phase
        if ph == PASSIVE:
            return self.passive_queue[0]
        if ph == PLUS_WINDOW:
            return self.plus_queue[0]
        return self.active

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(s.total()) for s in self.sheets]

    def breakdowns(self) -> list[dict[str, int]]:
        return [score(s) for s in self.sheets]

    def legal_moves(self) -> list[Move]:
        m = self._moves
        if m is None:
            m = self._moves = self._compute_moves()
        return m

    def clone(self) -> State:
        new = object.__new__(State)
        rng, turn = random.Random(), random.Random()
        rng.setstate(self.rng.getstate())
        turn.setstate(self._turn.getstate())
        for name in State.__slots__:
            setattr(new, name, getattr(self, name))
        new.rng, new._turn, new._rand = rng, turn, turn.random
        new._solo = list(self._solo)
        new.dice, new.where = list(self.dice), list(self.where)
        new.sheets = [s.copy() for s in self.sheets]
        new.pending, new.passive_queue = list(self.pending), list(self.passive_queue)
        new.plus_queue, new.plus_used = list(self.plus_queue), list(self.plus_used)
        new.lost = list(self.lost)
        new._lower = list(self._lower)
        new._vsheet = new.sheets[self.sheets.index(self._vsheet)]
        new._moves = None if self._moves is None else list(self._moves)
        return new

    def apply(self, move: Move) -> None:
        """Play `move` for the current player (it must be one of `legal_moves()`)."""
        if move not in self.legal_moves():
            raise ValueError(f"illegal move {move!r} ({describe(move) if len(move) == 5 else '?'})")
        self._play(move)

    def _play(self, move: Move) -> None:
        """`apply` without the legality check, for a caller that took `move` from legal_moves()."""
        kind = move[0]
        p = self.current_player()
        if kind == BONUS:
            self.pending.pop(0)
            self._mark(p, move[2], move[3], move[4])
        elif kind == PICK:
            d = move[1]
            v = self.dice[d]
            where, dice = self.where, self.dice
            where[d] = PICKED
            for i in range(6):
                if where[i] == POOL and dice[i] < v:
                    where[i] = TRAY
            self.picks += 1
            self._mark(p, move[2], move[3], move[4])
            self.need_roll = True
        elif kind == LOST:  # nothing marked, nothing set aside; the roll is used up
            self.picks += 1
            self.lost[p] += 1
            self.need_roll = True
        elif kind == REROLL_M:
            self.sheets[p].rr_used += 1
            self.need_roll = True
        elif kind == TAKE:
            self.passive_queue.pop(0)
            self._mark(p, move[2], move[3], move[4])
        elif kind == PASS:
            self.passive_queue.pop(0)
        elif kind == PLUS_M:
            self.sheets[p].pl_used += 1
            self.plus_used[p] |= 1 << move[1]
            self._mark(p, move[2], move[3], move[4])
        else:  # DONE
            self.plus_queue.pop(0)
        self.moves_made += 1
        self._moves = None
        self._advance()

    # -- the greedy bot's view ------------------------------------------------------------------
    def move_value(self, move: Move) -> float:
        """Immediate worth of `move` for the mover: points gained, plus the rough worth of the
        bonuses it fires, minus what it gives away (dice sent to the tray, a +1 spent)."""
        if self._moves is None:
            self.legal_moves()  # sets the mover's sheet and the tray counts
        kind = move[0]
        if kind in (PASS, DONE):
            return 0.0
        if kind == REROLL_M:
            return _REROLL_BAR
        if kind == LOST:
            return _LOST
        v = self._entry_value(self._vsheet, move[2], move[3], move[4])
        if kind == PICK:
            if self.picks < 2:
                v -= _TRAY_COST * self._lower[self.dice[move[1]]]
        elif kind == PLUS_M:
            v -= 2.5 * (self.rounds - self.round) / self.rounds + 0.5
        return v

    def _entry_value(self, sh: Sheet, area: int, cell: int, value: int) -> float:
        t = self.t
        worth = _BONUS_WORTH
        if area == Y:
            ym = sh.ymask
            after = ym | (1 << cell)
            col = cell % 4
            cm = t.ycol_mask[col]
            k0 = (ym & cm).bit_count()
            pts = t.ycol_points[col]
            v = pts * ((k0 + 1) ** 2 - k0 * k0) / 16.0
            for mask, bonus in t.ylines[cell]:
                if after & mask == mask:
                    v += worth[bonus]
                else:
                    v += 0.4 * worth[bonus] * ((after & mask).bit_count() - (ym & mask).bit_count()) / 4
            return v
        if area == B:
            bm = sh.bmask
            after = bm | (1 << (cell - 2))
            n = bm.bit_count()
            v = float(t.bpoints[n + 1] - t.bpoints[n])
            for mask, bonus in t.blines[cell]:
                if after & mask == mask:
                    v += worth[bonus]
            return v
        if area == G:
            k = sh.gn
            v = float(t.gpoints[k + 1] - t.gpoints[k]) * 0.6
            if value:
                v -= 0.6 * (value - t.gthr[k])
            b = t.gbonus[k]
            return v + (worth[b] if b >= 0 else 0.0)
        if area == O:
            m = t.omult[cell]
            b = t.obonus[cell]
            return (value - 2.5) * m + (worth[b] if b >= 0 else 0.0)
        pv = sh.pvals
        prev = pv[-1] if pv and pv[-1] != 6 else 0
        v = value - 0.9 * (value - prev - 1) if value != 6 else 4.5
        b = t.pbonus[cell]
        return v + (worth[b] if b >= 0 else 0.0)

    def stats(self) -> dict[str, float]:
        """Per-game figures for the playout report (means over the seats)."""
        n = self.num_players
        out: dict[str, float] = {}
        bds = self.breakdowns()
        for key in (*AREAS, "foxes"):
            out[key] = sum(b[key] for b in bds) / n
        out["rerolls used"] = sum(s.rr_used for s in self.sheets) / n
        out["+1 used"] = sum(s.pl_used for s in self.sheets) / n
        out["lost rolls"] = sum(self.lost) / n
        return out

    # -- moves ----------------------------------------------------------------------------
    def _entries(self, sh: Sheet, kind: int, d: int, out: list[Move]) -> None:
        """Append every mark die `d` allows on `sh` (white: any area; blue/white: the sum)."""
        t = self.t
        v = self.dice[d]
        if d <= 1:
            ym = sh.ymask
            for c in t.ycells_of[v]:
                if not ym >> c & 1:
                    out.append((kind, d, Y, c, v))
        if d == 0 or d == 2:
            s = self.dice[0] + self.dice[2]
            if not sh.bmask >> (s - 2) & 1:
                out.append((kind, d, B, s, s))
        if d == 0 or d == 3:
            k = sh.gn
            if k < t.gcells and v >= t.gthr[k]:
                out.append((kind, d, G, k, v))
        if d == 0 or d == 4:
            k = len(sh.ovals)
            if k < t.ocells:
                out.append((kind, d, O, k, v))
        if d == 0 or d == 5:
            pv = sh.pvals
            k = len(pv)
            if k < t.pcells and (not k or pv[-1] == 6 or v > pv[-1]):
                out.append((kind, d, P, k, v))

    def _compute_moves(self) -> list[Move]:
        out: list[Move] = []
        if self.pending:
            p, b = self.pending[0]
            self._vsheet = self.sheets[p]
            self._bonus_moves(self.sheets[p], b, out)
            return out
        ph = self.phase
        if ph == ACTIVE:
            sh = self._vsheet = self.sheets[self.active]
            where, dice = self.where, self.dice
            counts = [0] * 7
            for d in range(6):
                if where[d] == POOL:
                    counts[dice[d]] += 1
                    self._entries(sh, PICK, d, out)
            lower = self._lower
            below = 0
            for v in range(1, 7):
                lower[v] = below
                below += counts[v]
            if not out:
                out.append(LOST_MOVE)
            if sh.rr_used < sh.rr_gain:
                out.append(REROLL_MOVE)
            return out
        if ph == PASSIVE:
            sh = self._vsheet = self.sheets[self.passive_queue[0]]
            where = self.where
            for d in range(6):
                if where[d] == TRAY:
                    self._entries(sh, TAKE, d, out)
            if not out:  # no tray die can be used: one of the active player's chosen dice instead
                for d in range(6):
                    if where[d] == PICKED:
                        self._entries(sh, TAKE, d, out)
            out.append(PASS_MOVE)
            return out
        if ph == PLUS_WINDOW:
            p = self.plus_queue[0]
            self._vsheet = self.sheets[p]
            self._plus_moves(p, out)
            out.append(DONE_MOVE)
            return out
        return out

    def _plus_moves(self, p: int, out: list[Move]) -> None:
        sh = self.sheets[p]
        if sh.pl_used >= sh.pl_gain:
            return
        used = self.plus_used[p]
        for d in range(6):
            if not used >> d & 1:
                self._entries(sh, PLUS_M, d, out)

    def _bonus_moves(self, sh: Sheet, b: int, out: list[Move]) -> None:
        t = self.t
        if b == CHOICE:
            for option in t.choice:
                self._bonus_moves(sh, option, out)
        elif b == YELLOW_X:
            ym = sh.ymask
            out.extend((BONUS, -1, Y, c, t.yvalue[c]) for c in range(16) if not ym >> c & 1)
        elif b == BLUE_X:
            bm = sh.bmask
            out.extend((BONUS, -1, B, s, s) for s in t.bpos if not bm >> (s - 2) & 1)
        elif b == GREEN_X:
            if sh.gn < t.gcells:
                out.append((BONUS, -1, G, sh.gn, 0))
        elif ORANGE_BASE < b <= ORANGE_BASE + 6:
            if len(sh.ovals) < t.ocells:
                out.append((BONUS, -1, O, len(sh.ovals), b - ORANGE_BASE))
        elif PURPLE_BASE < b <= PURPLE_BASE + 6 and sh.purple_ok(b - PURPLE_BASE):
            out.append((BONUS, -1, P, len(sh.pvals), b - PURPLE_BASE))

    # -- marks and bonuses ------------------------------------------------------------------
    def _mark(self, p: int, area: int, cell: int, value: int) -> None:
        sh = self.sheets[p]
        if area == Y:
            fired = sh.cross_yellow(cell)
        elif area == B:
            fired = sh.cross_blue(cell)
        elif area == G:
            fired = sh.cross_green()
        elif area == O:
            fired = sh.write_orange(value)
        else:
            fired = sh.write_purple(value)
        if fired:
            self._bonuses(p, fired)

    def _bonuses(self, p: int, fired: tuple[int, ...]) -> None:
        """Take bonuses at once and chain them; a bonus that cannot be used is lost."""
        sh = self.sheets[p]
        t = self.t
        queue = list(fired)
        while queue:
            b = queue.pop(0)
            if b == REROLL:
                if sh.rr_gain < t.rr_max:
                    sh.rr_gain += 1
            elif b == PLUS:
                if sh.pl_gain < t.pl_max:
                    sh.pl_gain += 1
            elif b == FOX:
                sh.foxes += 1
            elif b == GREEN_X:
                if sh.gn < t.gcells:
                    queue.extend(sh.cross_green())
            elif ORANGE_BASE < b <= ORANGE_BASE + 6:
                if len(sh.ovals) < t.ocells:
                    queue.extend(sh.write_orange(b - ORANGE_BASE))
            elif PURPLE_BASE < b <= PURPLE_BASE + 6:
                if sh.purple_ok(b - PURPLE_BASE):
                    queue.extend(sh.write_purple(b - PURPLE_BASE))
            else:  # YELLOW_X, BLUE_X, CHOICE: the player chooses
                self.pending.append((p, b))

    # -- flow -----------------------------------------------------------------------------
    def _roll_pool(self) -> None:
        # all six values are drawn, in die order, so a die's value at this roll does not depend on
        # which dice are still in play (common random numbers across sheets)
        r = self._rand
        dice, where = self.dice, self.where
        for i in range(6):
            v = int(r() * 6) + 1
            if where[i] == POOL:
                dice[i] = v

    def _advance(self) -> None:
        """Run the automatic steps (rolls, lost bonuses, phase changes) up to the next decision."""
        while True:
            if self.pending:
                p, b = self.pending[0]
                out: list[Move] = []
                self._bonus_moves(self.sheets[p], b, out)
                if not out:
                    self.pending.pop(0)  # lost: nothing it could mark
                    continue
                self._moves = out
                self._vsheet = self.sheets[p]
                return
            ph = self.phase
            if ph == ACTIVE:
                where = self.where
                if self.picks >= 3 or POOL not in where:
                    for i in range(6):
                        if where[i] == POOL:
                            where[i] = TRAY
                    self.need_roll = False
                    self._end_active()
                    continue
                if self.need_roll:
                    self._roll_pool()
                    self.need_roll = False
                return
            if ph == PASSIVE:
                if self.passive_queue:
                    return
                self._after_passive()
                continue
            if ph == PLUS_WINDOW:
                q = self.plus_queue
                while q:
                    sh = self.sheets[q[0]]
                    if sh.pl_used < sh.pl_gain:
                        probe: list[Move] = []
                        self._plus_moves(q[0], probe)
                        if probe:  # the move list, as _compute_moves would build it
                            probe.append(DONE_MOVE)
                            self._moves = probe
                            self._vsheet = sh
                            return
                    q.pop(0)
                self._after_plus()
                continue
            return  # OVER

    def _end_active(self) -> None:
        n = self.num_players
        if n == 1:
            self._open_plus_window()
        else:
            self.phase = PASSIVE
            self.passive_queue = [(self.active + k) % n for k in range(1, n)]

    def _open_plus_window(self) -> None:
        n = self.num_players
        self.phase = PLUS_WINDOW
        self.plus_queue = [(self.active + k) % n for k in range(n)]
        self.plus_used = [0] * n

    def _after_passive(self) -> None:
        # +1 after the passive picks; in solo this is the second window of the turn (after the
        # passive pick), and on the last turn it is the end of the game
        self._open_plus_window()

    def _after_plus(self) -> None:
        if self.num_players == 1 and not self.solo_rolled:
            # solo: roll all six, the three lowest go to the tray for the "passive" pick; equal
            # values are chosen among at random (the ranks drawn at the turn's start)
            self.solo_rolled = True
            solo = self._solo
            self.dice[:] = [int(v) for v in solo[:6]]
            where = self.where
            order = sorted(range(6), key=lambda i: (solo[i], solo[6 + i]))
            for rank, i in enumerate(order):
                where[i] = TRAY if rank < 3 else OUT
            self.phase = PASSIVE
            self.passive_queue = [0]
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.active += 1
        if self.active >= self.num_players:
            self._start_round()
        else:
            self._start_turn()

    def _start_round(self) -> None:
        self.round += 1
        if self.round > self.rounds:
            self.phase = OVER
            return
        rb = self.t.round_bonuses
        if self.round <= len(rb):
            for p in range(self.num_players):
                self._bonuses(p, (rb[self.round - 1],))
        self.active = 0
        self._start_turn()

    def _start_turn(self) -> None:
        self._turn.seed(self.rng.getrandbits(64))
        if self.num_players == 1:
            r = self._rand
            self._solo = [float(int(r() * 6) + 1) for _ in range(6)] + [r() for _ in range(6)]
        self.where = [POOL] * 6
        self.picks = 0  # rolls used this turn: picks and lost rolls (at most three)
        self.need_roll = True
        self.phase = ACTIVE
        self.solo_rolled = False


def new_game(players: int, seed_or_rng: int | random.Random, layout: Layout | None = None) -> State:
    rng = seed_or_rng if isinstance(seed_or_rng, random.Random) else random.Random(seed_or_rng)
    return State(players, rng, layout)


def play_greedy(state: State, rng: random.Random) -> State:
    """Play `state` to its end with the greedy bot at every seat, without the generic playout
    loop (the variant balancer plays thousands of games; same policy as core.playout.greedy_bot
    with `move_value`, ties broken by the same kind of random draw)."""
    rr = rng.randrange
    play = state._play
    value = state.move_value
    while state.phase != OVER:
        moves = state.legal_moves()
        if len(moves) == 1:
            play(moves[0])
            continue
        best: list[Move] = []
        top = -1e18
        for m in moves:
            x = value(m)
            if x > top:
                top, best = x, [m]
            elif x == top:
                best.append(m)
        play(best[rr(len(best))] if len(best) > 1 else best[0])
    return state


class InvariantError(AssertionError):
    pass


def make_invariant_checker() -> Any:
    """A callable for `run_playouts(invariant=...)`: after every move, marks were only added,
    values are legal, tracks stay in 0..max, foxes match the marks, and the total is the sum of
    the breakdown. Keeps the previous snapshot per state."""
    last: list[Any] = [None, None]  # the state last seen and its snapshot

    def snap(s: Sheet) -> tuple[Any, ...]:
        return (s.ymask, s.bmask, s.gn, tuple(s.ovals), tuple(s.pvals), s.rr_gain, s.rr_used, s.pl_gain,
                s.pl_used, s.foxes)

    def check(state: State) -> None:
        t = state.t
        prev = last[1] if last[0] is state else None
        now = [snap(s) for s in state.sheets]
        for p, s in enumerate(state.sheets):
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
