"""The rulebook's "gra z dziećmi" options (issue 8, item 4) and hostile inputs (issue 14, items 7, 8, 10)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core.checks import UserInputError
from generator.core.playout import greedy_bot, play_one, random_bot
from generator.games.plazing.engine import State
from generator.games.plazing.model import DATA, NO_WEATHER, Options, Setup, load_catalog
from generator.games.plazing.rules import check, check_catalog
from generator.games.plazing.setup import CODE, catalog_report, code_for, generate

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


# --- the children's game --------------------------------------------------------------------------
def test_no_weather_rolls_no_die_and_scores_no_weather():
    s = generate(Options(players=4, no_weather=True, surprises=True, events=True, extra_events=True), 8)
    assert s.weather == NO_WEATHER and check(s).ok
    for seed in range(3):
        st = State(s, random.Random(seed))
        play_one(st, [random_bot] * 4, st.rng, max_moves=3000)
        assert st.is_over() and st.weather == NO_WEATHER  # weather cards change nothing
        assert all(p["weather"] == 0 and p["weather_event"] == 0 for p in st.colour_parts())
    bad = generate(Options(players=4, no_weather=True), 8)
    bad.weather = "sun"
    assert check(bad).rules() == {"plazing.weather"}
    normal = generate(Options(players=4), 8)
    normal.weather = NO_WEATHER
    assert check(normal).rules() == {"plazing.weather"}


def test_three_players_with_one_special_tile_without_score_squares():
    catalog = load_catalog()
    for seed in range(30):
        s = generate(Options(players=3, one_special=True), seed)
        specials = [catalog.tiles[p.tile] for p in s.tiles if catalog.tiles[p.tile].special]
        assert len(specials) == 1 and len(s.tiles) == 12 and check(s).ok
        assert not specials[0].count("+") and not specials[0].count("-")  # the boat or the breakwater
    with pytest.raises(UserInputError):
        generate(Options(players=4, one_special=True), 1)
    s = generate(Options(players=3), 1)
    s.options = Options(players=3, one_special=True)
    assert "plazing.tile-count" in check(s).rules()  # three specials where one belongs


def test_children_codes_round_trip_and_old_codes_keep_their_meaning():
    o = Options(players=3, no_weather=True, one_special=True)
    code = code_for(o, 77)
    assert len(code.split("-")[1]) == 9
    assert CODE.decode(code) == (o.to_json(), 77)
    plain = code_for(Options(players=4, clean_beach=True), 5)
    assert len(plain.split("-")[1]) == 7  # every code printed before the options keeps its form
    options, seed = CODE.decode(plain)
    assert options["no_weather"] is False and options["one_special"] is False and seed == 5
    assert generate(Options(**options), seed).to_json() == generate(Options(players=4, clean_beach=True), 5).to_json()


@pytest.mark.parametrize("flag, part", [("no_largest_area", "largest_area"), ("no_most_areas", "most_areas")])
def test_children_without_a_rank_bonus_play_whole_games(flag, part):
    """The rulebook's fourth simplification ("gra bez punktacji za obszar otoczony największą liczbą
    elementów i/lub za największą liczbę obszarów"): the same beach and the same games, with that
    rank part 0 for everyone and every other part as in the full game."""
    other = {"largest_area": "most_areas", "most_areas": "largest_area"}[part]
    for players, bot in ((4, greedy_bot), (3, random_bot), (2, greedy_bot)):
        kids = Options(players=players, surprises=True, events=True, **{flag: True})
        full = Options(players=players, surprises=True, events=True)
        a, b = generate(kids, 11), generate(full, 11)
        assert check(a).ok and a.tiles == b.tiles and a.resources == b.resources
        ranked = 0
        for seed in range(3):
            sa, sb = State(a, random.Random(seed)), State(b, random.Random(seed))
            play_one(sa, [bot] * players, sa.rng, max_moves=3000)
            play_one(sb, [bot] * players, sb.rng, max_moves=3000)
            assert sa.is_over() and sa.pieces == sb.pieces  # the bots play the same game
            for pa, pb in zip(sa.colour_parts(), sb.colour_parts(), strict=True):
                assert pa[part] == 0 and pa[other] == pb[other]
                assert {k: v for k, v in pa.items() if k != part} == {k: v for k, v in pb.items() if k != part}
                ranked += pb[part]
            for xa, xb, pb in zip(sa.scores(), sb.scores(), sb.colour_parts(), strict=True):
                assert float(xa) == float(xb) - pb[part]
        assert ranked > 0  # the full game did score that part: the flag took it away


def test_both_rank_bonuses_off_and_the_codes():
    o = Options(players=3, no_largest_area=True, no_most_areas=True)
    s = generate(o, 4)
    st = State(s, random.Random(1))
    play_one(st, [random_bot] * 3, st.rng, max_moves=3000)
    assert all(p["largest_area"] == 0 and p["most_areas"] == 0 for p in st.colour_parts())
    for options in (o, Options(players=4, no_most_areas=True), Options(players=3, one_special=True,
                                                                        no_largest_area=True)):
        code = code_for(options, 9)
        assert len(code.split("-")[1]) == 11
        decoded, seed = CODE.decode(code)
        assert Options(**decoded) == options and seed == 9 and decoded == options.to_json()
    # the codes printed before the rank options still name the same setups
    for options in (Options(players=3, no_weather=True, one_special=True), Options(players=2, clean_beach=True)):
        code = code_for(options, 21)
        assert len(code.split("-")[1]) == (9 if options.no_weather else 7)
        decoded, seed = CODE.decode(code)
        assert Options(**decoded) == options
        assert generate(Options(**decoded), seed).to_json() == generate(options, 21).to_json()
    assert "no_largest_area" not in Options().to_json()  # old setup files stay byte for byte the same
    assert Setup.from_json(s.to_json()).options == o


def test_cli_children_options(tmp_path):
    res = run("plazing", "setup", "--players", "3", "--no-weather", "--one-special", "--seed", "3", "--playouts", "2",
              "--out", str(tmp_path), "--json")
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["setup"]["weather"] == NO_WEATHER and data["setup"]["options"]["one_special"]
    res = run("plazing", "setup", "--code", data["code"], "--playouts", "0", "--out", str(tmp_path / "again"),
              "--json")
    assert json.loads(res.output)["setup"] == data["setup"]
    res = run("plazing", "setup", "--players", "4", "--one-special", "--out", str(tmp_path / "x"))
    assert res.exit_code == 2 and "3-player" in res.output


# --- issue 14, item 7: a tile col of 1e9 ----------------------------------------------------------
def test_a_tile_far_off_the_frame_is_named_at_once(tmp_path):
    s = generate(Options(players=4), 2)
    doc = {"format": "boardgen-setup", "game": "plazing", "version": 1, "code": code_for(s.options, 2),
           "setup": s.to_json()}
    doc["setup"]["tiles"][0]["col"] = 1_000_000_000
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    start = time.perf_counter()
    res = run("plazing", "check", str(path))
    assert time.perf_counter() - start < 30  # it hung (and grew) before; the bound is only a safety net
    assert res.exit_code == 1 and "plazing.tile-grid" in res.output and "off the frame" in res.output
    assert "Traceback" not in res.output


# --- issue 14, item 8: an impossible catalog ------------------------------------------------------
def impossible_catalog(tmp_path: Path) -> Path:
    text = (DATA / "tiles.toml").read_text(encoding="utf-8")
    text = text.split("[tiles.bar]")[0]  # the 11 basic tiles
    for i in range(40):
        text += (f'\n[tiles.pier{i:02d}]\nkind = "special"\nrotatable = false\nobject = "pier"\nsea_row = true\n'
                 'art = [".#..", ".#..", "....", "..x."]\n')
    path = tmp_path / "impossible.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_impossible_catalog_fails_fast_and_is_not_called_usable(tmp_path):
    path = impossible_catalog(tmp_path)
    catalog = load_catalog(path)
    start = time.perf_counter()
    report = check_catalog(catalog, Options(players=4))
    assert report.rules() == {"plazing.special-adjacent"}
    with pytest.raises(UserInputError, match="cannot be laid 4 at a time"):
        generate(Options(players=4), 1, catalog)
    assert time.perf_counter() - start < 30  # minutes before (every 4 of 40 tiles tried in turn)
    assert check_catalog(catalog, Options(players=2)).ok  # two sea-row tiles fit in 3 columns apart
    res = run("plazing", "catalog", str(path))
    assert res.exit_code == 1 and "usable" not in res.output and "plazing.special-adjacent" in res.output
    res = run("plazing", "setup", "--catalog", str(path), "--out", str(tmp_path / "o"))
    assert res.exit_code == 2 and "cannot be laid" in res.output and not (tmp_path / "o").exists()


def test_catalog_is_usable_only_if_setups_come_out_of_it(tmp_path):
    """Tiles that pass every tile rule but wall in sand on their own: setup cannot use them, so the
    catalog command must not call the catalog usable."""
    text = (DATA / "tiles.toml").read_text(encoding="utf-8")
    for old in ('art = ["+##+", ".##.", ".++.", "x..."]', 'art = ["..#.", ".+#+", ".++.", "x..."]',
                'art = ["##..", "##.S", ".P..", "...x"]'):
        assert old in text
        text = text.replace(old, 'art = ["###.", "#.#.", "###.", "x..."]')
    path = tmp_path / "walled.toml"
    path.write_text(text, encoding="utf-8")
    catalog = load_catalog(path)
    assert check_catalog(catalog, Options(players=4)).ok
    report = catalog_report(catalog, Options(players=4))
    assert report.rules() == {"plazing.catalog"} and "no setup" in report.violations[0].message
    res = run("plazing", "catalog", str(path))
    assert res.exit_code == 1 and "usable" not in res.output
    assert run("plazing", "catalog").exit_code == 0  # the built-in one is


# --- issue 14, item 10: what a typed code says -----------------------------------------------------
def test_a_bare_tilde_is_quoted_as_typed(tmp_path):
    res = run("plazing", "setup", "--code", "~", "--out", str(tmp_path))
    assert res.exit_code == 2 and "'~'" in res.output and "''" not in res.output
    res = run("plazing", "setup", "--code", "PZ-0000000-1-Q~C123456", "--out", str(tmp_path))
    assert res.exit_code == 2 and "'PZ-0000000-1-Q~C123456'" in res.output  # the whole code, as typed


def test_an_unknown_mark_is_not_a_custom_catalog(tmp_path):
    good = code_for(Options(players=2), 1)
    res = run("plazing", "setup", "--code", f"{good}~x", "--out", str(tmp_path))
    assert res.exit_code == 2 and "made with a custom" not in res.output and "unknown mark ~x" in res.output
    assert not any(tmp_path.iterdir())
    res = run("plazing", "setup", "--code", f"{good}~C123456", "--out", str(tmp_path))
    assert res.exit_code == 2 and "custom tile catalog" in res.output  # a real catalog mark still says so
