"""The cards an installed database got from one source, as a card source again.

An update whose pokemontcg.io archive is unchanged (``304 Not Modified``)
rebuilds from these instead of downloading it again; the TCGdex cards an
earlier update fetched are reused the same way (:mod:`deckcheck.carddb.tcgdex_fetch`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

from deckcheck.carddb.sources import CardBatch, SetRecord
from deckcheck.carddb.sqlite import cards_of_source, connect_readonly


class InstalledSource:
    """The cards of ``source`` in the database at ``path`` (a :class:`~deckcheck.carddb.sources.CardSource`)."""

    def __init__(self, path: Path, source: str):
        self.path = Path(path)
        self.name = source
        self.label = f"{path} ({source})"
        self.commit = None
        self._cards = list(cards_of_source(self.path, source))
        wanted = {card.set_id for card in self._cards}
        conn = connect_readonly(self.path)
        try:
            rows = conn.execute("SELECT id, name, code, series, release_date FROM sets ORDER BY rowid").fetchall()
        except sqlite3.Error:
            rows = []
        finally:
            conn.close()
        self._sets = {row[0]: SetRecord(*row) for row in rows if row[0] in wanted}

    def sets(self) -> list[SetRecord]:
        return list(self._sets.values())

    def batch_count(self) -> int:
        return 1

    def batches(self) -> Iterator[CardBatch]:
        unknown = SetRecord("", None, None, None, None)
        yield CardBatch(
            str(self.path), [(card, self._sets.get(card.set_id, unknown)) for card in self._cards], self.name
        )

    def close(self) -> None:
        pass
