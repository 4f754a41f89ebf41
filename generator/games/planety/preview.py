"""Planety's components for `catalog --preview`: both sides of every tile and every star, each drawn
alone by the print kit's own drawing (draw.face_symbol, draw.star_symbol). A tile side is changed
when its face (type, name, colour, orbits, tokens, water, atmosphere, moons, cost, shield) differs
from the built-in tile's side of the same id; a star when any of its fields does."""

from __future__ import annotations

from functools import partial

from generator.games.planety.model import Catalog, Face, Star
from generator.render.component_preview import Component
from generator.render.scene import Scene


def _face(face: Face, tile_id: str, side: str, lang: str, scene: Scene) -> str:
    from generator.games.planety import draw  # drawing loads only when a preview is drawn

    return scene.add_symbol(draw.face_symbol(face, tile_id, side, lang))


def _star(star: Star, lang: str, scene: Scene) -> str:
    from generator.games.planety import draw

    return scene.add_symbol(draw.star_symbol(star, lang))


def components(cat: Catalog, lang: str) -> list[Component]:
    """The tiles' sides (a, then b, tile by tile in the catalog's order), then the stars."""
    from generator.games.planety.draw import labels

    out: list[Component] = []
    for t in cat.tiles:
        for side in ("a", "b"):
            f = t.face(side)
            title = f"{labels(lang)['moon'] if f.is_moon else f.name[lang]} ({t.id} · {side})"
            out.append(Component(f"{t.id}-{side}", title, "face", f, partial(_face, f, t.id, side, lang)))
    for s in cat.stars:
        out.append(Component(f"star-{s.id}", s.name[lang], "star", s, partial(_star, s, lang)))
    return out
