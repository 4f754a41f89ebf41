"""The beach editor in a real browser (Debian's Chromium through Playwright, as test_browser.py):
painting with the mouse and the keyboard, each broken rule shown on its square as the server's checker
reports it, the difficulty, a printed pad on the normal result page, and axe-core on the editor.

Like test_browser.py, these tests fail loudly when the browser cannot start (they never skip)."""

from __future__ import annotations

from pathlib import Path

from tests.web.browser import Running, check_result_page, shot


def _cell(page, name: str):  # type: ignore[no-untyped-def]
    return page.locator(f"button.cell[data-name='{name}']")


def _tool(page, ch: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(f"input[name=tool][value='{ch}']").check()


def _settled(page) -> None:  # type: ignore[no-untyped-def]
    """Wait for the debounced check of the latest change to be answered (the form is busy until then)."""
    page.wait_for_selector("#board-form:not([aria-busy])", state="attached", timeout=30_000)


def test_an_illegal_board_shows_each_rule_on_its_square(browser, server: Running) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(server.base + "/editor?lang=en&start=3")
    assert page.inner_text("#status").strip() == "The board keeps every rule."
    # a resource on waste: the pebble at D6 walled in by waste (painted by dragging and by the keyboard)
    _tool(page, "x")
    c6, e6 = _cell(page, "C6").bounding_box(), _cell(page, "E6").bounding_box()
    page.mouse.move(c6["x"] + 5, c6["y"] + 5)
    page.mouse.down()
    page.mouse.up()
    page.mouse.move(e6["x"] + 5, e6["y"] + 5)
    page.mouse.down()
    page.mouse.up()
    h10, k10 = _cell(page, "H10").bounding_box(), _cell(page, "K10").bounding_box()
    page.mouse.move(h10["x"] + 5, h10["y"] + 5)
    page.mouse.down()
    page.mouse.move(k10["x"] + 5, k10["y"] + 5, steps=8)  # a drag paints every square it passes
    page.mouse.up()
    assert page.locator("#rows").input_value().splitlines()[9] == ".......xxx"
    _cell(page, "D5").click()
    _cell(page, "D5").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # D7
    page.keyboard.press("Enter")
    _settled(page)
    d6 = _cell(page, "D6")
    assert "bad" in d6.get_attribute("class")
    assert "prw.resource-closable" in d6.get_attribute("title")
    assert "prw.resource-closable" in d6.get_attribute("aria-label")
    assert page.locator("#violations li[data-rule='prw.resource-closable']", has_text="D6:").count() == 1
    assert page.locator("#rows").input_value().splitlines()[5] == "..xpx...s."
    # no closing edge: the bar's north edge no longer closes
    page.locator("#edge-north").uncheck()
    _settled(page)
    assert "prw.bar-north" in _cell(page, "C1").get_attribute("title")
    assert "prw.north" in page.get_attribute("#band-north", "title")
    assert "prw.north" in page.inner_text("#edge-north-mark")
    page.locator("#violations li[data-rule='prw.bar-north'] a").click()  # the list leads to the square
    assert page.evaluate("document.activeElement.dataset.name") == "C1"
    rules = [li.get_attribute("data-rule") for li in page.locator("#violations li").all()]
    assert {"prw.resource-closable", "prw.bar-north", "prw.north"} <= set(rules)
    # the server refuses to print it; the page says why
    page.click("#print")
    page.wait_for_selector("#error")
    assert "breaks rules" in page.inner_text("#error")
    page.close()


def test_paint_a_legal_board_rate_it_and_print_a_pad(browser, server: Running, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(server.base + "/editor?lang=pl")
    page.select_option("#start", "2")
    page.click("#start-button")
    page.wait_for_url("**start=2**")
    original = page.locator("#rows").input_value()
    _tool(page, "a")
    _cell(page, "E5").click()  # an amber in the middle of the beach: still legal
    _settled(page)
    assert page.locator("#rows").input_value().splitlines()[4][4] == "a"
    assert page.inner_text("#status").strip() == "Plansza spełnia wszystkie reguły."
    assert page.locator("#violations li").count() == 0
    _tool(page, "x")
    _cell(page, "E5").click()
    _tool(page, ".")
    _cell(page, "E5").click()  # and back to sand
    _settled(page)
    assert page.locator("#rows").input_value() == original
    page.click("#rate")
    page.wait_for_selector("#rating[data-place]", state="attached", timeout=120_000)
    assert "plansz" in page.inner_text("#rating") and "1–4" in page.inner_text("#rating")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "web-editor.png", tmp_path)
    page.fill("#count", "2")
    page.click("#print")
    page.wait_for_selector("#regenerate", timeout=180_000)
    assert "--board" in page.inner_text("#regenerate") and "~B" in page.inner_text("#code")
    check_result_page(page, server.base)
    assert page.request.get(server.base + page.get_attribute("#board-file", "href")).text().count("rows = [") == 1
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page)  # the result page of an editor pad, with its board file link
    assert result.violations_count == 0, result.generate_report()
    page.goto(server.base + "/?lang=pl")  # listed on the home page like every result
    assert page.locator("#results a.result-link").count() == 1
    assert "~B" in page.inner_text("#results")
    page.close()


def test_axe_finds_no_violation_on_the_editor(browser, server: Running) -> None:  # type: ignore[no-untyped-def]
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    page = browser.new_page()
    for url in ("/editor?lang=pl&start=3", "/editor?lang=en&start=blank&width=7&height=9"):
        page.goto(server.base + url)
        result = axe.run(page)
        assert result.violations_count == 0, result.generate_report()
    page.locator("#edge-north").check()  # marks drawn by the script (an edge rule on the band)
    _tool(page, "$")
    _cell(page, "B2").click()
    _settled(page)
    assert page.locator("#violations li").count() >= 1
    result = axe.run(page)
    assert result.violations_count == 0, result.generate_report()
    page.click("#nav-editor")
    page.wait_for_url("**/editor?lang=en")
    page.close()


def test_the_language_switch_keeps_the_board(browser, server: Running) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(server.base + "/editor?lang=pl&start=4")
    _tool(page, "B")
    _cell(page, "A1").click()
    _settled(page)
    rows = page.locator("#rows").input_value()
    page.click("#lang-switch")
    page.wait_for_url("**lang=en**")
    assert page.get_attribute("html", "lang") == "en"
    assert page.locator("#rows").input_value() == rows and _cell(page, "A1").get_attribute("data-ch") == "B"
    page.close()
