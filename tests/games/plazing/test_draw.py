"""Plażing drawings as scenes: what the board, the cards and the rules card contain."""

from __future__ import annotations

from generator.games.plazing import draw
from generator.games.plazing.model import Options, rules
from generator.games.plazing.setup import code_for, generate
from generator.render.layout import get_paper
from generator.render.scene import Text, Use


def texts(scene) -> str:
    out = [it.text for page in scene.pages for it in page.items if isinstance(it, Text)]
    out += [it.text for sym in scene.symbols.values() for it in sym.items if isinstance(it, Text)]
    return "\n".join(out)


def test_board_draws_every_square_and_token():
    s = generate(Options(players=3, surprises=True, clean_beach=True), 5)
    scene = draw.board_scene(s, code_for(s.options, 5), get_paper("a4"), "pl")
    board = scene.symbols["pz-board"]
    uses = [it for it in board.items if isinstance(it, Use)]
    squares = s.squares()
    drawn = sum(1 for u in uses if u.name in set(draw.SQUARE_SYMBOL.values()))
    assert drawn == sum(ch in draw.SQUARE_SYMBOL for row in squares for ch in row)
    assert sum(u.name == "pz-surprise" for u in uses) == len(s.surprises)
    assert sum(u.name == "pz-facedown" for u in uses) == 3  # the 3-player beach leaves one column face down
    # the weather die sits by the ring of the rolled direction, and the code is on the board itself
    assert code_for(s.options, 5) in texts(scene)


def test_rules_card_numbers_come_from_the_data(monkeypatch):
    s = generate(Options(players=4, clean_beach=True), 1)
    text = draw.rules_card_text(s, "en")
    assert "14→105" in text and "+5" in text and "12 / 6 / 3" in text
    assert "3 tied for first: 7 points each" in text  # (12 + 6 + 3) // 3
    assert "Waste" in text
    two = draw.rules_card_text(generate(Options(players=3), 1), "pl")
    assert "12 / 6" in two and "12 / 6 / 3" not in two  # third place only at 4 players
    assert "Odpady" not in two  # no clean-beach section without the expansion
    monkeypatch.setitem(rules().raw["scoring"], "set_bonus", 7)
    assert "+7" in draw.rules_card_text(s, "en")


def test_rules_card_scene_fits_and_carries_the_code():
    for lang in ("pl", "en"):
        s = generate(Options(players=2, two_colours=True, surprises=True, events=True, clean_beach=True), 2)
        code = code_for(s.options, 2)
        scene = draw.rules_card_scene(s, code, get_paper("letter"), lang)
        assert len(scene.pages) == 1 and code in texts(scene)
        assert max(it.y for it in scene.pages[0].items if isinstance(it, Text)) < scene.pages[0].h


def test_event_cards_in_deck_order_with_matching_backs():
    s = generate(Options(players=4, surprises=True, events=True, extra_events=True), 3)
    scene = draw.events_scene(s, "CODE", get_paper("a4"), "en")
    fronts = [u.name for p in scene.pages[0::2] for u in p.items if isinstance(u, Use)]
    assert fronts == [f"pz-card-{cid}" for cid in s.event_deck]
    backs = [u.name for p in scene.pages[1::2] for u in p.items if isinstance(u, Use)]
    assert sorted(backs) == sorted(
        "pz-back-special" if cid.startswith("S") else "pz-back-event" for cid in s.event_deck)
