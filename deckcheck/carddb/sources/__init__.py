"""Card sources: each open card database is one module here that reads its own
files and yields deckcheck's :class:`~deckcheck.model.Card` values.

* :mod:`deckcheck.carddb.sources.pokemontcg` – the pokemontcg.io dataset
  (``sets/en.json``, ``cards/en/<set>.json``), from a folder or a zip archive;
* :mod:`deckcheck.carddb.sources.tcgdex` – the TCGdex card database (REST API
  v2 objects), from an export laid out like the API;
* :mod:`deckcheck.carddb.sources.merge` – opening the source at a path (``open_source``), and one
  source filled in from others (the sets it lacks or has short);
* :mod:`deckcheck.carddb.sources.files` – reading such a tree of files safely
  from a folder or a zip archive (shared by the sources);
* :mod:`deckcheck.carddb.sources.remote` – the sources ``db update`` fetches
  (the pokemontcg.io archive, the TCGdex API), one plugin class each, which
  :func:`~deckcheck.carddb.update.update_database` loops over.

A source is anything with the :class:`CardSource` shape: the sets it lists and
its cards in batches (one per file), each card with the :class:`SetRecord` of
its set. The build (:mod:`deckcheck.carddb.build`) and the index
(:mod:`deckcheck.carddb.sqlite`) know nothing of where a card came from, so a
further source is one more module here and one more case in
:func:`~deckcheck.carddb.sources.merge.open_source`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, Protocol

from deckcheck.model import INTERNATIONAL, Card


class SetRecord(NamedTuple):
    """A set as the database stores it (the ``sets`` table)."""

    id: str
    name: str | None
    code: str | None  # as printed in deck lists
    series: str | None
    release_date: str | None  # ISO date (the region's own release day)
    region: str = INTERNATIONAL  # model.REGIONS


class CardBatch(NamedTuple):
    """The cards of one source file (``origin``, for messages), each with its
    set, and the name of the source they come from (``pokemontcg``, ``tcgdex``)."""

    origin: str
    cards: Sequence[tuple[Card, SetRecord]]
    source: str = "pokemontcg"


class CardSource(Protocol):
    """What the build reads from a card source."""

    label: str  # where it was read from, for messages
    commit: str | None  # the source revision, where known

    def sets(self) -> Sequence[SetRecord]:
        """The sets the source lists (also those without cards yet), in release order."""

    def batches(self) -> Iterator[CardBatch]:
        """Every card, a file at a time; raises DatabaseError for a malformed one."""

    def batch_count(self) -> int | None:
        """How many batches :meth:`batches` yields, where that is known before
        reading them (the import's progress), else None."""

    def close(self) -> None:
        """Release open files."""


class FillSource(Protocol):
    """A source that can fill in the sets another one lacks (or has short),
    reading only those: :class:`~deckcheck.carddb.sources.merge.MergedSource`."""

    name: str
    label: str

    def candidate_sets(self) -> Sequence[tuple[str, SetRecord, int | None]]:
        """``(the source's own set id, the set, how many cards it says the set has)`` for every set."""

    def set_batch(self, source_set_id: str, skip: Callable[[Card], bool]) -> CardBatch:
        """The cards of one set, except those ``skip`` says are there already."""

    def close(self) -> None:
        """Release open files and connections."""
