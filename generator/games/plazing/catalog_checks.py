"""Plażing catalog checks that name the culprit: the tile, the square in the tile's own art, the
player count. They run in addition to `rules.check_catalog` (which judges one player count and the
box's supply) and catch content that passes it yet can never be used.

Errors (`culprits`):

- ``plazing.special-object``: a special (or extra) tile with no object — no `object = "..."`, or
  no object square ("#") in its art. Such a tile is a basic tile in disguise: no name is printed
  for it and it scores nothing of its own.
- ``plazing.walled-square``: a square of a special tile that no piece can ever reach. The tile's
  own objects close it in: a region of its free squares that touches none of the tile's edges, or
  (a sea-row tile, whose north edge is the sea) only its north edge. Every beach with this tile has
  squares closed in before play, which `rules` forbids (`plazing.closed-before-play`), so the
  generator silently never draws it. Its neighbours cannot help: special tiles never touch, so a
  special tile's neighbours are basic tiles (all free squares) or the beach's edge. Named by row and
  column of the tile's art, 1-based, north row first, as the file writes it.
- ``plazing.tile-count``: for a player count, the tiles that can be laid (special tiles without a
  walled square) are too few, or the rules reject the catalog at that count: named per count.

Warnings (`warnings`):

- ``plazing.translation``: a special tile whose name is missing in a language the boards print
  (pl, en), with no name for its object in data/objects.toml either: the board would print an id.
- ``plazing.event-objects``: an event that names objects no tile of the catalog carries (it is
  still dealt, and does nothing).

`same_as_builtin(cat)`: an unchanged copy of the built-in tiles is the built-in content (the same
digest), so it gets the built-in setup codes.
"""

from __future__ import annotations

from generator.core.checks import Report
from generator.core.data import load_toml
from generator.games.plazing.model import DATA, Catalog, Options, Tile, load_catalog, object_names
from generator.games.plazing.rules import check_catalog

LANGS = ("pl", "en")
PLAYERS = (2, 3, 4)


def same_as_builtin(cat: Catalog) -> bool:
    return cat.digest == load_catalog(None).digest


def walled_squares(tile: Tile) -> list[tuple[int, int]]:
    """The free squares of `tile` (row, column; 0-based) that its own objects close in for good."""
    art = tile.art
    n = len(art)
    seen: set[tuple[int, int]] = set()
    out: list[tuple[int, int]] = []
    for r0 in range(n):
        for c0 in range(n):
            if art[r0][c0] == "#" or (r0, c0) in seen:
                continue
            region, stack = [], [(r0, c0)]
            seen.add((r0, c0))
            while stack:
                r, c = stack.pop()
                region.append((r, c))
                for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if 0 <= rr < n and 0 <= cc < n and art[rr][cc] != "#" and (rr, cc) not in seen:
                        seen.add((rr, cc))
                        stack.append((rr, cc))
            west = any(c == 0 for _, c in region)
            east = any(c == n - 1 for _, c in region)
            south = any(r == n - 1 for r, _ in region)
            north = any(r == 0 for r, _ in region) and not tile.sea_row
            if not (west or east or south or north):
                out += region
    return sorted(out)


def square_text(rc: tuple[int, int]) -> str:
    return f"row {rc[0] + 1}, column {rc[1] + 1}"


def culprits(cat: Catalog) -> Report:
    """The errors above (every one, each naming its tile or player count)."""
    rep = Report()
    usable = dict(cat.tiles)
    for t in cat.tiles.values():
        if not t.special:
            continue
        if not t.object:
            rep.add("plazing.special-object", f"special tile {t.id} has no object (write object = \"...\"; "
                    "without one no name is printed for it)", t.id)
        elif not t.count("#"):
            rep.add("plazing.special-object", f"special tile {t.id} ({t.object}) has no object square (#) in its art",
                    t.id)
        walled = walled_squares(t)
        if walled:
            where = "; ".join(square_text(rc) for rc in walled)
            why = "its objects and the sea" if t.sea_row else "its own objects"
            rep.add("plazing.walled-square", f"tile {t.id}: {len(walled)} square(s) closed in by {why}, never "
                    f"reachable, so no beach can use the tile: {where} of its art", t.id)
            usable.pop(t.id)
    if len(usable) < len(cat.tiles):
        rest = Catalog(usable, cat.source)
        for n in PLAYERS:
            if not check_catalog(cat, Options(players=n)).ok:
                continue  # the rules' own message names this count (below)
            short = check_catalog(rest, Options(players=n))
            if not short.ok:
                left = ", ".join(sorted(set(cat.tiles) - set(usable)))
                rep.add("plazing.tile-count", f"{n} players: without {left} (walled squares) the catalog's "
                        f"tiles can never all be laid: {short.violations[0].message}", n)
    for n in PLAYERS:
        own = check_catalog(cat, Options(players=n))
        for v in own:
            if v.rule in ("plazing.tile-count", "plazing.special-adjacent"):
                rep.add(v.rule, f"{n} players: {v.message}", n)
    return rep


def warnings(cat: Catalog) -> Report:
    """The warnings above: content that works but prints or plays worse than it could."""
    rep = Report()
    known = object_names()
    for t in cat.tiles.values():
        if not t.special:
            continue
        own = dict(t.name)
        missing = [lang for lang in LANGS if not own.get(lang) and not known.get(t.object, {}).get(lang)]
        if missing:
            rep.add("plazing.translation", f"tile {t.id} has no {' or '.join(missing)} name (the board prints "
                    f"{t.title(missing[0])!r}): add name = {{ pl = \"...\", en = \"...\" }}", t.id)
    objects = {t.object for t in cat.tiles.values() if t.object}
    for card in load_toml(DATA / "events.toml").get("cards", []):
        effect = card.get("effect", {})
        named = set(effect.get("objects", []))
        if named and not named & objects:
            rep.add("plazing.event-objects", f"event {card.get('id')} names {', '.join(sorted(named))}, which no "
                    "tile of the catalog carries: it is dealt and does nothing", card.get("id"))
    return rep
