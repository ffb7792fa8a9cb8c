"""Lines that do not say which card they are never make a deck LEGAL (docs/rulings.md, "Which
card a line is"), through every front end: the library (check_text), the CLI with one job and
two, serve's POST /api/check, and sheet, which writes no sheet for a deck that is not legal.

Each example was LEGAL (or wrongly ILLEGAL) before the one contract; each is now answered
the same way everywhere."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import PROJECT_ROOT, json_report, run_deckcheck

import deckcheck

TESTS = Path(__file__).resolve().parents[1]
TCGDEX = PROJECT_ROOT.parent / "shared" / "carddata" / "tcgdex-api"
GLC = (TESTS / "cases" / "glc" / "legal" / "fire-singleton-2026-11-30.txt").read_text("utf-8")
REAL = (TESTS / "exports" / "2025-10-11-standard-21.txt").read_text("utf-8")


def swapped(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


# name: (text, format, day, verdict, the error rules)
EXAMPLES = {
    # A promo number past the end of its series: Riolu's prints differ.
    "riolu-pr-sw-swsh999": ("4 Riolu PR-SW SWSH999\n56 Fighting Energy\n", "standard", "2021-01-01", "unverified", {"unknown-print"}),
    "riolu-pr-sv-250": ("4 Riolu PR-SV 250\n56 Fighting Energy\n", "standard", "2023-07-01", "unverified", {"unknown-print"}),
    "riolu-mep-90": ("4 Riolu MEP 90\n56 Fighting Energy\n", "standard", "2026-04-01", "unverified", {"unknown-print"}),
    # A number of a set released after the day: no card of it is legal then.
    "iono-pbl-999": (
        "4 Iono PBL 999\n4 Pikachu PAL 62\n52 Lightning Energy\n", "standard", "2024-01-01", "unverified", {"unknown-print"},
    ),
    # A word of the name is no set code: Iron Hands ex PAR 70, a rule-box card GLC does not allow.
    "iron-hands-ex-par70": (swapped(GLC, "1 Vulpix SIT 17", "1 Iron Hands ex par70"), "glc", "2026-11-30", "illegal", {"rule-box", "single-type"}),
    # A forum sentence, a damaged header and a Chinese total around a legal list: nothing broken.
    "prose-and-damaged-headers": (
        "Dragapult list for League Cup — feedback welcome!\n"
        + swapped(swapped(REAL, "Pokémon: ", "Pok?mon: "), "Total Cards: 60", "总计: 60"),
        "standard",
        "2025-10-11",
        "unverified",
        {"syntax"},
    ),
    "damaged-headers-only": (
        swapped(swapped(REAL, "Pokémon: ", "PokÃ©mon: "), "Total Cards: 60", "总计: 60"),
        "standard",
        "2025-10-11",
        "legal",
        set(),
    ),
}  # fmt: skip


def findings_of(result: dict) -> list[tuple[str, str, tuple[int, ...]]]:
    return sorted((f["rule"], f["severity"], tuple(f["lines"])) for f in result["findings"])


@pytest.fixture(scope="module")
def library(full_index):
    db = deckcheck.open_database(full_index.path)
    return {
        name: deckcheck.check_text(text, format=fmt, date=day, db=db).to_json()
        for name, (text, fmt, day, _verdict, _rules) in EXAMPLES.items()
    }


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_library_never_shows_an_unidentified_line_legal(library, name):
    _text, _fmt, _day, verdict, rules = EXAMPLES[name]
    result = library[name]
    assert result["verdict"] == verdict
    assert {f["rule"] for f in result["findings"] if f["severity"] == "error"} == rules


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("identification")
    for name, (text, fmt, day, _verdict, _rules) in EXAMPLES.items():
        (folder / fmt / day).mkdir(parents=True, exist_ok=True)
        (folder / fmt / day / f"{name}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_cli_agrees_with_the_library(library, full_index, decks, jobs):
    for fmt, day in sorted({(fmt, day) for _t, fmt, day, _v, _r in EXAMPLES.values()}):
        done = run_deckcheck(
            "check", str(decks / fmt / day), "--format", fmt, "--date", day, "--output", "json", "--jobs", jobs,
            env={"DECKCHECK_DB": str(full_index.path)},
        )  # fmt: skip
        report = json_report(done.stdout)
        for result in report["results"]:
            name = Path(result["path"]).stem
            assert result["verdict"] == EXAMPLES[name][3], name
            assert findings_of(result) == findings_of(library[name]), name
        legal = all(r["verdict"] == "legal" for r in report["results"])
        assert done.returncode == (0 if legal else 1), done.stderr


def test_serve_agrees_with_the_library(library, full_index):
    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from starlette.testclient import TestClient

    from deckcheck.web.app import Checker, Limits, create_app

    with TestClient(create_app(Checker(db=full_index.path), Limits())) as client:
        for name, (text, fmt, day, verdict, _rules) in EXAMPLES.items():
            answer = client.post("/api/check", json={"text": text, "format": fmt, "date": day})
            assert answer.status_code == 200
            result = json_report(answer.content)["results"][0]
            assert result["verdict"] == verdict and findings_of(result) == findings_of(library[name]), name


@pytest.mark.parametrize("name", [n for n, example in EXAMPLES.items() if example[3] != "legal"])
def test_sheet_writes_no_sheet_for_a_deck_that_is_not_shown_legal(full_index, decks, tmp_path, name):
    pytest.importorskip("reportlab", reason="deckcheck[sheet] is not installed (pip install -e '.[test]')")
    _text, fmt, day, _verdict, _rules = EXAMPLES[name]
    pdf = tmp_path / "sheet.pdf"
    done = run_deckcheck(
        "sheet", str(decks / fmt / day / f"{name}.txt"), "--format", fmt, "--date", day, "-o", str(pdf),
        "--player", "A Player", "--player-id", "1234567",
        env={"DECKCHECK_DB": str(full_index.path)},
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert not pdf.exists()
    assert b"no sheet written" in done.stderr


def test_a_french_name_that_two_english_cards_share_is_an_error(full_index, tmp_path):
    # "Aurore" is the French name of both Dawn and Morgan: beside 2 Dawn PFL 87 the deck holds
    # six Dawn, or four Morgan that are not legal -- never LEGAL with "4 not identified".
    if not (TCGDEX / "v2" / "fr" / "cards.json").is_file():
        pytest.skip(f"TCGdex names not found at {TCGDEX} (../shared/carddata is needed for this test)")
    from deckcheck.carddb.translations import import_names

    db = tmp_path / "cards.sqlite3"
    shutil.copyfile(full_index.path, db)
    import_names(TCGDEX, db, ["fr"])
    text = swapped(REAL, "3 Iono PAL 185", "4 Aurore")
    text = swapped(text, "2 Boss's Orders PAL 172", "2 Dawn PFL 87")
    result = deckcheck.check_text(text, format="standard", date="2025-10-11", db=deckcheck.open_database(db))
    errors = [f for f in result.findings if f.severity == "error" and f.rule == "ambiguous-card"]
    assert result.verdict != "legal" and len(errors) == 1
    assert "Dawn" in errors[0].message and "Morgan" in errors[0].message
    deck_file = tmp_path / "aurore.txt"
    deck_file.write_text(text, encoding="utf-8")
    done = run_deckcheck(
        "check", str(deck_file), "--format", "standard", "--date", "2025-10-11", "--output", "json",
        env={"DECKCHECK_DB": str(db)},
    )  # fmt: skip
    (cli,) = json_report(done.stdout)["results"]
    assert cli["verdict"] == result.verdict and done.returncode == 1


def test_the_built_in_catalogue_never_reads_a_print_it_lacks_as_another(tmp_path):
    # Without a card database, Slugma TEF 28 is not Slugma DX 74 (which rotated in 2007): the
    # catalogue holds some prints of each set only, so the line says no card, and no rule is broken.
    deck_file = tmp_path / "slugma.txt"
    deck_file.write_text("1 Slugma TEF 28\n", encoding="utf-8")
    done = run_deckcheck("check", str(deck_file), "--format", "standard", "--date", "2024-12-01", "--output", "json")
    (result,) = json_report(done.stdout)["results"]
    rules = {f["rule"] for f in result["findings"] if f["severity"] == "error"}
    assert rules == {"unknown-print", "deck-size"}
    assert not any("DX" in f["message"] for f in result["findings"])
