"""German and Portuguese deck lists, checked against the reference data, reported in de, pt and en."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from i18n_support import DECKS, GOLDEN, PROJECT_ROOT
from support import assert_golden

from deckcheck.carddb.sqlite import SqliteIndex
from deckcheck.engine import check_deck, resolve_options_for
from deckcheck.model import Report
from deckcheck.packs.loading import load_pack
from deckcheck.parse import read_deck
from deckcheck.render.text import render

DATE = dt.date(2026, 11, 30)


@pytest.fixture(scope="module")
def index(reference_names):
    with SqliteIndex(reference_names.path) as opened:
        yield opened


def check(paths, index, **resolve):
    """As `deckcheck check PATHS --format unlimited --date 2026-11-30` does it."""
    pack = load_pack("unlimited")
    results = []
    for path in paths:
        parsed = read_deck(str(Path(path).relative_to(PROJECT_ROOT)))
        options = resolve_options_for(pack, DATE, index, **resolve)
        results.append(check_deck(parsed, pack, index, DATE, resolve_options=options))
    return Report(tuple(results))


def golden(name: str, actual: str) -> None:
    assert_golden(GOLDEN / name, actual)


def decks(lang: str) -> list[Path]:
    return sorted((DECKS / lang).glob("*.txt"))


def verdicts(report: Report) -> dict[str, tuple[bool, set[str]]]:
    return {Path(r.path).name: (r.legal, {f.rule for f in r.findings}) for r in report.results}


def test_german_lists_get_their_verdicts(index):
    assert verdicts(check(decks("de"), index)) == {
        "glurak-legal.txt": (True, set()),
        "esche-platan-illegal.txt": (False, {"exclusive", "copy-limit"}),
        "tippfehler-illegal.txt": (False, {"unknown-card", "ambiguous-card", "copy-limit"}),
    }


def test_portuguese_lists_get_their_verdicts(index):
    assert verdicts(check(decks("pt"), index)) == {
        "charizard-legal.txt": (True, set()),
        "juniper-sycamore-illegal.txt": (False, {"exclusive", "unknown-card"}),
        "kissera-illegal.txt": (False, {"copy-limit", "deck-size"}),
    }


def test_the_german_typo_is_answered_with_german_names(index):
    report = check([DECKS / "de" / "tippfehler-illegal.txt"], index)
    (unknown,) = [f for f in report.results[0].findings if f.rule == "unknown-card"]
    assert unknown.hint.startswith("Did you mean: Enigmara?")


def test_the_portuguese_misnomer_is_answered_with_the_card_name(index):
    report = check([DECKS / "pt" / "juniper-sycamore-illegal.txt"], index)
    (unknown,) = [f for f in report.results[0].findings if f.rule == "unknown-card"]
    assert unknown.hint.startswith("Did you mean: Pesquisa de Professores")


@pytest.mark.parametrize("lang, messages", [("de", "de"), ("de", "en"), ("pt", "pt")])
def test_every_report_in_each_language_matches_its_golden_file(index, render_options, lang, messages):
    text = render(check(decks(lang), index), render_options(messages))
    golden(f"{lang}_decks.unlimited.{messages}.txt", text)


def test_a_forced_card_language(index):
    report = check([DECKS / "de" / "tippfehler-illegal.txt"], index, card_lang="de")
    findings = {f.rule: f for f in report.results[0].findings}
    # "Lilia" is the German Iris now, not ambiguous.
    assert "ambiguous-card" not in findings
    assert report.results[0].languages["de"][:3] == (5, 6, 7)


def test_the_engine_reports_the_languages(index):
    pack = load_pack("unlimited")
    parsed = read_deck(str(DECKS / "de" / "glurak-legal.txt"))
    result = check_deck(parsed, pack, index, DATE, resolve_options=resolve_options_for(pack, DATE, index))
    assert result.languages.get("de")
