"""Run many independent jobs (playouts, balancing candidates, pad sheets) on every core.

Each job's seed is fixed before it is dispatched, so the results are identical whatever the number
of workers: `map_jobs` returns results in the order of `items`, never in completion order. The
function must be a module-level (picklable) callable. Any `concurrent.futures.Executor` may be
passed (a process pool, a Dask `distributed` client's executor); with `jobs=1` and no executor the
work runs inline, which is also what a single small job does, so no pool is started for nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def map_jobs(fn: Callable[[T], R], items: Sequence[T], jobs: int | None = None,
             executor: Executor | None = None,
             progress: Callable[[int], None] | None = None) -> list[R]:
    """`[fn(x) for x in items]`, spread over `jobs` processes (default: every core) or `executor`.

    `progress(done)` is called as results arrive (in order), for a progress bar.
    """
    items = list(items)
    n = len(items)
    workers = default_jobs() if jobs is None else max(1, jobs)
    if executor is None and (workers == 1 or n <= 1):
        out: list[R] = []
        for x in items:
            out.append(fn(x))
            if progress is not None:
                progress(len(out))
        return out
    if executor is not None:
        return _collect(executor, fn, items, progress)
    with ProcessPoolExecutor(max_workers=min(workers, n)) as pool:
        return _collect(pool, fn, items, progress)


def _collect(executor: Executor, fn: Callable[[T], R], items: list[T],
             progress: Callable[[int], None] | None) -> list[R]:
    futures = [executor.submit(fn, x) for x in items]
    out: list[R] = []
    for fut in futures:
        out.append(fut.result())
        if progress is not None:
            progress(len(out))
    return out
