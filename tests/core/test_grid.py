from hypothesis import given
from hypothesis import strategies as st

from generator.core.grid import Grid, chebyshev


def naive_regions(grid, free_cells, diagonal=False):
    left = set(free_cells)
    out = []
    while left:
        start = min(left, key=lambda c: (c[1], c[0]))
        comp, stack = {start}, [start]
        while stack:
            x, y = stack.pop()
            for n in (grid.neighbours8(x, y) if diagonal else grid.neighbours4(x, y)):
                if n in left and n not in comp:
                    comp.add(n)
                    stack.append(n)
        out.append(comp)
        left -= comp
    return out


def test_edges_and_no_wrap():
    g = Grid(5, 3)
    assert set(g.cells(g.west)) == {(0, 0), (0, 1), (0, 2)}
    assert set(g.cells(g.south)) == {(x, 2) for x in range(5)}
    # growing the east column must not wrap round to the west column of the next row
    assert set(g.cells(g.grow4(g.bit(4, 0)))) == {(4, 0), (3, 0), (4, 1)}
    assert set(g.cells(g.grow8(g.bit(0, 1)))) == {(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)}


@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_regions_match_naive(w, h, data):
    g = Grid(w, h)
    free = data.draw(st.integers(0, g.full))
    got = [set(g.cells(r)) for r in g.regions(free)]
    want = naive_regions(g, set(g.cells(free)))
    assert sorted(map(sorted, got)) == sorted(map(sorted, want))


@given(st.integers(1, 9), st.integers(1, 9), st.data())
def test_regions8_match_naive_and_come_by_lowest_square(w, h, data):
    g = Grid(w, h)
    free = data.draw(st.integers(0, g.full))
    got = g.regions8(free)
    want = naive_regions(g, set(g.cells(free)), diagonal=True)
    assert sorted(sorted(g.cells(r)) for r in got) == sorted(map(sorted, want))
    assert [r & -r for r in got] == sorted(r & -r for r in got)


@given(st.integers(2, 8), st.integers(2, 8), st.data())
def test_within_is_chebyshev(w, h, data):
    g = Grid(w, h)
    x, y = data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1))
    d = data.draw(st.integers(0, 4))
    got = set(g.cells(g.within(g.bit(x, y), d)))
    assert got == {(a, b) for a in range(w) for b in range(h) if chebyshev((a, b), (x, y)) <= d}


def test_enclosed_regions_ring_closes_against_sea():
    g = Grid(5, 4)
    # a U of walls open to the north (sea side): the inside touches only the north edge -> closed
    walls = g.bits([(1, 0), (1, 1), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0)])
    free = g.full & ~walls
    closed = g.enclosed_regions(free, g.open_edges())
    assert [set(g.cells(r)) for r in closed] == [{(2, 0), (2, 1)}]
    # with the north open too (no sea) nothing is closed
    assert g.enclosed_regions(free, g.open_edges(north=True)) == []


def test_corner_touching_pieces_close():
    g = Grid(3, 3)
    walls = g.bits([(1, 0), (0, 1), (2, 1), (1, 2)])  # a diamond: pieces touch only at corners
    closed = g.enclosed_regions(g.full & ~walls, g.open_edges(north=True))
    assert [set(g.cells(r)) for r in closed] == [{(1, 1)}]
