"""The build reads any card source: a source is a module yielding deckcheck's cards."""

from __future__ import annotations

import pytest

from deckcheck.carddb.build import build_database
from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.sources import CardBatch, SetRecord
from deckcheck.carddb.sources.merge import open_source
from deckcheck.carddb.sqlite import SqliteIndex, iter_cards
from deckcheck.model import Card


class _ListSource:
    """A card source that is not a dataset at all: cards held in a list."""

    label = "a list"
    commit = None

    def __init__(self, sets, batches):
        self._sets, self._batches, self.closed = sets, batches, False

    def sets(self):
        return self._sets

    def batches(self):
        return iter(self._batches)

    def batch_count(self):
        return len(self._batches)

    def close(self):
        self.closed = True


NEW = SetRecord("new1", "Newest Set", "NEW", "Test", "2026-07-17")
LISTED_ONLY = SetRecord("soon", "Announced Set", "SOON", "Test", "2026-11-01")
EXTRA = SetRecord("xtra", "Unlisted Promos", None, "Test", None)


def _card(card_id: str, name: str, set_record: SetRecord, number: str, **fields) -> Card:
    return Card(
        id=card_id,
        name=name,
        supertype="Pokémon",
        subtypes=("Basic",),
        set_id=set_record.id,
        set_code=set_record.code,
        number=number,
        release_date=set_record.release_date,
        **fields,
    )


def test_a_source_other_than_the_dataset_builds_a_database(tmp_path):
    cards = [_card("new1-1", "Sproutling", NEW, "1", regulation_mark="J"), _card("new1-2", "Leafling", NEW, "2")]
    orphan = _card("xtra-1", "Orphan", EXTRA, "1")
    source = _ListSource(
        [NEW, LISTED_ONLY], [CardBatch("one", [(c, NEW) for c in cards]), CardBatch("two", [(orphan, EXTRA)])]
    )
    info = build_database(source, tmp_path / "cards.sqlite3")
    assert source.closed
    assert list(iter_cards(info.path)) == cards + [orphan]
    # the listed set without cards does not count; the unlisted one of a card does
    assert (info.cards, info.sets, info.newest_set_code, info.source) == (3, 2, "NEW", "a list")
    with SqliteIndex(info.path) as index:
        assert [c.id for c in index.by_number("new", "001")] == ["new1-1"]


def test_a_card_id_repeated_across_batches_names_the_batch(tmp_path):
    card = _card("new1-1", "Sproutling", NEW, "1")
    source = _ListSource([NEW], [CardBatch("one", [(card, NEW)]), CardBatch("two", [(card, NEW)])])
    with pytest.raises(DatabaseError, match="^two in a list repeats a card id$"):
        build_database(source, tmp_path / "cards.sqlite3")
    assert not (tmp_path / "cards.sqlite3").exists()


def test_open_source_reads_the_dataset_folder(small_dataset):
    source = open_source(small_dataset)
    try:
        assert [s.code for s in source.sets()] == ["TST", "TSL", "PR-TS"]
        origins = [batch.origin for batch in source.batches()]
    finally:
        source.close()
    # sets/en.json order first, then the card files it does not list
    assert origins == ["cards/en/tst1.json", "cards/en/tst2.json", "cards/en/tstp.json", "cards/en/tstx1.json"]


def test_building_has_one_import_path():
    # deckcheck.carddb.build builds, deckcheck.carddb.sources.files reads archives; the
    # query module re-exports neither (its old names were a shim for the tests).
    from deckcheck.carddb import sqlite

    for moved in ("build_database", "clean_stale_temp_files", "temp_prefix", "MAX_MEMBERS", "MAX_UNPACKED_BYTES"):
        assert not hasattr(sqlite, moved), moved
