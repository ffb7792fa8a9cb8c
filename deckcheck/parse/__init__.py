"""Deck lists in, :class:`~deckcheck.model.ParsedDeck` out (RULES.md section 7)."""

from deckcheck.parse.files import find_deck_files, read_deck
from deckcheck.parse.structured import parse_structured
from deckcheck.parse.text import parse_text

__all__ = ["find_deck_files", "parse_structured", "parse_text", "read_deck"]
