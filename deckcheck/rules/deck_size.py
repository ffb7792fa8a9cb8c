"""deck-size: a deck has exactly N cards (RULES.md 1.1; half deck 30, decision 8)."""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from deckcheck.i18n import N_
from deckcheck.model import Deck, Finding
from deckcheck.rules.base import RuleContext, RuleSpec, finding

DEFAULT_SIZE = 60

WRONG_SIZE = N_("The deck has {total} cards; a deck must have exactly {size}.")
ONE_CARD = N_("The deck has 1 card; a deck must have exactly {size}.")
REMOVE_ONE = N_("Remove 1 card.")
REMOVE_MANY = N_("Remove {excess} cards.")
ADD_ONE = N_("Add 1 card.")
ADD_MANY = N_("Add {missing} cards.")


class DeckSize:
    name = "deck-size"
    description = "A deck must have exactly the given number of cards (60, or 30 for a half deck)."
    options_schema: Mapping[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "size": {"type": "integer", "minimum": 1, "default": DEFAULT_SIZE},
        },
    }
    examples = {
        "legal": "4 Charmander OBF 26\n4 Charizard ex OBF 125\n4 Iono PAL 185\n48 Basic {R} Energy SVE 2\n",
        "illegal": "4 Charmander OBF 26\n4 Charizard ex OBF 125\n4 Iono PAL 185\n49 Basic {R} Energy SVE 2\n",
    }

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        size = int(rule.options.get("size", DEFAULT_SIZE))
        # Lines that matched no card still take a slot in the deck (RULES.md 1.1:
        # the list must contain 60 cards), so the total includes them.
        cards = deck.total
        if cards == size:
            return
        if cards > size:
            excess = cards - size
            hint, hint_params = (REMOVE_ONE, {}) if excess == 1 else (REMOVE_MANY, {"excess": excess})
        else:
            missing = size - cards
            hint, hint_params = (ADD_ONE, {}) if missing == 1 else (ADD_MANY, {"missing": missing})
        template = ONE_CARD if cards == 1 else WRONG_SIZE  # one template per number, never a plural ending
        yield finding(rule, template, hint=hint, hint_params=hint_params, total=cards, size=size)


KIND = DeckSize()
