"""Rzuć na tacę rule cards: the reference deck and the one-page summary.

Rounds per player count, round bonuses, every area's points and bonuses come from the standard
sheet (data/standard.toml through `model.standard_layout`), so a card cannot disagree with the
sheet the engine scores. The texts are templates/rzuc_na_tace/cards/*.
"""

from __future__ import annotations

from typing import Any

from generator.games.rzuc_na_tace.model import standard_layout
from generator.render.rulecards import DeckStyle
from generator.render.scene import Scene

GAME = "rzuc_na_tace"
CARDS = ("box", "turn", "passive", "solo", "yellow", "blue", "green", "orange", "purple", "bonuses")
PLAYERS = (1, 2, 3, 4)

def _symbols(scene: Scene, lang: str) -> None:
    from generator.games.rzuc_na_tace import draw  # the sheet's own dice, fox and action drawings

    draw.icon_symbols(scene, lang)


STYLE = DeckStyle(game="Rzuć na tacę", accent="#6a4c93", pattern="grid", add_symbols=_symbols)

def bonus_word(bonus: str, lang: str) -> str:
    from generator.games.rzuc_na_tace.draw import labels  # the sheet's words (data/labels.toml)

    words = labels(lang)["bonus_words"]
    area, _, n = bonus.partition("_")
    if area in ("orange", "purple") and n.isdigit():
        return words[area].format(n=n)
    return words[bonus]


def context(players: int, lang: str) -> dict[str, Any]:
    lay = standard_layout()
    bw = lambda b: bonus_word(b, lang)  # noqa: E731
    blue_sums = [v for row in lay.blue_grid for v in row if v]
    return {
        "players": players, "rounds": lay.rounds_for(players), "rounds_table": list(lay.rounds),
        "round_bonuses": [bw(b) for b in lay.round_bonuses], "reroll_track": lay.reroll_track,
        "plus_track": lay.plus_track, "yellow_grid": lay.yellow_grid,
        "yellow_rows": [bw(b) for b in lay.yellow_row_bonuses], "yellow_columns": list(lay.yellow_column_points),
        "yellow_diagonal": bw(lay.yellow_diagonal_bonus),
        "blue_sums": blue_sums, "blue_rows": [bw(b) for b in lay.blue_row_bonuses],
        "blue_columns": [bw(b) for b in lay.blue_column_bonuses],
        "blue_points": [(n, p) for n, p in enumerate(lay.blue_points) if n],
        "green_thresholds": list(lay.green_thresholds),
        "green_points": [(n, p) for n, p in enumerate(lay.green_points) if n],
        "green_bonuses": [(c, bw(b)) for c, b in lay.green_bonuses],
        "orange_multipliers": [(i + 1, m) for i, m in enumerate(lay.orange_multipliers) if m != 1],
        "orange_bonuses": [(c, bw(b)) for c, b in lay.orange_bonuses],
        "purple_cells": lay.purple_cells, "purple_bonuses": [(c, bw(b)) for c, b in lay.purple_bonuses],
        "green_cells": lay.green_cells, "orange_cells": lay.orange_cells,
    }

