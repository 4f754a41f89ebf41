"""`boardgen serve`: a local web app with a form for every game.

Stack: the standard library's ThreadingHTTPServer. A local, single-user tool needs no framework, and
this one ships with Python, is maintained with it, and adds nothing to install. Each form submission
becomes a job that runs the very CLI command the form was built from (`python -m generator GAME CMD
...`) in a subprocess on a small worker pool, off the request thread: the CLI's bounds and one-line
errors apply unchanged, a crash cannot take the server down, and the request answers at once with a
page that refreshes itself until the job is done.

Safety: binds 127.0.0.1 unless told otherwise; a job's files are served by their index in the list the
server made when the job finished (regular files only, never symlinks, checked to lie inside the job's
folder), so no part of a request path ever reaches the file system; job ids are random and checked
by pattern; job folders are removed after `keep_seconds` or when all of them exceed `max_bytes`.
"""

from __future__ import annotations

import json
import mimetypes
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from generator.web import forms
from generator.web.html import render_page

JOB_ID = re.compile(r"^[0-9a-f]{16}$")
MAX_BODY = 64 * 1024
JOB_TIMEOUT = 300.0  # seconds a job may run
MAX_QUEUED = 200  # jobs waiting at once; more are refused with 503


@dataclass
class Job:
    id: str
    game: str
    args: list[str]
    folder: Path
    state: str = "queued"  # queued | running | done | failed
    message: str = ""
    created: float = field(default_factory=time.monotonic)
    started: float = 0.0
    finished: float = 0.0
    files: list[Path] = field(default_factory=list)
    bytes: int = 0  # what the job's folder holds, measured once when it ends (the clean-up's budget)

    @property
    def elapsed(self) -> float:
        end = self.finished or time.monotonic()
        return end - (self.started or self.created)

    @property
    def listing(self) -> list[tuple[str, int]]:
        out = []
        for p in self.files:
            try:
                out.append((p.relative_to(self.folder).as_posix(), p.stat().st_size))
            except OSError:
                out.append((p.name, 0))
        return out

    @property
    def preview(self) -> int | None:
        return next((i for i, p in enumerate(self.files) if p.suffix == ".png"), None)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "args": self.args, "state": self.state, "message": self.message,
                "elapsed": round(self.elapsed, 3),
                "files": [{"name": n, "bytes": b, "url": f"/job/{self.id}/{i}"}
                          for i, (n, b) in enumerate(self.listing)]}


class App:
    """The jobs and their folders; shared by the request threads."""

    def __init__(self, workdir: Path | None = None, workers: int = 2, keep_seconds: float = 1800.0,
                 max_bytes: int = 512 * 1024 * 1024) -> None:
        self.workdir = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix="boardgen-serve-"))
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boardgen-job")
        self.keep_seconds = keep_seconds
        self.max_bytes = max_bytes
        self.games = forms.available_games()
        self._forms: dict[str, forms.Form] = {}

    def form(self, game: str) -> forms.Form:
        if game not in self._forms:
            self._forms[game] = forms.form_for(game)
        return self._forms[game]

    def submit(self, game: str, values: dict[str, str]) -> Job:
        """A job for a submitted form; FormError for input that is not even a command line."""
        if game not in self.games:
            raise forms.FormError(f"unknown game {game!r}")
        args = forms.arguments(self.form(game), values)
        self.clean_up()
        with self.lock:
            if sum(1 for j in self.jobs.values() if j.state in ("queued", "running")) >= MAX_QUEUED:
                raise forms.FormError("too many jobs waiting; try again in a minute")
            job_id = secrets.token_hex(8)
            job = Job(job_id, game, args, self.workdir / job_id)
            self.jobs[job_id] = job
        self.pool.submit(self._run, job)
        return job

    def _run(self, job: Job) -> None:
        job.state, job.started = "running", time.monotonic()
        job.folder.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "generator", job.game, *job.args, "--out", str(job.folder)]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=JOB_TIMEOUT,
                                  stdin=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "200"})
            if proc.returncode == 0:
                job.files = _regular_files(job.folder)
                job.state = "done"
            else:
                job.message = _one_line(proc.stderr) or f"exit code {proc.returncode}"
                job.state = "failed"
        except subprocess.TimeoutExpired:
            job.message, job.state = f"took longer than {JOB_TIMEOUT:g} s and was stopped", "failed"
        except Exception as exc:  # the page reports it; the server keeps serving
            job.message, job.state = f"{exc.__class__.__name__}: {exc}", "failed"
        finally:
            job.bytes = _size(job.folder)
            job.finished = time.monotonic()

    def clean_up(self) -> None:
        """Drop finished jobs older than keep_seconds, then the oldest while over max_bytes. Sizes are
        the ones measured when each job ended (a job's folder is not written after that), so a submit
        does not walk every folder under the lock; folders are removed after the lock is let go."""
        now = time.monotonic()
        gone: list[Path] = []
        with self.lock:
            finished = sorted((j for j in self.jobs.values() if j.state in ("done", "failed") and j.finished),
                              key=lambda j: j.finished)
            total = sum(j.bytes for j in finished)
            for j in finished:
                if now - j.finished > self.keep_seconds or total > self.max_bytes:
                    total -= j.bytes
                    gone.append(j.folder)
                    del self.jobs[j.id]
        for folder in gone:
            shutil.rmtree(folder, ignore_errors=True)

    def file_of(self, job_id: str, index: str) -> Path | None:
        """The index-th file of a finished job, or None: the only way a request reaches a file."""
        if not JOB_ID.match(job_id) or not index.isdigit() or len(index) > 6:
            return None
        job = self.jobs.get(job_id)
        if job is None or job.state != "done" or int(index) >= len(job.files):
            return None
        p = job.files[int(index)]
        try:
            real = p.resolve(strict=True)
            inside = real.is_relative_to(job.folder.resolve(strict=True))
        except OSError:
            return None
        if p.is_symlink() or not inside or not real.is_file():
            return None
        return real

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def _regular_files(folder: Path) -> list[Path]:
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and not (Path(dirpath) / d).is_symlink())
        for n in sorted(filenames):
            p = Path(dirpath) / n
            if not n.startswith(".") and p.is_file() and not p.is_symlink():
                out.append(p)
    return out


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in _regular_files(folder)) if folder.exists() else 0


def _one_line(stderr: str) -> str:
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    if not lines:
        return ""
    last = lines[-1]
    return last[len("error: "):] if last.startswith("error: ") else last


def make_handler(app: App) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "boardgen"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the stdlib's name
            pass  # quiet: the terminal shows the URL, not every request

        def _lang(self, query: dict[str, list[str]]) -> str:
            lang = (query.get("lang") or ["pl"])[0]
            return lang if lang in ("pl", "en") else "pl"

        def _send(self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Cache-Control", "no-store")
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _html(self, status: int, text: str) -> None:
            self._send(status, text.encode("utf-8"), "text/html; charset=utf-8")

        def _forms_page(self, lang: str, error: str = "", status: int = 200) -> None:
            page = render_page("app.html.j2", lang, forms=[app.form(g) for g in app.games], error=error)
            self._html(status, page)

        def _not_found(self) -> None:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

        def do_HEAD(self) -> None:  # noqa: N802 - the stdlib's name
            self.do_GET()

        def do_GET(self) -> None:  # noqa: N802
            url = urlsplit(self.path)
            query = parse_qs(url.query)
            lang = self._lang(query)
            parts = url.path.split("/")
            if url.path == "/":
                self._forms_page(lang)
            elif len(parts) == 3 and parts[1] == "job" and JOB_ID.match(parts[2].removesuffix(".json")):
                job = app.jobs.get(parts[2].removesuffix(".json"))
                if job is None:
                    return self._not_found()
                if parts[2].endswith(".json"):
                    self._send(200, json.dumps(job.to_json()).encode(), "application/json")
                else:
                    self._html(200, render_page("job.html.j2", lang, job=job))
            elif len(parts) == 4 and parts[1] == "job":
                path = app.file_of(parts[2], parts[3])
                if path is None:
                    return self._not_found()
                ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
                self._send(200, path.read_bytes(), ctype,
                           {"Content-Disposition": f'inline; filename="{path.name}"'})
            else:
                self._not_found()

        def do_POST(self) -> None:  # noqa: N802
            url = urlsplit(self.path)
            lang = self._lang(parse_qs(url.query))
            parts = url.path.split("/")
            if len(parts) != 3 or parts[1] != "run":
                return self._not_found()
            try:
                length = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                length = -1
            if length < 0 or length > MAX_BODY:
                return self._forms_page(lang, f"form data larger than {MAX_BODY // 1024} KB", 413)
            body = self.rfile.read(length).decode("utf-8", errors="replace")
            values = {k: v[-1] for k, v in parse_qs(body, keep_blank_values=True).items()}
            try:
                job = app.submit(parts[2], values)
            except forms.FormError as exc:
                return self._forms_page(lang, str(exc), 400)
            self.send_response(HTTPStatus.SEE_OTHER)
            self.send_header("Location", f"/job/{job.id}?lang={lang}")
            self.send_header("Content-Length", "0")
            self.end_headers()

    return Handler


def make_server(host: str = "127.0.0.1", port: int = 8000, app: App | None = None) -> ThreadingHTTPServer:
    app = app or App()
    server = ThreadingHTTPServer((host, port), make_handler(app))
    server.daemon_threads = True
    server.app = app  # type: ignore[attr-defined]
    return server
