"""The conservation laws and limits of a Winnice game, checked on a State (tests and playouts
with `invariants=True`): every card, piece, token and coin is somewhere, storage limits hold,
boards are legal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.winnice.model import ACTION_CARDS
from generator.games.winnice.setup import deck_specs

if TYPE_CHECKING:
    from generator.games.winnice.engine import State


def check_invariants(state: State) -> None:
    """Raise AssertionError if the state breaks a conservation law or a limit (tests, playouts)."""
    cat, t = state.cat, state.t
    grid = t.grid
    for i, p in enumerate(state.players):
        assert p.coins >= 0, f"player {i + 1} has {p.coins} coins"
        if state.drop != i:
            assert len(p.seedlings) <= t.seedling_cap[p.cards["greenhouse"]], f"player {i + 1} seedlings over limit"
            assert len(p.tokens) <= t.token_cap[p.cards["barrels"]], f"player {i + 1} tokens over limit"
        b = p.board
        assert not (b[0] & b[1] or b[0] & b[2] or b[1] & b[2]), "two seedlings on one square"
        assert p.drought & ~p.occupied == 0, "a drought token on an empty square"
        for colour in range(3):
            bits = 0
            for c, _s, pb in p.planted:
                if c == colour:
                    assert not bits & pb, "two pieces overlap"
                    bits |= pb
            assert bits == b[colour], "board and planted pieces disagree"
            for g in grid.regions(b[colour]):
                assert not grid.grow8(g) & b[colour] & ~g, "two plantings of one colour touch"
    for deck in ("deck23", "deck45", "disaster", "digits", "letters"):
        held = state.piles[deck] + state.discards[deck] + state.markets.get(deck, [])
        want = deck_specs(cat)[deck]
        assert len(held) == sum(want.values()), f"deck {deck}: {len(held)} cards, expected {sum(want.values())}"
    for card in ACTION_CARDS:
        total = state.bank_cards[card] + sum(p.cards[card] for p in state.players)
        assert total == cat.action_cards[card], f"{card} cards: {total}"
    pieces: dict[tuple[int, str], int] = dict(state.bank_pieces)
    for p in state.players:
        for key in p.seedlings:
            pieces[key] = pieces.get(key, 0) + 1
        for c, s, _ in p.planted:
            pieces[(c, s)] = pieces.get((c, s), 0) + 1
    assert {k: v for k, v in pieces.items() if v} == t.pieces, "seedling pieces not conserved"
    assert all(v >= 0 for v in state.bank_pieces.values()), "negative piece count"
    tokens: dict[tuple[int, int], int] = dict(state.bank_tokens)
    for p in state.players:
        for tok in p.tokens:
            tokens[tok] += 1
    assert tokens == cat.token_counts, "harvest tokens not conserved"
    drought = state.bank_drought + sum(p.drought.bit_count() for p in state.players)
    assert drought == cat.drought_tokens, "drought tokens not conserved"
    for p in state.players:
        assert sorted(p.workers + p.worker_bank) == sorted((*cat.worker_start, *cat.worker_bank)), "workers lost"
