"""`boardgen serve [--host] [--port] [--out DIR] [--allowed-host NAME ...]`: the web app on the serve
folder it is given, the warning when it is reachable from other machines, one-line refusals."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def one_line(res) -> str:
    assert res.exit_code == 2, res.output
    text = res.output.strip()
    assert "Traceback" not in text and text.count("\n") == 0, text
    return text


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_out_that_is_a_file_a_taken_port_and_a_bad_host_name_are_one_line(tmp_path):
    (tmp_path / "file").write_text("mine")
    assert "not a folder" in one_line(runner.invoke(app, ["serve", "--port", "1", "--out", str(tmp_path / "file")]))
    assert (tmp_path / "file").read_text() == "mine"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        text = one_line(runner.invoke(app, ["serve", "--port", str(port), "--out", str(tmp_path / "o")]))
        assert text.startswith(f"error: cannot listen on 127.0.0.1:{port}")
    assert "--allowed-host" in one_line(runner.invoke(app, ["serve", "--allowed-host", "a b",
                                                            "--out", str(tmp_path / "o")]))
    below = subprocess.run([sys.executable, "-m", "generator", "serve", "--port", "0"], capture_output=True,
                           text=True, cwd=ROOT, timeout=60)  # a usage error, as the console script words it
    assert below.returncode == 2 and below.stderr.count("\n") == 1 and "--port" in below.stderr, below.stderr


def get(port: int, host: str | None = None) -> tuple[int, str]:
    req = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, ""


@pytest.mark.skipif(not hasattr(signal, "SIGTERM"), reason="stops the server with SIGTERM")
def test_serve_on_every_interface_warns_serves_its_out_and_lets_in_an_allowed_host(tmp_path):
    from tests.web.test_server import fake_set

    out = tmp_path / "club"
    fake_set(out / "rzuc-na-tace", "RT-10-3-D")
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--host", "0.0.0.0", "--port", str(port),
                             "--out", str(out), "--allowed-host", "club.lan", "--allowed-host", "games.lan"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        end, status, page = time.monotonic() + 60, 0, ""
        while time.monotonic() < end and not status:
            try:
                status, page = get(port, f"club.lan:{port}")
            except OSError:
                time.sleep(0.3)
        assert status == 200 and "RT-10-3-D" in page  # the sets of --out, reached by an allowed name
        assert get(port, f"games.lan:{port}")[0] == 200
        assert get(port, f"evil.example:{port}")[0] == 421
    finally:
        proc.send_signal(signal.SIGTERM)
        stdout, stderr = proc.communicate(timeout=30)
    assert "Traceback" not in stderr
    assert "warning: listening on 0.0.0.0" in stderr and stderr.count("warning") == 1, stderr
    assert f"{out} on http://0.0.0.0:{port}/" in stdout
    assert not (tmp_path / "output").exists()  # the default folder is not touched


def test_serve_on_loopback_warns_of_nothing(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "generator", "serve", "--port", str(port)], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        end, status = time.monotonic() + 60, 0
        while time.monotonic() < end and not status:
            try:
                status = get(port)[0]
            except OSError:
                time.sleep(0.3)
        assert status == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        _, stderr = proc.communicate(timeout=30)
    assert "warning" not in stderr and (tmp_path / "output").is_dir()  # --out's default: output/
