"""Exports for print shops: every card face and back of a document as a PNG, plus a CSV manifest.

Print-on-demand services (and the tools that feed them, Squib and nanDECK) take one image per card
face at 300 dpi with the bleed included, and a list saying how many of each to print. `cards_png`
writes exactly that from the cards a document's card sheets hold (`Scene.cards`, recorded by
`layout.impose` in deck order), so the upload and the PDF come from the same symbols:

- `<deck>-<position>-front.png` per card (position 1-based within its deck, three digits); a face
  that repeats within a deck is written once, at its first position, with its count;
- `<deck>-<position>-back.png` per distinct back of a deck, named at the first card that has it,
  its count the cards that share it;
- `manifest.csv`: deck, index, side, file, count — one row per file, fronts of a deck before its
  backs, in deck order.

Each PNG is the card's full symbol — trim plus the bleed the document was made with — at `dpi`,
to the nearest whole pixel (`card_px`), with its resolution stored in the file.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.core.files import write_atomic
from generator.render.png import page_image
from generator.render.scene import CardEntry, Page, Scene, Use

EXPORTS: tuple[str, ...] = ("cards-png",)
DPI: float = 300.0
MANIFEST = "manifest.csv"
MANIFEST_FIELDS = ("deck", "index", "side", "file", "count")


@dataclass(frozen=True, slots=True)
class Row:
    """One manifest row: the deck, the position of the first card the file is for, its side, the file
    name and how many cards print from it."""

    deck: str
    index: int
    side: str  # "front" | "back"
    file: str
    count: int


def check_export(name: str) -> str:
    """`name` when it is one of EXPORTS; a one-line ValueError otherwise."""
    if name not in EXPORTS:
        raise ValueError(f"unknown export {name!r} (choose {', '.join(EXPORTS)})")
    return name


def _safe(deck: str) -> str:
    """A deck name as a file-name part: letters, digits, '-' and '_' only."""
    out = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "-" for ch in deck).strip("-")
    return out or "cards"


def plan(cards: Sequence[CardEntry] | Sequence[tuple[int, CardEntry]]) -> tuple[list[Row], dict[str, tuple[int, str]]]:
    """The manifest rows and what each file shows (file name -> (document number, symbol)), without
    drawing. `cards`: one document's entries, or (document number, entry) pairs of several."""
    rows: list[Row] = []
    files: dict[str, tuple[int, str]] = {}
    decks: dict[str, list[tuple[int, CardEntry]]] = {}
    for item in cards:
        doc, card = item if isinstance(item, tuple) else (0, item)
        decks.setdefault(card.deck, []).append((doc, card))
    for deck, entries in decks.items():
        stem = _safe(deck)
        for side in ("front", "back"):
            first: dict[tuple[int, str], int] = {}  # (document, symbol) -> its row in `rows`
            for pos, (doc, card) in enumerate(entries, start=1):
                symbol = card.front if side == "front" else card.back
                if symbol is None:
                    continue
                name = (doc, symbol)
                if name in first:
                    row = rows[first[name]]
                    rows[first[name]] = Row(row.deck, row.index, row.side, row.file, row.count + 1)
                    continue
                file = f"{stem}-{pos:03d}-{side}.png"
                first[name] = len(rows)
                rows.append(Row(deck, pos, side, file, 1))
                files[file] = name
    return rows, files


def card_px(w_mm: float, h_mm: float, dpi: float = DPI) -> tuple[int, int]:
    """The pixel size of a w x h mm image at `dpi`: the nearest whole pixels (69 x 94 mm — a poker
    card with 3 mm bleed — is 815 x 1110 at 300 dpi)."""
    return max(1, round(w_mm / 25.4 * dpi)), max(1, round(h_mm / 25.4 * dpi))


def symbol_png(scene: Scene, name: str, dpi: float = DPI) -> bytes:
    """One symbol alone as a PNG at `dpi` (its whole box: a card's trim and bleed), `card_px` pixels:
    the symbol is drawn a hair larger (under half a pixel) to cover that box exactly, so no sliver of
    white shows at an edge."""
    sym = scene.symbols[name]
    px_w, px_h = card_px(sym.w, sym.h, dpi)
    page_w, page_h = px_w * 25.4 / dpi, px_h * 25.4 / dpi
    scale = max(page_w / sym.w, page_h / sym.h)
    one = Scene(pages=[Page(page_w, page_h, [Use(name, 0, 0, scale=scale)])], symbols=scene.symbols)
    img = page_image(one, 0, dpi)
    assert img.size == (px_w, px_h)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buf.getvalue()


def manifest_csv(rows: Sequence[Row]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(MANIFEST_FIELDS)
    for r in rows:
        writer.writerow((r.deck, r.index, r.side, r.file, r.count))
    return buf.getvalue().encode("utf-8")


def _render_chunk(task: tuple[Scene, list[str], float]) -> list[bytes]:
    """One worker's share of the images: the symbols `names` of a scene (a job for `map_jobs`)."""
    scene, names, dpi = task
    return [symbol_png(scene, name, dpi) for name in names]


def cards_png(scene: Scene | Sequence[Scene], folder: Path, dpi: float = DPI, jobs: int | None = 1) -> list[Path]:
    """Write every card face and back of `scene` (its `cards`; or of several documents, e.g. a kit's
    cards and its setup card, one manifest for all) as PNGs and the manifest into `folder`
    (created; meant to be inside a command's staging folder, so it appears with the rest of the
    output set or not at all). Returns the files written, the manifest last. Documents without
    cards are a ValueError (nothing to export). `jobs`: processes drawing the images (None: every
    core; a 300 dpi card takes about a second) — the files are the same for any number."""
    scenes = [scene] if isinstance(scene, Scene) else list(scene)
    entries = [(k, card) for k, sc in enumerate(scenes) for card in sc.cards]
    if not entries:
        raise ValueError("this document has no cards to export")
    rows, files = plan(entries)
    folder.mkdir(parents=True, exist_ok=True)
    from generator.core.parallel import default_jobs, map_jobs

    order = list(files.items())
    workers = max(1, default_jobs() if jobs is None else jobs)
    tasks: list[tuple[Scene, list[str], float]] = []
    spans: list[list[str]] = []
    for doc, sc in enumerate(scenes):  # one document's symbols per task, split over the workers
        mine = [(file, name) for file, (d, name) in order if d == doc]
        size = max(1, -(-len(mine) // workers))
        for k in range(0, len(mine), size):
            part = mine[k:k + size]
            tasks.append((Scene(symbols=sc.symbols), [name for _, name in part], dpi))
            spans.append([file for file, _ in part])
    written = []
    for part_files, images in zip(spans, map_jobs(_render_chunk, tasks, workers), strict=True):
        for file, data in zip(part_files, images, strict=True):
            write_atomic(folder / file, data)
            written.append(folder / file)
    write_atomic(folder / MANIFEST, manifest_csv(rows))
    written.append(folder / MANIFEST)
    return written
