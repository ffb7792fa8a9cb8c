"""card-limit: limits printed on the cards themselves (RULES.md 3.5, 3.6).

"You can't have more than 1 Shining Celebi in your deck." docs/rulings.md, "A card's own limit wins for its whole name": when any
card in the deck carries such a limit, every card of that deck-building name
counts against it — so Shining Celebi neo4 106 (limited) and smp SM79 (no
limit) together may be played once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from deckcheck.i18n import N_
from deckcheck.model import Card, Deck, DeckCard, Finding
from deckcheck.names import deck_key
from deckcheck.rules.base import (
    Kind,
    RuleContext,
    RuleSpec,
    by_deck_name,
    display_name,
    facts_of,
    finding,
    lines_text,
    remove_hint,
    total,
)

# TRANSLATORS: the quoted sentence is the rule printed on the card: use its wording in your language.
OVER_LIMIT = N_(
    "The deck has {count} cards named {name} ({line_list}); {card} says: "
    '"You can\'t have more than {max} {name} in your deck."'
)


class CardLimit(Kind):
    name = "card-limit"
    silent_without_facts = True
    description = N_('A card that says "You can\'t have more than N X in your deck" limits every card named X.')
    fix = "Play no more copies of that name than the card allows."
    options_schema: Mapping[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {},
    }
    examples = {
        "legal": "1 Shining Celebi N4 106\n1 Miracle Energy N4 16\n",
        "illegal": "1 Shining Celebi N4 106\n1 Shining Celebi PR-SM SM79\n",
    }

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], tuple[str, int] | None]:
        """The limit a print states of itself (name, most copies), else None."""
        return lambda card: card.own_limit

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        # The strictest limit on each name, and the first card that states it.
        limits: dict[str, tuple[int, DeckCard]] = {}
        for deck_card, own_limit in facts_of(self, deck, rule, ctx):
            limited_name, maximum = own_limit
            key = deck_key(limited_name, deck_card.card.supertype)
            if key not in limits or maximum < limits[key][0]:
                limits[key] = (maximum, deck_card)
        if not limits:
            return
        for key, cards in by_deck_name(deck.cards).items():
            if key not in limits:
                continue
            maximum, source = limits[key]
            count = total(cards)
            if count <= maximum:
                continue
            name = display_name(cards[0])
            hint, hint_params = remove_hint(deck, name, cards, count - maximum)
            yield finding(
                rule,
                OVER_LIMIT,
                deck=deck,
                cards=cards,
                hint=hint,
                hint_params=hint_params,
                count=count,
                name=name,
                line_list=lines_text(deck, cards),
                card=source.label,
                max=maximum,
            )


KIND = CardLimit()
