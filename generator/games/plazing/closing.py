"""How a Plażing placement closes areas: the closing test and the walls it reads (a part of `engine.State`).

An area closes when a piece cuts it off from the open edges (west, east, south). `Closing` holds
the State's methods that answer "which areas would this placement close?" (`new_closed`, with
its certificates and memos) and keep the walls' parts up to date as pieces join them (`_join`,
feeding `risky`: the placements that may close anything at all). They read and write only the
State's own fields; `engine.State` inherits them.
"""

from __future__ import annotations

from generator.games.plazing.board import Board, Shape


class Closing:
    """The closing test of `engine.State` (a mixin: the fields are the State's, set in its __init__)."""

    b: Board
    covered: int
    waste: int
    pieces: list[tuple[int, int, int, int]]
    piece_at: list[int]
    risky: list[int]
    wall_up: list[int]
    wall_cells: list[int]
    sea_root: int
    _closing: list[list[tuple[list[int], int] | None]]
    _edge_paths: dict[int, int]
    _open_sq: int
    _waste_in: dict[int, int]

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

    def closing(self, shape: int, anchor: int) -> list[int] | None:
        """`new_closed` for a placement of the colour in turn, or None when it would close waste in
        (an illegal move), keeping what is learnt: the waste found (`_waste_in`, as `waste_ok`), and,
        for a placement that closes nothing now, its bit in `risky` is dropped (its ring no longer
        meets one part twice: the pieces placed in it since joined the arcs, and only a later
        `_join` can make it so again). Without pockets on the beach only (their criterion is
        inexact); the greedy bot asks this of every risky placement after each move."""
        waste = self.waste
        key = shape * 4096 + anchor
        if waste and self._waste_in.get(key, 0) & waste:
            return None
        parts = self.new_closed(shape, anchor)
        keep = not self.b.pockets
        if parts:
            if waste:
                for p in parts:
                    if p & waste:
                        if keep:
                            self._waste_in[key] = p & waste
                        return None
        elif keep:
            self.risky[shape] &= ~(1 << anchor)
        return parts
