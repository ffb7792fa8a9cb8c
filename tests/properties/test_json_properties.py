"""The JSON report's encoders write what json.dumps(indent=2) writes (the
report's deck objects are written by orjson, the rest by deckcheck's own indenting
encoder, for speed)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from deckcheck.render.json_report import deck_json, indented_json

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(st.characters()))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(st.characters(), max_size=6), inner, max_size=4),
        st.dictionaries(st.one_of(st.integers(), st.booleans(), st.none()), inner, max_size=2),
    ),
    max_leaves=20,
)


@given(values, st.sampled_from(["", "  ", "    "]))
def test_the_report_encoder_writes_what_json_dumps_writes(value, pad):
    assert indented_json(value, pad) == json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + pad)


def test_the_report_encoder_on_a_deck_result():
    deck = {
        "path": "decks/a\u2028b\x1b.txt",
        "name": None,
        "legal": False,
        "total_cards": 60,
        "counts": {"pokemon": 12, "trainer": 40, "energy": 8},
        "findings": [
            {
                "rule": "copy-limit",
                "severity": "error",
                "message": 'Iono "5" ✓',
                "lines": [3, 9],
                "cards": ["Iono PAL 185"],
                "hint": None,
            }
        ],
        "languages": {"de": [1]},
        "empty": {},
        "none": [],
    }
    assert indented_json(deck, "    ") == json.dumps(deck, indent=2, ensure_ascii=False).replace("\n", "\n    ")


# What a deck's object holds (result_dict): no float; any text, a lone surrogate too.
deck_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.text(st.characters(exclude_categories=())), st.just("\ud800")
)
deck_values = st.recursive(
    deck_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(st.characters(), max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(st.dictionaries(st.text(st.characters(), max_size=6), deck_values, max_size=6), st.sampled_from(["", "    "]))
def test_a_deck_object_is_written_by_orjson_as_the_report_encoder_writes_it(value, pad):
    assert deck_json(value, pad) == indented_json(value, pad)


def test_what_orjson_refuses_is_written_by_the_report_encoder():
    for value in ({"count": 2**64}, {"name": "\ud800"}, {"lines": [10**30]}):
        assert deck_json(value, "    ") == indented_json(value, "    ")
