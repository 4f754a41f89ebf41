"""The checks every request passes before the app sees it: an ASGI middleware in front of the routes.

Why each one:
- Host: a page on a foreign site can point its own DNS name at 127.0.0.1 (DNS rebinding) and then read
  this server's pages as same-origin. Answering only the names and addresses the server really has
  (the local address the connection arrived on, loopback names on loopback, this machine's host name,
  and any name the user allowed) makes such a page get a 421 instead.
- Cross-origin posts: a foreign page can post a form here (a "simple" request, no preflight) and start
  jobs or delete results. Browsers say where a request comes from; the check is the one of Go's
  net/http CrossOriginProtection: `Sec-Fetch-Site` when present (same-origin or none passes), else
  `Origin` compared with `Host`; a request with neither is not from a browser and passes.
- Form encodings only: a text/plain body is what a cross-site form can send without a preflight in
  browsers that predate the headers above; the app reads only url-encoded or multipart forms anyway.
- Body cap and read timeout: a post is read whole, within MAX_BODY bytes and BODY_TIMEOUT seconds,
  before any route runs, so a body longer than allowed, shorter than its Content-Length or sent too
  slowly never starts a job.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 64 * 1024  # bytes of one post: every form here is far smaller
BODY_TIMEOUT = 10.0  # seconds to send a whole post body
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
FORM_TYPES = {"application/x-www-form-urlencoded", "multipart/form-data"}
LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", "localhost.localdomain"}


def _is_loopback(addr: str) -> bool:
    return addr in LOOPBACK_NAMES or addr.startswith("127.")


def split_host(value: str) -> tuple[str, str] | None:
    """(name, port) of a Host header value, the name lower-cased and IPv6 brackets dropped; None when
    the value is not a host at all (empty, spaces, a path, a user part)."""
    value = value.strip().lower()
    if not value or any(c in value for c in " /\\@?#\t"):
        return None
    if value.startswith("["):
        name, sep, rest = value[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            return None
        port = rest[1:]
    else:
        name, _, port = value.rpartition(":") if value.count(":") == 1 else (value, "", "")
    if port and not port.isdigit():
        return None
    return (name.rstrip("."), port) if name else None


def own_names() -> set[str]:
    """This machine's own host names (for a server bound to a LAN address, reached by name)."""
    names = set()
    try:
        host = socket.gethostname().lower()
        names |= {host, f"{host}.local", socket.getfqdn().lower()}
    except OSError:
        pass
    return {n for n in names if n and not _is_loopback(n)}


async def _respond(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
               (b"x-content-type-options", b"nosniff"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: Host allow-list, same-origin posts, form encodings, capped and timed bodies."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = (), max_body: int = MAX_BODY,
                 body_timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.allowed = {h.strip().lower().strip("[]").rstrip(".") for h in allowed_hosts if h.strip()}
        self.allowed |= own_names()
        self.max_body = max_body
        self.body_timeout = body_timeout

    def host_ok(self, scope: Scope, name: str) -> bool:
        server = scope.get("server")
        local = str(server[0]).lower() if server else ""
        if name in self.allowed or (local and name == local):
            return True
        return _is_loopback(local) and _is_loopback(name)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = split_host(headers.get("host", ""))
        if host is None:
            return await _respond(send, 400, "missing or malformed Host header")
        if not self.host_ok(scope, host[0]):
            return await _respond(send, 421, f"this server does not answer for the host {host[0]!r}; "
                                             "start it with --allowed-host NAME to allow a name")
        if scope["method"] in SAFE_METHODS:
            return await self.app(scope, receive, send)
        refusal = cross_origin(headers)
        if refusal:
            return await _respond(send, 403, refusal)
        ctype = headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype not in FORM_TYPES:
            return await _respond(send, 415, "only form posts are accepted "
                                             "(application/x-www-form-urlencoded or multipart/form-data)")
        try:
            length = int(headers["content-length"]) if "content-length" in headers else None
        except ValueError:
            return await _respond(send, 400, "malformed Content-Length")
        if length is not None and (length < 0 or length > self.max_body):
            return await _respond(send, 413, f"form data larger than {self.max_body // 1024} KB")
        body, problem = await self._read_body(receive, length)
        if problem == "disconnected":
            return None
        if problem:
            status = 413 if problem.startswith("form data") else 408 if "slowly" in problem else 400
            return await _respond(send, status, problem)
        done = False

        async def replay() -> Message:
            nonlocal done
            if not done:
                done = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the disconnect, when it comes

        return await self.app(scope, replay, send)

    async def _read_body(self, receive: Receive, length: int | None) -> tuple[bytes, str]:
        parts: list[bytes] = []
        size = 0
        deadline = time.monotonic() + self.body_timeout
        while True:
            left = deadline - time.monotonic()
            try:
                message = await asyncio.wait_for(receive(), timeout=max(left, 0.001))
            except TimeoutError:
                return b"", f"the form data came too slowly (more than {self.body_timeout:g} s)"
            if message["type"] == "http.disconnect":
                return b"", "disconnected"
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return b"", f"form data larger than {self.max_body // 1024} KB"
            parts.append(chunk)
            if not message.get("more_body", False):
                break
        if length is not None and size != length:
            return b"", "the form data is shorter than its Content-Length"
        return b"".join(parts), ""


def cross_origin(headers: dict[str, str]) -> str:
    """Why a state-changing request looks cross-origin, or "" when it may pass (Go's algorithm)."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        return "" if site in ("same-origin", "none") else f"cross-origin request refused (Sec-Fetch-Site: {site})"
    origin = headers.get("origin")
    if origin is None:
        return ""  # neither header: not a browser's request, so no victim's cookies or network position
    parts = urlsplit(origin)
    if parts.scheme in ("http", "https") and parts.netloc.lower() == headers.get("host", "").strip().lower():
        return ""
    return "cross-origin request refused (Origin does not match Host)"
