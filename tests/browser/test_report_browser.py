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
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckcheck",
            "check",
            "sample_decks",
            "--format",
            "unlimited",
            "--date",
            DATE,
            "--output",
            "html",
        ],
        capture_output=True,
        cwd=PROJECT_ROOT,
        env={**os.environ, "LANG": "C"},
        timeout=120,
    )
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
    # docs/rulings.md, "The verdict words": sample_decks/illegal/unknown-card.txt is not verified, counted apart.
    assert "19 decks checked: 8 legal, 9 illegal, 2 not verified." in page.locator("#summary").inner_text()
    assert page.locator("#shown").inner_text() == "19 of 19 decks shown"

    page.select_option("#show", "illegal")
    legal = page.locator('tbody.deck[data-legal="1"]')
    illegal = page.locator('tbody.deck[data-legal="0"]')
    assert legal.count() == 8 and illegal.count() == 11
    assert all(not legal.nth(i).is_visible() for i in range(8))
    assert all(illegal.nth(i).is_visible() for i in range(11))
    assert page.locator("#shown").inner_text() == "11 of 19 decks shown"
    page.set_viewport_size({"width": 1200, "height": 640})
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


# -- hostile decks, narrow screens, triage, no script ---------------

LONG_NAME = "Long deck name " + "x" * 4985  # 5,000 characters


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory):
    """Sample decks beside a 5,000-character deck name, a list with ESC, U+202E and a line of
    3,200 characters, and a file that is no deck whose name holds ESC and the byte 0xFF."""
    folder = tmp_path_factory.mktemp("hostile")
    decks = folder / "decks"
    decks.mkdir()
    for sample in (
        "illegal/copy-limit.txt",
        "illegal/deck-size.txt",
        "legal/charizard-pidgeot-ex.txt",
        "warning/ambiguous-card.txt",
    ):
        source = PROJECT_ROOT / "sample_decks" / sample
        (decks / source.name).write_bytes(source.read_bytes())
    iono = (PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt").read_text(encoding="utf-8")
    (decks / "long-name.txt").write_text(f"# name: {LONG_NAME}\n{iono}", encoding="utf-8")
    (decks / "hostile.txt").write_text(
        "bidi \u202e evil\n\x1b]0;owned\x07 title\n1 " + "Verylongcardname" * 200 + "\n" + iono, encoding="utf-8"
    )
    (decks / "notes").mkdir()
    (decks / "notes" / os.fsdecode(b"notes \x1b[2J\xff.txt")).write_bytes(b"Notes about the event, no cards.\n")
    path = folder / "report.html"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckcheck",
            "check",
            "decks",
            "--format",
            "unlimited",
            "--date",
            DATE,
            "--output",
            "html",
        ],
        capture_output=True,
        cwd=folder,
        env={**os.environ, "LANG": "C"},
        timeout=120,
    )
    assert done.returncode == 1, done.stderr.decode()
    path.write_bytes(done.stdout)
    return path


def _width(page) -> tuple[int, int]:
    return tuple(page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]"))


@pytest.mark.parametrize("width", [360, 1400])
def test_no_sideways_scroll_from_a_long_name_or_line(browser, hostile_report, screenshots, width):
    page, _requests, errors = _open(browser, hostile_report)
    page.set_viewport_size({"width": width, "height": 800})
    scroll_width, inner_width = _width(page)
    assert scroll_width <= inner_width, (scroll_width, inner_width)
    page.screenshot(path=str(screenshots / f"report-{width}.png"))
    page.click("#expand-all")  # every list open: the 3,200-character line wraps too
    assert page.locator("details[open]").count() == page.locator("tbody.deck").count() == 6
    scroll_width, inner_width = _width(page)
    assert scroll_width <= inner_width, (scroll_width, inner_width)
    page.locator("tbody.deck", has_text="hostile.txt").locator("table.list").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / f"report-{width}-lists.png"))
    # The deck's name is cut, not written 5,000 characters long into every row.
    assert len(page.locator("tbody.deck", has_text="long-name.txt").locator("tr.row").inner_text()) < 1000
    page.click("#collapse-all")
    assert page.locator("details[open]").count() == 0
    assert not errors, errors


def test_the_list_as_written_and_file_names_are_escaped(browser, hostile_report):
    data = hostile_report.read_bytes()
    data.decode("utf-8")  # the page is valid UTF-8 (a file name's 0xFF is \xff)
    assert b"\x1b" not in data and "\u202e".encode() not in data
    page, _requests, _errors = _open(browser, hostile_report)
    deck = page.locator("tbody.deck", has_text="hostile.txt")
    deck.locator("details > summary").click()
    lines = deck.locator("table.list tbody tr")
    assert lines.nth(0).locator("td").first.inner_text() == "bidi \\u202e evil"  # shown as the text report shows it
    assert lines.nth(1).locator("td").first.inner_text() == "\\x1b]0;owned\\x07 title"
    page.locator("#summary details > summary").click()
    assert "decks/notes/notes \\x1b[2J\\xff.txt" in page.locator("#summary details li").all_inner_texts()


def test_triage_rules_in_the_rows_and_the_counts_filter_the_table(browser, hostile_report):
    page, _requests, errors = _open(browser, hostile_report)
    row = page.locator("tbody.deck", has_text="deck-size.txt").locator("tr.row")
    assert "deck-size" in row.locator("td.verdict-cell").inner_text()  # the row names the rule it breaks
    count = page.locator("table.by-rule tr[data-rule='copy-limit'] td.n button").first
    assert count.inner_text() == "3"
    count.click()
    visible = page.locator("tbody.deck:visible")
    assert visible.count() == 3 and all(
        "copy-limit" in visible.nth(i).locator(".verdict-cell").inner_text() for i in range(3)
    )
    assert page.locator("#show").input_value() == "rule:copy-limit"
    assert page.locator("#shown").inner_text() == "3 of 6 decks shown"
    page.click("#expand-all")  # opens the lists of the decks shown only
    assert page.locator("details[open]").count() == 3
    page.select_option("#show", "all")
    assert page.locator("tbody.deck:visible").count() == 6
    assert not errors, errors


def test_without_a_script_the_summary_comes_first_and_no_control_is_inert(
    browser_without_script, hostile_report, screenshots
):
    page = browser_without_script.new_page()
    page.goto(hostile_report.as_uri())
    summary, decks = (page.locator(f"#{name}-heading").bounding_box()["y"] for name in ("summary", "decks"))
    assert summary < decks  # first on the screen, though written last
    assert page.locator("button:visible, select:visible, input:visible").count() == 0
    page.locator("tbody.deck", has_text="copy-limit.txt").locator("details > summary").click()  # native
    assert page.locator("details[open]").count() == 1
    assert _width(page)[0] <= 360
    page.screenshot(path=str(screenshots / "report-no-script.png"))


def test_the_sticky_table_header_does_not_cover_a_lists_header(browser, hostile_report):
    page, _requests, _errors = _open(browser, hostile_report)
    page.set_viewport_size({"width": 1400, "height": 700})
    deck = page.locator("tbody.deck", has_text="copy-limit.txt")
    deck.locator("details > summary").click()
    inner = deck.locator("table.list thead th").first
    # Scroll until the list's own header has reached the top, well into the list.
    page.evaluate(
        "el => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + 400)",
        deck.locator("table.list").element_handle(),
    )
    outer_bottom = page.evaluate("document.querySelector('#decks > thead').getBoundingClientRect().bottom")
    box = inner.bounding_box()
    assert box["y"] >= outer_bottom - 1, (box, outer_bottom)  # below the table's header, not under it
    on_top = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('table').className",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert on_top == "list"
