"""A Winnice catalog compiled for play: the action board's spaces, crews and costs as lookups and
bit sets, every seedling placement, the storage limits (built once per catalog and player count,
shared by every State of them).

Only what the rules need lives here; the bots keep their own tables beside them (valuation.py,
placement_index.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from generator.core import shapes as sh
from generator.core.grid import Grid
from generator.games.winnice.model import Catalog, Space
from generator.games.winnice.moves import PLACE, Move
from generator.games.winnice.rules import grid_for, seedling_capacity, token_capacity

#: the board's spaces resolve top to bottom: crews, then the action cards, then the markets - so a
#: greenhouse taken this round already stores a seedling bought this round (storage holds at all times)
RES_RANK = {"hire2": 0, "hire3": 1, "hire4": 2, "greenhouse": 3, "barrels": 4, "laboratory": 5, "genetics": 6,
            "irrigate": 7, "buy23": 8, "buy45": 9}
#: kinds of space (`Tables.space_kind`)
HIRE_SPACE, BUY_SPACE, CARD_SPACE = range(3)


class Tables:
    """A catalog compiled for play (built once per catalog and player count, shared by states)."""

    def __init__(self, cat: Catalog, players: int) -> None:
        self.cat = cat
        self.grid: Grid = grid_for(cat)
        self.spaces: tuple[Space, ...] = cat.spaces_for(players)
        self.resolve_order = tuple(sorted(range(len(self.spaces)),
                                          key=lambda i: (RES_RANK[self.spaces[i].action], self.spaces[i].order, i)))
        self.worker_size = {s: len(cat.shapes[s]) for s in (*cat.worker_start, *cat.worker_bank)}
        #: per space: HIRE_SPACE, BUY_SPACE or CARD_SPACE (an action card)
        self.space_kind = tuple(HIRE_SPACE if s.action.startswith("hire") else BUY_SPACE if s.action.startswith("buy")
                                else CARD_SPACE for s in self.spaces)
        self.hire_size = tuple(int(s.action[4]) if s.action.startswith("hire") else 0 for s in self.spaces)
        self.space_deck = tuple("deck" + s.action[3:] if s.action.startswith("buy") else "" for s in self.spaces)
        #: per worker shape: the spaces it fits, as bits
        self.worker_space_bits = {w: sum(1 << i for i, s in enumerate(self.spaces) if w in s.fits)
                                  for w in self.worker_size}
        #: per action: its spaces, as bits (reservations are counted as `(taken & bits).bit_count()`)
        self.action_bits: dict[str, int] = {}
        for i, s in enumerate(self.spaces):
            self.action_bits[s.action] = self.action_bits.get(s.action, 0) | (1 << i)
        #: each action once, board order: (action, its spaces as bits, space kind, crew size or deck)
        self.action_list: tuple[tuple[str, int, int, Any], ...] = tuple(
            (a, bits, self.space_kind[bits.bit_length() - 1],
             int(a[4]) if a.startswith("hire") else "deck" + a[3:] if a.startswith("buy") else None)
            for a, bits in self.action_bits.items())
        #: (space, free workers) -> the moves of the workers that fit it (filled as games go)
        self.fit_memo: dict[tuple[int, tuple[str, ...]], tuple[Move, ...]] = {}
        #: the move of each (space, fitting worker), made once
        self.place_move = tuple({w: (PLACE, si, w, 0) for w in s.fits} for si, s in enumerate(self.spaces))
        #: by coins held (capped at the dearest space): the spaces that many coins pay for, as bits
        self.affordable = tuple(sum(1 << i for i, s in enumerate(self.spaces) if s.cost <= c)
                                for c in range(max((s.cost for s in self.spaces), default=0) + 1))
        self.placements = {s: tuple(sh.placements(self.grid, cat.shapes[s])) for s in cat.seedling_shapes()}
        self.placement_set = {s: frozenset(ps) for s, ps in self.placements.items()}  # legality in O(1)
        # each placement with its 8-neighbour halo: a piece whose halo misses its colour is legal at once
        self.haloed = {s: tuple((b, self.grid.grow8(b)) for b in ps) for s, ps in self.placements.items()}
        self.shape_size = {s: len(cat.shapes[s]) for s in cat.shapes}
        self.seedling_cap = [seedling_capacity(cat, g) for g in range(cat.action_cards["greenhouse"] + 1)]
        self.token_cap = [token_capacity(cat, b) for b in range(cat.action_cards["barrels"] + 1)]
        self.pieces = cat.pieces()
        self.lab_cost = cat.effects["laboratory_cost"]
        self.lab_min = cat.effects["laboratory_min"]
        self.lab_gives = cat.effects["laboratory_gives"]
        self.gen_cost = cat.effects["genetics_cost"]


@lru_cache(maxsize=16)
def tables_for(cat: Catalog, players: int) -> Tables:
    return Tables(cat, players)
