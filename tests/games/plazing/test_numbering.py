"""One numbering in `plazing check`: squares as the board prints them (column letters A.. along the
water line, row numbers 1.. along the west band), players and tile positions counted from 1.

Each test breaks a valid setup in one way and reads the message: on the old code these said
"waste at 3,4" (the file's 0-based x,y) and "first player 4 is not a seat 0..3"."""

from __future__ import annotations

import copy

from generator.core.grid import Grid
from generator.games.plazing import draw
from generator.games.plazing.model import Options, Setup
from generator.games.plazing.rules import _check_closed, check, square_name
from generator.games.plazing.setup import generate
from generator.render.scene import Scene, Text


def messages(setup: Setup) -> list[str]:
    return [str(v) for v in check(setup)]


def no_file_numbers(lines: list[str]) -> None:
    """No message (nor its place) is written as the file's 0-based pair."""
    for line in lines:
        assert "(at (" not in line, line


def test_square_names_are_what_the_board_prints():
    s = generate(Options(players=4), 2)
    scene = Scene()
    name = draw.board_symbol(scene, s, "PZ-TEST", "en")
    texts = {t.text for t in scene.symbols[name].items if isinstance(t, Text)}
    width, height = len(s.squares()[0]), len(s.squares())
    assert square_name(0, 0) == "A1" and square_name(2, 4) == "C5"
    for x in range(width):
        assert square_name(x, 0, width)[0] in texts
    for y in range(height):
        assert square_name(0, y, width)[1:] in texts
    assert square_name(width, 0, width) == f"x={width}, y=0 of the file"


def test_first_player_is_counted_from_one(full_setup):
    full_setup.first_player = 4
    lines = messages(full_setup)
    assert any("first player 5 is not a seat 1..4" in line and "first_player counts from 0: 4" in line
               for line in lines), lines


def test_resource_messages_name_printed_squares(full_setup):
    s = full_setup
    i = next(i for i, (_, _, k) in enumerate(s.resources) if k != "amber")
    x, y, kind = s.resources[i]
    s.resources[i] = (x, y, "amber")
    lines = messages(s)
    assert any(f"the {kind} mark at {square_name(x, y)}" in line for line in lines), lines
    s.resources[i] = (x, y, kind)
    s.resources.append((x, y, kind))
    lines = messages(s)
    assert any(f"two resources on square {square_name(x, y)}" in line for line in lines), lines
    s.resources = [r for r in s.resources if r[:2] != (x, y)]
    lines = messages(s)
    assert any(f"the {kind} mark at {square_name(x, y)} has no resource" in line for line in lines), lines
    no_file_numbers(lines)


def test_surprise_messages_name_printed_squares(full_setup):
    s = full_setup
    x, y, token = s.surprises[0]
    s.surprises[1] = (x, y, s.surprises[1][2])
    lines = messages(s)
    assert any(f"two surprises on square {square_name(x, y)}" in line for line in lines), lines
    sand = next((x, y) for y, row in enumerate(s.squares()) for x, ch in enumerate(row) if ch == ".")
    s.surprises[1] = (*sand, token)
    lines = messages(s)
    assert any(f"surprise at {square_name(*sand)} is not on a sticks square" in line for line in lines), lines
    no_file_numbers(lines)


def test_waste_messages_name_printed_squares_and_players(full_setup):
    s = full_setup
    squares = s.squares()
    w, h = len(squares[0]), len(squares)
    p = s.waste[0][2]
    t = copy.deepcopy(s)
    t.waste[0] = (w + 3, 1, p)
    assert any(f"waste at x={w + 3}, y=1 of the file is off the beach" in line for line in messages(t))
    t = copy.deepcopy(s)
    edge = next((x, h - 1) for x in range(1, w - 1) if squares[h - 1][x] in ".x+-")
    t.waste[0] = (*edge, p)
    lines = messages(t)
    assert any(f"waste at {square_name(*edge)} lies on a west, east or south edge square" in line
               for line in lines), lines
    t = copy.deepcopy(s)
    obj = next((x, y) for y, row in enumerate(squares) for x, ch in enumerate(row) if ch == "#")
    t.waste[0] = (*obj, p)
    lines = messages(t)
    assert any(f"waste at {square_name(*obj)} lies on an object" in line for line in lines), lines
    no_file_numbers(lines)
    t = copy.deepcopy(s)
    t.waste[0] = (t.waste[0][0], t.waste[0][1], t.waste[1][2])  # one player places one token too many
    lines = messages(t)
    placed = sorted({q for _, _, q in t.waste})
    assert any("(have player 1: " in line for line in lines), lines
    assert not any("{0:" in line or "(have {" in line for line in lines), lines
    assert all(f"player {q + 1}:" in " ".join(lines) for q in placed)


def test_two_waste_tokens_on_one_tile_name_its_corner_square(full_setup):
    s = full_setup
    ts = 4
    x0, y0, p0 = s.waste[0]
    tile_x, tile_y = (x0 // ts) * ts, (y0 // ts) * ts
    squares = s.squares()
    taken = {(x, y) for x, y, _ in s.waste} | {(x, y) for x, y, _ in s.surprises}
    other = next((x, y) for y in range(tile_y, tile_y + ts) for x in range(tile_x, tile_x + ts)
                 if (x, y) not in taken and squares[y][x] in ".x+-"
                 and 0 < x < len(squares[0]) - 1 and y < len(squares) - 1)
    s.waste[1] = (*other, s.waste[1][2])
    lines = messages(s)
    corner = square_name(tile_x, tile_y)
    assert any(f"on the tile at row {tile_y // ts + 1}, column {tile_x // ts + 1} (its corner square {corner}"
               in line for line in lines), lines
    no_file_numbers(lines)


def test_a_square_closed_before_play_is_named_as_printed():
    # a 5x3 strip whose square C1 (x=2, y=0) is walled in by objects and the sea
    squares = ["." "#" "." "#" ".", "." "." "#" "." ".", "." "." "." "." "."]
    rep = _check_closed(Grid(5, 3), squares)
    (v,) = list(rep)
    assert "from C1 are closed in before play" in str(v) and "(at (" not in str(v)


def test_the_squares_row_is_the_printed_row(full_setup):
    s = full_setup
    rows = s.squares()
    s.declared_squares = [*rows[:2], rows[2].replace(".", "#", 1), *rows[3:]]
    (line,) = [m for m in messages(s) if "plazing.squares" in m]
    assert "first at row 3" in line and not line.endswith("(at 2)")


def test_a_square_closed_in_names_the_printed_square_and_its_tile():
    """Issue 28: "no legal Plażing setup … (at (17, 9))" named neither the tile nor a printed square."""
    from dataclasses import replace

    beaches = (generate(Options(players=4), seed) for seed in range(40))
    s = next(b for b in beaches if any(p.tile == "ice_cream" for p in b.tiles))
    placed = next(p for p in s.tiles if p.tile == "ice_cream")
    s.catalog["ice_cream"] = replace(s.catalog["ice_cream"], art=("..#.", ".#.#", "..#.", "x..."))
    s.declared_squares = None
    walled = square_name(placed.col * 4 + 2, placed.row * 4 + 1)
    lines = [m for m in messages(s) if "closed-before-play" in m]
    assert any(f"from {walled} (on tile ice_cream) are closed in before play" in m for m in lines), lines
    no_file_numbers(lines)
