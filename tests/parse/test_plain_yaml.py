"""YAML deck files in the usual form are read without PyYAML's nodes
(deckcheck.parse.plain_yaml): what that reads -- the data, the line of each key and card --
is what PyYAML reads, and a file in any other form is left to PyYAML."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.parse import structured
from deckcheck.parse.plain_yaml import read_plain_yaml

SAMPLE = Path(__file__).resolve().parents[2] / "sample_decks" / "legal" / "gardevoir-ex.yaml"

# Scalars as deck files write them, and the forms around them that YAML reads otherwise.
PLAIN = [
    "Iono",
    "bench deck",
    "Boss's Orders",
    "Mr. Mime",
    "Zoroark-GX",
    "Porygon-Z",
    "Radiant Greninja",
    "4",
    "0",
    "185",
    "012",
    "0x1f",
    "1_000",
    "4.0",
    "1e3",
    "yes",
    "No",
    "ON",
    "off",
    "null",
    "Null",
    "2026-04-10",
    "TG12",
    "SVI",
    "a #b",
    "a: b",
    "Basic {P} Energy",
    "x ",
    "-4",
    "+4",
    "Pok\u00e9mon",
    "A/B",
    "~",
    "&a",
    "*a",
    "!x",
    "%x",
    "@x",
    "`x",
    "?x",
    "[x]",
    "a, b",
    "(x)",
]
QUOTED = [
    '"Timburr"',
    '"Basic {F} Energy"',
    '"185"',
    '"a\\"b"',
    '"\\u00e9"',
    '"tab\there"',
    '""',
    '"a # b"',
    "'PAL'",
    "'Boss''s'",
    "'a\\b'",
    "''",
    '"x\u2028y"',
    '"\x85"',
    '"\ufeff"',
    '"a\uffff"',
    '"\ud800"',
    "'\u2029'",
]
KEYS = ["name", "format", "notes", "count", "set", "number", "cards", "on", "null", "1", "x" * 70, "Name", "nam"]
BETWEEN = ["", "  ", "# a comment", "  # indented", "#\x01", "# a\u2028b: c", "# \ufffe", "\t", "---", "..."]


USUAL_PLAIN = ["Iono", "bench deck", "Boss's Orders", "Mr. Mime", "Zoroark-GX", "4", "185", "TG12", "SVI"]
USUAL_QUOTED = ['"Timburr"', '"Basic {F} Energy"', '"185"', "'PAL'"]


def scalars(draw):
    """Mostly the usual scalars (so that most files are in the usual form), sometimes any."""
    return draw(st.sampled_from(USUAL_PLAIN + USUAL_QUOTED if draw(st.integers(0, 4)) else PLAIN + QUOTED))


@st.composite
def deck_files(draw):
    lines = []
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 3)) == 0:
            lines.append(draw(st.sampled_from(BETWEEN)))
        key = draw(st.sampled_from(KEYS[:3] + ["cards"] * 3 if draw(st.integers(0, 4)) else KEYS))
        if key == "cards" or draw(st.integers(0, 9)) == 0:
            lines.append(f"{key}:" + (draw(st.sampled_from(["", " ", " []"])) if draw(st.integers(0, 9)) == 0 else ""))
            indent = draw(st.sampled_from(["", "  ", "    "]))
            for _ in range(draw(st.integers(0, 4))):
                keys = ["count", "name", "set", "number"] if draw(st.integers(0, 4)) else KEYS
                pairs = [f"{draw(st.sampled_from(keys))}: {scalars(draw)}" for _ in range(draw(st.integers(1, 4)))]
                separator = ", " if draw(st.integers(0, 9)) else draw(st.sampled_from([",", " ,", ",  "]))
                item_indent = indent if draw(st.integers(0, 6)) else draw(st.sampled_from(["", " ", "      "]))
                lines.append(f"{item_indent}- {{{separator.join(pairs)}}}")
                if draw(st.integers(0, 5)) == 0:
                    lines.append(draw(st.sampled_from(BETWEEN)))
        else:
            lines.append(f"{key}: {scalars(draw)}")
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n"]))


def read_by_pyyaml(text, monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(structured, "read_plain_yaml", lambda text: None)
        return structured._load_yaml(text)


def typed(value):
    """A value with its types written out: 1, True and 1.0 are equal, but not the same value read."""
    if isinstance(value, dict):
        return ("dict", [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    return (type(value).__name__, value)


@settings(max_examples=300, deadline=None)
@given(text=deck_files())
def test_a_file_read_without_nodes_is_read_as_pyyaml_reads_it(text):
    read = read_plain_yaml(text)
    if read is None:
        return
    data, keys, cards = read
    with pytest.MonkeyPatch.context() as patch:
        try:
            expected, lines = read_by_pyyaml(text, patch)
        except structured._Unparsable as problem:
            raise AssertionError(f"read a file PyYAML refuses: {problem.finding.message}") from None
    assert typed(data) == typed(expected)
    assert (keys, cards, lines.duplicates) == (lines.keys, lines.cards, [])


def test_the_usual_forms_are_read_without_nodes(monkeypatch):
    corpus = 'name: bench deck\ncards:\n  - {count: 4, name: "Timburr", set: "BST", number: "73"}\n'
    for text in (
        corpus,
        SAMPLE.read_text(encoding="utf-8"),
        "cards:\n- {count: 4, name: Iono, set: PAL, number: 185}\n",
    ):
        read = read_plain_yaml(text)
        assert read is not None
        assert typed(read[0]) == typed(read_by_pyyaml(text, monkeypatch)[0])
    # A number written plain is kept as written, as structured.py keeps it: 012 is no octal 10.
    assert read_plain_yaml("cards:\n  - {count: 4, name: Iono, number: 12}\n")[0]["cards"][0]["number"] == "12"
    assert read_plain_yaml("cards:\n  - {count: 4, name: Iono, number: 012}\n") is None


@pytest.mark.parametrize(
    "text",
    [
        "cards:\n  - {count: 4, name: Iono}\n  - {count: 4, name: Iono, count: 3}\n",  # a key given twice
        "name: x\nname: y\ncards:\n  - {count: 4, name: Iono}\n",
        "cards:\n  - {count: 4, name: Iono} # a comment after a value\n",
        "cards:\n  - count: 4\n    name: Iono\n",  # a block mapping: PyYAML reads it
        "cards:\n\n",
        "# only a comment\n",
        "",
        "a: &x 1\ncards:\n  - {count: *x, name: Iono}\n",
    ],
)
def test_other_forms_are_left_to_pyyaml(text):
    assert read_plain_yaml(text) is None


@pytest.mark.parametrize("token", PLAIN + QUOTED + BETWEEN[2:])
@pytest.mark.parametrize(
    "template",
    [
        "name: TOKEN\ncards:\n  - {count: 4, name: Iono}\n",
        "cards:\n  - {count: 4, name: TOKEN}\n",
        "cards:\n  - {count: 4, name: Iono, number: TOKEN, set: TOKEN}\n",
        "cards:\n  - {TOKEN: 4, name: Iono}\n",
        "TOKEN: x\ncards:\n  - {count: 4, name: Iono}\n",
        "cards:\n  - {count: 4, name: Iono}\nTOKEN\n  - {count: 4, name: Iono}\n",
    ],
)
def test_each_scalar_and_line_is_read_as_pyyaml_reads_it_or_left_to_it(template, token, monkeypatch):
    text = template.replace("TOKEN", token)
    read = read_plain_yaml(text)
    if read is not None:
        expected, lines = read_by_pyyaml(text, monkeypatch)
        assert (typed(read[0]), read[1], read[2]) == (typed(expected), lines.keys, lines.cards)


def test_a_card_read_before_is_a_new_dictionary_and_the_cards_kept_stay_bounded(monkeypatch):
    import deckcheck.parse.plain_yaml as plain_yaml

    monkeypatch.setattr(plain_yaml, "CARDS_KEPT", 8)
    monkeypatch.setattr(plain_yaml, "_CARDS", {})
    text = "cards:\n  - {count: 4, name: Iono, set: PAL, number: 185}\n"
    first, again = read_plain_yaml(text)[0], read_plain_yaml(text)[0]
    assert first == again and first["cards"][0] is not again["cards"][0]
    for count in range(1, 40):
        read = read_plain_yaml(f"cards:\n  - {{count: {count}, name: Iono}}\n")
        assert read[0]["cards"] == [{"count": count, "name": "Iono"}]
        assert 0 < len(plain_yaml._CARDS) <= 8
