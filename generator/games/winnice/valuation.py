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

Values are pure functions of the state; what one decision asks for many times is kept in the
decision memo (memo.py), what many states share (target windows, placement sets) in the
placement index's memo (placement_index.py), never on the State.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.games.winnice import kernels
from generator.games.winnice.kernels import WINDOW
from generator.games.winnice.memo import decision
from generator.games.winnice.model import parse_card
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

if TYPE_CHECKING:
    from generator.games.winnice.engine import State
    from generator.games.winnice.player import Player

CARD_BONUS = (0.0, 1.5, 6.0)


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
    row of each shape and one past the last, 0.3 per square of each shape), once per catalog."""
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
    return got  # type: ignore[no-any-return]


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


def _take_value(state: State, who: int, cid: str) -> float:
    """A market card is worth its squares and colour (a little more when it fits its window now)."""
    colour, shape = parse_card(cid)
    return take_base(state, who, cid) + (1.0 if fits_window(state, who, colour, shape) else 0.0)


def take_base(state: State, who: int, cid: str) -> float:
    """`_take_value` before its window bonus: the card's squares and colour (`_card_value`,
    inlined: the same sum), and 5 for the genetics pair it would complete."""
    colour, shape = parse_card(cid)
    p = state.players[who]
    pair = 5.0 if colour < 2 and p.cards["genetics"] and (1 - colour, shape) in p.seedlings else 0.0
    return (state.t.shape_size[shape] + CARD_BONUS[colour]) + pair


def fits_window(state: State, who: int, colour: int, shape: str) -> bool:
    """Can a seedling of `shape` still go wholly inside the colour's target window?

    Remembered by the boards (a pure function of them); only the placements inside the window
    and clear of every seedling (placement sets of placement_index) are tested for the separation
    rule, not all of the shape's few hundred."""
    p = state.players[who]
    b = p.board
    idx = index_for(state.t)
    key = ("fits", colour, shape, b[0], b[1], b[2])
    got = idx.memo.get(key)
    if got is not None:
        return got  # type: ignore[no-any-return]
    w = targets(state, who)[colour]
    ok = False
    if w:
        t = state.t
        inside_key = ("inside", shape, w)
        inside = idx.memo.get(inside_key)
        if inside is None:
            inside = idx.remember(inside_key, idx.inside(shape, w))
        candidates = inside & ~idx.cover(shape, p.occupied)
        if candidates:
            plantings = [r for _, _, r, _ in plantings_of(idx, t.grid, b[colour])]
            ok = bool(candidates & ~unseparated(idx, shape, plantings))
    return idx.remember(key, ok)  # type: ignore[no-any-return]


def squares_score(grid: Any, bits: int) -> int:
    """`kernels.squares_score` of a colour's squares on this board: covered 2x2 windows + 3 per
    3x3 + 6 per 4x4 (the bot's measure of progress towards a big harvest)."""
    k, word = kernels.for_board(grid.width * grid.height)
    return int(k.squares_score(word(bits), word(grid.not_east), grid.width, word(1)))


def unseparated(idx: Any, shape: str, plantings: list[int]) -> int:
    """The placements of `shape` that `kernels.apart` rejects next to these plantings, as a placement
    set: per planting g, those reaching g's 8-neighbourhood but not its 4-neighbourhood (a free
    piece touches g diagonally without joining it). Remembered per (shape, planting): plantings
    outlive many decisions."""
    out = 0
    memo = idx.memo
    for g in plantings:
        key = ("unsep", shape, g)
        got = memo.get(key)
        if got is None:
            grid = idx.grid
            got = idx.remember(key, idx.cover(shape, grid.grow8(g)) & ~idx.cover(shape, grid.grow4(g)))
        out |= got
    return out


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
        return _take_value(state, who, state.markets[deck][move[1]])
    if kind == PLACE:
        return _place_value(state, who, p, move)
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


def _place_value(state: State, who: int, p: Player, move: Move) -> float:
    return space_value(state, who, p, move[1]) - 0.03 * free_fits(state, move[2])


def free_fits(state: State, worker: str) -> int:
    """On how many free spaces the worker fits: the bot uses the crew that fits the fewest of
    them (keeping flexible crews for later)."""
    key = ("fits", worker)
    memo = decision(state)
    fits = memo.get(key)
    if fits is None:
        fits = sum(1 for i, s in enumerate(state.t.spaces) if state.occupant[i] is None and worker in s.fits)
        memo[key] = fits
    return fits  # type: ignore[no-any-return]


def space_value(state: State, who: int, p: Player, si: int) -> float:
    """What putting a worker on space `si` is worth, before the choice of worker."""
    space = state.t.spaces[si]
    action = space.action
    seed_cap = state.t.seedling_cap[p.cards["greenhouse"]]
    key = ("mine", who)
    memo = decision(state)
    mine = memo.get(key)
    if mine is None:
        mine = [state.t.spaces[i].action for i, o in enumerate(state.occupant) if o is not None and o[0] == who]
        memo[key] = mine
    if action.startswith("hire"):
        value = 6.0 if state.round <= 15 and p.coins >= space.cost + 2 else 0.6
    elif action.startswith("buy"):
        deck = "deck" + action[3:]
        best_key = ("best", who, deck)
        best = memo.get(best_key)
        if best is None:
            best = market_best(state, who, deck)
            memo[best_key] = best
        value = 0.5 + best * 0.6
        pending = len(p.seedlings) + sum(1 for a in mine if a.startswith("buy"))
        if pending >= seed_cap:
            value -= 4.0
    else:
        value = card_space_part(state, p, action, mine, seed_cap)
    value -= 0.6 * space.cost
    return value


def market_best(state: State, who: int, deck: str) -> float:
    """The best a market offers the player: its best face-up card (`_take_value`), or the blind
    top card.

    The window bonus (1.0, `fits_window`) is looked up only for the cards it could still lift to
    the top, best first: the other terms of `_take_value` are summed as it sums them, so each
    value is the same float."""
    best = 2.0 if deck == "deck45" else 1.0
    bases = sorted(((take_base(state, who, cid), cid) for cid in state.markets[deck]), reverse=True)
    for base, cid in bases:
        if base + 1.0 <= best:
            break  # this card and every one after it fall short, with the bonus or without
        colour, shape = parse_card(cid)
        value = base + (1.0 if fits_window(state, who, colour, shape) else 0.0)
        if value > best:
            best = value
    return best


def card_space_part(state: State, p: Player, action: str, mine: list[str], seed_cap: int) -> float:
    """`space_value` of an action-card space (greenhouse .. irrigate), before its cost. `mine`:
    the actions of the spaces the player holds this round."""
    if action == "greenhouse":
        rich = p.coins > 15 and seed_cap < 7
        return 3.5 if (seed_cap <= 3 or rich) and "greenhouse" not in mine else 0.2
    if action == "barrels":
        reds = sum(1 for c, _ in p.tokens if c == 2)
        tok_cap = state.t.token_cap[p.cards["barrels"]]
        return 5.0 if reds + (4 if p.coins > 15 else 2) > tok_cap and "barrels" not in mine else 0.2
    if action in ("laboratory", "genetics") and (p.cards[action] or action in mine):
        return -1.0  # a second card of a kind adds no conversions
    if action == "laboratory":
        return 4.0 if p.coins > 12 else 0.2
    if action == "genetics":
        return 4.0 if p.coins > 8 else 0.3
    return 3.0 if p.drought.bit_count() > p.cards["irrigate"] and "irrigate" not in mine else -1.0
