"""A pad's own words: a heading (`--title`) and the players' names (`--names`), checked to fit.

A roll&write pad for a game night carries its title on every sheet and one sheet per player with
the name printed in the name box. What is printed must fit where the sheet prints it, in the font
it is printed in, so the limit is not a character count but the text's measured width
(`render.fonts.text_width`, the metrics the PDF uses) against the width of its `Slot`. The slots
are the games' (each game's pad_text module says where its draw.py prints them).

Text is normalised to NFC (a name typed with a combining accent prints as one letter, and is
measured and compared as one) and its runs of spaces are collapsed. Every character must have a
glyph in the slot's font (Polish letters do; a character the font lacks would print as a box).
Any failure is one UserInputError line naming the option, the text and what to do.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache

from generator.core.checks import UserInputError
from generator.core.fields import quoted

#: the most characters a title or a name may have before it is measured (bounds the work)
MAX_CHARS = 120
#: the most names of one pad (each gets --count sheets)
MAX_NAMES = 100


@dataclass(frozen=True)
class Slot:
    """Where a text is printed on a sheet, in the sheet's design units (mm, pt): the width it may
    take, its font and size. `what` names it in messages ("the title", "a name")."""

    width_mm: float
    font: str
    size_pt: float
    what: str


@cache
def _glyphs(font: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    from generator.render import fonts

    return frozenset(pdfmetrics.getFont(fonts.pdf_font_name(font)).face.charToGlyph)


def _width(text: str, slot: Slot) -> float:
    from generator.render import fonts

    return fonts.text_width(text, slot.font, slot.size_pt)


def clean_text(text: str, slot: Slot, option: str) -> str:
    """`text` normalised (NFC, spaces collapsed), or a one-line UserInputError when it is empty,
    too long, holds a control character or a character the font cannot print, or is wider than
    the slot (the message says how many characters of it would fit)."""
    if len(text) > MAX_CHARS * 4:
        raise UserInputError(f"{option}: {slot.what} is {len(text)} characters long, at most {MAX_CHARS}")
    norm = " ".join(unicodedata.normalize("NFC", text).split())
    if not norm:
        raise UserInputError(f"{option}: {slot.what} is empty")
    if len(norm) > MAX_CHARS:
        raise UserInputError(f"{option}: {slot.what} is {len(norm)} characters long, at most {MAX_CHARS}")
    bad = [c for c in norm if not c.isprintable()]
    if bad:
        raise UserInputError(f"{option}: {slot.what} {quoted(norm)} holds a character that does not print "
                             f"(U+{ord(bad[0]):04X})")
    glyphs = _glyphs(slot.font)
    missing = [c for c in norm if ord(c) not in glyphs]
    if missing:
        raise UserInputError(f"{option}: {slot.what} {quoted(norm)} holds {missing[0]!r} (U+{ord(missing[0]):04X}), "
                             "which the sheet's font cannot print")
    width = _width(norm, slot)
    if width > slot.width_mm:
        fits = max(n for n in range(len(norm) + 1) if _width(norm[:n], slot) <= slot.width_mm)
        raise UserInputError(f"{option}: {slot.what} {quoted(norm)} is {width:.1f} mm wide, the sheet has room for "
                             f"{slot.width_mm:.1f} mm ({fits} of its {len(norm)} characters); shorten it")
    return norm


def parse_title(text: str, slot: Slot, option: str = "--title") -> str:
    """The heading printed on every sheet of the pad (`clean_text`)."""
    return clean_text(text, slot, option)


def parse_names(text: str, slot: Slot, option: str = "--names") -> tuple[str, ...]:
    """The names of "Ala,Ola,Żaneta": one sheet per name (each `clean_text`), in the order given.
    An empty name between commas is an error (a typo, not a sheet without a name); a name may
    repeat (two players called Ola)."""
    if len(text) > MAX_NAMES * (MAX_CHARS + 1):
        raise UserInputError(f"{option}: at most {MAX_NAMES} names")
    parts = text.split(",")
    if len(parts) > MAX_NAMES:
        raise UserInputError(f"{option}: {len(parts)} names, at most {MAX_NAMES}")
    names = []
    for i, part in enumerate(parts, start=1):
        if not part.strip():
            raise UserInputError(f"{option}: name {i} of {len(parts)} is empty (names are separated by commas)")
        names.append(clean_text(part, slot, f"{option} (name {i})"))
    return tuple(names)


def sheet_names(names: tuple[str, ...], count: int) -> list[str | None]:
    """The name printed on each sheet of the pad: every name's `count` sheets together (a pad per
    player, torn off in order), or `count` sheets without a name when no names are given."""
    if count < 1:
        raise UserInputError("--count must be at least 1")
    if not names:
        return [None] * count
    return [n for n in names for _ in range(count)]
