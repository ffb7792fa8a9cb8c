"""``deckcheck db update`` with no flags when the pokemontcg.io archive is gone.

The archive is frozen and being retired (docs/card-database.md cites the notices), so the
default update must install a complete, current database without it: every set TCGdex has, the
archive's cards kept where an earlier update installed them, and a line saying which source
gave which sets. The default URLs point at one server on 127.0.0.1 whose archive path answers
404 (or the archive it served before), and whose TCGdex paths answer from
../shared/carddata/tcgdex-api; the command is run with no flag at all (the database is named
by ``DECKCHECK_DB``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from loopback import serving
from slices import dataset_zip
from typer.testing import CliRunner

from deckcheck.carddb import http as carddb_http
from deckcheck.carddb import tcgdex_fetch, update
from deckcheck.carddb.sqlite import SqliteIndex, database_info
from deckcheck.cli import app

ARCHIVE_SETS = ["sv1", "sve"]  # pokemontcg.io: Scarlet & Violet, the Energies (16 of 24)
TCGDEX_SETS = ["sv01", "sve", "me05"]  # TCGdex: those and Pitch Black


@pytest.fixture(scope="module")
def tcgdex_files(tcgdex_api) -> dict[str, bytes]:
    base = tcgdex_api / "v2" / "en"
    listed = [s for s in json.loads((base / "sets.json").read_text(encoding="utf-8")) if s["id"] in TCGDEX_SETS]
    files = {"/v2/en/sets": json.dumps(listed).encode()}
    for set_id in TCGDEX_SETS:
        raw = (base / "sets" / f"{set_id}.json").read_bytes()
        files[f"/v2/en/sets/{set_id}"] = raw
        for card in json.loads(raw)["cards"]:
            files[f"/v2/en/cards/{card['id']}"] = (base / "cards" / f"{card['id']}.json").read_bytes()
    return files


@pytest.fixture(scope="module")
def archive(pokemon_tcg_data, tmp_path_factory) -> bytes:
    return dataset_zip(pokemon_tcg_data, tmp_path_factory.mktemp("archive") / "dataset.zip", ARCHIVE_SETS)


@pytest.fixture
def server(tcgdex_files, monkeypatch):
    """The server the default URLs name: TCGdex answers, the archive is not there (404)."""
    with serving({path: ("ok", body) for path, body in tcgdex_files.items()}) as httpd:
        monkeypatch.setattr(update, "DEFAULT_DATASET_URL", f"{httpd.base}/archive/refs/heads/master.zip")
        monkeypatch.setattr(tcgdex_fetch, "DEFAULT_TCGDEX_URL", httpd.base)
        monkeypatch.setattr(carddb_http, "RETRY_BACKOFF", 0.0)
        yield httpd


def _update(dest: Path, monkeypatch, *flags: str):
    monkeypatch.setenv("DECKCHECK_DB", str(dest))
    return CliRunner().invoke(app, ["db", "update", *flags])


def _sets_line(output: str) -> str:
    (line,) = [line for line in output.splitlines() if line.startswith("Sets: ")]
    return line


def test_with_no_flags_an_archive_answering_404_still_installs_every_set_tcgdex_has(server, tmp_path, monkeypatch):
    dest = tmp_path / "cards.sqlite3"
    result = _update(dest, monkeypatch)
    assert result.exit_code == 0, result.output
    assert "/archive/refs/heads/master.zip" in server.paths  # it was asked for first
    assert "warning: pokemontcg.io" in result.output and "HTTP 404" in result.output
    assert "every set came from the other sources" in result.output
    assert _sets_line(result.output) == "Sets: 3 from TCGdex"
    info = database_info(dest)
    assert set(info.sources) == {"tcgdex"} and info.sources["tcgdex"].sets == 3
    with SqliteIndex(dest) as index:
        assert [c.name for c in index.by_number("PBL", "48")] == ["Mega Darkrai ex"]
        assert len(index.by_number("SVE", "24")) == 1


def test_an_archive_gone_after_an_update_keeps_its_cards_and_adds_the_new_sets(
    server, archive, tmp_path, monkeypatch, pokemon_tcg_data
):
    dest = tmp_path / "cards.sqlite3"
    server.routes["/archive/refs/heads/master.zip"] = ("ok", archive)
    listed = json.loads(server.routes["/v2/en/sets"][1])
    server.routes["/v2/en/sets"] = ("ok", json.dumps([s for s in listed if s["id"] != "me05"]).encode())
    first = _update(dest, monkeypatch)
    assert first.exit_code == 0, first.output
    assert _sets_line(first.output) == "Sets: 2 from pokemontcg.io, 1 of them completed from TCGdex (SVE)"
    # The archive goes away (404); TCGdex publishes Pitch Black.
    del server.routes["/archive/refs/heads/master.zip"]
    server.routes["/v2/en/sets"] = ("ok", json.dumps(listed).encode())
    second = _update(dest, monkeypatch)
    assert second.exit_code == 0, second.output
    assert "its cards were kept from the installed database" in second.output
    assert _sets_line(second.output) == (
        "Sets: 2 from pokemontcg.io (kept from the installed database), 1 of them completed from TCGdex (SVE); "
        "1 from TCGdex alone (PBL)"
    )
    info = database_info(dest)
    assert info.sources["pokemontcg"].cards == first_cards(pokemon_tcg_data)
    with SqliteIndex(dest) as index:
        assert [c.id for c in index.by_number("SVI", "1")] == ["sv1-1"]  # the archive's card, as it was
        assert [c.name for c in index.by_number("PBL", "48")] == ["Mega Darkrai ex"]
    assert info.meta["url"] == update.DEFAULT_DATASET_URL and info.meta["sha256"]  # asked for again next time


def first_cards(pokemon_tcg_data: Path) -> int:
    return sum(len(json.loads((pokemon_tcg_data / "cards" / "en" / f"{s}.json").read_text())) for s in ARCHIVE_SETS)


def test_a_configuration_chooses_tcgdex_alone(server, tmp_path, monkeypatch):
    (tmp_path / ".deckcheck.yaml").write_text("db_source: tcgdex\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = _update(tmp_path / "cards.sqlite3", monkeypatch)
    assert result.exit_code == 0, result.output
    assert not [p for p in server.paths if p.endswith(".zip")]  # the archive is not asked for
    assert "warning" not in result.output and _sets_line(result.output) == "Sets: 3 from TCGdex"


def test_a_configuration_with_an_unknown_source_is_one_line(server, tmp_path, monkeypatch):
    (tmp_path / ".deckcheck.yaml").write_text("db_source: tcgdx\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = _update(tmp_path / "cards.sqlite3", monkeypatch)
    assert result.exit_code == 2 and "db_source" in result.output and "tcgdex" in result.output
    assert not server.paths


@pytest.mark.parametrize(
    "flags",
    [["--source", "pokemontcg"], ["--sha256", "0" * 64]],
    ids=["the archive alone", "an archive pinned by its digest"],
)
def test_an_archive_asked_for_by_name_is_not_gone_without(server, tmp_path, monkeypatch, flags):
    dest = tmp_path / "cards.sqlite3"
    result = _update(dest, monkeypatch, *flags)
    assert result.exit_code == 2 and "HTTP 404" in result.output
    assert "no card database was installed" in result.output and not dest.exists()
