"""The roll&write beach editor's server side: the page's board as a board file, its broken rules on
their squares, its difficulty, and where a board to print is kept.

The page paints a grid in the board file's own characters (plazing_rw.board_file: one character a
square) and posts it as a form: `rows` (one line a row), `closed_edges` (repeated), `north`,
`bar_points`, `name_pl`, `name_en`, `hard`, `count`. The board is made by the file's own reader from
the very text a download gives (`board_of`), so what the page checks, rates, prints and downloads is
one board, and the rules are the game's (`board_file.located_violations`): the page holds no second
copy of them.

The difficulty is the CLI's own rating (`plazing-rw check --board FILE --json`, rating.py): a
subprocess, one at a time, bounded by RATE_TIMEOUT, so a slow rating never blocks the server.
A board sent to print is kept in <out>/boards/, named by its content, where the job's command line
(and the result page's regenerate command) finds it.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError
from generator.core.files import write_atomic
from generator.games.plazing_rw import board_file
from generator.games.plazing_rw.model import EDGES, MAX_SIDE, NORTH_THEMES, Board, boards
from generator.games.plazing_rw.rating import Place
from generator.games.plazing_rw.rules import COLUMNS, cell_name
from generator.web.jobs import WEB_DIR

#: the palette in the board file's legend order: (character, the page's word key, CSS class)
PALETTE = (
    (".", "sand"), ("a", "amber"), ("s", "shell"), ("p", "pebble"), ("#", "object"),
    ("B", "blanket"), ("$", "bar"), ("x", "waste"),
)
KIND_OF = dict(PALETTE)
BOARDS_DIR = "boards"  # <out>/boards/: the board files the page printed, named by their content
STARTS = ("blank", "1", "2", "3", "4")
DEFAULT_COUNT = 10
MAX_COUNT = 100  # sheets one print from the page may ask for (the CLI allows more)
RATE_GAMES = 20  # random and greedy playouts beside the rating's shared-dice comparison
RATE_TIMEOUT = 120.0  # seconds one rating may take
ORIGIN = "the web page's beach editor"
_rating = threading.Semaphore(1)


class EditorError(ValueError):
    """A board form that cannot be read (one line, shown on the page)."""


class Busy(RuntimeError):
    """A rating is already running."""


@dataclass(frozen=True)
class State:
    """What the editor's form holds."""

    rows: tuple[str, ...]
    closed_edges: tuple[str, ...] = ()
    north: str = "none"
    bar_points: int = 0
    name_pl: str = ""
    name_en: str = ""
    hard: bool = False
    count: int = DEFAULT_COUNT

    @property
    def width(self) -> int:
        return max((len(r) for r in self.rows), default=0)

    @property
    def height(self) -> int:
        return len(self.rows)

    def query(self) -> dict[str, Any]:
        """The state as the page's query (the language switch and a resize carry it)."""
        return {"rows": "\n".join(self.rows), "closed_edges": list(self.closed_edges), "north": self.north,
                "bar_points": str(self.bar_points), "name_pl": self.name_pl, "name_en": self.name_en,
                "hard": "on" if self.hard else "", "count": str(self.count)}


def start_state(start: str, width: int = 10, height: int = 10) -> State:
    """A printed board 1-4 to start from, or a blank beach of sand of the given size."""
    if start in boards():
        b = boards()[start]
        return State(b.rows, b.closed_edges, b.north, b.bar_points, b.name.get("pl", ""), b.name.get("en", ""))
    lo, hi = board_file.size_range()
    width, height = min(max(width, lo), hi), min(max(height, lo), hi)
    return State(tuple("." * width for _ in range(height)), name_pl="Moja plaża", name_en="My beach")


def resized(state: State, width: int, height: int) -> State:
    """The state on a width x height grid: cut on the east and south, or grown there with sand."""
    lo, hi = board_file.size_range()
    width, height = min(max(width, lo), hi), min(max(height, lo), hi)
    rows = [r[:width].ljust(width, ".") for r in state.rows[:height]]
    rows += ["." * width] * (height - len(rows))
    return replace(state, rows=tuple(rows))


def _int(raw: str, what: str, lo: int, hi: int, default: int) -> int:
    raw = raw.strip()
    if not raw:
        return default
    if not raw.isdigit() or not lo <= int(raw) <= hi:
        raise EditorError(f"{what}: expected a whole number {lo} to {hi}, got {raw[:20]!r}")
    return int(raw)


def state_from(values: Mapping[str, str], edges: Sequence[str]) -> State:
    """The form's (or query's) state, read strictly enough to make a file of: rows of at most
    model.MAX_SIDE printable characters, known edges and north styles, bounded numbers and names.
    What is legal on the beach is the rules' business (`violations`), not this reader's."""
    text = str(values.get("rows", ""))
    rows = tuple(line.strip() for line in text.replace("\r", "").split("\n") if line.strip())
    if not rows:
        raise EditorError("the board has no rows")
    if len(rows) > MAX_SIDE or any(len(r) > MAX_SIDE for r in rows):
        raise EditorError(f"a board has at most {MAX_SIDE} rows of {MAX_SIDE} squares")
    if any(not r.isprintable() for r in rows):
        raise EditorError("a row holds a control character")
    bad = [e for e in edges if e not in EDGES]
    if bad:
        raise EditorError(f"closed_edges: unknown edge {bad[0][:20]!r} (choose {', '.join(EDGES)})")
    north = str(values.get("north", "none")) or "none"
    if north not in NORTH_THEMES:
        raise EditorError(f"north: expected one of {', '.join(NORTH_THEMES)}")
    names = []
    for key in ("name_pl", "name_en"):
        name = str(values.get(key, "")).strip()
        if len(name) > board_file.MAX_NAME or not name.isprintable():
            raise EditorError(f"{key}: a name is at most {board_file.MAX_NAME} printable characters")
        names.append(name)
    return State(rows, tuple(e for e in EDGES if e in edges), north,
                 _int(str(values.get("bar_points", "")), "bar_points", 0, 10, 0), names[0], names[1],
                 str(values.get("hard", "")) in ("on", "1", "true", "yes"),
                 _int(str(values.get("count", "")), "count", 1, MAX_COUNT, DEFAULT_COUNT))


def board_of(state: State) -> Board:
    """The board a download of this state gives, read back by the board file's reader (so the
    page's board and the file's are one); EditorError when the reader refuses it."""
    name = {k: v for k, v in (("pl", state.name_pl), ("en", state.name_en)) if v}
    draft = Board(id="", rows=state.rows, closed_edges=state.closed_edges, north=state.north,
                  bar_points=state.bar_points, name=name)
    try:
        return board_file.parse_board_text(board_file.export_board(draft, ORIGIN), "board")
    except UserInputError as exc:
        raise EditorError(str(exc)) from None


def file_text(board: Board) -> str:
    """The board file `boardgen plazing-rw sheet --board FILE` reads."""
    return board_file.export_board(board, ORIGIN)


def file_name(board: Board) -> str:
    return f"beach-{board_file.board_digest(board)}.toml"


def violations(board: Board, hard: bool = False) -> list[dict[str, Any]]:
    """Every broken rule with its squares ([row, column], 0-based) and edge, as the page shows them."""
    return [v.to_json() for v in board_file.located_violations(board, hard)]


def check(state: State) -> dict[str, Any]:
    """The check endpoint's answer: the rules broken, the board's fingerprint and file name."""
    board = board_of(state)
    found = violations(board, state.hard)
    return {"ok": not found, "violations": found, "digest": board_file.board_digest(board),
            "file": file_name(board)}


def save(out: Path, board: Board) -> Path:
    """The board's file in <out>/boards/ (written once: the name is the content's fingerprint), as
    the path a command line run where the server runs reads."""
    folder = Path(out) / BOARDS_DIR
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise EditorError(f"{BOARDS_DIR} in the serve folder is not a folder the server made")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(board)
    text = file_text(board)
    if path.is_symlink() or not path.is_file() or path.read_text(encoding="utf-8") != text:
        write_atomic(path, text)
    return path


def kept_board(out: Path, args: Any) -> str:
    """The board file (as `boards/<name>`, relative to the serve folder) that a job's arguments
    print from, when it is one the editor kept there; "" for any other run."""
    from generator.web.results import safe_file

    if not isinstance(args, list) or "--board" not in args[:-1]:
        return ""
    named = Path(str(args[args.index("--board") + 1]))
    try:
        if named.parent.resolve() != (Path(out) / BOARDS_DIR).resolve():
            return ""
    except OSError:
        return ""
    rel = f"{BOARDS_DIR}/{named.name}"
    return rel if safe_file(Path(out), rel) is not None else ""


def rate(out: Path, board: Board, hard: bool, lang: str) -> dict[str, Any]:
    """The board on the scale of printed boards 1-4: the CLI's `check --board FILE --json` rating,
    run in a subprocess (Busy when one is running; EditorError for a board that breaks a rule or
    a rating that fails). The answer's `place` is in the page's language."""
    if not _rating.acquire(blocking=False):
        raise Busy("a rating is already running")
    stage = Path(out) / WEB_DIR / "editor"
    path = stage / f"rate-{secrets.token_hex(8)}.toml"
    try:
        stage.mkdir(parents=True, exist_ok=True)
        write_atomic(path, file_text(board))
        cmd = [sys.executable, "-m", "generator", "plazing-rw", "check", "--board", str(path), "--games",
               str(RATE_GAMES), "--bot", "greedy", "--jobs", "1", "--json", *(["--hard"] if hard else [])]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=RATE_TIMEOUT, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise EditorError(f"the rating took longer than {RATE_TIMEOUT:g} s and was stopped") from None
        try:
            doc = json.loads(proc.stdout)
        except ValueError:
            from generator.web.jobs import one_line

            raise EditorError(one_line(proc.stderr) or f"the rating ended with exit code {proc.returncode}") from None
    finally:
        path.unlink(missing_ok=True)
        _rating.release()
    if not doc.get("legal") or "rating" not in doc:
        raise EditorError("the board breaks a rule: it is rated once it is legal")
    r = doc["rating"]
    place = Place(str(r["place_kind"]), tuple(str(b) for b in r["place_boards"]))
    return {"place": place.text(lang), "estimate": r["estimate"], "interval": r["interval"], "games": r["games"],
            "like": r["like"], "means": {k: v["mean"] for k, v in r["boards"].items()}, "code": doc["code"]}


def grid_rows(state: State, words: Mapping[str, str]) -> list[list[dict[str, str]]]:
    """The grid as the template draws it: per square its character, kind, printed name and label."""
    out = []
    for y, row in enumerate(state.rows):
        cells = []
        for x in range(state.width):
            ch = row[x] if x < len(row) else ""
            kind = KIND_OF.get(ch, "unknown")
            name = cell_name((x, y)) if x < len(COLUMNS) else f"{x + 1},{y + 1}"
            cells.append({"ch": ch, "kind": kind, "name": name,
                          "label": f"{name}: {words.get('sq_' + kind, kind)}"})
        out.append(cells)
    return out


def columns(width: int) -> list[str]:
    return [COLUMNS[x] if x < len(COLUMNS) else str(x + 1) for x in range(width)]

