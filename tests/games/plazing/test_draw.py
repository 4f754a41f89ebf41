"""Plażing drawings as scenes: what the board, the cards and the rules card contain."""

from __future__ import annotations

from generator.games.plazing import draw, pictures
from generator.games.plazing.model import Options, rules
from generator.games.plazing.setup import code_for, generate
from generator.render.layout import get_paper
from generator.render.scene import Circle, Line, Polygon, Rect, Text, Use


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


# --- issue 8, item 12: what a person saw wrong on the board ----------------------------------------
def board_items(setup, lang="pl"):
    scene = draw.board_scene(setup, "PZ-CODE", get_paper("a4"), lang)
    return scene.symbols["pz-board"].items


def test_start_is_printed_inside_track_cell_zero():
    s = generate(Options(players=4), 1)
    items = board_items(s)
    w, h = draw.board_size(s)
    x0, y0 = draw._track_cells(w, h)[0]
    cw, ch = w / int(w // draw.TRACK), h / int(h // draw.TRACK)
    (start,) = [it for it in items if isinstance(it, Text) and it.text == "START"]
    assert x0 <= start.x <= x0 + cw and y0 < start.y < y0 + ch  # before: above it, in cell 69


def test_polish_board_prints_polish_tile_names_even_without_names_in_the_file():
    from dataclasses import replace

    s = generate(Options(players=4), 1)
    s.catalog = {tid: replace(t, name=()) for tid, t in s.catalog.items()}  # an older or user-made file
    text = "\n".join(it.text for it in board_items(s) if isinstance(it, Text))
    assert "FALOCHRON" in text and "BREAKWATER" not in text
    assert not {"breakwater", "boat", "ice_cream"} & set(text.lower().split())  # no tile ids either
    english = "\n".join(it.text for it in board_items(s, "en") if isinstance(it, Text))
    assert "BREAKWATER" in english


def _die_frame(items, centre):
    return [i for i, it in enumerate(items) if isinstance(it, Rect) and abs(it.x + it.w / 2 - centre[0]) < 1e-6
            and abs(it.y + it.h / 2 - centre[1]) < 1e-6 and it.w == pictures.DIE]


def test_the_die_lies_on_top_of_the_active_ring_and_stands_out():
    s = generate(Options(players=4), 1)
    for face in ("wind-N", "wind-S", "wind-W", "wind-E", "sun", "rain"):
        s.weather = face
        items = board_items(s)
        centre = draw.ring_centres(s)[draw.active_ring(face)]
        ring = [i for i, it in enumerate(items) if isinstance(it, Circle) and (it.cx, it.cy) == centre
                and it.stroke == "#d32f2f"]
        (frame,) = _die_frame(items, centre)
        assert ring and frame > max(ring)  # drawn after (over) the red ring, not hidden beneath it
        assert items[frame].stroke not in (None, "#d32f2f") and items[frame].width >= 0.8
        others = [c for k, c in draw.ring_centres(s).items() if k != draw.active_ring(face)]
        assert not any(_die_frame(items, c) for c in others)


def test_rain_is_drawn_as_a_cloud_with_drops_not_triangles():
    s = generate(Options(players=4), 1)
    s.weather = "rain"
    items = board_items(s)
    centre = draw.ring_centres(s)["N"]
    (frame,) = _die_frame(items, centre)
    face = items[frame + 1:frame + 12]
    drops = [it for it in face if isinstance(it, Polygon)]
    assert drops and all(len(p.points) > 6 for p in drops)  # round-bottomed drops
    assert sum(isinstance(it, Circle) for it in face) >= 3  # the cloud's puffs


def test_west_and_east_wind_die_covers_no_row_number():
    from generator.render.fonts import text_width

    s = generate(Options(players=4), 1)
    for face in ("wind-W", "wind-E"):
        s.weather = face
        items = board_items(s)
        centre = draw.ring_centres(s)[face[-1]]
        (frame,) = _die_frame(items, centre)
        d = items[frame]
        labels = [it for it in items if isinstance(it, Text) and it.text.isdigit() and it.anchor == "end"
                  and it.size == 6]
        assert len(labels) == 12
        for t in labels:
            width = text_width(t.text, t.font, t.size)
            height = t.size * 0.3528
            x0, x1 = t.x - width, t.x
            y0, y1 = t.y - height, t.y
            apart = x1 < d.x or x0 > d.x + d.w or y1 < d.y or y0 > d.y + d.h
            assert apart, (face, t.text)


def test_a_game_without_weather_has_no_die():
    s = generate(Options(players=4, no_weather=True), 1)
    items = board_items(s)
    assert not any(_die_frame(items, c) for c in draw.ring_centres(s).values())
    assert "bez pogody" in "\n".join(draw.summary_lines(s, "pl"))


# --- issue 8, items 13-15: cards in greyscale, card pictures, titles in the chosen language ------------------
def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_event_and_special_backs_differ_by_brightness_and_pattern_not_only_hue():
    s = generate(Options(players=4, surprises=True, events=True, extra_events=True), 3)
    scene = draw.events_scene(s, "CODE", get_paper("a4"), "en")
    event, special = scene.symbols["pz-back-event"], scene.symbols["pz-back-special"]
    assert abs(_luminance(event.items[0].fill) - _luminance(special.items[0].fill)) >= 0.15  # was 0.03
    shapes = {name: {type(it).__name__ for it in sym.items[1:] if not isinstance(it, Text)}
              for name, sym in (("event", event), ("special", special))}
    assert shapes["event"] != shapes["special"]  # rings v stripes and a star: the outline tells them apart
    assert "Polygon" in shapes["special"] and "Line" in shapes["special"] and shapes["event"] == {"Circle"}


def test_every_card_front_pictures_its_effect():
    from generator.games.plazing.model import event_cards

    s = generate(Options(players=4, surprises=True, events=True, extra_events=True), 3)
    scene = draw.events_scene(s, "CODE", get_paper("a4"), "pl")
    for card in event_cards():
        items = scene.symbols[f"pz-card-{card.id}"].items
        text_bottom = max(it.y for it in items if isinstance(it, Text) and it.size == 8.6)
        footer = draw.CARD_H - 11
        picture = [it for it in items if _top(it) > text_bottom and _bottom(it) < footer
                   and not (isinstance(it, Rect) and it.w >= draw.CARD_W - 3)]
        assert len(picture) >= 2, card.id
        lowest = max(_bottom(it) for it in picture)
        assert lowest < footer
        # the blank band between the text and the footer is now under a quarter of the card (was 40 %)
        gaps = sorted([text_bottom, *(y for it in picture for y in (_top(it), _bottom(it))), footer])
        assert max(b - a for a, b in zip(gaps, gaps[1:], strict=False)) < 0.22 * draw.CARD_H, card.id


def _top(it) -> float:
    if isinstance(it, Circle):
        return it.cy - it.r
    if isinstance(it, Line):
        return min(it.y1, it.y2)
    if isinstance(it, Polygon):
        return min(y for _, y in it.points)
    if isinstance(it, Text):
        return it.y - it.size * 0.3528
    return it.y


def _bottom(it) -> float:
    if isinstance(it, Circle):
        return it.cy + it.r
    if isinstance(it, Line):
        return max(it.y1, it.y2)
    if isinstance(it, Polygon):
        return max(y for _, y in it.points)
    if isinstance(it, Use):
        return it.y + draw.SQ * it.scale
    if isinstance(it, Text):
        return it.y
    return it.y + it.h


def test_pdf_titles_follow_the_language():
    s = generate(Options(players=4, surprises=True, events=True), 3)
    paper = get_paper("a4")
    for lang, words in (("pl", ("parawany", "karty wydarzeń", "karta zasad")),
                        ("en", ("screens", "event cards", "rules card"))):
        titles = [draw.board_scene(s, "C", paper, lang).title, draw.events_scene(s, "C", paper, lang).title,
                  draw.rules_card_scene(s, "C", paper, lang).title]
        assert all(w in t for w, t in zip(words, titles, strict=True)), titles


def test_printing_notes_name_events_pdf_only_when_the_setup_has_the_deck():
    """The summary page's printing notes talk about events.pdf only for a setup that writes one."""
    for lang in ("pl", "en"):
        plain = generate(Options(players=4), 3)
        with_events = generate(Options(players=4, surprises=True, events=True), 3)
        assert with_events.event_deck and not plain.event_deck
        for s, wanted in ((plain, False), (with_events, True)):
            scene = draw.board_scene(s, code_for(s.options, 3), get_paper("a4"), lang)
            assert ("events.pdf" in texts(scene)) is wanted


def test_the_legend_lists_what_the_board_has_and_nothing_else():
    """The board's and the rules card's legends follow the setup: no "−1 square" line for a
    beach without one, a waste line only with the clean-beach expansion, surprises only when
    placed."""
    labels = {e["key"]: e["en"] for e in draw.texts()["legend"]}
    for opts in (Options(players=4), Options(players=3, surprises=True, clean_beach=True)):
        s = generate(opts, 4)
        keys = draw.legend_keys(s)
        chars = {ch for row in s.squares() for ch in row}
        assert ("plus" in keys) == ("+" in chars) and ("minus" in keys) == ("-" in chars)
        assert ("waste" in keys) == bool(s.waste) and ("surprise" in keys) == bool(s.surprises)
        for scene in (draw.board_scene(s, code_for(s.options, 4), get_paper("a4"), "en"),
                      draw.rules_card_scene(s, code_for(s.options, 4), get_paper("a4"), "en")):
            shown = texts(scene).splitlines()
            for key, label in labels.items():
                assert (label in shown) == (key in keys), (key, opts)
