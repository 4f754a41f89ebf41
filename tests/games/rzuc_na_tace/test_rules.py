"""Scoring and legality of a filled sheet, the layout checker, and every bonus of the sheet."""

from __future__ import annotations

import dataclasses

import pytest

from generator.core.checks import UserInputError
from generator.games.rzuc_na_tace.model import Layout, standard_layout
from generator.games.rzuc_na_tace.rules import (
    BLUE_X,
    FOX,
    GREEN_X,
    PLUS,
    REROLL,
    YELLOW_X,
    bonus_code,
    check_filled,
    check_layout,
    parse_filled,
    score,
)

from .conftest import Marks


def filled(**kw: object) -> dict[str, object]:
    body: dict[str, object] = {"layout": "standard"}
    body.update(kw)
    return body


# -- the rulebook's numbers ------------------------------------------------------------------

@pytest.mark.parametrize(("crosses", "points"), [(0, 0), (1, 1), (4, 7), (9, 37), (11, 56)])
def test_blue_points_from_the_rulebook(crosses: int, points: int) -> None:
    sums = list(range(2, 2 + crosses))
    rep, sh = check_filled(parse_filled(filled(blue=sums)))
    assert rep.ok
    assert score(sh)["blue"] == points


def test_green_points_are_those_of_the_last_cross() -> None:
    for n, pts in [(0, 0), (1, 1), (5, 15), (11, 66)]:
        _, sh = check_filled(parse_filled(filled(green=n)))
        assert score(sh)["green"] == pts


def test_yellow_column_scores_only_when_complete() -> None:
    # column 1: 3, 2, 1 and the pre-cross in row 4
    _, sh = check_filled(parse_filled(filled(yellow=[[1, 1], [2, 1], [3, 1]])))
    assert score(sh)["yellow"] == 10
    _, sh = check_filled(parse_filled(filled(yellow=[[1, 1], [2, 1]])))
    assert score(sh)["yellow"] == 0


def test_orange_multipliers() -> None:
    vals = [6] * 11
    _, sh = check_filled(parse_filled(filled(orange=vals)))
    # x1 on 7 cells, x2 on 3 cells, x3 on the last
    assert score(sh)["orange"] == 6 * (7 + 6 + 3)


# -- hand-computed full sheets -------------------------------------------------------------------

def test_hand_computed_sheet_a() -> None:
    body = filled(
        yellow=[[1, 1], [2, 1], [3, 1], [2, 4], [3, 4], [4, 4], [4, 2], [4, 3]],  # cols 1 and 4, row 4
        blue=[2, 3, 4, 5, 9],            # 5 crosses
        green=7,                         # 28 (7th cross), fox on cell 7
        orange=[3, 4, 5, 6, 2, 1, 6, 5],  # 3+4+5+12+2+1+12+5 = 44, fox on cell 8
        purple=[1, 3, 6, 2, 5],          # 17
        reroll={"gained": 3, "used": 2}, plus={"gained": 1, "used": 1}, foxes=3)
    rep, sh = check_filled(parse_filled(body))
    assert rep.ok, rep.to_json()
    assert score(sh) == {"yellow": 30, "blue": 11, "green": 28, "orange": 44, "purple": 17,
                         "foxes": 3, "fox_points": 33, "total": 163}


def test_hand_computed_sheet_b_everything_full() -> None:
    yellow = [[r, c] for r in range(1, 5) for c in range(1, 5) if r + c != 5]
    body = filled(yellow=yellow, blue=list(range(2, 13)), green=11, orange=[6] * 11,
                  purple=[1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5])
    rep, sh = check_filled(parse_filled(body))
    assert rep.ok
    # yellow 60, blue 56, green 66, orange 96, purple 36; foxes: yellow row 4, blue row 3,
    # green 7, orange 8, purple 7 = 5 foxes x 36
    assert score(sh) == {"yellow": 60, "blue": 56, "green": 66, "orange": 96, "purple": 36,
                         "foxes": 5, "fox_points": 180, "total": 494}


def test_empty_sheet_scores_zero() -> None:
    rep, sh = check_filled(parse_filled(filled()))
    assert rep.ok and score(sh)["total"] == 0


# -- legality of every area ----------------------------------------------------------------------

@pytest.mark.parametrize(("body", "rule"), [
    (filled(yellow=[[5, 1]]), "rzuc.yellow-cell"),
    (filled(yellow=[[1, 1], [1, 1]]), "rzuc.yellow-cell"),
    (filled(blue=[1]), "rzuc.blue-sum"),
    (filled(blue=[13]), "rzuc.blue-sum"),
    (filled(blue=[7, 7]), "rzuc.blue-sum"),
    (filled(green=12), "rzuc.green-threshold"),
    (filled(green=[1, 2, 2]), "rzuc.green-threshold"),  # cell 3 needs >= 3
    (filled(orange=[7]), "rzuc.orange-value"),
    (filled(orange=[1] * 12), "rzuc.orange-value"),
    (filled(purple=[3, 3]), "rzuc.purple-rising"),
    (filled(purple=[4, 2]), "rzuc.purple-rising"),
    (filled(purple=[0]), "rzuc.purple-rising"),
    (filled(reroll={"gained": 2, "used": 3}), "rzuc.track"),
    (filled(plus={"gained": 8, "used": 0}), "rzuc.track"),
    (filled(green=7, foxes=0), "rzuc.fox-count"),
])
def test_each_area_rule_is_checked(body: dict[str, object], rule: str) -> None:
    rep, _ = check_filled(parse_filled(body))
    assert rule in rep.rules(), rep.to_json()


def test_legal_edge_cases_pass() -> None:
    rep, _ = check_filled(parse_filled(filled(purple=[6, 6, 1, 6, 2], green=[1, 2, 3, 4, 5, 1])))
    # (a listed pre-cross is no longer legal: the audit's item 9, see the pre-crossed yellow test)
    assert rep.ok, rep.to_json()


@pytest.mark.parametrize("body", [
    [1, 2], {"yellow": "all"}, {"yellow": [[1]]}, {"blue": [2, "3"]}, {"green": True},
    {"reroll": 3}, {"layout": 5}, {"colour": "red"}, {"foxes": "two"},
])
def test_malformed_bodies_raise_one_line_errors(body: object) -> None:
    with pytest.raises(UserInputError) as e:
        parse_filled(body)
    assert "\n" not in str(e.value)


# -- bonuses (each, and chained) ---------------------------------------------------------------

def test_yellow_row_and_diagonal_bonuses(sheet: Marks) -> None:
    assert sheet.cross_yellow(0) == ()
    assert sheet.cross_yellow(1) == ()
    assert sheet.cross_yellow(2) == (BLUE_X,)  # row 1 (its 4th cell is pre-crossed)
    sheet.cross_yellow(5)
    sheet.cross_yellow(10)
    # cell 15 completes the main diagonal; row 4 (12 pre-crossed, 13, 14, 15) is not complete
    assert sheet.cross_yellow(15) == (PLUS,)
    sheet.cross_yellow(13)
    assert sheet.cross_yellow(14) == (FOX,)


def test_yellow_rows(sheet: Marks) -> None:
    sheet.cross_yellow(13)
    sheet.cross_yellow(14)
    assert sheet.cross_yellow(15) == (FOX,)
    sheet.cross_yellow(4)
    sheet.cross_yellow(5)
    assert sheet.cross_yellow(7) == (bonus_code("orange_4"),)
    sheet.cross_yellow(8)
    sheet.cross_yellow(10)
    assert sheet.cross_yellow(11) == (GREEN_X,)


def test_blue_row_and_column_bonuses(sheet: Marks) -> None:
    assert sheet.cross_blue(5) == ()
    assert sheet.cross_blue(9) == (REROLL,)  # column {5, 9}
    sheet.cross_blue(2)
    sheet.cross_blue(3)
    assert sheet.cross_blue(4) == (bonus_code("orange_5"),)
    sheet.cross_blue(6)
    sheet.cross_blue(7)
    assert sheet.cross_blue(8) == (YELLOW_X,)  # row 2; column {4, 8, 12} still lacks 12
    assert sheet.cross_blue(12) == (PLUS,)
    assert sheet.cross_blue(10) == (GREEN_X,)  # column {2, 6, 10}
    assert sheet.cross_blue(11) == (FOX, bonus_code("purple_6"))  # row 3 and column {3, 7, 11}


def test_cell_bonuses_of_green_orange_purple(sheet: Marks) -> None:
    fired = [sheet.cross_green() for _ in range(11)]
    assert [i + 1 for i, f in enumerate(fired) if f] == [4, 6, 7, 9, 10]
    assert fired[3] == (PLUS,) and fired[5] == (BLUE_X,) and fired[6] == (FOX,)
    assert fired[8] == (bonus_code("purple_6"),) and fired[9] == (REROLL,)
    fired = [sheet.write_orange(1) for _ in range(11)]
    assert [i + 1 for i, f in enumerate(fired) if f] == [3, 5, 6, 8, 10]
    fired = [sheet.write_purple(v) for v in (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5)]
    names = [f for f in fired if f]
    assert names == [(REROLL,), (BLUE_X,), (PLUS,), (YELLOW_X,), (FOX,), (REROLL,), (GREEN_X,),
                     (bonus_code("orange_6"),), (PLUS,)]


def test_purple_rule(sheet: Marks) -> None:
    assert sheet.purple_ok(1)
    sheet.write_purple(3)
    assert not sheet.purple_ok(3) and not sheet.purple_ok(2) and sheet.purple_ok(4)
    sheet.write_purple(6)
    assert all(sheet.purple_ok(v) for v in range(1, 7))


def test_green_threshold(sheet: Marks) -> None:
    thresholds = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6]
    for thr in thresholds:
        assert not sheet.green_ok(thr - 1)
        assert sheet.green_ok(thr)
        sheet.cross_green()
    assert not sheet.green_ok(6)


# -- the layout checker ----------------------------------------------------------------------------

def test_standard_layout_is_legal(layout: Layout) -> None:
    assert check_layout(layout).ok
    assert check_layout(layout, reference=layout).ok


def _with(layout: Layout, **changes: object) -> Layout:
    return dataclasses.replace(layout, **changes)


@pytest.mark.parametrize(("changes", "rule"), [
    ({"yellow_grid": ((3, 6, 5, 0), (2, 1, 0, 5), (1, 0, 2, 4), (0, 3, 4, 4))}, "rzuc.yellow-values"),
    ({"yellow_grid": ((0, 6, 5, 3), (2, 1, 0, 5), (1, 0, 2, 4), (3, 0, 4, 6))}, "rzuc.yellow-precross"),
    ({"yellow_grid": ((3, 3, 5, 0), (2, 1, 0, 5), (1, 0, 2, 4), (0, 6, 4, 6))}, "rzuc.yellow-spread"),
    ({"yellow_grid": ((3, 6, 5),)}, "rzuc.yellow-shape"),
    ({"blue_grid": ((0, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 11))}, "rzuc.blue-grid"),
    ({"blue_points": (0, 1, 2)}, "rzuc.blue-points"),
    ({"green_thresholds": (1, 2, 7)}, "rzuc.green-thresholds"),
    ({"orange_multipliers": (0,) * 11}, "rzuc.orange-multipliers"),
    ({"green_bonuses": ((12, "fox"),)}, "rzuc.bonus-cell"),
    ({"rounds": ((1, 6), (2, 6))}, "rzuc.rounds"),
    ({"plus_track": 0}, "rzuc.tracks"),
])
def test_layout_rules(layout: Layout, changes: dict[str, object], rule: str) -> None:
    assert rule in check_layout(_with(layout, **changes)).rules()


def test_variant_must_keep_the_standard(layout: Layout) -> None:
    moved = _with(layout, green_bonuses=((4, "plus"), (6, "blue_x"), (7, "fox"), (9, "purple_6"),
                                         (11, "reroll")))
    assert check_layout(moved, reference=layout).ok
    changed = _with(layout, green_bonuses=((4, "plus"), (6, "fox"), (7, "fox"), (9, "purple_6"),
                                           (10, "reroll")))
    assert "rzuc.variant-bonuses" in check_layout(changed, reference=layout).rules()
    early = _with(layout, orange_bonuses=((1, "reroll"), (5, "yellow_x"), (6, "plus"), (8, "fox"),
                                          (10, "purple_6")))
    assert "rzuc.variant-bonuses" in check_layout(early, reference=layout).rules()
    assert "rzuc.variant-keeps" in check_layout(_with(layout, blue_points=(0,) * 12), reference=layout).rules()


def test_layout_round_trips_through_its_dict(layout: Layout) -> None:
    assert Layout.from_dict(layout.to_dict()) == layout
    assert standard_layout() is standard_layout()


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("yellow"),
    lambda d: d["yellow"].update(grid="x"),
    lambda d: d["green"].update(bonuses={"a": "fox"}),
    lambda d: d["orange"].update(bonuses={"3": "dragon"}),
    lambda d: d["tracks"].update(plus="7"),
    lambda d: d.update(rounds={"two": 6}),
])
def test_malformed_layouts_raise_one_line_errors(layout: Layout, mutate) -> None:  # type: ignore[no-untyped-def]
    d = layout.to_dict()
    mutate(d)
    with pytest.raises(UserInputError) as e:
        Layout.from_dict(d)
    assert "\n" not in str(e.value)


# -- review additions ---------------------------------------------------------------------------------

def test_tracks_cannot_hold_more_than_the_marks_and_rounds_give() -> None:
    # no marks: the round track gives at most 2 re-rolls (R1, R3) and 1 +1 (R2)
    rep, _ = check_filled(parse_filled(filled(reroll={"gained": 2, "used": 2}, plus={"gained": 1, "used": 0})))
    assert rep.ok, rep.to_json()
    for body in (filled(reroll={"gained": 3, "used": 0}), filled(plus={"gained": 2, "used": 0})):
        assert "rzuc.track" in check_filled(parse_filled(body))[0].rules()
    # orange cells 3 and 6 fire a re-roll and a +1
    rep, _ = check_filled(parse_filled(filled(orange=[1] * 6, reroll={"gained": 3, "used": 0},
                                              plus={"gained": 2, "used": 2})))
    assert rep.ok, rep.to_json()


def test_unknown_track_keys_are_refused() -> None:
    with pytest.raises(UserInputError, match="usd"):
        parse_filled(filled(reroll={"gained": 1, "usd": 1}))


@pytest.mark.parametrize("changes", [
    {"yellow_row_bonuses": ("fox",)}, {"yellow_column_points": (10,)}, {"blue_row_bonuses": ("fox",)},
    {"blue_column_bonuses": ("fox",)}, {"blue_grid": ((0, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, -12))},
    {"green_points": (0, 1)}, {"yellow_grid": ((3, 6, 5),)}, {"purple_cells": 0},
])
def test_a_filled_sheet_on_an_illegal_layout_is_a_one_line_input_error(layout: Layout, changes: dict[str, object]
                                                                       ) -> None:
    # these layouts used to crash while building the tables (IndexError, KeyError)
    body = filled(layout=_with(layout, **changes).to_dict(), orange=[1, 2], green=2, blue=[5], yellow=[[1, 1]])
    with pytest.raises(UserInputError, match="not a legal sheet") as e:
        check_filled(parse_filled(body))
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(("changes", "rule"), [
    ({"orange_multipliers": (1,) * 10 + (10**400,)}, "rzuc.orange-multipliers"),
    ({"yellow_column_points": (10, 14, 16, 10**6)}, "rzuc.yellow-lines"),
    ({"blue_points": (0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 10**6)}, "rzuc.blue-points"),
    ({"green_points": (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 10**6)}, "rzuc.green-points"),
    ({"purple_cells": 21}, "rzuc.purple-cells"),
    ({"round_bonuses": ("fox", "plus", "reroll", "choice")}, "rzuc.rounds"),
    ({"choice": ("reroll", "yellow_x")}, "rzuc.rounds"),
])
def test_layout_bounds_and_round_bonuses(layout: Layout, changes: dict[str, object], rule: str) -> None:
    assert rule in check_layout(_with(layout, **changes)).rules()


def test_a_cross_on_a_pre_crossed_yellow_cell_is_a_violation() -> None:
    """Audit (issue 8 item 9): `score` accepted a cross on a ■ cell of the standard sheet."""
    pre = [(r + 1, c + 1) for r, row in enumerate(standard_layout().yellow_grid) for c, v in enumerate(row) if v == 0]
    assert len(pre) == 4
    for r, c in pre:
        rep, _ = check_filled(parse_filled({"layout": "standard", "yellow": [[r, c]]}))
        assert [v.rule for v in rep.violations] == ["rzuc.yellow-cell"] and "pre-crossed" in rep.violations[0].message
    free = next((r + 1, c + 1) for r, row in enumerate(standard_layout().yellow_grid) for c, v in enumerate(row) if v)
    rep, _ = check_filled(parse_filled({"layout": "standard", "yellow": [list(free)]}))
    assert rep.ok
