"""The one exception of the card database layer."""

from __future__ import annotations

import os

from deckcheck.errors import DeckcheckError
from deckcheck.i18n import N_, Phrase


class DatabaseError(DeckcheckError):
    """A card database or dataset problem, with a one-line message for the user."""


def no_database_at(path, advice: str) -> DatabaseError:
    """(``advice``: a Phrase, to be translated with the message.)"""
    """The error for a database path where there is no database file: a folder is said to be
    one ("no card database at decks/" read as if the folder were missing)."""
    if os.path.isdir(path):
        return DatabaseError(
            Phrase(
                N_(
                    "{path} is a folder, not a card database file: give the file itself "
                    "(--db {file}, say), or leave --db out for the default"
                ),
                path=str(path),
                file=os.path.join(path, "cards.sqlite3"),
            )
        )
    return DatabaseError(Phrase(N_("no card database at {path}; {advice}"), path=str(path), advice=advice))
