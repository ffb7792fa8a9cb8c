"""group-limit: at most N cards with a property in the whole deck.

ACE SPEC (RULES.md 3.1), Radiant (3.4) and Pokémon Star (3.3) are each 1 per
deck, counted over every card that has the property whatever its name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from deckcheck.i18n import N_, and_list, term
from deckcheck.model import Card, Deck, Finding
from deckcheck.rules.base import (
    Kind,
    RuleContext,
    RuleSpec,
    display_name,
    facts_of,
    finding,
    limit_options_schema,
    lines_text,
)
from deckcheck.selectors import predicate

OVER_LIMIT = N_("The deck has {count} {label} ({names}); a deck may have at most {max}.")
NONE_ALLOWED = N_("This format allows no {label}; the deck has {count} ({names}).")
REMOVE_SOME = N_("Remove {excess} of the {label} ({lines}).")
REMOVE_ALL = N_("Remove the {label} ({lines}).")

# The labels of the shipped packs (formats/*.yaml), so that the catalogues
# translate them; a pack's own label without a translation stays as written.
# TRANSLATORS: plural nouns, the {label} of "The deck has 2 {label}".
LABELS = (
    N_("ACE SPEC cards"),
    N_("Prism Star cards"),
    N_("Radiant Pokémon"),
    N_("Pokémon Star cards"),
)


class GroupLimit(Kind):
    name = "group-limit"
    silent_without_facts = True
    description = N_("A deck may have at most the given number of cards of one kind (such as ACE SPEC) in total.")
    fix = "Keep no more of those cards than the format allows."
    # max 0 forbids the kind outright (GLC allows no ACE SPEC).
    options_schema: Mapping[str, Any] = limit_options_schema(minimum=0)
    examples = {
        "legal": "1 Prime Catcher TEF 157\n4 Iono PAL 185\n",
        "illegal": "1 Prime Catcher TEF 157\n1 Master Ball TEF 153\n",
    }

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], bool | None]:
        """True for a print with the property (``where``), else None."""
        selected = predicate(rule.options["where"])
        return lambda card: True if selected(card) else None

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        selected = facts_of(self, deck, rule, ctx)
        if not selected:
            return  # (none is at most any max: max is 0 or more)
        maximum = int(rule.options["max"])
        count = sum([dc.entry.count for dc, _selected in selected])
        if count <= maximum:
            return
        cards = [dc for dc, _selected in selected]
        label = term(str(rule.options["label"]))
        params: dict[str, Any] = {"count": count, "label": label, "names": and_list(display_name(dc) for dc in cards)}
        lines = lines_text(deck, cards)
        if maximum == 0:
            yield finding(
                rule,
                NONE_ALLOWED,
                deck=deck,
                cards=cards,
                hint=REMOVE_ALL,
                hint_params={"label": label, "lines": lines},
                **params,
            )
            return
        yield finding(
            rule,
            OVER_LIMIT,
            deck=deck,
            cards=cards,
            hint=REMOVE_SOME,
            hint_params={"excess": count - maximum, "label": label, "lines": lines},
            max=maximum,
            **params,
        )


KIND = GroupLimit()
