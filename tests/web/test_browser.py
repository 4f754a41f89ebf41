"""The web app in a real browser: headless Chromium (Debian's package, never a download) driven by
Playwright, against uvicorn on a free loopback port.

The tests of this module share one serve folder and run in order: forms submitted in both languages,
their result pages (thumbnails drawn, every PDF read by pypdf), a restart that keeps the results, the
language switch keeping a form's values, and axe-core finding no accessibility violation. They fail
loudly when the browser cannot start (they never skip): .ci/run installs chromium.
"""

from __future__ import annotations

import io
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.web.server import WebServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
DOCS = Path(__file__).resolve().parents[2] / "docs"
#: the screenshots go to docs/ (for the README) only when asked: BOARDGEN_WEB_SCREENSHOTS=1 pytest ...
SHOTS = os.environ.get("BOARDGEN_WEB_SCREENSHOTS") == "1"


def _shot(page, name: str, tmp: Path) -> None:  # type: ignore[no-untyped-def]
    path = (DOCS if SHOTS else tmp) / name
    page.screenshot(path=str(path))
    _not_blank(path.read_bytes())


class Running:
    """A WebServer in a thread, stoppable and restartable on the same serve folder."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.srv: WebServer | None = None
        self.thread: threading.Thread | None = None
        self.start()

    def start(self) -> None:
        self.srv = WebServer("127.0.0.1", 0, self.out, out_arg="output")  # commands shown as for `--out output`
        self.thread = threading.Thread(target=self.srv.serve_forever, daemon=True)
        self.thread.start()
        end = time.monotonic() + 20
        while not self.srv.server.started and time.monotonic() < end:
            time.sleep(0.05)
        self.base = f"http://127.0.0.1:{self.srv.server_address[1]}"

    def stop(self) -> None:
        assert self.srv is not None and self.thread is not None
        self.srv.shutdown()
        self.thread.join(20)
        self.srv.server_close()
        self.srv.app.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    running = Running(tmp_path_factory.mktemp("serve") / "output")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _not_blank(png: bytes) -> None:
    img = Image.open(io.BytesIO(png)).convert("L")
    lo, hi = img.getextrema()
    assert hi - lo > 100, "the picture is blank"
    assert len(img.resize((64, 64)).getcolors(4096) or []) > 8


def _check_result_page(page, base: str) -> None:  # type: ignore[no-untyped-def]
    """Every thumbnail is a drawn page, every file link downloads, every PDF reads."""
    assert page.inner_text("#code").strip() and page.inner_text("#regenerate").startswith("boardgen ")
    thumbs = page.locator("img.thumb")
    assert thumbs.count() >= 1
    for i in range(thumbs.count()):
        thumbs.nth(i).scroll_into_view_if_needed()
    page.wait_for_function("[...document.querySelectorAll('img.thumb')].every(i => i.complete && i.naturalWidth > 100)",
                           timeout=60_000)
    _not_blank(page.request.get(base + thumbs.first.get_attribute("src")).body())
    links = page.locator("a.file")
    pdfs = 0
    for i in range(links.count()):
        href = links.nth(i).get_attribute("href")
        body = page.request.get(base + href).body()
        assert body, href
        if href.endswith(".pdf"):
            assert len(PdfReader(io.BytesIO(body)).pages) >= 1
            pdfs += 1
    assert pdfs >= 1


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
    _check_result_page(page, server.base)
    page.set_viewport_size({"width": 1100, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    _shot(page, "web-result.png", tmp_path)

    page.goto(server.base + "/?lang=en")
    page.click("#game-rzuc-na-tace summary")
    form = page.locator("#form-rzuc-na-tace")
    assert "Sheets" in form.inner_text()
    form.locator("input[name=count]").fill("2")
    form.locator("button").click()  # no seed: one is drawn, and the page says which
    page.wait_for_selector("#regenerate", timeout=180_000)
    assert page.inner_text("#seed").isdigit() and f"--seed {page.inner_text('#seed')}" in page.inner_text("#regenerate")
    assert "seed drawn" in page.content() and "Pages" in page.content()
    _check_result_page(page, server.base)
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
    _shot(page, "web-home.png", tmp_path)
    links.nth(1).click()
    page.wait_for_selector("#regenerate")
    _check_result_page(page, server.base)
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
