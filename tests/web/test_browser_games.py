"""Every game's form, in both languages, submitted in a real browser (Debian's Chromium through
Playwright): the page speaks the language chosen, the result page shows the seed asked for, its
thumbnails are drawn, its files download and every PDF reads.

A serve folder of its own (test_browser.py counts the results its own tests made).
"""

from __future__ import annotations

import pytest

from tests.web.browser import Running, check_result_page

pytestmark = pytest.mark.slow  # ten jobs, each a whole command

GAMES = ["plazing", "plazing-rw", "rzuc-na-tace", "winnice", "planety"]
SEED_LABEL = {"pl": "Ziarno losowania", "en": "Seed"}


@pytest.mark.parametrize("lang", ["pl", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_each_game_s_form_gives_a_result_page_in_each_language(browser, server: Running,  # type: ignore[no-untyped-def]
                                                               game: str, lang: str) -> None:
    page = browser.new_page()
    page.goto(f"{server.base}/?lang={lang}")
    assert page.get_attribute("html", "lang") == lang
    page.click(f"#game-{game} summary")
    form = page.locator(f"#form-{game}")
    assert SEED_LABEL[lang] in form.inner_text()
    seed = "31" if lang == "pl" else "32"
    form.locator("input[name=seed]").fill(seed)
    assert f"--seed {seed}" in page.inner_text(f"#command-{game}")
    form.locator("button").click()
    page.wait_for_selector("#regenerate", timeout=180_000)
    assert page.get_attribute("html", "lang") == lang
    assert page.inner_text("#seed") == seed and f"--seed {seed}" in page.inner_text("#regenerate")
    assert page.inner_text("#regenerate").startswith(f"boardgen {game} ")
    check_result_page(page, server.base)
    page.close()
