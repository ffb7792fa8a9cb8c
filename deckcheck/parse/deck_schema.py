"""The deck files' JSON Schema (``deckcheck/schemas/deck.schema.json``) and the reading that
tells a deck file certainly valid without jsonschema (:func:`certainly_valid`), the usual case;
:mod:`deckcheck.parse.structured` asks the validator only where it is not.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from deckcheck.datafiles import package_file


@lru_cache(maxsize=1)
def deck_schema() -> dict[str, Any]:
    """The deck-file JSON Schema shipped with the package."""
    return json.loads(package_file("schemas", "deck.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def validator() -> Any:
    import jsonschema  # the slowest import of all: only when a deck file is not certainly valid

    return jsonschema.Draft202012Validator(deck_schema())


# The keywords of deck.schema.json that describe and do not constrain.
_ANNOTATIONS = frozenset({"$schema", "$defs", "title", "description"})
# JSON Schema types by the Python types json and YAML give (a bool is no integer; a float
# such as 4.0, which JSON Schema counts as an integer, is left to the validator).
_PLAIN_TYPES: dict[str, tuple[type, ...]] = {"object": (dict,), "array": (list,), "string": (str,), "integer": (int,)}


def _plainly_valid(value: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    """True when ``value`` certainly meets ``schema``, read keyword by keyword for the
    keywords deck.schema.json uses (type, required, properties, additionalProperties: false,
    items, $ref into $defs, minimum, maximum, pattern). Any other keyword, or any doubt,
    is False: jsonschema then decides, and words the errors. So a valid deck file, the
    usual case, is read without importing jsonschema, the slowest import of all (a JSON or
    YAML deck's check cost some 1.5 x the instructions of ``import typer`` more than a text
    list's); the test suite holds this reading to jsonschema's on generated documents."""
    for keyword, expected in schema.items():
        if keyword in _ANNOTATIONS or keyword == "properties":
            continue
        if keyword == "$ref":
            if not (isinstance(expected, str) and expected.startswith("#/$defs/")):
                return False
            target = root.get("$defs", {}).get(expected.removeprefix("#/$defs/"))
            if not isinstance(target, dict) or not _plainly_valid(value, target, root):
                return False
        elif keyword == "type":
            names = [expected] if isinstance(expected, str) else expected
            kinds = tuple(kind for name in names for kind in _PLAIN_TYPES.get(name, ()))
            if not isinstance(value, kinds) or isinstance(value, bool):
                return False
        elif keyword == "required":
            if isinstance(value, dict) and any(key not in value for key in expected):
                return False
        elif keyword == "additionalProperties":
            if expected is not False:
                return False
            if isinstance(value, dict) and any(key not in schema.get("properties", {}) for key in value):
                return False
        elif keyword == "items":
            if isinstance(value, list) and not all(_item_plainly_valid(item, expected, root) for item in value):
                return False
        elif keyword in ("minimum", "maximum"):
            if isinstance(value, int | float) and not isinstance(value, bool):
                if value < expected if keyword == "minimum" else value > expected:
                    return False
        elif keyword == "pattern":
            if isinstance(value, str) and re.search(expected, value) is None:
                return False
        else:
            return False  # a keyword this reading does not know: jsonschema decides
    if isinstance(value, dict):
        for key, sub in schema.get("properties", {}).items():
            if key in value and not _value_plainly_valid(value[key], sub, root):
                return False
    return True


# Whether a list's item plainly meets its schema, by (the schema's id, the item's keys, values and
# their types: True == 1): a folder's deck files repeat their cards; and whether a mapping's
# value meets its property's schema, by (the schema's id, the value, its type): a card new to a
# run is mostly made of counts, names, set codes and numbers met before. Only scalars and
# mappings of scalars of the shipped schema (deck_schema() is made once: its ids stay its own),
# at most VALID_ITEMS_KEPT.
_VALID_ITEMS: dict[tuple[int, Any, Any], bool] = {}
VALID_ITEMS_KEPT = 4_096
_SCALARS = frozenset({str, int, bool, float, type(None)})


def _kept(key: tuple[int, Any, Any], value: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    """Whether ``value`` plainly meets ``schema``, kept in _VALID_ITEMS by ``key``."""
    valid = _VALID_ITEMS.get(key)
    if valid is None:
        valid = _plainly_valid(value, schema, root)
        if len(_VALID_ITEMS) >= VALID_ITEMS_KEPT:
            _VALID_ITEMS.clear()
        _VALID_ITEMS[key] = valid
    return valid


def _value_plainly_valid(value: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    kind = type(value)
    if kind not in _SCALARS or root is not deck_schema():
        return _plainly_valid(value, schema, root)
    return _kept((id(schema), value, kind), value, schema, root)


def _item_plainly_valid(item: Any, schema: dict[str, Any], root: dict[str, Any]) -> bool:
    if type(item) is not dict:
        return _plainly_valid(item, schema, root)
    kinds = tuple(map(type, item.values()))
    if not _SCALARS.issuperset(kinds) or root is not deck_schema():
        return _plainly_valid(item, schema, root)
    # (An item's key holds a tuple where a value's holds a scalar: the two never meet.)
    return _kept((id(schema), tuple(item.items()), kinds), item, schema, root)


def certainly_valid(data: dict) -> bool:
    """True when ``data`` has no schema error. False means: ask the validator for
    the errors (there may be none)."""
    schema = deck_schema()
    return _plainly_valid(data, schema, schema)
