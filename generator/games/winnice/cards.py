"""Winnice rule cards: the reference deck and the one-page summary.

Every count and table — board, coins, workers, decks, action spaces and their costs, the action
cards' effects, harvest and sale tables, the disaster and coordinate decks, the end — comes from the
catalog the engine plays with (data/catalog.toml, data/board.toml), so a card cannot disagree with
the game. The texts are templates/winnice/cards/*.
"""

from __future__ import annotations

from typing import Any

from generator.core.data import load_toml
from generator.games.winnice.model import COLOURS, DATA, default_catalog, parse_card
from generator.render.rulecards import DeckStyle

GAME = "winnice"
CARDS = ("box", "setup", "round", "actions", "actions2", "cards", "planting", "harvest", "sale", "drought", "end")
PLAYERS = (2, 3, 4)
COLOUR_WORDS = {"pl": ("żółte", "zielone", "czerwone"), "en": ("yellow", "green", "red")}

STYLE = DeckStyle(game="Winnice", accent="#7b1e3a", pattern="stripes")


def context(players: int, lang: str) -> dict[str, Any]:
    cat = default_catalog()
    words = load_toml(DATA / "texts.toml")
    actions = {k: v[lang] for k, v in words["actions"].items()}
    decks = {}
    for deck, cards in cat.decks.items():
        per = [0, 0, 0]
        for cid, n in cards.items():
            per[parse_card(cid)[0]] += n
        decks[deck] = per
    # per action, rows of spaces alike in cost and crews: [cost, crews, first order, last order,
    # spaces]; printed as (cost, crews, order label, spaces) - market picks as a range of order
    # numbers ("[4–7]"), other spaces counted ("2×")
    runs: dict[str, list[list[Any]]] = {}
    for sp in cat.spaces_for(players):
        rows = runs.setdefault(sp.action, [])
        fits = ", ".join(sp.fits)
        if rows and rows[-1][:2] == [sp.cost, fits]:
            rows[-1][3] = sp.order
            rows[-1][4] += 1
        else:
            rows.append([sp.cost, fits, sp.order, sp.order, 1])
    grouped = {a: [(cost, fits, (f"{lo}–{hi}" if hi != lo else lo) if lo else "", 1 if lo else n)
                   for cost, fits, lo, hi, n in rows] for a, rows in runs.items()}
    spaces = [(actions.get(a, a), rows) for a, rows in grouped.items() if a.startswith(("hire", "buy"))]
    card_spaces = [(actions.get(a, a), rows) for a, rows in grouped.items() if not a.startswith(("hire", "buy"))]
    return {
        "players": players, "size": cat.size, "columns": cat.columns, "seedling_storage": cat.seedling_storage,
        "barrels": cat.barrels, "start_total": cat.start_total, "denominations": cat.denominations,
        "worker_start": cat.worker_start, "worker_bank": cat.worker_bank, "market_size": cat.market_size,
        "pass_coins": cat.pass_coins, "win_red": cat.win_red, "colours": COLOUR_WORDS[lang],
        "deck23": decks["deck23"], "deck45": decks["deck45"], "sizes23": cat.deck_sizes["deck23"],
        "sizes45": cat.deck_sizes["deck45"], "action_cards": [(actions[k], n) for k, n in cat.action_cards.items()],
        "effects": cat.effects, "spaces": spaces, "card_spaces": card_spaces,
        "harvest": list(cat.harvest), "drought_step": cat.drought_step,
        "sale": [(COLOUR_WORDS[lang][i], list(v)) for i, v in enumerate(cat.sale)],
        "token_values": cat.token_values, "drought_tokens": cat.drought_tokens,
        "disaster_blank": cat.disaster.get("blank", 0),
        "drought_yellow": cat.disaster.get("drought-Y", 0), "drought_green": cat.disaster.get("drought-G", 0),
        "digits": sorted(cat.digits.items()), "letters": sorted(cat.letters.items()),
        "digit_total": sum(cat.digits.values()), "letter_total": sum(cat.letters.values()),
        "colour_count": len(COLOURS),
    }

