"""Reading TOML data files (the games' content) with one-line errors for user-supplied files.

A user's TOML (a tile catalog, a sheet layout) is read through core.files.read_user_file: only a
regular file within the size cap; an integer of more than 4,300 digits (decimal, or hex/octal/binary,
which Python parses but cannot print) is a one-line error, never a traceback.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError
from generator.core.files import MAX_INPUT_BYTES, MAX_INT_DIGITS, huge_int_in, read_user_text


def load_toml(path: str | Path, limit: int = MAX_INPUT_BYTES) -> dict[str, Any]:
    p = Path(path)
    text = read_user_text(p, limit)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserInputError(f"{p}: not valid TOML ({exc})") from None
    except RecursionError:
        raise UserInputError(f"{p}: TOML nested too deeply") from None
    except ValueError:  # Python's int-string limit on a decimal integer of over 4,300 digits
        raise UserInputError(f"{p}: a number with more than {MAX_INT_DIGITS} digits") from None
    if huge_int_in(data):
        raise UserInputError(f"{p}: a number with more than {MAX_INT_DIGITS} digits")
    return data
