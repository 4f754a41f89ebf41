"""Generated Plażing setups: legal for every option combination, reproducible, well formed."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.checks import GenerationError, UserInputError
from generator.games.plazing.model import Catalog, Options, Setup, load_catalog, rules
from generator.games.plazing.rules import check
from generator.games.plazing.setup import CODE, generate

OPTION_SETS = [
    Options(players=p, two_colours=tc, surprises=s, events=e, extra_events=x, clean_beach=c, extra_tiles=t)
    for p in (2, 3, 4) for tc in ((False, True) if p == 2 else (False,))
    for s, e, x in ((False, False, False), (True, False, False), (True, True, False), (True, True, True))
    for c in (False, True) for t in (False, True)
]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 2**40 - 1))
def test_every_generated_setup_is_legal(options, seed):
    setup = generate(options, seed)
    report = check(setup)
    assert report.ok, [str(v) for v in report]


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: CODE.encode(o.to_json(), 0))
def test_many_seeds_per_option_set(options):
    """80 option sets x 250 seeds = 20,000 setups, each checked."""
    for seed in range(250):
        assert check(generate(options, seed)).ok


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(OPTION_SETS), st.integers(0, 2**40 - 1))
def test_same_seed_same_setup_and_json_round_trip(options, seed):
    a = generate(options, seed).to_json()
    assert generate(options, seed).to_json() == a
    back = Setup.from_json(json.loads(json.dumps(a)))
    assert back.to_json() == a


def test_different_seeds_differ():
    layouts = {tuple(generate(Options(), s).squares()) for s in range(20)}
    assert len(layouts) == 20


def test_tile_counts_and_beach_size_per_player_count():
    for players, cols in ((2, 3), (3, 4), (4, 5)):
        s = generate(Options(players=players), 1)
        pc = rules().players(players)
        assert s.columns == cols and s.grid.width == cols * 4 and s.grid.height == 12
        kinds = Counter(s.catalog[p.tile].kind for p in s.tiles)
        assert kinds["special"] == pc.specials and kinds["basic"] == pc.basic
    two = generate(Options(players=2, two_colours=True, surprises=True), 1)
    assert two.columns == 5 and len(two.surprises) == 6  # plays as the 4-player board


def test_breakwater_always_in_sea_row_and_specials_apart():
    for seed in range(200):
        s = generate(Options(players=2), seed)
        where = {p.tile: (p.row, p.col) for p in s.tiles}
        if "breakwater" in where:
            assert where["breakwater"][0] == 0
        specials = [(p.row, p.col) for p in s.tiles if s.catalog[p.tile].special]
        for a in specials:
            for b in specials:
                assert abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1


def test_surprises_and_waste_counts():
    for players, surprises, waste in ((2, 4, 8), (3, 5, 12), (4, 6, 12)):
        s = generate(Options(players=players, surprises=True, clean_beach=True), 9)
        assert len(s.surprises) == surprises and len(s.waste) == waste
        assert Counter(p for *_, p in s.waste) == {i: waste // players for i in range(players)}


def test_event_deck_sizes():
    assert len(generate(Options(surprises=True, events=True), 1).event_deck) == 10
    assert len(generate(Options(surprises=True, events=True, extra_events=True), 1).event_deck) == 26


def test_bad_options_are_user_errors():
    with pytest.raises(UserInputError, match="2 to 4"):
        generate(Options(players=5), 1)
    with pytest.raises(UserInputError, match="two-colour"):
        generate(Options(players=3, two_colours=True), 1)
    with pytest.raises(UserInputError, match="surprises"):
        generate(Options(events=True), 1)


def _catalog_with(**changes) -> Catalog:
    base = load_catalog()
    tiles = dict(base.tiles)
    for tid, tile in changes.items():
        if tile is None:
            del tiles[tid]
        else:
            tiles[tid] = tile
    return Catalog(tiles, "test")


def test_catalog_too_few_basic_tiles():
    cat = _catalog_with(B01=None, B02=None)
    with pytest.raises(UserInputError, match="basic tiles"):
        generate(Options(players=4), 1, cat)
    assert check(generate(Options(players=3), 1, cat)).ok  # 9 basic are enough for 3 players


def test_catalog_whose_specials_cannot_be_separated():
    from dataclasses import replace

    base = load_catalog()
    # every special must lie in the sea row: on a 4-wide sea row at most 2 fit apart, 3 players need 3
    sea = {t.id: replace(t, sea_row=True, art=("#" + t.art[0][1:],) + t.art[1:])
           for t in base.of_kind("special")}
    cat = _catalog_with(**sea)
    with pytest.raises(UserInputError, match="cannot be laid"):
        generate(Options(players=3), 1, cat)


def test_no_room_for_waste_is_a_clear_failure():
    from dataclasses import replace

    base = load_catalog()
    # basic tiles whose only sand lies on their border rows/columns still leave room in the middle of
    # the beach; tiles with no plain sand at all leave none
    full = {t.id: replace(t, art=("xAxA", "SxPx", "xAxS", "PxAx")) for t in base.of_kind("basic")}
    cat = _catalog_with(**full)
    with pytest.raises((GenerationError, UserInputError)):
        generate(Options(players=4, clean_beach=True), 1, cat)


def test_breakwater_column_is_uniform_over_the_sea_row_at_four_players():
    """Rulebook: the breakwater goes "losowo pomiędzy kafel pierwszy a piąty". Drawing whole legal
    arrangements uniformly favoured the end columns (25 % v 17 %); now each column has 1/5."""
    import random

    from generator.games.plazing.model import load_catalog
    from generator.games.plazing.setup import lay_tiles

    catalog, options = load_catalog(), Options(players=4)
    rng = random.Random(2024)
    counts = [0] * 5
    n = 3000
    for _ in range(n):
        (col,) = [p.col for p in lay_tiles(rng, catalog, options) if p.tile == "breakwater"]
        counts[col] += 1
    expected = n / 5
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 18.47, counts  # chi-square, 4 degrees of freedom, p = 0.001
