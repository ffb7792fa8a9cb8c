"""The page of ``deckcheck serve`` in a real browser: paste a list with 5 Iono,
press the button, and the copy-limit finding shows on the Iono lines."""

from __future__ import annotations

import re

import pytest
from support import PROJECT_ROOT

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
expect = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')"
).expect

IONO = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


def test_pasting_a_list_with_5_iono_shows_copy_limit_on_its_lines(browser, server, screenshots):
    page = browser.new_page()
    page.goto(server + "/")
    assert page.title() == "Check a deck list"
    text = IONO.read_text(encoding="utf-8").replace("# format: unlimited\n", "")
    lines = text.splitlines()
    iono = [n for n, line in enumerate(lines, 1) if line.split(" ", 1)[-1].startswith("Iono ")]
    assert len(iono) == 2
    page.get_by_label("Deck list").fill(text)
    page.get_by_label("Format").select_option("unlimited")
    page.get_by_label("Date").fill("2026-11-30")
    page.get_by_role("button", name="Check").click()
    first = page.locator(f"#deck-L{iono[0]}")
    first.wait_for()
    assert page.url.rstrip("/") == server  # answered in place, by the page's script
    assert "ILLEGAL" in page.locator("#result h3").inner_text()
    for n in iono:
        row = page.locator(f"#deck-L{n}")
        assert row.get_attribute("class") == "error"
        assert "copy-limit" in row.inner_text() and lines[n - 1] in row.inner_text()
    assert "The deck has 5 cards named Iono" in first.inner_text()
    # Only those lines carry the finding.
    assert page.locator("#result tr.error").count() == 2
    first.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "serve-iono-lines.png"))

    # A legal list afterwards replaces the verdict.
    page.get_by_label("Deck list").fill(
        (PROJECT_ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
    )
    page.get_by_role("button", name="Check").click()
    page.locator("#result .verdict.legal").wait_for()
    assert page.locator("#result tr.error").count() == 0


def test_a_short_list_shows_every_finding(browser, server, screenshots):
    page = browser.new_page()
    page.set_viewport_size({"width": 1000, "height": 900})
    page.goto(server + "/")
    page.get_by_label("Deck list").fill("Pokémon: 2\n4 Charmander PAF 7\nTrainer: 5\n3 Iono PAL 185\n2 Iono PAF 80\n")
    page.get_by_label("Format").select_option("unlimited")
    page.get_by_role("button", name="Check").click()
    page.locator("#deck-L4").wait_for()
    result = page.locator("#result").inner_text()
    assert "Findings about the whole deck" in result and "deck-size" in result
    # A section count that disagrees with its lines is a syntax warning on the header line.
    header = page.locator("#deck-L1")
    assert header.get_attribute("class") == "warning" and "! warning" in header.inner_text()
    assert "syntax" in header.inner_text()
    assert (
        "copy-limit" in page.locator("#deck-L4").inner_text() and "copy-limit" in page.locator("#deck-L5").inner_text()
    )
    page.screenshot(path=str(screenshots / "serve.png"), full_page=True)  # the README's


def test_a_dropped_file_fills_the_list_and_the_page_speaks_german(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(server + "/?lang=de")
    assert page.locator("h1").inner_text() == "Deckliste prüfen"
    deck = tmp_path / "iono.txt"
    deck.write_text(IONO.read_text(encoding="utf-8"), encoding="utf-8")
    page.set_input_files("#file", str(deck))
    # The file is checked at once and the field shows the text the server read;
    # expect polls without evaluating a string, which the page's Content-Security-Policy forbids.
    expect(page.locator("#text")).to_have_value(re.compile("Iono PAL 185"))
    page.get_by_role("button", name="Prüfen").click()
    page.locator("#result tr.error").first.wait_for()
    assert "Das Deck hat 5 Karten namens Iono" in page.locator("#result").inner_text()


def test_a_windows_1252_file_is_read_as_check_reads_it(browser, server, tmp_path):
    # A list saved by Notepad or Excel as "ANSI" (é as the byte 0xE9) is sent as its
    # bytes; the server reads them as check reads the file, and the field shows the text it read.
    page = browser.new_page()
    page.goto(server + "/")
    deck = tmp_path / "darkrai.txt"
    deck.write_bytes(
        (PROJECT_ROOT / "sample_decks" / "legal" / "darkrai-honchkrow-dp.txt").read_bytes().decode().encode("cp1252")
    )
    page.get_by_label("Format").select_option("unlimited")
    page.set_input_files("#file", str(deck))
    expect(page.locator("#text")).to_have_value(re.compile("2 Pokédex HANDY910is DP 111"))
    result = page.locator("#result").inner_text()
    assert "LEGAL" in result and "ILLEGAL" not in result and "NOT VERIFIED" not in result
    assert "is not UTF-8; it was read as Windows-1252 (Western European) text." in result
    assert "\ufffd" not in page.locator("#text").input_value()
