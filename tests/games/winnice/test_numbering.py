"""One numbering in `winnice check`: players counted from 1, as the setup page prints them; on the old
code the first-player message said "first_player 4 (seats count from 0)"."""

from __future__ import annotations

import copy

from generator.games.winnice.model import Setup, default_catalog
from generator.games.winnice.rules import check
from generator.games.winnice.setup import generate


def test_the_first_player_is_counted_from_one():
    body = copy.deepcopy(generate(4, 7).to_json())
    body["first_player"] = 4
    (v,) = [v for v in check(Setup.from_json(body), default_catalog()) if v.rule == "winnice.first-player"]
    assert "first player 5 is not a seat 1..4" in v.message and "counts from 0: 4" in v.message
    assert "seats count from 0" not in v.message

