"""What an outside audit of Winnice found, each case failing on the code before the fix: typos in
a user's catalog, catalogs nobody can win or hire in, a catalog whose key order changed the shuffle
under the same setup code, and printed texts that ignored the catalog's numbers or their Polish
plural."""

from __future__ import annotations

import pytest

from generator.core.checks import UserInputError
from generator.games.winnice import draw
from generator.games.winnice.model import load_catalog
from generator.games.winnice.rules import MAX_MARKET, check_catalog
from generator.games.winnice.setup import generate


def _cat(tmp_path, text: str):  # type: ignore[no-untyped-def]
    f = tmp_path / "c.toml"
    f.write_text(text, encoding="utf-8")
    return load_catalog(f)


@pytest.mark.parametrize("text, key", [
    ("[rules]\nwinred = 12\n", "rules.winred"),
    ("[harvest]\ndrought_steps = 2\n", "harvest.drought_steps"),
    ("[disaster]\nblanks = 20\n", "disaster.blanks"),
    ("[sale]\nblue = [1, 2, 3]\n", "sale.blue"),
    ("[effects]\ngreenhous_storage = 5\n", "effects.greenhous_storage"),
    ("[coordinates]\ndigit = { 1 = 3 }\n", "coordinates.digit"),
    ("[workers]\nstarts = [\"M1\"]\n", "workers.starts"),
    ("[board]\nsquare = 20\n", "board.square"),
])
def test_a_typo_in_a_catalog_table_is_a_one_line_error(tmp_path, text, key):
    with pytest.raises(UserInputError, match=key.replace(".", r"\.")):
        _cat(tmp_path, text)


@pytest.mark.parametrize("text, rule, words", [
    ("[action_cards]\nbarrels = 0\n", "winnice.catalog.tokens", "cannot be stored"),
    ("[effects]\nbarrels_storage = 0\n", "winnice.catalog.tokens", "cannot be stored"),
    ("[effects]\nlaboratory_gives = 5\n", "winnice.catalog.tokens", "no such token value"),
    ("[effects]\nlaboratory_min = 4\n", "winnice.catalog.tokens", "none is worth"),
    ("[harvest]\nsquares = { 9 = 3 }\n", "winnice.catalog.tokens", "does not fit"),
    ("[rules]\nmarket_size = 10\n", "winnice.catalog.decks", "face-up"),
    ("[rules]\nmarket_size = 0\n", "winnice.catalog.decks", "face-up"),
    ("[shapes]\nX5 = \".#./###/.#.\"\n[workers]\nbank = [\"D2\", \"I3\", \"L3\", \"T4\", \"S4\", \"X5\"]\n",
     "winnice.catalog.spaces", "X5"),
])
def test_catalogs_that_cannot_be_played_are_named(tmp_path, text, rule, words):
    rep = check_catalog(_cat(tmp_path, text))
    assert rule in rep.rules() and any(words in v.message for v in rep if v.rule == rule), rep.to_json()


def test_a_hire_space_nobody_can_reach_is_named(tmp_path):
    from generator.games.winnice.model import _default_raw

    spaces = _default_raw()["space"]
    lines = []
    for s in spaces:
        fits = ["D2"] if s["action"] == "hire2" else s["fits"]
        lines.append("[[space]]\n" + "\n".join(
            f"{k} = {v!r}".replace("'", '"') for k, v in {**s, "fits": fits}.items()))
    rep = check_catalog(_cat(tmp_path, "\n".join(lines) + "\n"))
    assert any("no hire2 space" in v.message for v in rep if v.rule == "winnice.catalog.spaces"), rep.to_json()


def test_the_builtin_catalog_passes_and_the_market_limit_is_the_data_s():
    from generator.games.winnice.model import default_catalog

    assert check_catalog(default_catalog()).ok and MAX_MARKET >= 3


def test_key_order_in_a_catalog_does_not_change_the_shuffle(tmp_path):
    head = "[shapes]\nQ3 = \"##/.#\"\nR3 = \"###\"\n"
    a = _cat(tmp_path, head + "[seedlings.deck23.yellow]\nQ3 = 1\nR3 = 1\n")
    b = _cat(tmp_path, head + "[seedlings.deck23.yellow]\nR3 = 1\nQ3 = 1\n")
    assert a.digest() == b.digest()
    assert generate(2, 9, a).to_json() == generate(2, 9, b).to_json()


def test_printed_numbers_come_from_the_catalog_in_good_polish(tmp_path):
    cat = _cat(tmp_path, "[rules]\npass_coins = 5\n[effects]\nlaboratory_cost = 5\ngreenhouse_storage = 5\n"
                         "[board]\nbarrels = 2\n[harvest]\ndrought_step = 2\n")
    assert "weź 5 monet " in draw._format(str(draw.texts()["legend"]["pl"]), "pl", pass_coins=cat.pass_coins)
    assert "take 5 coins" in draw._format(str(draw.texts()["legend"]["en"]), "en", pass_coins=cat.pass_coins)
    assert "+ 5 monet →" in draw.effect_text("laboratory", cat, "pl")
    assert "5 sadzonek więcej" in draw.effect_text("greenhouse", cat, "pl")
    assert draw.word("barrel_slot", "pl", n=cat.barrels) == "beczki: 2 żetony"
    assert draw.word("drought_rule", "pl", step=cat.drought_step) == "Susza na uprawie: −2 stopnie"
    text = draw.summary_text(generate(2, 1, cat), cat, "WN-0-1-X", "pl")
    assert "pas = 5 monet" in text and "beczki na 2 żetony" in text and "obniża o 2 stopnie" in text
    default = load_catalog(None)
    assert "weź 1 monetę " in draw._format(str(draw.texts()["legend"]["pl"]), "pl", pass_coins=default.pass_coins)


def test_a_greenhouse_taken_this_round_stores_a_seedling_bought_this_round():
    """The action cards resolve before the markets (the board top to bottom), so a player who pays
    for a greenhouse and a seedling in one round keeps both (it was: give the seedling back)."""
    import random

    from generator.games.winnice.engine import State
    from generator.games.winnice.model import default_catalog
    from generator.games.winnice.moves import P_RESOLVE, PASS_MOVE, PLACE, TAKE

    cat = default_catalog()
    s = State(generate(2, 3, cat), cat, random.Random(0))
    sid = {sp.id: i for i, sp in enumerate(s.t.spaces)}
    a = s.cur
    p = s.players[a]
    p.workers.append("D2")
    p.worker_bank.remove("D2")  # player a owns a domino
    p.seedlings.append((0, "D2"))
    s.bank_pieces[(0, "D2")] -= 1  # and already stores one seedling (the limit without a greenhouse)
    s.apply((PLACE, sid["buy23-2"], "M1", 0))
    s.apply(PASS_MOVE)
    s.apply((PLACE, sid["greenhouse"], "D2", 0))
    while s.phase == P_RESOLVE and s.drop is None:
        s.apply(next(m for m in s.legal_moves() if m[0] == TAKE))
    assert p.cards["greenhouse"] == 1 and len(p.seedlings) == 2 and s.drop != a


def test_a_catalog_that_changes_nothing_makes_the_builtin_code_and_a_missing_digest_is_malformed(tmp_path):
    import json

    from typer.testing import CliRunner

    from generator.cli import app

    same = tmp_path / "same.toml"
    same.write_text("[rules]\nwin_red = 8\n", encoding="utf-8")
    run = CliRunner().invoke
    a = run(app, ["winnice", "setup", "--players", "2", "--seed", "4", "--playouts", "0", "--out", str(tmp_path),
                  "--catalog", str(same), "--json"])
    b = run(app, ["winnice", "setup", "--players", "2", "--seed", "4", "--playouts", "0", "--out", str(tmp_path),
                  "--json"])
    assert a.exit_code == 0 and json.loads(a.output)["code"] == json.loads(b.output)["code"]
    f = tmp_path / "winnice" / json.loads(b.output)["code"] / "setup.json"
    doc = json.loads(f.read_text())
    del doc["setup"]["catalog"]
    f.write_text(json.dumps(doc))
    res = run(app, ["winnice", "check", str(f)])
    assert res.exit_code == 2 and "catalog" in res.output
