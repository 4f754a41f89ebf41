"""Shared Planety fixtures."""

from __future__ import annotations

import copy

import pytest

from generator.games.planety.model import Setup, builtin_catalog
from generator.games.planety.setup import generate


@pytest.fixture(scope="session")
def cat():
    return builtin_catalog()


@pytest.fixture
def setup4() -> Setup:
    """A 4-player setup (a fresh copy per test)."""
    return copy.deepcopy(generate(4, 7))
