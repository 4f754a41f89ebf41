"""core.matching against brute force, and its Hall witness."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.matching import UNMATCHED, hall_violator, is_complete, max_matching


def brute_force_size(adj: list[int], n_right: int) -> int:
    """The largest matching by trying every injective assignment of a subset of left vertices."""
    best = 0
    n = len(adj)
    for k in range(n, 0, -1):
        for lefts in itertools.combinations(range(n), k):
            for rights in itertools.permutations(range(n_right), k):
                if all(adj[u] >> v & 1 for u, v in zip(lefts, rights, strict=True)):
                    return k
        if best:
            break
    return best


def check_matching(adj: list[int], match: list[int]) -> None:
    used = [v for v in match if v != UNMATCHED]
    assert len(used) == len(set(used))  # no right vertex twice
    for u, v in enumerate(match):
        if v != UNMATCHED:
            assert adj[u] >> v & 1  # only real edges


def random_graph(rng: random.Random) -> tuple[list[int], int]:
    n_left, n_right = rng.randint(0, 6), rng.randint(0, 6)
    p = rng.random()
    adj = [sum(1 << v for v in range(n_right) if rng.random() < p) for _ in range(n_left)]
    return adj, n_right


def test_matching_equals_brute_force_on_many_small_random_graphs():
    rng = random.Random(2026)
    incomplete = 0
    for _ in range(1500):
        adj, n_right = random_graph(rng)
        match = max_matching(adj)
        check_matching(adj, match)
        size = sum(v != UNMATCHED for v in match)
        assert size == brute_force_size(adj, n_right), adj
        incomplete += UNMATCHED in match
        group, nbrs = hall_violator(adj, match)
        if UNMATCHED in match:
            assert group and bin(nbrs).count("1") < len(group)  # Hall's condition fails on the witness
            union = 0
            for u in group:
                union |= adj[u]
            assert union == nbrs
        else:
            assert group == [] and is_complete(adj)
    assert 100 < incomplete < 1400  # both kinds of graph were tried


@settings(max_examples=120)
@given(st.lists(st.integers(min_value=0, max_value=2**6 - 1), max_size=6))
def test_matching_size_property(adj):
    match = max_matching(adj)
    check_matching(adj, match)
    assert sum(v != UNMATCHED for v in match) == brute_force_size(adj, 6)


def test_needs_augmenting_paths():
    # greedy alone gives left 0 -> right 0 and leaves left 1 (only right 0) unmatched
    adj = [0b11, 0b01]
    assert max_matching(adj) == [1, 0]


def expand(left_cap, right_cap, adj):
    """The vertex graph of a typed graph: type i -> left_cap[i] identical vertices."""
    starts, k = [], 0
    for c in right_cap:
        starts.append(k)
        k += c
    out = []
    for i, c in enumerate(left_cap):
        mask = 0
        for j, rc in enumerate(right_cap):
            if adj[i] >> j & 1:
                mask |= ((1 << rc) - 1) << starts[j]
        out += [mask] * c
    return out


def test_b_matching_equals_the_expanded_matching():
    from generator.core.matching import b_hall_violator, max_b_matching

    rng = random.Random(11)
    short = 0
    for _ in range(800):
        nl, nr = rng.randint(1, 6), rng.randint(1, 6)
        left = [rng.randint(0, 4) for _ in range(nl)]
        right = [rng.randint(0, 4) for _ in range(nr)]
        adj = [rng.getrandbits(nr) for _ in range(nl)]
        flow = max_b_matching(left, right, adj)
        for i in range(nl):
            assert sum(flow[i]) <= left[i]
            for j in range(nr):
                assert flow[i][j] >= 0 and (flow[i][j] == 0 or adj[i] >> j & 1)
        for j in range(nr):
            assert sum(flow[i][j] for i in range(nl)) <= right[j]
        total = sum(map(sum, flow))
        big = max_matching(expand(left, right, adj))
        assert total == sum(v != UNMATCHED for v in big)  # as large as the (brute-force-tested) matching
        group, nbrs = b_hall_violator(left, right, adj, flow)
        if total < sum(left):
            short += 1
            union = 0
            for i in group:
                union |= adj[i]
            assert union == nbrs
            assert sum(right[j] for j in range(nr) if nbrs >> j & 1) < sum(left[i] for i in group)
        else:
            assert group == []
    assert 100 < short < 700
