"""Plażing roll&write engine: one player's sheet through the setup roll and 10 rounds.

The State follows core.playout's protocol (OpenSpiel-like). The dice are part of the state: a
solo game draws its 11 rolls (setup + 10 rounds) from the playout rng when it is made, and a
shared-die game would give every sheet the same list. A move is a tuple ``(source, shape, bits)``:

* ``("setup", id, bits)``   the setup screen (round 0), anywhere on drawable squares;
* ``("die", id, bits)``     this round's die shape (mandatory when it fits anywhere);
* ``("special", id, bits)`` a panel screen as the special action;
* ``("odd", "odd", bit)``   one odd; the first of a pair must be followed by a second odd;
* ``("end", "", 0)``        end the round (skip the special action; a dead roll if the die shape
  was not drawn, which is allowed only when it fits nowhere).

The rules themselves are the compiled functions of kernels.py (legal moves, turn order, the score)
and rules.py (the printed breakdown, the checker); the decisions on what the rulebook leaves open
are documented in rules.py. The State is their Python face: it keeps the sheet in the kernels'
arrays and the moves played, and turns the kernels' move codes into the tuples above. Bots live in
bots.py.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from generator.core.grid import Grid
from generator.core.kernels import join

from . import kernels as k
from .model import Board, Catalog, ShapeDef, catalog
from .rules import Breakdown, Drawn, Scorer, check_drawing
from .version import ENGINE_VERSION

__all__ = ["END", "ENGINE_VERSION", "Move", "State", "new_game", "roll_dice"]

Move = tuple[str, str, int]
END: Move = ("end", "", 0)
SOURCES = ("setup", "die", "special", "odd", "end")  # by kernel move kind
_KIND = {name: i for i, name in enumerate(SOURCES)}


def roll_dice(rng: random.Random, cat: Catalog | None = None) -> list[int]:
    """The setup roll (a re-rolled face never comes up) followed by one roll per round."""
    cat = cat or catalog()
    faces, setup_faces = _faces(cat)
    choice = rng.choice
    return [choice(setup_faces)] + [choice(faces) for _ in range(cat.rounds)]


_FACES: dict[int, tuple[Catalog, list[int], list[int]]] = {}


def _faces(cat: Catalog) -> tuple[list[int], list[int]]:
    """The die's faces and the faces a setup roll keeps, once per catalog (every game rolls)."""
    got = _FACES.get(id(cat))
    if got is None or got[0] is not cat:
        faces = cat.die_faces
        got = _FACES[id(cat)] = (cat, faces, [f for f in faces if f not in cat.setup_reroll])
    return got[1], got[2]


class State:
    """One sheet being played. `num_players` is 1: the game is solitaire with a shared die."""

    num_players = 1

    def __init__(self, board: Board, dice: list[int], hard: bool = False, cat: Catalog | None = None,
                 mirror: bool = False) -> None:
        self.cat = cat or catalog()
        if len(dice) != self.cat.rounds + 1:
            raise ValueError(f"need {self.cat.rounds + 1} dice (setup + rounds), got {len(dice)}")
        self.board = board
        self.grid: Grid = board.grid
        self.dice = list(dice)
        self.hard = hard
        self.mirror = mirror
        self.tables = t = k.tables_of(board, hard, mirror, self.cat)
        self.st = t.new_sheet(self.dice)
        self.cov = np.zeros(2, np.uint64)
        self.alive = t.alive0.copy()
        self.log: list[int] = []  # the kernels' codes of the moves played
        self.scorer = _scorer_of(board, hard)

    # --- the sheet, read off the kernels' arrays -------------------------------------------
    @property
    def round(self) -> int:
        """0 = setup, 1..rounds, rounds + 1 = over."""
        return int(self.st[k.S_ROUND])

    @property
    def covered(self) -> int:
        return join(self.cov[0], self.cov[1])

    @property
    def die_done(self) -> bool:
        return bool(self.st[k.S_DIE_DONE])

    @property
    def special_done(self) -> bool:
        return bool(self.st[k.S_SPECIAL_DONE])

    @property
    def odds(self) -> int:
        """Odds drawn."""
        return int(self.st[k.S_ODDS])

    @property
    def pending_odd(self) -> bool:
        return bool(self.st[k.S_PENDING])

    @property
    def dead_rolls(self) -> int:
        return int(self.st[k.S_DEAD])

    @property
    def moves(self) -> list[Move]:
        """The moves played, in order."""
        return [self._move(c) for c in self.log]

    @property
    def drawn(self) -> list[Drawn]:
        out = []
        for source, sid, bits in self.moves:
            if source == "odd":
                out.append(Drawn("odd", "special", bits))
            elif source != "end":
                out.append(Drawn(sid, source, bits))
        return out

    @property
    def crossed(self) -> list[str]:
        """Panel screens crossed (setup one first)."""
        return [sid for source, sid, _b in self.moves if source in ("setup", "special")]

    @property
    def die_shape(self) -> ShapeDef:
        return self.cat.by_die(self.dice[self.round])

    def special_screens(self) -> list[ShapeDef]:
        """Panel screens still allowed as a special action now."""
        crossed = self.crossed
        if len(crossed) >= self.cat.max_screens:
            return []
        return [s for s in self.cat.screens if s.id not in crossed]

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        return 0

    def is_over(self) -> bool:
        return self.round > self.cat.rounds

    def clone(self) -> State:
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        other.st, other.cov, other.alive = self.st.copy(), self.cov.copy(), self.alive.copy()
        other.log = list(self.log)
        return other

    def codes(self, mode: int = k.LIST) -> np.ndarray:
        """The kernels' codes of the legal moves (mode LIST) or of the greedy bot's best (BEST)."""
        t = self.tables
        out, wu, wi = t.scratch
        n = k.candidates(mode, self.st, self.cov, self.alive, t.g, t.ctx, t.num, t.pl, out, wu, wi)
        return out[:n].copy()  # the scratch array is the board's, reused by the next call

    def legal_moves(self) -> list[Move]:
        return [self._move(int(c)) for c in self.codes()]

    def has_legal_moves(self) -> bool:
        """Whether `legal_moves()` is non-empty (core.playout asks before each move)."""
        return bool(len(self.codes()))

    def apply(self, move: Move) -> None:
        self.apply_code(self.code(move))

    def apply_code(self, code: int) -> None:
        t = self.tables
        k.apply(code, self.st, self.cov, self.alive, t.g, t.ctx, t.num, t.pl)
        self.log.append(code)

    def code(self, move: Move) -> int:
        """The kernels' code of a move tuple."""
        source, sid, bits = move
        kind = _KIND[source]
        if kind == k.K_END:
            return k.END_CODE
        if kind == k.K_ODD:
            return kind << 32 | (bits.bit_length() - 1)
        return kind << 32 | self.tables.index[sid][bits]

    def _move(self, code: int) -> Move:
        kind, idx = code >> 32, code & 0xFFFFFFFF
        if kind == k.K_END:
            return END
        if kind == k.K_ODD:
            return ("odd", "odd", 1 << idx)
        t = self.tables
        return (SOURCES[kind], t.owner[idx], t.bits[idx])

    # --- scoring -------------------------------------------------------------------------
    def breakdown(self) -> Breakdown:
        covered = self.covered
        return self.scorer.breakdown(covered, int(self.st[k.S_NCROSSED]), self.odds // 2, self.scorer.closed(covered))

    def points(self, covered: int | None = None, crossed: int | None = None, odds: int | None = None) -> int:
        """The total score of this sheet, or of it with other drawn squares / panel use."""
        t = self.tables
        if covered is None and crossed is None and odds is None:
            return int(k.points(self.st, self.cov, t.g, t.ctx, t.num))
        cov = self.covered if covered is None else covered
        cr = int(self.st[k.S_NCROSSED]) if crossed is None else crossed
        od = self.odds if odds is None else odds
        return self.scorer.fast_points(cov) + int(k.unused_points(cr, od // 2, t.num))

    def scores(self) -> list[float]:
        return [float(self.points())]

    def move_value(self, move: Move) -> float:
        """The score after the move minus the score now."""
        source, _sid, bits = move
        if source == "end":
            return 0.0
        crossed = int(self.st[k.S_NCROSSED]) + (source in ("special", "setup"))
        odds = self.odds + (source == "odd")
        return float(self.points(self.covered | bits, crossed, odds) - self.points())

    def stats(self) -> dict[str, float]:
        t = self.tables
        closed, scoring = k.area_counts(self.cov[0], self.cov[1], t.g, t.ctx, t.num, *t.scratch[1:])
        return {"areas_closed": int(closed), "scoring_areas": int(scoring),
                "dead_rolls": self.dead_rolls, "squares_drawn": self.covered.bit_count(),
                "special_used": int(self.st[k.S_NCROSSED]) - 1 + self.odds // 2}

    def to_sheet(self) -> dict[str, Any]:
        """The filled sheet as the `score` command reads it."""
        return {"board": self.board.to_json(), "hard": self.hard, "mirror": self.mirror, "dice": self.dice,
                "shapes": [d.to_json(self.grid) for d in self.drawn]}

    def check_invariants(self) -> None:
        """Raise AssertionError when the sheet breaks a rule (used after every move in tests)."""
        drawn = self.drawn
        cov = 0
        for d in drawn:
            cov |= d.bits
        assert cov == self.covered, "covered squares disagree with the drawn shapes"
        assert sum(d.bits.bit_count() for d in drawn) == self.covered.bit_count(), "shapes overlap"
        rep = check_drawing(self.board, drawn, self.cat, partial=self.pending_odd, mirror=self.mirror)
        assert rep.ok, "; ".join(map(str, rep))
        assert len(self.crossed) <= self.cat.max_screens
        assert self.odds <= 2 * self.cat.odd_pairs
        assert 0 <= self.round <= self.cat.rounds + 1
        b = self.breakdown()
        assert b.total >= 0
        assert b.total == self.points(), "the compiled score disagrees with the printed breakdown"
        stats = self.stats()
        assert (stats["areas_closed"], stats["scoring_areas"]) == (len(b.closed_areas), sum(b.areas.values()))


def new_game(board: Board, rng: random.Random, hard: bool = False, mirror: bool = False) -> State:
    return State(board, roll_dice(rng), hard, mirror=mirror)


_SCORERS: dict[tuple[Any, ...], Scorer] = {}


def _scorer_of(board: Board, hard: bool) -> Scorer:
    """One Scorer per board and variant, shared by its games (a fairness test plays hundreds on
    one board)."""
    key = (board.rows, board.closed_edges, board.bar_points, hard)
    got = _SCORERS.get(key)
    if got is None:
        if len(_SCORERS) > 64:
            _SCORERS.clear()
        got = _SCORERS[key] = Scorer(board, hard)
    return got
