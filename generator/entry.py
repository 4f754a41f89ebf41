"""The console script `boardgen`: Ctrl-C and SIGTERM answered from the first instruction on.

Loading Typer, Rich and the command line takes about half a second; a Ctrl-C in that time used to
end in a KeyboardInterrupt traceback, because the command line's own handling was not loaded yet.
So this module imports nothing of ours or of Typer's: `main` installs the handler first, then loads
`generator.cli` and runs it.

- While the modules load (and after the command has ended) nothing needs cleaning up: a signal
  prints one line, "interrupted", and the process exits at once with 130 (128 + SIGINT, what a shell
  reports for Ctrl-C).
- While the command runs, a signal raises KeyboardInterrupt, so the command's clean-up runs (staged
  outputs are removed, the old set stays; see core.files); Typer turns it into exit code 130, and
  the same one line is printed on the way out.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import Any, NoReturn

#: whether a signal raises KeyboardInterrupt (a command is running) or ends the process at once
_in_command = False


def _on_signal(signum: int, frame: Any) -> None:
    if not _in_command:
        _quit()
    raise KeyboardInterrupt


def _quit() -> NoReturn:
    os.write(2, b"interrupted\n")
    os._exit(130)


def main() -> None:
    """Install the signal handling, then run the command line (generator.cli.main)."""
    global _in_command
    signal.signal(signal.SIGINT, _on_signal)  # the first instruction: nothing is loaded before it
    signal.signal(signal.SIGTERM, _on_signal)
    from generator import cli  # Typer, Rich, Click: the slow part of the start

    code: Any = 0
    try:
        try:
            _in_command = True
            cli.main()
        finally:
            _in_command = False  # the first instruction on every way out of the command
    except KeyboardInterrupt:  # outside Typer's own handling (its error printing, the gallery refresh)
        _quit()
    except SystemExit as exc:
        code = exc.code
    try:
        signal.signal(signal.SIGTERM, _on_signal)  # ours again, whatever a library of the command left installed
        for stream in (sys.stdout, sys.stderr):  # from here on a signal ends the process without a flush
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    except KeyboardInterrupt:
        _quit()
    if code == 130:  # Typer's answer to a KeyboardInterrupt (ours, or the command line's for SIGTERM): silent
        _quit()
    sys.exit(code)
