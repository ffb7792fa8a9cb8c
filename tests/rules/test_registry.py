"""The registry and what every kind promises the pack loader and `deckcheck rules`."""

import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.rules import KINDS
from deckcheck.selectors import SELECTOR_SCHEMA

EXPECTED = [
    "deck-size",
    "basic-pokemon",
    "copy-limit",
    "group-limit",
    "name-limit",
    "card-limit",
    "exclusive",
    "banned",
]
COMMON_KEYS = {"id", "kind", "severity", "description"}


def _schema(kind):
    # How the pack schema will hold it: the selector under $defs/selector.
    return {**kind.options_schema, "$defs": {"selector": SELECTOR_SCHEMA}}


def test_registry_lists_every_kind_under_its_own_name():
    assert set(EXPECTED) <= set(KINDS)
    assert all(name == kind.name for name, kind in KINDS.items())


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_has_a_one_sentence_description_and_two_examples(name):
    kind = KINDS[name]
    assert kind.description.endswith(".") and kind.description.count(". ") == 0
    assert set(kind.examples) == {"legal", "illegal"}
    assert all(kind.examples[key].strip() for key in ("legal", "illegal"))
    assert kind.examples["legal"] != kind.examples["illegal"]


@pytest.mark.parametrize("name", sorted(KINDS))
def test_options_schema_is_a_closed_object_schema(name):
    jsonschema = pytest.importorskip("jsonschema")
    schema = _schema(KINDS[name])
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    assert not COMMON_KEYS & set(schema["properties"])
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid({"no_such_option": 1})


VALID_OPTIONS = {
    "deck-size": [{}, {"size": 30}],
    "basic-pokemon": [{}, {"min": 1, "count_plays_as_basic": True}],
    "copy-limit": [{}, {"max": 2}, {"max": 4, "exempt": {"flags": ["basic_energy"]}}, {"exempt": None}],
    "group-limit": [{"max": 1, "where": {"flags": ["ace_spec"]}, "label": "ACE SPEC cards"}],
    "name-limit": [{"max": 1, "where": {"flags": ["prism_star"]}, "label": "Prism Star cards"}],
    "card-limit": [{}],
    "exclusive": [{"groups": [["Professor Juniper", "Professor Sycamore"]]}],
    "banned": [
        {
            "cards": [
                {"names": ["Lysandre's Trump Card"], "since": "2015-01-01", "source": "x"},
                {"ids": ["sm8-90"], "until": "2030-01-01", "reason": "y"},
                {"where": {"flags": ["not_for_tournaments"], "not": {"supertype": "Energy"}}},
            ]
        }
    ],
}
INVALID_OPTIONS = {
    "deck-size": [{"size": "60"}, {"size": 0}],
    "basic-pokemon": [{"min": 0}, {"count_plays_as_basic": "yes"}],
    "copy-limit": [{"max": 0}, {"exempt": {"flags": ["no_such_flag"]}}],
    "group-limit": [{"max": 1, "where": {"flags": ["ace_spec"]}}, {"max": -1, "where": {}, "label": "x"}],
    "name-limit": [{"where": {"flags": ["prism_star"]}, "label": "x"}],
    "card-limit": [{"max": 1}],
    "exclusive": [{}, {"groups": [["Professor Juniper"]]}],
    "banned": [
        {},
        {"cards": [{"reason": "no card named"}]},
        {"cards": [{"names": ["Wally"], "since": "17.08.2018"}]},
        {"cards": [{"names": ["Wally"], "date": "2018-08-17"}]},
    ],
}


@pytest.mark.parametrize("name", EXPECTED)
def test_options_schema_accepts_and_rejects(name):
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(_schema(KINDS[name]))
    for options in VALID_OPTIONS[name]:
        assert validator.is_valid(options), options
    for options in INVALID_OPTIONS[name]:
        assert not validator.is_valid(options), options


def test_importing_the_registry_does_not_import_jsonschema():
    code = "import sys, deckcheck.rules; print('jsonschema' in sys.modules)"
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    assert result.stdout.strip() == "False"
