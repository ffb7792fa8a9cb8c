"""The console script's entry point, kept free of Typer: the stream guards and
the one place every unexpected error ends (README "Exit codes"), and fast
paths for ``deckcheck --version`` and a plain ``deckcheck check`` or ``fmt``
that give the same output and exit code as the Typer application in
:mod:`deckcheck.cli` (which runs everything else: help, completion, every
usage error).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

from deckcheck.errors import ExitCode


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


def printable(text: str) -> str:
    """:func:`deckcheck.core.printable.printable`, imported when a message needs it
    (``deckcheck --version`` does not)."""
    from deckcheck.core.printable import printable as escaped

    return escaped(text)


def echo(message: str, err: bool = False) -> None:
    """A line on standard output (or error), flushed: what ``typer.echo`` writes,
    without importing Typer. Text Typer would change (ANSI codes it strips off
    a terminal, a stream that says it is ASCII, a Windows console) goes through it."""
    stream = sys.stderr if err else sys.stdout
    if "\x1b" in message or os.name == "nt" or _ascii(getattr(stream, "encoding", None)):
        import typer

        typer.echo(message, err=err)
        return
    stream.write(message + "\n")
    stream.flush()


def _ascii(encoding: Optional[str]) -> bool:
    import codecs

    try:
        return codecs.lookup(encoding or "ascii").name == "ascii"
    except LookupError:
        return False


# The options of the commands the fast path runs, as deckcheck.cli declares them
# (tests/test_entry.py keeps them equal): option -> (parameter, kind); and their defaults.
_CHECK_OPTIONS = {
    "--format": ("format", str), "-f": ("format", str),
    "--date": ("date", str),
    "--db": ("db", Path),
    "--output": ("output", str), "-o": ("output", str),
    "--quiet": ("quiet", bool), "-q": ("quiet", bool),
    "--fail-on": ("fail_on", str),
    "--config": ("config", Path),
    "--no-config": ("no_config", bool),
    "--exclude": ("exclude", list),
    "--lang": ("lang", str),
    "--card-lang": ("card_lang", str),
    "--verbose": ("verbose", bool), "-v": ("verbose", bool),
    "--skip-non-decks": ("skip_non_decks", bool),
    "--rotation-days": ("rotation_days", int),
    "--jobs": ("jobs", int), "-j": ("jobs", int),
    "--summary": ("summary", Path),
    "--github-output": ("github_output", Path),
}
_CHECK_DEFAULTS = dict(format=None, date=None, db=None, output=None, quiet=False, fail_on=None, config=None,
                       no_config=False, exclude=None, lang=None, card_lang=None, verbose=False,
                       skip_non_decks=False, rotation_days=90, jobs=None, summary=None, github_output=None)
_FMT_OPTIONS = {
    "--check": ("check_only", bool),
    "--diff": ("diff", bool),
    "--format": ("format", str), "-f": ("format", str),
    "--date": ("date", str),
    "--db": ("db", Path),
    "--config": ("config", Path),
    "--no-config": ("no_config", bool),
    "--verbose": ("verbose", bool), "-v": ("verbose", bool),
    "--skip-non-decks": ("skip_non_decks", bool),
}
_FMT_DEFAULTS = dict(check_only=False, diff=False, format=None, date=None, db=None, config=None, no_config=False,
                     verbose=False, skip_non_decks=False)
_COMMANDS = {"check": (_CHECK_OPTIONS, _CHECK_DEFAULTS), "fmt": (_FMT_OPTIONS, _FMT_DEFAULTS)}


def _fast_path(args: list[str]):
    """"--version", or (command, paths, parameters) of a ``check`` or ``fmt``
    (the pre-commit hooks) whose command line is read here exactly as Typer
    reads it; None for anything else (help, completion, other commands, an
    option or a value Typer would report or judge)."""
    if any(name.endswith("_COMPLETE") or name.startswith("_TYPER") for name in os.environ):
        return None  # shell completion is Typer's
    if args == ["--version"]:
        return "--version"
    if not args or args[0] not in _COMMANDS:
        return None
    options, defaults = _COMMANDS[args[0]]
    values: dict = dict(defaults)
    paths: list[str] = []
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--":
            paths.extend(rest)
            break
        if arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        name, given, value = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if name not in options:
            return None  # -qv, -fstandard, --help, a typo: Typer reads (or reports) them
        parameter, kind = options[name]
        if kind is bool:
            if given:
                return None  # "--quiet=yes": Typer's error
            values[parameter] = True
            continue
        if not given:
            value = next(rest, None)
            if value is None:
                return None  # "requires an argument": Typer's error
        if kind is int:
            try:
                value = int(value)
            except ValueError:
                return None  # "is not a valid integer": Typer's error
        elif kind is Path:
            try:
                os.stat(value)
            except (OSError, ValueError):
                pass
            else:
                if not os.access(value, os.R_OK):
                    return None  # a file that is there but cannot be read: Typer's error
            value = Path(value)
        elif kind is list:
            value = [*(values[parameter] or ()), value]
        values[parameter] = value
    if not paths:
        return None  # "Missing argument": Typer's error
    return args[0], paths, values


def _run_fast(fast) -> int:
    """What the Typer command would have done (deckcheck.cli: _version, check, fmt)."""
    if fast == "--version":
        from deckcheck.version import __version__

        echo(f"deckcheck {__version__}")
        return ExitCode.LEGAL
    from deckcheck.checkrun import UsageProblem, _check, _check_settings, _Found, _load_settings

    command, paths, o = fast
    try:
        try:
            found = _Found(verbose=o["verbose"], skip_non_decks=o["skip_non_decks"])
            if command == "fmt":
                from deckcheck.fmtrun import _fmt

                run = _load_settings(o["config"], o["no_config"], format=o["format"], date=o["date"], db=o["db"])
                return _fmt(paths, run, check_only=o["check_only"], diff=o["diff"], found=found)
            run = _check_settings(o["config"], o["no_config"], rotation_days=o["rotation_days"], jobs=o["jobs"],
                                  format=o["format"], date=o["date"], db=o["db"], output=o["output"],
                                  fail_on=o["fail_on"], exclude=o["exclude"] or ())
            return _check(paths, run, o["quiet"], lang=o["lang"], card_lang=o["card_lang"], found=found,
                          rotation_days=o["rotation_days"], jobs=o["jobs"], summary=o["summary"],
                          github_output=o["github_output"])
        except UsageProblem as problem:
            echo(printable(f"deckcheck: error: {problem}"), err=True)
            return ExitCode.USAGE
    except EOFError:  # as Typer ends on one
        echo("", err=True)
        echo("Aborted!", err=True)
        return 1
    except OSError as error:
        import errno

        if error.errno != errno.EPIPE:
            raise
        from typer._click.utils import PacifyFlushWrapper  # as Typer ends on a broken pipe

        sys.stdout = PacifyFlushWrapper(sys.stdout)
        sys.stderr = PacifyFlushWrapper(sys.stderr)
        return 1


def main() -> None:
    """The console script: ``deckcheck --version``, ``deckcheck check`` and
    ``deckcheck fmt`` with options it reads by itself are run without building
    the Typer application (start-up: a pre-commit hook checks a deck or two per
    run, issue 16);
    anything else (--help, completion, any option or value Typer would judge) is
    run by :mod:`deckcheck.cli` as before."""
    run(None)


def run(app) -> None:
    """Run ``app`` (the Typer application; None: the fast paths first, then
    :data:`deckcheck.cli.app`) with exit codes scripts can trust (README "Exit codes").

    An unexpected error is never a traceback with exit code 1 (the code of an
    illegal deck): one line says what and where, and the exit code is 2;
    ``--debug`` shows the traceback too."""
    debug = _take_debug_flag(sys.argv)
    _robust_output()
    _guard_standard_streams()
    code: object = 0
    try:
        try:
            fast = None if app is not None else _fast_path(sys.argv[1:])
            if fast is not None:
                raise SystemExit(_run_fast(fast))
            if app is None:
                from deckcheck.cli import app
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
    """The message of an error that is not deckcheck's: the card database's (a
    file damaged past what opening it showed; every sqlite3 error ends here),
    or a worker process of ``--jobs`` that was killed."""
    import sqlite3

    from deckcheck.carddb.errors import DatabaseError

    if isinstance(error, DatabaseError):
        return str(error)
    from deckcheck.parallel import WorkerLost

    if isinstance(error, WorkerLost):  # killed from outside: the out-of-memory killer, a kill
        return f"{error} (killed, perhaps for lack of memory?); check again with --jobs 1"
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
