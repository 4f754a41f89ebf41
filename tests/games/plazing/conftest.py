"""Shared Plażing fixtures: a few generated setups (cached: generation is cheap but not free)."""

from __future__ import annotations

import copy

import pytest

from generator.games.plazing.model import Options, Setup
from generator.games.plazing.setup import generate

ALL = Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True)


def fresh(options: Options = ALL, seed: int = 3) -> Setup:
    return generate(options, seed)


@pytest.fixture
def full_setup() -> Setup:
    """A 4-player setup with surprises, both event packs and waste (a fresh copy per test)."""
    return copy.deepcopy(fresh())
