"""A deck of up to 50 distinct lines goes on one page, on Letter and on A4, as
the official registration sheet does; past that a second page, never for a lone total line.
The sheets are drawn to PDF and read back (pypdf): the page count, every line's name on it,
and every string inside its box at a readable size."""

from __future__ import annotations

import io

import pytest

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

from sheet_support import assert_strings_fit

from deckcheck.model import ENERGY, LEGAL, POKEMON, TRAINER
from deckcheck.sheet.content import Row, Section, Sheet
from deckcheck.sheet.draw import MADE_BY, measure, render
from deckcheck.sheet.layout import pages


def a_sheet(pokemon: int, trainer: int, energy: int, count: int = 1) -> Sheet:
    def rows(prefix: str, n: int, code: str = "") -> tuple[Row, ...]:
        return tuple(
            Row(count, f"{prefix} Card Number {i}", code, str(100 + i) if code else "", "H" if code else "")
            for i in range(n)
        )

    return Sheet(
        player_name="Ash Ketchum",
        player_id="1234567",
        birth=("05", "22", "1997"),
        division="masters",
        format="standard",
        day="2026-04-10",
        verdict=LEGAL,
        deck_name="a test deck",
        sections=(
            Section(POKEMON, rows("Pokemon", pokemon, "PAL")),
            Section(TRAINER, rows("Trainer", trainer)),
            Section(ENERGY, rows("Energy", energy)),
        ),
    )


DECKS = {
    # A 2024 Regional's Standard list: 36 distinct lines, 60 cards.
    "standard-36": (a_sheet(14, 17, 5), 1),
    # A Gym Leader Challenge list: 49 singletons (all one type, so one Energy line of 11).
    "glc-49": (a_sheet(20, 28, 1), 1),
    "fifty": (a_sheet(25, 20, 5), 1),
    "sixty-lines": (a_sheet(25, 30, 5), 2),
}


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name", list(DECKS))
def test_up_to_fifty_lines_on_one_page(name, paper):
    from pypdf import PdfReader

    sheet, expected = DECKS[name]
    laid = pages(sheet, measure, paper, made_by=MADE_BY)
    reader = PdfReader(io.BytesIO(render(laid)))
    assert len(reader.pages) == expected
    text = "\n".join(page.extract_text() for page in reader.pages)
    for section in sheet.sections:
        for row in section.rows:
            assert row.name in text
    assert "Total Cards in Deck" in text
    assert_strings_fit(laid)
    for page in laid:
        # Every card row's box is inside the page's margins (above the footer).
        for rect in page.rects:
            assert rect.y >= 36.0 and rect.y + rect.height <= page.height - 36.0 + 0.01


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_second_page_never_holds_a_lone_total(paper):
    for lines in range(51, 80):
        laid = pages(a_sheet(lines - 10, 5, 5), measure, paper)
        last = {item.role for item in laid[-1].texts}
        assert "card" in last, (lines, sorted(last))
