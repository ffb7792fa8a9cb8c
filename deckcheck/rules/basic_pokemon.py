"""basic-pokemon: a deck has at least one Basic Pokémon (RULES.md 1.4, docs/rulings.md, "Trainers played as Basic Pokémon")."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from deckcheck.i18n import N_, and_list
from deckcheck.model import Card, Deck, Finding
from deckcheck.rules.base import Kind, RuleContext, RuleSpec, display_name, facts_of, finding

NONE_FOUND = N_("The deck has no Basic Pokémon; a deck must have at least {min}.")
TOO_FEW = N_("The deck has {count} Basic Pokémon; a deck must have at least {min}.")
ADD = N_("Add {missing} Basic Pokémon.")
ADD_NOT_DOLLS = N_(
    "Add {missing} Basic Pokémon; cards played as if they were Basic Pokémon ({names}) do not count in this format."
)


def counts_as_basic(card: Card, count_plays_as_basic: bool) -> bool:
    # RULES.md 1.4: Baby Pokémon count (Card.is_basic_pokemon includes them);
    # docs/rulings.md, "Trainers played as Basic Pokémon": Trainers played as Basic Pokémon only
    # when the pack says so.
    return card.is_basic_pokemon or (count_plays_as_basic and card.plays_as_basic)


class BasicPokemon(Kind):
    name = "basic-pokemon"
    description = N_("A deck must contain at least one Basic Pokémon.")
    fix = "Add a Basic Pokémon."
    options_schema: Mapping[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "min": {"type": "integer", "minimum": 1, "default": 1},
            "count_plays_as_basic": {"type": "boolean", "default": False},
        },
    }
    examples = {
        "legal": "4 Charmander OBF 26\n4 Charizard ex OBF 125\n52 Basic {R} Energy SVE 2\n",
        "illegal": "4 Charizard ex OBF 125\n4 Iono PAL 185\n52 Basic {R} Energy SVE 2\n",
    }

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], bool | None]:
        """True for a print that counts as a Basic Pokémon, else None."""
        count_plays_as_basic = bool(rule.options.get("count_plays_as_basic", False))
        return lambda card: True if counts_as_basic(card, count_plays_as_basic) else None

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        minimum = int(rule.options.get("min", 1))
        count_plays_as_basic = bool(rule.options.get("count_plays_as_basic", False))
        count: int = sum([dc.entry.count for dc, _basic in facts_of(self, deck, rule, ctx)])
        if count >= minimum or deck.unresolved:
            # docs/rulings.md, "Which card a line is": a line whose card is unknown may be a Basic
            # Pokémon; its unknown-card error already says legality cannot be shown.
            return
        missing = minimum - count
        not_counted = [] if count_plays_as_basic else [dc for dc in deck.cards if dc.card.plays_as_basic]
        if not_counted:
            hint, hint_params = (
                ADD_NOT_DOLLS,
                {
                    "missing": missing,
                    "names": and_list(display_name(dc) for dc in not_counted),
                },
            )
        else:
            hint, hint_params = ADD, {"missing": missing}
        template = NONE_FOUND if count == 0 else TOO_FEW
        yield finding(rule, template, hint=hint, hint_params=hint_params, count=count, min=minimum)


KIND = BasicPokemon()
