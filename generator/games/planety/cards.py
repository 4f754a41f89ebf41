"""Planety rule cards: the reference deck and the one-page summary.

Stars, faces (orbits, tokens, natural water and atmosphere, moons' cost and shield), the token supply
and the end conditions come from data/content.toml through the catalog the engine plays with, so a
card cannot disagree with the game. The texts are templates/planety/cards/*.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.games.planety.model import builtin_catalog
from generator.render.rulecards import DeckStyle
from generator.render.scene import Scene

GAME = "planety"
CARDS = ("box", "setup", "take", "tokens", "life", "moons", "planets", "end")
PLAYERS = (2, 3, 4)


def _symbols(scene: Scene, lang: str) -> None:
    from generator.games.planety import draw  # the token sheet's own drawings are the pictograms

    for kind in draw.TOKEN_ART:
        scene.add_symbol(draw.token_symbol(kind, lang))


STYLE = DeckStyle(game="Planety", accent="#283593", pattern="rings", add_symbols=_symbols)


def context(players: int, lang: str) -> dict[str, Any]:
    cat = builtin_catalog()
    sides = Counter(f.id for t in cat.tiles for f in (t.a, t.b))
    planets = [f for f in cat.faces.values() if not f.is_moon]
    moons = sorted((f for f in cat.faces.values() if f.is_moon), key=lambda f: (f.cost, f.shield))
    stars = Counter((s.size, s.orbits, s.light) for s in cat.stars)
    return {
        "players": players, "tokens": cat.tokens, "win_life": cat.win_life, "full_bonus": cat.full_bonus,
        "stars": [(size, orbits, light, n) for (size, orbits, light), n in sorted(stars.items())],
        "star_total": len(cat.stars), "light_total": sum(s.light for s in cat.stars),
        "tile_total": len(cat.tiles), "planet_tiles": sum(1 for t in cat.tiles if not t.is_moon),
        "moon_tiles": sum(1 for t in cat.tiles if t.is_moon),
        "planets": [(f.name[lang], f.orbits_text(), f.tokens, f.water, f.atmosphere, f.moons, sides[f.id])
                    for f in planets],
        "moons": [(f.cost, f.shield, sides[f.id]) for f in moons],
    }

