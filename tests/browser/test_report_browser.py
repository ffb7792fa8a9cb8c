"""The HTML report in a real browser: it renders, the filter hides legal decks,
sorting orders the decks, a finding's lines are highlighted, both schemes are readable."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from support import PROJECT_ROOT

DATE = "2026-11-30"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    path = tmp_path_factory.mktemp("report") / "report.html"
    done = subprocess.run([sys.executable, "-m", "deckcheck", "check", "sample_decks", "--format", "unlimited",
                           "--date", DATE, "--output", "html"], capture_output=True, cwd=PROJECT_ROOT,
                          env={**os.environ, "LANG": "C"}, timeout=120)
    assert done.returncode == 1, done.stderr.decode()
    path.write_bytes(done.stdout)
    return path


def _open(browser, report):
    page = browser.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(report.as_uri())
    return page, requests, errors


def _luminance(colour: str) -> float:
    red, green, blue = (int(x) for x in re.findall(r"\d+", colour)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def test_report_renders_and_filters_to_illegal_decks(browser, report, screenshots):
    page, requests, errors = _open(browser, report)
    assert page.title() == "deckcheck report"
    decks = page.locator("tbody.deck")
    assert decks.count() == 19
    # The summary comes first, as the script puts it before the table.
    headings = page.locator("h2").all_inner_texts()
    assert headings == ["Summary", "Decks"]
    # RULES.md decision 18: sample_decks/illegal/unknown-card.txt is not verified, counted apart.
    assert "19 decks checked: 8 legal, 10 illegal, 1 not verified." in page.locator("#summary").inner_text()
    assert page.locator("#shown").inner_text() == "19 of 19 decks shown"

    page.select_option("#show", "illegal")
    legal = page.locator('tbody.deck[data-legal="1"]')
    illegal = page.locator('tbody.deck[data-legal="0"]')
    assert legal.count() == 8 and illegal.count() == 11
    assert all(not legal.nth(i).is_visible() for i in range(8))
    assert all(illegal.nth(i).is_visible() for i in range(11))
    assert page.locator("#shown").inner_text() == "11 of 19 decks shown"
    page.set_viewport_size({"width": 1000, "height": 640})
    page.evaluate("document.getElementById('decks-heading').scrollIntoView()")
    page.screenshot(path=str(screenshots / "report.png"))  # the README's

    page.fill("#search", "iono")
    assert page.locator("tbody.deck:visible").count() == 1
    page.fill("#search", "prism-star")  # a rule id finds the decks with such a finding
    assert page.locator("tbody.deck:visible").count() == 1
    assert "prism-star.txt" in page.locator("tbody.deck:visible").inner_text()
    page.fill("#search", "")
    page.select_option("#show", "all")
    assert page.locator("tbody.deck:visible").count() == 19
    assert not errors, errors
    assert all(url.startswith("file:") for url in requests), requests  # nothing fetched from anywhere


def test_sorting_by_a_column(browser, report):
    page, _requests, _errors = _open(browser, report)
    header = page.locator("#decks thead th", has_text="errors")
    header.locator("button").click()
    assert header.get_attribute("aria-sort") == "ascending"
    header.locator("button").click()
    assert header.get_attribute("aria-sort") == "descending"
    errors = [int(x) for x in page.locator("tbody.deck > tr.row > td:nth-of-type(7)").all_inner_texts()]
    assert errors == sorted(errors, reverse=True) and errors[0] > errors[-1]
    files = page.locator("#decks thead th", has_text="file").locator("button")
    files.click()
    paths = page.locator("tbody.deck > tr.row > th").all_inner_texts()
    assert paths == sorted(paths, key=str.lower)


def test_a_findings_lines_are_highlighted(browser, report, screenshots):
    page, _requests, _errors = _open(browser, report)
    deck = page.locator("tbody.deck", has_text="copy-limit.txt")
    deck.locator("details > summary").click()
    lines = (PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt").read_text(encoding="utf-8").splitlines()
    iono = [n for n, line in enumerate(lines, 1) if re.match(r"\d+ Iono ", line)]
    plain = [n for n, line in enumerate(lines, 1) if line.startswith("4 Arven")][0]
    rows = [deck.locator(f"tr[id$='-L{n}']") for n in iono]
    for row in rows:
        assert row.is_visible()
        assert "✖ error" in row.inner_text() and "copy-limit" in row.inner_text()
    assert "The deck has 5 cards named Iono" in rows[0].inner_text()
    plain_row = deck.locator("table.list tbody tr").nth(plain - 1)
    assert plain_row.inner_text().startswith(f"{plain}\t4 Arven")

    def background(locator):
        return locator.locator("td").first.evaluate("cell => getComputedStyle(cell).backgroundColor")

    assert background(rows[0]) != background(plain_row)  # highlighted ...
    assert rows[0].locator("th").evaluate("cell => getComputedStyle(cell).borderLeftStyle") == "solid"  # ... and marked
    rows[0].scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "report-light.png"))

    page.emulate_media(color_scheme="dark")
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")
    text = page.evaluate("getComputedStyle(document.body).color")
    assert _luminance(body) < 0.2 and _luminance(text) > 0.7
    assert background(rows[0]) != background(plain_row)
    page.screenshot(path=str(screenshots / "report-dark.png"))
    assert (screenshots / "report-light.png").stat().st_size > 10_000
