"""The Winnice game itself: a State that plays a setup to its end (after OpenSpiel's State).

`State(setup, catalog, rng)` follows the house GameState protocol (`num_players`, `current_player`,
`legal_moves`, `apply`, `is_over`, `scores`, `clone`) so `core.playout` can play it; it adds
`random_move(rng)` and `move_value(move)` (both answered by bots.py) and `stats()`. Moves are the
tuples of moves.py. Boards are bitboards over `core.grid` (bit y*8 + x, row 1 = y 0), one int per
colour plus one for drought tokens; seedling placements come from `core.shapes.placements`.

A round: selling, actions (placing, then resolving the spaces top to bottom, then laboratory and
genetics), planting and harvest, the disaster phase (automatic), markets refilled, the first player
passes on clockwise.

Decisions where the rulebook is silent (DIGEST section 4 leaves these to the engine):

- **Placing.** Clockwise from the first player, one worker per turn on a free space the worker
  fits. The cost is paid the moment the worker is placed (so a player can only reserve what they
  can pay) and is never returned. A player who *passes* takes 1 coin once and places no more this
  round; a player with every worker placed simply stops (no coin).
- **Availability.** A space can be taken only while its action is available: a crew of that size
  left in the player's own worker bank (counting their reservations this round) and, for hiring,
  a crew one size smaller already owned (2 needs the monomino, 3 a domino, 4 a tromino) — so a
  player climbs at most one size per round; a market only while it has a card anywhere (face up,
  pile or discards); an action card only while the bank holds one not yet reserved.
- **Laboratory and genetics cards**: a player may hold any number of each (the rulebook sets no
  limit; DIGEST 4) and may reserve every space of one in a round; a second card of a kind adds
  no conversions (`convert_moves` asks only whether the player holds one).
- **Resolving** goes down the board: hiring (2, 3, 4), then the action cards (greenhouse,
  barrels, laboratory, genetics, irrigate), then market 2/3 in order-number order and market 4/5
  likewise (`_RES_RANK`; a greenhouse bought this round already holds this round's seedlings).
  Hired crews work from the next round. A buyer takes one face-up card whose piece the bank
  still has, or the blind top card, or nothing. Taken face-up cards are not replaced until the
  end of the round. A blind card
  whose piece is out of the bank is discarded and gives nothing. A deck that runs out reshuffles
  its discards (the engine's rng); the disaster and coordinate decks do the same.
- **Laboratory and genetics** are used after resolving, each player in turn from the first, any
  number of times (each conversion paid); the laboratory's red token needs a red 1P in the bank,
  genetics a red piece of the shape.
- **Planting and harvest**, each player in turn from the first: any number of plantings, using
  irrigate cards (any time in this phase, one token each, the card back to the bank), then at most
  one harvest, which ends that player's phase. Pieces may be turned and flipped. A harvested
  planting with drought on it pays one step less (2×2 with drought gives nothing, 4×4 gives 2P),
  however many drought tokens it holds: the rulebook's harvest "zawierające żeton suszy" pays a
  token "o wartości -1 niż normalnie", one fixed step. Harvested pieces and drought tokens return
  to the bank. A token the bank has run out of is not paid.
- **Separation** ("jeden kwadrat wolnego pola", DIGEST 4): `rules.planting_ok`, used by
  `plant_moves` and `apply`: two plantings of one colour never touch, not even at a corner, and
  "wolne" means free of that colour, so a seedling of another colour may stand in the gap.
- **Seedling pieces in the bank** (DIGEST 4; the rulebook's "3 zestawy" gives no counts):
  `model.Catalog.pieces()` from `[pieces]` in data/catalog.toml — one piece per card of that
  colour and shape, `spare` more of each, `red_extra` red pieces of every shape for genetics; a
  bought card whose piece is out of the bank gives nothing.
- **Drought**: a square holds at most one drought token; when the 16 are all out, none is placed.
- **Storage** holds at all times: whenever a player holds more unplanted seedlings than their
  greenhouses allow (1 + 2 per card) or more tokens than their barrels (1 + 3 per card), the game
  waits for that player to give back one (their choice) until the limit holds again.
- **End**: the moment a player's red tokens total 8P or more (after giving back anything over the
  barrel limit) the game ends and that player wins. The rulebook has everyone plant and harvest
  "każdy na swojej planszy", as if at once; here players act one at a time from the round's first
  player (as in placing), so two players can never reach 8P at the same moment: when two could
  both get there in one phase, the one earlier in this round's order wins and the other never
  harvests. There are no simultaneous finishes and no ties. A game that
  reaches `rules.round_cap` rounds stops unfinished (`capped`), for the playout report.
- **Scores** (for core.playout) are each player's red points; the winner is the only one at 8P+.
- **Coins** are counted by value; the bank always makes change.
- **Harvest tokens** are finite (data: 10 of each colour and value, red 32/16/10 — with 10 red 1P
  the bank ran dry in playouts and 4-player games stalled); an exhausted token is not paid.
- **Bots** (bots.py): the random bot never throws red progress away (a uniformly random player
  never reaches 8P); both bots finish their games within `rules.round_cap` rounds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from generator.core import shapes as sh
from generator.core.grid import Grid
from generator.games.winnice import bots, greedy
from generator.games.winnice.model import ACTION_CARDS, DECKS, Catalog, Setup, Space, default_catalog, parse_card
from generator.games.winnice.moves import (
    DONE,
    DONE_MOVE,
    DROP_SEEDLING,
    DROP_TOKEN,
    GENETICS,
    HARVEST,
    HIRE,
    IRRIGATE,
    LAB,
    P_CONVERT,
    P_OVER,
    P_PLACE,
    P_PLANT,
    P_RESOLVE,
    P_SELL,
    PASS,
    PASS_MOVE,
    PLACE,
    PLANT,
    SELL,
    SKIP_MOVE,
    TAKE,
    Move,
    well_formed,
)
from generator.games.winnice.rules import (
    grid_for,
    harvest_points,
    largest_side,
    planting_ok,
    sale_price,
    seedling_capacity,
    token_capacity,
)

RED = 2
#: the board's spaces resolve top to bottom: crews, then the action cards, then the markets - so a
#: greenhouse taken this round already stores a seedling bought this round (storage holds at all times)
_RES_RANK = {"hire2": 0, "hire3": 1, "hire4": 2, "greenhouse": 3, "barrels": 4, "laboratory": 5, "genetics": 6,
             "irrigate": 7, "buy23": 8, "buy45": 9}


class Tables:
    """A catalog compiled for play (built once per catalog and player count, shared by states)."""

    def __init__(self, cat: Catalog, players: int) -> None:
        self.cat = cat
        self.grid: Grid = grid_for(cat)
        self.spaces: tuple[Space, ...] = cat.spaces_for(players)
        self.resolve_order = tuple(sorted(range(len(self.spaces)),
                                          key=lambda i: (_RES_RANK[self.spaces[i].action], self.spaces[i].order, i)))
        self.worker_size = {s: len(cat.shapes[s]) for s in (*cat.worker_start, *cat.worker_bank)}
        #: per space: 0 hire, 1 buy, 2 an action card
        self.space_kind = tuple(0 if s.action.startswith("hire") else 1 if s.action.startswith("buy") else 2
                                for s in self.spaces)
        self.hire_size = tuple(int(s.action[4]) if s.action.startswith("hire") else 0 for s in self.spaces)
        #: per space: (kind, action, cost, 0.6 * cost) — the greedy bot's placing terms (the same floats)
        self.space_info = tuple((k, s.action, s.cost, 0.6 * s.cost) for k, s in zip(self.space_kind, self.spaces,
                                                                                   strict=True))
        self.space_deck = tuple("deck" + s.action[3:] if s.action.startswith("buy") else "" for s in self.spaces)
        #: per worker shape: the spaces it fits
        self.worker_spaces = {w: tuple(i for i, s in enumerate(self.spaces) if w in s.fits) for w in self.worker_size}
        self.worker_space_bits = {w: sum(1 << i for i in sp) for w, sp in self.worker_spaces.items()}
        #: per action: its spaces, as bits (reservations are counted as `(taken & bits).bit_count()`)
        self.action_bits: dict[str, int] = {}
        for i, s in enumerate(self.spaces):
            self.action_bits[s.action] = self.action_bits.get(s.action, 0) | (1 << i)
        #: each action once, board order: (action, its spaces as bits, space kind, crew size or deck)
        self.action_list: tuple[tuple[str, int, int, Any], ...] = tuple(
            (a, bits, self.space_kind[bits.bit_length() - 1],
             int(a[4]) if a.startswith("hire") else "deck" + a[3:] if a.startswith("buy") else None)
            for a, bits in self.action_bits.items())
        self.buy_bits = sum(1 << i for i, s in enumerate(self.spaces) if s.action.startswith("buy"))
        #: (space, free workers) -> the moves of the workers that fit it (filled as games go)
        self.fit_memo: dict[tuple[int, tuple[str, ...]], tuple[Move, ...]] = {}
        #: free workers -> per space, the moves of those that fit it (the greedy bot's, filled as games go)
        self.fit_rows: dict[tuple[str, ...], tuple[tuple[Move, ...], ...]] = {}
        #: the move of each (space, fitting worker), made once
        self.place_move = tuple({w: (PLACE, si, w, 0) for w in s.fits} for si, s in enumerate(self.spaces))
        #: by coins held (capped at the dearest space): the spaces that many coins pay for, as bits
        self.affordable = tuple(sum(1 << i for i, s in enumerate(self.spaces) if s.cost <= c)
                                for c in range(max((s.cost for s in self.spaces), default=0) + 1))
        self.placements = {s: tuple(sh.placements(self.grid, cat.shapes[s])) for s in cat.seedling_shapes()}
        self.placement_set = {s: frozenset(ps) for s, ps in self.placements.items()}  # legality in O(1)
        # each placement with its 8-neighbour halo: a piece whose halo misses its colour is legal at once
        self.haloed = {s: tuple((b, self.grid.grow8(b)) for b in ps) for s, ps in self.placements.items()}
        #: every placement's 4-neighbour ring (the greedy bot's "touches its planting" measure)
        self.ring4 = {b: self.grid.grow4(b) & ~b for ps in self.placements.values() for b in ps}
        self.shape_size = {s: len(cat.shapes[s]) for s in cat.shapes}
        self.seedling_cap = [seedling_capacity(cat, g) for g in range(cat.action_cards["greenhouse"] + 1)]
        self.token_cap = [token_capacity(cat, b) for b in range(cat.action_cards["barrels"] + 1)]
        self.pieces = cat.pieces()
        self.lab_cost = cat.effects["laboratory_cost"]
        self.lab_min = cat.effects["laboratory_min"]
        self.lab_gives = cat.effects["laboratory_gives"]
        self.gen_cost = cat.effects["genetics_cost"]
        self._placement_index: Any = None  # placement_index.index_for builds it on first use (the bots)


@lru_cache(maxsize=16)
def tables_for(cat: Catalog, players: int) -> Tables:
    return Tables(cat, players)


@dataclass(slots=True)
class Player:
    coins: int
    workers: list[str]
    worker_bank: list[str]
    seedlings: list[tuple[int, str]] = field(default_factory=list)
    tokens: list[tuple[int, int]] = field(default_factory=list)
    cards: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ACTION_CARDS, 0))
    board: list[int] = field(default_factory=lambda: [0, 0, 0])
    drought: int = 0
    planted: list[tuple[int, str, int]] = field(default_factory=list)  # (colour, shape, bits)
    placed: list[str] = field(default_factory=list)  # workers on the board this round
    passed: bool = False
    harvested: bool = False

    def copy(self) -> Player:
        return Player(self.coins, list(self.workers), list(self.worker_bank), list(self.seedlings), list(self.tokens),
                      dict(self.cards), list(self.board), self.drought, list(self.planted), list(self.placed),
                      self.passed, self.harvested)

    @property
    def occupied(self) -> int:
        b = self.board
        return b[0] | b[1] | b[2]

    def red_points(self) -> int:
        return sum(v for c, v in self.tokens if c == RED)


class State:
    """One game in progress. `State(setup)` starts the game the setup describes."""

    def __init__(self, setup: Setup, cat: Catalog | None = None, rng: random.Random | None = None,
                 _blank: bool = False) -> None:
        if _blank:
            return
        cat = cat or default_catalog()
        self.cat = cat
        self.t = tables_for(cat, setup.players)
        self.rng = rng or random.Random(setup.seed)
        self.num_players = setup.players
        self.players = [Player(coins=sum(d * n for d, n in c.items()), workers=list(cat.worker_start),
                               worker_bank=list(cat.worker_bank)) for c in setup.coins]
        # piles: top card last (pop() draws); setup lists are top first
        self.piles = {k: list(reversed(v)) for k, v in setup.decks.items()}
        self.discards: dict[str, list[str]] = {k: [] for k in setup.decks}
        self.markets = {k: list(setup.markets[k]) for k in DECKS}
        self.bank_cards = dict(cat.action_cards)
        self.bank_pieces = dict(self.t.pieces)
        self.bank_tokens = dict(cat.token_counts)
        self.bank_drought = cat.drought_tokens
        self.first = setup.first_player
        self.round = 1
        self.winner: int | None = None
        self.capped = False
        self.occupant: list[tuple[int, str] | None] = [None] * len(self.t.spaces)
        self.taken = 0  # the occupied spaces as bits, kept with `occupant` (the placing phase's counts)
        self.held = [0] * self.num_players  # per player: the spaces they occupy, as bits
        self.drop: int | None = None  # the player who must give something back
        self.res_i = 0  # resolving: index into t.resolve_order
        self.cur = 0
        self.order_i = 0  # selling/converting/planting: how many players have had their turn
        self.last_disaster: tuple[str, str | None, str | None] = ("", None, None)
        self.drought_hits = 0
        self.harvests = 0
        self.moves = 0
        self._cache: dict[Any, Any] = {}  # the bots' per-decision memo (cleared by every move)
        self._round_cache: dict[Any, Any] = {}  # the bots' memo for one placing phase (keyed by round)
        self._start_round()

    # --- protocol --------------------------------------------------------------------------
    def clone(self) -> State:
        s = State.__new__(State)
        s.cat, s.t, s.rng, s.num_players = self.cat, self.t, random.Random(), self.num_players
        s.rng.setstate(self.rng.getstate())
        s.players = [p.copy() for p in self.players]
        s.piles = {k: list(v) for k, v in self.piles.items()}
        s.discards = {k: list(v) for k, v in self.discards.items()}
        s.markets = {k: list(v) for k, v in self.markets.items()}
        s.bank_cards, s.bank_pieces = dict(self.bank_cards), dict(self.bank_pieces)
        s.bank_tokens = dict(self.bank_tokens)
        for name in ("bank_drought", "first", "round", "winner", "capped", "drop", "res_i", "cur", "order_i",
                     "last_disaster", "drought_hits", "harvests", "moves", "phase"):
            setattr(s, name, getattr(self, name))
        s.occupant = list(self.occupant)
        s.taken = self.taken
        s.held = list(self.held)
        s._cache = {}
        s._round_cache = {}
        return s

    def current_player(self) -> int:
        return self.drop if self.drop is not None else self.cur

    def is_over(self) -> bool:
        return self.phase == P_OVER

    def scores(self) -> list[float]:
        return [float(p.red_points()) for p in self.players]

    def has_legal_moves(self) -> bool:
        return self.phase != P_OVER

    # the bots' hooks (core.playout looks for them); bound straight to bots.py's functions, so the
    # greedy bot's hundreds of calls per decision cost no extra call layer
    random_move = bots.random_move
    move_value = bots.move_value
    greedy_moves = greedy.greedy_moves  # the greedy bot's best moves in bulk (the same as by move_value)

    def stats(self) -> dict[str, float]:
        return {"rounds": self.round, "drought hits": self.drought_hits, "harvests": self.harvests,
                "capped": float(self.capped)}

    # --- legal moves -----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.phase == P_OVER:
            return []
        if self.drop is not None:
            return self._drop_moves(self.players[self.drop])
        p = self.players[self.cur]
        if self.phase == P_SELL:
            return [(SELL, c, v, 0) for c, v in sorted(set(p.tokens))] + [DONE_MOVE]
        if self.phase == P_PLACE:
            return self.place_moves(self.cur) + [PASS_MOVE]
        if self.phase == P_RESOLVE:
            return self._resolve_choices()
        if self.phase == P_CONVERT:
            return self.convert_moves(p) + [DONE_MOVE]
        return self.plant_moves(p) + self.irrigate_moves(p) + self.harvest_moves(p) + [DONE_MOVE]

    def _drop_moves(self, p: Player) -> list[Move]:
        if len(p.seedlings) > self.t.seedling_cap[p.cards["greenhouse"]]:
            return [(DROP_SEEDLING, c, s, 0) for c, s in sorted(set(p.seedlings))]
        return [(DROP_TOKEN, c, v, 0) for c, v in sorted(set(p.tokens))]

    def can_place(self, who: int, si: int) -> bool:
        """May player `who` reserve space `si` now (cost payable, action available)?"""
        space = self.t.spaces[si]
        p = self.players[who]
        if self.occupant[si] is not None or space.cost > p.coins:
            return False
        action = space.action
        if action.startswith("hire"):
            k = int(action[4])
            ws = self.t.worker_size
            if not any(ws[w] == k - 1 for w in p.workers):
                return False
            left = sum(1 for w in p.worker_bank if ws[w] == k)
            reserved = sum(1 for i, o in enumerate(self.occupant)
                           if o is not None and o[0] == who and self.t.spaces[i].action == action)
            return left > reserved
        if action.startswith("buy"):
            deck = "deck" + action[3:]
            return bool(self.markets[deck] or self.piles[deck] or self.discards[deck])
        reserved = sum(1 for i, o in enumerate(self.occupant) if o is not None and self.t.spaces[i].action == action)
        return self.bank_cards[action] - reserved > 0

    def place_moves(self, who: int) -> list[Move]:
        """Every (space, worker) `who` may place now, space by space (`place_options`)."""
        return [m for _, moves in self.place_options(who) for m in moves]

    def place_options(self, who: int) -> list[tuple[int, tuple[Move, ...]]]:
        """The spaces `who` may place on now, each with its moves (one per fitting free worker,
        in the order of the player's workers): `can_place` for each space (`open_spaces`)."""
        open_, free = self.open_spaces(who)
        fit_memo = self.t.fit_memo
        out: list[tuple[int, tuple[Move, ...]]] = []
        while open_:
            low = open_ & -open_
            open_ ^= low
            si = low.bit_length() - 1
            key = (si, free)
            moves = fit_memo.get(key)
            if moves is None:
                made = self.t.place_move[si]
                moves = fit_memo[key] = tuple(made[w] for w in free if w in made)
            out.append((si, moves))
        return out

    def open_spaces(self, who: int) -> tuple[int, tuple[str, ...]]:
        """The spaces `who` may place on now (as bits) and their free workers: `can_place` for
        every space at once, with the reservations read from the `taken`/`held` bits kept as
        workers are placed (the greedy bot asks for this hundreds of times a game)."""
        p = self.players[who]
        placed = p.placed
        free = tuple([w for w in p.workers if w not in placed]) if placed else tuple(p.workers)
        if not free:
            return 0, free
        t = self.t
        taken = self.taken
        held = self.held[who]
        wsb = t.worker_space_bits
        open_ = 0  # free spaces some free worker fits and the player can pay for
        for w in free:
            open_ |= wsb[w]
        open_ &= t.affordable[min(p.coins, len(t.affordable) - 1)] & ~taken
        if not open_:
            return 0, free
        ws = t.worker_size
        owned: set[int] | None = None
        for action, bits, kind, arg in t.action_list:  # the rules hold per action, not per space
            if not open_ & bits:
                continue
            if kind == 0:  # hire a crew of k: one of k-1 owned, one of k left in the bank
                if owned is None:
                    owned = {ws[w] for w in p.workers}
                ok = False
                if arg - 1 in owned:
                    left = 0
                    for w in p.worker_bank:
                        if ws[w] == arg:
                            left += 1
                    ok = left > (held & bits).bit_count()
            elif kind == 1:  # buy from a market that still has a card somewhere
                ok = bool(self.markets[arg] or self.piles[arg] or self.discards[arg])
            else:  # an action card still in the bank beyond those reserved
                ok = self.bank_cards[action] - (taken & bits).bit_count() > 0
            if not ok:
                open_ &= ~bits
        return open_, free

    def _resolve_choices(self) -> list[Move]:
        t = self.t
        si = t.resolve_order[self.res_i]
        who = self.occupant[si]
        assert who is not None
        if t.space_kind[si] == 0:
            k = t.hire_size[si]
            return [(HIRE, w, 0, 0) for w in sorted(set(self.players[who[0]].worker_bank)) if t.worker_size[w] == k]
        deck = t.space_deck[si]
        pieces = self.bank_pieces
        out: list[Move] = [(TAKE, i, 0, 0) for i, cid in enumerate(self.markets[deck])
                           if pieces.get(parse_card(cid), 0) > 0]
        if self.piles[deck] or self.discards[deck]:
            out.append((TAKE, -1, 0, 0))
        out.append(SKIP_MOVE)
        return out

    def convert_moves(self, p: Player) -> list[Move]:
        out: list[Move] = []
        t = self.t
        if p.cards["laboratory"] and p.coins >= t.lab_cost and self.bank_tokens.get((RED, t.lab_gives), 0) > 0:
            ys = sorted({v for c, v in p.tokens if c == 0 and v >= t.lab_min})
            gs = sorted({v for c, v in p.tokens if c == 1 and v >= t.lab_min})
            out.extend((LAB, y, g, 0) for y in ys for g in gs)
        if p.cards["genetics"] and p.coins >= t.gen_cost:
            yellow = {s for c, s in p.seedlings if c == 0}
            green = {s for c, s in p.seedlings if c == 1}
            out.extend((GENETICS, s, 0, 0) for s in sorted(yellow & green) if self.bank_pieces.get((RED, s), 0) > 0)
        return out

    def plant_moves(self, p: Player) -> list[Move]:
        if p.harvested or not p.seedlings:
            return []
        grid = self.t.grid
        occ = p.occupied
        out: list[Move] = []
        for colour, shape in sorted(set(p.seedlings)):
            mine = p.board[colour]
            for bits, halo in self.t.haloed[shape]:
                if not bits & occ and (not halo & mine or planting_ok(grid, mine, bits)):
                    out.append((PLANT, colour, shape, bits))
        return out

    def irrigate_moves(self, p: Player) -> list[Move]:
        if p.harvested or not p.cards["irrigate"] or not p.drought:
            return []
        out = []
        d = p.drought
        while d:
            low = d & -d
            out.append((IRRIGATE, low, 0, 0))
            d ^= low
        return out

    def harvest_moves(self, p: Player) -> list[Move]:
        if p.harvested:
            return []
        out: list[Move] = []
        for colour in range(3):
            for region in self.t.grid.regions(p.board[colour]):
                out.append((HARVEST, colour, region & -region, 0))
        return out

    # --- applying --------------------------------------------------------------------------
    def apply(self, move: Move) -> None:
        """Play `move` for the player to move. A move that is not legal here raises ValueError
        and leaves the state as it was (every check comes before the first change)."""
        if self.phase == P_OVER:
            raise ValueError("the game is over")
        if not well_formed(move):
            raise ValueError(f"not a move: {move!r}")
        self._cache.clear()
        self._apply(move)
        self.moves += 1

    def _apply(self, move: Move) -> None:
        kind = move[0]
        if self.drop is not None:
            self._apply_drop(move)
            return
        who = self.cur
        p = self.players[who]
        if self.phase == P_SELL:
            if kind == SELL:
                tok = (move[1], move[2])
                if tok not in p.tokens:
                    raise ValueError(f"illegal sale {move}")
                p.tokens.remove(tok)
                self.bank_tokens[tok] += 1
                p.coins += sale_price(self.cat, *tok)
                if not p.tokens:
                    self._next_in_order()
            elif kind == DONE:
                self._next_in_order()
            else:
                raise ValueError(f"illegal move in selling: {move}")
        elif self.phase == P_PLACE:
            if kind == PLACE:
                si, w = move[1], move[2]
                if (not 0 <= si < len(self.t.spaces) or w not in p.workers
                        or w in p.placed or w not in self.t.spaces[si].fits or not self.can_place(who, si)):
                    raise ValueError(f"illegal placement {move}")
                self.occupant[si] = (who, w)
                self.taken |= 1 << si
                self.held[who] |= 1 << si
                p.placed.append(w)
                p.coins -= self.t.spaces[si].cost
            elif kind == PASS:
                p.passed = True
                p.coins += self.cat.pass_coins
            else:
                raise ValueError(f"illegal move in placing: {move}")
            self._next_placer()
        elif self.phase == P_RESOLVE:
            if move not in self._resolve_choices():
                raise ValueError(f"illegal choice {move}")
            self._resolve_one(who, move)
            self.res_i += 1
            if not self._check_storage(who):
                self._advance_resolve()
        elif self.phase == P_CONVERT:
            if kind == DONE:
                self._next_in_order()
                return
            if move not in self.convert_moves(p):
                raise ValueError(f"illegal conversion {move}")
            if kind == LAB:
                p.tokens.remove((0, move[1]))
                p.tokens.remove((1, move[2]))
                self.bank_tokens[(0, move[1])] += 1
                self.bank_tokens[(1, move[2])] += 1
                p.coins -= self.t.lab_cost
                self._gain_token(p, RED, self.t.lab_gives)
                if self._won(who):
                    return
            else:
                shape = move[1]
                p.seedlings.remove((0, shape))
                p.seedlings.remove((1, shape))
                self.bank_pieces[(0, shape)] += 1
                self.bank_pieces[(1, shape)] += 1
                self.bank_pieces[(RED, shape)] -= 1
                p.seedlings.append((RED, shape))
                p.coins -= self.t.gen_cost
            if not self.convert_moves(p):
                self._next_in_order()
        else:
            self._apply_plant_phase(who, p, move)

    def _apply_plant_phase(self, who: int, p: Player, move: Move) -> None:
        kind = move[0]
        if kind == DONE:
            self._next_in_order()
            return
        if p.harvested:
            raise ValueError("no planting after the harvest")
        if kind == PLANT:
            colour, shape, bits = move[1], move[2], move[3]
            if ((colour, shape) not in p.seedlings or bits not in self.t.placement_set[shape] or bits & p.occupied
                    or not planting_ok(self.t.grid, p.board[colour], bits)):
                raise ValueError(f"illegal planting {move}")
            p.seedlings.remove((colour, shape))
            p.board[colour] |= bits
            p.planted.append((colour, shape, bits))
        elif kind == IRRIGATE:
            if not p.cards["irrigate"] or not p.drought & move[1] or move[1] & (move[1] - 1):
                raise ValueError(f"illegal irrigation {move}")
            p.drought &= ~move[1]
            self.bank_drought += 1
            p.cards["irrigate"] -= 1
            self.bank_cards["irrigate"] += 1
        elif kind == HARVEST:
            colour, square = move[1], move[2]
            if colour not in (0, 1, 2) or not p.board[colour] & square or square & (square - 1):
                raise ValueError(f"illegal harvest {move}")
            region = self.t.grid.flood(p.board[colour], square)
            if region & -region != square:  # a planting is named by its lowest square, as in harvest_moves
                raise ValueError(f"illegal harvest {move}")
            self.harvest(p, colour, region)
            p.harvested = True
            if self._check_storage(who):
                return
            if self._won(who):
                return
            self._next_in_order()
        else:
            raise ValueError(f"illegal move in planting: {move}")

    def harvest(self, p: Player, colour: int, region: int) -> int:
        """Remove the whole planting `region` (of `colour`); pay its token. Returns the P paid (0 = none)."""
        grid = self.t.grid
        keep = []
        for piece in p.planted:
            if piece[0] == colour and piece[2] & region:
                self.bank_pieces[(piece[0], piece[1])] += 1
            else:
                keep.append(piece)
        p.planted = keep
        p.board[colour] &= ~region
        droughts = (p.drought & region).bit_count()
        p.drought &= ~region
        self.bank_drought += droughts
        points = harvest_points(self.cat, largest_side(grid, region), droughts)
        self.harvests += 1
        if points:
            return points if self._gain_token(p, colour, points) else 0
        return 0

    def _gain_token(self, p: Player, colour: int, value: int) -> bool:
        if self.bank_tokens.get((colour, value), 0) <= 0:
            return False
        self.bank_tokens[(colour, value)] -= 1
        p.tokens.append((colour, value))
        return True

    def _apply_drop(self, move: Move) -> None:
        who = self.drop
        assert who is not None
        p = self.players[who]
        if move not in self._drop_moves(p):
            raise ValueError(f"illegal give-back {move}")
        if move[0] == DROP_SEEDLING:
            p.seedlings.remove((move[1], move[2]))
            self.bank_pieces[(move[1], move[2])] += 1
        else:
            p.tokens.remove((move[1], move[2]))
            self.bank_tokens[(move[1], move[2])] += 1
        if self._over_limit(p):
            return
        self.drop = None
        if self.phase == P_RESOLVE:
            self._advance_resolve()
        elif self.phase == P_PLANT and not self._won(who):
            self._next_in_order()

    def _over_limit(self, p: Player) -> bool:
        return (len(p.seedlings) > self.t.seedling_cap[p.cards["greenhouse"]]
                or len(p.tokens) > self.t.token_cap[p.cards["barrels"]])

    def _check_storage(self, who: int) -> bool:
        """True (and the game waits for a give-back) when `who` is over a storage limit."""
        if self._over_limit(self.players[who]):
            self.drop = who
            return True
        return False

    def _won(self, who: int) -> bool:
        if self.players[who].red_points() >= self.cat.win_red:
            self.winner = who
            self.phase = P_OVER
            return True
        return False

    # --- phase flow ------------------------------------------------------------------------
    def _seat(self, k: int) -> int:
        return (self.first + k) % self.num_players

    def _start_round(self) -> None:
        for p in self.players:
            p.placed.clear()
            p.passed = False
            p.harvested = False
        self.occupant = [None] * len(self.t.spaces)
        self.taken = 0
        self.held = [0] * self.num_players
        self._begin(P_SELL)

    def _begin(self, phase: int) -> None:
        self.phase = phase
        self.order_i = 0
        if phase == P_PLACE:
            self.cur = self.first
            if not self._placer_ok(self.cur):
                self._next_placer()
            return
        if phase == P_RESOLVE:
            self.res_i = 0
            self._advance_resolve()
            return
        self._settle_turn()

    def _wants_turn(self, who: int) -> bool:
        p = self.players[who]
        if self.phase == P_SELL:
            return bool(p.tokens)
        if self.phase == P_CONVERT:
            return bool(self.convert_moves(p))
        return bool(p.seedlings or p.occupied)  # planting: something to plant or harvest

    def _settle_turn(self) -> None:
        """Give the turn to the next player (in order from the first) who has something to do."""
        while self.order_i < self.num_players:
            self.cur = self._seat(self.order_i)
            if self._wants_turn(self.cur):
                return
            self.order_i += 1
        self._end_phase()

    def _next_in_order(self) -> None:
        self.order_i += 1
        self._settle_turn()

    def _end_phase(self) -> None:
        if self.phase == P_SELL:
            self._begin(P_PLACE)
        elif self.phase == P_CONVERT:
            self._begin(P_PLANT)
        elif self.phase == P_PLANT:
            self._disaster()
            self._refill_markets()
            self.first = (self.first + 1) % self.num_players
            self.round += 1
            if self.round > self.cat.round_cap:
                self.capped = True
                self.phase = P_OVER
                return
            self._start_round()

    def _placer_ok(self, who: int) -> bool:
        p = self.players[who]
        return not p.passed and len(p.placed) < len(p.workers)

    def _next_placer(self) -> None:
        for k in range(1, self.num_players + 1):
            who = (self.cur + k) % self.num_players
            if self._placer_ok(who):
                self.cur = who
                return
        self._begin(P_RESOLVE)

    def _advance_resolve(self) -> None:
        """Resolve spaces down the board until one needs its owner's choice."""
        order = self.t.resolve_order
        while self.res_i < len(order):
            si = order[self.res_i]
            occ = self.occupant[si]
            if occ is None:
                self.res_i += 1
                continue
            who = occ[0]
            action = self.t.spaces[si].action
            if action.startswith(("hire", "buy")):
                choices = self._resolve_choices()
                if len(choices) > 1:
                    self.cur = who
                    return
                if choices:  # one way to do it (or, for a market, only "take nothing")
                    self._resolve_one(who, choices[0])
                self.res_i += 1
                if self._check_storage(who):
                    self.cur = who
                    return
                continue
            p = self.players[who]
            if self.bank_cards[action] > 0:  # reserved at placement, so always there
                self.bank_cards[action] -= 1
                p.cards[action] += 1
            self.res_i += 1
        self._begin(P_CONVERT)

    def _resolve_one(self, who: int, move: Move) -> None:
        p = self.players[who]
        kind = move[0]
        if kind == HIRE:
            p.worker_bank.remove(move[1])
            p.workers.append(move[1])
        elif kind == TAKE:
            si = self.t.resolve_order[self.res_i]
            deck = "deck" + self.t.spaces[si].action[3:]
            if move[1] >= 0:
                cid = self.markets[deck].pop(move[1])
            else:
                cid = self._draw(deck)
                if cid is None:
                    return
            self.discards[deck].append(cid)
            key = parse_card(cid)
            if self.bank_pieces.get(key, 0) > 0:
                self.bank_pieces[key] -= 1
                p.seedlings.append(key)
        # SKIP: nothing (the cost stays paid)

    def _draw(self, deck: str) -> str | None:
        pile = self.piles[deck]
        if not pile:
            if not self.discards[deck]:
                return None
            pile.extend(self.discards[deck])
            self.discards[deck].clear()
            self.rng.shuffle(pile)
        return pile.pop()

    def _disaster(self) -> None:
        card = self._draw("disaster")
        if card is None:  # pragma: no cover - the catalog check requires cards
            return
        self.discards["disaster"].append(card)
        if not card.startswith("drought"):
            self.last_disaster = (card, None, None)
            return
        colour = 0 if card.endswith("Y") else 1
        digit, letter = self._draw("digits"), self._draw("letters")
        assert digit is not None and letter is not None
        self.discards["digits"].append(digit)
        self.discards["letters"].append(letter)
        self.last_disaster = (card, letter, digit)
        x = self.cat.columns.index(letter)
        y = int(digit) - 1
        bit = self.t.grid.bit(x, y)
        for p in self.players:
            if p.board[colour] & bit and not p.drought & bit and self.bank_drought > 0:
                p.drought |= bit
                self.bank_drought -= 1
                self.drought_hits += 1

    def _refill_markets(self) -> None:
        for deck in DECKS:
            market = self.markets[deck]
            while len(market) < self.cat.market_size:
                cid = self._draw(deck)
                if cid is None:
                    break
                market.append(cid)


def check_invariants(state: State) -> None:
    """Raise AssertionError if the state breaks a conservation law or a limit (tests, playouts)."""
    from generator.games.winnice.setup import deck_specs  # setup imports rules, which the engine imports

    cat, t = state.cat, state.t
    grid = t.grid
    for i, p in enumerate(state.players):
        assert p.coins >= 0, f"player {i + 1} has {p.coins} coins"
        if state.drop != i:
            assert len(p.seedlings) <= t.seedling_cap[p.cards["greenhouse"]], f"player {i + 1} seedlings over limit"
            assert len(p.tokens) <= t.token_cap[p.cards["barrels"]], f"player {i + 1} tokens over limit"
        b = p.board
        assert not (b[0] & b[1] or b[0] & b[2] or b[1] & b[2]), "two seedlings on one square"
        assert p.drought & ~p.occupied == 0, "a drought token on an empty square"
        for colour in range(3):
            bits = 0
            for c, _s, pb in p.planted:
                if c == colour:
                    assert not bits & pb, "two pieces overlap"
                    bits |= pb
            assert bits == b[colour], "board and planted pieces disagree"
            for g in grid.regions(b[colour]):
                assert not grid.grow8(g) & b[colour] & ~g, "two plantings of one colour touch"
    for deck in ("deck23", "deck45", "disaster", "digits", "letters"):
        held = state.piles[deck] + state.discards[deck] + state.markets.get(deck, [])
        want = deck_specs(cat)[deck]
        assert len(held) == sum(want.values()), f"deck {deck}: {len(held)} cards, expected {sum(want.values())}"
    for card in ACTION_CARDS:
        total = state.bank_cards[card] + sum(p.cards[card] for p in state.players)
        assert total == cat.action_cards[card], f"{card} cards: {total}"
    pieces: dict[tuple[int, str], int] = dict(state.bank_pieces)
    for p in state.players:
        for key in p.seedlings:
            pieces[key] = pieces.get(key, 0) + 1
        for c, s, _ in p.planted:
            pieces[(c, s)] = pieces.get((c, s), 0) + 1
    assert {k: v for k, v in pieces.items() if v} == t.pieces, "seedling pieces not conserved"
    assert all(v >= 0 for v in state.bank_pieces.values()), "negative piece count"
    tokens: dict[tuple[int, int], int] = dict(state.bank_tokens)
    for p in state.players:
        for tok in p.tokens:
            tokens[tok] += 1
    assert tokens == cat.token_counts, "harvest tokens not conserved"
    drought = state.bank_drought + sum(p.drought.bit_count() for p in state.players)
    assert drought == cat.drought_tokens, "drought tokens not conserved"
    for p in state.players:
        assert sorted(p.workers + p.worker_bank) == sorted((*cat.worker_start, *cat.worker_bank)), "workers lost"
