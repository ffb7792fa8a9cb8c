"""Real lists through ``deckcheck sheet`` end to end, on Letter and on A4: a
Standard list of 36 distinct lines and the longest GLC list the tests have (46 lines) on one
page; a real GLC list of 53 distinct lines and a real Standard list of 60 (more than the 50 one
page holds) on two, the second never holding a lone total. The PDFs are read back: the page count, every line's row,
the totals, and every string inside its box. Run against the reference card data (skipped
where ../shared/carddata is absent); where the lists come from: decks/README.md."""

from __future__ import annotations

import pytest

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

from sheet_support import assert_strings_fit, assert_words_in_boxes, pages, require_poppler  # noqa: E402
from support import PROJECT_ROOT  # noqa: E402
from test_sheet_pdf import PLAYER, SECTIONS, run, sheet_rows  # noqa: E402

import deckcheck  # noqa: E402
from deckcheck.sheet import make_player, sheet_pages  # noqa: E402

DECKS = PROJECT_ROOT / "tests" / "sheet" / "decks"
LISTS = {
    # (file, format, day, distinct lines, pages)
    "standard-36": (DECKS / "2024-06-30-standard-36-lines.txt", "standard", "2024-06-30", 36, 1),
    "glc-46": (
        PROJECT_ROOT / "tests" / "cases" / "glc" / "legal" / "fire-singleton-2026-11-30.txt",
        "glc",
        "2026-11-30",
        46,
        1,
    ),
    "glc-53": (DECKS / "2025-05-10-glc-53-lines.txt", "glc", "2025-05-10", 53, 2),
    "standard-60": (DECKS / "2025-11-19-standard-60-lines.txt", "standard", "2025-11-28", 60, 2),
}


@pytest.fixture(scope="module")
def db(reference_index):
    return reference_index.path


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name", list(LISTS))
def test_a_real_list_on_its_pages_with_every_string_inside_its_box(name, paper, db, tmp_path):
    require_poppler()
    deck, format, day, lines, count = LISTS[name]
    out = tmp_path / "sheet.pdf"
    done = run(
        "sheet",
        str(deck),
        "--db",
        str(db),
        "--format",
        format,
        "--date",
        day,
        "--paper",
        paper,
        *PLAYER,
        "-o",
        str(out),
        "--no-config",
    )
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    plural = "s" if count > 1 else ""
    assert done.stderr.decode().splitlines()[-1] == f"deckcheck: wrote {out} ({count} page{plural})"
    from pypdf import PdfReader

    reader = PdfReader(out)
    assert len(reader.pages) == count
    width = {"letter": 612, "a4": 595}[paper]
    assert all(round(float(page.mediabox.width)) == width for page in reader.pages)
    # Every distinct line has its row, and the totals add up.
    shown = sheet_rows(pages(out))
    assert sum(len(shown["rows"][section]) for section in SECTIONS) == lines
    assert shown["totals"]["Cards in Deck"] == 60
    assert sum(shown["totals"][section] for section in SECTIONS) == 60
    # The very layout the command drew (the library draws the same bytes from it): every
    # string inside its box, no name shortened, every word poppler finds inside its string's box.
    result = deckcheck.check_file(deck, format=format, date=day, db=db)
    player = make_player(PLAYER[1], PLAYER[3], PLAYER[5])
    assert deckcheck.sheet_pdf(result, player, paper=paper) == out.read_bytes()
    laid = sheet_pages(result._result, player, paper)
    assert len(laid) == count
    assert_strings_fit(laid)
    assert_words_in_boxes(laid, out)
    # No page holds a lone total: the page with the deck's total has card rows too.
    last = laid[-1]
    assert any(item.role == "deck-total" for item in last.texts)
    assert sum(item.role == "card" for item in last.texts) >= 2
