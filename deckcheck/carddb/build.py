"""Building the card database from a card source, atomically.

:func:`build_database` reads a card source (:mod:`deckcheck.carddb.sources`;
today a pokemontcg.io dataset folder or zip archive) and writes a SQLite file
*atomically*: a temporary file beside the destination is filled, committed,
synced and renamed over it, so a failed or interrupted import leaves the
installed database exactly as it was, and a ``check`` running meanwhile keeps
reading the file it opened. The build knows only deckcheck's cards and sets:
what a source's files look like is its module's business.

Card names in other languages (the ``names`` table, written by
:mod:`deckcheck.carddb.translations`) survive a rebuild: :func:`build_database`
copies the names of the cards that are still there from the database it replaces.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from deckcheck.atomic import fsync_path
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.info import DatabaseInfo
from deckcheck.carddb.promo_days import PrintRow, promo_days
from deckcheck.carddb.records import bad_card, bad_set
from deckcheck.carddb.sources import CardSource, SetRecord
from deckcheck.carddb.sources.merge import open_source
from deckcheck.carddb.sqlite import (
    CARD_COLUMNS,
    INDEXES,
    NAMES_META_PREFIX,
    SCHEMA,
    SCHEMA_VERSION,
    card_row,
    connect_readonly,
    database_info,
    foreign_file,
    has_table,
    name_rows,
    write_names,
    write_suggestion_names,
)
from deckcheck.i18n import N_, Phrase
from deckcheck.model import INTERNATIONAL
from deckcheck.version import __version__

# progress(done, total): how far the work is (files read); see deckcheck.cli.progress.Phases.
Progress = Callable[[int, "int | None"], None]
# phase(key, total): a phase of the work begins ("download", "verify", "import", ...).
PhaseHook = Callable[[str, "int | None"], None]

# A temp file of a process that died is removed by the next import after this
# long even where the process cannot be asked about (Windows, another host).
STALE_AFTER_SECONDS = 24 * 3600


def temp_prefix(dest: Path) -> str:
    """Name prefix of the temporary files an import or update writes beside ``dest``;
    the process id that follows lets a later run tell its own from a dead one's."""
    return f".{dest.name}.tmp-"


def refuse_special_destination(dest: Path) -> None:
    """``--db`` must name a regular file (or none yet): an import renames a new
    file over it, which would replace a symbolic link instead of its target, and
    a FIFO or a device node (as root, ``--db /dev/null`` would replace /dev/null)."""
    try:
        mode = os.lstat(dest).st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise DatabaseError(f"cannot use {dest} as the card database: {error.strerror or error}") from None
    if stat.S_ISLNK(mode):
        raise DatabaseError(
            f"{dest} is a symbolic link; give the path of the database file itself "
            f"({os.path.realpath(dest)}), which is then replaced"
        )
    if not stat.S_ISREG(mode):
        raise DatabaseError(
            f"{dest} is not a regular file (a folder, a pipe or a device); the card database must be a file of its own"
        )


def refuse_foreign_destination(dest: Path, replace: bool = False) -> None:
    """A ``--db`` file that exists and is not a card database (a deck list, another
    program's SQLite file) is never replaced unless ``replace`` says so (``db import
    --db mydeck.txt`` overwrote the deck list)."""
    if replace or not dest.is_file():
        return
    what = foreign_file(dest)
    if what is not None:
        raise DatabaseError(
            Phrase(
                N_(
                    "{path} is not a card database, it is {what}; it was left untouched "
                    "(give the card database's file with --db, or add --replace to replace this file with one)"
                ),
                path=str(dest),
                what=what,
            )
        )


def _pid_alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill(pid, 0) would terminate the process there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def clean_stale_temp_files(dest: Path) -> list[Path]:
    """Remove temporary files and folders left beside ``dest`` by an import or
    update that was killed (their process is gone, or they are a day old).

    Returns what was removed. Files of a live process are left alone, so this
    is safe while another import is running.
    """
    removed: list[Path] = []
    prefix = temp_prefix(Path(dest))
    try:
        entries = list(Path(dest).parent.iterdir())
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not entry.name.startswith(prefix):
            continue
        match = re.match(r"(\d+)-", entry.name[len(prefix) :])
        pid = int(match.group(1)) if match else None
        if pid == os.getpid():
            continue
        try:
            age = now - entry.lstat().st_mtime
        except OSError:
            continue
        if not (age > STALE_AFTER_SECONDS or (pid is not None and not _pid_alive(pid))):
            continue
        with suppress(OSError):
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
            removed.append(entry)
    return removed


def file_mode(dest: Path) -> int:
    """The permission bits a new file replacing ``dest`` gets: ``dest``'s own, or the umask's."""
    try:
        return stat.S_IMODE(dest.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


@contextmanager
def database_beside(dest: Path, writing: str, before_install: Callable[[], None] | None = None) -> Iterator[Path]:
    """A new, empty file beside ``dest`` for the body to write a database into; when the body
    ends, the file is made as readable as ``dest`` (mkstemp makes it private), flushed, and
    renamed over it, so ``dest`` is the old database or the new one, never half of one. When
    the body fails, the file is removed; a SQLite or OS error is one :class:`DatabaseError`
    line (``writing``: what was written, "the card database next to /x"). ``before_install``
    may refuse the rename (raising) once the file is on the disk."""
    import tempfile  # a check builds no database: only db import, update and import-names load it

    try:
        fd, name = tempfile.mkstemp(prefix=f"{temp_prefix(dest)}{os.getpid()}-", suffix=".sqlite3", dir=dest.parent)
    except OSError as error:
        raise DatabaseError(f"cannot write in {dest.parent}: {error.strerror or error}") from None
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        os.chmod(temp, file_mode(dest))
        fsync_path(temp)
        if before_install is not None:
            before_install()
        os.replace(temp, dest)
    except BaseException as error:
        with suppress(OSError):
            temp.unlink()
        if isinstance(error, sqlite3.Error):
            raise DatabaseError(f"cannot write {writing}: {error}") from None
        if isinstance(error, OSError):
            raise DatabaseError(f"cannot write the card database {dest}: {error.strerror or error}") from None
        raise
    fsync_path(dest.parent, directory=True)


def _newest_set(sets: Sequence[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    dated = [s for s in sets if s[4] and s[5] > 0]
    if not dated:
        return None
    return max(dated, key=lambda s: s[4])


def _old_names(path: Path) -> tuple[list[tuple[str, str, str]], dict[str, str]]:
    """The names and names meta of the database at ``path``, or nothing when it
    has none or cannot be read (a broken database is being replaced)."""
    try:
        conn = connect_readonly(path)
    except DatabaseError:
        return [], {}
    try:
        if not has_table(conn, "names"):
            return [], {}
        rows = conn.execute("SELECT lang, name, card_id FROM names ORDER BY rowid").fetchall()
        meta = {
            key: value
            for key, value in conn.execute("SELECT key, value FROM meta")
            if key.startswith(NAMES_META_PREFIX)
        }
        return rows, meta
    except sqlite3.Error:
        return [], {}
    finally:
        conn.close()


def _fill(
    path: Path,
    source: CardSource,
    label: str,
    extra_meta: Mapping[str, str] | None,
    keep_names_from: Path | None = None,
    progress: Progress | None = None,
    phase: PhaseHook | None = None,
    finish: Callable[[], Mapping[str, str]] | None = None,
) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        # The file is private until renamed; a crash just leaves it to be deleted.
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executescript(SCHEMA)
        conn.execute("BEGIN")
        insert = f"INSERT INTO cards ({', '.join(CARD_COLUMNS)}) VALUES ({', '.join('?' * len(CARD_COLUMNS))})"
        listed = {record.id: record for record in source.sets()}
        counts: dict[str, int] = {}
        extra_sets: dict[str, SetRecord] = {}
        total = 0
        if phase:
            phase("import", source.batch_count())  # exact, or None: the bar's total never changes
        for done, batch in enumerate(source.batches(), start=1):
            if progress:
                progress(done, None)
            rows = []
            for card, record in batch.cards:
                problem = bad_card(card)
                if problem:
                    # Refused before it reaches SQLite ("Error binding parameter 3" for a
                    # set code that is a list): the installed database stays as it was.
                    raise DatabaseError(
                        f"{batch.origin} in {source.label}: card {_card_label(card)} is not valid: {problem}"
                    )
                if card.set_id not in listed:
                    extra_sets.setdefault(card.set_id, record)
                counts[card.set_id] = counts.get(card.set_id, 0) + 1
                rows.append(card_row(card))
            try:
                conn.executemany(insert, rows)
            except sqlite3.IntegrityError:
                raise DatabaseError(f"{batch.origin} in {source.label} repeats a card id") from None
            conn.executemany("INSERT INTO card_sources VALUES (?, ?)", [(row[0], batch.source) for row in rows])
            total += len(rows)
        if total == 0:
            raise DatabaseError(f"{source.label} holds no cards")
        finished = finish() if finish else {}

        set_rows = [
            (set_id, record.name, record.code, record.series, record.release_date, counts.get(set_id, 0), record.region)
            for set_id, record in list(listed.items()) + list(extra_sets.items())
        ]
        for row in set_rows:
            problem = bad_set(row)
            if problem:
                raise DatabaseError(f"{source.label}: set {str(row[0])[:60]!r} is not valid: {problem}")
        conn.executemany("INSERT INTO sets VALUES (?, ?, ?, ?, ?, ?, ?)", set_rows)
        # docs/rulings.md, "A print is not legal before it was released": a promo's day is its own,
        # not its series' first day -- within
        # its region: the promo series of one region tell nothing of the other's days.
        for region in sorted({row[6] for row in set_rows}):
            days = promo_days(
                (
                    PrintRow(*row)
                    for row in conn.execute(
                        "SELECT id, name, set_id, number, release_date, text_hash FROM cards WHERE region = ?",
                        (region,),
                    )
                ),
                {row[0]: (row[1], row[4]) for row in set_rows if row[6] == region},
            )
            conn.executemany(
                "UPDATE cards SET release_date = ? WHERE id = ?", [(day, id_) for id_, day in days.items()]
            )
        for statement in INDEXES:
            conn.execute(statement)
        write_suggestion_names(conn)

        # The newest set the database reports is an international one where it has any.
        newest = _newest_set([row for row in set_rows if row[6] == INTERNATIONAL]) or _newest_set(set_rows)
        meta = {
            "schema_version": SCHEMA_VERSION,
            "deckcheck_version": __version__,
            "source": label,
            "imported_at": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
            "cards": str(total),
            "sets": str(sum(1 for row in set_rows if row[5] > 0)),
            "newest_set_id": newest[0] if newest else "",
            "newest_set_name": (newest[1] or "") if newest else "",
            "newest_set_code": (newest[2] or "") if newest else "",
            "newest_set_date": (newest[4] or "") if newest else "",
        }
        if source.commit:
            meta["source_commit"] = source.commit
        meta.update({str(k): str(v) for k, v in {**(extra_meta or {}), **finished}.items() if v is not None})
        if keep_names_from is not None:
            old_rows, old_meta = _old_names(keep_names_from)
            if old_rows:
                # Card ids are stable across dataset versions; names of cards
                # that are gone are dropped, new cards get theirs at the next
                # db update --lang.
                write_names(conn, name_rows(old_rows))
                conn.execute("DELETE FROM names WHERE card_id NOT IN (SELECT id FROM cards)")
                meta.update(old_meta)
                meta["names_kept_from_previous_database"] = str(
                    conn.execute("SELECT COUNT(*) FROM names").fetchone()[0]
                )
        conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta.items())
        conn.execute("COMMIT")
    finally:
        conn.close()


def _card_label(card: Any) -> str:
    card_id = getattr(card, "id", None)
    return repr(card_id[:60]) if isinstance(card_id, str) else "(without an id)"


def build_database(
    source: Path | CardSource,
    dest: Path,
    *,
    source_label: str | None = None,
    extra_meta: Mapping[str, str] | None = None,
    keep_names_from: Path | None = None,
    progress: Progress | None = None,
    phase: PhaseHook | None = None,
    finish: Callable[[], Mapping[str, str]] | None = None,
    replace: bool = False,
) -> DatabaseInfo:
    """Import the card source at ``source`` (a folder or ``.zip`` that
    :func:`~deckcheck.carddb.sources.merge.open_source` reads, or an open
    :class:`~deckcheck.carddb.sources.CardSource`, which is closed at the end)
    into a new SQLite file at ``dest``.

    The file is replaced atomically: on any failure (including Ctrl-C) ``dest``
    is left untouched and the temporary file removed. ``extra_meta`` is stored
    in the ``meta`` table (``db update`` records its url, ETag, ... there).
    The card names in other languages of the database at ``keep_names_from``
    (default: ``dest`` itself, when it exists) are kept for the cards still there.
    ``phase("import", how_many_files)`` (None where not known before) is called when the cards are read and
    ``progress(files_done, None)`` after each file (deckcheck.cli.progress.Phases).
    ``finish()`` is called once every card is read: it may refuse the database
    (DatabaseError) or return more meta to store.
    An existing ``dest`` that is not a card database is refused unless ``replace``
    (:func:`refuse_foreign_destination`).
    Raises :class:`DatabaseError` with a one-line message.
    """
    dest = Path(dest)
    refuse_special_destination(dest)
    refuse_foreign_destination(dest, replace)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseError(f"cannot create {dest.parent}: {error.strerror or error}") from None
    clean_stale_temp_files(dest)
    src = open_source(Path(source)) if isinstance(source, (str, os.PathLike)) else source
    try:
        with database_beside(dest, f"the card database next to {dest}") as temp:
            previous = Path(keep_names_from) if keep_names_from is not None else dest
            _fill(
                temp,
                src,
                source_label or src.label,
                extra_meta,
                previous if previous.is_file() else None,
                progress,
                phase,
                finish,
            )
    finally:
        src.close()
    return database_info(dest)
