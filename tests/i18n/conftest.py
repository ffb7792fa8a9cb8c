"""Fixtures for card names and messages in other languages (data in i18n_support.py)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from i18n_support import POKEMON_TCG_DATA, SKIP_REASON, TCGDEX, write_english_dataset, write_tcgdex


@pytest.fixture(scope="session")
def small_english_db(tmp_path_factory) -> Path:
    """The invented English dataset imported (no names); copy it before changing it."""
    from deckcheck.carddb.build import build_database

    root = tmp_path_factory.mktemp("small-en")
    dest = root / "cards.sqlite3"
    build_database(write_english_dataset(root / "dataset"), dest)
    return dest


@pytest.fixture(scope="session")
def small_tcgdex(tmp_path_factory) -> Path:
    return write_tcgdex(tmp_path_factory.mktemp("small-tcgdex"))


@pytest.fixture
def small_db(small_english_db, tmp_path) -> Path:
    """A private copy of the invented database, without names."""
    dest = tmp_path / "db" / "cards.sqlite3"
    dest.parent.mkdir()
    shutil.copyfile(small_english_db, dest)
    return dest


@pytest.fixture(scope="session")
def small_names_db(small_english_db, small_tcgdex, tmp_path_factory) -> Path:
    """The invented database with the invented de, fr and pt names (read-only use)."""
    from deckcheck.carddb.translations import import_names

    dest = tmp_path_factory.mktemp("small-names") / "cards.sqlite3"
    shutil.copyfile(small_english_db, dest)
    import_names(small_tcgdex, dest, ["de", "fr", "pt"])
    return dest


# -- the reference data ----------------------------------------------------------------


@pytest.fixture(scope="session")
def reference_tcgdex() -> Path:
    if not (TCGDEX / "v2" / "de" / "cards.json").is_file() or not (POKEMON_TCG_DATA / "sets" / "en.json").is_file():
        pytest.skip(SKIP_REASON)
    return TCGDEX.resolve()


@pytest.fixture(scope="session")
def reference_english_db(reference_tcgdex, tmp_path_factory) -> Path:
    """The reference database without names (read-only use)."""
    from support import reference_database

    return reference_database(tmp_path_factory)


@pytest.fixture
def render_options():
    """RenderOptions as the text renderer reads them, with a message language."""

    def make(lang: str = "en", width: int = 100):
        return SimpleNamespace(color=False, width=width, quiet=False, lang=lang)

    return make
