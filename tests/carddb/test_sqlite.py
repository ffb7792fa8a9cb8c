"""Building the SQLite card database (safely, atomically) and looking cards up in it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from support import without_promo_days

from deckcheck.carddb import sqlite as carddb_sqlite
from deckcheck.carddb.build import build_database, temp_prefix
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.index import MemoryIndex
from deckcheck.carddb.sqlite import SqliteIndex, database_info, iter_cards
from deckcheck.suggest import closest_names


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.fixture
def installed(tmp_path, small_dataset) -> Path:
    """An installed database (from the small dataset) that failures must not touch."""
    dest = tmp_path / "db" / "cards.sqlite3"
    build_database(small_dataset, dest)
    return dest


# -- the full reference dataset ---------------------------------------------


def test_full_import_round_trips_every_card(full_db, dataset_cards):
    stored, source = list(iter_cards(full_db)), list(dataset_cards.values())
    assert without_promo_days(stored) == without_promo_days(source)
    moved = [(a, b) for a, b in zip(stored, source, strict=True) if a.release_date != b.release_date]
    assert len(moved) > 500 and all(a.release_date > (b.release_date or "") for a, b in moved)


def test_database_info_counts_the_whole_reference_import(full_db, dataset_cards):
    info = database_info(full_db)
    assert info.cards == len(dataset_cards)
    assert info.sets >= 173
    assert (info.newest_set_name, info.newest_set_code, info.newest_set_date) == ("Chaos Rising", "CRI", "2026-05-22")
    assert info.source == "reference snapshot"
    assert info.meta["schema_version"] == carddb_sqlite.SCHEMA_VERSION and info.imported_at


@pytest.mark.parametrize(
    "code, number, expected",
    [
        ("PAL", "185", {"sv2-185"}),  # Iono
        ("pal", "0185", {"sv2-185"}),
        ("PR-SW", "271", {"swshp-SWSH271"}),  # promo numbers drop their letters
        ("SWSHP", "SWSH271", {"swshp-SWSH271"}),
        ("SVP", "87", {"svp-87"}),  # PTCGL's code for PR-SV
        ("SVE", "2", {"sve-2"}),  # Basic Fire Energy
        ("PAL", "999", set()),
    ],
)
def test_by_number_finds_the_prints_of_a_code_and_number(full_db, code, number, expected):
    with SqliteIndex(full_db) as index:
        assert {card.id for card in index.by_number(code, number)} == expected


def test_basic_fire_energy_sve_2(full_db):
    with SqliteIndex(full_db) as index:
        (card,) = index.by_number("SVE", "2")
    assert card.name == "Basic Fire Energy" and card.is_basic_energy


def test_by_name_finds_cards_whatever_the_case_accents_and_subtitles(full_db):
    with SqliteIndex(full_db) as index:
        catchers = index.by_name("Pokemon Catcher")
        assert catchers and {card.name for card in catchers} == {"Pokémon Catcher"}
        assert {card.name for card in index.by_name("IONO")} == {"Iono"}
        sada = index.by_name("Professor's Research (Professor Sada)")
        assert {card.id for card in sada} == {"sv1-189", "sv1-240"}
        # every subtitle variant shares the deck-building name (RULES.md 2.8, docs/rulings.md, "Professor's Research")
        research = {card.id for card in index.by_deck_key("professor's research")}
        assert {"sv1-189", "swsh1-178", "cel25-23"} <= research
        assert index.by_name("No Such Card Anywhere") == ()


def test_by_name_falls_back_to_the_deck_name(full_db):
    with SqliteIndex(full_db) as index:
        # "Battle Compressor" is printed "Battle Compressor Team Flare Gear" in the dataset (RULES.md 2.9)
        assert {card.id for card in index.by_name("Battle Compressor")} == {"xy4-92"}


def test_close_names_are_suggested_up_to_the_limit(full_db):
    with SqliteIndex(full_db) as index:
        assert "Iono" in index.suggest("Ionno")
        assert len(index.suggest("Ionno", limit=2)) <= 2


# Misspelt names of the reference data, near one name or several, in either region's sense.
MISSPELT = ("Ionno", "Charizrd ex", "Profesor's Research", "Pikachu", "Research Professor's", "Boss Order", "Zzzz")


def test_suggestions_read_from_the_built_names_equal_those_of_the_cards(full_db, tmp_path):
    """The names written when the database is built are the query over its cards, and a database
    built before that table (here: the table dropped) suggests the very same names."""
    older = tmp_path / "older.sqlite3"
    older.write_bytes(full_db.read_bytes())
    with sqlite3.connect(older) as conn:
        built = carddb_sqlite.suggestion_names(conn, "intl")
        conn.execute("DROP TABLE suggestion_names")
        assert carddb_sqlite.suggestion_names(conn, "intl") == built
        assert list(carddb_sqlite.suggestion_names(conn, "intl")) == list(built)
    assert len(built) > 4000
    # A database built before the processed keys were kept: the names and keys only.
    unprocessed = tmp_path / "unprocessed.sqlite3"
    unprocessed.write_bytes(full_db.read_bytes())
    with sqlite3.connect(unprocessed) as conn:
        conn.execute("DROP TABLE suggestion_rows")
        conn.execute("CREATE TABLE previous AS SELECT region, name_keys, names FROM suggestion_names")
        conn.execute("DROP TABLE suggestion_names")
        conn.execute("ALTER TABLE previous RENAME TO suggestion_names")
    with SqliteIndex(full_db) as new, SqliteIndex(unprocessed) as keys_only, SqliteIndex(older) as old:
        assert new._choices == {} and new.suggest("Ionno") and new._choices["intl"][1] is True
        for name in MISSPELT:
            # The built database compares with the processed keys and reads its matches' keys and
            # names by place; the one before compares with the keys and asks the cards for the
            # names; the oldest groups the cards: all suggest what closest_names does over the names.
            assert new.suggest(name) == keys_only.suggest(name) == old.suggest(name), name
            assert new.suggest(name) == list(closest_names(name, built)), name
        assert keys_only._choices["intl"][1] is False and old._choices["intl"][1] is False
        assert "Iono" in new.suggest("Ionno")
    with sqlite3.connect(full_db) as conn:
        assert carddb_sqlite.suggestion_keys(conn, "intl") == list(built)
        named = {key: carddb_sqlite.first_print_name(conn, "intl", key) for key in built}
    assert named == built


def test_a_suggestion_row_missing_is_no_suggestion_and_no_error(full_db, tmp_path):
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(full_db.read_bytes())
    with SqliteIndex(full_db) as index:
        expected = index.suggest("Ionno")
    assert expected[0] == "Iono"
    with sqlite3.connect(damaged) as conn:
        conn.execute(
            "DELETE FROM suggestion_rows WHERE region = 'intl' AND name_key = ?",
            (carddb_sqlite.name_key("Iono"),),
        )
    with SqliteIndex(damaged) as index:
        found = index.suggest("Ionno")
    assert "Iono" not in found and set(expected[1:]) <= set(found)


def test_names_holding_a_line_break_are_asked_of_the_cards(datasets, tmp_path):
    files = datasets.files(
        cards={
            "tst1": [
                {"id": "tst1-1", "name": "Sproutling", "supertype": "Pokémon", "subtypes": ["Basic"], "number": "1"},
                {"id": "tst1-2", "name": "Two\nLines", "supertype": "Pokémon", "subtypes": ["Basic"], "number": "2"},
            ]
        }
    )
    dest = tmp_path / "cards.sqlite3"
    build_database(datasets.write_folder(tmp_path / "dataset", files), dest)
    with sqlite3.connect(dest) as conn:
        assert conn.execute("SELECT COUNT(*) FROM suggestion_names").fetchone() == (0,)
        assert set(carddb_sqlite.suggestion_names(conn, "intl").values()) == {"Sproutling", "Two\nLines"}
    with SqliteIndex(dest) as index:
        assert index.suggest("Sprouting")[0] == "Sproutling"


def test_the_database_knows_which_set_codes_exist(full_db):
    with SqliteIndex(full_db) as index:
        assert index.knows_set_code("pal") and index.knows_set_code("SVP") and index.knows_set_code("CRI")
        assert not index.knows_set_code("XYZ")


def test_agrees_with_the_memory_index(full_db, dataset_cards):
    memory = MemoryIndex(dataset_cards.values())
    with SqliteIndex(full_db) as index:
        for card in list(dataset_cards.values())[::37]:
            assert without_promo_days(index.by_name(card.name)) == without_promo_days(memory.by_name(card.name))
            if card.set_code:
                found = index.by_number(card.set_code, card.number)
                assert without_promo_days(found) == without_promo_days(memory.by_number(card.set_code, card.number))


# -- small datasets: folder, zip, GitHub archive --------------------------------


def _ids(path: Path) -> list[str]:
    return [card.id for card in iter_cards(path)]


EXPECTED_SMALL = ["tst1-1", "tst1-2", "tst1-3", "tst2-10", "tst2-11", "tstp-TS007", "tstx-001"]


def test_a_dataset_folder_is_imported_creating_the_parent_folders(tmp_path, small_dataset):
    dest = tmp_path / "new" / "dir" / "cards.sqlite3"  # parents are created
    info = build_database(small_dataset, dest, extra_meta={"etag": '"abc"'})
    assert _ids(dest) == EXPECTED_SMALL
    assert (info.cards, info.newest_set_name, info.newest_set_date) == (7, "Test Later", "2024-05-24")
    assert info.meta["etag"] == '"abc"'
    assert _leftovers(dest.parent) == []
    with SqliteIndex(dest) as index:
        assert [c.id for c in index.by_number("PR-TS", "7")] == ["tstp-TS007"]
        assert [c.id for c in index.by_name("Pokemon Tester")] == ["tst2-11"]
        assert [c.id for c in index.by_name("Orphan")] == ["tstx-001"]


@pytest.mark.parametrize("prefix", ["", "pokemon-tcg-data-master/"])
def test_a_zip_archive_is_imported_whatever_its_top_folder(datasets, tmp_path, prefix):
    archive = datasets.write_zip(tmp_path / "data.zip", datasets.files(), prefix=prefix)
    dest = tmp_path / "cards.sqlite3"
    build_database(archive, dest)
    assert _ids(dest) == EXPECTED_SMALL
    assert database_info(dest).source == str(archive)


def test_replacing_keeps_the_file_mode(tmp_path, installed, small_dataset):
    os.chmod(installed, 0o640)
    build_database(small_dataset, installed)
    assert installed.stat().st_mode & 0o777 == 0o640


def test_an_open_index_reads_one_version_of_the_file(installed):
    """A run reads one version of the database: a change made in place (by hand, while a check
    runs) waits for the index to close, so a card not yet looked up is not found missing half-way."""
    with SqliteIndex(installed) as index:
        assert [card.id for card in index.by_number("TST", "1")] == ["tst1-1"]
        writer = sqlite3.connect(installed, timeout=0)
        try:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                with writer:
                    writer.execute("DELETE FROM cards WHERE id = 'tst2-10'")
        finally:
            writer.close()
        assert [card.id for card in index.by_number("TSL", "10")] == ["tst2-10"]
    with sqlite3.connect(installed) as writer:  # closed, the index holds nothing
        writer.execute("DELETE FROM cards WHERE id = 'tst2-10'")
    writer.close()


# -- refusals: dest unchanged, nothing left behind -------------------------------


def _bad_archive(datasets, tmp_path: Path, kind: str) -> Path:
    files = datasets.files()
    path = tmp_path / f"{kind}.zip"
    if kind == "zip-slip":
        return datasets.write_zip(path, {**files, "../evil.json": b"[]"})
    if kind == "absolute":
        return datasets.write_zip(path, {**files, "/etc/evil.json": b"[]"})
    if kind == "symlink":
        return datasets.write_zip(
            path, files, prefix="pokemon-tcg-data-master/", symlinks={"cards/en/link.json": "/etc/passwd"}
        )
    if kind == "not-a-zip":
        path.write_bytes(b"<html>rate limited</html>")
        return path
    if kind == "truncated-zip":
        data = datasets.write_zip(tmp_path / "whole.zip", files).read_bytes()
        path.write_bytes(data[: len(data) // 2])
        return path
    if kind == "corrupt-member":  # a flipped byte: the CRC check fails
        data = datasets.write_zip(tmp_path / "whole.zip", files, stored=True).read_bytes()
        at = data.index(b"Sproutling")
        path.write_bytes(data[:at] + b"X" + data[at + 1 :])
        return path
    if kind == "no-sets":
        return datasets.write_zip(path, {k: v for k, v in files.items() if k != "sets/en.json"})
    if kind == "no-cards":
        return datasets.write_zip(path, {k: v for k, v in files.items() if not k.startswith("cards/")})
    if kind == "broken-json":
        return datasets.write_zip(path, {**files, "cards/en/tst2.json": b'[{"id": "tst2-10", '})
    if kind == "not-a-list":
        return datasets.write_zip(path, {**files, "cards/en/tst2.json": b'{"id": "tst2-10"}'})
    if kind == "malformed-card":
        return datasets.write_zip(path, {**files, "cards/en/tst2.json": b'[{"id": "tst2-10", "name": "No supertype"}]'})
    raise AssertionError(kind)


@pytest.mark.parametrize(
    "kind, message",
    [
        ("zip-slip", "unsafe archive"),
        ("absolute", "unsafe archive"),
        ("symlink", "symbolic link"),
        ("not-a-zip", "not a zip archive"),
        ("truncated-zip", "not a zip archive"),
        ("corrupt-member", "corrupt archive"),
        ("no-sets", "no sets/en.json"),
        ("no-cards", "no cards/en/*.json"),
        ("broken-json", "cards/en/tst2.json"),
        ("not-a-list", "cards/en/tst2.json"),
        ("malformed-card", "cards/en/tst2.json"),
    ],
)
def test_bad_archives_are_refused_and_change_nothing(datasets, tmp_path, installed, kind, message):
    before = installed.read_bytes()
    with pytest.raises(DatabaseError) as error:
        build_database(_bad_archive(datasets, tmp_path, kind), installed)
    assert message in str(error.value)
    assert "\n" not in str(error.value)
    assert installed.read_bytes() == before
    assert _leftovers(installed.parent) == []


def test_member_count_and_size_caps(datasets, tmp_path, installed, monkeypatch):
    archive = datasets.write_zip(tmp_path / "data.zip", datasets.files())
    before = installed.read_bytes()
    from deckcheck.carddb.sources import files

    monkeypatch.setattr(files, "MAX_MEMBERS", 3)
    with pytest.raises(DatabaseError, match="more than 3 members"):
        build_database(archive, installed)
    monkeypatch.setattr(files, "MAX_MEMBERS", 20_000)
    monkeypatch.setattr(files, "MAX_UNPACKED_BYTES", 1000)
    with pytest.raises(DatabaseError, match="unpacks to more than"):
        build_database(archive, installed)
    assert installed.read_bytes() == before


def test_broken_json_in_a_folder_names_the_file(datasets, tmp_path, installed):
    folder = datasets.write_folder(tmp_path / "broken", {**datasets.files(), "cards/en/tst1.json": b"[{,}]"})
    with pytest.raises(DatabaseError, match=r"cards/en/tst1\.json .*not valid JSON"):
        build_database(folder, installed)


def test_a_missing_source_is_refused(tmp_path, installed):
    with pytest.raises(DatabaseError, match="does not exist"):
        build_database(tmp_path / "nowhere", installed)


def test_interrupt_during_import_leaves_dest_and_no_temp_file(tmp_path, installed, small_dataset, monkeypatch):
    from deckcheck.carddb.sources import pokemontcg as dataset

    before = installed.read_bytes()
    real = dataset.card_from_dataset
    calls = []

    def interrupted(raw, set_info):
        calls.append(raw["id"])
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(raw, set_info)

    monkeypatch.setattr(dataset, "card_from_dataset", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_database(small_dataset, installed)
    assert installed.read_bytes() == before
    assert _leftovers(installed.parent) == []


def test_stale_temp_files_of_dead_processes_are_removed(tmp_path, installed, small_dataset):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    stale = installed.parent / f"{temp_prefix(installed)}{dead_pid}-abc.sqlite3"
    stale.write_bytes(b"half an import")
    stale_dir = installed.parent / f"{temp_prefix(installed)}{dead_pid}-xyz.download"
    stale_dir.mkdir()
    (stale_dir / "archive.zip").write_bytes(b"PK")
    alive = installed.parent / f"{temp_prefix(installed)}{os.getppid()}-def.sqlite3"  # our parent: alive
    alive.write_bytes(b"someone else's import in progress")
    build_database(small_dataset, installed)
    assert not stale.exists() and not stale_dir.exists()
    assert alive.exists()


# -- opening ---------------------------------------------------------------------


def test_missing_database_says_how_to_build_one(tmp_path):
    with pytest.raises(DatabaseError, match=r"no card database at .*deckcheck db update"):
        SqliteIndex(tmp_path / "missing.sqlite3")


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "deckcheck db import PATH"),
        (b"SQLite format 3\x00" + b"\xff" * 2000, "deckcheck db import PATH"),
        # A file of something else is named, not called a database to rebuild
        (b"this is not a database" * 100, "is not a card database, it is a text file beginning 'this is not"),
    ],
)
def test_a_file_that_is_no_card_database_is_refused_saying_what_it_is(tmp_path, content, message):
    path = tmp_path / "cards.sqlite3"
    path.write_bytes(content)
    with pytest.raises(DatabaseError, match=message):
        SqliteIndex(path)
    with pytest.raises(DatabaseError):
        database_info(path)


# "1": a database built before docs/rulings.md, "Reprints: functionally identical cards" changed the stored game-text
# digests must be rebuilt, not read with stale digests.
@pytest.mark.parametrize("version", ["0", "1"])
def test_a_database_of_another_schema_version_asks_for_an_update(installed, version):
    with sqlite3.connect(installed) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (version,))
    conn.close()
    with pytest.raises(DatabaseError, match=f"schema version {version}, .*db update"):
        SqliteIndex(installed)


def test_queries_never_write(installed):
    before = installed.read_bytes()
    installed.chmod(0o444)
    try:
        with SqliteIndex(installed) as index:
            assert index.by_name("Sproutling")
            assert index.suggest("Sprouting")[0] == "Sproutling"
    finally:
        installed.chmod(0o644)
    assert installed.read_bytes() == before


def test_open_index_keeps_reading_its_database_while_it_is_replaced(datasets, tmp_path, installed):
    files = datasets.files(
        cards={
            "tst1": [
                {"id": "tst1-1", "name": "Replacement", "supertype": "Pokémon", "subtypes": ["Basic"], "number": "1"}
            ]
        }
    )
    with SqliteIndex(installed) as index:
        build_database(datasets.write_folder(tmp_path / "other", files), installed)
        assert [c.id for c in index.by_name("Sproutling")] == ["tst1-1", "tst2-10"]
    with SqliteIndex(installed) as index:
        assert [c.name for c in index.by_number("TST", "1")] == ["Replacement"]


def test_importing_the_module_stays_cheap():
    code = (
        "import sys, deckcheck.carddb.sqlite; "
        "print(sorted(m for m in ('rapidfuzz', 'jsonschema', 'platformdirs') if m in sys.modules))"
    )
    import deckcheck

    root = str(Path(deckcheck.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root, env=env)
    assert result.stdout.strip() == "[]"


def test_a_print_of_a_set_without_a_code_is_named_by_its_set_not_the_dataset_id(reference_index):
    # "legal through its reprint pop8 11", "TV Reporter pop2 11": POP Series and McDonald's
    # Collection prints have no set code in lists; findings name them by the set's name.
    labels = {card.label for card in reference_index.by_name("TV Reporter")}
    assert "TV Reporter POP Series 2 11" in labels
    assert not any("pop2" in label for label in labels)
    assert {card.label for card in reference_index.by_name("Roseanne's Research")} == {
        "Roseanne's Research SW 125",
        "Roseanne's Research POP Series 8 11",
    }
