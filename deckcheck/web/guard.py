"""What keeps ``deckcheck serve`` answering under hostile clients.

* :class:`GuardedH11Protocol` – uvicorn's HTTP/1.1 protocol with a deadline for
  receiving each request, its head and its body: a connection that sends nothing,
  half a request line, a chunked body never ended or a promised body never sent
  is closed after :data:`REQUEST_SECONDS` (uvicorn bounds only the idle time
  *after* a response, ``timeout_keep_alive``). 300 such connections used to make
  every other request get 503 for as long as they stayed open. And for sending each
  answer: a connection whose answer the client does not read -- nothing of
  what the kernel cannot take leaves in :data:`SEND_SECONDS` -- is dropped; 50 such
  connections with a 450 kB answer each used to stay open for good.
* :class:`Guard` – an ASGI middleware: when the server listens on loopback only,
  a request whose ``Host`` is not ``127.0.0.1``, ``localhost`` or ``[::1]`` (with
  any port) is refused with 421, so that a web page the user visits cannot reach
  the server through DNS rebinding; and every answer carries
  ``Content-Security-Policy`` and ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import ipaddress
import json
from collections.abc import Awaitable, Callable
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

# Seconds a client has to send a whole request (head and body) once it has connected
# or once it sent the first byte of a new request on a kept-alive connection.
REQUEST_SECONDS = 5.0
# Seconds an answer may wait on a client that does not read it: what the kernel could not
# take must go down within this time (else the connection is dropped), however long a slow
# client takes for the whole answer.
SEND_SECONDS = 10.0
# Connections served at once. An idle one is closed within REQUEST_SECONDS, so
# this only bounds memory and file descriptors; it is well above what a few
# hundred held connections take (uvicorn answers 503 past it).
MAX_CONNECTIONS = 2048

LOOPBACK_NAMES = ("localhost",)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request is not received in time."""

    request_seconds = REQUEST_SECONDS
    send_seconds = SEND_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._request_timer: asyncio.TimerHandle | None = None
        self._send_timer: asyncio.TimerHandle | None = None
        self._send_waiting = 0
        # Writing pauses as soon as anything waits for the client (the kernel could not take it)
        # and resumes when all of it went: the send watch below runs exactly while that is so.
        transport.set_write_buffer_limits(high=0)
        self._arm()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._send_timer is None:
            self._watch_send()

    def resume_writing(self) -> None:
        self._unwatch_send()
        super().resume_writing()

    def _watch_send(self) -> None:
        self._send_waiting = self.transport.get_write_buffer_size()
        self._send_timer = self.loop.call_later(self.send_seconds, self._send_stalled)

    def _unwatch_send(self) -> None:
        if getattr(self, "_send_timer", None) is not None:
            self._send_timer.cancel()  # type: ignore[union-attr]
            self._send_timer = None

    def _send_stalled(self) -> None:
        """Some of the answer still waits: the client read some of it since (watch on), or none (drop)."""
        self._send_timer = None
        waiting = self.transport.get_write_buffer_size()
        if waiting == 0:
            return
        if waiting < self._send_waiting:
            self._watch_send()
        else:
            self.transport.abort()  # close() would wait for the client to read what waits

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()  # the whole request is in: the application answers it
        elif self._request_timer is None:
            self._arm()  # the first bytes of another request on a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._unwatch_send()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._request_timer = self.loop.call_later(self.request_seconds, self._too_slow)

    def _disarm(self) -> None:
        if getattr(self, "_request_timer", None) is not None:
            self._request_timer.cancel()  # type: ignore[union-attr]
            self._request_timer = None

    def _too_slow(self) -> None:
        self._request_timer = None
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED):
            return
        if not self.transport.is_closing():
            self.transport.close()


def is_loopback(host: str) -> bool:
    """Whether ``--host`` is an address of this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def network_warning(host: str) -> str | None:
    """What ``deckcheck serve --host HOST`` says when HOST is not this machine only."""
    if is_loopback(host):
        return None
    return (
        f"deckcheck: warning: listening on {host}: the page and POST /api/check are open to the network, "
        "with no authentication; --host 127.0.0.1 keeps them to this machine"
    )


def _host_name(value: str) -> str:
    """The name of a ``Host`` header without its port (``[::1]:8000`` -> ``[::1]``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[: value.find("]") + 1] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


ALLOWED_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})

ASGIApp = Callable[..., Awaitable[None]]


def content_security_policy(scripts: tuple[str, ...], styles: tuple[str, ...]) -> str:
    """The page's policy: nothing from elsewhere, only its own inline script and
    style (by their SHA-256), requests and forms to itself, no framing."""

    def hashes(blocks: tuple[str, ...]) -> str:
        return " ".join(
            f"'sha256-{base64.b64encode(hashlib.sha256(b.encode('utf-8')).digest()).decode()}'" for b in blocks
        )

    return (
        f"default-src 'none'; script-src {hashes(scripts)}; style-src {hashes(styles)}; "
        "connect-src 'self'; form-action 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'"
    )


class Guard:
    """ASGI middleware: the Host check (when ``loopback_only``) and the security headers."""

    def __init__(self, app: ASGIApp, *, loopback_only: bool, policy: str):
        self.app = app
        self.loopback_only = loopback_only
        self.headers = [
            (b"content-security-policy", policy.encode("ascii")),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]

    async def __call__(
        self, scope: dict, receive: Callable[[], Awaitable[dict]], send: Callable[[dict], Awaitable[None]]
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.loopback_only:
            hosts = [value.decode("latin-1") for key, value in scope.get("headers", ()) if key == b"host"]
            if len(hosts) != 1 or _host_name(hosts[0]) not in ALLOWED_HOSTS:
                await self._refuse(send)
                return

        async def with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *self.headers]}
            await send(message)

        await self.app(scope, receive, with_headers)

    async def _refuse(self, send: Callable[[dict], Awaitable[None]]) -> None:
        body = json.dumps(
            {
                "error": "This server answers only requests to 127.0.0.1, localhost or [::1] "
                "(the Host header names another host)."
            }
        ).encode("utf-8")
        await send(
            {
                "type": "http.response.start",
                "status": 421,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *self.headers,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def uvicorn_settings() -> dict[str, Any]:
    """The uvicorn.Config arguments of a guarded server."""
    return {
        "http": GuardedH11Protocol,
        "limit_concurrency": MAX_CONNECTIONS,
        "timeout_keep_alive": 5,
        "h11_max_incomplete_event_size": 16 * 1024,
    }
