"""Winnice setups: legal for every seed, reproducible, every rule id named by a mutation, catalogs."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.checks import UserInputError
from generator.games.winnice.model import MAX_COUNT, Setup, default_catalog, load_catalog, parse_card, parse_catalog
from generator.games.winnice.rules import check, check_catalog
from generator.games.winnice.setup import CODE, generate, shuffle_all


@given(st.integers(0, 2**40 - 1), st.sampled_from([2, 3, 4]))
@settings(max_examples=80)
def test_every_generated_setup_passes_check(seed, players):
    cat = default_catalog()
    s = generate(players, seed, cat)
    assert check(s, cat).ok
    assert Setup.from_json(s.to_json()).to_json() == s.to_json()
    assert 0 <= s.first_player < players
    assert all(len(s.markets[d]) == 3 for d in ("deck23", "deck45"))
    assert len(s.decks["deck23"]) == 45 and len(s.decks["deck45"]) == 93


def test_same_seed_same_setup_other_seed_other_decks():
    a, b = generate(3, 42).to_json(), generate(3, 42).to_json()
    assert a == b
    assert generate(3, 43).to_json()["decks"] != a["decks"]


def test_deck_compositions_are_the_rulebook_counts():
    cat = default_catalog()
    for deck, want in (("deck23", (24, 20, 4)), ("deck45", (48, 36, 12))):
        totals = Counter(cid[0] for cid, n in cat.decks[deck].items() for _ in range(n))
        assert (totals["Y"], totals["G"], totals["R"]) == want
    assert sum(cat.disaster.values()) == 9 and cat.disaster["blank"] == 6
    assert sum(cat.digits.values()) == 14 and sum(cat.letters.values()) == 14
    assert cat.action_cards == {"greenhouse": 12, "barrels": 12, "laboratory": 4, "genetics": 4, "irrigate": 6}
    assert cat.start_total == 10


def test_coordinate_decks_bring_up_edges_more_often_than_the_centre():
    """Over many shuffles, the first coordinate drawn is an edge value (1/8, A/H) strictly more often
    than any centre value (3-6, C-F), and 2/7 more often than the centre too."""
    digits: Counter[str] = Counter()
    letters: Counter[str] = Counter()
    cat = default_catalog()
    for seed in range(3000):
        s = shuffle_all(seed, cat, 2)  # exactly what generate shuffles, without the checks
        digits[s.decks["digits"][0]] += 1
        letters[s.decks["letters"][0]] += 1
    for counts, keys in ((digits, "12345678"), (letters, "ABCDEFGH")):
        edge = min(counts[keys[0]], counts[keys[7]])
        second = min(counts[keys[1]], counts[keys[6]])
        centre = max(counts[k] for k in keys[2:6])
        assert edge > second > centre, counts


# --- mutations: each rule id is named ----------------------------------------------------------


def _mutated(fn):  # type: ignore[no-untyped-def]
    s = generate(4, 7)
    body = copy.deepcopy(s.to_json())
    fn(body)
    return Setup.from_json(body)


MUTATIONS = {
    "winnice.players": lambda b: b.update(players=5),
    "winnice.catalog-digest": lambda b: b.update(catalog="ABCDEF"),
    "winnice.deck23": lambda b: b["decks"]["deck23"].__setitem__(0, "R:D2" if b["decks"]["deck23"][0] != "R:D2"
                                                                   else "Y:D2"),
    "winnice.deck45": lambda b: b["decks"]["deck45"].pop(),
    "winnice.market": lambda b: (b["markets"]["deck23"].append(b["decks"]["deck23"].pop())),
    "winnice.disaster": lambda b: b["decks"]["disaster"].append("drought-Y"),
    "winnice.coordinates": lambda b: b["decks"]["digits"].__setitem__(
        b["decks"]["digits"].index("1"), "4"),
    "winnice.coins": lambda b: b["coins"][1].update({"10": 1, "1": 0, "2": 0, "5": 0}),
    "winnice.first-player": lambda b: b.update(first_player=4),
    "winnice.order": lambda b: b["decks"]["deck45"].reverse(),
}


@pytest.mark.parametrize("rule", sorted(MUTATIONS))
def test_each_setup_rule_is_named_by_its_mutation(rule):
    cat = default_catalog()
    rep = check(_mutated(MUTATIONS[rule]), cat)
    assert rule in rep.rules(), rep.to_json()
    if rule not in ("winnice.players", "winnice.market"):
        assert rep.rules() == {rule}, rep.to_json()


def test_the_order_rule_sees_a_swapped_market_and_first_player():
    cat = default_catalog()
    s = _mutated(lambda b: b["markets"]["deck45"].reverse() if len(set(b["markets"]["deck45"])) > 1
                 else b.update(first_player=(b["first_player"] + 1) % 4))
    assert check(s, cat).rules() == {"winnice.order"}
    s = _mutated(lambda b: b.update(first_player=(b["first_player"] + 1) % 4))
    assert check(s, cat).rules() == {"winnice.order"}


def _cat_with(**changes):  # type: ignore[no-untyped-def]
    return dataclasses.replace(default_catalog(), **changes)


CATALOG_MUTATIONS = {
    "winnice.catalog.board": lambda c: _cat_with(start_coins={3: 2}),
    "winnice.catalog.shapes": lambda c: _cat_with(decks={**c.decks, "deck23": {"Y:D2": 10, "Y:I3": 10,
                                                                             "G:O4": 2}}),
    "winnice.catalog.decks": lambda c: _cat_with(decks={**c.decks, "deck45": {k: 0 for k in c.decks["deck45"]}
                                                         | {"Y:O4": 2}}),
    "winnice.catalog.workers": lambda c: _cat_with(worker_bank=("D2", "I3", "L3")),
    "winnice.catalog.spaces": lambda c: _cat_with(spaces=tuple(s for s in c.spaces if s.action != "irrigate")),
    "winnice.catalog.tokens": lambda c: _cat_with(sale=(c.sale[0], c.sale[1], (10, 20))),
    "winnice.catalog.disaster": lambda c: _cat_with(disaster={"blank": 9, "drought-Y": 0, "drought-G": 0}),
    "winnice.catalog.coordinates": lambda c: _cat_with(digits={str(i): 2 for i in range(1, 9)}),
}


@pytest.mark.parametrize("rule", sorted(CATALOG_MUTATIONS))
def test_each_catalog_rule_is_named_by_its_mutation(rule):
    cat = CATALOG_MUTATIONS[rule](default_catalog())
    assert rule in check_catalog(cat).rules(), check_catalog(cat).to_json()
    with pytest.raises(UserInputError, match="cannot make a game"):
        generate(2, 1, cat)


def test_default_catalog_is_clean():
    assert check_catalog(default_catalog()).ok


def test_user_catalog_merges_and_changes_the_digest(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('[coordinates.digits]\n"1" = 4\n"8" = 4\n\n[rules]\nround_cap = 50\n', encoding="utf-8")
    cat = load_catalog(f)
    assert cat.digits["1"] == 4 and cat.digits["4"] == 1 and cat.round_cap == 50
    assert cat.digest() != default_catalog().digest()
    s = generate(2, 3, cat)
    assert check(s, cat).ok and sum(1 for d in s.decks["digits"] if d in "18") == 8
    assert check(s, default_catalog()).rules() >= {"winnice.catalog-digest", "winnice.coordinates"}


@pytest.mark.parametrize("text", [
    '[rules]\nwin_red = "eight"\n',
    "[coordinates]\ndigits = 3\n",
    "[tokens]\nper_value = 99999999999999\n",
    "[nonsense]\nx = 1\n",
    "[seedlings.deck23.yellow]\nQ9 = 3\n",
    "[[space]]\nid = 'x'\naction = 'fly'\ncost = 1\nfits = ['M1']\nplayers = 2\n",
    "[shapes]\nbad = '#.#'\n",
    "not toml = = =",
])
def test_bad_catalogs_are_one_line_errors(tmp_path, text):
    f = tmp_path / "bad.toml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(UserInputError) as exc:
        load_catalog(f)
    assert "\n" not in str(exc.value)


def test_piece_bank_holds_a_spare_of_every_card_kind(tmp_path):
    """One piece per card, `spare` more of each colour and shape with a card, red_extra red pieces
    of every shape: a reshuffled card bought again while its first piece is planted still finds one."""
    cat = default_catalog()
    cards: dict[tuple[int, str], int] = {}
    for deck in cat.decks.values():
        for cid, n in deck.items():
            key = parse_card(cid)
            cards[key] = cards.get(key, 0) + n
    assert cat.spare_pieces == 1 and cat.red_extra == 1
    pieces = cat.pieces()
    for (colour, shape), n in pieces.items():
        want = cards.get((colour, shape), 0) + (cat.spare_pieces if cards.get((colour, shape)) else 0)
        assert n == want + (cat.red_extra if colour == 2 else 0), (colour, shape)
    f = tmp_path / "none.toml"
    f.write_text("[pieces]\nspare = 0\n", encoding="utf-8")
    bare = load_catalog(f)
    assert sum(bare.pieces().values()) == sum(pieces.values()) - sum(1 for n in cards.values() if n)
    f.write_text("[pieces]\nspare = -1\n", encoding="utf-8")
    with pytest.raises(UserInputError, match="pieces.spare"):
        load_catalog(f)


def test_catalog_counts_are_bounded():
    raw = copy.deepcopy(default_catalog().raw)
    raw["tokens"]["per_value"] = MAX_COUNT + 1
    with pytest.raises(UserInputError, match="per_value"):
        parse_catalog(raw, "x")


def test_codes_round_trip():
    code = CODE.encode({"players": 3}, 12345)
    assert CODE.decode(code) == ({"players": 3}, 12345)


_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.text(max_size=6),
                    st.lists(st.text(max_size=4), max_size=3),
                    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _paths(node, prefix=()):  # type: ignore[no-untyped-def]
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*prefix, i))
    yield prefix


@given(st.data())
@settings(max_examples=120)
def test_hand_edited_files_give_a_report_or_a_one_line_error(data):
    """Any edit of any value: parsing raises UserInputError (one line) or check returns a report."""
    body = generate(2, 3).to_json()
    paths = [p for p in _paths(body) if p]
    path = data.draw(st.sampled_from(paths))
    node = body
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = data.draw(_LEAVES)
    try:
        setup = Setup.from_json(body)
    except UserInputError as exc:
        assert "\n" not in str(exc)
        return
    check(setup, default_catalog())
