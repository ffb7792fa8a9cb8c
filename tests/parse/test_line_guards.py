"""The cheap tests that spare compiling the general line grammar's patterns (and those of a set
code typed into a name, and of Unown's letter) for a line they cannot match answer as the
patterns do: a list in a hand-written form compiles only what its lines need."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from support import cases_of

from deckcheck.core import prints
from deckcheck.names import unown_letter
from deckcheck.parse import text

FRAGMENTS = [
    "*",
    "•",
    "·",
    "-",
    " ",
    "  ",
    "\t",
    "4",
    "12",
    "x",
    "×",
    "4-4",
    "3.5",
    "1,2",
    ",",
    ".",
    "#",
    "//",
    " # note",
    "Iono",
    "Pikachu ex",
    "PAL",
    "185",
    "x2",
    "Unown",
    "F",
    "!",
    "é",
]
# A card line's parts in the forms lists write them (a bullet, a count, the card, a comment or a
# count after it), and lines of any fragments.
card_lines = st.tuples(
    st.sampled_from(["", "* ", "•", "· ", "- ", "-", "-- ", "\t- "]),
    st.sampled_from(["", "4 ", "4x ", "x4 ", "4 x ", "4-4 ", "1 - 2 ", "3.5 ", "1,5 ", "+2 ", "×3 "]),
    st.sampled_from(["Iono", "Pikachu ex", "Iono PAL 185", "Boss's Orders-GX", "Ultra Ball, PAF 91", "4"]),
    st.sampled_from(["", " # note", " //x", " // c", "#x", " x2", " ×2"]),
).map("".join)
lines = card_lines | st.lists(st.sampled_from(FRAGMENTS), max_size=8).map("".join)


def _unguarded_card_line(line: str):
    """_card_line as it read before the guards: every pattern asked of every line."""
    card_text = re.sub(text._TRAILING_COMMENT, "", re.sub(text._BULLET, "", line, count=1))
    if "," in card_text:
        card_text = text._csv_line(card_text) or card_text
    if re.match(text._SHORTHAND, card_text):
        return text._SHORTHAND_LINE, None
    fraction = re.match(text._FRACTION_COUNT, card_text)
    if fraction:
        return text._FRACTION_LINE, fraction
    counted = re.match(text._COUNTED, card_text)
    if counted is None:
        counted = text._trailing_count(card_text)
    return (text._COUNTED_LINE, counted) if counted else (text._UNCOUNTED_LINE, None)


def _seen(found):
    kind, match = found
    return kind, None if match is None else (match.string, match.span(), match.groupdict())


@given(lines)
def test_a_line_is_read_as_every_pattern_asked_reads_it(line):
    assert _seen(text._card_line(line)) == _seen(_unguarded_card_line(line))


@given(st.text(alphabet=st.characters(blacklist_categories=("Nd", "Cs")), max_size=24))
def test_a_name_without_a_digit_holds_no_typed_code_and_number(name):
    # typed_print returns such a name's entry at once: neither of its patterns could match.
    last = name.rpartition(" ")[2]
    assert re.fullmatch(prints._JOINED_CODE, last) is None
    assert re.match(prints._TRAILING_PRINT, name) is None


def test_no_character_but_the_letters_of_unown_is_a_case_of_them():
    # unown_letter reads "unown " with str.lower() before asking its pattern.
    assert cases_of("unow") == set("unowUNOW")


@given(st.sampled_from(["Unown F", "unown ?", " UNOWN  a ", "Unown [F]", "Unown", "Unowns F", "Unown F\n"]) | lines)
def test_unowns_letter_is_read_as_its_pattern_reads_it(name):
    match = re.match(r"(?i)^unown ([a-z!?])$", name.strip())
    assert unown_letter(name) == (f"Unown [{match.group(1).upper()}]" if match else None)
