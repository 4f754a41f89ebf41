"""Strict reading of hand-edited JSON and TOML: an object with exactly these keys, each of its type.

A file a person edits is read strictly so that a typo is never silently ignored: a key the format
does not have is an error (not a field quietly left at its default), a value of another type is an
error (true is not 1, 1.0 is not 1, "3" is not 3, a string is not a list), and each message is one
line that names the file, the field's place ("setup.tiles[0].rotation") and what was expected. What
a value *means* (a tile off the beach, a rotation of 45) is a rule for the game's checker; this only
makes sure the file has the shape its format gives it.

Kinds: INT (a whole number, never a bool or a float), NUMBER (an int or a finite float, never a
bool), BOOL, STR, LIST, OBJECT, NULL, ANY; a tuple of kinds accepts any of them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from generator.core.checks import UserInputError

INT, NUMBER, BOOL, STR, LIST, OBJECT, NULL, ANY = "int", "number", "bool", "str", "list", "object", "null", "any"
Kind = str | tuple[str, ...]

_EXPECTED = {INT: "a whole number", NUMBER: "a number", BOOL: "true or false", STR: "text",
             LIST: "a list", OBJECT: "an object", NULL: "null", ANY: "a value"}


def quoted(value: Any, limit: int = 30) -> str:
    """A value from a user's file quoted in a message: repr'd and cut, so a message stays one short line."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def describe(value: Any) -> str:
    """A user's value as a message shows it: its JSON kind, and the value itself when it is short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {quoted(value)}"
    if isinstance(value, float):
        return f"the number {value!r}" if math.isfinite(value) else f"{value!r} (not a number JSON allows)"
    if isinstance(value, str):
        return f"text {quoted(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__  # TOML dates and times


def is_kind(value: Any, kind: Kind) -> bool:
    if isinstance(kind, tuple):
        return any(is_kind(value, k) for k in kind)
    if kind == ANY:
        return True
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == NUMBER:
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and math.isfinite(value))
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == STR:
        return isinstance(value, str)
    if kind == LIST:
        return isinstance(value, list)
    if kind == OBJECT:
        return isinstance(value, dict)
    if kind == NULL:
        return value is None
    raise ValueError(f"unknown field kind {kind!r}")


def expected(kind: Kind) -> str:
    if isinstance(kind, tuple):
        return " or ".join(_EXPECTED[k] for k in kind)
    return _EXPECTED[kind]


def at(where: str, key: str | int) -> str:
    """The place of a member: "setup.tiles" + 0 -> "setup.tiles[0]", "" + "yellow" -> "yellow"."""
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


class Fields:
    """The strict reader of one file: every failure is `error("<source>: <where>: <message>")`."""

    def __init__(self, source: str, error: type[Exception] = UserInputError) -> None:
        self.source = source
        self.error = error

    def fail(self, where: str, msg: str) -> NoReturn:
        place = f"{where}: " if where else ""
        raise self.error(f"{self.source}: {place}{msg}")

    def value(self, v: Any, where: str, kind: Kind) -> Any:
        """`v` if it is of `kind`, else a one-line error naming the place and what was expected."""
        if not is_kind(v, kind):
            self.fail(where, f"expected {expected(kind)}, got {describe(v)}")
        return v

    def int_(self, v: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
        """A whole number within lo..hi (a bound keeps a 4,000-digit number out of every message)."""
        self.value(v, where, INT)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            self.fail(where, f"expected a whole number {'' if lo is None else lo}..{'' if hi is None else hi}, "
                      f"got {describe(v)}")
        return int(v)

    def list_(self, v: Any, where: str, item: Kind = ANY, max_len: int | None = None) -> list[Any]:
        """A list whose every item is of kind `item` (each failing item named by its index)."""
        self.value(v, where, LIST)
        if max_len is not None and len(v) > max_len:
            self.fail(where, f"expected at most {max_len} items, got {len(v)}")
        for i, x in enumerate(v):
            self.value(x, at(where, i), item)
        return v  # type: ignore[no-any-return]

    def mapping(self, v: Any, where: str, item: Kind = ANY) -> dict[str, Any]:
        """An object with any keys (names chosen by the user) whose values are of kind `item`."""
        self.value(v, where, OBJECT)
        for k, x in v.items():
            self.value(x, at(where, k), item)
        return v  # type: ignore[no-any-return]

    def obj(self, v: Any, where: str, fields: Mapping[str, Kind], required: Iterable[str] = (),
            what: str = "") -> dict[str, Any]:
        """An object with no key but those of `fields`, every key of `required`, and each value of
        its field's kind. `what` names the thing in the unknown-key message ("a tile placement")."""
        self.value(v, where or "the file", OBJECT)
        unknown = sorted(k for k in v if k not in fields)
        if unknown:
            known = ", ".join(sorted(fields))
            self.fail(where, f"unknown key {quoted(unknown[0])} " + (f"({what} has {known})" if what
                                                                      else f"(known keys: {known})"))
        for k in required:
            if k not in v:
                self.fail(where, f"missing key {k!r}")
        for k, x in v.items():
            self.value(x, at(where, k), fields[k])
        return v  # type: ignore[no-any-return]
