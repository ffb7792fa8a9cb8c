"""``deckcheck sheet`` end to end: the PDF of a Standard, an Expanded, a
GLC and a 2008 list, read back with poppler's pdftotext — every card line, each
section's total, the deck's total and the player block on every page — and one
page rendered to PNG with every string inside its box. Run against the reference
card data (skipped where ../shared/carddata is absent)."""

from __future__ import annotations

import datetime as dt
import os
import re
import sqlite3
import struct
import subprocess
from pathlib import Path

import pytest

pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")

from sheet_support import assert_words_in_boxes, page_text, pages, require_poppler, texts
from support import PROJECT_ROOT, SAMPLE_DECKS
from support import run_deckcheck as run

import deckcheck

CASES = PROJECT_ROOT / "tests" / "cases"
HERE = Path(__file__).parent
LISTS = {
    "standard": (CASES / "standard" / "legal" / "sv-dragapult-2025-06-01.txt", "2025-06-01"),
    "expanded": (CASES / "expanded" / "legal" / "night-march-2026-11-30.txt", "2026-11-30"),
    "glc": (CASES / "glc" / "legal" / "fire-singleton-2026-11-30.txt", "2026-11-30"),
    "2008": (HERE / "decks" / "worlds-2008-masters-1.txt", "2008-08-15"),
}
PLAYER = ("--player", "Misty Waterflower", "--player-id", "4021337", "--birth", "2011-03-09")
SECTIONS = ("Pokémon", "Trainer", "Energy")
ENERGY_SYMBOLS = {
    "R": "Fire",
    "P": "Psychic",
    "W": "Water",
    "G": "Grass",
    "L": "Lightning",
    "F": "Fighting",
    "D": "Darkness",
    "M": "Metal",
    "Y": "Fairy",
}


@pytest.fixture(scope="module")
def db(reference_index) -> Path:
    return reference_index.path


# -- what the list says, read independently of deckcheck -------------------------------

_LINE = re.compile(r"^(\d+) (.+?)(?: ([A-Z][A-Z0-9-]{1,6}) ([A-Z]{0,4}\d+[a-z]?))?$")


def expected_rows(path: Path) -> dict[str, list[tuple]]:
    """{section: [(count, name, set, number)]}: the list's lines merged as a sheet
    merges them (a Pokémon per print, a Trainer or Energy per name), in list order."""
    rows: dict[str, dict[tuple, list]] = {section: {} for section in SECTIONS}
    section = None
    for text in path.read_text(encoding="utf-8").splitlines():
        header = re.match(r"^(Pokémon|Trainer|Energy): \d+$", text)
        if header:
            section = header.group(1)
            continue
        found = _LINE.match(text)
        if not found or section is None:
            continue
        count, name, code, number = int(found[1]), found[2], found[3] or "", found[4] or ""
        name = re.sub(r"^Basic \{(\w)\} Energy$", lambda m: f"{ENERGY_SYMBOLS[m[1]]} Energy", name)
        key = (name, code, number) if section == "Pokémon" else (name,)
        seen = rows[section].setdefault(
            key, [0, name, code if section == "Pokémon" else "", number if section == "Pokémon" else ""]
        )
        seen[0] += count
    return {section: [tuple(row) for row in found.values()] for section, found in rows.items()}


# -- what the sheet shows ------------------------------------------------------------------


def sheet_rows(found_pages) -> dict[str, list[tuple]]:
    """{section: [(count, name, set, number, mark)]} from the sheet's pages, with
    each section's total: the cells under QTY, the section's title, SET, COLL #, REG."""
    rows: dict[str, list[tuple]] = {section: [] for section in SECTIONS}
    totals: dict[str, int] = {}
    for page in found_pages:
        section, heads = None, None
        for line in page:
            cells = [cell.text for cell in line]
            title = cells[1].removesuffix(" (continued)") if len(cells) > 1 and cells[0] == "QTY" else None
            if title in SECTIONS:
                section, heads = title, line
                continue
            if cells[0].startswith("Total ") and len(cells) == 2:
                totals[cells[0].removeprefix("Total ")] = int(cells[1])
                section = None
                continue
            if cells[0].startswith("Made with deckcheck"):  # the footer: the section goes on over the page
                section = None
            if section is None:
                continue
            count, name, rest = int(cells[0]), cells[1], line[2:]
            columns = {"SET": "", "COLL #": "", "REG": ""}
            for cell in rest:  # the heading whose centre is nearest
                middle = (cell.left + cell.right) / 2
                nearest = min(heads[2:], key=lambda head: abs((head.left + head.right) / 2 - middle))
                columns[nearest.text] = cell.text
            rows[section].append((count, name, columns["SET"], columns["COLL #"], columns["REG"]))
    return {"rows": rows, "totals": totals}


def card_exists(db: Path, name: str, set_code: str, number: str) -> bool:
    with sqlite3.connect(db) as connection:
        found = connection.execute(
            "SELECT 1 FROM cards WHERE name = ? AND set_code = ? AND number = ?", (name, set_code, number)
        ).fetchone()
    return found is not None


@pytest.mark.parametrize("kind", sorted(LISTS))
def test_every_card_line_the_totals_and_the_player_block(kind, db, tmp_path):
    require_poppler()
    deck, day = LISTS[kind]
    out = tmp_path / "sheet.pdf"
    done = run("sheet", str(deck), "--db", str(db), "--date", day, *PLAYER, "-o", str(out), "--no-config")
    assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    assert f"deckcheck: wrote {out}".encode() in done.stderr
    # Name-only Pokémon lines (the 2008 list) get the print deckcheck read them as, and a note says so.
    assert (
        f"deckcheck: note: {out}: 12 Pokémon lines name no print (5, 6, 7, 8, 9, 10, 11, 12, ...)".encode()
        in done.stderr
    ) == (kind == "2008")
    found = pages(out)
    sheet = sheet_rows(found)
    expected = expected_rows(deck)
    for section in SECTIONS:
        shown = sheet["rows"][section]
        assert [row[:2] for row in shown] == [row[:2] for row in expected[section]], section
        for (_count, name, set_code, number, mark), (_c, _n, code, written) in zip(shown, expected[section]):
            if section != "Pokémon":
                assert (set_code, number, mark) == ("", "", "")
            elif code:  # the list names the print: its code and number
                assert (set_code, number) == (code, written), name
            else:  # name only: the print deckcheck read it as (or blank for a set without a code)
                assert (set_code, number) == ("", "") or card_exists(db, name, set_code, number), (name, set_code)
            if kind == "standard" and section == "Pokémon":
                assert mark in ("G", "H"), name  # the 2025 season's regulation marks
            if kind == "2008":
                assert mark == ""  # before regulation marks
        assert sheet["totals"][section] == sum(row[0] for row in expected[section])
    assert sheet["totals"]["Cards in Deck"] == 60
    # The player block, on every page.
    for number, page in enumerate(found, start=1):
        lines = texts(page)
        assert ["Misty Waterflower", "4021337"] in lines, page_text(page)
        birth = next(line for line in lines if "2011" in line)
        assert [cell for cell in birth if cell in ("03", "09", "2011")] == ["03", "09", "2011"]
        # Born 2011: a Senior in the 2025 and 2026 seasons (Seniors 2009-2012, 2010-2013); a Junior in 2008 (age).
        division = "Junior" if kind == "2008" else "Senior"
        assert birth[birth.index(division) - 1] == "X", birth
        assert "X" not in (
            birth[birth.index(other) - 1] for other in ("Junior", "Senior", "Masters") if other != division
        )
        fmt = "standard" if kind == "2008" else kind
        assert [fmt, day] in lines or [fmt, day, ""] in lines or any(line[:2] == [fmt, day] for line in lines)
        assert any(cell == f"Page {number} of {len(found)}" for line in lines for cell in line)
    # Up to 50 distinct lines go on one page (the GLC list has 46, all but Energy singletons).
    assert len(found) == 1
    assert "NOT LEGAL" not in "\n".join(page_text(page) for page in found)


def test_repeated_lines_are_merged_and_energy_is_written_as_the_list_names_it(db, tmp_path):
    require_poppler()
    deck = PROJECT_ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt"
    out = tmp_path / "charizard.pdf"
    done = run("sheet", str(deck), "--db", str(db), "--date", "2026-11-30", "-o", str(out), "--no-config")
    assert done.returncode == 0, done.stderr.decode()
    sheet = sheet_rows(pages(out))
    # Two prints of Charmander are two rows (their set and number differ); two of Fire Energy are one.
    assert [row[:4] for row in sheet["rows"]["Pokémon"][:2]] == [
        (3, "Charmander", "PAF", "7"),
        (1, "Charmander", "MEW", "4"),
    ]
    assert sheet["rows"]["Energy"] == [(8, "Fire Energy", "", "", "")]
    assert sheet["totals"] == {"Pokémon": 19, "Trainer": 33, "Energy": 8, "Cards in Deck": 60}
    # Fields not given are blank: no player name, no ID, no date of birth, no division marked.
    lines = texts(pages(out)[0])
    assert not any("X" in line for line in lines)
    assert ["Charizard ex / Pidgeot ex"] in [line[-1:] for line in lines]


def test_the_page_rendered_keeps_every_string_inside_its_box(db, tmp_path):
    """Each string of the layout is no wider than its box (the widths the PDF is
    drawn with), each word the PDF shows lies inside the box of its string, and
    the page drawn as an image has nothing in its margins."""
    require_poppler()
    import deckcheck
    from deckcheck.session import Session, open_database
    from deckcheck.sheet import make_player, sheet_pages
    from deckcheck.sheet.draw import measure
    from deckcheck.sheet.layout import MARGIN, PAD

    long_name = "Maximiliana Bartholomew-Featherstonehaugh de la Cruz y Montgomery-Smythe"  # 73 characters
    text = (PROJECT_ROOT / "sample_decks" / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
    text = text.replace(
        "# name: Charizard ex / Pidgeot ex",
        "# name: Charizard ex / Pidgeot ex, the list I took to my first League Cup of the season",
    )
    # The pages laid out from the check session's result (as deckcheck sheet lays them out),
    # the PDF the library draws for its own result of the same check.
    session = Session(open_database(db), format="unlimited", date="2026-11-30", keep_deck=True)
    result = session.check_text(text).result
    player = make_player(long_name, "123456789012", "1987-12-24")
    laid = sheet_pages(result, player, "a4")
    boxes = []
    for page in laid:
        for item in page.texts:
            left, right = item.box
            assert measure(item.text, item.font, item.size) <= right - left + 0.01, item
            boxes.append(item)
    assert any(item.role == "player-name" and item.text == long_name and item.size < 11 for item in boxes)
    out = tmp_path / "sheet.pdf"
    library = deckcheck.check_text(text, format="unlimited", date="2026-11-30", db=db)
    out.write_bytes(deckcheck.sheet_pdf(library, player, paper="a4"))
    # Every word poppler finds lies inside the box of a string of the layout on its line.
    assert_words_in_boxes(laid, out)
    # The page as an image: a PNG of the page's size (what a reader sees; look at it with
    # DECKCHECK_KEEP_SHEET=dir), and the same pixels as PGM (plain bytes) to look for ink.
    keep = Path(os.environ.get("DECKCHECK_KEEP_SHEET", tmp_path))
    subprocess.run(
        ["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(out), str(keep / "page")], check=True, timeout=60
    )
    png = (keep / "page-1.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    size = struct.unpack(">II", png[16:24])
    assert abs(size[0] - laid[0].width) <= 1 and abs(size[1] - laid[0].height) <= 1, size
    subprocess.run(
        ["pdftoppm", "-r", "72", "-gray", "-f", "1", "-l", "1", str(out), str(tmp_path / "gray")],
        check=True,
        timeout=60,
    )
    width, rows, pixels = _pgm(next(tmp_path.glob("gray-1.pgm")).read_bytes())
    margin = int(MARGIN - PAD - 1)
    dark = [(x, y) for y in range(rows) for x in range(width) if pixels[y * width + x] < 128]
    assert len(dark) > 2000  # drawn, not blank
    outside = [(x, y) for x, y in dark if not (margin <= x < width - margin and margin <= y < rows - margin)]
    assert not outside, f"{len(outside)} dark pixels in the margins, e.g. {outside[:5]}"


def _pgm(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, pixels) of a binary greyscale PGM (pdftoppm -gray)."""
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert header, "not a binary 8-bit PGM"
    return int(header[1]), int(header[2]), data[header.end() :]


def test_collector_numbers_keep_their_prefix_and_set_codes_are_as_printed(db):
    import deckcheck
    from deckcheck.sheet.content import sheet

    # (SIT TG05 is Gardevoir: "Pikachu SIT TG05" is a name-mismatch error, docs/rulings.md, "Name and number that
    # disagree".)
    result = deckcheck.check_text(
        "1 Tapu Lele-GX HIF 163\n1 Kirlia PR-SW SWSH271\n1 Gardevoir SIT TG05\n",
        format="unlimited",
        date="2026-11-30",
        db=db,
    )
    rows = [(row.name, row.set_code, row.number) for row in sheet(result._result).sections[0].rows]
    # PTCG Live numbers Hidden Fates' Shiny Vault on from the main set (docs/rulings.md, "PTCG Live's own forms"): HIF
    # 163 is SV94.
    assert rows == [("Tapu Lele-GX", "HIF", "SV94"), ("Kirlia", "PR-SW", "SWSH271"), ("Gardevoir", "SIT", "TG05")]


@pytest.mark.parametrize(
    "call, named",
    [
        (lambda result: deckcheck.sheet_pdf(None), "result must be a DeckResult"),  # type: ignore[arg-type]
        (lambda result: deckcheck.sheet_pdf(result, player={"name": 5}), "player name must be a str"),
        (lambda result: deckcheck.sheet_pdf(result, player={"birth": 2010}), "player birth must be"),
        (lambda result: deckcheck.sheet_pdf(result, player={"division": True}), "player division must be"),
        (lambda result: deckcheck.sheet_pdf(result, player={"player_id": True}), "player player_id must be"),
        (lambda result: deckcheck.sheet_pdf(result, player={"nmae": "Ash"}), "player has no field nmae"),
        (lambda result: deckcheck.sheet_pdf(result, player=["Ash"]), "player must be a mapping"),
        (lambda result: deckcheck.sheet_pdf(result, paper=4), "paper must be"),
    ],
)
def test_wrong_typed_arguments_are_type_errors_naming_them(call, named):
    """Not an AttributeError from deep inside."""
    result = deckcheck.check_file(
        SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt", format="unlimited", date="2026-11-30"
    )
    with pytest.raises(TypeError, match=f"^{named}"):
        call(result)


def test_what_a_caller_naturally_passes_is_taken():
    """A Player ID as an int is its digits, a datetime of birth its day."""
    result = deckcheck.check_file(
        SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt", format="unlimited", date="2026-11-30"
    )
    as_typed = deckcheck.sheet_pdf(result, {"player_id": "1234567", "birth": "2010-05-31"})
    natural = deckcheck.sheet_pdf(result, {"player_id": 1234567, "birth": dt.datetime(2010, 5, 31, 8, 30)})
    assert natural == as_typed
