"""A pack compiled for one day: what each rule needs to know of each print, asked once.

A rule kind may say what it needs of a print (:meth:`~deckcheck.rules.base.RuleKind.facts`:
the copy limit a print's deck-building name, the card pool its verdict on the day, a
group limit whether the print has the property). A :class:`FactTable` holds those facts for
one pack, day, card database and rotation window: each print's are asked the first time the
print is met, and a deck is then read in one pass (:meth:`FactTable.deck_facts`), which hands
each rule the deck's lines that take part in it. A run over many decks meets the same prints
in deck after deck, so each rule's own work on a print is done once, not once per deck; each
kind's check stays in its own module and reads its lines with
:func:`~deckcheck.rules.base.facts_of` (which works them out itself without the table: the
same lines, the same findings).
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from deckcheck.carddb.index import CardIndex
from deckcheck.model import Card, Deck, DeckCard
from deckcheck.rules import KINDS
from deckcheck.rules.base import RuleContext, RuleKind, RuleSpec, recently_used

# Prints whose facts one table keeps (more than any card database holds); then it starts again.
ROWS_KEPT = 50_000


class DeckFacts:
    """One deck's lines as each rule of a table takes them: ``of(rule)`` is the list of
    (line, fact) of the lines whose print takes part in the rule, in deck order (None: the
    rule's kind says no facts)."""

    __slots__ = ("_slots", "_lines")

    def __init__(self, slots: dict[int, int], lines: list[list[tuple[DeckCard, Any]]]):
        self._slots, self._lines = slots, lines

    def of(self, rule: RuleSpec) -> list[tuple[DeckCard, Any]] | None:
        slot = self._slots.get(id(rule))
        return None if slot is None else self._lines[slot]


class FactTable:
    """The facts of a pack's ``rules`` under ``context`` (its day, card database and
    rotation window), print by print as they are met."""

    def __init__(self, rules: Sequence[RuleSpec], context: RuleContext):
        self.context = context
        #: the rules with their kinds, in order
        self.rules: tuple[tuple[RuleSpec, RuleKind], ...] = tuple((rule, KINDS[rule.kind]) for rule in rules)
        self._slots: dict[int, int] = {}  # id(rule) -> its place among the rules that say facts
        self._facts: list[Callable[[Card], Any]] = []
        for rule, kind in self.rules:
            fact = kind.facts(rule, context)
            if fact is not None:
                self._slots[id(rule)] = len(self._facts)
                self._facts.append(fact)
        # id(print) -> (the print, ((slot, fact), ...) of the rules it takes part in); the
        # print is kept beside its facts, so that its id is not reused.
        self._rows: dict[int, tuple[Card, tuple[tuple[int, Any], ...]]] = {}

    def _row(self, card: Card) -> tuple[Card, tuple[tuple[int, Any], ...]]:
        facts = ((slot, fact(card)) for slot, fact in enumerate(self._facts))
        row = (card, tuple((slot, value) for slot, value in facts if value is not None))
        if len(self._rows) >= ROWS_KEPT:
            self._rows.clear()
        self._rows[id(card)] = row
        return row

    def deck_facts(self, deck: Deck) -> DeckFacts:
        """The deck read in one pass: each line handed to the rules its print takes part in."""
        lines: list[list[tuple[DeckCard, Any]]] = [[] for _ in self._facts]
        rows = self._rows
        for deck_card in deck.cards:
            card = deck_card.card
            row = rows.get(id(card))
            if row is None or row[0] is not card:
                row = self._row(card)
            for slot, value in row[1]:
                lines[slot].append((deck_card, value))
        return DeckFacts(self._slots, lines)


# The TABLES_KEPT most recently used tables, by (a pack's rules, day, card database, rotation
# window); the rules and the database are kept beside their table, so that their ids are not reused.
_TABLES: OrderedDict[tuple[int, dt.date, int, int], tuple[tuple[Any, ...], FactTable]] = OrderedDict()
TABLES_KEPT = 32


def fact_table(
    rules: Sequence[RuleSpec], format_name: str, day: dt.date, index: CardIndex | None, rotation_days: int
) -> FactTable:
    """The facts of a pack's ``rules`` (of the format ``format_name``) on ``day`` with the card
    database ``index``, made once."""
    context = RuleContext(date=day, format_name=format_name, index=index, rotation_days=rotation_days)
    key = (id(rules), day, id(index), rotation_days)
    return recently_used(_TABLES, key, (rules, index), lambda: FactTable(rules, context), TABLES_KEPT)


__all__: Sequence[str] = ("DeckFacts", "FactTable", "fact_table")
