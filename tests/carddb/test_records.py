"""The card database's checks of stored text."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from deckcheck.carddb.records import bad_text, has_surrogate

SURROGATES = st.integers(0xD800, 0xDFFF).map(chr)


@given(st.lists(st.one_of(st.characters(), SURROGATES), max_size=12).map("".join))
def test_a_surrogate_is_found_as_its_character_class_finds_it(text):
    assert has_surrogate(text) == (re.search("[\ud800-\udfff]", text) is not None)


def test_a_name_holding_a_lone_surrogate_is_refused_and_named():
    assert bad_text("Pikachu", "name") is None
    assert bad_text("Pika\udcffchu", "name") == "name holds a lone surrogate ('Pika\\\\udcffchu')"
    assert bad_text("Pokémon ★ δ", "name") is None
