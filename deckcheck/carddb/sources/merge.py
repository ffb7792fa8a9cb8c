"""One card source filled in from others: the sets it lacks, or has short.

:class:`MergedSource` yields every card of its primary source (pokemontcg.io
for ``db update``), then asks each fill source (TCGdex) for

* every set the primary does not have (Pitch Black before pokemontcg.io
  publishes it), with all its cards;
* every set the primary has fewer cards of than the fill source's printed
  total (``cardCount.official``), with only the cards the primary lacks
  (compared by set and collector number);

and gives the primary's sets without a set code or release date (the card
files pokemontcg.io publishes before their set entry: ``mee``, ``mep``) the
fill source's. A set of the fill source is the primary's when its id in
deckcheck's scheme is the primary's id, or else when it has the same set code
(folded like a deck list's) and was released within
:data:`CODE_DATE_TOLERANCE_DAYS` of it.

Which source wins for which field is therefore: everything about a card the
primary has comes from the primary; the fill source adds cards and sets, and a
set's code and date where the primary has none (README, "Card sources").
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.index import number_key, set_code_key
from deckcheck.carddb.sources import CardBatch, CardSource, FillSource, SetRecord, tcgdex, tcgdex_ja
from deckcheck.carddb.sources.pokemontcg import open_dataset
from deckcheck.model import Card

CODE_DATE_TOLERANCE_DAYS = 120
Skip = Callable[[Card], bool]


def _days_apart(one: str | None, other: str | None) -> int | None:
    try:
        return abs((dt.date.fromisoformat(str(one)) - dt.date.fromisoformat(str(other))).days)
    except ValueError:
        return None


class MergedSource:
    """``primary`` filled in from ``fills``, in order (a :class:`CardSource`)."""

    def __init__(self, primary: CardSource | None, fills: Sequence[FillSource]):
        self.primary = primary
        self.fills = list(fills)
        labels = ([primary.label] if primary else []) + [fill.label for fill in self.fills]
        self.label = " + ".join(labels)
        self.commit = primary.commit if primary else None
        self._candidates = [(fill, fill.candidate_sets()) for fill in self.fills]
        # The fill sources' sets by deckcheck id, to complete the primary's.
        self._fill_records: dict[str, SetRecord] = {}
        for _, candidates in self._candidates:
            for _, record, _ in candidates:
                self._fill_records.setdefault(record.id, record)
        self.filled: dict[str, list[str]] = {}  # fill source name -> set ids it added cards to

    def _complete(self, record: SetRecord) -> SetRecord:
        """The primary's set with the code and date it lacks taken from a fill source."""
        if record.code and record.release_date:
            return record
        other = self._fill_records.get(record.id)
        if other is None:
            return record
        return record._replace(
            code=record.code or other.code,
            release_date=record.release_date or other.release_date,
            name=record.name if record.name and record.name != record.id else other.name,
            series=record.series or other.series,
        )

    def sets(self) -> list[SetRecord]:
        return [self._complete(record) for record in (self.primary.sets() if self.primary else ())]

    def batch_count(self) -> int | None:
        """The primary's, where nothing is filled in; how many sets a fill source adds
        is known only as the primary's cards are read."""
        if self.fills:
            return None
        return self.primary.batch_count() if self.primary is not None else 0

    def batches(self) -> Iterator[CardBatch]:
        ids: set[str] = set()
        numbers: dict[str, set[str]] = {}  # set id -> number keys the merged cards have
        counts: dict[str, int] = {}
        records: dict[str, SetRecord] = {}
        by_code: dict[str, list[SetRecord]] = {}

        def note(card: Card, record: SetRecord, primary: bool = True) -> None:
            ids.add(card.id)
            numbers.setdefault(card.set_id, set()).add(number_key(card.number))
            counts[card.set_id] = counts.get(card.set_id, 0) + 1
            if card.set_id not in records:
                records[card.set_id] = record
                # Only the primary's sets are matched by code: a fill source's own sets of one
                # code and day (a main set and its Trainer Gallery) are sets of their own.
                if record.code and primary:
                    by_code.setdefault(set_code_key(record.code), []).append(record)

        if self.primary is not None:
            for batch in self.primary.batches():
                cards = []
                for card, record in batch.cards:
                    completed = self._complete(record)
                    if completed is not record:
                        card = replace(card, set_code=completed.code, release_date=completed.release_date)
                    note(card, completed)
                    cards.append((card, completed))
                yield batch._replace(cards=cards)

        def planned(record: SetRecord, official: int | None) -> tuple[SetRecord | None, SetRecord, Skip] | None:
            """Where the fill source's set goes and which of its cards are there already,
            or None when the set is there in full (a promo set's count is 0: always looked at)."""
            target = self._match(record, records, by_code)
            if target is not None and official and counts.get(target.id, 0) >= official:
                return None
            home = target or record
            have = numbers.get(home.id, set())

            def skip(card: Card) -> bool:
                return number_key(card.number) in have or f"{home.id}-{card.number}" in ids

            return target, home, skip

        for fill, candidates in self._candidates:
            prepare = getattr(fill, "prepare", None)
            if prepare is not None:
                # A fill source that fetches (TCGdex over HTTP) learns every set it will be asked
                # for before the first: its progress has a total, and it can fetch ahead.
                prepare([(sid, plan[2]) for sid, record, official in candidates if (plan := planned(record, official))])
            for source_set_id, record, official in candidates:
                plan = planned(record, official)
                if plan is None:
                    continue
                target, home, skip = plan
                batch = fill.set_batch(source_set_id, skip)
                cards = []
                for card, _ in batch.cards:
                    if target is not None:
                        card = replace(
                            card,
                            id=f"{home.id}-{card.number}",
                            set_id=home.id,
                            set_code=home.code,
                            release_date=home.release_date,
                        )
                    if card.id in ids or skip(card):
                        continue
                    note(card, home, primary=False)
                    cards.append((card, home))
                if cards:
                    self.filled.setdefault(fill.name, []).append(home.id)
                    yield batch._replace(cards=cards)

    @staticmethod
    def _match(
        record: SetRecord, records: dict[str, SetRecord], by_code: dict[str, list[SetRecord]]
    ) -> SetRecord | None:
        if record.id in records:
            return records[record.id]
        if not record.code:
            return None
        near = [
            (days, other.id, other)
            for other in by_code.get(set_code_key(record.code), ())
            if (days := _days_apart(record.release_date, other.release_date)) is not None
            and days <= CODE_DATE_TOLERANCE_DAYS
        ]
        return min(near)[2] if near else None

    def close(self) -> None:
        try:
            if self.primary is not None:
                self.primary.close()
        finally:
            for fill in self.fills:
                fill.close()


class Regions:
    """The international cards (``international``, one source or a merge) and the cards of
    the other regions (the Japanese TCGdex cards), each region's sets and cards apart: a
    :class:`CardSource` of all of them, the international ones first."""

    def __init__(self, international: CardSource | None, others: Sequence[CardSource]):
        self.parts = ([international] if international is not None else []) + list(others)
        self.international = international
        self.label = " + ".join(part.label for part in self.parts)
        self.commit = international.commit if international is not None else None

    def sets(self) -> list[SetRecord]:
        return [record for part in self.parts for record in part.sets()]

    def batch_count(self) -> int | None:
        counts = [part.batch_count() for part in self.parts]
        return None if any(count is None for count in counts) else sum(c for c in counts if c is not None)

    def batches(self) -> Iterator[CardBatch]:
        for part in self.parts:
            yield from part.batches()

    def close(self) -> None:
        for part in self.parts:
            part.close()


def open_source(path: Path) -> CardSource:
    """The card source at ``path`` (a folder or a ``.zip``): a TCGdex export
    (``v2/en/sets/``) or else the pokemontcg.io dataset; DatabaseError if neither."""
    path = Path(path)
    if tcgdex.is_export(path):
        return tcgdex.open_export(path)
    return open_dataset(path)


def open_sources(paths: Sequence[Path], *, japanese: bool = False) -> CardSource:
    """The card sources at ``paths`` (folders or zips), the first filled in from
    the others (:class:`MergedSource`); one path is that source alone. With ``japanese``,
    also the Japanese cards of the TCGdex export among them (``v2/ja``), as Japan's region
    (:class:`Regions`); DatabaseError when none has them."""
    opened: list = []
    try:
        for path in paths:
            opened.append(open_source(Path(path)))
        if len(opened) == 1:
            source = opened[0]
        else:
            for other in opened[1:]:
                if not hasattr(other, "candidate_sets"):
                    raise DatabaseError(f"{other.label} cannot fill in another card source (a TCGdex export can)")
            source = MergedSource(opened[0], opened[1:])
        if not japanese:
            return source
        folders = [Path(path) for path in paths if tcgdex_ja.has_japanese(Path(path))]
        if not folders:
            raise DatabaseError(
                "the Japanese cards are read from a TCGdex export that holds them (v2/ja/sets/), "
                f"and none of {', '.join(str(path) for path in paths)} does"
            )
        opened.append(tcgdex_ja.open_japanese(folders[0]))
        return Regions(source, opened[-1:])
    except BaseException:
        for source in opened:
            source.close()
        raise
