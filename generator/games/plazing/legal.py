"""The legal moves of a Plażing game in progress (a part of `engine.State`).

`LegalMoves` holds the State's methods that list, count and draw the moves of the colour in turn:
placements (screens, blankets, odds within reach; none that would close waste in), collecting
(all of one kind, two of different kinds, a waste token beside an own piece), and the sub-moves
of the bonus, special-card and colour phases. `engine.State` inherits them.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from generator.games.plazing import events
from generator.games.plazing.board import Board
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
    MAIN,
    O1,
    ODD,
    OVER,
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


class LegalMoves:
    """Legal moves for `engine.State` (a mixin: the fields and the geometry are the State's)."""

    b: Board
    colour: int
    person: int
    phase: int
    supply: list[list[int]]
    own: list[int]
    own_areas: list[int]
    res: list[int]
    surp: int
    waste: int
    pending_bonus: list[int]
    covered: int
    closed: int
    reach: list[int]

    if TYPE_CHECKING:  # the State supplies them (declared here for the type checker only)
        def waste_ok(self, shape: int, anchor: int) -> bool: ...

        @property
        def risky(self) -> tuple[int, ...]: ...

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

    def collecting_moves(self) -> list[Move]:
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
            return self._placements(False) + self.collecting_moves()
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
        extras = self.collecting_moves() if ph == MAIN else []
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
        return bool(self.collecting_moves())

    def _has_small_move(self) -> bool:
        c = self.colour
        sup = self.supply[c]
        free = self.placeable()
        for shape, piece in ((H2, BLANKET), (V2, BLANKET), (O1, ODD)):
            if sup[piece] and self._any_placement(shape, self.anchors(shape, free)):
                return True
        return False

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
            return move in self.collecting_moves()
        if ph == BONUS_PHASE and kind == BONUS:
            return move in self.legal_moves()
        if ph == SPECIAL_PHASE and kind in (SPECIAL, END_TURN):
            return move in events.special_moves(self)
        if ph == COLOUR_PHASE and kind == COLOUR:
            return move in self.legal_moves()
        return False
