"""Plażing rule cards: the reference deck and the one-page summary.

Every number on a card comes from data/rules.toml through the functions the engine scores with
(`scoring.resource_points`, `scoring.place_points`, `scoring.split_ranks`) and from the tile catalog,
so a card cannot disagree with the game it explains. The texts are templates/plazing/cards/*.
"""

from __future__ import annotations

from typing import Any

from generator.games.plazing import scoring
from generator.games.plazing.model import Options, load_catalog, rules, rules_card_extras
from generator.render.rulecards import DeckStyle
from generator.render.scene import Scene

GAME = "plazing"
TITLE = {"pl": "Plażing", "en": "Plażing"}
CARDS = ("box", "setup", "turn", "areas", "end", "weather", "resources", "ranks", "clean", "surprises",
         "variants")
PLAYERS = (2, 3, 4)


def _symbols(scene: Scene, lang: str) -> None:
    from generator.games.plazing import draw  # the board's own square drawings are the pictograms

    draw._square_symbols(scene)


STYLE = DeckStyle(game="Plażing", accent="#0d6e9c", pattern="waves", add_symbols=_symbols)


def context(players: int, lang: str) -> dict[str, Any]:
    rl = rules()
    sc = rl.scoring
    pc = rl.players(players)
    cat = load_catalog(None)
    specials = cat.of_kind("special")
    most = scoring.place_points(sc["most_areas"], players)
    largest = scoring.place_points(sc["largest_area"], players)
    two = scoring.place_points(sc["most_areas"], 2)
    tied = min(3, players)
    tie_each = scoring.split_ranks([5.0] * tied + [1.0] * (players - tied), most)[0]
    names = rl.colours[f"names_{lang}"]
    return {
        "players": players, "colours": names[:players], "tile": rl.tile_size, "rows": rl.rows,
        "columns": pc.columns, "width": pc.columns * rl.tile_size, "depth": rl.rows * rl.tile_size,
        "specials": pc.specials, "basic": pc.basic, "special_total": len(specials),
        "special_names": [t.title(lang) for t in specials], "extra_total": len(cat.of_kind("extra")),
        "basic_total": len(cat.of_kind("basic")),
        "surprises": pc.surprises, "waste": pc.waste, "waste_each_player": pc.waste_each,
        "screens": rl.piece_count("screen"), "blankets": rl.piece_count("blanket"), "odds": rl.piece_count("odd"),
        "odd_reach": rl.odd_reach,
        "sizes": {k: len(v["art"].replace("/", "").replace(".", "")) for k, v in rl.raw["pieces"].items()},
        "close_area": sc["close_area"], "set_bonus": sc["set_bonus"],
        "resource_rows": [(n, scoring.resource_points(n)) for n in range(1, 15)],
        "most": [p for p in most if p], "largest": [p for p in largest if p], "two_colour_ranks": two[:2] + [0],
        "tied": tied, "tie_each": tie_each, "tie_pot": sum(most[:tied]),
        "wind": sc["wind_per_screen"], "sun": sc["sun_per_blanket"], "rain": str(sc["rain_per_odd"]).replace("-", "−"),
        "weather_faces": len(rl.weather_faces), "waste_points": sc["waste_each"],
        "waste_bonus": sc["waste_most_bonus"], "surprise_tokens": rl.surprise_tokens,
        "surprise_total": sum(rl.surprise_tokens.values()),
        "plus_points": sc["surprise_points"]["plus2"], "minus_points": str(sc["surprise_points"]["minus1"]).replace(
            "-", "−"),
        # the surprises card's line naming the publisher's two event cards (the others are ours)
        "rulebook_events": rules_card_extras(Options(), lang)["rulebook_events"],
    }

