"""What the commands share: the Typer classes of deckcheck's usage lines, the one-line
usage errors, the configuration under the command line, the shared options, and
which files of the paths given are decks (``check`` and ``fmt``).

Only cheap modules are imported at the top: every command module is imported when
the application is built, so module-level work here is paid by every run."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import typer
import typer.core

from deckcheck.cli.streams import echo
from deckcheck.core.printable import printable
from deckcheck.errors import DeckcheckError, ExitCode
from deckcheck.render import FAIL_ON, OUTPUTS


class UsageProblem(DeckcheckError):
    """Exit code 2 with a one-line message (configuration, pack or database)."""


class Command(typer.core.TyperCommand):
    """Usage lines as the README writes them (``deckcheck check [OPTIONS] PATHS...``):
    an argument's metavar is its name in capitals, ``...`` when it takes many,
    in brackets when optional, instead of Typer's ``{paths}...``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, typer.core.TyperArgument) and param.metavar is None:
                param.metavar = (param.name or "").upper() + ("..." if param.nargs != 1 else "")

    def collect_usage_pieces(self, ctx) -> list[str]:
        pieces: list[str] = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, typer.core.TyperArgument):
                pieces.append(str(param.metavar) if param.required else f"[{param.metavar}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class Typer(typer.Typer):
    """A Typer whose commands have the usage lines of :class:`Command`."""

    def command(self, *args, cls=None, **kwargs):
        return super().command(*args, cls=cls or Command, **kwargs)


def fail(message: str) -> typer.Exit:
    """The usage error ``message`` on standard error; raise what it returns (exit code 2)."""
    echo(printable(f"deckcheck: error: {message}"), err=True)
    return typer.Exit(ExitCode.USAGE)


CONFIG_OPTION = typer.Option(None, "--config", help="Use this configuration file instead of searching for one.")
NO_CONFIG_OPTION = typer.Option(False, "--no-config", help="Ignore configuration files.")
SKIP_NON_DECKS_OPTION = typer.Option(
    False,
    "--skip-non-decks",
    help="Judge the files named on the command line as a folder walk does, skipping those that are not decks "
    "(the pre-commit hooks pass every staged file).",
)


def db_path(db: Path | None) -> Path:
    """The database file a command writes or reads: ``db``, else the default place."""
    if db is not None:
        return db
    from deckcheck.carddb.paths import default_db_path

    return default_db_path()


def configured_db(db: Path | None, config: Path | None, no_config: bool) -> Path | None:
    """The database a command uses: --db, else $DECKCHECK_DB, else the configuration's
    ``db:``, else None (the user data directory), the same for every command."""
    try:
        return load_settings(config, no_config, db=db).db
    except UsageProblem as problem:
        raise fail(str(problem))


def parse_date(value: str | None):
    """``--date`` as a day (None: today), or :class:`UsageProblem`."""
    from deckcheck.session import BadDate, parse_day

    try:
        return parse_day(value, "--date")
    except BadDate as error:
        raise UsageProblem(str(error)) from None


def open_database(db: Path | None):
    """The imported database when there is one, else the built-in catalogue (deckcheck.session)."""
    from deckcheck import session
    from deckcheck.carddb.errors import DatabaseError

    try:
        return session.open_database(db)
    except DatabaseError as error:
        raise UsageProblem(str(error)) from None


def open_index(db: Path | None):
    """(the card index, the notice about it) of the database ``db``."""
    from deckcheck.session import card_index

    database = open_database(db)
    return card_index(database), database.notice


def load_settings(config_path: Path | None, no_config: bool, **command_line):
    """The configuration file (found from the working directory) under the command line."""
    from deckcheck.project.config import Config, ConfigError, load_config, settings

    output, fail_on = command_line.get("output"), command_line.get("fail_on")
    if output is not None and output not in OUTPUTS:
        raise UsageProblem(f"--output must be one of {', '.join(OUTPUTS)}, not '{output}'")
    if fail_on is not None and fail_on not in FAIL_ON:
        raise UsageProblem(f"--fail-on must be 'error' or 'warning', not '{fail_on}'")
    if command_line.get("date") is not None:
        parse_date(command_line["date"])
    if config_path is not None and no_config:
        raise UsageProblem("--config and --no-config cannot be used together")
    cwd = Path.cwd()
    try:
        found = Config(root=cwd) if no_config else load_config(cwd, explicit=config_path)
        return settings(found, cwd=cwd, **command_line)
    except ConfigError as error:  # a bad file, or a bad --exclude pattern
        raise UsageProblem(str(error)) from None


class Found(NamedTuple):
    """How the files given are turned into decks (README "What counts as a deck")."""

    verbose: bool = False  # list the skipped files on standard error
    skip_non_decks: bool = False  # named files are judged like files found in a folder


def select(paths, run, found: Found, jobs: int | None = 1):
    """The decks of the paths given; warnings and (with --verbose) the skipped files on standard error.
    The files met while walking folders are judged in ``jobs`` processes (None: by the number of files)."""
    from deckcheck.project.discover import select_decks
    from deckcheck.session import judge_files

    selection = select_decks(
        paths, run, skip_non_decks=found.skip_non_decks, judge=lambda files: judge_files(files, jobs)
    )
    for warning in selection.warnings:
        echo(f"deckcheck: warning: {warning}", err=True)
    if found.verbose:
        for path, reason in selection.skipped:
            echo(f"deckcheck: skipped {path}: not a deck: {reason}", err=True)
    return selection


def nothing_to_check(paths, run, selection, found: Found) -> ExitCode | None:
    """The exit code when no deck is left to check (None when there are decks or missing paths)."""
    if selection.decks or selection.missing or selection.unreadable:
        return None
    if selection.excluded:
        echo(f"deckcheck: nothing to check: {excluded_text(selection.excluded, run)}", err=True)
        return ExitCode.LEGAL
    skipped = len(selection.skipped)
    if skipped and found.skip_non_decks:
        # The pre-commit hooks: a commit of a README or a CI workflow has no deck to check.
        # Exit 0, but say so (issue 24: it printed nothing at all).
        echo(f"deckcheck: nothing to check: {skipped_text(selection.skipped, found)}", err=True)
        return ExitCode.LEGAL
    if skipped:
        files = "file" if skipped == 1 else "files"
        more = "" if found.verbose else " (--verbose lists them)"
        raise UsageProblem(f"no decks found in {', '.join(paths)}: the {skipped} {files} found are not decks{more}")
    raise UsageProblem(f"no deck files found in {', '.join(paths)}")


def skipped_text(skipped, found: Found) -> str:
    """Why the files named are not checked: they are no decks (the first one's reason)."""
    first, reason = skipped[0]
    more = "" if found.verbose else "; --verbose lists the reasons"
    if len(skipped) == 1:
        return f"{first} is not a deck ({reason})"
    return f"the {len(skipped)} files given are not decks ({first}: {reason}{more})"


def excluded_text(excluded, run) -> str:
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
