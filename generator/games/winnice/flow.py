"""The order of play in Winnice: whose turn it is and what comes next (the round's phases, the
spaces resolved down the board, the turn passed on to the next player with something to do).

Functions of the State (engine.py), which calls them after each move; the rules of each move stay
in the State. The decisions the rulebook leaves open (engine.py's docstring) are taken here as the
State's docstring describes them: players in order from the round's first player, placing
clockwise, spaces resolved in `tables.RES_RANK` order, the first player passing on clockwise.
"""

from __future__ import annotations

from typing import Any

from generator.games.winnice.disaster import disaster, draw, refill_markets
from generator.games.winnice.model import parse_card
from generator.games.winnice.moves import HIRE, P_CONVERT, P_OVER, P_PLACE, P_PLANT, P_RESOLVE, P_SELL, TAKE, Move

#: engine.State, read and changed by its attributes: naming the type would make this module and the
#: engine that calls it one import cycle (tests/test_import_cycles.py)
State = Any


def seat(s: State, k: int) -> int:
    return (s.first + k) % s.num_players


def start_round(s: State) -> None:
    for p in s.players:
        p.placed.clear()
        p.passed = False
        p.harvested = False
    s.occupant = [None] * len(s.t.spaces)
    s.taken = 0
    s.held = [0] * s.num_players
    begin(s, P_SELL)


def begin(s: State, phase: int) -> None:
    s.phase = phase
    s.order_i = 0
    if phase == P_PLACE:
        s.cur = s.first
        if not placer_ok(s, s.cur):
            next_placer(s)
        return
    if phase == P_RESOLVE:
        s.res_i = 0
        advance_resolve(s)
        return
    settle_turn(s)


def wants_turn(s: State, who: int) -> bool:
    p = s.players[who]
    if s.phase == P_SELL:
        return bool(p.tokens)
    if s.phase == P_CONVERT:
        return bool(s.convert_moves(p))
    return bool(p.seedlings or p.occupied)  # planting: something to plant or harvest


def settle_turn(s: State) -> None:
    """Give the turn to the next player (in order from the first) who has something to do."""
    while s.order_i < s.num_players:
        s.cur = seat(s, s.order_i)
        if wants_turn(s, s.cur):
            return
        s.order_i += 1
    end_phase(s)


def next_in_order(s: State) -> None:
    s.order_i += 1
    settle_turn(s)


def end_phase(s: State) -> None:
    if s.phase == P_SELL:
        begin(s, P_PLACE)
    elif s.phase == P_CONVERT:
        begin(s, P_PLANT)
    elif s.phase == P_PLANT:
        disaster(s)
        refill_markets(s)
        s.first = (s.first + 1) % s.num_players
        s.round += 1
        if s.round > s.cat.round_cap:
            s.capped = True
            s.phase = P_OVER
            return
        start_round(s)


def placer_ok(s: State, who: int) -> bool:
    p = s.players[who]
    return not p.passed and len(p.placed) < len(p.workers)


def next_placer(s: State) -> None:
    for k in range(1, s.num_players + 1):
        who = (s.cur + k) % s.num_players
        if placer_ok(s, who):
            s.cur = who
            return
    begin(s, P_RESOLVE)


def advance_resolve(s: State) -> None:
    """Resolve spaces down the board until one needs its owner's choice."""
    order = s.t.resolve_order
    while s.res_i < len(order):
        si = order[s.res_i]
        occ = s.occupant[si]
        if occ is None:
            s.res_i += 1
            continue
        who = occ[0]
        action = s.t.spaces[si].action
        if action.startswith(("hire", "buy")):
            choices = s._resolve_choices()
            if len(choices) > 1:
                s.cur = who
                return
            if choices:  # one way to do it (or, for a market, only "take nothing")
                resolve_one(s, who, choices[0])
            s.res_i += 1
            if s._check_storage(who):
                s.cur = who
                return
            continue
        p = s.players[who]
        if s.bank_cards[action] > 0:  # reserved at placement, so always there
            s.bank_cards[action] -= 1
            p.cards[action] += 1
        s.res_i += 1
    begin(s, P_CONVERT)


def resolve_one(s: State, who: int, move: Move) -> None:
    p = s.players[who]
    kind = move[0]
    if kind == HIRE:
        p.worker_bank.remove(move[1])
        p.workers.append(move[1])
    elif kind == TAKE:
        si = s.t.resolve_order[s.res_i]
        deck = "deck" + s.t.spaces[si].action[3:]
        if move[1] >= 0:
            cid = s.markets[deck].pop(move[1])
        else:
            drawn = draw(s, deck)
            if drawn is None:
                return
            cid = drawn
        s.discards[deck].append(cid)
        key = parse_card(cid)
        if s.bank_pieces.get(key, 0) > 0:
            s.bank_pieces[key] -= 1
            p.seedlings.append(key)
    # SKIP: nothing (the cost stays paid)
