"""The web app (Starlette behind generator.web.guard): every refusal, results that last in the serve
folder, forms in the page's language; uvicorn on a real socket dropping a slow client; the gallery."""

from __future__ import annotations

import asyncio
import io
import json
import os
import shlex
import socket
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from generator.web import fields, gallery, guard, results
from generator.web.app import make_app
from generator.web.jobs import Job

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def out(tmp_path: Path) -> Path:
    return tmp_path / "output"


class OnLoopback:
    """The app as uvicorn runs it on 127.0.0.1:8000: the scope's server is the local socket's address
    (Starlette's TestClient would put the URL's host there, which every Host would then match)."""

    def __init__(self, app: guard.Guard) -> None:
        self.app, self.jobs = app, app.jobs  # type: ignore[attr-defined]

    async def __call__(self, scope, receive, send) -> None:  # type: ignore[no-untyped-def]
        await self.app({**scope, "server": ("127.0.0.1", 8000)}, receive, send)


@pytest.fixture()
def client(out: Path) -> Iterator[TestClient]:
    app = OnLoopback(make_app(out, out_arg="output"))
    with TestClient(app, base_url="http://127.0.0.1:8000", follow_redirects=False) as c:
        yield c
    app.jobs.close()


def fake_set(out: Path, name: str, game: str = "rzuc-na-tace") -> Path:
    """An output set on disk as the CLI leaves one: a PDF and its setup JSON."""
    from reportlab.pdfgen import canvas

    folder = out / name
    folder.mkdir(parents=True)
    c = canvas.Canvas(str(folder / "sheets.pdf"))
    for i in range(2):
        c.drawString(100, 700, f"page {i + 1}")
        c.showPage()
    c.save()
    (folder / "setup.json").write_text(json.dumps({"format": "boardgen-setup", "game": game, "code": name,
                                                   "setup": {"seed": 31}}), encoding="utf-8")
    return folder


def wait(client: TestClient, job: str, timeout: float = 180.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        st = client.get(f"/job/{job}.json").json()
        if st["state"] in ("done", "failed"):
            return st
        time.sleep(0.2)
    raise AssertionError("job did not finish")


def post(client: TestClient, path: str, data: dict[str, str], **headers: str):  # type: ignore[no-untyped-def]
    return client.post(path, data=data, headers=headers)


# --- the guard -----------------------------------------------------------------------------------

def test_a_foreign_or_missing_host_is_refused(out: Path) -> None:
    app = OnLoopback(make_app(out, allowed_hosts=["club.lan"]))
    try:
        assert TestClient(app, base_url="http://evil.example").get("/").status_code == 421
        assert TestClient(app, base_url="http://evil.example:8000").get("/files/x.pdf").status_code == 421
        assert TestClient(app, base_url="http://club.lan:8000").get("/").status_code == 200  # --allowed-host
        assert TestClient(app, base_url="http://localhost:8000").get("/").status_code == 200  # its own names
        assert TestClient(app, base_url="http://127.0.0.1:8000").get("/").status_code == 200
        assert TestClient(app).get("/", headers={"host": "a b"}).status_code == 400
        assert TestClient(app).get("/", headers={"host": "x@evil.example"}).status_code == 400
    finally:
        app.jobs.close()  # type: ignore[attr-defined]


def test_loopback_names_are_the_server_s_own_on_loopback() -> None:
    g = guard.Guard(lambda *a: None)  # type: ignore[arg-type,return-value]
    scope = {"server": ("127.0.0.1", 8000)}
    assert g.host_ok(scope, "localhost") and g.host_ok(scope, "127.0.0.1") and g.host_ok(scope, "::1")
    assert not g.host_ok(scope, "rebind.evil.example")
    assert not g.host_ok({"server": ("192.168.1.5", 8000)}, "localhost")  # on a LAN address: its own only
    assert g.host_ok({"server": ("192.168.1.5", 8000)}, "192.168.1.5")
    assert guard.split_host("[::1]:8000") == ("::1", "8000") and guard.split_host("Example.COM.") == ("example.com", "")
    assert guard.split_host("host:port") is None


def test_cross_origin_posts_are_refused(client: TestClient) -> None:
    form = {"players": "2"}
    assert post(client, "/run/plazing", form, **{"sec-fetch-site": "cross-site"}).status_code == 403
    assert post(client, "/run/plazing", form, **{"sec-fetch-site": "same-site"}).status_code == 403
    assert post(client, "/run/plazing", form, origin="http://evil.example").status_code == 403
    assert post(client, "/run/plazing", form, origin="null").status_code == 403
    assert post(client, "/delete?folder=x", {}, origin="http://evil.example").status_code == 403
    # same-origin (or no browser at all) passes the guard and reaches the route: an unknown game is 404
    assert post(client, "/run/nosuch", form, origin="http://127.0.0.1:8000").status_code == 404
    assert post(client, "/run/nosuch", form, **{"sec-fetch-site": "same-origin"}).status_code == 404
    assert post(client, "/run/nosuch", form).status_code == 404
    assert client.get("/job/0123456789abcdef.json").status_code == 404


def test_only_form_encodings_are_accepted_and_bodies_are_capped(client: TestClient) -> None:
    r = client.post("/run/plazing", content=b"players=2", headers={"content-type": "text/plain"})
    assert r.status_code == 415 and client.app.jobs.active() == 0  # type: ignore[attr-defined]
    assert client.post("/run/plazing", content=b"{}", headers={"content-type": "application/json"}).status_code == 415
    big = {"code": "x" * (guard.MAX_BODY + 10)}
    assert client.post("/run/plazing", data=big).status_code == 413
    r = client.post("/run/nosuch", files={"players": ("a.txt", b"2")})  # multipart passes the guard
    assert r.status_code == 404


def _call(g: guard.Guard, messages: list[dict], headers: dict[str, str], delay: float = 0.0) -> int:
    """One request straight into the ASGI guard, the body arriving as `messages` (`delay` s apart)."""
    sent: list[dict] = []

    async def receive() -> dict:
        await asyncio.sleep(delay)
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(msg: dict) -> None:
        sent.append(msg)

    async def app(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    scope = {"type": "http", "method": "POST", "path": "/run/x", "server": ("127.0.0.1", 80),
             "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}
    asyncio.run(guard.Guard(app, body_timeout=g.body_timeout)(scope, receive, send))
    return sent[0]["status"] if sent else 0


def test_a_body_shorter_than_its_length_or_too_slow_starts_nothing() -> None:
    g = guard.Guard(lambda *a: None, body_timeout=0.3)  # type: ignore[arg-type,return-value]
    head = {"host": "127.0.0.1", "content-type": "application/x-www-form-urlencoded"}
    whole = [{"type": "http.request", "body": b"players=2", "more_body": False}]
    assert _call(g, list(whole), {**head, "content-length": "9"}) == 204
    assert _call(g, list(whole), {**head, "content-length": "50"}) == 400  # shorter than said
    slow = [{"type": "http.request", "body": b"pl", "more_body": True}] * 5 + whole
    assert _call(g, slow, head, delay=0.1) == 408
    cut = [{"type": "http.request", "body": b"pl", "more_body": True}]  # then the client goes away
    assert _call(g, cut, head) == 0


# --- files -----------------------------------------------------------------------------------------

def test_files_are_served_only_from_the_serve_folder(client: TestClient, out: Path, tmp_path: Path) -> None:
    folder = fake_set(out, "RT-10-3-D")
    assert client.get("/files/RT-10-3-D/sheets.pdf").content.startswith(b"%PDF")
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    os.symlink(secret, folder / "link.txt")
    os.symlink(tmp_path, out / "outside")
    (folder / ".web.json").write_text("{}")
    for bad in ["/files/../secret.txt", "/files/%2e%2e/secret.txt", "/files/RT-10-3-D/..%2F..%2Fsecret.txt",
                "/files/RT-10-3-D/link.txt", "/files/outside/secret.txt", "/files//etc/passwd",
                "/files/RT-10-3-D/.web.json", "/files/RT-10-3-D", "/files/" + str(secret), "/files/.web/x",
                "/thumb/0/outside/secret.txt", "/thumb/9/RT-10-3-D/sheets.pdf"]:
        r = client.get(bad)
        assert r.status_code == 404 and b"secret" not in r.content, bad
    assert client.get("/thumb/1/RT-10-3-D/sheets.pdf").content[:4] == b"\x89PNG"


def test_every_value_shown_is_escaped(client: TestClient, out: Path) -> None:
    fake_set(out, "<b>x</b>")
    page = client.get("/").text
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    r = post(client, "/run/plazing", {"paper": "<script>alert(1)</script>"})
    assert r.status_code == 400 and "<script>alert" not in r.text and "&lt;script&gt;" in r.text
    assert "script-src 'self'" in r.headers["content-security-policy"] and r.headers["x-frame-options"] == "DENY"


# --- results ---------------------------------------------------------------------------------------

def test_a_result_lasts_shows_everything_and_regenerates_the_same_files(client: TestClient, out: Path,
                                                                       tmp_path: Path) -> None:
    r = post(client, "/run/plazing?lang=en", {"players": "2", "playouts": "5", "surprises": "on"})
    assert r.status_code == 303
    st = wait(client, r.headers["location"].split("/")[2].split("?")[0])
    assert st["state"] == "done", st
    (folder,) = st["results"]
    assert (out / folder / "board.pdf").is_file() and (out / "index.html").is_file()
    assert not any((out / ".web" / "jobs").iterdir())  # no staging left behind
    page = client.get(f"/result/{folder}?lang=en").text
    res = results.find(out, folder)
    assert res is not None and res.seed and f'<td id="seed">{res.seed}</td>' in page
    assert "games" in page and "completed" in page  # the playability figures
    assert "<h2>Files</h2>" in page and "<h2>Playability</h2>" in page and "<h2>Pages</h2>" in page
    pl = client.get(f"/result/{folder}?lang=pl").text  # headings capitalised alike in both languages
    assert "<h2>Pliki</h2>" in pl and "<h2>Grywalność</h2>" in pl and "<h2>Strony</h2>" in pl
    for rel, _ in res.pdfs:
        assert f'href="/files/{rel}"' in page
    thumbs = results.thumbnails(out, res)
    assert len(thumbs) >= len(res.pdfs) and all(f'src="/thumb/{p}/{rel}"' in page for rel, p in thumbs)
    assert 'id="again"' in page and 'name="seed"' not in page.split('id="again"')[1].split("</form>")[0]
    command = res.command("output")
    assert f"--seed {res.seed}" in command and "--surprises" in command and command in page
    # the command, run in a terminal, makes the same files
    words = shlex.split(command)
    assert words[0] == "boardgen" and words[-2:] == ["--out", "output"]
    again = tmp_path / "again"
    proc = subprocess.run([sys.executable, "-m", "generator", *words[1:-2], "--out", str(again)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    for name in ("board.pdf", "setup.json", "setup-card.pdf"):
        assert (again / folder / name).read_bytes() == (out / folder / name).read_bytes(), name
    # a restart (a new app on the same folder) lists it; the home page shows it with working links
    app2 = OnLoopback(make_app(out))
    try:
        home = TestClient(app2, base_url="http://localhost:8000").get("/").text
        assert f'href="/result/{folder}?lang=pl"' in home
        assert TestClient(app2, base_url="http://localhost:8000").get(f"/files/{folder}/preview.png").status_code == 200
    finally:
        app2.jobs.close()


def test_a_job_publishes_its_sets_into_the_cli_s_layout_and_keeps_the_game_s_other_sets(tmp_path: Path) -> None:
    """A job's stage is the --out of its command: OUT/<game>/<CODE>/. Publishing puts each code folder
    into the serve folder's game folder, replacing only a set of the same code."""
    from generator.web.jobs import META, Jobs

    out = tmp_path / "output"
    mine = fake_set(out / "plazing", "PZ-USER-1-A", game="plazing")  # a set the CLI wrote there
    jobs = Jobs(out)
    try:
        for code in ("PZ-1-1-A", "PZ-1-2-B", "PZ-1-1-A"):
            stage = tmp_path / "stage" / code
            fake_set(stage / "plazing", code, game="plazing")
            job = Job("0" * 16, "plazing", ["setup"], {"players": "2"})
            assert jobs._publish(job, stage) == [f"plazing/{code}"]
        assert sorted(p.name for p in (out / "plazing").iterdir()) == ["PZ-1-1-A", "PZ-1-2-B", "PZ-USER-1-A"]
        assert mine.is_dir() and (out / "plazing" / "PZ-1-1-A" / META).is_file()
        assert {r.folder for r in results.list_results(out)} == {"plazing/PZ-1-1-A", "plazing/PZ-1-2-B",
                                                                "plazing/PZ-USER-1-A"}
        assert results.delete(out, "plazing/PZ-1-2-B", "en") and not (out / "plazing" / "PZ-1-2-B").exists()
        for code in ("PZ-1-1-A", "PZ-USER-1-A"):
            assert results.delete(out, f"plazing/{code}", "en")
        assert not (out / "plazing").exists()  # the game folder went with its last set
    finally:
        jobs.close()


def test_results_are_listed_newest_first_and_deleted_after_asking(client: TestClient, out: Path) -> None:
    old, new = fake_set(out, "RT-10-1-A"), fake_set(out, "RT-10-2-B")
    os.utime(old, (1_000_000, 1_000_000))
    home = client.get("/").text
    assert home.index("RT-10-2-B") < home.index("RT-10-1-A")
    assert 'src="/thumb/0/RT-10-2-B/sheets.pdf"' in home  # a set without a PNG shows its first page
    ask = client.get("/delete?folder=RT-10-1-A")
    assert ask.status_code == 200 and 'id="confirm-delete"' in ask.text and old.exists()  # asking deletes nothing
    assert post(client, "/delete?folder=RT-10-1-A", {"confirm": "no"}).status_code == 400 and old.exists()
    assert post(client, "/delete?folder=RT-10-1-A", {"confirm": "yes"}).status_code == 303
    assert not old.exists() and new.exists()
    assert post(client, "/delete?folder=../output", {"confirm": "yes"}).status_code == 404
    assert post(client, "/delete?folder=RT-10-1-A", {"confirm": "yes"}).status_code == 404


def test_a_failed_job_shows_its_one_line_error_and_a_full_queue_says_busy(client: TestClient) -> None:
    r = post(client, "/run/plazing", {"players": "7"})
    job = r.headers["location"].split("/")[2].split("?")[0]
    st = wait(client, job)
    assert st["state"] == "failed" and "players" in st["message"] and "\n" not in st["message"]
    page = client.get(f"/job/{job}").text
    assert 'id="error"' in page and "Traceback" not in page
    jobs = client.app.jobs  # type: ignore[attr-defined]
    for i in range(jobs.workers + jobs.waiting):  # a queue full of work
        jobs.jobs[f"{i:016x}"] = Job(f"{i:016x}", "plazing", [], {}, state="running")
    r = post(client, "/run/plazing", {"players": "2"})
    assert r.status_code == 503 and 'id="busy"' in r.text and r.headers["retry-after"]
    assert client.get("/").status_code == 200  # the server stays up


# --- forms -----------------------------------------------------------------------------------------

def test_forms_speak_the_page_s_language_and_show_their_command(client: TestClient) -> None:
    form = fields.form_of("plazing")
    assert form is not None
    paper = form.by_name("paper")
    assert paper is not None and paper.kind == "choice" and paper.label("pl") == "Papier"
    for g in fields.game_forms():  # every field has its words in both languages, none a bare flag
        for f in g.fields:
            assert {"pl", "en"} <= set(f.labels) and {"pl", "en"} <= set(f.helps), (g.game, f.name)
            assert f.label("pl") != f.flag and f.help("pl") != f.help("en"), (g.game, f.name)
    from generator.web import forms

    for g in fields.game_forms():  # the labels and titles are the declarations' (one source of them)
        declared = {f.name: f.label for f in forms.form_for(g.game).fields}
        assert {f.name: dict(f.labels) for f in g.fields} == declared and g.titles == forms.face_of(g.game).title
    words = tomllib.loads((ROOT / "generator/web/fields.toml").read_text(encoding="utf-8"))
    shared = {k: v for k, v in words["help"].items() if k not in fields.GAME_SECTIONS}
    own = [v for k, table in words["help"].items() if k in fields.GAME_SECTIONS for v in table.values()]
    assert set(words) == {"help"} and all(set(v) == {"pl"} for v in [*shared.values(), *own])
    balanced = {g: fields.form_of(g).by_name("balanced").help("pl") for g in ("plazing", "planety")}  # type: ignore[union-attr]
    assert balanced["plazing"] != balanced["planety"] and "wybuch" in balanced["planety"]  # a word, two meanings
    pl, en = client.get("/?lang=pl").text, client.get("/?lang=en").text
    # a word field lists the values the declaration names as suggestions
    datalist = pl.split('<datalist id="plazing-rw-board-choices">')[1].split("</datalist>")[0]
    assert 'list="plazing-rw-board-choices"' in pl and '<option value="random">' in datalist
    assert "Liczba graczy" in pl and "Players" in en and 'lang="pl"' in pl and 'lang="en"' in en
    assert '<select id="plazing-paper" name="paper"' in pl and 'type="checkbox" id="plazing-surprises"' in pl
    assert 'min="0"' in pl  # numbers carry their ranges
    assert '<code class="command" id="command-plazing">boardgen plazing setup</code>' in pl
    # the values the language switch carries come back filled in, and in the command line
    kept = client.get("/?lang=en&plazing.players=3&plazing.surprises=on&plazing.paper=letter").text
    assert 'id="plazing-players" name="players" type="number"' in kept
    assert 'value="3"' in kept.split('id="plazing-players"')[1].split(">")[0]
    assert "boardgen plazing setup --players 3 --surprises --paper letter" in kept


def test_form_values_become_the_cli_s_arguments() -> None:
    form = fields.form_of("plazing")
    assert form is not None
    values = fields.clean_values(form, {"players": "3", "surprises": "on", "seed": "", "paper": "a4"})
    assert fields.arguments(form, values) == ["setup", "--players", "3", "--surprises"]
    with pytest.raises(fields.FormError):
        fields.clean_values(form, {"code": "x" * 500})
    with pytest.raises(fields.FormError):
        fields.clean_values(form, {"paper": "a3"})
    with pytest.raises(fields.FormError):
        fields.clean_values(form, {"code": "PZ\n-1"})
    assert fields.command_line("plazing", ["setup", "--code", "a b"], "my out") == \
        "boardgen plazing setup --code 'a b' --out 'my out'"


# --- a real socket -----------------------------------------------------------------------------------

def test_uvicorn_drops_a_slow_client_while_serving_another(out: Path) -> None:
    from generator.web.server import WebServer

    srv = WebServer("127.0.0.1", 0, out, head_timeout=1.0, body_timeout=1.0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    host, port = srv.server_address
    try:
        for _ in range(100):
            if srv.server.started:
                break
            time.sleep(0.05)
        slow = socket.create_connection((host, port))
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
        slow_body = socket.create_connection((host, port))
        slow_body.sendall(b"POST /run/plazing HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                          b"application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nplayers=2")
        start = time.monotonic()
        with socket.create_connection((host, port)) as fast:  # meanwhile another client is served
            fast.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            reply = b""
            while chunk := fast.recv(65536):
                reply += chunk
        assert reply.startswith(b"HTTP/1.1 200") and time.monotonic() - start < 1.0
        slow.settimeout(5)
        assert slow.recv(100) == b"" and time.monotonic() - start < 3.0  # dropped after its timeout
        slow_body.settimeout(5)
        assert slow_body.recv(100).startswith(b"HTTP/1.1 408")
        with socket.create_connection((host, port)) as rebind:
            rebind.sendall(b"GET / HTTP/1.1\r\nHost: rebind.evil.example\r\nConnection: close\r\n\r\n")
            assert rebind.recv(100).startswith(b"HTTP/1.1 421")
        slow.close()
        slow_body.close()
    finally:
        srv.shutdown()
        thread.join(10)
        srv.server_close()
        srv.app.close()


def test_a_non_loopback_host_gets_a_warning() -> None:
    from generator.web.server import exposure_warning

    assert exposure_warning("127.0.0.1") == "" and exposure_warning("::1") == "" and exposure_warning("localhost") == ""
    assert "warning" in exposure_warning("0.0.0.0") and "192.168.1.5" in exposure_warning("192.168.1.5")


# --- the static gallery ------------------------------------------------------------------------------

def test_the_gallery_lists_every_set_with_links_and_commands(tmp_path: Path) -> None:
    import urllib.parse

    from generator.games.rzuc_na_tace import cli as rzuc_cli

    rzuc_cli.make_all(tmp_path, 3, "a4", "pl")
    path = gallery.write_index(tmp_path, "pl")
    html = path.read_text(encoding="utf-8")
    sets = gallery.scan(tmp_path)
    assert sets and all(s.game == "rzuc-na-tace" for s in sets)
    for s in sets:
        assert s.code in html and f"boardgen rzuc-na-tace sheet --code {s.code}" in html
        for rel, _, _ in s.files:
            assert f'href="{urllib.parse.quote(rel)}"' in html and (tmp_path / rel).is_file()
    assert "<script" not in html  # works without JavaScript, from file://


def test_any_command_with_out_keeps_the_gallery(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "generator", *args, "--out", str(tmp_path)],
                              capture_output=True, text=True, timeout=300)

    assert run("rzuc-na-tace", "sheet", "--seed", "3", "--count", "2").returncode == 0
    assert run("planety", "setup", "--seed", "4", "--playouts", "0", "--lang", "en").returncode == 0
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert html.count("<section") == 2 and "boardgen planety setup --code PN-" in html and 'lang="en"' in html
    assert run("plazing", "setup", "--players", "9").returncode == 2  # a failed command leaves the page be
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == html


GAME_FORMS = {  # small sets, one per game: quick to make, every kind of output
    "plazing": {"players": "2", "playouts": "0"},
    "plazing-rw": {"count": "1"},
    "rzuc-na-tace": {"count": "2"},
    "winnice": {"players": "2"},
    "planety": {"players": "2"},
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["pl", "en"])
def test_every_game_s_form_makes_a_result_page_whose_pdfs_read(client: TestClient, out: Path, lang: str) -> None:
    import shutil

    from pypdf import PdfReader

    assert {g.game for g in fields.game_forms()} == set(GAME_FORMS)
    jobs = {}
    for game, values in GAME_FORMS.items():
        r = post(client, f"/run/{game}?lang={lang}", values)
        assert r.status_code == 303, (game, r.text[:300])
        jobs[game] = r.headers["location"].split("/")[2].split("?")[0]
    for game, job in jobs.items():
        st = wait(client, job)
        assert st["state"] == "done", (game, st)
        res = results.find(out, st["results"][0])
        assert res is not None and res.game == game and res.seed, game
        page = client.get(f"/result/{res.folder}?lang={lang}")
        assert page.status_code == 200 and f'<html lang="{lang}">' in page.text
        assert (("wylosowane ziarno" if lang == "pl" else "seed drawn") in page.text) and res.seed in page.text
        assert res.pdfs and 'class="thumb"' in page.text
        for rel, _ in res.pdfs:
            body = client.get(f"/files/{rel}").content
            assert len(PdfReader(io.BytesIO(body)).pages) >= 1, rel
            if shutil.which("pdfinfo"):
                info = subprocess.run(["pdfinfo", "-"], input=body, capture_output=True, timeout=60)
                assert info.returncode == 0 and b"Pages:" in info.stdout, rel


def test_the_seed_is_read_from_any_game_s_code() -> None:
    from generator.games.plazing_rw.setup import CODE as RW
    from generator.games.winnice.setup import CODE as WN

    code = "PR-00G00-2TA4HAT-H"  # what `plazing-rw sheet` wrote for its seed 3030533466
    assert results.seed_of_code(code) == RW.decode(code)[1] == 3030533466
    assert results.seed_of_code(WN.encode({"players": 3}, 77)) == 77
    assert results.seed_of_code("PR-00G00-2TA4HAT-X") is None  # a wrong check character
    assert results.seed_of_code("RT-10-1-A") is None and results.seed_of_code("<b>x</b>") is None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_make_server_refuses_a_taken_port_and_an_out_that_is_not_a_folder(tmp_path: Path) -> None:
    from generator.core.checks import UserInputError
    from generator.web.server import make_server

    (tmp_path / "file").write_text("x")
    with pytest.raises(UserInputError, match="not a folder"):
        make_server("127.0.0.1", 0, tmp_path / "file")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            make_server("127.0.0.1", taken.getsockname()[1], tmp_path / "out")
    assert not any((tmp_path / "out").iterdir())  # nothing left behind by the refused start


def test_the_serve_command_starts_the_app_on_the_serve_folder(tmp_path: Path) -> None:
    """`boardgen serve` as the CLI defines it (make_server(host, port); default folder output/ in the
    working folder): it answers, keeps the foreign Host out, and stops on SIGTERM."""
    import signal
    import urllib.request

    port = _free_port()
    fake_set(tmp_path / "output", "RT-10-3-D")
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port", str(port)], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        end = time.monotonic() + 60
        page = ""
        while time.monotonic() < end and not page:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read().decode()
            except OSError:
                time.sleep(0.3)
        assert "RT-10-3-D" in page  # the results of ./output
        req = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(req, timeout=5)
        assert refused.value.code == 421
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err and f":{port}/" in out


def test_stopping_the_server_ends_a_running_job(tmp_path: Path) -> None:
    from generator.web.jobs import Jobs

    jobs = Jobs(tmp_path, workers=1, waiting=2)
    job = jobs.submit("rzuc-na-tace", ["sheet", "--count", "400", "--variant", "random"], {}, "pl")
    queued = jobs.submit("rzuc-na-tace", ["sheet"], {}, "pl")
    end = time.monotonic() + 60
    while not jobs.procs and time.monotonic() < end:
        time.sleep(0.05)
    assert jobs.procs, "the job did not start"
    t0 = time.monotonic()
    jobs.close()
    jobs.pool.shutdown(wait=True)
    assert time.monotonic() - t0 < 10
    assert job.state == "failed" and "stop" in job.message and queued.state == "queued"
    assert not any((tmp_path / ".web" / "jobs").iterdir()) and not any(p.is_dir() and p.name != ".web"
                                                                      for p in tmp_path.iterdir())
