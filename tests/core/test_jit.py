"""The JIT switch: one decorator, numba only where a compiled function lives, a cache that a user owns."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import sys
from generator.core import jit

@jit.njit
def add(a, b):
    return a + b

@jit.njit(inline="never")
def twice(a):
    return add(a, a)

print(jit.PURE_PYTHON, jit.is_compiled(add), twice(21), "numba" in sys.modules)
"""


def _run(code: str, script: Path | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh interpreter (from the file `script` when given: numba caches only functions
    defined in a file)."""
    full = {k: v for k, v in os.environ.items() if k not in ("BOARDGEN_PURE_PYTHON", "NUMBA_CACHE_DIR")}
    full.update(env)
    full["PYTHONPATH"] = str(ROOT)
    if script is not None:
        script.write_text(code)
    args = [sys.executable, str(script)] if script is not None else [sys.executable, "-c", code]
    return subprocess.run(args, capture_output=True, text=True, env=full, cwd=ROOT, timeout=300)


def test_pure_python_hands_back_the_function_and_imports_no_numba(tmp_path):
    cache = tmp_path / "cache"
    out = _run(_PROBE, tmp_path / "probe.py", BOARDGEN_PURE_PYTHON="1", NUMBA_CACHE_DIR=str(cache))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "False", "42", "False"]
    assert out.stderr == "" and not cache.exists()


def test_compiled_path_caches_in_the_given_folder_and_says_so_once(tmp_path):
    pytest.importorskip("numba")
    cache = tmp_path / "cache"
    first = _run(_PROBE, tmp_path / "probe.py", NUMBA_CACHE_DIR=str(cache), BOARDGEN_COMPILE_NOTICE="1")
    assert first.returncode == 0, first.stderr
    assert first.stdout.split() == ["False", "True", "42", "True"]
    assert first.stderr.count("compiling the fast path once") == 1
    assert any(cache.rglob("*.nbi")), "no cache index written"
    again = _run(_PROBE, tmp_path / "probe.py", NUMBA_CACHE_DIR=str(cache), BOARDGEN_COMPILE_NOTICE="1")
    assert again.returncode == 0 and again.stdout == first.stdout
    assert "compiling" not in again.stderr  # loaded from the cache: silent


def test_default_cache_folder_is_a_user_folder(tmp_path):
    out = _run("from generator.core import jit; print(jit.cache_dir())", XDG_CACHE_HOME=str(tmp_path))
    if sys.platform.startswith("linux"):
        assert out.stdout.strip() == str(tmp_path / "boardgen" / "numba")  # + a source digest inside


def test_zero_means_off():
    out = _run("from generator.core import jit; print(jit.PURE_PYTHON)", BOARDGEN_PURE_PYTHON="0")
    assert out.stdout.strip() == "False"


def test_version_imports_no_jit():
    out = _run("import sys; sys.argv=['boardgen','--version']\n"
               "from generator import cli\n"
               "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
               "print('numba' in sys.modules, 'generator.core.jit' in sys.modules)")
    assert out.stdout.strip().splitlines()[-1] == "False False", out.stdout + out.stderr


def test_an_unwritable_cache_folder_falls_back_to_the_temporary_folder(tmp_path):
    pytest.importorskip("numba")
    blocker = tmp_path / "blocker"  # a file where a folder should be: no one can write below it, not even root
    blocker.write_text("")
    (tmp_path / "tmp").mkdir()
    out = _run(_PROBE, tmp_path / "probe.py", NUMBA_CACHE_DIR=str(blocker / "cache"), TMPDIR=str(tmp_path / "tmp"))
    assert out.returncode == 0, out.stderr
    assert any((tmp_path / "tmp").rglob("*.nbi"))


def test_the_compile_notice_stays_out_of_captured_output(tmp_path):
    """Not a terminal (a log, a test runner mixing the streams into a command's JSON): no notice."""
    pytest.importorskip("numba")
    out = _run(_PROBE, tmp_path / "probe.py", NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    assert out.returncode == 0 and out.stderr == "", out.stderr


_NATIVE = """
import random, sys
import numpy as np
from generator.core import jit, kernels

@jit.njit(refcounts=False)
def count(words, out):
    for i in range(len(words)):
        out[i] = kernels.popcount(words[i])

@jit.njit(refcounts=False)
def allocates(n):
    return np.zeros(n)

rng = random.Random(7)
words = np.array([rng.getrandbits(rng.choice((1, 7, 33, 64))) for _ in range(2000)] + [0, 2**64 - 1], np.uint64)
out = np.zeros(len(words), np.int64)
count(words, out)
print(all(int(c) == int(w).bit_count() for c, w in zip(out, words)))
try:
    allocates(3)
    print("allocated")
except Exception as exc:
    print("refused" if type(exc).__name__ == "TypingError" and "empty" in str(exc) else repr(exc)[:200])
"""


@pytest.mark.parametrize("pure", ["1", "0"])
def test_popcount_and_uncounted_functions_on_both_paths(tmp_path, pure):
    """Compiled callers of core.kernels.popcount count with the CPU's instruction, the plain path with
    the SWAR source: the same counts. A function compiled without reference counts (`refcounts=False`)
    may not allocate: numba refuses it rather than leak (the plain path just runs it)."""
    if pure == "0":
        pytest.importorskip("numba")
    out = _run(_NATIVE, tmp_path / "native.py", BOARDGEN_PURE_PYTHON=pure, NUMBA_CACHE_DIR=str(tmp_path / "c"))
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True", "allocated" if pure == "1" else "refused"]
