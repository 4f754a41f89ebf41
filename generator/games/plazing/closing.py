"""How a Plażing placement closes areas: the closing test and the walls it reads (a part of `engine.State`).

An area closes when a piece cuts it off from the open edges (west, east, south). `Closing` holds
the State's methods that answer "which areas would this placement close?" (`new_closed`, with
its certificates) and keep the walls' parts up to date as pieces join them (`_join`, feeding
`risky`: the placements that may close anything at all). The tests themselves are the compiled
`kernels.closed_parts` and `kernels.two_arcs`. They read and write only the State's own fields;
`engine.State` inherits them.
"""

from __future__ import annotations

import numpy as np

from generator.games.plazing import kernels
from generator.games.plazing.board import Board


class Closing:
    """The closing test of `engine.State` (a mixin: the fields are the State's, set in its __init__)."""

    b: Board
    covered: int
    waste: int
    pieces: list[tuple[int, int, int, int]]
    piece_at: np.ndarray
    piece_words: np.ndarray
    risky_words: np.ndarray
    walls: np.ndarray
    wall_cells: np.ndarray
    _closing: list[list[tuple[list[int], int] | None]]
    _waste_in: dict[int, int]

    def new_closed(self, shape: int, anchor: int) -> list[int]:
        """The areas that placing `shape` at `anchor` would close (on the current board): the rule
        is `kernels.closes` (its doc: two quick exits, then `kernels.closed_parts`), which the greedy
        bot's compiled decision asks too.

        Results are kept from move to move with a certificate: free squares whose staying free
        proves the result (the ring; the floods that reached an open edge; the closed parts
        themselves). Pieces are never lifted, so a result is reused until a piece covers one of its
        certificate's squares.
        """
        row = self._closing[shape]
        hit = row[anchor]
        if hit is not None and not hit[1] & self.covered:
            return hit[0]
        hit = row[anchor] = self._new_closed(shape, anchor)
        return hit[0]

    def _new_closed(self, shape: int, anchor: int) -> tuple[list[int], int]:
        b = self.b
        out = b.parts_out
        n = kernels.closes(shape * kernels.CODE + anchor, kernels.words(self.covered), b.shape_words, b.shape_flags,
                           b.board_words, 1 if b.pockets else 0, b.grid_words, b.closes_work, out)
        found = kernels.numbers(out, 1 + n)
        return list(found[1:]), found[0]

    def waste_ok(self, shape: int, anchor: int) -> bool:
        """Whether placing `shape` at `anchor` closes no area holding waste.

        Once a placement would close waste square w in, it does so until w is collected (the
        placements made meanwhile only shrink that part, and the piece of it holding w still needs
        this piece to be closed: otherwise it would be closed already, by a move that closed waste
        in, which is illegal). So the waste found is kept (`_waste_in`) and only its presence
        is checked. A beach with pockets closed from the start breaks that argument: not kept."""
        waste = self.waste
        if not waste or not int(self.risky_words[shape * kernels.NW + anchor // 64]) >> anchor % 64 & 1:
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

    def _join(self, shape: int, anchor: int) -> None:
        """The piece about to be placed joins the wall parts its ring touches; the anchors whose ring
        now meets the joined part in two arcs are added to `risky` (the rule is `kernels.join`).
        Called before the piece is added to `pieces`."""
        b = self.b
        kernels.join(shape * kernels.CODE + anchor, kernels.words(self.covered), b.shape_words, b.board_words,
                     self.piece_at, self.piece_words, b.wall_part_at, b.wall_words, self.walls, self.wall_cells,
                     b.arcs.ti, b.arcs.tu, self.risky_words, b.arcs_out)
