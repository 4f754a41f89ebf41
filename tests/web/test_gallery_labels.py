"""The result cards of the gallery and the home page name a setup's options as its form does, in the
page's language, and say yes/no in it (they once showed the setup file's keys: two_colours, no)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.web.gallery import index_html
from generator.web.html import option_label


def test_options_are_labelled_in_the_page_s_language(tmp_path: Path) -> None:
    made = CliRunner().invoke(app, ["plazing", "setup", "--players", "2", "--seed", "3", "--out", str(tmp_path)])
    assert made.exit_code == 0, made.output
    pl, en = index_html(tmp_path, "pl"), index_html(tmp_path, "en")
    assert "two_colours" not in pl and "two_colours" not in en
    assert f"<td>{option_label('plazing', 'two_colours', 'pl')}</td><td>nie</td>" in pl
    assert f"<td>{option_label('plazing', 'two_colours', 'en')}</td><td>no</td>" in en
    assert option_label("plazing", "two_colours", "pl") != option_label("plazing", "two_colours", "en")


def test_an_undeclared_key_or_game_stays_as_it_is() -> None:
    assert option_label("plazing", "no_such_option", "pl") == "no_such_option"
    assert option_label("no-such-game", "players", "en") == "players"
