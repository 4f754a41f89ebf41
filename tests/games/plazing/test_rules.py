"""Every setup rule id: a valid setup broken in exactly that way is rejected, naming that rule."""

from __future__ import annotations

import copy
from dataclasses import replace

from generator.games.plazing.model import RESOURCE_CHAR, Options, Placed, Setup
from generator.games.plazing.rules import check, check_catalog, check_tile, square_name
from generator.games.plazing.setup import generate


def only(setup: Setup, rule: str) -> None:
    report = check(setup)
    assert rule in report.rules(), [str(v) for v in report]
    assert report.rules() == {rule}, [str(v) for v in report]


def resync_resources(setup: Setup) -> None:
    kind_of = {c: k for k, c in RESOURCE_CHAR.items()}
    setup.resources = [(x, y, kind_of[ch]) for y, row in enumerate(setup.squares())
                       for x, ch in enumerate(row) if ch in kind_of]


def test_valid_fixture_is_legal(full_setup):
    assert check(full_setup).ok


def test_options(full_setup):
    full_setup.options = replace(full_setup.options, events=True, surprises=False)
    assert "plazing.options" in check(full_setup).rules()
    s = generate(Options(players=3), 1)
    s.options = replace(s.options, two_colours=True)
    assert check(s).rules() == {"plazing.options"}


def test_catalog_basic_tile_without_sticks():
    s = generate(Options(players=4), 2)
    tid = next(p.tile for p in s.tiles if s.catalog[p.tile].kind == "basic")
    tile = s.catalog[tid]
    s.catalog[tid] = replace(tile, art=tuple(r.replace("x", ".") for r in tile.art))
    only(s, "plazing.catalog")


def test_catalog_breakwater_must_reach_the_sea():
    s = generate(Options(players=4), 2)
    bw = s.catalog["breakwater"]
    s.catalog["breakwater"] = replace(bw, art=(bw.art[0].replace("#", "."),) + bw.art[1:])
    assert "plazing.catalog" in check(s).rules()


def test_tile_laid_twice(full_setup):
    basics = [i for i, p in enumerate(full_setup.tiles) if full_setup.catalog[p.tile].kind == "basic"]
    a, b = basics[0], basics[1]
    full_setup.tiles[b] = replace(full_setup.tiles[b], tile=full_setup.tiles[a].tile)
    assert "plazing.tile-count" in check(full_setup).rules()


def test_wrong_special_count():
    s = generate(Options(players=3), 4)
    i = next(i for i, p in enumerate(s.tiles) if s.catalog[p.tile].special and p.tile != "breakwater")
    from generator.games.plazing.model import load_catalog

    spare = next(t for t in load_catalog().of_kind("basic") if t.id not in {p.tile for p in s.tiles})
    s.catalog[spare.id] = spare
    s.tiles[i] = replace(s.tiles[i], tile=spare.id)
    resync_resources(s)
    del s.catalog[[t for t in s.catalog if t not in {p.tile for p in s.tiles}][0]]
    assert "plazing.tile-count" in check(s).rules()


def test_tile_grid(full_setup):
    full_setup.tiles[0] = replace(full_setup.tiles[0], row=7)
    assert "plazing.tile-grid" in check(full_setup).rules()


def test_special_tile_rotated():
    s = generate(Options(players=4), 5)
    i = next(i for i, p in enumerate(s.tiles) if p.tile == "bar")
    s.tiles[i] = replace(s.tiles[i], rotation=180)
    resync_resources(s)
    assert "plazing.tile-rotation" in check(s).rules()


def test_rotation_not_multiple_of_90():
    s = generate(Options(players=4), 5)
    i = next(i for i, p in enumerate(s.tiles) if s.catalog[p.tile].kind == "basic")
    s.tiles[i] = replace(s.tiles[i], rotation=45)
    assert "plazing.tile-rotation" in check(s).rules()


def swap(s: Setup, a: int, b: int) -> None:
    pa, pb = s.tiles[a], s.tiles[b]
    s.tiles[a] = replace(pa, tile=pb.tile, rotation=pb.rotation)
    s.tiles[b] = replace(pb, tile=pa.tile, rotation=pa.rotation)
    resync_resources(s)


def test_breakwater_off_the_sea_row():
    for seed in range(50):
        s = generate(Options(players=4), seed)
        bw = next(i for i, p in enumerate(s.tiles) if p.tile == "breakwater")
        col = s.tiles[bw].col
        below = next(i for i, p in enumerate(s.tiles) if p.row == 2 and p.col == col)
        if s.catalog[s.tiles[below].tile].kind != "basic":
            continue
        swap(s, bw, below)
        report = check(s)
        if "plazing.closed-before-play" in report.rules() or "plazing.special-adjacent" in report.rules():
            continue
        assert report.rules() == {"plazing.breakwater-sea"}
        return
    raise AssertionError("no seed gave a clean breakwater swap")


def test_special_tiles_sharing_an_edge():
    for seed in range(50):
        s = generate(Options(players=4), seed)
        specials = [i for i, p in enumerate(s.tiles) if s.catalog[p.tile].special and p.tile != "breakwater"]
        i = specials[0]
        row, col = s.tiles[i].row, s.tiles[i].col
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            j = next((k for k, p in enumerate(s.tiles) if (p.row, p.col) == (row + dr, col + dc)), None)
            if j is None or s.catalog[s.tiles[j].tile].special:
                continue
            # move another special next to specials[0]
            other = specials[1]
            swap(s, j, other)
            report = check(s)
            if report.rules() == {"plazing.special-adjacent"}:
                return
            break
    raise AssertionError("no clean adjacency mutation found")


def test_resource_supply():
    s = generate(Options(players=4), 6)
    for p in s.tiles:
        t = s.catalog[p.tile]
        if t.kind == "basic":
            s.catalog[p.tile] = replace(t, art=(t.art[0], t.art[1], t.art[2], t.art[3].replace(".", "A")))
    resync_resources(s)
    only(s, "plazing.resource-supply")


def test_resource_missing_and_misplaced(full_setup):
    s = full_setup
    s.resources.pop(3)
    only(s, "plazing.resources-on-marks")
    x, y, kind = s.resources[0]
    other = "amber" if kind != "amber" else "shell"
    s.resources[0] = (x, y, other)
    only(s, "plazing.resources-on-marks")


def test_closed_before_play():
    s = generate(Options(players=4), 8)
    bar = s.catalog["bar"]
    s.catalog["bar"] = replace(bar, art=("###.", "#.#.", "###.", "x..."))
    resync_resources(s)
    only(s, "plazing.closed-before-play")


def test_surprise_not_on_sticks(full_setup):
    s = full_setup
    squares = s.squares()
    x, y = next((x, y) for y, row in enumerate(squares) for x, ch in enumerate(row)
                if ch == "." and (x, y) not in {(a, b) for a, b, _ in s.waste})
    s.surprises[0] = (x, y, s.surprises[0][2])
    only(s, "plazing.surprises")


def test_surprise_count_and_tokens(full_setup):
    s = full_setup
    s.surprises.pop()
    only(s, "plazing.surprises")
    s2 = generate(Options(players=4, surprises=True), 3)
    s2.surprises = [(x, y, "plus2") for x, y, _ in s2.surprises]  # the box has one +2
    only(s2, "plazing.surprises")


def test_waste_on_edge_and_two_per_tile(full_setup):
    s = full_setup
    _, _, p = s.waste[0]
    squares = s.squares()
    edge_y = next(yy for yy in range(len(squares)) if squares[yy][0] == ".")
    s.waste[0] = (0, edge_y, p)
    assert check(s).rules() == {"plazing.waste"}
    assert any("edge" in v.message for v in check(s))
    s2 = fresh_waste()
    (x0, y0, _), (_, _, p1) = s2.waste[0], s2.waste[1]
    tile_x, tile_y = (x0 // 4) * 4, (y0 // 4) * 4
    sq = s2.squares()
    spot = next((xx, yy) for yy in range(tile_y, tile_y + 4) for xx in range(tile_x, tile_x + 4)
                if sq[yy][xx] == "." and (xx, yy) != (x0, y0) and 0 < xx < 19 and yy < 11)
    s2.waste[1] = (spot[0], spot[1], p1)
    assert check(s2).rules() == {"plazing.waste"}
    assert any("at most one" in v.message for v in check(s2))


def fresh_waste() -> Setup:
    return generate(Options(players=4, clean_beach=True), 12)


def test_waste_order_and_split():
    s = fresh_waste()
    s.waste = [(x, y, (p + 1) % 4) for x, y, p in s.waste]
    only(s, "plazing.waste")
    s = fresh_waste()
    x, y, _ = s.waste[0]
    s.waste[0] = (x, y, s.waste[1][2])
    only(s, "plazing.waste")


def test_weather_first_player_event_deck(full_setup):
    s = full_setup
    s.weather = "hail"
    only(s, "plazing.weather")
    s.weather = "sun"
    s.first_player = 4
    rules_now = check(s).rules()
    assert "plazing.first-player" in rules_now
    s.first_player = 0
    s.waste = [(x, y, p) for x, y, p in s.waste]  # unchanged
    s2 = generate(Options(players=4, surprises=True, events=True), 3)
    s2.event_deck.pop()
    only(s2, "plazing.event-deck")
    s2.event_deck += ["E01", "E01"]
    only(s2, "plazing.event-deck")


def test_check_tile_rules_directly():
    s = generate(Options(players=4), 1)
    basic = next(t for t in s.catalog.values() if t.kind == "basic")
    assert check_tile(basic).ok
    assert not check_tile(replace(basic, art=("#...",) + basic.art[1:])).ok
    bar = s.catalog["bar"]
    assert "plazing.catalog" in check_tile(replace(bar, rotatable=True)).rules()


def test_builtin_catalog_respects_supply_for_all_counts():
    from generator.games.plazing.model import load_catalog

    for players in (2, 3, 4):
        for extra in (False, True):
            assert check_catalog(load_catalog(), Options(players=players, extra_tiles=extra)).ok


def test_placed_is_plain_data():
    assert Placed("B01", 0, 0) == Placed("B01", 0, 0, 0)


def test_waste_may_lie_on_sticks_and_score_squares_not_on_objects_resources_or_surprises():
    """DIGEST 1, clean beach: the rulebook forbids only the west/east/south edge squares (and a
    second token on a tile); sticks and ±1 squares are fine, an object, a resource or a surprise is not."""
    for seed in range(31, 200):
        try:
            _waste_cases(generate(Options(players=4, clean_beach=True, surprises=True, extra_tiles=True), seed))
        except LookupError:
            continue  # this beach lacks one of the squares to try: the next one
        return
    raise AssertionError("no beach with every kind of square to try")


def _waste_cases(s: Setup) -> None:
    squares = s.squares()
    w, h = len(squares[0]), len(squares)
    taken = {(x, y) for x, y, _ in s.waste}
    surprise = {(x, y) for x, y, _ in s.surprises}

    def spot(chars: str, avoid_surprise: bool = True) -> tuple[int, int]:
        """A square of one of `chars`, legal but for its kind, on a tile with no other waste."""
        for y in range(h - 1):
            for x in range(1, w - 1):
                tile = (y // 4, x // 4)
                others = {(wx // 4, wy // 4) for wx, wy in taken if (wx, wy) != first}
                if squares[y][x] in chars and (tile[1], tile[0]) not in others and \
                        ((x, y) not in surprise) == avoid_surprise:
                    return x, y
        raise LookupError(chars)

    first = s.waste[0][:2]
    p = s.waste[0][2]
    for chars in ("x", "+-"):
        t = copy.deepcopy(s)
        t.waste[0] = (*spot(chars), p)
        assert check(t).ok, (chars, t.waste[0], list(check(t)))
    for chars in ("#", "APS"):
        t = copy.deepcopy(s)
        t.waste[0] = (*spot(chars), p)
        assert check(t).rules() == {"plazing.waste"}, chars
    t = copy.deepcopy(s)
    t.waste[0] = (*spot("x", avoid_surprise=False), p)
    assert [v.message for v in check(t)] == [f"waste at {square_name(*t.waste[0][:2])} lies on a surprise"]


def test_resource_messages_take_the_right_article(full_setup):
    """Issue 25: "an amber lies on the shell mark", not "a amber"."""
    s = full_setup
    i = next(i for i, (_, _, k) in enumerate(s.resources) if k != "amber")
    x, y, kind = s.resources[i]
    s.resources[i] = (x, y, "amber")
    text = " ".join(v.message for v in check(s).violations)
    assert f"an amber lies on the {kind} mark at {square_name(x, y)}" in text and "a amber" not in text
    s.resources[i] = (x, y, kind)
    free = next((x, y) for y, row in enumerate(s.squares()) for x, ch in enumerate(row) if ch == ".")
    s.resources.append((*free, "amber"))
    assert f"an amber lies at {square_name(*free)} where no resource is marked" in " ".join(
        v.message for v in check(s).violations)
