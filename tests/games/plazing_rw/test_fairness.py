"""Fair pads: the sequential difficulty test on stubbed score streams, and on real boards."""

from __future__ import annotations

import random
import statistics

import pytest

from generator.games.plazing_rw import fairness
from generator.games.plazing_rw.engine import ENGINE_VERSION
from generator.games.plazing_rw.fairness import Reference, sequential_test, synthetic_stream
from generator.games.plazing_rw.model import Board, boards
from generator.games.plazing_rw.rules import check_board

T, SD = 35.0, 8.5


def _reference(seed: int = 1, games: int = 800, mean: float = T, sd: float = SD) -> Reference:
    rng = random.Random(seed)
    scores = tuple(round(rng.gauss(mean, sd)) for _ in range(games))
    return Reference("1", False, False, games, statistics.fmean(scores), statistics.stdev(scores), scores[:480])


def _like(difficulty: int, mean: float, sd: float) -> Reference:
    """A stubbed reference with as many games behind its mean as the stored one of `difficulty`."""
    return _reference(mean=mean, sd=sd, games=fairness.reference(difficulty).games)


def _accept_rate(ref: Reference, mean: float, n: int, seed: int, rho: float = 0.0, sd: float = SD,
                 difficulty: int | None = None, edge: float | None = None) -> tuple[float, float]:
    """Acceptance rate and games per test of `n` stubbed boards of true mean `mean`, or, with
    `edge` (±tolerance), on that edge of the band round the reference's *true* mean, drawn afresh
    per board from the stored mean's own noise (sd / sqrt(games))."""
    acc = games = 0
    noise = random.Random(seed)
    for k in range(n):
        if edge is not None:
            mean = (ref.mean + noise.gauss(0.0, ref.sd / ref.games ** 0.5)) * (1 + edge)
        stream = synthetic_stream(mean, sd, random.Random(seed * 100_003 + k), ref.scores, rho, ref.mean, ref.sd)
        d = sequential_test(stream, ref, fairness.params(difficulty))
        acc += d.accepted
        games += d.games
    return acc / n, games / n


@pytest.mark.slow
@pytest.mark.parametrize("side", [-1, 1])
@pytest.mark.parametrize(("difficulty", "mean", "sd"), [(1, T, SD), (4, 18.45, 6.3)])
def test_a_board_on_the_band_edge_is_accepted_at_most_1_in_20(side: int, difficulty: int, mean: float,
                                                              sd: float) -> None:
    """The stated error rate, with each difficulty's test settings and a reference like its board
    (as many games behind its mean): a board on the edge of the band round printed board N's true
    mean, which the stored mean of its games only estimates."""
    ref = _like(difficulty, mean, sd)
    tol = fairness.params(difficulty)["tolerance"]
    rate, _games = _accept_rate(ref, ref.mean, 1000, seed=3 + side, sd=sd, difficulty=difficulty, edge=side * tol)
    # about 4.4 % for difficulty 1 and 4 % for 4 with these stubs (3,000 boards a side; random.toml
    # gives the simulation of real-like candidates); stated error rate: at most alpha = 5 %, and
    # 1,000 boards measure it to about ±0.7 %
    assert rate <= fairness.params()["alpha"] + 0.01


def test_accepted_boards_measure_inside_the_band_with_1000_games() -> None:
    """The issue's criterion over a population of candidates (means spread ±20 % round the target):
    of the accepted boards at most 1 in 20 measures outside ±5 % with 1,000 games."""
    ref = _reference(seed=2)
    tol = fairness.params()["tolerance"]
    rng = random.Random(7)
    accepted = outside = 0
    for k in range(1200):
        mean = ref.mean * (1 + rng.uniform(-0.2, 0.2))
        d = sequential_test(synthetic_stream(mean, SD, random.Random(k)), ref)
        if d.accepted:
            accepted += 1
            measured = mean + rng.gauss(0, SD / 1000 ** 0.5)
            outside += abs(measured - ref.mean) > tol * ref.mean
            assert d.low <= d.estimate <= d.high
    assert accepted >= 50  # curtailment gives up on boards near the edge: about 1 in 20 candidates is accepted
    assert outside / accepted <= 0.05


def test_a_centred_board_is_usually_accepted_and_a_far_one_rejected_at_once() -> None:
    ref = _reference(seed=4)
    rate, _ = _accept_rate(ref, ref.mean, 200, seed=11)
    assert rate >= 0.45  # futility stopping gives up on some good boards to save games (random.toml)
    far = sequential_test(synthetic_stream(ref.mean * 1.4, SD, random.Random(5)), ref)
    assert not far.accepted and far.reason == "outside" and far.games == fairness.params()["first_look"]


def test_curtailment_gives_up_early_on_boards_too_near_the_edge_and_only_rejects() -> None:
    """A board inside the band but hugging its edge (4.5 % above the target) can rarely be shown
    inside in time: the curtailment rule rejects some of them ("edge", the futility rule the
    most) before max_games, so the same boards cost fewer games, never with more acceptances."""
    ref = _like(1, T, SD)
    p = fairness.params(1)
    plain = {**p, "z_curtail": None}
    decisions = {"curtailed": [], "plain": []}
    for k in range(150):
        for name, q in (("curtailed", p), ("plain", plain)):
            stream = synthetic_stream(ref.mean * 1.045, SD, random.Random(k))
            decisions[name].append(sequential_test(stream, ref, q))
    cut, full = decisions["curtailed"], decisions["plain"]
    assert sum(d.reason == "edge" for d in cut) > 0.1 * len(cut)
    assert sum(d.reason == "undecided" for d in cut) < sum(d.reason == "undecided" for d in full)
    assert all(not d.accepted for d in cut if d.reason == "edge")
    assert all(d.reason != "edge" for d in full)
    assert statistics.fmean(d.games for d in cut) < 0.85 * statistics.fmean(d.games for d in full)
    assert sum(d.accepted for d in cut) <= sum(d.accepted for d in full)


def test_common_random_numbers_shorten_the_test_when_scores_move_together() -> None:
    """Paired with the reference's stored games on the same dice, a correlated candidate needs
    fewer games than an uncorrelated one for the same decision quality."""
    ref = _reference(seed=5)
    _, games_plain = _accept_rate(ref, ref.mean, 120, seed=21, rho=0.0)
    rate, games_crn = _accept_rate(ref, ref.mean, 120, seed=21, rho=0.8)
    rate_plain, _ = _accept_rate(ref, ref.mean, 120, seed=21, rho=0.0)
    assert games_crn < 0.8 * games_plain or rate > rate_plain + 0.2
    assert rate >= 0.7


def test_reference_data_is_this_engines_and_replays() -> None:
    refs = fairness.references()
    doc_games = {r.games for r in refs.values()}
    assert min(doc_games) >= fairness.params()["max_games"]
    assert {(b, h, m) for b in "1234" for h in (False, True) for m in (False, True)} <= set(refs)
    assert ENGINE_VERSION  # the file names the version it was measured with (checked on load)
    for key in (("1", False, False), ("4", True, False), ("3", False, True)):
        ref = refs[key]
        replay = fairness.score_games(boards()[key[0]], [fairness.crn_seed(i) for i in range(3)], key[1], key[2])
        assert tuple(replay) == ref.scores[:3]
        assert abs(statistics.fmean(ref.scores) - ref.mean) < 3 * ref.sd / len(ref.scores) ** 0.5 + 1


@pytest.mark.parametrize("board_id", ["1", "2", "3", "4"])
def test_whole_greedy_games_replay_the_stored_reference_scores(board_id: str) -> None:
    """The compiled greedy bot (bots.greedy_score: one kernel call per game, its setup cache)
    plays exactly the games the stored reference was measured with: game by game the same
    scores on the shared dice, plain and with both house rules."""
    refs = fairness.references()
    for (hard, mirror), games in (((False, False), 40), ((True, True), 10)):
        ref = refs[(board_id, hard, mirror)]
        replay = fairness.score_games(boards()[board_id], [fairness.crn_seed(i) for i in range(games)], hard, mirror)
        assert tuple(replay) == ref.scores[:games]


def _easy_board() -> Board:
    """Printed blankets ring six one-square pockets, each with a resource: areas closed before play
    that score (area and resources) without a single drawn square."""
    rows = [
        "..........",
        ".BBB.BBB..",
        ".BaB.BsB..",
        ".BBB.BBB..",
        "..........",
        ".BBB.BBB.s",
        ".BpB.BaB..",
        ".BBB.BBB..",
        "..s..p..a.",
        "..........",
    ]
    return Board(id="easy", rows=tuple(rows))


def test_a_deliberately_easy_board_is_rejected_for_difficulty_4() -> None:
    easy = _easy_board()
    assert "prw.closed-before-play" in {v.rule for v in check_board(easy)}  # the checker already refuses it
    d = fairness.decide(easy, 4)
    assert not d.accepted and d.reason == "outside"
    assert d.estimate > d.band[1]


def test_printed_board_judged_against_itself_is_exactly_on_target() -> None:
    """Common random numbers end to end: board 4 on the shared dice plays the stored games again,
    so the paired difference is 0 game by game and the first look accepts it."""
    d = fairness.decide(boards()["4"], 4)
    ref = fairness.reference(4)
    assert d.accepted and d.games == fairness.params(4)["first_look"]
    assert d.estimate == pytest.approx(ref.mean)


def test_reference_data_of_another_engine_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.core.checks import GenerationError

    monkeypatch.setattr(fairness, "ENGINE_VERSION", "0-stale")
    fairness.references.cache_clear()
    try:
        with pytest.raises(GenerationError, match="bench_plazing_rw_reference"):
            fairness.references()
    finally:
        monkeypatch.undo()
        fairness.references.cache_clear()
    assert fairness.references()
