"""Files: atomic writes and versioned setup JSON.

Every file boardgen writes goes to a temporary name in the same folder and is renamed into place,
so an interrupted run never leaves a half-written PDF or setup behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError

FORMAT = "boardgen-setup"


class SetupFileError(ValueError):
    """A setup file that cannot be read: the message is one line naming the problem."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> int:
    """Write `data` to `path` through a temporary file in the same folder; return bytes written.

    A symlink is followed (its target is replaced, not the link); anything that is not a regular
    file (a device such as /dev/null, a folder) is refused rather than replaced. Every failure is a
    one-line UserInputError ("cannot write …"), so no command shows a traceback for a bad --out.
    """
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        raise UserInputError(f"cannot write {path}: it exists and is not a regular file")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise UserInputError(f"cannot write {path}: {exc.strerror or exc.__class__.__name__}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; a written file gets the usual mode
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UserInputError(f"cannot write {path}: {exc.strerror or exc.__class__.__name__}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(raw)


def dumps_setup(game: str, version: int, code: str, setup: dict[str, Any]) -> str:
    doc = {"format": FORMAT, "game": game, "version": version, "code": code, "setup": setup}
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def save_setup(path: str | os.PathLike[str], game: str, version: int, code: str,
               setup: dict[str, Any]) -> int:
    return write_atomic(path, dumps_setup(game, version, code, setup))


def load_setup(path: str | os.PathLike[str], game: str, versions: tuple[int, ...] = (1,)) -> dict[str, Any]:
    """Read a setup file written by `save_setup`; return the whole document.

    Raises SetupFileError with a one-line message for a missing file, bad JSON, a file of another
    game or an unknown version. The caller validates the `setup` body itself.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")  # a BOM (Windows Notepad) is not an error
    except FileNotFoundError:
        raise SetupFileError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SetupFileError(f"{p}: cannot read ({exc.__class__.__name__})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SetupFileError(f"{p}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise SetupFileError(f"{p}: JSON nested too deeply") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SetupFileError(f"{p}: not a boardgen setup file (missing \"format\": \"{FORMAT}\")")
    if doc.get("game") != game:
        raise SetupFileError(f"{p}: a setup of game {doc.get('game')!r}, not {game!r}")
    if doc.get("version") not in versions:
        raise SetupFileError(f"{p}: setup version {doc.get('version')!r} is not supported "
                             f"(this boardgen reads {', '.join(map(str, versions))})")
    if not isinstance(doc.get("setup"), dict):
        raise SetupFileError(f"{p}: \"setup\" must be an object")
    if not isinstance(doc.get("code"), str):
        raise SetupFileError(f"{p}: \"code\" must be a string")
    return doc


@contextlib.contextmanager
def output_set(folder: str | os.PathLike[str]) -> Iterator[Path]:
    """Stage one command's outputs and swap them in as a unit.

    Yields a fresh temporary folder beside `folder`; the caller writes every output file into it.
    When the block ends normally the staged folder replaces `folder` (the old set is moved aside and
    removed), so a reader sees the complete old set or the complete new set, never a mix. When the
    block raises (an error, Ctrl-C), the staged folder is removed and `folder` is left as it was.
    """
    target = Path(folder)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        stage = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".staging", dir=target.parent))
    except OSError as exc:
        raise UserInputError(f"cannot write {target}: {exc.strerror or exc.__class__.__name__}") from None
    try:
        os.chmod(stage, 0o777 & ~_umask())
        yield stage
        _swap_in(stage, target)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise


def _swap_in(stage: Path, target: Path) -> None:
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise UserInputError(f"cannot write {target}: it exists and is not a folder")
    old = None
    try:
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".old", dir=target.parent))
            os.replace(target, old / "set")
        os.replace(stage, target)
    except OSError as exc:
        if old is not None and (old / "set").exists() and not target.exists():
            os.replace(old / "set", target)
        raise UserInputError(f"cannot write {target}: {exc.strerror or exc.__class__.__name__}") from None
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
