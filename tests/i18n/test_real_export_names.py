"""A real Spanish PTCG Live export (tests/exports/2026-09-01-standard-34-es.txt, source in the
README there): Spanish card names with English set codes and numbers read without a finding once
the Spanish names are installed, and count under their English cards."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from deckcheck.carddb.sqlite import SqliteIndex
from deckcheck.engine import check_deck
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text

EXPORT = Path(__file__).resolve().parents[1] / "exports" / "2026-09-01-standard-34-es.txt"


def _check(index):
    parsed = parse_text(EXPORT.read_text("utf-8"), EXPORT.name)
    return parsed, check_deck(parsed, load_pack("standard"), index, dt.date(2026, 9, 1))


def test_the_spanish_export_reads_in_spanish_without_a_finding(reference_names):
    with SqliteIndex(reference_names.path) as index:
        parsed, result = _check(index)
    assert result.legal
    assert [(f.rule, f.message) for f in result.findings] == []
    # The lines whose names are Spanish, not English (Dreepy, Ultra Ball ... are both).
    spanish = [e.line for e in parsed.placed() if e.name.startswith(("Determinación", "Órdenes", "Energía"))]
    assert set(spanish) <= set(result.languages["es"])
    assert set(result.languages) == {"es"}


def test_without_names_each_spanish_name_is_an_error_and_the_deck_is_not_verified(reference_english_db):
    # docs/rulings.md, "Which card a line is": without the Spanish names, "Órdenes de Jefes MEG 114" does
    # not say which card it is -- legality cannot be shown (not ILLEGAL: no rule is broken).
    with SqliteIndex(reference_english_db) as index:
        _, result = _check(index)
    assert not result.legal
    mismatches = [f for f in result.findings if f.rule == "name-mismatch"]
    assert {f.rule for f in result.findings} == {"name-mismatch"}
    assert len(mismatches) == 14 and {f.severity.value for f in mismatches} == {"error"}
    assert "MEG 119 is Lillie's Determination, and no card is named Determinación de Lylia" in mismatches[0].message
    assert "deckcheck db update --lang all" in mismatches[0].hint
