"""YAML and JSON deck files and their schema (deckcheck/schemas/deck.schema.json)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import json_report
from support import run_deckcheck as run

from deckcheck.model import Severity
from deckcheck.parse import parse_structured
from deckcheck.parse.structured import deck_schema

YAML_DECK = """\
name: Lost Box
format: Standard
notes: tested at a league cup
cards:
  - count: 4
    name: Iono
    set: PAL
    number: 185
  - {count: 10, name: "Basic {R} Energy", set: SVE, number: 2}
  - count: 2
    name: Lightning Energy - Basic
  - count: 1
    name: Double Turbo Energy - Special
    set: ASR
    number: "216"
  - count: 1
    name: Mew VMAX
    set: FST
    number: TG12
"""


def test_a_yaml_deck_gives_its_name_format_and_cards():
    deck = parse_structured(YAML_DECK, "deck.yaml", "yaml")
    assert deck.findings == ()
    assert (deck.path, deck.name, deck.declared_format) == ("deck.yaml", "Lost Box", "standard")
    assert [(e.count, e.name, e.set_code, e.number, e.line) for e in deck.placed()] == [
        (4, "Iono", "PAL", "185", 5),
        (10, "Fire Energy", "SVE", "2", 9),
        (2, "Lightning Energy", None, None, 10),
        (1, "Double Turbo Energy", "ASR", "216", 12),
        (1, "Mew VMAX", "FST", "TG12", 16),
    ]
    fire, lightning, turbo = deck.entries[1:4]
    assert (fire.basic_energy_type, lightning.basic_energy_type, turbo.special_energy) == ("Fire", "Lightning", True)
    assert deck.entries[0].raw == "4 Iono PAL 185"


def test_yaml_numbers_keep_their_written_form():
    # YAML 1.1 reads 012 as octal 10; a collector number is text.
    deck = parse_structured("cards:\n  - {count: 1, name: Pikachu, set: PR, number: 012}\n", "d.yaml", "yaml")
    assert deck.findings == ()
    assert deck.entries[0].number == "012"


def test_a_description_key_is_accepted():
    deck = parse_structured("description: a deck\ncards: []\n", "d.yaml", "yaml")
    assert deck.findings == ()
    assert deck.entries == ()


JSON_DECK = """\
{
  "name": "Lost Box",
  "format": "expanded",
  "cards": [
    {"count": 4, "name": "Iono", "set": "PAL", "number": "185"},
    {
      "count": 3,
      "name": "Charizard ex",
      "set": "OBF",
      "number": 125
    }
  ]
}
"""


def test_a_json_deck_gives_its_name_format_and_cards():
    deck = parse_structured(JSON_DECK, "deck.json", "json")
    assert deck.findings == ()
    assert (deck.name, deck.declared_format) == ("Lost Box", "expanded")
    assert [(e.count, e.name, e.set_code, e.number, e.line) for e in deck.placed()] == [
        (4, "Iono", "PAL", "185", 5),
        (3, "Charizard ex", "OBF", "125", 6),
    ]


# -- syntax errors ---------------------------------------------------------------


def test_broken_yaml_names_the_line():
    deck = parse_structured("name: x\ncards:\n  - count: 4\n    name: [Iono\n", "d.yaml", "yaml")
    (finding,) = deck.findings
    assert (finding.rule, finding.severity) == ("syntax", Severity.ERROR)
    assert finding.lines and finding.lines[0] >= 4
    assert "YAML" in finding.message and f"Line {finding.lines[0]}" in finding.message
    assert deck.entries == ()


def test_yaml_tab_indentation_is_a_syntax_error():
    (finding,) = parse_structured("cards:\n\t- count: 4\n", "d.yaml", "yaml").findings
    assert finding.lines == (2,)


def test_several_yaml_documents_are_a_syntax_error():
    (finding,) = parse_structured("cards: []\n---\ncards: []\n", "d.yaml", "yaml").findings
    assert finding.rule == "syntax" and finding.lines == (2,)  # the second "---"


def test_broken_json_names_line_and_column():
    deck = parse_structured('{\n  "cards": [\n    {"count": 4,}\n  ]\n}\n', "d.json", "json")
    (finding,) = deck.findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.ERROR, (3,))
    assert "JSON" in finding.message and "column" in finding.message


@pytest.mark.parametrize("kind, text", [("json", "[" * 1_000), ("yaml", "a: " + "[" * 1_000)], ids=["json", "yaml"])
def test_absurd_nesting_is_a_finding_not_a_crash(kind, text):
    (finding,) = parse_structured(text, "d", kind).findings
    assert finding.rule == "syntax"


@pytest.mark.parametrize(
    "value", ['!!int "zz"', '!!float "zz"', "!!int " + "1" * 5_000], ids=["int-tag", "float-tag", "too-many-digits"]
)
def test_a_value_yaml_cannot_convert_is_a_finding_with_its_line(value):
    text = f"name: x\ncards:\n  - {{count: 4, name: Iono}}\n  - count: {value}\n    name: Iono\n"
    (finding,) = parse_structured(text, "d.yaml", "yaml").findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.ERROR, (4,))
    assert "Line 4, column 12" in finding.message


def test_a_day_that_does_not_exist_is_text_not_a_crash():
    # YAML would read 2026-02-30 as a timestamp and fail; decks keep dates as text.
    deck = parse_structured("name: 2026-02-30\ncards:\n  - {count: 4, name: Iono}\n", "d.yaml", "yaml")
    assert (deck.findings, deck.name, len(deck.entries)) == ((), "2026-02-30", 1)
    (finding,) = parse_structured("cards:\n  - {count: 2026-02-30, name: Iono}\n", "d.yaml", "yaml").findings
    assert (finding.rule, finding.lines) == ("syntax", (2,))


def test_a_json_number_too_long_to_read_is_a_finding():
    (finding,) = parse_structured(
        '{"cards": [{"count": ' + "1" * 5_000 + ', "name": "Iono"}]}', "d.json", "json"
    ).findings
    assert (finding.rule, finding.severity) == ("syntax", Severity.ERROR)


@pytest.mark.parametrize(
    "kind, text",
    [("yaml", "- count: 4\n  name: Iono\n"), ("yaml", "just text\n"), ("yaml", "# only a comment\n"), ("json", "[]")],
)
def test_top_level_must_be_a_mapping(kind, text):
    (finding,) = parse_structured(text, "d", kind).findings
    assert (finding.rule, finding.severity) == ("syntax", Severity.ERROR)
    assert '"cards"' in finding.message


# -- schema errors -----------------------------------------------------------------


def test_schema_errors_name_the_card_and_its_line_and_keep_the_good_cards():
    text = """\
cards:
  - count: 4
    name: Iono
  - count: 0
    name: Nest Ball
  - count: four
    name: Ultra Ball
  - name: Boss's Orders
  - count: 2
    nmae: Arven
  - count: 1
    name: "  "
  - count: 1
    name: Pikachu
    set: SVI
    number: [63]
"""
    deck = parse_structured(text, "d.yaml", "yaml")
    # "nmae: Arven" is a typo of the one key the card lacks: one error, and the card counts.
    assert [e.name for e in deck.entries] == ["Iono", "Arven"]
    assert all(f.rule == "syntax" and f.severity is Severity.ERROR for f in deck.findings)
    by_line = {}
    for finding in deck.findings:
        by_line.setdefault(finding.lines, []).append(finding.message)
    assert sorted(by_line) == [(4,), (6,), (8,), (9,), (11,), (13,)]
    assert "Card 2 on line 4" in by_line[(4,)][0] and "count" in by_line[(4,)][0]
    assert "Card 3 on line 6" in by_line[(6,)][0]
    assert "the key 'count' is missing" in by_line[(8,)][0]
    assert any("nmae" in message for message in by_line[(9,)])
    assert "number" in by_line[(13,)][0]
    assert deck.findings[0].hint


def test_json_schema_errors_name_the_card_line():
    text = '{"cards": [\n  {"count": 4, "name": "Iono"},\n  {"count": 5000, "name": "Iono"}\n]}'
    deck = parse_structured(text, "d.json", "json")
    (finding,) = deck.findings
    assert finding.lines == (3,)
    assert "Card 2" in finding.message and "999" in finding.message


def test_unknown_top_level_key_names_its_line():
    deck = parse_structured("name: x\ncards: []\nauthor: me\n", "d.yaml", "yaml")
    (finding,) = deck.findings
    assert finding.lines == (3,)
    assert "author" in finding.message


def test_a_mapping_without_cards_is_no_deck_naming_its_keys():
    (finding,) = parse_structured("name: x\n", "d.yaml", "yaml").findings
    assert finding.message.startswith('The file is not a deck: a deck file is a mapping with a "cards" list')
    assert finding.message.endswith("this one has the keys name.")


def test_cards_must_be_a_list():
    (finding,) = parse_structured("name: x\ncards: 4 Iono\n", "d.yaml", "yaml").findings
    assert finding.lines == (2,)


def test_boolean_is_not_a_count():
    (finding,) = parse_structured('{"cards": [{"count": true, "name": "Iono"}]}', "d.json", "json").findings
    assert "count" in finding.message


def test_schema_is_draft_2020_12_and_valid():
    import jsonschema

    schema = deck_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    assert json.loads(json.dumps(schema)) == schema


@pytest.mark.parametrize(
    "text",
    [
        YAML_DECK,
        "name: x\ncards:\n  - count: 4\n    name: [Iono\n",
        "cards:\n\t- count: 4\n",
        "a: b: c\n",
        "cards:\n  - {count: !!int zz, name: Iono}\n",
        "name: a\x01b\ncards: []\n",
    ],
    ids=["deck", "unclosed", "tab", "mapping-in-value", "unconvertible", "control-character"],
)
def test_yaml_decks_read_the_same_with_or_without_the_c_loader(monkeypatch, text):
    # PyYAML's C loader is used where it is installed; the pure one is the
    # fallback, and gives every syntax message (libyaml words them differently).
    yaml = pytest.importorskip("yaml")
    if getattr(yaml, "CSafeLoader", None) is None:
        pytest.skip("this PyYAML has no C loader (libyaml) to compare with")
    with_c = parse_structured(text, "d.yaml", "yaml")
    monkeypatch.delattr(yaml, "CSafeLoader")
    assert parse_structured(text, "d.yaml", "yaml") == with_c


def test_the_syntax_message_is_the_pure_loaders():
    (finding,) = parse_structured("name: x\ncards: a: b\n", "d.yaml", "yaml").findings
    assert finding.params["problem"] == "mapping values are not allowed here"


def test_a_control_character_is_a_finding_with_its_line():
    (finding,) = parse_structured("name: x\ncards: []\nnotes: a\x01b\n", "d.yaml", "yaml").findings
    assert (finding.rule, finding.lines) == ("syntax", (3,))
    assert "Line 3, column 9" in finding.message and "#x0001" in finding.message


# -- duplicate keys, workflow files, unknown keys ------------------------


@pytest.mark.parametrize(
    "kind, text, line, key",
    [
        ("json", '{"cards": [{"count": 4, "name": "Iono"}], "cards": []}', 1, "cards"),
        ("json", '{\n  "cards": [\n    {"count": 4, "name": "Iono",\n     "count": 2}\n  ]\n}', 3, "count"),
        ("yaml", "cards:\n  - {count: 4, name: Iono}\nname: a\ncards: []\n", 4, "cards"),
        ("yaml", "cards:\n  - count: 4\n    name: Iono\n    count: 3\n", 4, "count"),
    ],
)
def test_a_key_given_twice_is_an_error_not_the_last_one(kind, text, line, key):
    deck = parse_structured(text, f"deck.{kind}", kind)
    assert deck.entries == ()
    (finding,) = deck.findings
    assert (finding.rule, finding.severity, finding.lines) == ("syntax", Severity.ERROR, (line,))
    assert f'"{key}" is given more than once' in finding.message and key in finding.hint


def test_the_same_key_in_two_mappings_is_no_duplicate():
    deck = parse_structured(
        '{"cards": [{"count": 4, "name": "Iono"}, {"count": 2, "name": "Arven"}]}', "deck.json", "json"
    )
    assert deck.findings == () and len(deck.entries) == 2


def test_a_workflow_file_is_reported_with_its_keys_as_written():
    workflow = "name: CI\non:\n  push:\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
    (finding,) = parse_structured(workflow, ".github/workflows/ci.yml", "yaml").findings
    assert "the keys name, on, jobs" in finding.message and "True" not in finding.message


@pytest.mark.parametrize(
    "kind, text, expected",
    [
        (
            "yaml",
            "cards:\n  - {count: 2, name: Arven}\n  - cout: 4\n    name: Iono\n",
            "Card 2 on line 3 is not valid: unknown key 'cout' (did you mean 'count'?); it was read as 'count'.",
        ),
        (
            "json",
            '{"cards": [{"count": 4, "name": "Iono", "sett": "PAL"}]}',
            "unknown key 'sett' (did you mean 'set'?).",
        ),
        ("yaml", "nme: Lost Box\ncards:\n  - {count: 4, name: Iono}\n", "unknown key 'nme' (did you mean 'name'?)."),
    ],
)
def test_an_unknown_key_gets_a_did_you_mean_as_in_the_configuration(kind, text, expected):
    deck = parse_structured(text, f"deck.{kind}", kind)
    messages = [f.message for f in deck.findings]
    assert any(expected in m for m in messages), messages
    assert not any("Additional properties" in m for m in messages)


def test_a_typo_in_a_card_s_required_key_is_one_error_and_the_card_still_counts():
    # "nam:" gave two syntax errors for one typo ("name" missing, "nam" unknown), and the
    # deck lost the card to knock-on deck-size and basic-pokemon errors.
    text = (
        "cards:\n  - {count: 4, nam: Charmander, set: PAF, number: 7}\n"
        "  - {count: 56, name: Basic {R} Energy, set: SVE, number: 2}\n"
    ).replace("Basic {R} Energy", '"Basic {R} Energy"')
    parsed = parse_structured(text, "deck.yaml", "yaml")
    (finding,) = parsed.findings
    assert finding.lines == (2,)
    assert finding.params["problem"] == "unknown key 'nam' (did you mean 'name'?); it was read as 'name'"
    assert [(e.count, e.name, e.set_code, e.number) for e in parsed.entries][0] == (4, "Charmander", "PAF", "7")


def test_an_energy_symbol_unquoted_in_yaml_gets_a_hint_and_a_typo_key_one_error(tmp_path):
    braces = tmp_path / "braces.yaml"
    braces.write_text("cards:\n  - {count: 8, name: Basic {P} Energy, set: SVE, number: 5}\n", encoding="utf-8")
    result = json_report(run("check", str(braces), "--no-config", "-o", "json").stdout)["results"][0]
    [finding] = result["findings"]
    assert finding["rule"] == "syntax" and 'needs quotes: name: "Basic {P} Energy"' in finding["hint"]
    typo = tmp_path / "typo.yaml"
    typo.write_text("nam: Gardevoir ex\ncards:\n  - {count: 4, name: Ralts, set: SVI, number: 84}\n", encoding="utf-8")
    result = json_report(run("check", str(typo), "--no-config", "-o", "json").stdout)["results"][0]
    syntax = [f for f in result["findings"] if f["rule"] == "syntax"]
    assert [f["message"] for f in syntax] == [
        "Line 1: the deck file is not valid: unknown key 'nam' (did you mean 'name'?)."
    ]
    assert "basic-pokemon" not in {f["rule"] for f in result["findings"]}


def test_a_card_met_again_is_the_entry_read_before_and_reads_the_same():
    # A run over many deck files builds each entry once (count, name, set code, number), wherever
    # it stands: the files share it, as text lists share theirs, and read as a fresh parse reads them.
    import deckcheck.parse.structured as structured

    first = parse_structured("cards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n", "a.yaml", "yaml")
    again = parse_structured("cards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n", "b.yaml", "yaml")
    moved = parse_structured("\ncards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n", "c.yaml", "yaml")
    assert again.entries[0] is first.entries[0] and moved.entries[0] is first.entries[0]
    assert moved.lines[0] == first.lines[0] + 1 and first.entries[0].line == 0
    structured._CARDS.clear()
    assert parse_structured("cards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n", "b.yaml", "yaml") == again


def test_a_card_met_on_another_line_is_not_read_again(monkeypatch):
    import deckcheck.parse.structured as structured

    first = parse_structured(
        'cards:\n  - {count: 2, name: "Basic {R} Energy", set: SVE, number: "2"}\n', "a.yaml", "yaml"
    )

    def unread(*_args):
        raise AssertionError("read again")

    monkeypatch.setattr(structured, "energy_name", unread)
    moved = parse_structured(
        '{\n"cards": [\n{"count": 2, "name": "Basic {R} Energy", "set": "SVE", "number": "2"}]}', "b.json", "json"
    )
    entry, before = moved.placed()[0], first.placed()[0]
    assert moved.entries[0] is first.entries[0] and (entry.line, before.line) == (3, 2)
    assert (entry.count, entry.name, entry.set_code, entry.number, entry.basic_energy_type, entry.raw) == (
        2,
        "Fire Energy",
        "SVE",
        "2",
        "Fire",
        "2 Basic {R} Energy SVE 2",
    )


def test_the_cards_remembered_stay_bounded(monkeypatch):
    import deckcheck.parse.structured as structured

    monkeypatch.setattr(structured, "ENTRIES_KEPT", 8)
    monkeypatch.setattr(structured, "_CARDS", {})
    for n in range(40):
        deck = parse_structured("\n" * n + f"cards: [{{count: {n + 1}, name: Iono}}]\n", "d.yaml", "yaml")
        assert [(e.count, e.name, e.line) for e in deck.placed()] == [(n + 1, "Iono", n + 1)]
        kept = list(structured._CARDS.values())
        assert 0 < len(kept) <= 8 and deck.entries[0] in kept


def test_a_card_written_twice_in_a_deck_file_is_two_entries_each_on_its_line():
    text = "cards:\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n  - {count: 4, name: Iono, set: PAL, number: '185'}\n"
    deck = parse_structured(text, "d.yaml", "yaml")
    assert deck.entries[0] is not deck.entries[1] and deck.lines == (2, 3)
    assert [e.line for e in deck.placed()] == [2, 3]


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="a\n\r{", max_size=60), offsets=st.lists(st.integers(0, 60) | st.none(), max_size=8))
def test_the_lines_of_offsets_are_their_newlines_counted(text, offsets):
    from deckcheck.parse.structured import line_numbers

    expected = {offset: text.count("\n", 0, offset) + 1 for offset in offsets if offset is not None}
    assert line_numbers(text, offsets) == expected


def test_a_card_read_before_is_its_entry_but_a_number_written_otherwise_is_not():
    # Entries are kept by the card's values as loaded: 185 and 185.0 are equal, but written apart.
    first, again, other = (
        parse_structured(
            '{"cards": [{"count": 4, "name": "Iono", "set": "PAL", "number": NUMBER}]}'.replace("NUMBER", number),
            "d.json",
            "json",
        )
        for number in ("185", "185", "185.0")
    )
    assert again.entries[0] is first.entries[0]
    assert (first.entries[0].number, other.entries[0].number) == ("185", "185.0")
    assert other.entries[0].raw == "4 Iono PAL 185.0"
