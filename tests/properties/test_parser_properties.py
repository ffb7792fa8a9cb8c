"""Properties of the text parser, the YAML/JSON parser, resolution and the reports:
whatever the input, no exception, no unbounded output, and what is
read is what was written."""

from __future__ import annotations

import datetime as dt
import functools
import json
import re

from decks import INDEX, NAMES, PRINTS, card_line, deck_lists
from hypothesis import given
from hypothesis import strategies as st

from deckcheck.core.resolve import resolve_deck
from deckcheck.engine import check_deck
from deckcheck.model import Severity
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text
from deckcheck.parse.files import parse_deck_bytes, read_found
from deckcheck.parse.shape import deck_problem
from deckcheck.parse.structured import parse_structured
from deckcheck.parse.text import (
    MAX_COUNT,
    NOT_A_CARD_LINE,
    LineCounts,
    _plain_print_line,
    _read_card,
    is_structure_line,
    line_counts,
    normalise_spaces,
    parse_text_counted,
    split_lines,
)
from deckcheck.render import RENDERERS, RenderOptions, render

DAY = dt.date(2026, 11, 30)
# Anything a file can hold once decoded: controls, escapes, marks, lone surrogates
# (a JSON "\ud800"), with long runs of the characters the patterns look for.
anything = st.text(st.characters(), max_size=200)
runs = st.builds(lambda ch, n: ch * n, st.sampled_from(list("*( 0x#-:[{\t") + ["ab ", "1 "]), st.integers(0, 5000))
texts = st.one_of(
    anything, runs, deck_lists(), st.lists(st.one_of(anything, runs, card_line()), max_size=8).map("\n".join)
)
# What no report may print raw (tabs and line ends are the reports' own).
UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@functools.cache
def pack(name: str = "unlimited"):
    return load_pack(name)


@given(texts)
def test_the_text_parser_reads_anything_without_an_exception(text):
    parsed = parse_text(text, "deck.txt")
    last = len(re.split("\r\n|\r|\n", text.removeprefix("\ufeff")))
    assert len(parsed.lines) == len(parsed.entries)
    for entry in parsed.placed():
        assert 1 <= entry.count <= MAX_COUNT
        assert 1 <= entry.line <= last
        assert entry.name.strip()
    for finding in parsed.findings:
        assert all(1 <= line <= last for line in finding.lines)
        assert finding.message  # formats: every parameter is there
        assert len(finding.message) < 2000  # quoted text is cut


@given(deck_lists(), st.sampled_from(["\r\n", "\r"]))
def test_line_ends_do_not_change_what_is_read(text, end):
    lf = text.replace("\r\n", "\n").replace("\r", "\n")
    again = parse_text(lf.replace("\n", end), "deck.txt")
    assert again == parse_text(lf, "deck.txt") or [
        (e.count, e.name, e.set_code, e.number, e.line) for e in again.placed()
    ] == [(e.count, e.name, e.set_code, e.number, e.line) for e in parse_text(lf, "deck.txt").placed()]


def _forget_lines() -> None:
    from deckcheck.parse import text

    text._ENTRIES.clear()
    text._SAID.clear()
    text._OTHER_LINES.clear()


@given(deck_lists(), st.sampled_from(["Pokémon: 3\n", "Energy (2)\n\n", "\n"]))
def test_a_list_reads_the_same_after_its_lines_were_met_elsewhere(text, before):
    # The parser keeps what a card line says by its text: a line met before on another line
    # number or under another section must give the entry a fresh parse gives.
    _forget_lines()
    fresh = parse_text(text, "deck.txt")
    _forget_lines()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").removeprefix("\ufeff").split("\n")
    parse_text(before + "\n".join(reversed(lines)), "other.txt")
    parse_text(before + "\n".join(lines), "shifted.txt")
    assert parse_text(text, "deck.txt") == fresh


@given(
    st.integers(1, MAX_COUNT), st.sampled_from(NAMES + PRINTS), st.sampled_from(["{c} {t}", "{c}x {t}", "* {c} {t}"])
)
def test_a_card_line_is_read_with_its_count(count, text, form):
    parsed = parse_text(form.format(c=count, t=text) + "\n", "deck.txt")
    assert [entry.count for entry in parsed.entries] == [count]


@given(anything, st.sampled_from(["json", "yaml"]))
def test_the_structured_parser_reads_anything_without_an_exception(text, kind):
    parsed = parse_structured(text, "deck." + kind, kind)
    for finding in parsed.findings:
        assert finding.message


cards = st.lists(
    st.fixed_dictionaries(
        {"count": st.integers(-2, 1200), "name": st.one_of(st.sampled_from(NAMES), anything)},
        # (an unquoted YAML number is a set code as written, a JSON number is not: text only here)
        optional={
            "set": st.one_of(st.sampled_from(["PAL", "BS", "SVE"]), anything),
            "number": st.one_of(st.sampled_from(["185", "7", "1"]), st.integers(-5, 10**6), anything),
        },
    ),
    max_size=12,
)
decks = st.fixed_dictionaries({"cards": cards}, optional={"name": anything, "format": anything})


@given(decks)
def test_json_and_yaml_decks_read_the_same_and_keep_valid_cards(deck):
    import yaml

    as_json = parse_structured(json.dumps(deck), "deck.json", "json")
    as_yaml = parse_structured(yaml.safe_dump(deck, allow_unicode=True), "deck.yaml", "yaml")
    assert [(e.count, e.name) for e in as_json.entries] == [(e.count, e.name) for e in as_yaml.entries]
    for entry in as_json.entries:
        assert 1 <= entry.count
        assert not re.search("[\ud800-\udfff]", entry.name + (entry.set_code or ""))  # U+FFFD instead


json_layouts = st.sampled_from(
    [(None, None), (2, None), (0, None), ("\t", None), (None, (",", ":")), (1, (" ,", " : "))]
)


@given(decks, json_layouts, st.booleans())
def test_a_json_deck_is_read_by_the_c_scanner_as_the_python_scanner_reads_it(deck, layout, twice):
    from deckcheck.parse.json_objects import scan_json, scan_json_quickly

    indent, separators = layout
    text = json.dumps(deck, indent=indent, separators=separators, ensure_ascii=False)
    if twice:  # a key given twice: only the Python scanner says where
        text = text.replace("{", '{"name": "x", "name": "y",', 1)
    quick = scan_json_quickly(text)
    data, starts, duplicated = scan_json(text)
    if twice:
        assert quick is None and duplicated
        return
    assert quick is not None
    quick_data, quick_starts, quick_duplicated = quick
    assert quick_data == data and quick_duplicated == duplicated == []
    assert quick_starts[id(quick_data)] == starts[id(data)]
    for quick_card, card in zip(quick_data["cards"], data["cards"], strict=True):
        assert quick_starts[id(quick_card)] == starts[id(card)]


@given(texts)
def test_resolution_places_every_line_once(text):
    parsed = parse_text(text, "deck.txt")
    deck, findings = resolve_deck(parsed, INDEX)
    resolved = list(deck.lines)
    unresolved = list(deck.unresolved_lines)
    assert sorted(resolved + unresolved) == sorted(parsed.lines)
    assert [(e.count, e.name) for e in deck.placed_unresolved()] == [
        (e.count, e.name) for e in parsed.placed() if e.line in set(unresolved)
    ]
    unknown = {line for f in findings if f.rule == "unknown-card" for line in f.lines}
    assert unknown <= set(unresolved)


@given(st.one_of(texts, decks.map(json.dumps)))
def test_every_report_renders_any_deck_escaped_and_encodable(text):
    from deckcheck.model import Report

    kind = "json" if text.startswith("{") else "text"
    parsed = parse_structured(text, "deck.json", "json") if kind == "json" else parse_text(text, "deck\x1b.txt")
    result = check_deck(parsed, pack(), INDEX, DAY)
    for output in RENDERERS:
        if output == "html":
            continue  # the HTML report has tests of its own
        shown = render(output, Report((result,)), RenderOptions())
        shown.encode("utf-8")  # no lone surrogate reaches a report
        assert not UNSAFE.search(shown), (output, UNSAFE.search(shown))


# -- deck detection counts lines as the parser reads them --------------


def counts_by_parsing(text: str) -> LineCounts:
    """What deck detection counted when it parsed a whole file (every line read:
    a file of more than MAX_LINES_READ lines, such as a message catalogue, is counted whole)."""
    parsed = parse_text(text, "", max_lines=None)
    other = sum(1 for f in parsed.findings if f.template == NOT_A_CARD_LINE)
    attempts = sum(
        1 for f in parsed.findings if f.lines and f.template != NOT_A_CARD_LINE and f.severity is Severity.ERROR
    )
    structure = sum(1 for line in split_lines(text) if line.strip() and is_structure_line(normalise_spaces(line)))
    return LineCounts(len(parsed.entries), attempts, other, structure)


# Lines near the edges of line_counts' shortcut for "4 Iono": "x" forms, counts
# out of range or with leading zeros, names without letters, numerals that are not letters.
EDGE_LINES = [
    "4 x 5",
    "4 x Iono",
    "4 X",
    "4 x",
    "4 Xerneas PHF 107",
    "4 × Iono",
    "0 Iono",
    "04 Iono",
    "999 Iono",
    "1000 Iono",
    "4 ½ PAL 1",
    "4 Ⅻ",
    "4 ² Iono",
    "4 (PAL 185)",
    "4 Iono # note",
    "4 I // x",
    "4 5 PAL 1",
    "4\tIono",
    "4  Iono",
    "4 Ionо",
    "٤ Iono",
    "4 _x",
    "4 é",
    "4-4 Zoroark-GX",
    "2.5 Iono",
    "* 4 Iono",
    "4x Iono",
    "x4 Iono",
    "+4 Iono",
    "4 #",
    "4 PAL 185",
    "4 Energy Energy 6",
    " 4 Iono",
]
edge_lists = st.lists(st.one_of(st.sampled_from(EDGE_LINES), card_line()), max_size=10).map("\n".join)


@given(st.one_of(texts, edge_lists))
def test_deck_detection_counts_lines_as_the_parser_reads_them(text):
    assert line_counts(text) == counts_by_parsing(text)
    # The parse that checks a walked file counts its lines as it reads them (None: not all read).
    assert parse_text_counted(text, "")[1] in (None, line_counts(text))


@given(st.binary(max_size=300) | st.one_of(texts, edge_lists).map(lambda text: text.encode("utf-8", "replace")))
def test_a_walked_file_is_judged_and_read_as_when_it_was_read_twice(data):
    for path in ("deck.txt", "deck.json", "deck.yaml"):
        problem = deck_problem(data, path)
        assert read_found(data, path) == (problem if problem is not None else parse_deck_bytes(data, path))


def test_deck_detection_counts_every_text_file_of_the_project_as_the_parser_reads_it():
    from support import project_files

    for line in EDGE_LINES:
        assert line_counts(line) == counts_by_parsing(line), line
    seen = 0
    for path in project_files():
        if path.suffix in (".mo", ".png", ".pyc", ".sqlite3"):
            continue
        data = path.read_bytes()
        text = data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
        assert line_counts(text) == counts_by_parsing(text), path
        assert parse_text_counted(text, "")[1] in (None, line_counts(text)), path
        problem = deck_problem(data, str(path))
        assert read_found(data, str(path)) == (problem if problem is not None else parse_deck_bytes(data, str(path)))
        seen += 1
    assert seen > 300


def general_reading(raw: str):
    """How parse_text reads a line that is no plain card line (its general path)."""
    line = normalise_spaces(raw)
    assert line and line[0].isdigit()  # no header, total, comment or banner is tried
    return _read_card(line, 1)


PLAIN_LINES = [
    "4 Iono PAL 185",
    "1 Xerneas PHF 107",
    "4 x Iono PAL 185",
    "4 X PAL 1",
    "4 Iono PAL PAL 185",
    "4 Fire Energy SVE 2",
    "4 Basic {R} Energy SVE 2",
    "4 Sceptile (PCL 8)",
    "4 Iono PAL 185 PH",
    "4-4 Zoroark GRI 1",
    "4 ½ PAL 1",
    "4 Iono # PAL 185",
    "4 Iono PAL 185",
    "4 Ionо ΡΑL 185",
    "999 Iono PAL 1",
    "1000 Iono PAL 1",
    "0 Iono PAL 1",
    "4 N NVI 101",
    "4 x PAL 185",
    "4 × Iono PAL 1",
    "4 Iono PALACE 185",
    "4 Iono PAL 18555",
    "4 Iono pal 185",
    "4 Iono LOR-TG 24",
    "4 Iono PR 1",
]


@given(st.one_of(st.sampled_from(PLAIN_LINES), card_line(), anything))
def test_a_plain_card_line_is_read_as_the_general_path_reads_it(raw):
    plain = _plain_print_line(raw)
    if plain is not None:
        assert general_reading(raw) == plain


def test_plain_card_lines_of_the_project_are_read_as_the_general_path_reads_them():
    from support import project_files

    plain = [line for line in PLAIN_LINES if _plain_print_line(line) is not None]
    assert "4 Iono PAL 185" in plain and "1 Xerneas PHF 107" in plain and "4 x Iono PAL 185" not in plain
    for path in [p for p in project_files() if p.suffix in (".txt", ".ptcgl")]:
        for raw in split_lines(path.read_text(encoding="utf-8", errors="replace")):
            found = _plain_print_line(raw)
            if found is not None:
                plain.append(raw)
                assert general_reading(raw) == found, (path, raw)
    assert len(plain) > 1000


@given(
    st.one_of(
        decks,
        st.fixed_dictionaries(
            {
                "cards": st.lists(
                    st.fixed_dictionaries(
                        {
                            "count": st.one_of(st.integers(0, 1000), st.booleans(), st.floats(0, 5)),
                            "name": st.sampled_from(["Iono", " ", ""]),
                        },
                        optional={
                            "set": st.one_of(st.just("PAL"), st.integers(0, 9)),
                            "number": st.one_of(st.just("185"), st.integers(), st.none()),
                        },
                    ),
                    max_size=4,
                )
            },
            optional={"name": st.one_of(st.text(max_size=3), st.integers()), "extra": st.just(1)},
        ),
    )
)
def test_a_deck_taken_for_valid_without_the_validator_has_no_schema_error(deck):
    from deckcheck.parse.structured import _certainly_valid, _validator

    if _certainly_valid(deck):
        assert list(_validator().iter_errors(deck)) == []
    elif not _has_float(deck):
        # The other way: a deck the validator passes is read as valid without it (a float
        # such as 4.0, an integer to JSON Schema, is the one case left to the validator).
        assert list(_validator().iter_errors(deck)) != []


def _has_float(value) -> bool:
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return isinstance(value, float)


def test_a_valid_deck_skips_the_validator():
    from deckcheck.parse.structured import _certainly_valid

    deck = {
        "name": "x",
        "format": "glc",
        "cards": [
            {"count": 4, "name": "Iono", "set": "PAL", "number": "185"},
            {"count": 1, "name": "N", "number": 101},
        ],
    }
    assert _certainly_valid(deck)
    assert not _certainly_valid({**deck, "cards": [{"count": 0, "name": "Iono"}]})
    assert not _certainly_valid({**deck, "cards": [{"count": True, "name": "Iono"}]})
    assert not _certainly_valid({**deck, "colour": "red"})
