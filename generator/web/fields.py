"""The forms as the pages draw them, made from the games' declarations (generator.web.forms reads
games/<game>/face.toml and generator/face.toml).

A page needs, for each option: its name, kind (bool | int | float | choice | text), default, range,
choices, and a label and help text per language. The declaration is the one source of all of them
but one: it carries the label in Polish and English, the choices and the range, and the help in
English (the CLI's --help). The Polish help of the form is the one thing the declarations do not
hold, so it lives in fields.toml; a declaration's own help in a language would win over it. The game
titles are the declarations' too.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from generator.core.data import load_toml

LANGS = ("pl", "en")
KINDS = ("bool", "int", "float", "choice", "text")
MAX_VALUE = 200  # characters of one submitted value


class FormError(ValueError):
    """A submitted form that cannot be turned into a command line (one line, shown on the page)."""


@dataclass(frozen=True)
class FormField:
    name: str
    flag: str
    kind: str
    default: Any = None
    min: float | None = None
    max: float | None = None
    choices: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    helps: Mapping[str, str] = field(default_factory=dict)

    def label(self, lang: str) -> str:
        return self.labels.get(lang) or self.labels.get("en") or self.flag

    def help(self, lang: str) -> str:
        return self.helps.get(lang) or self.helps.get("en") or ""

    @property
    def default_text(self) -> str:
        """The default as a form shows it ("" for none; "on"/"" for a flag)."""
        if self.kind == "bool":
            return "on" if self.default else ""
        return "" if self.default is None else str(self.default)


@dataclass(frozen=True)
class GameForm:
    game: str
    command: str
    fields: tuple[FormField, ...]
    titles: Mapping[str, str] = field(default_factory=dict)

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.game

    def by_name(self, name: str) -> FormField | None:
        return next((f for f in self.fields if f.name == name), None)


@cache
def _words() -> dict[str, Any]:
    return load_toml(Path(__file__).with_name("fields.toml"))


#: the games whose own Polish help may stand under [help.<game>] in fields.toml
GAME_SECTIONS = ("plazing", "plazing-rw", "rzuc-na-tace", "winnice", "planety")


def _per_lang(value: Any) -> dict[str, str]:
    if isinstance(value, Mapping):
        return {str(k): str(v) for k, v in value.items() if v}
    return {"en": str(value)} if value else {}


def adapt(f: Any, game: str = "") -> FormField:
    """A FormField from a declared option made into a form field (forms.Field): its label, kind,
    choices and range as declared; the help in English as declared, in Polish from fields.toml (a
    game's own [help.<game>] entry first: one option name can mean another thing in another game)."""
    words = _words()
    name = str(f.name)
    flag = str(getattr(f, "flag", "") or "--" + name.replace("_", "-"))
    labels = _per_lang(getattr(f, "label", None))
    shared = {k: v for k, v in words.get("help", {}).items() if k not in GAME_SECTIONS}
    own = words.get("help", {}).get(game, {}).get(name, {}) if game in GAME_SECTIONS else {}
    helps = {**(own or shared.get(name, {})), **_per_lang(getattr(f, "help", None))}
    kind = str(getattr(f, "kind", "text"))
    choices = tuple(str(c) for c in (getattr(f, "choices", ()) or ()))
    if kind not in KINDS:
        kind = "choice" if choices else "text"
    return FormField(name, flag, kind, getattr(f, "default", None), getattr(f, "min", None),
                     getattr(f, "max", None), choices, labels, helps)


@cache
def game_forms() -> tuple[GameForm, ...]:
    """Every game's form, in the order the page shows them, titled as its declaration titles it."""
    from generator.web import forms

    out = []
    for game in forms.available_games():
        form = forms.form_for(game)
        titles = dict(forms.face_of(game).title)
        out.append(GameForm(game, form.command, tuple(adapt(f, game) for f in form.fields), titles))
    return tuple(out)


def form_of(game: str) -> GameForm | None:
    return next((g for g in game_forms() if g.game == game), None)


def clean_values(form: GameForm, values: Mapping[str, str]) -> dict[str, str]:
    """The form's own fields from submitted values, checked for what no command line may hold. A flag
    missing from a submitted form is off (an unchecked checkbox sends nothing)."""
    out: dict[str, str] = {}
    for f in form.fields:
        raw = (values.get(f.name) or "").strip()
        if len(raw) > MAX_VALUE:
            raise FormError(f"{f.flag}: value longer than {MAX_VALUE} characters")
        if any(ord(ch) < 32 for ch in raw):
            raise FormError(f"{f.flag}: control characters are not allowed")
        if f.kind == "bool":
            raw = "on" if raw in ("on", "true", "1", "yes") else ""
        elif f.kind == "choice" and raw and raw not in f.choices:
            raise FormError(f"{f.flag}: {raw!r} is not one of {', '.join(f.choices)}")
        out[f.name] = raw
    return out


def arguments(form: GameForm, values: Mapping[str, str]) -> list[str]:
    """The command-line arguments (after the game) for cleaned `values`: what differs from the
    defaults. The CLI applies its own ranges and gives its own one-line errors, so the page keeps no
    second copy of the rules. With a setup code, fields at their default are not sent: the code gives
    those options, and the CLI refuses an option beside --code that contradicts it."""
    args = [form.command]
    for f in form.fields:
        raw = values.get(f.name, "")
        if f.kind == "bool":
            if raw == "on" and not f.default:
                args.append(f.flag)
            continue
        if raw == "" or raw == f.default_text:
            continue
        args += [f.flag, raw]
    return args


def command_line(game: str, args: list[str], out: str | None = None) -> str:
    """The terminal command for a game and its arguments, quoted for a POSIX shell."""
    words = ["boardgen", game, *args] + (["--out", out] if out else [])
    return " ".join(shlex.quote(w) for w in words)
