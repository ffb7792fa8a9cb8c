"""The JSON report's encoder writes what json.dumps(indent=2) writes (the
report is written by deckcheck's own indenting encoder, for speed)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from deckcheck.render.json_report import indented_json

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
