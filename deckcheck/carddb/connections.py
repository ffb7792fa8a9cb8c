"""The connections of deckcheck's HTTP client (:mod:`deckcheck.carddb.http`).

* :func:`ssl_context`: one SSL context for every https request (making one
  loads the system's certificates, some 20 ms of CPU each time);
* :class:`Connections`: keep-alive connections for a group of requests, one
  per thread and server (an update's TCGdex requests run on a fixed pool of
  worker threads, so thousands of objects cost a few connections);
* the proxy the environment names (``http_proxy``, ``https_proxy``,
  ``no_proxy``), as urllib honours it;
* :data:`WATCHDOG`: one thread that shuts a request's sockets down when its
  time is up, so a read blocked on a server trickling one byte every few
  seconds returns (a timer thread per request cost more CPU than the request).
"""

from __future__ import annotations

import base64
import heapq
import http.client
import itertools
import os
import socket
import ssl
import threading
import time
import urllib.request
from functools import lru_cache
from urllib.parse import unquote, urlsplit


class Watch:
    """The sockets of one request and whether its time ran out (:data:`WATCHDOG`)."""

    __slots__ = ("lock", "sockets", "fired", "done")

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        self.fired = False
        self.done = False

    def watch(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self.lock:
            self.sockets.append(sock)
            fired = self.fired
        if fired:
            _shut(sock)

    def fire(self) -> None:
        with self.lock:
            if self.done:
                return
            self.fired = True
            sockets, self.sockets = self.sockets, []
        for sock in sockets:
            _shut(sock)

    def cancel(self) -> None:
        with self.lock:
            self.done = True
            self.sockets = []


def _shut(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class _Watchdog:
    """One thread for all requests that shuts a request's sockets down at its
    moment, so a read blocked on a trickling server returns (a timer thread per
    request cost more CPU than the request itself)."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._heap: list[tuple[float, int, Watch]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def arm(self, seconds: float) -> Watch:
        watch = Watch()
        entry = (time.monotonic() + max(0.0, seconds), next(self._order), watch)
        with self._cond:
            heapq.heappush(self._heap, entry)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="deckcheck-http-watchdog", daemon=True)
                self._thread.start()
            elif self._heap[0] is entry:
                self._cond.notify()
        return watch

    def _run(self) -> None:
        with self._cond:
            while True:
                while self._heap and self._heap[0][2].done:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._cond.wait()
                    continue
                wait = self._heap[0][0] - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                heapq.heappop(self._heap)[2].fire()


WATCHDOG = _Watchdog()


def _new_watchdog() -> None:
    global WATCHDOG
    WATCHDOG = _Watchdog()  # a forked child has no watchdog thread (and maybe a held lock)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_watchdog)


@lru_cache(maxsize=1)
def ssl_context() -> ssl.SSLContext:
    """The one SSL context of every https request: making one loads the
    system's certificates, about 20 ms of CPU each time."""
    return ssl.create_default_context()


Key = tuple[str, str, int]


class Connections:
    """Keep-alive connections for a group of requests (the TCGdex requests of
    one update): each thread keeps one connection per server (http.client
    connections are not thread-safe), so as many are open at once as threads
    fetch; all share :func:`ssl_context`. A connection the server closes, that
    failed or that the watchdog shut down is dropped, and the next request on
    that thread opens a new one. :meth:`close` closes every one still open."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._lock = threading.Lock()
        self._open: set[http.client.HTTPConnection] = set()
        self._routes: dict[tuple[str, str], tuple[str, int, str | None] | None] = {}
        self.opened = 0  # connections opened in all (the tests count them)

    def proxy(self, scheme: str, host: str) -> tuple[str, int, str | None] | None:
        """The proxy for ``host`` (:func:`_proxy`), looked up once per server."""
        route = (scheme, host)
        if route not in self._routes:
            self._routes[route] = _proxy(scheme, host)
        return self._routes[route]

    def _mine(self) -> dict[Key, http.client.HTTPConnection]:
        mine = getattr(self._local, "connections", None)
        if mine is None:
            mine = self._local.connections = {}
        return mine

    def take(self, key: Key, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
        """This thread's idle connection to ``key`` (scheme, host, port), or a
        new one; and whether it was used before (the server may have closed it
        meanwhile)."""
        idle = self._mine().pop(key, None)
        if idle is not None:
            return idle, True
        connection = _connection(*key, timeout, self.proxy(key[0], key[1]))
        with self._lock:
            self._open.add(connection)
            self.opened += 1
        return connection, False

    def keep(self, key: Key, connection: http.client.HTTPConnection) -> None:
        """``connection`` answered in full and stays open: the thread's next request to ``key`` reuses it."""
        self._mine()[key] = connection

    def drop(self, connection: http.client.HTTPConnection) -> None:
        connection.close()
        with self._lock:
            self._open.discard(connection)

    def close(self) -> None:
        with self._lock:
            connections, self._open = list(self._open), set()
        for connection in connections:
            connection.close()


def _connection(
    scheme: str, host: str, port: int, timeout: float, proxy: tuple[str, int, str | None] | None
) -> http.client.HTTPConnection:
    """A connection to ``host``, or to ``proxy`` for it."""
    if proxy is None:
        if scheme == "https":
            return http.client.HTTPSConnection(host, port, timeout=timeout, context=ssl_context())
        return http.client.HTTPConnection(host, port, timeout=timeout)
    proxy_host, proxy_port, auth = proxy
    if scheme == "https":  # a tunnel (CONNECT) through the proxy; TLS with the server itself
        tunnelled = http.client.HTTPSConnection(proxy_host, proxy_port, timeout=timeout, context=ssl_context())
        tunnelled.set_tunnel(host, port, headers={"Proxy-Authorization": auth} if auth else None)
        return tunnelled
    return http.client.HTTPConnection(proxy_host, proxy_port, timeout=timeout)


def _proxy(scheme: str, host: str) -> tuple[str, int, str | None] | None:
    """(host, port, Proxy-Authorization) of the proxy the environment names for
    ``scheme`` and ``host`` (``https_proxy``, ``http_proxy``, ``no_proxy``, as
    urllib reads them), or None."""
    proxy = urllib.request.getproxies().get(scheme)
    if not proxy or urllib.request.proxy_bypass(host):
        return None
    parts = urlsplit(proxy if "://" in proxy else f"http://{proxy}")
    if not parts.hostname:
        return None
    auth = None
    if parts.username is not None:
        user = f"{unquote(parts.username)}:{unquote(parts.password or '')}"
        auth = "Basic " + base64.b64encode(user.encode()).decode("ascii")
    return parts.hostname, parts.port or 80, auth
