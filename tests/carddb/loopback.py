"""One static HTTP server on 127.0.0.1 for the ``db update`` tests: the
pokemontcg.io archive (test_update.py) and the TCGdex API (test_tcgdex_update.py).

Each route is a path with a kind and a body:

* ``ok``: the body, with an ETag (answered ``304 Not Modified`` when the request's
  ``If-None-Match`` names it) and a fixed ``Last-Modified``;
* ``flaky``: ``503`` while ``failures_left`` is above 0, then as ``ok``;
* ``truncated``: promises the whole body, sends half of it and hangs up;
* ``slow``: the body in 1 KiB pieces, 50 ms apart (a test can kill the client mid-download);
* ``trickle``: promises the whole body and sends one byte every ``trickle_every``
  seconds (a mirror that never trips a per-read timeout), for at most
  ``trickle_for`` seconds, then hangs up.

``cut_after = (prefix, n)`` truncates every answer to a path starting with
``prefix`` once more than ``n`` such paths have been asked for (a server that
drops the connection half way through the cards). ``requests`` records each
request's path and headers.
"""

from __future__ import annotations

import hashlib
import http.server
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from support import running_in_thread

LAST_MODIFIED = "Fri, 27 Mar 2026 17:38:57 GMT"


class LoopbackServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, routes: Mapping[str, tuple[str, bytes]]):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes: dict[str, tuple[str, bytes]] = dict(routes)
        self.requests: list[tuple[str, dict[str, str]]] = []
        self.failures_left = 0
        self.cut_after: tuple[str, int] | None = None
        self.trickle_every = 0.2
        self.trickle_for = 20.0
        self.base = f"http://127.0.0.1:{self.server_address[1]}"

    def url(self, path: str) -> str:
        return self.base + path

    @property
    def paths(self) -> list[str]:
        return [path for path, _ in self.requests]

    def cut_off(self, path: str) -> bool:
        if self.cut_after is None or not path.startswith(self.cut_after[0]):
            return False
        return sum(p.startswith(self.cut_after[0]) for p in self.paths) > self.cut_after[1]


@contextmanager
def serving(routes: Mapping[str, tuple[str, bytes]]) -> Iterator[LoopbackServer]:
    httpd = LoopbackServer(routes)
    with running_in_thread(httpd):
        yield httpd


class _Handler(http.server.BaseHTTPRequestHandler):
    server: LoopbackServer

    def log_message(self, *args):  # keep test output clean
        pass

    def do_GET(self):
        server = self.server
        server.requests.append((self.path, dict(self.headers)))
        route = server.routes.get(self.path)
        if route is None:
            self.send_error(404, "Not Found")
            return
        kind, body = route
        if kind == "flaky" and server.failures_left > 0:
            server.failures_left -= 1
            self.send_error(503, "Service Unavailable")
            return
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if kind in ("ok", "flaky") and self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/zip" if self.path.endswith(".zip") else "application/json")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", LAST_MODIFIED)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if kind == "truncated" or server.cut_off(self.path):  # promise the whole answer, send half, hang up
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        if kind == "trickle":
            stop = time.monotonic() + server.trickle_for
            for byte in body:
                if time.monotonic() > stop:
                    break
                try:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(server.trickle_every)
            self.close_connection = True
            return
        if kind == "slow":
            for start in range(0, len(body), 1024):
                try:
                    self.wfile.write(body[start : start + 1024])
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(0.05)
            return
        self.wfile.write(body)
