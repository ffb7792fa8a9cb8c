"""``db update --source tcgdex`` from a static mirror of a TCGdex export, as a user runs it.

The mirror is a plain file server on 127.0.0.1 over a slice of ../shared/carddata/tcgdex-api
copied into a temporary folder: ``http.server``'s own handler, speaking HTTP/1.1 so that a
connection can be kept alive (the one ``python3 -m http.server --protocol HTTP/1.1`` runs,
with its writes buffered so that an answer leaves in one piece), optionally over TLS with a
self-signed certificate. What a user relies on:

* TCGdex alone builds the database ``db import`` builds from the same export (also the sets
  that share a set code and day with another set: Brilliant Stars and its Trainer Gallery);
* the requests reuse a few kept-alive connections, and one SSL context;
* the progress knows its totals before the first card is asked for.
"""

from __future__ import annotations

import functools
import shutil
import ssl
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from slices import tcgdex_export
from support import running_in_thread
from typer.testing import CliRunner

from deckcheck.carddb import connections
from deckcheck.carddb import http as carddb_http
from deckcheck.carddb.build import build_database
from deckcheck.carddb.sqlite import iter_cards
from deckcheck.carddb.tcgdex_fetch import MAX_WORKERS
from deckcheck.carddb.update import update_database
from deckcheck.cli import app

# Brilliant Stars and its Trainer Gallery (one code, one day), the SV Energies and MEE.
SETS = ["swsh9", "swsh9tg", "sve", "mee"]


@pytest.fixture(scope="module")
def export(tcgdex_api, tmp_path_factory) -> Path:
    return tcgdex_export(tcgdex_api, tmp_path_factory.mktemp("export"), SETS)


class Mirror:
    """A static file server over ``folder`` that keeps connections alive and counts them."""

    def __init__(self, folder: Path, context: ssl.SSLContext | None = None):
        self.paths: list[str] = []
        self.connections = 0
        self.hang_up = False  # end each connection after one answer, without saying so
        outer = self

        class Handler(SimpleHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            wbufsize = -1  # headers and body in one write, flushed after each answer

            def log_message(self, *args):  # keep test output clean
                pass

            def setup(self):
                outer.connections += 1
                super().setup()

            def do_GET(self):  # noqa: N802 - http.server's name
                outer.paths.append(self.path)
                super().do_GET()
                if outer.hang_up:
                    self.close_connection = True

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 64

            def get_request(self):
                sock, address = super().get_request()
                if context is not None:
                    sock = context.wrap_socket(sock, server_side=True)
                return sock, address

        self.httpd = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(folder)))
        scheme = "https" if context is not None else "http"
        self.base = f"{scheme}://127.0.0.1:{self.httpd.server_address[1]}"

    def card_requests(self) -> list[str]:
        return [p for p in self.paths if p.startswith("/v2/en/cards/")]


@contextmanager
def serving(folder: Path, context: ssl.SSLContext | None = None) -> Iterator[Mirror]:
    mirror = Mirror(folder, context)
    with running_in_thread(mirror.httpd):
        yield mirror


def _cards_and_sets(db: Path) -> tuple[set[str], set[str]]:
    cards = list(iter_cards(db))
    return {c.id for c in cards}, {c.set_id for c in cards}


def test_tcgdex_alone_builds_what_db_import_builds_over_a_few_kept_alive_connections(export, tmp_path):
    imported = tmp_path / "imported.sqlite3"
    build_database(export, imported, source_label="export")
    dest = tmp_path / "cards.sqlite3"
    with serving(export) as mirror:
        result = CliRunner().invoke(
            app, ["db", "update", "--source", "tcgdex", "--tcgdex-url", mirror.base, "--db", str(dest)]
        )
    assert result.exit_code == 0, result.output
    ids, sets = _cards_and_sets(dest)
    assert (ids, sets) == _cards_and_sets(imported)
    # The Trainer Gallery keeps its own set (swsh9tg-TG01), not folded into Brilliant Stars for sharing its code.
    assert {"swsh9", "swsh9tg"} <= sets and "swsh9tg-TG01" in ids
    cards = mirror.card_requests()
    assert len(cards) == len(set(cards)) == len(ids)
    # Each worker keeps its connection: a handful of connections (the set list's probe, its
    # redirect, the workers), not one per card.
    assert mirror.connections <= MAX_WORKERS + 4 < len(cards)


def test_the_progress_knows_its_totals_before_the_first_card(export, tmp_path):
    sets_seen: list[tuple[int, int | None]] = []
    cards_seen: list[tuple[int, int | None]] = []
    with serving(export) as mirror:
        update_database(
            "unused",
            tmp_path / "cards.sqlite3",
            source="tcgdex",
            tcgdex_url=mirror.base,
            tcgdex_set_progress=lambda done, total: sets_seen.append((done, total)),
            tcgdex_progress=lambda done, total: cards_seen.append((done, total)),
        )
        fetched = len(mirror.card_requests())
    assert sets_seen[0] == (0, len(SETS)) and sets_seen[-1] == (len(SETS), len(SETS))
    assert cards_seen[0] == (0, fetched)  # the total, before the first card request
    assert {total for _, total in cards_seen} == {fetched}
    assert cards_seen[-1] == (fetched, fetched)
    assert [done for done, _ in cards_seen] == sorted(done for done, _ in cards_seen)


def test_a_second_update_reuses_what_it_has_and_asks_only_for_the_set_list(export, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    with serving(export) as mirror:
        update_database("unused", dest, source="tcgdex", tcgdex_url=mirror.base)
        mirror.paths.clear()
        result = update_database("unused", dest, source="tcgdex", tcgdex_url=mirror.base)
    assert result.status == "unchanged"
    # Only the set list (its probe, then sets.json, answered 304 Not Modified): no set object, no card.
    assert set(mirror.paths) == {"/v2/en/sets", "/v2/en/sets/", "/v2/en/sets.json"}


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> Path:
    """A self-signed certificate for 127.0.0.1 (key and certificate in one file)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed (it makes the test's certificate)")
    folder = tmp_path_factory.mktemp("tls")
    pem = folder / "server.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem"),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    pem.write_text((folder / "key.pem").read_text() + (folder / "cert.pem").read_text())
    return pem


def test_https_requests_share_one_ssl_context_and_keep_their_connections(export, certificate, tmp_path, monkeypatch):
    server_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_context.load_cert_chain(certificate)
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate))  # the client trusts the test's certificate
    made: list[ssl.SSLContext] = []
    real = ssl.create_default_context

    def counted(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(ssl, "create_default_context", counted)
    connections.ssl_context.cache_clear()
    try:
        with serving(export, server_context) as mirror:
            result = update_database("unused", tmp_path / "cards.sqlite3", source="tcgdex", tcgdex_url=mirror.base)
    finally:
        connections.ssl_context.cache_clear()
    assert result.status == "installed" and result.tcgdex["card"] == len(mirror.card_requests()) > 100
    assert len(made) == 1
    assert mirror.connections <= MAX_WORKERS + 4


def test_an_http_proxy_named_by_the_environment_is_used(export, tmp_path, monkeypatch):
    """``http_proxy`` as urllib honours it: every request goes to the proxy with the whole URL."""
    with serving(export) as mirror:
        asked: list[str] = []

        class Proxy(SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):  # noqa: N802
                asked.append(self.path)
                assert self.path.startswith("http://")
                self.path = self.path.split("/", 3)[3].join(["/", ""])
                super().do_GET()

        proxy = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Proxy, directory=str(export)))
        with running_in_thread(proxy):
            monkeypatch.setenv("http_proxy", f"http://127.0.0.1:{proxy.server_address[1]}")
            monkeypatch.setenv("no_proxy", "")
            result = update_database("unused", tmp_path / "cards.sqlite3", source="tcgdex", tcgdex_url=mirror.base)
    assert result.status == "installed"
    assert asked and all(path.startswith(mirror.base + "/v2/en/") for path in asked)
    assert not mirror.paths  # the mirror itself was never asked


def test_a_redirect_is_followed(tmp_path):
    """The default archive's URL (github.com) answers with a redirect to where the zip is."""
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "data.bin").write_bytes(b"x" * 5000)
    with serving(tmp_path) as mirror:
        # http.server answers a folder without its slash with 301 to the folder.
        got: list[bytes] = []
        answer = carddb_http.fetch(
            f"{mirror.base}/files", got.append, timeout=5, within=5, max_bytes=10**6, allow_not_found=False
        )
    assert answer.size and b"data.bin" in b"".join(got)
    assert mirror.paths == ["/files", "/files/"]


def test_a_connection_the_server_closed_while_idle_is_replaced_without_a_retry(tmp_path, monkeypatch):
    monkeypatch.setattr(carddb_http, "RETRY_BACKOFF", 60.0)  # a retry would take a minute
    (tmp_path / "a.json").write_text("[1]")
    pool = connections.Connections()
    with serving(tmp_path) as mirror:
        mirror.hang_up = True  # as a server does with a connection idle too long
        try:
            got = [
                carddb_http.fetch_json(f"{mirror.base}/a.json", timeout=5, within=5, max_bytes=100, connections=pool)[0]
                for _ in range(3)
            ]
        finally:
            pool.close()
    assert got == [[1], [1], [1]]
    assert pool.opened == mirror.connections == 3
