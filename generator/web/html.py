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
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


@cache
def words(lang: str) -> dict[str, str]:
    table = load_toml(Path(__file__).with_name("texts.toml"))
    return dict(table.get(lang, table["en"]))


def render_page(name: str, lang: str, **ctx: Any) -> str:
    return environment().get_template(name).render(lang=lang, t=words(lang), **ctx)
