"""What a Plażing setup fixes for a whole game, precomputed once: the `Board` (masks, every
placement's squares and neighbourhoods, the rings the bit-parallel tests read, the event deck),
and `hand_setup`, a setup drawn by hand for tests and experiments.

The rules engine (engine.State) and its bots read a Board and never change it; one Board is shared
by every State of every playout of a setup (`board_for` caches it on the setup).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from generator.core.grid import Grid, get_grid
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
        self.around8 = [g.grow8(1 << i) & ~(1 << i) for i in range(w * h)]
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
        # bit-parallel test "can this placement split its area at all?" (valuation.unsplit)
        self.cycles: list[list[tuple[int, int, bool, int]]] = []  # (offset, anchors valid, corner, edge)
        self.edge_anchors: list[int] = []
        cell_valid: dict[int, int] = {}  # per ring offset, the anchors whose cell there is on the board
        for s, (pw, ph) in ((H3, (3, 1)), (V3, (1, 3)), (H2, (2, 1)), (V2, (1, 2)), (O1, (1, 1))):
            cells = ([(dx, -1) for dx in range(-1, pw + 1)] + [(pw, dy) for dy in range(ph)]
                     + [(dx, ph) for dx in range(pw, -2, -1)] + [(-1, dy) for dy in range(ph - 1, -1, -1)])
            corners = {(-1, -1), (pw, -1), (pw, ph), (-1, ph)}
            cycle = []
            for dx, dy in cells:
                x0, y0 = max(0, -dx), max(0, -dy)
                on_board = g.rect(x0, y0, min(w, w - dx) - x0, min(h, h - dy) - y0)
                valid = on_board & self.fits[s]
                off = dy * w + dx
                cell_valid[off] = on_board
                edge = (self.open_edge >> off if off >= 0 else self.open_edge << -off) & valid
                cycle.append((off, valid, (dx, dy) in corners, edge))
            self.cycles.append(cycle)
            self.edge_anchors.append(sum(1 << i for i, sh in enumerate(self.shapes[s]) if sh is not None and sh.edge))
        # what a ring's free cells split into, by shape (engine._new_closed), shared by every
        # beach of this size: a whole ring's pattern relative to the anchor decides it, a ring cut
        # by the border is known by its cells and anchor
        self.ring_memo = [_RING_MEMO.setdefault((w, h, shape), {}) for shape in (H3, V3, H2, V2, O1)]
        # the squares each area asked about encloses (engine.State._holes, a pure function of
        # the area on this board), filled as games ask
        self.holes_memo: dict[int, int] = {}
        self.unsplit_sets: dict[tuple[int, ...], Callable[[int], tuple[int, ...]]] = {}  # `unsplit_many`
        self._unsplit_key = (w, h, tuple(tuple(c) for c in self.cycles), tuple(self.edge_anchors),
                             tuple(self.fits[s] for s in (H3, V3, H2, V2, O1)), tuple(sorted(cell_valid.items())))
        # score squares under each placement: {anchor: +1s - -1s} where nonzero
        self.square_value: list[dict[int, int]] = [
            {i: v for i, sh in enumerate(row) if sh is not None and sh.mask & self.scored
             and (v := (sh.mask & self.plus).bit_count() - (sh.mask & self.minus).bit_count())}
            for row in self.shapes]
        self.square_mask = [sum(1 << a for a in sv) for sv in self.square_value]  # their anchors
        # per shape, (score-square total, the anchors with it) for each total there is
        self.square_levels: list[list[tuple[int, int]]] = []
        for sv in self.square_value:
            level: dict[int, int] = {}
            for a, v in sv.items():
                level[v] = level.get(v, 0) | 1 << a
            self.square_levels.append(sorted(level.items()))


_RING_MEMO: dict[tuple[int, int, int], dict[int, tuple[int, list[int] | None]]] = {}


def unsplit_many(board: Board, shapes: tuple[int, ...]) -> Callable[[int], tuple[int, ...]]:
    """`unsplit` of several shapes at once (free squares -> a mask per shape, in `shapes` order):
    the shapes' rings share most cells, so each shifted copy of `free` is made once, masked to the
    anchors whose cell lies on the board (a shape's own anchors are cut out at its end).
    valuation.refresh asks for every shape the colour can place after each move."""
    fn = board.unsplit_sets.get(shapes)
    if fn is None:
        fn = board.unsplit_sets[shapes] = _unsplit_many(*board._unsplit_key, shapes)
    return fn


@cache
def _unsplit_many(w: int, h: int, cycles: tuple[tuple[tuple[int, int, bool, int], ...], ...],
                  edge_anchors: tuple[int, ...], fits: tuple[int, ...], cell_valid: tuple[tuple[int, int], ...],
                  shapes: tuple[int, ...]) -> Callable[[int], tuple[int, ...]]:
    valid_at = dict(cell_valid)
    consts: dict[str, int] = {}
    lines = ["def unsplit(free):"]
    names: dict[int, str] = {}
    for shape in shapes:
        for off, _, _, _ in cycles[shape]:
            if off not in names:
                names[off] = name = f"c{len(names)}"
                consts[f"V{name}"] = valid_at[off]
                shift = f"(free >> {off})" if off >= 0 else f"(free << {-off})"
                lines.append(f"    {name} = {shift} & V{name}")
    outs = []
    for shape in shapes:
        cycle = cycles[shape]
        n = len(cycle)
        p = f"s{shape}_"
        f = [names[off] for off, _, _, _ in cycle]
        consts[f"{p}NE"], consts[f"{p}FITS"] = ~edge_anchors[shape], fits[shape]
        g = []
        for i, (_, _, corner, _) in enumerate(cycle):
            if corner:  # a lone free corner touches nothing: it counts only next to a free cell
                lines.append(f"    {p}g{i} = {f[i]} & ({f[(i - 1) % n]} | {f[(i + 1) % n]})")
                g.append(f"{p}g{i}")
            else:
                g.append(f[i])
        lines.append(f"    one = {g[0]} & ~{g[n - 1]}")
        lines.append("    two = 0")
        for i in range(1, n):
            lines.append(f"    s = {g[i]} & ~{g[i - 1]}")
            lines.append("    two |= one & s")
            lines.append("    one |= s")
        touch = []
        for i, (_, _, _, edge) in enumerate(cycle):
            if edge:
                consts[f"{p}E{i}"] = edge
                touch.append(f"({g[i]} & {p}E{i})")
        n4 = [g[i] for i, (_, _, corner, _) in enumerate(cycle) if not corner]
        lines.append(f"    touch = {' | '.join(touch) or '0'}")
        lines.append(f"    n4 = {' | '.join(n4)}")
        lines.append(f"    {p}out = ~two & ({p}NE | touch | ~n4) & {p}FITS")
        outs.append(f"{p}out")
    lines.append(f"    return ({', '.join(outs)},)")
    space: dict[str, Any] = dict(consts)
    exec(compile("\n".join(lines), f"<plazing unsplit {w}x{h} shapes {shapes}>", "exec"), space)  # noqa: S102
    return space["unsplit"]  # type: ignore[no-any-return]


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
