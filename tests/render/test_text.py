"""Fonts and text: metrics, wrapping, text blocks, templates."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render import fonts, text
from generator.render.scene import Text

from .conftest import POLISH


def test_font_files_exist_and_metrics_are_mm() -> None:
    for name in fonts.FONTS:
        assert fonts.font_path(name).is_file()
    w10 = fonts.text_width(POLISH, "regular", 10)
    assert w10 == pytest.approx(2 * fonts.text_width(POLISH, "regular", 5))
    assert 30 < w10 < 50  # about 17 characters of 10 pt text
    assert fonts.text_width("MMMM", "condensed", 10) < fonts.text_width("MMMM", "regular", 10)
    assert fonts.text_width("", "bold", 10) == 0
    with pytest.raises(ValueError, match="unknown font"):
        fonts.text_width("x", "comic", 10)
    assert fonts.pil_font("bold", 20) is fonts.pil_font("bold", 20)  # cached


def test_wrap_respects_width_and_newlines() -> None:
    para = "Zażółć gęślą jaźń " * 10
    lines = text.wrap(para + "\nNowa linia", 50, 10)
    assert lines[-1] == "Nowa linia"
    assert all(fonts.text_width(line, "regular", 10) <= 50 for line in lines)
    assert " ".join(lines[:-1]).split() == para.split()
    assert text.wrap("a\n\nb", 50, 10) == ["a", "", "b"]
    assert text.wrap("Konstantynopolitańczykowianeczka", 10, 10) == ["Konstantynopolitańczykowianeczka"]


@settings(max_examples=60, deadline=None)
@given(words=st.lists(st.text(alphabet="abcząęłżź", min_size=1, max_size=8), min_size=1, max_size=30),
       width=st.floats(20, 120))
def test_wrap_keeps_words_in_order_and_fits(words: list[str], width: float) -> None:
    lines = text.wrap(" ".join(words), width, 9, "condensed")
    assert " ".join(lines).split() == words
    for line in lines:
        assert len(line.split()) == 1 or fonts.text_width(line, "condensed", 9) <= width


def test_text_block_positions_lines() -> None:
    block = text.text_block(10, 20, 40, "Ala ma kota\n\nKot ma Alę i dwa żółte psy", 10, "bold",
                            anchor="middle", fill="#112233")
    assert all(isinstance(t, Text) and t.font == "bold" and t.anchor == "middle" for t in block)
    assert block[0].y == 20 and block[0].text == "Ala ma kota"
    step = text.line_height(10)
    assert step == pytest.approx(10 * 1.25 * 25.4 / 72)
    assert block[1].y == pytest.approx(20 + 2 * step)  # the empty line keeps its place


def test_templates(tmp_path, monkeypatch) -> None:
    env = text.environment()
    assert env.autoescape is False and env.trim_blocks
    tpl = env.from_string("{% for x in xs %}\n{{ x }} & ą\n{% endfor %}\n")
    assert tpl.render(xs=[1, 2]) == "1 & ą\n2 & ą\n"
    import jinja2

    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ missing }}").render()
    (tmp_path / "t.txt").write_text("Witaj, {{ name }}!", encoding="utf-8")
    monkeypatch.setattr(env, "loader", jinja2.FileSystemLoader(str(tmp_path)))
    assert text.render_template("t.txt", name="Łucja") == "Witaj, Łucja!"
