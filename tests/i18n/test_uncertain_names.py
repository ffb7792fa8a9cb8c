"""Lines that do not say which card they are, with the card names of every language installed
(reference data): a German client's name agrees with its print, and "did you mean"
suggests in the language the list is written in -- never the message language."""

from __future__ import annotations

import datetime as dt

from deckcheck.carddb.sqlite import SqliteIndex
from deckcheck.engine import check_deck
from deckcheck.i18n import finding_hint
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text


def _check(path, text: str, fmt: str = "standard", day: str = "2024-01-01"):
    with SqliteIndex(path) as index:
        return check_deck(parse_text(text, "d.txt"), load_pack(fmt), index, dt.date.fromisoformat(day))


def test_a_german_clients_name_agrees_with_its_print(reference_names):
    # SVI 84 is Ralts, "Trasla" in German: no finding, legal.
    result = _check(reference_names.path, "4 Trasla SVI 84\n56 Basic {P} Energy SVE 5\n")
    assert [(f.rule, f.severity.value) for f in result.findings] == []
    assert result.verdict == "legal" and result.languages == {"de": (1,)}


def test_without_the_names_the_same_line_is_not_verified(reference_english_db):
    result = _check(reference_english_db, "4 Trasla SVI 84\n56 Basic {P} Energy SVE 5\n")
    assert [(f.rule, f.severity.value) for f in result.findings] == [("name-mismatch", "error")]
    assert result.verdict == "unverified"


def test_an_english_list_gets_english_suggestions_only(reference_names):
    result = _check(reference_names.path, "4 Iono PAL\n4 Ultra Ball SVI 196\n", "unlimited", "2026-11-30")
    (unknown,) = [f for f in result.findings if f.rule == "unknown-card"]
    # The card is named without the code, and the example is an English print of it
    assert unknown.message.startswith('Iono is a card, but "PAL" after it is not a set code and number')
    assert unknown.hint.endswith("e.g. 4 Iono PAL 185.") and "Monorpale" not in unknown.hint


def test_the_message_language_is_not_the_card_language(reference_names):
    # --lang fr translates the messages; the list is English, and so are the names offered.
    result = _check(reference_names.path, "4 Bosses Orders\n", "unlimited", "2026-11-30")
    (unknown,) = [f for f in result.findings if f.rule == "unknown-card"]
    hint = finding_hint(unknown, "fr")
    assert "Boss's Orders" in hint and "Bottes Lourdes" not in hint
