"""``deckcheck serve``'s *Download the deck registration sheet* button (issue 25): under a
legal verdict only, and it answers the very PDF ``deckcheck.sheet_pdf`` draws for the
same check; a list that is not legal gets no sheet."""

from __future__ import annotations

import re

import pytest
from support import SAMPLE_DECKS

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

import deckcheck  # noqa: E402

DATE = "2026-11-30"
LEGAL = SAMPLE_DECKS / "legal" / "haymaker-base-set.txt"
ILLEGAL = SAMPLE_DECKS / "illegal" / "copy-limit.txt"
BUTTON = "Download the deck registration sheet"


def form(path, **extra):
    return {"text": path.read_text(encoding="utf-8"), "format": "unlimited", "date": DATE, "lang": "en", **extra}


def test_a_legal_verdict_has_the_button_and_it_answers_the_librarys_pdf(serve_client):
    page = serve_client.post("/check", data=form(LEGAL))
    assert page.status_code == 200 and BUTTON in page.text
    sheet_form = re.search(r'<form[^>]*action="/sheet".*?</form>', page.text, re.S)
    assert sheet_form, "the button is in a form that posts to /sheet"
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', sheet_form.group(0)))
    assert set(fields) == {"text", "format", "date", "lang", "card_lang"}
    import html

    answer = serve_client.post("/sheet", data={key: html.unescape(value) for key, value in fields.items()})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"] == 'attachment; filename="deck-registration-sheet.pdf"'
    # The same PDF, from the same code, as the library draws for the same check.
    expected = deckcheck.sheet_pdf(
        deckcheck.check_text(LEGAL.read_text(encoding="utf-8"), format="unlimited", date=DATE)
    )
    assert answer.content == expected


def test_a_list_that_is_not_legal_gets_no_button_and_no_sheet(serve_client):
    page = serve_client.post("/check", data=form(ILLEGAL))
    assert page.status_code == 200 and BUTTON not in page.text
    answer = serve_client.post("/sheet", data=form(ILLEGAL))
    assert answer.status_code == 422
    assert answer.headers["content-type"].startswith("text/html")
    assert "The deck is not legal, so no registration sheet was made." in answer.text


def test_a_bad_sheet_request_is_a_4xx_with_the_page(serve_client):
    answer = serve_client.post("/sheet", data=form(LEGAL, date="someday"))
    assert answer.status_code == 400 and "The date must be a day like 2026-04-10" in answer.text


def test_the_button_speaks_the_pages_language(serve_client):
    page = serve_client.post("/check", data=form(LEGAL, lang="de"))
    assert "Deckregistrierungsbogen herunterladen" in page.text and BUTTON not in page.text
