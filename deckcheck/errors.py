"""The exit codes scripts can trust and the one base of the errors deckcheck reports
(kept apart from the model so that ``deckcheck --version`` imports nothing else).

Every problem deckcheck reports to a person in one line — a configuration, a pack, the card
database, a language, a usage mistake — is a :class:`DeckcheckError`; its text is
``path:line: message`` (written here once), or ``path: message``, or the message alone.
"""

from __future__ import annotations

import os
from enum import IntEnum
from typing import Any


class ExitCode(IntEnum):
    LEGAL = 0  # every deck checked is legal
    ILLEGAL = 1  # at least one deck is illegal (or has a failing finding)
    USAGE = 2  # usage, configuration, pack or database problem


def _restored(cls: type[BaseException], args: tuple[Any, ...], state: dict[str, Any]) -> BaseException:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class DeckcheckError(Exception):
    """A problem deckcheck reports in one line; ``path`` and ``line`` say where, when known."""

    def __init__(self, message: str, path: str | os.PathLike[str] | None = None, line: int | None = None):
        self.message = message
        self.path = os.fspath(path) if path is not None else None
        self.line = line
        where = f"{self.path}:{line}" if self.path and line else self.path
        super().__init__(f"{where}: {message}" if where else message)

    def __reduce__(self) -> tuple[Any, ...]:
        # An error crosses from a --jobs worker pickled; subclasses take other arguments,
        # so the instance is rebuilt from its state, not by calling __init__ again.
        return (_restored, (type(self), self.args, dict(self.__dict__)))
