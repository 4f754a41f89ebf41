"""What a typed Plażing setup code says, checked before any work, with messages that quote it.

A printed code is CODE, CODE~C<digest> (made with a custom tile catalog: the catalog's 6-character
fingerprint) or CODE~E<digest> (a hand-edited setup's fingerprint). Anything else after "~" is a
typing mistake, not a custom catalog.
"""

from __future__ import annotations

import re

from generator.core.checks import UserInputError
from generator.core.rng import CodeError
from generator.games.plazing.setup import CODE

MARK = re.compile(r"[CE][0-9A-F]{6}")


def split_code(code: str) -> tuple[str, str]:
    """(base code, mark) of a printed code; the mark is "" or C<digest> / E<digest>, upper case."""
    base, _, mark = code.strip().partition("~")
    return base, mark.upper()


def parse_code(code: str) -> tuple[str, str]:
    """`split_code`, after making sure the code is one `boardgen plazing` prints: a UserInputError
    that quotes the code as typed otherwise (not the part before "~")."""
    base, mark = split_code(code)
    shown = repr(code)
    if not base:
        raise UserInputError(f"setup code {shown} is malformed (expected PZ-OPTIONS-SEED-CHECK, "
                             "optionally followed by ~C<catalog> or ~E<fingerprint>)")
    try:
        CODE.decode(base)
    except CodeError as exc:
        raise UserInputError(str(exc).replace(repr(base), shown, 1)) from None
    if "~" in code and not MARK.fullmatch(mark):
        raise UserInputError(f"setup code {shown} ends in an unknown mark ~{code.partition('~')[2]} (a code "
                             "ends in ~C<6 characters> for a custom catalog or ~E<6 characters> for an edited "
                             "setup)")
    return base, mark
