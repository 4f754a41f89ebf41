"""Winnice rule functions and every rule of the game played through the engine on hand-made boards."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core import shapes as sh
from generator.core.rng import make_rng
from generator.games.winnice.bots import get_bot
from generator.games.winnice.disaster import disaster, draw
from generator.games.winnice.engine import State
from generator.games.winnice.invariants import check_invariants
from generator.games.winnice.model import default_catalog
from generator.games.winnice.moves import (
    DONE_MOVE,
    DROP_SEEDLING,
    DROP_TOKEN,
    GENETICS,
    HARVEST,
    HIRE,
    IRRIGATE,
    LAB,
    P_CONVERT,
    P_OVER,
    P_PLACE,
    P_PLANT,
    P_RESOLVE,
    P_SELL,
    PASS_MOVE,
    PLACE,
    PLANT,
    SELL,
    SKIP_MOVE,
    TAKE,
)
from generator.games.winnice.rules import (
    free_polyominoes,
    harvest_points,
    largest_side,
    planting_ok,
    separation_ok,
)
from generator.games.winnice.setup import generate
from tests.games.winnice.conftest import GRID, art_bits, new_state, plant_by_hand, square, to_planting

# --- harvest values ------------------------------------------------------------------------------

L_WITH_TAIL = """
###.....
###.....
#####...
"""
CORRIDOR = """
###.....
###.....
######..
.....##.
"""
PLUS_BLOB = """
.##.
####
####
.##.
"""


@pytest.mark.parametrize(("art", "side", "points"), [
    ("##/##", 2, 1),
    ("###/###/###", 3, 2),
    ("####/####/####/####", 4, 3),
    ("#####/#####/#####/#####/#####", 5, 3),  # 4x4 or more: 3P
    ("########", 1, 0),  # a line: no square
    ("##/#.", 1, 0),
    (L_WITH_TAIL, 3, 2),  # an L holding a 3x3 plus a tail
    (CORRIDOR, 3, 2),  # a 3x3 and a 2x2 joined by a corridor: the bigger square counts
    (PLUS_BLOB, 2, 1),  # 4x4 bounding box without its corners holds only 2x2s
])
def test_harvest_value_is_the_largest_solid_square(cat, art, side, points):
    bits = art_bits(art)
    assert largest_side(GRID, bits) == side
    assert harvest_points(cat, side) == points


@pytest.mark.parametrize(("side", "droughts", "points"), [(2, 1, 0), (3, 1, 1), (4, 1, 2), (4, 2, 2), (4, 3, 2),
                                                           (3, 5, 1), (1, 1, 0), (5, 2, 2), (3, 0, 2)])
def test_drought_lowers_the_token_one_step_however_many_tokens(cat, side, droughts, points):
    assert harvest_points(cat, side, droughts) == points


@given(st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=40))
@settings(max_examples=60)
def test_largest_side_is_core_largest_square(cells):
    assert largest_side(GRID, GRID.bits(cells)) == sh.largest_square(cells)


def test_free_polyomino_counts():
    assert [len(free_polyominoes(n)) for n in range(1, 6)] == [1, 1, 2, 5, 12]


def test_harvest_through_the_engine_pays_the_token_and_clears_the_planting():
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    plant_by_hand(s, who, 1, art_bits(L_WITH_TAIL))
    s.apply((HARVEST, 1, square("A1"), 0))
    assert p.tokens == [(1, 2)] and p.board[1] == 0 and not p.planted
    assert s.round == 2  # the harvest ended that player's phase, and nobody else had anything to do


@pytest.mark.parametrize("move", [(HARVEST, -1, 1, 0), (HARVEST, 3, 1, 0), (HARVEST, 2, 1, 0), (HARVEST, 1, 2, 0),
                                  (HARVEST, 1, 1, 1), (HARVEST, True, 1, 0), (HARVEST, 1, 3, 0)])
def test_a_harvest_names_a_colour_and_the_lowest_square_of_one_of_its_plantings(move):
    """(HARVEST, -1, ...) once reached the red board through Python's negative index; a square
    other than a planting's lowest (as harvest_moves names it) is not a move either."""
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    plant_by_hand(s, who, 1, art_bits(L_WITH_TAIL))
    with pytest.raises(ValueError):
        s.apply(move)
    assert s.players[who].board[1] == art_bits(L_WITH_TAIL) and not s.players[who].tokens


def test_harvest_with_drought_2x2_gives_nothing_and_returns_the_token():
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    plant_by_hand(s, who, 0, art_bits("##/##", 2, 2))
    p.drought = square("C3")
    s.bank_drought -= 1
    bank = s.bank_drought
    s.apply((HARVEST, 0, square("C3"), 0))
    assert p.tokens == [] and p.drought == 0 and s.bank_drought == bank + 1


def test_after_harvesting_no_more_planting():
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    p.seedlings = [(0, "O4")]
    plant_by_hand(s, who, 1, art_bits("##/##", 5, 5))
    assert any(m[0] == PLANT for m in s.legal_moves())
    p.harvested = True
    assert not any(m[0] in (PLANT, HARVEST) for m in s.legal_moves())
    with pytest.raises(ValueError):
        s.apply((PLANT, 0, "O4", art_bits("##/##")))


# --- planting and separation -----------------------------------------------------------------------


def test_separation_rule_diagonal_touch_is_illegal():
    yellow = art_bits("##/##")  # A1 B1 A2 B2
    diagonal = art_bits("#", 2, 2)  # C3 touches B2 at a corner
    assert not planting_ok(GRID, yellow, diagonal)
    assert planting_ok(GRID, yellow, art_bits("#", 2, 1))  # C2: orthogonal, joins the planting
    assert planting_ok(GRID, yellow, art_bits("#", 3, 3))  # apart: a second planting
    assert planting_ok(GRID, yellow, art_bits("#", 3, 1))  # D2: one free square between, fine


def test_separation_rule_gap_of_one_square():
    yellow = art_bits("#")
    assert planting_ok(GRID, yellow, art_bits("#", 2, 0))  # one free square between: legal
    assert not planting_ok(GRID, yellow, art_bits("#", 1, 1))  # diagonal neighbour: illegal


def test_a_piece_may_join_two_plantings_into_one():
    two = art_bits("#.#")
    assert separation_ok(GRID, two)
    assert planting_ok(GRID, two, art_bits("#", 1, 0))
    # but not if it joins one and only corner-touches the other
    assert not planting_ok(GRID, art_bits("#../..#"), art_bits("#", 1, 0))


def test_different_colours_may_touch_in_the_engine():
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    plant_by_hand(s, who, 0, art_bits("##/##"))
    p.seedlings = [(1, "D2"), (0, "D2")]
    moves = s.legal_moves()
    green_d2 = {m[3] for m in moves if m[0] == PLANT and m[1] == 1}
    yellow_d2 = {m[3] for m in moves if m[0] == PLANT and m[1] == 0}
    diag = art_bits("##", 2, 2)  # C3 D3: corner-touches B2
    assert diag in green_d2  # another colour may touch
    assert diag not in yellow_d2  # its own colour may not, not even at a corner
    assert art_bits("##", 2, 0) in yellow_d2  # C1 D1 joins the yellow planting
    assert all(not m[3] & p.occupied for m in moves if m[0] == PLANT)


def test_a_square_of_another_colour_separates_two_plantings_of_one():
    """The digest's reading of "jeden kwadrat wolnego pola": plantings of one colour never touch;
    the square between them may hold another colour (see rules.planting_ok)."""
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    plant_by_hand(s, who, 0, art_bits("#/#"))  # yellow A1 A2
    plant_by_hand(s, who, 1, art_bits("#/#", 1, 0))  # green B1 B2
    p.seedlings = [(0, "D2")]
    yellow_c = art_bits("#/#", 2, 0)  # C1 C2: touches only green
    assert (PLANT, 0, "D2", yellow_c) in s.legal_moves()
    s.apply((PLANT, 0, "D2", yellow_c))
    assert len(GRID.regions(p.board[0])) == 2


def test_pieces_turn_and_flip():
    s = new_state()
    to_planting(s, s.first)
    p = s.players[s.cur]
    p.seedlings = [(0, "L3")]
    shapes_seen = {sh.normalise(GRID.cells(m[3])) for m in s.legal_moves() if m[0] == PLANT}
    assert len(shapes_seen) == 4  # every turn of L3 (its mirror images coincide with turns)


# --- drought by coordinates and colour ---------------------------------------------------------


def test_drought_hits_the_named_square_of_the_named_colour_only():
    s = new_state(players=3)
    a, b, c = s.players
    a.board[0] = square("C3")  # yellow on C3: hit
    b.board[1] = square("C3")  # green on C3: not hit by a yellow drought
    c.board[0] = square("D3")  # yellow elsewhere: not hit
    s.piles["disaster"].append("drought-Y")
    s.piles["digits"].append("3")
    s.piles["letters"].append("C")
    before = s.bank_drought
    disaster(s)
    assert a.drought == square("C3") and b.drought == 0 and c.drought == 0
    assert s.bank_drought == before - 1 and s.drought_hits == 1
    assert s.last_disaster == ("drought-Y", "C", "3")
    s.piles["disaster"].append("drought-Y")
    s.piles["digits"].append("3")
    s.piles["letters"].append("C")
    disaster(s)  # a square holds at most one drought token
    assert s.bank_drought == before - 1


def test_blank_disaster_does_nothing_and_decks_reshuffle_when_empty():
    s = new_state()
    s.players[0].board[0] = GRID.full
    s.discards["disaster"] += s.piles["disaster"]
    s.piles["disaster"] = ["blank"]
    s.discards["disaster"].remove("blank")
    disaster(s)
    assert s.players[0].drought == 0
    assert s.piles["disaster"] == [] and len(s.discards["disaster"]) == 9
    disaster(s)  # empty pile: the discards are reshuffled
    assert len(s.piles["disaster"]) + len(s.discards["disaster"]) == 9 and len(s.piles["disaster"]) == 8


# --- selling -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("colour", "value", "coins"), [(0, 1, 3), (0, 2, 6), (0, 3, 12), (1, 1, 5), (1, 2, 10),
                                                       (1, 3, 15), (2, 1, 10), (2, 2, 20), (2, 3, 30)])
def test_sale_table(colour, value, coins):
    s = new_state()
    p = s.players[s.first]
    s.phase, s.cur, s.order_i = P_SELL, s.first, 0
    p.tokens = [(colour, value), (0, 1)]
    s.bank_tokens[(colour, value)] -= 1
    s.bank_tokens[(0, 1)] -= 1
    before = p.coins
    assert (SELL, colour, value, 0) in s.legal_moves()
    s.apply((SELL, colour, value, 0))
    assert p.coins == before + coins and p.tokens == [(0, 1)]
    check_invariants(s)


# --- the action phase ----------------------------------------------------------------------------


def _space(s: State, action: str, order: int = 0) -> int:
    return next(i for i, sp in enumerate(s.t.spaces) if sp.action == action and (not order or sp.order == order))


def test_round_starts_with_placing_and_passing_pays_one_coin():
    s = new_state()
    assert s.phase == P_PLACE and s.cur == s.first
    p = s.players[s.first]
    before = p.coins
    s.apply(PASS_MOVE)
    assert p.coins == before + 1 and p.passed and s.cur != s.first


def test_costs_are_paid_at_placement_even_if_the_action_is_skipped():
    s = new_state()
    who = s.first
    p = s.players[who]
    si = next(i for i, sp in enumerate(s.t.spaces) if sp.action == "buy23" and "M1" in sp.fits)
    before = p.coins
    s.apply((PLACE, si, "M1", 0))
    assert p.coins == before - s.t.spaces[si].cost
    s.apply(PASS_MOVE)  # the other player
    assert s.phase == P_RESOLVE and s.cur == who
    s.apply(SKIP_MOVE)
    assert p.coins == before - s.t.spaces[si].cost and p.seedlings == []
    check_invariants(s)


def test_a_worker_only_fits_its_spaces_and_crews_are_hired_in_order():
    s = new_state()
    who = s.first
    moves = s.legal_moves()
    spaces = {s.t.spaces[m[1]].action for m in moves if m[0] == PLACE}
    assert "hire2" in spaces and "hire3" not in spaces and "hire4" not in spaces
    assert all(m[2] in s.t.spaces[m[1]].fits for m in moves if m[0] == PLACE)
    with pytest.raises(ValueError):
        s.apply((PLACE, _space(s, "hire3"), "M1", 0))
    s.apply((PLACE, _space(s, "hire2"), "M1", 0))
    s.apply(PASS_MOVE)
    assert s.players[who].workers == ["M1", "D2"]  # a single choice resolves by itself
    s2 = new_state()
    s2.players[s2.first].workers.append("D2")
    s2.players[s2.first].worker_bank.remove("D2")
    spaces = {s2.t.spaces[m[1]].action for m in s2.legal_moves() if m[0] == PLACE}
    assert "hire3" in spaces and "hire4" not in spaces


def test_hiring_a_tromino_is_a_choice():
    s = new_state()
    who = s.first
    p = s.players[who]
    p.workers.append("D2")
    p.worker_bank.remove("D2")
    s.apply((PLACE, _space(s, "hire3"), "D2", 0))
    s.apply(PASS_MOVE)
    s.apply(PASS_MOVE)
    assert s.phase == P_RESOLVE and sorted(m[1] for m in s.legal_moves()) == ["I3", "L3"]
    s.apply((HIRE, "L3", 0, 0))
    assert "L3" in p.workers and p.worker_bank == ["I3", "T4", "S4"]


def test_market_order_numbers_decide_who_chooses_first_and_cards_are_not_replaced():
    s = new_state()
    a = s.first
    b = (a + 1) % 2
    s.players[b].workers.append("D2")
    s.players[b].worker_bank.remove("D2")
    first = next(i for i, sp in enumerate(s.t.spaces) if sp.action == "buy23" and sp.order == 1)
    second = next(i for i, sp in enumerate(s.t.spaces) if sp.action == "buy23" and sp.order == 2)
    s.apply((PLACE, second, "M1", 0))  # a places first but on order 2
    s.apply((PLACE, first, "D2", 0))  # b on order 1
    s.apply(PASS_MOVE)  # b (a has no worker left)
    assert s.phase == P_RESOLVE and s.cur == b
    market = list(s.markets["deck23"])
    s.apply((TAKE, 0, 0, 0))
    assert s.cur == a and s.markets["deck23"] == market[1:]
    assert s.players[b].seedlings[0][1] == market[0].split(":")[1]


def test_blind_top_card_and_reshuffling_an_empty_deck():
    s = new_state()
    s.discards["deck23"] = s.piles["deck23"]
    s.piles["deck23"] = []
    card = draw(s, "deck23")
    assert card is not None and not s.discards["deck23"] and len(s.piles["deck23"]) == 44


def test_storage_overflow_asks_what_to_give_back():
    s = new_state()
    who = s.first
    p = s.players[who]
    p.seedlings = [(0, "D2")]
    s.bank_pieces[(0, "D2")] -= 1
    si = next(i for i, sp in enumerate(s.t.spaces) if sp.action == "buy23" and "M1" in sp.fits)
    s.apply((PLACE, si, "M1", 0))
    s.apply(PASS_MOVE)
    s.apply((TAKE, 0, 0, 0))
    assert s.drop == who and len(p.seedlings) == 2
    moves = s.legal_moves()
    assert all(m[0] == DROP_SEEDLING for m in moves)
    check_invariants(s)  # over the limit only while the player chooses
    s.apply(moves[0])
    assert s.drop is None and len(p.seedlings) == 1
    check_invariants(s)


def test_token_overflow_after_harvest():
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    p.tokens = [(2, 1)]
    s.bank_tokens[(2, 1)] -= 1
    plant_by_hand(s, who, 1, art_bits("###/###/###"))
    s.apply((HARVEST, 1, square("A1"), 0))
    assert s.drop == who and sorted(s.legal_moves()) == [(DROP_TOKEN, 1, 2, 0), (DROP_TOKEN, 2, 1, 0)]
    s.apply((DROP_TOKEN, 1, 2, 0))
    assert p.tokens == [(2, 1)] and s.drop is None


# --- action cards --------------------------------------------------------------------------------


def _take_card(s: State, action: str) -> tuple[State, int]:
    who = s.first
    p = s.players[who]
    for w in ("D2", "I3", "L3", "T4", "S4"):
        p.workers.append(w)
        p.worker_bank.remove(w)
    si = _space(s, action)
    worker = next(w for w in s.t.spaces[si].fits if w in p.workers)
    s.apply((PLACE, si, worker, 0))
    s.apply(PASS_MOVE)
    s.apply(PASS_MOVE)
    assert p.cards[action] == 1 and s.bank_cards[action] == s.cat.action_cards[action] - 1
    return s, who  # the round is over: `who` is no longer the first player


def test_greenhouse_adds_two_seedling_places_and_barrels_three_token_places():
    s, who = _take_card(new_state(), "greenhouse")
    assert s.t.seedling_cap[s.players[who].cards["greenhouse"]] == 3
    s, who = _take_card(new_state(), "barrels")
    assert s.t.token_cap[s.players[who].cards["barrels"]] == 4


def test_laboratory_converts_yellow_and_green_into_red():
    s, who = _take_card(new_state(), "laboratory")
    p = s.players[who]
    p.cards["barrels"] = 1
    s.bank_cards["barrels"] -= 1
    for tok in ((0, 2), (1, 3), (0, 1)):
        p.tokens.append(tok)
        s.bank_tokens[tok] -= 1
    s.phase, s.cur, s.order_i = P_CONVERT, who, 0
    moves = s.legal_moves()
    assert (LAB, 2, 3, 0) in moves and not any(m[0] == LAB and m[1] == 1 for m in moves)
    before = p.coins
    s.apply((LAB, 2, 3, 0))
    assert sorted(p.tokens) == [(0, 1), (2, 1)] and p.coins == before - 3
    check_invariants(s)


def test_genetics_turns_a_yellow_and_green_pair_into_red():
    s, who = _take_card(new_state(), "genetics")
    p = s.players[who]
    p.cards["greenhouse"] = 1
    s.bank_cards["greenhouse"] -= 1
    for key in ((0, "O4"), (1, "O4"), (1, "D2")):
        p.seedlings.append(key)
        s.bank_pieces[key] -= 1
    s.phase, s.cur, s.order_i = P_CONVERT, who, 0
    assert [m for m in s.legal_moves() if m[0] == GENETICS] == [(GENETICS, "O4", 0, 0)]
    red_before = s.bank_pieces[(2, "O4")]
    s.apply((GENETICS, "O4", 0, 0))
    assert sorted(p.seedlings) == [(1, "D2"), (2, "O4")] and s.bank_pieces[(2, "O4")] == red_before - 1
    check_invariants(s)


def test_irrigate_removes_a_drought_token_and_returns_the_card():
    s, who = _take_card(new_state(), "irrigate")
    p = s.players[who]
    to_planting(s, who)
    p.seedlings = []
    plant_by_hand(s, who, 0, art_bits("##/##"))
    p.drought = square("A1")
    s.bank_drought -= 1
    assert (IRRIGATE, square("A1"), 0, 0) in s.legal_moves()
    s.apply((IRRIGATE, square("A1"), 0, 0))
    assert p.drought == 0 and p.cards["irrigate"] == 0 and s.bank_cards["irrigate"] == s.cat.action_cards["irrigate"]


def test_a_player_may_hold_any_number_of_laboratory_and_genetics_cards():
    """The rulebook sets no limit (DIGEST 4): a player who holds a laboratory may take another,
    and one player may reserve both genetics spaces of a round and keep both cards; the second
    card of a kind adds no conversions."""
    s, who = _take_card(new_state(), "laboratory")
    p = s.players[who]
    p.coins = 30
    s.cur = who
    lab = _space(s, "laboratory")
    assert s.can_place(who, lab) and any(m[:2] == (PLACE, lab) for m in s.legal_moves())
    s = State(generate(4, 2), rng=random.Random(2))
    who = s.first
    p = s.players[who]
    p.coins = 30
    for w in ("D2", "I3", "L3", "T4", "S4"):
        p.workers.append(w)
        p.worker_bank.remove(w)
    first, second = _space(s, "genetics"), next(i for i, sp in enumerate(s.t.spaces) if sp.id == "genetics-b")
    s.apply((PLACE, first, "L3", 0))
    while s.cur != who:
        s.apply(PASS_MOVE)
    assert (PLACE, second, "S4", 0) in s.legal_moves()  # the player's own reservation closes nothing
    s.apply((PLACE, second, "S4", 0))
    while s.phase == P_PLACE:
        s.apply(PASS_MOVE)
    while s.phase == P_RESOLVE:
        s.apply(s.legal_moves()[-1])
    assert p.cards["genetics"] == 2 and s.bank_cards["genetics"] == s.cat.action_cards["genetics"] - 2
    check_invariants(s)
    for key in ((0, "O4"), (1, "O4")):
        p.seedlings.append(key)
        s.bank_pieces[key] -= 1
    assert s.convert_moves(p) == [(GENETICS, "O4", 0, 0)]  # as with one card


# --- the end ---------------------------------------------------------------------------------------


def test_game_ends_the_moment_red_reaches_8p():
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    p.cards["barrels"] = 2
    s.bank_cards["barrels"] -= 2
    for tok in ((2, 3), (2, 3)):
        p.tokens.append(tok)
        s.bank_tokens[tok] -= 1
    plant_by_hand(s, who, 2, art_bits("###/###/###"))
    s.apply((HARVEST, 2, square("A1"), 0))
    assert s.is_over() and s.phase == P_OVER and s.winner == who
    assert s.scores()[who] == 8 and max(x for i, x in enumerate(s.scores()) if i != who) < 8
    assert s.legal_moves() == []


@pytest.mark.parametrize(("give_back", "wins"), [((2, 2), False), ((0, 1), True)])
def test_the_end_counts_after_giving_back_over_the_barrels(give_back, wins):
    s = new_state()
    to_planting(s, s.first)
    who = s.cur
    p = s.players[who]
    p.cards["barrels"] = 1  # 4 tokens
    s.bank_cards["barrels"] -= 1
    for tok in ((2, 3), (2, 2), (0, 1), (0, 1)):
        p.tokens.append(tok)
        s.bank_tokens[tok] -= 1
    plant_by_hand(s, who, 2, art_bits("####/####/####/####"))
    s.apply((HARVEST, 2, square("A1"), 0))  # red 3P: 8P, but five tokens in four places
    assert s.drop == who and not s.is_over()
    s.apply((DROP_TOKEN, *give_back, 0))
    assert s.is_over() is wins and (s.winner == who) is wins


def test_round_flow_moves_the_first_player_on():
    s = new_state()
    first = s.first
    while s.round == 1:
        s.apply(PASS_MOVE if s.phase == P_PLACE else DONE_MOVE if s.phase != P_RESOLVE else SKIP_MOVE)
    assert s.first == (first + 1) % 2 and s.phase == P_PLACE and s.cur == s.first
    assert all(len(m) == 3 for m in s.markets.values())
    assert all(p.coins == 11 for p in s.players)


def test_clone_is_independent():
    s = new_state()
    c = s.clone()
    c.apply(PASS_MOVE)
    assert s.players[s.first].coins != c.players[s.first].coins
    assert s.rng.random() == c.rng.random()  # the same future shuffles


def _snapshot(state: State) -> bytes:
    """Everything a move can change (the compiled tables, rng and memos aside)."""
    skip = {"t", "cat", "rng"}
    data = {k: v for k, v in vars(state).items() if k not in skip}
    data["players"] = [dataclasses.astuple(p) for p in state.players]
    return pickle.dumps((data, state.rng.getstate()))


def _mutants(move: tuple, rng: random.Random) -> list[object]:
    """Moves near a legal one (each field changed to a neighbour or to something odd) and junk."""
    odd = [-1, 1, 3, 99, -(2**70), 2**64, 1 << 70, None, "x", 1.5, (), [0]]
    out: list[object] = [list(move), move[:3], (*move, 0), None, "done", 7]
    for i in range(4):
        for v in [move[i] + 1 if type(move[i]) is int else "Y", *rng.sample(odd, 3)]:
            out.append(move[:i] + (v,) + move[i + 1:])
    out.append((rng.randrange(-2, 16), rng.randrange(-2, 64), rng.choice([0, 1, 2, "I3", "O4"]),
                rng.choice([0, 1, 1 << rng.randrange(64), -1])))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "bot"), [(4, 3, "random"), (2, 8, "greedy"), (3, 4, "random")])
def test_apply_rejects_every_move_that_is_not_legal_and_changes_nothing(players, seed, bot):
    """State.apply takes exactly the legal moves: anything else (a legal move with one field
    changed, a wrong colour or space index, a malformed tuple, junk) raises ValueError and leaves
    the state as it was, the move counter included."""
    cat = default_catalog()
    state = State(generate(players, seed, cat), cat, make_rng(seed, "engine"))
    rng = random.Random(seed)
    play = get_bot(bot)
    tried = rejected = 0
    seen: dict[object, int] = {}  # probes per phase ("drop": a give-back over a storage limit)
    every = 37 if bot == "random" else 11
    for n in range(6000):
        if state.is_over():
            break
        kind = "drop" if state.drop is not None else state.phase
        # every `every` moves (prime to a round's length: every phase comes up) while fewer than 40
        # probes, and the rare states (conversions, give-backs) a few times whenever they come
        if (n % every == 0 and tried < 40) or (kind in ("drop", P_CONVERT) and seen.get(kind, 0) < 6):
            seen[kind] = seen.get(kind, 0) + 1
            legal = list(dict.fromkeys(state.legal_moves()))
            for move in rng.sample(legal, min(4, len(legal))):
                for bad in _mutants(move, rng):
                    if isinstance(bad, tuple) and bad in legal:
                        continue
                    before = _snapshot(state)
                    with pytest.raises(ValueError):
                        state.apply(bad)  # type: ignore[arg-type]
                    assert _snapshot(state) == before, bad
                    rejected += 1
            tried += 1
        state.apply(play(state, rng))
    assert tried >= 30 and rejected > 500
    assert {P_SELL, P_PLACE, P_RESOLVE, P_CONVERT, P_PLANT, "drop"} <= set(seen), seen
