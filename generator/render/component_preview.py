"""A designer's new or changed components, each alone on its page (`boardgen <game> catalog --preview`).

A print kit shows a designer's tile or card among forty others, imposed with crop marks; what the
designer wants to look at is the one thing they made. Each game lists its components (`Component`:
an id, a name in the chosen language, the data it is made of, and a function that draws it with the
game's own drawing code into a scene) for the built-in content and for the designer's; `changes`
keeps those that are new (an id the built-in content does not have) or changed (the same id, other
data). `preview_scene` puts each on a page of its own, at true scale, with its name, what it is and
how it differs above it; `write_preview` writes every page as `<id>.png` into a folder (through
render.png, the path preview.png takes) and the whole as one PDF.

Nothing here knows a game: the drawing is the games' (draw.py), the words are
component_preview.toml's.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generator.render.fonts import text_width
from generator.render.scene import Line, Page, Rect, Scene, Text, Use

MARGIN = 10.0  # mm of white paper round the component and its heading
HEAD = 14.0  # mm above the component: its name and the caption
DPI = 200.0  # the PNGs: a 60 mm tile is 472 pixels wide, a card's smallest text still legible
TITLE_PT, CAPTION_PT = 11.0, 7.0


@dataclass(frozen=True)
class Component:
    """One thing a catalog defines that is printed on its own: a tile, a card, a face, a space.

    `data` is what it is made of (compared with the built-in component of the same id: any
    difference makes it "changed"); `draw` adds its symbol to a scene with the game's own drawing
    code and returns the symbol's name. `count`: copies in the box (None: not counted)."""

    id: str
    title: str  # its name in the chosen language
    kind: str  # what it is: a key of component_preview.toml [kinds] ("tile", "card", "space", ...)
    data: Any
    draw: Callable[[Scene], str]
    count: int | None = None


@dataclass(frozen=True)
class Change:
    component: Component
    status: str  # "new" | "changed"
    builtin_count: int | None = None  # the built-in copies of a changed component


@cache
def words() -> dict[str, Any]:
    with Path(__file__).with_name("component_preview.toml").open("rb") as fh:
        return tomllib.load(fh)


def changes(mine: Sequence[Component], ours: Sequence[Component]) -> list[Change]:
    """The designer's components that are new or differ from the built-in one of the same id, in the
    designer's order. A component with the same data but another count is changed too (a deck of
    three copies where ours has one plays another game)."""
    builtin = {c.id: c for c in ours}
    out = []
    for c in mine:
        b = builtin.get(c.id)
        if b is None:
            out.append(Change(c, "new"))
        elif b.data != c.data or b.count != c.count:
            out.append(Change(c, "changed", b.count))
    return out


def file_stem(cid: str) -> str:
    """A component id as a file name: letters, digits, '-', '_' and '.' kept, anything else '-'."""
    stem = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_.") else "-" for ch in cid).strip("-.")
    return stem or "component"


def caption(change: Change, lang: str) -> str:
    """What it is, its id, new or changed, its copies (with the built-in count when that differs)
    and the scale: "kafelek · B07 · zmieniony · skala 1:1"."""
    w = words()
    c = change.component
    parts = [w["kinds"][c.kind][lang], c.id, w["status"][change.status][lang]]
    if c.count is not None:
        copies = f"{c.count} {w['words']['copies'][lang]}"
        if change.builtin_count is not None and change.builtin_count != c.count:
            copies += f" ({w['words']['builtin'][lang]}: {change.builtin_count})"
        parts.append(copies)
    parts.append(w["words"]["scale"][lang])
    return " · ".join(parts)


def preview_scene(found: Sequence[Change], lang: str, title: str, code: str = "") -> Scene:
    """One page per component: its name and caption above it, then the component at true scale
    inside a thin grey frame (its edge shows on white paper, a light card's too); `code` (the
    preview set's catalog-C<digest>, which names the catalog) in the bottom margin, as every
    printed page of boardgen carries the code that makes it again."""
    scene = Scene(title=title, subject="boardgen: catalog preview")
    for change in found:
        c = change.component
        name = c.draw(scene)
        sym = scene.symbols[name]
        text = caption(change, lang)
        w = max(sym.w, text_width(c.title, "bold", TITLE_PT), text_width(text, "condensed", CAPTION_PT)) + 2 * MARGIN
        h = MARGIN + HEAD + sym.h + MARGIN
        x, y = (w - sym.w) / 2, MARGIN + HEAD
        page = Page(w, h, label=c.id)
        page.items += [
            Text(MARGIN, MARGIN + 4.5, c.title, size=TITLE_PT, font="bold", fill="#222222"),
            Text(MARGIN, MARGIN + 9.5, text, size=CAPTION_PT, font="condensed", fill="#555555"),
            Line(MARGIN, MARGIN + 11.5, w - MARGIN, MARGIN + 11.5, stroke="#cccccc", width=0.2),
            Use(name, x, y),
            Rect(x, y, sym.w, sym.h, fill=None, stroke="#9e9e9e", width=0.15),
        ]
        if code:
            page.items.append(Text(MARGIN, h - MARGIN / 2, f"boardgen · {code}", size=CAPTION_PT - 1,
                                   font="condensed", fill="#777777"))
        scene.pages.append(page)
    return scene


def write_preview(scene: Scene, found: Sequence[Change], folder: Path, pdf: Path | None = None,
                  dpi: float = DPI) -> list[Path]:
    """Page i as folder/<id of component i>.png, and the whole scene as `pdf` when given; returns
    the PNGs' paths in order. `folder` is inside the caller's stage (core.files.output_set)."""
    from generator.render.pdf import write_pdf
    from generator.render.png import write_png

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    seen: set[str] = set()
    for i, change in enumerate(found):
        stem = file_stem(change.component.id)
        if stem in seen:  # two ids that read as one file name: the second gets its position
            stem = f"{stem}-{i + 1}"
        seen.add(stem)
        path = folder / f"{stem}.png"
        write_png(scene, i, path, dpi=dpi)
        paths.append(path)
    if pdf is not None:
        write_pdf(scene, pdf)
    return paths


def publish(found: Sequence[Change], lang: str, title: str, folder: Path, pdf: Path, code: str = "") -> list[Path]:
    """The preview of `found` into an output set being staged: the PNGs into `folder`, the PDF at
    `pdf` (the caller's kinds `components` and `components_pdf`); returns every path written."""
    scene = preview_scene(found, lang, title, code)
    return [*write_preview(scene, found, folder, pdf), pdf]


def set_name(digest: str) -> str:
    """The output set of a catalog's preview: catalog-C<digest>, the mark its setups' codes carry."""
    return f"catalog-C{digest}"


@dataclass(frozen=True)
class Shown:
    """What `catalog --preview` did: the components drawn, the files written, and what to say."""

    changed: tuple[Change, ...]
    files: tuple[Path, ...]
    lines: tuple[str, ...]  # English, for the terminal

    def to_json(self) -> dict[str, Any]:
        return {"changed": [{"id": c.component.id, "status": c.status} for c in self.changed],
                "files": [str(p) for p in self.files]}


def report(source: str, found: Sequence[Change], files: Sequence[Path]) -> Shown:
    """The components drawn and the files written, with the lines that say so ("nothing new or
    changed" when `found` is empty)."""
    if not found:
        lines = [f"{source}: nothing new or changed (every component is the built-in one): no preview"]
    else:
        listed = ", ".join(f"{c.status} {c.component.kind} {c.component.id}" for c in found)
        lines = [f"preview of {len(found)} new or changed component(s): {listed}",
                 *(f"  wrote {p}" for p in files)]
    return Shown(tuple(found), tuple(files), tuple(lines))
