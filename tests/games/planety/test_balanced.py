"""The fairer big bang (issue 24): stranded rates on the summary and the setup card, and the balanced
option, coded in the setup code without changing any code made before it."""

from __future__ import annotations

import dataclasses

import pytest

from generator.core.checks import GenerationError
from generator.core.rng import CodeError
from generator.games.planety import balance, draw
from generator.games.planety.model import Setup, builtin_catalog
from generator.games.planety.rules import CODE, check
from generator.games.planety.setup import generate, regenerates

CAT = builtin_catalog()
#: seeds whose ordinary 4-player big bang strands a greedy player in 5 % or more of the games
STRANDING = (15, 27, 35, 46, 56)


def test_old_codes_decode_to_the_same_ordinary_setups():
    code = CODE.encode({"players": 4}, 35)
    assert code == "PN-2-13-K"  # the code every version wrote for 4 players and seed 35
    assert CODE.decode(code) == ({"players": 4, "balanced": False}, 35)
    assert CODE.encode({"players": 4, "balanced": False}, 35) == code


def test_a_balanced_code_round_trips_and_has_one_spelling():
    code = CODE.encode({"players": 3, "balanced": True}, 35)
    assert code.startswith("PN-11-")
    assert CODE.decode(code) == ({"players": 3, "balanced": True}, 35)
    body = code.rsplit("-", 1)[0].replace("PN-11-", "PN-10-")
    from generator.core.rng import _check_char

    with pytest.raises(CodeError, match="ordinary big bang is coded 1"):
        CODE.decode(f"{body}-{_check_char(body)}")


@pytest.mark.parametrize("seed", STRANDING)
def test_balanced_keeps_the_greedy_stranded_rate_under_the_bound(seed):
    lim = balance.limits()
    plain = generate(4, seed)
    assert balance.stranded_rate(plain, CAT) >= lim.stranded_max  # the ordinary big bang strands
    fair = generate(4, seed, balanced=True)
    assert balance.stranded_rate(fair, CAT) < lim.stranded_max
    assert fair.balanced and fair.rejected >= 1 and fair.throws > plain.throws
    assert check(fair, CAT, CODE.encode({"players": 4, "balanced": True}, seed)).ok
    again = regenerates(Setup.from_json(fair.to_json()), CAT)
    assert again is not None and again.throws == fair.throws and again.rejected == fair.rejected


def test_balanced_keeps_an_already_fair_big_bang():
    plain, fair = generate(4, 0), generate(4, 0, balanced=True)
    assert balance.stranded_rate(plain, CAT) < balance.limits().stranded_max
    assert (fair.faces, fair.throws, fair.rejected) == (plain.faces, plain.throws, 0)
    assert "balanced" not in plain.to_json() and fair.to_json()["balanced"] is True


def test_balanced_gives_up_after_its_tries_and_says_so(monkeypatch):
    lim = dataclasses.replace(balance.limits(), tries=1)
    monkeypatch.setattr(balance, "limits", lambda: lim)
    with pytest.raises(GenerationError, match=r"1 playable big bangs tried .*15.0%.*data/playability.toml"):
        generate(4, 35, balanced=True)


def test_a_setup_marked_balanced_that_strands_is_named():
    d = generate(4, 35).to_json()
    d["balanced"], d["rejected"] = True, 0
    rep = check(Setup.from_json(d), CAT, CODE.encode({"players": 4, "balanced": True}, 35))
    assert "planety.balanced" in rep.rules()
    rep = check(Setup.from_json(d), CAT, CODE.encode({"players": 4}, 35))
    assert {"planety.balanced", "planety.code"} <= rep.rules()
    d = generate(4, 0).to_json()
    d["rejected"] = 2
    assert "planety.balanced" in check(Setup.from_json(d), CAT).rules()  # rejected throws without the search


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_summary_and_setup_card_give_the_stranded_rates_of_both_bots(lang):
    setup = generate(4, 35, balanced=True)
    rates = balance.stranded_rates(setup, CAT)
    assert rates["random"] > rates["greedy"]
    text = draw.summary_text(setup, lang, CAT)
    assert f"{rates['greedy']:.0%}" in text and f"{rates['random']:.0%}" in text
    assert ("balanced" if lang == "en" else "zrównoważony") in text
    facts = draw.card_facts(setup, CAT, lang)
    assert any(f"{rates['random']:.0%}" in f for f in facts) and len(facts) == 1 + 4 + 2
    assert len(draw.card_facts(generate(4, 0), CAT, lang)) == 1 + 4 + 1  # an ordinary setup: no balanced line


def test_stranded_rates_come_from_the_data_and_repeat():
    setup = generate(4, 2)
    a = balance.stranded_rates(setup, CAT)
    balance._rate.cache_clear()
    assert balance.stranded_rates(setup, CAT) == a
    assert 0.4 <= a["random"] <= 1.0  # random bots strand each other often at 4 players


def test_the_summary_heading_says_the_throws_sought_a_balanced_table():
    from generator.render.layout import get_paper
    from generator.render.scene import Text

    def heading(setup: Setup) -> str:
        page = draw.summary_scene(setup, "X", get_paper("a4"), "en", CAT).pages[0]
        return next(i.text for i in page.items if isinstance(i, Text) and "big bangs thrown" in i.text)

    assert heading(generate(4, 35, balanced=True)).endswith("until one was playable and balanced: 3")
    assert heading(generate(4, 35)).endswith("until one was playable: 1")
