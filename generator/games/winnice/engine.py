"""The Winnice game itself: a State that plays a setup to its end (after OpenSpiel's State).

`State(setup, catalog, rng)` follows the house GameState protocol (`num_players`, `current_player`,
`legal_moves`, `apply`, `is_over`, `scores`, `clone`) so `core.playout.play_one` can play it, and
`stats()` for the reports. It holds the rules and nothing of the bots: the bots (bots.py, the greedy
bot in greedy.py over the move values of valuation.py) take a State and keep their memos beside
it (memo.py), and nothing here imports them. Moves are the tuples of moves.py; the catalog
compiled for play is tables.py's, the conservation laws are checked by invariants.py. Boards are
bitboards over `core.grid` (bit y*8 + x, row 1 = y 0), one int per colour plus one for drought
tokens; seedling placements come from `core.shapes.placements`.

A round: selling, actions (placing, then resolving the spaces top to bottom, then laboratory and
genetics), planting and harvest, the disaster phase (automatic), markets refilled, the first player
passes on clockwise (the order of play: flow.py, which the State calls after each move).

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
  likewise (`tables.RES_RANK`; a greenhouse bought this round already holds this round's seedlings).
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
- **Bots** (bots.py, not imported here): the random bot never throws red progress away (a
  uniformly random player never reaches 8P); both bots finish their games within
  `rules.round_cap` rounds.
"""

from __future__ import annotations

import random

from generator.games.winnice import flow
from generator.games.winnice.model import DECKS, Catalog, Setup, default_catalog, parse_card
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
from generator.games.winnice.player import RED, Player
from generator.games.winnice.rules import harvest_points, largest_side, planting_ok, sale_price
from generator.games.winnice.tables import BUY_SPACE, HIRE_SPACE, tables_for


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
        flow.start_round(self)

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
        return s

    def current_player(self) -> int:
        return self.drop if self.drop is not None else self.cur

    def is_over(self) -> bool:
        return self.phase == P_OVER

    def scores(self) -> list[float]:
        return [float(p.red_points()) for p in self.players]

    def has_legal_moves(self) -> bool:
        return self.phase != P_OVER

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
        return bool(self._available(who, 1 << si))

    def place_moves(self, who: int) -> list[Move]:
        """Every (space, worker) `who` may place now: space by space, each space's moves in the
        order of the player's workers."""
        open_, free = self.open_spaces(who)
        fit_memo = self.t.fit_memo
        out: list[Move] = []
        while open_:
            low = open_ & -open_
            open_ ^= low
            key = (low.bit_length() - 1, free)
            moves = fit_memo.get(key)
            if moves is None:
                made = self.t.place_move[key[0]]
                moves = fit_memo[key] = tuple(made[w] for w in free if w in made)
            out.extend(moves)
        return out

    def open_spaces(self, who: int) -> tuple[int, tuple[str, ...]]:
        """The spaces `who` may place a free worker on now (as bits), and those free workers."""
        p = self.players[who]
        placed = p.placed
        free = tuple([w for w in p.workers if w not in placed]) if placed else tuple(p.workers)
        if not free:
            return 0, free
        wsb = self.t.worker_space_bits
        fitting = 0
        for w in free:
            fitting |= wsb[w]
        return self._available(who, fitting), free

    def _available(self, who: int, spaces: int) -> int:
        """Of `spaces` (bits), those `who` may reserve now: free, paid for, their action available.

        A crew of k can be hired with a crew of k-1 owned and one of k left in the player's bank
        beyond those they reserved this round; a market while it has a card anywhere; an action
        card while the bank holds one beyond those reserved (by anyone) this round. Reservations
        are read from the `taken`/`held` bits kept as workers are placed."""
        p = self.players[who]
        t = self.t
        taken = self.taken
        open_ = spaces & t.affordable[min(p.coins, len(t.affordable) - 1)] & ~taken
        if not open_:
            return 0
        held = self.held[who]
        ws = t.worker_size
        owned: set[int] | None = None
        for action, bits, kind, arg in t.action_list:  # the rules hold per action, not per space
            if not open_ & bits:
                continue
            if kind == HIRE_SPACE:
                if owned is None:
                    owned = {ws[w] for w in p.workers}
                ok = False
                if arg - 1 in owned:
                    left = 0
                    for w in p.worker_bank:
                        if ws[w] == arg:
                            left += 1
                    ok = left > (held & bits).bit_count()
            elif kind == BUY_SPACE:
                ok = bool(self.markets[arg] or self.piles[arg] or self.discards[arg])
            else:
                ok = self.bank_cards[action] - (taken & bits).bit_count() > 0
            if not ok:
                open_ &= ~bits
        return open_

    def _resolve_choices(self) -> list[Move]:
        t = self.t
        si = t.resolve_order[self.res_i]
        who = self.occupant[si]
        assert who is not None
        if t.space_kind[si] == HIRE_SPACE:
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
                    flow.next_in_order(self)
            elif kind == DONE:
                flow.next_in_order(self)
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
            flow.next_placer(self)
        elif self.phase == P_RESOLVE:
            if move not in self._resolve_choices():
                raise ValueError(f"illegal choice {move}")
            flow.resolve_one(self, who, move)
            self.res_i += 1
            if not self._check_storage(who):
                flow.advance_resolve(self)
        elif self.phase == P_CONVERT:
            if kind == DONE:
                flow.next_in_order(self)
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
                flow.next_in_order(self)
        else:
            self._apply_plant_phase(who, p, move)

    def _apply_plant_phase(self, who: int, p: Player, move: Move) -> None:
        kind = move[0]
        if kind == DONE:
            flow.next_in_order(self)
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
            flow.next_in_order(self)
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
            flow.advance_resolve(self)
        elif self.phase == P_PLANT and not self._won(who):
            flow.next_in_order(self)

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
