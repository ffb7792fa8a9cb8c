"""The command line: one Typer application, one module per command group (as
pre-commit's ``commands/``), each turning its options into a request to the check
session (:mod:`deckcheck.session`) or the module it drives, and the results into
output and an exit code.

* :func:`main` -- the console script: the stream guards (:mod:`.streams`) and the
  one place every unexpected error ends (README "Exit codes");
* :mod:`.check`, :mod:`.fmt`, :mod:`.serve`, :mod:`.db`, :mod:`.formats`,
  :mod:`.rules`, :mod:`.sheet` -- the commands; :mod:`.common` what they share;
* :mod:`.progress` (the bars and phases on standard error), :mod:`.completion`
  (the values shell completion offers), :mod:`.streams` (:func:`~.streams.echo`,
  :class:`~.streams.OutputError`).

Every command module is imported here to build the application, so each keeps
its module-level imports cheap: what only one command needs is imported inside it
(start-up: ``deckcheck check`` runs as a pre-commit hook).
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# Typer reads the annotations of the functions it calls (the application's options, the values
# of shell completion), and compiles each one written as text.
import gc
import os
import sys
import traceback
from collections.abc import Sequence
from importlib import import_module
from typing import Any

import typer

from deckcheck.cli import interrupt
from deckcheck.cli.common import Typer, error_line, message_language, set_help_language
from deckcheck.cli.streams import OutputError, echo, guard_standard_streams, robust_output, silence_stdout
from deckcheck.core.printable import printable
from deckcheck.errors import DeckcheckError, ExitCode
from deckcheck.i18n import N_, Phrase, message_of
from deckcheck.render import FAIL_ON, OUTPUTS  # noqa: F401 - the names the options accept, one definition
from deckcheck.version import __version__

# The command groups, in the order the help lists them: (command, module, its function; None: a
# Typer sub-application named ``app`` in the module).
COMMANDS = (
    ("db", "db", None),
    ("formats", "formats", None),
    ("check", "check", "check"),
    ("fmt", "fmt", "fmt"),
    ("sheet", "sheet", "sheet"),
    ("serve", "serve", "serve"),
    ("rules", "rules", "rules_list"),
)
# The help of the commands that are one function (the groups' are in their modules), marked for
# translation (--help in the message language).
COMMAND_HELP = {
    "check": N_("Check deck lists and report every problem found."),
    "fmt": N_("Rewrite text deck lists into one canonical form (PTCG Live sections, counts, set codes)."),
    "sheet": N_("Check a deck, then write its deck registration sheet (PDF) for a Play! Pokémon event."),
    "serve": N_(
        "A local web page to paste a deck list and see its verdict, and POST /api/check answering the JSON report."
    ),
    "rules": N_("List the rule kinds a pack can use, each with an example that passes it and one that breaks it."),
}


def _version(value: bool) -> None:
    if value:
        echo(f"deckcheck {__version__}")
        raise typer.Exit(ExitCode.LEGAL)


def _main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help=N_("Show the version and exit.")
    ),
    debug: bool = typer.Option(
        False, "--debug", help=N_("Show the traceback of an internal error (any command accepts it).")
    ),
) -> None:
    """deckcheck: is this deck legal in that format?"""


def application(only: str | None = None) -> typer.Typer:
    """The Typer application: every command, or only the command ``only`` -- a run
    that names its command builds (and imports) no other, so Typer reads no other
    command's signature (start-up: ``deckcheck check`` in a pre-commit hook; the
    one parser is Typer's either way). Its help is in the message language of the
    command line (:func:`~deckcheck.cli.common.message_language`)."""
    set_help_language(message_language(sys.argv[1:]))
    built = Typer(
        name="deckcheck",
        help=N_("Check Pokémon TCG deck lists against the deck-building rules of a format."),
        no_args_is_help=True,
        add_completion=True,  # --install-completion / --show-completion (deckcheck.cli.completion)
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    built.callback()(_main)
    for name, module_name, function in COMMANDS:
        if only is not None and name != only:
            continue
        module = import_module(f"deckcheck.cli.{module_name}")
        if function is None:
            built.add_typer(module.app, name=name)
    for name, module_name, function in COMMANDS:
        if function is not None and (only is None or name == only):
            built.command(name, help=COMMAND_HELP[name])(
                getattr(import_module(f"deckcheck.cli.{module_name}"), function)
            )
    return built


def _command_named(argv: list[str]) -> str | None:
    """The command a command line names first, when only it need be built (not for
    shell completion, which offers every command)."""
    if len(argv) < 2 or any(name.endswith("_COMPLETE") or name.startswith("_TYPER") for name in os.environ):
        return None
    if argv[1:] == ["--version"]:
        return ""  # no command at all: the version is printed before any would be read
    return argv[1] if argv[1] in {name for name, _module, _function in COMMANDS} else None


_BUILT: list[Any] = [None]  # the application __getattr__ built for ``deckcheck.cli.app``


def __getattr__(name: str) -> object:
    # ``deckcheck.cli.app``: the whole application, built on first use (tests, CliRunner).
    if name == "app":
        built = globals()["app"] = _BUILT[0] = application()
        return built
    if name in {module for _name, module, _function in COMMANDS} | {"common", "progress", "completion"}:
        return import_module(f"deckcheck.cli.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command line (``argv``, without the program's name; default the
    process's) through the Typer application and return its exit code, which
    scripts can trust (README "Exit codes"). The console script and
    ``python -m deckcheck`` exit with it; a test calls it in-process.

    An unexpected error is never a traceback with exit code 1 (the code of an
    illegal deck): one line says what and where, and the exit code is 2;
    ``--debug`` shows the traceback too. The standard streams and ``sys.argv``
    are as they were when it returns: the commands read their command line (the
    message language of ``--lang``, needed before Typer has read the options)
    from ``sys.argv``, so it holds this one for the run."""
    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    command_line = [sys.argv[0] if argv is None and sys.argv else "deckcheck"]
    command_line += list(sys.argv[1:] if argv is None else argv)
    sys.argv = command_line
    try:
        return _run(prog_name=None if argv is None else "deckcheck")
    finally:
        sys.argv = saved[0]
        sys.stdin, sys.stdout, sys.stderr = saved[1:]


# Allocations of containers between two collections of the youngest generation (console).
YOUNG_GENERATION = 50_000


def console() -> int:
    """The console script and ``python -m deckcheck``: :func:`main`, then the process ends.

    Python collects cyclic garbage once more as it exits: over everything a run made (a card
    database's cards, the packs, the report), some 30 M instructions, more than judging one deck.
    Nothing here needs it: every file is closed and every stream flushed before :func:`main`
    returns, and Python does not promise to finalize the objects still alive at exit (its data
    model, ``object.__del__``). ``gc.freeze`` puts them out of the collector's reach; a program
    that calls :func:`main` and goes on keeps its collector as it was.

    Before the run, the youngest generation is collected after YOUNG_GENERATION allocations, not
    Python's default (700 up to 3.12): a folder's check allocates some hundreds of containers a
    deck (lines, findings, report objects) that die by reference counting, not in cycles, and each
    early collection also walked the run's memos that survived it (2.0 % of a 3,000-deck check's
    instructions, 0.7 % of a 10,000-deck one, peak memory the same: docs/speed.md)."""
    gc.set_threshold(YOUNG_GENERATION, *gc.get_threshold()[1:])
    code = main()
    gc.freeze()
    return code


def _run(prog_name: str | None) -> int:
    debug = _take_debug_flag(sys.argv)
    interrupt.reset()
    robust_output()
    real_stdout = _is_standard_output(sys.stdout)
    guard_standard_streams()
    code: Any = 0  # an exit code, or what SystemExit carried
    # An application set here (a test's) is run as it is; the one built for ``deckcheck.cli.app``
    # is built anew, in this command line's language.
    run = globals().get("app")
    if run is None or run is _BUILT[0]:
        run = application(_command_named(sys.argv))
    try:
        try:
            # Not standalone: a usage error comes back here, to be said in the message language.
            code = run(args=sys.argv[1:], prog_name=prog_name, standalone_mode=False)
            code = code if isinstance(code, int) and not isinstance(code, bool) else 0
            if code == 130:  # Ctrl-C, which Typer turns into Exit(130)
                code = _interrupted()
        finally:
            sys.stdout.flush()  # a full disk shows here, not as a warning at exit
    except SystemExit as exit_:
        code = _interrupted() if exit_.code == 130 else exit_.code
    except typer.Abort:
        _say("Aborted!")
        code = 1
    except typer.exceptions.TyperException as error:  # click's own errors: a command line it cannot read
        if hasattr(error, "format_message"):
            _usage_error(error)
            code = getattr(error, "exit_code", ExitCode.USAGE)
        else:
            code = _internal_error(error, debug)
    except KeyboardInterrupt:
        code = _interrupted()
    except OutputError as error:
        _output_failed(error, real_stdout)
        code = ExitCode.USAGE
    except Exception as error:  # noqa: BLE001 - the one place every unexpected error ends
        known = _known_problem(error)
        if known is not None and not debug:
            _say(_error_line(known))
            code = ExitCode.USAGE
        else:
            code = _internal_error(error, debug)
    try:
        sys.stdout.flush()
    except OutputError as error:
        _output_failed(error, real_stdout)
        code = ExitCode.USAGE
    return _exit_code(code)


def _usage_error(error: Any) -> None:
    """Click's usage error as click writes it, in the message language."""
    from deckcheck.cli.usage import show_usage_error  # only a command line with a usage error

    show_usage_error(error, message_language(), lambda text: _say(text.removesuffix("\n")))


def _is_standard_output(stream: Any) -> bool:
    """Whether ``stream`` writes to the process's file descriptor 1 (not a test's buffer)."""
    try:
        return stream is not None and stream.fileno() == 1
    except (AttributeError, OSError, ValueError):
        return False


def _output_failed(error: OutputError, real_stdout: bool) -> None:
    if real_stdout:
        silence_stdout()
    if not error.quiet:
        _say(_error_line(error))


def _exit_code(code: Any) -> int:
    """What ``SystemExit`` carried as the process's exit code (None: 0; a message: 1, as Python does)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return int(code)
    _say(str(code))
    return 1


def _error_line(problem: object) -> str:
    """``deckcheck: error: ...`` in the message language of the command line."""
    return error_line(problem)


def _say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except Exception:  # standard error itself cannot be written: the exit code says it
        pass


def _where(error: BaseException) -> str:
    """The innermost place in deckcheck's own code the error passed through."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


def _known_problem(error: Exception) -> object | None:
    """The one line of a problem deckcheck reports that no command turned into a
    usage error: every :class:`~deckcheck.errors.DeckcheckError` is its own message
    (the card database's, a configuration's, a pack's ...; a worker process of
    ``--jobs`` that was killed adds what to do), and every sqlite3 error is a card
    database damaged past what opening it showed. Anything else is an internal error.
    A message carrying a Phrase is translated where it is printed."""
    if isinstance(error, DeckcheckError):
        from deckcheck.parallel import WorkerLost

        if isinstance(error, WorkerLost):  # killed from outside: the out-of-memory killer, a kill
            # TRANSLATORS: {problem} says which worker process ended (English).
            return Phrase(
                N_("{problem} (killed, perhaps for lack of memory?); check again with --jobs 1"),
                problem=message_of(error),
            )
        return message_of(error)
    import sqlite3

    if isinstance(error, sqlite3.Error):
        # TRANSLATORS: {error} is SQLite's own (English) message.
        return Phrase(
            N_(
                "the card database cannot be read ({error}); rebuild it with deckcheck db update "
                "(or deckcheck db import PATH)"
            ),
            error=str(error),
        )
    return None


def _internal_error(error: Exception, debug: bool) -> ExitCode:
    if debug:
        traceback.print_exc()
    what = str(error).splitlines()[0][:300] if str(error) else ""
    _say(
        printable(
            f"deckcheck: internal error: {type(error).__name__}{': ' + what if what else ''} "
            f"(at {_where(error)})" + ("" if debug else "; run with --debug for the traceback")
        )
    )
    return ExitCode.USAGE


def _interrupted() -> int:
    """Ctrl-C (Typer turns it into exit code 130, silently): one line. A ``db``
    command ends with 2, as the README promises: its changes are atomic, so the
    database is as it was, or none was installed where there was none
    (:mod:`deckcheck.cli.interrupt` says which)."""
    if sys.argv[1:2] == ["db"]:
        _say(_error_line(interrupt.interrupted()))
        return ExitCode.USAGE
    _say("deckcheck: interrupted")
    return 130
