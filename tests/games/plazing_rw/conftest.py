"""Fixtures for Plażing roll&write: the rulebook's Kasia sheet, drawn move by move on board 1."""

from __future__ import annotations

import pytest

from generator.games.plazing_rw.engine import END, State
from generator.games.plazing_rw.model import boards, catalog
from generator.games.plazing_rw.rules import parse_cell

# Kasia's sheet on board 1 (rulebook "Example of Scoring"): 8 areas (3 of 1 square, 2 of 2, 3 of 4)
# holding 5 amber, 4 shells and 3 pebbles, every special action used. Cells as printed ("B2").
# The rulebook does not show her drawing; ours draws L4 both ways round (E5 E6 E7 F5 is its
# mirror image), so it is played with the mirror house rule (KASIA_MIRROR), and a test checks that
# the same sheet without the rule is rejected for exactly that shape.
KASIA_MIRROR = True
KASIA_SETUP = ("I4", "B2 C2 D2 E2")
KASIA_ROUNDS: list[list[tuple[str, str, str]]] = [
    [("die", "I4", "F2 G2 H2 J2"), ("odd", "odd", "A3"), ("odd", "odd", "A4")],
    [("die", "I3", "D3 D4 D5"), ("odd", "odd", "K3"), ("odd", "odd", "K4")],
    [("die", "L4", "G3 G4 G5 H5"), ("special", "L4", "E5 E6 E7 F5")],
    [("die", "L4", "B5 C5 C6 C7"), ("odd", "odd", "A6"), ("odd", "odd", "A7")],
    [("die", "I3", "G6 G7 G8"), ("special", "S4", "J5 J6 K6 K7")],
    [("die", "L3", "E8 F7 F8"), ("special", "L3", "H7 H8 J8")],
    [("die", "I3", "B8 C8 D8")],
    [("die", "O4", "B9 C9 B10 C10")],
    [("die", "I3", "K8 K9 K10")],
    [("die", "I3", "A8 A9 A10")],
]


def _bits(state: State, cells: str) -> int:
    g = state.grid
    return g.bits(parse_cell(c, g, "fixture") for c in cells.split())


def kasia_dice() -> list[int]:
    cat = catalog()
    return [cat.shapes[KASIA_SETUP[0]].die] + [cat.shapes[r[0][1]].die for r in KASIA_ROUNDS]


def play_kasia(check: bool = True) -> State:
    """Play Kasia's sheet through the engine; every move must be legal when it is made."""
    state = State(boards()["1"], kasia_dice(), mirror=KASIA_MIRROR)
    moves = [("setup", KASIA_SETUP[0], KASIA_SETUP[1])]
    for rnd in KASIA_ROUNDS:
        moves.extend(rnd)
        if len(rnd) == 1 and state.cat.max_screens > 4:  # pragma: no cover - data guard
            moves.append(("end", "", ""))
    for source, sid, cells in moves:
        move = END if source == "end" else (source, sid, _bits(state, cells))
        if check:
            assert move in state.legal_moves(), f"illegal: {source} {sid} {cells} in round {state.round}"
        state.apply(move)
        if check:
            state.check_invariants()
    return state


@pytest.fixture
def kasia() -> State:
    return play_kasia()


# A quick fairness test for tests that only need *some* random boards (pads, codes, the CLI): a
# wide band and few games, so a board is decided in a few dozen games. The real parameters are
# tested in test_fairness.py (stubbed score streams and real boards).
QUICK_FAIRNESS = {"tolerance": 0.25, "z": 1.0, "z_futility": 0.5, "first_look": 8, "look": 8, "max_games": 32}


@pytest.fixture
def quick_fairness(monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    from generator.games.plazing_rw import fairness

    real = fairness.params()
    quick = {**real, **QUICK_FAIRNESS}
    monkeypatch.setattr(fairness, "params", lambda *_a: quick)
    return quick
