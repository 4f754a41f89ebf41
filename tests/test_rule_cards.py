"""Rule cards: every card of every game renders in both languages on both papers, the text fits
(the overflow check bites), the numbers follow the data, and duplex backs sit behind their fronts."""

from __future__ import annotations

import dataclasses
import io
import math
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator import cards as cardjob
from generator.core.checks import UserInputError
from generator.render import layout, rulecards
from generator.render.bounds import edge_violations
from generator.render.pdf import pdf_bytes
from generator.render.scene import Use

GAMES = list(cardjob.CARD_GAMES)
MM = 72 / 25.4


def _deck(game: str, lang: str, paper: str, players: int | None = None, bleed: float = 0.0):
    mod = cardjob.card_module(game)
    n = cardjob.players_for(game, players)
    cards = cardjob.rule_cards(mod, n, lang)
    return cards, rulecards.deck_scene(cards, mod.STYLE, layout.get_paper(paper), "T-CODE", lang, bleed=bleed)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_card_renders_and_reads_back(game: str, lang: str, paper: str) -> None:
    cards, scene = _deck(game, lang, paper)
    assert scene.warnings == []  # nothing in the 3 mm safe margin, 9 cards a sheet
    assert edge_violations(scene) == []  # nothing within 5 mm of the paper edge
    fronts = [p for p in scene.pages if p.label.startswith("cards") and "front" in p.label]
    per_sheet = max(sum(1 for it in p.items if isinstance(it, Use)) for p in fronts)
    assert per_sheet == 9  # poker cards 3x3 on A4 and Letter
    sheets = math.ceil(len(cards) / per_sheet)
    assert len(scene.pages) == 2 * sheets + 2  # fronts and backs, then the duplex test sheet pair
    reader = PdfReader(io.BytesIO(pdf_bytes(scene)))
    assert len(reader.pages) == len(scene.pages)
    p = layout.get_paper(paper)
    for page in reader.pages:
        assert abs(float(page.mediabox.width) - p.w * MM) < 1 and abs(float(page.mediabox.height) - p.h * MM) < 1
    text = "".join(page.extract_text() for page in reader.pages)
    assert "T-CODE" in text
    if lang == "pl":
        assert any(ch in text for ch in "ąćęłńóśźż")
    mod = cardjob.card_module(game)
    summary = rulecards.summary_scene(cardjob.summary_cards(mod, cardjob.players_for(game, None), lang), mod.STYLE, p,
                                      "T-CODE", lang, "S")
    assert len(summary.pages) == 1 and edge_violations(summary) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_player_count_gets_one_aid_per_player(game: str) -> None:
    mod = cardjob.card_module(game)
    base = len(cardjob.summary_cards(mod, mod.PLAYERS[0], "en"))
    for n in mod.PLAYERS:
        assert len(cardjob.rule_cards(mod, n, "en")) == base + n


def test_overflow_is_an_error_naming_the_card() -> None:
    mod = cardjob.card_module("plazing")
    long = rulecards.RuleCard("test/too-long.en", "# Too long\n" + "\n".join(f"- line {i} " + "word " * 12
                                                                            for i in range(40)))
    with pytest.raises(rulecards.CardOverflowError, match="test/too-long.en"):
        rulecards.deck_scene([long], mod.STYLE, layout.get_paper("a4"), "C", "en")
    wide = rulecards.RuleCard("test/wide.en", "# T\n- " + "x" * 80)  # one word wider than the card
    with pytest.raises(rulecards.CardOverflowError, match="test/wide.en"):
        rulecards.deck_scene([wide], mod.STYLE, layout.get_paper("a4"), "C", "en")
    short = rulecards.RuleCard("test/fits.en", "# Fits\n- a short line")
    rulecards.deck_scene([short], mod.STYLE, layout.get_paper("a4"), "C", "en")


def test_text_shrinks_but_never_below_the_floor() -> None:
    mod = cardjob.card_module("plazing")
    body = "\n".join(f"- item {i} with a few more words" for i in range(17))
    scene = rulecards.deck_scene([rulecards.RuleCard("t.en", "# Shrink\n" + body)], mod.STYLE,
                                 layout.get_paper("a4"), "C", "en")
    sizes = {it.size for it in scene.symbols["rc-card-0"].items if hasattr(it, "size") and it.text.startswith("item")}
    assert sizes and min(sizes) >= rulecards.MIN_PT and max(sizes) < rulecards.MAX_PT


def _texts(scene) -> str:
    return " ".join(it.text for sym in scene.symbols.values() for it in sym.items if hasattr(it, "text"))


def test_plazing_cards_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.plazing import cards as pz_cards
    from generator.games.plazing import model, scoring

    before = " ".join(c.text for c in cardjob.rule_cards(cardjob.card_module("plazing"), 4, "en"))
    raw = {**model.rules().raw}
    raw["scoring"] = {**raw["scoring"], "set_bonus": 17, "resource_points": [2, 4, 7, 11, 16, 22, 29, 37, 46, 56,
                                                                             67, 79, 92, 106]}
    raw["pieces"] = {**raw["pieces"], "screen": {**raw["pieces"]["screen"], "count": 11}}
    changed = model.Rules(raw)
    monkeypatch.setattr(pz_cards, "rules", lambda: changed)
    monkeypatch.setattr(scoring, "rules", lambda: changed)  # the tables come through the engine's scoring
    after = " ".join(c.text for c in cardjob.rule_cards(cardjob.card_module("plazing"), 4, "en"))
    assert "+17" in after and "+17" not in before
    assert "11 screens" in after and "106" in after and "106" not in before


def test_roll_and_write_cards_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.plazing_rw import cards as prw_cards

    before = " ".join(c.text for c in cardjob.rule_cards(prw_cards, 2, "en"))
    changed = dataclasses.replace(prw_cards.scoring(), set_bonus=23, area_max=5)
    monkeypatch.setattr(prw_cards, "scoring", lambda: changed)
    after = " ".join(c.text for c in cardjob.rule_cards(prw_cards, 2, "en"))
    assert "+23" in after and "+23" not in before
    assert "at most 5 squares" in after


def test_rzuc_cards_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.rzuc_na_tace import cards as rz_cards

    lay = rz_cards.standard_layout()
    changed = dataclasses.replace(lay, yellow_column_points=(11, 13, 17, 19),
                                  rounds=tuple((p, r + 1) for p, r in lay.rounds))
    monkeypatch.setattr(rz_cards, "standard_layout", lambda: changed)
    text = " ".join(c.text for c in cardjob.rule_cards(rz_cards, 4, "en"))
    assert "11 / 13 / 17 / 19" in text
    assert f"{dict(lay.rounds)[4] + 1} rounds" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_duplex_backs_sit_behind_their_fronts(paper: str, bleed: float) -> None:
    """Long-edge duplex: a back printed on the reverse lands at x' = page_w - x - w (same y)."""
    _, scene = _deck("plazing", "en", paper, bleed=bleed)
    w, _ = layout.card_size_with_bleed(rulecards.CARD_W, rulecards.CARD_H, bleed)
    card_pages = [p for p in scene.pages if p.label.startswith("cards")]
    for front, back in zip(card_pages[0::2], card_pages[1::2], strict=True):
        assert "front" in front.label and "back" in back.label
        fu = [it for it in front.items if isinstance(it, Use)]
        bu = [it for it in back.items if isinstance(it, Use)]
        assert len(fu) == len(bu)
        for f, b in zip(fu, bu, strict=True):
            if f.rotate == 0:
                assert abs((front.w - f.x - w) - b.x) < 1e-6 and abs(f.y - b.y) < 1e-6
            else:  # a quarter-turned card (bleed): the back turned the other way, still behind it
                assert {f.rotate, b.rotate} == {90, 270} or f.rotate == b.rotate
    assert [p.label for p in scene.pages[-2:]] == ["duplex test front", "duplex test back"]


def test_cards_job_writes_a_unit_and_rejects_bad_input(tmp_path) -> None:
    files, warnings = cardjob.write_cards("rzuc-na-tace", "both", 2, "pl", "a4", 0.0, 0.0, tmp_path)
    assert warnings == []
    _, bled = cardjob.write_cards("rzuc-na-tace", "deck", 2, "en", "letter", 3.0, 0.0, tmp_path)
    assert any("bleed 3 mm" in w for w in bled)  # bleed costs cards per sheet: said, not silent
    assert {f.name for f in files} == {"deck.pdf", "deck.png", "summary.pdf", "command.txt"}
    assert all(f.is_file() and f.stat().st_size > 1000 for f in files if f.suffix != ".txt")
    assert not [p for p in (tmp_path / "cards").iterdir() if p.name.startswith(".")]
    with pytest.raises(UserInputError, match="--players 7"):
        cardjob.write_cards("rzuc-na-tace", "deck", 7, "pl", "a4", 0.0, 0.0, tmp_path)
    with pytest.raises(UserInputError, match="no rule cards"):
        cardjob.write_cards("chess", "deck", None, "pl", "a4", 0.0, 0.0, tmp_path)
    with pytest.raises(UserInputError, match="--format"):
        cardjob.write_cards("plazing", "poster", None, "pl", "a4", 0.0, 0.0, tmp_path)


def test_planety_cards_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.planety import cards as pl_cards

    cat = pl_cards.builtin_catalog()
    changed = dataclasses.replace(cat, win_life=5, full_bonus=4, tokens={**cat.tokens, "asteroid": 41})
    monkeypatch.setattr(pl_cards, "builtin_catalog", lambda: changed)
    text = " ".join(c.text for c in cardjob.rule_cards(pl_cards, 3, "en"))
    assert "5 life" in text and "+4 tokens" in text and "41 asteroids" in text


def test_cards_command_line(tmp_path) -> None:
    import subprocess
    import sys

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "generator", "cards", *args, "--out", str(tmp_path)],
                              capture_output=True, text=True, timeout=300)

    ok = run("plazing", "--format", "page", "--lang", "en", "--paper", "letter")
    assert ok.returncode == 0, ok.stderr
    assert (tmp_path / "cards" / "plazing-cards-4p-en" / "summary.pdf").is_file()
    assert (tmp_path / "index.html").is_file()
    for bad in (["chess"], ["plazing", "--players", "7"], ["plazing", "--format", "poster"],
                ["plazing", "--bleed", "9"]):
        r = run(*bad)
        assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, bad


def test_winnice_cards_follow_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.games.winnice import cards as wn_cards

    cat = wn_cards.default_catalog()
    changed = dataclasses.replace(cat, win_red=11, harvest=((2, 1), (3, 2), (5, 4)),
                                  sale=((4, 7, 13), *cat.sale[1:]))
    monkeypatch.setattr(wn_cards, "default_catalog", lambda: changed)
    text = " ".join(c.text for c in cardjob.rule_cards(wn_cards, 2, "en"))
    assert "11P" in text and "5 × 5 or more | 4P" in text and "| yellow | 4 | 7 | 13 |" in text


@pytest.mark.parametrize("game", ["plazing", "winnice", "planety"])
def test_every_setup_command_writes_a_setup_card(game: str, tmp_path) -> None:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "generator", game, "setup", "--seed", "6", "--playouts", "2",
                        "--lang", "pl", "--json", "--out", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    import json

    doc = json.loads(r.stdout)
    card = Path(doc["files"]["setup_card"])
    assert card.is_file() and card.parent.name == doc["code"]
    text = "".join(p.extract_text() for p in PdfReader(str(card)).pages)
    assert doc["code"] in text and "Sprawdzone" in text and "Rozgrywki botów" in text
    for english in ("completed", "wins per seat", "bots:", "length"):
        assert english not in text, english  # a Polish card is Polish throughout
    assert "ukończone 2/2" in text and "wygrane wg miejsc" in text


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_setup_card_words_unfinished_games_and_each_figure(lang: str) -> None:
    played = [rulecards.Played("greedy", 4, 3, "rounds", {"mean": 12.25, "min": 10, "max": 15}, (0.5, 0.25, 0.25),
                               (("drought_hits", "1,5"),)),
              rulecards.Played("random", 4, 4, "turns", {"mean": 30.0, "min": 20, "max": 40}, (1.0, 0.0), ())]
    scene = rulecards.setup_card_scene(rulecards.DeckStyle("Gra", "#336699"), "gra", "XX-1", lang,
                                       layout.get_paper("a4"), ["fakt"], played)
    text = PdfReader(io.BytesIO(pdf_bytes(scene))).pages[0].extract_text()
    flat = " ".join(text.split())
    if lang == "pl":
        for part in ("boty zachłanne: ukończone 3/4 — NIE WSZYSTKIE SIĘ KOŃCZĄ", "średnio 12,2 rund (10–15)",
                     "50% / 25% / 25%", "susze na grę (średnio): 1,5", "boty losowe: ukończone 4/4", "30,0 tur"):
            assert part in flat, part
    else:
        for part in ("greedy bots: 3/4 completed — NOT ALL GAMES END", "mean 12.2 rounds (10–15)",
                     "droughts per game (mean): 1,5", "random bots: 4/4 completed", "30.0 turns"):
            assert part in flat, part
    empty = rulecards.setup_card_scene(rulecards.DeckStyle("Gra", "#336699"), "gra", "XX-1", lang,
                                       layout.get_paper("a4"), ["fakt"], [])
    none = PdfReader(io.BytesIO(pdf_bytes(empty))).pages[0].extract_text()
    assert "--playouts 0" in none
