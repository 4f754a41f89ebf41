"""Web forms made from the games' declarations (games/<game>/face.toml), and the command line a
form submits.

The form for a game is the declaration of the command its face marks `form = true` (names, kinds,
defaults, ranges, choices, help texts and labels in Polish and English), the same declaration the
CLI's options are made from, so the page can never offer an option the CLI lacks or miss one it
gained. A submitted form becomes an argument list for that same command; the CLI then applies its
own bounds and gives its own one-line errors, so the page needs no second validation to keep in
sync.

    form_for(game)  -> Form(game, command, fields): each Field has name, flag, kind ("bool", "int",
                       "float", "choice", "text"), default, help (English), choices, min, max and
                       label {"pl": ..., "en": ...}; field.label_in(lang) picks one
    arguments(form, values) -> the argument list after `boardgen GAME`
    regenerate_command(game, code) -> the command for a set without command.txt (older boardgen)
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.face import GAME_PACKAGES  # game -> the package of its face.toml

MAX_VALUE = 200  # characters of one submitted value


@dataclass(frozen=True)
class Field:
    name: str  # the parameter name
    flag: str  # "--players"
    kind: str  # "bool" | "int" | "float" | "choice" | "text"
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    min: float | None = None
    max: float | None = None
    label: dict[str, str] = field(default_factory=dict)  # {"pl": ..., "en": ...}

    def label_in(self, lang: str) -> str:
        return self.label.get(lang) or self.label.get("en") or self.flag


@dataclass
class Form:
    game: str
    command: str
    fields: list[Field] = field(default_factory=list)


def face_of(game: str) -> Any:
    """The declaration of `game` (its face module's FACE)."""
    if game not in GAME_PACKAGES:
        raise KeyError(game)
    return importlib.import_module(f"{GAME_PACKAGES[game]}.face").FACE


def available_games() -> list[str]:
    """The games whose declaration exists in this installation."""
    out = []
    for game, package in GAME_PACKAGES.items():
        try:
            found = importlib.util.find_spec(f"{package}.face") is not None
        except ModuleNotFoundError:
            found = False
        if found:
            out.append(game)
    return out


def _field(o: Any) -> Field:
    """A declared option as a form field. kind is "bool", "int", "float", "choice" or "text": a
    number is an "int"/"float" field even when it has choices (its min and max are then theirs:
    --players 2..4), and a word is a "choice" menu when it changes only the print (--paper, --lang),
    else a "text" field with its `choices` as suggestions (--board, --variant: the page of today
    types them). `choices` always lists every value the CLI accepts."""
    default = str(o.default) if isinstance(o.default, Path) else o.default
    label: dict[str, str] = dict(o.label)
    choices = tuple(str(c) for c in o.choices)
    if o.type == "bool":
        return Field(o.name, o.flag, "bool", bool(default), o.text, choices=choices, label=label)
    if o.type in ("int", "float"):
        lo = o.min if o.min is not None or not o.choices else min(o.choices)
        hi = o.max if o.max is not None or not o.choices else max(o.choices)
        return Field(o.name, o.flag, o.type, default, o.text, min=lo, max=hi, choices=choices,
                     label=label)
    if o.choices and o.role == "print":
        return Field(o.name, o.flag, "choice", None if default is None else str(default), o.text,
                     choices=choices, label=label)
    return Field(o.name, o.flag, "text", default, o.text, choices=choices, label=label)


def form_for(game: str) -> Form:
    """The form of `game`: the fields of its declared form command, in declaration order (the
    options where files go, machine output, workers and files on the server's disk are left out:
    the page sets them itself or cannot offer them; `web = false` in the declaration)."""
    from generator.face import form_options

    face = face_of(game)
    return Form(game, face.form_command.name, [_field(o) for o in form_options(face)])


class FormError(ValueError):
    """A submitted form that cannot even be turned into a command line (one line, shown on the page)."""


def arguments(form: Form, values: dict[str, str]) -> list[str]:
    """The command-line arguments for submitted `values` (name -> text; a checkbox sends "on").

    Empty fields keep the CLI's default. Only the form's own fields are used; the CLI checks ranges.
    With a setup code, fields left at their default are not sent: the code gives those options, and
    the CLI refuses an option typed beside --code with another value than the code's."""
    args = [form.command]
    with_code = bool((values.get("code") or "").strip())
    for f in form.fields:
        raw = values.get(f.name)
        if raw is None:
            continue
        raw = raw.strip()
        if with_code and f.name != "code" and f.default is not None and raw == str(f.default):
            continue
        if len(raw) > MAX_VALUE:
            raise FormError(f"{f.flag}: value longer than {MAX_VALUE} characters")
        if any(ord(ch) < 32 for ch in raw):
            raise FormError(f"{f.flag}: control characters are not allowed")
        if f.kind == "bool":
            if raw in ("on", "true", "1", "yes"):
                args.append(f.flag)
            continue
        if raw == "":
            continue
        args += [f.flag, raw]
    return args


def regenerate_command(game: str, code: str) -> str:
    """The command that rebuilds an output set from its code (shown in the gallery)."""
    if game == "cards" or code.count("-cards-") == 1:
        name, _, rest = code.partition("-cards-")
        players, _, lang = rest.partition("-")
        return f"boardgen cards {name} --players {players.rstrip('p')} --lang {lang}"
    if game in GAME_PACKAGES:
        return f"boardgen {game} {face_of(game).form_command.name} --code {code}"
    return ""
