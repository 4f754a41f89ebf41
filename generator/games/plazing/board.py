"""What a Plażing setup fixes for a whole game, precomputed once: the `Board` (masks, every
placement's squares and neighbourhoods, the rings the bit-parallel tests read, the event deck),
and `hand_setup`, a setup drawn by hand for tests and experiments.

The rules engine (engine.State) and its bots read a Board and never change it (beyond the memos
and the kernels' output buffers it keeps for them); one Board is shared by every State of every
playout of a setup (`board_for` caches it on the setup). It also holds the words and tables the
compiled rules read (kernels.py). The bots' own tables per Board live with the bots (greedy.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from generator.core.grid import Grid, get_grid
from generator.games.plazing import kernels
from generator.games.plazing.model import (
    RESOURCE_CHAR,
    RESOURCES,
    EventCard,
    Options,
    Placed,
    Setup,
    Tile,
    char_mask,
    event_cards,
    region_mask,
    rules,
)
from generator.games.plazing.moves import H2, H3, O1, PIECES, V2, V3


@dataclass(frozen=True, slots=True)
class Shape:
    """One placement of a shape: its squares and the neighbourhoods the closing test needs."""

    mask: int
    n4: int  # squares orthogonally adjacent to the piece
    ring: int  # squares at Chebyshev distance 1 (the local connectivity test runs in here)
    edge: bool  # the piece lies on an open edge square (west, east, south)
    boxed: bool  # the ring is cut by the board's border (the quick "open space" test is void)
    reach: int  # squares within odd reach of the piece


class Board:
    """What a setup fixes for the whole game: masks, placement shapes, regions, the event deck.

    Built once per setup (`board_for`) and shared by every State of every playout.
    """

    def __init__(self, setup: Setup) -> None:
        rl = rules()
        squares = setup.squares()
        if not squares or any(len(r) != len(squares[0]) for r in squares) or "?" in "".join(squares):
            raise ValueError("the setup's beach is not a full rectangle of known tiles")
        self.setup = setup
        self.width = w = len(squares[0])
        self.height = h = len(squares)
        self.grid: Grid = get_grid(w, h)
        g = self.grid
        o = setup.options
        self.players = o.players
        self.colours = o.colours
        self.player_of = [c % o.players for c in range(self.colours)]
        self.colours_of = [[c for c in range(self.colours) if c % o.players == p] for p in range(o.players)]
        self.objects = char_mask(squares, "#")
        self.free0 = g.full & ~self.objects
        self.plus = char_mask(squares, "+")
        self.minus = char_mask(squares, "-")
        self.scored = self.plus | self.minus
        self.res0 = [0, 0, 0]
        for x, y, kind in setup.resources:
            self.res0[RESOURCES.index(kind)] |= g.bit(x, y)
        self.surprise_token = {y * w + x: t for x, y, t in setup.surprises}
        self.surprise0 = g.bits((x, y) for x, y, _ in setup.surprises)
        self.waste0 = g.bits((x, y) for x, y, _ in setup.waste)
        self.static_block = self.objects | self.res0[0] | self.res0[1] | self.res0[2] | self.surprise0
        self.open_edge = g.open_edges()
        self.weather = setup.weather
        self.first_colour = setup.first_player
        self.supply = tuple(rl.piece_count(p) for p in PIECES)
        ts = rl.tile_size
        # which object's tile each score square lies on (food poisoning asks "who visited the bar")
        tile_at = {(p.row, p.col): setup.catalog[p.tile] for p in setup.tiles}
        self.square_object: dict[int, str] = {}
        for i in range(w * h):
            if (self.plus | self.minus) >> i & 1:
                t = tile_at.get(((i // w) // ts, (i % w) // ts))
                self.square_object[i] = t.object if t is not None and t.object else "sand"
        self.regions = {r: region_mask(g, r, ts) for r in ("sea", "middle", "dunes", "west", "east")}
        by_id = {c.id: c for c in event_cards()}
        unknown = [e for e in setup.event_deck if e not in by_id]
        if unknown:
            raise ValueError(f"unknown event card(s) {', '.join(unknown)}")
        self.deck: tuple[EventCard, ...] = tuple(by_id[e] for e in setup.event_deck)
        self.weather_faces = rl.weather_faces
        self.odd_reach = rl.odd_reach
        # anchors where a shape fits on the board at all, and every placement's facts
        cols_ok = [g.rect(0, 0, w - k + 1, h) for k in (1, 2, 3)]
        rows_ok = [g.rect(0, 0, w, h - k + 1) for k in (1, 2, 3)]
        self.fits = {H3: cols_ok[2], V3: rows_ok[2], H2: cols_ok[1], V2: rows_ok[1], O1: g.full}
        self.shapes: list[list[Shape | None]] = []
        unit = {H3: 0b111, V3: 1 | 1 << w | 1 << 2 * w, H2: 0b11, V2: 1 | 1 << w, O1: 1}
        self.border = border = g.west | g.east | g.north | g.south
        for s in (H3, V3, H2, V2, O1):
            row: list[Shape | None] = []
            for i in range(w * h):
                if not self.fits[s] >> i & 1:
                    row.append(None)
                    continue
                m = unit[s] << i
                ring = g.grow8(m) & ~m
                row.append(Shape(m, g.grow4(m) & ~m, ring, bool(m & self.open_edge), bool(m & border),
                                 g.within(m, self.odd_reach)))
            self.shapes.append(row)
        # each shape's ring as a cycle of cells (clockwise from its north-west corner) for the
        # bit-parallel test "may this placement close an area at all?" (`two_arcs`)
        self.cycles: list[list[tuple[int, bool]]] = []  # (offset from the anchor, a corner)
        cell_valid: dict[int, int] = {}  # per ring offset, the anchors whose cell there is on the board
        sea_valid: dict[int, int] = {}  # per ring offset north of the piece, the anchors whose cell there is sea
        for pw, ph in ((3, 1), (1, 3), (2, 1), (1, 2), (1, 1)):  # H3, V3, H2, V2, O1 (width, height)
            cells = ([(dx, -1) for dx in range(-1, pw + 1)] + [(pw, dy) for dy in range(ph)]
                     + [(dx, ph) for dx in range(pw, -2, -1)] + [(-1, dy) for dy in range(ph - 1, -1, -1)])
            corners = {(-1, -1), (pw, -1), (pw, ph), (-1, ph)}
            cycle = []
            for dx, dy in cells:
                off = dy * w + dx
                if off not in cell_valid:
                    x0, y0 = max(0, -dx), max(0, -dy)
                    cell_valid[off] = g.rect(x0, y0, min(w, w - dx) - x0, min(h, h - dy) - y0)
                    if dy == -1:  # beyond the north edge lies the sea (a wall), for anchors in row 0
                        sea_valid[off] = g.rect(x0, 0, min(w, w - dx) - x0, 1)
                cycle.append((off, (dx, dy) in corners))
            self.cycles.append(cycle)
        # every placement's facts as words for the compiled rules (kernels.ST_ROW, SF_*), and the
        # board's (kernels.B_*); a vertical screen's test shifts by two rows within a word
        if w * h > kernels.MAX_SQUARES or 2 * w >= 64:
            raise ValueError(f"a {w}x{h} beach is more than the compiled rules hold "
                             f"(at most {kernels.MAX_SQUARES} squares, fewer than 32 columns)")
        self.shape_words = np.zeros(kernels.SHAPES * kernels.CODE * kernels.ST_ROW, np.uint64)
        self.shape_flags = np.zeros(kernels.SHAPES * kernels.CODE, np.int64)
        for s, row in enumerate(self.shapes):
            for i, sh in enumerate(row):
                if sh is not None:
                    k = s * kernels.CODE + i
                    self.shape_words[k * kernels.ST_ROW:(k + 1) * kernels.ST_ROW] = kernels.words_of(
                        (sh.mask, sh.n4, sh.ring))
                    self.shape_flags[k] = (kernels.SF_FITS | (kernels.SF_EDGE if sh.edge else 0)
                                           | (kernels.SF_BOXED if sh.boxed else 0))
        self.board_words = kernels.words_of((g.full, self.static_block, self.free0, self.open_edge, self.plus,
                                             self.minus, self.objects, g.north,
                                             *(self.fits[s] for s in (H3, V3, H2, V2, O1))))
        # the board's words for the compiled area tests, and their outputs (closing.py, ownership.py)
        self.grid_words = kernels.grid_words(g.not_west, g.not_east, g.full, self.objects, self.open_edge, border, w)
        self.parts_out = np.empty((1 + kernels.MAX_PARTS) * kernels.NW, np.uint64)
        self.closes_work = np.empty(3 * kernels.NW, np.uint64)
        self.arcs_out = np.empty(kernels.SHAPES * kernels.NW, np.uint64)
        self.hole_out = np.empty(kernels.NW, np.uint64)
        self.index_out = np.empty(self.colours * sum(self.supply) + 1, np.int64)
        # the squares each area asked about encloses (engine.State._holes, a pure function of
        # the area on this board), filled as games ask
        self.holes_memo: dict[int, int] = {}
        # the walls' 8-connected parts (engine.State keeps them as pieces join, for `two_arcs`):
        # part 0 is the sea beyond the north edge with every cluster of objects touching row 0,
        # then the other clusters of objects
        parts = [0]
        for part in g.regions8(self.objects):
            if part & g.north:
                parts[0] |= part
            else:
                parts.append(part)
        self.wall_parts = parts
        self.wall_words = kernels.words_of(parts)
        self.wall_part_at = np.full(w * h, -1, np.int64)  # per object square, its part
        for k, part in enumerate(parts):
            while part:
                low = part & -part
                self.wall_part_at[low.bit_length() - 1] = k
                part ^= low
        self.arcs = kernels.arc_tables(w, h, self.cycles, [self.fits[s] for s in (H3, V3, H2, V2, O1)], cell_valid,
                                       sea_valid)
        # free squares no open edge can be reached from (enclosed by objects and the sea from the
        # start): a placement there may close what it touches without joining two walls
        self.pockets = self.free0 & ~g.flood(self.free0, self.open_edge)
        # per shape, the anchors that may close an area on the empty beach (State.risky starts here)
        self.two_arcs = arcs = two_arcs(self)
        risky = [0, 0, 0, 0, 0]
        for k, part in enumerate(parts):
            for s, m in enumerate(arcs(part, -1 if k == 0 else 0)):
                risky[s] |= m
        if self.pockets:
            for s in range(5):
                risky[s] |= sum(1 << i for i, sh in enumerate(self.shapes[s])
                                if sh is not None and sh.mask & self.pockets)
        self.risky0 = tuple(risky)
        self.risky_words = kernels.words_of(risky)


def two_arcs(board: Board) -> Callable[[int, int], tuple[int, ...]]:
    """The anchors, per shape, whose ring meets a wall part in two arcs or more: `fn(cells, sea)`
    with `cells` the part's squares and `sea` -1 when the part is the sea's (its squares beyond
    the north edge count), else 0. Bit a of the answer's word per ring cell says whether that
    cell of the placement at anchor a is in the part; the part's arcs are counted round the
    cycle (clockwise, as `cycles`), a free corner between two of its cells not parting them
    (they touch diagonally). The rule is the compiled `kernels.two_arcs`, over the Board's tables.

    Why (State.risky): the walls are the objects, the pieces and the sea beyond the north edge,
    joined into parts by touching (8-neighbours; free squares join by 4). A placement adds a
    piece that touches k wall arcs round its ring; the free squares left around it split into
    pieces that no longer reach the open edges exactly when it closes a loop of walls, that is
    when two of those arcs belong to one part: k arcs of c different parts make k - c new
    enclosed regions (the Euler count of the walls: one new part for the piece, k contacts,
    c parts merged). So a placement whose ring meets every part in one arc at most closes
    nothing (when its area reaches an open edge; `Board.pockets` covers the others)."""
    tables = board.arcs
    return lambda cells, sea: kernels.two_arcs_of(tables, cells, sea)


def board_for(setup: Setup) -> Board:
    """The Board of a setup, cached on the setup object (recomputed if the setup was edited)."""
    key = (tuple(setup.tiles), tuple(setup.resources), tuple(setup.surprises), tuple(setup.waste),
           tuple(setup.event_deck), setup.weather, setup.first_player, setup.options)
    cached = setup.__dict__.get("_engine_board")
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    board = Board(setup)
    setup.__dict__["_engine_board"] = (key, board)
    return board


def hand_setup(rows: Sequence[str], players: int = 2, two_colours: bool = False, weather: str = "sun",
               first_player: int = 0, surprises: Sequence[tuple[int, int, str]] = (),
               waste: Sequence[tuple[int, int]] = (), event_deck: Sequence[str] = (),
               objects: Mapping[tuple[int, int], str] | None = None) -> Setup:
    """A setup from a drawn beach (rows of square characters, north first), for tests and
    experiments: 12 rows, a multiple of 4 columns. It need not pass `rules.check` (a hand-made
    board may break setup rules on purpose); resources lie on every mark. `objects` names the
    object of the tile at (tile row, tile column) — food poisoning asks for "bar"/"ice_cream"."""
    ts = rules().tile_size
    h, w = len(rows), len(rows[0])
    if h != rules().rows * ts or w % ts or any(len(r) != w for r in rows):
        raise ValueError(f"a hand-made beach is {rules().rows * ts} rows of a multiple of {ts} squares")
    catalog: dict[str, Tile] = {}
    placed: list[Placed] = []
    for tr in range(h // ts):
        for tc in range(w // ts):
            art = tuple(rows[tr * ts + dy][tc * ts:(tc + 1) * ts] for dy in range(ts))
            special = any(ch in "#+-" for ch in "".join(art))
            name = (objects or {}).get((tr, tc), "object" if special else "")
            tid = f"H{tr}{tc}"
            catalog[tid] = Tile(tid, "special" if special else "basic", art, not special, object=name)
            placed.append(Placed(tid, tr, tc, 0))
    kind_of = {ch: k for k, ch in RESOURCE_CHAR.items()}
    resources = [(x, y, kind_of[ch]) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch in kind_of]
    extra = any(e.startswith(("X", "S")) for e in event_deck)
    options = Options(players=players, two_colours=two_colours, surprises=bool(surprises), events=bool(event_deck),
                      extra_events=extra, clean_beach=bool(waste))
    return Setup(options=options, seed=0, tiles=placed, catalog=catalog, resources=resources, weather=weather,
                 first_player=first_player, surprises=list(surprises),
                 waste=[(x, y, i % players) for i, (x, y) in enumerate(waste)], event_deck=list(event_deck))
