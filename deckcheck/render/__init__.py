"""Renderers: results in, report text out. Keyed by the names ``--output`` accepts.

Reports are written deck by deck, as the results arrive, so that checking a
folder of 100,000 decks takes no more memory than checking one. A renderer
module defines ``Writer``, a :class:`ReportWriter` with three methods that
each return text:

* ``head()`` -- what comes before the first deck (may be empty);
* ``deck(result)`` -- one deck's part, called once per deck, in order;
* ``tail()`` -- what comes after the last deck (summaries, totals, closing
  brackets), from what the writer counted on the way.

The writer writes ``head()`` on :meth:`~ReportWriter.start`, each ``deck()``
on :meth:`~ReportWriter.add` and ``tail()`` on :meth:`~ReportWriter.finish`.
A format whose beginning depends on the whole report (SARIF's rule catalogue,
JUnit's counts in the opening tag) sets ``spooled = True``: its deck parts go
to a temporary file (in memory up to a few megabytes), and ``head()`` is called
at the end, before they are copied out -- memory stays bounded all the same.

Every renderer is deterministic (no timestamps, no reading the clock or the
working directory), so golden files stay stable; :func:`render` gives the
whole report as one string (tests, the library). Modules are imported only
when used. A module without ``Writer`` may define ``render(report, options)``
instead; it is then given the whole report at the end (which holds every
result in memory: fine for small runs only).
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module; the model's names, which only a type
# checker imports here, are written as text.

import functools
import importlib
import io
import os
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, NamedTuple
from urllib.parse import quote

from deckcheck.core.printable import printable

if TYPE_CHECKING:  # the model is imported when a report is rendered, not for --version
    from deckcheck.model import DeckResult, Finding, Report, Severity

# name -> module under deckcheck.render that defines render(report, options)
RENDERERS: dict[str, str] = {
    "text": "deckcheck.render.text",
    "json": "deckcheck.render.json_report",
    "github": "deckcheck.render.github",
    "sarif": "deckcheck.render.sarif",
    "junit": "deckcheck.render.junit",
    "html": "deckcheck.render.html",
}

# The choices of --output / ``output:`` and of --fail-on / ``fail_on:`` (the
# configuration schema lists the same; tests/project/test_config.py keeps them equal).
OUTPUTS: tuple[str, ...] = tuple(RENDERERS)
FAIL_ON: tuple[str, ...] = ("error", "warning")


class RenderOptions(NamedTuple):
    """How to render (a NamedTuple: created on every run, cheaper than a dataclass)."""

    color: bool = False
    width: int = 100
    quiet: bool = False  # only decks with findings
    fail_on: str = "error"  # which findings fail a deck ("error" or "warning")
    # Deck paths under this folder are shown relative to it, with forward slashes
    # (GitHub annotations and SARIF locations want repository-relative paths).
    root: str | None = None
    # What each rule id of the packs used checks and how a deck mends a finding of it
    # (id -> (what, how)), for the rule catalogues of SARIF; ids not listed fall back to
    # the texts of parsing and resolution and the rule kinds' own. Read when the report
    # ends, so it may be a live view of the packs loaded.
    rules: Mapping[str, tuple[str, str]] = MappingProxyType({})
    # The language of the messages (deckcheck.i18n): the text report's, and the
    # other outputs' only when --lang asks for it.
    lang: str = "en"
    # A deck's lines as written, by path, for the reports that show them (HTML);
    # None reads the deck file again (standard input cannot be: the CLI keeps it).
    source: Callable[[str], Sequence[str] | None] | None = None
    # The skipped files were listed on standard error already (check --verbose).
    skipped_listed: bool = False


class ReportWriter:
    """A report written deck by deck to ``out`` (see the module's doc)."""

    spooled = False  # True: head() needs the whole report; deck parts wait in a temporary file
    skipped: tuple[str, ...] = ()  # set by finish(), before tail() is called

    def __init__(self, out: IO[str], options: RenderOptions = RenderOptions()):
        self.out = out
        self.options = options
        self._spool: IO[str] | None = None

    # -- what a renderer defines ---------------------------------------------
    def head(self) -> str:
        return ""

    def deck(self, result: "DeckResult") -> str:
        return ""

    def tail(self) -> str:
        return ""

    def replay(self, spooled: str) -> str:
        """A spooled deck part as written out at the end (default: as spooled).
        A writer that spools data rather than text overrides it; parts are then
        read back line by line, so each must be one line."""
        return spooled

    # -- driving it ------------------------------------------------------------
    def start(self) -> None:
        if not self.spooled:
            self.out.write(self.head())

    def add(self, result: "DeckResult") -> None:
        part = self.deck(result)
        if not self.spooled:
            self.out.write(part)
            return
        if self._spool is None:
            import tempfile

            self._spool = tempfile.SpooledTemporaryFile(
                max_size=_SPOOL_IN_MEMORY, mode="w+", encoding="utf-8", newline=""
            )
        self._spool.write(part)

    def finish(self, skipped: tuple[str, ...] = ()) -> None:
        """Write the end; ``skipped`` are the files met while walking folders
        that are no decks (README "What counts as a deck")."""
        self.skipped = skipped
        if self.spooled:
            self.out.write(self.head())
            if self._spool is not None:
                self._spool.seek(0)
                if type(self).replay is ReportWriter.replay:
                    shutil.copyfileobj(self._spool, self.out)
                else:
                    for line in self._spool:
                        self.out.write(self.replay(line))
                self._spool.close()
                self._spool = None
        self.out.write(self.tail())


# Spooled deck parts stay in memory up to this size, then go to a temporary file.
_SPOOL_IN_MEMORY = 8 * 1024 * 1024


def writer(name: str, out: IO[str], options: RenderOptions = RenderOptions()) -> ReportWriter:
    """The writer of the ``--output`` format ``name``, writing to ``out``."""
    return importlib.import_module(RENDERERS[name]).Writer(out, options)


def write_report(report_writer: ReportWriter, results: Iterable["DeckResult"], skipped: tuple[str, ...] = ()) -> str:
    """Drive ``report_writer`` over ``results``; what it wrote when it writes to a StringIO."""
    report_writer.start()
    for result in results:
        report_writer.add(result)
    report_writer.finish(skipped)
    return report_writer.out.getvalue() if isinstance(report_writer.out, io.StringIO) else ""


def render_with(writer_class: Callable[..., ReportWriter], report: "Report", options=None) -> str:
    """The whole report as one string, written by ``writer_class`` (a module's ``render``)."""
    return write_report(
        writer_class(io.StringIO(), options if options is not None else RenderOptions()), report.results, report.skipped
    )


def render(name: str, report: "Report", options: RenderOptions = RenderOptions()) -> str:
    """The whole report as one string."""
    return write_report(writer(name, io.StringIO(), options), report.results, report.skipped)


@functools.cache  # asked for every deck of a run
def failing_severities(fail_on: str) -> "frozenset[Severity]":
    from deckcheck.model import Severity

    return frozenset({Severity.ERROR} if fail_on == "error" else {Severity.ERROR, Severity.WARNING})


def is_failing(result: "DeckResult", fail_on: str = "error") -> bool:
    """Whether a deck fails the run: an error, or a warning with ``--fail-on warning``."""
    failing = failing_severities(fail_on)
    return any(f.severity in failing for f in result.findings)


def path_problem(result: "DeckResult") -> "Finding | None":
    """Why the deck at this path was *not checked* (docs/rulings.md, "The verdict words"), else None: the
    ``unreadable`` finding of a path that could not be read as a deck (missing, a FIFO, a
    folder that cannot be listed, binary, empty, ...), or the ``unknown-format`` finding of a
    deck whose format is none or did not exist on the day. Such a path gets no verdict: every
    report shows it apart from the decks, as NOT CHECKED, and the run ends with exit code 2
    (a file that is not a deck list is not an illegal deck, nor is a deck
    that could not be checked)."""
    not_checked = _not_checked_rules()
    for finding in result.findings:
        if finding.rule in not_checked:
            return finding
    return None


@functools.cache
def _not_checked_rules() -> frozenset[str]:
    # The model is imported when a report is rendered, not for --version; an import statement
    # in path_problem, which every report asks of every deck, cost some 3 us a deck.
    from deckcheck.model import NOT_CHECKED_RULES

    return NOT_CHECKED_RULES


def display_path(path: str, root: str | None = None) -> str:
    """A deck path as CI tools want it: relative to ``root`` when inside it, with
    forward slashes, without a leading ``./``; control characters and bytes that
    are not UTF-8 escaped (:func:`deckcheck.core.printable.printable`)."""
    return printable(_relative_path(path, root))


def path_uri(path: str, root: str | None = None) -> str:
    """:func:`display_path` as a relative URI (SARIF): the name's bytes
    percent-encoded, so a name that is not UTF-8 (byte 0xFF) is ``%FF``."""
    shown = _relative_path(path, root)
    try:
        data = os.fsencode(shown)
    except UnicodeEncodeError:  # a lone surrogate that no file system name decodes to
        data = shown.encode("utf-8", "surrogatepass")
    return quote(data, safe="/")


def _relative_path(path: str, root: str | None) -> str:
    if path == "-":
        return path
    shown = path
    if root is not None and os.path.isabs(path):
        try:
            relative = os.path.relpath(path, root)
        except ValueError:  # another drive on Windows
            relative = None
        if relative is not None and not relative.startswith(os.pardir):
            shown = relative
    shown = shown.replace(os.sep, "/")
    while shown.startswith("./"):
        shown = shown[2:]
    return shown
