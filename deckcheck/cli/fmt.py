"""``deckcheck fmt``: which lists to rewrite, the format and day of each from the check
session (:mod:`deckcheck.session`), reading them as written, and replacing them
atomically (the layout itself is :mod:`deckcheck.core.layout`).

Modules only fmt needs are imported inside the functions (start-up of every command)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

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
from deckcheck.i18n import N_, Phrase, localize, message_of
from deckcheck.model import ParsedDeck


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
    from deckcheck.core.layout import layout, unambiguous_prints
    from deckcheck.core.resolve import resolve_deck
    from deckcheck.parse import parse_text
    from deckcheck.parse.text import MAX_LINES_READ, TOO_MANY_LINES
    from deckcheck.session import Refused

    selection = select(paths, run, found)
    nothing = nothing_to_check(paths, run, selection, found)
    if nothing is not None:
        return nothing
    session = check_session(run)
    index, notice = session.index, session.database.notice
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
                echo(
                    printable(f"deckcheck: {path}: left as it is (fmt rewrites text deck lists, not YAML or JSON)"),
                    err=True,
                )
            continue
        stdin_data = _read_stdin_limited() if path == "-" else None
        source = _read_deck_text(path, stdin_data)
        if isinstance(source, str):  # a message: the file cannot be read as a deck
            echo(printable(f"deckcheck: error: {source}"), err=True)
            code = ExitCode.USAGE
            continue
        text, original, note = source
        if note is not None:
            # Read as check reads it, and said as check says it (issue 31); fmt writes UTF-8.
            echo(printable(f"deckcheck: note: {localize(note.template, note.params, message_language())}"), err=True)
        parsed = parse_text(text, path)
        if any(finding.template == TOO_MANY_LINES for finding in parsed.findings):
            # Only the first lines were read (issue 23, B1): rewriting would move the rest.
            echo(
                printable(
                    f"deckcheck: error: {path}: more than {MAX_LINES_READ} card lines, left as it is "
                    "(a deck list has a few dozen)"
                ),
                err=True,
            )
            code = ExitCode.USAGE
            continue
        try:
            pack, day = session.choose(path, parsed.declared_format)
        except Refused as error:
            echo(error_line(Phrase("{path}: {problem}", path=path, problem=message_of(error))), err=True)
            code = ExitCode.USAGE
            continue
        options = session.resolve_options(pack, day)
        deck, _ = resolve_deck(parsed, index, options)
        result = layout(parsed, deck, text, prints=unambiguous_prints(parsed, index, options.allowed))
        if result.kept:
            what = _lines_label(result.kept, "is not a card line", "are not card lines")
            echo(printable(f"deckcheck: {path}: {what}; kept as written at the top"), err=True)
        if result.unplaced:
            hint = " (build the card database: deckcheck db update)" if notice else ""
            what = _lines_label(result.unplaced, "is an unknown card", "are unknown cards")
            echo(printable(f"deckcheck: {path}: {what} under no section header; kept at the top{hint}"), err=True)
        if (result.kept or result.unplaced) and code == ExitCode.LEGAL:
            code = ExitCode.ILLEGAL
        # A byte-order mark stays (the text fmt writes is UTF-8, as it was). Text that
        # starts with U+FEFF (kept for a line that starts with one, RULES.md decision 18)
        # gets a mark before it, which the reader takes off.
        mark = result.text.startswith("\ufeff")
        new_bytes = (b"\xef\xbb\xbf" if mark or original.startswith(b"\xef\xbb\xbf") else b"") + result.text.encode(
            "utf-8"
        )
        if path == "-" and not (check_only or diff):
            sys.stdout.write(("\ufeff" if mark else "") + result.text)
            continue
        if new_bytes == original:
            continue
        changed += 1
        if diff:
            import difflib

            old_text = text.replace("\r\n", "\n")
            sys.stdout.writelines(
                difflib.unified_diff(
                    old_text.splitlines(keepends=True),
                    result.text.replace("\r\n", "\n").splitlines(keepends=True),
                    fromfile=f"{path} (original)",
                    tofile=f"{path} (formatted)",
                )
            )
        if check_only or diff or path == "-":
            echo(printable(f"deckcheck: would reformat {path}"), err=True)
            if code == ExitCode.LEGAL:
                code = ExitCode.ILLEGAL
            continue
        target = _writable_target(path)
        if isinstance(target, str):
            echo(printable(f"deckcheck: error: {target}"), err=True)
            code = ExitCode.USAGE
            continue
        try:
            replaced = _replace_atomically(target, new_bytes, original)
        except OSError as error:
            echo(
                error_line(
                    Phrase(N_("{path}: cannot write: {reason}"), path=path, reason=error.strerror or str(error))
                ),
                err=True,
            )
            code = ExitCode.USAGE
            continue
        if not replaced:
            echo(
                error_line(
                    Phrase(
                        N_("{path}: the file changed while fmt was formatting it; left as it is (run fmt again)"),
                        path=path,
                    )
                ),
                err=True,
            )
            code = ExitCode.USAGE
            continue
        echo(printable(f"deckcheck: reformatted {path}"), err=True)
    if check_only and changed == 0 and code == ExitCode.LEGAL:
        echo("deckcheck: every deck list is formatted", err=True)
    return code


def _lines_label(numbers, one: str, many: str) -> str:
    if len(numbers) == 1:
        return f"line {numbers[0]} {one}"
    return "lines " + ", ".join(str(n) for n in numbers) + f" {many}"


def _read_deck_text(path: str, stdin_data: bytes | None):
    """(the text with its own line ends, the bytes read, check's ``encoding`` note or None) or a
    message why it is no text deck list. The bytes are read by check's one reading rule
    (:func:`~deckcheck.parse.files.decode_deck_bytes`: UTF-8, UTF-16 with its byte-order mark, or
    Windows-1252 with the note; issue 31), so fmt formats every list check reads, and a file
    the rule cannot read is left as it is."""
    import io

    from deckcheck.parse.files import ENCODING, UNREADABLE, decode_deck_bytes, parse_decoded, read_deck_bytes

    data = read_deck_bytes(path, stdin=io.BytesIO(stdin_data) if stdin_data is not None else None)
    if isinstance(data, ParsedDeck):  # missing, a folder, not a regular file, ...
        return data.findings[0].message
    decoded = decode_deck_bytes(data, path)
    if isinstance(decoded, ParsedDeck):  # binary, too large, neither UTF-8 nor Windows-1252, ...
        return decoded.findings[0].message
    parsed = parse_decoded(decoded, path)
    unreadable = [f for f in parsed.findings if f.rule == UNREADABLE]
    if unreadable:  # empty
        return unreadable[0].message
    # The reader takes one byte-order mark off (a UTF-8 one is still in the text).
    text = decoded.text[1:] if decoded.text.startswith("\ufeff") else decoded.text
    note = next((f for f in parsed.findings if f.rule == ENCODING), None)
    return text, data, note


def _read_stdin_limited() -> bytes:
    """Standard input, at most one byte more than ``check -`` reads (read_deck then refuses it as too large)."""
    from deckcheck.parse.shape import DEFAULT_MAX_BYTES, read_limited

    return read_limited(sys.stdin.buffer, DEFAULT_MAX_BYTES + 1)


def _writable_target(path: str) -> Path | str:
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
    if not os.access(target, os.W_OK) or not info.st_mode & (
        stat_module.S_IWUSR | stat_module.S_IWGRP | stat_module.S_IWOTH
    ):
        return f"{path}: the file is read-only; left as it is (make it writable to format it)"
    if info.st_nlink > 1:
        return f"{path}: the file has {info.st_nlink} hard links, which a rewrite would break; left as it is"
    return target


def _replace_atomically(path: Path, data: bytes, expected: bytes) -> bool:
    """Write a sibling temporary file and rename it over ``path``: a reader (or a
    crash) sees the old list or the new one, never half of one. The new file
    keeps the old one's mode, and its owner and group (or fmt refuses).

    Only while ``path`` still holds ``expected`` (the bytes fmt read): an edit saved while
    fmt ran is kept and nothing is written (False); the comparison is made just before the
    rename (an edit was lost 2 to 6 times in 20)."""
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
                raise PermissionError(
                    "the file belongs to another user, and a rewrite would take it over; left as it is"
                ) from None
        if not _still_holds(path, expected):
            os.unlink(handle.name)
            return False
        os.replace(handle.name, path)
    except BaseException:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise
    return True


def _still_holds(path: Path, expected: bytes) -> bool:
    """Whether the file at ``path`` holds exactly ``expected`` (read no further than one byte more)."""
    from deckcheck.parse.shape import open_nonblocking, read_limited

    with open(path, "rb", opener=open_nonblocking) as handle:
        return read_limited(handle, len(expected) + 1) == expected
