"""What kind of file a deck is, and whether a file is a deck at all.

The readers every deck file goes through (a bounded read, an open that never waits on
a FIFO), the kind of a file (text, YAML or JSON: its suffix, or for standard input its
text) and README "What counts as a deck" (:func:`not_a_deck`). Both
:mod:`deckcheck.parse.files` (reading a deck) and :mod:`deckcheck.parse.structured`
(the YAML/JSON shape) import this module; it imports neither.
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
from collections.abc import Callable
from typing import BinaryIO

from deckcheck.datafiles import YAML_VALUE_ERRORS, yaml_loader
from deckcheck.i18n import N_, Phrase
from deckcheck.parse.text import LineCounts, line_counts

STDIN = "-"
DEFAULT_MAX_BYTES = 5_000_000
YAML_SUFFIXES = (".yaml", ".yml")
_STRUCTURED_SUFFIXES = (*YAML_SUFFIXES, ".json")

# Standard input has no file name: a JSON object or a top-level "cards:" key
# is a structured deck, anything else a text list. This pattern and the two of
# has_cards_key are text, compiled by `re` on first use: a named text list needs none.
_YAML_CARDS_KEY = r"(?m)^cards\s*:\s*(?:$|\[)"
# Where the platform has it (not on Windows, which has no FIFOs to open by name).
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def open_nonblocking(path: str, flags: int) -> int:
    """An ``opener`` for :func:`open` that never waits on a FIFO."""
    # Should a FIFO take a regular file's place between the check and the
    # open, reading it gives an empty (or unreadable) deck, not a hang.
    return os.open(path, flags | _NONBLOCK)


# The most one read asks for: a read of n bytes allocates n bytes first, and a deck is a few
# hundred, so asking for the whole limit (5 MB) at once cost more than reading the file.
READ_SIZE = 1 << 16


def read_limited(stream: BinaryIO, limit: int) -> bytes:
    """Read at most ``limit`` bytes, however short the reads the stream gives."""
    return _read_up_to(stream.read, limit)


def _read_up_to(read: Callable[[int], bytes | str], limit: int) -> bytes:
    """At most ``limit`` bytes from ``read`` (a stream's read, or os.read of a descriptor),
    asked for at most READ_SIZE at a time."""
    parts: list[bytes] = []
    size = 0
    while size < limit:
        chunk = read(min(limit - size, READ_SIZE))
        if not chunk:
            break
        if isinstance(chunk, str):  # a text stream handed in by mistake
            chunk = chunk.encode("utf-8")
        parts.append(chunk)
        size += len(chunk)
    return b"".join(parts)


# How a deck file is opened for reading (os.open's flags: O_BINARY on Windows, close-on-exec).
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
# A terminal opened by a walk must not become the process's controlling terminal.
_NOCTTY = getattr(os, "O_NOCTTY", 0)


def read_file_limited(path: str, limit: int, size: int = -1) -> bytes:
    """At most ``limit`` bytes of the file at ``path``, opened with :func:`open_nonblocking`
    and read from its descriptor: a file object around it cost a walk of small decks more
    than reading them. ``size``, the file's size as a stat just gave it (-1: not known), lets
    one read take a file smaller than ``limit`` whole: a read of ``size`` + 1 bytes that gives
    ``size`` reached the end, with no second read to find it (a file that grew or shrank since
    the stat is read on to its end, as without ``size``)."""
    descriptor = open_nonblocking(path, _READ_FLAGS)
    try:
        return _read_descriptor(descriptor, limit, size)
    finally:
        os.close(descriptor)


def read_regular_file(path: str, limit: int) -> bytes | int:
    """At most ``limit`` bytes of the file at ``path`` when it is a regular file, else its mode
    (``os.stat_result.st_mode``: a folder, a FIFO, a device), not read. Opened first, with
    :func:`open_nonblocking` (so a FIFO is never waited on), then asked what it is from its
    descriptor: one system call less than a stat of the path before the open, and what is read is
    the file that was asked about. For the files a walk met as regular files; a path given by
    name is asked about before it is opened (read_deck_bytes): opening a device may do something."""
    descriptor = open_nonblocking(path, _READ_FLAGS | _NOCTTY)
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            return status.st_mode
        return _read_descriptor(descriptor, limit, status.st_size)
    finally:
        os.close(descriptor)


def _read_descriptor(descriptor: int, limit: int, size: int) -> bytes:
    """:func:`read_file_limited` of an open descriptor."""
    if 0 <= size < limit:
        first = os.read(descriptor, size + 1)
        if len(first) == size or not first:
            return first
        return first + _read_up_to(functools.partial(os.read, descriptor), limit - len(first))
    return _read_up_to(functools.partial(os.read, descriptor), limit)


def deck_kind(path: str, text: str) -> str:
    """``text``, ``yaml`` or ``json``: from the suffix, or for standard input from the text itself."""
    if path == STDIN:
        stripped = text.lstrip()
        if stripped.startswith("{"):
            return "json"
        if re.search(_YAML_CARDS_KEY, text):
            return "yaml"
        return "text"
    if not path.lower().endswith(_STRUCTURED_SUFFIXES):
        return "text"  # (a path whose suffix is one of them ends with it: most paths end otherwise)
    suffix = os.path.splitext(path)[1].lower()
    if suffix in YAML_SUFFIXES:
        return "yaml"
    if suffix == ".json":
        return "json"
    return "text"


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

_JSON_CARDS_KEY = r'"cards"\s*:'
_YAML_TOP_CARDS_KEY = r"""(?m)^(?:\{\s*)?["']?cards["']?\s*:"""


# TRANSLATORS: why a file is not a deck; "cards" is the key of a YAML or JSON deck, as written.
NO_CARDS_LIST = Phrase(N_('it has no "cards" list'))


def structured_shape_problem(data: object) -> str | None:
    """Why parsed YAML/JSON ``data`` has not the deck shape, or None when it has."""
    if not isinstance(data, dict):
        return Phrase(N_('it is not a mapping with a "cards" list'))
    if "cards" not in data:
        return NO_CARDS_LIST
    cards = data["cards"]
    if isinstance(cards, dict):
        return Phrase(N_('its "cards" is a mapping, not a list of cards with counts'))
    if (
        isinstance(cards, list)
        and cards
        and all(isinstance(c, dict) for c in cards)
        and not any("count" in c for c in cards)
    ):
        return Phrase(N_('no entry of its "cards" list has a "count"'))
    return None


def text_deck_problem(text: str) -> str | None:
    """Why a text file is not a deck list, or None when it is one."""
    # The lines counted as parse_text reads them, without building the deck
    # (this runs on every text file met while walking a folder).
    return counted_problem(line_counts(text))


def counted_problem(counts: LineCounts) -> str | None:
    """Why a text file whose lines count so is not a deck list, or None when it is one."""
    other, structure = counts.other, counts.structure
    # Bad counts and "4-4 Zoroark-GX" are card lines written wrong: a deck's problems.
    cards = counts.cards + counts.attempts
    if cards == 0:
        return Phrase(N_("it has no card lines"))
    if cards + structure <= other:
        # TRANSLATORS: why a file is not a deck list: "(40 of 52)" lines.
        return Phrase(
            N_("most of its lines are not card lines ({other} of {lines})"),
            other=other,
            lines=cards + structure + other,
        )
    return None


def has_cards_key(text: str, kind: str) -> bool:
    """Whether a YAML or JSON file's text holds a ``cards`` key (at the top, for YAML): a
    file without one is no deck, whatever else it holds."""
    return re.search(_JSON_CARDS_KEY if kind == "json" else _YAML_TOP_CARDS_KEY, text) is not None


def deck_shape_problem(text: str, kind: str) -> str | None:
    """Why ``text`` (of a ``kind`` file: text, yaml or json) is not a deck, or None."""
    if kind == "text":
        return text_deck_problem(text)
    if not has_cards_key(text, kind):
        return NO_CARDS_LIST
    if kind == "json":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return None  # a broken deck file: reading it reports where
        return structured_shape_problem(data)
    import yaml  # a large import: only for a .yaml/.yml file with a top-level cards key

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
        data = read_file_limited(path, max_bytes + 1)
    except OSError:
        return None
    return deck_problem(data, path, max_bytes=max_bytes)


def deck_problem(data: bytes, path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> str | None:
    """:func:`not_a_deck` of the file at ``path`` whose bytes (at most ``max_bytes`` + 1 of
    them) are ``data``: the check of a walked file judges it from the bytes it reads once."""
    if len(data) > max_bytes:
        return Phrase(N_("it is larger than {limit} bytes"), limit=max_bytes)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16", errors="replace")
    elif b"\x00" in data:
        return Phrase(N_("it is not a text file"))
    else:
        # Wrongly encoded lists are decks still: reading them reports the bad byte.
        text = data.decode("utf-8", errors="replace")
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return EMPTY_FILE
    return deck_shape_problem(text, deck_kind(path, text))


EMPTY_FILE = Phrase(N_("it is empty"))
