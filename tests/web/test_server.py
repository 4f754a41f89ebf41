"""The local web app: forms from the CLI's options, jobs off the request thread, only generated
files served, the CLI's one-line errors on the page; and the static gallery."""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.web import forms, gallery
from generator.web.server import App, make_server


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[str]:
    srv = make_server("127.0.0.1", 0, App(tmp_path / "jobs"))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.app.close()  # type: ignore[attr-defined]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def submit(base: str, game: str, values: dict[str, str]) -> str:
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        opener.open(f"{base}/run/{game}", urllib.parse.urlencode(values).encode())
    except urllib.error.HTTPError as exc:
        if exc.code == 303:
            return exc.headers["Location"].split("/")[2].split("?")[0]
        raise
    raise AssertionError("no redirect")


def wait(base: str, job: str, timeout: float = 120.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        st = json.loads(urllib.request.urlopen(f"{base}/job/{job}.json").read())
        if st["state"] in ("done", "failed"):
            return st
        time.sleep(0.2)
    raise AssertionError("job did not finish")


def status(url: str) -> int:
    try:
        return urllib.request.urlopen(url).status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_forms_come_from_the_cli_options() -> None:
    form = forms.form_for("plazing")
    flags = {f.flag: f for f in form.fields}
    assert {"--players", "--seed", "--code", "--paper", "--lang", "--surprises"} <= set(flags)
    assert "--out" not in flags and "--json" not in flags
    assert flags["--paper"].choices == ("a4", "letter") and flags["--seed"].min == 0
    assert flags["--surprises"].kind == "bool"
    assert forms.arguments(form, {"players": "3", "surprises": "on", "seed": ""}) == [
        "setup", "--players", "3", "--surprises"]
    with pytest.raises(forms.FormError):
        forms.arguments(form, {"code": "x" * 500})


def test_a_setup_is_generated_and_only_its_files_are_served(server: str, tmp_path: Path) -> None:
    job = submit(server, "plazing", {"players": "2", "seed": "9", "playouts": "5"})
    st = wait(server, job)
    assert st["state"] == "done", st
    names = [f["name"] for f in st["files"]]
    assert any(n.endswith("board.pdf") for n in names) and any(n.endswith(".png") for n in names)
    pdf = next(f for f in st["files"] if f["name"].endswith("board.pdf"))
    body = urllib.request.urlopen(server + pdf["url"]).read()
    assert body.startswith(b"%PDF")
    page = urllib.request.urlopen(f"{server}/job/{job}").read().decode()
    assert 'id="preview"' in page and "board.pdf" in page
    # nothing but the job's own files by index: traversal, absolute and encoded paths, symlinks
    secret = tmp_path / "secret.txt"
    secret.write_text("secret")
    link = tmp_path / "jobs" / job / "zz-link.txt"
    os.symlink(secret, link)
    for bad in [f"/job/{job}/../../secret.txt", f"/job/{job}/%2e%2e%2fsecret.txt", f"/job/{job}/..%2F..%2Fsecret.txt",
                f"/job/{job}/{len(names)}", f"/job/{job}/-1", f"/job/{job}//etc/passwd", "/etc/passwd",
                f"/job/{job}/{secret}", "/job/../../etc/passwd", "/job/0123456789abcdef/0"]:
        assert status(server + bad) == 404, bad
    st2 = json.loads(urllib.request.urlopen(f"{server}/job/{job}.json").read())
    assert all("zz-link" not in f["name"] for f in st2["files"])


def test_bad_input_shows_the_cli_one_line_message(server: str) -> None:
    st = wait(server, submit(server, "plazing", {"players": "7"}))
    assert st["state"] == "failed" and "players" in st["message"] and "Traceback" not in st["message"]
    page = urllib.request.urlopen(f"{server}/job/{submit(server, 'rzuc-na-tace', {'code': 'XX-bad'})}").read()
    assert b"Traceback" not in page
    assert status(f"{server}/run/chess") in (400, 404)


def test_the_gallery_lists_every_set_with_links_and_commands(tmp_path: Path) -> None:
    from generator.games.rzuc_na_tace import cli as rzuc_cli

    rzuc_cli.make_all(tmp_path, 3, "a4", "pl")
    path = gallery.write_index(tmp_path, "pl")
    html = path.read_text(encoding="utf-8")
    sets = gallery.scan(tmp_path)
    assert sets and all(s.game == "rzuc-na-tace" for s in sets)
    for s in sets:
        assert s.code in html and f"boardgen rzuc-na-tace sheet --code {s.code}" in html
        for rel, _, _ in s.files:
            assert urllib.parse.quote(rel) in html and (tmp_path / rel).is_file()
    assert "<script" not in html  # works without JavaScript, from file://


def test_any_command_with_out_keeps_the_gallery(tmp_path: Path) -> None:
    import subprocess
    import sys

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "generator", *args, "--out", str(tmp_path)],
                              capture_output=True, text=True, timeout=300)

    assert run("rzuc-na-tace", "sheet", "--seed", "3", "--count", "2").returncode == 0
    assert run("planety", "setup", "--seed", "4", "--playouts", "0", "--lang", "en").returncode == 0
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert html.count("<section") == 2 and "boardgen planety setup --code PN-" in html and 'lang="en"' in html
    assert run("plazing", "setup", "--players", "9").returncode == 2  # a failed command leaves the page be
    assert (tmp_path / "index.html").read_text(encoding="utf-8") == html


def test_clean_up_keeps_the_newest_jobs_within_the_byte_budget(tmp_path: Path) -> None:
    from generator.web.server import Job

    app = App(workdir=tmp_path, workers=1, keep_seconds=3600, max_bytes=2500)
    try:
        now = time.monotonic()
        for i in range(4):  # four finished jobs of 1,000 bytes, oldest first; one still running
            folder = tmp_path / f"{i:016x}"
            folder.mkdir()
            (folder / "a.pdf").write_bytes(b"x" * 1000)
            app.jobs[f"{i:016x}"] = Job(f"{i:016x}", "rzuc-na-tace", [], folder, state="done",
                                        finished=now - 10 + i, bytes=1000)
        running = Job("f" * 16, "rzuc-na-tace", [], tmp_path / ("f" * 16), state="running")
        app.jobs[running.id] = running
        app.clean_up()
        assert sorted(app.jobs) == [f"{2:016x}", f"{3:016x}", "f" * 16]  # 2,000 bytes kept, the oldest gone
        assert not (tmp_path / f"{0:016x}").exists() and (tmp_path / f"{3:016x}").exists()
        app.keep_seconds = 7.5  # now age counts too: only the job that ended 7 s ago stays
        app.clean_up()
        assert sorted(app.jobs) == [f"{3:016x}", "f" * 16]
    finally:
        app.close()


def test_a_code_with_the_form_s_defaults_sends_only_what_was_changed() -> None:
    form = forms.form_for("plazing")
    players = next(f for f in form.fields if f.name == "players")
    args = forms.arguments(form, {"code": "PZ-2010000-3-2", "players": str(players.default), "paper": "a4"})
    assert args == ["setup", "--code", "PZ-2010000-3-2"]
    assert "--players" in forms.arguments(form, {"code": "PZ-2010000-3-2", "players": "2"})
