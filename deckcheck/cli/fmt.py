"""``deckcheck fmt``: which lists to rewrite, each formatted by the check session
(:meth:`deckcheck.session.Session.format_path`: read as check reads it, its format
and day as check chooses them, the layout of :mod:`deckcheck.core.layout`), and
replacing them atomically; every line it says is in the message language.

Modules only fmt needs are imported inside the functions (start-up of every command)."""

from __future__ import annotations

import difflib
import io
import os
import stat as stat_module
import sys
from pathlib import Path

import typer

from deckcheck.atomic import NotTheOwner, write_atomically
from deckcheck.cli import completion
from deckcheck.cli.check import check_session
from deckcheck.cli.common import (
    SKIP_NON_DECKS_OPTION,
    Found,
    UsageProblem,
    error_line,
    fail,
    load_settings,
    message_language,
    nothing_to_check,
    select,
)
from deckcheck.cli.streams import echo
from deckcheck.core.printable import printable
from deckcheck.errors import ExitCode
from deckcheck.i18n import N_, Phrase, ngettext, problem_text
from deckcheck.parse.shape import DEFAULT_MAX_BYTES, open_nonblocking, read_limited


def fmt(
    paths: list[str] = typer.Argument(
        ...,
        help=N_(
            "Text deck lists, or folders of them; - reads standard input and writes the result to standard output."
        ),
    ),
    check_only: bool = typer.Option(False, "--check", help=N_("Write nothing; exit 1 when a file would change.")),
    diff: bool = typer.Option(False, "--diff", help=N_("Write nothing; show what would change as a unified diff.")),
    format: str | None = typer.Option(
        None,
        "--format",
        "-f",
        help=N_("Format whose card pool decides which print a name-only line means (default as for check)."),
        autocompletion=completion.formats,
    ),
    date: str | None = typer.Option(None, "--date", help=N_("Day for the format's card pool (YYYY-MM-DD).")),
    db: Path | None = typer.Option(None, "--db", help=N_("Card database file (default as for check).")),
    config: Path | None = typer.Option(
        None, "--config", help=N_("Use this configuration file instead of searching for one.")
    ),
    no_config: bool = typer.Option(False, "--no-config", help=N_("Ignore configuration files.")),
    verbose: bool = typer.Option(
        False,
        "--verbose",
        "-v",
        help=N_("List the files skipped while walking folders because they are not decks, with the reason."),
    ),
    skip_non_decks: bool = SKIP_NON_DECKS_OPTION,
) -> None:
    # Its help: COMMAND_HELP in deckcheck.cli.
    try:
        run = load_settings(config, no_config, paths=paths, format=format, date=date, db=db)
        code = run_fmt(
            paths, run, check_only=check_only, diff=diff, found=Found(verbose=verbose, skip_non_decks=skip_non_decks)
        )
    except UsageProblem as problem:
        raise fail(problem)
    raise typer.Exit(code)


def run_fmt(paths, run, *, check_only: bool, diff: bool, found: Found = Found()) -> ExitCode:
    """Format the lists ``paths`` names with the session's pipeline
    (:meth:`~deckcheck.session.Session.format_path`): write them back, or with
    ``check_only``/``diff`` say which would change; the exit code."""
    selection = select(paths, run, found)
    nothing = nothing_to_check(paths, run, selection, found)
    if nothing is not None:
        return nothing
    session = check_session(run)
    code = ExitCode.LEGAL
    changed = 0
    # A missing path is reported and the other lists are still formatted (exit code 2 at the end).
    for path in selection.missing:
        echo(error_line(Phrase(N_("{path}: no such file or directory"), path=path)), err=True)
        code = ExitCode.USAGE
    for path, reason in selection.unreadable:
        echo(error_line(Phrase(N_("{path}: cannot read the folder: {reason}"), path=path, reason=reason)), err=True)
        code = ExitCode.USAGE
    for path in selection.decks:
        if path != "-" and os.path.splitext(path)[1].lower() in (".yaml", ".yml", ".json"):
            if path in paths:
                _say(Phrase(N_("{path}: left as it is (fmt rewrites text deck lists, not YAML or JSON)"), path=path))
            continue
        stdin = io.BytesIO(_read_stdin_limited()) if path == "-" else None
        done = session.format_path(path, stdin=stdin)
        if done.problem is not None:
            echo(error_line(done.problem), err=True)
            code = ExitCode.USAGE
            continue
        if done.reading is not None:  # read as check reads it, and said as check says it; fmt writes UTF-8
            _say(done.reading, note=True)
        for note in done.notes:
            _say(note)
        if done.untidy and code == ExitCode.LEGAL:
            code = ExitCode.ILLEGAL
        if path == "-" and not (check_only or diff):
            sys.stdout.write(done.data.decode("utf-8"))
            continue
        if not done.changed:
            continue
        changed += 1
        if diff:
            sys.stdout.writelines(
                difflib.unified_diff(
                    done.text.replace("\r\n", "\n").splitlines(keepends=True),
                    done.formatted.replace("\r\n", "\n").splitlines(keepends=True),
                    fromfile=f"{path} (original)",
                    tofile=f"{path} (formatted)",
                )
            )
        if check_only or diff or path == "-":
            _say(Phrase(N_("would reformat {path}"), path=path))
            if code == ExitCode.LEGAL:
                code = ExitCode.ILLEGAL
            continue
        problem = _write(path, done.data, done.original)
        if problem is not None:
            echo(error_line(problem), err=True)
            code = ExitCode.USAGE
            continue
        _say(Phrase(N_("reformatted {path}"), path=path))
    if check_only and changed == 0 and code == ExitCode.LEGAL:
        _say(Phrase(N_("every deck list is formatted")))
    return code


def _say(phrase: Phrase, *, note: bool = False) -> None:
    """``deckcheck: ...`` (``note``: ``deckcheck: note: ...``) on standard error, in the message language."""
    echo(printable(f"deckcheck: {'note: ' if note else ''}{problem_text(phrase, message_language())}"), err=True)


def _read_stdin_limited() -> bytes:
    """Standard input, at most one byte more than ``check -`` reads (read_deck then refuses it as too large)."""
    return read_limited(sys.stdin.buffer, DEFAULT_MAX_BYTES + 1)


def _write(path: str, data: bytes, expected: bytes) -> Phrase | None:
    """Replace the list at ``path`` (which held ``expected`` when fmt read it) with ``data``;
    why it was not, or None."""
    target = _writable_target(path)
    if isinstance(target, Phrase):
        return target
    try:
        # A reader (or a crash) sees the old list or the new one, never half of one; the new file
        # keeps the old one's mode, owner and group (or fmt refuses); and it is put there only
        # while the file still holds what fmt read (an edit saved meanwhile is kept).
        replaced = write_atomically(target, data, keep=True, still=lambda: _still_holds(target, expected))
    except NotTheOwner:
        reason: object = Phrase(N_("the file belongs to another user, and a rewrite would take it over; left as it is"))
    except OSError as error:
        reason = error.strerror or str(error)
    else:
        if replaced:
            return None
        return Phrase(
            N_("{path}: the file changed while fmt was formatting it; left as it is (run fmt again)"), path=path
        )
    return Phrase(N_("{path}: cannot write: {reason}"), path=path, reason=reason)


def _writable_target(path: str) -> Path | Phrase:
    """The file to replace when formatting ``path`` (the target of a symbolic link),
    or why it is left alone.

    A rename puts a new file in place: it would break hard links, and take the
    owner of whoever runs fmt. So fmt refuses a file it may not write (read-only:
    its owner said not to change it), a file with other hard links, and a file it
    cannot give back to its owner, rather than write around any of them."""
    target = Path(os.path.realpath(path))
    try:
        info = target.stat()
    except OSError as error:
        return Phrase(N_("{path}: cannot write: {reason}"), path=path, reason=error.strerror or str(error))
    if not stat_module.S_ISREG(info.st_mode):
        return Phrase(N_("{path}: not a regular file; left as it is"), path=path)
    if not os.access(target, os.W_OK) or not info.st_mode & (
        stat_module.S_IWUSR | stat_module.S_IWGRP | stat_module.S_IWOTH
    ):
        return Phrase(N_("{path}: the file is read-only; left as it is (make it writable to format it)"), path=path)
    if info.st_nlink > 1:
        return Phrase(
            ngettext(
                "{path}: the file has {count} hard link, which a rewrite would break; left as it is",
                "{path}: the file has {count} hard links, which a rewrite would break; left as it is",
            ),
            path=path,
            count=info.st_nlink,
        )
    return target


def _still_holds(path: Path, expected: bytes) -> bool:
    """Whether the file at ``path`` holds exactly ``expected`` (read no further than one byte more)."""
    with open(path, "rb", opener=open_nonblocking) as handle:
        return read_limited(handle, len(expected) + 1) == expected
