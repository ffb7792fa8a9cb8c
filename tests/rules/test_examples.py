"""The legal/illegal snippets each kind shows in `deckcheck rules` really are.

Integration: parses and resolves the snippets against the reference data.
"""

import datetime as dt

import pytest

from deckcheck.rules import KINDS
from deckcheck.rules.base import RuleContext, RuleSpec

# The options the Unlimited pack gives each kind (ACE SPEC for group-limit).
OPTIONS = {
    "deck-size": {"size": 60},
    "basic-pokemon": {"min": 1},
    "copy-limit": {"max": 4, "exempt": {"flags": ["basic_energy"]}},
    "group-limit": {"max": 1, "where": {"flags": ["ace_spec"]}, "label": "ACE SPEC cards"},
    "name-limit": {"max": 1, "where": {"flags": ["prism_star"]}, "label": "Prism Star cards"},
    "card-limit": {},
    "exclusive": {"groups": [["Professor Juniper", "Professor Sycamore"]]},
    "banned": {"cards": [{"names": ["Lysandre's Trump Card"], "source": "Expanded ban list"}]},
    "single-type": {},
}
# The card pool of the shipped standard pack (its examples are checked on 2026-11-30).
OPTIONS["card-pool"] = next(
    r.options
    for r in __import__("deckcheck.packs.loading", fromlist=["load_pack"]).load_pack("standard").rules
    if r.kind == "card-pool"
)


@pytest.fixture(scope="module")
def index(reference_index):
    """The reference data as the database the tests share (built once per run)."""
    return reference_index


def _findings(index, name, which):
    from deckcheck.core.resolve import resolve_deck
    from deckcheck.parse.text import parse_text

    kind = KINDS[name]
    parsed = parse_text(kind.examples[which], f"{name}-{which}.txt")
    deck, resolution = resolve_deck(parsed, index)
    # every line of an example names a real print
    assert not parsed.findings and not resolution and not deck.unresolved
    rule = RuleSpec(id=name, kind=name, options=OPTIONS[name])
    found = kind.check(deck, rule, RuleContext(date=dt.date(2026, 11, 30), format_name="standard", index=index))
    return [f for f in found if f.severity.value != "info"]  # notes do not make an example illegal


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_legal_example_passes_and_illegal_example_fails(index, name):
    assert _findings(index, name, "legal") == []
    assert len(_findings(index, name, "illegal")) == 1
