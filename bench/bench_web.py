"""Load test of `boardgen serve`: many concurrent form submissions against a local server.

Each client submits a form (a Rzuć na tacę pad, a roll&write pad or a small Plażing setup). The queue
is bounded, so a submission is either accepted (303 to its job, which is followed until done and its
first PDF downloaded) or answered "busy" (503 with Retry-After) at once. Meanwhile a reader fetches the
home page again and again: its latency while the jobs run is what a second visitor sees. Printed:
accepted / busy / wrong counts, p50/p95 of the submission and of the home page, job latency. Only
127.0.0.1 is used.

    python bench/bench_web.py [--clients 30]
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

from generator.web.server import WebServer

FORMS = [
    ("rzuc-na-tace", {"players": "2", "count": "4", "seed": "{i}"}),
    ("plazing-rw", {"board": "1", "count": "2", "seed": "{i}"}),
    ("plazing", {"players": "2", "seed": "{i}", "playouts": "0"}),
]
HEAD = {"Host": "127.0.0.1", "Content-Type": "application/x-www-form-urlencoded"}


def request(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body, HEAD)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def one(port: int, i: int) -> tuple[str, float, float]:
    """("done" | "busy" | "wrong", submission seconds, job seconds)."""
    import json

    game, values = FORMS[i % len(FORMS)]
    data = urllib.parse.urlencode({k: v.format(i=i) for k, v in values.items()}).encode()
    t0 = time.perf_counter()
    status, headers, _ = request(port, "POST", f"/run/{game}", data)
    t_submit = time.perf_counter() - t0
    if status == 503:
        return ("busy" if headers.get("retry-after") else "wrong"), t_submit, 0.0
    if status != 303:
        return "wrong", t_submit, 0.0
    job = headers["location"].split("/")[2].split("?")[0]
    deadline = time.monotonic() + 600
    st: dict = {}
    while time.monotonic() < deadline:
        st = json.loads(request(port, "GET", f"/job/{job}.json")[2])
        if st["state"] in ("done", "failed"):
            break
        time.sleep(0.2)
    if st.get("state") != "done":
        return "wrong", t_submit, 0.0
    listing = request(port, "GET", f"/result/{urllib.parse.quote(st['results'][0])}")[2].decode()
    links = [part.split('"')[0] for part in listing.split('class="file" href="')[1:]]
    pdf = next((link for link in links if link.endswith(".pdf")), "")
    got = request(port, "GET", pdf)
    ok = got[2][:4] == b"%PDF"
    return ("done" if ok else "wrong"), t_submit, time.perf_counter() - t0


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] if len(values) > 1 else values[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=30)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        srv = WebServer("127.0.0.1", 0, tmp, workers=2, waiting=6)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        port = srv.server_address[1]
        while not srv.server.started:
            time.sleep(0.05)
        stop = threading.Event()
        home: list[float] = []

        def reader() -> None:
            while not stop.is_set():
                t = time.perf_counter()
                assert request(port, "GET", "/")[0] == 200
                home.append(time.perf_counter() - t)
                time.sleep(0.1)

        watcher = threading.Thread(target=reader)
        watcher.start()
        t0 = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.clients) as pool:
            results = list(pool.map(lambda i: one(port, i), range(args.clients)))
        wall = time.perf_counter() - t0
        stop.set()
        watcher.join()
        srv.shutdown()
        srv.app.close()
    counts = {k: sum(1 for r in results if r[0] == k) for k in ("done", "busy", "wrong")}
    print(f"clients {args.clients}: {counts['done']} done, {counts['busy']} busy (503), {counts['wrong']} wrong; "
          f"wall {wall:.1f} s")
    submit = [r[1] for r in results if r[0] != "wrong"]
    jobs = [r[2] for r in results if r[0] == "done"]
    if submit:
        print(f"submission  p50 {pct(submit, 50) * 1000:.0f} ms  p95 {pct(submit, 95) * 1000:.0f} ms")
    if home:
        print(f"home page   p50 {pct(home, 50) * 1000:.0f} ms  p95 {pct(home, 95) * 1000:.0f} ms  ({len(home)} reads)")
    if jobs:
        print(f"job         p50 {pct(jobs, 50):.1f} s  p95 {pct(jobs, 95):.1f} s")


if __name__ == "__main__":
    main()
