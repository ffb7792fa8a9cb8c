"""Shared test set-up: keep every test away from the user's real files."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's card database or cache."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(home / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.delenv("DECKCHECK_DB", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(scope="session")
def reference_index(tmp_path_factory):
    """The reference dataset imported once per test session (skips when absent)."""
    from support import require_reference_data

    from deckcheck.carddb.build import build_database
    from deckcheck.carddb.sqlite import SqliteIndex

    data = require_reference_data()
    path = tmp_path_factory.mktemp("reference-db") / "cards.sqlite3"
    build_database(data, path)
    index = SqliteIndex(path)
    yield index
    index.close()


# -- deckcheck serve (tests/web, and the sheet button of tests/sheet) ------------------


@pytest.fixture(scope="module")
def serve_checker():
    """The server's checker over the built-in catalogue: the tests' environment has no database."""
    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from deckcheck.web.app import Checker

    return Checker()


@pytest.fixture
def serve_client(serve_checker):
    """A Starlette test client of the application, with small limits (20 kB, 300 lines)."""
    from starlette.testclient import TestClient

    from deckcheck.web.app import Limits, create_app

    with TestClient(create_app(serve_checker, Limits(max_bytes=20_000, max_lines=300))) as client:
        yield client
