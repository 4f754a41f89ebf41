"""The greedy bot's move values for Winnice (`move_value`): the plain reference the bulk bot
(greedy.py) is held to, and the helpers both use.

Greedy (one move ahead, by heuristic values; the best move is played, ties at random):
- each colour gets a *target window* on the player's board — 4×4 for yellow, 3×3 for green, 2×2
  for red (the sizes that pay best per square and per harvest), free of the other colours, the one
  already holding most of that colour; red chooses first, then green, then yellow;
- a planting is worth how much squarer its colour becomes (covered 2×2, 3×3, 4×4 windows, by
  bit-parallel erosion), the edges it shares with its planting, and its squares inside the colour's
  window; a planting is harvested once its largest square reaches the window's size, its window is
  full, or no stored seedling can grow it (after the good plantings: a harvest ends the phase); a
  winning red harvest is always played;
- it sells yellow and green tokens (keeping laboratory pairs when it holds the card), never red,
  keeps yellow/green seedling pairs for genetics, buys barrels before red tokens would overflow,
  greenhouses while storage is small or coins plenty, crews early, a laboratory and a genetics
  card once each (a second one adds no conversions), and seedling cards by size and colour (red
  first), and irrigates drought on its plantings.

Values are pure functions of the state. The placing values, a market's card values, the planting
decision (greedy.py) are compiled (kernels.py: `place_decision`, `market_values`,
`plant_decision`); what one decision asks for many times is kept in the decision memo (memo.py),
what many states share (target windows, the kernels' placement rows) in the placement index's
memo (placement_index.py), never on the State.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.games.winnice import kernels
from generator.games.winnice.kernels import CARD_BONUS, WINDOW
from generator.games.winnice.memo import decision
from generator.games.winnice.model import ACTION_CARDS, DECKS, parse_card
from generator.games.winnice.moves import (
    DONE,
    DROP_SEEDLING,
    DROP_TOKEN,
    GENETICS,
    HARVEST,
    HIRE,
    IRRIGATE,
    LAB,
    PASS,
    PLACE,
    PLANT,
    SELL,
    SKIP,
    TAKE,
    Move,
)
from generator.games.winnice.placement_index import index_for
from generator.games.winnice.rules import harvest_points, largest_side
from generator.games.winnice.tables import BUY_SPACE, HIRE_SPACE

if TYPE_CHECKING:
    from generator.games.winnice.engine import State
    from generator.games.winnice.player import Player



def plantings_of(idx: Any, grid: Any, bits: int) -> tuple[tuple[int, int, int, int], ...]:
    """The plantings of one colour board as (lowest square, largest square's side, squares, their
    4-neighbour ring), remembered by the board."""
    key = ("plantings", bits)
    regs = idx.memo.get(key)
    if regs is None:
        regs = idx.remember(key, tuple((r & -r, largest_side(grid, r), r, grid.grow4(r) & ~r)
                                       for r in grid.regions(bits)))
    return regs  # type: ignore[no-any-return]


def kernel_rows(t: Any, word: Any) -> tuple[dict[str, int], Any, Any, Any, Any, Any]:
    """Every seedling shape's placements, their 8-neighbour halos and 4-neighbour rings, one shape
    after another, as the kernels take them: (shape -> index, placements, halos, rings, the first
    row of each shape and one past the last, 0.3 per square of each shape), once per catalog (the
    last catalog's in one slot first: every decision asks)."""
    global _last_rows
    last = _last_rows
    if last[0] is t and last[1] is word:
        return last[2]  # type: ignore[no-any-return]
    idx = index_for(t)
    key = ("kernel rows", word)
    got = idx.memo.get(key)
    if got is None:
        shapes = list(t.placements)
        ps = [b for s in shapes for b in t.placements[s]]
        start = [0]
        for s in shapes:
            start.append(start[-1] + len(t.placements[s]))
        size_term = kernels.floats(len(shapes), word)
        for i, s in enumerate(shapes):
            size_term[i] = 0.3 * t.shape_size[s]
        got = idx.memo[key] = ({s: i for i, s in enumerate(shapes)}, kernels.words(ps, word),
                               kernels.words([h for s in shapes for _, h in t.haloed[s]], word),
                               kernels.words([idx.ring4[b] for b in ps], word), kernels.ints(start, word), size_term)
    _last_rows = (t, word, got)
    return got  # type: ignore[no-any-return]


#: the last (tables, word type, `kernel_rows`) asked for
_last_rows: tuple[Any, Any, Any] = (None, None, None)


def decision_rows(t: Any, word: Any) -> tuple[Any, Any, Any, tuple[Any, Any, Any, Any]]:
    """What `kernels.plant_decision` reads of a compiled catalog besides its placements: every
    target window and where each colour's run starts (`_windows`), the pay of a harvest by its
    largest square's side (`pay[2 * side]`, and `pay[2 * side + 1]` with a drought token on it:
    rules.harvest_points), the board's not-west, not-east and full masks and the word 1 (once
    per compiled catalog)."""
    got = _DECISION_ROWS.get(id(t))
    if got is None or got[0] is not t or got[1] is not word:
        if len(_DECISION_ROWS) >= 16:
            _DECISION_ROWS.clear()
        g = t.grid
        windows, window_start = _windows(t, word)
        pay = kernels.ints([harvest_points(t.cat, side, droughts) for side in range(max(g.width, g.height) + 1)
                            for droughts in (0, 1)], word)
        got = _DECISION_ROWS[id(t)] = (t, word, (windows, window_start, pay,
                                                 (word(g.not_west), word(g.not_east), word(g.full), word(1))))
    return got[2]  # type: ignore[no-any-return]


#: by id of the Tables (held, so the id stays theirs): (tables, word type, `decision_rows`)
_DECISION_ROWS: dict[int, tuple[Any, Any, Any]] = {}


def stored(t: Any, p: Player, word: Any) -> tuple[list[tuple[int, str]], Any, Any]:
    """The player's distinct stored seedlings (sorted) and, as the kernels take them, their colours
    and shape indices (`kernel_rows`), remembered by the stored list."""
    idx = index_for(t)
    key = ("stored", word, *p.seedlings)
    got = idx.memo.get(key)
    if got is None:
        order = kernel_rows(t, word)[0]
        seeds = sorted(set(p.seedlings))
        got = idx.remember(key, (seeds, kernels.ints([c for c, _ in seeds], word),
                                 kernels.ints([order[s] for _, s in seeds], word)))
    return got  # type: ignore[no-any-return]


def _windows(t: Any, word: Any) -> tuple[Any, Any]:
    """Every square window of each colour's target side (`WINDOW`), colour after colour, in board
    order (by the bit of the north-west corner), and where each colour's run starts, as
    `kernels.target_windows` takes them (once per catalog)."""
    memo = index_for(t).memo
    key = ("target windows", word)
    got = memo.get(key)
    if got is None:
        g = t.grid
        ws: list[int] = []
        start = [0]
        for side in WINDOW:
            ws.extend(g.rect(x, y, side, side) for y in range(g.height - side + 1) for x in range(g.width - side + 1))
            start.append(len(ws))
        got = memo[key] = (kernels.words(ws, word), kernels.ints(start, word))
    return got  # type: ignore[no-any-return]


def targets(state: State, who: int) -> list[int]:
    """The target window of each colour for player `who` (0 when no window is free).

    A pure function of the player's three colour boards, so it is remembered by them in the
    catalog's shared memo (boards change only when something is planted or harvested; the placing
    and resolving phases ask for the same targets hundreds of times)."""
    cache = decision(state)  # a decision asks for them several times: the per-decision memo first
    got = cache.get(_TARGETS_KEY[who])
    if got is not None:
        return got  # type: ignore[no-any-return]
    p = state.players[who]
    b = p.board
    idx = index_for(state.t)
    key = ("targets", b[0], b[1], b[2])
    got = idx.memo.get(key)
    if got is None:
        got = idx.remember(key, _targets(state, p))
    cache[_TARGETS_KEY[who]] = got
    return got  # type: ignore[no-any-return]


#: the per-decision memo's key of each seat's targets (made once)
_TARGETS_KEY = tuple(("targets", who) for who in range(16))


def _targets(state: State, p: Player) -> list[int]:
    """`kernels.target_windows` of the player's three colour boards."""
    t = state.t
    grid = t.grid
    k, word = kernels.for_board(grid.width * grid.height)
    windows, start = _windows(t, word)
    out = kernels.words([0, 0, 0], word)
    k.target_windows(kernels.words(p.board, word), windows, start, word(1), out)
    return [int(w) for w in out]


def place_rows(t: Any) -> tuple[Any, Any, Any, Any, dict[str, tuple[int, int]], dict[str, int], int]:
    """What `kernels.place_decision` and `kernels.market_values` read of a compiled catalog (once per
    catalog and player count): the kernels and their word type (plain Python when the spaces or
    the seedling shapes outnumber an int64's bits, or the board a word's), each space's kind,
    argument (a market's deck: 0 the 2/3 deck, 1 the 4/5 deck; an action card's index in
    model.ACTION_CARDS; a crew's size) and cost, each seedling shape's squares by shape index,
    each card's (colour, shape index), each worker's spaces as bits, and the stride of a market
    in the kernels' market rows."""
    got = _PLACE_ROWS.get(id(t))
    if got is None or got[0] is not t:
        if len(_PLACE_ROWS) >= 16:
            _PLACE_ROWS.clear()
        grid = t.grid
        k, word = kernels.for_board(grid.width * grid.height)
        if len(t.spaces) > 62 or len(t.placements) > 62:
            k, word = kernels.PLAIN, int
        order = kernel_rows(t, word)[0]
        rows: list[int] = []
        for si, space in enumerate(t.spaces):
            kind = t.space_kind[si]
            arg = (int(space.action[4]) if kind == HIRE_SPACE else DECK_INDEX[t.space_deck[si]] if kind == BUY_SPACE
                   else ACTION_CARDS.index(space.action))
            rows += [kind, arg, space.cost]
        cards = {cid: (parse_card(cid)[0], order[parse_card(cid)[1]]) for deck in DECKS
                 for cid in t.cat.decks[deck]}
        size = kernels.ints([t.shape_size[s] for s in order], word)
        got = _PLACE_ROWS[id(t)] = (t, (k, word, kernels.ints(rows, word), size, cards, dict(t.worker_space_bits),
                                        1 + 2 * t.cat.market_size))
    return got[1]  # type: ignore[no-any-return]


#: by id of the Tables (held, so the id stays theirs): (tables, `place_rows`)
_PLACE_ROWS: dict[int, tuple[Any, Any]] = {}
#: a market's deck as the kernels number it
DECK_INDEX = {"deck23": 0, "deck45": 1}


def _facts(state: State, who: int, order: dict[str, int], word: Any) -> Any:
    """`kernels.place_decision`'s facts of player `who` (kernels.FACTS)."""
    p = state.players[who]
    t = state.t
    cards = p.cards
    held = [0, 0, 0]
    reds = 0
    for c, shape in p.seedlings:
        held[c] |= 1 << order[shape]
    for c, _ in p.tokens:
        if c == 2:
            reds += 1
    return kernels.ints([p.coins, state.round, t.seedling_cap[cards["greenhouse"]], t.token_cap[cards["barrels"]],
                         len(p.seedlings), reds, p.drought.bit_count(), *(cards[a] for a in ACTION_CARDS), *held],
                        word)


def _market_rows(state: State, decks: tuple[str, ...], cards: dict[str, tuple[int, int]], stride: int,
                 word: Any) -> Any:
    """The face-up cards of `decks`' markets as the kernels take them: per market its count, then
    each card's colour and shape index, `stride` numbers a market."""
    rows: list[int] = []
    for deck in decks:
        market = state.markets[deck]
        row = [len(market)]
        for cid in market:
            row += cards[cid]
        rows += row + [0] * (stride - len(row))
    return kernels.ints(rows, word)


def _board_room(t: Any, word: Any) -> tuple[Any, Any, Any, Any]:
    """Fresh room for `kernels.board_facts`' answers: targets, plantings, their rings, offsets."""
    squares = t.grid.width * t.grid.height
    return (kernels.blank_words(3, word), kernels.blank_words(squares, word), kernels.blank_words(squares, word),
            kernels.index_array(4, word))


def market_values(state: State, who: int, deck: str) -> Any:
    """The greedy bot's value of taking each face-up card of `deck`'s market for player `who`
    (`kernels.market_values`), once per decision."""
    memo = decision(state)
    key = ("market", who, deck)
    got = memo.get(key)
    if got is None:
        t = state.t
        k, word, _, size, cards, _, stride = place_rows(t)
        order, ps, halos, rings, start, _ = kernel_rows(t, word)
        windows, window_start, _, masks = decision_rows(t, word)
        got = kernels.floats(max(1, len(state.markets[deck])), word)
        targets, regions, region_rings, first = _board_room(t, word)
        k.market_values(_market_rows(state, (deck,), cards, stride, word),
                        kernels.words(state.players[who].board, word), _facts(state, who, order, word), size, ps,
                        halos, rings, start, windows, window_start, masks[0], masks[1], masks[2], t.grid.width,
                        masks[3], targets, regions, region_rings, first, got)
        memo[key] = got
    return got


def place_values(state: State, who: int, spaces_open: tuple[int, tuple[str, ...]] | None = None
                 ) -> tuple[Any, float, list[tuple[int, str]]]:
    """The greedy bot's placing decision for player `who` (`kernels.place_decision`), once per
    decision: each open space's value before the choice of worker (by space), the best value of
    a placement, and the placements reaching it as (space, worker), in `legal_moves()` order.
    `spaces_open`: `state.open_spaces(who)`, when the caller has it."""
    memo = decision(state)
    key = ("place", who)
    got = memo.get(key)
    if got is None:
        open_, free = spaces_open or state.open_spaces(who)
        t = state.t
        k, word, spaces, size, cards, wsb, stride = place_rows(t)
        order, ps, halos, rings, start, _ = kernel_rows(t, word)
        windows, window_start, _, masks = decision_rows(t, word)
        n = len(t.spaces)
        values = kernels.floats(n, word)
        top = kernels.index_array(2 * n * max(1, len(free)), word)
        targets, regions, region_rings, first = _board_room(t, word)
        best, count = k.place_decision(
            spaces, open_, state.held[who], state.taken, kernels.ints([wsb[w] for w in free], word),
            _facts(state, who, order, word), _market_rows(state, ("deck23", "deck45"), cards, stride, word), stride,
            kernels.words(state.players[who].board, word), size, ps, halos, rings, start, windows, window_start,
            masks[0], masks[1], masks[2], t.grid.width, masks[3], 1, targets, regions, region_rings, first,
            kernels.floats(max(1, t.cat.market_size), word), values, top)
        got = memo[key] = (values, float(best), [(int(top[2 * i]), free[int(top[2 * i + 1])]) for i in range(count)])
    return got  # type: ignore[no-any-return]


def squares_score(grid: Any, bits: int) -> int:
    """`kernels.squares_score` of a colour's squares on this board: covered 2x2 windows + 3 per
    3x3 + 6 per 4x4 (the bot's measure of progress towards a big harvest)."""
    k, word = kernels.for_board(grid.width * grid.height)
    return int(k.squares_score(word(bits), word(grid.not_east), grid.width, word(1)))


#: the shapes of a colour kept for genetics (none, without the card)
Keep = frozenset[str] | set[str]
_NO_KEEP: frozenset[str] = frozenset()


def _plant_context(state: State, who: int, colour: int) -> tuple[int, int, int, int, float, int, Keep]:
    """What every planting of one colour is measured against (computed once per decision)."""
    key = colour if who == state.cur else ("plant", who, colour)
    memo = decision(state)
    ctx = memo.get(key)
    if ctx is None:
        p = state.players[who]
        b = p.board
        idx = index_for(state.t)
        board_key = ("context", colour, b[0], b[1], b[2])  # all but `keep` depends on the boards only
        part = idx.memo.get(board_key)
        if part is None:
            grid = state.t.grid
            tg = targets(state, who)
            mine = b[colour]
            foreign = 0
            for c in range(3):
                if c != colour:
                    foreign |= tg[c]
            part = idx.remember(board_key, (mine, squares_score(grid, mine), tg[colour], foreign,
                                            1.5 if colour == 2 else 1.0, grid.not_east))
        keep = ({s for c, s in p.seedlings if c == 1 - colour} if colour < 2 and p.cards["genetics"] else _NO_KEEP)
        ctx = memo[key] = (*part, keep)
    return ctx  # type: ignore[no-any-return]


def move_value(state: State, move: Move) -> float:
    kind = move[0]
    if kind == PLANT:  # first: hundreds of plantings per decision
        colour, bits = move[1], move[3]
        ctx = decision(state).get(colour)  # the plant context of the mover, keyed by the bare colour
        mine, base, w, foreign, mult, _, keep = ctx if ctx is not None else _plant_context(state, state.cur, colour)
        if move[2] in keep:
            return -1.0  # keep the yellow/green pair for genetics
        grid = state.t.grid
        k, word = kernels.for_board(grid.width * grid.height)
        return float(k.plant_value(word(bits), word(index_for(state.t).ring4[bits]), word(mine), word(w),
                                         word(foreign), mult, base, 0.3 * bits.bit_count(), word(grid.not_east),
                                         grid.width, word(1)))
    who = state.current_player()
    p = state.players[who]
    if kind == DONE:
        return 0.0
    if kind == PASS:
        return 0.5
    if kind == SKIP:
        return -0.5
    if kind == HIRE:
        return 0.0
    if kind == SELL:
        colour, value = move[1], move[2]
        if colour == 2:
            return -50.0
        if p.cards["laboratory"] and value >= state.t.lab_min:
            # keep it for the laboratory while the barrels hold it and its pair is not over-supplied
            same = sum(1 for c, v in p.tokens if c == colour and v >= state.t.lab_min)
            other = sum(1 for c, v in p.tokens if c == 1 - colour and v >= state.t.lab_min)
            if same <= other + 1 and len(p.tokens) < state.t.token_cap[p.cards["barrels"]]:
                return -1.0
        return 1.0 + value / 10
    if kind == DROP_SEEDLING:
        return -(state.t.shape_size[move[2]] + CARD_BONUS[move[1]])
    if kind == DROP_TOKEN:
        return -(move[2] * (100.0 if move[1] == 2 else 3.0 + 2 * move[1]))
    if kind == LAB:
        return 3.0
    if kind == GENETICS:
        return 8.0
    if kind == IRRIGATE:
        return 4.0
    if kind == TAKE:
        deck = state.t.space_deck[state.t.resolve_order[state.res_i]]
        if move[1] < 0:
            return 2.0 if deck == "deck45" else 1.0
        return float(market_values(state, who, deck)[move[1]])
    if kind == PLACE:
        values = place_values(state, who)[0]
        return float(values[move[1]]) - 0.03 * (state.t.worker_space_bits[move[2]] & ~state.taken).bit_count()
    if kind == HARVEST:
        colour, square = move[1], move[2]
        grid = state.t.grid
        region = grid.flood(p.board[colour], square)
        return harvest_value(state, who, p, colour, region, largest_side(grid, region))
    return 0.0


def harvest_value(state: State, who: int, p: Player, colour: int, region: int, side: int) -> float:
    """Harvesting the planting `region` (largest square `side`) of `colour`: `kernels.harvest_value`
    (a winning red harvest always, a ready one gladly, an unready one only when the board is
    nearly full) for player `who`."""
    t = state.t
    grid = t.grid
    k, word = kernels.for_board(grid.width * grid.height)
    _, ps, halos, rings, start, _ = kernel_rows(t, word)
    _, seed_colour, seed_shape = stored(t, p, word)
    mine = p.board[colour]
    plantings = plantings_of(index_for(t), grid, mine)
    occ = p.occupied
    return float(k.harvest_value(colour, word(region), word(grid.grow4(region) & ~region), side,
                                 harvest_points(state.cat, side, (p.drought & region).bit_count()), p.red_points(),
                                 state.cat.win_red, word(targets(state, who)[colour]), word(occ),
                                 grid.width * grid.height - occ.bit_count(), seed_colour, seed_shape, ps, halos,
                                 rings, start, word(mine), kernels.words([r for _, _, r, _ in plantings], word)))
