"""The card look-ups that resolution and the rules need, and an in-memory index.

:class:`CardIndex` is the protocol; :class:`MemoryIndex` serves the built-in
catalogue and tests, ``deckcheck.carddb.sqlite.SqliteIndex`` the imported
database. Set codes and collector numbers are compared through
:func:`set_code_key` and :func:`number_key` so that ``PR-SW 271``,
``SWSH271`` and ``swsh 0271`` meet.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Iterable, Mapping, Protocol, Sequence

from deckcheck.model import Card
from deckcheck.names import deck_key, name_key

# Codes seen in exports that the dataset spells differently (RULES.md 7.2, 7.4).
SET_CODE_ALIASES: Mapping[str, str] = {
    "SVP": "PR-SV",
    "PR-SVP": "PR-SV",
    "SWSHP": "PR-SW",
    "PR-SWSH": "PR-SW",
    "SMP": "PR-SM",
    "XYP": "PR-XY",
    "BWP": "PR-BLW",
    "PR-BW": "PR-BLW",
    "HSP": "PR-HS",
    "DPP": "PR-DPP",
    "NP": "PR-NP",
    "FAC": "FCO",  # Fates Collide, written both ways by PTCGO
    "WBSP": "PR",  # Wizards Black Star Promos
}

_NUMBER = re.compile(r"^([A-Z-]*?)0*(\d+)([A-Z]?)$")


def set_code_key(code: str) -> str:
    folded = code.strip().upper()
    return SET_CODE_ALIASES.get(folded, folded)


def is_promo_code(code_key: str) -> bool:
    return code_key == "PR" or code_key.startswith("PR-")


def number_key(number: str, *, promo: bool = False) -> str:
    """Fold a collector number: ``SWSH001`` -> ``SWSH1``; for promo sets the
    letter prefix is dropped too (``PR-SW 271`` is the card numbered ``SWSH271``)."""
    text = number.strip().upper()
    match = _NUMBER.match(text)
    if not match:
        return text
    prefix, digits, suffix = match.groups()
    if promo:
        prefix = ""
    return f"{prefix}{int(digits)}{suffix}"


class CardIndex(Protocol):
    """What resolution and the rules ask of a card database."""

    def by_number(self, set_code: str, number: str) -> Sequence[Card]:
        """Prints with this set code (any case or alias) and collector number."""

    def by_name(self, name: str) -> Sequence[Card]:
        """Prints whose name equals ``name`` after :func:`name_key` folding;
        when there are none, prints whose deck-building name equals it."""

    def by_deck_key(self, key: str) -> Sequence[Card]:
        """Every print sharing the deck-building name ``key`` (a :func:`deck_key`)."""

    def suggest(self, name: str, limit: int = 3) -> Sequence[str]:
        """Up to ``limit`` card names that look like ``name`` (did you mean)."""

    def knows_set_code(self, set_code: str) -> bool:
        """Whether any set in the database has this code."""


class MemoryIndex:
    """A :class:`CardIndex` over cards held in memory."""

    def __init__(self, cards: Iterable[Card]):
        self.cards: tuple[Card, ...] = tuple(cards)
        self._by_number: dict[tuple[str, str], list[Card]] = defaultdict(list)
        self._by_name: dict[str, list[Card]] = defaultdict(list)
        self._by_deck_key: dict[str, list[Card]] = defaultdict(list)
        self._codes: set[str] = set()
        self._names: dict[str, str] = {}
        for card in self.cards:
            if card.set_code:
                code = set_code_key(card.set_code)
                self._codes.add(code)
                key = number_key(card.number, promo=is_promo_code(code))
                self._by_number[(code, key)].append(card)
            self._by_name[name_key(card.name)].append(card)
            self._by_deck_key[deck_key(card.name, card.supertype)].append(card)
            self._names.setdefault(name_key(card.name), card.name)

    def by_number(self, set_code: str, number: str) -> Sequence[Card]:
        code = set_code_key(set_code)
        return tuple(self._by_number.get((code, number_key(number, promo=is_promo_code(code))), ()))

    def by_name(self, name: str) -> Sequence[Card]:
        key = name_key(name)
        found = self._by_name.get(key)
        if found:
            return tuple(found)
        return tuple(self._by_deck_key.get(key, ()))

    def by_deck_key(self, key: str) -> Sequence[Card]:
        return tuple(self._by_deck_key.get(key, ()))

    def suggest(self, name: str, limit: int = 3) -> Sequence[str]:
        from deckcheck.suggest import closest_names

        return closest_names(name, self._names, limit)

    def knows_set_code(self, set_code: str) -> bool:
        return set_code_key(set_code) in self._codes
