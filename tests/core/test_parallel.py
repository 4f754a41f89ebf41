"""core.parallel: results in input order for any number of workers, any executor, and a Dask cluster."""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from generator.clikit import JobsOpt, SchedulerOpt, guarded, print_json
from generator.core import parallel
from generator.core.checks import UserInputError
from generator.core.parallel import default_jobs, executor_from, map_jobs
from generator.core.playout import run_playouts
from generator.core.rng import make_rng


def _square(x: int) -> int:
    return x * x


def _seeded(seed: int) -> list[int]:
    """A job whose result depends only on its own seed, never on the worker that runs it."""
    rng = make_rng(seed, "job")
    return [rng.randrange(1000) for _ in range(5)]


def _jobs_inside(_: int) -> int:
    return default_jobs()


def _boom(x: int) -> int:
    if x == 3:
        raise ValueError("job 3 failed")
    return x


def test_results_in_input_order_for_any_jobs():
    items = list(range(23))
    inline = map_jobs(_seeded, items, jobs=1)
    assert inline == [_seeded(i) for i in items]
    for jobs in (2, 3, None):
        assert map_jobs(_seeded, items, jobs=jobs) == inline
    with ProcessPoolExecutor(2) as pool:
        assert map_jobs(_seeded, items, executor=pool) == inline
    with ThreadPoolExecutor(3) as pool:
        assert map_jobs(_seeded, items, executor=pool) == inline


def test_lambdas_and_closures_reach_the_workers():
    offset = 1000
    assert map_jobs(lambda x: x + offset, [1, 2, 3], jobs=2) == [1001, 1002, 1003]
    assert map_jobs(_square, [(lambda: 4)()], jobs=2) == [16]  # one item: runs inline


def test_each_job_gets_its_own_copy_of_the_function():
    """A function with state (an invariant checker remembering the last state) is never shared by
    two jobs running at once, in threads or in processes."""
    seen: list[int] = []

    def remember(x: int) -> int:
        seen.append(x)
        return len(seen)

    with ThreadPoolExecutor(3) as pool:
        assert map_jobs(remember, range(6), executor=pool) == [1] * 6
    assert map_jobs(remember, range(4), jobs=2) == [1] * 4
    assert seen == []  # the caller's own copy is untouched


def test_progress_counts_up_in_order():
    seen: list[int] = []
    map_jobs(_square, range(7), jobs=2, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5, 6, 7]


def test_a_failing_job_raises_here():
    with pytest.raises(ValueError, match="job 3 failed"):
        map_jobs(_boom, range(6), jobs=2)


def test_a_job_inside_a_worker_maps_inline():
    """A pool's workers do not start pools of their own (N x N processes on N cores)."""
    assert map_jobs(_jobs_inside, range(4), jobs=2) == [1, 1, 1, 1]
    with executor_from(2) as ex:
        assert map_jobs(_jobs_inside, range(3), executor=ex) == [1, 1, 1]


def _pid(_: int) -> int:
    import os

    return os.getpid()


def test_jobs_default_sets_what_none_means():
    import os

    with parallel.jobs_default(1):
        assert default_jobs() == 1
        assert set(map_jobs(_pid, range(4))) == {os.getpid()}  # inline
    assert parallel._default is None
    assert set(map_jobs(_pid, range(4), jobs=2)) - {os.getpid()}  # a pool again


def test_executor_from_local():
    with executor_from(1) as ex:
        assert ex is None
    with executor_from(2) as ex:
        assert isinstance(ex, ProcessPoolExecutor)
        assert map_jobs(_square, range(5), executor=ex) == [0, 1, 4, 9, 16]
        assert map_jobs(_square, range(3), executor=ex) == [0, 1, 4]  # one pool for every call


def test_scheduler_without_distributed_is_one_line(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    with pytest.raises(UserInputError, match=r"boardgen\[cluster\]"), executor_from(2, "tcp://127.0.0.1:8786"):
        pass


def test_unreachable_scheduler_is_one_line(monkeypatch):
    pytest.importorskip("distributed", reason="the cluster extra (Dask distributed) is not installed")
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT_S", 1)
    with pytest.raises(UserInputError, match="cannot reach the Dask scheduler") as info, \
            executor_from(None, "tcp://127.0.0.1:9"):
        pass
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("address", ["nonsense", "tcp://", "http://127.0.0.1:8786", "tcp://127.0.0.1:99999"])
def test_malformed_scheduler_address_is_one_line(address):
    pytest.importorskip("distributed", reason="the cluster extra (Dask distributed) is not installed")
    with pytest.raises(UserInputError, match="bad Dask scheduler address") as info, executor_from(None, address):
        pass
    assert "\n" not in str(info.value)


def _plazing_board():
    from generator.games.plazing.engine import board_for
    from generator.games.plazing.model import Options
    from generator.games.plazing.setup import generate

    return board_for(generate(Options(players=3, surprises=True, events=True), 2))


@pytest.fixture(scope="module")
def dask_address():
    """A Dask LocalCluster of two worker processes on this machine (loopback only)."""
    distributed = pytest.importorskip("distributed",
                                      reason="the cluster extra (Dask distributed) is not installed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=":0")  # any free port: runs side by side never collide
    with cluster:
        yield cluster.scheduler_address


def test_dask_local_cluster_gives_the_local_report(dask_address):
    """Two Dask worker processes: the same playout report as one core, the same job results."""
    from generator.games.plazing.engine import State  # its greedy bot is found beside it (bots.py)

    board = _plazing_board()

    def make(rng):
        return State(board, rng)

    local = run_playouts(make, 16, 21, ["greedy", "random", "random"])
    assert local.playable
    with executor_from(None, dask_address) as ex:
        assert parallel.executor_workers(ex) == 2
        remote = run_playouts(make, 16, 21, ["greedy", "random", "random"], executor=ex)
        items = list(range(10))
        assert map_jobs(_seeded, items, executor=ex) == [_seeded(i) for i in items]
    assert remote == local
    assert remote.to_json() == local.to_json()


def _study_app():  # the options' types are module globals: Typer reads the annotations by name
    """A command wired as the house plan says: --jobs and --scheduler resolved once into an executor."""
    import typer

    from generator.games.plazing_rw.engine import new_game
    from generator.games.plazing_rw.model import boards

    app = typer.Typer()

    @app.command()
    def study(games: int = 12, jobs: JobsOpt = None, scheduler: SchedulerOpt = None) -> None:
        b = boards()["3"]
        with guarded(), executor_from(jobs, scheduler) as ex:
            rep = run_playouts(lambda rng: new_game(b, rng), games, 4, "greedy", jobs=jobs, executor=ex)
        print_json(rep.to_json())

    return app


def test_scheduler_option_at_the_cli_boundary(dask_address, monkeypatch):
    from typer.testing import CliRunner

    app, runner = _study_app(), CliRunner()
    one = runner.invoke(app, ["--jobs", "1"])
    two = runner.invoke(app, ["--jobs", "2"])
    cluster = runner.invoke(app, ["--scheduler", dask_address])
    assert one.exit_code == two.exit_code == cluster.exit_code == 0, cluster.output
    assert one.output == two.output == cluster.output
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT_S", 1)
    bad = runner.invoke(app, ["--scheduler", "tcp://127.0.0.1:9"])
    assert bad.exit_code == 2 and "cannot reach the Dask scheduler" in bad.output
    assert len(bad.output.strip().splitlines()) == 1


def test_the_commands_the_readme_names_take_scheduler(dask_address, tmp_path):
    """`--scheduler` on the real commands (the README's cluster section): the same report as one
    core (the wiring was once only in a test app, and the README's own example failed)."""
    from typer.testing import CliRunner

    from generator.cli import app

    runner = CliRunner()
    rw = ["plazing-rw", "check", "--board", "3", "--seed", "5", "--games", "6", "--bot", "greedy", "--json"]
    one, cluster = runner.invoke(app, [*rw, "--jobs", "1"]), runner.invoke(app, [*rw, "--scheduler", dask_address])
    assert one.exit_code == cluster.exit_code == 0, cluster.output
    assert one.output == cluster.output
    made = runner.invoke(app, ["winnice", "setup", "--players", "2", "--seed", "4", "--out", str(tmp_path)])
    assert made.exit_code == 0, made.output
    (setup,) = tmp_path.glob("winnice/*/setup.json")
    wn = ["winnice", "check", str(setup), "--playouts", "4", "--json"]
    one, cluster = runner.invoke(app, [*wn, "--jobs", "1"]), runner.invoke(app, [*wn, "--scheduler", dask_address])
    assert one.exit_code == cluster.exit_code == 0, cluster.output
    assert one.output == cluster.output and '"playouts"' in one.output
