"""Load test of `boardgen serve`: 50 concurrent form submissions against a local server.

Each client submits a form (a Rzuć na tacę pad, a roll&write pad or a small Plażing setup), follows
its job until it is done and downloads the PDF; the script prints p50/p95 latency of the submission
itself (the request answers at once; work runs off the request thread) and of the whole job, and
checks that every job answered correctly. Only 127.0.0.1 is used.

    python bench/bench_web.py [--clients 50]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from generator.web.server import App, make_server

FORMS = [
    ("rzuc-na-tace", {"players": "2", "count": "4", "seed": "{i}"}),
    ("plazing-rw", {"board": "1", "count": "2", "seed": "{i}"}),
    ("plazing", {"players": "2", "seed": "{i}", "playouts": "0"}),
]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def one(base: str, i: int) -> tuple[float, float, bool]:
    game, values = FORMS[i % len(FORMS)]
    data = urllib.parse.urlencode({k: v.format(i=i) for k, v in values.items()}).encode()
    t0 = time.perf_counter()
    try:
        urllib.request.build_opener(_NoRedirect).open(f"{base}/run/{game}", data, timeout=60)
        return 0.0, 0.0, False
    except urllib.error.HTTPError as exc:
        if exc.code != 303:
            return 0.0, 0.0, False
        job = exc.headers["Location"].split("/")[2].split("?")[0]
    t_submit = time.perf_counter() - t0
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        st = json.loads(urllib.request.urlopen(f"{base}/job/{job}.json", timeout=60).read())
        if st["state"] in ("done", "failed"):
            break
        time.sleep(0.2)
    ok = st["state"] == "done"
    if ok:
        pdf = next((f for f in st["files"] if f["name"].endswith(".pdf")), None)
        ok = pdf is not None and urllib.request.urlopen(base + pdf["url"], timeout=60).read(4) == b"%PDF"
    return t_submit, time.perf_counter() - t0, ok


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=50)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        srv = make_server("127.0.0.1", 0, App(Path(tmp)))
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{srv.server_address[1]}"
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.clients) as pool:
            results = list(pool.map(lambda i: one(base, i), range(args.clients)))
        wall = time.perf_counter() - t0
        srv.shutdown()
        srv.app.close()  # type: ignore[attr-defined]
    submit = [r[0] for r in results if r[2]]
    total = [r[1] for r in results if r[2]]
    ok = sum(1 for r in results if r[2])
    print(f"clients {args.clients}: {ok} answered correctly, wall {wall:.1f} s")
    if submit:
        print(f"submit latency  p50 {pct(submit, 50) * 1000:.0f} ms  p95 {pct(submit, 95) * 1000:.0f} ms")
        print(f"job latency     p50 {pct(total, 50):.1f} s  p95 {pct(total, 95):.1f} s")


if __name__ == "__main__":
    main()
