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
from typing import Any

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


# --- capacitated (b-)matching between vertex types ------------------------------------------------


def max_b_matching(left_cap: Sequence[int], right_cap: Sequence[int], adj: Sequence[int]) -> list[list[int]]:
    """A maximum b-matching between vertex *types*: `flow[i][j]` units from left type i (capacity
    `left_cap[i]`) to right type j (capacity `right_cap[j]`) along edges `adj[i]` (bitmask of j).

    Equivalent to `max_matching` on the graph where each type is expanded into `cap` identical
    vertices, but its work grows with the number of types, not vertices: a matching of 22 orbits to
    22 planets is 6 orbit numbers against 6 planet kinds. Augmenting paths (DFS over types, pushing
    the path's bottleneck at once) after a greedy start; deterministic.
    """
    nl, nr = len(left_cap), len(right_cap)
    flow = [[0] * nr for _ in range(nl)]
    lres = list(left_cap)
    rres = list(right_cap)
    for i in range(nl):  # greedy: fill each left type from its neighbours in order
        m = adj[i]
        while m and lres[i]:
            low = m & -m
            m ^= low
            j = low.bit_length() - 1
            f = min(lres[i], rres[j])
            if f:
                flow[i][j] += f
                lres[i] -= f
                rres[j] -= f
    for i in range(nl):
        while lres[i]:
            path = _b_path(i, adj, flow, rres, [{i}, 0])
            if path is None:
                break
            # path: [(left, right), ...]: push on (l0,r0), pull back on (l1,r0), push (l1,r1), ...
            amount = min(lres[i], rres[path[-1][1]])
            for k in range(1, len(path)):
                amount = min(amount, flow[path[k][0]][path[k - 1][1]])
            for k, (u, v) in enumerate(path):
                flow[u][v] += amount
                if k:
                    flow[u][path[k - 1][1]] -= amount
            lres[i] -= amount
            rres[path[-1][1]] -= amount
    return flow


def _b_path(u: int, adj: Sequence[int], flow: list[list[int]], rres: list[int],
            seen: list[Any]) -> list[tuple[int, int]] | None:
    """DFS for an augmenting path from left type `u`: [(u0, v0), (u1, v1), …] where u0 sends to v0,
    u1 moves units from v0 to v1, …, and the last right type has spare capacity. `seen` holds the
    left types (a set) and right types (a bitmask) visited."""
    cand = adj[u] & ~seen[1]
    while cand:
        low = cand & -cand
        cand ^= low
        if seen[1] & low:
            continue
        seen[1] |= low
        v = low.bit_length() - 1
        if rres[v] > 0:
            return [(u, v)]
        for w in range(len(flow)):
            if w not in seen[0] and flow[w][v] > 0:
                seen[0].add(w)
                rest = _b_path(w, adj, flow, rres, seen)
                if rest is not None:
                    return [(u, v), *rest]
    return None


def b_hall_violator(left_cap: Sequence[int], right_cap: Sequence[int], adj: Sequence[int],
                    flow: Sequence[Sequence[int]]) -> tuple[list[int], int]:
    """(left types S, bitmask of right types N(S)) with cap(N(S)) < cap(S) when `flow` (a maximum
    b-matching) leaves left capacity unused; ([], 0) when it is complete."""
    nl = len(left_cap)
    start = [i for i in range(nl) if sum(flow[i]) < left_cap[i]]
    if not start:
        return [], 0
    left, right = set(start), 0
    stack = list(start)
    while stack:
        u = stack.pop()
        new = adj[u] & ~right
        right |= new
        while new:
            low = new & -new
            new ^= low
            v = low.bit_length() - 1
            for w in range(nl):
                if w not in left and flow[w][v] > 0:
                    left.add(w)
                    stack.append(w)
    return sorted(left), right
