"""Your own beach: one Plażing roll&write board in a file, exported, read, checked and coded.

The file is one `[[board]]` table of data/boards.toml written as the whole file, so a printed
board, a random board and a user's board have one format (the web page's beach editor writes it
too: it is the contract between them):

    name = { pl = "Moja plaża", en = "My beach" }   # printed after the sheet's title
    closed_edges = ["north"]                          # the edges that close areas
    north = "sea"                                     # how the north edge is printed: none|sea|bar
    bar_points = 0                                    # points per bar square ($), 0 without a bar
    rows = [                                          # one character a square, row 1 = north
      "..........",
      ...
    ]

`id` is optional (a label; a board read from a file is named by its content in codes). Every other
key is refused, so a typo is never ignored. The legend of the square characters is written as a
comment at the top of every exported file (data/custom_board.toml holds it, with the size range).

What is wrong with a file comes in two kinds:

* **malformed** (`read_board_file`, UserInputError, one line naming the file and the field, exit 2
  through the CLI): not TOML, not UTF-8, too big, an unknown key, a value of the wrong type, an
  unknown north style or edge name, more than `model.MAX_SIDE` rows or squares in a row (refused
  before any work);
* **legal but breaking a rule** (`check_custom_board`, a Report by rule id, exit 1): the text of the
  rows (unknown characters, ragged rows, a size outside `min_side..max_side`), then the rules every
  board keeps (`rules.check_board_rules`) and the ones only a hand-made board can break. Each
  message names its square as printed on the sheet ("C4": column letter without I, row from 1)
  or its row ("row 4").

A square holds one character, so the file cannot put a resource, a bar square or a blanket *on* an
object or on waste: the format itself keeps that rule, and no check is needed for it.

A sheet of a custom board is coded as its base code followed by `~B<digest>`: the 6-character
fingerprint of the board's content (`board_digest`, the same fingerprint as the Plażing tile
catalogs' ~C marks). Reproducing the sheet asks for the same file (`require_board_for_code`): the
code alone cannot rebuild a board a person drew.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator.core.checks import Report, UserInputError
from generator.core.data import load_toml
from generator.core.fields import STR, Fields, at, describe, quoted
from generator.core.files import read_user_text
from generator.games.plazing.model import content_digest

from .model import (
    BOARD_FIELDS,
    DATA,
    EDGES,
    KINDS,
    MAX_SIDE,
    NORTH_THEMES,
    SQUARE_CHARS,
    Board,
    boards,
    catalog,
    scoring,
)
from .rules import cell_name, check_board_rules, closable_area

MARK = "B"  # the code mark of a custom board: CODE~B<digest>
_MARK_RE = re.compile(r"B[0-9A-F]{6}")
#: the longest board name (pl or en): it is printed in 11 pt bold after the sheet's title
MAX_NAME = 40
#: the most bytes a board file may have (a 25x25 board with comments is under 4 kB)
MAX_FILE_BYTES = 64 * 1024
NAME_LANGS = ("pl", "en")


@cache
def file_params() -> dict[str, Any]:
    """data/custom_board.toml: the allowed size and the legend of an exported file."""
    return load_toml(DATA / "custom_board.toml")


def size_range() -> tuple[int, int]:
    """(min_side, max_side): the squares a board may have per side, rows and columns alike."""
    s = file_params()["size"]
    return int(s["min_side"]), int(s["max_side"])


# --- the file's text ------------------------------------------------------------------------------


def _toml_str(text: str) -> str:
    """A TOML basic string (JSON's escaping is TOML's for the characters a name may hold)."""
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{out}"'


def export_board(board: Board, origin: str = "") -> str:
    """The board as a board file (TOML text with the legend as a comment), for editing.

    `origin` says where it came from ("board 2", "code PR-..."), in the file's first comment.
    Reading the text back gives the same board (test_board_file: the round trip)."""
    lo, hi = size_range()
    legend = file_params()["legend"]
    head = [
        "# Plażing roll&write: one beach, as `boardgen plazing-rw sheet --board FILE` prints it.",
        f"# Exported from {origin}." if origin else "# A board file.",
        "# Check it after editing: `boardgen plazing-rw check --board FILE`.",
        "#",
        f"# rows: one string per row, row 1 is the north edge; {lo} to {hi} rows of {lo} to {hi} squares,",
        "# every row as long as the first. One character a square:",
        *(f"#   {c}  {legend[c]}" for c in SQUARE_CHARS),
        "# closed_edges: the edges that close areas; only the north edge has a printed border (the",
        "#   sea and pier, or the bar and boardwalk), so only \"north\" may close. An open edge: an",
        "#   area touching it is never closed.",
        f"# north: how the north edge is printed: {', '.join(map(_toml_str, NORTH_THEMES))}.",
        "# bar_points: what a bar square ($) scores when covered or enclosed (0 without bar squares).",
        "",
    ]
    body = []
    if board.id:
        body.append(f"id = {_toml_str(board.id)}")
    if board.name:
        names = ", ".join(f"{k} = {_toml_str(v)}" for k, v in board.name.items())
        body.append(f"name = {{ {names} }}")
    body.append(f"closed_edges = [{', '.join(_toml_str(e) for e in board.closed_edges)}]")
    body.append(f"north = {_toml_str(board.north)}")
    body.append(f"bar_points = {board.bar_points}")
    body.append("rows = [")
    body += [f"  {_toml_str(r)}," for r in board.rows]
    body.append("]")
    return "\n".join(head + body) + "\n"


def board_to_export(board: str | None = None, code: str | None = None) -> tuple[Board, str]:
    """(board, origin) for `board export`: printed board 1-4 by number, or the board a setup code
    names (a printed one, or a random one rebuilt from its seed and options, fairness test and
    all, exactly as `sheet --code` builds it). UserInputError for a bad number or code."""
    from generator.core.rng import CodeError

    from .setup import CODE, sheet_setups

    if (board is None) == (code is None):
        raise UserInputError("export needs --board 1|2|3|4 or --code CODE (one of them)")
    if board is not None:
        printed = boards()
        if board not in printed:
            raise UserInputError(f"--board must be one of {', '.join(printed)}, not {quoted(board)}")
        return printed[board], f"board {board}"
    assert code is not None
    base, digest = split_board_mark(code)
    if digest is not None:
        raise UserInputError(f"setup code {quoted(code)} names a custom board: its file is the board")
    try:
        options, seed = CODE.decode(base)
    except CodeError as exc:
        raise UserInputError(str(exc)) from None
    return sheet_setups(options, seed, 1)[0].board, f"code {base}"


# --- reading ----------------------------------------------------------------------------------------


def parse_board_text(text: str, source: str = "board") -> Board:
    """A board from a board file's text, read strictly (module doc: what is malformed).

    The rows are kept as written (unknown characters and ragged rows are rules for
    `check_custom_board`, which names their square); only their count and length are bounded."""
    import tomllib

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserInputError(f"{source}: not valid TOML ({exc})") from None
    except (RecursionError, ValueError):
        raise UserInputError(f"{source}: not a board file (nested too deeply or a huge number)") from None
    f = Fields(source)
    doc = f.obj(doc, "", BOARD_FIELDS, ("rows",), "a board file")
    rows = f.list_(doc["rows"], "rows", STR, MAX_SIDE)
    if not rows:
        f.fail("rows", "expected a non-empty list of rows")
    for i, r in enumerate(rows):
        if len(r) > MAX_SIDE:
            f.fail(f"rows[{i}]", f"row {i + 1} has {len(r)} squares, a board file has at most {MAX_SIDE} (and a "
                   f"sheet prints at most {size_range()[1]})")
    edges = f.list_(doc.get("closed_edges", []), "closed_edges", STR, len(EDGES))
    for i, e in enumerate(edges):
        if e not in EDGES:
            f.fail(at("closed_edges", i), f"expected one of {', '.join(EDGES)}, got {describe(e)}")
    if len(set(edges)) != len(edges):
        f.fail("closed_edges", "an edge is listed twice")
    north = doc.get("north", "none")
    if north not in NORTH_THEMES:
        f.fail("north", f"expected one of {', '.join(NORTH_THEMES)}, got {describe(north)}")
    bar_points = f.int_(doc.get("bar_points", 0), "bar_points", 0, 10)
    name = f.mapping(doc.get("name", {}), "name", STR)
    for k, v in name.items():
        if k not in NAME_LANGS:
            f.fail("name", f"unknown language {quoted(k)} (a name has {', '.join(NAME_LANGS)})")
        if len(v) > MAX_NAME or not v.isprintable() or not v.strip():
            f.fail(at("name", k), f"a name is 1 to {MAX_NAME} printable characters, got {describe(v)}")
    board_id = doc.get("id", "custom")
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,20}", board_id):
        f.fail("id", f"an id is 1 to 20 letters, digits, '-' or '_', got {describe(board_id)}")
    return Board(id=board_id, rows=tuple(rows), closed_edges=tuple(sorted(edges, key=EDGES.index)),
                 north=north, bar_points=bar_points, name={k: name[k] for k in NAME_LANGS if k in name})


def read_board_file(path: str | Path) -> Board:
    """A board file (bounded: a regular file of at most MAX_FILE_BYTES, UTF-8), read strictly;
    UserInputError with one line naming the file and the field when it is malformed."""
    p = Path(path)
    return parse_board_text(read_user_text(p, MAX_FILE_BYTES), p.name)


# --- checking ---------------------------------------------------------------------------------------


def _text_rules(board: Board, rep: Report) -> None:
    """Unknown characters, ragged rows and the size: what must hold before a board has a grid."""
    rows = board.rows
    bad = [(x, y, c) for y, r in enumerate(rows) for x, c in enumerate(r) if c not in SQUARE_CHARS]
    for x, y, c in bad[:5]:
        rep.add("prw.char", f"unknown square character {c!r} (use {''.join(SQUARE_CHARS)})", cell_name((x, y)))
    if len(bad) > 5:
        rep.add("prw.char", f"{len(bad) - 5} more unknown square characters")
    width = len(rows[0])
    for y, r in enumerate(rows[1:], start=1):
        if len(r) != width:
            rep.add("prw.ragged", f"{len(r)} squares, row 1 has {width} (every row as long as the first)",
                    f"row {y + 1}")
    lo, hi = size_range()
    if not (lo <= width <= hi and lo <= len(rows) <= hi):
        rep.add("prw.size", f"the board is {width} squares wide and {len(rows)} rows high; a sheet prints "
                f"{lo} to {hi} of each")


def check_custom_board(board: Board, hard: bool = False, mirror: bool = False) -> Report:
    """Every broken rule of a board read from a file, by rule id (module doc).

    The rows' text comes first: a board with unknown characters, ragged rows or a size outside
    the range is not checked further (its squares are not yet a grid). Then the rules of every
    board (`rules.check_board_rules`) and those only a hand-made board can break:

    * `prw.edge-border`: a closing edge the sheet prints no border for (only the north edge has
      one: the sea, or the bar and boardwalk); a closed north edge printed as "none".
    * `prw.resource-count`: more resources of one kind than the scoring table prints (the sheet's
      table runs to that count; one of each kind at least is `prw.resources`).
    * `prw.no-closable-area`: no square of the beach can ever be in a closed area small enough to
      score (at most `area_max` squares, without waste): the areas box would always be empty.
    * waste that no area can avoid is `prw.resource-closable` (a resource that only a closed area
      holding waste could enclose) and `prw.reachable` (waste cutting the beach in parts).
    """
    rep = Report()
    _text_rules(board, rep)
    if not rep.ok:
        return rep
    rep.extend(check_board_rules(board, hard, catalog(), mirror))
    for e in board.closed_edges:
        if e != "north":
            rep.add("prw.edge-border", f"the {e} edge is listed in closed_edges, but the sheet prints a border "
                    "(sea and pier, or bar and boardwalk) only on the north edge")
    if "north" in board.closed_edges and board.north == "none":
        rep.add("prw.edge-border", "the north edge closes areas but is printed as \"none\" (choose north = "
                "\"sea\" or \"bar\", so the player sees the border)")
    sc = scoring()
    table = len(sc.resource_table)
    g = board.grid
    for k in KINDS:
        bits = board.resources(k)
        if bits.bit_count() > table:
            rep.add("prw.resource-count", f"{bits.bit_count()} {k} squares, the scoring table prints 1 to {table}",
                    cell_name(next(g.cells(bits))))
    free = g.full & ~board.walls & ~board.waste
    if not any(closable_area(board, g.bit(x, y), sc.area_max) for x, y in g.cells(free)):
        rep.add("prw.no-closable-area", f"no square can ever be in a closed area of at most {sc.area_max} squares "
                "without waste (nothing on this beach can score as an area)")
    return rep


# --- codes ------------------------------------------------------------------------------------------


def board_digest(board: Board) -> str:
    """Six upper-case hex characters that change with anything printed or played of the board."""
    return content_digest(board.to_json())


def mark_code(code: str, board: Board) -> str:
    """The code printed on a custom board's sheets: the base code, then ~B<digest>."""
    return f"{code}~{MARK}{board_digest(board)}"


def split_board_mark(code: str) -> tuple[str, str | None]:
    """(base code, digest or None) of a typed code; UserInputError for a mark that is not ~B<6 hex>."""
    base, sep, mark = code.strip().partition("~")
    if not sep:
        return base, None
    mark = mark.upper()
    if not _MARK_RE.fullmatch(mark):
        raise UserInputError(f"setup code {quoted(code)} ends in an unknown mark ~{quoted(mark)[1:-1]} "
                             "(a custom board's code ends in ~B and 6 characters)")
    return base, mark[1:]


def require_board_for_code(code: str, board: Board | None, path: str = "--board FILE") -> None:
    """A code with ~B<digest> reproduces only with the board file it was made from: UserInputError
    when the file is missing or is another board (its own digest is named, so a user can compare)."""
    _base, digest = split_board_mark(code)
    if digest is None:
        return
    if board is None:
        raise UserInputError(f"setup code {quoted(code)} was made with a custom board: pass the same {path}")
    mine = board_digest(board)
    if mine != digest:
        raise UserInputError(f"{path} is not the board of setup code {quoted(code)} (this board is ~{MARK}{mine})")


# --- violations on their squares (the web page's beach editor) -------------------------------------


@dataclass(frozen=True)
class Located:
    """One broken rule of `check_custom_board` with the squares it is about, for a page that marks
    them on the grid: `cells` are (row, column), 0-based; `where` is the place as the message and
    the sheet name it ("C4", "row 4", or "" for the whole board); `edge` names the board edge an
    edge rule is about ("" for none)."""

    rule: str
    message: str
    where: str
    cells: tuple[tuple[int, int], ...]
    edge: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "where": self.where,
                "cells": [list(c) for c in self.cells], "edge": self.edge}


#: rules about a board edge rather than a square: the edge a page marks for each
_EDGE_RULES = ("prw.north", "prw.edge-border", "prw.bar-north")


def _cells_of_place(board: Board, where: str) -> list[tuple[int, int]]:
    """(row, column) squares a report's place names: "C4" (as printed, see rules.cell_name) or
    "row 4"; nothing for any other place."""
    from .rules import COLUMNS

    m = re.fullmatch(r"row (\d+)", where)
    if m:
        y = int(m.group(1)) - 1
        return [(y, x) for x in range(len(board.rows[y]))] if 0 <= y < len(board.rows) else []
    m = re.fullmatch(r"([A-Z])(\d+)", where)
    if m and m.group(1) in COLUMNS:
        x, y = COLUMNS.index(m.group(1)), int(m.group(2)) - 1
        if 0 <= y < len(board.rows) and 0 <= x < len(board.rows[y]):
            return [(y, x)]
    return []


def _region_cells(board: Board, rule: str, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """For a rule whose place is the first square of a group, every square of the group: the area
    closed before play, the drawable part cut off, every square of a kind counted too often, every
    bar square of a board whose bar does not close. Recomputed from the board as the rules see it
    (the same bitboards), so the marks cannot disagree with the report."""
    if len(cells) != 1 or rule not in ("prw.closed-before-play", "prw.reachable", "prw.resource-count",
                                       "prw.bar-north"):
        return cells
    g = board.grid
    y, x = cells[0]
    bit = g.bit(x, y)
    group = 0
    if rule == "prw.closed-before-play":
        group = next((a for a in g.enclosed_regions(g.full & ~board.walls, board.open_edge) if a & bit), 0)
    elif rule == "prw.reachable":
        group = next((p for p in g.regions8(board.drawable) if p & bit), 0)
    elif rule == "prw.resource-count":
        group = board.squares(board.rows[y][x])
    elif rule == "prw.bar-north":
        group = board.bar
    if not group:
        return cells
    return sorted((cy, cx) for cx, cy in g.cells(group))


def located_violations(board: Board, hard: bool = False, mirror: bool = False) -> list[Located]:
    """`check_custom_board`, each violation with the squares (and edge) it is about: the one
    implementation of the rules, read into a form a grid can show."""
    out = []
    for v in check_custom_board(board, hard, mirror):
        where = "" if v.where is None else str(v.where)
        cells = _cells_of_place(board, where) if where else []
        if board.rows and all(len(r) == len(board.rows[0]) for r in board.rows) and cells:
            cells = _region_cells(board, v.rule, cells)
        edge = ""
        if v.rule in _EDGE_RULES:
            named = [(m.start(), e) for e in EDGES if (m := re.search(rf"\b{e}\b", v.message))]
            edge = min(named)[1] if named else "north"  # the edge the message names first
        out.append(Located(v.rule, v.message, where, tuple(cells), edge))
    return out
