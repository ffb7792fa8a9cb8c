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
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple, Optional

from deckcheck.entry import echo
from deckcheck.errors import ExitCode
from deckcheck.core.printable import printable
from deckcheck.progress import DeckProgress
from deckcheck.render import FAIL_ON, OUTPUTS

PACK_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class UsageProblem(Exception):
    """Exit code 2 with a one-line message (configuration, pack or database)."""

def _parse_date(value: Optional[str]) -> dt.date:
    if value is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise UsageProblem(f"--date must be a date like 2026-04-10, not '{value}'") from None


def _open_database(db: Optional[Path]):
    """The imported database when there is one, else the built-in catalogue (deckcheck.api)."""
    from deckcheck.api import open_database
    from deckcheck.carddb.errors import DatabaseError

    try:
        return open_database(db)
    except DatabaseError as error:
        raise UsageProblem(str(error)) from None


def _open_index(db: Optional[Path]):
    database = _open_database(db)
    return database.index, database.notice


class _Found(NamedTuple):
    """How the files given are turned into decks (README "What counts as a deck")."""

    verbose: bool = False  # list the skipped files on standard error
    skip_non_decks: bool = False  # named files are judged like files found in a folder


def _select(paths, run, found: "_Found", jobs: Optional[int] = 1):
    """The decks of the paths given; warnings and (with --verbose) the skipped files on standard error.
    The files met while walking folders are judged in ``jobs`` processes (None: by the number of files)."""
    from deckcheck.project.config import select_decks

    selection = select_decks(paths, run, skip_non_decks=found.skip_non_decks, judge=lambda files: _judged(files, jobs))
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
    from deckcheck.project.config import Config, ConfigError, load_config, settings

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


class _Packs:
    """Packs by name, loaded once per run, from the configured folders first."""

    def __init__(self, run):
        from deckcheck.packs.loading import available_packs

        self.run = run
        self.extra = tuple(str(p) for p in run.config.packs)
        self.loaded: dict = {}
        self.default = "standard" if "standard" in available_packs(self.extra) else "unlimited"

    def get(self, name: str):
        from deckcheck.api import load_format

        if name not in self.loaded:
            self.loaded[name] = load_format(name, self.extra).pack
        return self.loaded[name]

    def check_configured(self) -> None:
        """Formats named on the command line or in the file must exist before any deck is read."""
        from deckcheck.packs.loading import PackError

        try:
            if self.run.format:
                self.get(self.run.format)
        except PackError as error:
            raise UsageProblem(str(error)) from None
        wanted = [("format", self.run.config.format)]
        wanted += [(f"overrides[{i}].format", o.format) for i, o in enumerate(self.run.config.overrides)]
        for key, name in wanted:
            if name is None or self.run.format:
                continue
            try:
                self.get(name)
            except PackError as error:
                raise UsageProblem(f"{self.run.config.label}: {key}: {error}") from None

    def for_deck(self, path: str, declared: Optional[str]):
        """The pack a deck is checked against (PackError when it cannot be loaded)."""
        from deckcheck.packs.loading import PackError

        if not self.run.format and declared and not PACK_NAME.fullmatch(declared):
            # A deck names a format; it must not make deckcheck load an arbitrary file.
            raise PackError(f"the deck's format '{declared}' is not a format name")
        return self.get(self.run.format_for(path, declared) or self.default)

    def remember(self, name: str) -> None:
        """Load the pack ``name`` a worker checked a deck against, unless a pack of
        that name is loaded (or it is no pack deckcheck can load: nothing to describe)."""
        from deckcheck.packs.loading import PackError

        if not PACK_NAME.fullmatch(name) or any(pack.name == name for pack in self.loaded.values()):
            return
        try:
            self.get(name)
        except PackError:
            pass

    def known(self) -> list[str]:
        from deckcheck.packs.loading import available_packs

        return sorted(available_packs(self.extra))

    def rule_descriptions(self) -> dict[str, str]:
        from deckcheck.rules import KINDS

        described: dict[str, str] = {}
        for name in sorted(self.loaded):
            for rule in self.loaded[name].rules:
                text = rule.description or getattr(KINDS.get(rule.kind), "description", "")
                described.setdefault(rule.id, text)
        return described


class _FormatAbsent(Exception):
    """The format did not exist on the day asked about (issue 10): a usage error."""


def _check(paths, run, quiet: bool, lang: Optional[str] = None, card_lang: Optional[str] = None,
           found: _Found = _Found(), rotation_days: int = 90, jobs: Optional[int] = None,
           on_result=None, summary: Optional[Path] = None, github_output: Optional[Path] = None) -> ExitCode:
    """Check the decks of ``paths`` and write the report; ``on_result`` (deckcheck
    sheet) is given each result, with its resolved lines (``DeckResult.deck``);
    ``summary`` and ``github_output`` are the files of --summary and --github-output."""
    from deckcheck.i18n import UnknownLanguage, card_language, choose_language
    from deckcheck.render import RenderOptions, is_failing, writer

    try:
        message_lang = choose_language(lang)
        names_lang = card_language(card_lang)
    except UnknownLanguage as error:
        raise UsageProblem(str(error)) from None
    # Machine-read outputs stay English unless --lang asks otherwise (README "Languages").
    render_lang = message_lang if run.output in ("text", "html") or lang is not None else "en"
    selection = _select(paths, run, found, jobs)
    nothing = _nothing_to_check(paths, run, selection, found)
    if nothing is not None:
        return nothing
    packs = _Packs(run)
    packs.check_configured()
    usage_problem = False
    stdin = sys.stdin.buffer if "-" in selection.decks else None
    source = None
    if stdin is not None and run.output == "html":
        # The HTML report shows each list as written: standard input is kept to show it.
        import io

        from deckcheck.parse.shape import DEFAULT_MAX_BYTES
        from deckcheck.render.html import read_source, source_lines

        stdin_data = stdin.read(DEFAULT_MAX_BYTES + 1)
        stdin, stdin_lines = io.BytesIO(stdin_data), source_lines(stdin_data)
        source = lambda path: stdin_lines if path == "-" else read_source(path)  # noqa: E731
    # So are folders that cannot be read (issue 12: never skipped silently).
    unreadable = dict(selection.unreadable)
    checker = _DeckChecker(run, packs, names_lang, rotation_days, unreadable, stdin)
    checker.keep_deck = on_result is not None
    # Paths that do not exist, unreadable folders and standard input are checked
    # here; the deck files by a pool of processes when there are enough of them.
    database = _open_database(run.db)
    if database.notice and run.output == "text":
        echo(f"deckcheck: {database.notice}", err=True)
    # Opened before any deck is checked: a file that cannot be written is a usage error at once.
    step_files = _StepFiles(summary, github_output)
    jobs = _jobs(jobs, len(selection.decks))
    # A SQLite connection must not cross a fork: the workers open their own,
    # and this process opens its own again after the fork.
    database.close()
    pool = _pool(checker.check_in_worker, [p for p in selection.decks if p != "-"], jobs, start=checker.start_worker)
    checker.database = database

    def results(progress):
        nonlocal usage_problem
        for path in selection.missing:
            progress.echo(printable(f"deckcheck: error: {path}: no such file or directory"))
            usage_problem = True
        for path, reason in unreadable.items():
            progress.echo(printable(f"deckcheck: error: {path}: cannot read the folder: {reason}"))
            usage_problem = True
        # Paths that do not exist are checked too: read_deck makes each an
        # `unreadable` finding, so every report carries it (README: every file is checked).
        checked = None
        if pool is not None:
            # The pool gives the results in the order of the paths: the report is the same.
            checked = iter(pool)
        for number, path in enumerate((*selection.missing, *unreadable, *selection.decks)):
            progress.advance(path)
            if checked is not None and number >= len(selection.missing) + len(unreadable) and path != "-":
                result, problem = next(checked)
                # The worker loaded the deck's pack; this process too, so that the rules the
                # report describes (SARIF's catalogue) are those of --jobs 1 (issue 23, R2).
                packs.remember(result.format)
            else:
                result, problem = checker.check(path)
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
                            rules=_RuleDescriptions(packs), lang=render_lang, source=source)
    # The report is written deck by deck as the results come (deckcheck.render):
    # memory stays flat however many decks are checked.
    report = writer(run.output, sys.stdout, options)
    step_files.start(options)
    failing = False
    # A report written to the terminal shows the progress itself, deck by deck;
    # a bar on stderr would be drawn across it.
    try:
        with DeckProgress(len(selection.missing) + len(unreadable) + len(selection.decks),
                          wanted=not sys.stdout.isatty()) as progress:
            report.start()
            for result in results(progress):
                failing = failing or is_failing(result, run.fail_on)
                report.add(result)
                step_files.add(result)
                if on_result is not None:
                    on_result(result)
    finally:
        if pool is not None:
            pool.close()
    report.finish(skipped=tuple(path for path, _reason in selection.skipped))
    step_files.finish()
    if usage_problem:
        return ExitCode.USAGE
    if failing:
        return ExitCode.ILLEGAL
    return ExitCode.LEGAL


class _StepFiles:
    """``--summary`` and ``--github-output``: the files a GitHub step reads
    (deckcheck.render.github_summary), opened before any deck is checked."""

    def __init__(self, summary: Optional[Path], github_output: Optional[Path]):
        self.files: list = []
        self.writer = None
        self.summary = self._open(summary, "--summary")
        self.outputs = self._open(github_output, "--github-output")

    def start(self, options) -> None:
        if self.files:
            from deckcheck.render.github_summary import Writer, repository_link

            self.writer = Writer(self.summary, options, link=repository_link(os.environ, os.getcwd()))

    def _open(self, path: Optional[Path], option: str):
        if path is None:
            return None
        try:
            handle = open(path, "a", encoding="utf-8", newline="\n")
        except OSError as error:
            for handle in self.files:
                handle.close()
            raise UsageProblem(f"{option}: cannot write {printable(str(path))}: {error.strerror or error}") from None
        self.files.append(handle)
        return handle

    def add(self, result) -> None:
        if self.writer is not None:
            self.writer.deck(result)

    def finish(self) -> None:
        if self.writer is None:
            return
        if self.summary is not None:
            self.summary.write(self.writer.tail())
        if self.outputs is not None:
            self.outputs.write(self.writer.outputs())
        for handle in self.files:
            handle.close()


class _DeckChecker:
    """Checks one deck path: everything a worker process needs (packs, the
    configuration, the database it opens itself)."""

    def __init__(self, run, packs: "_Packs", names_lang, rotation_days: int, unreadable: dict, stdin):
        self.run, self.packs, self.names_lang, self.rotation_days = run, packs, names_lang, rotation_days
        self.unreadable, self.stdin = unreadable, stdin
        self.database = None
        self.keep_deck = False  # the results carry their resolved lines (deckcheck sheet)

    def check(self, path: str):
        """(the deck's result, the problem that made its format unusable or None)."""
        from deckcheck.core.engine import check_deck
        from deckcheck.packs.info import absent_on
        from deckcheck.packs.loading import PackError
        from deckcheck.parse import read_deck
        from deckcheck.parse.files import unreadable_folder

        if path in self.unreadable:
            parsed = unreadable_folder(path, self.unreadable[path])
        else:
            parsed = read_deck(path, stdin=self.stdin)
        try:
            pack = self.packs.for_deck(path, parsed.declared_format)
            day = _parse_date(self.run.date_for(path))
            absent = absent_on(pack, day)
            if absent:
                raise _FormatAbsent(absent)
        except (PackError, UsageProblem, _FormatAbsent) as error:
            return _unusable_format_result(parsed, self.packs, self.run, error, self.database, self.names_lang), error
        options = self.database.resolve_options(pack, day, self.names_lang)
        return check_deck(parsed, pack, self.database.index, day, resolve_options=options,
                          rotation_days=self.rotation_days, keep_deck=self.keep_deck), None

    # -- in a worker process (deckcheck.parallel) ----------------------------
    def start_worker(self) -> None:
        """Open the worker's own database (a failure is raised for each deck)."""
        self.database = _open_database(self.run.db)

    def check_in_worker(self, path: str):
        result, problem = self.check(path)
        return result, None if problem is None else str(problem)


# Decks per process below which a pool does not pay for its start.
_DECKS_PER_JOB = 150


def _jobs(jobs: Optional[int], decks: int) -> int:
    """--jobs, or by default one process per core when there are enough decks."""
    if jobs is not None:
        return max(1, jobs)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, decks // _DECKS_PER_JOB))


def _chunk(items: int, jobs: int) -> int:
    """Paths handed to a worker at a time: enough to be worth a message, few
    enough that the workers share the run evenly."""
    return max(1, min(64, items // (jobs * 8)))


def _pool(func, paths: list, jobs: int, start=None):
    """Worker processes applying ``func`` to ``paths`` (deckcheck.parallel), in
    order; None for one job. Forked before the parent opens the database (a
    SQLite connection must not cross a fork; ``start`` opens the workers' own).
    Where processes cannot be forked (Windows), everything runs in this process."""
    if jobs <= 1 or len(paths) < 2:
        return None  # without forking (start-up: one deck in a pre-commit hook)
    from deckcheck.parallel import ProcessMap, can_fork

    if not can_fork():
        return None
    return ProcessMap(func, paths, min(jobs, len(paths)), chunk=_chunk(len(paths), jobs), start=start)


def _judged(files: list, jobs: Optional[int]) -> list:
    """Why each file met while walking is not a deck (None: it is one), judged in
    worker processes when there are enough files (issue 16: it reads every file)."""
    from deckcheck.parse.shape import not_a_deck

    pool = _pool(not_a_deck, files, _jobs(jobs, len(files)))
    if pool is None:
        return [not_a_deck(path) for path in files]
    try:
        return list(pool)
    finally:
        pool.close()


class _RuleDescriptions(Mapping):
    """What each rule id of the packs loaded checks, read when the report ends
    (packs are loaded as decks name them, while the report is written)."""

    def __init__(self, packs: "_Packs"):
        self._packs = packs

    def _described(self) -> dict:
        return self._packs.rule_descriptions()

    def __getitem__(self, rule_id):
        return self._described()[rule_id]

    def __iter__(self):
        return iter(self._described())

    def __len__(self):
        return len(self._described())


def _unusable_format_result(parsed, packs: "_Packs", run, error: Exception, database, names_lang):
    """The result of a deck whose format (or date) cannot be used (deckcheck.api.unusable_format_result)."""
    from deckcheck.api import unusable_format_result

    declared = run.format_for(parsed.path, parsed.declared_format) or packs.default
    date_text = run.date_for(parsed.path)
    try:
        day = _parse_date(date_text)
    except UsageProblem:
        day = dt.date.today()
    bad_date = date_text if isinstance(error, UsageProblem) else None
    return unusable_format_result(parsed, declared, packs.known(), database, day, names_lang,
                                  reason=str(error), bad_date=bad_date, absent=isinstance(error, _FormatAbsent))
