"""copy-limit: at most N cards per deck-building name (RULES.md 1.2, 1.3, 2, 3.7).

Basic Energy is exempt by default (by subtypes, never by name: RULES.md 5.2),
and copies of prints that say "You may have as many of this card in your deck
as you like" are not counted (docs/rulings.md, "As many copies as you like").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from deckcheck.i18n import N_, and_list
from deckcheck.model import Deck, DeckCard, Finding
from deckcheck.names import name_key
from deckcheck.rules.base import (
    Kind,
    RuleContext,
    RuleSpec,
    by_deck_name,
    display_name,
    finding,
    lines_text,
    remove_hint,
    total,
)
from deckcheck.selectors import matches

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

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        maximum = int(rule.options.get("max", DEFAULT_MAX))
        exempt = rule.options.get("exempt", DEFAULT_EXEMPT)
        counted = [
            dc
            for dc in deck.cards
            # docs/rulings.md, "As many copies as you like" (Arceus rule): only the prints that say
            # so are free.
            if not dc.card.any_number and not (exempt and matches(dc.card, exempt))
        ]
        for cards in by_deck_name(counted).values():
            count = total(cards)
            if count <= maximum:
                continue
            name = display_name(cards[0])
            params: dict[str, Any] = {"count": count, "name": name, "line_list": lines_text(cards), "max": maximum}
            printed = printed_names(cards)
            if len(printed) > 1:
                # RULES.md 2.1, 2.2, 2.8: LV.X, δ and Trainer subtitles share the name.
                template = OVER_LIMIT_SHARED
                params["printed_names"] = and_list(printed)
            else:
                template = OVER_LIMIT
            hint, hint_params = remove_hint(name, cards, count - maximum)
            yield finding(rule, template, cards=cards, hint=hint, hint_params=hint_params, **params)


KIND = CopyLimit()
