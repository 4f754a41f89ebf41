"""The web app in a real browser: headless Chromium (Debian's package) driven by Playwright.

These tests fail loudly when the browser cannot start (they never skip): .ci/run installs chromium.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from generator.web.server import App, make_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def base(tmp_path: Path) -> Iterator[str]:
    srv = make_server("127.0.0.1", 0, App(tmp_path / "jobs"))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.app.close()  # type: ignore[attr-defined]


def _not_blank(png: Path) -> None:
    img = Image.open(png).convert("L")
    lo, hi = img.getextrema()
    assert hi - lo > 100, "the screenshot is blank"
    assert len(img.resize((64, 64)).getcolors(4096) or []) > 8


def test_generate_a_plazing_setup_in_the_browser(browser, base: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(base + "/?lang=en")
    form = page.locator("#form-plazing")
    form.locator("input[name=players]").fill("3")
    form.locator("input[name=seed]").fill("21")
    form.locator("input[name=playouts]").fill("5")
    form.locator("input[name=surprises]").check()
    form.locator("button").click()
    page.wait_for_selector("#preview", timeout=120_000)
    assert page.evaluate("document.getElementById('preview').naturalWidth") > 100  # the image loaded
    link = page.locator("a.file", has_text="board.pdf")
    resp = page.request.get(base + link.get_attribute("href"))
    assert resp.status == 200 and resp.body()[:4] == b"%PDF"
    shot = tmp_path / "setup.png"
    page.screenshot(path=str(shot), full_page=True)
    _not_blank(shot)


def test_generate_a_roll_and_write_pad_in_the_browser(browser, base: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(base + "/")
    form = page.locator("#form-plazing-rw")
    form.locator("input[name=board]").fill("2")
    form.locator("input[name=count]").fill("3")
    form.locator("input[name=seed]").fill("4")
    form.locator("button").click()
    page.wait_for_selector("#preview", timeout=120_000)
    assert page.evaluate("document.getElementById('preview').naturalWidth") > 100
    pdf = page.locator("a.file", has_text=".pdf").first
    resp = page.request.get(base + pdf.get_attribute("href"))
    assert resp.status == 200 and resp.body()[:4] == b"%PDF"
    shot = tmp_path / "pad.png"
    page.screenshot(path=str(shot), full_page=True)
    _not_blank(shot)


def test_bad_form_input_shows_one_line_in_the_page(browser, base: str) -> None:  # type: ignore[no-untyped-def]
    page = browser.new_page()
    page.goto(base + "/")
    form = page.locator("#form-plazing")
    form.locator("input[name=code]").fill("PZ-not-a-code")
    form.locator("button").click()
    page.wait_for_selector("#error", timeout=60_000)
    text = page.inner_text("#error")
    assert "Traceback" not in text and "\n" not in text.strip() and len(text) > 10
