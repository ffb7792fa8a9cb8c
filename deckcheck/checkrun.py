"""The check pipeline of ``deckcheck check``: which paths are decks, the packs
loaded once per run, one deck checked (in this process or a pool of worker
processes), and the report written deck by deck.

Moved out of :mod:`deckcheck.cli`, which keeps the thin commands. Heavy modules
are imported inside the functions: ``deckcheck`` runs as a pre-commit hook, so
start-up time matters.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple, Optional

from deckcheck.entry import echo
from deckcheck.exitcodes import ExitCode
from deckcheck.printable import printable
from deckcheck.progress import DeckProgress
from deckcheck.render import FAIL_ON, OUTPUTS

class UsageProblem(Exception):
    """Exit code 2 with a one-line message (configuration, pack or database)."""

def _parse_date(value: Optional[str]) -> dt.date:
    from deckcheck.session import BadDate, parse_day

    try:
        return parse_day(value, "--date")
    except BadDate as error:
        raise UsageProblem(str(error)) from None


def _open_database(db: Optional[Path]):
    """The imported database when there is one, else the built-in catalogue (deckcheck.api)."""
    from deckcheck.api import open_database
    from deckcheck.carddb.errors import DatabaseError

    try:
        return open_database(db)
    except DatabaseError as error:
        raise UsageProblem(str(error)) from None


def _open_index(db: Optional[Path]):
    from deckcheck.session import card_index

    database = _open_database(db)
    return card_index(database), database.notice


class _Found(NamedTuple):
    """How the files given are turned into decks (README "What counts as a deck")."""

    verbose: bool = False  # list the skipped files on standard error
    skip_non_decks: bool = False  # named files are judged like files found in a folder


def _select(paths, run, found: "_Found", jobs: Optional[int] = 1):
    """The decks of the paths given; warnings and (with --verbose) the skipped files on standard error.
    The files met while walking folders are judged in ``jobs`` processes (None: by the number of files)."""
    from deckcheck.config import select_decks

    from deckcheck.session import judge_files

    selection = select_decks(paths, run, skip_non_decks=found.skip_non_decks,
                             judge=lambda files: judge_files(files, jobs))
    for warning in selection.warnings:
        echo(f"deckcheck: warning: {warning}", err=True)
    if found.verbose:
        for path, reason in selection.skipped:
            echo(f"deckcheck: skipped {path}: not a deck: {reason}", err=True)
    return selection


def _nothing_to_check(paths, run, selection, found: "_Found") -> Optional[ExitCode]:
    """The exit code when no deck is left to check (None when there are decks or missing paths)."""
    if selection.decks or selection.missing or selection.unreadable:
        return None
    if selection.excluded:
        echo(f"deckcheck: nothing to check: {_excluded_text(selection.excluded, run)}", err=True)
        return ExitCode.LEGAL
    skipped = len(selection.skipped)
    if skipped and found.skip_non_decks:
        # The pre-commit hooks: a commit of a README or a CI workflow has no deck to check.
        return ExitCode.LEGAL
    if skipped:
        files = "file" if skipped == 1 else "files"
        more = "" if found.verbose else " (--verbose lists them)"
        raise UsageProblem(f"no decks found in {', '.join(paths)}: the {skipped} {files} found are not decks{more}")
    raise UsageProblem(f"no deck files found in {', '.join(paths)}")


def _excluded_text(excluded, run) -> str:
    """Which pattern from where excluded the files named on the command line."""
    first = excluded[0]
    found = run.exclusion_of(first)
    if found is None:
        why = "by the excludes"
    elif found[1] == "--exclude":
        why = f"by --exclude '{found[0]}'"
    else:
        why = f"by the pattern '{found[0]}' of exclude in {found[1]}"
    if len(excluded) == 1:
        return f"{first} is excluded {why}"
    return f"the {len(excluded)} files given are excluded ({first} {why})"


def _check_settings(config_path: Optional[Path], no_config: bool, *, rotation_days: int, jobs: Optional[int],
                    **command_line):
    """``deckcheck check``'s options judged, and its settings (:func:`_load_settings`)."""
    if rotation_days < 0:
        raise UsageProblem(f"--rotation-days must be 0 or more, not {rotation_days}")
    if jobs is not None and jobs < 1:
        raise UsageProblem(f"--jobs must be 1 or more, not {jobs}")
    return _load_settings(config_path, no_config, **command_line)


def _load_settings(config_path: Optional[Path], no_config: bool, **command_line):
    """The configuration file (found from the working directory) under the command line."""
    from deckcheck.config import Config, ConfigError, load_config, settings

    output, fail_on = command_line.get("output"), command_line.get("fail_on")
    if output is not None and output not in OUTPUTS:
        raise UsageProblem(f"--output must be one of {', '.join(OUTPUTS)}, not '{output}'")
    if fail_on is not None and fail_on not in FAIL_ON:
        raise UsageProblem(f"--fail-on must be 'error' or 'warning', not '{fail_on}'")
    if command_line.get("date") is not None:
        _parse_date(command_line["date"])
    if config_path is not None and no_config:
        raise UsageProblem("--config and --no-config cannot be used together")
    cwd = Path.cwd()
    try:
        found = Config(root=cwd) if no_config else load_config(cwd, explicit=config_path)
        return settings(found, cwd=cwd, **command_line)
    except ConfigError as error:  # a bad file, or a bad --exclude pattern
        raise UsageProblem(str(error)) from None


def _session(run, card_lang: Optional[str] = None, rotation_days: int = 90):
    """The check session of this run: the database (None: a usage problem), the formats
    given and configured loaded before any deck is read (deckcheck.session)."""
    from deckcheck.packs import PackError
    from deckcheck.session import Session

    session = Session(_open_database(run.db), settings=run, card_lang=card_lang, rotation_days=rotation_days)
    try:
        session.check_formats()
    except PackError as error:
        raise UsageProblem(str(error)) from None
    return session


def _check(paths, run, quiet: bool, lang: Optional[str] = None, card_lang: Optional[str] = None,
           found: _Found = _Found(), rotation_days: int = 90, jobs: Optional[int] = None) -> ExitCode:
    from deckcheck.i18n import UnknownLanguage, card_language, choose_language
    from deckcheck.render import RenderOptions, is_failing, writer

    try:
        message_lang = choose_language(lang, what="--lang")
        names_lang = card_language(card_lang, what="--card-lang")
    except UnknownLanguage as error:
        raise UsageProblem(str(error)) from None
    # Machine-read outputs stay English unless --lang asks otherwise (README "Languages").
    render_lang = message_lang if run.output in ("text", "html") or lang is not None else "en"
    selection = _select(paths, run, found, jobs)
    nothing = _nothing_to_check(paths, run, selection, found)
    if nothing is not None:
        return nothing
    session = _session(run, names_lang, rotation_days)
    usage_problem = False
    stdin = sys.stdin.buffer if "-" in selection.decks else None
    source = None
    if stdin is not None and run.output == "html":
        # The HTML report shows each list as written: standard input is kept to show it.
        import io

        from deckcheck.parse.files import DEFAULT_MAX_BYTES
        from deckcheck.render.html import read_source, source_lines

        stdin_data = stdin.read(DEFAULT_MAX_BYTES + 1)
        stdin, stdin_lines = io.BytesIO(stdin_data), source_lines(stdin_data)
        source = lambda path: stdin_lines if path == "-" else read_source(path)  # noqa: E731
    # So are folders that cannot be read (issue 12: never skipped silently).
    unreadable = dict(selection.unreadable)
    if session.database.notice and run.output == "text":
        echo(f"deckcheck: {session.database.notice}", err=True)
    # Paths that do not exist are checked too: read_deck makes each an
    # `unreadable` finding, so every report carries it (README: every file is checked).
    checked_paths = (*selection.missing, *unreadable, *selection.decks)

    def results(progress):
        nonlocal usage_problem
        for path in selection.missing:
            progress.echo(printable(f"deckcheck: error: {path}: no such file or directory"))
            usage_problem = True
        for path, reason in unreadable.items():
            progress.echo(printable(f"deckcheck: error: {path}: cannot read the folder: {reason}"))
            usage_problem = True
        # The session checks deck files in worker processes when there are enough of
        # them, and gives the results in the order of the paths: the report is the same.
        checked = session.check_paths(checked_paths, jobs=jobs, stdin=stdin, unreadable=unreadable)
        for path in checked_paths:
            progress.advance(path)
            result, problem = next(checked)
            if problem is not None:
                # The deck still gets a result (with an unknown-format error), so that
                # JSON, SARIF and JUnit show it, not only standard error.
                usage_problem = True
                progress.echo(printable(f"deckcheck: error: {path}: {problem}"))
            yield result

    color = run.output == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    width = 100
    if color:
        import shutil

        width = max(60, shutil.get_terminal_size((100, 24)).columns)
    options = RenderOptions(color=color, width=width, quiet=quiet, fail_on=run.fail_on, root=os.getcwd(),
                            rules=_RuleDescriptions(session), lang=render_lang, source=source)
    # The report is written deck by deck as the results come (deckcheck.render):
    # memory stays flat however many decks are checked.
    report = writer(run.output, sys.stdout, options)
    failing = False
    # A report written to the terminal shows the progress itself, deck by deck;
    # a bar on stderr would be drawn across it.
    with DeckProgress(len(checked_paths), wanted=not sys.stdout.isatty()) as progress:
        report.start()
        for result in results(progress):
            failing = failing or is_failing(result, run.fail_on)
            report.add(result)
    report.finish(skipped=tuple(path for path, _reason in selection.skipped))
    if usage_problem:
        return ExitCode.USAGE
    if failing:
        return ExitCode.ILLEGAL
    return ExitCode.LEGAL


class _RuleDescriptions(Mapping):
    """What each rule id of the packs loaded checks, read when the report ends
    (packs are loaded as decks name them, while the report is written)."""

    def __init__(self, session):
        self._session = session

    def _described(self) -> dict:
        return self._session.rule_descriptions()

    def __getitem__(self, rule_id):
        return self._described()[rule_id]

    def __iter__(self):
        return iter(self._described())

    def __len__(self):
        return len(self._described())
