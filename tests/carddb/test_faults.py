"""The card database commands meet bad data and faults with one message and nothing stored:
card records of the wrong shape, names that are not text, a link, FIFO or device where the
database goes, file URLs that are no file, zip members that unpack too large, a server that
trickles, and a damaged database."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from support import TINY_CARD, TINY_SET, assert_clean, running_in_thread, tiny_dataset
from support import run_deckcheck as run

LONG_NUMBER = "9" * 5000
DECK = "4 Iono PAL 185\n"


@pytest.mark.parametrize(
    "sets, cards, message",
    [
        (None, [{**TINY_CARD, "name": ["a", "b"]}], "card 1 is not valid: name must be text, not a list"),
        (None, [{**TINY_CARD, "supertype": 5}], "card 1 is not valid: supertype must be text, not a number"),
        (None, '[{"id": "s1-1", "name": "Pika\\ud800", "supertype": "Trainer", "number": "1"}]', "lone surrogate"),
        (None, "[" * 100_000 + "]" * 100_000, "nests lists or objects too deeply"),
        (
            None,
            '[{"id": "s1-1", "name": "P", "supertype": "Trainer", "number": ' + LONG_NUMBER + "}]",
            "Exceeds the limit (4300 digits)",
        ),
        ([{**TINY_SET, "ptcgoCode": ["A"]}], None, "set 's1' is not valid: set code must be text, not a list"),
    ],
)
def test_bad_card_records_are_refused_with_a_message_and_nothing_is_stored(tmp_path, sets, cards, message):
    source = tiny_dataset(tmp_path / "data", sets, cards)
    db = tmp_path / "cards.sqlite3"
    result = run("db", "import", str(source), "--db", str(db))
    assert_clean(result, 2)
    assert message.encode() in result.stderr
    assert b"Error binding parameter" not in result.stderr
    assert not db.exists()


def test_names_with_lone_surrogates_are_refused(tmp_path):
    db = tmp_path / "cards.sqlite3"
    assert run("db", "import", str(tiny_dataset(tmp_path / "data")), "--db", str(db)).returncode == 0
    folder = tmp_path / "names" / "v2" / "de"
    folder.mkdir(parents=True)
    (folder / "cards.json").write_text('[{"id": "s1-1", "localId": "1", "name": "Pika\\ud800", "set": {"id": "s1"}}]')
    (folder / "sets.json").write_text(
        json.dumps(
            [
                {
                    "id": "s1",
                    "name": "Set",
                    "abbreviation": {"official": "SS"},
                    "cardCount": {"official": 1},
                    "releaseDate": "2020-01-01",
                }
            ]
        )
    )
    before = db.read_bytes()
    result = run("db", "import-names", str(tmp_path / "names"), "--lang", "de", "--db", str(db))
    assert_clean(result, 2)
    assert b"lone surrogate" in result.stderr and db.read_bytes() == before


def test_db_never_replaces_a_symbolic_link_a_fifo_or_a_device(tmp_path):
    source = tiny_dataset(tmp_path / "data")
    real = tmp_path / "real.sqlite3"
    assert run("db", "import", str(source), "--db", str(real)).returncode == 0
    link = tmp_path / "link.sqlite3"
    link.symlink_to(real)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # A device of the test's own when it may make one (root: a broken guard would otherwise replace
    # the machine's /dev/null for every process on it); else /dev/null, which a user cannot replace.
    device = Path("/dev/null")
    if os.geteuid() == 0:
        device = tmp_path / "null"
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    for target in (link, fifo, device):
        for command in (["db", "import", str(source)], ["db", "update", "--url", (tmp_path / "x.zip").as_uri()]):
            result = run(*command, "--db", str(target))
            assert_clean(result, 2)
            assert b"symbolic link" in result.stderr or b"not a regular file" in result.stderr, result.stderr
    assert link.is_symlink() and device.is_char_device()


def test_file_urls_must_be_regular_files_and_write_errors_say_so(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for url in ("file:///dev/zero", fifo.as_uri()):
        result = run("db", "update", "--url", url, "--db", str(tmp_path / "cards.sqlite3"))
        assert_clean(result, 2)
        assert b"not a regular file" in result.stderr


def test_zip_members_are_bounded_in_size(tmp_path, monkeypatch):
    import zipfile

    from deckcheck.carddb.errors import DatabaseError
    from deckcheck.carddb.sources import files
    from deckcheck.carddb.sources.files import ZipTree

    archive = tmp_path / "data.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("sets/en.json", json.dumps([TINY_SET]))
        out.writestr("cards/en/s1.json", "[" + " " * 2_000_000 + "]")  # compresses to a few KB
    monkeypatch.setattr(files, "MAX_MEMBER_BYTES", 1_000_000)
    with pytest.raises(DatabaseError, match="cards/en/s1.json' unpacks to 1 MB, more than"):
        ZipTree(archive, "sets/en.json", "a dataset")


def test_a_trickling_server_meets_an_overall_deadline(tmp_path, monkeypatch):
    import http.server
    import threading

    from deckcheck.carddb import http as carddb_http
    from deckcheck.carddb.errors import DatabaseError

    class Trickle(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", "1000000")
            self.end_headers()
            try:
                for _ in range(200):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    threading.Event().wait(0.05)
            except OSError:
                pass

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Trickle)
    monkeypatch.setattr(carddb_http, "download_deadline", lambda timeout: 0.5)
    with running_in_thread(server):
        with pytest.raises(DatabaseError, match="did not end within 0.5 s"):
            carddb_http.download(
                f"http://127.0.0.1:{server.server_port}/data.zip",
                tmp_path / "x.zip",
                {},
                timeout=5.0,
                retries=2,
                progress=None,
            )


def test_a_damaged_database_is_found_when_opened_and_every_sqlite_error_is_a_message(tmp_path, monkeypatch):
    from deckcheck import cli

    db = tmp_path / "cards.sqlite3"
    assert run("db", "import", str(tiny_dataset(tmp_path / "data")), "--db", str(db)).returncode == 0
    data = bytearray(db.read_bytes())
    page = 4096
    for offset in range(len(data) - page, len(data)):  # the last page: an index or table page
        data[offset] = 0x5A
    db.write_bytes(bytes(data))
    (tmp_path / "deck.txt").write_text(DECK)
    result = run("check", "deck.txt", "--db", str(db), "--no-config", cwd=tmp_path)
    assert_clean(result, 2)
    assert b"card database" in result.stderr
    # A query that meets damage later (whatever sqlite3 raises) is one line too.
    import sqlite3

    def damaged(*args, **kwargs):
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(cli.check, "run_check", damaged)
    assert cli.main(["check", str(tmp_path / "deck.txt"), "--no-config"]) == 2
