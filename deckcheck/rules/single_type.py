"""``single-type``: every Pokémon shares one type (Gym Leader Challenge, RULES.md 6.4).

A dual-type Pokémon fits when one of its types is the deck's type. The deck's
type is the one that the most Pokémon cards have; the finding lists the
Pokémon that do not have it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from deckcheck.i18n import N_, Joined, Phrase, term
from deckcheck.model import Card, Deck, Finding
from deckcheck.rules.base import Kind, RuleContext, RuleSpec, facts_of, finding, lines_text

# One template per number: "is"/"are" must never be a parameter (a translation
# needs the whole sentence).
MIXED_ONE = N_("All Pokémon must share one type; the deck is mostly {deck_type}, but {names} is not {deck_type}.")
MIXED_MANY = N_("All Pokémon must share one type; the deck is mostly {deck_type}, but {names} are not {deck_type}.")
REPLACE = N_("Replace the Pokémon that are not {deck_type} ({lines}).")
# TRANSLATORS: a Pokémon and its types: "Squirtle (Water)".
TYPED_NAME = N_("{name} ({types})")
# The Pokémon types, so that the catalogues translate them.
TYPES = (
    N_("Grass"),
    N_("Fire"),
    N_("Water"),
    N_("Lightning"),
    N_("Psychic"),
    N_("Fighting"),
    N_("Darkness"),
    N_("Metal"),
    N_("Fairy"),
    N_("Dragon"),
    N_("Colorless"),
)


class SingleType(Kind):
    name = "single-type"
    silent_without_facts = True
    description = N_("All Pokémon in the deck share one type; a dual-type Pokémon fits when one of its types matches.")
    fix = "Keep Pokémon of one type only, or dual-type Pokémon that share it."
    options_schema = {"type": "object", "additionalProperties": False, "properties": {}}
    examples = {
        "legal": "1 Charmander MEW 4\n1 Charmeleon MEW 5\n1 Charizard ex MEW 6\n",
        "illegal": "1 Charmander OBF 26\n1 Squirtle MEW 7   # Water in a Fire deck\n",
    }

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], tuple[str, ...] | None]:
        """A Pokémon's types (None: no Pokémon, or one of no type)."""
        return lambda card: card.types if card.is_pokemon and card.types else None

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        pokemon = [c for c, _types in facts_of(self, deck, rule, ctx)]
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
        names = Joined(
            Phrase(TYPED_NAME, name=c.card.name, types=Joined((term(t) for t in c.card.types), "/")) for c in outsiders
        )
        yield finding(
            rule,
            MIXED_ONE if len(outsiders) == 1 else MIXED_MANY,
            deck=deck,
            cards=outsiders,
            hint=REPLACE,
            hint_params={"deck_type": term(deck_type), "lines": lines_text(deck, outsiders)},
            deck_type=term(deck_type),
            names=names,
        )


KIND = SingleType()
