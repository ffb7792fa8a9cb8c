"""The cheap tests that spare compiling core.naming's patterns for a name they cannot match
answer as the patterns do."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from support import cases_of

from deckcheck.core import naming


def test_no_character_but_the_four_letters_is_a_case_of_them():
    # _titled reads "prof" with str.lower(): sound only if `re` takes no other character for them.
    assert cases_of("prof") == set("profPROF")


titles = st.sampled_from(["prof", "Prof.", "PROF ", "prof. ", "Prof  Juniper", "pRoF.\tx", "Pro", "professor", ""])
mechanics = st.sampled_from([" GX", " UNION", " EX", " ex", " Ex", "-GX", " GX\n", " ex\n\n", "\n", " V", ""])


@given(titles, st.text(max_size=12), mechanics)
def test_the_guards_answer_as_the_patterns(head, middle, tail):
    name = head + middle + tail
    assert naming._titled(name) == (re.match(naming.ENGLISH_TITLE, name) is not None)
    assert naming._spaced_mechanic(name) == (re.search(r" (GX|UNION|EX|ex)$", name) is not None)
