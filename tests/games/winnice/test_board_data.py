"""The action board's data (data/board.toml) keeps the properties its header argues for.

The board is our design, not the rulebook's: these tests pin what the measured reasoning rests on,
not the exact numbers, so the board can still be tuned."""

from __future__ import annotations

import pytest

from generator.core.rng import make_rng
from generator.games.winnice.bots import get_bot
from generator.games.winnice.engine import State
from generator.games.winnice.model import default_catalog
from generator.games.winnice.setup import generate
from tests.games.winnice.conftest import new_state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_player_down_to_the_pass_coin_can_still_reach_barrels_greenhouse_and_both_markets(players: int) -> None:
    """With barrels full of red tokens every yellow/green harvest is given back, so a player who
    has only the pass coin must be able to buy barrels (or storage, or seedlings) with it: with
    2-coin barrels such games ran for hundreds of rounds."""
    s = new_state(players)
    p = s.players[s.cur]
    p.coins = s.cat.pass_coins
    open_, _ = s.open_spaces(s.cur)
    reachable = {s.t.spaces[i].action for i in range(len(s.t.spaces)) if open_ >> i & 1}
    assert {"barrels", "greenhouse", "buy23", "buy45"} <= reachable


def test_markets_grow_with_the_player_count_with_three_picks_a_player_or_more() -> None:
    cat = default_catalog()
    picks = [sum(1 for s in cat.spaces_for(n) if s.action.startswith("buy")) for n in (2, 3, 4)]
    assert picks == sorted(picks) and picks[0] < picks[-1]
    for n, k in zip((2, 3, 4), picks, strict=True):
        assert k >= 3 * n  # about three seedlings a player a round: games of ~30 rounds, not ~40


@pytest.mark.parametrize(("setup_seed", "game_seed"), [(8, 8003), (76, 76006)])
def test_two_player_games_that_got_stuck_with_full_barrels_now_end(setup_seed: int, game_seed: int) -> None:
    """Two greedy games that took 208 and 764 rounds with 2-coin barrels (a player with 1 coin and
    barrels full of red never earned again)."""
    cat = default_catalog()
    s = State(generate(2, setup_seed, cat), cat, make_rng(game_seed, "engine"))
    bot, rng = get_bot("greedy"), make_rng(game_seed, "bots")
    while not s.is_over() and s.round <= 80:
        s.apply(bot(s, rng))
    assert s.winner is not None and s.round <= 80



def _spaces_of(row: tuple) -> int:  # type: ignore[type-arg]
    """How many board spaces one rule-card row stands for: an order range "[4–7]" or a count."""
    order = str(row[2])
    if "–" in order:
        lo, hi = order.split("–")
        return int(hi) - int(lo) + 1
    return int(row[3])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_card_rows_count_every_space_once(players: int) -> None:
    """The actions rule card groups spaces alike in cost and crews (market picks as "[4–7]", other
    spaces as "2×"): no two neighbouring rows of an action are alike, and the rows stand for every
    space of the board, no more."""
    from generator.games.winnice.cards import context

    ctx = context(players, "pl")
    groups = ctx["spaces"] + ctx["card_spaces"]
    for _, rows in groups:
        assert all(a[:2] != b[:2] for a, b in zip(rows, rows[1:], strict=False))
    assert sum(_spaces_of(r) for _, rows in groups for r in rows) == len(default_catalog().spaces_for(players))
