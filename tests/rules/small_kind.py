"""A small rule kind that exists only in the tests: at most ``max`` Pokémon in a deck.

tests/rules/test_new_kind.py registers it with one line (as deckcheck/rules/__init__.py
lists the shipped kinds) and shows that nothing else is needed: packs take it, the
engine checks it, ``deckcheck rules``, ``formats show``, ``formats lint`` and SARIF say it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from deckcheck.model import POKEMON, Deck, Finding
from deckcheck.rules.base import Kind, Known, LintNote, RuleContext, RuleSpec, finding

TOO_MANY = "The deck has {count} Pokémon; this format allows at most {max}."


class MaxPokemon(Kind):
    name = "max-pokemon"
    description = "A deck may have at most the given number of Pokémon."
    fix = "Take Pokémon out until no more than the format allows are left."
    options_schema: Mapping[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["max"],
        "properties": {"max": {"type": "integer", "minimum": 0}},
    }
    examples = {"legal": "1 Pikachu BS 58\n", "illegal": "4 Pikachu BS 58\n"}

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        pokemon = [card for card in deck.cards if card.card.supertype == POKEMON]
        count = sum(card.count for card in pokemon)
        if count > int(rule.options["max"]):
            yield finding(rule, TOO_MANY, deck=deck, cards=pokemon, count=count, max=rule.options["max"])

    def lint(self, rule: Mapping[str, Any], known: Known) -> Iterator[LintNote]:
        if isinstance(rule.get("max"), int) and rule["max"] > 60:
            yield LintNote(("max",), "warning", f"a deck has 60 cards; max {rule['max']} limits nothing")


KIND = MaxPokemon()
