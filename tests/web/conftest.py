"""The browser tests' fixtures: a server on its own serve folder and a headless Chromium, one of each
per test module (each module counts the results its own tests make)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.web.browser import ARGS, CHROMIUM, Running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Running]:
    running = Running(tmp_path_factory.mktemp("serve-" + request.module.__name__.rpartition(".")[2]) / "output")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
