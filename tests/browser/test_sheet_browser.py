"""The page of ``deckcheck serve`` fills the registration sheet in a real
browser: under a legal verdict the player's fields are typed in, the button downloads the
PDF, and the PDF holds the name; a bad field shows the command line's message on the page."""

from __future__ import annotations

import pytest
from support import PROJECT_ROOT

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

LEGAL = PROJECT_ROOT / "sample_decks" / "legal" / "haymaker-base-set.txt"


def checked_legal(browser, server):
    page = browser.new_page()
    page.goto(server + "/")
    page.get_by_label("Deck list").fill(LEGAL.read_text(encoding="utf-8"))
    page.get_by_label("Format").select_option("unlimited")
    page.get_by_label("Date", exact=True).fill("2026-11-30")
    page.get_by_role("button", name="Check").click()
    page.locator("#result .verdict.legal").wait_for()
    return page


def test_the_player_fields_filled_in_are_on_the_downloaded_sheet(browser, server, tmp_path, screenshots):
    page = checked_legal(browser, server)
    page.get_by_label("Player Name").fill("Юлия Иванова")
    page.get_by_label("Player ID").fill("1234567")
    page.get_by_label("Date of Birth", exact=True).fill("2011-03-09")
    page.get_by_label("Age Division").select_option("senior")
    page.get_by_label("Paper").select_option("a4")
    page.locator("#sheet-form").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "serve-sheet-fields.png"))
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the deck registration sheet").click()
    assert download.value.suggested_filename == "deck-registration-sheet.pdf"
    target = tmp_path / "sheet.pdf"
    download.value.save_as(target)
    from pypdf import PdfReader

    reader = PdfReader(target)
    assert len(reader.pages) == 1 and round(float(reader.pages[0].mediabox.width)) == 595  # A4
    text = reader.pages[0].extract_text()
    assert "Юлия Иванова" in text and "1234567" in text


def test_a_bad_player_id_shows_the_commands_message(browser, server):
    page = checked_legal(browser, server)
    page.get_by_label("Player Name").fill("Alex Example")
    page.get_by_label("Player ID").fill("12-345")
    page.get_by_role("button", name="Download the deck registration sheet").click()
    problem = page.locator("#sheet-problem")
    problem.wait_for()
    assert problem.inner_text() == "--player-id: the Player ID must be digits only, not '12-345'"
    # What was typed is still there, to be corrected.
    assert page.get_by_label("Player Name").input_value() == "Alex Example"
