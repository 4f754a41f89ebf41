"""The HTML side of the web pages: one jinja2 environment over templates/web (autoescaped, unlike the
plain-text environment the rule cards use) and the pages' words in pl/en (texts.toml)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from generator import data_dir
from generator.core.data import load_toml

TEMPLATES = data_dir("templates") / "web"


@cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals["option_label"] = option_label
    return env


@cache
def option_label(game: str, key: str, lang: str) -> str:
    """A setup's option `key` as the game's declaration labels it in `lang` (the words of its form:
    "Dwa kolory" for two_colours), or the key itself when no option of that name is declared."""
    from generator.face import GAME_PACKAGES
    from generator.web.forms import face_of

    if game not in GAME_PACKAGES:
        return key
    for command in face_of(game).commands.values():
        for o in command.options:
            if o.name == key and o.label:
                return str(o.label.get(lang) or o.label.get("en") or key)
    return key


@cache
def words(lang: str) -> dict[str, str]:
    table = load_toml(Path(__file__).with_name("texts.toml"))
    return dict(table.get(lang, table["en"]))


def render_page(name: str, lang: str, **ctx: Any) -> str:
    return environment().get_template(name).render(lang=lang, t=words(lang), **ctx)
