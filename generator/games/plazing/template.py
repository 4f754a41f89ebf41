"""`boardgen plazing catalog --template`: the built-in tiles (data/tiles.toml, its comments kept)
with a comment on every field, a file a designer copies and edits. A Plażing catalog is read whole
— its [tiles.ID] tables replace ours — so the template is every tile, and it reads back as the
built-in catalog (same digest, so the built-in setup codes).
"""

from __future__ import annotations

from generator.core.template import annotate
from generator.games.plazing.model import DATA

DOCS = {
    "tiles.*.kind": "basic (rotated when laid), special (base game) or extra (the extra-tiles expansion)",
    "tiles.*.rotatable": "may be turned when laid (basic tiles; special tiles keep their orientation)",
    "tiles.*.art": "4 rows of 4 squares, north (sea) row first: . sand, x sticks, A amber, S shell, "
                   "P pebble, # object, + / - score square",
    "tiles.*.name": "printed name, in Polish and English (pl, en)",
    "tiles.*.object": "the object drawn on a special tile (its name comes from data/objects.toml if the tile has none)",
    "tiles.*.sea_row": "must lie in the sea row, its objects reaching the north edge",
}


def template() -> str:
    head = ("# Plażing: the built-in tiles as a template. Save it, change what you like, then\n"
            "#   boardgen plazing catalog FILE    and    boardgen plazing compare --catalog FILE\n"
            "# A catalog is read whole (its tiles replace the built-in ones): keep every tile you want.\n\n")
    return head + annotate((DATA / "tiles.toml").read_text(encoding="utf-8"), DOCS)
