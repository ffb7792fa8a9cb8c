"""The imported card database: build it from the dataset, query it, describe it.

``build_database`` reads the pokemontcg.io dataset from a folder or a zip
archive (a GitHub archive's single top-level folder is allowed) and writes a
SQLite file *atomically*: a temporary file beside the destination is filled,
committed, synced and renamed over it, so a failed or interrupted import
leaves the installed database exactly as it was, and a ``check`` running
meanwhile keeps reading the file it opened.

Zip archives are read member by member in memory, never extracted; members
with absolute paths, ``..``, links or devices, encrypted members, more than
:data:`MAX_MEMBERS` members or more than :data:`MAX_UNPACKED_BYTES` in total
are refused.

``SqliteIndex`` implements :class:`deckcheck.carddb.index.CardIndex` over a
read-only connection, with a per-instance cache of look-ups.

Card names in other languages live in the optional ``names`` table
(:data:`NAMES_SCHEMA`), written by :mod:`deckcheck.carddb.translations`
(``db import-names``, ``db update --lang``). A rebuild of the cards keeps
them: :func:`build_database` copies the names of the cards that are still
there from the database it replaces.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import stat
import time
from contextlib import suppress
from types import MappingProxyType
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Iterator, Mapping, NamedTuple, Sequence

from deckcheck.carddb.index import TranslatedName, is_promo_code, number_key, set_code_key, translation_key
from deckcheck.gametext import DIGEST_VERSION
from deckcheck.model import Card
from deckcheck.names import deck_key, name_key

if TYPE_CHECKING:  # zipfile and tempfile are imported when importing, not for a check
    import zipfile

# The stored game-text digests are part of the schema (RULES.md decision 15):
# a database built with another digest version is refused and rebuilt.
SCHEMA_VERSION = f"1.{DIGEST_VERSION}"
MAX_MEMBERS = 20_000
MAX_UNPACKED_BYTES = 512 * 1024 * 1024
# A temp file of a process that died is removed by the next import after this
# long even where the process cannot be asked about (Windows, another host).
STALE_AFTER_SECONDS = 24 * 3600

_REBUILD = "run `deckcheck db update` (or `deckcheck db import PATH`) to rebuild it"


class DatabaseError(Exception):
    """A card database or dataset problem, with a one-line message for the user."""


class DatabaseInfo(NamedTuple):
    """What a database holds: ``cards`` prints, ``sets`` sets with at least one
    card, the newest such set, and the ``meta`` table (source, imported_at,
    and for ``db update`` url, etag, last_modified, sha256, downloaded_at)."""

    path: Path
    cards: int
    sets: int
    newest_set_name: str | None
    newest_set_code: str | None
    newest_set_date: str | None
    source: str | None
    imported_at: str | None
    meta: Mapping[str, str] = MappingProxyType({})


# -- schema -------------------------------------------------------------------

_CARD_COLUMNS = (
    "id", "name", "name_key", "deck_key", "supertype", "subtypes", "set_id", "set_code", "set_code_key",
    "number", "number_key", "regulation_mark", "release_date", "types", "evolves_from", "text_hash",
    "own_limit_name", "own_limit_count", "any_number", "not_for_tournaments", "plays_as_basic",
)

_SCHEMA = """
CREATE TABLE cards (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    deck_key TEXT NOT NULL,
    supertype TEXT NOT NULL,
    subtypes TEXT NOT NULL,          -- JSON list
    set_id TEXT NOT NULL,
    set_code TEXT,                   -- as printed in deck lists (ptcgoCode)
    set_code_key TEXT,               -- index.set_code_key(set_code)
    number TEXT NOT NULL,
    number_key TEXT NOT NULL,        -- index.number_key(number, promo=...)
    regulation_mark TEXT,
    release_date TEXT,
    types TEXT NOT NULL,             -- JSON list
    evolves_from TEXT,
    text_hash TEXT,
    own_limit_name TEXT,
    own_limit_count INTEGER,
    any_number INTEGER NOT NULL,
    not_for_tournaments INTEGER NOT NULL,
    plays_as_basic INTEGER NOT NULL
);
CREATE TABLE sets (
    id TEXT PRIMARY KEY,
    name TEXT,
    code TEXT,
    series TEXT,
    release_date TEXT,
    card_count INTEGER NOT NULL
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT
);
"""

# Card names in other languages (TCGdex): one row per card, language and name.
# Optional: a database without it simply has no translations.
NAMES_SCHEMA = """
CREATE TABLE IF NOT EXISTS names (
    lang TEXT NOT NULL,              -- "de", "fr", "es", "it", "pt"
    name TEXT NOT NULL,              -- as TCGdex spells it
    name_key TEXT NOT NULL,          -- names.name_key(name)
    loose_key TEXT NOT NULL,         -- index.translation_key(name): what look-ups use
    card_id TEXT NOT NULL,           -- cards.id of the English card
    UNIQUE (lang, card_id, name)
);
"""
NAMES_INDEXES = (
    "CREATE INDEX IF NOT EXISTS names_by_name_key ON names (name_key)",
    "CREATE INDEX IF NOT EXISTS names_by_loose_key ON names (loose_key)",
)
# meta keys written with the names (db import-names); kept by a rebuild.
NAMES_META_PREFIX = "names_"

# Built after the rows are in: one sort per index instead of a b-tree insert per row.
_INDEXES = (
    "CREATE INDEX cards_by_number ON cards (set_code_key, number_key)",
    "CREATE INDEX cards_by_name ON cards (name_key)",
    "CREATE INDEX cards_by_deck_key ON cards (deck_key)",
)


def _card_row(card: Card) -> tuple[Any, ...]:
    code = set_code_key(card.set_code) if card.set_code else None
    # Same keys as MemoryIndex, so both indexes resolve a line alike.
    number = number_key(card.number, promo=bool(code) and is_promo_code(code))
    limit_name, limit_count = card.own_limit if card.own_limit else (None, None)
    return (
        card.id, card.name, name_key(card.name), deck_key(card.name, card.supertype), card.supertype,
        json.dumps(list(card.subtypes), ensure_ascii=False), card.set_id, card.set_code, code,
        card.number, number, card.regulation_mark, card.release_date,
        json.dumps(list(card.types), ensure_ascii=False), card.evolves_from, card.text_hash,
        limit_name, limit_count, int(card.any_number), int(card.not_for_tournaments), int(card.plays_as_basic),
    )


def _card_from_row(row: Sequence[Any]) -> Card:
    (card_id, name, _name_key, _deck_key, supertype, subtypes, set_id, set_code, _code_key, number, _number_key,
     regulation_mark, release_date, types, evolves_from, text_hash, limit_name, limit_count, any_number,
     not_for_tournaments, plays_as_basic) = row
    return Card(
        id=card_id,
        name=name,
        supertype=supertype,
        subtypes=tuple(json.loads(subtypes)),
        set_id=set_id,
        set_code=set_code,
        number=number,
        regulation_mark=regulation_mark,
        release_date=release_date,
        types=tuple(json.loads(types)),
        evolves_from=evolves_from,
        text_hash=text_hash,
        own_limit=(limit_name, int(limit_count)) if limit_name is not None else None,
        any_number=bool(any_number),
        not_for_tournaments=bool(not_for_tournaments),
        plays_as_basic=bool(plays_as_basic),
    )


# -- reading a dataset from a folder or a zip ----------------------------------

class _Source:
    """The dataset files, wherever they are: ``sets/en.json`` and ``cards/en/*.json``."""

    label: str
    commit: str | None = None

    def read(self, relpath: str) -> bytes:
        raise NotImplementedError

    def card_files(self) -> dict[str, str]:
        """``{file set id: relative path}``."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    def load_json(self, relpath: str) -> Any:
        data = self.read(relpath)
        try:
            return json.loads(data)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise DatabaseError(f"{relpath} in {self.label} is not valid JSON: {error}") from None


class _FolderSource(_Source):
    def __init__(self, root: Path):
        self.root = root
        self.label = str(root)

    def read(self, relpath: str) -> bytes:
        try:
            return (self.root / relpath).read_bytes()
        except OSError as error:
            raise DatabaseError(f"cannot read {relpath} in {self.label}: {error.strerror or error}") from None

    def card_files(self) -> dict[str, str]:
        folder = self.root / "cards" / "en"
        return {path.stem: f"cards/en/{path.name}" for path in sorted(folder.glob("*.json")) if path.is_file()}


def _unsafe_member(info: zipfile.ZipInfo) -> str | None:
    """Why a member must not be trusted, or None."""
    name = info.filename.replace("\\", "/")
    if name.startswith("/") or re.match(r"^[A-Za-z]:", name):
        return "absolute path"
    if ".." in PurePosixPath(name).parts:
        return "'..' in its path"
    if info.flag_bits & 0x1:
        return "encrypted member"
    kind = stat.S_IFMT(info.external_attr >> 16)
    if kind == stat.S_IFLNK:
        return "symbolic link"
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        return "device or special file"
    return None


class _ZipSource(_Source):
    def __init__(self, path: Path):
        import zipfile

        self.label = str(path)
        try:
            self.zip = zipfile.ZipFile(path)
        except zipfile.BadZipFile:
            raise DatabaseError(f"{path} is not a zip archive (or it is corrupt)") from None
        except OSError as error:
            raise DatabaseError(f"cannot read {path}: {error.strerror or error}") from None
        try:
            self.members = self._check_members()
            self.prefix = self._find_prefix()
        except BaseException:
            self.zip.close()
            raise
        comment = self.zip.comment.decode("ascii", "replace").strip()
        # GitHub archives carry the commit id as the zip comment.
        self.commit = comment if re.fullmatch(r"[0-9a-f]{40}", comment) else None

    def _check_members(self) -> dict[str, zipfile.ZipInfo]:
        infos = self.zip.infolist()
        if len(infos) > MAX_MEMBERS:
            raise DatabaseError(f"unsafe archive {self.label}: more than {MAX_MEMBERS} members")
        total = 0
        members: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            reason = _unsafe_member(info)
            if reason:
                raise DatabaseError(f"unsafe archive {self.label}: member {info.filename!r} ({reason})")
            total += info.file_size
            if total > MAX_UNPACKED_BYTES:
                raise DatabaseError(
                    f"unsafe archive {self.label}: unpacks to more than {MAX_UNPACKED_BYTES // 2**20} MB"
                )
            if not info.is_dir():
                members[info.filename] = info
        return members

    def _find_prefix(self) -> str:
        if "sets/en.json" in self.members:
            return ""
        # A GitHub archive: everything under one "<repo>-<branch>/" folder.
        prefixes = {name.split("/", 1)[0] + "/" for name in self.members if "/" in name}
        candidates = [p for p in prefixes if p + "sets/en.json" in self.members]
        if len(candidates) == 1:
            return candidates[0]
        raise DatabaseError(f"{self.label} holds no sets/en.json (not a pokemontcg.io dataset archive)")

    def read(self, relpath: str) -> bytes:
        info = self.members.get(self.prefix + relpath)
        if info is None:
            raise DatabaseError(f"{self.label} holds no {relpath}")
        try:
            return self.zip.read(info)
        except Exception as error:  # BadZipFile (CRC), zlib.error, EOFError, unsupported method ...
            raise DatabaseError(f"corrupt archive {self.label}: cannot read {relpath} ({error})") from None

    def card_files(self) -> dict[str, str]:
        start = self.prefix + "cards/en/"
        found = {}
        for name in sorted(self.members):
            rest = name[len(start):]
            if name.startswith(start) and rest.endswith(".json") and "/" not in rest:
                found[rest[: -len(".json")]] = f"cards/en/{rest}"
        return found

    def close(self) -> None:
        self.zip.close()


def _open_source(source: Path) -> _Source:
    if source.is_dir():
        if not (source / "sets" / "en.json").is_file():
            raise DatabaseError(f"{source} holds no sets/en.json (not a pokemontcg.io dataset folder)")
        return _FolderSource(source)
    if source.is_file():
        return _ZipSource(source)
    raise DatabaseError(f"{source} does not exist")


# -- building ------------------------------------------------------------------

def temp_prefix(dest: Path) -> str:
    """Name prefix of the temporary files an import or update writes beside ``dest``;
    the process id that follows lets a later run tell its own from a dead one's."""
    return f".{dest.name}.tmp-"


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
    import shutil

    removed = []
    prefix = temp_prefix(Path(dest))
    try:
        entries = list(Path(dest).parent.iterdir())
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not entry.name.startswith(prefix):
            continue
        match = re.match(r"(\d+)-", entry.name[len(prefix):])
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


def _fsync(path: Path, *, directory: bool = False) -> None:
    if directory and os.name == "nt":
        return
    flags = os.O_RDONLY | (getattr(os, "O_DIRECTORY", 0) if directory else 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        if directory:
            return
        raise
    try:
        os.fsync(fd)
    except OSError:
        if not directory:
            raise
    finally:
        os.close(fd)


def _file_mode(dest: Path) -> int:
    try:
        return stat.S_IMODE(dest.stat().st_mode)
    except OSError:
        mask = os.umask(0o022)
        os.umask(mask)
        return 0o666 & ~mask


def _newest_set(sets: Sequence[tuple[Any, ...]]) -> tuple[Any, ...] | None:
    dated = [s for s in sets if s[4] and s[5] > 0]
    if not dated:
        return None
    return max(dated, key=lambda s: s[4])


def name_rows(rows: Iterator[tuple[str, str, str]] | Sequence[tuple[str, str, str]]) -> list[tuple[str, str, str, str, str]]:
    """``(lang, name, card_id)`` -> rows of the ``names`` table (keys computed here,
    so that every writer folds names alike)."""
    return [(lang, name, name_key(name), translation_key(name), card_id) for lang, name, card_id in rows]


def write_names(conn: sqlite3.Connection, rows: Sequence[tuple[str, str, str, str, str]],
                replace_langs: Sequence[str] = ()) -> None:
    """Create the ``names`` table if needed, drop the names of ``replace_langs``
    and insert ``rows`` (from :func:`name_rows`), inside the caller's transaction."""
    # One statement with execute(): executescript() would commit the caller's transaction.
    conn.execute(NAMES_SCHEMA)
    if replace_langs:
        conn.execute(f"DELETE FROM names WHERE lang IN ({', '.join('?' * len(replace_langs))})",
                     tuple(replace_langs))
    conn.executemany("INSERT OR IGNORE INTO names VALUES (?, ?, ?, ?, ?)", rows)
    for statement in NAMES_INDEXES:
        conn.execute(statement)


def _has_table(conn: sqlite3.Connection, table: str) -> bool:
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()
    return row is not None


def _old_names(path: Path) -> tuple[list[tuple[str, str, str]], dict[str, str]]:
    """The names and names meta of the database at ``path``, or nothing when it
    has none or cannot be read (a broken database is being replaced)."""
    try:
        conn = _connect_readonly(path)
    except DatabaseError:
        return [], {}
    try:
        if not _has_table(conn, "names"):
            return [], {}
        rows = conn.execute("SELECT lang, name, card_id FROM names ORDER BY rowid").fetchall()
        meta = {key: value for key, value in conn.execute("SELECT key, value FROM meta")
                if key.startswith(NAMES_META_PREFIX)}
        return rows, meta
    except sqlite3.Error:
        return [], {}
    finally:
        conn.close()


def _fill(path: Path, source: _Source, label: str, extra_meta: Mapping[str, str] | None,
          keep_names_from: Path | None = None) -> None:
    import datetime as dt

    from deckcheck import __version__
    from deckcheck.carddb.dataset import card_file_order, card_from_dataset, iso_date, set_for_card

    raw_sets = source.load_json("sets/en.json")
    if not isinstance(raw_sets, list) or not all(isinstance(s, dict) and s.get("id") for s in raw_sets):
        raise DatabaseError(f"sets/en.json in {source.label} is not a list of sets with ids")
    sets_by_id = {str(s["id"]): s for s in raw_sets}
    files = source.card_files()
    if not files:
        raise DatabaseError(f"{source.label} holds no cards/en/*.json")

    conn = sqlite3.connect(path, isolation_level=None)
    try:
        # The file is private until renamed; a crash just leaves it to be deleted.
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("PRAGMA synchronous=OFF")
        conn.executescript(_SCHEMA)
        conn.execute("BEGIN")
        insert = f"INSERT INTO cards ({', '.join(_CARD_COLUMNS)}) VALUES ({', '.join('?' * len(_CARD_COLUMNS))})"
        counts: dict[str, int] = {}
        extra_sets: dict[str, Mapping[str, Any]] = {}
        total = 0
        for file_set_id in card_file_order(list(sets_by_id), list(files)):
            relpath = files[file_set_id]
            raw_cards = source.load_json(relpath)
            if not isinstance(raw_cards, list):
                raise DatabaseError(f"{relpath} in {source.label} is not a list of cards")
            rows = []
            for position, raw in enumerate(raw_cards):
                try:
                    set_info = set_for_card(raw, file_set_id, sets_by_id)
                    card = card_from_dataset(raw, set_info)
                except (KeyError, TypeError, ValueError, AttributeError) as error:
                    raise DatabaseError(
                        f"{relpath} in {source.label}: card {position + 1} is malformed ({error!r})"
                    ) from None
                if card.set_id not in sets_by_id:
                    extra_sets.setdefault(card.set_id, set_info)
                counts[card.set_id] = counts.get(card.set_id, 0) + 1
                rows.append(_card_row(card))
            try:
                conn.executemany(insert, rows)
            except sqlite3.IntegrityError:
                raise DatabaseError(f"{relpath} in {source.label} repeats a card id") from None
            total += len(rows)
        if total == 0:
            raise DatabaseError(f"{source.label} holds no cards")

        set_rows = [
            (set_id, s.get("name"), s.get("ptcgoCode") or None, s.get("series"), iso_date(s.get("releaseDate")),
             counts.get(set_id, 0))
            for set_id, s in list(sets_by_id.items()) + list(extra_sets.items())
        ]
        conn.executemany("INSERT INTO sets VALUES (?, ?, ?, ?, ?, ?)", set_rows)
        for statement in _INDEXES:
            conn.execute(statement)

        newest = _newest_set(set_rows)
        meta = {
            "schema_version": SCHEMA_VERSION,
            "deckcheck_version": __version__,
            "source": label,
            "imported_at": dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat(),
            "cards": str(total),
            "sets": str(sum(1 for row in set_rows if row[5] > 0)),
            "newest_set_id": newest[0] if newest else "",
            "newest_set_name": (newest[1] or "") if newest else "",
            "newest_set_code": (newest[2] or "") if newest else "",
            "newest_set_date": (newest[4] or "") if newest else "",
        }
        if source.commit:
            meta["source_commit"] = source.commit
        meta.update({str(k): str(v) for k, v in (extra_meta or {}).items() if v is not None})
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
                    conn.execute("SELECT COUNT(*) FROM names").fetchone()[0])
        conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta.items())
        conn.execute("COMMIT")
    finally:
        conn.close()


def build_database(
    source: Path,
    dest: Path,
    *,
    source_label: str | None = None,
    extra_meta: Mapping[str, str] | None = None,
    keep_names_from: Path | None = None,
) -> DatabaseInfo:
    """Import the dataset at ``source`` (folder or ``.zip``) into a new SQLite file at ``dest``.

    The file is replaced atomically: on any failure (including Ctrl-C) ``dest``
    is left untouched and the temporary file removed. ``extra_meta`` is stored
    in the ``meta`` table (``db update`` records its url, ETag, ... there).
    The card names in other languages of the database at ``keep_names_from``
    (default: ``dest`` itself, when it exists) are kept for the cards still there.
    Raises :class:`DatabaseError` with a one-line message.
    """
    import tempfile

    source = Path(source)
    dest = Path(dest)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseError(f"cannot create {dest.parent}: {error.strerror or error}") from None
    clean_stale_temp_files(dest)
    src = _open_source(source)
    try:
        try:
            fd, name = tempfile.mkstemp(prefix=f"{temp_prefix(dest)}{os.getpid()}-", suffix=".sqlite3",
                                        dir=dest.parent)
        except OSError as error:
            raise DatabaseError(f"cannot write in {dest.parent}: {error.strerror or error}") from None
        os.close(fd)
        temp = Path(name)
        try:
            previous = Path(keep_names_from) if keep_names_from is not None else dest
            _fill(temp, src, source_label or src.label, extra_meta,
                  previous if previous.is_file() else None)
            # mkstemp makes the file private; the database is as readable as
            # the one it replaces (or as the umask allows).
            os.chmod(temp, _file_mode(dest))
            _fsync(temp)
            os.replace(temp, dest)
        except BaseException as error:
            with suppress(OSError):
                temp.unlink()
            if isinstance(error, sqlite3.Error):
                raise DatabaseError(f"cannot write the card database next to {dest}: {error}") from None
            if isinstance(error, OSError):
                raise DatabaseError(f"cannot write the card database {dest}: {error.strerror or error}") from None
            raise
        _fsync(dest.parent, directory=True)
    finally:
        src.close()
    return database_info(dest)


# -- reading -------------------------------------------------------------------

def _connect_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection to a database built by this version, or DatabaseError."""
    path = Path(path)
    if not path.is_file():
        raise DatabaseError(f"no card database at {path}; {_REBUILD}")
    uri = path.resolve().as_uri() + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as error:
        raise DatabaseError(f"cannot open the card database {path} ({error}); {_REBUILD}") from None
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        conn.execute("SELECT id FROM cards LIMIT 1").fetchall()
    except sqlite3.Error as error:
        conn.close()
        raise DatabaseError(f"the card database {path} is unreadable ({error}); {_REBUILD}") from None
    if row is None or row[0] != SCHEMA_VERSION:
        conn.close()
        found = row[0] if row else "none"
        raise DatabaseError(
            f"the card database {path} has schema version {found}, this deckcheck needs {SCHEMA_VERSION}; {_REBUILD}"
        )
    return conn


def _read_meta(conn: sqlite3.Connection) -> dict[str, str]:
    return {key: value for key, value in conn.execute("SELECT key, value FROM meta")}


def database_info(path: Path) -> DatabaseInfo:
    """What the database at ``path`` holds and where it came from."""
    conn = _connect_readonly(path)
    try:
        meta = _read_meta(conn)
        cards = conn.execute("SELECT COUNT(*) FROM cards").fetchone()[0]
        # Sets listed in sets/en.json before their cards are published do not count.
        sets = conn.execute("SELECT COUNT(*) FROM sets WHERE card_count > 0").fetchone()[0]
    except sqlite3.Error as error:
        raise DatabaseError(f"the card database {path} is unreadable ({error}); {_REBUILD}") from None
    finally:
        conn.close()
    return DatabaseInfo(
        path=Path(path),
        cards=cards,
        sets=sets,
        newest_set_name=meta.get("newest_set_name") or None,
        newest_set_code=meta.get("newest_set_code") or None,
        newest_set_date=meta.get("newest_set_date") or None,
        source=meta.get("source") or None,
        imported_at=meta.get("imported_at") or None,
        meta=meta,
    )


_SELECT = f"SELECT {', '.join(_CARD_COLUMNS)} FROM cards"


class SqliteIndex:
    """A :class:`~deckcheck.carddb.index.CardIndex` over an imported database.

    Opened read-only, so a ``check`` never writes; look-ups are cached for the
    life of the instance.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self._conn = _connect_readonly(self.path)
        self._cache: dict[tuple[str, str], tuple[Card, ...]] = {}
        self._names: dict[str, str] | None = None
        self._codes: dict[str, bool] = {}
        self._langs: tuple[str, ...] | None = None
        self._translated: dict[tuple[str, tuple[str, ...] | None], tuple[TranslatedName, ...]] = {}
        self._suggestion_names: dict[tuple[str, ...], dict[str, str]] = {}

    def _query(self, kind: str, where: str, params: tuple[Any, ...]) -> tuple[Card, ...]:
        key = (kind, "\x1f".join(map(str, params)))
        found = self._cache.get(key)
        if found is None:
            try:
                rows = self._conn.execute(f"{_SELECT} WHERE {where} ORDER BY rowid", params).fetchall()
            except sqlite3.Error as error:
                raise DatabaseError(f"the card database {self.path} is unreadable ({error}); {_REBUILD}") from None
            found = tuple(_card_from_row(row) for row in rows)
            self._cache[key] = found
        return found

    def by_number(self, set_code: str, number: str) -> Sequence[Card]:
        code = set_code_key(set_code)
        return self._query("number", "set_code_key = ? AND number_key = ?",
                           (code, number_key(number, promo=is_promo_code(code))))

    def by_name(self, name: str) -> Sequence[Card]:
        key = name_key(name)
        found = self._query("name", "name_key = ?", (key,))
        return found or self.by_deck_key(key)

    def by_deck_key(self, key: str) -> Sequence[Card]:
        return self._query("deck", "deck_key = ?", (key,))

    def suggest(self, name: str, limit: int = 3, *, langs: Sequence[str] = ()) -> Sequence[str]:
        """Card names like ``name``: English ones, and those of ``langs`` among the
        translated names (ranked together; shown as the language spells them)."""
        from deckcheck.suggest import closest_names

        if self._names is None:
            names: dict[str, str] = {}
            for key, display in self._conn.execute("SELECT name_key, name FROM cards ORDER BY rowid"):
                names.setdefault(key, display)
            self._names = names
        wanted = tuple(lang for lang in langs if lang in self.translation_languages())
        if not wanted:
            return closest_names(name, self._names, limit)
        combined = self._suggestion_names.get(wanted)
        if combined is None:
            combined = dict(self._names)
            marks = ", ".join("?" * len(wanted))
            for key, display in self._conn.execute(
                    f"SELECT name_key, name FROM names WHERE lang IN ({marks}) ORDER BY rowid", wanted):
                combined.setdefault(key, display)
            self._suggestion_names[wanted] = combined
        return closest_names(name, combined, limit)

    def translation_languages(self) -> Sequence[str]:
        if self._langs is None:
            try:
                if _has_table(self._conn, "names"):
                    self._langs = tuple(row[0] for row in self._conn.execute(
                        "SELECT DISTINCT lang FROM names ORDER BY lang"))
                else:
                    self._langs = ()
            except sqlite3.Error as error:
                raise DatabaseError(f"the card database {self.path} is unreadable ({error}); {_REBUILD}") from None
        return self._langs

    def by_translated_name(self, name: str, langs: Sequence[str] | None = None) -> Sequence[TranslatedName]:
        available = self.translation_languages()
        wanted = tuple(lang for lang in (available if langs is None else langs) if lang in available)
        if not wanted:
            return ()
        key = translation_key(name)
        cache_key = (key, wanted)
        found = self._translated.get(cache_key)
        if found is None:
            exact = name_key(name)
            columns = ", ".join(f"c.{column}" for column in _CARD_COLUMNS)
            marks = ", ".join("?" * len(wanted))
            try:
                rows = self._conn.execute(
                    f"SELECT n.lang, n.name, n.name_key, {columns} FROM names n JOIN cards c ON c.id = n.card_id "
                    f"WHERE n.loose_key = ? AND n.lang IN ({marks}) ORDER BY n.lang, c.rowid",
                    (key, *wanted),
                ).fetchall()
            except sqlite3.Error as error:
                raise DatabaseError(f"the card database {self.path} is unreadable ({error}); {_REBUILD}") from None
            found = tuple(
                TranslatedName(lang=row[0], name=row[1], card=_card_from_row(row[3:]), exact=row[2] == exact)
                for row in rows
            )
            self._translated[cache_key] = found
        return found

    def knows_set_code(self, set_code: str) -> bool:
        code = set_code_key(set_code)
        known = self._codes.get(code)
        if known is None:
            row = self._conn.execute("SELECT 1 FROM cards WHERE set_code_key = ? LIMIT 1", (code,)).fetchone()
            known = self._codes[code] = row is not None
        return known

    def meta(self) -> dict[str, str]:
        return _read_meta(self._conn)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "SqliteIndex":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def iter_cards(path: Path) -> Iterator[Card]:
    """Every card of the database at ``path``, in import order."""
    conn = _connect_readonly(path)
    try:
        for row in conn.execute(f"{_SELECT} ORDER BY rowid"):
            yield _card_from_row(row)
    finally:
        conn.close()
