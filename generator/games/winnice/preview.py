"""Winnice's components for `catalog --preview`: every card face of the decks (seedlings, action
cards, disaster, coordinates) and every space of the action board, each drawn alone by the drawing
code of the print kit (draw.py's card faces, `_space_items` of the action board).

What a component is made of (`Component.data`) is what its drawing reads from the catalog: a
seedling card's shape, an action card's effect, a coordinate card's board, a space's cost, order,
players and the shapes of the crews that fit; a card's copies are its count. So a catalog that
changes a shape shows every card of that shape, and one that adds a red L4 to a deck shows that card."""

from __future__ import annotations

from functools import partial
from typing import Any

from generator.games.winnice.model import ACTION_CARDS, DECKS, Catalog, parse_card
from generator.render.component_preview import Component
from generator.render.scene import Scene


def _card(cat: Catalog, deck: str, cid: str, lang: str, scene: Scene) -> str:
    from generator.games.winnice import draw  # drawing loads only when a preview is drawn

    return draw.card_face(scene, cat, deck, cid, lang)


def _space(cat: Catalog, space: Any, lang: str, scene: Scene) -> str:
    from generator.games.winnice import draw

    return draw.space_symbol(scene, cat, space, lang)


def components(cat: Catalog, lang: str) -> list[Component]:
    """The catalog's card faces, deck by deck, then its action spaces, in the catalog's order."""
    from generator.games.winnice import draw

    out: list[Component] = []
    for deck in DECKS:
        for cid, n in cat.decks[deck].items():
            if not n:  # a card the catalog takes out of the deck prints nowhere
                continue
            colour, shape_id = parse_card(cid)
            title = f"{draw.texts()['decks'][deck][lang]} · {draw.colour_name(colour, lang)} {shape_id}"
            out.append(Component(f"{deck}-{cid}", title, "card", (cid, cat.shapes[shape_id]),
                                 partial(_card, cat, deck, cid, lang), n))
    for action in ACTION_CARDS:
        n = cat.action_cards.get(action, 0)
        if n:
            effect = (draw.effect_text(action, cat, lang), cat.effects.get(f"{action}_storage"))
            out.append(Component(f"action-{action}", draw.action_name(action, lang), "card", effect,
                                 partial(_card, cat, "action", action, lang), n))
    for kind, n in cat.disaster.items():
        if n:
            out.append(Component(f"disaster-{kind}", f"{draw.texts()['decks']['disaster'][lang]} · {kind}", "card",
                                 kind, partial(_card, cat, "disaster", kind, lang), n))
    for deck, values in (("digits", cat.digits), ("letters", cat.letters)):
        for value, n in values.items():
            if n:
                out.append(Component(f"{deck}-{value}", f"{draw.texts()['decks'][deck][lang]} · {value}", "card",
                                     (value, cat.size, cat.columns), partial(_card, cat, deck, value, lang), n))
    for space in cat.spaces:
        data = (space, tuple(cat.shapes[w] for w in space.fits))
        out.append(Component(f"space-{space.id}", f"{draw.action_name(space.action, lang)} ({space.cost})", "space",
                             data, partial(_space, cat, space, lang)))
    return out
