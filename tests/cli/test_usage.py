"""The command-line parser's own errors (an unknown option or command, a missing argument, a
value of the wrong kind) in the message language, through the real command line: the usage
line, the advice to ask for help and the error, exit code 2; English as click writes it."""

from __future__ import annotations

import pytest
from support import run_deckcheck

from deckcheck.cli.usage import MAX_SENTENCE, usage_message

# (command line, the error line in German, the same in English)
CASES = [
    (
        ["check", "--bogus", "deck.txt"],
        "Fehler: Unbekannte Option: --bogus",
        "Error: No such option: --bogus",
    ),
    (
        ["chekc"],
        "Fehler: Unbekannter Befehl 'chekc'. Meintest du 'check'?",
        "Error: No such command 'chekc'. Did you mean 'check'?",
    ),
    (["check"], "Fehler: Das Argument 'PATHS...' fehlt.", "Error: Missing argument 'PATHS...'."),
    (
        ["check", "--jobs", "abc", "deck.txt"],
        "Fehler: Ungültiger Wert für '--jobs' / '-j': 'abc' ist keine ganze Zahl.",
        "Error: Invalid value for '--jobs' / '-j': 'abc' is not a valid integer.",
    ),
    (
        ["serve", "--port", "99999"],
        "Fehler: Ungültiger Wert für '--port': 99999 liegt nicht im Bereich 0<=x<=65535.",
        "Error: Invalid value for '--port': 99999 is not in the range 0<=x<=65535.",
    ),
    (
        ["db", "info", "extra"],
        "Fehler: Unerwartete zusätzliche Argumente (extra)",
        "Error: Got unexpected extra arguments (extra)",
    ),
    (
        ["check", "deck.txt", "--date"],
        "Fehler: Die Option '--date' braucht einen Wert.",
        "Error: Option '--date' requires an argument.",
    ),
]


@pytest.mark.parametrize(("argv", "german", "english"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_a_command_line_the_parser_cannot_read_is_said_in_the_message_language(argv, german, english):
    for env, args, wanted in (
        ({"LANG": "de_DE.UTF-8"}, argv, german),
        ({}, argv, english),
        ({}, [*argv[:1], "--lang", "de", *argv[1:]] if argv[0] in ("check", "serve") else None, german),
    ):
        if args is None:
            continue
        done = run_deckcheck(*args, env=env, text=True)
        assert done.returncode == 2, done.stderr
        lines = done.stderr.splitlines()
        assert lines[-1].startswith(wanted), (args, lines)
        if len(lines) > 1:  # the usage line and the advice come first, as click writes them
            assert lines[0].startswith(("Usage: deckcheck", "Aufruf: deckcheck"))
            assert "--help" in lines[1] and lines[2] == ""


def test_a_sentence_the_parser_writes_that_is_not_known_stays_as_it_is():
    assert usage_message("Something new went wrong.", "de") == "Something new went wrong."
    assert usage_message("No such option: --x", "de") == "Unbekannte Option: --x"
    # A sentence longer than any command line's is not read back (the patterns' cost stays bounded).
    long = "No such option: " + "x" * MAX_SENTENCE
    assert usage_message(long, "de") == long


def test_help_version_and_a_good_command_line_are_unchanged():
    assert run_deckcheck("--version", text=True).returncode == 0
    helped = run_deckcheck("check", "--help", env={"LANG": "de_DE.UTF-8"}, text=True)
    assert helped.returncode == 0 and helped.stdout.startswith("Aufruf: deckcheck check") and helped.stderr == ""
