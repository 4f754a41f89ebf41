"""Event cards say who wrote them (issue 24): only two are the publisher's — the rulebook prints
"Zatrucie pokarmowe" and "Zmiana pogody" as its example cards — and the other 24 are ours, marked
as ours (`origin` in data/events.toml, `EventCard.origin` / `.ours` for the card face, a line on
the rules card naming the publisher's)."""

from __future__ import annotations

import pytest

from generator.games.plazing import draw
from generator.games.plazing.model import (
    ORIGINS,
    Options,
    event_cards,
    parse_event_cards,
    rulebook_event_titles,
    rules_card_extras,
)
from generator.games.plazing.setup import generate


def test_every_card_has_an_origin_and_only_the_rulebook_two_are_the_publishers():
    cards = event_cards()
    assert len(cards) == 26 and all(c.origin in ORIGINS for c in cards)
    theirs = [c for c in cards if c.origin == "rulebook"]
    assert [c.title["pl"] for c in theirs] == ["Zatrucie pokarmowe", "Zmiana pogody"]
    assert [c.effect["verb"] for c in theirs] == ["scored_objects_penalty", "weather_change"]
    assert sum(c.ours for c in cards) == 24 and not any(c.ours for c in theirs)


def test_a_card_without_an_origin_is_refused():
    raw = {"cards": [{"id": "Z1", "pack": "base", "kind": "event", "title": {}, "text": {}, "effect": {}}]}
    with pytest.raises(ValueError, match="Z1.*origin"):
        parse_event_cards(raw)
    raw["cards"][0]["origin"] = "publisher"
    with pytest.raises(ValueError, match="origin 'publisher'"):
        parse_event_cards(raw)


@pytest.mark.parametrize("lang, line", [
    ("pl", "Wydarzenia wydawcy: „Zatrucie pokarmowe” i „Zmiana pogody”; pozostałe są nasze"),
    ("en", "The publisher's events: “Food poisoning” and “Weather change”; the others are ours")])
def test_the_rules_card_names_the_publishers_cards(monkeypatch, lang, line):
    s = generate(Options(players=4, surprises=True, events=True), 3)
    assert rulebook_event_titles(lang) and all(t in line for t in rulebook_event_titles(lang))
    real = draw.render_template
    # the rules card's context with the extras model.rules_card_extras gives (merged, so the
    # test holds once draw.rules_card_text passes them itself)
    monkeypatch.setattr(draw, "render_template",
                        lambda name, **ctx: real(name, **{**rules_card_extras(s.options, lang), **ctx}))
    assert line in draw.rules_card_text(s, lang)
    s.options = Options(players=4, surprises=True)  # no events: no line
    assert line not in draw.rules_card_text(s, lang)


@pytest.mark.parametrize("flags, gone, kept", [
    ({"no_largest_area": True}, "Largest area", "Most areas"),
    ({"no_most_areas": True}, "Most areas", "Largest area"),
    ({"no_most_areas": True, "no_largest_area": True}, "Ties:", "no points for the most areas nor the largest"),
])
def test_the_rules_card_leaves_out_the_rank_bonus_the_children_play_without(monkeypatch, flags, gone, kept):
    full = draw.rules_card_text(generate(Options(players=4), 3), "en")
    assert "Most areas" in full and "Largest area" in full and "every piece around it, of every colour" in full
    s = generate(Options(players=4, **flags), 3)
    real = draw.render_template
    monkeypatch.setattr(draw, "render_template",
                        lambda name, **ctx: real(name, **{**rules_card_extras(s.options, "en"), **ctx}))
    text = draw.rules_card_text(s, "en")
    assert gone not in text and kept in text


def test_the_longest_rules_cards_still_fit_one_page(monkeypatch):
    """The fullest rules cards (two colours, every expansion, either rank bonus off) fit A4 and
    Letter in both languages with the lines above."""
    from generator.render.layout import get_paper

    real = draw.render_template
    for flags in ({}, {"no_most_areas": True}, {"no_largest_area": True},
                  {"no_most_areas": True, "no_largest_area": True}):
        s = generate(Options(players=2, two_colours=True, surprises=True, events=True, clean_beach=True, **flags), 2)
        for lang in ("pl", "en"):
            extras = rules_card_extras(s.options, lang)
            monkeypatch.setattr(draw, "render_template",
                                lambda name, extras=extras, **ctx: real(name, **{**extras, **ctx}))
            for paper in ("a4", "letter"):
                assert len(draw.rules_card_scene(s, "PZ-X", get_paper(paper), lang).pages) == 1


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_surprises_rule_card_names_the_publishers_cards_and_fits(monkeypatch, lang):
    """The rule card deck's surprises card, with the publisher's card names in its context
    (`rules_card_extras`), still fits its card on both papers."""
    from generator import cards as cardjob
    from generator.games.plazing import cards
    from generator.render import layout, rulecards

    real = cards.context
    monkeypatch.setattr(cards, "context", lambda players, lng: {
        **real(players, lng), "rulebook_events": rules_card_extras(Options(), lng)["rulebook_events"]})
    deck = cardjob.rule_cards(cards, 4, lang)
    text = " ".join(str(block) for card in deck for block in getattr(card, "blocks", [card]))
    assert all(t in text for t in rulebook_event_titles(lang))
    for paper in ("a4", "letter"):
        scene = rulecards.deck_scene(deck, cards.STYLE, layout.get_paper(paper), "T", lang)
        assert scene.warnings == []
