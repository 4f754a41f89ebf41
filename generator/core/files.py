"""Files: bounded reading of user files, versioned setup JSON, and output sets written as one unit.

Reading: a user's file is read only if it is a regular file within a stated size (a device such as
/dev/zero or a FIFO is refused at once, never read or waited on), and JSON or TOML with an integer of
more than 4,300 digits is a one-line error rather than Python's int-conversion traceback.

Writing: the outputs of one command are one unit. `output_set(folder)` stages them in a hidden folder
beside the target and swaps it in by rename (an atomic exchange on Linux), so the folder holds the
complete old set or the complete new set, never a mix, whatever happens: a disk-full error, Ctrl-C,
SIGTERM, or another boardgen run writing the same folder at the same moment (the swap is done under a
lock on the parent folder). Nothing is ever written through a symlink: a link in the output folder is
replaced as a name, its target is left alone, and no other file's permissions are changed; only a
regular file (or nothing) is ever replaced, never a device, FIFO or socket (`replaceable`).

`output_tree(folder)` makes a whole run of sets one unit (`boardgen all`): the tree is staged inside
--out, then only the names it writes are put in, under --out's lock, merging into folders that are
there (a user's files in them, their permissions, mount points under --out all stay).

A write error names the path the user will look at, never the hidden stage (`shown`).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fnmatch
import json
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError
from generator.core.fields import quoted

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no locks; stale stages are then left alone
    fcntl = None  # type: ignore[assignment]
_O_DIR = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)

FORMAT = "boardgen-setup"
#: the largest user file boardgen reads (a 1,000-sheet pad's JSON is about 3 MB)
MAX_INPUT_BYTES = 16 * 1024 * 1024
#: Python's own limit for converting a decimal integer string (sys.get_int_max_str_digits)
MAX_INT_DIGITS = 4300
#: the longest setup code a setup file may carry (real codes are under 40 characters)
MAX_CODE_CHARS = 100
#: a staging folder left by a killed run is removed once it is this old and its owner is gone
STALE_SECONDS = 60.0
#: how long a writer waits for another run's swap into the same parent folder
LOCK_WAIT_SECONDS = 60.0

#: the stages this process is writing (a nested set's parent is one of them)
_OUR_STAGES: set[str] = set()
_STAGING = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.(staging|old)$")


#: the folders this process has swapped a finished output set into (or added files to), in order:
#: what a command published, so the command line can refresh the gallery of its --out folder
PUBLISHED: list[Path] = []


class SetupFileError(ValueError):
    """A setup file that cannot be read: the message is one line naming the problem."""


def _why(exc: OSError) -> str:
    return exc.strerror or exc.__class__.__name__

def _new_stage(folder: Path, prefix: str, made: list[Path], named: Path) -> Path:
    """A new hidden stage folder inside `folder`, made first with its missing parents (recorded in
    `made`, deepest first, so a set that publishes nothing removes them again). Errors name `named`,
    the user's path, never the stage."""
    try:
        probe = folder
        while not os.path.lexists(probe) and probe != probe.parent:
            made.append(probe)
            probe = probe.parent
        folder.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=prefix, suffix=".staging", dir=folder))
    except FileExistsError:
        raise UserInputError(f"cannot write {named}: it exists and is not a folder") from None
    except OSError as exc:
        raise UserInputError(f"cannot write {named}: {_why(exc)}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


# --- reading -------------------------------------------------------------------------------------

def read_user_file(path: str | os.PathLike[str], limit: int = MAX_INPUT_BYTES,
                   error: type[Exception] = UserInputError) -> bytes:
    """The bytes of a user's file: a regular file of at most `limit` bytes, or a one-line `error`.

    The file is opened non-blocking and checked with fstat before any byte is read, so a FIFO, a
    device (/dev/zero) or a socket is refused at once instead of hanging or reading without end; a
    file that grows while it is read is still cut at `limit`.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error(f"{p}: no such file") from None
    except OSError as exc:
        raise error(f"{p}: cannot read ({_why(exc)})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise error(f"{p}: is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{p}: not a regular file (a device, pipe or socket); boardgen reads only regular files")
        too_big = error(f"{p}: larger than the {limit // 1024 // 1024 or limit} "
                        f"{'MiB' if limit >= 1024 * 1024 else 'byte'} limit for input files")
        if st.st_size > limit:
            raise too_big
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise too_big
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"{p}: cannot read ({_why(exc)})") from None
    finally:
        os.close(fd)


def read_user_text(path: str | os.PathLike[str], limit: int = MAX_INPUT_BYTES,
                   error: type[Exception] = UserInputError) -> str:
    """A user's text file as UTF-8 (a BOM from Windows Notepad is not an error)."""
    raw = read_user_file(path, limit, error)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{Path(path)}: not UTF-8 text (byte {exc.start})") from None


class _HugeNumber(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_INT_DIGITS:
        raise _HugeNumber(len(text))
    return int(text)


_HUGE = 10**MAX_INT_DIGITS


def huge_int_in(value: Any) -> bool:
    """True if `value` (parsed JSON or TOML) holds an integer of more than MAX_INT_DIGITS digits
    (TOML's hex, octal and binary integers escape Python's decimal-string limit when parsed, then
    fail with a traceback wherever they are printed)."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, int) and not isinstance(v, bool):
            if abs(v) >= _HUGE:
                return True
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return False


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: json.loads would silently keep the last of two
    equal keys, so a hand-edited file listing a tile twice would lose one before any rule saw it."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _DuplicateKey(k)
        out[k] = v
    return out


def loads_json(text: str, where: str | os.PathLike[str], error: type[Exception] = UserInputError) -> Any:
    """Parse a user's JSON with one-line errors: syntax, nesting, integers over 4,300 digits, a key
    given twice in one object."""
    try:
        return json.loads(text, parse_int=_parse_int, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey as exc:
        raise error(f"{where}: key {quoted(exc.args[0])} is given twice in one object") from None
    except _HugeNumber:
        raise error(f"{where}: a number with more than {MAX_INT_DIGITS} digits") from None
    except json.JSONDecodeError as exc:
        raise error(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise error(f"{where}: JSON nested too deeply") from None
    except ValueError as exc:  # any other conversion limit of the json module
        raise error(f"{where}: not valid JSON ({str(exc).splitlines()[0][:80]})") from None


#: the keys of a setup file's document (what `dumps_setup` writes)
_SETUP_KEYS = frozenset({"format", "game", "version", "code", "setup"})


def dumps_setup(game: str, version: int, code: str, setup: dict[str, Any]) -> str:
    doc = {"format": FORMAT, "game": game, "version": version, "code": code, "setup": setup}
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def save_setup(path: str | os.PathLike[str], game: str, version: int, code: str,
               setup: dict[str, Any]) -> int:
    return write_atomic(path, dumps_setup(game, version, code, setup))


def load_setup(path: str | os.PathLike[str], game: str, versions: tuple[int, ...] = (1,)) -> dict[str, Any]:
    """Read a setup file written by `save_setup`; return the whole document.

    Raises SetupFileError with a one-line message for a missing, special or oversized file, bad
    JSON, a key that is not one of the document's five, a file of another game, an unknown version
    or an over-long code. The caller validates the `setup` body itself.
    """
    p = Path(path)
    doc = loads_json(read_user_text(p, error=SetupFileError), p, SetupFileError)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SetupFileError(f"{p}: not a boardgen setup file (missing \"format\": \"{FORMAT}\")")
    if doc.get("game") != game:
        raise SetupFileError(f"{p}: a setup of game {quoted(doc.get('game'))}, not {game!r}")
    if type(doc.get("version")) is not int or doc["version"] not in versions:  # 1.0 and true are not 1
        raise SetupFileError(f"{p}: setup version {quoted(doc.get('version'))} is not supported "
                             f"(this boardgen reads {', '.join(map(str, versions))})")
    extra = sorted(set(doc) - _SETUP_KEYS)
    if extra:  # the body is held to its keys too: a typo here must not pass unseen
        raise SetupFileError(f"{p}: {quoted(extra[0])} is not a key of a setup file "
                             f"(it has {', '.join(sorted(_SETUP_KEYS))})")
    if not isinstance(doc.get("setup"), dict):
        raise SetupFileError(f"{p}: \"setup\" must be an object")
    if not isinstance(doc.get("code"), str):
        raise SetupFileError(f"{p}: \"code\" must be a string")
    if len(doc["code"]) > MAX_CODE_CHARS:
        raise SetupFileError(f"{p}: \"code\" is {len(doc['code'])} characters long "
                             f"(a setup code has at most {MAX_CODE_CHARS})")
    return doc


# --- writing ---------------------------------------------------------------------------------------

#: each stage of this process -> the path its contents are published at (for messages: a write error
#: names the user's path, never the hidden stage)
_SHOWN: dict[str, Path] = {}


def shown(path: str | os.PathLike[str]) -> Path:
    """The path a user knows for `path`: a name inside one of our stages (or a stage inside a stage,
    as `boardgen all` nests them) becomes the name it is published at."""
    p = Path(path)
    for _ in range(16):  # nesting is at most a few levels; a bound, never a loop
        full = os.path.abspath(p)
        for stage, public in sorted(_SHOWN.items(), key=lambda kv: -len(kv[0])):  # the innermost first
            if full == stage or full.startswith(stage + os.sep):
                p = public / os.path.relpath(full, stage) if full != stage else public
                break
        else:
            return p
    return p


def replaceable(dest: str | os.PathLike[str], folder: bool = False) -> os.stat_result | None:
    """The one check before a write replaces the name `dest`: its lstat (None if nothing is there)
    when it is a regular file or a symbolic link (replaced as a name; its target is left alone), or
    with `folder` a folder (a set's own folder, replaced by the new set); anything else — a device
    such as /dev/null, a FIFO, a socket, a folder — is a one-line UserInputError naming it, so a write
    never turns a device node into a file or drops a folder of the user's."""
    try:
        st = os.lstat(dest)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise UserInputError(f"cannot write {shown(dest)}: {_why(exc)}") from None
    if stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode) or (folder and stat.S_ISDIR(st.st_mode)):
        return st
    what = "a folder" if stat.S_ISDIR(st.st_mode) else "a device, pipe or socket"
    raise UserInputError(f"cannot write {shown(dest)}: it is {what}, not a regular file "
                         "(boardgen replaces only regular files)")


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> int:
    """Write `data` to `path` through a temporary file in the same folder; return bytes written.

    Never writes through a symlink: a link at `path` is replaced as a name (its target is left as it
    was). Anything else that is not a regular file (a device such as /dev/null, a folder) is refused.
    A regular file that is replaced keeps its permissions; a new one gets the usual mode. Every
    failure is a one-line UserInputError ("cannot write …").
    """
    target = Path(path)
    st = replaceable(target)
    mode = stat.S_IMODE(st.st_mode) if st is not None and stat.S_ISREG(st.st_mode) else 0o666 & ~_umask()
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:60]}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise UserInputError(f"cannot write {shown(path)}: {_why(exc)}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.chmod(tmp, mode)  # mkstemp makes 0600; only our own new file's mode is set
        os.replace(tmp, target)  # replaces a symlink itself, never its target
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UserInputError(f"cannot write {shown(path)}: {_why(exc)}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return len(raw)


def relocate(paths: Any, stage: Path, target: Path) -> Any:
    """The final place of paths written into `stage` (a dict's values, a list, or one path)."""
    def move(p: Any) -> Any:
        return target / Path(p).relative_to(stage) if isinstance(p, str | os.PathLike) else p
    if isinstance(paths, dict):
        return {k: move(v) for k, v in paths.items()}
    if isinstance(paths, list | tuple):
        return type(paths)(move(p) for p in paths)
    return move(paths)


def check_out_path(path: str | os.PathLike[str], kind: str = "folder") -> str | None:
    """Why `path` cannot be used as an output folder (or file), in one line; None if it can.

    Checked before any work: every name within the system's length limit, every existing parent
    searchable and a folder, the folder that will be written into writable, and the path itself a
    folder (kind "folder": files go inside it), not a folder (kind "file"), or either (kind "any":
    a set's folder, replaced from beside it).
    """
    p = Path(os.path.abspath(path))
    if len(os.fsencode(str(p))) >= 4096:
        return f"{path}: the path is too long"
    for part in p.parts[1:]:
        if len(os.fsencode(part)) > 255:
            return f"{path}: a name in it is longer than 255 bytes"
    if str(p.parent) in _OUR_STAGES:  # inside a stage of this very run (`boardgen all`)
        return None
    probe = p
    while True:
        try:
            st = os.stat(probe)
            break
        except FileNotFoundError:
            probe = probe.parent
        except PermissionError:
            return f"{path}: no permission to look into {probe.parent}"
        except NotADirectoryError:
            return f"{path}: {_file_above(probe)} is a file, not a folder"
        except OSError as exc:
            return f"{path}: {_why(exc)}"
    if probe == p:
        if kind == "folder" and not stat.S_ISDIR(st.st_mode):
            what = "a file" if stat.S_ISREG(st.st_mode) else "a device, pipe or socket"
            return f"{path}: must be a folder, not {what}"
        if kind == "file" and stat.S_ISDIR(st.st_mode):
            return f"{path}: is a folder; give a file name"
        if kind == "file" and not stat.S_ISREG(os.lstat(p).st_mode) and not os.path.islink(p):
            return f"{path}: is a device, pipe or socket, not a regular file (boardgen replaces only regular files)"
        if kind != "folder":  # a file, or a set folder, is written beside itself: into its parent
            probe = p.parent
            try:
                st = os.stat(probe)
            except OSError as exc:
                return f"{path}: {_why(exc)}"
    if not stat.S_ISDIR(st.st_mode):
        return f"{path}: {probe} is a file, not a folder"
    if not os.access(probe, os.W_OK | os.X_OK):
        return f"{path}: no permission to write into {probe}"
    return None


def _file_above(p: Path) -> Path:
    for q in reversed(p.parents):
        if q.exists() and not q.is_dir():
            return q
    return p


def _stale_cleanup(parent: Path) -> None:
    """Remove staging folders that a killed run left in `parent`: old ones whose owner no longer
    holds their lock (a live writer holds a shared flock on its stage for its whole life)."""
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return
    now = time.time()
    for entry in entries:
        if not _STAGING.match(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISDIR(st.st_mode) or now - st.st_mtime < STALE_SECONDS:
                continue
            if fcntl is None:
                continue
            fd = os.open(entry.path, _O_DIR)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            continue  # its writer is alive
        try:
            shutil.rmtree(entry.path, ignore_errors=True)
        finally:
            os.close(fd)


@contextlib.contextmanager
def _parent_lock(parent: Path) -> Iterator[None]:
    """An exclusive flock on the parent folder for one swap (bounded wait; no lock file is left).
    A file system without flock is used without the lock."""
    if os.path.abspath(parent) in _OUR_STAGES:  # our own stage (nested sets of `boardgen all`): ours alone
        yield
        return
    try:
        if fcntl is None:
            raise OSError
        fd = os.open(parent, _O_DIR)
    except OSError:
        yield
        return
    locked = False
    try:
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                locked = True
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise UserInputError(f"cannot write into {parent}: another run holds it for over "
                                         f"{LOCK_WAIT_SECONDS:.0f} s") from None
                time.sleep(0.02)
            except OSError:
                break  # no flock here (some network file systems)
        yield
    finally:
        if locked:
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_renameat2: Any  # the C function, or None where the C library has none
try:
    _renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    _renameat2.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
except (AttributeError, OSError):  # not glibc >= 2.28 / not Linux
    _renameat2 = None


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux renameat2 RENAME_EXCHANGE); False where it is unsupported."""
    if _renameat2 is None:
        return False
    if _renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def _stats(paths: Iterable[str | os.PathLike[str]]) -> list[os.stat_result]:
    out = []
    for p in paths:
        with contextlib.suppress(OSError):
            out.append(os.stat(p))
    return out


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _carry(src: str, dst: str) -> None:
    """Copy one entry that is not ours into the new set: a file as a hard link (its inode, mode and
    content untouched; a copy where links are not possible), a symlink as the same link, a folder
    entry by entry."""
    st = os.lstat(src)
    if stat.S_ISLNK(st.st_mode):
        os.symlink(os.readlink(src), dst)
    elif stat.S_ISREG(st.st_mode):
        try:
            os.link(src, dst, follow_symlinks=False)
        except OSError:
            shutil.copy2(src, dst, follow_symlinks=False)
    elif stat.S_ISDIR(st.st_mode):
        os.mkdir(dst)
        for entry in os.scandir(src):
            _carry(entry.path, os.path.join(dst, entry.name))
        shutil.copystat(src, dst, follow_symlinks=False)
    elif stat.S_ISFIFO(st.st_mode):
        os.mkfifo(dst, stat.S_IMODE(st.st_mode))
    else:
        raise UserInputError(f"cannot replace the folder holding {src}: it is a device or socket")


def _merge_old(stage: Path, target: Path, owns: tuple[str, ...], keep: list[os.stat_result]) -> None:
    """Bring what is not ours from the old folder into the stage: entries whose names this set does
    not write and that match none of `owns` stay (a user's notes, a symlink of another name); a file
    in `keep` (the command's input file) stays as it is and our file of that name is dropped; an old
    file of ours that is rewritten passes its permissions to the new one."""
    written = set(os.listdir(stage))
    for entry in os.scandir(target):
        if _STAGING.match(entry.name) or entry.name.endswith(".tmp"):
            continue  # another run's temporary files are never copied into a set
        st = entry.stat(follow_symlinks=False)
        new = stage / entry.name
        if any(_same_file(st, k) for k in keep):
            if entry.name in written:
                if new.is_dir() and not new.is_symlink():
                    shutil.rmtree(new)
                else:
                    new.unlink()
            _carry(entry.path, str(new))
        elif entry.name in written:
            replaceable(entry.path, folder=new.is_dir() and not new.is_symlink())
            if stat.S_ISREG(st.st_mode) and new.is_file() and not new.is_symlink():
                os.chmod(new, stat.S_IMODE(st.st_mode))
        elif not any(fnmatch.fnmatchcase(entry.name, pattern) for pattern in owns):
            _carry(entry.path, str(new))


@contextlib.contextmanager
def output_set(folder: str | os.PathLike[str], owns: Iterable[str] = (),
               keep: Iterable[str | os.PathLike[str]] = ()) -> Iterator[Path]:
    """Stage one command's outputs and swap them in as a unit.

    Yields a fresh hidden folder beside `folder`; the caller writes every output into it. When the
    block ends normally the stage takes the place of `folder` by an atomic exchange of the two names
    (done under a lock on the parent, SIGINT/SIGTERM held until it is complete), then the old set is
    removed: a reader sees the complete old set or the complete new set. Entries of the old folder
    that this set does not write (and that match none of the `owns` patterns, the names this kind of
    set may hold) are carried over untouched; a file in `keep` (the input file) is never replaced.
    When the block raises (an error, Ctrl-C, SIGTERM), the stage is removed and `folder` is left as
    it was — folders made only to hold the stage go too; an OSError from writing becomes a one-line
    UserInputError.
    """
    target = Path(folder)
    parent = target.parent
    owns = tuple(owns)
    problem = check_out_path(target, "any")
    if problem is not None:
        raise UserInputError(f"cannot write {problem}")
    keep_st = _stats(keep)
    made: list[Path] = []  # the folders made for the stage, deepest first
    done: list[bool] = []

    def make() -> Path:
        return _new_stage(parent, f".{target.name[:80]}.", made, target)

    def commit(stage: Path) -> None:
        _stale_cleanup(parent)
        _swap_in(stage, target, owns, keep_st)
        PUBLISHED.append(target)
        done.append(True)

    try:
        with _staged(target, make, commit, lambda: _parent_lock(parent)) as stage:
            yield stage
    finally:
        if not done:  # nothing was published: an --out folder made for this run goes again, if empty
            for folder_made in made:
                try:
                    os.rmdir(folder_made)
                except OSError:
                    break


def _block() -> Any:
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})


def _unblock(held: Any) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)  # a signal that came meanwhile is raised here


def _hold(stage: Path) -> int | None:
    """A shared flock on the stage for this run's life: it tells a later run's clean-up that the
    stage is in use (the kernel drops it when the process dies, even by SIGKILL)."""
    if fcntl is None:
        return None
    try:
        fd = os.open(stage, _O_DIR)
    except OSError:
        return None
    with contextlib.suppress(OSError):  # no flock on this file system: the stage still goes at the end
        fcntl.flock(fd, fcntl.LOCK_SH)
    return fd


@contextlib.contextmanager
def _staged(target: Path, make: Any, commit: Any, lock: Any) -> Iterator[Path]:
    """The life of a stage: made and locked with signals held, written by the caller, committed
    under `lock()` (the wait for it stays interruptible), and removed on every path out. SIGINT and
    SIGTERM are held while the stage is made and from the taking of the lock until the stage is
    gone, so no interrupt can leave a stage behind or cut a swap in half (SIGKILL aside: the next
    run's swap removes such a stage once it is STALE_SECONDS old)."""
    held = _block()
    try:
        stage = make()
        alive = _hold(stage)
        _OUR_STAGES.add(os.path.abspath(stage))
        _SHOWN[os.path.abspath(stage)] = target
    except BaseException:
        _unblock(held)
        raise

    def remove() -> None:
        _OUR_STAGES.discard(os.path.abspath(stage))
        _SHOWN.pop(os.path.abspath(stage), None)
        shutil.rmtree(stage, ignore_errors=True)  # after a swap: the old set, if the exchange put it here
        if alive is not None:
            os.close(alive)

    # Signals stay held from commit() to the end of remove(): a Python signal handler runs at the
    # first bytecode check after the signal, which can fall after commit() has returned, and a
    # Ctrl-C there used to skip the removal and leave the old set behind (1 trial in ~200 on CI).
    mask = held
    try:
        try:
            _unblock(held)
            mask = None
            os.chmod(stage, 0o777 & ~_umask())
            yield stage
            with lock():
                mask = _block()
                commit(stage)
        finally:
            try:
                if mask is None:
                    mask = _block()
            finally:
                remove()
                _unblock(mask)  # a signal that came meanwhile is raised here, with nothing left half-done
    except OSError as exc:
        raise UserInputError(f"cannot write {target}: {_why(exc)}") from None


def remove_own_stages() -> None:
    """Remove every stage this process still has: the console script calls it on its way out.

    A signal whose Python handler runs at the very entry of a context manager's `__exit__` skips
    that `__exit__` (Python cannot protect the first instruction of it), leaving the stage of the
    interrupted set behind with its generator suspended; this is the backstop that removes it. Only
    stages are removed (after a swap, a stage holds the replaced old set), never a published set."""
    held = _block()
    try:
        for path in sorted(_OUR_STAGES, key=len, reverse=True):  # nested stages of `boardgen all` first
            shutil.rmtree(path, ignore_errors=True)
            _OUR_STAGES.discard(path)
            _SHOWN.pop(path, None)
    finally:
        _unblock(held)


def _swap_in(stage: Path, target: Path, owns: tuple[str, ...], keep: list[os.stat_result]) -> None:
    try:
        st: os.stat_result | None = os.lstat(target)
    except FileNotFoundError:
        st = None
    if st is None:
        os.rename(stage, target)
        return
    if stat.S_ISLNK(st.st_mode):
        raise UserInputError(f"cannot write {target}: it is a symbolic link (boardgen never writes through "
                             "one; remove it or choose another --out)")
    if not stat.S_ISDIR(st.st_mode):
        raise UserInputError(f"cannot write {target}: it exists and is not a folder")
    _merge_old(stage, target, owns, keep)
    os.chmod(stage, stat.S_IMODE(st.st_mode))  # the folder keeps the permissions it had
    if _exchange(stage, target):
        return  # the old set is now at `stage`, removed by the caller
    old = Path(tempfile.mkdtemp(prefix=f".{target.name[:80]}.", suffix=".old", dir=target.parent))
    os.rename(target, old / "set")
    try:
        os.rename(stage, target)
    except BaseException:
        os.rename(old / "set", target)
        raise
    finally:
        if target.exists():
            shutil.rmtree(old, ignore_errors=True)


@contextlib.contextmanager
def output_files(folder: str | os.PathLike[str], keep: Iterable[str | os.PathLike[str]] = ()) -> Iterator[Path]:
    """Stage files that go into a folder that is not ours alone (a user's --out folder, the folder of
    an input file): they are written into a hidden stage inside `folder`, then renamed into place
    together under the folder's lock with SIGINT/SIGTERM held, so an error or an interrupt while
    writing leaves none of them. A symlink of the same name is replaced as a name; a file in `keep`
    (the input file) is never overwritten; other files of the folder are not touched."""
    target = Path(folder)
    problem = check_out_path(target, "folder")
    if problem is not None:
        raise UserInputError(f"cannot write {problem}")
    keep_st = _stats(keep)

    def make() -> Path:
        try:
            target.mkdir(parents=True, exist_ok=True)
            return Path(tempfile.mkdtemp(prefix=".boardgen.", suffix=".staging", dir=target))
        except FileExistsError:
            raise UserInputError(f"cannot write {target}: it exists and is not a folder") from None
        except OSError as exc:
            raise UserInputError(f"cannot write {target}: {_why(exc)}") from None

    def commit(stage: Path) -> None:
        _stale_cleanup(target)
        names = sorted(os.listdir(stage))
        for name in names:  # check every name before the first rename
            dest = target / name
            st = replaceable(dest)
            if st is None:
                continue
            if not stat.S_ISLNK(st.st_mode) and any(_same_file(st, k) for k in keep_st):
                raise UserInputError(f"cannot write {dest}: it is the input file")
        for name in names:
            os.replace(stage / name, target / name)

    with _staged(target, make, commit, lambda: _parent_lock(target)) as stage:
        yield stage


# --- a tree of sets as one unit (`boardgen all`) -----------------------------------------------------

def _device(path: str | os.PathLike[str]) -> int:
    """The file system a folder is on (a mount point under --out is on another one)."""
    return os.lstat(path).st_dev


class _Plan:
    """What putting a staged tree in takes: the moves, in order, and the stages made on the way."""

    def __init__(self) -> None:
        #: (kind, staged path, destination, mode to keep): kind "new" (nothing there), "replace" (a
        #: regular file or a symlink there, exchanged so it can come back) or "drop" (an old owned file)
        self.moves: list[tuple[str, Path, Path, int | None]] = []
        self.extra_stages: list[Path] = []  # stages made inside folders on another file system


def _plan_tree(src: Path, dst: Path, depth: int, owns: tuple[str, ...], owns_by_game: dict[str, tuple[str, ...]],
               plan: _Plan) -> None:
    """Check every name the staged folder `src` writes into the existing folder `dst` and plan its
    moves; nothing is changed here but the copy into a folder on another file system. Depth 0 is
    --out, 1 a game folder, 2 a code folder (where `owns`, its game's patterns, apply)."""
    if _device(dst) != _device(src):  # a mount point: a stage inside it, so no move crosses devices
        try:
            inner = Path(tempfile.mkdtemp(prefix=".boardgen.", suffix=".staging", dir=dst))
        except OSError as exc:
            raise UserInputError(f"cannot write {dst}: {_why(exc)}") from None
        _OUR_STAGES.add(os.path.abspath(inner))
        _SHOWN[os.path.abspath(inner)] = dst
        plan.extra_stages.append(inner)
        for entry in os.scandir(src):
            if entry.is_dir(follow_symlinks=False):
                shutil.copytree(entry.path, inner / entry.name, symlinks=True)
            else:
                shutil.copy2(entry.path, inner / entry.name, follow_symlinks=False)
        src = inner
    written = set()
    for entry in sorted(os.scandir(src), key=lambda e: e.name):
        if _STAGING.match(entry.name) or entry.name.endswith(".tmp"):
            continue  # a nested stage or temporary file a killed worker left: never published
        written.add(entry.name)
        staged, dest = Path(entry.path), dst / entry.name
        if not entry.is_dir(follow_symlinks=False):
            st = replaceable(dest)
            kept = stat.S_IMODE(st.st_mode) if st is not None and stat.S_ISREG(st.st_mode) else None
            plan.moves.append(("new" if st is None else "replace", staged, dest, kept))
            continue
        try:
            st = os.lstat(dest)
        except FileNotFoundError:
            plan.moves.append(("new", staged, dest, None))
            continue
        if stat.S_ISLNK(st.st_mode):
            raise UserInputError(f"cannot write {dest}: it is a symbolic link (boardgen never writes through "
                                 "one; remove it or choose another --out)")
        if not stat.S_ISDIR(st.st_mode):
            raise UserInputError(f"cannot write {dest}: it is a file where boardgen puts a folder "
                                 "(move it away or choose another --out)")
        inner_owns = owns_by_game.get(entry.name, ()) if depth == 0 else owns if depth == 1 else ()
        _plan_tree(staged, dest, depth + 1, inner_owns, owns_by_game, plan)
    if depth == 2 and owns:  # a code folder: what its game's own set would drop goes here too
        for entry in sorted(os.scandir(dst), key=lambda e: e.name):
            if entry.name in written or not any(fnmatch.fnmatchcase(entry.name, pat) for pat in owns):
                continue
            if entry.is_file(follow_symlinks=False) or entry.is_symlink():  # never a folder of the user's
                plan.moves.append(("drop", src / entry.name, Path(entry.path), None))


def _apply(plan: _Plan) -> None:
    """Make the planned moves; a failure undoes the moves made (a replaced file comes back from the
    stage, where the exchange put it), so the tree goes in whole or not at all."""
    done: list[tuple[str, Path, Path, bool]] = []
    try:
        for kind, staged, dest, kept in plan.moves:
            swapped = False
            if kind == "drop":  # the old file goes into the stage, removed with it
                os.rename(dest, staged)
            elif kind == "new":
                os.rename(staged, dest)
            else:
                if kept is not None:
                    os.chmod(staged, kept)  # our rewritten file keeps the permissions it had
                swapped = _exchange(staged, dest)
                if not swapped:  # no RENAME_EXCHANGE here: replaced, and not undone
                    os.replace(staged, dest)
            done.append((kind, staged, dest, swapped))
    except BaseException:
        for kind, staged, dest, swapped in reversed(done):
            with contextlib.suppress(OSError):
                if kind == "drop":
                    os.rename(staged, dest)
                elif kind == "new":
                    os.rename(dest, staged)
                elif swapped:
                    _exchange(staged, dest)
        raise


@contextlib.contextmanager
def output_tree(folder: str | os.PathLike[str],
                owns: dict[str, Iterable[str]] | None = None) -> Iterator[Path]:
    """Stage a whole tree of output sets inside `folder` and put it in as one unit (`boardgen all`).

    Yields a hidden stage inside `folder` (so on its file system, and `--out .` works); the caller
    writes the tree into it as into --out: files (the index), game folders, code folders inside them.
    When the block ends normally, under the lock of `folder` and of every folder merged into, with
    SIGINT/SIGTERM held, only the names the tree writes are put in:

    - a file replaces the file of its name (only a regular file, or a symlink as a name: `replaceable`);
      a rewritten file keeps its permissions;
    - a folder that is not there is renamed in whole;
    - a folder that is there is merged into, never replaced: it keeps its permissions, whatever else it
      holds, and anything mounted on or in it (nothing of the user's is copied, moved or removed); in a
      code folder (a folder of a game folder) an old file matching its game's `owns` patterns
      (`owns["plazing"]`) that the tree does not write goes, as the game's own set command drops it.

    Every name is checked before the first move (a file where the tree has a folder, a device, a
    symlink: one line, nothing changed); a folder on another file system (a mount point) gets its
    entries through a stage made inside it, filled before the first move; a move that fails undoes
    the moves before it. When the block raises (an error, Ctrl-C, SIGTERM), the stage is removed and
    `folder` is left as it was (folders made to hold the stage go too).
    """
    target = Path(folder)
    owns_by_game = {k: tuple(v) for k, v in (owns or {}).items()}
    problem = check_out_path(target, "folder")
    if problem is not None:
        raise UserInputError(f"cannot write {problem}")
    made: list[Path] = []
    done: list[bool] = []
    plan = _Plan()

    def make() -> Path:
        return _new_stage(target, ".boardgen.", made, target)

    @contextlib.contextmanager
    def lock() -> Iterator[None]:
        with contextlib.ExitStack() as locks:
            locks.enter_context(_parent_lock(target))
            for sub in _existing_folders(stage_of[0], target):  # where the per-game commands take their locks
                locks.enter_context(_parent_lock(sub))
            yield

    def commit(stage: Path) -> None:
        _stale_cleanup(target)
        _plan_tree(stage, target, 0, (), owns_by_game, plan)
        _apply(plan)
        PUBLISHED.append(target)
        done.append(True)

    stage_of: list[Path] = []
    try:
        with _staged(target, make, commit, lock) as stage:
            stage_of.append(stage)
            yield stage
    finally:
        for inner in plan.extra_stages:
            _OUR_STAGES.discard(os.path.abspath(inner))
            _SHOWN.pop(os.path.abspath(inner), None)
            shutil.rmtree(inner, ignore_errors=True)  # only the old files the moves replaced
        if not done:
            for folder_made in made:
                try:
                    os.rmdir(folder_made)
                except OSError:
                    break


def _existing_folders(stage: Path, target: Path, depth: int = 2) -> list[Path]:
    """The folders of `target` that a staged tree merges into, down to `depth` (game folders and
    code folders), parents first: each is locked, as the command writing into it alone locks it."""
    out: list[Path] = []
    try:
        entries = sorted(os.scandir(stage), key=lambda e: e.name)
    except OSError:
        return out
    for entry in entries:
        if _STAGING.match(entry.name) or not entry.is_dir(follow_symlinks=False):
            continue
        dest = target / entry.name
        if dest.is_dir() and not dest.is_symlink():
            out.append(dest)
            if depth > 1:
                out.extend(_existing_folders(Path(entry.path), dest, depth - 1))
    return out
