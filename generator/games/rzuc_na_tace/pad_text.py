"""Where a Rzuć na tacę sheet prints a pad's title and a player's name (core.pad_text).

Both go in the sheet's header (draw._header), drawn per sheet in the sheet's design coordinates
(the sheet symbol is shared; these are added to each sheet's Use at its position and scale):

* **Title**: in place of the game's name ("Rzuć na tacę", 13 pt bold at x = PAD + 1, y = 8): the
  title in 13 pt bold there. Its room runs to the label of the chosen-dice fields ("Pola na /
  wybrane kości", 6.5 pt condensed bold, right-aligned at x0 - 1.5) less TITLE_GAP. The game's
  name stays in the page footer and the PDF's metadata.
* **Name**: on the "Player:" line (from x = PAD + 11 to NAME_LINE_END, y = 14): the name in 9 pt
  bold from NAME_INSET after the line's start, baseline NAME_BASELINE (below the title's
  descenders, above the line).
"""

from __future__ import annotations

from generator.core.pad_text import Slot
from generator.render import fonts

from .draw import PAD, SHEET_W, labels

NAME_LINE_START = PAD + 11.0  # the "Player:" line, as draw._header draws it
NAME_LINE_END = 70.0
NAME_INSET = 0.5
NAME_BASELINE = 13.3
TITLE_GAP = 2.0
FIELD, FIELD_GAP = 12.0, 2.0  # the three chosen-dice fields (draw._header)


def name_slot() -> Slot:
    return Slot(NAME_LINE_END - NAME_LINE_START - 2 * NAME_INSET, "bold", 9.0, "a name")


def name_x() -> float:
    return NAME_LINE_START + NAME_INSET


def title_slot(lang: str) -> Slot:
    """The header's room between the sheet's left edge and the chosen-dice label."""
    x0 = SHEET_W - PAD - 1.0 - 3 * FIELD - 2 * FIELD_GAP
    first, _, rest = labels(lang)["picked"].partition(" ")
    label = max(fonts.text_width(w, "condensed-bold", 6.5) for w in (first, rest))
    room = x0 - 1.5 - label - TITLE_GAP - (PAD + 1)
    return Slot(room, "bold", 13.0, "the title")
