"""`boardgen winnice catalog --template`: the built-in catalog and action board as one commented
TOML file a designer copies and edits (data/catalog.toml, then data/board.toml, their comments
kept; every other field described below). It reads back as the built-in catalog (same digest).

How a file is merged over ours is stated at its head (catalog_checks.MERGE_RULE).
"""

from __future__ import annotations

from generator.core.template import annotate
from generator.games.winnice.catalog_checks import MERGE_RULE
from generator.games.winnice.model import DATA

DOCS = {
    "board.columns": "column letters, west to east (the coordinate deck's letters)",
    "coins.denominations": "the coin values printed",
    "coins.start": "coins each player starts with: value = count",
    "coins.bank": "coins in the bank: value = count",
    "seedlings.*.sizes": "squares per seedling of this deck (every free polyomino of these sizes must appear)",
    "seedlings.*.*.*": "cards of this colour and shape",
    "seedlings.*.*": "cards of this colour: shape id (of [shapes]) = count",
    "pieces.spare": "extra seedling pieces per colour and shape beyond one per card",
    "pieces.red_extra": "extra red pieces of every seedling shape (what genetics turns seedlings into)",
    "action_cards.greenhouse": "greenhouse cards (each stores more unplanted seedlings)",
    "action_cards.barrels": "barrels cards (each stores more harvest tokens)",
    "action_cards.laboratory": "laboratory cards (a yellow and a green token become a red one)",
    "action_cards.genetics": "genetics cards (a yellow and a green piece of one shape become a red one)",
    "action_cards.irrigate": "irrigate cards (remove one drought token)",
    "effects.laboratory_gives": "the value (P) of the red token a laboratory conversion gives",
    "effects.*": "an action card's effect",
    "tokens.values": "harvest token values in P, rising",
    "tokens.*": "harvest tokens of this colour, one count per value (else per_value of each)",
    "sale.*": "coins for a token of this colour, one price per token value",
    "harvest.squares": "side of the largest solid square of a planting = the token value (P) it pays",
    "disaster.blank": "blank disaster cards (nothing happens)",
    "disaster.*": "disaster cards",
    "coordinates.*": "coordinate cards per value: edge values at least as common as central ones",
    "space.id": "the space's name (unique)",
    "space.action": "hire2/3/4, buy23, buy45, greenhouse, barrels, laboratory, genetics or irrigate",
    "space.order": "seedling markets: the order number (the lowest chooses first)",
    "space.cost": "coins paid when a worker is placed here",
    "space.fits": "worker shapes that fit the space",
    "space.players": "in play from this many players on",
    "shapes.*": "a shape: rows of # (a square) and . (a gap), rows separated by /",
}


def template() -> str:
    head = (f"# Winnice: the built-in content as a template. Save it, change what you like, then\n"
            f"#   boardgen winnice catalog FILE    and    boardgen winnice compare --catalog FILE\n"
            f"# Merge rule: {MERGE_RULE}.\n"
            f"# So a file may hold only the tables you change — but a [[space]] list replaces the whole board.\n\n")
    body = "\n".join((DATA / name).read_text(encoding="utf-8") for name in ("catalog.toml", "board.toml"))
    return head + annotate(body, DOCS)
