"""Hand-edited setup files: whatever a user types, parsing + check gives a report or a one-line
UserInputError — never another exception (which would be a traceback on the command line)."""

from __future__ import annotations

import copy
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.checks import UserInputError
from generator.games.plazing.model import Options, Setup
from generator.games.plazing.rules import check
from generator.games.plazing.setup import generate

BASE = generate(Options(players=3, surprises=True, events=True, clean_beach=True), 21).to_json()

values = st.one_of(st.integers(-50, 50), st.integers(-(2**70), 2**70), st.text(max_size=6), st.none(),
                   st.booleans(), st.lists(st.integers(-3, 30), max_size=3), st.floats(allow_nan=True))


def paths(doc, prefix=()):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield prefix + (k,)
            yield from paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:4]):
            yield prefix + (i,)
            yield from paths(v, prefix + (i,))


ALL_PATHS = sorted(paths(BASE), key=str)


@settings(max_examples=400)
@given(st.lists(st.tuples(st.sampled_from(ALL_PATHS), values), min_size=1, max_size=3))
def test_any_edit_gives_a_report_or_a_clean_error(edits):
    doc = copy.deepcopy(BASE)
    for path, value in edits:
        node = doc
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        setup = Setup.from_json(json.loads(json.dumps(doc)), "edited.json")
    except UserInputError as exc:
        assert "\n" not in str(exc)
        return
    report = check(setup)
    for v in report:
        assert v.rule.startswith("plazing.") and v.message


@pytest.mark.parametrize("field, value", [
    ("resources", {"x": 0, "y": -5, "kind": "amber"}),
    ("resources", {"x": -3, "y": 500, "kind": "opal"}),
    ("surprises", {"x": -1, "y": -5, "token": "plus2"}),
    ("waste", {"x": -1, "y": -1, "player": -1}),
    ("tiles", {"tile": "B01", "row": -1, "col": -1, "rotation": 0}),
    ("tiles", {"tile": "B01", "row": 0, "col": 10**6, "rotation": 0}),
])
def test_coordinates_off_the_beach_are_violations(field, value):
    doc = copy.deepcopy(BASE)
    doc[field][0] = value
    report = check(Setup.from_json(doc))
    assert not report.ok


@pytest.mark.parametrize("path, value", [
    (("options", "surprises"), "no"),
    (("options", "players"), 3.5),
    (("options", "players"), True),
    (("first_player",), "0"),
    (("seed",), float("inf")),
])
def test_wrong_types_are_clean_errors(path, value):
    doc = copy.deepcopy(BASE)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    field = "setup." + ".".join(path)
    with pytest.raises(UserInputError, match=f"{re.escape(field)}: expected ") as e:
        Setup.from_json(json.loads(json.dumps(doc)))
    assert "\n" not in str(e.value)
