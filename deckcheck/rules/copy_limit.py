"""copy-limit: at most N cards per deck-building name (RULES.md 1.2, 1.3, 2, 3.7).

Basic Energy is exempt by default (by subtypes, never by name: RULES.md 5.2),
and copies of prints that say "You may have as many of this card in your deck
as you like" are not counted (docs/rulings.md, "As many copies as you like").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from deckcheck.i18n import N_, and_list
from deckcheck.model import Card, Deck, DeckCard, Finding
from deckcheck.names import deck_key, name_key
from deckcheck.rules.base import (
    Kind,
    RuleContext,
    RuleSpec,
    display_name,
    facts_of,
    finding,
    lines_text,
    remove_hint,
    total,
)
from deckcheck.selectors import predicate

DEFAULT_MAX = 4
DEFAULT_EXEMPT: Mapping[str, Any] = {"flags": ["basic_energy"]}

OVER_LIMIT = N_("The deck has {count} cards named {name} ({line_list}); the limit is {max} per name.")
OVER_LIMIT_SHARED = N_(
    "The deck has {count} cards named {name} ({line_list}); the limit is {max} per name, "
    "and {printed_names} share one name."
)


def printed_names(cards: Iterable[DeckCard]) -> list[str]:
    """The distinct printed names of ``cards`` (folded for comparison), in deck order."""
    seen: dict[str, str] = {}
    for deck_card in cards:
        seen.setdefault(name_key(deck_card.card.name), deck_card.card.name)
    return list(seen.values())


class CopyLimit(Kind):
    name = "copy-limit"
    silent_without_facts = True
    description = N_("A deck may have at most the given number of cards with the same name; basic Energy is exempt.")
    fix = "Remove copies until no name is played more often than the format allows."
    options_schema: Mapping[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "max": {"type": "integer", "minimum": 1, "default": DEFAULT_MAX},
            # Cards this selector matches are not counted; null exempts nothing.
            "exempt": {
                "oneOf": [{"$ref": "#/$defs/selector"}, {"type": "null"}],
                "default": dict(DEFAULT_EXEMPT),
            },
        },
    }
    examples = {
        "legal": "4 Iono PAL 185\n4 Professor's Research SVI 189\n12 Basic {R} Energy SVE 2\n",
        "illegal": "3 Professor's Research SVI 189\n2 Professor's Research SVI 190\n",
    }

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], str | None]:
        """A counted print's deck-building name (RULES.md 2.10), None for a print not counted."""
        exempt = rule.options.get("exempt", DEFAULT_EXEMPT)
        is_exempt = predicate(exempt) if exempt else None

        def counted_name(card: Card) -> str | None:
            # docs/rulings.md, "As many copies as you like" (Arceus rule): only the prints that say
            # so are free.
            if card.any_number or (is_exempt is not None and is_exempt(card)):
                return None
            return deck_key(card.name, card.supertype)

        return counted_name

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        maximum = int(rule.options.get("max", DEFAULT_MAX))
        counted = facts_of(self, deck, rule, ctx)
        copies: dict[str, int] = {}
        for deck_card, key in counted:
            copies[key] = copies.get(key, 0) + deck_card.entry.count
        if not copies or max(copies.values()) <= maximum:
            return
        by_name: dict[str, list[DeckCard]] = {}  # the lines of each deck-building name, in deck order
        for deck_card, key in counted:
            by_name.setdefault(key, []).append(deck_card)
        for cards in by_name.values():
            count = total(cards)
            if count <= maximum:
                continue
            name = display_name(cards[0])
            params: dict[str, Any] = {
                "count": count,
                "name": name,
                "line_list": lines_text(deck, cards),
                "max": maximum,
            }
            printed = printed_names(cards)
            if len(printed) > 1:
                # RULES.md 2.1, 2.2, 2.8: LV.X, δ and Trainer subtitles share the name.
                template = OVER_LIMIT_SHARED
                params["printed_names"] = and_list(printed)
            else:
                template = OVER_LIMIT
            hint, hint_params = remove_hint(deck, name, cards, count - maximum)
            yield finding(rule, template, deck=deck, cards=cards, hint=hint, hint_params=hint_params, **params)


KIND = CopyLimit()
