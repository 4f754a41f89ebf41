"""What the browser tests share: Debian's Chromium (never a download) and how it starts, a server in a
thread on a free loopback port, and what a drawn result page must show.

The fixtures that start them, one server and one browser per test module, are in conftest.py.
"""

from __future__ import annotations

import io
import os
import threading
import time
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

from generator.web.server import WebServer

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
DOCS = Path(__file__).resolve().parents[2] / "docs"
#: the screenshots go to docs/ (for the README) only when asked: BOARDGEN_WEB_SCREENSHOTS=1 pytest ...
SHOTS = os.environ.get("BOARDGEN_WEB_SCREENSHOTS") == "1"


def shot(page, name: str, tmp: Path) -> None:  # type: ignore[no-untyped-def]
    path = (DOCS if SHOTS else tmp) / name
    page.screenshot(path=str(path))
    not_blank(path.read_bytes())


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


def not_blank(png: bytes) -> None:
    img = Image.open(io.BytesIO(png)).convert("L")
    lo, hi = img.getextrema()
    assert hi - lo > 100, "the picture is blank"
    assert len(img.resize((64, 64)).getcolors(4096) or []) > 8


def check_result_page(page, base: str) -> None:  # type: ignore[no-untyped-def]
    """Every thumbnail is a drawn page, every file link downloads, every PDF reads."""
    assert page.inner_text("#code").strip() and page.inner_text("#regenerate").startswith("boardgen ")
    thumbs = page.locator("img.thumb")
    assert thumbs.count() >= 1
    for i in range(thumbs.count()):
        thumbs.nth(i).scroll_into_view_if_needed()
    page.wait_for_function("[...document.querySelectorAll('img.thumb')].every(i => i.complete && i.naturalWidth > 100)",
                           timeout=60_000)
    not_blank(page.request.get(base + thumbs.first.get_attribute("src")).body())
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
