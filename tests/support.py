"""Paths and helpers shared by the tests (import as ``from support import ...``)."""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
REFERENCE_DATA = PROJECT_ROOT.parent / "shared" / "carddata"
POKEMON_TCG_DATA = REFERENCE_DATA / "pokemon-tcg-data"
SAMPLE_DECKS = PROJECT_ROOT / "sample_decks"


def require_reference_data() -> Path:
    """The pokemontcg.io snapshot in ../shared, or skip saying why."""
    if not (POKEMON_TCG_DATA / "sets" / "en.json").is_file():
        pytest.skip(f"reference data not found at {POKEMON_TCG_DATA} (../shared/carddata is needed for this test)")
    return POKEMON_TCG_DATA
