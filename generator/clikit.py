"""What every game's Typer sub-app shares: common options, seed/code resolution, clean errors.

Bad input never shows a traceback: `guarded()` turns the project's input errors into one line on
stderr and exit code 2. A check that finds violations exits 1 (the caller decides).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from generator.console import console as _console
from generator.console import fail

if TYPE_CHECKING:  # loaded where they are used, not at start-up: `boardgen --help` and `--version`
    # pay for none of them (render.layout loads reportlab, core ~20 ms)
    from generator.core.rng import CodeSpec
    from generator.face import Face
    from generator.render.layout import Paper

#: the shared options (declared once, in generator/face.toml) as Typer annotations, for commands
#: written without a declaration of their own (the root's `all` and `cards`, a developer's script)
SHARED_ANNOTATIONS = {"SeedOpt": "seed", "CodeOpt": "code", "PaperOpt": "paper", "LangOpt": "lang", "OutOpt": "out",
                      "JsonOpt": "json", "JobsOpt": "jobs", "SchedulerOpt": "scheduler", "BacksOpt": "backs",
                      "ExportOpt": "export"}


def __getattr__(name: str) -> Any:
    """`clikit.err_console` and `clikit.out_console` (PEP 562): made when first asked for; the
    shared options' annotations (`clikit.JobsOpt`, ...) and `clikit.GIVEN` from generator.face."""
    if name in ("err_console", "out_console"):
        return _console(name)
    if name in SHARED_ANNOTATIONS or name == "GIVEN":
        from generator import face

        value = face.GIVEN if name == "GIVEN" else face.annotation(face.shared_option(SHARED_ANNOTATIONS[name]))
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


LANGS = ("pl", "en")


@contextlib.contextmanager
def guarded() -> Iterator[None]:
    from generator.core.checks import GenerationError, UserInputError
    from generator.core.files import SetupFileError
    from generator.core.rng import CodeError

    try:
        yield
    except (UserInputError, SetupFileError, CodeError, GenerationError) as exc:
        fail(str(exc))
    except OSError as exc:  # a safety net: a file-system error the writers did not word themselves
        fail(f"{exc.filename or 'file system'}: {exc.strerror or exc.__class__.__name__}")


def check_paper(name: str) -> Paper:
    """The paper for --paper, or the one-line error."""
    from generator.render.layout import get_paper

    try:
        return get_paper(name)
    except ValueError as exc:
        fail(str(exc))


def check_lang(lang: str) -> str:
    lang = lang.lower()
    if lang not in LANGS:
        fail(f"unknown language {lang!r} (choose pl or en)")
    return lang


def resolve(spec: CodeSpec, options: dict[str, Any], seed: int | None,
            code: str | None) -> tuple[dict[str, Any], int, str]:
    """Options, seed and setup code from either --code or the options and --seed."""
    from generator.core.rng import CodeError, random_seed

    if code is not None:
        try:
            decoded, seed_from_code = spec.decode(code)
        except CodeError as exc:
            fail(str(exc))
        _no_contradiction(code, decoded, seed_from_code, options, seed)
        merged = {**options, **decoded}
        return merged, seed_from_code, spec.encode(merged, seed_from_code)
    if seed is None:
        seed = random_seed()
    try:
        return options, seed, spec.encode(options, seed)
    except CodeError as exc:
        fail(str(exc))


def _no_contradiction(code: str, decoded: dict[str, Any], code_seed: int, options: dict[str, Any],
                      seed: int | None) -> None:
    """--code gives every option it encodes; an option also typed on the command line with another
    value (or another --seed) is a contradiction, not something to drop silently."""
    if seed is not None and seed != code_seed:
        fail(f"--seed {seed} contradicts code {code} (seed {code_seed}): give one of them")
    try:  # Typer >= 0.2x carries its own copy of click (as in cli.py)
        from typer._click.core import ParameterSource
        from typer._click.globals import get_current_context
    except ImportError:  # pragma: no cover
        from click.core import ParameterSource  # type: ignore[no-redef,assignment]
        from click.globals import get_current_context  # type: ignore[no-redef]
    ctx = get_current_context(silent=True)
    if ctx is None:  # called from outside a command line (the web page): nothing was typed
        return
    for key, value in options.items():
        if key not in decoded or decoded[key] == value or key not in {p.name for p in ctx.command.params}:
            continue
        if ctx.get_parameter_source(key) is ParameterSource.COMMANDLINE:
            flag = "--" + key.replace("_", "-")
            fail(f"{flag} {_shown(value)} contradicts code {code} ({key.replace('_', ' ')} "
                 f"{_shown(decoded[key])}): give one of them")


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value)) or "none"
    return str(value)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


@contextlib.contextmanager
def progress_bar(total: int, description: str, threshold: int = 20) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr for long work; a no-op callback for short work or no terminal."""
    err_console = _console("err_console")
    if total < threshold or not err_console.is_terminal:
        yield lambda done: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done: bar.update(task, completed=done)


def check_out(out: Path, kind: str = "folder") -> Path:
    """--out checked before any work: a folder (or, for kind="file", a file name) that can be
    written — names within the system's limits, parents searchable — or the one-line error."""
    from generator.core.files import check_out_path

    problem = check_out_path(out, kind)
    if problem is not None:
        fail(f"cannot write --out {problem}")
    return out


def handle_signals() -> None:
    """Called in the command line's main(): a KeyboardInterrupt that escapes a command prints one
    line, never a traceback. The signals themselves are generator.entry's (the console script): it
    installs its SIGINT and SIGTERM handler before anything loads, so this sets none (a second
    SIGTERM handler here, and a Ctrl-C caught here during start-up, printed "interrupted" twice)."""
    previous = sys.excepthook

    def hook(kind: type[BaseException], value: BaseException, tb: Any) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.stderr.write("interrupted\n")
            return
        previous(kind, value, tb)

    sys.excepthook = hook
    import typer.main as typer_main  # Typer puts its own hook first on every call, then hands on to this one

    if hasattr(typer_main, "_original_except_hook"):
        typer_main._original_except_hook = hook


def print_moved(game: Face, folder: Path) -> None:
    """A note on stderr for each file of an older boardgen that the set in `folder` replaces."""
    from generator import face

    for note in face.moved_notes(game, folder):
        _console("err_console").print(f"note: {folder}: {note}", markup=False, highlight=False)


def make_game_part(app: Any, game: Face, out: Path, seed: int, paper: str, lang: str) -> list[Path]:
    """A game's part of `boardgen all`: its declared command lines run through its own commands, so
    `all` writes exactly what those commands write, into OUT/<game>/<CODE>/; the game's folder is one
    unit (staged, then swapped in, keeping what else it holds). Returns the files written."""
    import typer.main

    from generator import face
    from generator.core.files import output_set, relocate

    group = typer.main.get_command(app)
    target = Path(out) / game.game
    console = _console("out_console")
    with output_set(target) as stage:
        before = {p for p in stage.rglob("*") if p.is_file()}
        quiet, console.quiet = console.quiet, True  # the commands' own lines; `all` prints one per game
        try:
            with face.game_folder(stage):
                for args in face.all_arguments(game, seed, paper, lang):
                    code = group.main(args=[*args, "--out", str(out)], prog_name=f"boardgen {game.game}",
                                      standalone_mode=False)
                    if code not in (0, 1, None):  # 1: written, with a playout report that says so
                        raise typer.Exit(code)
        finally:
            console.quiet = quiet
        written = sorted(p for p in stage.rglob("*") if p.is_file() and p not in before)
        return list(relocate(written, stage, target))


def write_component_preview(out: Path, game: Face, source: str, digest: str, mine: Any, ours: Any, lang: str,
                            title: str) -> Any:
    """`catalog --preview` for any game: the components of `mine` that are new or differ from `ours`
    (render.component_preview), each alone, into OUT/<game>/catalog-C<digest>/ (components/<id>.png,
    components.pdf, command.txt), staged and swapped in whole; nothing is written when none is.
    Returns what was drawn and written (component_preview.Shown)."""
    from generator import face
    from generator.core.files import output_set
    from generator.render import component_preview as cp

    found = cp.changes(mine, ours)
    if not found:
        return cp.report(source, found, [])
    folder = face.set_folder(out, game.game, cp.set_name(digest))
    with guarded(), output_set(folder, owns=face.owns(game)) as stage:
        written = cp.publish(found, lang, f"{title} — {folder.name}", stage / game.outputs["components"],
                             stage / game.outputs["components_pdf"], code=folder.name)
        written.append(face.stamp(stage, folder.name, game, "catalog"))
        files = [folder / p.relative_to(stage) for p in written]
    return cp.report(source, found, files)


def print_study(study: Any, as_json: bool) -> NoReturn:
    """The end of every `compare` command: the study side by side (or its JSON), then its exit code
    (1 when the user's content makes no game that ends)."""
    if as_json:
        print_json(study.to_json())
    else:
        out = _console("out_console")
        for line in study.lines():
            out.print(line, highlight=False, markup=False)
    raise typer.Exit(study.exit_code)
