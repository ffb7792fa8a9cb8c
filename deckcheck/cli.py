"""The command line: a thin Typer shell over the pure core.

It loads packs and the card database, calls :func:`deckcheck.engine.check_deck`,
renders, and exits with an :class:`~deckcheck.model.ExitCode`. Heavy modules
are imported inside the commands: ``deckcheck`` runs as a pre-commit hook, so
start-up time matters.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import List, NamedTuple, Optional

import typer
import typer.core

from deckcheck import __version__, completion
from deckcheck.exitcodes import ExitCode
from deckcheck.printable import printable
from deckcheck.progress import DeckProgress, Phases
from deckcheck.render import FAIL_ON, OUTPUTS

class _Command(typer.core.TyperCommand):
    """Usage lines as the README writes them (``deckcheck check [OPTIONS] PATHS...``):
    an argument's metavar is its name in capitals, ``...`` when it takes many,
    in brackets when optional, instead of Typer's ``{paths}...``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, typer.core.TyperArgument) and param.metavar is None:
                param.metavar = (param.name or "").upper() + ("..." if param.nargs != 1 else "")

    def collect_usage_pieces(self, ctx) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, typer.core.TyperArgument):
                pieces.append(param.metavar if param.required else f"[{param.metavar}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class _Typer(typer.Typer):
    """A Typer whose commands have the usage lines of :class:`_Command`."""

    def command(self, *args, cls=None, **kwargs):
        return super().command(*args, cls=cls or _Command, **kwargs)


app = _Typer(
    name="deckcheck",
    help="Check Pokémon TCG deck lists against the deck-building rules of a format.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion (deckcheck.completion)
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
db_app = _Typer(help="Build, update and inspect the card database.", no_args_is_help=True)
formats_app = _Typer(help="List, show and lint format packs.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(formats_app, name="formats")

PACK_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class UsageProblem(Exception):
    """Exit code 2 with a one-line message (configuration, pack or database)."""


def _fail(message: str) -> "typer.Exit":
    typer.echo(printable(f"deckcheck: error: {message}"), err=True)
    return typer.Exit(ExitCode.USAGE)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"deckcheck {__version__}")
        raise typer.Exit(ExitCode.LEGAL)


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
    debug: bool = typer.Option(False, "--debug", help="Show the traceback of an internal error (any command accepts it)."),
) -> None:
    """deckcheck: is this deck legal in that format?"""


def _parse_date(value: Optional[str]) -> dt.date:
    if value is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise UsageProblem(f"--date must be a date like 2026-04-10, not '{value}'") from None


def _db_path(db: Optional[Path]) -> Path:
    if db is not None:
        return db
    from deckcheck.carddb.paths import default_db_path

    return default_db_path()


CONFIG_OPTION = typer.Option(None, "--config", help="Use this configuration file instead of searching for one.")
NO_CONFIG_OPTION = typer.Option(False, "--no-config", help="Ignore configuration files.")


def _configured_db(db: Optional[Path], config: Optional[Path], no_config: bool) -> Optional[Path]:
    """The database a command uses: --db, else $DECKCHECK_DB, else the configuration's
    ``db:``, else None (the user data directory), the same for every command."""
    try:
        return _load_settings(config, no_config, db=db).db
    except UsageProblem as problem:
        raise _fail(str(problem))


def _open_database(db: Optional[Path]):
    """The imported database when there is one, else the built-in catalogue (deckcheck.api)."""
    from deckcheck.api import open_database
    from deckcheck.carddb.sqlite import DatabaseError

    try:
        return open_database(db)
    except DatabaseError as error:
        raise UsageProblem(str(error)) from None


def _open_index(db: Optional[Path]):
    database = _open_database(db)
    return database.index, database.notice


SKIP_NON_DECKS_OPTION = typer.Option(
    False, "--skip-non-decks",
    help="Judge the files named on the command line as a folder walk does, skipping those that are not decks "
         "(the pre-commit hooks pass every staged file).")


class _Found(NamedTuple):
    """How the files given are turned into decks (README "What counts as a deck")."""

    verbose: bool = False  # list the skipped files on standard error
    skip_non_decks: bool = False  # named files are judged like files found in a folder


def _select(paths, run, found: "_Found"):
    """The decks of the paths given; warnings and (with --verbose) the skipped files on standard error."""
    from deckcheck.config import select_decks

    selection = select_decks(paths, run, skip_non_decks=found.skip_non_decks)
    for warning in selection.warnings:
        typer.echo(f"deckcheck: warning: {warning}", err=True)
    if found.verbose:
        for path, reason in selection.skipped:
            typer.echo(f"deckcheck: skipped {path}: not a deck: {reason}", err=True)
    return selection


def _nothing_to_check(paths, run, selection, found: "_Found") -> Optional[ExitCode]:
    """The exit code when no deck is left to check (None when there are decks or missing paths)."""
    if selection.decks or selection.missing or selection.unreadable:
        return None
    if selection.excluded:
        typer.echo(f"deckcheck: nothing to check: {_excluded_text(selection.excluded, run)}", err=True)
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


@app.command()
def check(
    paths: List[str] = typer.Argument(..., help="Deck files or folders (searched for *.txt, *.yaml, *.yml, *.json, honouring .gitignore and the configured include/exclude); - reads standard input."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Format pack name or path to a pack file; beats the deck's own format and the configuration. Default: the deck's own format, else the configuration's, else standard.", autocompletion=completion.formats),
    date: Optional[str] = typer.Option(None, "--date", help="Check legality on this day (YYYY-MM-DD). Default: the configuration's date, else today."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help=f"Report format: {', '.join(OUTPUTS)} (default: the configuration's output, else text).", autocompletion=completion.outputs),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only show the decks that fail (errors, or warnings with --fail-on warning), then the summary."),
    fail_on: Optional[str] = typer.Option(None, "--fail-on", help="Exit 1 on 'error' findings (default) or also on 'warning'.", autocompletion=completion.fail_on),
    config: Optional[Path] = typer.Option(None, "--config", help="Use this configuration file (pyproject.toml or .deckcheck.yaml) instead of searching for one."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore configuration files."),
    exclude: Optional[List[str]] = typer.Option(None, "--exclude", help="Skip files and folders matching this .gitignore-style pattern (relative to the working directory); repeatable."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Language of the messages: en, de, pt, fr, es or it (default: the locale: LC_ALL, LC_MESSAGES, LANG; else English). JSON and CI reports are translated only with --lang.", autocompletion=completion.message_languages),
    card_lang: Optional[str] = typer.Option(None, "--card-lang", help="Language of the card names in the lists: auto (default: English, then every imported language), en, de, fr, es, it or pt.", autocompletion=completion.card_languages),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List the files skipped while walking folders because they are not decks, with the reason."),
    skip_non_decks: bool = SKIP_NON_DECKS_OPTION,
    rotation_days: int = typer.Option(90, "--rotation-days", help="Warn about cards that leave the format at a change known within this many days (0: no rotation warnings)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Check decks in this many processes (default: one per core when there are enough decks to pay for it; 1: this process only). The report is the same, in the same order."),
) -> None:
    """Check deck lists and report every problem found."""
    try:
        if rotation_days < 0:
            raise UsageProblem(f"--rotation-days must be 0 or more, not {rotation_days}")
        if jobs is not None and jobs < 1:
            raise UsageProblem(f"--jobs must be 1 or more, not {jobs}")
        run = _load_settings(config, no_config, format=format, date=date, db=db, output=output,
                             fail_on=fail_on, exclude=exclude or ())
        code = _check(paths, run, quiet, lang=lang, card_lang=card_lang,
                      found=_Found(verbose=verbose, skip_non_decks=skip_non_decks), rotation_days=rotation_days,
                      jobs=jobs)
    except UsageProblem as problem:
        raise _fail(str(problem))
    raise typer.Exit(code)


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


class _Packs:
    """Packs by name, loaded once per run, from the configured folders first."""

    def __init__(self, run):
        from deckcheck.packs import available_packs

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
        from deckcheck.packs import PackError

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
        from deckcheck.packs import PackError

        if not self.run.format and declared and not PACK_NAME.fullmatch(declared):
            # A deck names a format; it must not make deckcheck load an arbitrary file.
            raise PackError(f"the deck's format '{declared}' is not a format name")
        return self.get(self.run.format_for(path, declared) or self.default)

    def known(self) -> list[str]:
        from deckcheck.packs import available_packs

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
           found: _Found = _Found(), rotation_days: int = 90, jobs: Optional[int] = None) -> ExitCode:
    from deckcheck.i18n import UnknownLanguage, card_language, choose_language
    from deckcheck.render import RenderOptions, is_failing, writer

    try:
        message_lang = choose_language(lang)
        names_lang = card_language(card_lang)
    except UnknownLanguage as error:
        raise UsageProblem(str(error)) from None
    # Machine-read outputs stay English unless --lang asks otherwise (README "Languages").
    render_lang = message_lang if run.output in ("text", "html") or lang is not None else "en"
    selection = _select(paths, run, found)
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

        from deckcheck.parse.files import DEFAULT_MAX_BYTES
        from deckcheck.render.html import read_source, source_lines

        stdin_data = stdin.read(DEFAULT_MAX_BYTES + 1)
        stdin, stdin_lines = io.BytesIO(stdin_data), source_lines(stdin_data)
        source = lambda path: stdin_lines if path == "-" else read_source(path)  # noqa: E731
    # So are folders that cannot be read (issue 12: never skipped silently).
    unreadable = dict(selection.unreadable)
    checker = _DeckChecker(run, packs, names_lang, rotation_days, unreadable, stdin)
    # Paths that do not exist, unreadable folders and standard input are checked
    # here; the deck files by a pool of processes when there are enough of them.
    database = _open_database(run.db)
    if database.notice and run.output == "text":
        typer.echo(f"deckcheck: {database.notice}", err=True)
    jobs = _jobs(jobs, len(selection.decks))
    # A SQLite connection must not cross a fork: the workers open their own,
    # and this process opens its own again after the fork.
    database.close()
    pool = _pool(checker, jobs, len(selection.decks))
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
            shared = [p for p in selection.decks if p != "-"]
            # The pool gives the results in the order of the paths: the report is the same.
            chunk = max(1, min(64, len(shared) // (jobs * 8)))
            checked = pool.imap(_check_in_worker, shared, chunksize=chunk)
        for number, path in enumerate((*selection.missing, *unreadable, *selection.decks)):
            progress.advance(path)
            if checked is not None and number >= len(selection.missing) + len(unreadable) and path != "-":
                result, problem = next(checked)
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
    finally:
        if pool is not None:
            pool.terminate()
    report.finish(skipped=tuple(path for path, _reason in selection.skipped))
    if usage_problem:
        return ExitCode.USAGE
    if failing:
        return ExitCode.ILLEGAL
    return ExitCode.LEGAL


class _DeckChecker:
    """Checks one deck path: everything a worker process needs (packs, the
    configuration, the database it opens itself)."""

    def __init__(self, run, packs: "_Packs", names_lang, rotation_days: int, unreadable: dict, stdin):
        self.run, self.packs, self.names_lang, self.rotation_days = run, packs, names_lang, rotation_days
        self.unreadable, self.stdin = unreadable, stdin
        self.database = None

    def check(self, path: str):
        """(the deck's result, the problem that made its format unusable or None)."""
        from deckcheck.engine import check_deck
        from deckcheck.formats_info import absent_on
        from deckcheck.packs import PackError
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
                          rotation_days=self.rotation_days), None


# Decks per process below which a pool does not pay for its start.
_DECKS_PER_JOB = 150
_WORKER: Optional[_DeckChecker] = None


def _jobs(jobs: Optional[int], decks: int) -> int:
    """--jobs, or by default one process per core when there are enough decks."""
    if jobs is not None:
        return max(1, jobs)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, decks // _DECKS_PER_JOB))


def _pool(checker: _DeckChecker, jobs: int, decks: int):
    """A pool of ``jobs`` worker processes, forked before the parent opens the
    database (a SQLite connection must not cross a fork); None for one job.
    Where processes cannot be forked (Windows, and macOS's default), decks are
    checked in this process."""
    if jobs <= 1 or decks < 2:
        return None  # without importing multiprocessing (start-up: one deck in a pre-commit hook)
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    return multiprocessing.get_context("fork").Pool(min(jobs, decks), initializer=_start_worker, initargs=(checker,))


def _start_worker(checker: _DeckChecker) -> None:
    global _WORKER
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _WORKER = checker
    try:
        checker.database = _open_database(checker.run.db)
    except UsageProblem as problem:  # raised for each deck: a failing initializer is restarted forever
        checker.database = problem


def _check_in_worker(path: str):
    if isinstance(_WORKER.database, Exception):
        raise _WORKER.database
    result, problem = _WORKER.check(path)
    return result, None if problem is None else str(problem)


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


# -- fmt --------------------------------------------------------------------

@app.command("fmt")
def fmt(
    paths: List[str] = typer.Argument(..., help="Text deck lists, or folders of them; - reads standard input and writes the result to standard output."),
    check_only: bool = typer.Option(False, "--check", help="Write nothing; exit 1 when a file would change."),
    diff: bool = typer.Option(False, "--diff", help="Write nothing; show what would change as a unified diff."),
    format: Optional[str] = typer.Option(None, "--format", "-f", help="Format whose card pool decides which print a name-only line means (default as for check).", autocompletion=completion.formats),
    date: Optional[str] = typer.Option(None, "--date", help="Day for the format's card pool (YYYY-MM-DD)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default as for check)."),
    config: Optional[Path] = typer.Option(None, "--config", help="Use this configuration file instead of searching for one."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore configuration files."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="List the files skipped while walking folders because they are not decks, with the reason."),
    skip_non_decks: bool = SKIP_NON_DECKS_OPTION,
) -> None:
    """Rewrite text deck lists into one canonical form (PTCG Live sections, counts, set codes)."""
    try:
        run = _load_settings(config, no_config, format=format, date=date, db=db)
        code = _fmt(paths, run, check_only=check_only, diff=diff,
                    found=_Found(verbose=verbose, skip_non_decks=skip_non_decks))
    except UsageProblem as problem:
        raise _fail(str(problem))
    raise typer.Exit(code)


def _fmt(paths, run, *, check_only: bool, diff: bool, found: _Found = _Found()) -> ExitCode:
    from deckcheck.engine import resolve_options_for
    from deckcheck.fmt import layout, unambiguous_prints
    from deckcheck.packs import PackError
    from deckcheck.parse import parse_text
    from deckcheck.resolve import resolve_deck

    selection = _select(paths, run, found)
    nothing = _nothing_to_check(paths, run, selection, found)
    if nothing is not None:
        return nothing
    packs = _Packs(run)
    packs.check_configured()
    index, notice = _open_index(run.db)
    code = ExitCode.LEGAL
    changed = 0
    # A missing path is reported and the other lists are still formatted (exit code 2 at the end).
    for path in selection.missing:
        typer.echo(printable(f"deckcheck: error: {path}: no such file or directory"), err=True)
        code = ExitCode.USAGE
    for path, reason in selection.unreadable:
        typer.echo(printable(f"deckcheck: error: {path}: cannot read the folder: {reason}"), err=True)
        code = ExitCode.USAGE
    for path in selection.decks:
        if path != "-" and os.path.splitext(path)[1].lower() in (".yaml", ".yml", ".json"):
            if path in paths:
                typer.echo(printable(f"deckcheck: {path}: left as it is (fmt rewrites text deck lists, not YAML or JSON)"), err=True)
            continue
        stdin_data = _read_stdin_limited() if path == "-" else None
        source = _read_deck_text(path, stdin_data)
        if isinstance(source, str):  # a message: the file cannot be read as a deck
            typer.echo(printable(f"deckcheck: error: {source}"), err=True)
            code = ExitCode.USAGE
            continue
        text, original = source
        parsed = parse_text(text, path)
        try:
            pack = packs.for_deck(path, parsed.declared_format)
            day = _parse_date(run.date_for(path))
        except (PackError, UsageProblem) as error:
            typer.echo(printable(f"deckcheck: error: {path}: {error}"), err=True)
            code = ExitCode.USAGE
            continue
        options = resolve_options_for(pack, day, index)
        deck, _ = resolve_deck(parsed, index, options)
        result = layout(parsed, deck, text, prints=unambiguous_prints(parsed, index, options.allowed))
        if result.kept:
            what = _lines_label(result.kept, "is not a card line", "are not card lines")
            typer.echo(printable(f"deckcheck: {path}: {what}; kept as written at the top"), err=True)
        if result.unplaced:
            hint = " (build the card database: deckcheck db update)" if notice else ""
            what = _lines_label(result.unplaced, "is an unknown card", "are unknown cards")
            typer.echo(printable(f"deckcheck: {path}: {what} under no section header; kept at the top{hint}"), err=True)
        if (result.kept or result.unplaced) and code == ExitCode.LEGAL:
            code = ExitCode.ILLEGAL
        # A byte-order mark stays (the text fmt writes is UTF-8, as it was).
        new_bytes = (b"\xef\xbb\xbf" if original.startswith(b"\xef\xbb\xbf") else b"") + result.text.encode("utf-8")
        if path == "-" and not (check_only or diff):
            sys.stdout.write(result.text)
            continue
        if new_bytes == original:
            continue
        changed += 1
        if diff:
            import difflib

            old_text = original.decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
            sys.stdout.writelines(difflib.unified_diff(
                old_text.splitlines(keepends=True), result.text.replace("\r\n", "\n").splitlines(keepends=True),
                fromfile=f"{path} (original)", tofile=f"{path} (formatted)"))
        if check_only or diff or path == "-":
            typer.echo(printable(f"deckcheck: would reformat {path}"), err=True)
            if code == ExitCode.LEGAL:
                code = ExitCode.ILLEGAL
            continue
        target = _writable_target(path)
        if isinstance(target, str):
            typer.echo(printable(f"deckcheck: error: {target}"), err=True)
            code = ExitCode.USAGE
            continue
        try:
            _replace_atomically(target, new_bytes)
        except OSError as error:
            typer.echo(printable(f"deckcheck: error: {path}: cannot write: {error.strerror or error}"), err=True)
            code = ExitCode.USAGE
            continue
        typer.echo(printable(f"deckcheck: reformatted {path}"), err=True)
    if check_only and changed == 0 and code == ExitCode.LEGAL:
        typer.echo("deckcheck: every deck list is formatted", err=True)
    return code


def _lines_label(numbers, one: str, many: str) -> str:
    if len(numbers) == 1:
        return f"line {numbers[0]} {one}"
    return "lines " + ", ".join(str(n) for n in numbers) + f" {many}"


def _read_deck_text(path: str, stdin_data: Optional[bytes]):
    """(the text with its own line ends, the bytes read) or a message why it is no text deck list."""
    import io

    from deckcheck.parse import read_deck

    parsed = read_deck(path, stdin=io.BytesIO(stdin_data) if stdin_data is not None else None)
    unreadable = [f for f in parsed.findings if f.rule == "unreadable"]
    if unreadable:
        return unreadable[0].message
    try:
        data = stdin_data if stdin_data is not None else Path(path).read_bytes()
    except OSError as error:
        return f"{path}: cannot read: {error.strerror or error}"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return f"{path}: fmt rewrites UTF-8 deck lists only; save it as UTF-8 first"
    return text, data


def _read_stdin_limited() -> bytes:
    """Standard input, at most one byte more than ``check -`` reads (read_deck then refuses it as too large)."""
    from deckcheck.parse.files import DEFAULT_MAX_BYTES, _read_limited

    return _read_limited(sys.stdin.buffer, DEFAULT_MAX_BYTES + 1)


def _writable_target(path: str) -> "Path | str":
    """The file to replace when formatting ``path`` (the target of a symbolic link),
    or a message why it is left alone.

    A rename puts a new file in place: it would break hard links, and take the
    owner of whoever runs fmt. So fmt refuses a file it may not write (read-only:
    its owner said not to change it), a file with other hard links, and a file it
    cannot give back to its owner, rather than write around any of them."""
    import stat as stat_module

    target = Path(os.path.realpath(path))
    try:
        info = target.stat()
    except OSError as error:
        return f"{path}: cannot write: {error.strerror or error}"
    if not stat_module.S_ISREG(info.st_mode):
        return f"{path}: not a regular file; left as it is"
    if not os.access(target, os.W_OK) or not info.st_mode & (stat_module.S_IWUSR | stat_module.S_IWGRP | stat_module.S_IWOTH):
        return f"{path}: the file is read-only; left as it is (make it writable to format it)"
    if info.st_nlink > 1:
        return f"{path}: the file has {info.st_nlink} hard links, which a rewrite would break; left as it is"
    return target


def _replace_atomically(path: Path, data: bytes) -> None:
    """Write a sibling temporary file and rename it over ``path``: a reader (or a
    crash) sees the old list or the new one, never half of one. The new file
    keeps the old one's mode, and its owner and group (or fmt refuses)."""
    import shutil
    import tempfile

    handle = tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=f".{path.name}.", suffix=".tmp", delete=False)
    try:
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        shutil.copymode(path, handle.name)
        old = path.stat()
        new = os.stat(handle.name)
        if (new.st_uid, new.st_gid) != (old.st_uid, old.st_gid) and hasattr(os, "chown"):
            try:
                os.chown(handle.name, old.st_uid, old.st_gid)
            except PermissionError:
                raise PermissionError("the file belongs to another user, and a rewrite would take it over; "
                                      "left as it is") from None
        os.replace(handle.name, path)
    except BaseException:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (default: this machine only)."),
    port: int = typer.Option(8000, "--port", help="Port to listen on (0: any free port)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Default language of the page and the messages: en, de, pt, fr, es or it (default: the locale).", autocompletion=completion.message_languages),
    config: Optional[Path] = typer.Option(None, "--config", help="Use this configuration file (for db and packs) instead of searching for one."),
    no_config: bool = typer.Option(False, "--no-config", help="Ignore configuration files."),
) -> None:
    """A local web page to paste a deck list and see its verdict, and POST /api/check answering the JSON report."""
    try:
        from deckcheck.serve import Checker, bind, run
    except ImportError as error:
        raise _fail(f"deckcheck serve needs the web server ({error.name}): pip install 'deckcheck[serve]'")
    from deckcheck.carddb.sqlite import DatabaseError
    from deckcheck.i18n import UnknownLanguage, choose_language

    try:
        settings = _load_settings(config, no_config, db=db)
        message_lang = choose_language(lang)
        checker = Checker(settings.db, tuple(str(p) for p in settings.config.packs), message_lang)
        sock = bind(host, port)
    except (UsageProblem, UnknownLanguage, DatabaseError) as problem:
        raise _fail(str(problem))
    except OSError as error:
        raise _fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    run(checker, sock)


# -- db ---------------------------------------------------------------------

# The phases of the slow db commands, as deckcheck.progress.Phases shows them.
PHASES = {
    "download": "Downloading the card dataset",
    "verify": "Verifying the archive (SHA-256)",
    "import": "Importing the cards",
    "names-download": "Downloading the card names",
    "names-read": "Reading the card names",
    "names-map": "Matching the names to the cards",
    "names-write": "Writing the card names",
    "tcgdex": "Downloading the TCGdex set list",
    "tcgdex-cards": "Fetching new cards from TCGdex",
    "cards": "Reading the card database",
    "lint": "Linting the packs",
}

@db_app.command("import")
def db_import(
    sources: List[Path] = typer.Argument(..., help="A checkout (folder) or .zip of the pokemontcg.io dataset (cards/en/*.json, sets/en.json), or a TCGdex export laid out like its API (v2/en/sets/, v2/en/cards/). More than one: the first is filled in from the others (the sets it lacks or has short)."),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to write (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Build the card database from a copy of the pokemontcg.io dataset and/or a TCGdex export."""
    from deckcheck.carddb.build import build_database
    from deckcheck.carddb.sources.merge import open_sources
    from deckcheck.carddb.sqlite import DatabaseError

    dest = _db_path(_configured_db(db, config, no_config))
    for source in sources:
        if not source.exists():
            raise _fail(f"{source} does not exist")
    try:
        with Phases(PHASES) as phases:
            info = build_database(open_sources(sources), dest,
                                  source_label=" + ".join(str(source.resolve()) for source in sources),
                                  progress=phases, phase=phases.phase)
    except DatabaseError as error:
        raise _fail(str(error))
    typer.echo(f"Imported {info.cards} cards from {info.sets} sets into {dest}")
    typer.echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
    if len(sources) > 1:
        _echo_source_shares(info)


def _echo_source_shares(info) -> None:
    """One line per card source: how many cards and sets came from it, and its newest set."""
    for name, share in info.sources.items():
        label = SOURCE_LABELS.get(name, name)
        newest = f", newest {share.newest_set_name} ({share.newest_set_code or '-'}, {share.newest_set_date})" \
            if share.newest_set_name else ""
        typer.echo(f"  from {label}: {share.cards} cards in {share.sets} sets{newest}")


SOURCE_LABELS = {"pokemontcg": "pokemontcg.io", "tcgdex": "TCGdex"}


@db_app.command("update")
def db_update(
    url: Optional[str] = typer.Option(None, "--url", help="Dataset archive to fetch (http(s):// or file://). Default: the pokemontcg.io dataset's zip."),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to replace (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
    sha256: Optional[str] = typer.Option(None, "--sha256", help="Expected SHA-256 of the archive (hex)."),
    force: bool = typer.Option(False, "--force", help="Download even if unchanged, and accept a smaller dataset."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds to wait on the network before giving up."),
    lang: Optional[str] = typer.Option(None, "--lang", help="Also fetch the card names in these languages from TCGdex: de, fr, es, it, pt (comma-separated) or all.", autocompletion=completion.name_languages),
    names_url: Optional[str] = typer.Option(None, "--names-url", help="TCGdex API base URL for --lang (default: https://api.tcgdex.net)."),
    card_source: Optional[str] = typer.Option(None, "--source", help="Where the cards come from: pokemontcg (the dataset archive), tcgdex (the TCGdex API) or both (the archive, filled in from TCGdex with the sets it lacks or has short). Default: both; with --url and no --tcgdex-url, pokemontcg (a mirror of the dataset alone)."),
    tcgdex_url: Optional[str] = typer.Option(None, "--tcgdex-url", help="TCGdex API base URL for the cards (default: https://api.tcgdex.net; a mirror laid out like it)."),
) -> None:
    """Download the newest card dataset and replace the database atomically."""
    from deckcheck.carddb.sqlite import DatabaseError
    from deckcheck.carddb.update import (DEFAULT_DATASET_URL, SOURCES, check_sha256, check_url, update_database,
                                         valid_timeout)
    from deckcheck.i18n import UnknownLanguage, parse_languages

    if names_url is not None and lang is None:
        raise _fail("--names-url needs --lang")
    if card_source is None:
        # A dataset mirror given alone (offline set-ups, CI caches) is used alone.
        card_source = "pokemontcg" if url is not None and tcgdex_url is None else "both"
    if card_source not in SOURCES:
        raise _fail(f"--source must be one of {', '.join(SOURCES)}, not {card_source!r}")
    if tcgdex_url is not None and card_source == "pokemontcg":
        raise _fail("--tcgdex-url needs --source tcgdex or both")
    if not valid_timeout(timeout):
        raise _fail(f"--timeout must be a number of seconds greater than 0, not {timeout:g}")
    try:
        langs = parse_languages(lang) if lang is not None else ()
    except UnknownLanguage as error:
        raise _fail(str(error))
    dest = _db_path(_configured_db(db, config, no_config))
    source = url or DEFAULT_DATASET_URL
    try:
        # Before anything is downloaded: a URL that cannot be parsed, a --sha256 that is no
        # SHA-256, each one line and exit 2.
        for checked in ((source,) if card_source != "tcgdex" else ()) + ((tcgdex_url,) if tcgdex_url else ()):
            check_url(checked)
        check_sha256(sha256)
    except DatabaseError as error:
        raise _fail(f"update failed, the installed database is unchanged: {error}")
    labels = {**PHASES, "download": f"Downloading {source}"}
    # Off a terminal, one line per phase (and the download's size): CI logs show where it is.
    with Phases(labels, lines=True) as phases:
        try:
            result = update_database(source, dest, timeout=timeout, sha256=sha256, force=force, progress=phases,
                                     phase=phases.phase, source=card_source, tcgdex_url=tcgdex_url,
                                     tcgdex_progress=phases.counter("tcgdex-cards", "cards"))
        except DatabaseError as error:
            raise _fail(f"update failed, the installed database is unchanged: {error}")
    info = result.info
    if not result.changed:
        typer.echo(f"The card database is up to date ({info.cards} cards, newest set {info.newest_set_name}).")
    else:
        typer.echo(f"Installed {info.cards} cards from {info.sets} sets into {dest}")
        typer.echo(f"Newest set: {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
        if card_source == "both":
            _echo_source_shares(info)
        if result.tcgdex:
            typer.echo(f"TCGdex requests: {result.tcgdex.get('set', 0)} sets, {result.tcgdex.get('card', 0)} cards")
    if langs:
        from deckcheck.carddb.translations import DEFAULT_NAMES_URL, import_names

        base = names_url or DEFAULT_NAMES_URL
        labels = {**PHASES, "names-download": f"Downloading the card names ({', '.join(langs)}) from {base}"}
        with Phases(labels, lines=True) as phases:
            try:
                names = import_names(base, dest, langs, timeout=timeout, progress=phases, phase=phases.phase)
            except DatabaseError as error:
                raise _fail(f"the card names were not updated (the cards were): {error}")
        for line in names.lines():
            typer.echo(line)


@db_app.command("import-names")
def db_import_names(
    folder: Path = typer.Argument(..., help="A TCGdex export: the folder that holds v2/{lang}/cards.json and sets.json, or that v2 folder itself."),
    lang: str = typer.Option("all", "--lang", help="Languages to import: de, fr, es, it, pt (comma-separated) or all.", autocompletion=completion.name_languages),
    db: Optional[Path] = typer.Option(None, "--db", help="Database file to add the names to (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Add card names in other languages (from TCGdex) to the card database."""
    from deckcheck.carddb.sqlite import DatabaseError
    from deckcheck.carddb.translations import import_names
    from deckcheck.i18n import UnknownLanguage, parse_languages

    try:
        langs = parse_languages(lang)
    except UnknownLanguage as error:
        raise _fail(str(error))
    if not folder.is_dir():
        raise _fail(f"{folder} is not a folder")
    try:
        with Phases(PHASES) as phases:
            result = import_names(folder, _db_path(_configured_db(db, config, no_config)), langs,
                                  progress=phases, phase=phases.phase)
    except DatabaseError as error:
        raise _fail(f"import failed, the installed database is unchanged: {error}")
    for line in result.lines():
        typer.echo(line)
    typer.echo(f"{result.names} names in {result.path}")


@db_app.command("check-sources")
def db_check_sources(
    pokemontcg: Path = typer.Argument(..., help="A copy (folder or .zip) of the pokemontcg.io dataset."),
    tcgdex: Path = typer.Argument(..., help="A TCGdex export laid out like its API (v2/en/sets/, v2/en/cards/)."),
    digest: bool = typer.Option(False, "--digest", help="Also compare the game-text digests, naming the parts that differ."),
) -> None:
    """List the cards both sources have whose rule facts differ (name, flags, Trainer kind, mark, set code, limit)."""
    from deckcheck.carddb.consistency import FACTS, STRICT_FACTS, compare, digest_parts, source_cards
    from deckcheck.carddb.sqlite import DatabaseError

    try:
        left, right = source_cards(pokemontcg, digest), source_cards(tcgdex, digest)
    except DatabaseError as error:
        raise _fail(str(error))
    both = len({card.id for card in left} & {card.id for card in right})
    found = compare(left, right, FACTS if digest else STRICT_FACTS)
    for difference in found:
        if difference.fact == "text_hash":
            typer.echo(f"{difference.card_id}  text_hash: differs in {', '.join(digest_parts(difference))}")
            continue
        typer.echo(f"{difference.card_id}  {difference.fact}: pokemontcg.io {difference.left!r}, "
                   f"TCGdex {difference.right!r}")
    typer.echo(f"{both} cards in both sources; {len(found)} differences in {len({d.card_id for d in found})} cards.")


@db_app.command("info")
def db_info(
    db: Optional[Path] = typer.Option(None, "--db", help="Database file (default: $DECKCHECK_DB, the configuration's db, or the user data directory)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Show what card database is installed."""
    from deckcheck.carddb.sqlite import DatabaseError, database_info

    db = _configured_db(db, config, no_config)
    path = _db_path(db)
    if not path.exists():
        from deckcheck.carddb.catalogue import load_catalogue

        try:  # a database named (--db, $DECKCHECK_DB, db:) must exist, as for check
            _open_database(db)
        except UsageProblem as problem:
            raise _fail(str(problem))
        typer.echo(f"No card database at {path}.")
        typer.echo(f"The built-in catalogue is used instead ({len(load_catalogue().cards)} rule-relevant cards).")
        typer.echo("Build the full database with: deckcheck db update (or deckcheck db import PATH)")
        return
    try:
        info = database_info(path)
    except DatabaseError as error:
        raise _fail(str(error))
    typer.echo(f"Database:    {path}")
    typer.echo(f"Cards:       {info.cards}")
    typer.echo(f"Sets:        {info.sets}")
    typer.echo(f"Newest set:  {info.newest_set_name} ({info.newest_set_code or '-'}, {info.newest_set_date})")
    typer.echo(f"Source:      {info.source}")
    for name, share in info.sources.items():
        newest = f"; newest {share.newest_set_name} ({share.newest_set_code or '-'}, {share.newest_set_date})" \
            if share.newest_set_name else ""
        typer.echo(f"  {SOURCE_LABELS.get(name, name) + ':':<14} {share.sets} sets, {share.cards} cards{newest}")
    typer.echo(f"Imported at: {info.imported_at}")
    for key in ("etag", "last_modified"):
        if info.meta.get(key):
            typer.echo(f"{key.replace('_', ' ').capitalize() + ':':<14} {info.meta[key]}")
    from deckcheck.carddb.translations import names_info

    names = names_info(path)
    if names:
        typer.echo(f"Names:       {', '.join(f'{code} {count}' for code, count in names.items())}")


# -- formats and rules ------------------------------------------------------

def _extra_pack_dirs(config_path: Optional[Path], no_config: bool) -> tuple[str, ...]:
    run = _load_settings(config_path, no_config)
    return tuple(str(p) for p in run.config.packs)


@formats_app.command("list")
def formats_list(config: Optional[Path] = CONFIG_OPTION, no_config: bool = NO_CONFIG_OPTION) -> None:
    """List the format packs that can be used, with the dates each covers."""
    from deckcheck.formats_info import describe_range
    from deckcheck.packs import PackError, available_packs, load_pack

    try:
        extra = _extra_pack_dirs(config, no_config)
    except UsageProblem as problem:
        raise _fail(str(problem))
    for name, path in available_packs(extra).items():
        try:
            pack = load_pack(str(path), extra)
        except PackError as error:
            typer.echo(f"{name:<15} (broken: {error})")
            continue
        typer.echo(f"{name:<15} {describe_range(pack):<40} {pack.description}")


@formats_app.command("show")
def formats_show(
    name: str = typer.Argument(..., help="Format name or pack file.", autocompletion=completion.formats),
    date: Optional[str] = typer.Option(None, "--date", help="Show what is in force on this day (YYYY-MM-DD). Default: today."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database that names the banned prints (default as for check)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Show the rules and the card pool of a format on a day."""
    from deckcheck.formats_info import banned_ids, describe_range, in_force_on
    from deckcheck.packs import PackError, load_pack

    try:
        day = _parse_date(date)
        run = _load_settings(config, no_config, db=db)
        pack = load_pack(name, tuple(str(p) for p in run.config.packs))
        ids = banned_ids(pack)
        cards = _card_labels(_open_index(run.db)[0], ids) if ids else {}
    except (UsageProblem, PackError) as error:
        raise _fail(str(error))
    typer.echo(f"{pack.name} on {day.isoformat()}: {pack.description}")
    typer.echo(f"covers: {describe_range(pack)}" + (f"; extends {' -> '.join(pack.chain[1:])}" if len(pack.chain) > 1 else ""))
    for rule_id, text in in_force_on(pack, day, cards):
        first, *rest = text.splitlines()
        typer.echo(f"  {rule_id:<14} {first}")
        for line in rest:
            typer.echo(f"  {'':<14} {line}")


def _card_labels(index, ids) -> dict:
    """Dataset id -> (name, set code, number) of the cards ``ids`` names that ``index`` has."""
    catalogue = getattr(index, "cards", None)
    if catalogue is not None:
        return {c.id: (c.name, c.set_code, c.number) for c in catalogue if c.id in ids}
    import sqlite3

    wanted = sorted(ids)
    connection = sqlite3.connect(f"{Path(index.path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = connection.execute(f"SELECT id, name, set_code, number FROM cards WHERE id IN "
                                  f"({', '.join('?' * len(wanted))})", wanted).fetchall()
    except sqlite3.Error:
        return {}
    finally:
        connection.close()
    return {card_id: (name, code, number) for card_id, name, code, number in rows}


@formats_app.command("lint")
def formats_lint(
    paths: List[str] = typer.Argument(..., help="Pack files, or names of installed packs (standard), to check."),
    db: Optional[Path] = typer.Option(None, "--db", help="Card database whose sets, cards and marks the packs may name (default as for check)."),
    config: Optional[Path] = CONFIG_OPTION,
    no_config: bool = NO_CONFIG_OPTION,
) -> None:
    """Check pack files: schema, extends, dates in order, known sets, cards and marks. Problems name file and line.

    Exit code 1 when a pack has an error, 2 when a file cannot be opened."""
    from deckcheck.formats_info import lint_pack
    from deckcheck.packs import PackError, find_pack, load_pack

    try:
        run = _load_settings(config, no_config, db=db)
        extra = tuple(str(p) for p in run.config.packs)  # packs may extend packs of the configured folders
        index, _notice = _open_index(run.db)
    except UsageProblem as problem:
        raise _fail(str(problem))
    with Phases(PHASES) as phases:  # the full database takes a second or two to read
        phases.phase("cards")
        cards = list(getattr(index, "cards", ()) or _all_cards(index))
    known = dict(known_sets={c.set_id for c in cards}, known_ids={c.id for c in cards},
                 known_marks={c.regulation_mark for c in cards if c.regulation_mark})
    if not hasattr(index, "path"):
        known["known_ids"] = None  # the built-in catalogue holds only some cards
    failed = unopened = False
    for name in paths:
        try:
            path = find_pack(name, extra)  # a pack name means the installed pack's file
            text = path.read_text(encoding="utf-8-sig")
        except PackError as error:
            unopened = True
            typer.echo(printable(f"deckcheck: error: {error}"), err=True)
            continue
        except (OSError, UnicodeDecodeError) as error:
            unopened = True
            reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text"
            typer.echo(printable(f"deckcheck: error: {name}: cannot read the pack file: {reason}"), err=True)
            continue
        try:
            load_pack(str(path), extra)
            problems = lint_pack(str(path), text, extra_dirs=extra, **known)
        except PackError as error:
            failed = True
            # Every schema error of the pack, each with its line (the load stops at the first).
            from deckcheck.formats_info import pack_schema_problems

            for problem in pack_schema_problems(str(path), text) or [error]:
                typer.echo(f"{problem}", err=True)
            continue
        for problem in problems:
            typer.echo(str(problem), err=True)
        failed = failed or any(p.level == "error" for p in problems)
        if not problems:
            typer.echo(f"{path}: ok")
    # Every pack is linted before the exit code is chosen; a file that cannot be opened is a usage problem.
    raise typer.Exit(ExitCode.USAGE if unopened else ExitCode.ILLEGAL if failed else ExitCode.LEGAL)


def _all_cards(index):
    from deckcheck.carddb.sqlite import iter_cards

    return iter_cards(index.path)


@app.command("rules")
def rules_list() -> None:
    """List the rule kinds a pack can use, with a legal and an illegal example."""
    from deckcheck.rules import KINDS

    for name, kind in KINDS.items():
        typer.echo(f"{name}: {kind.description}")
        examples = getattr(kind, "examples", {})
        for label in ("legal", "illegal"):
            if examples.get(label):
                typer.echo(f"  {label}:")
                for line in examples[label].strip().splitlines():
                    typer.echo(f"    {line}")
        typer.echo("")


def _robust_output() -> None:
    """Reports hold ✖, → and Pokémon: where standard output cannot encode them
    (PYTHONIOENCODING=cp1252, a legacy Windows console, LANG=C) they become
    ``?`` instead of a UnicodeEncodeError that loses the whole report."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or getattr(stream, "errors", None) not in ("strict", None):
            continue  # stderr already has backslashreplace, or the stream is no text file
        try:
            reconfigure(errors="replace")
        except (ValueError, OSError):  # closed or detached: nothing will be printed there anyway
            pass


class OutputError(Exception):
    """Standard output (or error) cannot be written: a full disk, a closed pipe or stream."""

    def __init__(self, stream: str, error: OSError):
        super().__init__(f"cannot write to {stream}: {error.strerror or error}")


class _GuardedStream:
    """A standard stream whose write errors become :class:`OutputError`: an
    OSError would be taken for a problem with a deck or a database file (and
    Typer turns a broken pipe into exit code 1, the code of an illegal deck)."""

    def __init__(self, stream, name: str):
        self._stream = stream
        self._name = name

    def write(self, text):
        try:
            return self._stream.write(text)
        except OSError as error:
            raise OutputError(self._name, error) from error

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            raise OutputError(self._name, error) from error

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class _ClosedStream:
    """What a standard stream that was closed when deckcheck started (``>&-``) becomes."""

    closed = False
    encoding = "utf-8"
    errors = "replace"

    def write(self, text):
        import errno

        raise OSError(errno.EBADF, "the stream is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def _guard_standard_streams() -> None:
    """A closed standard input reads as empty; writes to a closed or failing
    standard output end the run with one line and exit code 2."""
    import io

    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = _ClosedStream()
    if sys.stderr is None:
        sys.stderr = io.StringIO()  # nowhere to say anything: the exit code must tell
    sys.stdout = _GuardedStream(sys.stdout, "standard output")
    sys.stderr = _GuardedStream(sys.stderr, "standard error")


def _silence_stdout() -> None:
    """After a failed write, what is still buffered would fail again at exit
    ("Exception ignored ..."): standard output goes to the null device."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)
    except OSError:
        pass


def _say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except Exception:  # standard error itself cannot be written: the exit code says it
        pass


def _where(error: BaseException) -> str:
    """The innermost place in deckcheck's own code the error passed through."""
    import traceback

    package = os.path.dirname(os.path.abspath(__file__))
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if os.path.abspath(f.filename).startswith(package + os.sep)] or frames
    if not ours:
        return "?"
    frame = ours[-1]
    shown = os.path.relpath(frame.filename, os.path.dirname(package)).replace(os.sep, "/")
    return f"{shown}:{frame.lineno} in {frame.name}"


def _take_debug_flag(argv: list[str]) -> bool:
    """``--debug`` anywhere before ``--``: taken out, so every command accepts it."""
    end = argv.index("--") if "--" in argv else len(argv)
    if "--debug" not in argv[1:end]:
        return False
    argv[1:end] = [arg for arg in argv[1:end] if arg != "--debug"]
    return True


def main() -> None:
    """The entry point: exit codes scripts can trust (README "Exit codes").

    An unexpected error is never a traceback with exit code 1 (the code of an
    illegal deck): one line says what and where, and the exit code is 2;
    ``--debug`` shows the traceback too."""
    debug = _take_debug_flag(sys.argv)
    _robust_output()
    _guard_standard_streams()
    code: object = 0
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # a full disk shows here, not as a warning at exit
    except SystemExit as exit_:
        code = _interrupted() if exit_.code == 130 else exit_.code
    except KeyboardInterrupt:
        code = _interrupted()
    except OutputError as error:
        _silence_stdout()
        _say(f"deckcheck: error: {error}")
        code = ExitCode.USAGE
    except Exception as error:  # noqa: BLE001 - the one place every unexpected error ends
        known = _known_problem(error)
        if known is not None and not debug:
            _say(f"deckcheck: error: {printable(known)}")
            code = ExitCode.USAGE
        else:
            code = _internal_error(error, debug)
    try:
        sys.stdout.flush()
    except OutputError as error:
        _silence_stdout()
        _say(f"deckcheck: error: {error}")
        code = ExitCode.USAGE
    sys.exit(code)


def _known_problem(error: Exception) -> Optional[str]:
    """The message of an error that is the card database's, not deckcheck's: a
    file damaged past what opening it showed (every sqlite3 error ends here)."""
    import sqlite3

    from deckcheck.carddb.errors import DatabaseError

    if isinstance(error, DatabaseError):
        return str(error)
    if isinstance(error, sqlite3.Error):
        return (f"the card database cannot be read ({error}); rebuild it with deckcheck db update "
                "(or deckcheck db import PATH)")
    return None


def _internal_error(error: Exception, debug: bool) -> ExitCode:
    if debug:
        import traceback

        traceback.print_exc()
    what = str(error).splitlines()[0][:300] if str(error) else ""
    _say(printable(f"deckcheck: internal error: {type(error).__name__}{': ' + what if what else ''} "
                   f"(at {_where(error)})" + ("" if debug else "; run with --debug for the traceback")))
    return ExitCode.USAGE


def _interrupted() -> int:
    """Ctrl-C (Typer turns it into exit code 130, silently): one line. A ``db``
    command ends with 2, as the README promises: its changes are atomic, so the
    installed database is as it was."""
    if sys.argv[1:2] == ["db"]:
        _say("deckcheck: error: interrupted; the installed database is unchanged")
        return ExitCode.USAGE
    _say("deckcheck: interrupted")
    return 130
