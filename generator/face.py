"""One face for every game: the declarations (face.toml) made into commands, `all` jobs, gallery
entries and web forms.

Each game declares, in its own folder (games/<game>/face.toml, loaded by games/<game>/face.py), its
commands and what each does, every option (type, default, range or choices, English help, a label in
Polish and English), the kinds of file each command writes and the setup-code prefix. The options
that several games share (--seed, --code, --paper, --lang, --out, --json, --jobs, --playouts,
--count, --per-page, ...) and the kinds of output file with their one standard name are declared once,
in generator/face.toml. This module turns a declaration into:

- the Typer command (`command(app, face, name)` decorates the function that does the work: its
  parameters get their types, defaults and help from the declaration, so a cli.py repeats none);
- the jobs of `boardgen all` (`all_arguments`: the game's declared command lines, which
  clikit.make_game_part runs through the same commands, into the same layout);
- the file `command.txt` in every output set: the one command line that writes that set again, byte
  for byte (the gallery shows it);
- the fields of the web form (`form_fields`).

Every output set of every game goes into OUT/<game>/<CODE>/ (the layout), and a kind of file has the
same name in every game (the naming scheme): setup.json, preview.png, board.pdf, sheets.pdf,
summary.pdf, cards.pdf, pieces.pdf, setup-card.pdf, playouts.json, command.txt.
"""

from __future__ import annotations

import contextlib
import contextvars
import shlex
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any

SHARED = Path(__file__).with_name("face.toml")
#: every game, by its command name, and the package whose face.toml declares it (the one registry:
#: the root command, the web page and the tests read it)
GAME_PACKAGES: dict[str, str] = {
    "plazing": "generator.games.plazing",
    "plazing-rw": "generator.games.plazing_rw",
    "rzuc-na-tace": "generator.games.rzuc_na_tace",
    "winnice": "generator.games.winnice",
    "planety": "generator.games.planety",
}
#: how an option bears on the files: "code" (given by the setup code), "print" (changes the files, not
#: the code: repeated in command.txt when not at its default), "run" (never changes a file: --out,
#: --json, --jobs), "search" (finds the code, which then gives the same files: --balanced)
ROLES = ("code", "print", "run", "search")
TYPES = {"int": int, "float": float, "str": str, "path": Path, "bool": bool}


@dataclass(frozen=True)
class Option:
    """One declared option (or positional argument) of a command."""

    name: str  # the parameter name of the command function
    type: str  # int | float | str | path | bool
    help: str  # English, plain text (no markup)
    label: dict[str, str]  # {"pl": ..., "en": ...}
    role: str = "print"
    flag: str = ""  # "--two-colours"; "" for an argument
    negative: str = ""  # "--no-hard" for a bool that may also be switched off (default None)
    default: Any = None
    required: bool = False
    argument: bool = False
    choices: tuple[Any, ...] = ()
    #: the choices are the named values, and another value (a file of the user's) is also taken: the
    #: command reads it (--board 1..4, random or FILE); closed choices are enforced by `command`
    open: bool = False
    min: float | None = None
    max: float | None = None
    metavar: str = ""
    note: str = ""  # why this game's option differs from the shared one (shown in its help)
    web: bool = True  # offered on the web form
    remember: str = ""  # "out" | "lang": GIVEN records it (the gallery of --out)

    @property
    def text(self) -> str:
        """The whole help text: the help, then the note saying why this game differs."""
        return f"{self.help} {self.note}".strip()

    def shown(self, value: Any) -> list[str]:
        """The command-line words that give this option `value`."""
        if self.type == "bool":
            if value is None:
                return []
            if value:
                return [self.flag]
            return [self.negative] if self.negative else []
        if value is None:
            return []
        return [self.flag, _word(value)]


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    options: tuple[Option, ...]
    outputs: tuple[str, ...] = ()  # kinds of file every run writes into its output set
    #: kind -> the option (or options) whose truthy value writes it
    when: dict[str, str | list[str]] = field(default_factory=dict)
    form: bool = False  # the command the web page offers for this game

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise KeyError(name)

    def output_names(self, face: Face, values: dict[str, Any] | None = None) -> list[str]:
        """The file names a run with `values` writes (every declared kind when values is None)."""
        def wanted(opt: str | list[str]) -> bool:
            return values is None or any(values.get(o) for o in ([opt] if isinstance(opt, str) else opt))

        kinds = [*self.outputs, *(k for k, opt in self.when.items() if wanted(opt))]
        return [face.outputs[k] for k in kinds]


@dataclass(frozen=True)
class Face:
    """A game's declaration."""

    game: str  # the command name: "plazing-rw"
    module: str  # its CLI module
    prefix: str  # its setup codes' prefix
    title: dict[str, str]
    description: str
    commands: dict[str, Command]
    outputs: dict[str, str]  # kind -> file name (the shared kinds and the game's own)
    all_jobs: tuple[tuple[str, tuple[str, ...]], ...]  # (command, arguments) of `boardgen all`
    moved: dict[str, str]  # an older name -> its kind

    @property
    def form_command(self) -> Command:
        return next(c for c in self.commands.values() if c.form)


def _word(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(value)  # 3.0 stays 3.0: the same words each time
    return str(value)


@cache
def shared() -> dict[str, Any]:
    with SHARED.open("rb") as fh:
        return tomllib.load(fh)


def shared_outputs() -> dict[str, str]:
    return {k: v["file"] for k, v in shared()["outputs"].items()}


def _option(name: str, *tables: dict[str, Any]) -> Option:
    """An option from the shared table, the game's and the command's, each over the one before."""
    merged: dict[str, Any] = {}
    for t in tables:
        merged.update(t)
    if not merged:
        raise KeyError(f"option {name!r} is declared nowhere")
    unknown = set(merged) - {"type", "help", "label", "role", "flag", "negative", "default", "required",
                             "argument", "choices", "open", "min", "max", "metavar", "note", "web", "remember",
                             "param", "nodefault"}
    if unknown:
        raise ValueError(f"option {name!r}: unknown keys {sorted(unknown)}")
    if merged.get("type") not in TYPES:
        raise ValueError(f"option {name!r}: type must be one of {sorted(TYPES)}")
    if merged.get("role", "print") not in ROLES:
        raise ValueError(f"option {name!r}: role must be one of {ROLES}")
    param = merged.pop("param", name)
    argument = bool(merged.get("argument", False))
    flag = "" if argument else merged.pop("flag", "--" + name.replace("_", "-"))
    merged.pop("flag", None)
    default = None if merged.pop("nodefault", False) else merged.pop("default", None)
    merged.pop("default", None)
    if merged["type"] == "path" and default is not None:
        default = Path(default)
    if merged["type"] == "bool" and default is None and not merged.get("negative"):
        default = False
    return Option(name=param, flag=flag, default=default, argument=argument,
                  choices=tuple(merged.pop("choices", ())),
                  **{k: v for k, v in merged.items() if k not in ("argument",)})


@cache
def load(path: str) -> Face:
    """The declaration in the TOML file `path` (games/<game>/face.toml)."""
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    base = shared()
    game = doc["game"]
    outputs = {**shared_outputs(), **{k: v["file"] for k, v in doc.get("outputs", {}).items()}}
    commands = {}
    for cname, c in doc["commands"].items():
        local = c.get("set", {})
        opts = tuple(_option(o, base["options"].get(o, {}), doc.get("options", {}).get(o, {}), local.get(o, {}))
                     for o in c["options"])
        for kind in (*c.get("outputs", ()), *c.get("when", {})):
            if kind not in outputs:
                raise ValueError(f"{game['name']} {cname}: unknown output kind {kind!r}")
        commands[cname] = Command(cname, c["help"], opts, tuple(c.get("outputs", ())), dict(c.get("when", {})),
                                  bool(c.get("form", False)))
    jobs = tuple((j["command"], tuple(j.get("args", ()))) for j in doc.get("all", ()))
    return Face(game["name"], game["module"], game["prefix"], dict(game["title"]), game["description"],
                commands, outputs, jobs, dict(doc.get("moved", {})))


def declaration_path(game: str) -> Path:
    """games/<package>/face.toml of `game`, found without importing the game's package."""
    return Path(__file__).parent.joinpath(*GAME_PACKAGES[game].split(".")[1:], "face.toml")


def of(game: str) -> Face:
    """The declaration of `game` (read once; the game's face module holds the same object)."""
    return load(str(declaration_path(game)))


# --- the Typer side ------------------------------------------------------------------------------

def flags_as_flags() -> None:
    """Typer (0.2x) shows a flag's type, "<bool>", after its name in the help, which invites
    `--surprises true` (then "unexpected extra argument"). A flag takes no value, so its type column
    stays empty: for every flag, --help and --install-completion included. (Typer's own class, so
    guarded: with another Typer this does nothing.)"""
    try:
        from typer.core import TyperOption
    except ImportError:  # pragma: no cover - another Typer
        return
    if getattr(TyperOption, "_boardgen_flags", False):
        return
    shown = TyperOption.display_type_rich

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False) and self.metavar is None:
            return ""
        return shown(self, ctx)

    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]
    TyperOption._boardgen_flags = True  # type: ignore[attr-defined]


def _escape(text: str) -> str:
    """Help text for Typer's rich markup: a "[" is a literal bracket ("boardgen[cluster]")."""
    return text.replace("[", "\\[")


def refusal(o: Option, value: Any) -> str | None:
    """The one-line error for a value outside an option's declared (closed) choices; None when the value
    is one of them. Words compare without case (--paper A4 is a4), as the commands read them."""
    if not o.choices or o.open or value is None or o.type == "bool":
        return None
    if o.type == "str":
        if str(value).lower() in {str(c).lower() for c in o.choices}:
            return None
        shown = repr(value)
    elif value in o.choices:
        return None
    else:
        shown = str(value)
    words = [str(c) for c in o.choices]
    listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
    return f"{o.flag or o.name.upper()} {shown}: choose {listed}"


def metavar(o: Option) -> str | None:
    if o.type == "bool":
        return ""  # a flag takes no value: nothing after its name in the help (no "<bool>")
    if o.metavar:
        return o.metavar
    if o.choices:
        return "|".join(str(c) for c in o.choices)
    return None


#: what this command line was given, for work done after the command (the gallery of its --out)
GIVEN: dict[str, Any] = {"out": [], "lang": None}


def _given_out(value: Path | None) -> Path | None:
    if value is not None:
        GIVEN["out"].append(value)
    return value


def _given_lang(value: str) -> str:
    GIVEN["lang"] = value
    return value


def shared_option(name: str) -> Option:
    """A shared option as generator/face.toml declares it (for the root commands: all, cards)."""
    return _option(name, shared()["options"][name])


def annotation(o: Option) -> Any:
    import typer

    py: Any = TYPES[o.type]
    if o.default is None and not o.required:
        py = py | None
    if o.argument:
        info = typer.Argument(help=_escape(o.text), metavar=o.metavar or o.name.upper(), show_default=False)
    else:
        decl = f"{o.flag}/{o.negative}" if o.negative else o.flag
        callbacks: dict[str | None, Callable[..., Any]] = {"out": _given_out, "lang": _given_lang}
        callback = callbacks.get(o.remember)
        info = typer.Option(decl, help=_escape(o.text), min=o.min, max=o.max, metavar=metavar(o),
                            callback=callback, show_default=o.type != "bool" and o.default is not None)
    return Annotated[py, info]


@dataclass
class Invocation:
    """The command being run and the values it was given (for command.txt and `all`)."""

    face: Face
    command: Command
    values: dict[str, Any]


_CURRENT: contextvars.ContextVar[Invocation | None] = contextvars.ContextVar("face_invocation", default=None)
#: inside `boardgen all`: the folder that stands for OUT/<game> (the game's stage)
_GAME_FOLDER: contextvars.ContextVar[Path | None] = contextvars.ContextVar("face_game_folder", default=None)


def command(app: Any, face: Face, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register `func` as `boardgen GAME NAME`, its parameters typed and documented by the declaration.

    The function's parameters must be exactly the declared options (checked here, at import): an
    option declared but not taken, or taken but not declared, is a programming error."""
    import inspect

    cmd = face.commands[name]
    flags_as_flags()

    def register(func: Callable[..., Any]) -> Callable[..., Any]:
        taken = list(inspect.signature(func).parameters)
        declared = [o.name for o in cmd.options]
        if sorted(taken) != sorted(declared):
            raise TypeError(f"{face.game} {name}: the function takes {sorted(set(taken) - set(declared))} "
                            f"beyond the declaration and lacks {sorted(set(declared) - set(taken))}")
        params = [inspect.Parameter(o.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=annotation(o),
                                    default=inspect.Parameter.empty if o.required else o.default)
                  for o in sorted(cmd.options, key=lambda o: not o.required)]

        def run(**values: Any) -> Any:
            for o in cmd.options:  # the declared choices, for every command alike (the function sees none other)
                refused = refusal(o, values.get(o.name))
                if refused is not None:
                    from generator.console import fail

                    fail(refused)
            token = _CURRENT.set(Invocation(face, cmd, values))
            try:
                return func(**values)
            finally:
                _CURRENT.reset(token)

        run.__name__ = func.__name__
        run.__qualname__ = func.__qualname__
        run.__doc__ = cmd.help
        run.__signature__ = inspect.Signature(params, return_annotation=None)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in params}
        app.command(name, help=cmd.help)(run)
        return func

    return register


def current() -> Invocation | None:
    return _CURRENT.get()


def set_folder(out: Path, game: str, code: str) -> Path:
    """Where an output set goes: OUT/<game>/<CODE>/ (inside `boardgen all`, the game's stage)."""
    staged = _GAME_FOLDER.get()
    return (staged if staged is not None else Path(out) / game) / code


def owns(face: Face) -> tuple[str, ...]:
    """The names an output set of this game may hold: every kind's, and the older names they replace
    (a rewritten set drops an old board.png, say, now that the preview is preview.png)."""
    return (*dict.fromkeys(face.outputs.values()), *face.moved)


def regenerate_words(inv: Invocation, code: str) -> list[str]:
    """The command line that writes the same set again: --code and every option that changes files
    and is not at its default (options the code gives, and where files go, are left out)."""
    words = ["boardgen", inv.face.game, inv.command.name]
    for o in inv.command.options:
        if o.argument and inv.values.get(o.name) is not None:  # an input file: named as it was given
            words.append(str(inv.values[o.name]))
        if o.name == "code":
            words += [o.flag, code]
    for o in inv.command.options:
        if o.argument or o.role != "print":
            continue
        value = inv.values.get(o.name, o.default)
        if value == o.default or (isinstance(value, Path) and o.default is not None and Path(value) == o.default):
            continue
        words += o.shown(value)
    return words


def stamp(stage: Path, code: str, face: Face, command: str) -> Path:
    """command.txt in an output set being written: the command line that writes it again. Called from
    outside the command line (a test, the web server's own code), the options are the defaults."""
    from generator.core.files import write_atomic

    inv = current()
    if inv is None or inv.face.game != face.game or inv.command.name != command:
        inv = Invocation(face, face.commands[command], {})
    path = Path(stage) / face.outputs["command"]
    write_atomic(path, shlex.join(regenerate_words(inv, code)) + "\n")
    return path


def moved_notes(face: Face, folder: Path) -> list[str]:
    """One note per file of an older boardgen that this set replaces under its new name."""
    notes = []
    for old, kind in face.moved.items():
        for found in sorted(Path(folder).glob(old)) if Path(folder).is_dir() else ():
            if found.name != face.outputs.get(kind):
                notes.append(f"{found.name} is now {face.outputs[kind]} (the same kind of file in every game)")
    return notes


# --- boardgen all ---------------------------------------------------------------------------------

@contextlib.contextmanager
def game_folder(folder: Path) -> Iterator[None]:
    token = _GAME_FOLDER.set(Path(folder))
    try:
        yield
    finally:
        _GAME_FOLDER.reset(token)


def all_arguments(face: Face, seed: int, paper: str, lang: str) -> list[list[str]]:
    """The command lines of a game's part of `boardgen all` (without --out)."""
    return [[cmd, *args, "--seed", str(seed), "--paper", paper, "--lang", lang] for cmd, args in face.all_jobs]


# --- the web side ---------------------------------------------------------------------------------

def form_options(face: Face) -> list[Option]:
    """The options the web form offers: the form command's, without those the page sets itself."""
    return [o for o in face.form_command.options if o.web and not o.argument]


def help_words() -> dict[str, str]:
    """The shared options' help, by name (for root commands such as `all` and `cards`)."""
    return {k: v["help"] for k, v in shared()["options"].items()}
