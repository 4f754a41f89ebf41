"""The Plażing board game itself: a State that plays a setup to its end (after OpenSpiel's State).

`State(setup, rng)` follows the house GameState protocol (`num_players`, `current_player`,
`legal_moves`, `apply`, `is_over`, `scores`, `clone`) so `core.playout` can play it, and adds
`random_move(rng)` (a uniform legal move without building the list), `move_value(move)` and
`greedy_moves()` (the greedy bot's cheap look-ahead, in valuation.py), `stats()` (per-game figures
for the playout report) and `describe(move)`. Occupancy is bitboards on Python ints over
`core.grid` (bit y*W + x); placement shapes, their neighbourhoods and odd reaches are precomputed
once per setup (`Board`, board.py). The move encoding is in moves.py, the event and special cards
in events.py: the State keeps the rules.

Decisions of ours (the rulebook is silent or DIGEST leaves them to the engine):

- **Two small pieces are two sub-moves.** A turn of blankets/odds is the first piece, then the
  second (the same player moves again, phase SECOND); each placement resolves its closings at
  once, so the second piece may use the first (an odd within reach of it). When no second small
  piece can legally be placed (none left, no room) the turn ends after one. A turn of one small
  piece by choice is not allowed. This keeps the legal move list at a few hundred moves instead
  of tens of thousands of pairs.
- **Ownership** counts only the pieces necessary to close the area (DIGEST 1, `necessary`):
  a piece in a hole of the area (an island) never counts; a piece that lies off the west, east
  and south edges and touches only the area, the other pieces of its wall, objects (or the sea)
  only sticks into the area or sits in its corner — lifting it would leave the area closed — and
  does not count; in a double wall the outer layer does not touch the area and the inner one
  touches the outer, so the inner layer counts. The pieces that count always close the area on
  their own (with the objects and the sea). The largest-area ranks count otherwise: every piece
  of any colour touching the area from outside, at an edge or a corner (`surrounding`).
- **Children's game:** `Options.no_largest_area` / `no_most_areas` leave that rank bonus out
  (its part is 0 for everyone); `no_weather` rolls no die.
- **Waste:** a placement that would close an area holding waste is illegal ("nie można zamknąć
  obszaru zawierającego śmiecia"). Nothing may be placed on a waste token; once collected, its
  square is what it was (sand, sticks or a score square) again. Collecting needs an own piece on
  one of the 8 squares around the waste.
- Squares with a resource or a surprise never take a piece (they lie there until collected,
  and a collected square is inside a closed area anyway).
- **Bonus:** closing an own area collects all of one kind from it; with one kind present it is
  automatic, with several the closer chooses (a BONUS sub-move). Surprises are a fourth kind
  (bonus, collect-all and collect-two alike). A revealed amber/pebble/shell token counts as that
  resource; "+2" and "-1" tokens are points at once (part ``surprises``). Neutral areas send
  their resources and surprises out of the game.
- **Score squares**: covered ones score for the piece's colour at once; enclosed ones for the
  area's owner when it closes (nobody for a neutral area).
- **Two-colour variant:** the two persons take turns from the first player; a person owns colours
  p and p + 2 and, each turn, chooses the colour that acts (a COLOUR move; with only one colour
  able to move it acts without asking), never mixing colours in a turn. Supplies, areas and
  pieces are per colour; ranks pay 12/6/0 (a game of two persons); a person's score is that of
  their weaker colour (ties: the lower colour). The end is per person: a colour that has placed
  all its screens and blankets, or a person with no move for either colour, ends the game; the
  other person takes one last turn (with a colour of their choice), the one who ended it none.
- **End:** after a turn, if the colour that acted has placed all screens and blankets, its
  person triggers the end; a person who starts a turn with no legal move at all (no placement,
  no collection, no waste to take: "cannot place nor make a scoring move") triggers it too and
  passes. Every other person then takes one last turn (one with no legal move skips it); the
  trigger takes none.
- **Scores:** `scores()` returns one `Score` per player: a float (the total, as core.playout
  needs) carrying `.parts`, the breakdown. It is the score as if the game ended now (running
  track + end-of-game parts), so it is meaningful mid-game too. Colours with no own area take no
  place in the area ranks (scoring.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from generator.games.plazing import events, scoring, valuation
from generator.games.plazing.board import Board, Shape, board_for, hand_setup
from generator.games.plazing.model import RESOURCES, Setup, rules
from generator.games.plazing.moves import (
    BLANKET,
    BONUS,
    BONUS_PHASE,
    COLLECT_ALL,
    COLLECT_TWO,
    COLLECT_WASTE,
    COLOUR,
    COLOUR_PHASE,
    END_TURN,
    H2,
    H3,
    KINDS,
    MAIN,
    MOVE_NAMES,
    O1,
    ODD,
    OUTER,
    OVER,
    PIECES,
    SCREEN,
    SECOND,
    SPECIAL,
    SPECIAL_PHASE,
    SURPRISE,
    V2,
    V3,
    Move,
    bits_of,
    nth_bit,
    shape_of,
)

__all__ = ["BLANKET", "BONUS", "BONUS_PHASE", "COLLECT_ALL", "COLLECT_TWO", "COLLECT_WASTE", "COLOUR",
           "COLOUR_PHASE", "END_TURN", "KINDS", "MAIN", "MOVE_NAMES", "ODD", "OVER", "PIECES", "SCREEN", "SECOND",
           "SPECIAL", "SPECIAL_PHASE", "SURPRISE", "H2", "H3", "O1", "V2", "V3", "Board", "Move", "Score", "Shape",
           "State", "board_for", "hand_setup", "shape_of"]

HOLES_MEMO = 50_000  # at most this many areas in a Board's `holes_memo` (a few MB)
TRACK_PARTS = ("closing", "squares", "surprises", "events", "specials", "weather_event")


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
        self.piece_n4: list[int] = []  # the squares orthogonally around each piece of `pieces`
        self.piece_at = [-1] * (b.width * b.height)  # per square, the index in `pieces` of the piece on it
        self.areas: list[tuple[int, int, int, int]] = []  # (mask, owner or -1, closer, pieces necessary)
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
        self.end_by = -1  # the person who triggered the end
        self.queue: list[int] = []  # persons still to take their last turn
        self.turns = 0
        self.moves = 0
        # new_closed results with the free squares that certify them: valid while none is covered
        # (a list per shape, indexed by anchor)
        self._closing: list[list[tuple[list[int], int] | None]] = [[None] * (b.width * b.height) for _ in range(5)]
        # a free path to the open edge per square (key: the square's bit), found by earlier floods;
        # valid while none of its squares is covered (`_new_closed` checks before use)
        self._edge_paths: dict[int, int] = {}
        self._open_sq = 0  # the squares with an entry in _edge_paths
        # valuation.closing_value's necessary-piece counts per placement, with the parts they are for
        self._owners: dict[int, tuple[list[int], list[tuple[int, list[int], bool, float]]]] = {}
        # per placement found to close waste in (key shape * 4096 + anchor), the waste squares of a
        # part it would close: it keeps closing them in while one of them lies there (`waste_ok`)
        self._waste_in: dict[int, int] = {}
        self.values: list[dict[int, float]] = []  # valuation's closing values per shape, for `values_key`
        self.values_key: tuple[int, int] = (-1, -1)
        self.weather_values: tuple[float, ...] = ()
        self.anchor_masks = [0, 0, 0, 0, 0]  # valuation's anchors per shape the colour may place now
        self.waste_bad = [0, 0, 0, 0, 0]  # valuation's anchors per shape that would close waste in
        self.closer_mask = [0, 0, 0, 0, 0]  # ... and those that close something (the keys of `values`)
        # the walls' parts as pieces join them (union-find: a node per part of objects, then one
        # per piece; node 0 is the sea's), the squares of each root, and per shape the anchors
        # whose ring meets one part in two arcs: only those may close an area (`_join`, board.two_arcs)
        self.wall_up = list(range(len(b.wall_parts)))
        self.wall_cells = list(b.wall_parts)
        self.sea_root = 0
        self.risky = list(b.risky0)
        self.person = (b.first_colour - 1) % b.players
        self.colour = b.colours_of[self.person][0]
        self._next_turn()

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.person

    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> State:
        c = State.__new__(State)
        c.__dict__.update(self.__dict__)
        c.own, c.reach, c.own_areas = list(self.own), list(self.reach), list(self.own_areas)
        c.supply = [list(s) for s in self.supply]
        c.pieces, c.piece_n4, c.areas, c.res = list(self.pieces), list(self.piece_n4), list(self.areas), list(self.res)
        c.piece_at = list(self.piece_at)
        c.collected = [list(x) for x in self.collected]
        c.waste_collected, c.gone = list(self.waste_collected), list(self.gone)
        c.track = [dict(t) for t in self.track]
        c.scored_objects = [set(s) for s in self.scored_objects]
        c.hand = [list(h) for h in self.hand]
        c.pending_bonus, c.queue = list(self.pending_bonus), list(self.queue)
        c._closing = [list(row) for row in self._closing]
        c.wall_up, c.wall_cells, c.risky = list(self.wall_up), list(self.wall_cells), list(self.risky)
        c._edge_paths = dict(self._edge_paths)
        c._owners, c._waste_in = dict(self._owners), dict(self._waste_in)
        c.values, c.values_key = [], (-1, -1)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        return c

    # --- geometry ---------------------------------------------------------------------------
    def placeable(self) -> int:
        """Squares a piece may cover now: on the beach, not an object/resource/surprise/waste,
        not covered, not inside a closed area."""
        return self.b.grid.full & ~(self.b.static_block | self.covered | self.closed | self.waste)

    def anchors(self, shape: int, free: int) -> int:
        """The anchor squares where `shape` fits on `free` squares (odds: within the colour's reach)."""
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

        Results are kept from move to move with a certificate: free squares whose staying free
        proves the result (the connected ring squares; a path to the open edge from each open
        part; the closed parts themselves). Pieces are never lifted, so a result is reused until a
        piece covers one of its certificate's squares — usually a move or two near it.

        Two more things are learnt on the way (issue #12, the greedy bot asks this after every
        move for every placement that may close something, `risky`): what a ring's free cells
        split into, by its pattern (`Board.ring_memo`, shared by every beach of the size); per square, the
        path to the open edge an earlier flood found (`_edge_paths`, valid while it stays free),
        so a part with such a square is open at once and a flood stops when it reaches one.
        """
        row = self._closing[shape]
        hit = row[anchor]
        if hit is not None and not hit[1] & self.covered:
            return hit[0]
        hit = row[anchor] = self._new_closed(shape, anchor)
        return hit[0]

    def _new_closed(self, shape: int, anchor: int) -> tuple[list[int], int]:
        b = self.b
        sh = b.shapes[shape][anchor]
        assert sh is not None
        free = b.free0 & ~(self.covered | sh.mask)
        n4 = sh.n4 & free
        if not n4:
            return [], 0  # no free neighbour now means none ever
        ring = sh.ring & free
        on_edge = sh.edge
        if ring == sh.ring and not sh.boxed and not on_edge:
            return [], ring  # open space all round: nothing can split off
        memo = b.ring_memo[shape]
        if not sh.boxed and not on_edge:
            # the ring lies whole on the board, so what it splits into depends only on its free
            # cells relative to the anchor: looked up (learnt once per beach size and shape)
            base = anchor - b.width - 1
            pat = ring >> base
            known_ring = memo.get(pat)
            if known_ring is None:
                one, grps = self._ring_groups(n4, ring, on_edge)
                known_ring = memo[pat] = (one >> base, None) if grps is None else (0, [x >> base for x in grps])
            rel = known_ring[1]
            if rel is None:
                return [], known_ring[0] << base
        else:
            # a ring cut by the border: looked up by its free cells and the anchor itself
            base = 0
            pat = ~(ring * 4096 + anchor)
            known_ring = memo.get(pat)
            if known_ring is None:
                known_ring = memo[pat] = self._ring_groups(n4, ring, on_edge)
            rel = known_ring[1]
            if rel is None:
                return [], known_ring[0]
        # a group with a square whose known path to the open edge is still free and misses the
        # piece is open at once (the paths are what earlier floods found, kept per square); a flood
        # stops as soon as it reaches such a square, as if it had reached the edge
        out: list[int] = []
        cert = 0
        paths = self._edge_paths
        open_sq = self._open_sq
        blocked = self.covered | sh.mask
        pending = []
        covered = self.covered
        for x in rel:
            grp = x << base
            known = grp & open_sq
            while known:
                low = known & -known
                p = paths.get(low)
                if p is not None and not p & blocked:
                    cert |= grp | p
                    break
                if p is None or p & covered:  # a covered square: that path is gone for good
                    paths.pop(low, None)
                    open_sq &= ~low
                known ^= low
            else:
                pending.append(grp)
        self._open_sq = open_sq
        if not pending:
            return out, cert
        g = b.grid
        edge = b.open_edge
        w, not_west, not_east = g.width, g.not_west, g.not_east
        # flood each group, giving up as soon as the flood reaches an open edge or a square known
        # open (an open part needs no full flood; the groups it absorbed are open too). Closed parts
        # are whole, and come out in the order of their lowest neighbour square, as with complete floods.
        while pending:
            seed = pending[0]
            part = seed
            layers = [part]
            tried = 0
            while True:
                grown = (part | ((part << 1) & not_west) | ((part >> 1) & not_east)
                         | (part << w) | (part >> w)) & free
                hit = grown & edge
                via = 0
                if not hit:
                    known = grown & self._open_sq & ~tried
                    tried |= known
                    while known:
                        low = known & -known
                        p = paths.get(low)
                        if p is not None and not p & blocked:
                            hit, via = low, p
                            break
                        if p is None or p & covered:  # a covered square: that path is gone for good
                            paths.pop(low, None)
                            self._open_sq &= ~low
                        known ^= low
                if hit:
                    # certify: the group, and a path from an edge square (or a square known open,
                    # with its path) back to it; each group the flood absorbed, and a path from it
                    # back to this one
                    cert |= seed | self._path(hit & -hit, layers, True, via)
                    left = []
                    for grp in pending[1:]:
                        if grp & grown:
                            cert |= grp | self._path(grp & grown & -(grp & grown), layers)
                        else:
                            left.append(grp)
                    pending = left
                    break
                if grown == part:
                    out.append(part)
                    cert |= part
                    pending = [grp for grp in pending[1:] if not grp & part]
                    break
                part = grown
                layers.append(part)
        return out, cert

    def _ring_groups(self, n4: int, ring: int, on_edge: bool) -> tuple[int, list[int] | None]:
        """The piece's free neighbours (`n4`) grouped by connection through its free ring squares.

        (local, None) when one group holds them all and, for a piece on an open edge, an edge
        square too: the area stays in one piece and open (`local`, the squares that show it);
        else (0, groups), each group a set of ring squares holding neighbours, the lowest first.
        """
        g = self.b.grid
        edge = self.b.open_edge
        w, not_west, not_east = g.width, g.not_west, g.not_east
        # flood the ring from one neighbour, stopping as soon as connection is shown
        local = n4 & -n4
        while True:
            if not n4 & ~local and (not on_edge or local & edge):
                return local, None
            grown = (local | ((local << 1) & not_west) | ((local >> 1) & not_east)
                     | (local << w) | (local >> w)) & ring
            if grown == local:
                break
            local = grown
        groups = [local]
        rest = n4 & ~local
        while rest:
            grp = rest & -rest
            while True:
                grown = (grp | ((grp << 1) & not_west) | ((grp >> 1) & not_east) | (grp << w) | (grp >> w)) & ring
                if grown == grp:
                    break
                grp = grown
            groups.append(grp)
            rest &= ~grp
        return 0, groups

    def _path(self, target: int, layers: list[int], edge: bool = False, via: int = 0) -> int:
        """Squares of a 4-connected path of free squares from `target` (in a layer of the flood, or
        next to its last layer) back to layers[0], the flood's seed, one layer at a time.

        With `edge` (target is an open-edge square, or a square whose free path to the edge is
        `via`) each square of the path is remembered with its path to the edge (`_edge_paths`,
        single-bit keys, and `_open_sq`), for later groups and floods to stop at."""
        g = self.b.grid
        w, not_west, not_east = g.width, g.not_west, g.not_east
        path = cur = target
        if not edge:
            for layer in reversed(layers):
                if cur & layer:
                    continue  # already inside this layer: step down from the next smaller one
                nxt = (((cur << 1) & not_west) | ((cur >> 1) & not_east) | (cur << w) | (cur >> w)) & layer
                cur = nxt & -nxt
                path |= cur
            return path
        paths = self._edge_paths
        path |= via
        paths[cur] = path
        mark = cur
        for layer in reversed(layers):
            if cur & layer:
                continue
            nxt = (((cur << 1) & not_west) | ((cur >> 1) & not_east) | (cur << w) | (cur >> w)) & layer
            cur = nxt & -nxt
            path |= cur
            paths[cur] = path
            mark |= cur
        self._open_sq |= mark
        return path

    def waste_ok(self, shape: int, anchor: int) -> bool:
        """Whether placing `shape` at `anchor` closes no area holding waste.

        Once a placement would close waste square w in, it does so until w is collected (the
        placements made meanwhile only shrink that part, and the piece of it holding w still needs
        this piece to be closed: otherwise it would be closed already, by a move that closed waste
        in, which is illegal). So the waste found is kept (`_waste_in`) and only its presence
        is checked. A beach with pockets closed from the start breaks that argument: not kept."""
        waste = self.waste
        if not waste or not self.risky[shape] >> anchor & 1:
            return True  # no waste, or a placement that can close nothing
        key = shape * 4096 + anchor
        if self._waste_in.get(key, 0) & waste:
            return False
        for area in self.new_closed(shape, anchor):
            if area & waste:
                if not self.b.pockets:
                    self._waste_in[key] = area & waste
                return False
        return True

    # --- ownership ----------------------------------------------------------------------------
    def necessary(self, area: int, extra: tuple[int, int, int] | None = None) -> list[int]:
        """Per colour, the number of pieces necessary to close `area` (DIGEST 1: "zliczamy wyłącznie
        elementy niezbędne do zamknięcia obszaru"); `extra` = (colour, mask, n4) of a piece not yet
        placed. The pieces are those of `necessary_pieces`."""
        counts = [0] * self.b.colours
        for col, _ in self.necessary_pieces(area, extra):
            counts[col] += 1
        return counts

    def necessary_pieces(self, area: int, extra: tuple[int, int, int] | None = None) -> list[tuple[int, int]]:
        """(colour, mask) of each piece necessary to close `area`.

        The wall is every piece orthogonally next to the area. Not counted: a piece in a hole of
        the area (an island: its part of the board does not reach the border), and a piece off the
        open edges all of whose neighbours are the area, a hole, the wall's other pieces or objects
        (it only sticks into the area or sits in its corner: lifting it leaves the area closed). A
        piece with a neighbour beyond the wall (free squares, a piece of an outer layer) counts.
        Whatever is lifted, the area grows only into lifted pieces and holes, all bounded by the
        counted pieces, objects and the sea: the counted pieces close the area on their own.
        """
        b = self.b
        g = b.grid
        w = g.width
        adj = ((area << 1) & g.not_west | (area >> 1) & g.not_east | (area << w) | (area >> w)) & g.full & ~area
        touch = adj & self.covered  # the wall's squares: look their pieces up, in `pieces` order
        at = self.piece_at
        pieces = self.pieces
        found = []
        while touch:  # one piece at a time (its other squares are dropped with it)
            low = touch & -touch
            i = at[low.bit_length() - 1]
            found.append(i)
            touch &= ~pieces[i][2]
        found.sort()
        n4s = self.piece_n4
        wall = [(pieces[i][0], pieces[i][2], n4s[i]) for i in found]
        if extra is not None and extra[1] & adj:
            wall.append(extra)
        if not wall:
            return []
        squares = 0
        for _, m, _ in wall:
            squares |= m
        holes = self.holes(area)
        ok = area | holes | squares | b.objects
        edge = b.open_edge
        return [(col, m) for col, m, n4 in wall if not m & holes and (m & edge or n4 & ~ok)]

    def holes(self, area: int) -> int:
        """The squares enclosed by `area` (its holes: see `_holes`), kept per Board in `holes_memo`
        (the same area is asked for by every placement that would close it, in game after game)."""
        b = self.b
        holes = b.holes_memo.get(area)
        if holes is None:
            holes = self._holes(area)
            if len(b.holes_memo) < HOLES_MEMO:
                b.holes_memo[area] = holes
        return holes

    def surrounding(self, area: int) -> int:
        """The size of closed `area` for the largest-area ranks: the number of pieces, of every
        colour, that surround it (DIGEST 1; rulebook "Liczymy wszystkie elementy otaczające dany
        obszar – w tym również elementy innych graczy").

        A piece surrounds the area when one of its squares touches a square of the area from
        outside, along an edge or at a corner, whether or not it was needed to close it (ownership
        counts only those: `necessary`); a piece standing in a hole of the area (an island) does
        not surround it. A piece is never in a hole and outside at once (its squares are
        4-connected and off the area, so they lie in one part of the rest of the board). Asked
        when scoring, not when the area closes: a piece placed later at an outer corner of the
        area touches it too."""
        g = self.b.grid
        touch = (g.grow8(area) & ~area & self.covered) & ~self.holes(area)
        at, pieces = self.piece_at, self.pieces
        n = 0
        while touch:  # one piece at a time (its other squares are dropped with it)
            low = touch & -touch
            n += 1
            touch &= ~pieces[at[low.bit_length() - 1]][2]
        return n

    def _holes(self, area: int) -> int:
        """The squares enclosed by `area` (parts of the board off the area that never reach the
        board's border, going by 8-neighbours — the dual of the area's 4-connectivity). A pure
        function of the area and the board's size."""
        b = self.b
        g = b.grid
        rest = g.full & ~area
        reach = rest & b.border
        w, not_west, not_east = g.width, g.not_west, g.not_east
        while True:  # grow8 inlined (rest lies on the board, so no mask by `full` is needed)
            horiz = reach | ((reach << 1) & not_west) | ((reach >> 1) & not_east)
            grown = (horiz | (horiz << w) | (horiz >> w)) & rest
            if grown == reach:
                break
            reach = grown
        return rest & ~reach

    def owner_of(self, area: int, extra: tuple[int, int, int] | None = None) -> tuple[int, int]:
        """(owner or -1 on a tie, pieces necessary) of `area`: the colour with most necessary pieces.

        The count of necessary pieces is fixed once the area is closed (nothing can be placed next
        to a closed area's inside). The largest-area ranks count otherwise: every piece that
        surrounds the area (`surrounding`)."""
        counts = self.necessary(area, extra)
        top = max(counts)
        around = sum(counts)
        if top == 0 or counts.count(top) > 1:
            return -1, around
        return counts.index(top), around

    # --- legal moves ------------------------------------------------------------------------
    def _placements(self, small_only: bool) -> list[Move]:
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        out: list[Move] = []
        if not small_only and sup[SCREEN]:
            for shape, outers in ((H3, (0, 1)), (V3, (2, 3))):
                for a in bits_of(self._no_waste_closed(shape, self.anchors(shape, free))):
                    out.extend((SCREEN, a, o) for o in outers)
        if sup[BLANKET]:
            for shape, orient in ((H2, 0), (V2, 1)):
                anchors = self._no_waste_closed(shape, self.anchors(shape, free))
                out.extend((BLANKET, a, orient) for a in bits_of(anchors))
        if sup[ODD]:
            out.extend((ODD, a, 0) for a in bits_of(self._no_waste_closed(O1, self.anchors(O1, free))))
        return out

    def _no_waste_closed(self, shape: int, anchors: int) -> int:
        """`anchors` without those whose placement would close waste in (only placements that can
        close an area at all are asked: `risky`)."""
        if not self.waste:
            return anchors
        for a in bits_of(anchors & self.risky[shape]):
            if not self.waste_ok(shape, a):
                anchors &= ~(1 << a)
        return anchors

    def kinds_in(self, area: int) -> list[int]:
        kinds = [k for k in range(3) if self.res[k] & area]
        if self.surp & area:
            kinds.append(SURPRISE)
        return kinds

    def _other_moves(self) -> list[Move]:
        """Collecting moves of the current colour (MAIN phase)."""
        c = self.colour
        kinds = self.kinds_in(self.own_areas[c])
        out: list[Move] = [(COLLECT_ALL, k, 0) for k in kinds]
        out.extend((COLLECT_TWO, k1, k2) for i, k1 in enumerate(kinds) for k2 in kinds[i + 1:])
        if self.waste:  # waste with an own piece on one of the 8 squares around it
            own = self.own[c]
            g = self.b.grid
            horiz = own | ((own << 1) & g.not_west) | ((own >> 1) & g.not_east)
            near = self.waste & (horiz | (horiz << g.width) | (horiz >> g.width))
            if near:
                out.extend((COLLECT_WASTE, i, 0) for i in bits_of(near))
        return out

    def legal_moves(self) -> list[Move]:
        ph = self.phase
        if ph == MAIN:
            return self._placements(False) + self._other_moves()
        if ph == SECOND:
            return self._placements(True)
        if ph == BONUS_PHASE:
            return [(BONUS, k, 0) for k in self.kinds_in(self.pending_bonus[0])]
        if ph == SPECIAL_PHASE:
            return events.special_moves(self)
        if ph == COLOUR_PHASE:
            return [(COLOUR, c, 0) for c in self.b.colours_of[self.person]]
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
        groups: list[tuple[int, int, int]] = []  # (anchors, move kind, shape)
        if ph == MAIN and sup[SCREEN]:
            groups.append((self.anchors(H3, free), SCREEN, H3))
            groups.append((self.anchors(V3, free), SCREEN, V3))
        if sup[BLANKET]:
            groups.append((self.anchors(H2, free), BLANKET, H2))
            groups.append((self.anchors(V2, free), BLANKET, V2))
        if sup[ODD]:
            groups.append((self.anchors(O1, free), ODD, O1))
        counts = [m.bit_count() * (2 if kind == SCREEN else 1) for m, kind, _ in groups]
        extras = self._other_moves() if ph == MAIN else []
        total = sum(counts) + len(extras)
        for _ in range(64):
            r = rng.randrange(total)
            for (mask, kind, shape), n in zip(groups, counts, strict=True):
                if r < n:
                    if kind == SCREEN:
                        a = nth_bit(mask, r // 2)
                        move = (SCREEN, a, (0 if shape == H3 else 2) + r % 2)
                    else:
                        a = nth_bit(mask, r)
                        move = (kind, a, 1 if shape == V2 else 0)
                    if self.waste_ok(shape, a):
                        return move
                    break
                r -= n
            else:
                return extras[r]
        moves = self.legal_moves()
        return moves[rng.randrange(len(moves))]

    def _any_placement(self, shape: int, anchors: int) -> bool:
        if not self.waste or anchors & ~self.risky[shape]:
            return bool(anchors)  # no waste, or a placement that can close nothing
        while anchors:
            low = anchors & -anchors
            if self.waste_ok(shape, low.bit_length() - 1):
                return True
            anchors ^= low
        return False

    def _has_main_move(self) -> bool:
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        for shape, piece in ((H3, SCREEN), (V3, SCREEN), (H2, BLANKET), (V2, BLANKET), (O1, ODD)):
            if sup[piece] and self._any_placement(shape, self.anchors(shape, free)):
                return True
        return bool(self._other_moves())

    def _has_small_move(self) -> bool:
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        for shape, piece in ((H2, BLANKET), (V2, BLANKET), (O1, ODD)):
            if sup[piece] and self._any_placement(shape, self.anchors(shape, free)):
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
            self.place(c, kind, shape_of(move), a, b if kind == SCREEN else -1)
            self.resolve(SECOND if kind != SCREEN and ph == MAIN else MAIN)
        elif kind == COLLECT_ALL:
            if a == SURPRISE:
                for i in bits_of(self.surp & self.own_areas[c]):
                    self._reveal(c, i)
            else:
                take = self.res[a] & self.own_areas[c]
                self.collected[c][a] += take.bit_count()
                self.res[a] &= ~take
            self._finish_turn()
        elif kind == COLLECT_TWO:
            for k in (a, b):
                self.take_one(c, k, self.own_areas[c])
            self._finish_turn()
        elif kind == COLLECT_WASTE:
            self.waste &= ~(1 << a)
            self.waste_collected[c] += 1
            self._finish_turn()
        elif kind == BONUS:
            area = self.pending_bonus.pop(0)
            self._collect_kind(c, a, area)
            self.resolve(self.after)
        elif kind == SPECIAL:
            events.play_special(self, c, a, b)
        elif kind == COLOUR:
            self.colour = a
            self.phase = MAIN
        else:  # END_TURN
            self.end_turn()

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
            return bool(self.anchors(shape, self.placeable()) >> a & 1) and self.waste_ok(shape, a)
        if ph == MAIN and kind in (COLLECT_ALL, COLLECT_TWO, COLLECT_WASTE):
            return move in self._other_moves()
        if ph == BONUS_PHASE and kind == BONUS:
            return move in self.legal_moves()
        if ph == SPECIAL_PHASE and kind in (SPECIAL, END_TURN):
            return move in events.special_moves(self)
        if ph == COLOUR_PHASE and kind == COLOUR:
            return move in self.legal_moves()
        return False

    def place(self, c: int, piece: int, shape: int, anchor: int, outer: int) -> None:
        """Put colour c's piece down (a legal placement) and close what it closes."""
        sh = self.b.shapes[shape][anchor]
        assert sh is not None
        parts = self.new_closed(shape, anchor)
        self._join(sh)
        m = sh.mask
        self.covered |= m
        self.own[c] |= m
        self.reach[c] |= sh.reach
        self.supply[c][piece] -= 1
        at = self.piece_at
        n = len(self.pieces)
        rest = m
        while rest:
            low = rest & -rest
            at[low.bit_length() - 1] = n
            rest ^= low
        self.pieces.append((c, piece, m, outer))
        self.piece_n4.append(sh.n4)
        self._score_squares(c, m)
        if not parts:
            return
        # the greedy bot's valuation may have counted the necessary pieces of these very parts
        # for this placement (`valuation.closing_value`): they are what `owner_of` would count
        known = self._owners.get(shape * 4096 + anchor)
        if known is not None and known[0] == parts:
            for area, counts, needed, _ in known[1]:
                if needed:
                    counts = list(counts)
                    counts[c] += 1
                top = max(counts)
                owner = -1 if top == 0 or counts.count(top) > 1 else counts.index(top)
                self._close(area, c, (owner, sum(counts)))
            return
        for area in parts:
            self._close(area, c)

    def _join(self, sh: Shape) -> None:
        """The piece about to be placed joins the wall parts its ring touches (a node of its own,
        made the root of them all); the anchors whose ring now meets the joined part in two arcs
        are added to `risky` (board.two_arcs). Called before the piece is added to `pieces`."""
        b = self.b
        up = self.wall_up
        roots: list[int] = []
        k1 = len(b.wall_parts)
        touch = sh.ring & self.covered
        if touch:
            at, pieces = self.piece_at, self.pieces
            while touch:
                low = touch & -touch
                i = at[low.bit_length() - 1]
                x = k1 + i
                while up[x] != x:
                    up[x] = up[up[x]]
                    x = up[x]
                if x not in roots:
                    roots.append(x)
                touch &= ~pieces[i][2]
        touch = sh.ring & b.objects
        if touch:
            part_at, parts = b.wall_part_at, b.wall_parts
            while touch:
                low = touch & -touch
                x = k = part_at[low.bit_length() - 1]
                while up[x] != x:
                    up[x] = up[up[x]]
                    x = up[x]
                if x not in roots:
                    roots.append(x)
                touch &= ~parts[k]
        if sh.mask & b.grid.north:
            x = self.sea_root
            if x not in roots:
                roots.append(x)
        n = len(up)
        cells = sh.mask
        cell_of = self.wall_cells
        for x in roots:
            cells |= cell_of[x]
            up[x] = n
        up.append(n)
        cell_of.append(cells)
        if not roots:
            return  # a piece alone meets any ring in one arc
        sea = 0
        if self.sea_root in roots:
            self.sea_root = n
            sea = -1
        risky = self.risky
        for shape, m in enumerate(b.two_arcs(cells, sea)):
            risky[shape] |= m

    def _score_squares(self, c: int, squares: int) -> None:
        plus, minus = squares & self.b.plus, squares & self.b.minus
        if plus or minus:
            self.track[c]["squares"] += plus.bit_count() - minus.bit_count()
            # food poisoning hits "everyone who scored at least 1 point for a bar or ice-cream
            # square": a +1 square; a -1 square scores no point
            for i in bits_of(plus):
                self.scored_objects[c].add(self.b.square_object[i])

    def _close(self, area: int, closer: int, owned: tuple[int, int] | None = None) -> None:
        owner, around = self.owner_of(area) if owned is None else owned
        self.closed |= area
        self.track[closer]["closing"] += int(rules().scoring["close_area"])
        self.areas.append((area, owner, closer, around))
        self.pending_events += (area & self.surp).bit_count()
        if owner >= 0:
            self.own_areas[owner] |= area
            self._score_squares(owner, area)
            if owner == closer:
                kinds = self.kinds_in(area)
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
            for i in bits_of(self.surp & area):
                self._reveal(c, i)
        else:
            take = self.res[k] & area
            self.collected[c][k] += take.bit_count()
            self.res[k] &= ~take

    def take_one(self, c: int, k: int, area: int) -> None:
        """Colour c takes one token of kind k from `area`."""
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

    def resolve(self, then: int) -> None:
        """After a placement or bonus: ask for pending bonus choices, then draw events, then go on."""
        self.after = then
        if self.pending_bonus:
            self.phase = BONUS_PHASE
            return
        while self.pending_events:
            self.pending_events -= 1
            events.draw_event(self)
        if then == SECOND:
            if self._has_small_move():
                self.phase = SECOND
            else:
                self._finish_turn()
        elif then == SPECIAL_PHASE:
            if self.hand[self.colour]:
                self.phase = SPECIAL_PHASE
            else:
                self.end_turn()
        else:
            self._finish_turn()

    def _finish_turn(self) -> None:
        if self.hand[self.colour]:
            self.phase = SPECIAL_PHASE
        else:
            self.end_turn()

    def end_turn(self) -> None:
        """The colour in turn is done: check its end trigger, then hand over to the next person."""
        c = self.colour
        self.turns += 1
        if self.end_by < 0 and not self.supply[c][SCREEN] and not self.supply[c][BLANKET]:
            self._trigger(self.person)
        self._next_turn()

    def _trigger(self, person: int) -> None:
        n = self.b.players
        self.end_by = person
        self.queue = [(person + i) % n for i in range(1, n)]

    def _colour_can_move(self, c: int) -> bool:
        saved = self.colour
        self.colour = c
        try:
            return self._has_main_move()
        finally:
            self.colour = saved

    def _next_turn(self) -> None:
        while True:
            if self.end_by >= 0:
                if not self.queue:
                    self.phase = OVER
                    return
                nxt = self.queue.pop(0)
            else:
                nxt = (self.person + 1) % self.b.players
            self.person = nxt
            able = [c for c in self.b.colours_of[nxt] if self._colour_can_move(c)]
            if able:
                self.colour = able[0]
                self.phase = MAIN if len(able) == 1 else COLOUR_PHASE
                return
            self.colour = self.b.colours_of[nxt][0]
            if self.end_by < 0:
                self._trigger(nxt)

    # --- events -----------------------------------------------------------------------------
    def run_effect(self, effect: Mapping[str, Any], drawer: int) -> None:
        """Execute one event card's effect (events.py)."""
        events.run_effect(self, effect, drawer)

    def weather_now(self, c: int) -> int:
        return events.weather_now(self, c)

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
        options = self.b.setup.options
        for area, owner, _, _ in self.areas:
            if owner >= 0:
                owned[owner] += 1
                if options.largest_area_bonus:
                    size = self.surrounding(area)
                    best = largest[owner]
                    largest[owner] = size if best is None else max(best, size)
        final = scoring.final_parts(
            self.weather, outers, [p[BLANKET] for p in placed], [p[ODD] for p in placed],
            [dict(zip(RESOURCES, col, strict=True)) for col in self.collected], owned, largest,
            self.waste_collected, persons=self.b.players, most_areas=options.most_areas_bonus,
            largest_area=options.largest_area_bonus)
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

    # --- the greedy bot ---------------------------------------------------------------------
    # the mover's immediate gain from a move (valuation.py): a cheap, one-ply estimate
    move_value = valuation.move_value
    # the moves of the best value among the legal ones, in legal_moves order (valuation.py)
    greedy_moves = valuation.greedy_moves

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
        if kind == COLOUR:
            return f"play colour {a + 1} this turn"
        return f"move {move}"

    def screen(self, x: int, y: int, outer: str) -> Move:
        """The screen move with its west/north end at x,y; outer N/S lies horizontal, W/E vertical."""
        return (SCREEN, y * self.b.width + x, OUTER.index(outer))

    def blanket(self, x: int, y: int, horizontal: bool = True) -> Move:
        return (BLANKET, y * self.b.width + x, 0 if horizontal else 1)

    def odd(self, x: int, y: int) -> Move:
        return (ODD, y * self.b.width + x, 0)
