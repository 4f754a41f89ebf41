"""The rules of Winnice, written once: the catalog's and a setup's rule checks, and the small rule
functions the engine plays by (planting legality, harvest value, storage, sale).

Rule ids (every `check` / `check_catalog` violation names one):

Catalog (`check_catalog`, also part of `check`):
- ``winnice.catalog.board``        board size, column letters, storage, coins per denomination
- ``winnice.catalog.shapes``       every deck shape is defined and of the deck's sizes; every free
                                   polyomino of those sizes appears in the deck (the promised mix)
- ``winnice.catalog.decks``        each seedling deck holds more cards than its market shows; a market
                                   shows 1..MAX_MARKET cards
- ``winnice.catalog.workers``      start with the monomino; the bank has crews of 2, 3 and 4
                                   squares (hiring is gradual); every fitting shape is a worker
- ``winnice.catalog.spaces``       every action has a space for 2 players; the monomino fits a
                                   space; crews can be hired in order (a hire-k space fits a worker
                                   held before the crew of k); every bank worker is a crew of 2-4 and
                                   fits a space; a market's order numbers are distinct
- ``winnice.catalog.tokens``       harvest/sale tables agree with the token values; 8P red reachable,
                                   also within the most tokens the barrels can hold; the laboratory's
                                   values exist; harvest squares fit the vineyard
- ``winnice.catalog.disaster``     the disaster deck has cards, at least one drought
- ``winnice.catalog.coordinates``  digits 1..size and letters A..; every one present; edge-weighted
                                   (counts never rise from the edge towards the centre, edges
                                   strictly above the centre)

Setup (`check`):
- ``winnice.players``      2..4 players
- ``winnice.catalog-digest`` the setup was made from the catalog it is checked against
- ``winnice.deck23`` / ``winnice.deck45`` draw pile + market is exactly that deck's cards
- ``winnice.market``       each market shows `market_size` cards
- ``winnice.disaster``     the disaster deck's composition
- ``winnice.coordinates``  the two coordinate decks' compositions (so their edge weighting)
- ``winnice.coins``        one coin table per player, each the catalog's starting coins
- ``winnice.first-player`` a seat of the game
- ``winnice.order``        decks, markets and first player are exactly what the seed shuffles, so
                           a printed deck (in setup order) is the deck of the setup's code
- ``winnice.code``         (the CLI) the file's code names the setup's players and seed
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from generator.core import decks as dk
from generator.core import shapes as sh
from generator.core.checks import Report, Violation
from generator.core.grid import Grid, get_grid
from generator.core.rng import make_rng
from generator.games.winnice.model import COLOURS, DECKS, Catalog, Setup, parse_card

MAX_MARKET = 5  # face-up cards per market a catalog may ask for (the setup card lists them)

# ---------------------------------------------------------------------------------------------
# rule functions the engine uses
# ---------------------------------------------------------------------------------------------


def planting_ok(grid: Grid, colour_bits: int, piece: int) -> bool:
    """May `piece` be planted beside the seedlings `colour_bits` of its own colour?

    A planting is a 4-connected group of one colour; two plantings of one colour never touch, not
    even at a corner. Given a legal board, the new piece joins every group it touches orthogonally
    into one planting; that planting must then touch no other square of the colour (8-neighbours).

    The rulebook asks for "jeden kwadrat wolnego pola" between two plantings of one kind; DIGEST
    section 4 (and issue 9) read it as "never touch", so the square between them may hold another
    colour (plantings of different colours "mogą się stykać"): yellow on A1-A2, green on B1-B2 and
    yellow again on C1-C2 are two legal yellow plantings.
    """
    if not grid.grow8(piece) & colour_bits:
        return True  # touches nothing of its colour: a new planting
    after = colour_bits | piece
    group = grid.flood(after, piece)
    return not (grid.grow8(group) & after & ~group)


def plantings(grid: Grid, colour_bits: int) -> list[int]:
    """The plantings (4-connected groups) of one colour, lowest square first."""
    return grid.regions(colour_bits)


def separation_ok(grid: Grid, colour_bits: int) -> bool:
    """The board-wide form of the separation rule: each 8-connected group is one planting."""
    return all(not (grid.grow8(g) & colour_bits & ~g) for g in grid.regions(colour_bits))


def largest_side(grid: Grid, bits: int) -> int:
    """Side of the largest solid square inside a planting (the same as core.shapes.largest_square
    on its cells, which the tests check): `kernels.largest_side`, the bit-parallel erosion the
    greedy bot's compiled planting decision values every harvest by — one rule for both, run here
    as its plain-Python twin on Python ints (a single question is answered faster so than by a
    call into machine code; the kernels module loads with the first harvest, never in a command
    that plays nothing)."""
    from generator.games.winnice import kernels

    return int(kernels.PLAIN.largest_side(bits & grid.full, grid.not_east, grid.width))


def harvest_points(cat: Catalog, side: int, droughts: int = 0) -> int:
    """P of the token a planting pays: by its largest square (2x2 1P, 3x3 2P, 4x4 or more 3P in the
    default catalog), lowered one step (`drought_step`) if any drought token lies on it; 0 = nothing.
    The rulebook: a harvest "zawierające żeton suszy" pays a token "o wartości -1 niż normalnie" -
    one fixed step down, however many drought tokens the planting holds.
    (Remembered per catalog: the bots value every harvest of every decision by it.)"""
    return _harvest_points(cat, side, droughts)


@lru_cache(maxsize=4096)
def _harvest_points(cat: Catalog, side: int, droughts: int) -> int:
    points = 0
    for s, p in cat.harvest:
        if side >= s:
            points = p
    if points == 0:
        return 0
    # one step down the ladder of values when the planting holds any drought token
    ladder = [0, *sorted({p for _, p in cat.harvest})]
    i = ladder.index(points) - (cat.drought_step if droughts else 0)
    return ladder[max(0, i)]


def sale_price(cat: Catalog, colour: int, value: int) -> int:
    return cat.sale[colour][cat.token_values.index(value)]


def seedling_capacity(cat: Catalog, greenhouses: int) -> int:
    return cat.seedling_storage + cat.effects["greenhouse_storage"] * greenhouses


def token_capacity(cat: Catalog, barrels: int) -> int:
    return cat.barrels + cat.effects["barrels_storage"] * barrels


def square_name(cat: Catalog, x: int, y: int) -> str:
    """(x, y) -> "C5": column letter, row number (row 1 at the top of the printed board)."""
    return f"{cat.columns[x]}{y + 1}"


@cache
def free_polyominoes(n: int) -> frozenset[sh.Shape]:
    """Every free n-omino (rotations and mirror images counted once), by growth from smaller ones."""
    if n == 1:
        return frozenset({sh.normalise([(0, 0)])})
    out: set[sh.Shape] = set()
    for smaller in free_polyominoes(n - 1):
        for x, y in smaller:
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if (nx, ny) not in smaller:
                    out.add(canonical(sh.normalise(set(smaller) | {(nx, ny)})))
    return frozenset(out)


def canonical(shape: sh.Shape) -> sh.Shape:
    """One representative of a free polyomino: the first of its orientations."""
    return sh.orientations(shape)[0]


# ---------------------------------------------------------------------------------------------
# catalog checks
# ---------------------------------------------------------------------------------------------


def _edge_weighted(counts: list[int]) -> str | None:
    """None if counts never rise from either edge to the centre and the edges beat the centre."""
    n = len(counts)
    half = n // 2
    for i in range(half - 1 + n % 2):
        if counts[i + 1] > counts[i] or counts[n - 2 - i] > counts[n - 1 - i]:
            return "counts rise from the edge towards the centre"
    centre = counts[(n - 1) // 2: n // 2 + 1]
    if min(counts[0], counts[-1]) <= max(centre):
        return "the edge values do not come up more often than the centre"
    return None


def check_catalog(cat: Catalog) -> Report:
    rep = Report()
    r = "winnice.catalog.board"
    if cat.size != 8:
        rep.add(r, f"the vineyard is 8x8 (coordinate decks 1-8 and A-H), not {cat.size}x{cat.size}")
    if len(cat.columns) < cat.size or len(set(cat.columns)) != len(cat.columns):
        rep.add(r, f"need {cat.size} distinct column letters, got {cat.columns!r}")
    if len(set(cat.denominations)) != len(cat.denominations):
        rep.add(r, "coin denominations repeat")
    for coins, name in ((cat.start_coins, "start"), (cat.bank_coins, "bank")):
        for d in coins:
            if d not in cat.denominations:
                rep.add(r, f"coins.{name} has a {d} coin, not a denomination {list(cat.denominations)}")
    if cat.start_total < 1:
        rep.add(r, "players start with no coins")

    r = "winnice.catalog.shapes"
    for deck in DECKS:
        allowed = set(cat.deck_sizes[deck])
        present: set[sh.Shape] = set()
        for cid in cat.decks[deck]:
            shape = cat.shapes[parse_card(cid)[1]]
            if len(shape) not in allowed:
                rep.add(r, f"{deck}: {cid} has {len(shape)} squares, the deck holds {sorted(allowed)}", cid)
            present.add(canonical(shape))
        for n in sorted(allowed):
            missing = [s for s in free_polyominoes(n) if s not in present]
            if missing:
                rep.add(r, f"{deck}: {len(missing)} free {n}-omino shape(s) never appear "
                           f"(e.g. {sh.to_art(missing[0]).replace(chr(10), '/')})", deck)
    r = "winnice.catalog.decks"
    for deck in DECKS:
        total = sum(cat.decks[deck].values())
        if total <= cat.market_size:
            rep.add(r, f"{deck} has {total} cards: a market of {cat.market_size} needs more", deck)
    if not 1 <= cat.market_size <= MAX_MARKET:
        rep.add(r, f"a market of {cat.market_size} face-up cards: 1 to {MAX_MARKET} (the rulebook shows 3; more "
                "do not fit the setup card)")
    r = "winnice.catalog.workers"
    start_sizes = [len(cat.shapes[s]) for s in cat.worker_start if s in cat.shapes]
    for w in (*cat.worker_start, *cat.worker_bank):
        if w not in cat.shapes:
            rep.add(r, f"worker {w!r} is not a shape of [shapes]", w)
    if start_sizes != [1]:
        rep.add(r, "every player starts with exactly one monomino worker")
    bank_sizes = {len(cat.shapes[s]) for s in cat.worker_bank if s in cat.shapes}
    if not {2, 3, 4} <= bank_sizes:
        rep.add(r, f"the worker bank needs crews of 2, 3 and 4 squares, has sizes {sorted(bank_sizes)}")
    if len(set(cat.worker_bank) | set(cat.worker_start)) != len(cat.worker_bank) + len(cat.worker_start):
        rep.add(r, "a worker shape is listed twice (each player holds one piece of each shape)")
    workers = set(cat.worker_start) | set(cat.worker_bank)
    r = "winnice.catalog.spaces"
    for s in cat.spaces:
        for f in s.fits:
            if f not in workers:
                rep.add(r, f"space {s.id}: {f!r} is not a worker shape", s.id)
        if not s.fits:
            rep.add(r, f"space {s.id}: no worker fits it", s.id)
        if s.cost > cat.start_total:
            rep.add(r, f"space {s.id} costs {s.cost}, more than a player's {cat.start_total} starting coins", s.id)
    two = cat.spaces_for(2)
    for action in ("hire2", "hire3", "hire4", "buy23", "buy45", "greenhouse", "barrels", "laboratory",
                   "genetics", "irrigate"):
        if not any(s.action == action for s in two):
            rep.add(r, f"no space for {action} in a 2-player game", action)
    if not any(cat.worker_start[0] in s.fits for s in two if cat.worker_start):
        rep.add(r, "the starting worker fits no space")
    # crews are hired in order (2, then 3, then 4): the one who holds only the start worker must be
    # able to reach a hire-2 space, then with a crew of 2 a hire-3 space, and so on; a bank worker
    # that no hire action takes, or that fits no space, could never be used
    sizes = {w: len(cat.shapes[w]) for w in workers if w in cat.shapes}
    owned = set(cat.worker_start)
    for k in (2, 3, 4):
        if not any(s.action == f"hire{k}" and owned & set(s.fits) for s in two):
            rep.add(r, f"no hire{k} space in a 2-player game fits a worker a player holds before hiring a crew "
                    f"of {k} ({', '.join(sorted(owned))})", f"hire{k}")
        owned |= {w for w in cat.worker_bank if sizes.get(w) == k}
    for w in cat.worker_bank:
        if w in sizes and sizes[w] not in (2, 3, 4):
            rep.add(r, f"bank worker {w} has {sizes[w]} squares: only crews of 2, 3 and 4 are hired", w)
        elif not any(w in s.fits for s in cat.spaces):
            rep.add(r, f"bank worker {w} fits no space", w)
    for market in ("buy23", "buy45"):
        orders = [s.order for s in cat.spaces if s.action == market]
        if len(set(orders)) != len(orders) or 0 in orders:
            rep.add(r, f"{market}: order numbers must be distinct and at least 1, got {orders}", market)
    r = "winnice.catalog.tokens"
    values = cat.token_values
    if sorted(set(values)) != list(values):
        rep.add(r, f"token values must rise, got {list(values)}")
    for ci, c in enumerate(COLOURS):
        if len(cat.sale[ci]) != len(values):
            rep.add(r, f"sale.{c} has {len(cat.sale[ci])} prices for {len(values)} token values", c)
    for side, p in cat.harvest:
        if side < 1 or p not in values:
            rep.add(r, f"harvest.squares {side} -> {p}P: no such token value", side)
    if min(cat.token_counts.values()) < 1:
        rep.add(r, "every colour and value needs at least one harvest token")
    if sum(v * n for (c, v), n in cat.token_counts.items() if c == 2) < cat.win_red:
        rep.add(r, f"all red tokens together are worth less than the {cat.win_red}P that wins")
    else:  # a player holds at most `cap` tokens at a time (barrels): the best `cap` red ones must reach it
        cap = cat.barrels + cat.effects["barrels_storage"] * cat.action_cards["barrels"]
        best = sorted((v for (c, v), n in cat.token_counts.items() if c == 2 for _ in range(min(n, cap))),
                      reverse=True)[:cap]
        if sum(best) < cat.win_red:
            rep.add(r, f"a player's barrels hold at most {cap} token(s), worth at most {sum(best)}P of red: "
                    f"the {cat.win_red}P that wins cannot be stored")
    if cat.effects["laboratory_gives"] not in values:
        rep.add(r, f"the laboratory gives a {cat.effects['laboratory_gives']}P red token: no such token value")
    if values and cat.effects["laboratory_min"] > max(values):
        rep.add(r, f"the laboratory takes tokens of at least {cat.effects['laboratory_min']}P: none is worth that")
    for side, _p in cat.harvest:
        if side > cat.size:
            rep.add(r, f"harvest.squares {side}: a {side}x{side} square does not fit a {cat.size}x{cat.size} "
                    "vineyard", side)
    r = "winnice.catalog.disaster"
    if sum(cat.disaster.values()) < 1:
        rep.add(r, "the disaster deck is empty")
    elif not cat.disaster["drought-Y"] + cat.disaster["drought-G"]:
        rep.add(r, "the disaster deck has no drought card")
    r = "winnice.catalog.coordinates"
    for name, table, keys in (("digits", cat.digits, [str(i) for i in range(1, cat.size + 1)]),
                              ("letters", cat.letters, list(cat.columns[:cat.size]))):
        if sorted(table) != sorted(keys):
            rep.add(r, f"{name} must hold exactly {', '.join(keys)}; has {', '.join(sorted(table))}", name)
            continue
        counts = [table[k] for k in keys]
        if min(counts) < 1:
            rep.add(r, f"{name}: every value needs at least one card (a square nobody can hit)", name)
        problem = _edge_weighted(counts)
        if problem:
            rep.add(r, f"{name} {counts}: {problem}", name)
    return rep


# ---------------------------------------------------------------------------------------------
# setup checks
# ---------------------------------------------------------------------------------------------


def deck_specs(cat: Catalog) -> dict[str, dict[str, int]]:
    """Every shuffled deck's spec (card -> count), in the order the setup lists them."""
    return {"deck23": cat.decks["deck23"], "deck45": cat.decks["deck45"], "disaster": dict(cat.disaster),
            "digits": dict(cat.digits), "letters": dict(cat.letters)}


def shuffle_all(seed: int, cat: Catalog, players: int) -> Setup:
    """The setup the seed gives (no checking): used by `generate` and by the order rule."""
    decks: dict[str, list[str]] = {}
    for name, spec in deck_specs(cat).items():
        decks[name] = [str(c) for c in dk.shuffled_deck(spec, make_rng(seed, "winnice", name))]
    markets = {}
    for name in DECKS:
        markets[name] = decks[name][:cat.market_size]
        decks[name] = decks[name][cat.market_size:]
    first = make_rng(seed, "winnice", "first-player").randrange(players) if players > 0 else 0
    coins = [dict(cat.start_coins) for _ in range(players)]
    return Setup(players, seed, first, decks, markets, coins, cat.digest())


@lru_cache(maxsize=32)
def _catalog_violations(cat: Catalog) -> tuple[Violation, ...]:
    """A catalog's own violations, once per catalog (setups are checked by the thousand)."""
    return tuple(check_catalog(cat).violations)


def check(setup: Setup, cat: Catalog) -> Report:
    """Every rule of a setup (plus the catalog's own rules). Never raises on a parsed setup."""
    rep = Report(list(_catalog_violations(cat)))
    if setup.players not in (2, 3, 4):
        rep.add("winnice.players", f"Winnice is for 2 to 4 players, not {setup.players}")
    if setup.catalog != cat.digest():
        rep.add("winnice.catalog-digest", f"the setup was made with catalog {setup.catalog!r}, this is "
                f"{cat.digest()!r}: pass the --catalog it was made with, or, if it was made with the "
                "built-in catalog of another boardgen version, make it again from its code")
    specs = deck_specs(cat)
    for deck in DECKS:
        market = setup.markets[deck]
        rep.extend(dk.check_composition(setup.decks[deck] + market, specs[deck], f"winnice.{deck}",
                                        f"deck {deck} (pile + market)"))
        if len(market) != cat.market_size:
            rep.add("winnice.market", f"market {deck} shows {len(market)} cards, not {cat.market_size}", deck)
    rep.extend(dk.check_composition(setup.decks["disaster"], specs["disaster"], "winnice.disaster", "disaster deck"))
    for name in ("digits", "letters"):
        rep.extend(dk.check_composition(setup.decks[name], specs[name], "winnice.coordinates", f"{name} deck"))
    if len(setup.coins) != setup.players:
        rep.add("winnice.coins", f"{len(setup.coins)} coin tables for {setup.players} players")
    for i, c in enumerate(setup.coins):
        have = {k: v for k, v in c.items() if v}
        want = {k: v for k, v in cat.start_coins.items() if v}
        if have != want:
            total = sum(k * v for k, v in c.items())
            rep.add("winnice.coins", f"player {i + 1} starts with {_coins(have)} ({total}), not {_coins(want)} "
                    f"({cat.start_total})", i + 1)
    if not 0 <= setup.first_player < max(setup.players, 1):
        rep.add("winnice.first-player", f"first player {setup.first_player + 1} is not a seat 1..{setup.players} "
                f"(the file's first_player counts from 0: {setup.first_player})")
    if rep.ok:  # order only means something when everything else is right
        expected = shuffle_all(setup.seed, cat, setup.players)
        for name in setup.decks:
            if setup.decks[name] != expected.decks[name]:
                rep.add("winnice.order", f"deck {name} is not in the order seed {setup.seed} shuffles", name)
        for name in DECKS:
            if setup.markets[name] != expected.markets[name]:
                rep.add("winnice.order", f"market {name} is not what seed {setup.seed} deals", name)
        if setup.first_player != expected.first_player:
            rep.add("winnice.order", f"seed {setup.seed} makes player {expected.first_player + 1} first, "
                    f"not {setup.first_player + 1}")
    return rep


def _coins(table: dict[int, int]) -> str:
    return " + ".join(f"{n}×{d}" for d, n in sorted(table.items(), reverse=True)) or "nothing"


def card_totals(cards: Iterable[str]) -> dict[str, int]:
    """Cards per colour name (setup summaries)."""
    out = dict.fromkeys(COLOURS, 0)
    for cid in cards:
        out[COLOURS[parse_card(cid)[0]]] += 1
    return out


def grid_for(cat: Catalog) -> Grid:
    return get_grid(cat.size, cat.size)
