"""Reading deck files from disk or standard input.

:func:`read_deck` never raises for a bad file: a missing, unreadable, empty,
binary, oversized or wrongly encoded file, or one that is no regular file (a
FIFO, a device), becomes a :class:`ParsedDeck` with one ``unreadable`` error
finding, so a run over many decks reports them all.

What kind of file a deck is and whether a file met while walking a folder is a deck
at all is :mod:`deckcheck.parse.shape`; :func:`deckcheck.project.discover.select_decks` walks.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import os
import re
import stat
import sys
from dataclasses import replace
from typing import BinaryIO, NamedTuple

from deckcheck.i18n import N_, line_numbers
from deckcheck.model import Finding, ParsedDeck, Severity
from deckcheck.parse.shape import (
    DEFAULT_MAX_BYTES,
    EMPTY_FILE,
    NO_CARDS_LIST,
    STDIN,
    counted_problem,
    deck_kind,
    deck_problem,
    deck_shape_problem,
    has_cards_key,
    read_file_limited,
    read_limited,
    read_regular_file,
    structured_shape_problem,
)
from deckcheck.parse.text import line_counts, parse_text, parse_text_counted

UNREADABLE = "unreadable"
ENCODING = "encoding"
STDIN_LABEL = "<stdin>"

NOT_FOUND = N_("The deck file {path} does not exist.")
IS_DIRECTORY = N_("{path} is a directory, not a deck file.")
NOT_REGULAR = N_("{path} is not a regular file (it is a pipe, a device or a socket), so it is not read as a deck.")
NOT_REGULAR_HINT = N_("Give a deck list saved as a file.")
PERMISSION_DENIED = N_("The deck file {path} cannot be read: permission denied.")
# {reason} is the operating system's own text.
OS_ERROR = N_("The deck file {path} cannot be read: {reason}.")
EMPTY = N_("The deck file {path} is empty.")
EMPTY_HINT = N_('Write one card per line, for example "4 Iono PAL 185".')
BINARY = N_("The deck file {path} is not a text file: it contains NUL bytes.")
BINARY_HINT = N_("Give a deck list saved as plain text, YAML or JSON.")
TOO_LARGE = N_("The deck file {path} is larger than {limit} bytes.")
TOO_LARGE_HINT = N_("A deck list is a small text file; check that the right file was given.")
INVALID_UTF8 = N_("The deck file {path} is not valid UTF-8: byte {offset} on line {line} cannot be decoded.")
INVALID_UTF16 = N_("The deck file {path} starts with a UTF-16 byte-order mark but is not valid UTF-16.")
UTF32 = N_("The deck file {path} is in UTF-32, an encoding deckcheck does not read.")
ENCODING_HINT = N_("Save the deck list as UTF-8.")
# {code} is the character's number, "U+D800".
SURROGATE = N_(
    "The deck list {path} is not valid text: line {line} holds {code}, half of a surrogate pair, "
    "which no UTF-8 file can hold."
)
# {reason} is the operating system's own text ("Permission denied", "File name too long").
FOLDER_UNREADABLE = N_("The folder {path} cannot be read ({reason}), so the decks in it were not checked.")
FOLDER_UNREADABLE_HINT = N_("Make the folder readable, or exclude it (--exclude, or exclude: in the configuration).")


def _unreadable(
    path: str, template: str, hint: str | None = None, lines: tuple[int, ...] = (), **params: object
) -> ParsedDeck:
    finding = Finding(
        rule=UNREADABLE,
        severity=Severity.ERROR,
        template=template,
        params={"path": STDIN_LABEL if path == STDIN else path, **params},
        lines=lines,
        hint_template=hint,
    )
    return ParsedDeck(path=path, findings=(finding,))


def _line_of_offset(data: bytes, offset: int) -> int:
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def read_deck(path: str, *, stdin: BinaryIO | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> ParsedDeck:
    """Read and parse one deck file (``"-"`` reads ``stdin``, default the process's).

    ``.yaml``/``.yml`` and ``.json`` files are structured decks, every other
    file a text list."""
    data = read_deck_bytes(path, stdin=stdin, max_bytes=max_bytes)
    if isinstance(data, ParsedDeck):
        return data
    return parse_deck_bytes(data, path, max_bytes=max_bytes)


def read_deck_bytes(
    path: str, *, stdin: BinaryIO | None = None, max_bytes: int = DEFAULT_MAX_BYTES, walked: bool = False
) -> bytes | ParsedDeck:
    """The bytes of the deck file ``path`` (``"-"``: ``stdin``), at most one more than
    ``max_bytes``; or, for a file that cannot be read, its ``unreadable`` :class:`ParsedDeck`.
    ``walked``: a file a walk of a folder met as a regular file, opened before it is asked about
    (:func:`~deckcheck.parse.shape.read_regular_file`)."""
    try:
        if path == STDIN:
            return read_limited(stdin if stdin is not None else sys.stdin.buffer, max_bytes + 1)
        if walked:
            found = read_regular_file(path, max_bytes + 1)
            if isinstance(found, bytes):
                return found
            mode = found
        else:
            # Only regular files are opened: opening a FIFO named *.txt waits for
            # a writer forever (and opening a device may do something).
            status = os.stat(path)
            if stat.S_ISREG(status.st_mode):
                return read_file_limited(path, max_bytes + 1, status.st_size)
            mode = status.st_mode
        if stat.S_ISDIR(mode):
            return _unreadable(path, IS_DIRECTORY)
        return _unreadable(path, NOT_REGULAR, NOT_REGULAR_HINT)
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


def read_found(data: bytes, path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> ParsedDeck | str:
    """A file met while walking a folder, from its bytes read once: why it is no deck
    (:func:`~deckcheck.parse.shape.deck_problem`), else the deck :func:`parse_deck_bytes` reads.
    A text list in plain UTF-8 is judged from the parse itself (its lines counted as they are read)."""
    if len(data) <= max_bytes and b"\x00" not in data and not data.startswith(b"\xef\xbb\xbf"):
        # (A byte-order mark, UTF-16 or bytes that are no UTF-8: the general way, below.)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            # As deck_problem and parse_deck_text read valid UTF-8 with no mark and no NUL.
            if "\r" in text:
                text = text.replace("\r\n", "\n").replace("\r", "\n")
            if not text or text.isspace():  # (what strips to nothing, without the copy strip makes)
                return EMPTY_FILE
            kind = deck_kind(path, text)
            if kind == "text":
                parsed, counts = parse_text_counted(text, path)
                problem = counted_problem(counts if counts is not None else line_counts(text))
                return parsed if problem is None else problem
            if not has_cards_key(text, kind):
                return NO_CARDS_LIST
            from deckcheck.parse.structured import NOT_READ, read_structured  # YAML and JSON decks are few

            parsed, loaded = read_structured(text, path, kind, strict=True)  # type: ignore[arg-type]
            # The data the parse loaded is what deck_problem loads; where it loaded none, deck_problem says.
            problem = deck_shape_problem(text, kind) if loaded is NOT_READ else structured_shape_problem(loaded)
            return parsed if problem is None else problem
    problem = deck_problem(data, path, max_bytes=max_bytes)
    return parse_deck_bytes(data, path, max_bytes=max_bytes) if problem is None else problem


class DeckText(NamedTuple):
    """A deck file's text as the reading rule (:func:`decode_deck_bytes`) read its bytes:
    ``windows_1252`` when they were not UTF-8 and were read as Windows-1252."""

    text: str
    windows_1252: bool = False
    # The lines read as Windows-1252 in a list that is UTF-8 elsewhere (a line typed in another
    # editor); empty when every line beyond ASCII was Windows-1252.
    windows_1252_lines: tuple[int, ...] = ()


def decode_deck_bytes(data: bytes, path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> DeckText | ParsedDeck:
    """The one reading rule of a deck file's bytes, for every front end (``check``, ``fmt``,
    ``serve``, the library): UTF-8, UTF-16 with its byte-order mark, or bytes that can only be
    Windows-1252 text; anything else is an ``unreadable`` :class:`ParsedDeck`
    saying why, never an exception. A UTF-8 byte-order mark stays at the start of the text."""
    if len(data) > max_bytes:
        return _unreadable(path, TOO_LARGE, TOO_LARGE_HINT, limit=max_bytes)
    if _is_utf32(data):
        # Its byte-order mark starts like UTF-16's: read as UTF-16 it would be a
        # "not a card line" on every line.
        return _unreadable(path, UTF32, ENCODING_HINT)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        # Windows tools (PowerShell redirection, Notepad "Unicode") write UTF-16.
        try:
            return DeckText(data.decode("utf-16"))
        except UnicodeDecodeError:
            return _unreadable(path, INVALID_UTF16, ENCODING_HINT)
    if b"\x00" in data:
        return _unreadable(path, BINARY, BINARY_HINT)
    try:
        return DeckText(data.decode("utf-8"))
    except UnicodeDecodeError:
        mixed = _line_by_line(data)
        if isinstance(mixed, int):  # the first byte of the first line that cannot be read
            line = _line_of_offset(data, mixed)
            return _unreadable(path, INVALID_UTF8, ENCODING_HINT, (line,), offset=mixed, line=line)
        return mixed


# Only a file that is not UTF-8 as a whole is read with the next two patterns: they are bytes,
# compiled by `re` on first use (1.4 M instructions at import).
# A line (its end included) as the parser splits a text: LF, CRLF or a lone CR ends it.
_BYTE_LINES = rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+"
# A character beyond ASCII as UTF-8 writes it: a line holding one is not read as Windows-1252,
# which would turn it into two or three other characters ("é" into "Ã©").
_UTF8_SEQUENCE = rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"


def _line_by_line(data: bytes) -> DeckText | int:
    """``data`` that is not UTF-8 as a whole read a line at a time: UTF-8 where a line is UTF-8,
    Windows-1252 where a line can only be that (:func:`windows_1252_text`, with no character
    written as UTF-8 in it); when a line is neither, the offset of its first byte that is no UTF-8. A UTF-8 list with one line typed in a
    Windows editor keeps its other lines as written ("Pokémon: 19" was read as "PokÃ©mon: 19",
    and fmt wrote it back so). ``windows_1252_lines`` names that line where others hold UTF-8
    beyond ASCII; a list whose every such line is Windows-1252 is a Windows-1252 file."""
    parts = []
    read_as_1252 = []
    utf8_beyond_ascii = False
    for number, found in enumerate(re.finditer(_BYTE_LINES, data), start=1):
        line = found.group()
        try:
            parts.append(line.decode("utf-8"))
            utf8_beyond_ascii = utf8_beyond_ascii or not line.isascii()
            continue
        except UnicodeDecodeError as error:
            bad = found.start() + error.start
        text = windows_1252_text(line) if re.search(_UTF8_SEQUENCE, line) is None else None
        if text is None:
            return bad
        parts.append(text)
        read_as_1252.append(number)
    return DeckText("".join(parts), True, tuple(read_as_1252) if utf8_beyond_ascii else ())


def parse_deck_bytes(data: bytes, path: str, *, max_bytes: int = DEFAULT_MAX_BYTES, sniff: bool = False) -> ParsedDeck:
    """Parse a deck file's bytes as :func:`read_deck` does (read by :func:`decode_deck_bytes`;
    bytes it cannot read are an ``unreadable`` finding, never an exception)."""
    decoded = decode_deck_bytes(data, path, max_bytes=max_bytes)
    if isinstance(decoded, ParsedDeck):
        return decoded
    return parse_decoded(decoded, path, sniff=sniff)


def parse_decoded(decoded: DeckText, path: str, *, sniff: bool = False) -> ParsedDeck:
    """Parse a deck file's text as :func:`decode_deck_bytes` read it: :func:`parse_deck_text`,
    with the ``encoding`` note when it was read as Windows-1252."""
    parsed = parse_deck_text(decoded.text, path, sniff=sniff)
    return _with_encoding_note(parsed, path, decoded.windows_1252_lines) if decoded.windows_1252 else parsed


# Characters other than letters that Windows-1252 lists hold: quotes, dashes,
# bullets, the multiplication sign, the degree and trade marks.
_CP1252_MARKS = frozenset("‘’‚“”„–—•…×·°™®©«»¡¿ªº´¨\u00a0")


def windows_1252_text(data: bytes) -> str | None:
    """``data`` decoded as Windows-1252 when it can only be text in that encoding
    (lists saved by Notepad or Excel as "ANSI"), else None: every byte
    is defined in Windows-1252, no control character but tab and line ends, and
    every character beyond ASCII is a letter or common punctuation."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:  # 0x81, 0x8D, 0x8F, 0x90, 0x9D: no character in Windows-1252
        return None
    for ch in set(text):
        if ch < " " and ch not in "\t\n\r":
            return None
        if ch > "~" and not ch.isalpha() and ch not in _CP1252_MARKS:
            return None
    return text


ENCODING_NOTE = N_("The deck file {path} is not UTF-8; it was read as Windows-1252 (Western European) text.")
ENCODING_NOTE_HINT = N_("Save the deck list as UTF-8 so that every program reads it the same way.")


# {lines} is "line 6" or "lines 6, 9".
ENCODING_NOTE_LINES = N_("The deck file {path} is UTF-8 except {lines}, read as Windows-1252 (Western European) text.")


def _with_encoding_note(parsed: ParsedDeck, path: str, lines: tuple[int, ...] = ()) -> ParsedDeck:
    """``parsed`` with a note that its file was read as Windows-1252 (rule ``encoding``): all of it,
    or ``lines`` of a file that is UTF-8 elsewhere."""
    label = STDIN_LABEL if path == STDIN else path
    note = Finding(
        rule=ENCODING,
        severity=Severity.INFO,
        template=ENCODING_NOTE_LINES if lines else ENCODING_NOTE,
        params={"path": label, "lines": line_numbers(lines)} if lines else {"path": label},
        lines=lines,
        hint_template=ENCODING_NOTE_HINT,
    )
    return replace(parsed, findings=(note, *parsed.findings))


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
    refused = text_problem(text, path)
    if refused is not None:
        return refused
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return _unreadable(path, EMPTY, EMPTY_HINT)

    kind = deck_kind(STDIN if sniff else path, text)
    if kind == "text":
        return parse_text(text, path)
    # Imported here: YAML/JSON decks are rare on the pre-commit hot path.
    from deckcheck.parse.structured import parse_structured

    return parse_structured(text, path, kind)  # type: ignore[arg-type]


def text_problem(text: str, path: str) -> ParsedDeck | None:
    """Why a deck list given as text (the library's ``check_text``, serve's JSON ``text``) cannot
    be read, as the same characters in a file's bytes cannot: a NUL character (the file reader's
    "not a text file") or a surrogate code point (what no UTF-8 bytes decode to; a str holds one
    when bytes were decoded with ``errors="surrogateescape"``); None when it can be read. One
    answer whichever way the list came in."""
    if "\x00" in text:
        return _unreadable(path, BINARY, BINARY_HINT)
    # The surrogates are the code points UTF-8 cannot write: the encoder finds the first (a pattern
    # of their class costs `re` 2 M instructions to compile).
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        found = error.start
    else:
        return None
    head = text[:found]
    line = head.count("\n") + head.count("\r") - head.count("\r\n") + 1
    return _unreadable(path, SURROGATE, ENCODING_HINT, (line,), line=line, code=f"U+{ord(text[found]):04X}")


def unreadable_folder(path: str, reason: str) -> ParsedDeck:
    """The result of a folder met while walking that cannot be listed: an
    ``unreadable`` error, so that no report is silent about decks it could not see."""
    return _unreadable(path, FOLDER_UNREADABLE, FOLDER_UNREADABLE_HINT, reason=reason)
