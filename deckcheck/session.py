"""The one check pipeline: every front end builds a :class:`Session` and only
turns its input into the session's arguments and the session's results into
its output.

The command line's ``check`` and ``fmt`` (:mod:`deckcheck.cli`), ``deckcheck
serve`` (:mod:`deckcheck.web`), the library (:mod:`deckcheck.api`:
``check_text``, ``check_file``), the worker processes of ``--jobs`` and the
Dask recipe all check through here, so they cannot drift apart (the
shape is flake8's ``Application``, which its command line and its library
both build). The session owns what was decided in three places before:

* the format and the day of each deck: the one given (``--format``, the
  library's ``format=``, the page's choice) beats the deck's own (``# format:``,
  ``format:``), which beats the configuration's; else ``standard`` (``unlimited``
  when no ``standard`` pack is found). A deck's own format must be a format
  name, never a file. The day: the one given, else the configuration's, else
  today. A format that cannot be loaded, a day that is no day, and a day before
  the format began are one **refusal**: the deck still gets a result
  (its cards counted, an ``unknown-format`` error saying why) and
  :attr:`Checked.problem` says it -- exit code 2 on the command line,
  ``FormatError`` from the library, a 4xx answer from ``serve``;
* the card database and the packs, opened once per session;
* reading a deck: text is parsed once and the parse handed on;
* the parallel run (:meth:`Session.check_paths`, ``jobs``) over
  :mod:`deckcheck.parallel`, in the order of the paths.

Nothing here prints, exits or imports Typer. What only one path needs is imported where
it is used, so that ``deckcheck check`` of one deck (the pre-commit hook) loads none of it
(tests/cli/test_main.py lists what such a run imports): the card database's SQLite (a
database installed) or the built-in catalogue (none), fmt's layout, the worker processes of
``--jobs``, "did you mean".
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import dataclasses
import datetime as dt
import os
import re
import threading
from collections import OrderedDict, deque
from collections.abc import Container, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple, Union

from deckcheck.carddb.errors import no_database_at
from deckcheck.carddb.index import CardIndex
from deckcheck.carddb.paths import default_db_path
from deckcheck.core.printable import printable, printable_finding
from deckcheck.core.resolve import CATALOGUE_ONLY_HINT, MISSING_HINT, ResolveOptions, resolve_deck
from deckcheck.datafiles import usable_file
from deckcheck.engine import check_deck, resolve_options_for
from deckcheck.errors import DeckcheckError
from deckcheck.i18n import N_, Phrase, message_of, ngettext
from deckcheck.model import DeckResult, Finding, ParsedDeck, Severity
from deckcheck.packs.loading import Pack, PackError, absent_on, available_packs, load_pack
from deckcheck.parse import parse_text, read_deck
from deckcheck.parse.files import (
    ENCODING,
    UNREADABLE,
    decode_deck_bytes,
    parse_deck_bytes,
    parse_deck_text,
    parse_decoded,
    read_deck_bytes,
    read_found,
    unreadable_folder,
)
from deckcheck.parse.shape import not_a_deck
from deckcheck.parse.text import MAX_LINES_READ, TOO_MANY_LINES
from deckcheck.rules import KINDS
from deckcheck.suggest import closest_names

if TYPE_CHECKING:
    from deckcheck.project.config import Settings

PathLike = Union[str, "os.PathLike[str]"]

# A deck may name its own format; it must not make deckcheck load an arbitrary file.
FORMAT_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
DEFAULT_FORMAT = "standard"
FALLBACK_FORMAT = "unlimited"  # the default when the packs in use have no standard


class BadDate(DeckcheckError, ValueError):
    """A day that is not a day like 2026-04-10."""


def parse_day(value: dt.date | str | None, what: str = "date") -> dt.date:
    """``value`` as a day (None: today); :class:`BadDate` for anything else.
    ``what`` names the value in the message (the command line passes ``--date``)."""
    if value is None:
        return dt.date.today()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        # TRANSLATORS: {what} is "--date" (or "date"), {value} what was given, quoted.
        raise BadDate(
            Phrase(N_("{what} must be a date like 2026-04-10, not {value}"), what=what, value=_quoted(value))
        ) from None


def _quoted(value: object) -> str:
    return f"'{value}'" if isinstance(value, str) else repr(value)


# -- the card database ------------------------------------------------------------

# TRANSLATORS: the commands "deckcheck db update" and "deckcheck db import PATH" stay as they are.
CATALOGUE_NOTICE = N_(
    "No card database is installed, so only the built-in catalogue of rule-relevant cards is used. "
    "Build the full database with: deckcheck db update (or deckcheck db import PATH)."
)


# How lines are read for one (pack, day, card language), kept per thread for this many
# most recently used: a few formats times the days a session looks at.
RESOLVERS_KEPT = 32
# A run of one process reads and parses the deck files ahead of their turn, up to READ_AHEAD
# files or READ_AHEAD_BYTES of them at a time, then checks them all, then gives their results:
# across the batch the parser's code and memo, then the check's, then the report's (the caller's)
# stay in the processor's caches (docs/speed.md, step 36). The bytes bound keeps what a folder of
# large files holds at once that of one file.
READ_AHEAD = 64
READ_AHEAD_BYTES = 1 << 18


class Database:
    """An opened card database, or the built-in catalogue when ``path`` is None.

    Use :func:`deckcheck.open_database` to get one. Safe to share between
    threads (each thread reads through its own read-only connection); pickles
    as its path (a worker process opens it there, once per process).
    """

    def __init__(self, path: PathLike | None = None):

        #: the database file (None: the built-in catalogue)
        self.path: Path | None = None if path is None else Path(path)
        self._local = threading.local()
        self._shared: CardIndex | None = None
        if self.path is None:
            from deckcheck.carddb.catalogue import load_catalogue

            self._shared = load_catalogue()
        else:
            self._index()  # open now: a bad file fails here, not at the first deck

    @property
    def catalogue_only(self) -> bool:
        """True when only the built-in catalogue of rule-relevant cards is used."""
        return self.path is None

    @property
    def notice(self) -> str | None:
        """What to tell the user about the cards in use (None for a full database)."""
        # A Phrase: translated where it is printed.
        return Phrase(CATALOGUE_NOTICE) if self.catalogue_only else None

    def _index(self) -> CardIndex:
        """The card index (this thread's connection for an imported database)."""
        if self._shared is not None:
            return self._shared
        index = getattr(self._local, "index", None)
        if index is None:
            from deckcheck.carddb.sqlite import SqliteIndex

            assert self.path is not None
            index = self._local.index = SqliteIndex(self.path)
        return index

    def _resolve_options(self, pack: Pack, day: dt.date, card_lang: str | None = None) -> ResolveOptions:
        """How lines are read for ``pack`` on ``day``, made once and kept (per thread):
        the card pool's predicate and the memo of lines already read. The
        RESOLVERS_KEPT most recently used are kept: a server asked about a new day
        every request, or a library caller walking 8,000 days, kept one per day for
        good (29 -> 244 MB); resolve.py bounds each memo itself."""

        cache = getattr(self._local, "options", None)
        if cache is None:
            cache = self._local.options = OrderedDict()
        key = (id(pack), day, card_lang)
        found = cache.get(key)
        if found is None or found[0] is not pack:
            hint = CATALOGUE_ONLY_HINT if self.catalogue_only else MISSING_HINT
            found = cache[key] = (
                pack,
                resolve_options_for(pack, day, self._index(), missing_hint=hint, card_lang=card_lang),
            )
            while len(cache) > RESOLVERS_KEPT:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return found[1]

    def close(self) -> None:
        """Close this thread's connection (others close when the object is collected)."""
        index = getattr(self._local, "index", None)
        if index is not None:
            index.close()
            self._local.index = None

    def __enter__(self) -> "Database":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (database_at, (None if self.path is None else str(self.path),))

    def __repr__(self) -> str:
        return f"Database({str(self.path)!r})" if self.path else "Database(<built-in catalogue>)"


def open_database(path: PathLike | None = None) -> Database:
    """Open the card database at ``path``.

    Without a path: ``$DECKCHECK_DB`` when set, else the user data directory's
    database (where ``deckcheck db update`` puts it); when that does not exist,
    the built-in catalogue of rule-relevant cards (see :attr:`Database.notice`).
    A path given (or ``$DECKCHECK_DB``) that does not exist, or a damaged file,
    raises ``DatabaseError``.
    """

    if path is None and not os.environ.get("DECKCHECK_DB"):
        found = default_db_path()

        return Database(found if usable_file(found, "the card database") else None)
    where = Path(default_db_path() if path is None else path)
    if not where.is_file():
        raise no_database_at(where, Phrase(N_("build one with: deckcheck db import PATH --db {path}"), path=str(where)))
    return Database(where)


_OPENED: dict[tuple[str, bool], Database] = {}
_OPENED_LOCK = threading.Lock()


def database_at(path: PathLike | None) -> Database:
    """The process's one :class:`Database` for ``path`` (None: the default place),
    opened on first use and kept (the library's calls without ``db``, unpickling)."""
    where = os.fspath(path) if path is not None else os.environ.get("DECKCHECK_DB")
    if where is None:
        where = str(default_db_path())
    key = (where, os.path.exists(where))
    with _OPENED_LOCK:
        database = _OPENED.get(key)
        if database is None:
            database = _OPENED[key] = open_database(path)
    return database


def card_index(database: Database) -> CardIndex:
    """The card index of ``database`` for this thread (``formats show``, ``formats lint``)."""
    return database._index()


# -- one check session ---------------------------------------------------------------


class Checked(NamedTuple):
    """One deck's result, and why its format or day cannot be used (None: it was checked)."""

    result: DeckResult
    problem: str | None = None


class Skipped:
    """A file met while walking a folder whose content shows it is no deck (README "What
    counts as a deck"), and why: :meth:`Session.check_paths` judges such files as it reads them.
    (A plain class: a NamedTuple costs every check's start-up more than it gives.)"""

    __slots__ = ("path", "reason")

    def __init__(self, path: str, reason: str):
        self.path, self.reason = path, reason


class Refused(DeckcheckError):
    """A deck's format or day cannot be used (:attr:`Checked.problem`)."""

    def __init__(self, reason: str, name: str, *, bad_date: str | None = None, absent: bool = False):
        super().__init__(reason)
        self.name, self.bad_date, self.absent = name, bad_date, absent


class Controls(NamedTuple):
    """How a front end names its choice of format and of day, in the hints of a deck that cannot
    be checked so: the command line's options (the default), the library's and the API's
    ``format=`` and ``date=``, the page's menu and field (each front end its own controls)."""

    format: object = "--format"
    date: object = "--date"


class Formatted(NamedTuple):
    """What ``fmt`` makes of one text deck list (:meth:`Session.format_path`). ``problem``:
    why it is left as it is (exit code 2); ``reading``: check's note on how its bytes were
    read (Windows-1252); ``notes``: the lines kept at the top, which make it ``untidy``
    (exit code 1)."""

    path: str
    original: bytes = b""  # the bytes read
    text: str = ""  # the list as it was read, with its own line ends
    formatted: str = ""  # the canonical form
    data: bytes = b""  # the bytes fmt writes: UTF-8, with a byte-order mark where the list had one
    reading: Phrase | None = None
    notes: tuple[Phrase, ...] = ()
    problem: Phrase | None = None
    untidy: bool = False

    @property
    def changed(self) -> bool:
        return self.problem is None and self.data != self.original


class Session:
    """What one run checks with: the database, the packs (loaded once, by
    name), the format and day given, the card language and the rotation
    window; and the configuration's per-path formats and days (the command
    line's ``settings``; None elsewhere).

    ``format`` is a format name or pack file; ``formats`` maps names to packs
    already loaded (the library's :class:`~deckcheck.api.Format`, serve's packs).
    A ``date`` given that is no day raises :class:`BadDate` here, before any deck.
    With ``keep_deck`` each result carries its resolved lines (``DeckResult.deck``).
    """

    def __init__(
        self,
        database: Database,
        *,
        format: str | None = None,
        date: dt.date | str | None = None,
        pack_dirs: Sequence[PathLike] = (),
        card_lang: str | None = None,
        rotation_days: int = 90,
        settings: "Settings | None" = None,
        formats: Mapping[str, Pack] | None = None,
        keep_deck: bool = False,
        controls: Controls = Controls(),
    ):
        self.database = database
        self.controls = controls
        self.settings = settings
        self.format = settings.format if settings is not None else format
        self.date = settings.date if settings is not None else date
        self.day = None if self.date is None else parse_day(self.date)
        pack_dirs = tuple(str(p) for p in settings.config.packs) if settings is not None else pack_dirs
        self.pack_dirs = tuple(os.fspath(p) for p in pack_dirs)
        self.card_lang = card_lang
        self.rotation_days = rotation_days
        self._packs: dict[str, Pack] = dict(formats or {})
        self._other_packs: dict[tuple[str, tuple[str, ...]], Pack] = {}  # by (name, a deck's packs folders)
        self._default: str | None = None
        # (format, the deck's packs folders) used by the worker processes of check_paths
        self._formats_seen: set[tuple[str, tuple[str, ...] | None]] = set()
        self.keep_deck = keep_deck  # the results carry their resolved lines (deckcheck sheet, sheet_pdf)
        self._judge: Container[str] = ()  # the files check_paths judges as it reads them
        # Whether each (pack, day) met is a day of the format, asked once (the pack kept beside it).
        self._absent: dict[tuple[int, dt.date], tuple[Pack, str | None]] = {}

    # -- formats -----------------------------------------------------------------
    def pack(self, name: str, pack_dirs: tuple[str, ...] | None = None) -> Pack:
        """The pack of this name (or file), loaded once; ``PackError`` when it cannot be.
        ``pack_dirs``: the packs folders of a deck's own configuration, when they are
        not the run's (a name may mean another pack in another project)."""
        if pack_dirs is not None and pack_dirs != self.pack_dirs:
            key = (name, pack_dirs)
            other = self._other_packs.get(key)
            if other is None:
                other = self._other_packs[key] = load_pack(name, pack_dirs)
            return other
        found = self._packs.get(name)
        if found is None:
            found = self._packs[name] = load_pack(name, self.pack_dirs)
        return found

    def _pack_dirs_of(self, path: str) -> tuple[str, ...] | None:
        if self.settings is None or self.format:
            return None
        return tuple(str(p) for p in self.settings.packs_for(path))

    def known_formats(self) -> list[str]:

        return sorted(available_packs(self.pack_dirs))

    @property
    def default_format(self) -> str:
        """The format of a deck nobody names one for."""
        if self._default is None:
            self._default = DEFAULT_FORMAT if DEFAULT_FORMAT in self.known_formats() else FALLBACK_FORMAT
        return self._default

    def check_formats(self) -> None:
        """The formats given (and the configuration's) must load before any deck
        is read: ``PackError`` names the first that cannot (the configuration's
        with its file and key)."""

        if self.format:
            self.pack(self.format)
            return
        if self.settings is None:
            return
        for config in self.settings.configs():  # the run's, and each deck's own
            wanted = [("format", config.format)]
            wanted += [(f"overrides[{i}].format", o.format) for i, o in enumerate(config.overrides)]
            for key, name in wanted:
                if name is None:
                    continue
                try:
                    self.pack(name, tuple(str(p) for p in config.packs))
                except PackError as error:
                    raise PackError(f"{config.label}: {key}: {error}") from None

    def _format_name(self, path: str, declared: str | None) -> str | None:
        if self.settings is not None:
            return self.settings.format_for(path, declared)
        return self.format or declared

    def _date_text(self, path: str) -> dt.date | str | None:
        if self.settings is not None:
            return self.settings.date_for(path)
        return self.date

    def choose(self, path: str, declared: str | None) -> tuple[Pack, dt.date]:
        """The pack and the day of the deck at ``path`` naming ``declared``
        (given > the deck's own > the configuration's > the default); raises
        ``Refused`` (via :meth:`check`: :attr:`Checked.problem`)."""

        name = self._format_name(path, declared) or self.default_format
        if not self.format and declared and not FORMAT_NAME.fullmatch(declared):
            raise Refused(Phrase(N_("the deck's format '{format}' is not a format name"), format=declared), name)
        try:
            pack = self.pack(name, self._pack_dirs_of(path))
        except PackError as error:
            raise Refused(message_of(error), name) from None
        date = self._date_text(path)
        try:
            day = self.day if date is self.date and self.day is not None else parse_day(date)
        except BadDate as error:
            raise Refused(message_of(error), name, bad_date=str(date)) from None
        absent = self._absent.get((id(pack), day))
        if absent is None or absent[0] is not pack:
            if len(self._absent) >= RESOLVERS_KEPT:  # a caller walking day after day keeps a few
                self._absent.clear()
            absent = self._absent[(id(pack), day)] = (pack, absent_on(pack, day))
        if absent[1]:
            raise Refused(absent[1], name, absent=True)
        return pack, day

    def resolve_options(self, pack: Pack, day: dt.date) -> ResolveOptions:
        """How the lines of a deck are read for ``pack`` on ``day`` (kept per database)."""
        return self.database._resolve_options(pack, day, self.card_lang)

    @property
    def index(self) -> CardIndex:
        return self.database._index()

    # -- checking ------------------------------------------------------------------
    def check(self, parsed: ParsedDeck) -> Checked:
        """The result of a parsed deck (:class:`Checked`)."""

        try:
            pack, day = self.choose(parsed.path, parsed.declared_format)
        except Refused as refused:
            return Checked(self._refused_result(parsed, refused), message_of(refused))
        return Checked(
            check_deck(
                parsed,
                pack,
                self.index,
                day,
                resolve_options=self.resolve_options(pack, day),
                rotation_days=self.rotation_days,
                keep_deck=self.keep_deck,
            )
        )

    def check_text(self, text: str, path: str = "<text>", *, sniff: bool = True) -> Checked:
        """A deck given as text, parsed once (``sniff``: the text decides whether it is a
        list, YAML or JSON; else ``path``'s suffix)."""

        return self.check(parse_deck_text(text, path, sniff=sniff))

    def check_path(self, path: str, *, stdin: BinaryIO | None = None, unreadable: str | None = None) -> Checked:
        """The deck file at ``path`` (``-``: ``stdin``); ``unreadable`` is why a folder could
        not be listed. A file that cannot be read is a result with an ``unreadable`` error."""

        if unreadable is not None:
            return self.check(unreadable_folder(path, unreadable))
        return self.check(read_deck(path, stdin=stdin))

    def check_paths(
        self,
        paths: Sequence[str],
        *,
        jobs: int | None = None,
        stdin: BinaryIO | None = None,
        unreadable: Mapping[str, str] | None = None,
        judge: Container[str] = (),
    ) -> Iterator[Checked | Skipped]:
        """Every path's :class:`Checked`, in the order of ``paths``: deck files in
        ``jobs`` forked worker processes (None: one per core when there are enough
        decks to pay for it), standard input and unreadable folders here. The files in
        ``judge`` (met while walking) are judged as they are read: :class:`Skipped` when
        their content is no deck (:meth:`_read`). In one process the files are read,
        then checked, a batch at a time (READ_AHEAD)."""
        unreadable = unreadable or {}
        self._judge = judge
        pool = None
        # One deck (a pre-commit hook's usual run) never imports parallel.py (and pickle): start-up.
        workers = 1
        files: list[str] = []
        if jobs != 1 and len(paths) > 1:  # (one job: the paths are not listed again)
            files = [p for p in paths if p != "-" and p not in unreadable]
        if len(files) > 1:
            from deckcheck import parallel

            workers = parallel.jobs_for(jobs, len(files)) if parallel.can_fork() else 1
        if workers > 1:
            # A SQLite connection must not cross a fork: each worker opens its own
            # (on its first deck), and this process opens its own again.
            self.database.close()
            pool = parallel.ProcessMap(
                self._check_in_worker, files, min(workers, len(files)), chunk=parallel.chunk_size(len(files), workers)
            )
        try:
            checked: Iterator[Checked] | None = iter(pool) if pool is not None else None
            # Files read and checked before their turn (or the error a check raised, raised in its turn).
            ahead: deque[Checked | Skipped | Exception] = deque()
            for position, path in enumerate(paths):
                if path in unreadable:
                    yield self.check_path(path, unreadable=unreadable[path])
                elif checked is not None and path != "-":
                    found = next(checked)
                    if isinstance(found, Checked):
                        # The report's rule descriptions name the formats the workers used (one job or many: the same).
                        self._formats_seen.add((found.result.format, self._pack_dirs_of(path)))
                    yield found
                elif path == "-":
                    yield self.check_path(path, stdin=stdin)
                else:
                    if not ahead:
                        self._check_ahead(self._read_ahead(paths, position, unreadable), ahead)
                    turn = ahead.popleft()
                    if isinstance(turn, Exception):
                        raise turn
                    yield turn
        finally:
            if pool is not None:
                pool.close()

    # -- formatting ----------------------------------------------------------------
    def format_path(self, path: str, *, stdin: BinaryIO | None = None) -> Formatted:
        """``fmt`` of the text deck list at ``path`` (``-``: ``stdin``), written nowhere: read
        by check's one reading rule, its format and day chosen as :meth:`check` chooses them
        (they decide which print a name-only line means), laid out in the canonical form
        (:mod:`deckcheck.core.layout`)."""
        from deckcheck.core.layout import layout, unambiguous_prints

        source = _deck_text(path, stdin)
        if isinstance(source, Phrase):
            return Formatted(path, problem=source)
        text, original, reading = source
        notes = []
        parsed = parse_text(text, path)
        if any(finding.template == TOO_MANY_LINES for finding in parsed.findings):
            # Only the first lines were read: rewriting the list would move the rest.
            # TRANSLATORS: fmt leaves a file alone; {count} is 2000.
            problem = N_("{path}: more than {count} card lines, left as it is (a deck list has a few dozen)")
            return Formatted(path, original, text, problem=Phrase(problem, path=path, count=MAX_LINES_READ))
        try:
            pack, day = self.choose(path, parsed.declared_format)
        except Refused as error:
            return Formatted(
                path, original, text, problem=Phrase("{path}: {problem}", path=path, problem=message_of(error))
            )
        options = self.resolve_options(pack, day)
        deck, _ = resolve_deck(parsed, self.index, options)
        prints = unambiguous_prints(parsed, self.index, options.allowed)
        result = layout(parsed, deck, text, prints=prints)
        if result.kept:
            notes.append(_lines_phrase(path, result.kept, KEPT_LINES))
        if result.unplaced:
            notes.append(_lines_phrase(path, result.unplaced, UNPLACED_LINES[self.database.catalogue_only]))
        untidy = bool(notes)
        # A card line written without set code and number, whose name the card pool lets mean
        # more than one print (basic Energy aside: it has a print in almost every set): said, so
        # that the player knows which lines a tournament's list still lacks ("2 Budew").
        read = {line: deck_card.card for deck_card, line in zip(deck.cards, deck.lines)}
        incomplete = [
            entry.line
            for entry in parsed.placed()
            if not (entry.set_code or entry.number or entry.basic_energy_type)
            and entry.line in read
            and not read[entry.line].is_basic_energy
            and entry.line not in prints
        ]
        if incomplete:
            notes.append(_lines_phrase(path, incomplete, INCOMPLETE_LINES))
        # A byte-order mark stays (the text fmt writes is UTF-8, as it was). Text that starts
        # with U+FEFF (kept for a line that starts with one, docs/rulings.md, "Which card a line is") gets a
        # mark before it, which the reader takes off.
        mark = result.text.startswith("\ufeff") or original.startswith(b"\xef\xbb\xbf")
        data = (b"\xef\xbb\xbf" if mark else b"") + result.text.encode("utf-8")
        return Formatted(path, original, text, result.text, data, reading, tuple(notes), untidy=untidy)

    def _read(self, path: str, *, judge: bool) -> tuple[ParsedDeck | Skipped, int]:
        """The deck file at ``path`` read and parsed, not checked, and how many bytes it had;
        ``judge`` (a file met while walking): :class:`Skipped` when its content is no deck."""
        data = read_deck_bytes(path, walked=judge)
        if isinstance(data, ParsedDeck):
            return data, 0
        if judge:
            found = read_found(data, path)
            return (Skipped(path, found) if isinstance(found, str) else found), len(data)
        return parse_deck_bytes(data, path), len(data)

    def _read_ahead(
        self, paths: Sequence[str], start: int, unreadable: Mapping[str, str]
    ) -> list[ParsedDeck | Skipped | Exception]:
        """The deck files from ``paths[start]`` on read (:meth:`_read`): at most READ_AHEAD of
        them, until READ_AHEAD_BYTES are read, up to standard input or a folder that could not
        be listed (which check_paths takes as they come). A read that raises ends the batch
        there, its error in its place."""
        read: list[ParsedDeck | Skipped | Exception] = []
        size = 0
        for path in paths[start : start + READ_AHEAD]:
            if path == "-" or path in unreadable or (read and size >= READ_AHEAD_BYTES):
                break
            try:
                found, length = self._read(path, judge=path in self._judge)
            except Exception as error:  # noqa: BLE001 - raised again in its turn, by check_paths
                read.append(error)
                break
            read.append(found)
            size += length
        return read

    def _check_ahead(
        self, batch: list[ParsedDeck | Skipped | Exception], into: deque[Checked | Skipped | Exception]
    ) -> None:
        """The decks of ``batch`` checked, in order, into ``into``; a check that raises ends the
        batch there, its error in its place (so the results before it are given first)."""
        for read in batch:
            if isinstance(read, Exception):
                into.append(read)
                return
            try:
                into.append(self._checked(read))
            except Exception as error:  # noqa: BLE001 - raised again in its turn, by check_paths
                into.append(error)
                return

    def _checked(self, read: ParsedDeck | Skipped) -> Checked | Skipped:
        """A deck read (:meth:`_read`) checked; a file that is no deck as it is."""
        return read if isinstance(read, Skipped) else self.check(read)

    def _check_in_worker(self, path: str) -> Checked | Skipped:
        return self._checked(self._read(path, judge=path in self._judge)[0])

    def _refused_result(self, parsed: ParsedDeck, refused: Refused) -> DeckResult:
        date = self._date_text(parsed.path)
        try:
            day = parse_day(date)
        except BadDate:
            day = dt.date.today()
        return unusable_format_result(
            parsed,
            refused.name,
            self.known_formats(),
            self.database,
            day,
            self.card_lang,
            reason=str(refused),
            bad_date=refused.bad_date,
            absent=refused.absent,
            controls=self.controls,
        )

    def rule_descriptions(self) -> dict[str, tuple[str, str]]:
        """What each rule of the packs loaded so far checks and how a deck mends a finding
        of it, by rule id: the rule's own description, else its kind's."""

        loaded: set[tuple[str, tuple[str, ...] | None]] = {(pack.name, None) for pack in self._packs.values()}
        loaded |= {(pack.name, key[1]) for key, pack in self._other_packs.items()}
        for name, pack_dirs in sorted(self._formats_seen - loaded, key=str):
            try:
                self.pack(name, pack_dirs)
            except PackError:  # a deck's own format that is none (its result says so)
                continue
        described: dict[str, tuple[str, str]] = {}
        packs = [self._packs[name] for name in sorted(self._packs)]
        packs += [self._other_packs[key] for key in sorted(self._other_packs)]
        for pack in packs:
            for rule in pack.rules:
                kind = KINDS[rule.kind]
                described.setdefault(rule.id, (rule.description or kind.description, kind.fix))
        return described


# fmt's notes of the lines it keeps at the top, as it found them.
KEPT_LINES = ngettext(
    "{path}: line {lines} is not a card line; kept as written at the top",
    "{path}: lines {lines} are not card lines; kept as written at the top",
)
UNPLACED_LINES = {
    False: ngettext(
        "{path}: line {lines} is an unknown card under no section header; kept at the top",
        "{path}: lines {lines} are unknown cards under no section header; kept at the top",
    ),
    True: ngettext(  # only the built-in catalogue: most cards are unknown to it
        "{path}: line {lines} is an unknown card under no section header; kept at the top "
        "(build the card database: deckcheck db update)",
        "{path}: lines {lines} are unknown cards under no section header; kept at the top "
        "(build the card database: deckcheck db update)",
    ),
}


# TRANSLATORS: fmt wrote these card lines without a set code and number (the list has none) because
# their names fit more than one print; {lines} are line numbers "4" or "4, 9".
INCOMPLETE_LINES = ngettext(
    "{path}: line {lines} has no set code and number, and its name fits more than one print; "
    "written without them (write the print the deck plays to complete it)",
    "{path}: lines {lines} have no set code and number, and their names fit more than one print; "
    "written without them (write the prints the deck plays to complete them)",
)


def _lines_phrase(path: str, numbers: Sequence[int], template: str) -> Phrase:
    return Phrase(template, path=path, lines=", ".join(str(n) for n in numbers), count=len(numbers))


def _deck_text(path: str, stdin: BinaryIO | None) -> tuple[str, bytes, Phrase | None] | Phrase:
    """(the text with its own line ends, the bytes read, check's ``encoding`` note) or why it
    is no text deck list. The bytes are read by check's one reading rule
    (:func:`~deckcheck.parse.files.decode_deck_bytes`: UTF-8, UTF-16 with its byte-order
    mark, or Windows-1252 with the note), so fmt formats every list check reads, and a
    file the rule cannot read is left as it is."""

    data = read_deck_bytes(path, stdin=stdin)
    if isinstance(data, ParsedDeck):  # missing, a folder, not a regular file, ...
        return _finding_phrase(data.findings[0])
    decoded = decode_deck_bytes(data, path)
    if isinstance(decoded, ParsedDeck):  # binary, too large, neither UTF-8 nor Windows-1252, ...
        return _finding_phrase(decoded.findings[0])
    parsed = parse_decoded(decoded, path)
    unreadable = [f for f in parsed.findings if f.rule == UNREADABLE]
    if unreadable:  # empty
        return _finding_phrase(unreadable[0])
    # The reader takes one byte-order mark off (a UTF-8 one is still in the text).
    text = decoded.text[1:] if decoded.text.startswith("\ufeff") else decoded.text
    note = next((f for f in parsed.findings if f.rule == ENCODING), None)
    return text, data, None if note is None else _finding_phrase(note)


def _finding_phrase(finding: Finding) -> Phrase:
    return Phrase(finding.template, **finding.params)


def judge_files(files: list[str], jobs: int | None = None) -> list[str | None]:
    """Why each file met while walking a folder is not a deck (None: it is one),
    in worker processes when there are enough files (it reads every file)."""
    from deckcheck import parallel

    workers = parallel.jobs_for(jobs, len(files))
    if workers <= 1 or len(files) < 2 or not parallel.can_fork():
        return [not_a_deck(path) for path in files]
    pool = parallel.ProcessMap(
        not_a_deck, files, min(workers, len(files)), chunk=parallel.chunk_size(len(files), workers)
    )
    try:
        return list(pool)
    finally:
        pool.close()


def unusable_format_result(
    parsed: ParsedDeck,
    declared: str,
    known: Sequence[str],
    db: Database,
    day: dt.date,
    card_lang: str | None = None,
    *,
    reason: str | None = None,
    bad_date: str | None = None,
    absent: bool = False,
    controls: Controls = Controls(),
) -> DeckResult:
    """The result of a deck whose format (or date) cannot be used: its lines are
    read and counted, no rule is applied, and an ``unknown-format`` error says
    why. ``reason`` is the pack's problem when a pack of that name exists but
    cannot be loaded; ``bad_date`` the configured date that is no day; the hint names
    the ``controls`` of the front end that asked."""

    # TRANSLATORS: {format} is the format the deck names ("standrd"); {known} lists the format names.
    unknown = N_("The deck's format {format} is not a format deckcheck knows. Known formats: {known}.")
    # TRANSLATORS: "# format: NAME" and "format:" are written in the deck as shown; keep them.
    # {format_option} is where the format is chosen: "--format", "format=" or "the Format menu".
    unknown_hint = N_(
        "Correct the deck's format line (# format: NAME in a text list, format: in a YAML or JSON "
        "deck), or choose a format ({format_option})."
    )
    # TRANSLATORS: {suggestions} are format names close to the one the deck names; {format_option} as above.
    suggestion_hint = N_(
        "Did you mean {suggestions}? Correct the deck's format line, or choose a format ({format_option})."
    )
    # TRANSLATORS: {reason} is the (English) problem of the format pack, with its file and line.
    broken = N_("The deck's format {format} cannot be used: {reason}")
    broken_hint = N_(
        "Correct the format pack (deckcheck formats lint FILE), or choose another format ({format_option})."
    )
    bad_date_text = N_("The deck cannot be checked on {date}: that is not a day like 2026-04-10.")
    # TRANSLATORS: {date_option} is where the day is chosen: "--date", "date=" or "the Date field".
    bad_date_hint = N_("Correct the date in the configuration, or choose a day ({date_option}).")
    # TRANSLATORS: {reason} is English: "expanded began on 2014-09-01; there was no expanded on 2012-05-01".
    absent_text = N_("The deck cannot be checked as {format} on {date}: {reason}.")
    absent_hint = N_("Choose a day on which the format existed ({date_option}), or another format ({format_option}).")
    named = {"format_option": controls.format, "date_option": controls.date}

    finding = Finding(
        rule="unknown-format",
        severity=Severity.ERROR,
        template=unknown,
        params={"format": declared, "known": ", ".join(known)},
        hint_template=unknown_hint,
        hint_params=named,
    )
    if absent:
        # A day before the format existed is a usage error, not a list of not-legal cards.
        finding = dataclasses.replace(
            finding,
            template=absent_text,
            params={"format": declared, "date": day.isoformat(), "reason": reason or ""},
            hint_template=absent_hint,
        )
    elif bad_date is not None:
        finding = dataclasses.replace(
            finding, template=bad_date_text, params={"date": bad_date}, hint_template=bad_date_hint
        )
    elif declared in known:  # a pack of that name that cannot be loaded
        finding = dataclasses.replace(
            finding, template=broken, params={"format": declared, "reason": reason or ""}, hint_template=broken_hint
        )
    else:
        close = closest_names(declared, {name: name for name in known}, 3)
        if close:
            finding = dataclasses.replace(
                finding, hint_template=suggestion_hint, hint_params={**named, "suggestions": ", ".join(close)}
            )
    # No rule runs (a pack without rules): the result still counts the deck's cards.
    unruled = _unruled_pack(declared)
    options = db._resolve_options(unruled, day, card_lang)
    result = check_deck(parsed, unruled, db._index(), day, resolve_options=options)

    return dataclasses.replace(
        result,
        findings=(printable_finding(finding), *result.findings),
        date=printable(bad_date) if bad_date else day.isoformat(),
    )


_UNRULED: dict[str, Pack] = {}


def _unruled_pack(name: str) -> Pack:
    """A pack without rules, one per name (its resolver options are kept like any
    pack's); at most 64 names are kept."""
    found = _UNRULED.get(name)
    if found is None:
        if len(_UNRULED) >= 64:
            _UNRULED.clear()
        found = _UNRULED[name] = Pack(name=name, description="", rules=())
    return found
