"""Counts in messages take the language's plural form: "1 card",
"1 Karte", never "1 cards", in every language with a catalogue."""

from __future__ import annotations

import copy
import pickle

import pytest

from deckcheck.i18n import Plural, finding_hint, finding_message, localize, ngettext
from deckcheck.parse import parse_text
from deckcheck.rules.deck_size import WRONG_SIZE

ONE_CARD = {
    "en": "1 card;",
    "de": "1 Karte;",
    "fr": "1 carte ;",
    "es": "1 carta;",
    "it": "1 carta;",
    "pt": "1 carta;",
    "ja": "1 枚です。",
}
TWO_CARDS = {
    "en": "2 cards;",
    "de": "2 Karten;",
    "fr": "2 cartes ;",
    "es": "2 cartas;",
    "it": "2 carte;",
    "pt": "2 cartas;",
    "ja": "2 枚です。",
}


@pytest.mark.parametrize("lang", sorted(ONE_CARD))
def test_the_deck_size_message_has_the_right_form_for_one_and_for_two(lang):
    assert ONE_CARD[lang] in localize(WRONG_SIZE, {"total": 1, "size": 60}, lang)
    assert TWO_CARDS[lang] in localize(WRONG_SIZE, {"total": 2, "size": 60}, lang)


def test_french_reads_zero_as_singular_and_english_as_plural():
    assert "0 carte ;" in localize(WRONG_SIZE, {"total": 0, "size": 60}, "fr")
    assert "0 cards;" in localize(WRONG_SIZE, {"total": 0, "size": 60}, "en")


@pytest.mark.parametrize(
    "lang, one, many",
    [
        ("en", "says 1 card,", "says 3 cards,"),
        ("de", "nennt 1 Karte,", "nennt 3 Karten,"),
        ("fr", "indique 1 carte,", "indique 3 cartes,"),
        ("es", "dice 1 carta,", "dice 3 cartas,"),
        ("it", "indica 1 carta,", "indica 3 carte,"),
        ("pt", "diz 1 carta,", "diz 3 cartas,"),
        ("ja", "見出しは 1 枚ですが", "見出しは 3 枚ですが"),
    ],
)
def test_a_header_that_says_one_card(lang, one, many):
    # (a header that counts its one line is right: two lines of 2 cards make it count neither)
    (finding,) = parse_text("Pokémon: 1\n2 Pikachu ex SSP 57\n2 Iron Hands ex PAR 70\n", "d.txt").findings
    assert one in finding_message(finding, lang)
    (finding,) = parse_text("Pokémon: 3\n2 Pikachu ex SSP 57\n", "d.txt").findings
    assert many in finding_message(finding, lang)


def test_the_english_message_of_a_finding_picks_its_form():
    (finding,) = parse_text("4 Iono PAL 185\nTotal Cards: 1\n", "d.txt").findings
    assert finding.message == "The total on line 2 says 1 card, but the card lines add up to 4."


def test_remove_hints_say_one_copy():
    from deckcheck.model import Finding, Severity
    from deckcheck.rules.base import REMOVE_COPIES

    finding = Finding(
        "copy-limit",
        Severity.ERROR,
        "x",
        {},
        hint_template=REMOVE_COPIES,
        hint_params={"excess": 1, "name": "Iono", "lines": "line 3"},
    )
    assert finding.hint == "Remove 1 copy of Iono (line 3)."
    assert finding_hint(finding, "de") == "Entferne 1 Exemplar von Iono (line 3)."
    assert finding_hint(finding, "it") == "Togli 1 copia di Iono (line 3)."


def test_a_plural_template_survives_copy_and_pickle_and_reads_odd_counts():
    template = ngettext("{count} card", "{count} cards")
    assert isinstance(template, Plural) and template == "{count} cards"
    for clone in (copy.deepcopy(template), pickle.loads(pickle.dumps(template))):
        assert isinstance(clone, Plural) and clone.format(count=1) == "1 card"
    assert template.format(count="many") == "many cards"
