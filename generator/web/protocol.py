"""uvicorn's HTTP/1.1 protocol with a deadline for the request head.

uvicorn drops an idle keep-alive connection after `timeout_keep_alive`, but it waits for a new
connection's first request head without limit, so a client that connects and sends nothing (or a
byte a minute) holds its connection, and enough of them reach `limit_concurrency`. Here a connection
whose first request line and headers are not complete within HEAD_TIMEOUT seconds is closed. The body
has its own deadline in generator.web.guard; the event loop serves every other client meanwhile.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_TIMEOUT = 10.0  # seconds for a new connection's request line and headers


class HeadTimeoutProtocol(H11Protocol):
    head_timeout: float = HEAD_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _head_too_slow(self) -> None:
        if self.cycle is None and not self.transport.is_closing():  # no request has started
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_timer.cancel()
        super().connection_lost(exc)


def with_head_timeout(seconds: float) -> type[HeadTimeoutProtocol]:
    """The protocol class with its own deadline (uvicorn takes a class, not an instance)."""
    return type("HeadTimeoutProtocol", (HeadTimeoutProtocol,), {"head_timeout": seconds})
