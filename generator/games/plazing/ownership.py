"""Who owns a closed Plażing area, and how big it is (a part of `engine.State`).

Ownership counts only the pieces necessary to close the area (DIGEST 1; rulebook: "zliczamy
wyłącznie elementy niezbędne do zamknięcia obszaru"); the largest-area ranks count every piece
surrounding it (rulebook: "Liczymy wszystkie elementy otaczające dany obszar – w tym również
elementy innych graczy"). `Ownership` holds the State's methods for both; `engine.State`
inherits them.
"""

from __future__ import annotations

from generator.games.plazing.board import Board

HOLES_MEMO = 50_000  # at most this many areas in a Board's `holes_memo` (a few MB)


class Ownership:
    """Ownership and size of areas for `engine.State` (a mixin: the fields are the State's)."""

    b: Board
    covered: int
    pieces: list[tuple[int, int, int, int]]
    piece_n4: list[int]
    piece_at: list[int]
    _owners: dict[int, tuple[list[int], list[tuple[int, list[int], bool]]]]

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

    def closing_owners(self, shape: int, anchor: int, parts: list[int]) -> list[tuple[int, list[int], bool]]:
        """For each area of `parts` (what placing `shape` at `anchor` would close, `new_closed`),
        (area, necessary pieces per colour without the new piece, whether the new piece is one).

        Which pieces are necessary is fixed by the area and the placement (every square next to
        the area is an object, the piece or another piece, pieces are never lifted, and a piece's
        colour plays no part in whether it is necessary), so the answer serves every colour and is
        kept per placement with the parts it was found for (`_owners`); `place` reads it back when
        that placement is played."""
        key = shape * 4096 + anchor
        known = self._owners.get(key)
        if known is not None and known[0] == parts:
            return known[1]
        sh = self.b.shapes[shape][anchor]
        assert sh is not None
        walls = []
        for area in parts:
            counts = [0] * self.b.colours
            needed = False
            for col, m in self.necessary_pieces(area, (0, sh.mask, sh.n4)):
                if m == sh.mask:
                    needed = True
                else:
                    counts[col] += 1
            walls.append((area, counts, needed))
        self._owners[key] = (parts, walls)
        return walls
