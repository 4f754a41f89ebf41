"""Speed work keeps Plażing setups as they were: the same seed and options give the same setup JSON.

The fingerprints were recorded from main before the generator and checker were made faster
(issue #12); a change of the random draws' order or of any derived field shows here first.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from generator.games.plazing.model import Options
from generator.games.plazing.setup import generate

CASES = {
    "all": Options(players=4, surprises=True, events=True, extra_events=True, clean_beach=True, extra_tiles=True),
    "base4": Options(players=4),
    "base2": Options(players=2, clean_beach=True),
    "3p": Options(players=3, surprises=True, events=True),
    "two": Options(players=2, two_colours=True, clean_beach=True, surprises=True),
    "kids": Options(players=3, no_weather=True, one_special=True),
}
SEEDS = (0, 1, 2, 7, 42, 1234, 99999)

# sha256 of the sorted-key setup JSON, first 16 hex digits, as main produced them
RECORDED = {
    "all/0": "8e6e7afd45401a7f",
    "all/1": "1985635ace2a7152",
    "all/2": "520aa730891c6b26",
    "all/7": "e68e7cc84013b4ce",
    "all/42": "27102d87945a7258",
    "all/1234": "d9506f857cb1dc61",
    "all/99999": "bdad7d3f29746e60",
    "base4/0": "7d879b9ccc9259fb",
    "base4/1": "b9628c1729e2f299",
    "base4/2": "e6ff54dbdca18b2d",
    "base4/7": "3adeba2a141e4afb",
    "base4/42": "95cc3dd8bedd3523",
    "base4/1234": "3cf30f9c638d4725",
    "base4/99999": "d2053efc2c505aa9",
    "base2/0": "14739e1190a2aa9a",
    "base2/1": "905c8b3442115868",
    "base2/2": "01283318942121e8",
    "base2/7": "e2a305fcc04bc0a4",
    "base2/42": "9f8026c9636c6f78",
    "base2/1234": "ea9993c18180b11a",
    "base2/99999": "9118e761ed387deb",
    "3p/0": "b7e3857a1a24105b",
    "3p/1": "076c00cd1d416883",
    "3p/2": "c4c722b619900bb2",
    "3p/7": "06d161af10656e12",
    "3p/42": "772c89ccbf659dce",
    "3p/1234": "57040514bb199c43",
    "3p/99999": "86fd678fc4d222e8",
    "two/0": "2c15acf8b86d083e",
    "two/1": "d26de7cd9d74ca9d",
    "two/2": "b8e51b8fbe3eaa7c",
    "two/7": "6fedb8a7a265efc6",
    "two/42": "87cb1614a6012dcb",
    "two/1234": "32c66a966dfd1239",
    "two/99999": "ffd4f21e2c5cd7e3",
    "kids/0": "1a5edef4019c6156",
    "kids/1": "846cbccab6872f9d",
    "kids/2": "bedbcf2470b55612",
    "kids/7": "fcaa77dfe9072024",
    "kids/42": "e4763c1c3297695b",
    "kids/1234": "f9f10e4d778fe43e",
    "kids/99999": "ac79b98c8708f27d",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_setup_json_unchanged(case):
    for seed in SEEDS:
        body = json.dumps(generate(CASES[case], seed).to_json(), sort_keys=True)
        assert hashlib.sha256(body.encode()).hexdigest()[:16] == RECORDED[f"{case}/{seed}"], (case, seed)
