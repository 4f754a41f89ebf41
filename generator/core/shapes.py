"""Polyominoes: parsed from ASCII art, turned and mirrored, placed on a grid, measured.

A shape is a frozenset of (x, y) cells normalised so that its minimum x and y are 0. The art
uses '#' (or any non-space, non-'.' character) for a filled cell, one text row per grid row.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from generator.core.grid import Grid

Shape = frozenset[tuple[int, int]]


def parse(art: str) -> Shape:
    """A shape from ASCII art; rows may be separated by newlines or '/'."""
    rows = [r for r in art.replace("/", "\n").splitlines() if r.strip()]
    cells = {(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch not in " ."}
    if not cells:
        raise ValueError("empty shape")
    shape = normalise(cells)
    if not is_connected(shape):
        raise ValueError(f"shape is not 4-connected: {art!r}")
    return shape


def normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return frozenset((x - mx, y - my) for x, y in cells)


def is_connected(cells: Shape) -> bool:
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def rotate(shape: Shape) -> Shape:
    """A quarter turn clockwise (x, y) -> (-y, x), normalised."""
    return normalise((-y, x) for x, y in shape)


def mirror(shape: Shape) -> Shape:
    return normalise((-x, y) for x, y in shape)


@cache
def orientations(shape: Shape, allow_mirror: bool = True) -> tuple[Shape, ...]:
    """The distinct rotations (and mirror images) of a shape, in a stable order."""
    seen: list[Shape] = []
    s = shape
    for flip in (False, True) if allow_mirror else (False,):
        s = mirror(shape) if flip else shape
        for _ in range(4):
            if s not in seen:
                seen.append(s)
            s = rotate(s)
    return tuple(sorted(seen, key=lambda c: sorted(c)))


def size(shape: Shape) -> tuple[int, int]:
    return max(x for x, _ in shape) + 1, max(y for _, y in shape) + 1


def to_art(shape: Shape) -> str:
    w, h = size(shape)
    return "\n".join("".join("#" if (x, y) in shape else "." for x in range(w)) for y in range(h))


def placements(grid: Grid, shape: Shape, allow_mirror: bool = True) -> list[int]:
    """Every placement of the shape inside the grid, as bitboards (all orientations)."""
    return list(_placements(grid.width, grid.height, shape, allow_mirror))


@lru_cache(maxsize=256)
def _placements(width: int, height: int, shape: Shape, allow_mirror: bool) -> tuple[int, ...]:
    out: list[int] = []
    for o in orientations(shape, allow_mirror):
        w, h = size(o)
        base = 0
        for x, y in o:
            base |= 1 << (y * width + x)
        for oy in range(height - h + 1):
            for ox in range(width - w + 1):
                out.append(base << (oy * width + ox))
    return tuple(out)


def largest_square(cells: Iterable[tuple[int, int]]) -> int:
    """Side of the largest solid square inside a set of cells (Winnice harvest value)."""
    cellset = set(cells)
    if not cellset:
        return 0
    best: dict[tuple[int, int], int] = {}
    top = 0
    for x, y in sorted(cellset, key=lambda c: (c[1], c[0])):
        v = 1 + min(best.get((x - 1, y), 0), best.get((x, y - 1), 0), best.get((x - 1, y - 1), 0))
        best[(x, y)] = v
        top = max(top, v)
    return top
