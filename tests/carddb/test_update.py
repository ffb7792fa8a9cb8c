"""``db update`` against a real HTTP server on 127.0.0.1 serving archives built from the reference data.

After every failure the installed database must be byte-identical and answer
the same queries as before, with no temporary files left behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import pytest
from loopback import LAST_MODIFIED, serving

from deckcheck.carddb import http as carddb_http
from deckcheck.carddb.build import temp_prefix
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.sqlite import SqliteIndex, database_info
from deckcheck.carddb.update import DEFAULT_DATASET_URL, database_lock, update_database

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# A handful of real sets keeps the archives small and the imports quick.
SETS = ["base1", "neo4", "dp1", "sv1", "sv2", "sve", "svp", "swshp"]
GITHUB_PREFIX = "pokemon-tcg-data-master/"


def _zip_of(data: Path, set_ids: list[str], target: Path) -> bytes:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(zipfile.ZipInfo(GITHUB_PREFIX), b"")
        archive.write(data / "sets" / "en.json", GITHUB_PREFIX + "sets/en.json")
        for set_id in set_ids:
            archive.write(data / "cards" / "en" / f"{set_id}.json", f"{GITHUB_PREFIX}cards/en/{set_id}.json")
    return target.read_bytes()


@pytest.fixture(scope="session")
def archives(pokemon_tcg_data, tmp_path_factory) -> dict[str, bytes]:
    """Archives built once per session from ../shared (in tmp, never in the project)."""
    folder = tmp_path_factory.mktemp("archives")
    good = _zip_of(pokemon_tcg_data, SETS, folder / "dataset.zip")
    with zipfile.ZipFile(folder / "slip.zip", "w") as archive:
        archive.writestr("pokemon-tcg-data-master/sets/en.json", b"[]")
        archive.writestr("pokemon-tcg-data-master/../../evil.json", b"[]")
    return {
        "dataset": good,
        "newer": _zip_of(pokemon_tcg_data, SETS + ["sv3"], folder / "newer.zip"),
        "shrunk": _zip_of(pokemon_tcg_data, ["base1", "sve"], folder / "shrunk.zip"),
        "corrupt": good[: len(good) // 3] + b"\0" * 1000,
        "slip": (folder / "slip.zip").read_bytes(),
    }


def _card_count(data: Path, set_ids: list[str]) -> int:
    return sum(len(json.loads((data / "cards" / "en" / f"{s}.json").read_text(encoding="utf-8"))) for s in set_ids)


# -- the server ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_server(archives):
    with serving({}) as httpd:
        yield httpd


@pytest.fixture
def server(shared_server, archives):
    """The module's server, serving only /dataset.zip and with nothing asked yet (one server
    for the module: starting and stopping one per test was a quarter of the module's time)."""
    shared_server.routes = {"/dataset.zip": ("ok", archives["dataset"])}
    shared_server.failures_left = 0
    shared_server.cut_after = None
    shared_server.requests.clear()
    return shared_server


@pytest.fixture(autouse=True)
def _no_backoff(monkeypatch):
    monkeypatch.setattr(carddb_http, "RETRY_BACKOFF", 0.0)


@pytest.fixture
def dest(tmp_path) -> Path:
    return tmp_path / "data" / "cards.sqlite3"


def _answers(path: Path):
    """What a check would see: a few look-ups and the database's own description."""
    with SqliteIndex(path) as index:
        looked_up = (
            [c.id for c in index.by_number("PAL", "185")],
            [c.id for c in index.by_name("Iono")],
            [c.id for c in index.by_number("SVE", "2")],
            [c.id for c in index.by_number("PR-SW", "271")],
            index.knows_set_code("OBF"),
        )
    info = database_info(path)
    return looked_up, info.cards, info.meta


def _temp_files(dest: Path) -> list[str]:
    return sorted(p.name for p in dest.parent.iterdir() if p.name.startswith(temp_prefix(dest)))


@pytest.fixture(scope="module")
def first_install(shared_server, archives, tmp_path_factory) -> tuple[bytes, tuple]:
    """The bytes of the database a first update installs from /dataset.zip, and what it answers
    (the import, about 0.3 s, once for the module)."""
    shared_server.routes = {"/dataset.zip": ("ok", archives["dataset"])}
    dest = tmp_path_factory.mktemp("first") / "cards.sqlite3"
    update_database(shared_server.url("/dataset.zip"), dest)
    return dest.read_bytes(), _answers(dest)


@pytest.fixture
def installed(server, dest, first_install):
    """The database installed from /dataset.zip, and what it answers."""
    data, answers = first_install
    server.requests.clear()  # the first install's requests, when this test made it
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_bytes(data)
    assert _answers(dest) == answers
    return dest, data, answers


def _assert_untouched(installed_db):
    dest, data, answers = installed_db
    assert dest.read_bytes() == data
    assert _answers(dest) == answers
    assert _temp_files(dest) == []


# -- success paths --------------------------------------------------------------------


def test_default_url_is_the_upstream_archive():
    assert DEFAULT_DATASET_URL == "https://github.com/PokemonTCG/pokemon-tcg-data/archive/refs/heads/master.zip"


def test_a_first_update_installs_the_verified_archive_and_reports_progress(server, dest, archives, pokemon_tcg_data):
    seen = []
    digest = hashlib.sha256(archives["dataset"]).hexdigest()
    result = update_database(
        server.url("/dataset.zip"), dest, sha256=digest.upper(), progress=lambda done, total: seen.append((done, total))
    )
    assert result.status == "installed" and result.changed and result.previous is None
    assert result.info.cards == _card_count(pokemon_tcg_data, SETS)
    assert result.info.sets == len(SETS)  # sets/en.json lists them all; only those with cards count
    looked_up, _, meta = _answers(dest)
    assert looked_up[0] == ["sv2-185"] and looked_up[2:4] == (["sve-2"], ["swshp-SWSH271"])
    assert set(looked_up[1]) == {"sv2-185", "sv2-254", "sv2-269", "svp-124"}  # every Iono print
    assert looked_up[4] is False  # Obsidian Flames (sv3) is not in this archive
    assert meta["url"] == server.url("/dataset.zip") and meta["source"] == server.url("/dataset.zip")
    assert meta["etag"] == '"' + digest[:16] + '"'  # as the test server computes it
    assert meta["sha256"] == digest and meta["last_modified"] == LAST_MODIFIED
    assert meta["downloaded_at"]
    assert seen and seen[-1] == (len(archives["dataset"]), len(archives["dataset"]))
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert _temp_files(dest) == []


def test_unchanged_archive_is_not_imported_again(server, installed):
    dest, data, answers = installed
    result = update_database(server.url("/dataset.zip"), dest)
    assert result.status == "unchanged" and not result.changed
    ((_, headers),) = server.requests
    assert headers["If-None-Match"] == answers[2]["etag"]
    assert headers["If-Modified-Since"] == answers[2]["last_modified"]
    _assert_untouched(installed)


def test_force_downloads_and_imports_again(server, installed):
    dest, data, answers = installed
    result = update_database(server.url("/dataset.zip"), dest, force=True)
    assert result.status == "updated"
    assert "If-None-Match" not in server.requests[0][1]
    assert _answers(dest)[0] == answers[0]


def test_newer_archive_replaces_the_database(server, installed, archives, pokemon_tcg_data):
    dest = installed[0]
    server.routes["/dataset.zip"] = ("ok", archives["newer"])
    result = update_database(server.url("/dataset.zip"), dest)
    assert result.status == "updated"
    assert result.previous.cards == _card_count(pokemon_tcg_data, SETS)
    assert result.info.cards == _card_count(pokemon_tcg_data, SETS + ["sv3"])
    assert _answers(dest)[0][4] is True  # now knows OBF
    assert _temp_files(dest) == []


def test_a_broken_installed_database_is_replaced(server, dest):
    dest.parent.mkdir(parents=True)
    # a damaged SQLite file (a file of another kind, "not a database" as text, is refused
    # instead, see test_foreign_destination.py)
    dest.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    result = update_database(server.url("/dataset.zip"), dest)
    assert result.status == "installed" and result.previous is None
    assert _answers(dest)[0][0] == ["sv2-185"]


def test_transient_server_errors_are_retried(server, dest, archives):
    server.routes["/flaky.zip"] = ("flaky", archives["dataset"])
    server.failures_left = 2
    result = update_database(server.url("/flaky.zip"), dest, retries=2)
    assert result.status == "installed"
    assert len(server.requests) == 3


def test_a_file_url_installs_and_is_unchanged_the_second_time(tmp_path, dest, archives):
    archive = tmp_path / "mirror" / "dataset.zip"
    archive.parent.mkdir()
    archive.write_bytes(archives["dataset"])
    assert update_database(archive.as_uri(), dest).status == "installed"
    # no ETag for files: the archive's digest tells that nothing changed
    assert update_database(archive.as_uri(), dest).status == "unchanged"


# -- failures: one line, nothing changed ------------------------------------------------


@pytest.mark.parametrize(
    "route, archive, message",
    [
        ("/missing.zip", None, "HTTP 404"),
        ("/corrupt.zip", "corrupt", "not a zip archive"),
        ("/slip.zip", "slip", "unsafe archive"),
        ("/truncated.zip", "truncated", "cut off"),
        ("/server-error.zip", "always-503", "HTTP 503"),
    ],
)
def test_failed_update_leaves_the_database_as_it_was(server, installed, archives, route, archive, message):
    if archive == "truncated":
        server.routes[route] = ("truncated", archives["dataset"])
    elif archive == "always-503":
        server.routes[route] = ("flaky", archives["dataset"])
        server.failures_left = 99
    elif archive:
        server.routes[route] = ("ok", archives[archive])
    with pytest.raises(DatabaseError) as error:
        update_database(server.url(route), installed[0], retries=1)
    assert message in str(error.value) and "\n" not in str(error.value)
    _assert_untouched(installed)
    if archive in ("truncated", "always-503"):
        assert len(server.requests) == 2  # retried once
    if archive is None:
        assert len(server.requests) == 1  # a 404 is not retried


def test_offline_the_installed_database_stays_untouched(installed):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(DatabaseError, match="offline"):
        update_database(f"http://127.0.0.1:{port}/dataset.zip", installed[0], retries=1, timeout=5)
    _assert_untouched(installed)


def test_a_sha256_mismatch_installs_nothing(server, installed, archives):
    server.routes["/newer.zip"] = ("ok", archives["newer"])
    with pytest.raises(DatabaseError, match="verification failed"):
        update_database(server.url("/newer.zip"), installed[0], sha256="0" * 64)
    _assert_untouched(installed)
    with pytest.raises(DatabaseError, match="64 hexadecimal digits"):
        update_database(server.url("/newer.zip"), installed[0], sha256="abc")


def test_shrinking_dataset_needs_force(server, installed, archives):
    server.routes["/shrunk.zip"] = ("ok", archives["shrunk"])
    with pytest.raises(DatabaseError, match="sanity check failed.*--force"):
        update_database(server.url("/shrunk.zip"), installed[0])
    _assert_untouched(installed)
    result = update_database(server.url("/shrunk.zip"), installed[0], force=True)
    assert result.status == "updated" and result.info.cards < result.previous.cards


def test_an_ftp_url_is_refused(installed):
    with pytest.raises(DatabaseError, match="only http, https and file"):
        update_database("ftp://example.org/dataset.zip", installed[0])
    _assert_untouched(installed)


def test_ctrl_c_during_download(server, installed, archives):
    server.routes["/newer.zip"] = ("ok", archives["newer"])

    def interrupt(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        update_database(server.url("/newer.zip"), installed[0], progress=interrupt)
    _assert_untouched(installed)


def test_updates_are_serialised_by_the_lock(server, installed, archives):
    dest = installed[0]
    server.routes["/newer.zip"] = ("ok", archives["newer"])
    results = []
    with database_lock(dest):
        worker = threading.Thread(target=lambda: results.append(update_database(server.url("/newer.zip"), dest)))
        worker.start()
        worker.join(0.5)
        assert worker.is_alive() and server.requests == []  # waiting for the lock, not downloading
    worker.join(60)
    assert [r.status for r in results] == ["updated"]


# -- a kill during import -------------------------------------------------------------------

_KILLABLE = """
import sys, time
from pathlib import Path
from deckcheck.carddb.sources import pokemontcg as dataset
from deckcheck.carddb.update import update_database

marker = Path(sys.argv[3])
real = dataset.card_from_dataset
seen = []

def slow(raw, set_info):
    seen.append(1)
    if len(seen) == 500:  # well into the import: tell the test, then wait to be killed
        marker.write_text("importing")
        time.sleep(120)
    return real(raw, set_info)

dataset.card_from_dataset = slow
update_database(sys.argv[1], Path(sys.argv[2]))
"""


def test_a_kill_during_import_leaves_the_database_whole_and_the_next_update_cleans_up(
    server, installed, archives, tmp_path
):
    """SIGKILL cannot be cleaned up after: the installed database stays intact and
    the temporary folder left behind is removed by the next update."""
    dest, data, answers = installed
    server.routes["/newer.zip"] = ("ok", archives["newer"])
    marker = tmp_path / "importing"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PROJECT_ROOT), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(
        [sys.executable, "-c", _KILLABLE, server.url("/newer.zip"), str(dest), str(marker)],
        cwd=PROJECT_ROOT,
        env=env,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 120
        while not marker.exists():
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, "the update never reached the import"
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait(30)
        process.stderr.close()
    assert process.returncode == -signal.SIGKILL
    assert dest.read_bytes() == data
    assert _answers(dest) == answers
    left = _temp_files(dest)
    assert left and all(name.endswith(".download") for name in left)  # the killed run's work folder

    result = update_database(server.url("/newer.zip"), dest)
    assert result.status == "updated"
    assert _temp_files(dest) == []


@pytest.mark.parametrize("timeout", [-1, 0, float("nan"), float("inf")])
def test_a_timeout_that_is_not_a_positive_finite_number_is_refused(installed, timeout):
    with pytest.raises(DatabaseError, match="timeout must be a number of seconds greater than 0"):
        update_database("http://127.0.0.1:9/dataset.zip", installed[0], timeout=timeout, retries=0)
    _assert_untouched(installed)


@pytest.mark.parametrize(
    "url, message",
    [
        ("http://[::1", "not a valid URL"),
        ("http://127.0.0.1:99999/dataset.zip", "not a valid URL"),
        ("http:///dataset.zip", "names no host"),
    ],
)
def test_a_url_that_cannot_be_parsed_is_a_one_line_failure(installed, url, message):
    with pytest.raises(DatabaseError, match=message) as caught:
        update_database(url, installed[0], retries=0)
    assert "\n" not in str(caught.value) and url in str(caught.value)
    _assert_untouched(installed)


def test_no_lock_file_is_left_beside_the_database(server, installed, archives):
    # Every db command left a zero-byte cards.sqlite3.lock.
    dest = installed[0]
    server.routes["/newer.zip"] = ("ok", archives["newer"])
    before = set(dest.parent.iterdir())
    assert update_database(server.url("/newer.zip"), dest).status == "updated"
    assert not [p for p in dest.parent.iterdir() if p.name.endswith(".lock")]
    assert set(dest.parent.iterdir()) <= before | {dest}
