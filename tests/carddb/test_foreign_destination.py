"""No file is destroyed by ``--db``. Every command that writes the card
database refuses an existing ``--db`` file that is not a card database (exit 2, the file
untouched, the message says what it is); ``check --db`` says the file is not a card database
instead of advising to rebuild it; ``--replace`` replaces such a file on purpose."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from support import run_deckcheck as run

DECK = "4 Dreepy TWM 128\n4 Drakloak TWM 129\n"


def _other_programs_database(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE bookmarks (url TEXT)")
    conn.execute("INSERT INTO bookmarks VALUES ('https://example.org')")
    conn.commit()
    conn.close()
    return path


def _foreign_files(tmp_path: Path) -> dict[str, tuple[Path, bytes]]:
    deck = tmp_path / "mydeck.txt"
    deck.write_text(DECK)
    other = _other_programs_database(tmp_path / "bookmarks.sqlite")
    blob = tmp_path / "picture.png"
    blob.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe" * 20)
    return {
        "a text file beginning '4 Dreepy TWM 128'": (deck, deck.read_bytes()),
        "an SQLite database of another program (tables: bookmarks)": (other, other.read_bytes()),
        "a file of another kind, neither text nor SQLite": (blob, blob.read_bytes()),
    }


def _commands(small_dataset: Path, tmp_path: Path) -> list[list[str]]:
    names = tmp_path / "names"
    names.mkdir()
    return [
        ["db", "import", str(small_dataset)],
        ["db", "update", "--url", (tmp_path / "missing.zip").as_uri(), "--source", "pokemontcg"],
        ["db", "import-names", str(names), "--lang", "de"],
    ]


def test_the_commands_that_write_the_database_refuse_a_file_that_is_not_one(small_dataset, tmp_path):
    files = _foreign_files(tmp_path)
    for command in _commands(small_dataset, tmp_path):
        for what, (path, before) in files.items():
            result = run(*command, "--db", str(path))
            err = result.stderr.decode()
            assert result.returncode == 2, (command, err)
            assert "Traceback" not in err
            assert f"{path} is not a card database, it is {what}" in err, (command, err)
            assert path.read_bytes() == before, (command, path)


def test_check_says_the_file_is_not_a_card_database_instead_of_advising_a_rebuild(tmp_path):
    files = _foreign_files(tmp_path)
    (tmp_path / "deck.txt").write_text(DECK)
    for what, (path, before) in files.items():
        result = run("check", str(tmp_path / "deck.txt"), "--db", str(path))
        err = result.stderr.decode()
        assert result.returncode == 2, err
        assert f"{path} is not a card database, it is {what}" in err
        assert "rebuild" not in err and "db update" not in err
        assert path.read_bytes() == before


def test_replace_replaces_a_file_that_is_not_a_card_database_on_purpose(small_dataset, tmp_path):
    deck = tmp_path / "mydeck.txt"
    deck.write_text(DECK)
    result = run("db", "import", str(small_dataset), "--db", str(deck), "--replace")
    assert result.returncode == 0, result.stderr.decode()
    assert deck.read_bytes().startswith(b"SQLite format 3\x00")
    # now a card database: imported over again without --replace
    assert run("db", "import", str(small_dataset), "--db", str(deck)).returncode == 0


@pytest.mark.parametrize("write", ["build", "update"])
def test_the_library_functions_refuse_too(small_dataset, tmp_path, write):
    from deckcheck.carddb.build import build_database
    from deckcheck.carddb.errors import DatabaseError
    from deckcheck.carddb.update import update_database

    deck = tmp_path / "mydeck.txt"
    deck.write_text(DECK)
    with pytest.raises(DatabaseError, match="is not a card database, it is a text file"):
        if write == "build":
            build_database(small_dataset, deck)
        else:
            update_database((tmp_path / "missing.zip").as_uri(), deck)
    assert deck.read_text() == DECK
