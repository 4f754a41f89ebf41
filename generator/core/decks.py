"""Decks: counted card specs, shuffled decks, and a composition check.

A deck spec is a mapping card id -> count (weights are counts: an edge-weighted coordinate deck
is just a spec with more copies of the edge values). `build` expands it in a stable order so a
seeded shuffle gives the same deck on every machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from generator.core.checks import Violation

#: a card id (str in every game): the deck a spec makes holds the spec's own key type
Card = TypeVar("Card", bound=Hashable)


def build(spec: Mapping[Card, int]) -> list[Card]:
    """The cards of a spec, each repeated by its count, in the spec's order."""
    out: list[Card] = []
    for card, count in spec.items():
        if count < 0:
            raise ValueError(f"card {card!r}: negative count {count}")
        out.extend([card] * count)
    return out


def shuffled_deck(spec: Mapping[Card, int], rng: random.Random) -> list[Card]:
    deck = build(spec)
    rng.shuffle(deck)
    return deck


def composition(deck: Sequence[Card]) -> Counter[Card]:
    return Counter(deck)


def check_composition(deck: Sequence[Card], spec: Mapping[Card, int], rule: str,
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
