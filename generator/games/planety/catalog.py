"""Planety catalog checks by rule id, for `boardgen planety catalog FILE` (and a designer's loop).

`check_catalog(path)` reads a catalog strictly (model.load_catalog: a malformed file is a one-line
UserInputError, exit 2) and returns a Report of every broken rule:

- the rulebook's rules (rules.check_catalog): ``planety.catalog-stars``, ``-tiles``, ``-kinds``,
  ``-tokens``;
- ``planety.catalog-fill``: proved impossible — for some set of stars the players may draw, no
  side of the tiles up fills every orbit (rules.any_side_graph: a matching of orbits to tiles
  that may take them on either face; Hall's group names the orbits and the tiles);
- ``planety.catalog-throws``: possible but rare — a complete fill exists, yet so few random big
  bangs are playable (`[catalog] samples` sampled per set of stars) that more than `[catalog]
  give_up_max` of the seeds would give up after the generator's MAX_THROWS throws. The message says
  how many sampled throws were playable and which orbit groups came up short in the others; it is
  an estimate, and says so.

`throw_odds(cat)` is the sampling itself, one `Odds` per distinct set of stars, for a report to
print even when every rule holds; `catalog_report(path)` gives the catalog, the Report and the odds
at once (the throws sampled once).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from generator.core.checks import Report
from generator.core.rng import make_rng
from generator.games.planety import balance
from generator.games.planety.model import Catalog, load_catalog
from generator.games.planety.rules import MAX_THROWS, PLAYERS, any_side_graph, orbit_graph, shortfall
from generator.games.planety.rules import check_catalog as rulebook_rules


@dataclass
class Odds:
    """Random big bangs sampled for one set of stars: how many were playable, and per orbit group
    how many of the others it left short."""

    players: int
    orbits: tuple[int, ...]
    sampled: int
    playable: int
    short: Counter[str] = field(default_factory=Counter)

    @property
    def share(self) -> float:
        return self.playable / self.sampled if self.sampled else 0.0

    @property
    def give_up(self) -> float:
        """The estimated share of seeds that find no playable big bang in MAX_THROWS throws."""
        return (1.0 - self.share) ** MAX_THROWS

    def stars_text(self) -> str:
        return f"{self.players} players (stars with {', '.join(map(str, self.orbits))} orbits)"

    def short_text(self, top: int = 3) -> str:
        parts = [f"{group} in {n}" for group, n in sorted(self.short.items(), key=lambda kv: (-kv[1], kv[0]))[:top]]
        return "; ".join(parts)

    def line(self) -> str:
        """One line for a report: the share of playable throws and the groups short in the rest."""
        text = f"{self.stars_text()}: {self.playable} of {self.sampled} sampled big bangs playable ({self.share:.1%})"
        return text + (f"; short in the others: {self.short_text()}" if self.short else "")


def star_sets(cat: Catalog) -> list[tuple[int, tuple[int, ...]]]:
    """(players, sorted orbit counts) of every distinct set of stars a draw can give."""
    out = []
    for players in PLAYERS:
        if players > len(cat.stars):
            continue
        for orbits in sorted({tuple(sorted(s.orbits for s in combo)) for combo in combinations(cat.stars, players)}):
            out.append((players, orbits))
    return out


def throw_odds(cat: Catalog, samples: int | None = None) -> list[Odds]:
    """Per set of stars that some side up can fill: `samples` random big bangs (a fixed seed per set,
    so a catalog's figures repeat), playable or short by which orbit group."""
    n = balance.limits().samples if samples is None else samples
    out = []
    for players, orbits in star_sets(cat):
        if not any_side_graph(cat, orbits).complete:
            continue
        rng = make_rng(0, "planety", "catalog-odds", ",".join(map(str, orbits)))
        odds = Odds(players, orbits, n, 0)
        for _ in range(n):
            g = orbit_graph(cat, orbits, rng.getrandbits(len(cat.tiles)))
            sf = shortfall(g)
            if sf is None:
                odds.playable += 1
            else:
                odds.short[sf.text()] += 1
        out.append(odds)
    return out


def check_catalog(source: Path | Catalog | None) -> Report:
    """Every broken rule of a catalog file (None: the built-in one), each named by rule id."""
    return catalog_report(source)[1]


def catalog_report(source: Path | Catalog | None) -> tuple[Catalog, Report, list[Odds]]:
    """(the catalog, every broken rule, the sampled odds per set of stars): what a `catalog` command
    prints, with the throws sampled once."""
    cat = source if isinstance(source, Catalog) else load_catalog(source)
    r = rulebook_rules(cat)
    for players, orbits in star_sets(cat):
        whole = any_side_graph(cat, orbits)
        proof = shortfall(whole)
        if proof is None:
            continue
        tiles = sorted(i for j, group in enumerate(whole.groups()) if proof.types >> j & 1 for i in group)
        names = ", ".join(cat.tiles[i].id for i in tiles[:8]) + ("…" if len(tiles) > 8 else "")
        r.add("planety.catalog-fill", f"{players} players (stars with {', '.join(map(str, orbits))} orbits): no side "
              f"of the tiles up fills every orbit — {proof.need} orbits ({proof.text()}) and only {proof.have} tile(s) "
              "that may take them on either face" + (f" ({names})" if names else ""), where=players)
    lim = balance.limits()
    odds_all = throw_odds(cat, lim.samples)
    for odds in odds_all:
        if odds.give_up > lim.give_up_max:
            r.add("planety.catalog-throws", f"{odds.stars_text()}: only {odds.playable} of {odds.sampled} sampled big "
                  f"bangs were playable ({odds.share:.1%}), so about {odds.give_up:.0%} of seeds would give up after "
                  f"{MAX_THROWS} throws (an estimate; a fill exists); short in the others: {odds.short_text()}",
                  where=odds.players)
    return cat, r, odds_all
