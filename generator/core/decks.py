"""Decks: counted card specs, shuffled decks, and a composition check.

A deck spec is a mapping card id -> count (weights are counts: an edge-weighted coordinate deck
is just a spec with more copies of the edge values). `build` expands it in a stable order so a
seeded shuffle gives the same deck on every machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence

from generator.core.checks import Violation


def build(spec: Mapping[Hashable, int]) -> list[Hashable]:
    """The cards of a spec, each repeated by its count, in the spec's order."""
    out: list[Hashable] = []
    for card, count in spec.items():
        if count < 0:
            raise ValueError(f"card {card!r}: negative count {count}")
        out.extend([card] * count)
    return out


def shuffled_deck(spec: Mapping[Hashable, int], rng: random.Random) -> list[Hashable]:
    deck = build(spec)
    rng.shuffle(deck)
    return deck


def composition(deck: Sequence[Hashable]) -> Counter[Hashable]:
    return Counter(deck)


def check_composition(deck: Sequence[Hashable], spec: Mapping[Hashable, int], rule: str,
                      name: str = "deck") -> list[Violation]:
    """Violations (one per wrong card count) when `deck` is not a permutation of `spec`."""
    have = Counter(deck)
    want = Counter({k: v for k, v in spec.items() if v})
    if have == want:
        return []
    out = []
    for card in sorted(set(have) | set(want), key=str):
        if have[card] != want[card]:
            out.append(Violation(rule, f"{name} has {have[card]} × {card!r}, expected {want[card]}", card))
    return out
