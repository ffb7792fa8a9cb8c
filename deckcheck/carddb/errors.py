"""The one exception of the card database layer."""

from __future__ import annotations


class DatabaseError(Exception):
    """A card database or dataset problem, with a one-line message for the user."""
