"""The Plażing board game itself: a State that plays a setup to its end (after OpenSpiel's State).

`State(setup, rng)` follows the house GameState protocol (`num_players`, `current_player`,
`legal_moves`, `apply`, `is_over`, `scores`, `clone`) so `core.playout` can play it, and adds
`random_move(rng)` (a uniform legal move without building the list), `move_value(move)` (the
greedy bot's cheap look-ahead), `stats()` (per-game figures for the playout report) and
`describe(move)`. Occupancy is bitboards on Python ints over `core.grid` (bit y*W + x); placement
shapes, their neighbourhoods and odd reaches are precomputed once per setup (`Board`).

Moves are plain 3-tuples `(kind, a, b)`:

- ``(SCREEN, anchor, outer)``    a screen from square `anchor` (its west or north end); outer 0 = N,
  1 = S (horizontal screen), 2 = W, 3 = E (vertical screen)
- ``(BLANKET, anchor, 0|1)``     a blanket, horizontal (0) or vertical (1);  ``(ODD, square, 0)``
- ``(COLLECT_ALL, kind, 0)``     all of one kind from all own closed areas (kind 0 amber,
  1 pebble, 2 shell, 3 surprise)
- ``(COLLECT_TWO, k1, k2)``      one of each of two different kinds (k1 < k2) from own areas
- ``(COLLECT_WASTE, square, 0)`` take a waste token (the whole turn)
- ``(BONUS, kind, 0)``           the kind collected from an own area just closed, when it holds
  more than one kind
- ``(SPECIAL, deck_position, arg)`` play a kept special card; ``(END_TURN, 0, 0)`` keep the rest

Decisions of ours (the rulebook is silent or DIGEST leaves them to the engine):

- **Two small pieces are two sub-moves.** A turn of blankets/odds is the first piece, then the
  second (the same player moves again, phase SECOND); each placement resolves its closings at
  once, so the second piece may use the first (an odd within reach of it). When no second small
  piece can legally be placed (none left, no room) the turn ends after one. A turn of one small
  piece by choice is not allowed. This keeps the legal move list at a few hundred moves instead
  of tens of thousands of pairs.
- **Waste:** a placement that would close an area holding waste is illegal ("nie można zamknąć
  obszaru zawierającego śmiecia"). Nothing may be placed on a waste token; once collected, its
  square is sand again. Collecting needs an own piece on one of the 8 squares around the waste.
- Squares with a resource or a surprise never take a piece (they lie there until collected,
  and a collected square is inside a closed area anyway).
- **Bonus:** closing an own area collects all of one kind from it; with one kind present it is
  automatic, with several the closer chooses (a BONUS sub-move). Surprises are a fourth kind
  (bonus, collect-all and collect-two alike). A revealed amber/pebble/shell token counts as that
  resource; "+2" and "-1" tokens are points at once (part ``surprises``). Neutral areas send
  their resources and surprises out of the game.
- **Score squares**: covered ones score for the piece's colour at once; enclosed ones for the
  area's owner when it closes (nobody for a neutral area).
- **Events** are drawn from the top of the setup's event deck, one per surprise lying in an area
  at the moment it closes, after the closing (owner, point, score squares, bonus) is resolved;
  the drawer is the closer. An empty deck draws nothing. Food poisoning hits a colour that
  scored a +1 square of a bar or ice-cream tile (covered or enclosed; a -1 square is no point).
  Special cards go to the drawer's hand; after each of their turns a colour holding special
  cards may play any of them (phase SPECIAL, ending with END_TURN). "Take 2 points from the
  leader" takes them from the colour of another player with the most points on the track (ties:
  the first after the player in turn order).
- **Two-colour variant:** colours 0..3 take turns in order from the first player's colour;
  colour c belongs to player c % 2, so players alternate and each player alternates colours.
  Supplies, areas, ranks (12/6/3 for 4 colours) and the end trigger are per colour; a player's
  score is that of their weaker colour (ties: the lower colour).
- **End:** after a colour's turn, if it has placed all screens and blankets, it triggers the end;
  a colour that starts its turn with no legal move at all (no placement, no collection, no waste
  to take: "cannot place nor make a scoring move") triggers it too and passes. Every other colour
  then takes one last turn (one with no legal move skips it); the trigger takes none.
- **Scores:** `scores()` returns one `Score` per player: a float (the total, as core.playout
  needs) carrying `.parts`, the breakdown. It is the score as if the game ended now (running
  track + end-of-game parts), so it is meaningful mid-game too. Colours with no own area take no
  place in the area ranks (scoring.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.grid import Grid, get_grid
from generator.games.plazing import scoring
from generator.games.plazing.model import (
    RESOURCE_CHAR,
    RESOURCES,
    EventCard,
    Options,
    Placed,
    Setup,
    Tile,
    char_mask,
    event_cards,
    region_mask,
    rules,
)

SCREEN, BLANKET, ODD, COLLECT_ALL, COLLECT_TWO, COLLECT_WASTE, BONUS, SPECIAL, END_TURN = range(9)
MOVE_NAMES = ("screen", "blanket", "odd", "collect-all", "collect-two", "collect-waste", "bonus", "special",
              "end-turn")
PIECES = ("screen", "blanket", "odd")
KINDS = (*RESOURCES, "surprise")  # collectable kinds: amber, pebble, shell, surprise
SURPRISE = 3
OUTER = ("N", "S", "W", "E")
H3, V3, H2, V2, O1 = range(5)  # placement shapes
MAIN, SECOND, BONUS_PHASE, SPECIAL_PHASE, OVER = range(5)
TRACK_PARTS = ("closing", "squares", "surprises", "events", "specials", "weather_event")
END_TURN_MOVE = (END_TURN, 0, 0)

Move = tuple[int, int, int]


class Score(float):
    """A total that carries its breakdown: `float(score)` for bots, `score.parts` for people."""

    parts: dict[str, int]
    colour: int

    def __new__(cls, parts: Mapping[str, int], colour: int = -1) -> Score:
        self = super().__new__(cls, float(sum(parts.values())))
        self.parts = dict(parts)
        self.colour = colour  # the colour whose score this is (the weaker one with two colours)
        return self

    def __reduce__(self) -> Any:
        return (Score, (self.parts, self.colour))


@dataclass(frozen=True, slots=True)
class Shape:
    """One placement of a shape: its squares and the neighbourhoods the closing test needs."""

    mask: int
    n4: int  # squares orthogonally adjacent to the piece
    ring: int  # squares at Chebyshev distance 1 (the local connectivity test runs in here)
    edge: bool  # the piece lies on an open edge square (west, east, south)
    boxed: bool  # the ring is cut by the board's border (the quick "open space" test is void)
    reach: int  # squares within odd reach of the piece


class Board:
    """What a setup fixes for the whole game: masks, placement shapes, regions, the event deck.

    Built once per setup (`board_for`) and shared by every State of every playout.
    """

    def __init__(self, setup: Setup) -> None:
        rl = rules()
        squares = setup.squares()
        if not squares or any(len(r) != len(squares[0]) for r in squares) or "?" in "".join(squares):
            raise ValueError("the setup's beach is not a full rectangle of known tiles")
        self.setup = setup
        self.width = w = len(squares[0])
        self.height = h = len(squares)
        self.grid: Grid = get_grid(w, h)
        g = self.grid
        o = setup.options
        self.players = o.players
        self.colours = o.colours
        self.player_of = [c % o.players for c in range(self.colours)]
        self.objects = char_mask(squares, "#")
        self.free0 = g.full & ~self.objects
        self.plus = char_mask(squares, "+")
        self.minus = char_mask(squares, "-")
        self.scored = self.plus | self.minus
        self.res0 = [0, 0, 0]
        for x, y, kind in setup.resources:
            self.res0[RESOURCES.index(kind)] |= g.bit(x, y)
        self.surprise_token = {y * w + x: t for x, y, t in setup.surprises}
        self.surprise0 = g.bits((x, y) for x, y, _ in setup.surprises)
        self.waste0 = g.bits((x, y) for x, y, _ in setup.waste)
        self.static_block = self.objects | self.res0[0] | self.res0[1] | self.res0[2] | self.surprise0
        self.open_edge = g.open_edges()
        self.weather = setup.weather
        self.first_colour = setup.first_player
        self.supply = tuple(rl.piece_count(p) for p in PIECES)
        ts = rl.tile_size
        # which object's tile each score square lies on (food poisoning asks "who visited the bar")
        tile_at = {(p.row, p.col): setup.catalog[p.tile] for p in setup.tiles}
        self.square_object: dict[int, str] = {}
        for i in range(w * h):
            if (self.plus | self.minus) >> i & 1:
                t = tile_at.get(((i // w) // ts, (i % w) // ts))
                self.square_object[i] = t.object if t is not None and t.object else "sand"
        self.regions = {r: region_mask(g, r, ts) for r in ("sea", "middle", "dunes", "west", "east")}
        by_id = {c.id: c for c in event_cards()}
        unknown = [e for e in setup.event_deck if e not in by_id]
        if unknown:
            raise ValueError(f"unknown event card(s) {', '.join(unknown)}")
        self.deck: tuple[EventCard, ...] = tuple(by_id[e] for e in setup.event_deck)
        self.weather_faces = rl.weather_faces
        self.odd_reach = rl.odd_reach
        self.around8 = [g.grow8(1 << i) & ~(1 << i) for i in range(w * h)]
        # anchors where a shape fits on the board at all, and every placement's facts
        cols_ok = [g.rect(0, 0, w - k + 1, h) for k in (1, 2, 3)]
        rows_ok = [g.rect(0, 0, w, h - k + 1) for k in (1, 2, 3)]
        self.fits = {H3: cols_ok[2], V3: rows_ok[2], H2: cols_ok[1], V2: rows_ok[1], O1: g.full}
        self.shapes: list[list[Shape | None]] = []
        unit = {H3: 0b111, V3: 1 | 1 << w | 1 << 2 * w, H2: 0b11, V2: 1 | 1 << w, O1: 1}
        border = g.west | g.east | g.north | g.south
        for s in (H3, V3, H2, V2, O1):
            row: list[Shape | None] = []
            for i in range(w * h):
                if not self.fits[s] >> i & 1:
                    row.append(None)
                    continue
                m = unit[s] << i
                ring = g.grow8(m) & ~m
                row.append(Shape(m, g.grow4(m) & ~m, ring, bool(m & self.open_edge), bool(m & border),
                                 g.within(m, self.odd_reach)))
            self.shapes.append(row)


def board_for(setup: Setup) -> Board:
    """The Board of a setup, cached on the setup object (recomputed if the setup was edited)."""
    key = (tuple(setup.tiles), tuple(setup.resources), tuple(setup.surprises), tuple(setup.waste),
           tuple(setup.event_deck), setup.weather, setup.first_player, setup.options)
    cached = setup.__dict__.get("_engine_board")
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    board = Board(setup)
    setup.__dict__["_engine_board"] = (key, board)
    return board


def _nth_bit(x: int, n: int) -> int:
    """The index of the n-th (0-based) set bit of x, by bisection on popcounts."""
    lo, hi = 0, x.bit_length()
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if (x & ((1 << mid) - 1)).bit_count() > n:
            hi = mid
        else:
            lo = mid
    return lo


def _bits(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


_SCREEN_SHAPE = (H3, H3, V3, V3)
_WIND = tuple("wind-" + o for o in OUTER)  # the weather a screen with outer side OUTER[b] protects from
_BLANKET_SHAPE = (H2, V2)


def shape_of(move: Move) -> int:
    kind, _, b = move
    if kind == SCREEN:
        return _SCREEN_SHAPE[b]
    if kind == BLANKET:
        return _BLANKET_SHAPE[b]
    return O1


class State:
    """One game in progress. Mutable; `clone()` copies it (the Board is shared)."""

    def __init__(self, setup: Setup | Board, rng: random.Random | int | None = None) -> None:
        b = setup if isinstance(setup, Board) else board_for(setup)
        self.b = b
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng or 0)
        self.num_players = b.players
        nc = b.colours
        self.covered = 0
        self.closed = 0
        self.own = [0] * nc
        self.reach = [0] * nc
        self.own_areas = [0] * nc
        self.supply = [list(b.supply) for _ in range(nc)]
        self.pieces: list[tuple[int, int, int, int]] = []  # (colour, piece, mask, outer or -1)
        self.areas: list[tuple[int, int, int, int]] = []  # (mask, owner or -1, closer, pieces around)
        self.res = list(b.res0)
        self.surp = b.surprise0
        self.waste = b.waste0
        self.collected = [[0, 0, 0] for _ in range(nc)]
        self.waste_collected = [0] * nc
        self.track = [dict.fromkeys(TRACK_PARTS, 0) for _ in range(nc)]
        self.scored_objects: list[set[str]] = [set() for _ in range(nc)]
        self.gone = [0, 0, 0]  # resources out of the game (neutral areas, events)
        self.surprises_gone = 0
        self.deck_pos = 0
        self.hand: list[list[int]] = [[] for _ in range(nc)]  # deck positions of kept special cards
        self.weather = b.weather
        self.phase = MAIN
        self.pending_bonus: list[int] = []
        self.pending_events = 0
        self.after = MAIN
        self.end_by = -1
        self.queue: list[int] = []
        self.turns = 0
        self.moves = 0
        self._memo: dict[int, list[int]] = {}  # new_closed results, valid while `covered` is unchanged
        self._memo_covered = 0
        self.colour = (b.first_colour - 1) % nc
        self._next_turn()

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.b.player_of[self.colour]

    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> State:
        c = State.__new__(State)
        c.__dict__.update(self.__dict__)
        c.own, c.reach, c.own_areas = list(self.own), list(self.reach), list(self.own_areas)
        c.supply = [list(s) for s in self.supply]
        c.pieces, c.areas, c.res = list(self.pieces), list(self.areas), list(self.res)
        c.collected = [list(x) for x in self.collected]
        c.waste_collected, c.gone = list(self.waste_collected), list(self.gone)
        c.track = [dict(t) for t in self.track]
        c.scored_objects = [set(s) for s in self.scored_objects]
        c.hand = [list(h) for h in self.hand]
        c.pending_bonus, c.queue = list(self.pending_bonus), list(self.queue)
        c._memo = {}
        c._memo_covered = -1
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        return c

    # --- geometry ---------------------------------------------------------------------------
    def placeable(self) -> int:
        """Squares a piece may cover now: on the beach, not an object/resource/surprise/waste,
        not covered, not inside a closed area."""
        return self.b.grid.full & ~(self.b.static_block | self.covered | self.closed | self.waste)

    def _anchors(self, shape: int, free: int) -> int:
        w = self.b.width
        if shape == H3:
            a = free & (free >> 1) & (free >> 2)
        elif shape == V3:
            a = free & (free >> w) & (free >> 2 * w)
        elif shape == H2:
            a = free & (free >> 1)
        elif shape == V2:
            a = free & (free >> w)
        else:
            a = free & self.reach[self.colour]
        return a & self.b.fits[shape]

    def new_closed(self, shape: int, anchor: int) -> list[int]:
        """The areas that placing `shape` at `anchor` would close (on the current board).

        Only the open area the piece lies in can split off closed parts, and each part touches
        the piece. Quick exits first: if the piece's free neighbours stay connected through the
        ring of squares around it, the area stays in one piece, and it stays open unless the piece
        took its last open-edge squares; otherwise flood each part from the piece's neighbours.
        """
        if self._memo_covered != self.covered:
            self._memo_covered = self.covered
            self._memo = {}
        key = shape * 4096 + anchor
        out = self._memo.get(key)
        if out is None:
            out = self._memo[key] = self._new_closed(shape, anchor)
        return out

    def _new_closed(self, shape: int, anchor: int) -> list[int]:
        b = self.b
        sh = b.shapes[shape][anchor]
        assert sh is not None
        free = b.free0 & ~(self.covered | sh.mask)
        n4 = sh.n4 & free
        if not n4:
            return []
        ring = sh.ring & free
        on_edge = sh.edge
        if ring == sh.ring and not sh.boxed and not on_edge:
            return []  # open space all round: nothing can split off
        g = b.grid
        edge = b.open_edge
        w, not_west, not_east = g.width, g.not_west, g.not_east
        # the area stays in one piece if the piece's free neighbours are connected through the ring,
        # and open unless the piece took its last open-edge squares (then an edge square in the ring
        # keeps it open); flood the ring from one neighbour, stopping as soon as that is shown
        local = n4 & -n4
        while True:
            if not n4 & ~local and (not on_edge or local & edge):
                return []
            grown = (local | ((local << 1) & not_west) | ((local >> 1) & not_east)
                     | (local << w) | (local >> w)) & ring
            if grown == local:
                break
            local = grown
        # flood each part from a neighbour of the piece, giving up on a part as soon as it reaches
        # an open edge (an open part needs no full flood; the neighbours it would have absorbed are
        # flooded again from their own square, and reach the edge as well). Closed parts are whole,
        # and come out in the order of their lowest neighbour square, as with complete floods.
        out = []
        rest = n4
        while rest:
            part = rest & -rest
            while True:
                grown = (part | ((part << 1) & not_west) | ((part >> 1) & not_east)
                         | (part << w) | (part >> w)) & free
                if grown & edge:
                    rest &= ~grown
                    break
                if grown == part:
                    rest &= ~part
                    out.append(part)
                    break
                part = grown
        return out

    def _waste_ok(self, shape: int, anchor: int) -> bool:
        waste = self.waste
        if not waste:
            return True
        parts = self._memo.get(shape * 4096 + anchor) if self._memo_covered == self.covered else None
        if parts is None:
            parts = self.new_closed(shape, anchor)
        return all(not area & waste for area in parts)

    # --- legal moves ------------------------------------------------------------------------
    def _placements(self, small_only: bool) -> list[Move]:
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        out: list[Move] = []
        if not small_only and sup[SCREEN]:
            for shape, outers in ((H3, (0, 1)), (V3, (2, 3))):
                for a in _bits(self._anchors(shape, free)):
                    if self._waste_ok(shape, a):
                        out.extend((SCREEN, a, o) for o in outers)
        if sup[BLANKET]:
            for shape, orient in ((H2, 0), (V2, 1)):
                out.extend((BLANKET, a, orient) for a in _bits(self._anchors(shape, free))
                           if self._waste_ok(shape, a))
        if sup[ODD]:
            out.extend((ODD, a, 0) for a in _bits(self._anchors(O1, free)) if self._waste_ok(O1, a))
        return out

    def _kinds_in(self, area: int) -> list[int]:
        kinds = [k for k in range(3) if self.res[k] & area]
        if self.surp & area:
            kinds.append(SURPRISE)
        return kinds

    def _other_moves(self) -> list[Move]:
        """Collecting moves of the current colour (MAIN phase)."""
        c = self.colour
        kinds = self._kinds_in(self.own_areas[c])
        out: list[Move] = [(COLLECT_ALL, k, 0) for k in kinds]
        out.extend((COLLECT_TWO, k1, k2) for i, k1 in enumerate(kinds) for k2 in kinds[i + 1:])
        if self.waste:
            own = self.own[c]
            out.extend((COLLECT_WASTE, i, 0) for i in _bits(self.waste) if self.b.around8[i] & own)
        return out

    def _special_moves(self) -> list[Move]:
        c = self.colour
        out: list[Move] = []
        for pos in self.hand[c]:
            verb = self.b.deck[pos].effect["verb"]
            if verb == "special_set_weather":
                out.extend((SPECIAL, pos, f) for f in range(len(self.b.weather_faces)))
            elif verb == "special_collect":
                out.extend((SPECIAL, pos, k) for k in self._kinds_in(self.own_areas[c]))
            elif verb == "special_extra_odd":
                if self.supply[c][ODD]:
                    out.extend((SPECIAL, pos, a) for a in _bits(self._anchors(O1, self.placeable()))
                               if self._waste_ok(O1, a))
            else:
                out.append((SPECIAL, pos, 0))
        out.append(END_TURN_MOVE)
        return out

    def legal_moves(self) -> list[Move]:
        ph = self.phase
        if ph == MAIN:
            return self._placements(False) + self._other_moves()
        if ph == SECOND:
            return self._placements(True)
        if ph == BONUS_PHASE:
            return [(BONUS, k, 0) for k in self._kinds_in(self.pending_bonus[0])]
        if ph == SPECIAL_PHASE:
            return self._special_moves()
        return []

    def has_legal_moves(self) -> bool:
        """Whether the current colour can move (cheap: no move list is built)."""
        ph = self.phase
        if ph == MAIN:
            return self._has_main_move()
        if ph == SECOND:
            return self._has_small_move()
        return ph != OVER

    def random_move(self, rng: random.Random) -> Move:
        """A legal move drawn uniformly, without building the list when the phase allows.

        Placements are counted per shape by popcount and one is drawn by index; with waste on the
        beach a drawn placement may be illegal (it would close waste in), and is then redrawn, which
        keeps the draw uniform over the legal moves; after 64 misses the full list is built.
        """
        ph = self.phase
        if ph not in (MAIN, SECOND):
            moves = self.legal_moves()
            return moves[rng.randrange(len(moves))]
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        groups: list[tuple[int, int, int]] = []  # (count, move kind, shape)
        if ph == MAIN and sup[SCREEN]:
            groups.append((self._anchors(H3, free), SCREEN, H3))
            groups.append((self._anchors(V3, free), SCREEN, V3))
        if sup[BLANKET]:
            groups.append((self._anchors(H2, free), BLANKET, H2))
            groups.append((self._anchors(V2, free), BLANKET, V2))
        if sup[ODD]:
            groups.append((self._anchors(O1, free), ODD, O1))
        counts = [m.bit_count() * (2 if kind == SCREEN else 1) for m, kind, _ in groups]
        extras = self._other_moves() if ph == MAIN else []
        total = sum(counts) + len(extras)
        for _ in range(64):
            r = rng.randrange(total)
            for (mask, kind, shape), n in zip(groups, counts, strict=True):
                if r < n:
                    if kind == SCREEN:
                        a = _nth_bit(mask, r // 2)
                        move = (SCREEN, a, (0 if shape == H3 else 2) + r % 2)
                    else:
                        a = _nth_bit(mask, r)
                        move = (kind, a, 1 if shape == V2 else 0)
                    if self._waste_ok(shape, a):
                        return move
                    break
                r -= n
            else:
                return extras[r]
        moves = self.legal_moves()
        return moves[rng.randrange(len(moves))]

    def _any_placement(self, shape: int, anchors: int) -> bool:
        if not self.waste or not anchors:
            return bool(anchors)
        while anchors:
            low = anchors & -anchors
            if self._waste_ok(shape, low.bit_length() - 1):
                return True
            anchors ^= low
        return False

    def _has_main_move(self) -> bool:
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        for shape, piece in ((H3, SCREEN), (V3, SCREEN), (H2, BLANKET), (V2, BLANKET), (O1, ODD)):
            if sup[piece] and self._any_placement(shape, self._anchors(shape, free)):
                return True
        return bool(self._other_moves())

    def _has_small_move(self) -> bool:
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        for shape, piece in ((H2, BLANKET), (V2, BLANKET), (O1, ODD)):
            if sup[piece] and self._any_placement(shape, self._anchors(shape, free)):
                return True
        return False

    # --- applying moves ---------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        """Play `move` for the current colour. An illegal move raises ValueError (nothing changes)."""
        kind, a, b = move
        ph = self.phase
        if ph == OVER:
            raise ValueError("the game is over")
        if not self._is_legal(move):
            raise ValueError(f"illegal move {self.describe(move)} in phase {ph}")
        self.moves += 1
        c = self.colour
        if kind in (SCREEN, BLANKET, ODD):
            self._place(c, kind, shape_of(move), a, b if kind == SCREEN else -1)
            self._resolve(SECOND if kind != SCREEN and ph == MAIN else MAIN)
        elif kind == COLLECT_ALL:
            if a == SURPRISE:
                for i in _bits(self.surp & self.own_areas[c]):
                    self._reveal(c, i)
            else:
                take = self.res[a] & self.own_areas[c]
                self.collected[c][a] += take.bit_count()
                self.res[a] &= ~take
            self._finish_turn()
        elif kind == COLLECT_TWO:
            for k in (a, b):
                self._take_one(c, k, self.own_areas[c])
            self._finish_turn()
        elif kind == COLLECT_WASTE:
            self.waste &= ~(1 << a)
            self.waste_collected[c] += 1
            self._finish_turn()
        elif kind == BONUS:
            area = self.pending_bonus.pop(0)
            self._collect_kind(c, a, area)
            self._resolve(self.after)
        elif kind == SPECIAL:
            self._play_special(c, a, b)
        else:  # END_TURN
            self._end_turn()

    def _is_legal(self, move: Move) -> bool:
        kind, a, b = move
        ph = self.phase
        if kind in (SCREEN, BLANKET, ODD):
            if ph not in (MAIN, SECOND) or (kind == SCREEN and ph == SECOND):
                return False
            if not (0 <= a < self.b.width * self.b.height) or (kind == SCREEN and b not in (0, 1, 2, 3)) or (
                    kind == BLANKET and b not in (0, 1)) or (kind == ODD and b != 0):
                return False
            if not self.supply[self.colour][kind]:
                return False
            shape = shape_of(move)
            return bool(self._anchors(shape, self.placeable()) >> a & 1) and self._waste_ok(shape, a)
        if ph == MAIN and kind in (COLLECT_ALL, COLLECT_TWO, COLLECT_WASTE):
            return move in self._other_moves()
        if ph == BONUS_PHASE and kind == BONUS:
            return move in self.legal_moves()
        if ph == SPECIAL_PHASE and kind in (SPECIAL, END_TURN):
            return move in self._special_moves()
        return False

    def _place(self, c: int, piece: int, shape: int, anchor: int, outer: int) -> None:
        sh = self.b.shapes[shape][anchor]
        assert sh is not None
        parts = self.new_closed(shape, anchor)
        m = sh.mask
        self.covered |= m
        self.own[c] |= m
        self.reach[c] |= sh.reach
        self.supply[c][piece] -= 1
        self.pieces.append((c, piece, m, outer))
        self._score_squares(c, m)
        for area in parts:
            self._close(area, c)

    def _score_squares(self, c: int, squares: int) -> None:
        plus, minus = squares & self.b.plus, squares & self.b.minus
        if plus or minus:
            self.track[c]["squares"] += plus.bit_count() - minus.bit_count()
            # food poisoning hits "everyone who scored at least 1 point for a bar or ice-cream
            # square": a +1 square; a -1 square scores no point
            for i in _bits(plus):
                self.scored_objects[c].add(self.b.square_object[i])

    def owner_of(self, area: int, extra: tuple[int, int] | None = None) -> tuple[int, int]:
        """(owner or -1 on a tie, pieces around) of `area`: each piece with a square orthogonally
        adjacent to it counts 1 for its colour. `extra` = (colour, mask) of a piece not yet placed.

        "Pieces around" counts the pieces of every colour (rulebook, largest area: "w tym również
        elementy innych graczy"); it is fixed once the area is closed (nothing can be placed next to
        a closed area) and feeds the largest-area ranks (`colour_parts`)."""
        g = self.b.grid
        adj = g.grow4(area) & ~area
        counts = [0] * self.b.colours
        pieces = self.pieces if extra is None else [*self.pieces, (extra[0], 0, extra[1], 0)]
        for col, _, m, _ in pieces:
            if m & adj:
                counts[col] += 1
        top = max(counts)
        around = sum(counts)
        if top == 0 or counts.count(top) > 1:
            return -1, around
        return counts.index(top), around

    def _close(self, area: int, closer: int) -> None:
        owner, around = self.owner_of(area)
        self.closed |= area
        self.track[closer]["closing"] += int(rules().scoring["close_area"])
        self.areas.append((area, owner, closer, around))
        self.pending_events += (area & self.surp).bit_count()
        if owner >= 0:
            self.own_areas[owner] |= area
            self._score_squares(owner, area)
            if owner == closer:
                kinds = self._kinds_in(area)
                if len(kinds) == 1:
                    self._collect_kind(owner, kinds[0], area)
                elif kinds:
                    self.pending_bonus.append(area)
        else:
            for k in range(3):
                self.gone[k] += (self.res[k] & area).bit_count()
                self.res[k] &= ~area
            self.surprises_gone += (self.surp & area).bit_count()
            self.surp &= ~area

    def _collect_kind(self, c: int, k: int, area: int) -> None:
        if k == SURPRISE:
            for i in _bits(self.surp & area):
                self._reveal(c, i)
        else:
            take = self.res[k] & area
            self.collected[c][k] += take.bit_count()
            self.res[k] &= ~take

    def _take_one(self, c: int, k: int, area: int) -> None:
        if k == SURPRISE:
            s = self.surp & area
            self._reveal(c, (s & -s).bit_length() - 1)
        else:
            r = self.res[k] & area
            self.res[k] &= ~(r & -r)
            self.collected[c][k] += 1

    def _reveal(self, c: int, i: int) -> None:
        token = self.b.surprise_token[i]
        self.surp &= ~(1 << i)
        if token in RESOURCES:
            self.collected[c][RESOURCES.index(token)] += 1
        else:
            self.track[c]["surprises"] += int(rules().scoring["surprise_points"][token])

    def _resolve(self, then: int) -> None:
        """After a placement or bonus: ask for pending bonus choices, then draw events, then go on."""
        self.after = then
        if self.pending_bonus:
            self.phase = BONUS_PHASE
            return
        while self.pending_events:
            self.pending_events -= 1
            self._draw_event()
        if then == SECOND:
            if self._has_small_move():
                self.phase = SECOND
            else:
                self._finish_turn()
        elif then == SPECIAL_PHASE:
            if self.hand[self.colour]:
                self.phase = SPECIAL_PHASE
            else:
                self._end_turn()
        else:
            self._finish_turn()

    def _finish_turn(self) -> None:
        if self.hand[self.colour]:
            self.phase = SPECIAL_PHASE
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        c = self.colour
        self.turns += 1
        if self.end_by < 0 and not self.supply[c][SCREEN] and not self.supply[c][BLANKET]:
            self._trigger(c)
        self._next_turn()

    def _trigger(self, c: int) -> None:
        nc = self.b.colours
        self.end_by = c
        self.queue = [(c + i) % nc for i in range(1, nc)]

    def _next_turn(self) -> None:
        while True:
            if self.end_by >= 0:
                if not self.queue:
                    self.phase = OVER
                    return
                nxt = self.queue.pop(0)
            else:
                nxt = (self.colour + 1) % self.b.colours
            self.colour = nxt
            self.phase = MAIN
            if self._has_main_move():
                return
            if self.end_by < 0:
                self._trigger(nxt)

    # --- events and special cards -----------------------------------------------------------
    def _draw_event(self) -> None:
        if self.deck_pos >= len(self.b.deck):
            return
        pos = self.deck_pos
        self.deck_pos += 1
        card = self.b.deck[pos]
        if card.kind == "special":
            self.hand[self.colour].append(pos)
        else:
            self.run_effect(card.effect, self.colour)

    def _totals(self) -> list[int]:
        return [sum(t.values()) for t in self.track]

    def weather_now(self, c: int) -> int:
        outers = [OUTER[o] for col, p, _, o in self.pieces if col == c and p == SCREEN]
        placed = [self.b.supply[p] - self.supply[c][p] for p in range(3)]
        return scoring.weather_score(self.weather, outers, placed[BLANKET], placed[ODD])

    def run_effect(self, effect: Mapping[str, Any], drawer: int) -> None:
        """Execute one event card's effect (verbs documented in data/events.toml)."""
        verb = effect["verb"]
        nc = self.b.colours
        pts = int(effect.get("points", 0))
        if verb == "scored_objects_penalty":
            objs = set(effect["objects"])
            for c in range(nc):
                if self.scored_objects[c] & objs:
                    self.track[c]["events"] += pts
        elif verb == "weather_change":
            for c in range(nc):
                self.track[c]["weather_event"] += self.weather_now(c)
            self.weather = self.rng.choice(self.b.weather_faces)
        elif verb == "region_pieces":
            region = self.b.regions[effect["region"]]
            want = effect["piece"]
            for c, p, m, _ in self.pieces:
                if m & region and (want == "any" or PIECES[p] == want):
                    self.track[c]["events"] += pts
        elif verb == "region_areas":
            region = self.b.regions[effect["region"]]
            for area, owner, _, _ in self.areas:
                if owner >= 0 and area & region:
                    self.track[owner]["events"] += pts
        elif verb == "most_in_region":
            region = self.b.regions[effect["region"]]
            counts = [0] * nc
            for c, _, m, _ in self.pieces:
                if m & region:
                    counts[c] += 1
            top = max(counts)
            if top > 0 and counts.count(top) == 1:
                self.track[counts.index(top)]["events"] += pts
        elif verb == "rank":
            totals = self._totals()
            target = max(totals) if effect["rank"] == "first" else min(totals)
            for c in range(nc):
                if totals[c] == target:
                    self.track[c]["events"] += pts
        elif verb == "everyone":
            for c in range(nc):
                self.track[c]["events"] += pts
        elif verb == "drawer":
            self.track[drawer]["events"] += pts
        elif verb == "lose_resource":
            k = RESOURCES.index(effect["kind"])
            for c in range(nc):
                if self.collected[c][k]:
                    self.collected[c][k] -= 1
                    self.gone[k] += 1
        else:
            raise ValueError(f"unknown event verb {verb!r}")

    def _play_special(self, c: int, pos: int, arg: int) -> None:
        self.hand[c].remove(pos)
        effect = self.b.deck[pos].effect
        verb = effect["verb"]
        if verb == "special_points":
            self.track[c]["specials"] += int(effect["points"])
        elif verb == "special_steal":
            mine = self.b.player_of[c]
            totals = self._totals()
            nc = self.b.colours
            others = [(c + i) % nc for i in range(1, nc) if self.b.player_of[(c + i) % nc] != mine]
            if others:
                leader = max(others, key=lambda o: totals[o])  # max keeps the first of equals
                self.track[leader]["specials"] -= int(effect["points"])
                self.track[c]["specials"] += int(effect["points"])
        elif verb == "special_reroll_weather":
            self.weather = self.rng.choice(self.b.weather_faces)
        elif verb == "special_set_weather":
            self.weather = self.b.weather_faces[arg]
        elif verb == "special_collect":
            self._take_one(c, arg, self.own_areas[c])
        elif verb == "special_extra_odd":
            self._place(c, ODD, O1, arg, -1)
            self._resolve(SPECIAL_PHASE)
            return
        else:
            raise ValueError(f"unknown special verb {verb!r}")
        if self.hand[c]:
            self.phase = SPECIAL_PHASE
        else:
            self._end_turn()

    # --- scores -----------------------------------------------------------------------------
    def colour_parts(self) -> list[dict[str, int]]:
        """Every colour's score breakdown as if the game ended now (track + end-of-game parts)."""
        nc = self.b.colours
        outers: list[list[str]] = [[] for _ in range(nc)]
        for c, p, _, o in self.pieces:
            if p == SCREEN:
                outers[c].append(OUTER[o])
        placed = [[self.b.supply[p] - self.supply[c][p] for p in range(3)] for c in range(nc)]
        owned = [0] * nc
        largest: list[int | None] = [None] * nc
        for _, owner, _, around in self.areas:
            if owner >= 0:
                owned[owner] += 1
                best = largest[owner]
                largest[owner] = around if best is None else max(best, around)
        final = scoring.final_parts(
            self.weather, outers, [p[BLANKET] for p in placed], [p[ODD] for p in placed],
            [dict(zip(RESOURCES, col, strict=True)) for col in self.collected], owned, largest,
            self.waste_collected)
        return [{**self.track[c], **final[c]} for c in range(nc)]

    def scores(self) -> list[Score]:  # type: ignore[override]
        parts = self.colour_parts()
        colour_scores = [Score(p, c) for c, p in enumerate(parts)]
        if self.b.colours == self.b.players:
            return colour_scores
        out = []
        for player in range(self.b.players):
            mine = [s for s in colour_scores if self.b.player_of[s.colour] == player]
            out.append(min(mine, key=lambda s: (float(s), s.colour)))
        return out

    def stats(self) -> dict[str, float]:
        """Per-game figures for the playout report."""
        left = sum(r.bit_count() for r in self.res)
        owned = sum(1 for _, o, _, _ in self.areas if o >= 0)
        out = {
            "areas closed": float(len(self.areas)),
            "neutral areas": float(len(self.areas) - owned),
            "resources left uncollected": float(left),
            "resources out of the game": float(sum(self.gone)),
            "turns": float(self.turns),
        }
        if self.b.deck:
            out["events drawn"] = float(self.deck_pos)
        if self.b.waste0:
            out["waste left"] = float(self.waste.bit_count())
        nc = self.b.colours
        for c in range(nc):
            out[f"resources collected, colour {c + 1}"] = float(sum(self.collected[c]))
        return out

    # --- the greedy bot's look-ahead ----------------------------------------------------------
    def _resource_gain(self, c: int, add: Sequence[int]) -> int:
        before = self.collected[c]
        after = [before[k] + add[k] for k in range(3)]
        b1 = scoring.resource_score(dict(zip(RESOURCES, before, strict=True)))
        b2 = scoring.resource_score(dict(zip(RESOURCES, after, strict=True)))
        return sum(b2) - sum(b1)

    def _kind_gain(self, c: int, k: int, area: int) -> float:
        if k == SURPRISE:
            return 1.0 * (self.surp & area).bit_count()
        add = [0, 0, 0]
        add[k] = (self.res[k] & area).bit_count()
        return float(self._resource_gain(c, add))

    def move_value(self, move: Move) -> float:
        """The mover's immediate gain from `move` (points now plus what the move fixes for the end:
        weather for the piece, resources collected, areas owned) — a cheap, one-ply estimate."""
        kind, a, b = move
        c = self.colour
        if kind <= ODD:  # a placement: this branch runs for every legal placement, keep it lean
            bd = self.b
            if kind == SCREEN:
                shape = _SCREEN_SHAPE[b]
                v = 2.0 if self.weather == _WIND[b] else 0.0
            elif kind == BLANKET:
                shape = _BLANKET_SHAPE[b]
                v = 2.0 if self.weather == "sun" else 0.0
            else:
                shape = O1
                v = -1.0 if self.weather == "rain" else 0.0
            m = bd.shapes[shape][a].mask  # type: ignore[union-attr]
            if m & bd.scored:
                v += (m & bd.plus).bit_count() - (m & bd.minus).bit_count()
            parts = self._memo.get(shape * 4096 + a) if self._memo_covered == self.covered else None
            if parts is None:
                parts = self.new_closed(shape, a)
            for area in parts:
                v += 1
                owner, _ = self.owner_of(area, (c, m))
                if owner == c:
                    v += 2 + (area & self.b.plus).bit_count() - (area & self.b.minus).bit_count()
                    kinds = self._kinds_in(area)
                    if kinds:
                        v += max(self._kind_gain(c, k, area) for k in kinds)
            return v
        if kind == COLLECT_ALL:
            return self._kind_gain(c, a, self.own_areas[c])
        if kind == COLLECT_TWO:
            add = [0, 0, 0]
            for k in (a, b):
                if k < 3:
                    add[k] += 1
            return float(self._resource_gain(c, add) + (1 if b == SURPRISE else 0))
        if kind == COLLECT_WASTE:
            return 1.5
        if kind == BONUS:
            return self._kind_gain(c, a, self.pending_bonus[0])
        if kind == SPECIAL:
            verb = self.b.deck[a].effect["verb"]
            if verb in ("special_points", "special_steal"):
                return float(self.b.deck[a].effect["points"])
            if verb == "special_collect":
                add = [0, 0, 0]
                if b < 3:
                    add[b] = 1
                return float(self._resource_gain(c, add))
            if verb == "special_set_weather":
                saved = self.weather
                self.weather = self.b.weather_faces[b]
                gain = self.weather_now(c)
                self.weather = saved
                return float(gain - self.weather_now(c))
            return 0.1
        return 0.0

    # --- people -----------------------------------------------------------------------------
    def xy(self, square: int) -> tuple[int, int]:
        return square % self.b.width, square // self.b.width

    def describe(self, move: Move) -> str:
        kind, a, b = move
        if kind == SCREEN:
            x, y = self.xy(a)
            return f"screen at {x},{y} {'horizontal' if b < 2 else 'vertical'}, outer side {OUTER[b]}"
        if kind == BLANKET:
            x, y = self.xy(a)
            return f"blanket at {x},{y} {'horizontal' if b == 0 else 'vertical'}"
        if kind == ODD:
            return "odd at {},{}".format(*self.xy(a))
        if kind == COLLECT_ALL:
            return f"collect all {KINDS[a]}"
        if kind == COLLECT_TWO:
            return f"collect {KINDS[a]} and {KINDS[b]}"
        if kind == COLLECT_WASTE:
            return "collect waste at {},{}".format(*self.xy(a))
        if kind == BONUS:
            return f"bonus: {KINDS[a]}"
        if kind == SPECIAL:
            return f"play {self.b.deck[a].id} ({b})" if 0 <= a < len(self.b.deck) else f"play card {a}"
        if kind == END_TURN:
            return "end turn"
        return f"move {move}"

    def screen(self, x: int, y: int, outer: str) -> Move:
        """The screen move with its west/north end at x,y; outer N/S lies horizontal, W/E vertical."""
        return (SCREEN, y * self.b.width + x, OUTER.index(outer))

    def blanket(self, x: int, y: int, horizontal: bool = True) -> Move:
        return (BLANKET, y * self.b.width + x, 0 if horizontal else 1)

    def odd(self, x: int, y: int) -> Move:
        return (ODD, y * self.b.width + x, 0)


def hand_setup(rows: Sequence[str], players: int = 2, two_colours: bool = False, weather: str = "sun",
               first_player: int = 0, surprises: Sequence[tuple[int, int, str]] = (),
               waste: Sequence[tuple[int, int]] = (), event_deck: Sequence[str] = (),
               objects: Mapping[tuple[int, int], str] | None = None) -> Setup:
    """A setup from a drawn beach (rows of square characters, north first), for tests and
    experiments: 12 rows, a multiple of 4 columns. It need not pass `rules.check` (a hand-made
    board may break setup rules on purpose); resources lie on every mark. `objects` names the
    object of the tile at (tile row, tile column) — food poisoning asks for "bar"/"ice_cream"."""
    ts = rules().tile_size
    h, w = len(rows), len(rows[0])
    if h != rules().rows * ts or w % ts or any(len(r) != w for r in rows):
        raise ValueError(f"a hand-made beach is {rules().rows * ts} rows of a multiple of {ts} squares")
    catalog: dict[str, Tile] = {}
    placed: list[Placed] = []
    for tr in range(h // ts):
        for tc in range(w // ts):
            art = tuple(rows[tr * ts + dy][tc * ts:(tc + 1) * ts] for dy in range(ts))
            special = any(ch in "#+-" for ch in "".join(art))
            name = (objects or {}).get((tr, tc), "object" if special else "")
            tid = f"H{tr}{tc}"
            catalog[tid] = Tile(tid, "special" if special else "basic", art, not special, object=name)
            placed.append(Placed(tid, tr, tc, 0))
    kind_of = {ch: k for k, ch in RESOURCE_CHAR.items()}
    resources = [(x, y, kind_of[ch]) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch in kind_of]
    extra = any(e.startswith(("X", "S")) for e in event_deck)
    options = Options(players=players, two_colours=two_colours, surprises=bool(surprises), events=bool(event_deck),
                      extra_events=extra, clean_beach=bool(waste))
    return Setup(options=options, seed=0, tiles=placed, catalog=catalog, resources=resources, weather=weather,
                 first_player=first_player, surprises=list(surprises),
                 waste=[(x, y, i % players) for i, (x, y) in enumerate(waste)], event_deck=list(event_deck))
