"""Plażing scoring as pure functions: the resource table, weather, rank splitting, waste.

The engine calls these at the end of a game (and whenever `scores()` is asked mid-game), and they
are testable alone with the rulebook's worked examples. Every number comes from data/rules.toml
([scoring]), so a printed scoring card and the engine cannot disagree.

Rank rules (rulebook "Obszary"): places 1, 2, 3 score the table's points (the third place only at
4 colours). Tied colours add up the points of the place they share and of the places they push
down, and split the sum rounded down: a tie for first at 4 players gives (12+6)/2 = 9 each, three
tied for first (12+6+3)/3 = 7 each. A colour that has nothing to rank (no closed area of its own)
takes no place: the decision is ours — the rulebook never ranks a player with nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from generator.games.plazing.model import NO_WEATHER, RESOURCES, rules

FINAL_PARTS = ("weather", "resources", "sets", "most_areas", "largest_area", "waste", "waste_bonus")


def resource_points(n: int) -> int:
    """Points for `n` resources of one kind: the rulebook's table, then n(n+1)/2 beyond it."""
    if n <= 0:
        return 0
    table: list[int] = rules().scoring["resource_points"]
    return table[n - 1] if n <= len(table) else n * (n + 1) // 2


def resource_score(counts: Mapping[str, int]) -> tuple[int, int]:
    """(points for the kinds, set bonus) for collected resources, e.g. {'amber': 3, 'pebble': 2, ...}."""
    kinds = sum(resource_points(counts.get(k, 0)) for k in RESOURCES)
    sets = min(counts.get(k, 0) for k in RESOURCES)
    return kinds, sets * int(rules().scoring["set_bonus"])


def weather_score(weather: str, screen_outers: Iterable[str], blankets: int, odds: int) -> int:
    """Weather points for one colour's placed pieces.

    wind-X: 2 per screen whose outer side faces X (N, S, W or E); sun: 2 per blanket; rain: -1 per odd;
    no weather (the children's game): nothing.
    """
    sc = rules().scoring
    if weather == NO_WEATHER:
        return 0
    if weather.startswith("wind-"):
        side = weather[len("wind-"):]
        return int(sc["wind_per_screen"]) * sum(1 for o in screen_outers if o == side)
    if weather == "sun":
        return int(sc["sun_per_blanket"]) * blankets
    if weather == "rain":
        return int(sc["rain_per_odd"]) * odds
    raise ValueError(f"unknown weather {weather!r}")


def place_points(table: Sequence[int], persons: int) -> list[int]:
    """The points per place for a game of this many persons (the third place only from
    `third_place_min_players`): the two-colour variant is a game of two persons, so 12/6/0."""
    points = list(table)
    third_min = int(rules().scoring["third_place_min_players"])
    if persons < third_min and len(points) > 2:
        points[2:] = [0] * (len(points) - 2)
    return points


def split_ranks(values: Sequence[float | None], points: Sequence[int]) -> list[int]:
    """Points per colour for ranking `values` high to low; None takes no place.

    Tied colours sum the points of the places they occupy and split them rounded down.
    """
    ranked = sorted((v for v in values if v is not None), reverse=True)
    out = []
    for v in values:
        if v is None:
            out.append(0)
            continue
        first = ranked.index(v)
        tied = ranked.count(v)
        pot = sum(points[first:first + tied])
        out.append(pot // tied)
    return out


def waste_score(collected: Sequence[int]) -> list[tuple[int, int]]:
    """(points, bonus) per colour: 1 per collected waste, +5 to the single colour with most (none on a tie)."""
    sc = rules().scoring
    each = int(sc["waste_each"])
    top = max(collected, default=0)
    single = top > 0 and sum(1 for n in collected if n == top) == 1
    return [(n * each, int(sc["waste_most_bonus"]) if single and n == top else 0) for n in collected]


def final_parts(weather: str, screen_outers: Sequence[Sequence[str]], blankets: Sequence[int],
                odds: Sequence[int], collected: Sequence[Mapping[str, int]], areas_owned: Sequence[int],
                largest: Sequence[int | None], waste: Sequence[int],
                persons: int | None = None, most_areas: bool = True,
                largest_area: bool = True) -> list[dict[str, int]]:
    """The end-of-game parts of every colour's score (FINAL_PARTS), one dict per colour.

    `areas_owned` counts each colour's closed areas; `largest` is the size of the colour's largest
    area — the number of pieces of every colour that surround it (`engine.State.surrounding`) — or
    None when it owns none; a colour with no area takes no place. `persons` is the number of people
    playing (default: one per colour), which sets the rank points. The children's game may leave
    out either rank bonus (rulebook "Gra z dziećmi": "gra bez punktacji za obszar otoczony
    największą liczbą elementów i/lub za największą liczbę obszarów"): `most_areas` /
    `largest_area` False make that part 0 for everyone.
    """
    n = len(collected)
    persons = n if persons is None else persons
    sc = rules().scoring
    most = (split_ranks([a if a > 0 else None for a in areas_owned], place_points(sc["most_areas"], persons))
            if most_areas else [0] * n)
    big = split_ranks(largest, place_points(sc["largest_area"], persons)) if largest_area else [0] * n
    ws = waste_score(waste)
    out = []
    for c in range(n):
        kinds, sets = resource_score(collected[c])
        out.append({
            "weather": weather_score(weather, screen_outers[c], blankets[c], odds[c]),
            "resources": kinds,
            "sets": sets,
            "most_areas": most[c],
            "largest_area": big[c],
            "waste": ws[c][0],
            "waste_bonus": ws[c][1],
        })
    return out
