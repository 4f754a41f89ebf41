"""The results in the serve folder, as the web pages show them: the gallery's output sets, newest first,
with what the web app knows of how each was made; the one way a request path reaches a file; page
thumbnails; deletion.

Every result is found by scanning the folder (generator.web.gallery.scan), so sets the CLI wrote there
show up too and everything survives a restart. A request names a result by its folder, and that name
is only ever compared with the scanned list, never joined to a path unchecked.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.web.fields import command_line
from generator.web.gallery import OutputSet, scan, write_index
from generator.web.jobs import META, WEB_DIR

MAX_THUMBS = 60  # page thumbnails shown for one result; more are counted, not drawn
THUMB_WIDTH = 360  # pixels
_pdfium = threading.Lock()  # PDFium is not thread-safe


@dataclass
class Result:
    set: OutputSet
    created: float
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def folder(self) -> str:
        return self.set.folder

    @property
    def game(self) -> str:
        return self.set.game or str(self.meta.get("game", ""))

    @property
    def pdfs(self) -> list[tuple[str, str]]:
        return [(rel, name) for rel, name, _ in self.set.files if name.endswith(".pdf")]

    @property
    def seed(self) -> str:
        """The seed the set was drawn with: read from its setup code (every game's code carries it),
        else from its setup JSON, else the one the CLI said it drew."""
        seed = seed_of_code(self.set.code)
        if seed is None:
            seed = self.meta.get("seed")
        return "" if seed is None else str(seed)

    def command(self, out_arg: str) -> str:
        """The exact command that makes this set again: the web app's own arguments plus the seed
        drawn (the same seed and options give the same files); for a set the CLI wrote, the gallery's
        code-based command."""
        args = self.meta.get("args")
        if isinstance(args, list) and all(isinstance(a, str) for a in args) and self.game:
            args = list(args)
            if "--seed" not in args and "--code" not in args and self.seed:
                args += ["--seed", self.seed]
            return command_line(self.game, args, out_arg)
        return self.set.command + (f" --out {out_arg}" if self.set.command and out_arg else "")


def seed_of_code(code: str) -> int | None:
    """The seed in a setup code of any game (PREFIX-OPTIONS-SEED-CHECK), or None for no valid code.
    The code's own check character is verified; its option characters are not interpreted. A mark
    after "~" (a custom board's ~B<digest>, a tile catalog's ~C<digest>) names content, not the
    seed, and is left out."""
    from generator.core.rng import CodeError, CodeField, CodeSpec

    code = code.split("~", 1)[0]
    parts = code.split("-")
    if len(parts) != 4 or not parts[0] or len(parts[1]) > 32:
        return None
    any_option = tuple(range(32))
    spec = CodeSpec(parts[0].upper(), tuple(CodeField(f"option{i}", any_option) for i in range(len(parts[1]))))
    try:
        return spec.decode(code)[1]
    except CodeError:
        return None


def _seed_in(folder: Path) -> Any:
    for p in sorted(folder.glob("*.json")):
        try:
            if p.is_symlink() or p.stat().st_size > 4 * 1024 * 1024:
                continue
            doc = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            continue
        if isinstance(doc, dict) and doc.get("format") == "boardgen-setup":
            setup = doc.get("setup")
            if isinstance(setup, dict) and isinstance(setup.get("seed"), int):
                return setup["seed"]
    return None


def _meta(folder: Path) -> dict[str, Any]:
    p = folder / META
    try:
        if p.is_file() and not p.is_symlink() and p.stat().st_size < 64 * 1024:
            doc = json.loads(p.read_text(encoding="utf-8"))
            return doc if isinstance(doc, dict) else {}
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    return {}


def list_results(out: Path) -> list[Result]:
    """Every output set in the serve folder, newest first."""
    out = Path(out)
    found = []
    for s in scan(out):
        here = out / s.folder
        meta = _meta(here)
        seed = _seed_in(here)  # the setup JSON's seed first, then the one the CLI said it drew
        if seed is not None:
            meta["seed"] = seed
        elif not isinstance(meta.get("seed"), int):
            meta.pop("seed", None)
        try:
            mtime = here.stat().st_mtime
        except OSError:
            continue
        stamp = meta.get("created")
        created = float(stamp) if isinstance(stamp, int | float) else mtime
        found.append(Result(s, created, meta))
    found.sort(key=lambda r: (-r.created, r.folder))
    return found


def find(out: Path, folder: str) -> Result | None:
    return next((r for r in list_results(out) if r.folder == folder), None)


def safe_file(out: Path, rel: str) -> Path | None:
    """The regular file `rel` names inside the serve folder, or None: no "..", no hidden parts, no
    symbolic link anywhere on the way, nothing that resolves outside the folder."""
    parts = rel.split("/")
    if not rel or any(p in ("", ".", "..") or p.startswith(".") or "\\" in p or "\0" in p for p in parts):
        return None
    root = Path(out).resolve()
    here = root
    for p in parts:
        here = here / p
        if here.is_symlink():
            return None
    try:
        real = here.resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not real.is_relative_to(root) or not real.is_file():
        return None
    return real


def page_count(pdf: Path) -> int:
    import pypdfium2

    with _pdfium:
        doc = pypdfium2.PdfDocument(str(pdf))
        try:
            return len(doc)
        finally:
            doc.close()


def thumbnails(out: Path, result: Result) -> list[tuple[str, int]]:
    """(pdf path, page index) of the pages a result page shows, at most MAX_THUMBS."""
    pages = []
    for rel, _ in result.pdfs:
        path = safe_file(out, rel)
        if path is None:
            continue
        try:
            n = page_count(path)
        except Exception:  # a PDF PDFium cannot open gets no thumbnails, not an error page
            continue
        pages += [(rel, i) for i in range(n)]
    return pages


def thumbnail(out: Path, rel: str, page: int) -> Path | None:
    """A PNG of one PDF page, drawn once into <out>/.web/thumbs and redrawn when the PDF changes."""
    pdf = safe_file(out, rel)
    if pdf is None or not rel.endswith(".pdf") or page < 0:
        return None
    cache = Path(out).resolve() / WEB_DIR / "thumbs" / f"{rel}-{page}.png"
    if cache.is_file() and cache.stat().st_mtime >= pdf.stat().st_mtime:
        return cache
    import pypdfium2

    with _pdfium:
        doc = pypdfium2.PdfDocument(str(pdf))
        try:
            if page >= len(doc):
                return None
            pg = doc[page]
            scale = THUMB_WIDTH / max(1.0, pg.get_width())
            image = pg.render(scale=scale).to_pil()
        finally:
            doc.close()
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_name(cache.name + ".part")
    image.save(tmp, "PNG")
    tmp.replace(cache)
    return cache


def delete(out: Path, folder: str, lang: str) -> bool:
    """Remove one result (and its thumbnails) and rewrite the gallery; False when no such result."""
    result = find(out, folder)
    if result is None:
        return False
    root = Path(out).resolve()
    target = root / result.folder
    if target.is_symlink() or not target.resolve().is_relative_to(root) or target.resolve() == root:
        return False
    shutil.rmtree(target)
    shutil.rmtree(root / WEB_DIR / "thumbs" / result.folder, ignore_errors=True)
    if target.parent != root:  # OUT/<game>/ that held only this set goes with it
        with contextlib.suppress(OSError):
            target.parent.rmdir()
    write_index(root, lang)
    return True
