import json
import random
from pathlib import Path

import pytest

from generator.core.checks import Report
from generator.core.decks import build, check_composition, shuffled_deck
from generator.core.files import SetupFileError, load_setup, save_setup, write_atomic


def test_atomic_write_leaves_no_temp(tmp_path):
    p = tmp_path / "sub" / "a.txt"
    write_atomic(p, "zażółć")
    assert p.read_text(encoding="utf-8") == "zażółć"
    assert [f.name for f in p.parent.iterdir()] == ["a.txt"]
    assert p.stat().st_mode & 0o044  # readable by others, like any file the user writes (umask 022)


def test_atomic_write_refuses_devices_replaces_links_and_explains(tmp_path):
    from generator.core.checks import UserInputError

    with pytest.raises(UserInputError, match="not a regular file"):
        write_atomic("/dev/null", "x")
    assert not Path("/dev/null").is_file()  # still the device
    with pytest.raises(UserInputError, match="not a regular file"):
        write_atomic(tmp_path, "x")  # a folder
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    real.chmod(0o600)
    write_atomic(link, "new")  # the link itself is replaced; its target keeps its content and mode
    assert not link.is_symlink() and link.read_text() == "new"
    assert real.read_text() == "old" and real.stat().st_mode & 0o777 == 0o600
    (tmp_path / "file").write_text("")
    with pytest.raises(UserInputError, match="cannot write"):
        write_atomic(tmp_path / "file" / "sub" / "x.txt", "x")


def test_setup_round_trip_and_errors(tmp_path):
    p = tmp_path / "s.json"
    save_setup(p, "g", 1, "CODE", {"a": 1})
    assert load_setup(p, "g")["setup"] == {"a": 1}
    with pytest.raises(SetupFileError, match="another|not 'h'"):
        load_setup(p, "h")
    p.write_text("{broken", encoding="utf-8")
    with pytest.raises(SetupFileError, match="not valid JSON"):
        load_setup(p, "g")
    p.write_text(json.dumps({"format": "boardgen-setup", "game": "g", "version": 9, "code": "x", "setup": {}}))
    with pytest.raises(SetupFileError, match="version 9"):
        load_setup(p, "g")
    p.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SetupFileError, match="nested too deeply"):
        load_setup(p, "g")
    p.write_text("\ufeff" + json.dumps({"format": "boardgen-setup", "game": "g", "version": 1, "code": "x",
                                         "setup": {}}), encoding="utf-8")
    assert load_setup(p, "g")["code"] == "x"  # a BOM from Windows Notepad is fine
    with pytest.raises(SetupFileError, match="no such file"):
        load_setup(tmp_path / "missing.json", "g")
    p.write_text(json.dumps({"format": "boardgen-setup", "game": "g", "version": 1, "code": "x", "setup": {},
                             "sedup": {"a": 2}}), encoding="utf-8")
    with pytest.raises(SetupFileError, match="'sedup' is not a key of a setup file"):
        load_setup(p, "g")  # a misspelt key is not silently passed over


def test_decks():
    spec = {"a": 2, "b": 1}
    assert build(spec) == ["a", "a", "b"]
    deck = shuffled_deck(spec, random.Random(1))
    assert sorted(deck) == ["a", "a", "b"]
    assert check_composition(deck, spec, "r") == []
    bad = check_composition(["a", "b", "b"], spec, "r")
    assert {v.where for v in bad} == {"a", "b"} and all(v.rule == "r" for v in bad)


def test_report():
    r = Report()
    assert r.ok
    r.add("x.y", "broken", (1, 2))
    assert not r.ok and r.rules() == {"x.y"}
    assert "x.y" in str(r.violations[0]) and r.to_json()[0]["where"] == [1, 2]


def test_a_violation_names_its_place_once():
    """"waste at 3,4 is off the beach (at (3, 4))": the place was printed twice when the message
    already named it."""
    from generator.core.checks import Violation

    assert str(Violation("p", "waste at 3,4 is off the beach", (3, 4))) == "[p] waste at 3,4 is off the beach"
    assert str(Violation("p", "waste at 13,40 is off", (3, 4))) == "[p] waste at 13,40 is off (at (3, 4))"
    assert str(Violation("r", "a tile at (2, 5) overlaps", (2, 5))) == "[r] a tile at (2, 5) overlaps"
    assert str(Violation("r", "the tile overlaps", (2, 5))) == "[r] the tile overlaps (at (2, 5))"
    assert str(Violation("r", "square 13 is taken", (1, 3))) == "[r] square 13 is taken (at (1, 3))"
    assert str(Violation("r", "tiles[3] is broken", "tiles[3]")) == "[r] tiles[3] is broken"
    assert str(Violation("r", "no place")) == "[r] no place"
