"""Card selectors: the ``where:`` clause of a pack rule, as plain data.

A selector is a mapping; a card matches when it satisfies *every* key given::

    where:
      supertype: Pokémon            # or a list
      subtypes: [Basic, Baby]       # any of these
      flags: [ace_spec]             # any of these (see FLAGS)
      names: [Professor Juniper]    # deck-building names (RULES.md 2.10), folded
      ids: [sm8-90]                 # dataset card ids
      sets: [base1, base2]          # dataset set ids
      not: {flags: [basic_energy]}  # the card must not match this selector
      any: [{flags: [ace_spec]}, {names: [覚醒のドラム]}]   # the card matches one of these
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from deckcheck.model import SUPERTYPES, Card
from deckcheck.names import deck_key

# Subtypes that put a Pokémon in a Rule Box (GLC "no Rule Box cards", RULES.md 6.4).
RULE_BOX_SUBTYPES = frozenset(
    {
        "EX",
        "ex",
        "GX",
        "V",
        "VMAX",
        "VSTAR",
        "V-UNION",
        "BREAK",
        "TAG TEAM",
        "MEGA",
        "Mega",
        "Radiant",
        "Prism Star",
        "LEGEND",
        "Level-Up",
    }
)

FLAGS: Mapping[str, Callable[[Card], bool]] = {
    "basic_energy": lambda c: c.is_basic_energy,
    "special_energy": lambda c: c.is_energy and not c.is_basic_energy,
    "basic_pokemon": lambda c: c.is_basic_pokemon,
    "ace_spec": lambda c: c.is_ace_spec,
    "prism_star": lambda c: c.is_prism_star,
    "pokemon_star": lambda c: c.is_pokemon_star,
    "radiant": lambda c: c.is_radiant,
    "rule_box": lambda c: bool(RULE_BOX_SUBTYPES.intersection(c.subtypes)),
    "any_number": lambda c: c.any_number,
    "not_for_tournaments": lambda c: c.not_for_tournaments,
    "plays_as_basic": lambda c: c.plays_as_basic,
    "own_limit": lambda c: c.own_limit is not None,
}

SELECTOR_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "supertype": {
            "oneOf": [
                {"enum": ["Pokémon", "Trainer", "Energy"]},
                {"type": "array", "items": {"enum": ["Pokémon", "Trainer", "Energy"]}},
            ]
        },
        "subtypes": {"type": "array", "items": {"type": "string"}},
        "flags": {"type": "array", "items": {"enum": sorted(FLAGS)}},
        "names": {"type": "array", "items": {"type": "string"}},
        "ids": {"type": "array", "items": {"type": "string"}},
        "sets": {"type": "array", "items": {"type": "string"}},
        "not": {"$ref": "#/$defs/selector"},
        # One of several selectors: a flag, or the names of the cards whose data lacks it
        # (Japan's ACE SPEC cards, standard-jp).
        "any": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/selector"}},
    },
}


def matches(card: Card, where: Mapping[str, Any] | None) -> bool:
    """Whether ``card`` satisfies every key of the selector ``where``."""
    if not where:
        return True
    cached = _PREDICATES.get(id(where))
    if cached is not None and cached[0] is where:
        return cached[1](card)
    return predicate(where)(card)


# Selectors come from loaded packs, which live as long as the process; keep the
# selector object itself beside its predicate so its id is never reused.
_PREDICATES: dict[int, tuple[Mapping[str, Any], Callable[[Card], bool]]] = {}


def predicate(where: Mapping[str, Any]) -> Callable[[Card], bool]:
    """The selector compiled once into a ``card -> bool`` function."""
    cached = _PREDICATES.get(id(where))
    if cached is not None and cached[0] is where:
        return cached[1]
    compiled = _compile(where)
    _PREDICATES[id(where)] = (where, compiled)
    return compiled


def _compile(where: Mapping[str, Any]) -> Callable[[Card], bool]:
    tests: list[Callable[[Card], bool]] = []
    supertype = where.get("supertype")
    if supertype is not None:
        allowed = frozenset((supertype,) if isinstance(supertype, str) else supertype)
        tests.append(lambda c: c.supertype in allowed)
    subtypes = where.get("subtypes")
    if subtypes is not None:
        wanted = frozenset(subtypes)
        tests.append(lambda c: not wanted.isdisjoint(c.subtypes))
    flags = where.get("flags")
    if flags is not None:
        checks = tuple(FLAGS[flag] for flag in flags)
        tests.append(checks[0] if len(checks) == 1 else (lambda c: any(check(c) for check in checks)))
    names = where.get("names")
    if names is not None:
        # Deck-building names, as the banned kind reads them: "Boss's Orders
        # (Ghetsis)" names every Boss's Orders, "Gardevoir LV.X" every Gardevoir.
        keys = {supertype: frozenset(deck_key(n, supertype) for n in names) for supertype in SUPERTYPES}
        tests.append(lambda c: deck_key(c.name, c.supertype) in keys.get(c.supertype, ()))
    ids = where.get("ids")
    if ids is not None:
        id_set = frozenset(ids)
        tests.append(lambda c: c.id in id_set)
    sets = where.get("sets")
    if sets is not None:
        set_ids = frozenset(sets)
        tests.append(lambda c: c.set_id in set_ids)
    negated = where.get("not")
    if negated is not None:
        inner = _compile(negated)
        tests.append(lambda c: not inner(c))
    alternatives = where.get("any")
    if alternatives is not None:
        choices = tuple(_compile(choice) for choice in alternatives)
        tests.append(lambda c: any(choice(c) for choice in choices))
    if len(tests) == 1:
        return tests[0]
    return lambda c: all(test(c) for test in tests)
