"""Shared test set-up: keep every test away from the user's real files."""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
REFERENCE_DATA = PROJECT_ROOT.parent / "shared" / "carddata"
POKEMON_TCG_DATA = REFERENCE_DATA / "pokemon-tcg-data"
SAMPLE_DECKS = PROJECT_ROOT / "sample_decks"


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    """No test reads or writes the user's card database or cache."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(home / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    monkeypatch.delenv("DECKCHECK_DB", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)


def require_reference_data() -> Path:
    """The pokemontcg.io snapshot in ../shared, or skip saying why."""
    if not (POKEMON_TCG_DATA / "sets" / "en.json").is_file():
        pytest.skip(f"reference data not found at {POKEMON_TCG_DATA} (../shared/carddata is needed for this test)")
    return POKEMON_TCG_DATA
