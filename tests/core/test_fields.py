"""core.fields: an object with exactly these keys, each of its exact type, with one-line messages."""

from __future__ import annotations

import re

import pytest

from generator.core.checks import UserInputError
from generator.core.fields import BOOL, INT, LIST, NULL, NUMBER, OBJECT, STR, Fields, at, is_kind


@pytest.mark.parametrize(("value", "kind", "ok"), [
    (1, INT, True), (True, INT, False), (1.0, INT, False), ("1", INT, False),
    (1.5, NUMBER, True), (2, NUMBER, True), (False, NUMBER, False), (float("inf"), NUMBER, False),
    (True, BOOL, True), (0, BOOL, False), ("x", STR, True), ([], LIST, True), ("ab", LIST, False),
    ({}, OBJECT, True), ([], OBJECT, False), (None, NULL, True), (None, (INT, NULL), True), ("x", (INT, NULL), False),
])
def test_kinds_are_exact(value: object, kind: object, ok: bool) -> None:
    assert is_kind(value, kind) is ok  # type: ignore[arg-type]


def test_places_read_as_paths() -> None:
    assert at(at(at("setup", "tiles"), 0), "rotation") == "setup.tiles[0].rotation"
    assert at("", "yellow") == "yellow"


def test_an_object_with_exactly_its_keys() -> None:
    f = Fields("f.json")
    fields = {"a": INT, "b": (STR, NULL)}
    assert f.obj({"a": 1}, "setup", fields, ("a",)) == {"a": 1}
    with pytest.raises(UserInputError, match=r"^f\.json: setup: unknown key 'zz' \(a thing has a, b\)$"):
        f.obj({"a": 1, "zz": 2}, "setup", fields, ("a",), "a thing")
    with pytest.raises(UserInputError, match=r"^f\.json: setup: missing key 'a'$"):
        f.obj({"b": None}, "setup", fields, ("a",))
    with pytest.raises(UserInputError, match=r"^f\.json: setup\.b: expected text or null, got the number 3$"):
        f.obj({"a": 1, "b": 3}, "setup", fields)
    with pytest.raises(UserInputError, match=r"^f\.json: setup: expected an object, got text 'x'$"):
        f.obj("x", "setup", fields)


def test_lists_bounds_and_long_values_stay_one_short_line() -> None:
    f = Fields("f.json")
    with pytest.raises(UserInputError, match=r"setup\.xs\[1\]: expected a whole number, got the number 2\.0"):
        f.list_([1, 2.0], "setup.xs", INT)
    with pytest.raises(UserInputError) as e:
        f.int_(10**4000, "setup.n", 0, 10)
    assert "\n" not in str(e.value) and len(str(e.value)) < 120
    with pytest.raises(UserInputError, match="expected at most 2 items"):
        f.list_([1, 2, 3], "setup.xs", max_len=2)


@pytest.mark.parametrize(("place", "edit"), [
    ("", lambda d: d.update(extra={})),
    ("tokens", lambda d: d["tokens"].update(astroid=1)),
    ("play", lambda d: d["play"].update(win_lif=2)),
    ("stars.S1", lambda d: d["stars"]["S1"].update(colur="#fff")),
    ("stars.S1.name", lambda d: d["stars"]["S1"]["name"].update(de="Stern")),
    ("tiles[3]", lambda d: d["tiles"][3].update(c="gas")),
])
def test_a_planety_catalog_with_an_unknown_key_is_refused_by_the_shared_reader(place, edit) -> None:
    """Planety's catalog is read by the shared strict reader: a key it has no place for, at any
    depth, is a one-line error naming the file and the place (a typo of the optional "colour" used
    to go unseen)."""
    import tomllib

    from generator.games.planety.model import DATA, parse_catalog

    raw = tomllib.loads((DATA / "content.toml").read_text(encoding="utf-8"))
    parse_catalog(raw, "content.toml")  # the built-in: fine
    edit(raw)
    prefix = f"mine.toml: {place}: " if place else "mine.toml: "
    with pytest.raises(UserInputError, match="^" + re.escape(prefix + "unknown key ")):
        parse_catalog(raw, "mine.toml")
