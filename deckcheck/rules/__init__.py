"""The rule kinds, by the id that packs use in ``kind:``.

A plain dict: adding a kind means writing its module and listing it here.
Importing this package stays cheap (no jsonschema); the pack loader assembles
the options schemas.
"""

from __future__ import annotations

from deckcheck.rules import (
    banned,
    basic_pokemon,
    card_limit,
    card_pool,
    copy_limit,
    deck_size,
    exclusive,
    group_limit,
    name_limit,
    single_type,
)
from deckcheck.rules.base import RuleKind

KINDS: dict[str, RuleKind] = {
    kind.name: kind
    for kind in (
        deck_size.KIND,
        basic_pokemon.KIND,
        copy_limit.KIND,
        group_limit.KIND,
        name_limit.KIND,
        card_limit.KIND,
        exclusive.KIND,
        banned.KIND,
        card_pool.KIND,
        single_type.KIND,
    )
}

__all__ = ["KINDS"]
