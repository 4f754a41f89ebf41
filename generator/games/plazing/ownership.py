"""Who owns a closed Plażing area, and how big it is (a part of `engine.State`).

Ownership counts only the pieces necessary to close the area (DIGEST 1; rulebook: "zliczamy
wyłącznie elementy niezbędne do zamknięcia obszaru"); the largest-area ranks count every piece
surrounding it (rulebook: "Liczymy wszystkie elementy otaczające dany obszar – w tym również
elementy innych graczy"). `Ownership` holds the State's methods for both; `engine.State`
inherits them. Which pieces are necessary, and an area's holes, are the compiled
`kernels.necessary` and `kernels.holes`.
"""

from __future__ import annotations

import numpy as np

from generator.games.plazing import kernels
from generator.games.plazing.board import Board

HOLES_MEMO = 50_000  # at most this many areas in a Board's `holes_memo` (a few MB)


class Ownership:
    """Ownership and size of areas for `engine.State` (a mixin: the fields are the State's)."""

    b: Board
    covered: int
    pieces: list[tuple[int, int, int, int]]
    piece_at: np.ndarray
    piece_words: np.ndarray

    def necessary(self, area: int, extra: tuple[int, int, int] | None = None) -> list[int]:
        """Per colour, the number of pieces necessary to close `area` (DIGEST 1: "zliczamy wyłącznie
        elementy niezbędne do zamknięcia obszaru"); `extra` = (colour, mask, n4) of a piece not yet
        placed. The pieces are those of `necessary_pieces`."""
        counts = [0] * self.b.colours
        for col, _ in self.necessary_pieces(area, extra):
            counts[col] += 1
        return counts

    def necessary_pieces(self, area: int, extra: tuple[int, int, int] | None = None) -> list[tuple[int, int]]:
        """(colour, mask) of each piece necessary to close `area`, in `pieces` order, then `extra`
        when it is one. The rule is `kernels.necessary` (its doc). Whatever is lifted, the area
        grows only into lifted pieces and holes, all bounded by the counted pieces, objects and the
        sea: the counted pieces close the area on their own.
        """
        pieces = self.pieces
        return [(pieces[i][0], pieces[i][2]) if i >= 0 else (extra[0], extra[1])  # type: ignore[index]
                for i in self._necessary(area, extra)]

    def _necessary(self, area: int, extra: tuple[int, int, int] | None) -> list[int]:
        """The numbers in `pieces` of the pieces necessary to close `area`, -1 for `extra`."""
        b = self.b
        em, en = (extra[1], extra[2]) if extra is not None else (0, 0)
        out = b.index_out
        n = kernels.necessary(kernels.words_of((area, self.covered, em, en)), self.piece_at, self.piece_words,
                              b.grid_words, out)
        return out[:n].tolist()  # type: ignore[no-any-return]

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
        """The squares enclosed by `area` (`kernels.holes`: parts of the board off the area that never
        reach the board's border, going by 8-neighbours). A pure function of the area and the board."""
        out = self.b.hole_out
        kernels.holes(kernels.words(area), self.b.grid_words, out)
        return kernels.number(out)

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
