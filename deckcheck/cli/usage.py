"""Click's usage errors ("No such option", "Missing argument", ...) in the message language.

Typer's copy of click writes them in English, built into one sentence when the error is raised.
:func:`show_usage_error` writes what click's ``UsageError.show`` writes -- the usage line, the
advice to ask for help, the error -- with each known sentence read back into its parts and said
in the message language of the command line; a sentence it does not know stays as click wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from deckcheck.core.printable import printable
from deckcheck.i18n import N_, Phrase, problem_text

# TRANSLATORS: the words of the command-line parser (click) when a command line cannot be read;
# keep the option and command names, and the quotes around them, as they are.
TRY_HELP = N_("Try '{command}' for help.")
ERROR = N_("Error: {message}")
NO_SUCH_OPTION = N_("No such option: {option}")
POSSIBLE_OPTIONS = N_("(Possible options: {options})")
NO_SUCH_COMMAND = N_("No such command '{command}'.")
DID_YOU_MEAN = N_("Did you mean {suggestions}?")
MISSING_ARGUMENT = N_("Missing argument '{name}'.")
MISSING_OPTION = N_("Missing option '{name}'.")
REQUIRES_ARGUMENT = N_("Option '{option}' requires an argument.")
TAKES_NO_VALUE = N_("Option '{option}' does not take a value.")
EXTRA_ARGUMENTS = N_("Got unexpected extra arguments ({arguments})")
INVALID_VALUE = N_("Invalid value for {name}: {reason}")
NOT_ONE_OF = N_("'{value}' is not one of {choices}.")
NOT_AN_INTEGER = N_("'{value}' is not a valid integer.")
NOT_A_NUMBER = N_("'{value}' is not a number.")
NOT_IN_RANGE = N_("{value} is not in the range {range}.")

MAX_SENTENCE = 2000
# Each sentence click writes, as a pattern of its parts (no nested quantifiers: each part is one
# run of characters up to a fixed word), and the phrase that says it.
_Reader = Callable[[re.Match[str]], Phrase]
_REASONS: tuple[tuple[re.Pattern[str], _Reader], ...] = (
    (re.compile(r"'(?P<value>.*)' is not one of (?P<choices>.*)\."), lambda m: Phrase(NOT_ONE_OF, **m.groupdict())),
    (re.compile(r"'(?P<value>.*)' is not a valid int(?:eger)?\."), lambda m: Phrase(NOT_AN_INTEGER, **m.groupdict())),
    (re.compile(r"'(?P<value>.*)' is not a valid float\."), lambda m: Phrase(NOT_A_NUMBER, **m.groupdict())),
    (
        re.compile(r"(?P<value>\S*) is not in the range (?P<range>\S*)\."),
        lambda m: Phrase(NOT_IN_RANGE, **m.groupdict()),
    ),
)


def _reason(text: str) -> Phrase | str:
    for pattern, read in _REASONS:
        match = pattern.fullmatch(text)
        if match:
            return read(match)
    return text


def _option(m: re.Match[str]) -> Phrase | tuple[Phrase, ...]:
    said = Phrase(NO_SUCH_OPTION, option=m["option"])
    return (said, Phrase(POSSIBLE_OPTIONS, options=m["options"])) if m["options"] else said


def _command(m: re.Match[str]) -> Phrase | tuple[Phrase, ...]:
    said = Phrase(NO_SUCH_COMMAND, command=m["command"])
    return (said, Phrase(DID_YOU_MEAN, suggestions=m["suggestions"])) if m["suggestions"] else said


_SENTENCES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Phrase | tuple[Phrase, ...]]], ...] = (
    (re.compile(r"No such option: (?P<option>\S*)(?: \(Possible options: (?P<options>[^()]*)\))?"), _option),
    (re.compile(r"No such command '(?P<command>.*)'\.(?: Did you mean (?P<suggestions>.*)\?)?"), _command),
    (re.compile(r"Missing argument '(?P<name>.*)'\."), lambda m: Phrase(MISSING_ARGUMENT, **m.groupdict())),
    (re.compile(r"Missing option '(?P<name>.*)'\."), lambda m: Phrase(MISSING_OPTION, **m.groupdict())),
    (
        re.compile(r"Option '(?P<option>.*)' requires an argument\."),
        lambda m: Phrase(REQUIRES_ARGUMENT, **m.groupdict()),
    ),
    (re.compile(r"Option '(?P<option>.*)' does not take a value\."), lambda m: Phrase(TAKES_NO_VALUE, **m.groupdict())),
    (
        re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<arguments>.*)\)"),
        lambda m: Phrase(EXTRA_ARGUMENTS, **m.groupdict()),
    ),
    (
        re.compile(r"Invalid value for (?P<name>'[^:]*'): (?P<reason>.*)", re.DOTALL),
        lambda m: Phrase(INVALID_VALUE, name=m["name"], reason=_reason(m["reason"])),
    ),
)


def usage_message(english: str, lang: str) -> str:
    """Click's sentence ``english`` in ``lang``: said anew where it is one click writes, else as it is
    (also when it is longer than a command line's sentence is: the patterns' cost stays bounded)."""
    if len(english) > MAX_SENTENCE:
        return english
    for pattern, read in _SENTENCES:
        match = pattern.fullmatch(english)
        if match:
            said = read(match)
            parts = said if isinstance(said, tuple) else (said,)
            return " ".join(problem_text(part, lang) for part in parts)
    return english


def show_usage_error(error: Any, lang: str, write: Callable[[str], None]) -> None:
    """What click's ``UsageError.show`` writes (``error`` is one of Typer's click exceptions),
    in ``lang``: the usage line and the advice to ask for help where the error knows its
    command, then ``Error: ...``."""
    ctx = getattr(error, "ctx", None)
    if ctx is not None:
        lines = [ctx.get_usage()]
        if ctx.command.get_help_option(ctx) is not None:
            command = f"{ctx.command_path} {ctx.help_option_names[0]}"
            lines.append(problem_text(Phrase(TRY_HELP, command=command), lang) + "\n")
        write("\n".join(lines) + "\n")
    message = usage_message(error.format_message(), lang)
    write(printable(problem_text(Phrase(ERROR, message=message), lang)))
