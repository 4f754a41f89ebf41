"""Web forms built from the CLI's own option definitions, and the command line a form submits.

The form for a game is read off the click command behind its Typer sub-command (names, types,
defaults, ranges, choices, help texts), so the page can never offer an option the CLI lacks or miss
one it gained. A submitted form becomes an argument list for that same command; the CLI then applies
its own bounds and gives its own one-line errors, so the page needs no second validation to keep in
sync.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from typing import Any

#: game -> (module with its Typer app, the command a form runs): the one list of what the page offers
FORM_COMMANDS: dict[str, tuple[str, str]] = {
    "plazing": ("generator.games.plazing.cli", "setup"),
    "plazing-rw": ("generator.games.plazing_rw.cli", "sheet"),
    "rzuc-na-tace": ("generator.games.rzuc_na_tace.cli", "sheet"),
    "winnice": ("generator.games.winnice.cli", "setup"),
    "planety": ("generator.games.planety.cli", "setup"),
}
#: options the page sets itself (where files go, machine output, worker processes) or cannot offer
#: (a path on the server's disk)
SKIPPED = {"out", "as_json", "json", "jobs", "scheduler", "catalog", "file", "help"}
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


@dataclass
class Form:
    game: str
    command: str
    fields: list[Field] = field(default_factory=list)


def available_games() -> list[str]:
    """The games whose CLI module exists in this installation."""
    out = []
    for game, (module, _) in FORM_COMMANDS.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            out.append(game)
    return out


def _text_choices(name: str) -> tuple[str, ...]:
    """Free-text options whose values the CLI checks against a fixed list (the same lists)."""
    if name == "lang":
        from generator.clikit import LANGS

        return tuple(LANGS)
    if name == "paper":
        from generator.render.layout import PAPERS

        return tuple(PAPERS)
    return ()


def _click_command(game: str) -> Any:
    """The click command behind `boardgen GAME COMMAND` (Typer carries its own copy of click, so the
    parameters are read by their attributes — name, flags, annotation, range — not by class)."""
    import typer.main

    module, command = FORM_COMMANDS[game]
    group = typer.main.get_command(importlib.import_module(module).app)
    cmd = getattr(group, "commands", {}).get(command)
    if cmd is None:
        raise KeyError(f"{game} has no command {command!r}")
    return cmd


def form_for(game: str) -> Form:
    cmd = _click_command(game)
    form = Form(game, FORM_COMMANDS[game][1])
    for p in cmd.params:
        if getattr(p, "param_type_name", "") != "option" or p.name in SKIPPED or not p.opts:
            continue
        flag = max(p.opts, key=len)
        name = p.name or flag
        default = None if callable(p.default) else p.default
        help_text = (p.help or "").replace("\\[", "[")
        if p.is_flag:
            form.fields.append(Field(name, flag, "bool", bool(default), help_text))
            continue
        ann = getattr(getattr(p, "type_descriptor", None), "annotation", None)
        choices = tuple(str(c) for c in getattr(getattr(p, "type", None), "choices", ()) or ()) or _text_choices(name)
        if choices:
            form.fields.append(Field(name, flag, "choice", default, help_text, choices=choices))
        elif ann in (int, float):
            form.fields.append(Field(name, flag, "int" if ann is int else "float", default, help_text,
                                     min=getattr(p, "min", None), max=getattr(p, "max", None)))
        else:
            form.fields.append(Field(name, flag, "text", default, help_text))
    return form


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
    if game in FORM_COMMANDS:
        return f"boardgen {game} {FORM_COMMANDS[game][1]} --code {code}"
    return ""
