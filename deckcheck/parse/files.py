"""Reading deck files from disk or standard input.

:func:`read_deck` never raises for a bad file: a missing, unreadable, empty,
binary, oversized or wrongly encoded file, or one that is no regular file (a
FIFO, a device), becomes a :class:`ParsedDeck` with one ``unreadable`` error
finding, so a run over many decks reports them all.

:func:`not_a_deck` says whether a file met while walking a folder is a deck
(README "What counts as a deck"); :func:`deckcheck.project.config.select_decks` walks.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from typing import BinaryIO

from deckcheck.i18n import N_
from deckcheck.model import Finding, ParsedDeck, Severity
from deckcheck.parse.text import parse_text

UNREADABLE = "unreadable"
STDIN = "-"
STDIN_LABEL = "<stdin>"
DEFAULT_MAX_BYTES = 5_000_000
_YAML_SUFFIXES = (".yaml", ".yml")

NOT_FOUND = N_("The deck file {path} does not exist.")
IS_DIRECTORY = N_("{path} is a directory, not a deck file.")
NOT_REGULAR = N_("{path} is not a regular file (it is a pipe, a device or a socket), so it is not read as a deck.")
NOT_REGULAR_HINT = N_("Give a deck list saved as a file.")
PERMISSION_DENIED = N_("The deck file {path} cannot be read: permission denied.")
# {reason} is the operating system's own text.
OS_ERROR = N_("The deck file {path} cannot be read: {reason}.")
EMPTY = N_("The deck file {path} is empty.")
EMPTY_HINT = N_("Write one card per line, for example \"4 Iono PAL 185\".")
BINARY = N_("The deck file {path} is not a text file: it contains NUL bytes.")
BINARY_HINT = N_("Give a deck list saved as plain text, YAML or JSON.")
TOO_LARGE = N_("The deck file {path} is larger than {limit} bytes.")
TOO_LARGE_HINT = N_("A deck list is a small text file; check that the right file was given.")
INVALID_UTF8 = N_("The deck file {path} is not valid UTF-8: byte {offset} on line {line} cannot be decoded.")
INVALID_UTF16 = N_("The deck file {path} starts with a UTF-16 byte-order mark but is not valid UTF-16.")
UTF32 = N_("The deck file {path} is in UTF-32, an encoding deckcheck does not read.")
ENCODING_HINT = N_("Save the deck list as UTF-8.")
# {reason} is the operating system's own text ("Permission denied", "File name too long").
FOLDER_UNREADABLE = N_("The folder {path} cannot be read ({reason}), so the decks in it were not checked.")
FOLDER_UNREADABLE_HINT = N_("Make the folder readable, or exclude it (--exclude, or exclude: in the configuration).")

# Standard input has no file name: a JSON object or a top-level "cards:" key
# is a structured deck, anything else a text list.
_YAML_CARDS_KEY = re.compile(r"^cards\s*:\s*(?:$|\[)", re.MULTILINE)
# Where the platform has it (not on Windows, which has no FIFOs to open by name).
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _nonblocking(path: str, flags: int) -> int:
    # Should a FIFO take a regular file's place between the check and the
    # open, reading it gives an empty (or unreadable) deck, not a hang.
    return os.open(path, flags | _NONBLOCK)


def _unreadable(path: str, template: str, hint: str | None = None, lines: tuple[int, ...] = (),
                **params: object) -> ParsedDeck:
    finding = Finding(
        rule=UNREADABLE,
        severity=Severity.ERROR,
        template=template,
        params={"path": STDIN_LABEL if path == STDIN else path, **params},
        lines=lines,
        hint_template=hint,
    )
    return ParsedDeck(path=path, findings=(finding,))


def _read_limited(stream: BinaryIO, limit: int) -> bytes:
    """Read at most ``limit`` bytes, however short the reads the stream gives."""
    parts: list[bytes] = []
    size = 0
    while size < limit:
        chunk = stream.read(limit - size)
        if not chunk:
            break
        if isinstance(chunk, str):  # a text stream handed in by mistake
            chunk = chunk.encode("utf-8")
        parts.append(chunk)
        size += len(chunk)
    return b"".join(parts)


def _line_of_offset(data: bytes, offset: int) -> int:
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def _deck_kind(path: str, text: str) -> str:
    if path == STDIN:
        stripped = text.lstrip()
        if stripped.startswith("{"):
            return "json"
        if _YAML_CARDS_KEY.search(text):
            return "yaml"
        return "text"
    suffix = os.path.splitext(path)[1].lower()
    if suffix in _YAML_SUFFIXES:
        return "yaml"
    if suffix == ".json":
        return "json"
    return "text"


def read_deck(path: str, *, stdin: BinaryIO | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> ParsedDeck:
    """Read and parse one deck file (``"-"`` reads ``stdin``, default the process's).

    ``.yaml``/``.yml`` and ``.json`` files are structured decks, every other
    file a text list."""
    try:
        if path == STDIN:
            data = _read_limited(stdin if stdin is not None else sys.stdin.buffer, max_bytes + 1)
        else:
            # Only regular files are opened: opening a FIFO named *.txt waits for
            # a writer forever (and opening a device may do something).
            mode = os.stat(path).st_mode
            if stat.S_ISDIR(mode):
                return _unreadable(path, IS_DIRECTORY)
            if not stat.S_ISREG(mode):
                return _unreadable(path, NOT_REGULAR, NOT_REGULAR_HINT)
            with open(path, "rb", opener=_nonblocking) as handle:
                data = _read_limited(handle, max_bytes + 1)
    except FileNotFoundError:
        return _unreadable(path, NOT_FOUND)
    except IsADirectoryError:
        return _unreadable(path, IS_DIRECTORY)
    except PermissionError:
        if os.path.isdir(path):  # what Windows raises for a directory
            return _unreadable(path, IS_DIRECTORY)
        return _unreadable(path, PERMISSION_DENIED)
    except OSError as exc:
        return _unreadable(path, OS_ERROR, reason=exc.strerror or str(exc))

    if len(data) > max_bytes:
        return _unreadable(path, TOO_LARGE, TOO_LARGE_HINT, limit=max_bytes)
    if _is_utf32(data):
        # Its byte-order mark starts like UTF-16's: read as UTF-16 it would be a
        # "not a card line" on every line (issue 12).
        return _unreadable(path, UTF32, ENCODING_HINT)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        # Windows tools (PowerShell redirection, Notepad "Unicode") write UTF-16.
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            return _unreadable(path, INVALID_UTF16, ENCODING_HINT)
    else:
        if b"\x00" in data:
            return _unreadable(path, BINARY, BINARY_HINT)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = _line_of_offset(data, exc.start)
            return _unreadable(path, INVALID_UTF8, ENCODING_HINT, (line,), offset=exc.start, line=line)
    return parse_deck_text(text, path)


def _is_utf32(data: bytes) -> bool:
    """A UTF-32 byte-order mark, or (without one) text whose every fourth byte
    alone is not zero, as UTF-32 writes ASCII."""
    if data[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return True
    head = data[:4096]
    if len(head) < 8 or len(data) % 4:
        return False
    little = head[1::4] + head[2::4] + head[3::4]
    big = head[0::4] + head[1::4] + head[2::4]
    return not little.strip(b"\x00") or not big.strip(b"\x00")


def parse_deck_text(text: str, path: str, *, sniff: bool = False) -> ParsedDeck:
    """Parse a deck list already in memory (what :func:`read_deck` does after
    reading). The kind comes from ``path``'s suffix, or, for standard input and
    with ``sniff``, from the text itself (a JSON object, a ``cards:`` key)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return _unreadable(path, EMPTY, EMPTY_HINT)

    kind = _deck_kind(STDIN if sniff else path, text)
    if kind == "text":
        return parse_text(text, path)
    # Imported here: YAML/JSON decks are rare on the pre-commit hot path.
    from deckcheck.parse.structured import parse_structured

    return parse_structured(text, path, kind)  # type: ignore[arg-type]


# -- what counts as a deck (README "What counts as a deck") ----------------------
#
# One definition for `check`, `fmt` and the pre-commit hook: a file found while
# walking a folder (or named with --skip-non-decks) is a deck when
#   * a text file: most of its non-blank, non-comment lines are card lines or
#     section headers ("Pokémon: 12", "Total Cards: 60"), and one at least is a card line;
#   * a YAML or JSON file: it has the deck shape, a mapping with a "cards" list
#     (not a list of entries none of which has a "count"), or it is broken and
#     has a top-level "cards" key (so that its syntax error is reported).
# Anything else is skipped, with the reason :func:`not_a_deck` gives.

_JSON_CARDS_KEY = re.compile(r'"cards"\s*:')
_YAML_TOP_CARDS_KEY = re.compile(r"""^(?:\{\s*)?["']?cards["']?\s*:""", re.MULTILINE)


def structured_shape_problem(data: object) -> str | None:
    """Why parsed YAML/JSON ``data`` has not the deck shape, or None when it has."""
    if not isinstance(data, dict):
        return 'it is not a mapping with a "cards" list'
    if "cards" not in data:
        return 'it has no "cards" list'
    cards = data["cards"]
    if isinstance(cards, dict):
        return 'its "cards" is a mapping, not a list of cards with counts'
    if isinstance(cards, list) and cards and all(isinstance(c, dict) for c in cards) \
            and not any("count" in c for c in cards):
        return 'no entry of its "cards" list has a "count"'
    return None


def text_deck_problem(text: str) -> str | None:
    """Why a text file is not a deck list, or None when it is one."""
    from deckcheck.parse.text import line_counts

    # The lines counted as parse_text reads them, without building the deck
    # (issue 16: this runs on every text file met while walking a folder).
    counts = line_counts(text)
    other, structure = counts.other, counts.structure
    # Bad counts and "4-4 Zoroark-GX" are card lines written wrong: a deck's problems.
    cards = counts.cards + counts.attempts
    if cards == 0:
        return "it has no card lines"
    if cards + structure <= other:
        return f"most of its lines are not card lines ({other} of {cards + structure + other})"
    return None


def deck_shape_problem(text: str, kind: str) -> str | None:
    """Why ``text`` (of a ``kind`` file: text, yaml or json) is not a deck, or None."""
    if kind == "text":
        return text_deck_problem(text)
    if kind == "json":
        if not _JSON_CARDS_KEY.search(text):
            return 'it has no "cards" list'
        import json

        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None  # a broken deck file: reading it reports where
        return structured_shape_problem(data)
    if not _YAML_TOP_CARDS_KEY.search(text):
        return 'it has no "cards" list'
    import yaml

    from deckcheck.datafiles import YAML_VALUE_ERRORS, yaml_loader

    try:
        data = yaml.load(text, Loader=yaml_loader())
    except (yaml.YAMLError, *YAML_VALUE_ERRORS):
        return None
    return structured_shape_problem(data)


def not_a_deck(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str | None:
    """Why the file at ``path``, met while walking a folder, is not a deck
    (a reason in English, for ``--verbose``), or None when it is one.

    A file that cannot be read counts as a deck: reading it then reports why."""
    try:
        with open(path, "rb", opener=_nonblocking) as handle:
            data = _read_limited(handle, max_bytes + 1)
    except OSError:
        return None
    if len(data) > max_bytes:
        return f"it is larger than {max_bytes} bytes"
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16", errors="replace")
    elif b"\x00" in data:
        return "it is not a text file"
    else:
        # Wrongly encoded lists are decks still: reading them reports the bad byte.
        text = data.decode("utf-8", errors="replace")
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return "it is empty"
    return deck_shape_problem(text, _deck_kind(path, text))


def unreadable_folder(path: str, reason: str) -> ParsedDeck:
    """The result of a folder met while walking that cannot be listed: an
    ``unreadable`` error, so that no report is silent about decks it could not see."""
    return _unreadable(path, FOLDER_UNREADABLE, FOLDER_UNREADABLE_HINT, reason=reason)
