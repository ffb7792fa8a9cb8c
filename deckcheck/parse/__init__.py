"""Deck lists in, :class:`~deckcheck.model.ParsedDeck` out (RULES.md section 7)."""

from deckcheck.parse.files import read_deck
from deckcheck.parse.text import parse_text

__all__ = ["parse_structured", "parse_text", "read_deck"]


def __getattr__(name: str):
    # The YAML/JSON parser is imported only when asked for (start-up time).
    if name == "parse_structured":
        from deckcheck.parse.structured import parse_structured

        return parse_structured
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
