"""The standard streams of the command line: guarded so that a write that fails
(a full disk, a closed pipe) is one line and exit code 2, never a traceback or
exit code 1 (the code of an illegal deck); and :func:`echo`, the one way the
commands write a line."""

from __future__ import annotations

import errno
import io
import os
import sys

import typer

from deckcheck.errors import DeckcheckError


def robust_output() -> None:
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


class OutputError(DeckcheckError):
    """Standard output (or error) cannot be written: a full disk, a closed pipe or stream."""

    def __init__(self, stream: str, error: OSError):
        super().__init__(f"cannot write to {stream}: {error.strerror or error}")
        # The reader went away (deckcheck ... | head): the run ends quietly, as other
        # command-line tools do, with the exit code of an unwritten report.
        self.quiet = error.errno == errno.EPIPE


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
        raise OSError(errno.EBADF, "the stream is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def guard_standard_streams() -> None:
    """A closed standard input reads as empty; writes to a closed or failing
    standard output end the run with one line and exit code 2."""
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = _ClosedStream()
    if sys.stderr is None:
        sys.stderr = io.StringIO()  # nowhere to say anything: the exit code must tell
    sys.stdout = _GuardedStream(sys.stdout, "standard output")
    sys.stderr = _GuardedStream(sys.stderr, "standard error")


def silence_stdout() -> None:
    """After a failed write, what is still buffered would fail again at exit
    ("Exception ignored ..."): standard output goes to the null device."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)
    except OSError:
        pass


def echo(message: str, err: bool = False) -> None:
    """A line on standard output (or error), flushed (``typer.echo``: it strips ANSI
    codes off a terminal and suits a stream that says it is ASCII)."""
    typer.echo(message, err=err)
