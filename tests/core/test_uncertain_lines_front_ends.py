"""Lines that do not say which card they are (docs/rulings.md, "Which card a line is"), through
every front end: real lines give the same verdict and findings through the library (check_text,
check_file -- what the Dask recipe calls), the CLI (one process per deck, and --jobs 2 over a
folder) and serve's POST /api/check. The verdict has its own word in the text report and a field
in the JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import json_report, run_deckcheck

import deckcheck

TESTS = Path(__file__).resolve().parents[1]
STANDARD = (TESTS / "exports" / "2026-08-22-standard-31.txt").read_text("utf-8")
GLC = (TESTS / "cases" / "glc" / "legal" / "fire-singleton-2026-11-30.txt").read_text("utf-8")


def swapped(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


# name: (text, format, date, verdict, error rules)
EXAMPLES = {
    "iono-meg-114": (
        swapped(STANDARD, ("2 Hilda WHT 171", "2 Iono MEG 114")),
        "standard",
        "2026-08-22",
        "unverified",
        {"name-mismatch"},
    ),
    "ultra-ball-numbers": (
        swapped(
            STANDARD,
            ("4 Poké Pad POR 113", "4 Ultra Ball MEG 131"),
            ("2 Switch PFL 123", "2 Ultra Ball SCR 133"),
            ("1 Pokégear 3.0 UNB 233", "1 Ultra Ball MEG 130"),
        ),
        "standard",
        "2026-08-22",
        "unverified",
        {"name-mismatch"},
    ),
    "victini-v-glc": (
        swapped(GLC, ("1 Vulpix SIT 17", "1 Victini V BRS 21")),
        "glc",
        "2026-11-30",
        "unverified",
        {"name-mismatch"},
    ),
    "trapinch-hp-68": (
        "4 Trapinch HP 68\n56 Fighting Energy BS 97\n",
        "unlimited",
        "2026-11-30",
        "unverified",
        {"name-mismatch"},
    ),
    "tropius-pbl": (
        swapped(STANDARD, ("4 Cynthia's Roselia DRI 7", "4 Tropius PBL 1")),
        "standard",
        "2026-07-20",
        "unverified",
        {"unknown-set"},
    ),
    "pikachu-swshalt": ("1 Pikachu SWSHALT 1\n", "standard", "2026-11-30", "illegal", {"not-legal", "deck-size"}),
    "snorlax-swshalt": (
        "1 Snorlax SWSHALT 107\n59 Basic {W} Energy SVE 3\n",
        "standard",
        "2023-06-01",
        "unverified",
        {"ambiguous-card"},
    ),
    "dragonair-2006": (
        "1 Dragonair\n3 Dragonite\n56 Water Energy HP 107\n",
        "standard",
        "2006-08-25",
        "illegal",
        {"basic-pokemon"},
    ),
    "lower-case-code": (
        swapped(STANDARD, ("4 Boss's Orders RCL 189", "4 Boss's Orders meg 114")),
        "standard",
        "2026-08-22",
        "legal",
        set(),
    ),
    "real-spellings": (
        "4 Mewtwo & Mew GX UNM 71\n4 Plasma Badge PLF 104\n52 Fighting BS 97\n",
        "unlimited",
        "2026-11-30",
        "legal",
        set(),
    ),
}


def findings_of(result: dict) -> list[tuple[str, str, tuple[int, ...]]]:
    return sorted((f["rule"], f["severity"], tuple(f["lines"])) for f in result["findings"])


@pytest.fixture(scope="module")
def decks(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("decision-18")
    for name, (text, fmt, date, _verdict, _rules) in EXAMPLES.items():
        (folder / fmt / date).mkdir(parents=True, exist_ok=True)
        (folder / fmt / date / f"{name}.txt").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def library(reference_index):
    db = deckcheck.open_database(reference_index.path)
    return {
        name: deckcheck.check_text(text, format=fmt, date=date, db=db).to_json()
        for name, (text, fmt, date, _verdict, _rules) in EXAMPLES.items()
    }


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_library_gives_decision_18s_answer(library, reference_index, decks, name):
    _text, fmt, date, verdict, rules = EXAMPLES[name]
    result = library[name]
    assert result["verdict"] == verdict
    assert result["legal"] == (verdict == "legal")
    assert {f["rule"] for f in result["findings"] if f["severity"] == "error"} - {"deck-size"} == rules - {"deck-size"}
    by_file = deckcheck.check_file(
        decks / fmt / date / f"{name}.txt", format=fmt, date=date, db=deckcheck.open_database(reference_index.path)
    ).to_json()
    assert findings_of(by_file) == findings_of(result) and by_file["verdict"] == verdict


def run_cli(*args: str, db: Path):
    return run_deckcheck("check", *args, env={"DECKCHECK_DB": str(db), "NO_COLOR": "1", "COLUMNS": "100"}, text=True)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_cli_agrees_with_the_library_with_one_job_and_two(library, reference_index, decks, jobs):
    for fmt_date in sorted({(fmt, date) for _t, fmt, date, _v, _r in EXAMPLES.values()}):
        folder = decks / fmt_date[0] / fmt_date[1]
        done = run_cli(
            str(folder),
            "--format",
            fmt_date[0],
            "--date",
            fmt_date[1],
            "--output",
            "json",
            "--jobs",
            jobs,
            db=reference_index.path,
        )
        report = json_report(done.stdout)
        for result in report["results"]:
            name = Path(result["path"]).stem
            assert result["verdict"] == EXAMPLES[name][3], name
            assert findings_of(result) == findings_of(library[name]), name
        expected_exit = 0 if all(r["verdict"] == "legal" for r in report["results"]) else 1
        assert done.returncode == expected_exit, done.stderr


def test_the_text_report_has_a_word_for_each_verdict_and_counts_them_apart(reference_index, decks):
    done = run_cli(str(decks / "standard"), "--format", "standard", "--date", "2026-08-22", db=reference_index.path)
    assert done.returncode == 1
    words = {line.split()[0] for line in done.stdout.splitlines() if line.endswith(")") and "  " in line}
    assert {"ILLEGAL", "NOT", "LEGAL"} <= words
    # Seven decks under standard/ (one of each day), each checked on 2026-08-22 here.
    summary = [line for line in done.stdout.splitlines() if "decks checked" in line]
    assert summary and "not verified" in summary[0]
    german = run_cli(
        str(decks / "unlimited"),
        "--format",
        "unlimited",
        "--date",
        "2026-11-30",
        "--lang",
        "de",
        db=reference_index.path,
    )
    # NOT VERIFIED is not NOT CHECKED (NICHT GEPRÜFT) in German either.
    assert "NICHT BESTÄTIGT" in german.stdout and "1 nicht bestätigt" in german.stdout
    assert "GEPRÜFT" not in german.stdout.replace("geprüft:", "")


def test_serve_agrees_with_the_library(library, reference_index):
    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from starlette.testclient import TestClient

    from deckcheck.web.app import Checker, Limits, create_app

    with TestClient(create_app(Checker(db=reference_index.path), Limits())) as client:
        for name, (text, fmt, date, verdict, _rules) in EXAMPLES.items():
            answer = client.post("/api/check", json={"text": text, "format": fmt, "date": date})
            assert answer.status_code == 200
            result = json_report(answer.content)["results"][0]
            assert result["verdict"] == verdict and findings_of(result) == findings_of(library[name]), name
        page = client.post(
            "/check", data={"text": EXAMPLES["tropius-pbl"][0], "format": "standard", "date": "2026-07-20"}
        )
        assert "NOT VERIFIED" in page.text and 'class="verdict unverified"' in page.text


def test_a_run_with_only_the_built_in_catalogue_is_not_verified_never_illegal(tmp_path):
    # The catalogue holds the rule-relevant cards only: the other lines of a real list
    # are unknown, so its legality cannot be shown -- not a broken rule.
    deck = tmp_path / "deck.txt"
    deck.write_text(STANDARD, encoding="utf-8")
    done = run_deckcheck(
        "check",
        str(deck),
        "--format",
        "standard",
        "--date",
        "2026-08-22",
        "--output",
        "json",
        env={"DECKCHECK_DB": None},
    )
    (result,) = json_report(done.stdout)["results"]
    assert result["verdict"] == "unverified" and done.returncode == 1
    assert {f["rule"] for f in result["findings"] if f["severity"] == "error"} <= {
        "unknown-card",
        "unknown-set",
        "unknown-print",
    }
