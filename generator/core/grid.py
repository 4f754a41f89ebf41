"""Square grids as bitboards on Python ints.

Square (x, y) is bit ``y * width + x``; x grows east, y grows south (row 0 is the north edge).
A set of squares is one int, so union, intersection and "does this touch that" are single
operations, and a 4-neighbour flood fill is a loop of shifts over the whole board at once —
fast enough for thousands of playouts in pure Python.

The enclosure logic both Plażing games share lives here once: an area is a maximal 4-connected
set of free squares; it is closed when it touches none of the open edges (`enclosed_regions`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache


@dataclass(frozen=True)
class Grid:
    width: int
    height: int
    full: int = field(init=False)
    not_west: int = field(init=False)  # every column but x = 0
    not_east: int = field(init=False)  # every column but x = width-1
    north: int = field(init=False)
    south: int = field(init=False)
    west: int = field(init=False)
    east: int = field(init=False)

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError("grid must be at least 1x1")
        w, h = self.width, self.height
        full = (1 << (w * h)) - 1
        col0 = sum(1 << (y * w) for y in range(h))
        west, east = col0, col0 << (w - 1)
        object.__setattr__(self, "full", full)
        object.__setattr__(self, "west", west)
        object.__setattr__(self, "east", east)
        object.__setattr__(self, "not_west", full & ~west)
        object.__setattr__(self, "not_east", full & ~east)
        object.__setattr__(self, "north", (1 << w) - 1)
        object.__setattr__(self, "south", ((1 << w) - 1) << (w * (h - 1)))

    # --- squares and sets -------------------------------------------------------------------
    def bit(self, x: int, y: int) -> int:
        return 1 << (y * self.width + x)

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def bits(self, cells: Iterable[tuple[int, int]]) -> int:
        out = 0
        for x, y in cells:
            out |= 1 << (y * self.width + x)
        return out

    def cells(self, bits: int) -> Iterator[tuple[int, int]]:
        w = self.width
        while bits:
            low = bits & -bits
            i = low.bit_length() - 1
            yield i % w, i // w
            bits ^= low

    def rect(self, x: int, y: int, w: int, h: int) -> int:
        row = ((1 << w) - 1) << x
        out = 0
        for yy in range(y, y + h):
            out |= row << (yy * self.width)
        return out

    # --- neighbourhoods -----------------------------------------------------------------------
    def grow4(self, bits: int) -> int:
        """`bits` plus every square orthogonally adjacent to it."""
        w = self.width
        return (bits | ((bits << 1) & self.not_west) | ((bits >> 1) & self.not_east)
                | (bits << w) | (bits >> w)) & self.full

    def grow8(self, bits: int) -> int:
        """`bits` plus every square at Chebyshev distance 1."""
        horiz = bits | ((bits << 1) & self.not_west) | ((bits >> 1) & self.not_east)
        return (horiz | (horiz << self.width) | (horiz >> self.width)) & self.full

    def within(self, bits: int, distance: int) -> int:
        """Every square within `distance` (Chebyshev) of a square of `bits`."""
        for _ in range(distance):
            bits = self.grow8(bits)
        return bits

    def neighbours4(self, x: int, y: int) -> list[tuple[int, int]]:
        return [(a, b) for a, b in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if self.inside(a, b)]

    def neighbours8(self, x: int, y: int) -> list[tuple[int, int]]:
        return [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                if (dx or dy) and self.inside(x + dx, y + dy)]

    # --- regions -----------------------------------------------------------------------------
    def flood(self, free: int, seed: int) -> int:
        """The squares of `free` 4-connected to `seed` (seed squares outside `free` are ignored)."""
        free &= self.full
        region = seed & free
        w, not_west, not_east = self.width, self.not_west, self.not_east
        while True:  # grow4 inlined: this loop is the hot spot of every playout
            grown = (region | ((region << 1) & not_west) | ((region >> 1) & not_east)
                     | (region << w) | (region >> w)) & free
            if grown == region:
                return region
            region = grown

    def regions(self, free: int) -> list[int]:
        """The 4-connected components of `free`, ordered by their lowest square."""
        out = []
        rest = free
        while rest:
            region = self.flood(free, rest & -rest)
            out.append(region)
            rest &= ~region
        return out

    def regions8(self, bits: int) -> list[int]:
        """The 8-connected components of `bits` (squares touching at a corner belong together),
        ordered by their lowest square."""
        out = []
        rest = bits & self.full
        while rest:
            region = rest & -rest
            while True:
                grown = self.grow8(region) & bits
                if grown == region:
                    break
                region = grown
            out.append(region)
            rest &= ~region
        return out

    def open_edges(self, west: bool = True, east: bool = True, south: bool = True, north: bool = False) -> int:
        """The squares through which an area stays open (Plażing: west, east and south)."""
        return ((self.west if west else 0) | (self.east if east else 0)
                | (self.south if south else 0) | (self.north if north else 0))

    def enclosed_regions(self, free: int, open_edge: int) -> list[int]:
        """Areas of `free` that touch no square of `open_edge`: the closed areas."""
        reachable = self.flood(free, open_edge)
        return self.regions(free & ~reachable)


@cache
def get_grid(width: int, height: int) -> Grid:
    """A shared Grid per size (its masks are computed once)."""
    return Grid(width, height)


def popcount(bits: int) -> int:
    return bits.bit_count()


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
