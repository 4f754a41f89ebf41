"""Winnice catalog checks that name the culprit, in addition to `rules.check_catalog`.

A user's catalog is merged over the built-in one (`model.load_catalog`) by MERGE_RULE: tables key
by key, at every depth; any other value — a list such as `[[space]]`, `workers.bank` or
`coins.denominations` — replaces ours whole. Two consequences a designer does not expect, warned
about (`warnings(path)`):

- ``winnice.empty-table``: a table written empty (`red = {}`) changes nothing — merged key by key,
  it has no key to merge. To drop cards, set their counts to 0.
- ``winnice.partial-list``: a `[[space]]` list (or another list) that leaves out some of ours
  replaces the whole action board: the spaces not written are gone, not kept.

Errors (`culprits(cat)`), content the rules accept but on which no game can end:

- ``winnice.no-red``: no source of red. Red tokens come from harvesting red plantings (red
  seedling cards), from the laboratory (a card, and red tokens of the value it gives) and from
  genetics (a card, and red pieces to turn seedlings into: a red card's pieces or the
  `pieces.red_extra`). With none, nobody reaches `rules.win_red` and every game runs to the cap.
  Whatever else keeps games from ending shows in `compare` (games that do not end).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.core.checks import Report
from generator.core.data import load_toml
from generator.games.winnice.model import DECKS, Catalog, default_catalog, parse_card

MERGE_RULE = ("a catalog is merged over the built-in one table by table, key by key; a list (such as "
              "[[space]], workers.bank or coins.denominations) replaces the built-in list whole")


def red_cards(cat: Catalog) -> int:
    return sum(n for deck in DECKS for cid, n in cat.decks[deck].items() if parse_card(cid)[0] == 2)


def _laboratory_makes_red(cat: Catalog) -> bool:
    return cat.action_cards["laboratory"] > 0 and cat.token_counts.get((2, cat.effects["laboratory_gives"]), 0) > 0


def _genetics_makes_red(cat: Catalog) -> bool:
    return cat.action_cards["genetics"] > 0 and any(colour == 2 for colour, _ in cat.pieces())


def culprits(cat: Catalog) -> Report:
    rep = Report()
    lab, gen, cards = _laboratory_makes_red(cat), _genetics_makes_red(cat), red_cards(cat)
    if not (cards or lab or gen):
        rep.add("winnice.no-red", "no source of red: no red seedling card, and neither laboratory nor genetics can "
                f"make a red token (laboratory cards {cat.action_cards['laboratory']}, genetics cards "
                f"{cat.action_cards['genetics']}); nobody reaches {cat.win_red}P and no game ends", "red")
    return rep


def warnings(path: str | Path) -> Report:
    """The warnings above, from the user's own file (before it is merged)."""
    user = load_toml(Path(path))
    rep = Report()
    for key in _empty_tables(user, ""):
        rep.add("winnice.empty-table", f"{key} = {{}} changes nothing ({MERGE_RULE}); to remove cards or "
                "pieces set each count to 0", key)
    builtin = default_catalog().raw
    for key, mine, ours in _lists(user, builtin, ""):
        if key == "space":
            mine_ids = {s.get("id") for s in mine if isinstance(s, dict)}
            gone = [s["id"] for s in ours if s["id"] not in mine_ids]
            if gone:
                rep.add("winnice.partial-list", f"your {len(mine)} [[space]] entries replace the whole action board "
                        f"of {len(ours)} ({MERGE_RULE}): {len(gone)} built-in spaces are gone "
                        f"({', '.join(gone[:6])}{', ...' if len(gone) > 6 else ''}); copy data/board.toml and edit "
                        "it to keep them", "space")
        elif len(mine) < len(ours) and all(x in ours for x in mine):
            rep.add("winnice.partial-list", f"{key} lists {len(mine)} of the built-in {len(ours)} and replaces the "
                    f"list whole ({MERGE_RULE})", key)
    return rep


def _empty_tables(d: dict[str, Any], prefix: str) -> list[str]:
    out = []
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out += [key] if not v else _empty_tables(v, key + ".")
    return out


def _lists(user: dict[str, Any], ours: Any, prefix: str) -> list[tuple[str, list[Any], list[Any]]]:
    out = []
    for k, v in user.items():
        mine_ours = ours.get(k) if isinstance(ours, dict) else None
        if isinstance(v, dict):
            out += _lists(v, mine_ours, f"{prefix}{k}.")
        elif isinstance(v, list) and isinstance(mine_ours, list):
            out.append((f"{prefix}{k}", v, mine_ours))
    return out
