"""Small drawings shared by the Plażing board and cards: the weather die, pieces, a beach map with
a region marked, points badges and the effect icon of every event card.

The rulebook illustrates each board region of the event cards with "schemat planszy z zaznaczonym
obszarem"; our cards draw the same map, and every other effect gets a picture of what it does
(who scores, which piece, which resource), so a card front is never 40 % blank paper. Everything
also reads in greyscale: icons differ by shape, and points carry their sign in text.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from generator.render.bounds import text_box
from generator.render.scene import Circle, Item, Line, Polygon, Rect, Text, Use

INK = "#2b2b2b"
SEA, SAND, MARK, LINE = "#9fd3e6", "#f3e2b3", "#ec407a", "#7a6234"
PLUS, MINUS = "#2e7d32", "#c62828"
PIECE_FILL = "#1b6ca8"
PEOPLE = ("#d7263d", "#1b6ca8", "#2e933c", "#f2c14e")
DIE = 10.0  # mm: the board's die lies on its life ring and fits the 12 mm band beside the beach


def drop(cx: float, cy: float, r: float) -> Polygon:
    """A raindrop: a point on top, a round bottom centred at (cx, cy)."""
    pts = [(cx, cy - 2.2 * r)]
    pts += [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(-30, 211, 20)]
    return Polygon(tuple(pts), fill="#1e88e5", stroke="#0d47a1", width=0.15)


def weather_die(cx: float, cy: float, face: str, size: float = DIE) -> list[Item]:
    """A weather die face centred on (cx, cy), with a thick gold frame ("?" = a face to be rolled)."""
    k = size / DIE
    x, y = cx - size / 2, cy - size / 2
    items: list[Item] = [Rect(x, y, size, size, fill="#ffffff", stroke="#f9a825", width=1.0 * k, radius=1.8 * k)]
    if face == "sun":
        items.append(Circle(cx, cy, 2.1 * k, fill="#ffb300", stroke="#e65100", width=0.4 * k))
        for j in range(8):
            a = math.radians(45 * j)
            items.append(Line(cx + 2.8 * k * math.cos(a), cy + 2.8 * k * math.sin(a), cx + 3.9 * k * math.cos(a),
                              cy + 3.9 * k * math.sin(a), stroke="#e65100", width=0.5 * k))
    elif face == "rain":
        # a cloud (three overlapping puffs on a flat base) with three drops falling from it
        for dx, dy, r in ((-1.7, -1.6, 1.5), (0.4, -2.4, 1.9), (2.1, -1.5, 1.3)):
            items.append(Circle(cx + dx * k, cy + dy * k, r * k, fill="#90a4ae", stroke=None))
        items.append(Rect(cx - 3.2 * k, cy - 1.6 * k, 6.6 * k, 1.5 * k, fill="#90a4ae", stroke=None, radius=0.7 * k))
        for dx, dy in ((-2.2, 2.9), (0.3, 3.6), (2.6, 2.7)):
            items.append(drop(cx + dx * k, cy + dy * k, 0.65 * k))
    elif face == "?":
        items.append(Text(cx, cy + 2.4 * k, "?", size=14 * k, font="bold", fill="#f9a825", anchor="middle"))
    else:
        items.append(Text(cx, cy + 1.3 * k, face[-1], size=10 * k, font="bold", fill=INK, anchor="middle"))
        # the wind's wave under the number, drawn (a "~~" in type would print under the 6 pt floor)
        wy = cy + size / 2 - 2.0 * k
        wave = tuple((cx + (j - 4) * 0.45 * k, wy + 0.35 * k * math.sin(j * math.pi / 2)) for j in range(9))
        items.append(Polygon(wave, stroke="#1565c0", width=0.3 * k, closed=False))
    return items


def region_map(x: float, y: float, w: float, region: str | None) -> list[Item]:
    """The beach as 5 x 3 tiles below a sea strip, the named region hatched (sea, middle, dunes,
    west, east); None marks nothing. Returns items within x..x+w and y..y+w*0.7."""
    t = w / 5
    sea = t * 0.5
    items: list[Item] = [Rect(x, y, w, sea, fill=SEA, stroke=None)]
    cells = {"sea": [(c, 0) for c in range(5)], "middle": [(c, 1) for c in range(5)],
             "dunes": [(c, 2) for c in range(5)], "west": [(0, r) for r in range(3)],
             "east": [(4, r) for r in range(3)]}.get(region or "", [])
    for r in range(3):
        for c in range(5):
            marked = (c, r) in cells
            items.append(Rect(x + c * t, y + sea + r * t, t, t, fill=MARK if marked else SAND, stroke=LINE, width=0.3))
            if marked:  # hatching: the region shows without colour too
                for j in range(1, 4):
                    items.append(Line(x + c * t, y + sea + r * t + j * t / 4, x + c * t + j * t / 4,
                                      y + sea + r * t, stroke="#ffffff", width=0.35))
    return items


def piece(x: float, y: float, kind: str, sq: float = 4.0, fill: str = PIECE_FILL) -> tuple[list[Item], float]:
    """A screen (3 squares, a bar on its outer side), a blanket (2) or an odd (1); "any": all three.
    Returns the items and the width used."""
    if kind == "any":
        out: list[Item] = []
        width = 0.0
        for k in ("screen", "blanket", "odd"):
            items, used = piece(x + width, y, k, sq * 0.7, fill)
            out += items
            width += used + sq * 0.5
        return out, width - sq * 0.5
    n = {"screen": 3, "blanket": 2, "odd": 1}[kind]
    out = [Rect(x, y, n * sq, sq, fill=fill, stroke=INK, width=0.3, radius=0.4 if kind == "odd" else 0.0)]
    if kind == "blanket":
        out += [Line(x + j * sq / 2, y + 0.6, x + j * sq / 2, y + sq - 0.6, stroke="#ffffff", width=0.3)
                for j in range(1, 4)]
    if kind == "screen":
        out.append(Rect(x, y - sq * 0.3, n * sq, sq * 0.3, fill=INK, stroke=None))
    return out, n * sq


def badge(cx: float, cy: float, points: int, r: float = 5.5) -> list[Item]:
    """Points as a round badge: "+2" in green, "−1" in red (the sign is printed, so grey prints read)."""
    colour = PLUS if points >= 0 else MINUS
    label = f"+{points}" if points >= 0 else f"−{-points}"
    return [Circle(cx, cy, r, fill="#ffffff", stroke=colour, width=0.9),
            Text(cx, cy + r * 0.38, label, size=r * 2.0, font="bold", fill=colour, anchor="middle")]


def person(cx: float, cy: float, h: float, fill: str) -> list[Item]:
    """A beach-goer: a round head over a rounded body, `h` mm tall, standing on y = cy."""
    return [Rect(cx - h * 0.28, cy - h * 0.62, h * 0.56, h * 0.62, fill=fill, stroke=INK, width=0.25, radius=h * 0.2),
            Circle(cx, cy - h * 0.8, h * 0.2, fill=fill, stroke=INK, width=0.25)]


def podium(x: float, y: float, w: float, highlight: str) -> list[Item]:
    """Three steps (2nd, 1st, 3rd) with a person on the "first" or the "last" one."""
    step = w / 3
    heights = (6.0, 9.0, 4.0)
    items: list[Item] = []
    for i, (place, hgt) in enumerate(zip(("2", "1", "3"), heights, strict=True)):
        items.append(Rect(x + i * step, y - hgt, step, hgt, fill="#ffe082", stroke=INK, width=0.3))
        items.append(Text(x + (i + 0.5) * step, y - 1.2, place, size=7, font="bold", fill=INK, anchor="middle"))
    i = 1 if highlight == "first" else 2
    items += person(x + (i + 0.5) * step, y - heights[i], 7.0, PEOPLE[0])
    return items


def effect_icon(effect: Mapping[str, Any], x: float, y: float, w: float, h: float) -> list[Item]:
    """The picture of one card's effect, drawn for the box x..x+w, y..y+h, then scaled (up to 1.6x)
    and centred to fill it."""
    return fit(_effect_icon(effect, x, y, w, h), x, y, w, h, 1.6)


def _box(it: Item) -> tuple[float, float, float, float]:
    if isinstance(it, Rect):
        return it.x, it.y, it.x + it.w, it.y + it.h
    if isinstance(it, Circle):
        return it.cx - it.r, it.cy - it.r, it.cx + it.r, it.cy + it.r
    if isinstance(it, Line):
        return min(it.x1, it.x2), min(it.y1, it.y2), max(it.x1, it.x2), max(it.y1, it.y2)
    if isinstance(it, Polygon):
        xs, ys = [p[0] for p in it.points], [p[1] for p in it.points]
        return min(xs), min(ys), max(xs), max(ys)
    if isinstance(it, Use):
        return it.x, it.y, it.x + 15.0 * it.scale, it.y + 15.0 * it.scale  # the board's 15 mm squares
    return text_box(it)  # Text: its real extent (font metrics, anchor), so a label never leaves the box


def fit(items: list[Item], x: float, y: float, w: float, h: float, most: float) -> list[Item]:
    """`items` scaled about their bounding box's centre (at most `most` times, never beyond the box)
    and moved to the centre of the box."""
    if not items:
        return items
    boxes = [_box(it) for it in items]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    k = min(most, w / max(x1 - x0, 1e-6), h / max(y1 - y0, 1e-6))
    ox, oy = x + w / 2 - (x0 + x1) / 2 * k, y + h / 2 - (y0 + y1) / 2 * k

    def tx(v: float) -> float:
        return ox + v * k

    def ty(v: float) -> float:
        return oy + v * k

    out: list[Item] = []
    for it in items:
        if isinstance(it, Rect):
            out.append(replace(it, x=tx(it.x), y=ty(it.y), w=it.w * k, h=it.h * k, width=it.width * k,
                               radius=it.radius * k))
        elif isinstance(it, Circle):
            out.append(replace(it, cx=tx(it.cx), cy=ty(it.cy), r=it.r * k, width=it.width * k))
        elif isinstance(it, Line):
            out.append(replace(it, x1=tx(it.x1), y1=ty(it.y1), x2=tx(it.x2), y2=ty(it.y2), width=it.width * k))
        elif isinstance(it, Polygon):
            out.append(replace(it, points=tuple((tx(a), ty(b)) for a, b in it.points), width=it.width * k))
        elif isinstance(it, Use):
            out.append(replace(it, x=tx(it.x), y=ty(it.y), scale=it.scale * k))
        elif isinstance(it, Text):
            out.append(replace(it, x=tx(it.x), y=ty(it.y), size=it.size * k))
        else:
            out.append(it)
    return out


def _effect_icon(effect: Mapping[str, Any], x: float, y: float, w: float, h: float) -> list[Item]:
    verb = effect["verb"]
    pts = effect.get("points")
    cx, cy = x + w / 2, y + h / 2
    items: list[Item] = []
    if verb in ("region_pieces", "region_areas", "most_in_region"):
        mw = min(w * 0.62, 34.0)
        mh = mw * 0.7
        mx, my = x + (w - mw - 14) / 2, cy - mh / 2
        items += region_map(mx, my, mw, effect["region"])
        bx = mx + mw + 8
        if verb == "region_pieces":
            icon, used = piece(bx - 4, cy + 5, effect["piece"], 3.2)
            items += icon
        elif verb == "region_areas":
            items += person(bx, cy + 10, 7.0, PEOPLE[1])
        else:
            items += [Text(bx, cy + 9, "max", size=7, font="bold", fill=INK, anchor="middle")]
        if pts is not None:
            items += badge(bx, cy - 4, int(pts), 5.0)
        return items
    if verb == "scored_objects_penalty":
        # an ice-cream cone beside a cocktail glass: "who visited the bar or the ice-cream stand"
        items += [Polygon(((cx - 14, cy - 3), (cx - 6, cy - 3), (cx - 10, cy + 9)), fill="#d7a26b", stroke=INK,
                          width=0.3),
                  Circle(cx - 10, cy - 5, 4.2, fill="#f4a7b9", stroke=INK, width=0.3),
                  Polygon(((cx - 3, cy - 8), (cx + 7, cy - 8), (cx + 2, cy - 1)), fill="#80deea", stroke=INK,
                          width=0.3),
                  Line(cx + 2, cy - 1, cx + 2, cy + 7, stroke=INK, width=0.5),
                  Line(cx - 1.5, cy + 7, cx + 5.5, cy + 7, stroke=INK, width=0.5)]
        if pts is not None:
            items += badge(cx + 15, cy, int(pts))
        return items
    if verb in ("weather_change", "special_reroll_weather", "special_set_weather"):
        items += weather_die(cx - 8, cy, "?", 14.0)  # the die to roll (or to set), and faces it may show
        for k, face in enumerate(("sun", "rain", "wind-N")):
            items += weather_die(cx + 9, cy - 8 + k * 8, face, 6.5)
        return items
    if verb == "lose_resource":
        items.append(Use(f"pz-{effect['kind']}", cx - 14, cy - 7.5, scale=1.0))
        items += [Line(cx + 3, cy, cx + 11, cy, stroke=MINUS, width=1.0),
                  Polygon(((cx + 11, cy - 2.5), (cx + 15, cy), (cx + 11, cy + 2.5)), fill=MINUS, stroke=None)]
        items.append(Text(cx + 9, cy + 9, "−1", size=10, font="bold", fill=MINUS, anchor="middle"))
        return items
    if verb == "rank":
        items += podium(cx - 16, cy + 9, 20.0, effect["rank"])
        if pts is not None:
            items += badge(cx + 13, cy, int(pts))
        return items
    if verb == "everyone":
        for i, colour in enumerate(PEOPLE):
            items += person(cx - 16 + i * 7, cy + 8, 9.0, colour)
        if pts is not None:
            items += badge(cx + 16, cy, int(pts))
        return items
    if verb in ("drawer", "special_points"):
        items += person(cx - 9, cy + 11, 19.0, PEOPLE[0])
        items.append(Rect(cx - 4, cy - 7, 8, 11, fill="#00695c" if verb == "special_points" else MARK, stroke=INK,
                          width=0.3, radius=0.8))
        if pts is not None:
            items += badge(cx + 14, cy, int(pts), 7.0)
        return items
    if verb == "special_steal":
        items += person(cx - 14, cy + 9, 12.0, PEOPLE[1]) + person(cx + 14, cy + 9, 12.0, PEOPLE[0])
        items += [Text(cx - 14, cy - 7, "1.", size=8, font="bold", fill=INK, anchor="middle"),
                  Line(cx - 7, cy, cx + 5, cy, stroke=INK, width=0.9),
                  Polygon(((cx + 5, cy - 2.5), (cx + 9, cy), (cx + 5, cy + 2.5)), fill=INK, stroke=None)]
        if pts is not None:
            items.append(Text(cx, cy - 3, f"{int(pts)}", size=10, font="bold", fill=INK, anchor="middle"))
        return items
    if verb == "special_collect":
        for i, kind in enumerate(("amber", "pebble", "shell")):
            items.append(Use(f"pz-{kind}", cx - 22 + i * 12, cy - 7.5, scale=0.8))
        items.append(Text(cx + 17, cy + 3, "+1", size=12, font="bold", fill=PLUS, anchor="middle"))
        return items
    if verb == "special_extra_odd":
        icon, used = piece(cx - 10, cy - 2, "odd", 7.0)
        items += icon
        items.append(Text(cx + 8, cy + 4, "+1", size=14, font="bold", fill=PLUS, anchor="middle"))
        return items
    if pts is not None:
        items += badge(cx, cy, int(pts))
    return items
