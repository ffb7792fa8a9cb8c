"""The one exception of the card database layer."""

from __future__ import annotations

from deckcheck.errors import DeckcheckError


class DatabaseError(DeckcheckError):
    """A card database or dataset problem, with a one-line message for the user."""
