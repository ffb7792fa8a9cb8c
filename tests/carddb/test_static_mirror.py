"""``db update`` from a TCGdex export served by a plain static file server.

``python3 -m http.server`` over an export laid out like the API (``v2/en/sets.json``,
``v2/en/sets/<id>.json``, ``v2/en/cards/<id>.json``) answers ``/v2/en/sets`` with its
listing of the folder ``sets`` (HTML) and ``/v2/en/sets/<id>`` with 404: the update asks
for the ``.json`` files instead. The server here is the one ``python3 -m http.server``
runs (:class:`http.server.SimpleHTTPRequestHandler`), on 127.0.0.1, over a slice of
../shared/carddata/tcgdex-api copied into a temporary folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from slices import tcgdex_export
from support import FolderServer, serving_folder
from typer.testing import CliRunner

from deckcheck.carddb.sqlite import SqliteIndex, database_info
from deckcheck.cli import app

SETS = ["mee", "sve"]  # Mega Evolution Energy (8 cards) and the SV Energies (24)


@pytest.fixture(scope="module")
def export(tcgdex_api, tmp_path_factory) -> Path:
    """A small TCGdex export as the files lie on disk: the set list, and set and card objects."""
    return tcgdex_export(tcgdex_api, tmp_path_factory.mktemp("export"), SETS)


@pytest.fixture
def static_server(export) -> Iterator[FolderServer]:
    with serving_folder(export) as server:
        yield server


def _update(server: FolderServer, dest: Path):
    return CliRunner().invoke(
        app, ["db", "update", "--source", "tcgdex", "--tcgdex-url", server.base, "--db", str(dest), "--timeout", "10"]
    )


def test_db_update_reads_a_tcgdex_export_served_by_a_static_file_server(static_server, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    result = _update(static_server, dest)
    assert result.exit_code == 0, result.output
    assert "Installed 32 cards from 2 sets" in result.output
    assert "/v2/en/sets.json" in static_server.paths and "/v2/en/sets/mee.json" in static_server.paths
    with SqliteIndex(dest) as index:
        assert [c.name for c in index.by_number("MEE", "1")] == ["Grass Energy"]
        assert [c.name for c in index.by_number("SVE", "17")] == ["Grass Energy"]
    assert database_info(dest).sources["tcgdex"].cards == 32


def test_a_second_update_from_the_static_server_finds_nothing_new(static_server, tmp_path):
    dest = tmp_path / "cards.sqlite3"
    assert _update(static_server, dest).exit_code == 0
    before = dest.read_bytes()
    static_server.paths.clear()
    result = _update(static_server, dest)
    assert result.exit_code == 0 and "up to date" in result.output
    assert dest.read_bytes() == before
    assert not [p for p in static_server.paths if p.startswith("/v2/en/cards/")]  # sets.json answered 304


def test_a_folder_that_is_no_export_is_still_one_line(tmp_path):
    (tmp_path / "v2" / "en" / "sets").mkdir(parents=True)  # a listing, and no sets.json
    with serving_folder(tmp_path) as server:
        result = _update(server, tmp_path / "cards.sqlite3")
    assert result.exit_code == 2
    assert "/v2/en/sets is not valid JSON" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "cards.sqlite3").exists()
