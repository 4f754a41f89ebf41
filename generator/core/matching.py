"""Maximum bipartite matching on bitsets, and the Hall witness when a side cannot be covered.

Used where "can every X get its own Y?" must be proved rather than hoped for (Planety: can every
orbit of every player get its own face-up planet?). The left side is a list of vertices, each with
its neighbours on the right as a bitmask (bit j = right vertex j) — Python ints make the set
operations cheap, and the graphs this serves are small (tens of vertices), so Kuhn's augmenting
paths after a greedy start beat Hopcroft–Karp's bookkeeping.

When the matching is not complete, `hall_violator` returns the proof: a set S of left vertices
whose neighbourhood N(S) is smaller than S (König: the left vertices reachable from an unmatched
one by alternating paths), which a checker can print ("these 7 orbits have only 6 planets").
"""

from __future__ import annotations

from collections.abc import Sequence

UNMATCHED = -1


def max_matching(adj: Sequence[int]) -> list[int]:
    """A maximum matching: `out[u]` is the right vertex matched to left vertex `u`, or -1.

    Deterministic: the greedy start takes each left vertex's lowest free neighbour in order, and the
    augmenting search tries neighbours from the lowest bit up.
    """
    n = len(adj)
    match = [UNMATCHED] * n
    owner: dict[int, int] = {}
    used = 0
    for u in range(n):
        free = adj[u] & ~used
        if free:
            low = free & -free
            v = low.bit_length() - 1
            match[u] = v
            owner[v] = u
            used |= low
    for u in range(n):
        if match[u] == UNMATCHED and adj[u]:
            _augment(u, adj, match, owner, [0])
    return match


def _augment(u: int, adj: Sequence[int], match: list[int], owner: dict[int, int], seen: list[int]) -> bool:
    """Find an augmenting path from free left vertex `u` (DFS; `seen` is a one-item bitset box)."""
    cand = adj[u] & ~seen[0]
    while cand:
        low = cand & -cand
        cand ^= low
        if seen[0] & low:
            continue
        seen[0] |= low
        v = low.bit_length() - 1
        w = owner.get(v)
        if w is None or _augment(w, adj, match, owner, seen):
            match[u] = v
            owner[v] = u
            return True
    return False


def is_complete(adj: Sequence[int]) -> bool:
    """Can every left vertex get its own right vertex?"""
    return UNMATCHED not in max_matching(adj)


def hall_violator(adj: Sequence[int], match: Sequence[int] | None = None) -> tuple[list[int], int]:
    """(S, N(S)) with |N(S)| < |S| when `match` (default: a maximum matching) leaves a left vertex
    unmatched; ([], 0) when the matching is complete. S is sorted; N(S) is a bitmask."""
    m = list(max_matching(adj) if match is None else match)
    owner = {v: u for u, v in enumerate(m) if v != UNMATCHED}
    start = [u for u, v in enumerate(m) if v == UNMATCHED]
    if not start:
        return [], 0
    left = set(start)
    stack = list(start)
    right = 0
    while stack:
        u = stack.pop()
        new = adj[u] & ~right
        right |= new
        while new:
            low = new & -new
            new ^= low
            w = owner.get(low.bit_length() - 1)
            if w is not None and w not in left:
                left.add(w)
                stack.append(w)
    return sorted(left), right
