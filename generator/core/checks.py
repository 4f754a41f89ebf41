"""Violations and the report a checker returns.

A checker never stops at the first problem: it returns every broken rule, each with the rule id
of DIGEST (e.g. ``plazing.special-adjacent``), a message a person can act on, and where.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str
    message: str
    where: Any = None

    def __str__(self) -> str:
        """`[rule] message (at place)`; the place only once: a message that already names it
        ("waste at 3,4 is off the beach") is not followed by "(at (3, 4))" again."""
        if self.where is None:
            return f"[{self.rule}] {self.message}"
        if _names_place(self.message, self.where):
            return f"[{self.rule}] {self.message}"
        return f"[{self.rule}] {self.message} (at {self.where})"

    def to_json(self) -> dict[str, Any]:
        where = self.where
        if isinstance(where, tuple):
            where = list(where)
        return {"rule": self.rule, "message": self.message, "where": where}


def _names_place(message: str, where: Any) -> bool:
    """Whether `message` already writes the place: a square (x, y) as "x,y" or "(x, y)" (not inside
    a longer number: "11,30" is not 1,3), anything else as itself."""
    if isinstance(where, tuple | list) and len(where) == 2 and all(isinstance(v, int) for v in where):
        x, y = where
        return re.search(rf"(?<![\d-]){x},{y}(?!\d)|\({x}, {y}\)", message) is not None
    return str(where) in message


@dataclass(slots=True)
class Report:
    violations: list[Violation] = field(default_factory=list)

    def add(self, rule: str, message: str, where: Any = None) -> None:
        self.violations.append(Violation(rule, message, where))

    def extend(self, other: Report | list[Violation]) -> None:
        self.violations.extend(other.violations if isinstance(other, Report) else other)

    @property
    def ok(self) -> bool:
        return not self.violations

    def rules(self) -> set[str]:
        return {v.rule for v in self.violations}

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.violations)

    def __len__(self) -> int:
        return len(self.violations)

    def to_json(self) -> list[dict[str, Any]]:
        return [v.to_json() for v in self.violations]


class UserInputError(ValueError):
    """Bad options, a malformed file or an impossible catalog: shown as one line, exit code 2."""


class GenerationError(RuntimeError):
    """A generator gave up after its bounded retries; the message says which constraint failed."""
