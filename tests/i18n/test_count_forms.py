"""Each number of the counts line and of the summary takes the plural form its own number asks
for, by the catalogue's Plural-Forms: French said "1 non identifiées" (the form of the deck's
total, not of its own number) and "2 decks vérifiés : 0 légaux, 1 illégaux, 1 non confirmés";
and the summary keeps one form whether or not some decks are not verified (French, Spanish,
Italian and Portuguese wrote "(légaux : 1, illégaux : 0)" without them and "1 légal, 0 illégal"
with them)."""

from __future__ import annotations

import pytest
from support import SAMPLE_DECKS
from support import run_deckcheck as run

from deckcheck.i18n import MESSAGE_LANGUAGES, translator
from deckcheck.render.text import decks_checked

LEGAL = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
DAY = "2024-12-01"

# (one legal deck, two legal decks, one card not identified, two cards not identified)
FORMS = {
    "en": ("1 legal", "2 legal", "1 not identified", "2 not identified"),
    "de": ("1 legal", "2 legal", "1 nicht erkannt", "2 nicht erkannt"),
    "fr": ("1 légal", "2 légaux", "1 non identifiée", "2 non identifiées"),
    "es": ("1 legal", "2 legales", "1 sin identificar", "2 sin identificar"),
    "it": ("1 legale", "2 legali", "1 non identificata", "2 non identificate"),
    "pt": ("1 legal", "2 legais", "1 não identificada", "2 não identificadas"),
    "ja": ("合法 1", "合法 2", "特定できないもの 1", "特定できないもの 2"),
}


def test_every_language_is_here():
    assert set(FORMS) == set(MESSAGE_LANGUAGES)


@pytest.mark.parametrize("lang", sorted(FORMS))
def test_each_number_takes_its_own_form(lang, tmp_path):
    one_legal, two_legal, one_unknown, two_unknown = FORMS[lang]
    tr = translator(lang)
    assert one_legal in decks_checked(1, 1, 0, tr) and two_legal in decks_checked(2, 2, 0, tr)
    one = tmp_path / "one.txt"
    one.write_text(LEGAL.replace("1 Charmander MEW 4\n", "1 Zzyzx Qwerty\n"), encoding="utf-8")
    two = tmp_path / "two.txt"
    two.write_text(
        LEGAL.replace("1 Charmander MEW 4\n", "1 Zzyzx Qwerty\n1 Qwerty Zzyzx\n").replace(
            "3 Charmander PAF 7\n", "2 Charmander PAF 7\n"
        ),
        encoding="utf-8",
    )
    out = run("check", str(one), str(two), "--lang", lang, "--date", DAY, "--no-config", text=True).stdout
    assert f"{one_unknown}\n" in out and f"{two_unknown}\n" in out, out


@pytest.mark.parametrize("lang", sorted(FORMS))
def test_the_summary_has_one_form_with_and_without_decks_not_verified(lang):
    tr = translator(lang)
    without = decks_checked(3, 1, 0, tr)  # 3 decks: 1 legal, 2 illegal
    with_them = decks_checked(4, 1, 1, tr)  # 4 decks: 1 legal, 2 illegal, 1 not verified
    assert with_them.replace("4", "3", 1).startswith(without[:-1]), (without, with_them)
    assert without.count("1") == 1 and "2" in without  # the numbers stand once each


def test_the_french_summary_and_counts_read_right():
    tr = translator("fr")
    assert decks_checked(2, 1, 1, tr) == "2 decks vérifiés : 1 légal, 0 illégal, 1 non confirmé."
    assert decks_checked(5, 2, 0, tr) == "5 decks vérifiés : 2 légaux, 3 illégaux."
    assert decks_checked(1, 0, 0, tr) == "1 deck vérifié : 0 légal, 1 illégal."
