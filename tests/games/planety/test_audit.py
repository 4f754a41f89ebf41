"""What an outside audit of Planety found, each case failing on the code before the fix: a turn
is either taking an object or using tokens (also through `apply`), a catalog whose rulebook faces
are not planets, throws that a setup's code contradicts, tie and no-life rates in the report, a
user's colour that is not a colour, a long name, and the Polish plural of the summary."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.core.checks import UserInputError
from generator.core.files import save_setup
from generator.core.playout import PlayoutReport
from generator.games.planety import playability
from generator.games.planety.engine import State, replay
from generator.games.planety.model import Setup, builtin_catalog, catalog_to_json, parse_catalog
from generator.games.planety.rules import CODE, MAX_THROWS, check, check_catalog
from generator.games.planety.setup import generate, regenerates
from generator.render.text import plural_pl, render_template

CAT = builtin_catalog()
IX = CAT.tile_index


def _token_turn() -> State:
    faces = {t.id: "a" for t in CAT.tiles}
    s = State(Setup(players=2, seed=0, stars=("S1", "S2"), faces=faces))
    for tid in ("P01", "P02", "P03", "P04"):
        s.apply(("planet", IX[tid]))
        s.apply(("take", "water"))
    s.players[0].asteroids, s.pool["asteroid"] = 2, s.pool["asteroid"] - 2
    s.apply(("water", 0))  # seat 1 is now using tokens
    assert s.using and s.current_player() == 0
    return s


@pytest.mark.parametrize("move", [("planet", IX["P08"]), ("moon", IX["M1"], 1, 1), ("pass",)])
def test_a_token_turn_takes_no_object(move):
    s = _token_turn()
    with pytest.raises(ValueError, match="token turn"):
        s.apply(move)


@pytest.mark.parametrize("move", [("planet", True), ("planet",), (), ("moon", IX["M1"], True, 0), "planet",
                                  ("moon", IX["M1"])])
def test_malformed_moves_are_value_errors(move):
    faces = {t.id: "a" for t in CAT.tiles}
    s = State(Setup(players=2, seed=0, stars=("S1", "S2"), faces=faces))
    with pytest.raises(ValueError):
        s.apply(move)


def test_replay_plays_on_the_given_catalog():
    d = copy.deepcopy(catalog_to_json(CAT))
    d["play"]["win_life"] = 2
    cat = parse_catalog(d, "test")
    setup = generate(2, 3, cat)
    assert replay(setup, [], cat).cat.win_life == 2 and replay(setup, []).cat.win_life == 3


def test_a_catalog_whose_rocky_face_is_a_moon_is_not_the_rulebook():
    d = copy.deepcopy(catalog_to_json(CAT))
    moon = next(k for k, f in d["faces"].items() if f["type"] == "moon")
    d["faces"]["stone"] = d["faces"].pop("rocky")
    d["faces"]["stone"]["moons"] = False
    d["faces"]["rocky"] = copy.deepcopy(d["faces"][moon])
    for t in d["tiles"]:
        for side in ("a", "b"):
            if t[side] == "rocky":
                t[side] = "stone"
    rules = check_catalog(parse_catalog(d, "test")).rules()
    assert "planety.catalog-kinds" in rules


@pytest.mark.parametrize("colour", ["notacolour", "#1234", "red", "#12345g", 5])
def test_a_colour_that_is_not_a_colour_is_a_one_line_error(colour):
    d = copy.deepcopy(catalog_to_json(CAT))
    d["faces"]["gas"]["colour"] = colour
    with pytest.raises(UserInputError, match="faces.gas.colour"):
        parse_catalog(d, "x.toml")
    d = copy.deepcopy(catalog_to_json(CAT))
    d["stars"]["S1"]["colour"] = colour
    with pytest.raises(UserInputError, match="stars.S1.colour"):
        parse_catalog(d, "x.toml")


def test_throws_must_be_the_codes_when_the_big_bang_is_the_codes(tmp_path):
    setup = generate(4, 2)
    assert regenerates(setup) is not None
    code = CODE.encode({"players": 4}, setup.seed)
    f = tmp_path / "s.json"
    wrong = dataclasses.replace(setup, throws=setup.throws + 3)
    save_setup(f, "planety", 1, code, wrong.to_json())
    result = CliRunner().invoke(app, ["planety", "check", str(f)])
    assert result.exit_code == 1 and "[planety.throws]" in result.output, result.output
    save_setup(f, "planety", 1, code, setup.to_json())
    result = CliRunner().invoke(app, ["planety", "check", str(f), "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["provenance"] == "exact"
    # edited by hand (the stars in another seat order): judged by the rules, said to be edited, and
    # its count of throws is not compared with the code's
    edited = dataclasses.replace(setup, stars=setup.stars[::-1], fill=None, throws=17)
    save_setup(f, "planety", 1, code, edited.to_json())
    result = CliRunner().invoke(app, ["planety", "check", str(f), "--json"])
    out = json.loads(result.output)
    assert result.exit_code == 0 and out["ok"] and out["provenance"] == "edited"
    result = CliRunner().invoke(app, ["planety", "check", str(f)])
    assert "edited by hand" in result.output


def test_more_throws_than_the_generator_makes_is_a_violation():
    setup = generate(2, 1)
    many = Setup(setup.players, setup.seed, setup.stars, dict(setup.faces), MAX_THROWS + 1, setup.fill)
    assert "planety.throws" in check(many, CAT).rules()


def test_report_says_how_often_the_first_place_is_shared_and_nobody_has_life():
    r = PlayoutReport(players=2, bots=["greedy", "greedy"], wins=[0.0, 0.0], games=4, completed=4,
                      scores=[[3, 1], [2, 2], [0, 0], [1, 3]], lengths=[1, 1, 1, 1])
    d = playability.report_json({"greedy": r}, 1)["greedy"]
    assert d["shared_win_rate"] == 0.5 and d["no_life_rate"] == 0.25


def test_duplicate_keys_in_a_setup_file_are_malformed(tmp_path):
    setup = generate(2, 7)
    f = tmp_path / "s.json"
    save_setup(f, "planety", 1, CODE.encode({"players": 2}, 7), setup.to_json())
    f.write_text(f.read_text().replace('"P02": "', '"P02": "a", "P02": "', 1))
    result = CliRunner().invoke(app, ["planety", "check", str(f)])
    assert result.exit_code == 2 and "given twice" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("n, word", [(1, "rzut"), (2, "rzuty"), (4, "rzuty"), (5, "rzutów"), (12, "rzutów"),
                                     (14, "rzutów"), (21, "rzutów"), (22, "rzuty"), (112, "rzutów"),
                                     (0, "rzutów")])
def test_polish_plural(n, word):
    assert plural_pl(n, "rzut", "rzuty", "rzutów") == word


@pytest.mark.parametrize("throws, text", [
    (1, None),
    (2, "Poprzedni rzut nie dał takiego wypełnienia i został powtórzony."),
    (4, "Poprzednie 3 rzuty nie dały takiego wypełnienia i zostały powtórzone."),
    (7, "Poprzednich 6 rzutów nie dało takiego wypełnienia i zostało powtórzonych."),
])
def test_summary_counts_earlier_throws_in_good_polish(throws, text):
    out = render_template("planety/summary.pl.txt", small_light=3, large_light=4, throws=throws, win_life=3,
                          asteroid=48, water=48, light=14, life=12, games=40, greedy="0%", random="50%",
                          balanced=False, rejected=0, stranded_max="5%")
    if text is None:
        assert "Poprzedn" not in out
    else:
        assert text in out


def test_a_long_name_shrinks_to_fit_its_tile_or_is_refused():
    from generator.games.planety import draw
    from generator.render.fonts import text_width

    face = CAT.faces["ocean"]
    long = dict(face.name, pl="Planeta Oceaniczna Bardzo Długa")
    sym = draw.face_symbol(dataclasses.replace(face, name=long), "P17", "a", "pl")
    title = next(i for i in sym.items if getattr(i, "text", None) == long["pl"])
    assert 6.0 <= title.size < 6.8 and text_width(title.text, title.font, title.size) <= draw.TILE - 7.0 + 1e-6
    huge = dict(face.name, pl="Planeta Oceaniczna Bardzo Długa Nazwa Która Nie Zmieści")
    with pytest.raises(UserInputError, match="too long"):
        draw.face_symbol(dataclasses.replace(face, name=huge), "P17", "a", "pl")


def test_printed_tile_and_token_text_is_at_least_6_pt():
    from generator.games.planety import draw

    syms = [draw.face_symbol(t.a, t.id, "a", lang) for t in CAT.tiles for lang in ("pl", "en")]
    syms += [draw.face_symbol(t.b, t.id, "b", "pl") for t in CAT.tiles]
    syms += [draw.token_symbol(k, lang) for k in draw.TOKEN_ART for lang in ("pl", "en")]
    sizes = [i.size for s in syms for i in s.items if hasattr(i, "text") and hasattr(i, "size")]
    assert sizes and min(sizes) >= 6.0
