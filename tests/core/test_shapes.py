import pytest

from generator.core.grid import Grid
from generator.core.shapes import largest_square, orientations, parse, placements, to_art


def test_parse_and_orientations_counts():
    assert len(orientations(parse("###"))) == 2
    assert len(orientations(parse("##/#."))) == 4
    assert len(orientations(parse("##/##"))) == 1
    assert len(orientations(parse(".##/##."))) == 4  # S4 with mirrors: S and Z, two turns each
    assert len(orientations(parse(".##/##."), allow_mirror=False)) == 2
    assert len(orientations(parse("###/#.."))) == 8


def test_parse_rejects_disconnected():
    with pytest.raises(ValueError, match="connected"):
        parse("#.#")


def test_placements_stay_inside():
    g = Grid(4, 3)
    ps = placements(g, parse("###"))
    assert len(ps) == 2 * 3 + 4 * 1  # horizontal: 2 per row * 3 rows; vertical: 4 columns * 1
    for p in ps:
        assert p & ~g.full == 0
        assert p.bit_count() == 3
        cells = sorted(g.cells(p))
        assert len({x for x, _ in cells}) == 1 or len({y for _, y in cells}) == 1


def test_largest_square():
    assert largest_square([]) == 0
    assert largest_square([(0, 0)]) == 1
    assert largest_square([(x, y) for x in range(3) for y in range(3)] + [(5, 5)]) == 3
    assert largest_square([(x, y) for x in range(4) for y in range(2)]) == 2
    assert to_art(parse("#./##")) == "#.\n##"
