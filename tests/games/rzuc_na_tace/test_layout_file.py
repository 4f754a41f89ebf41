"""Your own Rzuć na tacę sheet: export, read back, check and rate against the standard sheet."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from generator.core.checks import UserInputError
from generator.core.rng import make_rng
from generator.games.rzuc_na_tace.layout_file import (
    balance_plan,
    check_layout_file,
    export_layout,
    rate_layout,
    read_layout_file,
)
from generator.games.rzuc_na_tace.model import Layout, standard_layout
from generator.games.rzuc_na_tace.setup import TOLERANCE, random_layout


def _variant() -> Layout:
    return random_layout(make_rng(5, "variant"))


@pytest.mark.parametrize("which", ["standard", "variant"])
def test_round_trip(which: str, tmp_path: Path) -> None:
    lay = standard_layout() if which == "standard" else _variant()
    path = tmp_path / "sheet.toml"
    path.write_text(export_layout(lay, f"the {which} sheet"), encoding="utf-8")
    back = read_layout_file(path)
    assert back == lay
    assert back.to_dict() == lay.to_dict()
    assert check_layout_file(back).ok


def test_export_explains_the_format() -> None:
    text = export_layout(standard_layout())
    for needle in ("# Bonus names: reroll, plus", "0 marks a pre-crossed cell", "[purple]", "rounds = { 1 = 6"):
        assert needle in text


def test_malformed_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(export_layout(standard_layout()).replace("cells = 11", "cells = 11\ncolour = 1"),
                    encoding="utf-8")
    with pytest.raises(UserInputError) as exc:
        read_layout_file(path)
    assert "\n" not in str(exc.value) and str(exc.value).startswith("bad.toml: ") and "colour" in str(exc.value)


def test_a_broken_variant_is_reported_by_rule() -> None:
    bad = dataclasses.replace(_variant(), yellow_grid=((3, 6, 5, 0), (2, 1, 0, 5), (1, 0, 2, 4), (0, 3, 4, 4)))
    assert "rzuc.yellow-values" in check_layout_file(bad).rules()


def test_standard_rates_within_the_band() -> None:
    r = rate_layout(standard_layout())
    assert r.within and r.verdict.reason == "in" and r.verdict.estimate == pytest.approx(0.0)
    assert r.plan == balance_plan() and r.plan.tolerance == TOLERANCE
    assert r.describe().startswith("against the standard sheet: +0.0%") and "within ±5%" in r.describe()
    assert "w granicach ±5%" in r.describe("pl")
    assert r.to_json()["within_band"] is True


def test_a_poorer_sheet_rates_outside_the_band() -> None:
    poor = dataclasses.replace(standard_layout(), name="mine", green_points=tuple(p // 3 for p in
                                                                                  standard_layout().green_points),
                               orange_multipliers=(1,) * 11)
    assert check_layout_file(poor).ok
    r = rate_layout(poor)
    assert not r.within and r.verdict.reason in ("out", "futile") and r.verdict.estimate < -TOLERANCE
    assert "outside ±5%" in r.describe() or "not shown within" in r.describe()


@pytest.mark.parametrize("which", ["standard", "variant"])
def test_exported_layout_prints_the_same_pages(which: str) -> None:
    from generator.games.rzuc_na_tace.draw import sheet_scene
    from generator.games.rzuc_na_tace.setup import Setup
    from generator.render.layout import get_paper
    from generator.render.pdf import pdf_bytes

    lay = standard_layout() if which == "standard" else _variant()
    back = Layout.from_dict(tomllib.loads(export_layout(lay)), source="sheet.toml")
    pdfs = [pdf_bytes(sheet_scene(Setup(x, 2, which), "RT-00-1-X", get_paper("a4"), 2, 3, "pl")) for x in (back, lay)]
    assert pdfs[0] == pdfs[1]


def test_digest_marks_the_code_and_follows_the_content() -> None:
    from generator.games.rzuc_na_tace.layout_file import layout_digest, mark_code

    std = standard_layout()
    back = Layout.from_dict(tomllib.loads(export_layout(std)))
    assert layout_digest(back) == layout_digest(std)
    assert layout_digest(_variant()) != layout_digest(std)
    assert mark_code("RT-00-1-X", std) == f"RT-00-1-X~L{layout_digest(std)}"
    assert len(layout_digest(std)) == 6
