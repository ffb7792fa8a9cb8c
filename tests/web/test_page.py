"""The page of ``deckcheck serve`` (deckcheck.web.page): the form, the verdict under it
with each finding on its lines, in the asker's language; its inline script and style
are the ones the Content-Security-Policy allows."""

from __future__ import annotations

import re

from support import PROJECT_ROOT

from deckcheck.i18n import translator
from deckcheck.web.page import PAGE_SCRIPT, PAGE_STYLE, page_html

DATE = "2026-11-30"
IONO = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


def test_the_form_offers_the_formats_and_keeps_what_was_typed():
    # Markup only: no server, no Starlette.
    page = page_html(("standard", "unlimited"), translator("en"), "en", {"text": "4 Iono <PAL> 185"})
    # The deck's own format is chosen unless the fields name another (the default of check).
    assert '<option value="" selected>the deck&#x27;s own format</option>' in page
    assert '<option value="standard">standard</option>' in page
    chosen = page_html(("standard", "unlimited"), translator("en"), "en", {"format": "unlimited"})
    assert '<option value="unlimited" selected>unlimited</option>' in chosen
    assert "4 Iono &lt;PAL&gt; 185</textarea>" in page  # escaped, never markup
    assert f"<script>{PAGE_SCRIPT}</script>" in page and PAGE_STYLE in page
    error = page_html(("standard",), translator("de"), "de", {}, error="<b>kaputt</b>")
    assert '<html lang="de">' in error and '<p class="problem" role="alert">&lt;b&gt;kaputt&lt;/b&gt;</p>' in error


def test_the_page_shows_the_verdict_with_findings_on_their_lines(serve_client):
    page = serve_client.get("/")
    assert page.status_code == 200 and "<textarea" in page.text and 'action="/check"' in page.text
    assert '<option value="" selected>' in page.text and '<option value="standard" selected>' not in page.text
    answer = serve_client.post(
        "/check", data={"text": IONO.read_text(encoding="utf-8"), "format": "unlimited", "date": DATE, "lang": "en"}
    )
    assert answer.status_code == 200
    assert "ILLEGAL" in answer.text
    row = re.search(r'<tr id="deck-L21" class="error">(.*?)</tr>', answer.text, re.S)
    assert row and "3 Iono PAL 185" in row.group(1) and "copy-limit" in row.group(1)
    assert '<tr id="deck-L22" class="error">' in answer.text
    # The list stays in the field, the choices stay chosen.
    assert "3 Iono PAL 185" in answer.text.split("</textarea>")[0]
    assert '<option value="unlimited" selected>' in answer.text


def test_the_page_in_german_and_its_errors(serve_client):
    page = serve_client.get("/?lang=de")
    assert '<html lang="de">' in page.text and "Deckliste prüfen" in page.text
    answer = serve_client.post("/check", data={"text": "4 Iono PAL 185", "date": "gestern", "lang": "de"})
    assert answer.status_code == 400 and 'role="alert"' in answer.text and "gestern" in answer.text
