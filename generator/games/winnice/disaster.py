"""The end of a Winnice round: the disaster phase ("klęska urodzajów") and the markets refilled,
and the one way every deck is drawn (an empty pile reshuffles its discards with the engine's rng).

Functions of the State (engine.py), which calls them at the end of each round's planting."""

from __future__ import annotations

from typing import Any

from generator.games.winnice.model import DECKS

#: engine.State, read by its attributes (piles, discards, rng, players…): naming the type would make
#: this module and the engine that calls it one import cycle (tests/test_import_cycles.py)
State = Any


def draw(state: State, deck: str) -> str | None:
    """The top card of `deck` (None when the pile and its discards are both empty)."""
    pile = state.piles[deck]
    if not pile:
        if not state.discards[deck]:
            return None
        pile.extend(state.discards[deck])
        state.discards[deck].clear()
        state.rng.shuffle(pile)
    return pile.pop()


def disaster(state: State) -> None:
    """Turn the top disaster card; on a drought of a colour, draw a digit and a letter: every
    player with a seedling of that colour on that square gets a drought token there (at most one
    a square, none once the bank's tokens are all out)."""
    card = draw(state, "disaster")
    if card is None:  # pragma: no cover - the catalog check requires cards
        return
    state.discards["disaster"].append(card)
    if not card.startswith("drought"):
        state.last_disaster = (card, None, None)
        return
    colour = 0 if card.endswith("Y") else 1
    digit, letter = draw(state, "digits"), draw(state, "letters")
    assert digit is not None and letter is not None
    state.discards["digits"].append(digit)
    state.discards["letters"].append(letter)
    state.last_disaster = (card, letter, digit)
    x = state.cat.columns.index(letter)
    y = int(digit) - 1
    bit = state.t.grid.bit(x, y)
    for p in state.players:
        if p.board[colour] & bit and not p.drought & bit and state.bank_drought > 0:
            p.drought |= bit
            state.bank_drought -= 1
            state.drought_hits += 1


def refill_markets(state: State) -> None:
    """Turn cards until each market shows `market_size` again (or its deck is out)."""
    for deck in DECKS:
        market = state.markets[deck]
        while len(market) < state.cat.market_size:
            cid = draw(state, deck)
            if cid is None:
                break
            market.append(cid)
