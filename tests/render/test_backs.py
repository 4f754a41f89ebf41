"""Single-sided decks: `backs` = fold lays each front beside its back across a fold line, none prints
fronts only (duplex is tests/render/test_print.py's test_duplex_backs_land_behind_their_fronts)."""

from __future__ import annotations

import pytest

from generator.render import layout
from generator.render.layout import get_paper
from generator.render.pdf import Matrix, use_matrix
from generator.render.scene import Line, Page, Rect, Scene, Symbol, Text, Use

from .conftest import CODE


def _deck(n: int, bleed: float) -> tuple[Scene, list[str], list[str]]:
    sc = Scene(title="Cards")
    cw, ch = layout.card_size_with_bleed(63, 88, bleed)
    fronts, backs = [], []
    for i in range(n):
        for side, names in (("f", fronts), ("b", backs)):
            sc.add_symbol(Symbol(f"{side}{i}", cw, ch, [Rect(0, 0, cw, ch, fill="#fff8e0"),
                                                        Text(cw / 2, ch / 2, f"{side} {i}", 10, anchor="middle")]))
            names.append(f"{side}{i}")
    return sc, fronts, backs


def _placed(page: Page, sc: Scene) -> dict[str, Matrix]:
    """symbol name -> the matrix placing it on the page, through one level of nesting (the fold pair)."""
    out = {}
    for use in (u for u in page.items if isinstance(u, Use)):
        outer = use_matrix(use, sc.symbols[use.name])
        out[use.name] = outer
        for inner in (i for i in sc.symbols[use.name].items if isinstance(i, Use)):
            out[inner.name] = outer @ use_matrix(inner, sc.symbols[inner.name])
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("bleed", "gap"), [(0.0, 0.0), (3.0, 0.0), (0.0, 2.0)])
def test_fold_puts_each_back_opposite_its_front(paper: str, bleed: float, gap: float) -> None:
    """Folded on its line, each front point (u, v) lies on the back point (w - u, v) — the point a
    long-edge duplex back would put behind it: the mirror image across the fold, within 0.1 mm."""
    sc, fronts, backs = _deck(11, bleed)
    imp = layout.impose(sc, fronts, backs, 63, 88, get_paper(paper), CODE, bleed=bleed, gap=gap, sides="fold")
    assert not sc.duplex and all("backs" not in p.label for p in imp.pages)
    seen = 0
    for page in imp.pages:
        placed = _placed(page, sc)
        for i in range(11):
            if f"f{i}" not in placed:
                continue
            seen += 1
            f, b = placed[f"f{i}"], placed[f"b{i}"]
            sym = sc.symbols[f"f{i}"]
            # the fold line: the front's trim edge that the back shares
            pair = next(u for u in page.items if isinstance(u, Use) and u.name.startswith(f"f{i}~fold~"))
            pm = use_matrix(pair, sc.symbols[pair.name])
            (x0, y0), (x1, y1) = pm.apply(bleed + 63, 0), pm.apply(bleed + 63, 1)
            dx, dy = x1 - x0, y1 - y0
            norm = (dx * dx + dy * dy) ** 0.5
            dx, dy = dx / norm, dy / norm

            def mirror(x: float, y: float) -> tuple[float, float]:
                t = (x - x0) * dx + (y - y0) * dy  # noqa: B023
                px, py = x0 + t * dx, y0 + t * dy  # noqa: B023
                return 2 * px - x, 2 * py - y

            for u, v in ((bleed, bleed), (bleed + 63, bleed), (bleed, bleed + 88), (bleed + 63, bleed + 88),
                         (20, 30)):
                assert mirror(*f.apply(u, v)) == pytest.approx(b.apply(sym.w - u, v), abs=0.1)
            # the faces meet on the fold: the front's inner trim edge is the back's
            assert f.apply(bleed + 63, bleed) == pytest.approx(b.apply(bleed, bleed), abs=0.1)
    assert seen == 11


def test_fold_crop_marks_are_outside_the_pair_never_on_the_fold() -> None:
    sc, fronts, backs = _deck(4, 0.0)
    page = layout.impose(sc, fronts, backs, 63, 88, get_paper("a4"), CODE, sides="fold").pages[0]
    grid = layout.plan_cards(126, 88, get_paper("a4"))
    x, y, w, h = grid.trim_box(0.0, 4)
    folds = set()
    for pair in (u for u in page.items if isinstance(u, Use)):
        pm = use_matrix(pair, sc.symbols[pair.name])
        folds.add(tuple(round(c, 3) for c in pm.apply(63, 0)))
    marks = [i for i in page.items if isinstance(i, Line)]
    assert marks
    for m in marks:  # every mark outside the block of pairs
        inside = x + 0.01 < m.x1 < x + w - 0.01 and y + 0.01 < m.y1 < y + h - 0.01
        assert not inside
        horizontal = abs(m.y1 - m.y2) < 1e-9
        for fx, fy in folds:
            if grid.rotate:
                assert not (horizontal and abs(m.y1 - fy) < 0.01)
            else:
                assert not (not horizontal and abs(m.x1 - fx) < 0.01)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_none_prints_fronts_only(paper: str) -> None:
    sc, fronts, backs = _deck(11, 0.0)
    pages = layout.impose_cards(sc, fronts, backs, 63, 88, get_paper(paper), CODE, sides="none")
    assert len(pages) == 2 and not sc.duplex
    used = {u.name for p in pages for u in p.items if isinstance(u, Use)}
    assert used == set(fronts)


def test_an_unknown_backs_mode_is_one_line() -> None:
    sc, fronts, backs = _deck(1, 0.0)
    with pytest.raises(ValueError, match="unknown backs 'both' \\(choose duplex, fold, none\\)"):
        layout.impose(sc, fronts, backs, 63, 88, get_paper("a4"), CODE, sides="both")


@pytest.mark.parametrize("backs", layout.BACKS_MODES)
def test_every_card_printing_function_takes_backs(backs: str) -> None:
    """The rule-card deck, the setup card, Plażing's event deck and Winnice's cards, each with each
    mode: duplex has a backs sheet per fronts sheet, fold only fold sheets, none only fronts."""
    from generator import cards
    from generator.games.plazing import draw as pz_draw
    from generator.games.plazing.model import Options as PzOptions
    from generator.games.plazing.setup import generate as pz_generate
    from generator.games.winnice import draw as wn_draw
    from generator.games.winnice.model import default_catalog
    from generator.games.winnice.setup import generate as wn_generate
    from generator.render import rulecards

    a4 = get_paper("a4")
    mod = cards.card_module("planety")
    scenes = {
        "rules": rulecards.deck_scene(cards.rule_cards(mod, 4, "pl"), mod.STYLE, a4, CODE, "pl", backs=backs),
        "setup card": rulecards.setup_card_scene(mod.STYLE, "planety", CODE, "en", a4, ["x"], [], backs=backs),
        "events": pz_draw.events_scene(pz_generate(PzOptions(players=4, surprises=True, events=True), 3), CODE, a4,
                                       "pl", backs=backs),
        "winnice": wn_draw.cards_scene(wn_generate(2, 3, default_catalog()), default_catalog(), CODE, a4, "pl",
                                       backs=backs),
    }
    for what, sc in scenes.items():
        labels = [p.label for p in sc.pages if p.label.startswith("cards")]
        kinds = {label.split()[-1] for label in labels}
        assert kinds == {"duplex": {"fronts", "backs"}, "fold": {"fold"}, "none": {"fronts"}}[backs], what
        if backs == "duplex":
            assert len([x for x in labels if x.endswith("backs")]) == len([x for x in labels if x.endswith("fronts")])
        assert sc.duplex == (backs == "duplex"), what


def test_fold_bleed_note_counts_card_pairs() -> None:
    sc, fronts, backs = _deck(20, 5.0)
    imp = layout.impose(sc, fronts, backs, 63, 88, get_paper("letter"), CODE, bleed=5.0, sides="fold")
    assert "bleed 5 mm: 2 card pairs per letter sheet instead of 4 (10 sheets instead of 5)" in imp.warnings
    assert len(imp.pages) == 10
