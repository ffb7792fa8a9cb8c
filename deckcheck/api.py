"""deckcheck as a library: check deck lists from your own Python.

The stable surface is what ``deckcheck`` re-exports (``deckcheck.__all__``)::

    import deckcheck

    db = deckcheck.open_database()            # once: the card database (or the built-in catalogue)
    standard = deckcheck.load_format("standard")  # once: a format pack
    result = deckcheck.check_text("4 Iono PAL 185\\n...", format=standard, db=db)
    result.legal, result.counts, [f.rule for f in result.findings]
    result.to_json()                          # the deck's object of ``--output json``

Everything here is plain Python over the pure core (:func:`deckcheck.engine.check_deck`):
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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Union

from deckcheck.carddb.errors import DatabaseError
from deckcheck.i18n import DEFAULT_LANGUAGE, card_language, choose_language, finding_hint, finding_message
from deckcheck.model import Severity
from deckcheck.packs.loading import PackError, available_packs, load_pack
from deckcheck.parse.files import parse_deck_bytes
from deckcheck.project.config import Settings
from deckcheck.project.discover import select_decks
from deckcheck.render import path_problem
from deckcheck.render.json_report import JSON_VERSION, problem_dict, result_dict
from deckcheck.session import Controls, Database, Session, database_at, open_database
from deckcheck.sheet import Player
from deckcheck.sheet import sheet_pdf as draw

if TYPE_CHECKING:
    from deckcheck.model import DeckResult as CoreResult
    from deckcheck.model import Finding as CoreFinding
    from deckcheck.packs.loading import Pack
    from deckcheck.session import Session

# What ``import deckcheck`` re-exports (deckcheck.__all__; a test keeps the two equal).
__all__ = [
    "Database",
    "DatabaseError",
    "DeckResult",
    "Finding",
    "Format",
    "FormatError",
    "Severity",
    "available_formats",
    "check_file",
    "check_table",
    "check_text",
    "find_decks",
    "load_format",
    "open_database",
    "report_json",
    "sheet_pdf",
]

TEXT_LABEL = "<text>"

PathLike = Union[str, "os.PathLike[str]"]


# The error classes live with the modules that raise them.
FormatError = PackError


def _database(db: Database | PathLike | None) -> Database:
    if isinstance(db, Database):
        return db
    if db is not None and not isinstance(db, (str, os.PathLike)):
        raise TypeError(f"db must be a Database or a database file, not {type(db).__name__}")
    return database_at(db)


# -- formats -----------------------------------------------------------------------


class Format:
    """A loaded format pack (:func:`load_format`); pickles as its name or file."""

    __slots__ = ("_pack", "_source", "_pack_dirs")

    def __init__(self, pack: Pack, source: str, pack_dirs: tuple[str, ...] = ()):
        self._pack = pack
        self._source = source
        self._pack_dirs = pack_dirs

    @property
    def name(self) -> str:
        """The format's name (``standard``)."""
        return self._pack.name

    @property
    def description(self) -> str:
        return self._pack.description

    @property
    def path(self) -> str:
        """The pack file."""
        return self._pack.path

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The ids of the format's rules (``deck-size``, ``copy-limit``, ...)."""
        return tuple(rule.id for rule in self._pack.rules)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (load_format, (self._source, self._pack_dirs))

    def __repr__(self) -> str:
        return f"Format({self.name!r}, path={self.path!r})"


def load_format(name_or_path: PathLike, pack_dirs: Sequence[PathLike] = ()) -> Format:
    """A format pack by name (``"expanded"``) or file (``"packs/league.yaml"``).

    ``pack_dirs`` are searched before the shipped packs (like the configuration's
    ``packs``). An unknown name or a broken pack raises :class:`FormatError`."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise TypeError(f"format must be a Format, a format name or a pack file, not {type(name_or_path).__name__}")
    source = os.fspath(name_or_path)
    dirs = tuple(os.fspath(d) for d in pack_dirs)
    return Format(load_pack(source, dirs), source, dirs)


def available_formats(pack_dirs: Sequence[PathLike] = ()) -> list[str]:
    """The names :func:`load_format` accepts, sorted."""
    return sorted(available_packs(tuple(os.fspath(d) for d in pack_dirs)))


# -- results -----------------------------------------------------------------------

_COUNT_KEYS = (("pokemon", "Pokémon"), ("trainer", "Trainer"), ("energy", "Energy"))


@dataclass(frozen=True)
class Finding:
    """One problem found in a deck, in the language of its :class:`DeckResult`.

    ``rule`` is the stable rule id (``copy-limit``), ``severity`` a
    :class:`Severity`, ``message`` what is wrong and ``hint`` how to fix it
    (None when there is nothing to add), ``lines`` the deck's line numbers
    and ``cards`` the cards it is about."""

    rule: str
    severity: Severity
    message: str
    hint: str | None
    lines: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()


def _finding(finding: CoreFinding, lang: str) -> Finding:
    return Finding(
        rule=finding.rule,
        severity=finding.severity,
        message=finding_message(finding, lang),
        hint=finding_hint(finding, lang),
        lines=finding.lines,
        cards=finding.cards,
    )


class DeckResult:
    """The verdict on one deck: ``legal``, the ``findings`` (errors, warnings
    and notes, each a :class:`Finding` in :attr:`lang`), card ``counts`` by
    kind, and :meth:`to_json`, the deck's object of ``--output json``."""

    __slots__ = ("_result", "_findings", "lang")

    def __init__(self, result: CoreResult, lang: str = "en"):
        self._result = result
        self._findings: tuple[Finding, ...] | None = None
        #: the language of the messages and hints (``en``, ``de``, ...)
        self.lang = lang

    @property
    def legal(self) -> bool:
        """No finding of severity ``error``."""
        return self._result.legal

    @property
    def verdict(self) -> str:
        """``"legal"``, ``"illegal"`` (a rule is broken) or ``"unverified"`` (the
        only errors are lines that do not say which card they are, so legality
        cannot be shown) or ``"not-checked"`` (the deck's format or day cannot be used:
        the result of a :class:`FormatError`); docs/rulings.md, "The verdict words"."""
        return self._result.verdict

    @property
    def findings(self) -> tuple[Finding, ...]:
        if self._findings is None:
            self._findings = tuple(_finding(f, self.lang) for f in self._result.findings)
        return self._findings

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)

    @property
    def counts(self) -> dict[str, int]:
        """Cards by kind: ``{"pokemon": 14, "trainer": 36, "energy": 10}``."""
        counts = {key: self._result.counts.get(kind, 0) for key, kind in _COUNT_KEYS}
        return {**counts, "unidentified": self._result.unidentified}  # they add up to total_cards

    @property
    def total_cards(self) -> int:
        return self._result.total_cards

    @property
    def path(self) -> str:
        return self._result.path

    @property
    def name(self) -> str | None:
        """The deck's name, when the list gives one."""
        return self._result.name

    @property
    def format(self) -> str:
        return self._result.format

    @property
    def date(self) -> str:
        """The day checked (ISO)."""
        return self._result.date

    def to_json(self) -> dict[str, Any]:
        """Exactly the deck's object in ``--output json``'s ``results`` (see
        ``deckcheck/schemas/report.schema.json``), messages in :attr:`lang`."""
        return result_dict(self._result, self.lang)

    def __getstate__(self) -> tuple[CoreResult, str]:
        return self._result, self.lang

    def __setstate__(self, state: tuple[CoreResult, str]) -> None:
        self._result, self.lang = state
        self._findings = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeckResult) and (self._result, self.lang) == (other._result, other.lang)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        verdict = self.verdict
        return f"<DeckResult {self.path!r} {self.format} {self.date}: {verdict}, {len(self.findings)} findings>"


def report_json(results: Iterable[DeckResult]) -> dict[str, Any]:
    """The whole ``--output json`` document for these results, as the command line writes it:
    a deck that was not checked (its format or day cannot be used, docs/rulings.md, "The verdict words") is
    among the ``problems``, not the ``results``."""
    results = list(results)
    for result in results:
        if not isinstance(result, DeckResult):
            raise TypeError(f"results must be DeckResults (what check_text returns), not {type(result).__name__}")
    found, problems = [], []
    for result in results:
        problem = path_problem(result._result)
        if problem is None:
            found.append(result.to_json())
        else:
            problems.append(problem_dict(result._result, problem, result.lang))
    document: dict[str, Any] = {
        "version": JSON_VERSION,
        "legal": all(result.legal for result in results),
        "results": found,
    }
    if problems:
        document["problems"] = problems
    return document


def sheet_pdf(result: DeckResult, player: Any = None, *, paper: str = "letter") -> bytes:
    """The deck registration sheet of a checked deck as PDF bytes (``deckcheck sheet``'s
    file): ``player`` a mapping of ``name``, ``player_id``, ``birth`` (a date or
    ``"2010-05-31"``) and ``division`` (``junior``, ``senior``, ``masters``; default
    from the date of birth and the season of the day checked), each optional (a
    missing field is left blank to write by hand); ``paper`` ``letter`` or ``a4``.
    Its words are in the language of the result's messages (``lang`` of :func:`check_text`).
    A deck that is not legal is marked "NOT LEGAL ON <day>" across each page.
    Needs the ``sheet`` extra (reportlab; else :class:`ImportError` saying so);
    ``ValueError`` for a bad player field or paper, ``TypeError`` for an argument
    (or a player field) of the wrong type; ``player_id`` may be an ``int``, ``birth``
    a ``datetime`` (its day)."""
    if not isinstance(result, DeckResult):
        raise TypeError(f"result must be a DeckResult (what check_text returns), not {type(result).__name__}")
    if player is not None and not isinstance(player, (Mapping, Player)):
        raise TypeError(f"player must be a mapping of name, player_id, birth and division, not {type(player).__name__}")
    if not isinstance(paper, str):
        raise TypeError(f"paper must be 'letter' or 'a4', not {type(paper).__name__}")
    data: bytes = draw(result._result, player, paper=paper, lang=result.lang)
    return data


# -- which files are decks ---------------------------------------------------------


def find_decks(*paths: PathLike) -> list[str]:
    """The deck files of ``paths`` (folders and files), in the order and by the
    judgement of ``deckcheck check PATH...``: folders are walked leaving out
    hidden files and folders and what ``.gitignore`` files (and
    ``.git/info/exclude``) ignore; a file met in a folder is a deck when it is a
    ``.txt``, ``.yaml``, ``.yml`` or ``.json`` file whose content is a deck
    (README "What counts as a deck"), so ``README.txt`` or ``package.json`` are
    not. Files named are kept as they are (as the command line keeps them).
    Paths that do not exist are left out. Configuration files are not read
    (``include``/``exclude``/``packs`` of a project are the command line's).

    Feed each to :func:`check_file` (or hand the list to worker processes)."""
    selection = select_decks([os.fspath(path) for path in paths], Settings())
    return [path for path in selection.decks if path != "-"]


# -- checking ----------------------------------------------------------------------


def check_text(
    text: str | bytes,
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

    - ``text``: a string, or the bytes of a deck file (decoded as a file is: UTF-8,
      UTF-16 with its byte-order mark, or Windows-1252 with an ``encoding`` note; other
      bytes are an ``unreadable`` finding).
    - ``format``: a :class:`Format`, a format name or a pack file; default the
      deck's own format (``# format:`` line, ``format:`` key), else ``standard``.
    - ``date``: the day to check (a date or ``"2026-04-10"``); default today.
    - ``db``: a :class:`Database` or a database file; default as :func:`open_database`
      (opened once per process and reused).
    - ``lang``: the language of the findings' messages and hints and of
      :meth:`DeckResult.to_json` (``en`` default, ``de``, ``fr``, ``es``, ``it``,
      ``pt``); never read from the locale.
    - ``card_lang``: the language of the card names in the list (default: English,
      then every language the database holds).
    - ``path``: the name findings and results give the deck (default ``<text>``);
      given, its extension chooses the parser as for a file (``.yaml``/``.yml``, ``.json``,
      anything else a text list); without it the text decides (docs/deck-lists.md).

    Raises :class:`FormatError` for a format that cannot be used: one that cannot
    be loaded (given, or named by the deck), or a day before the format began --
    the error's ``result`` is the deck's :class:`DeckResult` all the same, with
    its ``unknown-format`` error, as ``deckcheck check`` reports it before it
    exits with 2. :class:`DatabaseError` for a database that cannot be opened,
    ``ValueError`` for a bad date or language, ``TypeError`` for an argument of
    the wrong type. A bad deck is never an exception: its problems are findings.
    """
    label = path or TEXT_LABEL
    sniff = path is None  # one reading rule: a file name's extension decides, else the content
    session, message_lang = _session(format, date, db, lang, card_lang, pack_dirs)
    if isinstance(text, (bytes, bytearray, memoryview)):
        return _result(session.check(parse_deck_bytes(bytes(text), label, sniff=sniff)), message_lang)
    if not isinstance(text, str):
        raise TypeError(f"text must be a str or bytes, not {type(text).__name__}")
    return _result(session.check_text(text, label, sniff=sniff), message_lang)


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
    ``deckcheck check FILE`` would; arguments and errors as for :func:`check_text`.
    A file that is missing or cannot be read is a result with an ``unreadable``
    error, not an exception. Configuration files are not read."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file name, not {type(path).__name__}")
    session, message_lang = _session(format, date, db, lang, card_lang, pack_dirs)
    return _result(session.check_path(os.fspath(path)), message_lang)


# -- many lists as rows -----------------------------------------------------------

# The columns of check_table's answer, in order (the counts as DeckResult.counts names them).
TABLE_COLUMNS = (
    "id",
    "verdict",
    "legal",
    "format",
    "date",
    "total_cards",
    "pokemon",
    "trainer",
    "energy",
    "unidentified",
    "findings",
)
# Sessions kept by (format, day) in one check_table call: an archive's rows name few formats
# but may name a day each; each session is light (the database and packs are shared).
_TABLE_SESSIONS = 64


def table_row(row_id: Any, result: DeckResult) -> dict[str, Any]:
    """One row of :func:`check_table`'s answer: the list's id, its verdict, format and day, its
    counts and its findings (each a dict of rule, severity, message, hint, lines and cards)."""
    counts = result.counts
    return {
        "id": row_id,
        "verdict": result.verdict,
        "legal": result.legal,
        "format": result.format,
        "date": result.date,
        "total_cards": result.total_cards,
        "pokemon": counts["pokemon"],
        "trainer": counts["trainer"],
        "energy": counts["energy"],
        "unidentified": counts["unidentified"],
        "findings": [
            {
                "rule": f.rule,
                "severity": f.severity.value,
                "message": f.message,
                "hint": f.hint,
                "lines": list(f.lines),
                "cards": list(f.cards),
            }
            for f in result.findings
        ],
    }


def _table_kind(rows: Any) -> str:
    """``pandas``, ``pyarrow`` or ``rows`` (an iterable), by the type's module: neither
    library is imported unless the caller has it."""
    module = type(rows).__module__.split(".")[0]
    if module == "pandas" and hasattr(rows, "columns"):
        return "pandas"
    if module == "pyarrow" and hasattr(rows, "schema"):  # a Table, a RecordBatch or a RecordBatchReader
        return "pyarrow"
    return "rows"


def _arrow_of(rows: Any, kind: str) -> Any:
    """The rows as a pyarrow Table: a pandas DataFrame's nulls (NaN, NaT and NA alike) become None;
    a RecordBatch or a RecordBatchReader (DuckDB's ``.arrow()``) is read whole."""
    import pyarrow

    if kind == "pandas":
        return pyarrow.Table.from_pandas(rows, preserve_index=False)
    if hasattr(rows, "read_all"):
        return rows.read_all()
    if not hasattr(rows, "to_batches"):
        return pyarrow.Table.from_batches([rows])
    return rows


def check_rows(
    rows: Iterable[Mapping[str, Any]],
    format: Format | PathLike | None = None,
    date: dt.date | str | None = None,
    db: Database | PathLike | None = None,
    lang: str | None = None,
    *,
    card_lang: str | None = None,
    pack_dirs: Sequence[PathLike] = (),
) -> Iterable[dict[str, Any]]:
    """:func:`check_table` over mappings, one answer row at a time (a generator)."""
    database = _database(db)
    sessions: dict[tuple[Any, Any], tuple[Session, str]] = {}
    for row in rows:
        if not isinstance(row, Mapping):
            raise TypeError(f"each row must be a mapping with 'id' and 'text', not {type(row).__name__}")
        text = row.get("text")
        if not isinstance(text, (str, bytes)):
            raise TypeError(f"the row {row.get('id')!r} has no 'text' string with the deck list")
        row_format = row.get("format") or format
        row_date = row.get("date") or date
        key = (row_format if not isinstance(row_format, Format) else row_format._source, row_date)
        chosen = sessions.get(key)
        if chosen is None:
            if len(sessions) >= _TABLE_SESSIONS:
                sessions.pop(next(iter(sessions)))
            chosen = sessions[key] = _session(
                row_format, row_date, database, lang, card_lang, pack_dirs, refuse_per_deck=True
            )
        session, message_lang = chosen
        if isinstance(text, bytes):
            checked = session.check(parse_deck_bytes(text, TEXT_LABEL, sniff=True))
        else:
            checked = session.check_text(text, TEXT_LABEL, sniff=True)
        # A format or day that cannot be used is the row's "not-checked" verdict, not an exception.
        yield table_row(row.get("id"), DeckResult(checked.result, message_lang))


def check_table(
    rows: Any,
    format: Format | PathLike | None = None,
    date: dt.date | str | None = None,
    db: Database | PathLike | None = None,
    lang: str | None = None,
    *,
    card_lang: str | None = None,
    pack_dirs: Sequence[PathLike] = (),
) -> Any:
    """Check many deck lists given as rows; one answer row per list, in order.

    - ``rows``: a pandas ``DataFrame``, a pyarrow ``Table``, or an iterable of mappings,
      each with ``id`` (anything; given back), ``text`` (the list, as for :func:`check_text`)
      and, optionally, ``format`` (a format name) and ``date`` (a date or ``"2026-04-10"``).
      A row whose ``format`` or ``date`` is missing or null has the argument's, and without
      that the list's own (``# format:`` line, ``format:`` key, else ``standard``) and today.
    - ``format``, ``date``, ``db``, ``lang``, ``card_lang``, ``pack_dirs``: as for
      :func:`check_text`, the defaults of every row.

    The answer has the same kind as ``rows`` (a ``DataFrame``, a pyarrow ``Table``, else a
    list of dicts), with the columns ``id``, ``verdict``, ``legal``, ``format``, ``date``,
    ``total_cards``, ``pokemon``, ``trainer``, ``energy``, ``unidentified`` and ``findings``
    (a list of ``{rule, severity, message, hint, lines, cards}``): what :func:`check_text`
    gives for each row's list with the row's format and date. Every row goes through one
    session per format and day, and the database is opened once. A row whose format or day
    cannot be used is not an exception: its verdict is ``"not-checked"`` with its
    ``unknown-format`` finding. ``TypeError`` for a row without a ``text`` string."""
    kind = _table_kind(rows)
    if kind == "rows":
        return list(check_rows(rows, format, date, db, lang, card_lang=card_lang, pack_dirs=pack_dirs))
    import pyarrow  # the table extra: a DataFrame is read and written through Arrow

    table = _arrow_of(rows, kind)
    rows_read = (row for batch in table.to_batches() for row in batch.to_pylist())
    answer = check_rows(rows_read, format, date, db, lang, card_lang=card_lang, pack_dirs=pack_dirs)
    ids = table.schema.field("id").type if "id" in table.schema.names else pyarrow.null()
    verdicts = pyarrow.Table.from_pylist(list(answer), schema=_arrow_schema(pyarrow, ids))
    if kind == "pyarrow":
        return verdicts
    import pandas

    # Arrow-typed columns: the findings keep their shape, and a Parquet file can hold them.
    return verdicts.to_pandas(types_mapper=pandas.ArrowDtype)


def _arrow_schema(pa: Any, ids: Any) -> Any:
    """The answer's Arrow schema (``ids``: the type of the rows' ``id`` column, kept)."""
    finding = pa.struct(
        [
            ("rule", pa.string()),
            ("severity", pa.string()),
            ("message", pa.string()),
            ("hint", pa.string()),
            ("lines", pa.list_(pa.int64())),
            ("cards", pa.list_(pa.string())),
        ]
    )
    counts = [(name, pa.int64()) for name in ("total_cards", "pokemon", "trainer", "energy", "unidentified")]
    return pa.schema(
        [
            ("id", ids),
            ("verdict", pa.string()),
            ("legal", pa.bool_()),
            ("format", pa.string()),
            ("date", pa.string()),
            *counts,
            ("findings", pa.list_(finding)),
        ]
    )


# The library's (and serve's API's) names for the choice of format and day, in hints.
ARGUMENTS = Controls("format=", "date=")


def _session(
    format: Format | PathLike | None,
    date: dt.date | str | None,
    db: Database | PathLike | None,
    lang: str | None,
    card_lang: str | None,
    pack_dirs: Sequence[PathLike],
    *,
    refuse_per_deck: bool = False,
) -> tuple[Session, str]:
    """The check session of these arguments (each judged before the deck is read), and the message
    language. ``refuse_per_deck``: a format name that cannot be loaded is each deck's refusal
    (its ``unknown-format`` result, as for a deck naming it) instead of a :class:`FormatError` now."""
    for name, value in (("lang", lang), ("card_lang", card_lang)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a language code like 'de', not {type(value).__name__}")
    message_lang = DEFAULT_LANGUAGE if lang is None else choose_language(lang)
    names_lang = card_language(card_lang)
    if date is not None and not isinstance(date, (str, dt.date)):
        raise TypeError(f"date must be a date or a day like '2026-04-10', not {type(date).__name__}")
    if isinstance(date, dt.datetime):
        date = date.date()  # a datetime is checked on its day
    dirs = tuple(os.fspath(d) for d in pack_dirs)
    formats = {}
    chosen = None
    if format is not None:
        try:
            loaded = format if isinstance(format, Format) else load_format(format, dirs)
        except PackError:
            if not refuse_per_deck or not isinstance(format, str):
                raise
            chosen = format  # the session refuses each deck, saying why
        else:
            chosen = loaded._source
            formats[chosen] = loaded._pack
    # The library's results keep their resolved lines: deckcheck.sheet_pdf draws them.
    session = Session(
        _database(db),
        format=chosen,
        date=date,
        pack_dirs=dirs,
        card_lang=names_lang,
        formats=formats,
        keep_deck=True,
        controls=ARGUMENTS,
    )
    return session, message_lang


def _result(checked: Any, lang: str) -> DeckResult:
    """The library's result, or the refusal (:class:`FormatError` with the result)."""
    result = DeckResult(checked.result, lang)
    if checked.problem is not None:
        error = PackError(f"{checked.result.path}: {checked.problem}")
        error.result = result  # type: ignore[attr-defined]
        raise error
    return result
