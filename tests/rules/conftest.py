"""Helpers for the rule-kind tests: decks from hand-written Card objects.

Each test module writes the cards it needs (realistic prints, by hand); the
fixtures here number the deck lines and run one rule over a deck.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from deckcheck.model import Card, Deck, DeckCard, DeckEntry, Finding
from deckcheck.rules.base import RuleContext, RuleKind, RuleSpec

# (count, card) takes the next line number; (count, card, line) sets it.
Line = tuple[int, Card] | tuple[int, Card, int]

DEFAULT_DATE = dt.date(2026, 6, 1)


def build_deck(*lines: Line, unresolved: tuple[tuple[int, str], ...] = (), path: str = "deck.txt") -> Deck:
    deck_cards: list[DeckCard] = []
    next_line = 1
    for spec in lines:
        count, card = spec[0], spec[1]
        line = spec[2] if len(spec) == 3 else next_line
        next_line = line + 1
        entry = DeckEntry(
            count=count,
            name=card.name,
            line=line,
            set_code=card.set_code,
            number=card.number,
            raw=f"{count} {card.label}",
        )
        deck_cards.append(DeckCard(entry=entry, card=card))
    missing = []
    for count, name in unresolved:
        missing.append(DeckEntry(count=count, name=name, line=next_line, raw=f"{count} {name}"))
        next_line += 1
    return Deck(path=path, cards=tuple(deck_cards), unresolved=tuple(missing))


def run_rule(
    kind: RuleKind,
    deck: Deck,
    rule: RuleSpec | None = None,
    *,
    date: dt.date = DEFAULT_DATE,
    rotation_days: int = 0,
) -> list[Finding]:
    # No rotation preview unless a test asks for one: a rule's findings on its day.
    rule = rule if rule is not None else RuleSpec(id=kind.name, kind=kind.name)
    return list(kind.check(deck, rule, RuleContext(date=date, format_name="test", rotation_days=rotation_days)))


def summary(finding: Finding) -> dict[str, Any]:
    """What a user sees of a finding, for exact comparison."""
    return {
        "rule": finding.rule,
        "severity": finding.severity,
        "message": finding.message,
        "hint": finding.hint,
        "lines": finding.lines,
        "cards": finding.cards,
    }


@pytest.fixture
def make_deck() -> Callable[..., Deck]:
    """``make_deck((4, iono), (3, charmander, 12), unresolved=((2, "Fake Card"),))``."""
    return build_deck


@pytest.fixture
def run() -> Callable[..., list[Finding]]:
    """``run(kind, deck, RuleSpec(...), date=...)`` -> the findings, in order."""
    return run_rule


@pytest.fixture
def summarise() -> Callable[[Finding], Mapping[str, Any]]:
    return summary
