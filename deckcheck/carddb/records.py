"""What a card record must be before it is stored.

Every card source converts its own files into :class:`~deckcheck.model.Card`;
:func:`bad_card` then checks the result in one place, for every source, before
anything is written: each text field is text (a ``name`` that is a list, a set
code that is a list, a supertype that is a number are refused), of a sane
length, and encodable (a lone surrogate from a JSON ``"\\ud800"`` would make
SQLite fail half-way). A dataset holding such a record is refused with a
message naming the file and the card; the installed database stays as it was.
"""

from __future__ import annotations

from typing import Any

from deckcheck.model import SUPERTYPES, Card

# Longest accepted value of each text field; the real data stays far below.
_LIMITS = {
    "id": 100,
    "name": 200,
    "supertype": 20,
    "set_id": 50,
    "set_code": 20,
    "number": 20,
    "regulation_mark": 5,
    "release_date": 10,
    "evolves_from": 200,
    "text_hash": 128,
}
_REQUIRED = ("id", "name", "supertype")


def bad_text(value: Any, field: str, limit: int = 200) -> str | None:
    """Why ``value`` cannot be stored as the text of ``field``, or None."""
    if not isinstance(value, str):
        return f"{field} must be text, not {_kind(value)}"
    if len(value) > limit:
        return f"{field} is {len(value)} characters long (at most {limit})"
    if has_surrogate(value):
        return f"{field} holds a lone surrogate ({value.encode('utf-8', 'backslashreplace')[:60].decode()!r})"
    return None


def has_surrogate(value: str) -> bool:
    """Whether ``value`` holds a surrogate code point: the only ones UTF-8 cannot encode (a pattern
    of their class would cost every start with a card database 2 M instructions to compile)."""
    if value.isascii():
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def bad_card(card: Card) -> str | None:
    """Why ``card`` cannot be stored, or None."""
    for field, limit in _LIMITS.items():
        value = getattr(card, field)
        if value is None and field not in _REQUIRED:
            continue
        problem = bad_text(value, field, limit)
        if problem:
            return problem
    if card.supertype not in SUPERTYPES:
        return f"supertype is {card.supertype!r}, not one of {', '.join(SUPERTYPES)}"
    for field in ("subtypes", "types"):
        values = getattr(card, field)
        if not isinstance(values, tuple):
            return f"{field} must be a list of text, not {_kind(values)}"
        for value in values:
            problem = bad_text(value, field, 50)
            if problem:
                return problem
    if card.own_limit is not None:
        name, count = card.own_limit
        problem = bad_text(name, "the card's own limit", 200)
        if problem or not isinstance(count, int) or not 0 <= count <= 60:
            return problem or "the card's own limit is not a count from 0 to 60"
    return None


def bad_set(row: tuple[Any, ...]) -> str | None:
    """Why a set row ``(id, name, code, series, release date, ...)`` cannot be stored, or None."""
    for value, field, limit in zip(row, ("id", "name", "set code", "series", "release date"), (50, 200, 20, 200, 10)):
        if value is None and field != "id":
            continue
        problem = bad_text(value, field, limit)
        if problem:
            return problem
    return None


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"
