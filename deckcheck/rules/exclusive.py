"""exclusive: a deck may contain cards of at most one name of each group.

Professor Juniper / Professor Sycamore (RULES.md 4): 4 Juniper or 4 Sycamore,
never a mix — 2 + 2 is illegal too. Professor's Research is not in the group
(docs/rulings.md, "Professor's Research").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from deckcheck.i18n import N_, and_list, or_list
from deckcheck.model import Card, Deck, DeckCard, Finding
from deckcheck.names import deck_key
from deckcheck.rules.base import Kind, RuleContext, RuleSpec, display_name, facts_of, finding, lines_text

MIXED = N_("The deck has cards named {names} ({line_list}); a deck may contain cards of only one of these names.")
KEEP_ONE = N_("Keep the cards of only one of these names: {choices}.")


def _member(card_key: str, supertype: str, group: Sequence[str]) -> int | None:
    """Index of the group name that ``card_key`` (a card's deck key) is, if any."""
    return _group_keys(group, supertype).get(card_key)


# (id(group), supertype) -> (group, {deck key: index of its first name}); the
# groups belong to loaded packs, kept so that an id is never reused (the names were folded again for every card of every deck).
_KEYS: dict[tuple[int, str], tuple[Sequence[str], dict[str, int]]] = {}
_KEYS_MAX = 1024


def _group_keys(group: Sequence[str], supertype: str) -> dict[str, int]:
    known = _KEYS.get((id(group), supertype))
    if known is not None and known[0] is group:
        return known[1]
    keys: dict[str, int] = {}
    for index, group_name in enumerate(group):
        # Fold the pack's name as a name of the card's supertype, so that a pack
        # may write either "Professor Juniper" or a subtitled form.
        keys.setdefault(deck_key(group_name, supertype), index)
    if len(_KEYS) >= _KEYS_MAX:  # packs loaded again and again (a library caller): start again
        _KEYS.clear()
    _KEYS[(id(group), supertype)] = (group, keys)
    return keys


class Exclusive(Kind):
    name = "exclusive"
    silent_without_facts = True
    description = N_(
        "A deck may contain cards of only one name of each group (Professor Juniper or Professor Sycamore)."
    )
    fix = "Keep cards of only one of those names."
    options_schema: Mapping[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["groups"],
        "properties": {
            "groups": {
                "type": "array",
                "items": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 2},
            },
        },
    }
    examples = {
        "legal": "4 Professor Juniper BLW 101\n4 Professor's Research SVI 189\n",
        "illegal": "2 Professor Juniper BLW 101\n2 Professor Sycamore XY 122\n",
    }

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], tuple[tuple[int, int], ...] | None]:
        """The groups a print's name is in, as (group, index of the name in it) pairs; None: none."""
        groups = rule.options.get("groups", ())

        def memberships(card: Card) -> tuple[tuple[int, int], ...] | None:
            key = deck_key(card.name, card.supertype)
            found = ((g, _member(key, card.supertype, group)) for g, group in enumerate(groups))
            return tuple((g, index) for g, index in found if index is not None) or None

        return memberships

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        members = facts_of(self, deck, rule, ctx)
        if not members:
            return
        for g, _group in enumerate(rule.options.get("groups", ())):
            # group member index -> the deck's cards of that name, in deck order
            present: dict[int, list[DeckCard]] = {}
            cards: list[DeckCard] = []
            for deck_card, memberships in members:
                for group, index in memberships:
                    if group == g:
                        present.setdefault(index, []).append(deck_card)
                        cards.append(deck_card)
            if len(present) < 2:
                continue
            names = [display_name(found[0]) for found in present.values()]
            yield finding(
                rule,
                MIXED,
                deck=deck,
                cards=cards,
                hint=KEEP_ONE,
                hint_params={"choices": or_list(names)},
                names=and_list(names),
                line_list=lines_text(deck, cards),
            )


KIND = Exclusive()
