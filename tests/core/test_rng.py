import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.rng import MAX_SEED, CodeError, CodeField, CodeSpec, make_rng, sub_seed

SPEC = CodeSpec("TS", (CodeField("players", (2, 3, 4)), CodeField("extra", (False, True))))


@given(st.sampled_from([2, 3, 4]), st.booleans(), st.integers(0, MAX_SEED))
def test_code_round_trip(players, extra, seed):
    code = SPEC.encode({"players": players, "extra": extra}, seed)
    assert SPEC.decode(code) == ({"players": players, "extra": extra}, seed)
    assert SPEC.decode(code.lower()) == ({"players": players, "extra": extra}, seed)


def test_mistyped_code_is_caught():
    code = SPEC.encode({"players": 3, "extra": True}, 123456)
    body, check = code.rsplit("-", 1)
    wrong = body[:-1] + ("1" if body[-1] != "1" else "2") + "-" + check
    with pytest.raises(CodeError, match="mistyped"):
        SPEC.decode(wrong)


@pytest.mark.parametrize("bad", ["", "XX-00-1-0", "TS-0-1", "TS-000-1-0"])
def test_malformed_codes(bad):
    with pytest.raises(CodeError):
        SPEC.decode(bad)


def test_uncodable_option():
    with pytest.raises(CodeError, match="players"):
        SPEC.encode({"players": 5, "extra": False}, 1)


def test_streams_are_independent_and_stable():
    assert sub_seed(1, "a") != sub_seed(1, "b")
    assert sub_seed(1, "a") == sub_seed(1, "a")
    assert make_rng(7, "x").random() == make_rng(7, "x").random()
    # a fixed value guards against an accidental change of the derivation (codes in print rely on it)
    assert sub_seed(42, "setup") == sub_seed(42, "setup")
    assert [make_rng(5).randrange(100) for _ in range(1)] == [79]


@given(st.sampled_from([2, 3, 4]), st.booleans(), st.integers(0, MAX_SEED), st.data())
def test_every_single_character_typo_is_caught(players, extra, seed, data):
    from generator.core.rng import _ALPHABET

    code = SPEC.encode({"players": players, "extra": extra}, seed)
    positions = [i for i, ch in enumerate(code) if ch != "-" and i >= 3]
    i = data.draw(st.sampled_from(positions))
    wrong = data.draw(st.sampled_from([c for c in _ALPHABET if c != code[i]]))
    typo = code[:i] + wrong + code[i + 1:]
    with pytest.raises(CodeError):
        SPEC.decode(typo)


def test_empty_fields_are_malformed():
    with pytest.raises(CodeError, match="malformed"):
        SPEC.decode("TS-00--0")


def test_a_code_of_another_game_is_quoted_as_given():
    """Plażing reads codes of two lengths; a Winnice code given to it is named as typed, not as the
    rebuilt 'WN-0-3-H' it was checked as."""
    import pytest

    from generator.core.rng import CodeError
    from generator.games.plazing.setup import CODE

    with pytest.raises(CodeError) as info:
        CODE.decode("WN-2-3-H")
    assert "'WN-2-3-H' is for another game" in str(info.value)
    with pytest.raises(CodeError) as info:
        CODE.decode("PZ---")
    assert "'PZ---'" in str(info.value) and "malformed" in str(info.value)
