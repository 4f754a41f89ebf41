"""Texts: jinja2 templates (rule cards, setup summaries) and wrapping text into scene lines.

Wrapping uses the PDF's own font metrics (fonts.text_width), so a block laid out here fits on the
printed page; the PNG preview uses the same TTF files and so matches closely.
"""

from __future__ import annotations

import string
from functools import lru_cache
from typing import Any

import jinja2

from generator import data_dir
from generator.render import fonts
from generator.render.scene import Anchor, Colour, FontName, Text

#: templates/ of the checkout, or the copy inside an installed package (generator.data_dir says which)
TEMPLATE_DIR = data_dir("templates")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The one jinja2 environment: plain text (no HTML escaping), undefined names are errors, and
    block tags do not leave blank lines behind."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals["plural_pl"] = plural_pl
    return env


def counted(n: int, forms: list[str] | tuple[str, ...], lang: str) -> str:
    """The noun's form after the number n: Polish forms are (1, 2-4, 5+), English (1, other)."""
    if lang == "pl":
        return plural_pl(n, forms[0], forms[1], forms[2])
    return forms[0] if abs(n) == 1 else forms[1]


class CountFormatter(string.Formatter):
    """str.format for printed texts kept as data, where a field may name a noun from the game's
    noun table: with nouns {"coin": ["monetę", "monety", "monet"]}, "weź {n:coin}" gives "weź 1
    monetę", "weź 5 monet". A number taken from a user's catalog then still reads right."""

    def __init__(self, nouns: dict[str, dict[str, list[str]]], lang: str) -> None:
        self.nouns, self.lang = nouns, lang

    def format_field(self, value: Any, format_spec: str) -> str:
        forms = self.nouns.get(format_spec)
        if forms is None:
            return str(super().format_field(value, format_spec))
        return f"{value} {counted(int(value), forms[self.lang], self.lang)}"


def plural_pl(n: int, one: str, few: str, many: str) -> str:
    """The Polish form of a noun after the number n: 1 rzut, 2-4 (22-24, ...) rzuty, else rzutów
    (5-21, 25-31, ..., and 12-14 however they end)."""
    n = abs(n)
    if n == 1:
        return one
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return few
    return many


def render_template(name: str, /, **ctx: Any) -> str:
    """Render templates/<name> (e.g. "plazing/rules.pl.txt") with `ctx` (`name` is positional-only,
    so a template may itself use a variable called `name`)."""
    return environment().get_template(name).render(**ctx)


def wrap(text: str, width_mm: float, size_pt: float, font: str = "regular") -> list[str]:
    """Greedy word wrap to lines no wider than `width_mm` (explicit newlines start new lines;
    a single word wider than the line is kept whole on its own line rather than broken)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if fonts.text_width(trial, font, size_pt) <= width_mm:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def line_height(size_pt: float, leading: float = 1.25) -> float:
    """Baseline-to-baseline distance in mm."""
    return size_pt * leading * fonts.MM_PER_PT


def text_block(x: float, y: float, width_mm: float, text: str, size: float, font: FontName = "regular",
               leading: float = 1.25, fill: Colour = "#000000", anchor: Anchor = "start") -> list[Text]:
    """Wrapped text as scene lines; (x, y) is the first baseline, `anchor` applies to every line
    (x is the left edge, the centre or the right edge of the column)."""
    step = line_height(size, leading)
    out: list[Text] = []
    for i, line in enumerate(wrap(text, width_mm, size, font)):
        if line:
            out.append(Text(x, y + i * step, line, size=size, font=font, fill=fill, anchor=anchor))
    return out
