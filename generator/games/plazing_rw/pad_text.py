"""Where a Plażing roll&write sheet prints a pad's title and a player's name (core.pad_text).

Both go in the sheet's top line, drawn per sheet (not in the shared frame symbol) in the sheet's
design coordinates, so they scale with it (1-up and 2-up alike):

* **Name**: on the name line at the top right ("Player: ________________", 10 pt at x = SHEET_W,
  anchor end, baseline y = 7): the name in 10 pt bold, starting NAME_INSET after the line's left
  end, baseline NAME_BASELINE; it may take the line's width less the insets.
* **Title**: in place of the game's name ("Plażing: roll&write", 15 pt bold at x = 0, y = 7):
  the title in 15 pt bold there, and the board name ("· Beach 1: basic", 11 pt bold) after it,
  as after the game's name today. The game's name stays in the page footer and the PDF's
  metadata. The room is what the board name and the name line leave, with TITLE_GAP mm either
  side, so it depends on the pad's board names (`title_slot` takes the widest).
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.core.pad_text import Slot
from generator.render import fonts

from .draw import SHEET_W, texts

NAME_UNDERLINE = "_" * 16  # what the frame prints after the "Player:" label
NAME_INSET = 0.5  # mm, each side of the name on its line
NAME_BASELINE = 6.4  # mm: just above the underline (baseline 7)
TITLE_GAP = 3.0  # mm between the title, the board name and the name line


def name_slot() -> Slot:
    """The name box: the underline's width less the insets, 10 pt bold."""
    line = fonts.text_width(NAME_UNDERLINE, "regular", 10)
    return Slot(line - 2 * NAME_INSET, "bold", 10.0, "a name")


def name_x() -> float:
    """Where the name starts (sheet design mm): the underline's left end plus the inset."""
    return SHEET_W - fonts.text_width(NAME_UNDERLINE, "regular", 10) + NAME_INSET


def title_slot(board_names: Iterable[str], lang: str) -> Slot:
    """The title's room on the top line for a pad whose sheets carry these board names."""
    t = texts(lang)
    player = fonts.text_width(t["player"] + " " + NAME_UNDERLINE, "regular", 10)
    board = max((fonts.text_width("· " + n, "bold", 11) for n in board_names), default=0.0)
    room = SHEET_W - player - board - fonts.text_width(" ", "bold", 15) - 2 * TITLE_GAP
    return Slot(room, "bold", 15.0, "the title")
