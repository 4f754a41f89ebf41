"""A content file as a designer's template: every field of a TOML text carries a comment.

The built-in data files are the template (so the template is the built-in content, byte for byte
in its values, and reads back as the built-in catalog). Their authors' comments stay; a field
without one gets the description of its key from the game's `docs`, a table of patterns over the
field's dotted name ("stars.*.orbits", "seedlings.*.*.*"), matched with fnmatch, the first match
winning. A field no pattern describes is an error: the template promises a comment on every field.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Mapping

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"]+)\s*=")


def split_comment(line: str) -> tuple[str, str | None]:
    """(code, comment) of one TOML line; a '#' inside a string is not a comment."""
    quote: str | None = None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i].rstrip(), line[i + 1:].strip()
        i += 1
    return line.rstrip(), None


def annotate(text: str, docs: Mapping[str, str]) -> str:
    """`text` with a comment after every `key = value` line that has none (ValueError for a field
    no pattern of `docs` describes)."""
    table = ""
    out = []
    for line in text.splitlines():
        code, comment = split_comment(line)
        header = _HEADER.match(code)
        if header and not _KEY.match(code):
            table = header.group(1).replace('"', "")
            out.append(line)
            continue
        key = _KEY.match(code)
        if key is None or comment is not None:
            out.append(line)
            continue
        name = f"{table}.{key.group(1).strip(chr(34))}" if table else key.group(1).strip('"')
        doc = next((d for pattern, d in docs.items() if fnmatch.fnmatchcase(name, pattern)), None)
        if doc is None:
            raise ValueError(f"no description for field {name}")
        out.append(f"{code}  # {doc}")
    return "\n".join(out) + "\n"


def uncommented(text: str) -> list[str]:
    """The `key = value` lines of `text` without a comment (a template has none)."""
    return [line for line in text.splitlines()
            if _KEY.match(split_comment(line)[0]) and split_comment(line)[1] is None]
