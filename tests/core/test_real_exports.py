"""Real PTCG Live exports from public repositories (tests/exports): each is
legal in its format on the day it was published (or played), and every line reads.

The lists come as exported, in English, German, Portuguese and French clients, with
the forms of docs/rulings.md, "PTCG Live's own forms": PH tags, gallery sub-set codes, SWSHALT/SVALT/SMALT,
Hidden Fates Shiny Vault numbers, MEE/MEP, headers that count lines."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
import yaml

from deckcheck.engine import check_deck
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text
from deckcheck.parse.text import is_structure_line, normalise_spaces

EXPORTS = Path(__file__).resolve().parents[1] / "exports"
LISTS = yaml.safe_load((EXPORTS / "sources.yaml").read_text("utf-8"))["lists"]


def test_the_corpus_is_described_and_complete():
    files = sorted(p.name for p in EXPORTS.glob("*.txt"))
    assert files == sorted(entry["file"] for entry in LISTS)
    assert len(files) >= 30
    readme = (EXPORTS / "README.md").read_text("utf-8")
    for entry in LISTS:
        assert {"repository", "commit", "path", "format", "date"} <= set(entry)
        assert len(entry["commit"]) == 40 and entry["path"] in readme and entry["file"] in readme
    languages = {name.rsplit("-", 1)[-1][:-4] for name in files}
    assert {"de", "pt", "fr", "es"} <= languages
    assert sum(1 for entry in LISTS if "event" in entry) >= 5


@pytest.mark.parametrize("name", sorted(p.name for p in EXPORTS.glob("*.txt")))
def test_only_card_lines_headers_and_totals_are_kept(name):
    for line in (EXPORTS / name).read_text("utf-8").splitlines():
        text = normalise_spaces(line)
        assert not text or text[0].isdigit() or is_structure_line(text), line


@pytest.mark.parametrize("entry", LISTS, ids=[entry["file"] for entry in LISTS])
def test_each_real_list_is_legal_on_its_day(full_index, entry):
    # The database of both sources, as `db update` installs it: the lists of 2025-2026 play MEP
    # promos that only TCGdex has, and a promo number a database lacks says no card
    # (docs/rulings.md, "Which card a line is"; the next test shows it).
    # (or, for a list shown before its sets were tournament-legal, from the day they were)
    if entry.get("card_names"):
        # Card names in another language need the names installed (docs/rulings.md, "Which card a line is"):
        # tests/i18n/test_real_export_names.py checks this list with and without them.
        pytest.skip(f"card names in {entry['card_names']}: checked in tests/i18n with the names installed")
    parsed = parse_text((EXPORTS / entry["file"]).read_text("utf-8"), entry["file"])
    assert sum(e.count for e in parsed.entries) == 60
    day = dt.date.fromisoformat(entry.get("legal_from", entry["date"]))
    result = check_deck(parsed, load_pack(entry["format"]), full_index, day)
    errors = [f"{f.rule}: {f.message}" for f in result.findings if f.severity.value == "error"]
    assert errors == []
    assert result.legal
    # Every export form is read: no line is a syntax error, no set code of PTCG Live is unknown.
    rules = {f.rule for f in result.findings}
    assert "unknown-set" not in rules and "unknown-card" not in rules


def test_a_promo_the_database_lacks_leaves_a_real_list_not_verified(reference_index):
    # The pokemontcg.io snapshot has no MEP 4: Lunatone's prints differ, so the line says no card.
    name = "2026-08-18-standard-30.txt"
    entry = next(e for e in LISTS if e["file"] == name)
    parsed = parse_text((EXPORTS / name).read_text("utf-8"), name)
    result = check_deck(parsed, load_pack(entry["format"]), reference_index, dt.date.fromisoformat(entry["date"]))
    assert result.verdict == "unverified"
    assert [f.rule for f in result.findings if f.severity.value == "error"] == ["unknown-print"]


@pytest.mark.parametrize("entry", [e for e in LISTS if "illegal_from" in e], ids=lambda e: e["file"])
def test_an_event_list_is_illegal_once_its_cards_rotate(reference_index, entry):
    # The other direction: the same list, after the rotation its README names.
    parsed = parse_text((EXPORTS / entry["file"]).read_text("utf-8"), entry["file"])
    day = dt.date.fromisoformat(entry["illegal_from"])
    result = check_deck(parsed, load_pack(entry["format"]), reference_index, day)
    assert not result.legal
    assert {f.rule for f in result.findings if f.severity.value == "error"} == {"not-legal"}


@pytest.mark.parametrize("entry", [e for e in LISTS if "legal_from" in e], ids=lambda e: e["file"])
def test_a_list_shown_before_its_set_was_legal_is_not_legal_on_its_day(reference_index, entry):
    # PTCG Live has new cards on release; tournaments wait. Ascended Heroes (ASC, released
    # 2026-01-30) became legal on 2026-03-06, so a list of 2026-02-14 playing it is not
    # tournament-legal on that day -- for each ASC card and for nothing else.
    parsed = parse_text((EXPORTS / entry["file"]).read_text("utf-8"), entry["file"])
    result = check_deck(parsed, load_pack(entry["format"]), reference_index, dt.date.fromisoformat(entry["date"]))
    errors = [f for f in result.findings if f.severity.value == "error"]
    assert errors and {f.rule for f in errors} == {"not-legal"}
    waiting_lines = {e.line for e in parsed.placed() if e.set_code in entry["waiting"]}
    assert {line for f in errors for line in f.lines} == waiting_lines
    for finding in errors:
        assert f"becomes legal in {entry['format']} on {entry['legal_from']}" in finding.message
