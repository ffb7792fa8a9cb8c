"""Messages in the player's language: choosing it, translating whole templates, the text report."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys

import pytest
from i18n_support import GOLDEN, PROJECT_ROOT
from support import assert_golden

from deckcheck.i18n import (
    N_,
    Phrase,
    UnknownLanguage,
    and_list,
    card_language,
    choose_language,
    finding_hint,
    finding_message,
    language_from_environment,
    line_numbers,
    localize,
    or_list,
    parse_languages,
)
from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render.text import render

DATE = dt.date(2026, 11, 30)


# -- which language ----------------------------------------------------------------


@pytest.mark.parametrize(
    "environ, expected",
    [
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "pt_BR.UTF-8"}, "pt"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_PT.UTF-8"}, "pt"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "pt_PT", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ko_KR.UTF-8"}, "en"),  # no catalogue: English, not an error
        ({"LC_ALL": "", "LANG": "de_AT"}, "de"),
    ],
)
def test_the_locale_chooses_the_language(environ, expected):
    assert language_from_environment(environ) == expected


def test_lang_option_beats_the_locale_and_must_be_known():
    assert choose_language("pt", {"LANG": "de_DE.UTF-8"}) == "pt"
    assert choose_language("DE-de", {}) == "de"
    assert choose_language(None, {"LANG": "de_DE.UTF-8"}) == "de"
    with pytest.raises(UnknownLanguage, match="^the message language must be one of en, de, pt"):
        choose_language("klingon", {})  # the library's words: no command-line flag
    with pytest.raises(UnknownLanguage, match="^--lang must be one of en, de, pt"):
        choose_language("klingon", {}, what="--lang")


def test_card_language_and_import_languages():
    assert card_language(None) is None and card_language("auto") is None
    assert card_language("de") == "de" and card_language("en") == "en"
    with pytest.raises(UnknownLanguage):
        card_language("ja")
    assert parse_languages("de, pt") == ("de", "pt")
    assert parse_languages("all") == ("de", "fr", "es", "it", "pt")
    with pytest.raises(UnknownLanguage):
        parse_languages("de,en")


# -- templates, translated whole ----------------------------------------------------


def test_message_parts_are_english_strings_until_translated():
    assert line_numbers([30, 12, 12]) == "lines 12, 30" and line_numbers([7]) == "line 7"
    assert and_list(["A", "B", "C", "B"]) == "A, B and C" and or_list(["A", "B"]) == "A or B"
    assert and_list(["A"]) == "A" and and_list([]) == ""
    assert localize("{lines}", {"lines": line_numbers([3, 5])}, "de") == "Zeilen 3, 5"
    assert localize("{names}", {"names": and_list(["A", "B", "C"])}, "pt") == "A, B e C"
    assert localize("{names}", {"names": or_list(["A", "B"])}, "de") == "A oder B"


def test_a_finding_is_translated_as_a_whole():
    from deckcheck.rules.base import REMOVE_COPIES
    from deckcheck.rules.copy_limit import OVER_LIMIT

    finding = Finding(
        "copy-limit",
        Severity.ERROR,
        OVER_LIMIT,
        {"count": 6, "name": "Iono", "line_list": line_numbers([21, 22]), "max": 4},
        (21, 22),
        ("Iono PAL 185",),
        REMOVE_COPIES,
        {"excess": 2, "name": "Iono", "lines": line_numbers([21, 22])},
    )
    assert (
        finding_message(finding)
        == finding.message
        == ("The deck has 6 cards named Iono (lines 21, 22); the limit is 4 per name.")
    )
    assert (
        finding_message(finding, "de") == "Das Deck hat 6 Karten namens Iono (Zeilen 21, 22); erlaubt sind 4 pro Name."
    )
    assert finding_hint(finding, "pt") == "Remova 2 cópias de Iono (linhas 21, 22)."


def test_a_translation_with_wrong_placeholders_falls_back_to_english():
    class Broken:
        def gettext(self, message):
            return "Kaputt: {nonexistent}"

    assert localize("The deck has {total} cards.", {"total": 3}, Broken()) == "The deck has 3 cards."


def test_an_untranslated_pack_label_stays_as_written():
    phrase = Phrase("Gym Leader cards")
    assert localize("{label}", {"label": phrase}, "de") == "Gym Leader cards"


def test_english_loads_no_catalogue_and_no_language_needs_babel():
    code = (
        "import sys, datetime\n"
        "from types import SimpleNamespace as O\n"
        "from deckcheck.model import DeckResult, Report\n"
        "from deckcheck.render.text import render\n"
        "report = Report((DeckResult('d.txt', 'unlimited', '2026-11-30', 60, ()),))\n"
        "render(report, O(width=100, quiet=False, color=False, lang='en'))\n"
        "assert 'gettext' not in sys.modules, 'English loaded gettext'\n"
        "out = render(report, O(width=100, quiet=False, color=False, lang='de'))\n"
        "assert 'gettext' in sys.modules and 'babel' not in sys.modules\n"
        "assert out.startswith('LEGAL  d.txt'), out\n"
        "assert '1 Deck geprüft' in out, out\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT_ROOT, capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr


# -- the text report -------------------------------------------------------------------


def sample_report(monkeypatch) -> Report:
    """What `deckcheck check sample_decks --format unlimited --date 2026-11-30` checks,
    without a card database (the built-in catalogue), as the CLI does it."""
    from deckcheck.carddb.catalogue import load_catalogue
    from deckcheck.core.resolve import CATALOGUE_ONLY_HINT
    from deckcheck.engine import check_deck, resolve_options_for
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import read_deck
    from deckcheck.project.config import Config, settings
    from deckcheck.project.discover import select_decks

    monkeypatch.chdir(PROJECT_ROOT)
    index, pack = load_catalogue(), load_pack("unlimited")
    selection = select_decks(["sample_decks"], settings(Config(root=PROJECT_ROOT), environ={}))
    paths = selection.decks
    assert paths and not selection.missing
    results = []
    for path in paths:
        options = resolve_options_for(pack, DATE, index, missing_hint=CATALOGUE_ONLY_HINT)
        results.append(check_deck(read_deck(path), pack, index, DATE, resolve_options=options))
    return Report(tuple(results))


def golden(name: str, actual: str) -> None:
    assert_golden(GOLDEN / name, actual)


def test_english_report_is_unchanged(monkeypatch, render_options):
    report = sample_report(monkeypatch)
    english = render(report, render_options("en"))
    from types import SimpleNamespace

    assert render(report, SimpleNamespace(color=False, width=100, quiet=False)) == english  # no lang field
    assert english == (PROJECT_ROOT / "tests" / "golden" / "sample_decks.unlimited.txt").read_text("utf-8")


@pytest.mark.parametrize("lang", ["de", "pt"])
def test_sample_decks_report_in_german_and_portuguese(monkeypatch, render_options, lang):
    report = sample_report(monkeypatch)
    text = render(report, render_options(lang))
    golden(f"sample_decks.unlimited.{lang}.txt", text)
    # Rule ids stay English; no English sentence is left.
    assert "copy-limit" in text and "The deck has" not in text and "Remove" not in text


def test_the_report_says_once_which_lines_were_read_in_another_language(render_options):
    result = DeckResult(
        "deck.txt",
        "unlimited",
        "2026-11-30",
        60,
        (),
        {"Pokémon": 12, "Trainer": 36, "Energy": 12},
        languages={"de": (3, 5, 9), "pt": (4,)},
    )
    report = Report((result,))
    assert render(report, render_options("en")).splitlines()[1:4] == [
        "  60 cards — 12 Pokémon, 36 Trainer, 12 Energy",
        "  Card names read as German: lines 3, 5, 9",
        "  Card names read as Portuguese: line 4",
    ]
    assert render(report, render_options("de")).splitlines()[2] == "  Kartennamen auf Deutsch gelesen: Zeilen 3, 5, 9"
    assert render(report, render_options("pt")).splitlines()[3] == "  Nomes de cartas lidos em português: linha 4"


def test_every_rule_message_of_the_samples_is_translated(monkeypatch):
    report = sample_report(monkeypatch)
    from deckcheck.i18n import Plural, translator

    def untranslated(tr, template, params) -> bool:
        if isinstance(template, Plural):  # the form for the number
            return template.translated(tr, params) == template.english(params)
        return tr.gettext(template) == template

    for lang in ("de", "pt"):
        tr = translator(lang)
        for result in report.results:
            for finding in result.findings:
                assert not untranslated(tr, finding.template, finding.params), (lang, finding.template)
                if finding.hint_template and finding.hint_template != "{missing}":
                    assert not untranslated(tr, finding.hint_template, finding.hint_params), (
                        lang,
                        finding.hint_template,
                    )


def test_marked_messages_are_the_templates_the_code_uses():
    # N_ returns its argument: marking changes nothing the English reports show.
    assert N_("The deck has {total} cards; a deck must have exactly {size}.") == (
        "The deck has {total} cards; a deck must have exactly {size}."
    )


def test_french_elides_de_before_a_name_that_starts_with_a_vowel():
    # "Retirez 1 exemplaire de Ultra Ball" -> "d'Ultra Ball".
    from deckcheck.i18n import localize, ngettext

    remove = ngettext(
        "Remove {excess} copy of {name} ({lines}).", "Remove {excess} copies of {name} ({lines}).", "excess"
    )
    assert (
        localize(remove, {"excess": 1, "name": "Ultra Ball", "lines": "ligne 3"}, "fr")
        == "Retirez 1 exemplaire d'Ultra Ball (ligne 3)."
    )
    assert localize(remove, {"excess": 1, "name": "Iono", "lines": "ligne 3"}, "fr").startswith(
        "Retirez 1 exemplaire d'Iono"
    )
    assert (
        localize(remove, {"excess": 2, "name": "Nest Ball", "lines": "ligne 3"}, "fr")
        == "Retirez 2 exemplaires de Nest Ball (ligne 3)."
    )
    # Other languages are left as they are.
    assert "de Ultra Ball" in localize(remove, {"excess": 1, "name": "Ultra Ball", "lines": "Linie 3"}, "es")
