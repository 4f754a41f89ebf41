"""The one-line error of every bad input, and the shared terminal consoles.

Below both the face (generator/face.py, which refuses a value outside an option's declared choices)
and the commands' shared kit (generator/clikit.py, which uses the face), so each can say "error: ..."
the same way without importing the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:  # rich's console costs ~25 ms to load: made on first use, not at start-up
    from rich.console import Console

_CONSOLES: dict[str, Console] = {}


def console(name: str) -> Console:
    """The shared rich consoles, made on first use. soft_wrap: never insert line breaks, so piped
    output keeps codes and rule lines whole (grep, copy)."""
    if name not in _CONSOLES:
        from rich.console import Console

        _CONSOLES[name] = Console(stderr=name == "err_console", soft_wrap=True)
    return _CONSOLES[name]


def fail(message: str) -> NoReturn:
    """One line on stderr, exit code 2: the contract for every bad input."""
    # the message is plain text (it may quote user input such as "[/x]"), never rich markup
    err = console("err_console")
    err.print("[bold red]error:[/] ", end="", highlight=False)
    err.print(message, markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(2)
