"""The Plażing board game itself: a State that plays a setup to its end (after OpenSpiel's State).

`State(setup, rng)` follows the house GameState protocol (`num_players`, `current_player`,
`legal_moves`, `apply`, `is_over`, `scores`, `clone`) so `core.playout` can play it, and adds
`random_move(rng)` (a uniform legal move without building the list), `stats()` (per-game figures
for the playout report) and `describe(move)`. Occupancy is bitboards on Python ints over
`core.grid` (bit y*W + x); placement shapes, their neighbourhoods and odd reaches are precomputed
once per setup (`Board`, board.py). The State is the rules only, in four modules: this one (turns,
placing, closing's consequences, scores), closing.py (which areas a placement closes), ownership.py
(who owns an area, how big it is) and legal.py (the legal moves); the move encoding is in moves.py,
the event and special cards in events.py. The hot tests of those rules (which areas a placement
closes, the pieces necessary to close an area and its holes, whether a placement may close anything
at all) are written once, in kernels.py, in the subset numba compiles: the State calls them on the
words of its masks (with BOARDGEN_PURE_PYTHON=1 the same source runs as plain Python).
No bot lives here: the greedy bot is bots.py (found by core.playout beside the engine) over
greedy.py's valuation, its memos are kept there, and nothing here imports either.

Decisions of ours (the rulebook is silent or DIGEST leaves them to the engine):

- **Two small pieces are two sub-moves.** A turn of blankets/odds is the first piece, then the
  second (the same player moves again, phase SECOND); each placement resolves its closings at
  once, so the second piece may use the first (an odd within reach of it). When no second small
  piece can legally be placed (none left, no room) the turn ends after one. A turn of one small
  piece by choice is not allowed. This keeps the legal move list at a few hundred moves instead
  of tens of thousands of pairs.
- **Ownership** counts only the pieces necessary to close the area (DIGEST 1, `necessary`):
  a piece in a hole of the area (an island) never counts; a piece that lies off the west, east
  and south edges and touches only the area, the other pieces of its wall, objects (or the sea)
  only sticks into the area or sits in its corner — lifting it would leave the area closed — and
  does not count; in a double wall the outer layer does not touch the area and the inner one
  touches the outer, so the inner layer counts. The pieces that count always close the area on
  their own (with the objects and the sea). The largest-area ranks count otherwise: every piece
  of any colour touching the area from outside, at an edge or a corner (`surrounding`).
- **Children's game:** `Options.no_largest_area` / `no_most_areas` leave that rank bonus out
  (its part is 0 for everyone); `no_weather` rolls no die.
- **Waste:** a placement that would close an area holding waste is illegal ("nie można zamknąć
  obszaru zawierającego śmiecia"). Nothing may be placed on a waste token; once collected, its
  square is what it was (sand, sticks or a score square) again. Collecting needs an own piece on
  one of the 8 squares around the waste.
- Squares with a resource or a surprise never take a piece (they lie there until collected,
  and a collected square is inside a closed area anyway).
- **Bonus:** closing an own area collects all of one kind from it; with one kind present it is
  automatic, with several the closer chooses (a BONUS sub-move). Surprises are a fourth kind
  (bonus, collect-all and collect-two alike). A revealed amber/pebble/shell token counts as that
  resource; "+2" and "-1" tokens are points at once (part ``surprises``). Neutral areas send
  their resources and surprises out of the game.
- **Score squares**: covered ones score for the piece's colour at once; enclosed ones for the
  area's owner when it closes (nobody for a neutral area).
- **Two-colour variant:** the two persons take turns from the first player; a person owns colours
  p and p + 2 and, each turn, chooses the colour that acts (a COLOUR move; with only one colour
  able to move it acts without asking), never mixing colours in a turn. Supplies, areas and
  pieces are per colour; ranks pay 12/6/0 (a game of two persons); a person's score is that of
  their weaker colour (ties: the lower colour). The end is per person: a colour that has placed
  all its screens and blankets, or a person with no move for either colour, ends the game; the
  other person takes one last turn (with a colour of their choice), the one who ended it none.
- **End:** after a turn, if the colour that acted has placed all screens and blankets, its
  person triggers the end; a person who starts a turn with no legal move at all (no placement,
  no collection, no waste to take: "cannot place nor make a scoring move") triggers it too and
  passes. Every other person then takes one last turn (one with no legal move skips it); the
  trigger takes none.
- **Scores:** `scores()` returns one `Score` per player: a float (the total, as core.playout
  needs) carrying `.parts`, the breakdown. It is the score as if the game ended now (running
  track + end-of-game parts), so it is meaningful mid-game too. Colours with no own area take no
  place in the area ranks (scoring.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from generator.games.plazing import events, kernels, scoring
from generator.games.plazing.board import Board, Shape, board_for, hand_setup
from generator.games.plazing.closing import Closing
from generator.games.plazing.legal import LegalMoves
from generator.games.plazing.model import RESOURCES, Setup, rules
from generator.games.plazing.moves import (
    BLANKET,
    BONUS,
    BONUS_PHASE,
    COLLECT_ALL,
    COLLECT_TWO,
    COLLECT_WASTE,
    COLOUR,
    COLOUR_PHASE,
    END_TURN,
    H2,
    H3,
    KINDS,
    MAIN,
    MOVE_NAMES,
    O1,
    ODD,
    OUTER,
    OVER,
    PIECES,
    SCREEN,
    SECOND,
    SPECIAL,
    SPECIAL_PHASE,
    SURPRISE,
    V2,
    V3,
    Move,
    bits_of,
    shape_of,
)
from generator.games.plazing.ownership import Ownership

__all__ = ["BLANKET", "BONUS", "BONUS_PHASE", "COLLECT_ALL", "COLLECT_TWO", "COLLECT_WASTE", "COLOUR",
           "COLOUR_PHASE", "END_TURN", "KINDS", "MAIN", "MOVE_NAMES", "ODD", "OVER", "PIECES", "SCREEN", "SECOND",
           "SPECIAL", "SPECIAL_PHASE", "SURPRISE", "H2", "H3", "O1", "V2", "V3", "Board", "Move", "Score", "Shape",
           "State", "board_for", "hand_setup", "shape_of"]

TRACK_PARTS = ("closing", "squares", "surprises", "events", "specials", "weather_event")


class Score(float):
    """A total that carries its breakdown: `float(score)` for bots, `score.parts` for people."""

    parts: dict[str, int]
    colour: int

    def __new__(cls, parts: Mapping[str, int], colour: int = -1) -> Score:
        self = super().__new__(cls, float(sum(parts.values())))
        self.parts = dict(parts)
        self.colour = colour  # the colour whose score this is (the weaker one with two colours)
        return self

    def __reduce__(self) -> Any:
        return (Score, (self.parts, self.colour))


class State(Closing, Ownership, LegalMoves):
    """One game in progress. Mutable; `clone()` copies it (the Board is shared)."""

    def __init__(self, setup: Setup | Board, rng: random.Random | int | None = None) -> None:
        b = setup if isinstance(setup, Board) else board_for(setup)
        self.b = b
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng or 0)
        self.num_players = b.players
        nc = b.colours
        self.covered = 0
        self.closed = 0
        self.own = [0] * nc
        self.reach = [0] * nc
        self.own_areas = [0] * nc
        self.supply = [list(b.supply) for _ in range(nc)]
        self.pieces: list[tuple[int, int, int, int]] = []  # (colour, piece, mask, outer or -1)
        self.piece_at = np.full(b.width * b.height, -1, np.int64)  # per square, the index in `pieces` of its piece
        # per piece of `pieces`, its squares and the squares orthogonally around it (kernels.necessary)
        self.piece_words = np.zeros(nc * sum(b.supply) * 2 * kernels.NW, np.uint64)
        self.piece_colour = np.zeros(nc * sum(b.supply), np.int64)  # per piece of `pieces`, its colour
        self.areas: list[tuple[int, int, int, int]] = []  # (mask, owner or -1, closer, pieces necessary)
        self.res = list(b.res0)
        self.surp = b.surprise0
        self.waste = b.waste0
        self.collected = [[0, 0, 0] for _ in range(nc)]
        self.waste_collected = [0] * nc
        self.track = [dict.fromkeys(TRACK_PARTS, 0) for _ in range(nc)]
        self.scored_objects: list[set[str]] = [set() for _ in range(nc)]
        self.gone = [0, 0, 0]  # resources out of the game (neutral areas, events)
        self.surprises_gone = 0
        self.deck_pos = 0
        self.hand: list[list[int]] = [[] for _ in range(nc)]  # deck positions of kept special cards
        self.weather = b.weather
        self.phase = MAIN
        self.pending_bonus: list[int] = []
        self.pending_events = 0
        self.after = MAIN
        self.end_by = -1  # the person who triggered the end
        self.queue: list[int] = []  # persons still to take their last turn
        self.turns = 0
        self.moves = 0
        # new_closed results with the free squares that certify them: valid while none is covered
        # (a list per shape, indexed by anchor)
        self._closing: list[list[tuple[list[int], int] | None]] = [[None] * (b.width * b.height) for _ in range(5)]
        # per placement found to close waste in (key shape * 4096 + anchor), the waste squares of a
        # part it would close: it keeps closing them in while one of them lies there (`waste_ok`)
        self._waste_in: dict[int, int] = {}
        # the walls' parts as pieces join them (kernels.join: the sea's root, the nodes, then the
        # union-find, a node per part of objects, then one per piece; node 0 is the sea's), the
        # squares of each root, and per shape the anchors whose ring meets one part in two arcs:
        # only those may close an area (`risky`, board.two_arcs)
        parts = len(b.wall_parts)
        nodes = parts + nc * sum(b.supply)
        self.walls = np.zeros(2 + nodes, np.int64)
        self.walls[1] = parts
        self.walls[2:2 + parts] = np.arange(parts)
        self.wall_cells = np.zeros(nodes * kernels.NW, np.uint64)
        self.wall_cells[:parts * kernels.NW] = b.wall_words
        self.risky_words = b.risky_words.copy()
        self.person = (b.first_colour - 1) % b.players
        self.colour = b.colours_of[self.person][0]
        self._next_turn()

    @property
    def risky(self) -> tuple[int, ...]:
        """Per shape, the anchors whose placement may close an area at all (`risky_words` as ints)."""
        return kernels.numbers(self.risky_words, kernels.SHAPES)

    # --- protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.person

    def is_over(self) -> bool:
        return self.phase == OVER

    def clone(self) -> State:
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.own, c.reach, c.own_areas = list(self.own), list(self.reach), list(self.own_areas)
        c.supply = [list(s) for s in self.supply]
        c.pieces, c.areas, c.res = list(self.pieces), list(self.areas), list(self.res)
        c.piece_at, c.piece_words = self.piece_at.copy(), self.piece_words.copy()
        c.piece_colour = self.piece_colour.copy()
        c.collected = [list(x) for x in self.collected]
        c.waste_collected, c.gone = list(self.waste_collected), list(self.gone)
        c.track = [dict(t) for t in self.track]
        c.scored_objects = [set(s) for s in self.scored_objects]
        c.hand = [list(h) for h in self.hand]
        c.pending_bonus, c.queue = list(self.pending_bonus), list(self.queue)
        c._closing = [list(row) for row in self._closing]
        c.walls, c.wall_cells, c.risky_words = self.walls.copy(), self.wall_cells.copy(), self.risky_words.copy()
        c._waste_in = dict(self._waste_in)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        return c

    # --- applying moves ---------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        """Play `move` for the current colour. An illegal move raises ValueError (nothing changes)."""
        kind, a, b = move
        ph = self.phase
        if ph == OVER:
            raise ValueError("the game is over")
        if not self._is_legal(move):
            raise ValueError(f"illegal move {self.describe(move)} in phase {ph}")
        self.moves += 1
        c = self.colour
        if kind in (SCREEN, BLANKET, ODD):
            self.place(c, kind, shape_of(move), a, b if kind == SCREEN else -1)
            self.resolve(SECOND if kind != SCREEN and ph == MAIN else MAIN)
        elif kind == COLLECT_ALL:
            if a == SURPRISE:
                for i in bits_of(self.surp & self.own_areas[c]):
                    self._reveal(c, i)
            else:
                take = self.res[a] & self.own_areas[c]
                self.collected[c][a] += take.bit_count()
                self.res[a] &= ~take
            self._finish_turn()
        elif kind == COLLECT_TWO:
            for k in (a, b):
                self.take_one(c, k, self.own_areas[c])
            self._finish_turn()
        elif kind == COLLECT_WASTE:
            self.waste &= ~(1 << a)
            self.waste_collected[c] += 1
            self._finish_turn()
        elif kind == BONUS:
            area = self.pending_bonus.pop(0)
            self._collect_kind(c, a, area)
            self.resolve(self.after)
        elif kind == SPECIAL:
            events.play_special(self, c, a, b)
        elif kind == COLOUR:
            self.colour = a
            self.phase = MAIN
        else:  # END_TURN
            self.end_turn()


    def place(self, c: int, piece: int, shape: int, anchor: int, outer: int) -> None:
        """Put colour c's piece down (a legal placement) and close what it closes."""
        sh = self.b.shapes[shape][anchor]
        assert sh is not None
        parts = self.new_closed(shape, anchor)
        self._join(shape, anchor)
        m = sh.mask
        self.covered |= m
        self.own[c] |= m
        self.reach[c] |= sh.reach
        self.supply[c][piece] -= 1
        at = self.piece_at
        n = len(self.pieces)
        rest = m
        while rest:
            low = rest & -rest
            at[low.bit_length() - 1] = n
            rest ^= low
        self.pieces.append((c, piece, m, outer))
        self.piece_words[2 * kernels.NW * n:2 * kernels.NW * (n + 1)] = kernels.words_of((m, sh.n4))
        self.piece_colour[n] = c
        self._score_squares(c, m)
        for area in parts:
            self._close(area, c)


    def _score_squares(self, c: int, squares: int) -> None:
        plus, minus = squares & self.b.plus, squares & self.b.minus
        if plus or minus:
            self.track[c]["squares"] += plus.bit_count() - minus.bit_count()
            # food poisoning hits "everyone who scored at least 1 point for a bar or ice-cream
            # square": a +1 square; a -1 square scores no point
            for i in bits_of(plus):
                self.scored_objects[c].add(self.b.square_object[i])

    def _close(self, area: int, closer: int) -> None:
        owner, around = self.owner_of(area)
        self.closed |= area
        self.track[closer]["closing"] += int(rules().scoring["close_area"])
        self.areas.append((area, owner, closer, around))
        self.pending_events += (area & self.surp).bit_count()
        if owner >= 0:
            self.own_areas[owner] |= area
            self._score_squares(owner, area)
            if owner == closer:
                kinds = self.kinds_in(area)
                if len(kinds) == 1:
                    self._collect_kind(owner, kinds[0], area)
                elif kinds:
                    self.pending_bonus.append(area)
        else:
            for k in range(3):
                self.gone[k] += (self.res[k] & area).bit_count()
                self.res[k] &= ~area
            self.surprises_gone += (self.surp & area).bit_count()
            self.surp &= ~area

    def _collect_kind(self, c: int, k: int, area: int) -> None:
        if k == SURPRISE:
            for i in bits_of(self.surp & area):
                self._reveal(c, i)
        else:
            take = self.res[k] & area
            self.collected[c][k] += take.bit_count()
            self.res[k] &= ~take

    def take_one(self, c: int, k: int, area: int) -> None:
        """Colour c takes one token of kind k from `area`."""
        if k == SURPRISE:
            s = self.surp & area
            self._reveal(c, (s & -s).bit_length() - 1)
        else:
            r = self.res[k] & area
            self.res[k] &= ~(r & -r)
            self.collected[c][k] += 1

    def _reveal(self, c: int, i: int) -> None:
        token = self.b.surprise_token[i]
        self.surp &= ~(1 << i)
        if token in RESOURCES:
            self.collected[c][RESOURCES.index(token)] += 1
        else:
            self.track[c]["surprises"] += int(rules().scoring["surprise_points"][token])

    def resolve(self, then: int) -> None:
        """After a placement or bonus: ask for pending bonus choices, then draw events, then go on."""
        self.after = then
        if self.pending_bonus:
            self.phase = BONUS_PHASE
            return
        while self.pending_events:
            self.pending_events -= 1
            events.draw_event(self)
        if then == SECOND:
            if self._has_small_move():
                self.phase = SECOND
            else:
                self._finish_turn()
        elif then == SPECIAL_PHASE:
            if self.hand[self.colour]:
                self.phase = SPECIAL_PHASE
            else:
                self.end_turn()
        else:
            self._finish_turn()

    def _finish_turn(self) -> None:
        if self.hand[self.colour]:
            self.phase = SPECIAL_PHASE
        else:
            self.end_turn()

    def end_turn(self) -> None:
        """The colour in turn is done: check its end trigger, then hand over to the next person."""
        c = self.colour
        self.turns += 1
        if self.end_by < 0 and not self.supply[c][SCREEN] and not self.supply[c][BLANKET]:
            self._trigger(self.person)
        self._next_turn()

    def _trigger(self, person: int) -> None:
        n = self.b.players
        self.end_by = person
        self.queue = [(person + i) % n for i in range(1, n)]

    def _colour_can_move(self, c: int) -> bool:
        saved = self.colour
        self.colour = c
        try:
            return self._has_main_move()
        finally:
            self.colour = saved

    def _next_turn(self) -> None:
        while True:
            if self.end_by >= 0:
                if not self.queue:
                    self.phase = OVER
                    return
                nxt = self.queue.pop(0)
            else:
                nxt = (self.person + 1) % self.b.players
            self.person = nxt
            able = [c for c in self.b.colours_of[nxt] if self._colour_can_move(c)]
            if able:
                self.colour = able[0]
                self.phase = MAIN if len(able) == 1 else COLOUR_PHASE
                return
            self.colour = self.b.colours_of[nxt][0]
            if self.end_by < 0:
                self._trigger(nxt)

    # --- events -----------------------------------------------------------------------------
    def run_effect(self, effect: Mapping[str, Any], drawer: int) -> None:
        """Execute one event card's effect (events.py)."""
        events.run_effect(self, effect, drawer)

    def weather_now(self, c: int) -> int:
        return events.weather_now(self, c)

    # --- scores -----------------------------------------------------------------------------
    def colour_parts(self) -> list[dict[str, int]]:
        """Every colour's score breakdown as if the game ended now (track + end-of-game parts)."""
        nc = self.b.colours
        outers: list[list[str]] = [[] for _ in range(nc)]
        for c, p, _, o in self.pieces:
            if p == SCREEN:
                outers[c].append(OUTER[o])
        placed = [[self.b.supply[p] - self.supply[c][p] for p in range(3)] for c in range(nc)]
        owned = [0] * nc
        largest: list[int | None] = [None] * nc
        options = self.b.setup.options
        for area, owner, _, _ in self.areas:
            if owner >= 0:
                owned[owner] += 1
                if options.largest_area_bonus:
                    size = self.surrounding(area)
                    best = largest[owner]
                    largest[owner] = size if best is None else max(best, size)
        final = scoring.final_parts(
            self.weather, outers, [p[BLANKET] for p in placed], [p[ODD] for p in placed],
            [dict(zip(RESOURCES, col, strict=True)) for col in self.collected], owned, largest,
            self.waste_collected, persons=self.b.players, most_areas=options.most_areas_bonus,
            largest_area=options.largest_area_bonus)
        return [{**self.track[c], **final[c]} for c in range(nc)]

    def scores(self) -> list[Score]:  # type: ignore[override]
        parts = self.colour_parts()
        colour_scores = [Score(p, c) for c, p in enumerate(parts)]
        if self.b.colours == self.b.players:
            return colour_scores
        out = []
        for player in range(self.b.players):
            mine = [s for s in colour_scores if self.b.player_of[s.colour] == player]
            out.append(min(mine, key=lambda s: (float(s), s.colour)))
        return out

    def stats(self) -> dict[str, float]:
        """Per-game figures for the playout report."""
        left = sum(r.bit_count() for r in self.res)
        owned = sum(1 for _, o, _, _ in self.areas if o >= 0)
        out = {
            "areas closed": float(len(self.areas)),
            "neutral areas": float(len(self.areas) - owned),
            "resources left uncollected": float(left),
            "resources out of the game": float(sum(self.gone)),
            "turns": float(self.turns),
        }
        if self.b.deck:
            out["events drawn"] = float(self.deck_pos)
        if self.b.waste0:
            out["waste left"] = float(self.waste.bit_count())
        nc = self.b.colours
        for c in range(nc):
            out[f"resources collected, colour {c + 1}"] = float(sum(self.collected[c]))
        return out

    # --- people -----------------------------------------------------------------------------
    def xy(self, square: int) -> tuple[int, int]:
        return square % self.b.width, square // self.b.width

    def describe(self, move: Move) -> str:
        kind, a, b = move
        if kind == SCREEN:
            x, y = self.xy(a)
            return f"screen at {x},{y} {'horizontal' if b < 2 else 'vertical'}, outer side {OUTER[b]}"
        if kind == BLANKET:
            x, y = self.xy(a)
            return f"blanket at {x},{y} {'horizontal' if b == 0 else 'vertical'}"
        if kind == ODD:
            return "odd at {},{}".format(*self.xy(a))
        if kind == COLLECT_ALL:
            return f"collect all {KINDS[a]}"
        if kind == COLLECT_TWO:
            return f"collect {KINDS[a]} and {KINDS[b]}"
        if kind == COLLECT_WASTE:
            return "collect waste at {},{}".format(*self.xy(a))
        if kind == BONUS:
            return f"bonus: {KINDS[a]}"
        if kind == SPECIAL:
            return f"play {self.b.deck[a].id} ({b})" if 0 <= a < len(self.b.deck) else f"play card {a}"
        if kind == END_TURN:
            return "end turn"
        if kind == COLOUR:
            return f"play colour {a + 1} this turn"
        return f"move {move}"

    def screen(self, x: int, y: int, outer: str) -> Move:
        """The screen move with its west/north end at x,y; outer N/S lies horizontal, W/E vertical."""
        return (SCREEN, y * self.b.width + x, OUTER.index(outer))

    def blanket(self, x: int, y: int, horizontal: bool = True) -> Move:
        return (BLANKET, y * self.b.width + x, 0 if horizontal else 1)

    def odd(self, x: int, y: int) -> Move:
        return (ODD, y * self.b.width + x, 0)
