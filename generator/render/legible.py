"""Nothing printed under MIN_TEXT_PT: the floor for every piece of text on paper, and symbol copies
for places that show artwork smaller than drawn.

A symbol drawn at true scale (a board, a token) may carry 6 pt labels; shown shrunk — a board on its
scaled overview page, a token as a pictogram on a rule card — the same label would print at 3 pt,
a smudge nobody can read. `legible` gives a copy of such a symbol for that scale with the text that
would print under the floor left out (nested symbols too): the art stays, the words are read where
the artwork is printed at full size (the poster sheets, the token sheet), and a pictogram's own
label is handed back so the caller can print it at a readable size beside the picture.
"""

from __future__ import annotations

from dataclasses import replace

from generator.render.scene import Item, Scene, Symbol, Text, Use

#: the smallest type size (pt) anything is printed at, on any page (tests read it back from the PDFs)
MIN_TEXT_PT: float = 6.0


def _copy(scene: Scene, name: str, scale: float, floor: float, dropped: list[Text] | None) -> str:
    sym = scene.symbols[name]
    items: list[Item] = []
    changed = False
    for it in sym.items:
        if isinstance(it, Text) and it.size * scale < floor - 1e-9:
            changed = True
            if dropped is not None:
                dropped.append(it)
            continue
        if isinstance(it, Use):
            inner = _copy(scene, it.name, scale * it.scale, floor, None)
            if inner != it.name:
                changed = True
                it = replace(it, name=inner)
        items.append(it)
    if not changed:
        return name
    new = f"{name}~legible{floor:g}@{scale:.4f}"
    if new not in scene.symbols:
        scene.add_symbol(Symbol(new, sym.w, sym.h, items, sym.background))
    return new


def legible(scene: Scene, name: str, scale: float, floor: float = MIN_TEXT_PT) -> tuple[str, list[Text]]:
    """(symbol to place at `scale`, the symbol's own text items left out of it).

    The symbol to place is `name` itself when every text in it (nested symbols included, each at its
    own scale) prints at `floor` pt or more at this scale; otherwise a copy (added to the scene once
    per scale) without the text that would not. The list holds the left-out texts of the symbol's
    own items (not of nested symbols), in drawing order, for a caption."""
    dropped: list[Text] = []
    return _copy(scene, name, scale, floor, dropped), dropped
