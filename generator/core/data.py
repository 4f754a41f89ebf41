"""Reading TOML data files (the games' content) with one-line errors for user-supplied files."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from generator.core.checks import UserInputError


def load_toml(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise UserInputError(f"{p}: no such file") from None
    except tomllib.TOMLDecodeError as exc:
        raise UserInputError(f"{p}: not valid TOML ({exc})") from None
    except RecursionError:
        raise UserInputError(f"{p}: TOML nested too deeply") from None
    except UnicodeDecodeError:
        raise UserInputError(f"{p}: not UTF-8 text") from None
    except OSError as exc:
        raise UserInputError(f"{p}: cannot read ({exc.__class__.__name__})") from None
