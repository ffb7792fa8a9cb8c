"""What the commands share: the Typer classes of deckcheck's usage lines, the one-line
usage errors, the configuration under the command line, the shared options, and
which files of the paths given are decks (``check`` and ``fmt``).

Only cheap modules are imported at the top: every command module is imported when
the application is built, so module-level work here is paid by every run."""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import typer
import typer.core

from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.paths import default_db_path
from deckcheck.cli.streams import echo
from deckcheck.core.printable import printable
from deckcheck.errors import DeckcheckError, ExitCode
from deckcheck.i18n import (
    N_,
    Phrase,
    UnknownLanguage,
    argv_language,
    choose_language,
    language_from_environment,
    localize,
    message_of,
    ngettext,
    problem_text,
    translator,
)
from deckcheck.render import FAIL_ON, OUTPUTS


class UsageProblem(DeckcheckError):
    """Exit code 2 with a one-line message (configuration, pack or database)."""


# -- --help in the message language ------------------------------------------------
# Typer reads the help texts (marked N_) when the application is built, and click formats them;
# deckcheck.cli.application() sets the language first (message_language(): --lang on the command
# line, else the locale), and the commands and groups Typer makes translate their texts as they
# are made, the headings and [required]/[default: ...] as they are written. English loads no catalogue.
_HELP = {"lang": "en"}
_HELP_PHRASES: dict[str, Phrase] = {}
# TRANSLATORS: click's and Typer's own words in --help ("Usage:" starts the usage line).
_THEIR_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("required"),
    N_("default: {default}"),
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
)


def set_help_language(lang: str) -> None:
    """The language of the help texts of the commands built from now on."""
    _HELP["lang"] = lang


def help_text(template: str, **params: object) -> str:
    """A help text with parameters (its template marked with ``N_``): English, translated as
    the other help texts are (``help=help_text(N_("Report format: {outputs} ..."), outputs=...)``)."""
    phrase = Phrase(template, **params)
    _HELP_PHRASES[str(phrase)] = phrase
    return str(phrase)


def _help_translator():
    if _HELP["lang"] == "en":
        return None
    return translator(_HELP["lang"])


def _translated(text: str, tr) -> str:
    phrase = _HELP_PHRASES.get(text)
    return phrase.localize(tr) if phrase is not None else tr.gettext(text)


# Typer's "  [default: 30.0; required]" after a help text; only --help needs it, compiled by `re` then.
_EXTRAS = r"  \[([^\[\]]*)\]$"


_Formatter: Any = typer.Context.formatter_class  # click's (Typer's own copy of click since 0.28)


class _HelpFormatter(_Formatter):
    """click's formatter, with its headings and Typer's [required]/[default: ...] in the help language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        tr = _help_translator()
        if prefix is None and tr is not None:
            prefix = tr.gettext("Usage:") + " "
        super().write_usage(prog, args, prefix)

    def section(self, name: str):
        tr = _help_translator()
        return super().section(tr.gettext(name) if tr is not None else name)

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        tr = _help_translator()
        if tr is not None:
            rows = [(term, re.sub(_EXTRAS, lambda m: f"  [{_extras(m[1], tr)}]", text)) for term, text in rows]
        super().write_dl(rows, col_max, col_spacing)


def _extras(text: str, tr) -> str:
    parts = []
    for part in text.split("; "):
        if part == "required":
            part = tr.gettext("required")
        elif part.startswith("default: "):
            part = tr.gettext("default: {default}").format(default=part[len("default: ") :])
        parts.append(part)
    return "; ".join(parts)


class _Context(typer.Context):
    formatter_class = _HelpFormatter


class _Translated:
    """The help texts of a command or group in the help language, translated as it is made."""

    help: str | None
    short_help: str | None
    params: list

    def _translate_help(self) -> None:
        tr = _help_translator()
        if tr is None:
            return
        if self.help:
            self.help = _translated(self.help, tr)
        if self.short_help:
            self.short_help = _translated(self.short_help, tr)

    def get_params(self, ctx):
        # The options' help, as they are shown: Typer adds --install-completion after making the
        # group, click --help when it is asked for.
        params = super().get_params(ctx)
        tr = _help_translator()
        for param in params if tr is not None else ():
            if getattr(param, "help", None):
                param.help = _translated(param.help, tr)
        return params


class Command(_Translated, typer.core.TyperCommand):
    """Usage lines as the README writes them (``deckcheck check [OPTIONS] PATHS...``):
    an argument's metavar is its name in capitals, ``...`` when it takes many,
    in brackets when optional, instead of Typer's ``{paths}...``; the help in the
    help language."""

    context_class = _Context

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, typer.core.TyperArgument) and param.metavar is None:
                param.metavar = (param.name or "").upper() + ("..." if param.nargs != 1 else "")
        self._translate_help()

    def collect_usage_pieces(self, ctx) -> list[str]:
        pieces: list[str] = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, typer.core.TyperArgument):
                pieces.append(str(param.metavar) if param.required else f"[{param.metavar}]")
            else:
                pieces.extend(param.get_usage_pieces(ctx))
        return pieces


class Group(_Translated, typer.core.TyperGroup):
    """A group (the application, ``db``, ``formats``) with its help in the help language."""

    context_class = _Context

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._translate_help()


class Typer(typer.Typer):
    """A Typer whose commands have the usage lines of :class:`Command` (and the help of
    every command and group is in the help language)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("cls", Group)
        super().__init__(*args, **kwargs)

    def command(self, *args, cls=None, **kwargs):
        return super().command(*args, cls=cls or Command, **kwargs)


# The commands whose --lang names the languages of card names to import, not of the messages.
NAMES_LANG_COMMANDS = (("db", "update"), ("db", "import-names"))


def message_language(argv: Sequence[str] | None = None) -> str:
    """The message language of this command line: its ``--lang`` when the
    command's --lang is the message language (``check``, ``db info``, ``formats`` ...),
    else the locale's (:func:`deckcheck.i18n.choose_language`). Read from the command
    line (``argv``; default ``sys.argv[1:]``): the error lines of :func:`deckcheck.cli.main`
    and ``--help`` are written before (or without) the command's options being read."""
    args = tuple(sys.argv[1:] if argv is None else argv)
    if args[:2] in NAMES_LANG_COMMANDS:
        return language_from_environment()
    return argv_language(args)


def error_line(problem: object, lang: str | None = None) -> str:
    """``deckcheck: error: ...`` for ``problem`` (a message, a :class:`~deckcheck.i18n.Phrase`,
    an exception carrying one) in the message language (``lang``, else
    :func:`message_language`); the prefix stays as it is, for scripts and logs that look for it."""
    return printable(f"deckcheck: error: {problem_text(problem, lang or message_language())}")


def fail(message: object) -> typer.Exit:
    """The usage error ``message`` (text, a Phrase or an exception: :func:`error_line`) on
    standard error; raise what it returns (exit code 2)."""
    echo(error_line(message), err=True)
    return typer.Exit(ExitCode.USAGE)


CONFIG_OPTION = typer.Option(None, "--config", help=N_("Use this configuration file instead of searching for one."))
NO_CONFIG_OPTION = typer.Option(False, "--no-config", help=N_("Ignore configuration files."))


def lang_option():
    """``--lang``, the message language, of a command whose text output follows it."""
    from deckcheck.cli import completion  # start-up: --version builds no option

    return typer.Option(
        None,
        "--lang",
        help=N_("Language of the messages (as for check)."),
        autocompletion=completion.message_languages,
    )


def output_language(lang: str | None) -> str:
    """The message language of a command's output: ``--lang``, else the locale (an unknown
    ``--lang`` is a usage problem)."""
    try:
        return choose_language(lang, what="--lang")
    except UnknownLanguage as error:
        raise UsageProblem(message_of(error)) from None


SKIP_NON_DECKS_OPTION = typer.Option(
    False,
    "--skip-non-decks",
    help=N_(
        "Judge the files named on the command line as a folder walk does, skipping those that are not decks "
        "(the pre-commit hooks pass every staged file)."
    ),
)


def db_path(db: Path | None) -> Path:
    """The database file a command writes or reads: ``db``, else the default place."""
    if db is not None:
        return db
    return default_db_path()


def configured_db(db: Path | None, config: Path | None, no_config: bool) -> Path | None:
    """The database a command uses: --db, else $DECKCHECK_DB, else the configuration's
    ``db:``, else None (the user data directory), the same for every command."""
    try:
        return load_settings(config, no_config, db=db).db
    except UsageProblem as problem:
        raise fail(problem)


def parse_date(value: str | None):
    """``--date`` as a day (None: today), or :class:`UsageProblem`."""
    from deckcheck.session import BadDate, parse_day

    try:
        return parse_day(value, "--date")
    except BadDate as error:
        raise UsageProblem(message_of(error)) from None


def open_database(db: Path | None):
    """The imported database when there is one, else the built-in catalogue (deckcheck.session)."""
    from deckcheck import session

    try:
        return session.open_database(db)
    except DatabaseError as error:
        raise UsageProblem(message_of(error)) from None


def open_index(db: Path | None):
    """(the card index, the notice about it) of the database ``db``."""
    from deckcheck.session import card_index

    database = open_database(db)
    return card_index(database), database.notice


def load_settings(config_path: Path | None, no_config: bool, paths: Sequence[str] | None = None, **command_line):
    """The configuration under the command line: with the ``paths`` of decks, each deck's
    found from its folder (docs/configuration.md), else the working directory's."""
    from deckcheck.project.config import Config, ConfigError, ConfigFinder, load_config, run_config, settings

    output, fail_on = command_line.get("output"), command_line.get("fail_on")
    if output is not None and output not in OUTPUTS:
        raise UsageProblem(
            Phrase(N_("--output must be one of {choices}, not '{value}'"), choices=", ".join(OUTPUTS), value=output)
        )
    if fail_on is not None and fail_on not in FAIL_ON:
        raise UsageProblem(Phrase(N_("--fail-on must be 'error' or 'warning', not '{value}'"), value=fail_on))
    if command_line.get("date") is not None:
        parse_date(command_line["date"])
    if config_path is not None and no_config:
        raise UsageProblem(Phrase(N_("--config and --no-config cannot be used together")))
    cwd = Path.cwd()
    try:
        found = Config(root=cwd) if no_config else load_config(cwd, explicit=config_path)
        if paths is None or no_config or config_path is not None:
            return settings(found, cwd=cwd, **command_line)
        find = ConfigFinder(found)
        return settings(run_config(cwd, paths, find), cwd=cwd, find=find, **command_line)
    except ConfigError as error:  # a bad file, or a bad --exclude pattern
        raise UsageProblem(message_of(error)) from None


class Found(NamedTuple):
    """How the files given are turned into decks (README "What counts as a deck")."""

    verbose: bool = False  # list the skipped files on standard error
    skip_non_decks: bool = False  # named files are judged like files found in a folder


def select(paths, run, found: Found, jobs: int | None = 1, *, defer: bool = False):
    """The decks of the paths given; warnings and (with --verbose) the skipped files on standard error.
    The files met while walking folders are judged in ``jobs`` processes (None: by the number of files);
    with ``defer`` (check, without --verbose) they are not read here: the check judges each as it reads it."""
    from deckcheck.project.config import ConfigError
    from deckcheck.project.discover import select_decks
    from deckcheck.session import judge_files

    try:
        selection = select_decks(
            paths,
            run,
            skip_non_decks=found.skip_non_decks,
            judge=lambda files: judge_files(files, jobs),
            defer=defer and not found.verbose,
        )
    except ConfigError as error:  # a deck's own configuration file that cannot be used
        raise UsageProblem(message_of(error)) from None
    for warning in selection.warnings:
        echo(f"deckcheck: warning: {warning}", err=True)
    if found.verbose:
        lang = message_language()
        for line in configuration_lines(run, selection.decks):
            echo(localize(line.template, line.params, lang), err=True)
        for path, reason in selection.skipped:
            # TRANSLATORS: --verbose: {reason} says why the file is not a deck ("it has no card lines").
            echo(
                localize(N_("deckcheck: skipped {path}: not a deck: {reason}"), {"path": path, "reason": reason}, lang),
                err=True,
            )
    return selection


def configuration_lines(run, decks: Sequence[str]) -> list[Phrase]:
    """--verbose: which configuration file each deck is checked with, a line per file."""
    from deckcheck.project.config import Config

    decks_of: dict[Config, int] = {}
    for deck in decks:
        config = run.config_of(deck)
        decks_of[config] = decks_of.get(config, 0) + 1
    lines = []
    for config, count in decks_of.items():
        if config.source is None:
            template = ngettext(
                "deckcheck: {count} deck is checked with no configuration file (the defaults)",
                "deckcheck: {count} decks are checked with no configuration file (the defaults)",
            )
            lines.append(Phrase(template, count=count))
        else:
            template = ngettext(
                "deckcheck: {count} deck is checked with the configuration {file}",
                "deckcheck: {count} decks are checked with the configuration {file}",
            )
            lines.append(Phrase(template, count=count, file=printable(shown_path(config.source))))
    return lines


def shown_path(path: Path) -> str:
    """``path`` as the user would type it here: relative to the working directory when shorter."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)
    return relative if len(relative) < len(str(path)) else str(path)


def nothing_to_check(paths, run, selection, found: Found) -> ExitCode | None:
    """The exit code when no deck is left to check (None when there are decks or missing paths)."""
    if selection.decks or selection.missing or selection.unreadable:
        return None
    if selection.excluded:
        echo(nothing_line(excluded_text(selection.excluded, run)), err=True)
        return ExitCode.LEGAL
    skipped = len(selection.skipped)
    if skipped and found.skip_non_decks:
        # The pre-commit hooks: a commit of a README or a CI workflow has no deck to check.
        # Exit 0, but say so (it printed nothing at all).
        echo(nothing_line(skipped_text(selection.skipped, found)), err=True)
        return ExitCode.LEGAL
    if skipped:
        if found.verbose:
            template = ngettext(
                "no decks found in {paths}: the {count} file found are not decks",
                "no decks found in {paths}: the {count} files found are not decks",
            )
        else:
            template = ngettext(
                "no decks found in {paths}: the {count} file found are not decks (--verbose lists them)",
                "no decks found in {paths}: the {count} files found are not decks (--verbose lists them)",
            )
        raise UsageProblem(Phrase(template, paths=", ".join(paths), count=skipped))
    raise UsageProblem(Phrase(N_("no deck files found in {paths}"), paths=", ".join(paths)))


def nothing_line(reason: str) -> str:
    """``deckcheck: nothing to check: ...`` in the message language."""
    # TRANSLATORS: {reason} says why: "README.txt is not a deck (...)".
    return printable(localize(N_("deckcheck: nothing to check: {reason}"), {"reason": reason}, message_language()))


def skipped_text(skipped, found: Found) -> str:
    """Why the files named are not checked: they are no decks (the first one's reason)."""
    first, reason = skipped[0]
    if len(skipped) == 1:
        return Phrase(N_("{path} is not a deck ({reason})"), path=first, reason=reason)
    if found.verbose:
        return Phrase(
            N_("the {count} files given are not decks ({path}: {reason})"),
            count=len(skipped),
            path=first,
            reason=reason,
        )
    return Phrase(
        N_("the {count} files given are not decks ({path}: {reason}; --verbose lists the reasons)"),
        count=len(skipped),
        path=first,
        reason=reason,
    )


def excluded_text(excluded, run) -> str:
    """Which pattern from where excluded the files named on the command line."""
    first = excluded[0]
    found = run.exclusion_of(first)
    if found is None:
        why = Phrase(N_("by the excludes"))
    elif found[1] == "--exclude":
        why = Phrase(N_("by --exclude '{pattern}'"), pattern=found[0])
    else:
        # TRANSLATORS: {where} is the configuration file (pyproject.toml).
        why = Phrase(N_("by the pattern '{pattern}' of exclude in {where}"), pattern=found[0], where=found[1])
    if len(excluded) == 1:
        return Phrase(N_("{path} is excluded {why}"), path=first, why=why)
    return Phrase(N_("the {count} files given are excluded ({path} {why})"), count=len(excluded), path=first, why=why)
