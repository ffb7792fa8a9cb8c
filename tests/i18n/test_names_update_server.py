"""db update --lang: the TCGdex lists fetched over HTTP (a server on 127.0.0.1, never the internet)."""

from __future__ import annotations

import hashlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from support import running_in_thread

from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.sqlite import SqliteIndex
from deckcheck.carddb.translations import DEFAULT_NAMES_URL, import_names, names_info


class TcgdexServer:
    """Serves ``/v2/{lang}/cards`` and ``/v2/{lang}/sets`` from ``<root>/v2/{lang}/*.json``."""

    def __init__(self, root: Path):
        self.root = root
        self.requests: list[str] = []
        self.fail_with: dict[str, list[int]] = {}  # path -> statuses to answer first
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's name
                server.requests.append(self.path)
                planned = server.fail_with.get(self.path)
                if planned:
                    self.send_error(planned.pop(0))
                    return
                parts = self.path.strip("/").split("/")
                if len(parts) != 3 or parts[0] != "v2" or parts[2] not in ("cards", "sets"):
                    self.send_error(404)
                    return
                path = server.root / "v2" / parts[1] / f"{parts[2]}.json"
                if not path.is_file():
                    self.send_error(404)
                    return
                body = path.read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.running = running_in_thread(self.httpd)

    def __enter__(self):
        self.running.__enter__()
        return self

    def __exit__(self, *exc):
        return self.running.__exit__(*exc)


@pytest.fixture(autouse=True)
def _no_backoff(monkeypatch):
    import deckcheck.carddb.http as carddb_http

    monkeypatch.setattr(carddb_http, "RETRY_BACKOFF", 0.0)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_default_source_is_the_tcgdex_api():
    assert DEFAULT_NAMES_URL == "https://api.tcgdex.net"


def test_names_are_fetched_from_the_base_url(small_db, small_tcgdex):
    with TcgdexServer(small_tcgdex) as server:
        result = import_names(server.url, small_db, ["de", "pt"], timeout=10)
    assert sorted(server.requests) == ["/v2/de/cards", "/v2/de/sets", "/v2/en/sets", "/v2/pt/cards", "/v2/pt/sets"]
    assert [(r.lang, r.mapped, r.names) for r in result.languages] == [("de", 19, 17), ("pt", 6, 3)]
    assert result.source == server.url
    with SqliteIndex(small_db) as index:
        assert [t.card.name for t in index.by_translated_name("Prof. Esche")] == ["Professor Juniper"]
        assert index.meta()["names_source"] == server.url
    leftovers = [p.name for p in small_db.parent.iterdir() if ".tmp-" in p.name]
    assert leftovers == []


def test_a_server_error_is_retried(small_db, small_tcgdex):
    with TcgdexServer(small_tcgdex) as server:
        server.fail_with["/v2/de/cards"] = [503]
        result = import_names(server.url, small_db, ["de"], timeout=10, retries=1)
    assert server.requests.count("/v2/de/cards") == 2
    assert result.languages[0].mapped == 19


def test_a_failed_download_changes_nothing(small_db, small_tcgdex):
    import_names(small_tcgdex, small_db, ["de"])
    before = digest(small_db)
    with TcgdexServer(small_tcgdex) as server:
        server.fail_with["/v2/pt/sets"] = [500, 500, 500]
        with pytest.raises(DatabaseError, match="HTTP 500"):
            import_names(server.url, small_db, ["de", "pt"], timeout=10, retries=2)
    assert digest(small_db) == before
    assert names_info(small_db) == {"de": 17}
    assert [p.name for p in small_db.parent.iterdir() if ".tmp-" in p.name] == []


def test_a_server_without_the_english_sets_list_still_serves_names(small_db, small_tcgdex, tmp_path):
    import shutil

    root = tmp_path / "mirror"
    shutil.copytree(small_tcgdex, root)
    (root / "v2" / "en" / "sets.json").unlink()
    with TcgdexServer(root) as server:
        (de,) = import_names(server.url, small_db, ["de"], timeout=10).languages
    assert "/v2/en/sets" in server.requests
    assert (de.mapped, de.no_set) == (16, 5)  # the set only the English list describes is not mapped


def test_a_language_the_server_does_not_have_is_an_error(small_db, small_tcgdex):
    with TcgdexServer(small_tcgdex) as server:
        with pytest.raises(DatabaseError, match="HTTP 404"):
            import_names(server.url, small_db, ["it"], timeout=10)
    assert names_info(small_db) == {}


def test_an_unreachable_server_is_an_error(small_db):
    with TcgdexServer(Path("/nonexistent")) as server:
        url = server.url
    # The server is gone: connection refused on 127.0.0.1.
    with pytest.raises(DatabaseError, match="cannot reach"):
        import_names(url, small_db, ["de"], timeout=5, retries=0)


def test_the_reference_files_over_http(reference_english_db, reference_tcgdex, tmp_path):
    import shutil

    dest = tmp_path / "cards.sqlite3"
    shutil.copyfile(reference_english_db, dest)
    with TcgdexServer(reference_tcgdex) as server:
        result = import_names(server.url, dest, ["de", "pt"], timeout=30)
    assert [r.lang for r in result.languages] == ["de", "pt"]
    assert all(r.share_mapped > 0.94 for r in result.languages)
    with SqliteIndex(dest) as index:
        assert {t.card.name for t in index.by_translated_name("Prof. Platan", ["de"])} == {"Professor Sycamore"}


def _import_from_a_static_server(folder, db):
    import functools
    from http.server import SimpleHTTPRequestHandler

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))
    with running_in_thread(httpd):
        return import_names(f"http://127.0.0.1:{httpd.server_address[1]}", db, ["de"], timeout=10)


def test_a_static_copy_of_the_files_serves_too(small_db, small_tcgdex):
    # A plain file server has /v2/de/cards.json, not the API's /v2/de/cards.
    result = _import_from_a_static_server(small_tcgdex, small_db)
    assert (result.languages[0].mapped, result.languages[0].names) == (19, 17)


def test_a_static_copy_with_the_card_folders_of_an_export_serves_too(small_db, small_tcgdex, tmp_path):
    # An export laid out like the API has folders cards/ and sets/ beside cards.json and sets.json:
    # the file server answers /v2/de/cards with its listing of the folder (HTML), not 404.
    import shutil

    folder = shutil.copytree(small_tcgdex, tmp_path / "export")
    for lang in ("de", "en"):
        for what in ("cards", "sets"):
            (folder / "v2" / lang / what).mkdir(parents=True, exist_ok=True)
    result = _import_from_a_static_server(folder, small_db)
    assert (result.languages[0].mapped, result.languages[0].names) == (19, 17)
