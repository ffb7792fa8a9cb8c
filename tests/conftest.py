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
