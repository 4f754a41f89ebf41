"""The one switch between compiled and plain-Python hot paths.

The bots' playouts (fair pads, playability reports) spend their time in a few small loops over bit
boards. Those loops are written once, in the subset of Python that numba compiles, and decorated with
`njit` from here. With numba they run as machine code; with `BOARDGEN_PURE_PYTHON=1` in the
environment `njit` hands the function back untouched, so the same source runs as plain Python (slow:
for tests, debugging, and a platform without numba wheels). Nothing else in the project decides
which path runs.

numba is imported only when a module that holds a compiled function is imported, so commands that
play nothing (`boardgen --version`, drawing a sheet) never pay for it. Compiled functions are cached on
disk (`cache=True`); the cache lives in a user cache folder (`~/.cache/boardgen/numba`, or
`$XDG_CACHE_HOME/boardgen/numba`, or `%LOCALAPPDATA%\\boardgen\\numba` on Windows) so that it works
where site-packages is read-only and is shared by the workers of `--jobs` and of a Dask cluster on the
same machine. `NUMBA_CACHE_DIR`, when set, wins. Inside it the functions go to a folder named by a
digest of every compiled module's source (`source_digest`): numba checks only the file a function
is written in, so a change to a primitive another file calls would otherwise load a stale machine
code. The first compile after an install or a source change takes seconds, so it says so, once per
process, on stderr when stderr is a terminal (a person waiting; not a log or a test runner that
mixes the streams into a command's JSON), or always with `BOARDGEN_COMPILE_NOTICE=1`.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: True when `BOARDGEN_PURE_PYTHON` is set to anything but "" or "0": no numba import, no compiling.
PURE_PYTHON: bool = os.environ.get("BOARDGEN_PURE_PYTHON", "").strip() not in ("", "0")

_numba: Any = None


def cache_dir() -> Path:
    """The folder compiled functions are cached in (`NUMBA_CACHE_DIR` if set, else a user cache folder)."""
    given = os.environ.get("NUMBA_CACHE_DIR")
    if given:
        return Path(given)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "boardgen" / "numba"


@cache
def source_digest() -> str:
    """A digest of the source of every module of the package that holds compiled functions."""
    package = Path(__file__).resolve().parent.parent
    h = hashlib.blake2b(digest_size=8)
    for path in sorted(package.rglob("*.py")):
        text = path.read_bytes()
        if b"njit" in text:
            h.update(path.relative_to(package).as_posix().encode() + b"\0" + text + b"\0")
    return h.hexdigest()


def _notice_compiles(event_module: Any) -> None:
    """Print one line on stderr when the first real compile of this process starts.

    numba fires "numba:compile" only when it compiles (not when it loads a function from the disk
    cache), so a cached start stays silent.
    """

    class Notice(event_module.Listener):
        said = False

        def on_start(self, event: Any) -> None:
            if not Notice.said and (os.environ.get("BOARDGEN_COMPILE_NOTICE") == "1" or _is_terminal(sys.stderr)):
                Notice.said = True
                print(f"compiling the fast path once (cached in {cache_dir()})", file=sys.stderr, flush=True)

        def on_end(self, event: Any) -> None:
            pass

    event_module.register("numba:compile", Notice())


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _load_numba() -> Any:
    """numba, imported on first use with its cache folder set (and the compile notice listening)."""
    global _numba
    if _numba is None:
        import numba
        from numba.core import event

        # set on numba's config, not in the environment: a worker process then finds the same folder
        numba.config.CACHE_DIR = _writable(cache_dir() / source_digest())  # type: ignore[attr-defined]  # numba.config sets its names at run time
        _notice_compiles(event)
        _numba = numba
    return _numba


def _writable(folder: Path) -> str:
    """`folder`, created; or, where it cannot be written (a read-only home), one in the temporary folder."""
    import tempfile

    for place in (folder, Path(tempfile.gettempdir()) / f"boardgen-numba-{os.getuid() if hasattr(os, 'getuid') else 0}"
                  / folder.name):
        try:
            place.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=place):
                return str(place)
        except OSError:
            continue
    return str(folder)  # numba then warns that it cannot cache, and compiles every run


def njit(*args: Any, refcounts: bool = True, **options: Any) -> Any:
    """`numba.njit(cache=True, **options)`, or the function itself when `PURE_PYTHON`.

    Usable bare (`@njit`) or with options (`@njit(inline="always")`). `refcounts=False` is for a
    function that allocates no array (its arrays are its caller's, alive for the whole call): it is
    compiled without numba's reference counting, which otherwise costs two atomic operations per
    array argument on every call, and on every inlined call inside a loop (measured: a quarter of
    the roll&write greedy bot's time). Allocating in such a function is a compile error, not a leak.
    """

    def wrap(fn: F) -> F:
        if PURE_PYTHON:
            return fn
        flags = options if refcounts else {**options, "_nrt": False}  # numba's switch for its runtime
        return _load_numba().njit(cache=True, **flags)(fn)

    if len(args) == 1 and callable(args[0]) and not options:
        return wrap(args[0])
    if args:
        raise TypeError("njit takes the function alone or keyword options")
    return wrap


def is_compiled(fn: Callable[..., Any]) -> bool:
    """Whether `fn` is a numba dispatcher (the fast path is on), for tests and bench figures."""
    return hasattr(fn, "py_func")


def count_bits_natively(plain: Callable[[Any], Any]) -> None:
    """Make compiled code call the CPU's popcount instruction (llvm.ctpop) where it calls `plain`, a
    plain-Python count of a 64-bit word's set bits (returning an int64); nothing when `PURE_PYTHON`,
    where `plain` itself runs. One count, two ways to run it: the plain one has no native counterpart."""
    if PURE_PYTHON:
        return
    numba = _load_numba()
    from numba.core.extending import intrinsic, overload

    @intrinsic
    def ctpop(typingctx: Any, x: Any) -> Any:
        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return numba.types.int64(x), codegen

    @overload(plain, inline="always")
    def native(x: Any) -> Any:
        def count(x: Any) -> Any:  # annotated as `native` is: numba compares the two signatures
            return ctpop(x)  # type: ignore[call-arg]  # an intrinsic's typing context is numba's, not the caller's

        return count
