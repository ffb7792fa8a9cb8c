"""An unknown number in a known set: a set code the card database holds with a number it does
not hold for that set does not say which card the line is. An ``unknown-print`` error (the deck
NOT VERIFIED), never read as another print for legality, unless every print of the written name
the line could mean is judged alike on the day (functional identity: docs/rulings.md, "Reprints:
functionally identical cards"), then a warning. Digits in other scripts are the number they
write (``PAL ６２`` is PAL 62). Real lines, through the library, the CLI (one job and two),
serve, and the sheet (which never writes a print the list did not name)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import json_report
from support import run_deckcheck as run

import deckcheck

TESTS = Path(__file__).resolve().parents[1]
# A legal Standard list of 2026-08-22 (tests/exports); each example swaps one line.
STANDARD = (TESTS / "exports" / "2026-08-22-standard-31.txt").read_text("utf-8")
DAY = "2026-08-22"


def swapped(old: str, new: str) -> str:
    assert old in STANDARD, old
    return STANDARD.replace(old, new, 1)


# name: (text, verdict)
EXAMPLES = {
    # Sprigatito PR-SV 191 is not in the reference data (it has no PR-SV 166-225); it was
    # read by its name as Sprigatito JTG 16, and the deck was LEGAL.
    "sprigatito-pr-sv-191": (swapped("4 Cynthia's Roselia DRI 7", "4 Sprigatito PR-SV 191"), "unverified"),
    "dreepy-twm-999": (swapped("4 Cynthia's Roselia DRI 7", "4 Dreepy TWM 999"), "unverified"),
    "charmander-paf-999": (swapped("4 Cynthia's Roselia DRI 7", "4 Charmander PAF 999"), "unverified"),
    # LEGAL, while PAL 62 (mark G) is not legal on the day
    "pikachu-pal-62x": (swapped("4 Cynthia's Roselia DRI 7", "4 Pikachu PAL 62x"), "unverified"),
    # full-width digits are PAL 62 (NFKC): not legal
    "pikachu-pal-fullwidth-62": (swapped("4 Cynthia's Roselia DRI 7", "4 Pikachu PAL ６２"), "illegal"),
    # every Ultra Ball is the same card, allowed on the day: a warning, the deck stays legal
    "ultra-ball-svi-999": (swapped("4 Poké Pad POR 113", "4 Ultra Ball SVI 999"), "legal"),
}
ERRORS = {
    "sprigatito-pr-sv-191": {"unknown-print"},
    "dreepy-twm-999": {"unknown-print"},
    "charmander-paf-999": {"unknown-print"},
    "pikachu-pal-62x": {"unknown-print"},
    "pikachu-pal-fullwidth-62": {"not-legal"},
    "ultra-ball-svi-999": set(),
}


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def findings_of(result: dict) -> list[tuple[str, str, tuple[int, ...]]]:
    return sorted((f["rule"], f["severity"], tuple(f["lines"])) for f in result["findings"])


@pytest.fixture(scope="module")
def library(reference_index):
    db = deckcheck.open_database(reference_index.path)
    return {
        name: deckcheck.check_text(text, format="standard", date=DAY, db=db).to_json()
        for name, (text, _verdict) in EXAMPLES.items()
    }


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_library_gives_decision_18s_answer(library, name):
    result = library[name]
    assert result["verdict"] == EXAMPLES[name][1]
    assert {f["rule"] for f in result["findings"] if f["severity"] == "error"} == ERRORS[name]
    printed = [f for f in result["findings"] if f["rule"] == "unknown-print"]
    if name == "ultra-ball-svi-999":
        assert [f["severity"] for f in printed] == ["warning"]
    elif name == "pikachu-pal-fullwidth-62":
        assert printed == []  # read as PAL 62
        assert any("Pikachu PAL 62" in f["message"] for f in result["findings"] if f["rule"] == "not-legal")
    else:
        (finding,) = printed
        assert finding["severity"] == "error"
        assert "legality cannot be shown" in finding["message"]
        assert "update it (deckcheck db update)" in finding["hint"] and "correct the number" in finding["hint"]
        # never read as another print: the message names no print of the name
        assert "read by its name as" not in finding["message"]


def test_a_promo_of_the_running_series_newer_than_the_database_says_no_card(reference_index, full_index):
    # tests/exports/2026-08-18-standard-30.txt plays "2 Lunatone MEP 4", a promo the
    # pokemontcg.io snapshot lacks. Lunatone's prints differ, so the line says no card: a promo
    # series still running on the day is no exception (docs/rulings.md). With TCGdex's MEP
    # promos in the database the list is legal.
    text = (TESTS / "exports" / "2026-08-18-standard-30.txt").read_text("utf-8")
    lacking = deckcheck.check_text(
        text, format="standard", date="2026-08-18", db=deckcheck.open_database(reference_index.path)
    ).to_json()
    assert lacking["verdict"] == "unverified"
    assert [f["severity"] for f in lacking["findings"] if f["rule"] == "unknown-print"] == ["error"]
    full = deckcheck.check_text(
        text, format="standard", date="2026-08-18", db=deckcheck.open_database(full_index.path)
    ).to_json()
    assert full["verdict"] == "legal"


def run_cli(*args: str, db: Path):
    return run(*args, env={"DECKCHECK_DB": str(db), "COLUMNS": "100"}, text=True)


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("unknown-print")
    for name, (text, _verdict) in EXAMPLES.items():
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_cli_agrees_with_the_library(library, reference_index, decks, jobs):
    done = run_cli(
        "check", str(decks), "--format", "standard", "--date", DAY, "--output", "json", "--jobs", jobs,
        db=reference_index.path,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    report = json_report(done.stdout)
    assert len(report["results"]) == len(EXAMPLES)
    for result in report["results"]:
        name = Path(result["path"]).stem
        assert result["verdict"] == EXAMPLES[name][1], name
        assert findings_of(result) == findings_of(library[name]), name


def test_serve_agrees_with_the_library(library, reference_index):
    from serve_support import api_client

    with api_client(reference_index.path) as client:
        for name, (text, verdict) in EXAMPLES.items():
            answer = client.post("/api/check", json={"text": text, "format": "standard", "date": DAY})
            assert answer.status_code == 200
            result = json_report(answer.content)["results"][0]
            assert result["verdict"] == verdict and findings_of(result) == findings_of(library[name]), name
        if _has("reportlab"):
            refused = client.post(
                "/sheet", data={"text": EXAMPLES["sprigatito-pr-sv-191"][0], "format": "standard", "date": DAY}
            )
            assert refused.status_code == 422 and refused.headers["content-type"] != "application/pdf"


def test_the_sheet_never_writes_a_print_the_list_did_not_name(reference_index, decks):
    pytest.importorskip("reportlab", reason="the sheet extra (reportlab) is not installed")
    pypdf = pytest.importorskip("pypdf", reason="pypdf is not installed (pip install -e '.[test]')")
    deck = decks / "sprigatito-pr-sv-191.txt"
    refused = run_cli("sheet", str(deck), "--format", "standard", "--date", DAY, "--no-config", db=reference_index.path)
    assert refused.returncode == 1 and "no sheet written" in refused.stderr
    forced = run_cli(
        "sheet", str(deck), "--format", "standard", "--date", DAY, "--no-config", "--force", "-o",
        str(decks / "forced.pdf"), db=reference_index.path,
    )  # fmt: skip
    assert forced.returncode == 1, forced.stderr
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(decks / "forced.pdf").pages)
    assert "Sprigatito" in text and "PR-SV" in text and "191" in text
    assert "JTG" not in text  # the print its name was read as


def test_a_line_read_by_its_name_keeps_its_own_code_and_number_on_the_sheet():
    from deckcheck.model import POKEMON, Card, DeckCard, DeckEntry
    from deckcheck.sheet.content import sections

    card = Card("sv9-16", "Sprigatito", POKEMON, ("Basic",), "sv9", "JTG", "16", "I")
    entry = DeckEntry(4, "Sprigatito", 3, "PR-SV", "191")
    (pokemon, _trainer, _energy) = sections([DeckCard(entry, card, by_print=False)])
    ((row),) = pokemon.rows
    assert (row.name, row.set_code, row.number) == ("Sprigatito", "PR-SV", "191")
