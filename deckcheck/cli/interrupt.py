"""What a Ctrl-C during a ``db`` command has left of the card database, in one true line.

A ``db`` command that writes the database wraps the writing in :func:`writing`; the
console script's handler of Ctrl-C (:func:`deckcheck.cli.main`) says :func:`interrupted`.
The writes are atomic (built beside the database, renamed over it), so an interrupted
write leaves the database as it was: "unchanged" where there was one, and where there
was none, that none was installed (the first ``db update`` said "unchanged").
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from deckcheck.i18n import N_, Phrase

UNCHANGED = N_("interrupted; the installed database is unchanged")
NONE_INSTALLED = N_("interrupted; no card database was installed")
NAMES_NOT_UPDATED = N_("interrupted; the card names were not updated")
# TRANSLATORS: Ctrl-C came after the database {path} was written (or found up to date).
COMPLETE = N_("interrupted; the card database {path} was already complete")
NOTHING_CHANGED = N_("interrupted; no card database was changed")

_said: dict[str, Phrase] = {}  # "now": what an interruption at this moment would have left


def reset() -> None:
    """A new command begins: nothing written yet."""
    _said.clear()


@contextmanager
def writing(path: Path, message: str | None = None) -> Iterator[None]:
    """While the body writes the database at ``path``, a Ctrl-C says it is unchanged (or
    that none was installed, where there was none before), or ``message``; once the
    body has ended, that the database is complete."""
    if message is None:
        message = UNCHANGED if Path(path).exists() else NONE_INSTALLED
    _said["now"] = Phrase(message)
    yield
    _said["now"] = Phrase(COMPLETE, path=str(path))


def interrupted() -> Phrase:
    """The line for a Ctrl-C now."""
    return _said.get("now") or Phrase(NOTHING_CHANGED)
