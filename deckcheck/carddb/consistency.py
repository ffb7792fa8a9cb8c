"""Where two card sources have a card, do they agree on what the rules use?

:func:`rule_facts` is what the rules read of a card: its deck-building name,
supertype, the flags the packs select by (basic Energy, Basic Pokémon, ACE
SPEC, Rule Box, ...), a Trainer's kind, the regulation mark, the set code a
deck list would write, its own deck limit and the game-text digest.
:func:`compare` lists every card both sources have (same id in deckcheck's
scheme) whose facts differ; ``deckcheck db check-sources`` prints the list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any, NamedTuple

from deckcheck.carddb.gametext import canonical_digests, differing_parts
from deckcheck.carddb.index import set_code_key
from deckcheck.carddb.sources.merge import open_source
from deckcheck.model import Card
from deckcheck.names import deck_key
from deckcheck.selectors import FLAGS

# Subtypes that say what kind of Trainer a card is (the reprint rule compares them).
TRAINER_KINDS = frozenset(
    {
        "Item",
        "Supporter",
        "Stadium",
        "Pokémon Tool",
        "Technical Machine",
        "TAG TEAM",
        "Rocket's Secret Machine",
        "Goldenrod Game Corner",
    }
)
FACTS = ("name", "supertype", "flags", "trainer_kind", "regulation_mark", "set_code", "own_limit", "text_hash")
# The digest is compared on request (``--digest``): it needs the cards
# converted with their canonical texts (:func:`source_cards`).
STRICT_FACTS = tuple(fact for fact in FACTS if fact != "text_hash")


class Difference(NamedTuple):
    card_id: str
    fact: str
    left: Any  # the first source's value (pokemontcg.io)
    right: Any  # the second's (TCGdex)


def rule_facts(card: Card) -> dict[str, Any]:
    basic_energy = card.is_basic_energy
    return {
        # Basic Energy is unlimited whatever it is called ("Fire Energy", "Basic Fire Energy").
        "name": None if basic_energy else deck_key(card.name, card.supertype),
        "supertype": card.supertype,
        "flags": tuple(sorted(name for name, test in FLAGS.items() if test(card))),
        "trainer_kind": tuple(sorted(set(card.subtypes) & TRAINER_KINDS)) if card.is_trainer else (),
        "regulation_mark": card.regulation_mark,
        "set_code": set_code_key(card.set_code) if card.set_code else None,
        "own_limit": card.own_limit,
        "text_hash": card.text_hash,
    }


def compare(left: Iterable[Card], right: Iterable[Card], facts: Sequence[str] = STRICT_FACTS) -> list[Difference]:
    """Every fact of ``facts`` that differs on a card both have, by card id."""
    theirs = {card.id: card for card in right}
    found = []
    for card in left:
        other = theirs.get(card.id)
        if other is None:
            continue
        mine, its = rule_facts(card), rule_facts(other)
        found += [Difference(card.id, fact, mine[fact], its[fact]) for fact in facts if mine[fact] != its[fact]]
    return found


def source_cards(path: Path, canonical: bool = False) -> list[Card]:
    """Every card of the source at ``path`` (a pokemontcg.io copy or a TCGdex
    export); with ``canonical``, each carries its canonical game text instead
    of the digest (:func:`deckcheck.carddb.gametext.canonical_digests`)."""
    source = open_source(path)
    try:
        with canonical_digests() if canonical else nullcontext():
            return [card for batch in source.batches() for card, _ in batch.cards]
    finally:
        source.close()


def digest_parts(difference: Difference) -> tuple[str, ...]:
    """On which parts of the game text (``weakness``, ``attack text`` ...) a
    ``text_hash`` difference between cards of :func:`source_cards` (``canonical``) lies."""
    return differing_parts(str(difference.left), str(difference.right))
