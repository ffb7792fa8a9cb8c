"""The sheet's words follow the report's language (``--lang``, serve's page),
as the reports do; English stays the default."""

from __future__ import annotations

import pytest
from support import SAMPLE_DECKS

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

from sheet_support import page_text, pages  # noqa: E402
from test_sheet_cli import DAY, ILLEGAL, LEGAL, copy, pdf_text, run  # noqa: E402

GERMAN = ["Deckregistrierungsbogen", "Spielername", "Spieler-ID", "Geburtsdatum", "Altersklasse", "Monat", "Jahr"]
GERMAN += ["Legal am (geprüft von deckcheck)", "Trainer gesamt", "Energie gesamt", "Karten im Deck gesamt"]
GERMAN += ["ANZ.", "ERW.", "NR.", "REG.", "Seite 1 von 1"]
ENGLISH = ["Deck Registration Sheet", "Player Name", "Date of Birth", "Age Division", "Total Cards in Deck", "QTY"]


def sheet_text(tmp_path, *options: str, deck=LEGAL) -> str:
    target = copy(deck, tmp_path)
    done = run("sheet", str(target), "--format", "unlimited", "--date", DAY, "--no-config", *options)
    assert done.returncode in (0, 1), done.stderr.decode()
    return page_text(pages(target.with_suffix(".pdf"))[0])


def test_lang_de_writes_the_sheets_headings_in_german(tmp_path):
    text = sheet_text(tmp_path, "--lang", "de", "--player", "Alex Example", "--birth", "2011-03-09")
    for word in GERMAN:
        assert word in text, word
    for word in ENGLISH:
        assert word not in text, word
    assert "Alex Example" in text  # the player's own words stay as written


def test_english_stays_the_default(tmp_path):
    text = sheet_text(tmp_path)
    for word in ENGLISH:
        assert word in text, word
    assert "Deckregistrierungsbogen" not in text


def test_a_forced_german_sheet_says_not_legal_in_german(tmp_path):
    text = sheet_text(tmp_path, "--lang", "de", "--force", deck=ILLEGAL)
    assert "Geprüft von deckcheck am" in text and f"{DAY}: NICHT LEGAL" in text and "Legal am" not in text
    assert f"NICHT LEGAL AM {DAY}" in pdf_text(tmp_path / "copy-limit.pdf")  # the watermark


@pytest.mark.parametrize(
    "lang, title", [("es", "Hoja de registro de mazo"), ("fr", "Feuille d'enregistrement de deck")]
)
def test_the_library_draws_the_sheet_in_the_results_language(lang, title):
    import io

    from pypdf import PdfReader

    import deckcheck

    result = deckcheck.check_text(
        (SAMPLE_DECKS / "legal" / "haymaker-base-set.txt").read_text(), "unlimited", DAY, lang=lang
    )
    reader = PdfReader(io.BytesIO(deckcheck.sheet_pdf(result)))
    assert title in reader.pages[0].extract_text()
    assert reader.metadata.title.startswith(f"{title}: ")
