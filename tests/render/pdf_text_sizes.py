"""The printed size of every piece of text in a PDF, read from its content streams with pypdf.

Independent of our scenes: it follows the PDF's own graphics state — `cm` and `q`/`Q`, the text
matrix (`Tm`, `Td`, `TD`, `T*`), `Tf`, horizontal scaling and Form XObjects (their `/Matrix`, nested
to any depth) — and reports, for every text-showing operator, the font size as it lands on paper:
the `Tf` size times the vertical scale of text matrix × CTM, in points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pypdf
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def mul(m: Matrix, n: Matrix) -> Matrix:
    """m × n in PDF's row-vector convention (apply m, then n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


@dataclass(frozen=True, slots=True)
class Shown:
    """One text-showing operator: its size on paper (pt), its text as far as it is readable, the page
    (1-based) and where it sits on the page (pt, PDF coordinates)."""

    size: float
    text: str
    page: int
    x: float
    y: float


def _text_of(operands: list[object]) -> str:
    out = []
    for op in operands:
        if isinstance(op, list):
            out.append(_text_of(op))
        elif isinstance(op, bytes | str):
            out.append(op.decode("latin-1") if isinstance(op, bytes) else str(op))
    return "".join(out)


def _walk(stream: object, resources: object, ctm: Matrix, page: int, out: list[Shown], depth: int = 0) -> None:
    reader_stream = ContentStream(stream, None)  # type: ignore[arg-type]
    stack: list[Matrix] = []
    tm = lm = IDENTITY
    size, hscale, rise = 0.0, 1.0, 0.0
    leading = 0.0
    xobjects = {}
    if resources is not None and "/XObject" in resources:  # type: ignore[operator]
        xobjects = resources["/XObject"].get_object()  # type: ignore[index]
    for operands, op in reader_stream.operations:
        name = op.decode() if isinstance(op, bytes) else op
        if name == "q":
            stack.append(ctm)
        elif name == "Q":
            ctm = stack.pop() if stack else ctm
        elif name == "cm":
            ctm = mul(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif name == "BT":
            tm = lm = IDENTITY
        elif name == "Tf":
            size = float(operands[1])
        elif name == "Tz":
            hscale = float(operands[0]) / 100
        elif name == "TL":
            leading = float(operands[0])
        elif name == "Ts":
            rise = float(operands[0])
        elif name == "Tm":
            tm = lm = tuple(float(v) for v in operands)  # type: ignore[assignment]
        elif name in ("Td", "TD"):
            tx, ty = float(operands[0]), float(operands[1])
            if name == "TD":
                leading = -ty
            tm = lm = mul((1, 0, 0, 1, tx, ty), lm)
        elif name == "T*":
            tm = lm = mul((1, 0, 0, 1, 0, -leading), lm)
        elif name in ("Tj", "TJ", "'", '"'):
            if name in ("'", '"'):
                tm = lm = mul((1, 0, 0, 1, 0, -leading), lm)
            text = _text_of(list(operands))
            if not text.strip():
                continue
            full = mul(mul((size * hscale, 0, 0, size, 0, rise), tm), ctm)
            # the height of a 1-unit em on paper: the length the text space's y axis maps to
            height = math.hypot(full[2], full[3])
            out.append(Shown(height, text, page, full[4], full[5]))
        elif name == "Do" and depth < 20:
            xo = xobjects.get(operands[0])  # type: ignore[union-attr]
            if xo is None:
                continue
            xo = xo.get_object()
            if xo.get("/Subtype") != "/Form":
                continue
            m = tuple(float(v) for v in xo.get("/Matrix", IDENTITY))
            _walk(xo, xo.get("/Resources", resources), mul(m, ctm), page, out, depth + 1)  # type: ignore[arg-type]


def text_sizes(path: Path | str) -> list[Shown]:
    """Every text-showing operator of every page of the PDF at `path`, with its size on paper."""
    reader = pypdf.PdfReader(str(path))
    out: list[Shown] = []
    for i, pg in enumerate(reader.pages, start=1):
        contents = pg.get_contents()
        if contents is None:
            continue
        _walk(contents, pg.get("/Resources"), IDENTITY, i, out)
    return out


def smallest(path: Path | str) -> Shown | None:
    sizes = text_sizes(path)
    return min(sizes, key=lambda s: s.size) if sizes else None
