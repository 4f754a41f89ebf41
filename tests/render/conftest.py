"""Shared scenes for the render tests: small, built in code, deterministic."""

from __future__ import annotations

import shutil

import pytest

from generator.render import layout
from generator.render.scene import Circle, Line, Page, Polygon, Rect, Scene, Symbol, Text, Use

POLISH = "Zażółć gęślą jaźń"
ALL_POLISH = "ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ"
CODE = "TEST-42QX"


def board_scene(w: float = 420.0, h: float = 300.0, name: str = "board") -> Scene:
    """A scene with one board symbol w x h mm: a 20 mm grid, a tile symbol used inside it, text."""
    sc = Scene(title="Test board", subject="tests")
    sc.add_symbol(Symbol("tile", 20, 20, [Rect(1, 1, 18, 18, fill="#4a90d9", radius=2),
                                          Text(10, 14, "ż", 12, "bold", "#ffffff", "middle")]))
    items: list = [Rect(0, 0, w, h, fill="#f0e6c8", width=0.5)]
    items += [Line(x, 0, x, h, stroke="#886633") for x in range(0, int(w) + 1, 20)]
    items += [Line(0, y, w, y, stroke="#886633") for y in range(0, int(h) + 1, 20)]
    items += [Use("tile", 40, 40), Use("tile", 100, 60, rotate=90), Text(30, 30, POLISH, 14)]
    sc.add_symbol(Symbol(name, w, h, items))
    return sc


def mixed_scene() -> Scene:
    """One A4 page using every item type, nested symbols, clip, dashes, rotated text."""
    sc = Scene(title="Mixed ąę", subject="all items")
    sc.add_symbol(Symbol("inner", 10, 10, [Rect(0, 0, 10, 10, fill="#cc0000"), Text(1, 8, "ą", 6)]))
    sc.add_symbol(Symbol("outer", 30, 30, [Use("inner", 0, 0), Use("inner", 15, 15, rotate=90),
                                           Circle(15, 15, 5, fill="#00aa00")]))
    items = [
        Rect(10, 10, 50, 30, fill="#eeeeee", dash=(2, 1)),
        Line(10, 50, 100, 60, width=0.5, dash=(3, 1, 1, 1)),
        Polygon(((120, 10), (150, 40), (110, 40)), fill="#ffcc00"),
        Polygon(((120, 60), (150, 70), (110, 80)), closed=False),
        Circle(60, 120, 15, fill="#3366ff", stroke=None),
        Use("outer", 20, 150), Use("outer", 60, 150, mirror=True, clip=(60, 150, 15, 30)),
        Use("outer", 100, 150, scale=2, rotate=270),
        Text(20, 230, POLISH + " " + ALL_POLISH, 12),
        Text(105, 250, "środek", 12, "bold", anchor="middle"),
        Text(190, 260, "koniec", 10, "condensed", anchor="end"),
        Text(180, 200, "obrót", 10, "condensed-bold", rotate=90),
    ]
    sc.pages.append(Page(210, 297, items, label="mixed"))
    return sc


def card_scene(n: int, bleed: float = 0.0, w: float = 63.0, h: float = 88.0) -> tuple[Scene, list[str]]:
    sc = Scene(title="Cards")
    cw, ch = layout.card_size_with_bleed(w, h, bleed)
    names = []
    for i in range(n):
        sc.add_symbol(Symbol(f"f{i}", cw, ch, [Rect(0, 0, cw, ch, fill="#fff8e0"),
                                              Text(cw / 2, ch / 2, f"karta {i}", 10, anchor="middle")]))
        names.append(f"f{i}")
        sc.add_symbol(Symbol(f"b{i}", cw, ch, [Rect(0, 0, cw, ch, fill="#203050")]))
    return sc, names


@pytest.fixture
def mixed() -> Scene:
    return mixed_scene()


def need(binary: str) -> str:
    path = shutil.which(binary)
    if path is None:
        pytest.skip(f"{binary} is not installed")
    return path
