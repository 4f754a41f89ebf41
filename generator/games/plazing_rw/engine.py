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

The rules themselves (legal squares, touching, scoring) come from rules.py; the decisions on what
the rulebook leaves open are documented there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from generator.core.grid import Grid

from .model import Board, Catalog, ShapeDef, catalog, shape_placements
from .rules import Breakdown, Drawn, Scorer, check_drawing

# Bump when a change alters what the bots play or score (the stored reference means of boards 1-4,
# data/reference.toml, are measured with one engine version; bench/bench_plazing_rw_reference.py).
ENGINE_VERSION = "2"

Move = tuple[str, str, int]
Piece = tuple[int, int, int]  # a placement's bits, its 4-neighbours, its 8-neighbourhood ring
END: Move = ("end", "", 0)


def roll_dice(rng: random.Random, cat: Catalog | None = None) -> list[int]:
    """The setup roll (a re-rolled face never comes up) followed by one roll per round."""
    cat = cat or catalog()
    faces = cat.die_faces
    setup = rng.choice([f for f in faces if f not in cat.setup_reroll])
    return [setup] + [rng.choice(faces) for _ in range(cat.rounds)]


@dataclass
class _Cache:
    """Scores and closed areas by covered-squares bitboard, shared by a state and its clones."""

    areas: dict[int, list[int]] = field(default_factory=dict)
    points: dict[int, int] = field(default_factory=dict)

    def closed(self, scorer: Scorer, covered: int) -> list[int]:
        got = self.areas.get(covered)
        if got is None:
            if len(self.areas) > 20_000:
                self.areas.clear()
            got = self.areas[covered] = scorer.closed(covered)
        return got

    def board_points(self, scorer: Scorer, covered: int) -> int:
        got = self.points.get(covered)
        if got is None:
            if len(self.points) > 50_000:
                self.points.clear()
            got = self.points[covered] = scorer.fast_points(covered)
        return got


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
        self.round = 0  # 0 = setup, 1..rounds, rounds + 1 = over
        self.covered = 0
        self.drawn: list[Drawn] = []
        self.die_done = False
        self.special_done = False
        self.crossed: list[str] = []  # panel screens crossed (setup one first)
        self.odds = 0  # odds drawn
        self.pending_odd = False
        self.dead_rolls = 0
        self._cache = _Cache()
        self.scorer = _scorer_of(board, hard)
        self._placements = _placements_of(board, self.cat, mirror)
        self._setup_best = _setup_table(board, hard, mirror, self.cat)
        self._pieces = _pieces_of(board, self.cat, mirror, self._placements)
        self._sp: _Split | None = None
        self._avail: dict[str, tuple[int, list[int]]] = {}  # shape -> (covered, placements still free)
        self._avail_pieces: dict[str, tuple[int, list[Piece]]] = {}  # the same as pieces (greedy_moves)
        g = self.grid
        self._w, self._not_west, self._not_east = g.width, g.not_west, g.not_east

    # --- protocol ------------------------------------------------------------------------
    def current_player(self) -> int:
        return 0

    def is_over(self) -> bool:
        return self.round > self.cat.rounds

    def clone(self) -> State:
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        other.drawn = list(self.drawn)
        other.crossed = list(self.crossed)
        other._avail = dict(self._avail)
        other._avail_pieces = dict(self._avail_pieces)
        other.dice = self.dice
        return other

    @property
    def die_shape(self) -> ShapeDef:
        return self.cat.by_die(self.dice[self.round])

    def _fits(self, shape_id: str, anywhere: bool = False) -> list[int]:
        """The placements of a shape on free drawable squares (touching an own shape unless
        `anywhere`), in the fixed placement order."""
        if anywhere:
            return list(self._free(shape_id))
        touch = self._touch()
        return [p for p in self._free(shape_id) if p & touch]

    def _free(self, shape_id: str) -> list[int]:
        """The placements of a shape on free drawable squares, in the fixed placement order (do not
        change the list). A placement over a drawn square never fits again, so the shape's list is
        pruned to those that still fit (the state's own copy)."""
        covered = self.covered
        avail = self._avail.get(shape_id)
        if avail is None or avail[0] != covered:
            pool = self._placements[shape_id] if avail is None else avail[1]
            fits = [p for p in pool if not p & covered]
            self._avail[shape_id] = avail = (covered, fits)
        return avail[1]

    def _free_pieces(self, shape_id: str) -> list[Piece]:
        """`_free` as pieces (bits, 4-neighbours, 8-neighbourhood ring), for `greedy_moves`."""
        covered = self.covered
        avail = self._avail_pieces.get(shape_id)
        if avail is None or avail[0] != covered:
            pool = self._pieces[shape_id] if avail is None else avail[1]
            fits = [p for p in pool if not p[0] & covered]
            self._avail_pieces[shape_id] = avail = (covered, fits)
        return avail[1]

    def _touch(self) -> int:
        """The squares a new shape must reach: own shapes grown by one square (8-neighbourhood)."""
        c = self.covered
        horiz = c | ((c << 1) & self._not_west) | ((c >> 1) & self._not_east)
        return horiz | (horiz << self._w) | (horiz >> self._w)

    def _first_odds(self) -> list[int]:
        """Odd squares that may start a pair: a second odd must fit after it, which is always so
        when two or more squares are open (the other one stays next to an own shape)."""
        squares = self._odd_squares(self.covered)
        if squares & (squares - 1):
            return _bits(squares)
        return [b for b in _bits(squares) if self._odd_squares(self.covered | b)]

    def _odd_pieces(self, squares: list[int]) -> list[Piece]:
        rings = _ring_table(self.grid)
        out = []
        for b in squares:
            around = rings.get(b)
            if around is None:
                around = rings[b] = _around(self.grid, b)
            out.append((b, *around))
        return out

    def _odd_squares(self, covered: int) -> int:
        return self.grid.grow8(covered) & self.board.drawable & ~covered

    def special_screens(self) -> list[ShapeDef]:
        """Panel screens still allowed as a special action now."""
        if len(self.crossed) >= self.cat.max_screens:
            return []
        return [s for s in self.cat.screens if s.id not in self.crossed]

    def legal_moves(self) -> list[Move]:
        if self.is_over():
            return []
        if self.round == 0:
            sid = self.die_shape.id
            return [("setup", sid, p) for p in self._fits(sid, anywhere=True)]
        if self.pending_odd:
            return [("odd", "odd", b) for b in _bits(self._odd_squares(self.covered))]
        moves: list[Move] = []
        die_fits: list[int] = []
        if not self.die_done:
            sid = self.die_shape.id
            die_fits = self._fits(sid)
            moves.extend(("die", sid, p) for p in die_fits)
        if not self.special_done:
            for s in self.special_screens():
                moves.extend(("special", s.id, p) for p in self._fits(s.id))
            if self.odds < 2 * self.cat.odd_pairs:
                moves.extend(("odd", "odd", b) for b in self._first_odds())  # a second odd must fit
        if self.die_done or not die_fits:
            moves.append(END)
        return moves

    def apply(self, move: Move) -> None:
        source, sid, bits = move
        if source == "end":
            if not self.die_done:
                self.dead_rolls += 1
            self._next_round()
            return
        self.covered |= bits
        if source == "setup":
            self.drawn.append(Drawn(sid, "setup", bits))
            self.crossed.append(sid)
            self._next_round()
            return
        if source == "die":
            self.drawn.append(Drawn(sid, "die", bits))
            self.die_done = True
        elif source == "special":
            self.drawn.append(Drawn(sid, "special", bits))
            self.crossed.append(sid)
            self.special_done = True
        else:  # odd
            self.drawn.append(Drawn("odd", "special", bits))
            self.odds += 1
            self.pending_odd = self.odds % 2 == 1
            self.special_done = True
        if self.die_done and not self.pending_odd and (self.special_done or not self._special_possible()):
            self._next_round()

    def _special_possible(self) -> bool:
        return bool(self.special_screens()) or self.odds < 2 * self.cat.odd_pairs

    def _next_round(self) -> None:
        self.round += 1
        self.die_done = self.special_done = False

    # --- scoring -------------------------------------------------------------------------
    def breakdown(self) -> Breakdown:
        areas = self._cache.closed(self.scorer, self.covered)
        return self.scorer.breakdown(self.covered, len(self.crossed), self.odds // 2, areas)

    def points(self, covered: int | None = None, crossed: int | None = None, odds: int | None = None) -> int:
        """The total score of this sheet, or of it with other drawn squares / panel use."""
        cov = self.covered if covered is None else covered
        cr = len(self.crossed) if crossed is None else crossed
        od = self.odds if odds is None else odds
        return self._cache.board_points(self.scorer, cov) + self.scorer.unused(cr, od // 2)[2]

    def scores(self) -> list[float]:
        return [float(self.points())]

    def move_value(self, move: Move) -> float:
        """The score after the move minus the score now (what the greedy bot maximises)."""
        source, _sid, bits = move
        if source == "end":
            return 0.0
        cache, scorer = self._cache, self.scorer
        crossed = len(self.crossed)
        now = cache.board_points(scorer, self.covered) + scorer.unused(crossed, self.odds // 2)[2]
        if source == "special" or source == "setup":
            crossed += 1
        odds = self.odds + 1 if source == "odd" else self.odds
        after = cache.board_points(scorer, self.covered | bits) + scorer.unused(crossed, odds // 2)[2]
        return float(after - now)

    def greedy_move(self, rng: random.Random) -> Move:
        """core.playout's greedy bot for this engine: the same choice for the same rng (one
        `rng.randrange` over the best moves, as the core bot draws it)."""
        best = self.greedy_moves()
        return best[rng.randrange(len(best))]

    def greedy_moves(self) -> list[Move]:
        """The best-valued legal moves by `move_value`, in `legal_moves()` order (core.playout's
        greedy bot draws one of them), found without building every move or rescoring every sheet.

        A piece lies wholly in the open region R (free squares joined to an open edge) or wholly
        inside one closed area (free squares of the two kinds are never 4-neighbours, and a piece
        is 4-connected on free squares). So the sheet after a piece differs from the sheet now in
        one of three ways, each scored from the per-area sums of `_Split` (areas, resources,
        enclosed squares) rather than by a fresh flood over the board:
        * the piece leaves R joined round itself (`_keeps_reach`, cached): no area changes, only
          the bar squares it covers score;
        * it cuts R: the new closed areas are the parts of R next to the piece that a flood from
          them cannot lead to an open edge (each flood stops at the first open-edge square);
        * it lies inside a closed area: that area alone splits into the parts round the piece.
        A test plays this against the plain version (every legal move scored in full) move by move.
        """
        if self.round > self.cat.rounds:
            return []
        if self.round == 0:
            # the setup decision is the same in every game on this board (nothing drawn yet, only
            # the die face differs): computed once per board, variant and face
            key = (self.die_shape.id, self.covered, len(self.crossed), self.odds)
            setup = self._setup_best
            got = setup.get(key)
            if got is None:
                got = setup[key] = tuple(self._greedy_moves())
            return list(got)
        return self._greedy_moves()

    def _greedy_moves(self) -> list[Move]:
        scorer = self.scorer
        covered = self.covered
        crossed = len(self.crossed)
        odds = self.odds
        unused = scorer.unused
        now_unused = unused(crossed, odds // 2)[2]
        sp = self._split()
        base = sp.base
        now = base + now_unused
        k_same = now_unused - now
        k_special = unused(crossed + 1, odds // 2)[2] - now
        k_odd = unused(crossed, (odds + 1) // 2)[2] - now
        # groups of candidates in legal_moves() order: (source, shape id, placements, value offset,
        # squares a placement must reach (0: anywhere))
        touch = self._touch()
        groups: list[tuple[str, str, list[Piece], int, int]] = []
        end_legal = False
        die_group = -1
        if self.round == 0:
            sid = self.die_shape.id
            groups.append(("setup", sid, self._free_pieces(sid), k_special, 0))
        elif self.pending_odd:
            groups.append(("odd", "odd", self._odd_pieces(_bits(self._odd_squares(covered))), k_odd, 0))
        else:
            if not self.die_done:
                sid = self.die_shape.id
                die_group = len(groups)
                groups.append(("die", sid, self._free_pieces(sid), k_same, touch))
            if not self.special_done:
                for s in self.special_screens():
                    groups.append(("special", s.id, self._free_pieces(s.id), k_special, touch))
                if odds < 2 * self.cat.odd_pairs:
                    groups.append(("odd", "odd", self._odd_pieces(self._first_odds()), k_odd, 0))
            end_legal = True  # unless the die shape fits (below)
        bar, bar_value = scorer.bar, scorer.bar_value
        inside, reach, open_edge = sp.inside, sp.reach, scorer.open_edge
        g = self.grid
        w, not_west, not_east = g.width, g.not_west, g.not_east
        known = _KEEPS.setdefault((g.width, g.height, open_edge), {})
        if len(known) > 300_000:  # bounded memory (about 30 MB per worker, measured)
            known.clear()
        known_get = known.get
        points_inside, points_cut = sp.points_inside, sp.points_cut
        shift = g.width * g.height
        best: list[Move] = []
        best_value = -(1 << 30)
        for k, (source, sid, fits, offset, need) in enumerate(groups):
            floor = best_value - offset  # the board points a candidate of this group needs to tie
            drawn = 0
            for bits, n4, r8 in fits:
                if need and not bits & need:
                    continue
                drawn += 1
                if bits & inside:
                    got = points_inside(bits)
                else:
                    near = n4 & reach
                    if near:
                        # the answer depends only on the piece and the open region round it, which
                        # stays the same from one decision to the next for most pieces
                        key = bits | (r8 & reach) << shift
                        keeps = known_get(key)
                        if keeps is None:
                            keeps = known[key] = _keeps_reach(bits, (n4, r8), reach, open_edge, w, not_west,
                                                              not_east)
                        if keeps:
                            got = base + (bar & bits).bit_count() * bar_value if bar else base
                        else:
                            got = points_cut(bits, near)
                    else:
                        got = base + (bar & bits).bit_count() * bar_value if bar else base
                if got >= floor:
                    if got > floor:
                        floor = got
                        best = [(source, sid, bits)]
                    else:
                        best.append((source, sid, bits))
            if floor + offset > best_value:
                best_value = floor + offset
            if k == die_group and drawn:
                end_legal = self.die_done
        if end_legal:  # END changes nothing: value 0, last in legal_moves() order
            if best_value < 0:
                return [END]
            if best_value == 0:
                best.append(END)
        return best

    def _split(self) -> _Split:
        got = self._sp
        if got is None or got.covered != self.covered:
            got = self._sp = _Split(self.scorer, self.covered)
        return got

    def has_legal_moves(self) -> bool:
        """Whether `legal_moves()` is non-empty, without building it (core.playout asks before each move)."""
        if self.is_over():
            return False
        if self.round == 0:
            return bool(self._fits(self.die_shape.id, anywhere=True))
        if self.pending_odd:
            return bool(self._odd_squares(self.covered))
        return True  # the die shape, or END when it is drawn or fits nowhere

    def stats(self) -> dict[str, float]:
        b = self.breakdown()
        return {"areas_closed": len(b.closed_areas), "scoring_areas": sum(b.areas.values()),
                "dead_rolls": self.dead_rolls, "squares_drawn": self.covered.bit_count(),
                "special_used": len(self.crossed) - 1 + self.odds // 2}

    def to_sheet(self) -> dict[str, Any]:
        """The filled sheet as the `score` command reads it."""
        return {"board": self.board.to_json(), "hard": self.hard, "mirror": self.mirror, "dice": self.dice,
                "shapes": [d.to_json(self.grid) for d in self.drawn]}

    def check_invariants(self) -> None:
        """Raise AssertionError when the sheet breaks a rule (used after every move in tests)."""
        cov = 0
        for d in self.drawn:
            cov |= d.bits
        assert cov == self.covered, "covered squares disagree with the drawn shapes"
        assert sum(d.bits.bit_count() for d in self.drawn) == self.covered.bit_count(), "shapes overlap"
        rep = check_drawing(self.board, self.drawn, self.cat, partial=self.pending_odd, mirror=self.mirror)
        assert rep.ok, "; ".join(map(str, rep))
        assert len(self.crossed) <= self.cat.max_screens
        assert self.odds <= 2 * self.cat.odd_pairs
        assert 0 <= self.round <= self.cat.rounds + 1
        b = self.breakdown()
        assert b.total >= 0


class _Split:
    """A sheet cut into its open region and closed areas, with the per-area sums the score is
    made of, so that a candidate piece is scored by changing the sums of the areas it touches.

    The score is `area points + table[c0] + table[c1] + table[c2] + min(c) * set bonus + bar`,
    where the area points, the resource counts c per kind (of collectable areas) and the
    enclosed squares (for the bar) are sums over the waste-free closed areas: exactly what
    `Scorer.fast_points` adds up (a test checks every candidate against it).
    """

    __slots__ = ("scorer", "covered", "reach", "inside", "areas", "sums", "base", "full")

    def __init__(self, scorer: Scorer, covered: int) -> None:
        self.scorer = scorer
        self.covered = covered
        g = scorer.grid
        self.full = g.full
        free = scorer.free & ~covered
        self.reach = reach = _flood(free, free & scorer.open_edge, g.width, g.not_west, g.not_east)
        self.inside = inside = free & ~reach
        self.areas: list[tuple[int, tuple[int, int, int, int, int]]] = []
        area_pts = c0 = c1 = c2 = enclosed = 0
        rest = inside
        while rest:
            area = _flood(inside, rest & -rest, g.width, g.not_west, g.not_east)
            rest &= ~area
            part = self._part(area)
            self.areas.append((area, part))
            area_pts += part[0]
            c0 += part[1]
            c1 += part[2]
            c2 += part[3]
            enclosed |= part[4]
        self.sums = (area_pts, c0, c1, c2, enclosed)
        self.base = self._total(self.sums, covered)

    def _part(self, area: int) -> tuple[int, int, int, int, int]:
        """One closed area's share of the sums: (area points, resources of each kind, enclosed squares)."""
        sc = self.scorer
        if area & sc.waste:
            return (0, 0, 0, 0, 0)
        n = area.bit_count()
        pts = n if n <= sc.area_max else 0
        if n <= sc.limit and area & sc.all_resources:
            k0, k1, k2 = sc.kind_bits
            return (pts, (area & k0).bit_count(), (area & k1).bit_count(), (area & k2).bit_count(), area)
        return (pts, 0, 0, 0, area)

    def _total(self, sums: tuple[int, int, int, int, int], covered: int) -> int:
        sc = self.scorer
        area_pts, c0, c1, c2, enclosed = sums
        table = sc.table
        pts = area_pts + table[c0] + table[c1] + table[c2] + min(c0, c1, c2) * sc.set_bonus
        if sc.bar:
            pts += (sc.bar & (covered | enclosed)).bit_count() * sc.bar_value
        return pts

    def _with(self, removed: tuple[int, int, int, int, int] | None, added: list[int], bits: int) -> int:
        area_pts, c0, c1, c2, enclosed = self.sums
        if removed is not None:
            area_pts -= removed[0]
            c0 -= removed[1]
            c1 -= removed[2]
            c2 -= removed[3]
            enclosed &= ~removed[4]
        for area in added:
            part = self._part(area)
            area_pts += part[0]
            c0 += part[1]
            c1 += part[2]
            c2 += part[3]
            enclosed |= part[4]
        return self._total((area_pts, c0, c1, c2, enclosed), self.covered | bits)

    def points_inside(self, bits: int) -> int:
        """Board points after a piece inside a closed area: that area splits round it."""
        g = self.scorer.grid
        for area, part in self.areas:
            if area & bits:
                rest = area & ~bits
                parts = []
                while rest:
                    piece = _flood(rest, rest & -rest, g.width, g.not_west, g.not_east)
                    parts.append(piece)
                    rest &= ~piece
                return self._with(part, parts, bits)
        raise AssertionError("a piece on enclosed squares lies in no closed area")  # pragma: no cover

    def points_cut(self, bits: int, near: int) -> int:
        """Board points after a piece in the open region that may cut it. The rest of the region
        is flooded from its open-edge squares only until it has reached every square next to the
        piece (`near`): then nothing was cut off. Squares it cannot reach lie in new closed areas
        (each flooded on its own)."""
        sc = self.scorer
        g = sc.grid
        w, not_west, not_east = g.width, g.not_west, g.not_east
        free = self.reach & ~bits
        seeds = near & free
        region = free & sc.open_edge
        while seeds & ~region:
            grown = (region | ((region << 1) & not_west) | ((region >> 1) & not_east)
                     | (region << w) | (region >> w)) & free
            if grown == region:
                break
            region = grown
        cut = seeds & ~region
        if not cut:
            return self.base + (sc.bar & bits).bit_count() * sc.bar_value if sc.bar else self.base
        new = []
        while cut:
            area = _flood(free, cut & -cut, w, not_west, not_east)
            new.append(area)
            cut &= ~area
        return self._with(None, new, bits)


def _flood(free: int, seed: int, w: int, not_west: int, not_east: int) -> int:
    region = seed & free
    while True:
        grown = (region | ((region << 1) & not_west) | ((region >> 1) & not_east)
                 | (region << w) | (region >> w)) & free
        if grown == region:
            return region
        region = grown


def _ring_table(g: Grid) -> dict[int, tuple[int, int]]:
    rings = _RINGS.setdefault((g.width, g.height), {})
    if len(rings) > 200_000:
        rings.clear()
    return rings


# per grid size: piece -> (its 4-neighbours, its 8-neighbourhood ring), computed once per piece
_RINGS: dict[tuple[int, int], dict[int, tuple[int, int]]] = {}
# per grid size and open edges: piece | (open region round it) << squares -> `_keeps_reach`
_KEEPS: dict[tuple[int, int, int], dict[int, bool]] = {}


def _around(g: Grid, bits: int) -> tuple[int, int]:
    return g.grow4(bits) & ~bits, g.grow8(bits) & ~bits


def _keeps_reach(bits: int, around: tuple[int, int], reach: int, open_edge: int, w: int, not_west: int,
                 not_east: int) -> bool:
    """Whether covering `bits` leaves every other square of the open region `reach` joined to an
    open edge. Think of the outside as one more square next to every open-edge square: true when
    the region's squares next to the piece (and the outside, if the piece touches an open edge) are
    joined to one another within the piece's 8-neighbourhood, going round it (through the outside
    between two open-edge squares). A path from any square to the outside that crosses the piece
    enters and leaves it through those, so it can go round instead. False means "not sure": the
    caller then floods the whole board.
    """
    near = around[0] & reach  # 4-neighbours of the piece in the region
    if not near:
        return True
    ring = around[1] & reach  # 8-neighbourhood of the piece in the region
    ring_edge = ring & open_edge
    if bits & open_edge:  # the outside is a neighbour of the piece: start from it
        if not ring_edge:
            return False
        region = ring_edge
    else:
        region = near & -near
    while True:
        grown = (region | ((region << 1) & not_west) | ((region >> 1) & not_east)
                 | (region << w) | (region >> w)) & ring
        if grown & open_edge:
            grown |= ring_edge  # round through the outside
        if near & ~grown == 0:
            return True
        if grown == region:
            return False
        region = grown


def _bits(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out


def new_game(board: Board, rng: random.Random, hard: bool = False, mirror: bool = False) -> State:
    return State(board, roll_dice(rng), hard, mirror=mirror)


_SCORERS: dict[tuple[Any, ...], Scorer] = {}


def _scorer_of(board: Board, hard: bool) -> Scorer:
    """One Scorer per board and variant, shared by its games (a fairness test plays hundreds on
    one board; building the tables is a tenth of a short game)."""
    key = (board.rows, board.closed_edges, board.bar_points, hard)
    got = _SCORERS.get(key)
    if got is None:
        if len(_SCORERS) > 64:
            _SCORERS.clear()
        got = _SCORERS[key] = Scorer(board, hard)
    return got


_SETUP: dict[tuple[Any, ...], dict[tuple[str, int, int, int], tuple[Move, ...]]] = {}


def _setup_table(board: Board, hard: bool, mirror: bool, cat: Catalog) -> dict[tuple[str, int, int, int],
                                                                                 tuple[Move, ...]]:
    """The greedy bot's best setup moves per die face, shared by every game on the same board and
    variant (the first decision of a game sees the same empty sheet every time)."""
    key = (board.rows, board.closed_edges, board.bar_points, hard, mirror, id(cat))
    got = _SETUP.get(key)
    if got is None:
        if len(_SETUP) > 64:
            _SETUP.clear()
        got = _SETUP[key] = {}
    return got


_PIECES: dict[tuple[tuple[str, ...], bool, int], dict[str, tuple[Piece, ...]]] = {}


def _pieces_of(board: Board, cat: Catalog, mirror: bool,
               placements: dict[str, tuple[int, ...]]) -> dict[str, tuple[Piece, ...]]:
    """`_placements_of` with each placement's neighbourhoods, computed once per board."""
    key = (board.rows, mirror, id(cat))
    got = _PIECES.get(key)
    if got is None:
        if len(_PIECES) > 64:
            _PIECES.clear()
        g = board.grid
        got = _PIECES[key] = {sid: tuple((p, *_around(g, p)) for p in ps) for sid, ps in placements.items()}
    return got


_PLACEMENTS: dict[tuple[tuple[str, ...], bool, int], dict[str, tuple[int, ...]]] = {}


def _placements_of(board: Board, cat: Catalog, mirror: bool) -> dict[str, tuple[int, ...]]:
    """Each shape's placements on the board's drawable squares only (a placement over an object,
    a printed blanket or waste is never legal), shared by every game on the same board."""
    key = (board.rows, mirror, id(cat))
    got = _PLACEMENTS.get(key)
    if got is None or len(_PLACEMENTS) > 64:
        if len(_PLACEMENTS) > 64:
            _PLACEMENTS.clear()
        drawable = board.drawable
        got = _PLACEMENTS[key] = {s.id: tuple(p for p in shape_placements(board.grid, s, mirror)
                                              if not p & ~drawable) for s in cat.shapes.values()}
    return got
