"""The core: a parsed deck, a pack and a card index in, a verdict out.

No printing, no exiting, no Typer or rich: the CLI calls :func:`check_deck`
and renders the :class:`~deckcheck.model.DeckResult` it returns.

A pack is compiled for each day it is checked on: a rule kind may say what it needs of a print
(:meth:`~deckcheck.rules.base.RuleKind.facts`: the copy limit a print's deck-building name, the
card pool its verdict on the day, a group limit whether the print has the property). A
:class:`FactTable` holds those facts for one pack, day, card database and rotation window: each
print's are asked the first time the print is met, and a deck is then read in one pass
(:meth:`FactTable.deck_facts`), which hands each rule the deck's lines that take part in it. A run
over many decks meets the same prints in deck after deck, so each rule's own work on a print is
done once, not once per deck; each kind's check stays in its own module and reads its lines with
:func:`~deckcheck.rules.base.facts_of` (which works them out itself without the table: the same
lines, the same findings).
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from deckcheck.carddb.index import CardIndex
from deckcheck.core.printable import printable_finding, shown
from deckcheck.core.resolve import ResolveOptions, resolve_deck
from deckcheck.model import (
    ENERGY,
    POKEMON,
    TRAINER,
    Card,
    Deck,
    DeckCard,
    DeckEntry,
    DeckResult,
    Finding,
    ParsedDeck,
    Severity,
)
from deckcheck.packs.loading import Pack
from deckcheck.rules import KINDS
from deckcheck.rules.base import RuleContext, RuleKind, RuleSpec, recently_used


def check_deck(
    parsed: ParsedDeck,
    pack: Pack,
    index: CardIndex,
    date: dt.date,
    *,
    resolve_options: ResolveOptions | None = None,
    rotation_days: int = 90,
    keep_deck: bool = False,
) -> DeckResult:
    """Every finding for one deck: syntax, resolution, then each rule of the pack.
    With ``keep_deck`` the result carries the resolved lines (``DeckResult.deck``),
    for the deck registration sheet; reports never need them."""
    options = resolve_options or resolve_options_for(pack, date, index)
    # The pack compiled for the day: each rule's facts of a print asked once, the deck read once
    # for all of them (FactTable, below).
    table = fact_table(pack.rules, pack.name, date, index, rotation_days)
    # A deck whose every line a deck read before had, and read with no finding in English (the
    # plans of its lines): read in one pass. Any other: resolution, then the facts' pass.
    plans = table.plans(options) if resolve_options is not None else None
    # A list of the very lines of a legal list read before, in any order, is legal too, and as
    # many cards of each kind: the verdict kept for them (FactTable.legal_lists).
    lines_read: tuple[int, ...] | None = None
    if plans is not None and not parsed.findings and not keep_deck:
        lines_read = tuple(sorted(map(id, parsed.entries)))
        known = table.legal_lists(options).get(lines_read)
        if known is not None:
            return DeckResult(
                path=parsed.path,
                format=table.shown_format(pack.name),
                date=table.date_text,
                total_cards=known[1],
                findings=(),
                counts=dict(known[2]),
                name=shown(parsed.name) if parsed.name else parsed.name,
            )
    read = table.read_plain(parsed, plans) if plans is not None else None
    if read is not None:
        deck, facts = read
        resolution: list[Finding] = []
    else:
        deck, resolution = resolve_deck(parsed, index, options)
        facts = table.deck_facts(deck)
        if plans is not None and deck.plain and not resolution:
            table.learn(deck, plans)
    # Control characters and lone surrogates from the deck file are escaped here, once, so that
    # no report prints them raw. (Plain loops: list.extend over a generator expression or a map,
    # for each rule of each deck, cost some 15 k instructions a deck more.)
    findings: list[Finding] = []
    for finding in (*parsed.findings, *resolution):
        findings.append(printable_finding(finding))
    if parsed.entries or all(finding.severity is Severity.INFO for finding in parsed.findings):
        # A file that could not be read at all has nothing for the rules to judge. A note (the
        # file was read as Windows-1252) is no such problem: a list of no cards is no legal deck.
        context = RuleContext(date, pack.name, index, rotation_days, facts)
        lines = facts.lines
        for rule, kind, slot in table.checks:
            if slot is None or lines[slot]:  # (a rule none of the lines takes part in says nothing)
                for finding in kind.check(deck, rule, context):
                    findings.append(printable_finding(finding))
    found = facts.counts
    counts = {POKEMON: found.get(POKEMON, 0), TRAINER: found.get(TRAINER, 0), ENERGY: found.get(ENERGY, 0)}
    if lines_read is not None and deck.plain and not findings:  # (plain: each line read in English)
        table.keep_legal(options, lines_read, parsed.entries, facts.total, counts)
    return DeckResult(
        path=parsed.path,
        format=table.shown_format(pack.name),  # an unknown format is the deck's own text
        date=table.date_text,
        total_cards=facts.total,
        findings=tuple(findings),
        counts=counts,
        name=shown(parsed.name) if parsed.name else parsed.name,
        languages=deck.languages,
        deck=deck if keep_deck else None,
    )


def resolve_options_for(pack: Pack, date: dt.date, index: CardIndex, **extra) -> ResolveOptions:
    """How a pack wants lines read: name-only lines resolve among the prints its
    rules allow on the day (:meth:`~deckcheck.rules.base.RuleKind.allowed`: a card
    pool's, a ban list's), and pre-DP packs read Darkness/Metal Energy as the Special cards
    (docs/rulings.md, "A bare Darkness or Metal Energy")."""
    pools = [p for p in (KINDS[rule.kind].allowed(rule, date, index) for rule in pack.rules) if p is not None]
    allowed = None
    if pools:
        allowed = lambda card: all(p(card) for p in pools)  # noqa: E731
    # The card pool's region: Japan's Standard reads a Japanese line among Japan's prints.
    regions = [region for rule in pack.rules if (region := KINDS[rule.kind].region(rule.options))]
    if regions:
        extra.setdefault("region", regions[-1])
    return ResolveOptions(
        allowed=allowed,
        special_darkness_metal=bool(pack.options.get("special_darkness_metal", False)),
        date=date.isoformat(),
        **extra,
    )


# Prints whose facts one table keeps (more than any card database holds); then it starts again.
# The plans of at most PLAN_LINES_KEPT lines for each ResolveOptions (100,000 decks of the bench
# corpus write 2,398 card lines), for at most PLANS_KEPT of those; then they start again.
ROWS_KEPT = 50_000
PLAN_LINES_KEPT = 8_192
PLANS_KEPT = 4
# The legal lists kept for each ResolveOptions (FactTable.legal_lists); then they start again.
LEGAL_LISTS_KEPT = 4_096


class DeckFacts:
    """One deck's lines as each rule of a table takes them: ``of(rule)`` is the list of
    (line, fact) of the lines whose print takes part in the rule, in deck order (None: the
    rule's kind says no facts); ``counts`` the cards of each supertype, ``total`` the cards of
    the deck (its unresolved lines too: Deck.total)."""

    __slots__ = ("_slots", "lines", "counts", "total")

    def __init__(
        self, slots: dict[int, int], lines: list[list[tuple[DeckCard, Any]]], counts: dict[str, int], total: int
    ):
        self._slots, self.lines, self.counts, self.total = slots, lines, counts, total

    def of(self, rule: RuleSpec) -> list[tuple[DeckCard, Any]] | None:
        slot = self._slots.get(id(rule))
        return None if slot is None else self.lines[slot]


# A print's facts (FactTable._row): (the print, ((slot, fact), ...) of the rules it takes part in).
Row = tuple[Card, tuple[tuple[int, Any], ...]]
# A card line's plan (FactTable.learn): (its entry, its DeckCard or None when it stays unresolved,
# ((slot, (DeckCard, fact)), ...) as the rules take it, its print's supertype, its count).
Plan = tuple[DeckEntry, DeckCard | None, tuple[tuple[int, tuple[DeckCard, Any]], ...], str, int]
# A legal list's verdict (FactTable.keep_legal): (its entries, which its key names by their ids
# and which it keeps alive, so that no other entry takes one of those ids; its cards; its cards
# of each supertype, as DeckResult.counts).
Legal = tuple[tuple[DeckEntry, ...], int, dict[str, int]]


class FactTable:
    """The facts of a pack's ``rules`` under ``context`` (its day, card database and
    rotation window), print by print as they are met."""

    def __init__(self, rules: Sequence[RuleSpec], context: RuleContext):
        self.context = context
        #: the day as reports write it
        self.date_text = context.date.isoformat()
        #: the rules with their kinds, in order
        self.rules: tuple[tuple[RuleSpec, RuleKind], ...] = tuple((rule, KINDS[rule.kind]) for rule in rules)
        self._slots: dict[int, int] = {}  # id(rule) -> its place among the rules that say facts
        self._facts: list[Callable[[Card], Any]] = []
        for rule, kind in self.rules:
            fact = kind.facts(rule, context)
            if fact is not None:
                self._slots[id(rule)] = len(self._facts)
                self._facts.append(fact)
        #: the rules to check, each with the place of its facts when a deck with none gets no
        #: finding from it on the day (RuleKind.silent_without_facts_on), else None
        self.checks: tuple[tuple[RuleSpec, RuleKind, int | None], ...] = tuple(
            (rule, kind, self._slots.get(id(rule)) if kind.silent_without_facts_on(rule, context) else None)
            for rule, kind in self.rules
        )
        # id(print) -> its Row; the print is kept in it, so that its id is not reused.
        self._rows: dict[int, Row] = {}
        # id(resolve options) -> (the options, their plans: id(entry) -> its Plan, the entry
        # kept in it; the legal lists: the sorted ids of their entries -> Legal); a run reads its
        # lines with one ResolveOptions.
        self._plans: dict[int, tuple[ResolveOptions, dict[int, Plan], dict[tuple[int, ...], Legal]]] = {}
        self._shown: tuple[str, str] = ("", "")

    def shown_format(self, name: str) -> str:
        """``shown(name)``, kept for the name asked last (a run asks one pack's name deck after deck)."""
        if self._shown[0] is not name:
            self._shown = (name, shown(name))
        return self._shown[1]

    def _row(self, card: Card) -> Row:
        facts = []
        for slot, fact in enumerate(self._facts):
            value = fact(card)
            if value is not None:
                facts.append((slot, value))
        row = (card, tuple(facts))
        if len(self._rows) >= ROWS_KEPT:
            self._rows.clear()
        self._rows[id(card)] = row
        return row

    def _read_with(self, options: ResolveOptions) -> tuple[Any, dict[int, Plan], dict[tuple[int, ...], Legal]]:
        found = self._plans.get(id(options))
        if found is None or found[0] is not options:
            if len(self._plans) >= PLANS_KEPT:
                self._plans.clear()
            found = self._plans[id(options)] = (options, {}, {})
        return found

    def plans(self, options: ResolveOptions) -> dict[int, Plan]:
        """The plans of the lines read with ``options`` (:meth:`learn`)."""
        return self._read_with(options)[1]

    def legal_lists(self, options: ResolveOptions) -> dict[tuple[int, ...], Legal]:
        """The lists read with ``options`` that were legal, by the sorted ids of their entries.

        A list is its lines: the rules judge the cards the lines name, never the order they
        stand in (docs/rulings.md, "The order of the lines"), so a list of the very lines of a
        legal list -- the same entry objects, each as often, in any order -- is legal too, with
        as many cards of each kind. Tournament lists repeat (a bench corpus of 10,000 holds 400
        lists, each written in another order): such a list costs its key and one look-up, not
        its reading and its rules (docs/speed.md, step 37). Only a list with no finding at all,
        none from its parse, is kept; a list with a finding is checked as any other, for its
        findings name its lines."""
        return self._read_with(options)[2]

    def keep_legal(
        self,
        options: ResolveOptions,
        key: tuple[int, ...],
        entries: tuple[DeckEntry, ...],
        total: int,
        counts: dict[str, int],
    ) -> None:
        """Keep a legal list read with ``options`` (:meth:`legal_lists`); ``key``: the sorted ids of ``entries``."""
        kept = self._read_with(options)[2]
        if len(kept) >= LEGAL_LISTS_KEPT:
            kept.clear()
        kept[key] = (entries, total, dict(counts))

    def learn(self, deck: Deck, plans: dict[int, Plan]) -> None:
        """Keep in ``plans`` each line of ``deck`` as resolution read it: ``deck`` is plain (each
        line read as in any deck, its DeckCard shared) and was read with no finding."""
        if len(plans) >= PLAN_LINES_KEPT:
            plans.clear()
        for deck_card in deck.cards:
            card = deck_card.card
            found = self._rows.get(id(card))
            row = found if found is not None and found[0] is card else self._row(card)
            pairs = tuple([(slot, (deck_card, value)) for slot, value in row[1]])
            plans[id(deck_card.entry)] = (deck_card.entry, deck_card, pairs, card.supertype, deck_card.entry.count)
        for entry in deck.unresolved:
            plans[id(entry)] = (entry, None, (), "", entry.count)

    def read_plain(self, parsed: ParsedDeck, plans: dict[int, Plan]) -> tuple[Deck, DeckFacts] | None:
        """``parsed`` resolved and read for the rules in one pass, when each of its lines has a
        plan (else None): the Deck and DeckFacts that resolve_deck and deck_facts give it."""
        lines: list[list[tuple[DeckCard, Any]]] = [[] for _ in self._facts]
        cards: list[DeckCard] = []
        cards_at: list[int] = []
        unresolved: list[DeckEntry] = []
        unresolved_at: list[int] = []
        counts: dict[str, int] = {}
        total = 0
        for entry, number in zip(parsed.entries, parsed.lines):
            plan = plans.get(id(entry))  # (the plan keeps its entry: the id is not another's)
            if plan is None:
                return None
            deck_card = plan[1]
            if deck_card is None:
                unresolved.append(entry)
                unresolved_at.append(number)
            else:
                cards.append(deck_card)
                cards_at.append(number)
                for slot, pair in plan[2]:
                    lines[slot].append(pair)
                counts[plan[3]] = counts.get(plan[3], 0) + plan[4]
            total += plan[4]
        deck = Deck(parsed.path, tuple(cards), tuple(unresolved), tuple(cards_at), tuple(unresolved_at), True)
        return deck, DeckFacts(self._slots, lines, counts, total)

    def deck_facts(self, deck: Deck) -> DeckFacts:
        """The deck read in one pass: each line handed to the rules its print takes part in, the
        cards of each supertype and of the deck counted (Deck.total)."""
        lines: list[list[tuple[DeckCard, Any]]] = [[] for _ in self._facts]
        counts: dict[str, int] = {}
        total = 0
        rows = self._rows
        for deck_card in deck.cards:
            card = deck_card.card
            row = rows.get(id(card))
            if row is None or row[0] is not card:
                row = self._row(card)
            for slot, value in row[1]:
                lines[slot].append((deck_card, value))
            supertype = card.supertype
            count = deck_card.entry.count
            counts[supertype] = counts.get(supertype, 0) + count
            total += count
        for entry in deck.unresolved:
            total += entry.count
        return DeckFacts(self._slots, lines, counts, total)


# The TABLES_KEPT most recently used tables, by (a pack's rules, day, card database, rotation
# window); the rules and the database are kept beside their table, so that their ids are not reused.
_TABLES: OrderedDict[tuple[int, dt.date, int, int], tuple[tuple[Any, ...], FactTable]] = OrderedDict()
TABLES_KEPT = 32


def fact_table(
    rules: Sequence[RuleSpec], format_name: str, day: dt.date, index: CardIndex | None, rotation_days: int
) -> FactTable:
    """The facts of a pack's ``rules`` (of the format ``format_name``) on ``day`` with the card
    database ``index``, made once."""
    key = (id(rules), day, id(index), rotation_days)
    last = _LAST[0]  # a run checks deck after deck with one table
    if last is not None and last[0] == key and last[1] is rules and last[2] is index:
        return last[3]
    context = RuleContext(date=day, format_name=format_name, index=index, rotation_days=rotation_days)
    table = recently_used(_TABLES, key, (rules, index), lambda: FactTable(rules, context), TABLES_KEPT)
    _LAST[0] = (key, rules, index, table)
    return table


# (key, rules, database, table) of the table asked for last.
_LAST: list[tuple[tuple[int, dt.date, int, int], Sequence[RuleSpec], CardIndex | None, FactTable] | None] = [None]
