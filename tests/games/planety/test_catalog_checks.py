"""Planety catalog checks that name the culprit (issue 28): impossibility only when it is proved,
otherwise what was tried and which orbit groups came up short."""

from __future__ import annotations

import dataclasses
import random
import tomllib
from pathlib import Path

import pytest

from generator.core.checks import GenerationError, UserInputError
from generator.games.planety import balance
from generator.games.planety.catalog import catalog_report, check_catalog, star_sets, throw_odds
from generator.games.planety.model import DATA, builtin_catalog, catalog_to_json, parse_catalog
from generator.games.planety.rules import any_side_graph, shortfall
from generator.games.planety.setup import generate, throw_until_playable

CAT = builtin_catalog()
#: a catalog of ours whose playable 4-player big bangs are rare (about 1 in 55): too many faces only
#: for orbits 4 and up, so orbits 1–3 are often short — but the right sides up fill every orbit
RARE_PAIRS = [("ice", "gas"), ("ice", "ice"), ("volcanic", "ice"), ("gas", "ice"), ("rocky", "volcanic"),
              ("ice", "ice"), ("ice", "ice"), ("gas", "life"), ("ice", "ice"), ("life", "gas"), ("gas", "gas"),
              ("volcanic", "life"), ("rocky", "gas"), ("rocky", "gas"), ("ocean", "volcanic"), ("rocky", "ice"),
              ("gas", "volcanic"), ("gas", "rocky"), ("gas", "ice"), ("volcanic", "rocky"), ("gas", "gas"),
              ("gas", "rocky")]


def _catalog(pairs):
    d = catalog_to_json(CAT)
    for t, (a, b) in zip(d["tiles"], pairs, strict=False):
        t["a"], t["b"] = a, b
    return parse_catalog(d, "mine.toml")


def _no_orbit_1():
    """Only three tiles may ever take orbit 1 (rocky on one face), for four seats at 4 players."""
    pairs = [("rocky", "gas")] * 3 + [("ice", "gas")] * 9 + [("life", "ocean")] * 10
    return _catalog(pairs)


def test_the_builtin_catalog_and_an_unchanged_copy_pass_every_check(tmp_path: Path):
    assert check_catalog(None).ok
    copy = tmp_path / "mine.toml"
    copy.write_text((DATA / "content.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert check_catalog(copy).ok
    odds = {o.players: o for o in throw_odds(CAT) if o.orbits == (5, 5, 6, 6)}
    assert 0.8 < odds[4].share < 0.95  # about 89 % of 4-player throws are playable (content.toml)


def test_a_malformed_file_is_a_one_line_error_not_a_report(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text((DATA / "content.toml").read_text(encoding="utf-8").replace("[play]", "[play]\nwin = 1"),
                   encoding="utf-8")
    with pytest.raises(UserInputError, match="unknown key 'win'"):
        check_catalog(bad)


def test_an_impossible_catalog_is_proved_and_the_orbit_group_and_tiles_named():
    cat = _no_orbit_1()
    rep = check_catalog(cat)
    fills = [v for v in rep if v.rule == "planety.catalog-fill"]
    four = next(v for v in fills if v.where == 4)
    assert "4 orbits (orbit 1) and only 3 tile(s)" in four.message and "P01, P02, P03" in four.message
    assert not any(v.where in (2, 3) for v in fills)  # three seats have three tiles for orbit 1
    assert "planety.catalog-throws" not in {v.rule for v in rep if v.where == 4}  # proved, not estimated
    with pytest.raises(GenerationError, match="cannot fill every orbit whichever sides land up — 4 orbits"):
        generate(4, 1, cat)


def test_a_rare_catalog_says_what_was_tried_without_claiming_impossibility():
    cat = _catalog(RARE_PAIRS)
    assert shortfall(any_side_graph(cat, [5, 5, 6, 6])) is None  # a fill exists
    with pytest.raises(GenerationError) as exc:
        throw_until_playable(cat, [5, 5, 6, 6], random.Random(0), 20)
    msg = str(exc.value)
    assert msg.startswith("no playable big bang in 20 throws for stars with 5, 5, 6, 6 orbits")
    assert "orbits 1–3 in 20 throw(s) (12 to fill, at most" in msg and "Not proved impossible" in msg
    assert "cannot fill" not in msg and "\n" not in msg
    made = [generate(4, seed, cat).throws for seed in range(3)]  # the same catalog, other seeds: it works
    assert made == [44, 40, 238]


def test_rare_playable_throws_are_named_by_rule_with_the_estimate(monkeypatch):
    cat = _catalog(RARE_PAIRS)
    assert check_catalog(cat).ok  # about 1.8 % of throws: 500 throws give up for about 0.01 % of seeds
    lim = dataclasses.replace(balance.limits(), give_up_max=1e-6)
    monkeypatch.setattr(balance, "limits", lambda: lim)
    rep = check_catalog(cat)
    v = next(v for v in rep if v.rule == "planety.catalog-throws")
    assert v.where == 4 and "of 2000 sampled big bangs were playable" in v.message
    assert "an estimate; a fill exists" in v.message and "orbits 1–3 in" in v.message


def test_star_sets_are_every_distinct_draw():
    assert star_sets(CAT) == [(2, (5, 5)), (2, (5, 6)), (2, (6, 6)), (3, (5, 5, 6)), (3, (5, 6, 6)),
                              (4, (5, 5, 6, 6))]


def test_the_check_reads_the_data_file_strictly():
    raw = tomllib.loads((DATA / "playability.toml").read_text(encoding="utf-8"))
    assert set(raw) == {"stranded", "balanced", "catalog"}
    lim = balance.limits()
    assert (lim.samples, lim.give_up_max) == (raw["catalog"]["samples"], raw["catalog"]["give_up_max"])


def test_catalog_report_gives_the_odds_it_judged():
    cat, rep, odds = catalog_report(None)
    assert cat is CAT and rep.ok and len(odds) == len(star_sets(CAT))
    assert "sampled big bangs playable" in odds[-1].line() and odds[-1].players == 4
