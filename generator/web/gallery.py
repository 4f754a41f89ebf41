"""index.html: a static gallery of everything in an output folder.

The gallery reads what is on disk, not what a command meant to write: every folder (up to three levels
below the root) that holds a PDF is one card — its game and code from the boardgen JSON beside it, the
options it was made with, the PNG preview, the playability figures of a playouts.json, links to every
file, and the command that regenerates it. So one function serves every game, including games added
later, and the page is right even after files were removed by hand. Static HTML, no JavaScript, relative
links: it works opened from disk (file://).

The command shown for a set is the one its command.txt holds (written with the set: it reproduces the
set byte for byte); a set from an older boardgen without one gets the command its code gives.

An index.html is replaced only if boardgen wrote it (MARKER, or the title of a gallery of an older
boardgen): a page of the user's own at the top of --out is kept, and the gallery is written beside
it as boardgen-index.html.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.files import write_atomic
from generator.web.forms import regenerate_command
from generator.web.html import render_page

MAX_DEPTH = 3
MAX_SETS = 2000  # a gallery of a huge folder lists the first sets only
JSON_CAP = 4 * 1024 * 1024  # bytes read from one JSON file for its summary
COMMAND_CAP = 4096  # bytes read from a command.txt
#: in every gallery page boardgen writes: such an index.html may be replaced
MARKER = "<!-- boardgen gallery: written by boardgen, rewritten by every boardgen run into this folder -->"
#: what an index.html of an older boardgen (before MARKER) starts its title with
OLD_TITLES = ("<title>boardgen — galeria</title>", "<title>boardgen — gallery</title>")
INDEX = "index.html"
BESIDE = "boardgen-index.html"


@dataclass
class OutputSet:
    folder: str  # relative to the root, "/"-separated
    game: str = ""
    code: str = ""
    options: list[tuple[str, str]] = field(default_factory=list)
    preview: str = ""
    files: list[tuple[str, str, int]] = field(default_factory=list)  # (relative path, name, bytes)
    playability: list[tuple[str, str]] = field(default_factory=list)
    command: str = ""


def _read_json(path: Path) -> Any:
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > JSON_CAP:
            return None
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None


def _scalar_options(body: dict[str, Any]) -> list[tuple[str, str]]:
    given = body.get("options")
    opts: dict[str, Any] = given if isinstance(given, dict) else body
    out = []
    for k, v in opts.items():
        if isinstance(v, bool):
            out.append((str(k), "yes" if v else "no"))
        elif isinstance(v, int | float) or (isinstance(v, str) and len(v) < 40):
            out.append((str(k), str(v)))
    if "seed" in body and isinstance(body["seed"], int) and all(k != "seed" for k, _ in out):
        out.append(("seed", str(body["seed"])))
    return out[:16]


def _playability(doc: Any) -> list[tuple[str, str]]:
    if not isinstance(doc, dict) or "games" not in doc:
        return []
    rows = [("games", f"{doc.get('completed', '?')}/{doc.get('games', '?')} completed")]
    length = doc.get("length")
    if isinstance(length, dict) and "mean" in length:
        rows.append(("length", f"{length['mean']} moves (mean)"))
    seats = doc.get("seats")
    if isinstance(seats, list) and seats and all(isinstance(s, dict) and "win_rate" in s for s in seats):
        rates = [float(s["win_rate"]) for s in seats]
        rows.append(("win rates", " / ".join(f"{r:.0%}" for r in rates)))
    if "playable" in doc:
        rows.append(("playable", "yes" if doc["playable"] else "no"))
    return rows


def _command_file(path: Path) -> str:
    """The command line a set's command.txt holds ("" if it is unreadable or not one)."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size > COMMAND_CAP:
            return ""
        line = path.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return line if line.startswith("boardgen ") and "\n" not in line else ""


def scan(root: Path) -> list[OutputSet]:
    """Every output set below `root`, in folder order (so the page is the same for the same files)."""
    sets: list[OutputSet] = []
    root = Path(root)
    if not root.is_dir():
        return sets
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        depth = len(here.relative_to(root).parts)
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and not (here / d).is_symlink())
        if depth >= MAX_DEPTH:
            dirnames[:] = []
        names = sorted(f for f in filenames if not f.startswith(".") and not (here / f).is_symlink())
        if depth == 0 or not any(n.endswith(".pdf") for n in names):
            continue
        rel = here.relative_to(root).as_posix()
        s = OutputSet(folder=rel)
        for n in names:
            p = here / n
            try:
                st = p.stat()
            except OSError:
                continue
            s.files.append((f"{rel}/{n}", n, st.st_size))
            if n.endswith(".png") and not s.preview:
                s.preview = f"{rel}/{n}"
            if n.endswith(".json"):
                doc = _read_json(p)
                if isinstance(doc, dict) and doc.get("format") == "boardgen-setup" and not s.game:
                    s.game, s.code = str(doc.get("game", "")), str(doc.get("code", ""))
                    if isinstance(doc.get("setup"), dict):
                        s.options = _scalar_options(doc["setup"])
                elif n == "playouts.json":
                    s.playability = _playability(doc)
        if not s.code:
            s.code = here.name
        s.command = _command_file(here / "command.txt") if "command.txt" in names else ""
        if not s.command:
            s.command = regenerate_command(s.game or here.parent.name, s.code)

        sets.append(s)
    sets.sort(key=lambda s: s.folder)
    return sets[:MAX_SETS]


def index_html(root: Path, lang: str = "pl") -> str:
    page = render_page("index.html.j2", lang, sets=scan(root), root=str(root))
    head, sep, rest = page.partition("\n")
    if head.lower().startswith("<!doctype"):
        return f"{head}\n{MARKER}\n{rest}" if sep else f"{head}\n{MARKER}\n"
    return f"{MARKER}\n{page}"


def ours(path: Path) -> bool:
    """Whether the page at `path` is a gallery boardgen wrote (so it may be replaced)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096).decode("utf-8", "replace")
    except OSError:
        return False
    return MARKER in head or any(t in head for t in OLD_TITLES)


def index_path(root: Path) -> Path:
    """Where the gallery of `root` goes: index.html, unless that is a page of the user's own."""
    path = Path(root) / INDEX
    if os.path.lexists(path) and (path.is_symlink() or not path.is_file() or not ours(path)):
        return Path(root) / BESIDE
    return path


def write_index(root: Path, lang: str = "pl") -> Path:
    """(Re)write the gallery of `root` atomically: <root>/index.html, or boardgen-index.html beside
    a user's own index.html (said in one line on stderr); returns its path."""
    path = index_path(root)
    write_atomic(path, index_html(root, lang))
    if path.name == BESIDE:
        from generator.clikit import err_console

        err_console.print(f"note: {Path(root) / INDEX} is not a boardgen gallery, so it is kept; the gallery "
                          f"is {path}", markup=False, highlight=False)
    return path
