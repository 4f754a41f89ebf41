"""`boardgen planety catalog --template`: the built-in content (data/content.toml, its comments
kept) with a comment on every field, a file a designer copies and edits. A Planety catalog is
read whole — it replaces ours, nothing is merged — so the template is the complete content, and it
reads back as the built-in catalog (same digest).
"""

from __future__ import annotations

from generator.core.template import annotate
from generator.games.planety.model import DATA

DOCS = {
    "tokens.asteroid": "asteroid tokens in the box",
    "tokens.water": "water tokens in the box",
    "tokens.light": "light tokens in the box",
    "tokens.life": "life tokens in the box",
    "stars.*.size": "\"small\" or \"large\" (the star's card)",
    "stars.*.orbits": "orbits around the star: planets a player places, orbit 1 first",
    "stars.*.light": "light tokens the star gives",
    "stars.*.colour": "printed colour, #rgb or #rrggbb",
    "stars.*.name": "printed name, in Polish and English",
    "faces.*.type": "\"planet\" or \"moon\"",
    "faces.*.name": "printed name, in Polish and English",
    "faces.*.colour": "printed colour, #rgb or #rrggbb",
    "faces.*.orbits": "planet: the orbits it may be placed on",
    "faces.*.tokens": "planet: the tokens it gives (the circle with a plus)",
    "faces.*.water": "planet: natural water (true/false)",
    "faces.*.atmosphere": "planet: natural atmosphere (true/false; only these grow life themselves)",
    "faces.*.moons": "planet: may take moons (true/false)",
    "faces.*.cost": "moon: tokens paid to place it (from asteroids and water)",
    "faces.*.shield": "moon: asteroids it stops before one gets through",
    "tiles.id": "the tile's id (printed on both sides)",
    "tiles.a": "the face on side a (a [faces] id)",
    "tiles.b": "the face on side b (a [faces] id)",
}


def template() -> str:
    head = ("# Planety: the built-in content as a template. Save it, change what you like, then\n"
            "#   boardgen planety catalog FILE    and    boardgen planety compare --catalog FILE\n"
            "# A catalog is read whole (it replaces the built-in content): keep every table.\n\n")
    return head + annotate((DATA / "content.toml").read_text(encoding="utf-8"), DOCS)
