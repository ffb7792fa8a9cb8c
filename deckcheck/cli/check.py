"""``deckcheck check``: the command line turned into a check session's arguments
(:mod:`deckcheck.session`), and the session's results into a report written deck
by deck (:mod:`deckcheck.render`) and an exit code.

The application imports this module only for ``deckcheck check`` (and the commands
built on it), so what a check needs is imported at the top; the HTML report and the
GitHub summary, which a check of one deck does not write, inside the functions
(docs/development.md, "Imports inside functions").

The command's annotations are evaluated when it is defined (no ``from __future__ import
annotations``): Typer reads them, and 56 annotations written as text cost it a compile each,
4 M instructions of a check of one deck (bench/run.py --instructions)."""

import io
import itertools
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer

from deckcheck.cli import completion
from deckcheck.cli.common import (
    SKIP_NON_DECKS_OPTION,
    Found,
    UsageProblem,
    error_line,
    fail,
    help_text,
    load_settings,
    nothing_to_check,
    open_database,
    select,
)
from deckcheck.cli.progress import DeckProgress
from deckcheck.cli.streams import echo
from deckcheck.core.printable import printable
from deckcheck.errors import ExitCode
from deckcheck.i18n import (
    N_,
    Phrase,
    UnknownLanguage,
    card_language,
    choose_language,
    finding_message,
    message_of,
    problem_text,
)
from deckcheck.packs.loading import PackError
from deckcheck.parse.shape import DEFAULT_MAX_BYTES
from deckcheck.project.discover import Listing, listing
from deckcheck.render import OUTPUTS, RenderOptions, is_failing, path_problem, writer
from deckcheck.session import Session, Skipped


def check(
    paths: list[str] = typer.Argument(
        ...,
        help=N_(
            "Deck files or folders (searched for *.txt, *.yaml, *.yml, *.json, honouring .gitignore and the configured include/exclude); - reads standard input."
        ),
    ),
    format: str | None = typer.Option(
        None,
        "--format",
        "-f",
        help=N_(
            "Format pack name or path to a pack file; beats the deck's own format and the configuration. Default: the deck's own format, else the configuration's, else standard."
        ),
        autocompletion=completion.formats,
    ),
    date: str | None = typer.Option(
        None,
        "--date",
        help=N_("Check legality on this day (YYYY-MM-DD). Default: the configuration's date, else today."),
    ),
    db: Path | None = typer.Option(
        None,
        "--db",
        help=N_("Card database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    ),
    output: str | None = typer.Option(
        None,
        "--output",
        "-o",
        help=help_text(
            N_("Report format: {outputs} (default: the configuration's output, else text)."), outputs=", ".join(OUTPUTS)
        ),
        autocompletion=completion.outputs,
    ),
    quiet: bool = typer.Option(
        False,
        "--quiet",
        "-q",
        help=N_("Only show the decks that fail (errors, or warnings with --fail-on warning), then the summary."),
    ),
    fail_on: str | None = typer.Option(
        None,
        "--fail-on",
        help=N_("Exit 1 on 'error' findings (default) or also on 'warning'."),
        autocompletion=completion.fail_on,
    ),
    config: Path | None = typer.Option(
        None,
        "--config",
        help=N_("Use this configuration file (pyproject.toml or .deckcheck.yaml) instead of searching for one."),
    ),
    no_config: bool = typer.Option(False, "--no-config", help=N_("Ignore configuration files.")),
    exclude: list[str] | None = typer.Option(
        None,
        "--exclude",
        help=N_(
            "Skip files and folders matching this .gitignore-style pattern (relative to the working directory); repeatable."
        ),
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        help=N_(
            "Language of the messages: en, de, pt, fr, es, it or ja (default: the locale: LC_ALL, LC_MESSAGES, LANG; else English). JSON and CI reports are translated only with --lang."
        ),
        autocompletion=completion.message_languages,
    ),
    card_lang: str | None = typer.Option(
        None,
        "--card-lang",
        help=N_(
            "Language of the card names in the lists: auto (default: English, then every imported language), en, de, fr, es, it or pt."
        ),
        autocompletion=completion.card_languages,
    ),
    verbose: bool = typer.Option(
        False,
        "--verbose",
        "-v",
        help=N_("List the files skipped while walking folders because they are not decks, with the reason."),
    ),
    skip_non_decks: bool = SKIP_NON_DECKS_OPTION,
    rotation_days: int = typer.Option(
        90,
        "--rotation-days",
        help=N_(
            "Warn about cards that leave the format at a change known within this many days (0: no rotation warnings)."
        ),
    ),
    jobs: int | None = typer.Option(
        None,
        "--jobs",
        "-j",
        help=N_(
            "Check decks in this many processes (default: one per core when there are enough decks to pay for it; 1: this process only). The report is the same, in the same order."
        ),
    ),
    summary: Path | None = typer.Option(
        None,
        "--summary",
        help=N_(
            'Also append a Markdown summary of the run to this file (a row per deck, failing decks first): GitHub\'s step summary, --summary "$GITHUB_STEP_SUMMARY".'
        ),
    ),
    github_output: Path | None = typer.Option(
        None,
        "--github-output",
        help=N_(
            "Also append the run's counts (decks, legal, illegal, unverified, failing, errors, warnings, notes) as name=value lines to this file: GitHub's step outputs, --github-output \"$GITHUB_OUTPUT\"."
        ),
    ),
) -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.
    try:
        run = check_settings(
            config,
            no_config,
            paths=paths,
            rotation_days=rotation_days,
            jobs=jobs,
            format=format,
            date=date,
            db=db,
            output=output,
            fail_on=fail_on,
            exclude=exclude or (),
        )
        code = run_check(
            paths,
            run,
            quiet,
            lang=lang,
            card_lang=card_lang,
            found=Found(verbose=verbose, skip_non_decks=skip_non_decks),
            rotation_days=rotation_days,
            jobs=jobs,
            summary=summary,
            github_output=github_output,
        )
    except UsageProblem as problem:
        raise fail(problem)
    raise typer.Exit(code)


def check_settings(config_path: Path | None, no_config: bool, *, rotation_days: int, jobs: int | None, **command_line):
    """``deckcheck check``'s options judged, and its settings (:func:`~deckcheck.cli.common.load_settings`)."""
    if rotation_days < 0:
        raise UsageProblem(Phrase(N_("--rotation-days must be 0 or more, not {value}"), value=rotation_days))
    if jobs is not None and jobs < 1:
        raise UsageProblem(Phrase(N_("--jobs must be 1 or more, not {value}"), value=jobs))
    return load_settings(config_path, no_config, **command_line)


def check_session(run, card_lang: str | None = None, rotation_days: int = 90, *, keep_deck: bool = False):
    """The check session of this run: the database (None: a usage problem), the formats
    given and configured loaded before any deck is read (deckcheck.session)."""
    session = Session(
        open_database(run.db), settings=run, card_lang=card_lang, rotation_days=rotation_days, keep_deck=keep_deck
    )
    try:
        session.check_formats()
    except PackError as error:
        raise UsageProblem(message_of(error)) from None
    return session


def run_check(
    paths,
    run,
    quiet: bool,
    lang: str | None = None,
    card_lang: str | None = None,
    found: Found = Found(),
    rotation_days: int = 90,
    jobs: int | None = None,
    on_result=None,
    summary: Path | None = None,
    github_output: Path | None = None,
) -> ExitCode:
    """Check the decks of ``paths`` and write the report; ``on_result`` (deckcheck
    sheet) is given each result, with its resolved lines (``DeckResult.deck``);
    ``summary`` and ``github_output`` are the files of --summary and --github-output."""
    try:
        message_lang = choose_language(lang, what="--lang")
        names_lang = card_language(card_lang, what="--card-lang")
    except UnknownLanguage as error:
        raise UsageProblem(message_of(error)) from None
    # Machine-read outputs stay English unless --lang asks otherwise (README "Languages").
    render_lang = message_lang if run.output in ("text", "html") or lang is not None else "en"
    # The files met while walking are judged as the session reads them (each file read once);
    # --verbose lists the skipped files first, so it judges them here.
    selection = select(paths, run, found, jobs, defer=True)
    nothing = nothing_to_check(paths, run, selection, found)
    if nothing is not None:
        return nothing
    session = check_session(run, names_lang, rotation_days, keep_deck=on_result is not None)
    usage_problem = False
    stdin = sys.stdin.buffer if "-" in selection.decks else None
    source = None
    if stdin is not None and run.output == "html":
        # The HTML report shows each list as written: standard input is kept to show it.
        from deckcheck.render.html import read_source, source_lines

        stdin_data = stdin.read(DEFAULT_MAX_BYTES + 1)
        stdin, stdin_lines = io.BytesIO(stdin_data), source_lines(stdin_data)
        source = lambda path: stdin_lines if path == "-" else read_source(path)  # noqa: E731
    # So are folders that cannot be read (never skipped silently).
    unreadable = dict(selection.unreadable)
    # Paths that do not exist are checked too: read_deck makes each an
    # `unreadable` finding, so every report carries it (README: every file is checked).
    # (A sequence that makes each path as it is asked for: a walk of 100,000 files holds their names.)
    checked_paths = listing(selection.missing, tuple(unreadable), selection.decks)
    named = len(selection.missing) + len(unreadable)
    # The files found, in order: those skipped unread (a packs folder) between the others. The files
    # met while walking (all but those named one by one) are judged as the session reads them
    # (Skipped: no deck).
    found_files = selection.found or [(path, None) for path in selection.decks]
    judge = _Walked(selection.found.named()) if isinstance(selection.found, Listing) else ()
    skipped: list[tuple[str, str]] = [] if selection.found else list(selection.skipped)

    def results(progress):
        nonlocal usage_problem
        for path in selection.missing:
            progress.echo(error_line(Phrase(N_("{path}: no such file or directory"), path=path), message_lang))
            usage_problem = True
        for path, reason in unreadable.items():
            # TRANSLATORS: {reason} is the system's (English) reason: "Permission denied".
            progress.echo(
                error_line(
                    Phrase(N_("{path}: cannot read the folder: {reason}"), path=path, reason=reason), message_lang
                )
            )
            usage_problem = True
        # The session checks deck files in worker processes when there are enough of
        # them, and gives the results in the order of the paths: the report is the same.
        checked = session.check_paths(checked_paths, jobs=jobs, stdin=stdin, unreadable=unreadable, judge=judge)
        order = itertools.chain(((path, None) for path in checked_paths[:named]), found_files)
        for number, (path, reason) in enumerate(order):
            if isinstance(reason, str):  # skipped unread
                skipped.append((path, reason))
                continue
            progress.advance(path)
            item = next(checked)
            if isinstance(item, Skipped):  # its content is no deck
                skipped.append((path, item.reason))
                continue
            result, problem = item
            if problem is not None:
                # The deck still gets a result (with an unknown-format error), so that
                # JSON, SARIF and JUnit show it, not only standard error. The text report
                # shows it (NOT CHECKED) and says it once; beside the other reports, a line says it.
                usage_problem = True
                if run.output != "text":
                    progress.echo(error_line(Phrase("{path}: {problem}", path=path, problem=problem), message_lang))
            elif number >= named:
                unread = path_problem(result)
                if unread is not None:
                    # A file that is no deck list (a FIFO, binary, empty, wrongly
                    # encoded) is a problem with the path, exit code 2, as a missing path is.
                    # The text report shows it (NOT CHECKED); beside the other reports, a line says it.
                    usage_problem = True
                    if run.output != "text":
                        progress.echo(error_line(finding_message(unread, message_lang), message_lang))
            yield result

    color = run.output == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    width = 100
    if color:
        width = max(60, shutil.get_terminal_size((100, 24)).columns)
    options = RenderOptions(
        color=color,
        width=width,
        quiet=quiet,
        fail_on=run.fail_on,
        root=os.getcwd(),
        rules=_RuleDescriptions(session),
        lang=render_lang,
        source=source,
        skipped_listed=found.verbose,
    )
    # The report is written deck by deck as the results come (deckcheck.render):
    # memory stays flat however many decks are checked.
    report = writer(run.output, sys.stdout, options)
    step_files: StepFiles | None = None

    def begin() -> StepFiles:
        """What comes before the first result: nothing at all when no file found is a deck."""
        if session.database.notice and run.output == "text":
            echo(f"deckcheck: {problem_text(session.database.notice, message_lang)}", err=True)
        # Opened before any deck is reported: a file that cannot be written is a usage error at once.
        files = StepFiles(summary, github_output)
        files.start(options)
        report.start()
        return files

    failing = False
    # A report written to the terminal shows the progress itself, deck by deck;
    # a bar on stderr would be drawn across it.
    with DeckProgress(len(checked_paths), wanted=not sys.stdout.isatty()) as progress:
        for result in results(progress):
            if step_files is None:
                step_files = begin()
            failing = failing or is_failing(result, run.fail_on)
            report.add(result)
            step_files.add(result)
            if on_result is not None:
                on_result(result)
    if step_files is None:  # every file found was judged no deck
        nothing = nothing_to_check(paths, run, selection._replace(decks=(), skipped=tuple(skipped)), found)
        if nothing is not None:
            return nothing
        step_files = begin()
    report.finish(skipped=tuple(path for path, _reason in skipped))
    step_files.finish()
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


class _Walked:
    """The files the session judges as it reads them: all but those named one by one (a file
    met while walking is no deck when its content says so)."""

    def __init__(self, named: frozenset[str]):
        self.named = named

    def __contains__(self, path: object) -> bool:
        return path not in self.named


class StepFiles:
    """``--summary`` and ``--github-output``: the files a GitHub step reads
    (deckcheck.render.github_summary), opened before any deck is checked."""

    def __init__(self, summary: Path | None, github_output: Path | None):
        self.files: list = []
        self.writer: Any = None  # a github_summary.Writer once start() knows the options
        self.summary = self._open(summary, "--summary")
        self.outputs = self._open(github_output, "--github-output")

    def start(self, options) -> None:
        if self.files:
            from deckcheck.render.github_summary import Writer, repository_link

            self.writer = Writer(self.summary, options, link=repository_link(os.environ, os.getcwd()))

    def _open(self, path: Path | None, option: str):
        if path is None:
            return None
        try:
            handle = open(path, "a", encoding="utf-8", newline="\n")
        except OSError as error:
            for handle in self.files:
                handle.close()
            raise UsageProblem(
                Phrase(
                    N_("{option}: cannot write {path}: {reason}"),
                    option=option,
                    path=printable(str(path)),
                    reason=error.strerror or str(error),
                )
            ) from None
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
