"""The one exception of the card database layer."""

from __future__ import annotations

from deckcheck.errors import DeckcheckError


class DatabaseError(DeckcheckError):
    """A card database or dataset problem, with a one-line message for the user."""


def no_database_at(path, advice: str) -> DatabaseError:
    """The error for a database path where there is no database file: a folder is said to be
    one (issue 24: "no card database at decks/" read as if the folder were missing)."""
    import os

    if os.path.isdir(path):
        return DatabaseError(
            f"{path} is a folder, not a card database file: give the file itself "
            f"(--db {os.path.join(path, 'cards.sqlite3')}, say), or leave --db out for the default"
        )
    return DatabaseError(f"no card database at {path}; {advice}")
