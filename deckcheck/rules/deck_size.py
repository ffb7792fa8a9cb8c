"""deck-size: a deck has exactly N cards (RULES.md 1.1; half deck 30, docs/rulings.md, "Half deck")."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from deckcheck.i18n import N_, ngettext
from deckcheck.model import Deck, Finding
from deckcheck.rules.base import Kind, RuleContext, RuleSpec, finding

DEFAULT_SIZE = 60

# Plural forms by the number: "1 card", "1 Karte", never "1 cards".
WRONG_SIZE = ngettext(
    "The deck has {total} card; a deck must have exactly {size}.",
    "The deck has {total} cards; a deck must have exactly {size}.",
    "total",
)
REMOVE = ngettext("Remove {excess} card.", "Remove {excess} cards.", "excess")
ADD = ngettext("Add {missing} card.", "Add {missing} cards.", "missing")


class DeckSize(Kind):
    name = "deck-size"
    description = N_("A deck must have exactly the given number of cards (60, or 30 for a half deck).")
    fix = "Add or remove cards until the deck has the size the format asks for."
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
        # the list must contain 60 cards), so the total includes them (the engine's pass over the
        # deck counted it: ctx.facts).
        cards = deck.total if ctx.facts is None else ctx.facts.total
        if cards == size:
            return
        if cards > size:
            hint, hint_params = REMOVE, {"excess": cards - size}
        else:
            hint, hint_params = ADD, {"missing": size - cards}
        yield finding(rule, WRONG_SIZE, hint=hint, hint_params=hint_params, total=cards, size=size)


KIND = DeckSize()
