"""``single-type``: every Pokémon shares one type (Gym Leader Challenge, RULES.md 6.4).

A dual-type Pokémon fits when one of its types is the deck's type. The deck's
type is the one that the most Pokémon cards have; the finding lists the
Pokémon that do not have it.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator

from deckcheck.model import Deck, Finding
from deckcheck.rules.base import RuleContext, RuleSpec, finding, lines_text


class SingleType:
    name = "single-type"
    description = "All Pokémon in the deck share one type; a dual-type Pokémon fits when one of its types matches."
    options_schema = {"type": "object", "additionalProperties": False, "properties": {}}
    examples = {
        "legal": "1 Charmander OBF 26\n1 Charmeleon OBF 27\n1 Charizard OBF 28",
        "illegal": "1 Charmander OBF 26\n1 Squirtle MEW 7   # Water in a Fire deck",
    }

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        pokemon = [c for c in deck.cards if c.card.is_pokemon and c.card.types]
        if not pokemon:
            return
        votes: Counter[str] = Counter()
        for deck_card in pokemon:
            for pokemon_type in deck_card.card.types:
                votes[pokemon_type] += deck_card.count
        # Most cards first; ties broken by name so the verdict is deterministic.
        deck_type = min(votes, key=lambda t: (-votes[t], t))
        outsiders = [c for c in pokemon if deck_type not in c.card.types]
        if not outsiders:
            return
        names = ", ".join(
            f"{c.card.name} ({'/'.join(c.card.types)})" for c in outsiders
        )
        yield finding(
            rule,
            "All Pokémon must share one type; the deck is mostly {deck_type}, but {names} "
            "{verb} not {deck_type}.",
            cards=outsiders,
            hint="Replace the Pokémon that are not {deck_type} ({lines}).",
            hint_params={"deck_type": deck_type, "lines": lines_text(outsiders)},
            deck_type=deck_type, names=names, verb="is" if len(outsiders) == 1 else "are",
        )


KIND = SingleType()
