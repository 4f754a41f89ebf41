"""Seeded randomness and setup codes.

A setup code is one short string that carries the game, its options and the seed, e.g.
``PZ-4B0110-2N7KQ-X``: a game prefix, one character per option field, the seed in base 32 and a
check character that catches a mistyped code. Every command takes `--seed N` or `--code CODE`
and reproduces the same setup from either.

All randomness flows from `random.Random` instances made here; sub-streams (the setup, each
playout) get their own seed by hashing the parent seed with a label, so adding a new random step
in one stream never shifts the numbers drawn in another.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base 32: no I, L, O, U
_VALUE = {c: i for i, c in enumerate(_ALPHABET)}
MAX_SEED = 2**40 - 1
#: the longest text `decode` looks at: real codes are under 30 characters (a game's ~suffix aside)
MAX_CODE_CHARS = 64


class CodeError(ValueError):
    """A setup code that cannot be decoded; the message is one line."""


def make_rng(seed: int, *labels: str) -> random.Random:
    """A Random for `seed`, or for the sub-stream of `seed` named by `labels`."""
    return random.Random(sub_seed(seed, *labels) if labels else seed)


def sub_seed(seed: int, *labels: str) -> int:
    """A stable 64-bit seed derived from `seed` and `labels` (same on every machine)."""
    h = hashlib.blake2b(digest_size=8)
    h.update(str(seed).encode())
    for label in labels:
        h.update(b"\x00" + label.encode())
    return int.from_bytes(h.digest(), "big")


def random_seed() -> int:
    """A fresh seed for a user who gave none (it is printed and coded, so still reproducible)."""
    return random.SystemRandom().randrange(1, 2**32)


def _b32(n: int) -> str:
    if n == 0:
        return "0"
    out = []
    while n:
        n, r = divmod(n, 32)
        out.append(_ALPHABET[r])
    return "".join(reversed(out))


def _check_char(body: str) -> str:
    """Luhn mod 32 over the code's characters: catches every single mistyped character and most
    swaps of two neighbours (a plain weighted sum mod 32 missed some substitutions)."""
    total, factor = 0, 2
    for c in reversed(body.replace("-", "")):
        addend = factor * _VALUE.get(c, 0)
        total += addend // 32 + addend % 32
        factor = 3 - factor
    return _ALPHABET[(32 - total % 32) % 32]


@dataclass(frozen=True)
class CodeField:
    """One option coded as one character: the index of its value in `choices`."""

    name: str
    choices: tuple[Any, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.choices) <= 32:
            raise ValueError(f"field {self.name}: 1..32 choices")


@dataclass(frozen=True)
class CodeSpec:
    """How one game codes its options: a prefix and an ordered list of fields."""

    prefix: str
    fields: tuple[CodeField, ...]

    def encode(self, options: dict[str, Any], seed: int) -> str:
        if not 0 <= seed <= MAX_SEED:
            raise CodeError(f"seed {seed} out of range 0..{MAX_SEED}")
        chars = []
        for f in self.fields:
            value = options[f.name]
            if value not in f.choices:
                raise CodeError(f"option {f.name}={value!r} cannot be coded (choices {list(f.choices)})")
            chars.append(_ALPHABET[f.choices.index(value)])
        body = f"{self.prefix}-{''.join(chars) or '0'}-{_b32(seed)}"
        return f"{body}-{_check_char(body)}"

    def check_head(self, code: str) -> list[str]:
        """The code's four fields, normalised (O read as 0, I and L as 1), after the faults that show
        before its options are read: its length, its shape and its game prefix (CodeError, quoting
        the code as given).

        The length is checked first, so a code of a million characters costs nothing and is not
        quoted back whole."""
        if len(code) > MAX_CODE_CHARS:
            raise CodeError(f"setup code {shown_code(code)} is too long ({len(code)} characters; a setup "
                            f"code has at most {MAX_CODE_CHARS})")
        text = code.strip().upper().replace("O", "0").replace("I", "1").replace("L", "1")
        parts = text.split("-")
        if len(parts) != 4:
            raise CodeError(f"setup code {code!r} is malformed (expected PREFIX-OPTIONS-SEED-CHECK)")
        prefix, _opts, seed_txt, check = parts
        if not seed_txt or not check:
            raise CodeError(f"setup code {code!r} is malformed (empty seed or check field)")
        if prefix != self.prefix:
            raise CodeError(f"setup code {code!r} is for another game (prefix {prefix}, expected {self.prefix})")
        return parts

    def decode(self, code: str) -> tuple[dict[str, Any], int]:
        """Options and seed from a code; CodeError with a one-line message if it is not valid."""
        parts = self.check_head(code)
        prefix, opts, seed_txt, check = parts
        body = "-".join(parts[:3])
        if any(c not in _VALUE for c in opts + seed_txt + check) or _check_char(body) != check:
            raise CodeError(f"setup code {code!r} is mistyped (check character does not match)")
        expected = len(self.fields) or 1
        if len(opts) != expected:
            raise CodeError(f"setup code {code!r} has {len(opts)} option characters, expected {expected}")
        options: dict[str, Any] = {}
        for f, c in zip(self.fields, opts, strict=False):
            i = _VALUE[c]
            if i >= len(f.choices):
                raise CodeError(f"setup code {code!r}: option {f.name} has no choice {c}")
            options[f.name] = f.choices[i]
        seed = 0
        for c in seed_txt:
            seed = seed * 32 + _VALUE[c]
        if seed > MAX_SEED:
            raise CodeError(f"setup code {code!r}: seed out of range")
        return options, seed


def shown_code(code: str, limit: int = 40) -> str:
    """A user's code quoted for a message: repr'd, and cut to `limit` characters if longer."""
    return repr(code) if len(code) <= limit else repr(code[:limit]) + "…"


def shuffled(items: Sequence[Any], rng: random.Random) -> list[Any]:
    out = list(items)
    rng.shuffle(out)
    return out
