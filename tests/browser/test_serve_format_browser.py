"""The serve page in a real browser checks a pasted list as the format the list names unless the
Format menu names another, and says which format it checked as and why (the menu preselected
standard, so a "# format: glc" list was checked as Standard); its hints name its own controls."""

from __future__ import annotations

import pytest
from support import PROJECT_ROOT

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")

GLC = PROJECT_ROOT / "tests" / "cases" / "glc" / "legal" / "fire-singleton-2026-11-30.txt"


def test_a_pasted_glc_list_is_checked_as_glc_and_the_page_says_why(browser, server, screenshots):
    page = browser.new_page()
    page.goto(server + "/")
    menu = page.get_by_label("Format")
    assert menu.input_value() == ""  # the deck's own format
    assert menu.locator("option:checked").inner_text() == "the deck's own format"
    page.get_by_label("Deck list").fill(GLC.read_text(encoding="utf-8"))
    page.get_by_label("Date").fill("2026-11-30")
    page.get_by_role("button", name="Check").click()
    used = page.locator("#result #format-used")
    used.wait_for()
    assert used.inner_text() == "Checked as glc: the format the list names."
    assert page.locator("#result h3").first.inner_text().endswith("glc, 2026-11-30")
    page.screenshot(path=str(screenshots / "serve-own-format.png"))

    # Another format chosen in the menu: checked as that, and said so.
    menu.select_option("standard")
    page.get_by_role("button", name="Check").click()
    page.get_by_text("Checked as standard: the format chosen in the Format menu.").wait_for()

    # A list naming no format: the hints of a refusal name the page's controls.
    page.get_by_label("Deck list").fill("# format: standrd\n4 Iono PAL 185\n")
    menu.select_option("")
    page.get_by_role("button", name="Check").click()
    page.get_by_text("or choose a format (the Format menu).").wait_for()
    assert "--format" not in page.locator("#result").inner_text()
