"""The card database's SQLite schema, and querying it.

The database is built by :mod:`deckcheck.carddb.build` from a card source
(:mod:`deckcheck.carddb.sources`); this module holds its schema, converts
rows to and from :class:`Card` values, and reads it: ``SqliteIndex``
implements :class:`deckcheck.carddb.index.CardIndex` over a read-only
connection, with a per-instance cache of look-ups; ``database_info`` describes it.

Card names in other languages live in the optional ``names`` table
(:data:`NAMES_SCHEMA`), written by :mod:`deckcheck.carddb.translations`
(``db import-names``, ``db update --lang``); a rebuild of the cards keeps them.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from deckcheck.carddb.errors import DatabaseError, no_database_at
from deckcheck.carddb.gametext_version import DIGEST_VERSION
from deckcheck.carddb.index import (
    TranslatedName,
    is_promo_code,
    number_key,
    released,
    set_code_key,
    translation_key,
    union_of_prints,
)
from deckcheck.carddb.records import bad_text
from deckcheck.datafiles import validation_cache
from deckcheck.i18n import N_, Phrase
from deckcheck.model import INTERNATIONAL, Card
from deckcheck.names import deck_key, name_key
from deckcheck.suggest import closest_keys, closest_names, matches, ranked

if TYPE_CHECKING:
    from deckcheck.carddb.info import DatabaseInfo, SourceShare

__all__ = [
    "SqliteIndex",
    "cards_of_source",
    "database_info",
    "foreign_file",
    "not_a_card_database",
    "iter_cards",
]

# The stored game-text digests are part of the schema (docs/rulings.md, "Reprints: functionally
# identical cards"):
# a database built with another digest version is refused and rebuilt. So are the promos' own
# days (2: carddb/promo_days.py, docs/rulings.md, "A print is not legal before it was released"): a
# database of schema 1 dates every promo
# from its series' first day, which could show a deck LEGAL before its promos came out. So are
# the regions (3: model.REGIONS, docs/japan.md): every card and set belongs to one, and a
# look-up asks one region.
SCHEMA_VERSION = f"3.{DIGEST_VERSION}"

# TRANSLATORS: the advice ending a card database problem; the commands stay as they are.
_REBUILD = Phrase(N_("run `deckcheck db update` (or `deckcheck db import PATH`) to rebuild it"))


# -- schema -------------------------------------------------------------------

CARD_COLUMNS = (
    "id",
    "name",
    "name_key",
    "deck_key",
    "supertype",
    "subtypes",
    "set_id",
    "set_code",
    "set_code_key",
    "number",
    "number_key",
    "regulation_mark",
    "release_date",
    "types",
    "evolves_from",
    "text_hash",
    "own_limit_name",
    "own_limit_count",
    "any_number",
    "not_for_tournaments",
    "plays_as_basic",
    "region",
)

SCHEMA = """
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
    plays_as_basic INTEGER NOT NULL,
    region TEXT NOT NULL             -- model.REGIONS: "intl", "jp"
);
CREATE TABLE sets (
    id TEXT PRIMARY KEY,
    name TEXT,
    code TEXT,
    series TEXT,
    release_date TEXT,
    card_count INTEGER NOT NULL,
    region TEXT NOT NULL
);
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT
);
CREATE TABLE card_sources (          -- which card source each card came from
    card_id TEXT PRIMARY KEY,
    source TEXT NOT NULL             -- "pokemontcg", "tcgdex", "tcgdex-ja"
);
"""
# Databases built before card_sources existed hold pokemontcg.io cards only.
DEFAULT_SOURCE = "pokemontcg"

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

# The names "did you mean" compares a misspelt name with, per region: each name's first print
# (by rowid). Written once when the database is built, so that a check with a misspelt name does
# not group the 20,000 prints by name (66 M instructions, more than the rest of the check of a
# deck); the keys and the names as two texts of lines in the same order: one row read, two splits
# (8 M). A database built before this table, or whose names hold a line break, is asked the query.
# The keys as rapidfuzz compares them (its default_process) are a third text: a misspelt name is
# compared with those, and the key and name of its few matches are read by their place
# (suggestion_rows): the keys are neither split nor processed (2.7 M of a check with a misspelt
# name). A database built before these two compares with the keys; `db update` rebuilds it.
SUGGESTION_NAMES_SCHEMA = (
    """
CREATE TABLE suggestion_names (
    region TEXT PRIMARY KEY,
    name_keys TEXT NOT NULL,         -- names.name_key of each name, one a line
    names TEXT NOT NULL,             -- the name of its first print, one a line
    processed TEXT NOT NULL          -- each key as rapidfuzz's default_process makes it, one a line
)
""",
    """
CREATE TABLE suggestion_rows (
    region TEXT NOT NULL,
    position INTEGER NOT NULL,       -- the line of suggestion_names the key and name are on, from 0
    name_key TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (region, position)
) WITHOUT ROWID
""",
)
_FIRST_PRINT_NAMES = (
    "SELECT name_key, name FROM cards WHERE rowid IN "
    "(SELECT min(rowid) FROM cards WHERE region = ? GROUP BY name_key) ORDER BY rowid"
)

# Built after the rows are in: one sort per index instead of a b-tree insert per row.
# Every look-up asks one region (a Japanese code never names an international print).
INDEXES = (
    "CREATE INDEX cards_by_number ON cards (region, set_code_key, number_key)",
    "CREATE INDEX cards_by_name ON cards (region, name_key)",
    "CREATE INDEX cards_by_deck_key ON cards (region, deck_key)",
)


def card_row(card: Card) -> tuple[Any, ...]:
    code = set_code_key(card.set_code) if card.set_code else None
    # Same keys as MemoryIndex, so both indexes resolve a line alike.
    number = number_key(card.number, promo=code is not None and is_promo_code(code))
    limit_name, limit_count = card.own_limit if card.own_limit else (None, None)
    return (
        card.id,
        card.name,
        name_key(card.name),
        deck_key(card.name, card.supertype),
        card.supertype,
        json.dumps(list(card.subtypes), ensure_ascii=False),
        card.set_id,
        card.set_code,
        code,
        card.number,
        number,
        card.regulation_mark,
        card.release_date,
        json.dumps(list(card.types), ensure_ascii=False),
        card.evolves_from,
        card.text_hash,
        limit_name,
        limit_count,
        int(card.any_number),
        int(card.not_for_tournaments),
        int(card.plays_as_basic),
        card.region,
    )


@functools.lru_cache(maxsize=1024)
def _words(text: str) -> tuple[str, ...]:
    """A card's subtypes or types, stored as a JSON list: a few dozen lists (``["Basic"]``,
    ``["Item"]``, ``["Fire"]``) in the whole database, each decoded once (json.loads was some
    6 us a list, a quarter of making a card of a row)."""
    return tuple(json.loads(text))


def _card_from_row(row: Sequence[Any]) -> Card:
    (
        card_id,
        name,
        _name_key,
        _deck_key,
        supertype,
        subtypes,
        set_id,
        set_code,
        _code_key,
        number,
        _number_key,
        regulation_mark,
        release_date,
        types,
        evolves_from,
        text_hash,
        limit_name,
        limit_count,
        any_number,
        not_for_tournaments,
        plays_as_basic,
        region,
    ) = row
    return Card(
        id=card_id,
        name=name,
        supertype=supertype,
        subtypes=_words(subtypes),
        set_id=set_id,
        set_code=set_code,
        number=number,
        regulation_mark=regulation_mark,
        release_date=release_date,
        types=_words(types),
        evolves_from=evolves_from,
        text_hash=text_hash,
        own_limit=(limit_name, int(limit_count)) if limit_name is not None else None,
        any_number=bool(any_number),
        not_for_tournaments=bool(not_for_tournaments),
        plays_as_basic=bool(plays_as_basic),
        region=region,
    )


def name_rows(
    rows: Iterator[tuple[str, str, str]] | Sequence[tuple[str, str, str]],
) -> list[tuple[str, str, str, str, str]]:
    """``(lang, name, card_id)`` -> rows of the ``names`` table (keys computed here,
    so that every writer folds names alike)."""
    out = []
    for lang, name, card_id in rows:
        problem = bad_text(name, "name") or bad_text(card_id, "card id", 100) or bad_text(lang, "language", 10)
        if problem:  # refused before SQLite sees it; the database stays as it was
            raise DatabaseError(f"the {lang!s:.10} name of card {str(card_id)[:60]!r} is not valid: {problem}")
        out.append((lang, name, name_key(name), translation_key(name), card_id))
    return out


def write_names(
    conn: sqlite3.Connection, rows: Sequence[tuple[str, str, str, str, str]], replace_langs: Sequence[str] = ()
) -> None:
    """Create the ``names`` table if needed, drop the names of ``replace_langs``
    and insert ``rows`` (from :func:`name_rows`), inside the caller's transaction."""
    # One statement with execute(): executescript() would commit the caller's transaction.
    conn.execute(NAMES_SCHEMA)
    if replace_langs:
        conn.execute(f"DELETE FROM names WHERE lang IN ({', '.join('?' * len(replace_langs))})", tuple(replace_langs))
    conn.executemany("INSERT OR IGNORE INTO names VALUES (?, ?, ?, ?, ?)", rows)
    for statement in NAMES_INDEXES:
        conn.execute(statement)


def write_suggestion_names(conn: sqlite3.Connection) -> None:
    """Fill the ``suggestion_names`` table of every region that has cards, inside the
    caller's transaction (after the cards' rows and indexes)."""
    from rapidfuzz.utils import default_process

    for statement in SUGGESTION_NAMES_SCHEMA:
        conn.execute(statement)
    for (region,) in conn.execute("SELECT DISTINCT region FROM cards").fetchall():
        pairs = conn.execute(_FIRST_PRINT_NAMES, (region,)).fetchall()
        if any("\n" in key or "\n" in name for key, name in pairs):
            continue  # not one a line: this region's names are asked of the cards
        keys, names = "\n".join(pair[0] for pair in pairs), "\n".join(pair[1] for pair in pairs)
        processed = "\n".join(default_process(pair[0]) for pair in pairs)
        conn.execute("INSERT INTO suggestion_names VALUES (?, ?, ?, ?)", (region, keys, names, processed))
        conn.executemany(
            "INSERT INTO suggestion_rows VALUES (?, ?, ?, ?)",
            ((region, position, key, name) for position, (key, name) in enumerate(pairs)),
        )


def suggestion_names(conn: sqlite3.Connection, region: str) -> dict[str, str]:
    """The names "did you mean" compares with in ``region``: name key -> the name of its first print."""
    try:
        row = conn.execute("SELECT name_keys, names FROM suggestion_names WHERE region = ?", (region,)).fetchone()
    except sqlite3.OperationalError:  # a database built before the table
        row = None
    if row is None:
        return dict(conn.execute(_FIRST_PRINT_NAMES, (region,)))
    return dict(zip(row[0].split("\n"), row[1].split("\n"), strict=True))


def suggestion_keys(conn: sqlite3.Connection, region: str) -> list[str]:
    """The keys of :func:`suggestion_names`, in its order, without the names: a misspelt name
    needs the names of its few matches only (:func:`first_print_name`)."""
    try:
        row = conn.execute("SELECT name_keys FROM suggestion_names WHERE region = ?", (region,)).fetchone()
    except sqlite3.OperationalError:  # a database built before the table
        row = None
    if row is None:
        return [key for key, _name in conn.execute(_FIRST_PRINT_NAMES, (region,))]
    return row[0].split("\n")


def suggestion_choices(conn: sqlite3.Connection, region: str) -> tuple[list[str], bool]:
    """What "did you mean" compares a name with in ``region``, and whether those are processed:
    the keys of :func:`suggestion_names` as rapidfuzz processes them (their keys and names are
    then read by place, :func:`suggestion_rows`), or, in a database built before those were
    kept, the keys themselves."""
    try:
        row = conn.execute("SELECT processed FROM suggestion_names WHERE region = ?", (region,)).fetchone()
    except sqlite3.OperationalError:  # a database built before the processed keys (or the table)
        row = None
    if row is None or not has_table(conn, "suggestion_rows"):
        return suggestion_keys(conn, region), False
    return row[0].split("\n"), True


def suggestion_rows(conn: sqlite3.Connection, region: str, positions: Iterable[int]) -> dict[int, tuple[str, str]]:
    """The key and name on each of ``positions`` of :func:`suggestion_choices`' processed keys."""
    wanted = sorted(set(positions))
    marks = ", ".join("?" * len(wanted))
    return {
        position: (key, name)
        for position, key, name in conn.execute(
            f"SELECT position, name_key, name FROM suggestion_rows WHERE region = ? AND position IN ({marks})",
            (region, *wanted),
        )
    }


def first_print_name(conn: sqlite3.Connection, region: str, key: str) -> str:
    """The name of the first print (by rowid) whose name key is ``key``: the name
    :func:`suggestion_names` gives it."""
    row = conn.execute(
        "SELECT name FROM cards WHERE region = ? AND name_key = ? ORDER BY rowid LIMIT 1", (region, key)
    ).fetchone()
    return row[0] if row is not None else key


def has_table(conn: sqlite3.Connection, table: str) -> bool:
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).fetchone()
    return row is not None


# -- reading -------------------------------------------------------------------


def _unusable(template: str, path: Path, **params: Any) -> DatabaseError:
    """The error of a database file that cannot be used, ending in how to rebuild it (a Phrase)."""
    return DatabaseError(Phrase(template, path=str(path), advice=_REBUILD, **params))


_SQLITE_HEADER = b"SQLite format 3\x00"


def foreign_file(path: Path) -> Phrase | None:
    """What the existing file at ``path`` is when it is not a deckcheck card database
    (``--db mydeck.txt`` must never be read as a broken database to rebuild,
    nor be overwritten), or None when it is one (of any schema version, or damaged past
    reading its tables, or empty: those are rebuilt as before)."""
    try:
        with open(path, "rb") as file:
            head = file.read(4096)
    except OSError:
        return None  # the callers report what cannot be read
    if not head:
        return None  # nothing to lose: an empty file is built into a card database, as a missing one
    if not head.startswith(_SQLITE_HEADER):
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError as error:
            if error.start < len(head) - 4:  # not merely a character cut at the 4096th byte
                return Phrase(N_("a file of another kind, neither text nor SQLite"))
            text = head[: error.start].decode("utf-8")
        first = next((line.strip() for line in text.splitlines() if line.strip()), "")
        # TRANSLATORS: {start} is the file's first line, quoted.
        return Phrase(N_("a text file beginning {start}"), start=repr(first[:60]))
    try:
        conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    except sqlite3.Error:
        return None  # damaged: as a card database, it is rebuilt
    finally:
        conn.close()
    if "meta" in tables and "cards" in tables:
        return None
    # TRANSLATORS: {tables} lists the tables the file holds.
    return Phrase(
        N_("an SQLite database of another program (tables: {tables})"), tables=", ".join(tables[:8]) or "none"
    )


def not_a_card_database(path: Path, what: Phrase) -> DatabaseError:
    """The error for a ``--db`` file that is something else (``what``, of :func:`foreign_file`)."""
    return DatabaseError(
        Phrase(
            N_(
                "{path} is not a card database, it is {what}: give the card database's file "
                "with --db, or leave --db out for the default"
            ),
            path=str(path),
            what=what,
        )
    )


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A read-only connection to a database built by this version, or DatabaseError."""
    path = Path(path)
    if not path.is_file():
        raise no_database_at(path, _REBUILD)
    what = foreign_file(path)
    if what is not None:
        raise not_a_card_database(path, what)
    uri = path.resolve().as_uri() + "?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as error:
        # TRANSLATORS: {error} is SQLite's own (English) message, {advice} how to rebuild the database.
        raise _unusable(
            N_("cannot open the card database {path} ({error}); {advice}"), path, error=str(error)
        ) from None
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        conn.execute("SELECT id FROM cards LIMIT 1").fetchall()
    except sqlite3.Error as error:
        conn.close()
        raise _unusable(
            N_("the card database {path} is unreadable ({error}); {advice}"), path, error=str(error)
        ) from None
    if row is None or row[0] != SCHEMA_VERSION:
        conn.close()
        found = row[0] if row else "none"
        raise _unusable(
            N_("the card database {path} has schema version {found}, this deckcheck needs {needed}; {advice}"),
            path,
            found=found,
            needed=SCHEMA_VERSION,
        )
    try:
        _check_once(conn, path)
    except BaseException:
        conn.close()
        raise
    return conn


def _check_once(conn: sqlite3.Connection, path: Path) -> None:
    """``PRAGMA quick_check`` the first time this version of the file is opened:
    a partly corrupt file ("database disk image is malformed") is
    otherwise found only when a query reaches the damaged page, mid-report. The
    file's size, modification time and import time mark a version; what was
    checked is remembered in the user cache (some 40 ms for the full database)."""
    try:
        info = path.stat()
        imported = conn.execute("SELECT value FROM meta WHERE key = 'imported_at'").fetchone()
    except (OSError, sqlite3.Error):
        info, imported = None, None
    folder = validation_cache("checked-databases")
    stamp = None
    if folder is not None and info is not None:
        version = f"{path.resolve()}\0{info.st_size}\0{info.st_mtime_ns}\0{imported[0] if imported else ''}"
        # Named by size, time and a CRC of the rest (hashlib costs ~2 ms of start-up).
        stamp = (
            folder / f"{info.st_size}-{info.st_mtime_ns}-{zlib.crc32(version.encode('utf-8', 'surrogateescape')):08x}"
        )
        try:
            if stamp.exists():
                return
        except OSError:  # an unusable cache folder: check again
            stamp = None
    try:
        result = [row[0] for row in conn.execute("PRAGMA quick_check").fetchmany(3)]
    except sqlite3.Error as error:
        result = [str(error)]
    if result != ["ok"]:
        raise _unusable(
            N_("the card database {path} is damaged ({error}); {advice}"), path, error="; ".join(map(str, result))[:200]
        )
    if stamp is not None:
        try:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.touch()
        except OSError:
            pass  # a read-only cache only costs the check again


def _read_meta(conn: sqlite3.Connection) -> dict[str, str]:
    return {key: value for key, value in conn.execute("SELECT key, value FROM meta")}


def database_info(path: Path) -> DatabaseInfo:
    """What the database at ``path`` holds and where it came from."""
    from deckcheck.carddb.info import DatabaseInfo

    conn = connect_readonly(path)
    try:
        meta = _read_meta(conn)
        cards = conn.execute("SELECT COUNT(*) FROM cards").fetchone()[0]
        # Sets listed in sets/en.json before their cards are published do not count.
        sets = conn.execute("SELECT COUNT(*) FROM sets WHERE card_count > 0").fetchone()[0]
        shares = _source_shares(conn)
    except sqlite3.Error as error:
        raise _unusable(
            N_("the card database {path} is unreadable ({error}); {advice}"), path, error=str(error)
        ) from None
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
        sources=MappingProxyType(shares),
    )


def _source_shares(conn: sqlite3.Connection) -> dict[str, SourceShare]:
    from deckcheck.carddb.info import SourceShare

    if not has_table(conn, "card_sources"):
        row = conn.execute("SELECT COUNT(*), COUNT(DISTINCT set_id) FROM cards").fetchone()
        newest = conn.execute(
            "SELECT name, code, release_date FROM sets WHERE card_count > 0 "
            "AND release_date IS NOT NULL ORDER BY release_date DESC, id LIMIT 1"
        ).fetchone()
        return {DEFAULT_SOURCE: SourceShare(row[0], row[1], *(newest or (None, None, None)))}
    shares = {}
    for source, cards, sets in conn.execute(
        "SELECT s.source, COUNT(*), COUNT(DISTINCT c.set_id) FROM cards c JOIN card_sources s ON s.card_id = c.id "
        "GROUP BY s.source ORDER BY s.source"
    ).fetchall():
        newest = conn.execute(
            "SELECT t.name, t.code, t.release_date FROM sets t WHERE t.release_date IS NOT NULL AND t.id IN "
            "(SELECT c.set_id FROM cards c JOIN card_sources s ON s.card_id = c.id WHERE s.source = ?) "
            "ORDER BY t.release_date DESC, t.id LIMIT 1",
            (source,),
        ).fetchone()
        shares[source] = SourceShare(cards, sets, *(newest or (None, None, None)))
    return shares


def sets_of_sources(path: Path) -> dict[str, list[tuple[str, bool]]]:
    """The sets each card source gave cards to, oldest first, each by its code
    (else its name, else its id) and whether another source gave cards to it too."""
    conn = connect_readonly(path)
    try:
        if not has_table(conn, "card_sources"):
            query = f"SELECT DISTINCT '{DEFAULT_SOURCE}', c.set_id FROM cards c"
        else:
            query = "SELECT DISTINCT s.source, c.set_id FROM cards c JOIN card_sources s ON s.card_id = c.id"
        pairs = conn.execute(query).fetchall()
        labels = {
            set_id: (date or "", label or set_id)
            for set_id, label, date in conn.execute(
                "SELECT id, COALESCE(NULLIF(code, ''), name), release_date FROM sets"
            )
        }
    except sqlite3.Error:
        return {}
    finally:
        conn.close()
    givers: dict[str, set[str]] = {}
    for source, set_id in pairs:
        givers.setdefault(set_id, set()).add(source)
    found: dict[str, list[tuple[str, bool]]] = {}
    for source, set_id in sorted(pairs, key=lambda pair: (labels.get(pair[1], ("", pair[1])), pair[1])):
        found.setdefault(source, []).append((labels.get(set_id, ("", set_id))[1], len(givers[set_id]) > 1))
    return found


def cards_of_source(path: Path, source: str) -> Iterator[Card]:
    """The cards of the database at ``path`` that came from ``source``, in import order."""
    conn = connect_readonly(path)
    try:
        if not has_table(conn, "card_sources"):
            params: tuple[str, ...] = ()
            query = f"{_SELECT} ORDER BY rowid" if source == DEFAULT_SOURCE else None
        else:
            columns = ", ".join(f"c.{column}" for column in CARD_COLUMNS)
            query = (
                f"SELECT {columns} FROM cards c JOIN card_sources s ON s.card_id = c.id "
                "WHERE s.source = ? ORDER BY c.rowid"
            )
            params = (source,)
        if query is not None:
            for row in conn.execute(query, params):
                yield _card_from_row(row)
    finally:
        conn.close()


_SELECT = f"SELECT {', '.join(CARD_COLUMNS)} FROM cards"


class SqliteIndex:
    """A :class:`~deckcheck.carddb.index.CardIndex` over an imported database.

    Opened read-only, so a ``check`` never writes; look-ups are cached for the
    life of the instance.
    """

    partial = False  # every print of its sets

    def __init__(self, path: Path):
        self.path = Path(path)
        self._conn = connect_readonly(self.path)
        # One read transaction for the life of the index: every look-up reads the same version of
        # the file (the answers are kept anyway, above), and SQLite takes its lock, looks for a hot
        # journal and re-reads the file's header once, not for every query (about six system calls
        # a query). No writer waits on it: deckcheck replaces a database by renaming a new file
        # over it (carddb.build).
        self._conn.execute("BEGIN")
        self._cache: dict[tuple[str, str], tuple[Card, ...]] = {}
        # what "did you mean" compares with, by region (suggestion_choices)
        self._choices: dict[str, tuple[list[str], bool]] = {}
        self._codes: dict[tuple[str, str], bool] = {}
        self._langs: tuple[str, ...] | None = None
        self._translated: dict[tuple[str, tuple[str, ...] | None], tuple[TranslatedName, ...]] = {}
        self._suggestion_names: dict[tuple[str, ...], dict[str, str]] = {}
        self._set_names: dict[str, str] | None = None

    def _card(self, row: Sequence[Any]) -> Card:
        """A card of a row; a print of a set without a code carries the set's name."""
        card = _card_from_row(row)
        if card.set_code:
            return card
        if self._set_names is None:
            try:
                found = self._conn.execute("SELECT id, name FROM sets WHERE name IS NOT NULL").fetchall()
            except sqlite3.Error:
                found = []
            self._set_names = dict(found)
        name = self._set_names.get(card.set_id)
        return replace(card, set_name=name) if name else card

    def _query(self, kind: str, where: str, params: tuple[Any, ...]) -> tuple[Card, ...]:
        key = (kind, "\x1f".join(map(str, params)))
        found = self._cache.get(key)
        if found is None:
            try:
                rows = self._conn.execute(f"{_SELECT} WHERE {where} ORDER BY rowid", params).fetchall()
            except sqlite3.Error as error:
                raise DatabaseError(f"the card database {self.path} is unreadable ({error}); {_REBUILD}") from None
            found = tuple(self._card(row) for row in rows)
            self._cache[key] = found
        return found

    def by_number(self, set_code: str, number: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        code = set_code_key(set_code)
        return self._query(
            "number",
            "region = ? AND set_code_key = ? AND number_key = ?",
            (region, code, number_key(number, promo=is_promo_code(code))),
        )

    def by_name(self, name: str, *, region: str = INTERNATIONAL, released_by: str | None = None) -> Sequence[Card]:
        key = name_key(name)
        # docs/rulings.md, "Which card a line is": the δ and LV.X forms are candidates too.
        found = union_of_prints(
            self._query("name", "region = ? AND name_key = ?", (region, key)), self.by_deck_key(key, region=region)
        )
        return released(found, released_by)

    def by_deck_key(self, key: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return self._query("deck", "region = ? AND deck_key = ?", (region, key))

    def suggest(
        self, name: str, limit: int = 3, *, langs: Sequence[str] = (), region: str = INTERNATIONAL
    ) -> Sequence[str]:
        """Card names like ``name``: English ones (or those of ``region``), and those of
        ``langs`` among the translated names (ranked together; shown as the language spells them)."""
        wanted = tuple(lang for lang in langs if lang in self.translation_languages()) if langs else ()
        if not wanted or region != INTERNATIONAL:
            choices = self._choices.get(region)
            if choices is None:
                choices = self._choices[region] = suggestion_choices(self._conn, region)
            strings, processed = choices
            if not processed:
                return [first_print_name(self._conn, region, key) for key in closest_keys(name, strings, limit)]
            found = matches(name, strings, limit, processed=True)
            if not found or not found[1]:
                return []
            rows = suggestion_rows(self._conn, region, (position for position, _score in found[1]))
            # (A place the table lacks, in a database damaged by hand, is no suggestion.)
            scored = [(rows[position][0], score) for position, score in found[1] if position in rows]
            best = ranked(found[0], scored, limit)
            names = dict(rows.values())
            return [names[key] for key in best]
        combined = self._suggestion_names.get(wanted)
        if combined is None:
            combined = suggestion_names(self._conn, region)
            marks = ", ".join("?" * len(wanted))
            for key, display in self._conn.execute(
                f"SELECT name_key, name FROM names WHERE lang IN ({marks}) ORDER BY rowid", wanted
            ):
                combined.setdefault(key, display)
            self._suggestion_names[wanted] = combined
        return closest_names(name, combined, limit)

    def translation_languages(self) -> Sequence[str]:
        if self._langs is None:
            try:
                if has_table(self._conn, "names"):
                    self._langs = tuple(
                        row[0] for row in self._conn.execute("SELECT DISTINCT lang FROM names ORDER BY lang")
                    )
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
            columns = ", ".join(f"c.{column}" for column in CARD_COLUMNS)
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
                TranslatedName(lang=row[0], name=row[1], card=self._card(row[3:]), exact=row[2] == exact)
                for row in rows
            )
            self._translated[cache_key] = found
        return found

    def by_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return self._query("set", "region = ? AND set_code_key = ?", (region, set_code_key(set_code)))

    def knows_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> bool:
        code = set_code_key(set_code)
        known = self._codes.get((region, code))
        if known is None:
            row = self._conn.execute(
                "SELECT 1 FROM cards WHERE region = ? AND set_code_key = ? LIMIT 1", (region, code)
            ).fetchone()
            known = self._codes[(region, code)] = row is not None
        return known

    def set_code_of_id(self, set_id: str, *, region: str = INTERNATIONAL) -> str | None:
        rows = self._conn.execute(
            "SELECT DISTINCT set_code FROM cards WHERE region = ? AND set_id = ? COLLATE NOCASE "
            "AND set_code IS NOT NULL LIMIT 2",
            (region, set_id.strip()),
        ).fetchall()
        return rows[0][0] if len(rows) == 1 else None

    def all_cards(self) -> Iterable[Card]:
        return iter_cards(self.path)

    def card_labels(self, ids: Iterable[str]) -> dict[str, tuple[str, str | None, str]]:
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        rows = self._conn.execute(
            "SELECT c.id, c.name, COALESCE(NULLIF(c.set_code, ''), s.name), c.number FROM cards c "
            f"LEFT JOIN sets s ON s.id = c.set_id WHERE c.id IN ({', '.join('?' * len(wanted))})",
            wanted,
        ).fetchall()
        return {card_id: (name, code, number) for card_id, name, code, number in rows}

    def set_labels(self) -> dict[str, tuple[str | None, str | None]]:
        rows = self._conn.execute("SELECT id, COALESCE(NULLIF(code, ''), name), release_date FROM sets").fetchall()
        return {set_id: (code, released) for set_id, code, released in rows}

    def meta(self) -> dict[str, str]:
        return _read_meta(self._conn)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> SqliteIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def iter_cards(path: Path) -> Iterator[Card]:
    """Every card of the database at ``path``, in import order."""
    conn = connect_readonly(path)
    try:
        for row in conn.execute(f"{_SELECT} ORDER BY rowid"):
            yield _card_from_row(row)
    finally:
        conn.close()
