"""YAML deck files in the form they are usually written in, read without PyYAML's nodes.

Top-level ``key: value`` lines and a ``cards:`` list of flow mappings, one a line
(``  - {count: 4, name: "Iono", set: PAL, number: "185"}``), the form of deckcheck's own
examples and of most generators: each line read by one regular expression, each plain scalar's
value taken from :func:`deckcheck.datafiles.plain_scalar` (its tag resolved as PyYAML resolves
it). PyYAML composes a node and two marks for every value and asks the resolver of each; a deck
of 20 cards cost some 300 us before a card was read. Anything else (another form, an escape, a
comment after a value, a key given twice, a value other than text, a whole number written in
decimals, true/false or nothing) gives None: PyYAML reads the file, as it always has. A test
holds what this reads, the data and every line, to what PyYAML reads.
"""

from __future__ import annotations

import re
from typing import Any

from deckcheck.datafiles import NOT_PLAIN, plain_scalar

# The characters YAML refuses (non-printable) or reads as a line break or a byte-order mark:
# none of them is read here. The patterns' classes hold those up to U+00FF; a text holding one
# of the others (_HIGH_REFUSED, or a lone surrogate) is not read at all: a class with characters
# past U+00FF costs `re` about 1 ms to compile, which a check of one YAML deck paid three times.
_REFUSED = "\\x00-\\x1f\\x7f-\\x9f"
_HIGH_REFUSED = "\u2028\u2029\ufeff\ufffe\uffff"
# A plain scalar of a name, a set code or a number ("Gardevoir ex", "Boss's Orders", "SVI",
# "185"): no character YAML gives a meaning to in or around it (": ", " #", "{", ",", "&", ...).
_PLAIN = r"[A-Za-z0-9](?:[A-Za-z0-9 ._/()+'-]*[A-Za-z0-9._/()+'-])?"
# A scalar: double-quoted with no escape, single-quoted with no quote in it, or plain.
_SCALAR = rf'"([^"\\{_REFUSED}]*+)"|\'([^\'{_REFUSED}]*+)\'|({_PLAIN})'
# A key written plain (short: YAML refuses an implicit key of over 1,024 characters).
_KEY = r"[A-Za-z_][A-Za-z0-9_]{0,63}"
_TOP_LINE = rf"({_KEY}):(?: (?:{_SCALAR}))?"
_ITEM_LINE = r"( *+)- \{(.+)\}"
_PAIR = rf"({_KEY}): (?:{_SCALAR})(, |$)"
# A line YAML reads as nothing: blank, or a comment. (These patterns are compiled by `re` on
# first use: only a YAML deck needs them, and their classes of refused characters are some
# 2 M instructions to compile, which a check of a text or JSON deck would pay for nothing.)
_NOTHING_LINE = rf" *+(?:#[^{_REFUSED}]*+)?"
# The keys of a card whose number, written plain, YAML 1.1 reads as a number (``number: 012``
# is octal 10): structured.py keeps them as written, and so does this.
_AS_WRITTEN = ("set", "number")


def _scalar(found: re.Match[str], first: int) -> Any:
    """The value of the scalar whose three groups start at group ``first`` of ``found``."""
    double, single, plain = found.group(first, first + 1, first + 2)
    if plain is not None:
        return plain_scalar(plain)
    return double if double is not None else single


def read_plain_yaml(text: str) -> tuple[dict[Any, Any], dict[str, int], list[int | None]] | None:
    """The data PyYAML reads of a deck file written in the usual form (with its set codes and
    numbers kept as written), the line of each top-level key (by the key as written) and of
    each card; None for a text in any other form."""
    if not text.isascii() and _refused_beyond_latin1(text):
        return None
    data: dict[Any, Any] = {}
    keys: dict[str, int] = {}
    card_lines: list[int | None] = []
    cards: list[dict[Any, Any]] | None = None  # the list being read, after "cards:"
    indent: str | None = None  # of its items
    for number, line in enumerate(text.split("\n"), start=1):
        if cards is not None:
            item = re.fullmatch(_ITEM_LINE, line)
            if item is not None and indent in (None, item[1]):
                indent = item[1]
                card = _flow_mapping(item[2])
                if card is None:
                    return None
                cards.append(card)
                card_lines.append(number)
                continue
        if re.fullmatch(_NOTHING_LINE, line):
            continue
        top = re.fullmatch(_TOP_LINE, line)
        if top is None or (cards is not None and not cards):
            return None  # (also a "cards:" with no card under it)
        key = plain_scalar(top[1])
        if key is NOT_PLAIN or key in data:
            return None
        keys[top[1]] = number
        cards = None
        if top.lastindex == 1:  # no value: "cards:", its list below
            if top[1] != "cards":
                return None
            cards = data[key] = []
            indent = None
            continue
        value = _scalar(top, 2)
        if value is NOT_PLAIN:
            return None
        data[key] = value
    if not data or (cards is not None and not cards):
        return None  # (a file of comments is no mapping but nothing)
    return data, keys, card_lines


def _refused_beyond_latin1(text: str) -> bool:
    """Whether ``text`` holds a character past U+00FF that YAML refuses or reads as a line break
    or a byte-order mark (the patterns' classes leave them out), or a lone surrogate."""
    if any(character in text for character in _HIGH_REFUSED):
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (U+D800 to U+DFFF)
        return True
    return False


def _flow_mapping(pairs: str) -> dict[Any, Any] | None:
    """The card of a flow mapping's pairs (``count: 4, name: "Iono"``), else None: a new
    dictionary, read once for pairs met before (a folder's deck files repeat their cards)."""
    if pairs in _CARDS:
        card = _CARDS[pairs]
    else:
        card = _read_flow_mapping(pairs)
        if len(_CARDS) >= CARDS_KEPT:
            _CARDS.clear()
        _CARDS[pairs] = card
    return None if card is None else dict(card)


# The cards read before by their pairs as written (at most CARDS_KEPT; then it starts again).
_CARDS: dict[str, dict[Any, Any] | None] = {}
CARDS_KEPT = 4_096


def _read_flow_mapping(pairs: str) -> dict[Any, Any] | None:
    card: dict[Any, Any] = {}
    at = 0
    pattern = re.compile(_PAIR)  # (compiled on first use, then re's own cache)
    while at < len(pairs):
        pair = pattern.match(pairs, at)
        if pair is None or (pair[5] == ", " and pair.end() == len(pairs)):
            return None
        written = pair[1]
        key, value = plain_scalar(written), _scalar(pair, 2)
        if key is NOT_PLAIN or value is NOT_PLAIN or key in card:
            return None
        if type(value) is int and written in _AS_WRITTEN and pair[4] is not None:
            value = pair[4]  # (a plain whole number)
        card[key] = value
        at = pair.end()
    return card
