"""Plażing event cards of ours are marked as ours: a small star and "boardgen" on the face of every
card we wrote, none on the publisher's two (Zatrucie pokarmowe, Zmiana pogody)."""

from __future__ import annotations

from generator.games.plazing import draw
from generator.games.plazing.model import Options, event_cards
from generator.games.plazing.setup import generate
from generator.render import layout
from generator.render.scene import Text


def _marked(scene, name: str) -> bool:  # type: ignore[no-untyped-def]
    return any(isinstance(i, Text) and i.text == "boardgen" for i in scene.symbols[name].items)


def test_every_boardgen_card_carries_the_mark_and_the_rulebook_ones_do_not() -> None:
    setup = generate(Options(players=4, surprises=True, events=True, extra_events=True), 2)
    scene = draw.events_scene(setup, "X-1", layout.get_paper("a4"), "pl")
    by_id = {c.id: c for c in event_cards()}
    assert {"E01", "E02"} <= set(setup.event_deck)
    for cid in setup.event_deck:
        ours = by_id[cid].title["pl"] not in ("Zatrucie pokarmowe", "Zmiana pogody")
        assert _marked(scene, f"pz-card-{cid}") == ours, cid
    origins = [c.origin for c in event_cards()]
    assert origins.count("rulebook") == 2 and origins.count("boardgen") == len(origins) - 2
