"""Text from deck files and file names made safe to show.

A deck file can hold anything: terminal escapes (``ESC]0;title``, ``ESC[2J``),
other control characters, bidirectional overrides that make a line read
differently from what it is, and -- from a JSON ``"\\ud800"`` or a file name
that is not UTF-8 -- lone surrogates, which no UTF-8 output can encode.
:func:`printable` writes each of them as a visible escape (``\\x1b``,
``\\u202e``; a file name's undecodable byte ``0xFF`` as ``\\xff``), so every
report shows what the file holds and none can act on the terminal or fail to
encode. Pure: the engine applies it to every finding of a result, renderers to
the paths they show.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from deckcheck.i18n import Joined, Phrase

# C0 and C1 controls and DEL, the bidirectional embeddings/overrides/isolates,
# and surrogates (never valid on their own in UTF-8). None of them is printable (str.isprintable:
# they are of the categories Cc, Cf and Cs), so a text printable throughout holds none, and only a
# text that is not is searched: the pattern is text, compiled by `re` on first use (its class of
# 2,048 surrogates, which `re` sets one at a time, costs a check some 4 M instructions).
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"


def _safe(text: str) -> bool:
    """Whether ``text`` holds no character :data:`_UNSAFE` matches."""
    return text.isprintable() or re.search(_UNSAFE, text) is None


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    if 0xDC80 <= code <= 0xDCFF:  # a byte the file system's name could not decode (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with control characters, bidirectional controls and lone
    surrogates written as escapes (``\\x1b``, ``\\u202e``)."""
    if _safe(text):
        return text
    return re.sub(_UNSAFE, _escape, text)


# A text from the deck shown in a finding is cut after this many characters: a
# 4 MB "card name" need not be carried (and printed) whole in every report.
MAX_SHOWN = 300


def shown(text: str) -> str:
    """``text`` from a deck as a report shows it: at most :data:`MAX_SHOWN`
    characters, :func:`printable`."""
    if len(text) > MAX_SHOWN:
        text = text[: MAX_SHOWN - 1] + "…"
    return printable(text)


def _value(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if len(value) > MAX_SHOWN and type(value) is str:
        value = value[: MAX_SHOWN - 1] + "…"
    if _safe(value):
        return value
    # Phrase and Joined (deckcheck.i18n) carry their parts for translation: rebuild them.
    if isinstance(value, Joined):
        return Joined(tuple(_value(item) for item in value.items), value.separator)
    if isinstance(value, Phrase):
        return Phrase(value.template, **{key: _value(part) for key, part in value.params.items()})
    return printable(str(value))


def printable_finding(finding):
    """A :class:`~deckcheck.model.Finding` whose parameters, hint parameters and
    cards are :func:`printable` and at most :data:`MAX_SHOWN` characters long
    (the same object when they already are)."""
    params = {key: _value(value) for key, value in finding.params.items()}
    hint_params = {key: _value(value) for key, value in finding.hint_params.items()}
    cards = tuple(_value(card) for card in finding.cards)
    if (
        all(params[k] is finding.params[k] for k in params)
        and cards == finding.cards
        and all(hint_params[k] is finding.hint_params[k] for k in hint_params)
    ):
        return finding
    return dataclasses.replace(finding, params=params, hint_params=hint_params, cards=cards)
