"""The web app in a real browser: headless Chromium (Debian's package, never a download) driven by
Playwright, against uvicorn on a free loopback port.

The tests of this module share one serve folder and run in order: forms submitted in both languages,
their result pages (thumbnails drawn, every PDF read by pypdf), a restart that keeps the results, the
language switch keeping a form's values, and axe-core finding no accessibility violation. They fail
loudly when the browser cannot start (they never skip): .ci/run installs chromium.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.browser import Running, check_result_page, shot


@pytest.mark.slow
def test_forms_in_both_languages_give_result_pages_with_pages_and_files(  # type: ignore[no-untyped-def]
        browser, server: Running, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(server.base + "/?lang=pl")
    page.click("#game-plazing summary")
    form = page.locator("#form-plazing")
    assert "Liczba graczy" in form.inner_text()
    form.locator("input[name=players]").fill("2")
    form.locator("input[name=seed]").fill("2026")
    form.locator("input[name=playouts]").fill("5")
    form.locator("input[name=surprises]").check()
    assert page.inner_text("#command-plazing") == \
        "boardgen plazing setup --players 2 --surprises --seed 2026 --playouts 5"
    form.locator("button").click()
    page.wait_for_selector("#regenerate", timeout=180_000)
    assert "wylosowane ziarno" in page.content() and page.inner_text("#seed") == "2026"
    assert "<h2>Grywalność</h2>" in page.content() and "<h2>Pliki</h2>" in page.content()
    check_result_page(page, server.base)
    page.set_viewport_size({"width": 1100, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "web-result.png", tmp_path)

    page.goto(server.base + "/?lang=en")
    page.click("#game-rzuc-na-tace summary")
    form = page.locator("#form-rzuc-na-tace")
    assert "Sheets" in form.inner_text()
    form.locator("input[name=count]").fill("2")
    form.locator("button").click()  # no seed: one is drawn, and the page says which
    page.wait_for_selector("#regenerate", timeout=180_000)
    assert page.inner_text("#seed").isdigit() and f"--seed {page.inner_text('#seed')}" in page.inner_text("#regenerate")
    assert "seed drawn" in page.content() and "Pages" in page.content()
    check_result_page(page, server.base)
    page.close()


@pytest.mark.slow
def test_a_restart_keeps_the_results_and_their_links(browser, server: Running, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    server.stop()
    server.start()
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.base + "/?lang=en")
    links = page.locator("#results a.result-link")
    assert links.count() == 2  # both sets of the test before, newest (the Rzuć na tacę pad) first
    assert "RT-" in links.first.inner_text() and "PZ-" in links.nth(1).inner_text()
    assert page.evaluate("[...document.querySelectorAll('#results img')].every(i => i.complete && i.naturalWidth > 50)")
    shot(page, "web-home.png", tmp_path)
    links.nth(1).click()
    page.wait_for_selector("#regenerate")
    check_result_page(page, server.base)
    page.close()


def test_the_language_switch_keeps_the_form_s_values(browser, server: Running) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(server.base + "/?lang=pl")
    page.click("#game-winnice summary")
    form = page.locator("#form-winnice")
    form.locator("input[name=players]").fill("3")
    form.locator("select[name=paper]").select_option("letter")
    form.locator("select[name=bot]").select_option("random")  # a declared choice: a menu
    page.click("#lang-switch")
    page.wait_for_url("**lang=en**")
    form = page.locator("#form-winnice")
    assert page.get_attribute("html", "lang") == "en" and "Players" in form.inner_text()
    assert form.locator("input[name=players]").input_value() == "3"
    assert form.locator("select[name=paper]").input_value() == "letter"
    assert form.locator("select[name=bot]").input_value() == "random"
    assert page.inner_text("#command-winnice") == "boardgen winnice setup --players 3 --paper letter --bot random"
    page.close()


def test_axe_finds_no_violation_on_the_home_page_and_a_result_page(browser, server: Running) -> None:  # type: ignore[no-untyped-def]
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    page = browser.new_page()
    page.goto(server.base + "/?lang=pl")
    home = axe.run(page)
    assert home.violations_count == 0, home.generate_report()
    link = page.locator("#results a.result-link")
    if link.count():  # the slow tests made results; without them, a result made here
        link.first.click()
    else:
        page.click("#game-rzuc-na-tace summary")
        form = page.locator("#form-rzuc-na-tace")
        form.locator("input[name=count]").fill("2")
        form.locator("button").click()
    page.wait_for_selector("#regenerate", timeout=180_000)
    result = axe.run(page)
    assert result.violations_count == 0, result.generate_report()
    page.close()
