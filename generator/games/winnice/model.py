"""Winnice's data model: the catalog (content from data/*.toml, a user's `--catalog` merged over it),
the action board, and a Setup (the JSON format, version 1).

Loading only parses and type-checks (a wrong type or an unknown key is a one-line UserInputError);
whether the content makes a playable game (deck sizes, shapes per deck, enough pieces, edge-weighted
coordinates, …) is `rules.check_catalog`'s job, in one place, so a user's catalog is judged exactly
like ours.

Names used everywhere: colours 0 yellow, 1 green, 2 red (letters Y/G/R); a seedling card is
"Y:O4" (colour letter, shape id); decks are "deck23" and "deck45"; disaster cards are "blank",
"drought-Y" and "drought-G"; coordinate cards are "1".."8" and "A".."H". Decks in a setup are
listed top card first.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any, NoReturn

from generator.core import shapes as sh
from generator.core.checks import UserInputError
from generator.core.data import load_toml

DATA = Path(__file__).resolve().parent / "data"
GAME = "winnice"
SETUP_VERSION = 1
MAX_CATALOG_BYTES = 256_000
MAX_COUNT = 1000  # no single count in a catalog may exceed this (keeps printing and play bounded)

COLOURS = ("yellow", "green", "red")
LETTER = ("Y", "G", "R")
COLOUR_OF = {c: i for i, c in enumerate(LETTER)}
DECKS = ("deck23", "deck45")
ACTION_CARDS = ("greenhouse", "barrels", "laboratory", "genetics", "irrigate")
ACTIONS = ("hire2", "hire3", "hire4", "buy23", "buy45", *ACTION_CARDS)
DISASTER_KINDS = ("blank", "drought-Y", "drought-G")

_TOP_KEYS = {"board", "coins", "rules", "shapes", "workers", "seedlings", "pieces", "action_cards", "effects",
             "tokens", "sale", "harvest", "disaster", "coordinates", "space"}
#: tables whose keys are fixed by the built-in catalog (data/catalog.toml, board.toml)
_CLOSED_TABLES = ("board", "coins", "rules", "workers", "pieces", "effects", "sale", "harvest", "disaster",
                  "coordinates")  # [tokens] and [action_cards] check their own keys


def card_id(colour: int, shape: str) -> str:
    return f"{LETTER[colour]}:{shape}"


def coin_counts(p: _P, raw: object, where: str) -> dict[int, int]:
    """A coin table {"1": n, "10": n, ...} of a catalog or a setup file as {value: count}: each
    key a `coin_key`, anything else a one-line error naming it."""
    out: dict[int, int] = {}
    for k, v in p.counts(raw, where).items():
        value = coin_key(k)
        if value is None:
            name = f"{where}.{k}" if k.isprintable() and k.strip() == k and k else f"{where} key {k!r}"
            p.fail(name, "is not a coin value (write it as digits: \"1\", \"10\")")
        out[value] = v
    return out


def coin_key(key: str) -> int | None:
    """A coin table's key as its value: plain ASCII digits without a leading zero, the way
    setup.json writes them ("1", "10"). int() would also take " 1", "+5", "1_0", "05" or other
    scripts' digits, so two keys could name one coin and the last would silently win."""
    if key.isascii() and key.isdigit() and (key == "0" or key[0] != "0"):
        return int(key)
    return None


@lru_cache(maxsize=4096)  # the bots and the engine parse the same few dozen ids all game long
def parse_card(cid: str) -> tuple[int, str]:
    """("Y:O4") -> (0, "O4"); ValueError for anything else."""
    letter, _, shape = cid.partition(":")
    if letter not in COLOUR_OF or not shape:
        raise ValueError(f"not a seedling card id: {cid!r}")
    return COLOUR_OF[letter], shape


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


class _P:
    """Typed readers: a wrong type is a one-line UserInputError naming the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, msg: str) -> NoReturn:
        raise UserInputError(f"{self.source}: {key} {msg}")

    def table(self, d: Any, key: str) -> dict[str, Any]:
        v = d.get(key) if isinstance(d, dict) else None
        if not isinstance(v, dict):
            self.fail(key, "is missing or not a table")
        return v

    def int_(self, v: Any, key: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            self.fail(key, f"must be an integer, got {type(v).__name__}")
        if not lo <= v <= hi:
            self.fail(key, f"must be {lo}..{hi}, got {v if abs(v) < 10**9 else 'a huge number'}")
        return v

    def num(self, v: Any, key: str, lo: float, hi: float) -> float:
        if isinstance(v, bool) or not isinstance(v, int | float):
            self.fail(key, f"must be a number, got {type(v).__name__}")
        if not lo <= float(v) <= hi:
            self.fail(key, f"must be {lo:g}..{hi:g}")
        return float(v)

    def str_(self, v: Any, key: str) -> str:
        if not isinstance(v, str) or not v or len(v) > 200:
            self.fail(key, "must be a non-empty string")
        return v

    def counts(self, d: Any, key: str) -> dict[str, int]:
        if not isinstance(d, dict):
            self.fail(key, "must be a table of counts")
        return {str(k): self.int_(v, f"{key}.{k}") for k, v in d.items()}

    def ints(self, v: Any, key: str, lo: int = 0, hi: int = MAX_COUNT) -> tuple[int, ...]:
        if not isinstance(v, list) or not v or len(v) > 100:
            self.fail(key, "must be a non-empty list of integers")
        return tuple(self.int_(x, f"{key}[{i}]", lo, hi) for i, x in enumerate(v))

    def strs(self, v: Any, key: str) -> tuple[str, ...]:
        if not isinstance(v, list) or len(v) > 100:
            self.fail(key, "must be a list of strings")
        return tuple(self.str_(x, f"{key}[{i}]") for i, x in enumerate(v))


@dataclass(frozen=True)
class Space:
    """One action space of the action board."""

    id: str
    action: str
    cost: int
    fits: tuple[str, ...]
    players: int  # in play from this many players on
    order: int = 0  # seedling markets: the order number (lowest chooses first)


@dataclass(frozen=True, eq=False)  # hashed by identity: one compiled engine table per catalog
class Catalog:
    """Everything countable about the game (typed; see data/catalog.toml for the meaning)."""

    raw: dict[str, Any]
    source: str
    size: int
    columns: str
    seedling_storage: int
    barrels: int
    square_mm: float
    denominations: tuple[int, ...]
    start_coins: dict[int, int]
    bank_coins: dict[int, int]
    win_red: int
    market_size: int
    pass_coins: int
    round_cap: int
    shapes: dict[str, sh.Shape]
    worker_start: tuple[str, ...]
    worker_bank: tuple[str, ...]
    deck_sizes: dict[str, tuple[int, ...]]
    decks: dict[str, dict[str, int]]  # deck -> card id -> count (stable order)
    spare_pieces: int
    red_extra: int
    action_cards: dict[str, int]
    effects: dict[str, int]
    token_values: tuple[int, ...]
    tokens_per_value: int
    token_counts: dict[tuple[int, int], int]  # (colour, value) -> harvest tokens printed
    drought_tokens: int
    sale: tuple[tuple[int, ...], ...]  # per colour, per value index
    harvest: tuple[tuple[int, int], ...]  # (side, P) sorted by side
    drought_step: int
    disaster: dict[str, int]  # "blank" | "drought-Y" | "drought-G" -> count
    digits: dict[str, int]
    letters: dict[str, int]
    spaces: tuple[Space, ...]

    @property
    def start_total(self) -> int:
        return sum(d * n for d, n in self.start_coins.items())

    def pieces(self) -> dict[tuple[int, str], int]:
        """The bank of seedling pieces: one per card of that colour and shape and `spare_pieces`
        more of each (a reshuffled card may be bought again while its first piece is planted),
        plus red_extra red pieces of every seedling shape (for genetics)."""
        out: dict[tuple[int, str], int] = {}
        for deck in DECKS:
            for cid, n in self.decks[deck].items():
                if n:
                    key = parse_card(cid)
                    out[key] = out.get(key, self.spare_pieces) + n
        for shape in self.seedling_shapes():
            out[(2, shape)] = out.get((2, shape), 0) + self.red_extra
        return {k: v for k, v in sorted(out.items()) if v}

    def seedling_shapes(self) -> list[str]:
        seen: list[str] = []
        for deck in DECKS:
            for cid in self.decks[deck]:
                s = parse_card(cid)[1]
                if s not in seen:
                    seen.append(s)
        return seen

    def spaces_for(self, players: int) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces if s.players <= players)

    def digest(self) -> str:
        return self._digest

    @cached_property
    def _digest(self) -> str:  # the catalog never changes once parsed
        return content_digest(self.raw)


def content_digest(data: Any) -> str:
    raw = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
    return hashlib.sha256(raw).hexdigest()[:6].upper()


def parse_catalog(d: dict[str, Any], source: str) -> Catalog:
    """The typed catalog from a merged TOML dict (UserInputError, one line, on a wrong type)."""
    p = _P(source)
    unknown = set(d) - _TOP_KEYS
    if unknown:
        p.fail(sorted(unknown)[0], f"is not a catalog key (known: {', '.join(sorted(_TOP_KEYS))})")
    builtin = _default_raw()
    for table in _CLOSED_TABLES:  # a user's catalog is merged over ours: a key ours lacks is a typo
        have, known = d.get(table), builtin[table]
        typos = sorted(set(have) - set(known)) if isinstance(have, dict) else []
        if typos:
            p.fail(f"{table}.{typos[0]}", f"is not a key of [{table}] (known: {', '.join(known)})")
    b = p.table(d, "board")
    coins, rl, shp, wk = p.table(d, "coins"), p.table(d, "rules"), p.table(d, "shapes"), p.table(d, "workers")
    shapes: dict[str, sh.Shape] = {}
    for name, art in shp.items():
        art = p.str_(art, f"shapes.{name}")
        try:
            shapes[name] = sh.parse(art)
        except ValueError as exc:
            p.fail(f"shapes.{name}", str(exc))
    denoms = p.ints(coins.get("denominations"), "coins.denominations", 1, 1000)

    def coin_table(key: str) -> dict[int, int]:
        return coin_counts(p, coins.get(key), f"coins.{key}")

    seed = p.table(d, "seedlings")
    deck_sizes: dict[str, tuple[int, ...]] = {}
    decks: dict[str, dict[str, int]] = {}
    for deck in DECKS:
        t = p.table(seed, deck)
        extra = set(t) - {"sizes", *COLOURS}
        if extra:
            p.fail(f"seedlings.{deck}.{sorted(extra)[0]}", "is not a key (sizes, yellow, green, red)")
        deck_sizes[deck] = p.ints(t.get("sizes"), f"seedlings.{deck}.sizes", 1, 8)
        cards: dict[str, int] = {}
        for ci, colour in enumerate(COLOURS):
            for shape, n in p.counts(t.get(colour, {}), f"seedlings.{deck}.{colour}").items():
                if shape not in shapes:
                    p.fail(f"seedlings.{deck}.{colour}.{shape}", "is not a shape of [shapes]")
                if n:
                    cards[card_id(ci, shape)] = n
        decks[deck] = _canonical(cards, _builtin_cards(deck))
    pieces, ac, eff, tok = p.table(d, "pieces"), p.table(d, "action_cards"), p.table(d, "effects"), p.table(d, "tokens")
    for k in ac:
        if k not in ACTION_CARDS:
            p.fail(f"action_cards.{k}", f"is not an action card ({', '.join(ACTION_CARDS)})")
    sale_t, hv, dis, co = p.table(d, "sale"), p.table(d, "harvest"), p.table(d, "disaster"), p.table(d, "coordinates")
    values = p.ints(tok.get("values"), "tokens.values", 1, 20)
    per_value = p.int_(tok.get("per_value"), "tokens.per_value")
    token_counts: dict[tuple[int, int], int] = {}
    for ci, c in enumerate(COLOURS):
        counts = p.ints(tok[c], f"tokens.{c}") if c in tok else (per_value,) * len(values)
        if len(counts) != len(values):
            p.fail(f"tokens.{c}", f"needs one count per token value ({len(values)})")
        token_counts.update({(ci, v): n for v, n in zip(values, counts, strict=True)})
    extra = set(tok) - {"values", "per_value", "drought", *COLOURS}
    if extra:
        p.fail(f"tokens.{sorted(extra)[0]}", "is not a tokens key")
    harvest = []
    for k, v in p.counts(p.table(hv, "squares"), "harvest.squares").items():
        try:
            harvest.append((int(k), p.int_(v, f"harvest.squares.{k}", 1, 20)))
        except ValueError:
            p.fail(f"harvest.squares.{k}", "is not a square side")
    drought = p.counts(dis.get("drought", {}), "disaster.drought")
    for k in drought:
        if k not in ("yellow", "green"):
            p.fail(f"disaster.drought.{k}", "must be yellow or green (drought hits yellow or green seedlings)")
    disaster = {"blank": p.int_(dis.get("blank"), "disaster.blank"),
                "drought-Y": drought.get("yellow", 0), "drought-G": drought.get("green", 0)}
    spaces = []
    raw_spaces = d.get("space")
    if not isinstance(raw_spaces, list) or not raw_spaces or len(raw_spaces) > 100:
        p.fail("space", "must be a list of 1..100 action spaces")
    ids: set[str] = set()
    for i, s in enumerate(raw_spaces):
        key = f"space[{i}]"
        if not isinstance(s, dict):
            p.fail(key, "must be a table")
        extra = set(s) - {"id", "action", "cost", "fits", "players", "order"}
        if extra:
            p.fail(f"{key}.{sorted(extra)[0]}", "is not a space key")
        sid = p.str_(s.get("id"), f"{key}.id")
        if sid in ids:
            p.fail(f"{key}.id", f"{sid!r} is used twice")
        ids.add(sid)
        action = p.str_(s.get("action"), f"{key}.action")
        if action not in ACTIONS:
            p.fail(f"{key}.action", f"{action!r} is not an action ({', '.join(ACTIONS)})")
        fits = p.strs(s.get("fits"), f"{key}.fits")
        spaces.append(Space(sid, action, p.int_(s.get("cost"), f"{key}.cost", 0, 99), fits,
                            p.int_(s.get("players"), f"{key}.players", 1, 4),
                            p.int_(s.get("order", 0), f"{key}.order", 0, 99)))
    return Catalog(
        raw=d, source=source,
        size=p.int_(b.get("size"), "board.size", 2, 26),
        columns=p.str_(b.get("columns"), "board.columns"),
        seedling_storage=p.int_(b.get("seedling_storage"), "board.seedling_storage", 0, 50),
        barrels=p.int_(b.get("barrels"), "board.barrels", 0, 50),
        square_mm=p.num(b.get("square_mm"), "board.square_mm", 15.0, 30.0),  # below 15 mm the storage text overflows
        denominations=denoms, start_coins=coin_table("start"), bank_coins=coin_table("bank"),
        win_red=p.int_(rl.get("win_red"), "rules.win_red", 1, 100),
        market_size=p.int_(rl.get("market_size"), "rules.market_size", 0, 10),
        pass_coins=p.int_(rl.get("pass_coins"), "rules.pass_coins", 0, 10),
        round_cap=p.int_(rl.get("round_cap"), "rules.round_cap", 1, 10_000),
        shapes=shapes,
        worker_start=p.strs(wk.get("start"), "workers.start"),
        worker_bank=p.strs(wk.get("bank"), "workers.bank"),
        deck_sizes=deck_sizes, decks=decks,
        spare_pieces=p.int_(pieces.get("spare", 0), "pieces.spare", 0, 100),
        red_extra=p.int_(pieces.get("red_extra", 0), "pieces.red_extra"),
        action_cards={k: p.int_(ac.get(k, 0), f"action_cards.{k}") for k in ACTION_CARDS},
        effects={k: p.int_(eff.get(k), f"effects.{k}", 0, 100) for k in
                 ("greenhouse_storage", "barrels_storage", "laboratory_cost", "laboratory_min",
                  "laboratory_gives", "genetics_cost")},
        token_values=values,
        tokens_per_value=per_value,
        token_counts=token_counts,
        drought_tokens=p.int_(tok.get("drought"), "tokens.drought"),
        sale=tuple(p.ints(sale_t.get(c), f"sale.{c}") for c in COLOURS),
        harvest=tuple(sorted(harvest)),
        drought_step=p.int_(hv.get("drought_step", 1), "harvest.drought_step", 0, 20),
        disaster=disaster,
        digits=_canonical(p.counts(co.get("digits"), "coordinates.digits"), list(builtin["coordinates"]["digits"])),
        letters=_canonical(p.counts(co.get("letters"), "coordinates.letters"),
                           list(builtin["coordinates"]["letters"])),
        spaces=tuple(spaces),
    )


def _canonical(spec: dict[str, int], builtin_order: list[str]) -> dict[str, int]:
    """A deck spec in one order whatever the order of the user's TOML: the built-in catalog's cards
    first, in its order (so the built-in decks shuffle as they always did), then new cards sorted.
    The catalog's digest ignores key order, and the shuffle expands a spec in its order: without
    this, two catalogs with one digest (one setup code) could shuffle different decks."""
    rank = {c: i for i, c in enumerate(builtin_order)}
    return dict(sorted(spec.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0])))


@cache
def _builtin_cards(deck: str) -> list[str]:
    """The card ids of a seedling deck in the built-in catalog's order (as parse_catalog builds it)."""
    t = _default_raw()["seedlings"][deck]
    return [card_id(ci, shape) for ci, colour in enumerate(COLOURS) for shape, n in t.get(colour, {}).items() if n]


@cache
def _default_raw() -> dict[str, Any]:
    return _merge(load_toml(DATA / "catalog.toml"), load_toml(DATA / "board.toml"))


@cache
def default_catalog() -> Catalog:
    return parse_catalog(_default_raw(), "catalog.toml")


def load_catalog(path: str | Path | None) -> Catalog:
    """The built-in catalog, or a user's TOML merged over it (regular files up to 256 kB only)."""
    if path is None:
        return default_catalog()
    p = Path(path)
    if not os.path.lexists(p):
        raise UserInputError(f"{p}: no such file")
    if not p.is_file():
        raise UserInputError(f"{p}: not a regular file")
    if p.stat().st_size > MAX_CATALOG_BYTES:
        raise UserInputError(f"{p}: catalog larger than {MAX_CATALOG_BYTES // 1000} kB")
    user = load_toml(p)
    if not user:  # merged over the built-in tables, an empty file would silently mean "no change"
        raise UserInputError(f"{p}: an empty catalog (write the tables of data/catalog.toml you change)")
    return parse_catalog(_merge(_default_raw(), user), str(p))


# --- the setup ---------------------------------------------------------------------------------


@dataclass
class Setup:
    """One game's starting position.

    setup.json (boardgen-setup, game "winnice", version 1) holds, under "setup":

    - ``players`` 2..4, ``seed`` (the setup code's seed), ``first_player`` (0-based seat),
      ``catalog``: digest of the catalog it was made from (6 hex digits);
    - ``markets``: {"deck23": [3 card ids], "deck45": [3 card ids]} — face up, slot 1 first;
    - ``decks``: {"deck23", "deck45", "disaster", "digits", "letters"}: lists of card ids, top card
      first; the seedling decks hold what is left after dealing the markets from their top;
      seedling ids are "Y:O4" (colour letter Y/G/R, shape id), disaster ids "blank" / "drought-Y" /
      "drought-G", coordinates "1".."8" and "A".."H";
    - ``coins``: one table per player, {"1": n, "2": n, "5": n, "10": n} (coin value -> count).

    Action cards, tokens, pieces and the worker banks are not shuffled: their counts are the
    catalog's, printed in summary.pdf.
    """

    players: int
    seed: int
    first_player: int
    decks: dict[str, list[str]]  # deck23, deck45, disaster, digits, letters
    markets: dict[str, list[str]]  # deck23, deck45: face-up cards, slot 1 first
    coins: list[dict[int, int]]  # per player: denomination -> coins
    catalog: str

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players, "seed": self.seed, "first_player": self.first_player,
            "catalog": self.catalog,
            "markets": {k: list(v) for k, v in self.markets.items()},
            "decks": {k: list(v) for k, v in self.decks.items()},
            "coins": [{str(k): v for k, v in sorted(c.items())} for c in self.coins],
        }

    @classmethod
    def from_json(cls, d: Any, source: str = "setup") -> Setup:
        """Parse a (possibly hand-edited) setup body; a wrong structure is a one-line UserInputError.
        Wrong *content* (counts, order, coins) is left for `rules.check`."""
        p = _P(source)
        if not isinstance(d, dict):
            p.fail("setup", "must be an object")
        extra = set(d) - {"players", "seed", "first_player", "catalog", "markets", "decks", "coins"}
        if extra:
            p.fail(sorted(extra)[0], "is not a setup key")

        def cards(v: Any, key: str) -> list[str]:
            if not isinstance(v, list) or len(v) > 5000:
                p.fail(key, "must be a list of card ids")
            for i, x in enumerate(v):
                if not isinstance(x, str) or len(x) > 40:
                    p.fail(f"{key}[{i}]", "must be a card id string")
            return list(v)

        decks_d, markets_d = p.table(d, "decks"), p.table(d, "markets")
        decks = {}
        for k in ("deck23", "deck45", "disaster", "digits", "letters"):
            decks[k] = cards(decks_d.get(k), f"decks.{k}")
        if set(decks_d) - set(decks):
            p.fail(f"decks.{sorted(set(decks_d) - set(decks))[0]}", "is not a deck")
        markets = {k: cards(markets_d.get(k), f"markets.{k}") for k in DECKS}
        if set(markets_d) - set(DECKS):
            p.fail(f"markets.{sorted(set(markets_d) - set(DECKS))[0]}", "is not a market")
        coins_raw = d.get("coins")
        if not isinstance(coins_raw, list) or len(coins_raw) > 10:
            p.fail("coins", "must be a list (one table per player)")
        coins = [coin_counts(p, c, f"coins[{i}]") for i, c in enumerate(coins_raw)]
        catalog = d.get("catalog")
        if not isinstance(catalog, str):  # the catalog's digest ("" is not one): a missing key is malformed
            p.fail("catalog", "must be the catalog's digest (a string)")
        return cls(players=p.int_(d.get("players"), "players", 0, 99),
                   seed=p.int_(d.get("seed"), "seed", 0, 2**40 - 1),
                   first_player=p.int_(d.get("first_player"), "first_player", 0, 99),
                   decks=decks, markets=markets, coins=coins, catalog=catalog)
