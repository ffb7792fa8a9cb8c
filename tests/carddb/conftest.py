"""Fixtures for the card database tests: the reference dataset and small hand-made ones."""

from __future__ import annotations

import json
import stat
import zipfile
from collections.abc import Mapping
from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "carddata" / "pokemon-tcg-data"
SKIP_REASON = "reference data ../shared/carddata not found (pokemon-tcg-data is needed for this test)"


@pytest.fixture(scope="session")
def pokemon_tcg_data() -> Path:
    if not (REFERENCE / "sets" / "en.json").is_file():
        pytest.skip(SKIP_REASON)
    return REFERENCE.resolve()


@pytest.fixture(scope="session")
def dataset_cards(pokemon_tcg_data):
    """Every reference card converted by :func:`iter_dataset`, by id."""
    from deckcheck.carddb.dataset import iter_dataset

    return {card.id: card for card in iter_dataset(pokemon_tcg_data)}


@pytest.fixture(scope="session")
def full_db(pokemon_tcg_data, tmp_path_factory) -> Path:
    """The whole reference dataset imported once per run."""
    from support import reference_database

    return reference_database(tmp_path_factory)


TCGDEX = REFERENCE.parent / "tcgdex-api"


@pytest.fixture(scope="session")
def tcgdex_api() -> Path:
    """The TCGdex export in ../shared (laid out like the API), or skip saying why."""
    if not (TCGDEX / "v2" / "en" / "sets" / "me05.json").is_file():
        pytest.skip("reference data ../shared/carddata/tcgdex-api not found (needed for this test)")
    return TCGDEX.resolve()


@pytest.fixture(scope="session")
def tcgdex_db(tcgdex_api, tmp_path_factory) -> Path:
    """A database built from the TCGdex export alone, once per run."""
    from support import tcgdex_database

    return tcgdex_database(tmp_path_factory)


@pytest.fixture(scope="session")
def merged_db(pokemon_tcg_data, tcgdex_api, tmp_path_factory) -> Path:
    """pokemontcg.io filled in from TCGdex (what db update builds), once per run."""
    from support import reference_and_tcgdex_database

    return reference_and_tcgdex_database(tmp_path_factory)


# -- a small invented dataset (never a copy of the reference files) ----------

SMALL_SETS = [
    {"id": "tst1", "name": "Test Base", "series": "Test", "ptcgoCode": "TST", "releaseDate": "2024/01/26"},
    {"id": "tst2", "name": "Test Later", "series": "Test", "ptcgoCode": "TSL", "releaseDate": "2024/05/24"},
    {"id": "tstp", "name": "Test Promos", "series": "Test", "ptcgoCode": "PR-TS", "releaseDate": "2024/02/01"},
]

SMALL_CARDS = {
    "tst1": [
        {
            "id": "tst1-1",
            "name": "Sproutling",
            "supertype": "Pokémon",
            "subtypes": ["Basic"],
            "hp": "60",
            "types": ["Grass"],
            "number": "1",
            "regulationMark": "G",
            "attacks": [{"name": "Leafage", "cost": ["Grass"], "damage": "20", "text": ""}],
            "weaknesses": [{"type": "Fire", "value": "×2"}],
            "retreatCost": ["Colorless"],
        },
        {
            "id": "tst1-2",
            "name": "Test Ball",
            "supertype": "Trainer",
            "subtypes": ["Item"],
            "number": "2",
            "regulationMark": "G",
            "rules": [
                "Search your deck for a Basic Pokémon and put it into your hand. Then, shuffle your deck.",
                "You may play any number of Item cards during your turn.",
            ],
        },
        {"id": "tst1-3", "name": "Basic Grass Energy", "supertype": "Energy", "subtypes": ["Basic"], "number": "3"},
    ],
    "tst2": [
        {
            "id": "tst2-10",
            "name": "Sproutling",
            "supertype": "Pokémon",
            "subtypes": ["Basic"],
            "hp": "70",
            "types": ["Grass"],
            "number": "10",
            "regulationMark": "H",
            "attacks": [{"name": "Vine Whip", "cost": ["Grass", "Colorless"], "damage": "40", "text": ""}],
        },
        {
            "id": "tst2-11",
            "name": "Pokémon Tester",
            "supertype": "Trainer",
            "subtypes": ["Supporter"],
            "number": "11",
            "rules": ["Draw 3 cards."],
        },
    ],
    "tstp": [
        {
            "id": "tstp-TS007",
            "name": "Promo Sproutling",
            "supertype": "Pokémon",
            "subtypes": ["Basic"],
            "hp": "70",
            "types": ["Grass"],
            "number": "TS007",
        },
    ],
    # a card file without a sets/en.json entry (as upstream's mep1.json)
    "tstx1": [
        {
            "id": "tstx-001",
            "name": "Orphan",
            "supertype": "Pokémon",
            "subtypes": ["Basic"],
            "number": "001",
            "set": {"id": "tstx", "name": "Orphan Promos", "series": "Test"},
        },
    ],
}


def small_dataset_files(sets=SMALL_SETS, cards: Mapping = SMALL_CARDS) -> dict[str, bytes]:
    files = {"sets/en.json": json.dumps(sets).encode(), "README.md": b"test dataset\n"}
    for set_id, set_cards in cards.items():
        files[f"cards/en/{set_id}.json"] = json.dumps(set_cards, ensure_ascii=False).encode()
    return files


def write_folder(root: Path, files: Mapping[str, bytes]) -> Path:
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def write_zip(
    path: Path, files: Mapping[str, bytes], *, prefix: str = "", symlinks: Mapping[str, str] = {}, stored: bool = False
) -> Path:
    """A zip of ``files`` under ``prefix`` (GitHub archives use ``<repo>-<branch>/``)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED) as archive:
        if prefix:
            archive.writestr(zipfile.ZipInfo(prefix), b"")
        for name, data in files.items():
            archive.writestr(prefix + name, data)
        for name, target in symlinks.items():
            info = zipfile.ZipInfo(prefix + name)
            info.create_system = 3
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return path


@pytest.fixture
def small_dataset(tmp_path) -> Path:
    return write_folder(tmp_path / "dataset", small_dataset_files())


@pytest.fixture(scope="session")
def datasets():
    """The helpers above, for test modules (a test cannot import a conftest by name
    reliably: every test folder has one)."""
    from types import SimpleNamespace

    return SimpleNamespace(files=small_dataset_files, write_folder=write_folder, write_zip=write_zip)
