"""Every placement of each seedling shape as one bit of a big int: which placements miss a set of
squares, in a few ORs instead of a loop.

A shape's placements are numbered in `Tables.placements` order (the order of `legal_moves`), and a
*placement set* is an int with bit i for placement i. `cover(shape, mask)` is the set of
placements touching any square of `mask`; it is the OR of per-row tables (placements touching a
given pattern of one row's squares), each built the first time it is asked for and kept, so after
a few games every lookup is `height` dictionary reads and ORs.

The random bot uses it for every free placement of a shape; the greedy bot's questions about
placements (can a stored seedling still go inside its colour's target window, or grow a planting)
are the compiled kernels.fits_window and kernels.grows.
It also keeps each placement's 4-neighbour ring (`ring4`) and, in `memo`, what the greedy bot
remembers across states (target windows, the compiled kernel's placement rows).

Caches here are pure functions of their keys (bitboards and shape ids), shared by every state of
one catalog and player count (`index_for`), and bounded: a table that grows past `MEMO_LIMIT`
entries is cleared (only speed depends on it, never a result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.games.winnice.tables import Tables

MEMO_LIMIT = 200_000
EAGER_WIDTH = 10


class PlacementIndex:
    """Placement sets of every seedling shape of one compiled catalog (`tables.Tables`)."""

    def __init__(self, t: Tables) -> None:
        grid = t.grid
        self.grid = grid
        self.width = grid.width
        self.height = grid.height
        self.row_mask = (1 << grid.width) - 1
        self.placements = t.placements
        #: every placement of the shape (all bits set)
        self.every = {s: (1 << len(ps)) - 1 for s, ps in t.placements.items()}
        #: per shape, per square: the placements covering that square
        self.by_square: dict[str, list[int]] = {}
        for s, ps in t.placements.items():
            cov = [0] * (grid.width * grid.height)
            for i, b in enumerate(ps):
                while b:
                    low = b & -b
                    cov[low.bit_length() - 1] |= 1 << i
                    b ^= low
            self.by_square[s] = cov
        self._rows: dict[str, list[dict[int, int]]] = {s: [{0: 0} for _ in range(grid.height)]
                                                       for s in t.placements}
        #: on boards up to EAGER_WIDTH wide, every row pattern's table is built at once, as lists
        #: (a few ms; a playout worker starts with them all instead of filling them game by game)
        self._full: dict[str, list[list[int]]] | None = None
        if grid.width <= EAGER_WIDTH:
            self._full = {}
            for s in t.placements:
                cov = self.by_square[s]
                tables = []
                for y in range(grid.height):
                    base = y * grid.width
                    table = [0] * (1 << grid.width)
                    for pat in range(1, 1 << grid.width):
                        low = pat & -pat
                        table[pat] = table[pat ^ low] | cov[base + low.bit_length() - 1]
                    tables.append(table)
                self._full[s] = tables
        #: every placement's 4-neighbour ring (the greedy bot's "touches its planting" measure)
        self.ring4 = {b: grid.grow4(b) & ~b for ps in t.placements.values() for b in ps}
        #: free memo tables for the bots (pure functions of their keys; see `memo`)
        self.memo: dict[Any, Any] = {}

    def cover(self, shape: str, mask: int) -> int:
        """The placements of `shape` that touch at least one square of `mask`."""
        w, rm = self.width, self.row_mask
        out = 0
        if self._full is not None:
            full = self._full[shape]
            y = 0
            while mask:
                pattern = mask & rm
                if pattern:
                    out |= full[y][pattern]
                mask >>= w
                y += 1
            return out
        rows = self._rows[shape]
        y = 0
        while mask:
            pattern = mask & rm
            if pattern:
                table = rows[y]
                got = table.get(pattern)
                if got is None:
                    got = 0
                    cov = self.by_square[shape]
                    base = y * w
                    pat = pattern
                    while pat:
                        low = pat & -pat
                        got |= cov[base + low.bit_length() - 1]
                        pat ^= low
                    table[pattern] = got
                out |= got
            mask >>= w
            y += 1
        return out

    def remember(self, key: Any, value: Any) -> Any:
        """Keep `value` under `key` in the shared memo (cleared when it grows past MEMO_LIMIT)."""
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        self.memo[key] = value
        return value


_SHARED: dict[Any, PlacementIndex] = {}
_OF_TABLES: dict[int, tuple[Tables, PlacementIndex]] = {}  # by id of the Tables (held, so the id stays theirs)
_last: tuple[Any, Any] = (None, None)  # the last (Tables, index) asked for


def index_for(t: Tables) -> PlacementIndex:
    """The index of a compiled catalog, built on first use.

    Indexes are shared by content (board size and the seedling shapes by name), not by catalog
    object: a playout worker receives its own copy of the catalog with every batch of games, and
    the memo warmed by the earlier batches keeps serving the later ones."""
    global _last
    last = _last
    if last[0] is t:  # one catalog at a time, almost always: one identity test
        return last[1]  # type: ignore[no-any-return]
    got = _OF_TABLES.get(id(t))
    if got is not None:
        _last = got
        return got[1]
    key = (t.grid.width, t.grid.height, tuple(sorted((s, t.cat.shapes[s]) for s in t.placements)))
    idx = _SHARED.get(key)
    if idx is None:
        if len(_SHARED) >= 8:
            _SHARED.clear()
        idx = _SHARED[key] = PlacementIndex(t)
    if len(_OF_TABLES) >= 16:
        _OF_TABLES.clear()
    _OF_TABLES[id(t)] = _last = (t, idx)
    return idx


def bits_of(placements: int) -> list[int]:
    """The indices of a placement set, lowest first."""
    out = []
    while placements:
        low = placements & -placements
        out.append(low.bit_length() - 1)
        placements ^= low
    return out
