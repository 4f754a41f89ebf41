"""The `boardgen` command: one sub-app per game, plus `all` and `games`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

try:  # Typer >= 0.2x carries its own copy of click; older releases use click itself
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover
    from click import exceptions as click_errors  # type: ignore[no-redef]

from generator import __version__
from generator.clikit import LangOpt, PaperOpt, check_lang, err_console, guarded, out_console
from generator.games.plazing import cli as plazing_cli
from generator.games.plazing_rw import cli as plazing_rw_cli
from generator.games.rzuc_na_tace import cli as rzuc_cli

app = typer.Typer(
    help="boardgen — random legal setups, print-ready PDFs and rules engines for Polish tabletop games.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

#: (command name, sub-app, one-line description, the `all` job) for every game
GAMES = [
    ("plazing", plazing_cli.app, "Plażing: parawany w dłoń (beach board game, 2–4 players)", plazing_cli.make_all),
    ("plazing-rw", plazing_rw_cli.app, "Plażing: roll&write (printable sheets for boards 1–4 and random boards, "
     "scoring, solo bots)", plazing_rw_cli.make_all),
    ("rzuc-na-tace", rzuc_cli.app, "Rzuć na tacę (Ganz schön clever): score sheets, balanced variants, dice engine",
     rzuc_cli.make_all),
]

for name, sub, desc, _ in GAMES:
    app.add_typer(sub, name=name, help=desc)


@app.command("games")
def games_cmd() -> None:
    """List the games boardgen knows."""
    for name, _, desc, _ in GAMES:
        out_console.print(f"[bold]{name}[/]  {desc}", highlight=False)


@app.command("all")
def all_cmd(
    out: Annotated[Path, typer.Option("--out", help="Output folder.")] = Path("output"),
    seed: Annotated[int, typer.Option("--seed", help="Seed for every game's setup.", min=0, max=2**40 - 1)] = 1,
    paper: PaperOpt = "a4",
    lang: LangOpt = "pl",
) -> None:
    """Write a complete set of outputs for every game into the --out folder (one sub-folder per game)."""
    lang = check_lang(lang)
    total = 0
    for name, _, _, make in GAMES:
        with guarded():
            files = make(out, seed, paper, lang)
        total += len(files)
        out_console.print(f"{name}: {len(files)} files", highlight=False)
    out_console.print(f"wrote {total} files under {out}", highlight=False)


@app.callback(invoke_without_command=True)
def root(version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False) -> None:
    if version:
        out_console.print(f"boardgen {__version__}")
        raise typer.Exit()


def main() -> None:
    """The console script: Typer's app, with usage errors (a wrong option value, an unknown option)
    reduced to the house rule: one line on stderr naming the problem, exit code 2."""
    from generator.clikit import handle_signals  # SIGTERM like Ctrl-C; no traceback for an early Ctrl-C

    handle_signals()
    try:
        code = app(standalone_mode=False)
    except click_errors.NoArgsIsHelpError as exc:
        message = exc.format_message()  # Typer's rich help has already printed itself
        if message.strip():
            out_console.print(message, markup=False, highlight=False)
        code = 2  # as click: no arguments is a usage error, answered with the help
    except click_errors.UsageError as exc:
        where = f"{exc.ctx.command_path}: " if exc.ctx else ""
        err_console.print("[bold red]error:[/] ", end="", highlight=False)
        err_console.print(f"{where}{exc.format_message()} (see --help)", markup=False, highlight=False,
                          soft_wrap=True)
        code = 2
    except typer.Abort:
        err_console.print("aborted", highlight=False)
        code = 1
    except click_errors.ClickException as exc:
        err_console.print(f"error: {exc.format_message()}", markup=False, highlight=False)
        code = exc.exit_code
    sys.exit(code if isinstance(code, int) else 0)
