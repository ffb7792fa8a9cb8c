"""name-limit: at most N cards per deck-building name among cards with a property.

Prism Star: "You can't have more than 1 ◇ card with the same name in your
deck" (RULES.md 3.2) — several different ◇ cards may be played together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from deckcheck.i18n import N_, term
from deckcheck.model import Card, Deck, DeckCard, Finding
from deckcheck.names import deck_key
from deckcheck.rules.base import (
    Kind,
    RuleContext,
    RuleSpec,
    display_name,
    facts_of,
    finding,
    limit_options_schema,
    lines_text,
    remove_hint,
    total,
)
from deckcheck.selectors import predicate

OVER_LIMIT = N_("The deck has {count} cards named {name} ({line_list}); {label} are limited to {max} per name.")


class NameLimit(Kind):
    name = "name-limit"
    silent_without_facts = True
    description = N_(
        "A deck may have at most the given number of cards with the same name among cards of one kind "
        "(such as Prism Star)."
    )
    fix = "Keep no more copies of each such card than the format allows."
    options_schema: Mapping[str, Any] = limit_options_schema(minimum=1)
    examples = {
        "legal": "1 Giratina ◇ UPR 58\n1 Darkrai ◇ UPR 77\n",
        "illegal": "2 Giratina ◇ UPR 58\n",
    }

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], str | None]:
        """The deck-building name of a print with the property (``where``), else None."""
        test = predicate(rule.options["where"])
        return lambda card: deck_key(card.name, card.supertype) if test(card) else None

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        maximum = int(rule.options["max"])
        selected = facts_of(self, deck, rule, ctx)
        if not selected:
            return
        label = term(str(rule.options["label"]))
        by_name: dict[str, list[DeckCard]] = {}  # the lines of each deck-building name, in deck order
        for deck_card, key in selected:
            by_name.setdefault(key, []).append(deck_card)
        for cards in by_name.values():
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
                label=label,
                max=maximum,
            )


KIND = NameLimit()
