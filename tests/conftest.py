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

    from deckcheck.carddb.sqlite import SqliteIndex, build_database

    data = require_reference_data()
    path = tmp_path_factory.mktemp("reference-db") / "cards.sqlite3"
    build_database(data, path)
    index = SqliteIndex(path)
    yield index
    index.close()
