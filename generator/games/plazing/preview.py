"""Plażing's components for `catalog --preview`: every tile of a catalog, drawn alone as the board
draws it (draw.tile_symbol); a tile is changed when any of its fields (art, kind, object, names,
rotatable, sea row) differs from the built-in tile of the same id."""

from __future__ import annotations

from functools import partial

from generator.games.plazing.model import Catalog, Tile
from generator.render.component_preview import Component
from generator.render.scene import Scene


def _draw(tile: Tile, lang: str, scene: Scene) -> str:
    from generator.games.plazing import draw  # drawing loads only when a preview is drawn

    return draw.tile_symbol(scene, tile, lang)


def components(cat: Catalog, lang: str) -> list[Component]:
    """The catalog's tiles, in its order."""
    return [Component(t.id, t.title(lang) if t.special else t.id, "tile", t, partial(_draw, t, lang))
            for t in cat.tiles.values()]
