"""Test-wide settings: hypothesis never fails on a slow example (tests never assert on time), and
under CI it is derandomized so a red run can be replayed exactly."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


#: long property and statistics runs in files that do not import pytest (the others carry
#: @pytest.mark.slow): slow, so the README's test command leaves them to `.ci/run`'s second step
SLOW_BY_NAME = {
    "tests/test_cli_all.py::test_all_is_reproducible_byte_for_byte",
    "tests/games/plazing/test_engine_sim.py::test_random_games_keep_every_invariant",
    "tests/games/plazing/test_engine_sim.py::test_many_games_end_and_use_every_rule",
    "tests/games/plazing/test_valuation.py::test_fast_paths_agree_with_the_plain_rules_over_whole_games",
}


@pytest.hookimpl(tryfirst=True)  # before -m deselects anything
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    found, files = set(), set()
    for item in items:
        name = item.nodeid.split("[")[0]
        files.add(name.split("::")[0])
        if name in SLOW_BY_NAME:
            item.add_marker(pytest.mark.slow)
            found.add(name)
    missing = sorted(n for n in SLOW_BY_NAME - found if n.split("::")[0] in files)
    if missing:  # a renamed test must not slip into the quick run unseen
        raise pytest.UsageError(f"tests/conftest.py SLOW_BY_NAME names tests that do not exist: {', '.join(missing)}")
