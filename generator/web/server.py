"""`boardgen serve`: the web app (generator.web.app) on uvicorn, bound to one socket.

`make_server()` binds first (so a port in use is an OSError the CLI
reports in one line before anything starts) and returns a handle with `server_address`,
`serve_forever()`, `shutdown()`, `server_close()` and `app.close()`, the calls `boardgen serve`
(generator/cli.py) makes.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from pathlib import Path

from generator.web.guard import BODY_TIMEOUT
from generator.web.protocol import HEAD_TIMEOUT, with_head_timeout

KEEP_ALIVE = 5  # seconds an idle keep-alive connection is kept
MAX_CONNECTIONS = 64  # connections at once; more are answered 503 by uvicorn


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str) -> str:
    """The line printed when the server is reachable from other machines ("" on loopback)."""
    if is_loopback(host):
        return ""
    return (f"warning: listening on {host}: anyone on this network can use this page and read its results "
            "(--host 127.0.0.1 keeps it to this machine)")


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (port 0: a free one); OSError when it cannot be had."""
    info = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(info[0], socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class WebServer:
    """uvicorn on an already bound socket, serving make_app(out_dir)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, out_dir: Path | str = "output",
                 allowed_hosts: Iterable[str] = (), head_timeout: float = HEAD_TIMEOUT,
                 keep_alive: int = KEEP_ALIVE, workers: int = 1, waiting: int = 4,
                 body_timeout: float = BODY_TIMEOUT, out_arg: str | None = None) -> None:
        import uvicorn

        from generator.web.app import make_app

        guarded = make_app(out_dir, allowed_hosts, workers=workers, waiting=waiting, body_timeout=body_timeout,
                           out_arg=out_arg)  # first: a bad --out is UserInputError before any socket
        try:
            self.socket = bind(host, port)
        except OSError:
            guarded.jobs.close()  # type: ignore[attr-defined]
            raise
        self.server_address = self.socket.getsockname()[:2]
        self.app = guarded.jobs  # type: ignore[attr-defined]  # .close() stops the job workers
        config = uvicorn.Config(guarded, http=with_head_timeout(head_timeout), timeout_keep_alive=keep_alive,
                                limit_concurrency=MAX_CONNECTIONS, h11_max_incomplete_event_size=16 * 1024,
                                lifespan="off", access_log=False, log_level="warning", server_header=False,
                                timeout_graceful_shutdown=5)
        self.server = uvicorn.Server(config)

    def serve_forever(self) -> None:
        self.server.run(sockets=[self.socket])

    def shutdown(self) -> None:
        self.server.should_exit = True

    def server_close(self) -> None:
        self.socket.close()


def make_server(host: str = "127.0.0.1", port: int = 8000, out_dir: Path | str = "output",
                allowed_hosts: Iterable[str] = ()) -> WebServer:
    """The server, bound and ready to serve_forever(): OSError when the address cannot be had,
    UserInputError for an --out that is not a folder."""
    return WebServer(host, port, out_dir, allowed_hosts)
