"""The `boardgen` command: one sub-app per game, plus `all` and `games`.

The games are loaded lazily. `--help`, `--version`, shell completion and a game's `check` must answer
at once, and importing every game's drawing, layout and engine modules (reportlab, Pillow, the rules
engines) costs more than Python's whole start. So the root group knows each game only by name,
module and description (GAMES) and imports a game's module when one of its commands runs; `--help`
still lists every game with its description.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

try:  # Typer >= 0.2x carries its own copy of click; older releases use click itself
    from typer import _click as click
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover
    import click  # type: ignore[no-redef]
    from click import exceptions as click_errors  # type: ignore[no-redef]

from generator import __version__, clikit
from generator.clikit import BacksOpt, ExportOpt, JobsOpt, LangOpt, PaperOpt, check_lang, guarded

#: (command name, module with the game's Typer `app` and its `make_all` job for `boardgen all`,
#: one-line description) for every game. Adding a game is one line here; its module is imported
#: only when one of its commands (or `all`) runs.
GAMES: list[tuple[str, str, str]] = [
    ("plazing", "generator.games.plazing.cli", "Plażing: parawany w dłoń (beach board game, 2–4 players)"),
    ("plazing-rw", "generator.games.plazing_rw.cli", "Plażing: roll&write (printable sheets for boards 1–4 and "
     "random boards, scoring, solo bots)"),
    ("rzuc-na-tace", "generator.games.rzuc_na_tace.cli", "Rzuć na tacę (Ganz schön clever): score sheets, "
     "balanced variants, dice engine"),
    ("winnice", "generator.games.winnice.cli", "Winnice: shuffled seedling, disaster and drought decks, a full "
     "print kit, and an engine that plays to 8P of red (2–4 players)"),
    ("planety", "generator.games.planety.cli", "Planety: a big bang proved playable, double-sided tiles to print, "
     "and an engine that plays it (2–4 players)"),
]


def game_module(name: str) -> Any:
    """The CLI module of the game called `name` (imported now, if it was not yet)."""
    for game, module, _ in GAMES:
        if game == name:
            return importlib.import_module(module)
    raise KeyError(name)


class _GameStub(TyperCommand):
    """A game's entry in the root group before its module is loaded: a name and a description for
    `--help` and completion. Running it (or asking its own help) loads the real sub-app first."""

    def __init__(self, name: str, module: str, description: str) -> None:
        super().__init__(name, help=description)
        self.module = module

    def load(self) -> click.Command:
        group = typer.main.get_group(importlib.import_module(self.module).app)
        group.name = self.name
        group.help = self.help  # the one-line description, as `boardgen --help` shows it
        reflow_help(group)
        return group


_LIST_ITEM = re.compile(r"(?:[-*•]|\d+[.)])\s")


def reflow(text: str) -> str:
    """A docstring's paragraphs with their source line breaks removed. Typer's rich help keeps the
    single line breaks of every paragraph after the first, so a docstring wrapped at 100 columns
    shows ragged lines in an 80-column terminal. A paragraph starting with click's \\b marker, and
    the lines of a list (``- ``, ``* ``, ``1. ``), keep their breaks; text after \\f is untouched."""
    head, mark, tail = _cleandoc(text).partition("\f")
    out = []
    for para in head.split("\n\n"):
        if para.startswith("\b"):
            out.append(para)
            continue
        lines: list[str] = []
        for line in para.split("\n"):
            line = line.strip()
            if lines and not _LIST_ITEM.match(line):
                lines[-1] = f"{lines[-1]} {line}"
            else:
                lines.append(line)
        out.append("\n".join(lines))
    return "\n\n".join(out) + mark + tail


def _cleandoc(text: str) -> str:
    """inspect.cleandoc without importing inspect (12 ms of every start): the first line stripped,
    the common indent of the others removed, blank lines at both ends dropped."""
    lines = text.expandtabs().split("\n")
    indents = [len(line) - len(line.lstrip()) for line in lines[1:] if line.strip()]
    margin = min(indents, default=0)
    lines = [lines[0].lstrip(), *(line[margin:] for line in lines[1:])]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def reflow_help(command: click.Command) -> None:
    """`reflow` for a command's help and, in a group, every sub-command's."""
    if command.help:
        command.help = reflow(command.help)
    for sub in getattr(command, "commands", {}).values():
        if not isinstance(sub, _GameStub):
            reflow_help(sub)


class LazyGames(TyperGroup):
    """The root group: commands of its own plus a stub per game, swapped for the game's real
    sub-app when the command line names it (`resolve_command` is what both running a command and
    shell completion go through; listing commands for `--help` only reads the stubs)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        reflow_help(self)
        for name, module, description in GAMES:
            self.commands.setdefault(name, _GameStub(name, module, description))

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        _flags_without_pydantic(self.get_params(ctx))  # every option is there by now (--help, completion)
        if not args or "--help" in args:
            _rich_help_without_markdown()
            from generator.face import flags_as_flags

            flags_as_flags()
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context,
                        args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name, cmd, rest = super().resolve_command(ctx, args)
        if isinstance(cmd, _GameStub) and name is not None:
            cmd = self.commands[name] = cmd.load()
        return name, cmd, rest


def _flags_without_pydantic(params: list[click.Parameter]) -> None:
    """Typer (0.2x) validates a parameter through a pydantic TypeAdapter built on first use, also for a
    flag left unset (None) - such as --install-completion on every run. Importing pydantic and building
    the adapter is half of `boardgen --version`. A flag's value is True, False or None: it needs no
    validation, so the root's flags get Typer's own pass-through coercion instead. (Private API, so
    guarded: with another Typer this does nothing and only costs the time.)"""
    try:
        from typer._coercion import PassThroughRuntimeParam
    except ImportError:  # pragma: no cover - another Typer
        return
    for param in params:
        desc = getattr(param, "type_descriptor", None)
        if desc is not None and desc.annotation is bool and getattr(param, "_runtime_param", False) is None:
            param._runtime_param = PassThroughRuntimeParam(  # type: ignore[attr-defined]
                parameter_info=desc.parameter_info, annotation=bool)


#: modules typer.rich_utils imports for features this app's help does not use: Markdown is for
#: markup_mode="markdown" (this app uses "rich"), Traceback for pretty exceptions (switched off)
_UNUSED_BY_HELP = {"rich.markdown": "Markdown", "rich.traceback": "Traceback"}


def _stand_in(module: str, name: str) -> Any:
    """A module whose one class `name` becomes the real module's class the moment it is used."""
    import types

    def real() -> Any:
        return getattr(importlib.import_module(module), name)

    class StandIn:
        def __new__(cls, *args: Any, **kwargs: Any) -> Any:
            return real()(*args, **kwargs)

        @classmethod
        def from_exception(cls, *args: Any, **kwargs: Any) -> Any:  # how rich_utils makes a Traceback
            return real().from_exception(*args, **kwargs)

    StandIn.__name__ = StandIn.__qualname__ = name
    stand_in = types.ModuleType(module)
    setattr(stand_in, name, StandIn)
    return stand_in


def _rich_help_without_markdown() -> None:
    """Typer's rich help module imports rich.markdown and rich.traceback (markdown-it and pygments
    with them: 70-100 ms, a third of `boardgen --help`) for features this help does not use. So
    typer.rich_utils is imported with stand-ins (see _stand_in); they leave sys.modules at once, so
    any other import gets the real module. (Private layout of Typer, so guarded: if anything
    differs, the plain import happens and only the time is lost.)"""
    if "typer.rich_utils" in sys.modules or any(m in sys.modules for m in _UNUSED_BY_HELP):
        return
    stand_ins = {module: _stand_in(module, name) for module, name in _UNUSED_BY_HELP.items()}
    sys.modules.update(stand_ins)
    try:
        importlib.import_module("typer.rich_utils")
    except Exception:  # pragma: no cover - another Typer: its help imports what it needs itself
        pass
    finally:
        for module, stand_in in stand_ins.items():
            if sys.modules.get(module) is stand_in:
                del sys.modules[module]


app = typer.Typer(
    cls=LazyGames,
    help="boardgen — random legal setups, print-ready PDFs and rules engines for Polish tabletop games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.command("games")
def games_cmd() -> None:
    """List the games boardgen knows."""
    for name, _, desc in GAMES:
        clikit.out_console.print(f"[bold]{name}[/]  {desc}", highlight=False)


def _make_game(task: tuple[str, Path, int, str, str]) -> list[Path] | int:
    """One game's part of `all` (a job for `map_jobs`): its files, or the exit code of a clean
    failure (its one-line message is already on stderr)."""
    name, out, seed, paper, lang = task
    try:
        return list(game_module(name).make_all(out, seed, paper, lang))
    except typer.Exit as exc:
        return exc.exit_code


@app.command("all")
def all_cmd(
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
    seed: Annotated[int, typer.Option("--seed", help="Seed for every game's setup.", min=0, max=2**40 - 1)] = 1,
    paper: PaperOpt = "a4",
    lang: LangOpt = "pl",
    jobs: JobsOpt = None,
) -> None:
    """Write a complete set of outputs for every game into the --out folder (one sub-folder per game).

    The whole run is one unit: it is written into a hidden folder inside --out and put in only when
    every game's part and the cards are complete, keeping whatever else --out and its folders hold;
    an error or Ctrl-C part-way leaves --out as it was. The index is written last."""
    from generator.core.files import check_out_path
    from generator.core.parallel import default_jobs, jobs_default, map_jobs

    lang = check_lang(lang)
    paper = clikit.check_paper(paper).name  # every option checked before any work
    problem = check_out_path(out, "folder")
    if problem is not None:
        clikit.fail(f"cannot write {problem}")
    if out.is_symlink() and not out.is_dir():  # a link to a folder is written through, as everywhere
        clikit.fail(f"cannot write {out}: it is a symbolic link to no folder")
    workers = default_jobs() if jobs is None else jobs
    from generator import cards, face
    from generator.core.files import output_tree

    owns: dict[str, Iterable[str]] = {name: face.owns(face.of(name)) for name in face.GAME_PACKAGES}
    total = 0
    # the whole run is one unit: every game's part and the cards are written into a stage inside
    # --out, and only when all of them are complete is it merged in (under --out's lock); an error or
    # Ctrl-C part-way leaves --out as it was. The gallery is written after, from what is then there.
    with guarded(), output_tree(out, owns) as stage:
        tasks = [(name, stage, seed, paper, lang) for name, _, _ in GAMES]
        # the games run side by side (one per process); each game's own many-jobs work then runs inline
        # in its worker. With --jobs 1 everything runs here, on one core.
        with jobs_default(1):
            results = map_jobs(_make_game, tasks, workers)
        lines = []
        for (name, *_), written in zip(tasks, results, strict=True):
            if isinstance(written, int):
                raise typer.Exit(written)
            total += len(written)
            lines.append(f"{name}: {len(written)} files")
        card_files = [f for game in cards.CARD_GAMES
                      for f in cards.write_cards(game, "both", None, lang, paper, 0.0, 0.0, stage)[0]]
        total += len(card_files)
        lines.append(f"cards: {len(card_files)} files")
        _forget_stage(stage)
    for line in lines:
        clikit.out_console.print(line, highlight=False)
    index = _write_gallery(out, lang)
    clikit.out_console.print(f"wrote {total} files under {out} ({index.name} lists them)", highlight=False)


def _forget_stage(stage: Path) -> None:
    """The games' commands, run inside `all`, recorded the stage as their --out: the gallery refresh
    after the command is for --out itself (written by `all`), never for the stage, gone by then."""
    from generator.clikit import GIVEN

    root = Path(stage).absolute()
    GIVEN["out"][:] = [p for p in GIVEN["out"]
                       if not (Path(p).absolute() == root or root in Path(p).absolute().parents)]


def _write_gallery(out: Path, lang: str) -> Path:
    from generator.web.gallery import write_index

    with guarded():
        return write_index(out, lang)
    raise AssertionError  # unreachable: guarded() exits


@app.command("cards")
def cards_cmd(
    games: Annotated[list[str], typer.Argument(help="Games to make rule cards for (plazing, plazing-rw, "
                                                    "rzuc-na-tace, winnice, planety) or 'all'.")],
    fmt: Annotated[str, typer.Option("--format", metavar="deck|page|both",
                                     help="deck (63×88 mm reference cards, 3×3 with crop marks and mirrored "
                                          "backs), page (a one-page summary) or both.")] = "both",
    players: Annotated[int | None, typer.Option("--players", help="Player count the cards are set for "
                                                                  "(default: the game's largest).")] = None,
    paper: PaperOpt = "a4",
    lang: LangOpt = "pl",
    bleed: Annotated[float, typer.Option("--bleed", help="Bleed around each card in mm (0 = none; 3 is usual).",
                                         min=0, max=5)] = 0.0,
    gap: Annotated[float, typer.Option("--gap", help="Gap between cards in mm (dropped, with a warning, where "
                                                     "it would cost cards).", min=0, max=10)] = 0.0,
    out: Annotated[Path, typer.Option("--out", help="Output folder (cards/<game>-cards-<n>p-<lang>/ inside).")]
    = Path("output"),
    backs: BacksOpt = "duplex",
    export: ExportOpt = None,
) -> None:
    """Rule cards: a reference deck (box and setup, the turn, every scoring table, variants, a player aid
    per player) and a one-page summary; every number comes from the game's data. --backs says how the
    deck's backs print; --export cards-png adds every face and back as a PNG for a print shop."""
    from generator import cards

    lang = check_lang(lang)
    paper = clikit.check_paper(paper).name
    names = list(cards.CARD_GAMES) if games == ["all"] else games
    with guarded():
        for game in names:
            cards.card_module(game)  # every name checked before anything is written
        for game in names:
            files, warnings = cards.write_cards(game, fmt, players, lang, paper, bleed, gap, out, backs=backs,
                                                export=export)
            for w in warnings:
                clikit.err_console.print(f"note: {w}", markup=False, highlight=False)
            for f in files:
                clikit.out_console.print(str(f), markup=False, highlight=False)
    _write_gallery(out, lang)


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (default: this machine only; "
                                                     "another address lets others on the network in, with a "
                                                     "warning).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.", min=1, max=65535)] = 8000,
    out: Annotated[Path, typer.Option("--out", help="Serve folder: the results go into OUT/<game>/<CODE>/, as "
                                                    "the commands write them, and stay there (the page lists "
                                                    "what the commands wrote there too).")] = Path("output"),
    allowed_hosts: Annotated[list[str] | None, typer.Option(
        "--allowed-host", metavar="NAME",
        help="A host name the page may be reached by besides this machine's own addresses (e.g. club.lan); "
             "repeat for more. Requests naming any other host are refused.")] = None,
) -> None:
    """A local web page with a form for every game: generate setups and pads, preview them, download the
    PDFs, JSON and PNG. Stop it with Ctrl-C."""
    from generator.web.server import exposure_warning, make_server

    names = list(allowed_hosts or [])
    for name in names:
        if not name.strip() or any(ch.isspace() or ch in "/@" for ch in name):
            clikit.fail(f"--allowed-host {name!r}: not a host name")
    with guarded():
        try:
            server = make_server(host, port, out, names)
        except OSError as exc:
            clikit.fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    warning = exposure_warning(host)
    if warning:
        clikit.err_console.print(warning, markup=False, highlight=False)
    shown = f"[{host}]" if ":" in host else host
    clikit.out_console.print(f"boardgen serving {out} on http://{shown}:{server.server_address[1]}/ (Ctrl-C stops)",
                             markup=False, highlight=False)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        server.app.close()


@app.callback(invoke_without_command=True)
def root(version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False) -> None:
    if version:
        sys.stdout.write(f"boardgen {__version__}\n")  # plain: rich's console is not worth loading for it
        raise typer.Exit()


def main() -> None:
    """The console script: Typer's app, with usage errors (a wrong option value, an unknown option)
    reduced to the house rule: one line on stderr naming the problem, exit code 2."""
    from generator.clikit import handle_signals  # no traceback for a Ctrl-C that escapes the command

    handle_signals()  # SIGINT and SIGTERM are generator.entry's, from its first instruction on
    try:
        code = _run_app()
    except click_errors.NoArgsIsHelpError as exc:
        message = exc.format_message()  # Typer's rich help has already printed itself
        if message.strip():
            clikit.out_console.print(message, markup=False, highlight=False)
        code = 2  # as click: no arguments is a usage error, answered with the help
    except click_errors.UsageError as exc:
        where = f"{exc.ctx.command_path}: " if exc.ctx else ""
        clikit.err_console.print("[bold red]error:[/] ", end="", highlight=False)
        clikit.err_console.print(f"{where}{exc.format_message()} (see --help)", markup=False, highlight=False,
                                 soft_wrap=True)
        code = 2
    except typer.Abort:
        clikit.err_console.print("aborted", highlight=False)
        code = 1
    except click_errors.ClickException as exc:
        clikit.err_console.print(f"error: {exc.format_message()}", markup=False, highlight=False)
        code = exc.exit_code
    if code in (0, None):
        _refresh_gallery()
    sys.exit(code if isinstance(code, int) else 0)


def _run_app() -> Any:
    """The app, and on every way out the stages an interrupt may have left (files.remove_own_stages;
    nothing to do, and nothing loaded, for a command that wrote no files)."""
    try:
        return app(standalone_mode=False)
    finally:
        files = sys.modules.get("generator.core.files")
        if files is not None:
            files.remove_own_stages()


def _refresh_gallery() -> None:
    """After a command that published output sets under its --out folder, rewrite that folder's
    index.html (the gallery for people who don't use a terminal). A failure here is a note, not an
    error: the command's own outputs are already complete."""
    from generator.clikit import GIVEN

    if not GIVEN["out"]:
        return
    from generator.core.files import PUBLISHED

    lang = GIVEN["lang"] if GIVEN["lang"] in ("pl", "en") else "pl"
    for out in dict.fromkeys(GIVEN["out"]):
        root = Path(out).absolute()
        if not any(root == p.absolute() or root in p.absolute().parents for p in PUBLISHED):
            continue
        from generator.core.checks import UserInputError
        from generator.web.gallery import write_index

        try:
            write_index(root, lang)
        except (UserInputError, OSError) as exc:
            clikit.err_console.print(f"note: index.html not updated: {exc}", markup=False, highlight=False)
