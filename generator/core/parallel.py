"""Run many independent jobs (playouts, balancing candidates, pad sheets) on every core, or on a cluster.

Each job's seed is fixed before it is dispatched, so the results are identical whatever the number
of workers: `map_jobs` returns results in the order of `items`, never in completion order. Any
`concurrent.futures.Executor` may be passed (a process pool, a thread pool, the executor of a Dask
`distributed` client); with `jobs=1` and no executor the work runs inline, which is also what a single
job does, so no pool is started for nothing.

The function and the items need not be importable by name: they are sent to the workers with
cloudpickle, so a lambda or a closure over a board works as well as a module-level function; each job
gets its own copy of the function. The results come back with plain pickle (they are data).

`executor_from(jobs, scheduler)` turns the CLI's `--jobs` and `--scheduler` into that executor once,
at the command's boundary, so every `map_jobs` call inside one command shares one pool or one cluster.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar

from generator.core.checks import UserInputError

T = TypeVar("T")
R = TypeVar("R")

#: How long `executor_from` waits for a Dask scheduler before it gives up with a one-line error.
CONNECT_TIMEOUT_S = 10

_in_worker = False  # set in the processes of a pool this module starts
_default: int | None = None  # set by `jobs_default`


def default_jobs() -> int:
    """Every core this process may use; 1 inside a worker (a job that itself maps jobs runs them
    inline instead of starting a pool per worker, which would put N x N processes on N cores)."""
    if _default is not None:
        return _default
    if _in_worker or multiprocessing.current_process().daemon:
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


@contextlib.contextmanager
def jobs_default(n: int) -> Iterator[None]:
    """Within the block (and in pools started in it), `jobs=None` means `n` jobs: for a command whose
    --jobs already covers work that it calls without a jobs argument (`boardgen all`)."""
    global _default
    before, _default = _default, max(1, n)
    try:
        yield
    finally:
        _default = before


def _mark_worker() -> None:
    global _in_worker
    _in_worker = True


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes. On Linux they are forked: a fork starts in milliseconds with
    every module and loaded catalog of the parent, where a spawned worker would import them again
    (0.3-0.5 s each, as long as a whole small job)."""
    ctx = multiprocessing.get_context("fork") if sys.platform == "linux" else None
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_mark_worker)


def executor_workers(executor: Executor | None, jobs: int | None = None) -> int:
    """How many jobs can run at once on `executor` (or locally with `jobs`): for splitting work."""
    if executor is None:
        return default_jobs() if jobs is None else max(1, jobs)
    client = getattr(executor, "_client", None)  # distributed.cfexecutor.ClientExecutor
    if client is not None:
        with contextlib.suppress(Exception):
            return max(1, sum(client.nthreads().values()))
    return max(1, int(getattr(executor, "_max_workers", 0) or default_jobs()))


def map_jobs(fn: Callable[[T], R], items: Sequence[T], jobs: int | None = None,
             executor: Executor | None = None,
             progress: Callable[[int], None] | None = None) -> list[R]:
    """`[fn(x) for x in items]`, spread over `jobs` processes (default: every core) or `executor`.

    `progress(done)` is called as results arrive (in order), for a progress bar. An exception in a
    job is raised here, as it would be inline.
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
    with process_pool(min(workers, n)) as pool:
        return _collect(pool, fn, items, progress)


def _collect(executor: Executor, fn: Callable[[T], R], items: list[T],
             progress: Callable[[int], None] | None) -> list[R]:
    payload = _dumps(fn)  # also for threads: every job gets its own copy of `fn` (see _call)
    futures = [executor.submit(_call, payload, _dumps(x)) for x in items]
    out: list[R] = []
    try:
        for fut in futures:
            out.append(fut.result())
            if progress is not None:
                progress(len(out))
    except BaseException:
        for fut in futures:  # a failed job (or Ctrl-C) cancels what has not started
            fut.cancel()
        raise
    return out


def _dumps(obj: Any) -> bytes:
    """A job's function or item, pickled by value (a lambda or closure travels as well as a module's function)."""
    import cloudpickle  # only when work leaves this process

    return cloudpickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


def _call(payload: bytes, item: bytes) -> Any:
    """Run one job. The function is unpickled afresh for each job (cloudpickle's output loads with
    plain pickle): a function with state, such as an invariant checker that remembers the last state it
    saw, is then never shared by two jobs running at once in one worker's threads."""
    return pickle.loads(payload)(pickle.loads(item))


@contextlib.contextmanager
def executor_from(jobs: int | None, scheduler: str | None = None) -> Iterator[Executor | None]:
    """The executor for a command's `--jobs` and `--scheduler`, shut down when the block ends.

    - `scheduler` (a Dask scheduler address such as ``tcp://10.0.0.5:8786``): the jobs run on that
      Dask cluster (the optional extra ``boardgen[cluster]``); `jobs` is then ignored.
    - otherwise `jobs == 1` (or one core): None, so `map_jobs` runs everything inline;
    - otherwise a local pool of `jobs` processes (default: every core), started on first use and shared
      by every `map_jobs` call in the block.

    A missing `distributed` package or an unreachable scheduler is a one-line UserInputError.
    """
    if scheduler:
        with _dask_executor(scheduler) as ex:
            yield ex
        return
    workers = default_jobs() if jobs is None else max(1, jobs)
    if workers == 1:
        yield None
        return
    pool = process_pool(workers)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _dask_executor(address: str) -> Iterator[Executor]:
    try:
        from distributed import Client
        from distributed.comm import get_address_host_port
    except ImportError:
        raise UserInputError("--scheduler needs Dask's distributed package: "
                             "pip install 'boardgen[cluster]'") from None
    try:  # a malformed address is refused before a Client exists (a half-made one hangs at exit)
        _, port = get_address_host_port(address)
        if not 0 < int(port) < 65536:
            raise ValueError(f"port {port} out of range")
    except (ValueError, TypeError) as exc:
        raise UserInputError(f"bad Dask scheduler address {address!r} (expected tcp://HOST:PORT): {exc}") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        raise UserInputError(f"cannot reach the Dask scheduler at {address!r}: {reason}") from None
    try:
        ex = client.get_executor()
        try:
            yield ex
        finally:
            ex.shutdown(wait=False)
    finally:
        client.close()
