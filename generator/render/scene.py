"""The scene: a display list in millimetres that every game draws into.

Games never call reportlab or Pillow. They build `Page`s of plain items; `render.pdf` and
`render.png` turn the same pages into a PDF and a PNG, so there is one drawing code and tests can
compare scenes as data (after Squib's drawing-call logs).

Coordinates: millimetres, origin at the top-left corner of the page or symbol, y grows downwards
(the way a board is read). Colours are "#rrggbb" strings, or None for "no fill"/"no stroke".
Font names are logical: "regular", "bold", "condensed", "condensed-bold" (DejaVu family in fonts/).

Repeated artwork (a tile face, a card back, a legend) is declared once as a `Symbol` on the
`Scene` and placed with `Use`; the PDF backend turns each symbol into one Form XObject.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Colour = str | None
Anchor = Literal["start", "middle", "end"]
FontName = Literal["regular", "bold", "condensed", "condensed-bold"]


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Colour = None
    stroke: Colour = "#000000"
    width: float = 0.25  # stroke width, mm
    radius: float = 0.0  # rounded corners, mm
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: Colour = "#000000"
    width: float = 0.25
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    fill: Colour = None
    stroke: Colour = "#000000"
    width: float = 0.25
    closed: bool = True  # False: an open polyline (fill ignored)


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: Colour = None
    stroke: Colour = "#000000"
    width: float = 0.25


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text. (x, y) is the baseline point; anchor says which end of the line it is."""

    x: float
    y: float
    text: str
    size: float = 10.0  # points
    font: FontName = "regular"
    fill: Colour = "#000000"
    anchor: Anchor = "start"
    rotate: float = 0.0  # degrees, counter-clockwise as seen on the page, about (x, y)


@dataclass(frozen=True, slots=True)
class Use:
    """Place symbol `name` with its top-left corner at (x, y).

    `scale` scales the symbol; `rotate` turns it by a multiple of 90 degrees clockwise about its
    top-left corner before translation (so rotate=90 occupies x..x+h*scale, y..y+w*scale);
    `mirror` flips it left-right within its own box (duplex backs). `clip`, in page coordinates,
    clips the placed symbol (poster tiles show one window of a big board).
    """

    name: str
    x: float
    y: float
    scale: float = 1.0
    rotate: int = 0
    mirror: bool = False
    clip: tuple[float, float, float, float] | None = None


Item = Rect | Line | Polygon | Circle | Text | Use


@dataclass(slots=True)
class Symbol:
    """Reusable artwork of size w x h mm; its items are in the symbol's own coordinates.

    `background`: a texture meant to be cut anywhere (a colour band with its greyscale dots or
    stripes running off a card): the cards' safe-margin check looks at the placed symbol's box as
    one piece of art, not at each dot — a cut a millimetre off moves the texture, it damages
    nothing."""

    name: str
    w: float
    h: float
    items: list[Item] = field(default_factory=list)
    background: bool = False


@dataclass(slots=True)
class Page:
    w: float
    h: float
    items: list[Item] = field(default_factory=list)
    label: str = ""  # for progress, logs and tests, e.g. "poster A1"
    bleed: float = 0.0  # mm of bleed around the trim box (cards): the PDF BleedBox is the trim box grown by it
    trim: tuple[float, float, float, float] | None = None  # trim box (x, y, w, h), default: the page inset by bleed


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One card a document prints (recorded by `layout.impose`, in deck order): its deck's name, its
    front and back symbols (the back None when the deck has none) and its trim size and bleed in mm
    — what a print shop's upload (`render.export.cards_png`) needs."""

    deck: str
    front: str
    back: str | None
    w: float
    h: float
    bleed: float


@dataclass(slots=True)
class Scene:
    """A document: pages plus the symbols they use. Symbols may use other symbols (no cycles)."""

    pages: list[Page] = field(default_factory=list)
    symbols: dict[str, Symbol] = field(default_factory=dict)
    title: str = ""
    subject: str = ""
    #: the document holds mirrored backs for long-edge duplex (layout.impose): the PDF presets the
    #: print dialog to "flip on long edge"
    duplex: bool = False
    #: things the user should be told about this document (layout.impose: bleed costing cards per
    #: sheet, card text inside the safe margin); the CLI prints them
    warnings: list[str] = field(default_factory=list)
    #: every card the document's card sheets hold, in order (see CardEntry)
    cards: list[CardEntry] = field(default_factory=list)

    def add_symbol(self, symbol: Symbol) -> str:
        if symbol.name in self.symbols and self.symbols[symbol.name] is not symbol:
            raise ValueError(f"symbol {symbol.name!r} defined twice")
        self.symbols[symbol.name] = symbol
        return symbol.name
