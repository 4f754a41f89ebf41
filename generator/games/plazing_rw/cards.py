"""Plażing roll&write rule cards: the reference deck and the one-page summary.

The shapes and their die faces come from data/shapes.toml, the scoring tables and limits from
data/scoring.toml, the boards from data/boards.toml, so a card cannot disagree with the engine.
The texts are templates/plazing_rw/cards/*.
"""

from __future__ import annotations

from typing import Any

from generator.games.plazing_rw.model import boards, catalog, grid_size, scoring
from generator.render.rulecards import DeckStyle
from generator.render.scene import Scene

GAME = "plazing_rw"
CARDS = ("box", "round", "drawing", "special", "areas", "resources", "boards")
PLAYERS = (1, 2, 3, 4, 5, 6)


def _symbols(scene: Scene, lang: str) -> None:
    from generator.games.plazing_rw import draw  # the sheet's own resource and waste drawings

    draw._icon_symbols(scene)


STYLE = DeckStyle(game="Plażing roll&write", accent="#d9822b", pattern="dots", add_symbols=_symbols)


def context(players: int, lang: str) -> dict[str, Any]:
    cat = catalog()
    sc = scoring()
    w, h = grid_size()
    shapes = [(s.die, s.name[lang], s.size) for s in sorted(cat.shapes.values(), key=lambda s: (s.die or 99))
              if s.die is not None]
    return {
        "players": players, "rounds": cat.rounds, "width": w, "height": h, "shapes": shapes,
        "odd_pairs": cat.odd_pairs, "max_screens": cat.max_screens, "reroll": cat.setup_reroll,
        "set_bonus": sc.set_bonus, "resource_area_max": sc.resource_area_max,
        "resource_area_max_hard": sc.resource_area_max_hard, "area_max": sc.area_max,
        "unused_screen": sc.unused_screen_points, "unused_odd": sc.unused_odd_points,
        "resource_rows": [(n, sc.resource_points(n)) for n in range(1, 15)],
        "resource_names": [v[lang] for v in sc.resources.values()],
        "boards": [(b.id, b.name.get(lang, b.id)) for b in boards().values()],
        "area_rows": [(n, n) for n in range(1, sc.area_max + 1)],
    }

