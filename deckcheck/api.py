"""deckcheck as a library: check deck lists from your own Python.

The stable surface is what ``deckcheck`` re-exports (``deckcheck.__all__``)::

    import deckcheck

    db = deckcheck.open_database()            # once: the card database (or the built-in catalogue)
    standard = deckcheck.load_format("standard")  # once: a format pack
    result = deckcheck.check_text("4 Iono PAL 185\\n...", format=standard, db=db)
    result.legal, result.counts, [f.rule for f in result.findings]
    result.to_json()                          # the deck's object of ``--output json``

Everything here is plain Python over the pure core (:func:`deckcheck.core.engine.check_deck`):
no printing, no exiting, and neither Typer nor rich is imported. What makes
a check slow is opened once and reused: a :class:`Database` keeps its
connection and look-up caches (one connection per thread, so threads may
share it), a :class:`Format` its parsed pack, and the resolver's options are
kept per database, format, day and card language. Called without ``db`` or
with a path, the functions reuse one database per path for the whole process.

Both objects pickle by reference (the database's path, the format's name or
file): a worker process that receives one opens it there, once per process
(see the README's Dask recipe). Results pickle as they are.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence, Union

from deckcheck.model import Finding, Severity

if TYPE_CHECKING:
    from deckcheck.carddb.index import CardIndex
    from deckcheck.model import DeckResult as CoreResult, ParsedDeck
    from deckcheck.packs.loading import Pack
    from deckcheck.core.resolve import ResolveOptions

from deckcheck import __all__ as _EXPORTED  # what ``import deckcheck`` re-exports

__all__ = ["DEFAULT_FORMAT", "unusable_format_result", *_EXPORTED]

DEFAULT_FORMAT = "standard"
# A deck may name its own format; it must not make deckcheck load an arbitrary file.
FORMAT_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
TEXT_LABEL = "<text>"

PathLike = Union[str, "os.PathLike[str]"]


def __getattr__(name: str) -> Any:
    # The error classes live with the modules that raise them; imported on first use.
    if name == "DatabaseError":
        from deckcheck.carddb.errors import DatabaseError

        return DatabaseError
    if name == "FormatError":
        from deckcheck.packs.loading import PackError

        return PackError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    from deckcheck.carddb.sqlite import DatabaseError as DatabaseError
    from deckcheck.packs.loading import PackError as FormatError  # noqa: F401 (lazy at run time: __getattr__)


# -- the card database ------------------------------------------------------------

CATALOGUE_NOTICE = (
    "No card database is installed, so only the built-in catalogue of rule-relevant cards is used. "
    "Build the full database with: deckcheck db update (or deckcheck db import PATH)."
)


# How lines are read for one (pack, day, card language) is kept per thread for the
# RESOLVERS_KEPT most recently used: a few formats times the days a session looks at.
RESOLVERS_KEPT = 32

class Database:
    """An opened card database, or the built-in catalogue when ``path`` is None.

    Use :func:`open_database` to get one. Safe to share between threads (each
    thread reads through its own read-only connection); pickles as its path.
    """

    def __init__(self, path: PathLike | None = None):
        self.path: Path | None = None if path is None else Path(path)
        self._local = threading.local()
        self._shared: CardIndex | None = None
        if self.path is None:
            from deckcheck.carddb.catalogue import load_catalogue

            self._shared = load_catalogue()
        else:
            self.index  # noqa: B018  (open now: a bad file fails here, not at the first deck)

    @property
    def catalogue_only(self) -> bool:
        """True when only the built-in catalogue of rule-relevant cards is used."""
        return self.path is None

    @property
    def notice(self) -> str | None:
        """What to tell the user about the cards in use (None for a full database)."""
        return CATALOGUE_NOTICE if self.catalogue_only else None

    @property
    def index(self) -> CardIndex:
        """The card index (this thread's connection for an imported database)."""
        if self._shared is not None:
            return self._shared
        index = getattr(self._local, "index", None)
        if index is None:
            from deckcheck.carddb.sqlite import SqliteIndex

            assert self.path is not None
            index = self._local.index = SqliteIndex(self.path)
        return index

    def resolve_options(self, pack: Pack, day: dt.date, card_lang: str | None = None) -> ResolveOptions:
        """How lines are read for ``pack`` on ``day``, made once and kept (per thread):
        the card pool's predicate and the memo of lines already read."""
        cache = getattr(self._local, "options", None)
        if cache is None:
            cache = self._local.options = OrderedDict()
        key = (id(pack), day, card_lang)
        found = cache.get(key)
        if found is None or found[0] is not pack:
            from deckcheck.core.engine import resolve_options_for
            from deckcheck.core.resolve import CATALOGUE_ONLY_HINT, MISSING_HINT

            hint = CATALOGUE_ONLY_HINT if self.catalogue_only else MISSING_HINT
            found = cache[key] = (pack, resolve_options_for(pack, day, self.index, missing_hint=hint,
                                                            card_lang=card_lang))
            # The least recently used go: a server asked about a new day every request, or a
            # library caller walking 8,000 days, keeps a few dozen (issue 23, S2: 29 -> 244 MB before).
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

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_database_at, (None if self.path is None else str(self.path),))

    def __repr__(self) -> str:
        return f"Database({str(self.path)!r})" if self.path else "Database(<built-in catalogue>)"


def open_database(path: PathLike | None = None) -> Database:
    """Open the card database at ``path``.

    Without a path: ``$DECKCHECK_DB`` when set, else the user data directory's
    database (where ``deckcheck db update`` puts it); when that does not exist,
    the built-in catalogue of rule-relevant cards (see :attr:`Database.notice`).
    A path given (or ``$DECKCHECK_DB``) that does not exist, or a damaged file,
    raises :class:`DatabaseError`.
    """
    # Not from carddb.sqlite: without a database that module is not needed (start-up).
    from deckcheck.carddb.errors import DatabaseError

    if path is None and not os.environ.get("DECKCHECK_DB"):
        from deckcheck.carddb.paths import default_db_path

        from deckcheck.datafiles import usable_file

        found = default_db_path()
        return Database(found if usable_file(found, "the card database") else None)
    if path is None:
        from deckcheck.carddb.paths import default_db_path

        path = default_db_path()
    path = Path(path)
    if not path.exists():
        raise DatabaseError(f"no card database at {path}; build one with: deckcheck db import PATH --db {path}")
    return Database(path)


_OPENED: dict[tuple[str | None, bool], Database] = {}
_OPENED_LOCK = threading.Lock()


def _database_at(path: str | None) -> Database:
    """The process's one :class:`Database` for ``path`` (None: the default place)."""
    where = path if path is not None else os.environ.get("DECKCHECK_DB")
    if where is None:
        from deckcheck.carddb.paths import default_db_path

        where = str(default_db_path())
    key = (where, os.path.exists(where))
    with _OPENED_LOCK:
        database = _OPENED.get(key)
        if database is None:
            database = _OPENED[key] = open_database(path)
    return database


def _database(db: Database | PathLike | None) -> Database:
    return db if isinstance(db, Database) else _database_at(None if db is None else os.fspath(db))


# -- formats -----------------------------------------------------------------------

class Format:
    """A loaded format pack (:func:`load_format`); pickles as its name or file."""

    __slots__ = ("pack", "_source", "_pack_dirs")

    def __init__(self, pack: Pack, source: str, pack_dirs: tuple[str, ...] = ()):
        self.pack = pack
        self._source = source
        self._pack_dirs = pack_dirs

    @property
    def name(self) -> str:
        return self.pack.name

    @property
    def description(self) -> str:
        return self.pack.description

    @property
    def path(self) -> str:
        """The pack file."""
        return self.pack.path

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(rule.id for rule in self.pack.rules)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (load_format, (self._source, self._pack_dirs))

    def __repr__(self) -> str:
        return f"Format({self.name!r}, path={self.path!r})"


def load_format(name_or_path: PathLike, pack_dirs: Sequence[PathLike] = ()) -> Format:
    """A format pack by name (``"expanded"``) or file (``"packs/league.yaml"``).

    ``pack_dirs`` are searched before the shipped packs (like the configuration's
    ``packs``). An unknown name or a broken pack raises :class:`FormatError`."""
    from deckcheck.packs.loading import load_pack

    source = os.fspath(name_or_path)
    dirs = tuple(os.fspath(d) for d in pack_dirs)
    return Format(load_pack(source, dirs), source, dirs)


def available_formats(pack_dirs: Sequence[PathLike] = ()) -> list[str]:
    """The names :func:`load_format` accepts, sorted."""
    from deckcheck.packs.loading import available_packs

    return sorted(available_packs(tuple(os.fspath(d) for d in pack_dirs)))


def _format(format: Format | PathLike, pack_dirs: Sequence[PathLike]) -> Format:
    return format if isinstance(format, Format) else load_format(format, pack_dirs)


# -- results -----------------------------------------------------------------------

_COUNT_KEYS = (("pokemon", "Pokémon"), ("trainer", "Trainer"), ("energy", "Energy"))


class DeckResult:
    """The verdict on one deck: ``legal``, the ``findings`` (errors, warnings
    and notes, each a :class:`Finding`), card ``counts`` by kind, and
    :meth:`to_json`, the deck's object of ``--output json``."""

    __slots__ = ("result", "lang")

    def __init__(self, result: CoreResult, lang: str = "en"):
        #: the engine's record (:class:`deckcheck.model.DeckResult`), as the renderers take it
        self.result = result
        #: the language of the messages in :meth:`to_json`
        self.lang = lang

    @property
    def legal(self) -> bool:
        """No finding of severity ``error``."""
        return self.result.legal

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.result.findings

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.result.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.result.findings if f.severity is Severity.WARNING)

    @property
    def counts(self) -> dict[str, int]:
        """Cards by kind: ``{"pokemon": 14, "trainer": 36, "energy": 10}``."""
        return {key: self.result.counts.get(kind, 0) for key, kind in _COUNT_KEYS}

    @property
    def total_cards(self) -> int:
        return self.result.total_cards

    @property
    def path(self) -> str:
        return self.result.path

    @property
    def name(self) -> str | None:
        """The deck's name, when the list gives one."""
        return self.result.name

    @property
    def format(self) -> str:
        return self.result.format

    @property
    def date(self) -> str:
        """The day checked (ISO)."""
        return self.result.date

    def to_json(self) -> dict[str, Any]:
        """Exactly the deck's object in ``--output json``'s ``results`` (see
        ``deckcheck/schemas/report.schema.json``), messages in :attr:`lang`."""
        from deckcheck.render.json_report import result_dict

        return result_dict(self.result, self.lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeckResult) and (self.result, self.lang) == (other.result, other.lang)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        verdict = "legal" if self.legal else "illegal"
        return f"<DeckResult {self.path!r} {self.format} {self.date}: {verdict}, {len(self.findings)} findings>"


def report_json(results: Iterable[DeckResult]) -> dict[str, Any]:
    """The whole ``--output json`` document for these results."""
    from deckcheck.render.json_report import JSON_VERSION

    found = [r.to_json() for r in results]
    return {"version": JSON_VERSION, "legal": all(r["legal"] for r in found), "results": found}


def sheet_pdf(result: DeckResult, player: Any = None, *, paper: str = "letter") -> bytes:
    """The deck registration sheet of a checked deck as PDF bytes (``deckcheck sheet``'s
    file): ``player`` a mapping of ``name``, ``player_id``, ``birth`` (a date or
    ``"2010-05-31"``) and ``division`` (``junior``, ``senior``, ``masters``; default
    from the date of birth and the season of the day checked), each optional (a
    missing field is left blank to write by hand); ``paper`` ``letter`` or ``a4``.
    A deck that is not legal is marked "NOT LEGAL ON <day>" across each page.
    Needs the ``sheet`` extra (reportlab; else :class:`ImportError` saying so);
    ``ValueError`` for a bad player field or paper."""
    from deckcheck.sheet import sheet_pdf as draw

    return draw(result, player, paper=paper)


# -- checking ----------------------------------------------------------------------

def check_text(
    text: str,
    format: Format | PathLike | None = None,
    date: dt.date | str | None = None,
    db: Database | PathLike | None = None,
    lang: str | None = None,
    *,
    card_lang: str | None = None,
    path: str | None = None,
    pack_dirs: Sequence[PathLike] = (),
) -> DeckResult:
    """Check a deck list given as text (a PTCG Live / Limitless list, or the deck
    YAML/JSON forms).

    - ``format``: a :class:`Format`, a format name or a pack file; default the
      deck's own format (``# format:`` line, ``format:`` key), else ``standard``.
    - ``date``: the day to check (a date or ``"2026-04-10"``); default today.
    - ``db``: a :class:`Database` or a database file; default as :func:`open_database`
      (opened once per process and reused).
    - ``lang``: the language of the messages in :meth:`DeckResult.to_json`
      (``en`` default, ``de``, ``fr``, ``es``, ``it``, ``pt``); never read from the locale.
    - ``card_lang``: the language of the card names in the list (default: English,
      then every language the database holds).
    - ``path``: the name findings and results give the deck (default ``<text>``);
      with a ``.yaml``/``.json`` suffix it also chooses the parser, else the text decides.

    Raises :class:`FormatError` for a format that cannot be loaded,
    :class:`DatabaseError` for a database that cannot be opened and
    ``ValueError`` for a bad date or language. A bad deck is never an exception:
    its problems are findings.
    """
    from deckcheck.parse.files import parse_deck_text

    label = path or TEXT_LABEL
    sniff = path is None or os.path.splitext(path)[1].lower() not in (".yaml", ".yml", ".json")
    options = _Options(format, date, db, lang, card_lang, pack_dirs)
    return options.check(parse_deck_text(text, label, sniff=sniff))


def check_file(
    path: PathLike,
    format: Format | PathLike | None = None,
    date: dt.date | str | None = None,
    db: Database | PathLike | None = None,
    lang: str | None = None,
    *,
    card_lang: str | None = None,
    pack_dirs: Sequence[PathLike] = (),
) -> DeckResult:
    """Check one deck file (text list, ``.yaml``/``.yml`` or ``.json`` deck), as
    ``deckcheck check FILE`` would; arguments as for :func:`check_text`. A file
    that is missing or cannot be read is a result with an ``unreadable`` error,
    not an exception. Configuration files are not read."""
    from deckcheck.parse import read_deck

    options = _Options(format, date, db, lang, card_lang, pack_dirs)
    return options.check(read_deck(os.fspath(path)))


class _Options:
    """The arguments of one check, validated before the deck is read."""

    def __init__(self, format: Format | PathLike | None, date: dt.date | str | None,
                 db: Database | PathLike | None, lang: str | None, card_lang: str | None,
                 pack_dirs: Sequence[PathLike]):
        from deckcheck.i18n import DEFAULT_LANGUAGE, card_language, choose_language

        self.lang = DEFAULT_LANGUAGE if lang is None else choose_language(lang)
        self.card_lang = card_language(card_lang)
        self.day = _day(date)
        self.pack_dirs = pack_dirs
        self.format = None if format is None else _format(format, pack_dirs)
        self.db = _database(db)

    def check(self, parsed: ParsedDeck) -> DeckResult:
        from deckcheck.core.engine import check_deck
        from deckcheck.packs.loading import PackError

        chosen = self.format
        if chosen is None:
            declared = parsed.declared_format or DEFAULT_FORMAT
            try:
                if not FORMAT_NAME.fullmatch(declared):
                    raise PackError(f"the deck's format '{declared}' is not a format name")
                chosen = load_format(declared, self.pack_dirs)
            except PackError as error:
                known = available_formats(self.pack_dirs)
                result = unusable_format_result(parsed, declared, known, self.db, self.day, self.card_lang,
                                                reason=str(error))
                return DeckResult(result, self.lang)
        options = self.db.resolve_options(chosen.pack, self.day, self.card_lang)
        # The library's results keep their resolved lines: deckcheck.sheet_pdf draws them (issue 25).
        return DeckResult(check_deck(parsed, chosen.pack, self.db.index, self.day, resolve_options=options,
                                     keep_deck=True), self.lang)


def _day(date: dt.date | str | None) -> dt.date:
    if date is None:
        return dt.date.today()
    if isinstance(date, dt.date):
        return date
    try:
        return dt.date.fromisoformat(date)
    except (TypeError, ValueError):
        raise ValueError(f"date must be a day like 2026-04-10, not {date!r}") from None


def unusable_format_result(parsed: ParsedDeck, declared: str, known: Sequence[str], db: Database, day: dt.date,
                           card_lang: str | None = None, *, reason: str | None = None,
                           bad_date: str | None = None, absent: bool = False) -> CoreResult:
    """The result of a deck whose format (or date) cannot be used: its lines are
    read and counted, no rule is applied, and an ``unknown-format`` error says
    why. ``reason`` is the pack's problem when a pack of that name exists but
    cannot be loaded; ``bad_date`` the configured date that is no day."""
    import dataclasses

    from deckcheck.core.engine import check_deck
    from deckcheck.i18n import N_

    # TRANSLATORS: {format} is the format the deck names ("standrd"); {known} lists the format names.
    unknown = N_("The deck's format {format} is not a format deckcheck knows. Known formats: {known}.")
    # TRANSLATORS: "# format: NAME" and "format:" are written in the deck as shown; keep them.
    unknown_hint = N_("Correct the deck's format line (# format: NAME in a text list, format: in a YAML or JSON "
                      "deck), or choose a format with --format.")
    # TRANSLATORS: {suggestions} are format names close to the one the deck names.
    suggestion_hint = N_("Did you mean {suggestions}? Correct the deck's format line, or choose a format "
                         "with --format.")
    # TRANSLATORS: {reason} is the (English) problem of the format pack, with its file and line.
    broken = N_("The deck's format {format} cannot be used: {reason}")
    broken_hint = N_("Correct the format pack (deckcheck formats lint FILE), or choose a format with --format.")
    bad_date_text = N_("The deck cannot be checked on {date}: that is not a day like 2026-04-10.")
    bad_date_hint = N_("Correct the date in the configuration, or give one with --date.")
    # TRANSLATORS: {reason} is English: "expanded began on 2014-09-01; there was no expanded on 2012-05-01".
    absent_text = N_("The deck cannot be checked as {format} on {date}: {reason}.")
    absent_hint = N_("Choose a day on which the format existed (--date), or another format (--format).")

    finding = Finding(rule="unknown-format", severity=Severity.ERROR, template=unknown,
                      params={"format": declared, "known": ", ".join(known)}, hint_template=unknown_hint)
    if absent:
        # Issue 10: a day before the format existed is a usage error, not a list of not-legal cards.
        finding = dataclasses.replace(finding, template=absent_text,
                                      params={"format": declared, "date": day.isoformat(), "reason": reason or ""},
                                      hint_template=absent_hint)
    elif bad_date is not None:
        finding = dataclasses.replace(finding, template=bad_date_text, params={"date": bad_date},
                                      hint_template=bad_date_hint)
    elif declared in known:  # a pack of that name that cannot be loaded
        finding = dataclasses.replace(finding, template=broken, params={"format": declared, "reason": reason or ""},
                                      hint_template=broken_hint)
    else:
        from deckcheck.core.suggest import closest_names

        close = closest_names(declared, {name: name for name in known}, 3)
        if close:
            finding = dataclasses.replace(finding, hint_template=suggestion_hint,
                                          hint_params={"suggestions": ", ".join(close)})
    # No rule runs (a pack without rules): the result still counts the deck's cards.
    unruled = _unruled_pack(declared)
    options = db.resolve_options(unruled, day, card_lang)
    result = check_deck(parsed, unruled, db.index, day, resolve_options=options)
    from deckcheck.core.printable import printable, printable_finding  # the deck's own text (issue 12)

    return dataclasses.replace(result, findings=(printable_finding(finding), *result.findings),
                               date=printable(bad_date) if bad_date else day.isoformat())


@lru_cache(maxsize=64)
def _unruled_pack(name: str) -> Pack:
    """A pack without rules, one per name (its resolver options are kept like any pack's)."""
    from deckcheck.packs.loading import Pack

    return Pack(name=name, description="", rules=())
