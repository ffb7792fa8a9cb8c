"""Japanese lists under Japan's Standard (``standard-jp``), through every front end: the library
(check_text), the CLI with one job and two, and serve's POST /api/check, over the reference data
and Japan's cards (the ``japan_index`` fixture, as ``db import --japanese`` builds it).

The lists are in tests/japan_decks (their sources in its README): a real deck of the official
deck builder, lists written from the card data for each season since 2023 (LEGAL on a day of
the season, ILLEGAL from the day its oldest mark left), a card the day before its Japanese
release, a fifth copy and a second ACE SPEC; and the English-written list of a 2024 Champions
League (tests/cases/standard-jp)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import PROJECT_ROOT, json_report, run_deckcheck

import deckcheck

DECKS = PROJECT_ROOT / "tests" / "japan_decks"
CASES = PROJECT_ROOT / "tests" / "cases" / "standard-jp"

# (list, day, verdict, the rules of its errors)
CHECKS = [
    ("season-2023-gardevoir.txt", "2023-06-20", "legal", set()),
    ("season-2023-gardevoir.txt", "2024-01-25", "legal", set()),
    ("season-2023-gardevoir.txt", "2024-01-26", "illegal", {"not-legal"}),  # E left
    ("season-2024-charizard.txt", "2024-06-01", "legal", set()),
    ("season-2024-charizard.txt", "2025-01-24", "illegal", {"not-legal"}),  # F left
    ("season-2025-raging-bolt.txt", "2025-06-10", "legal", set()),
    ("season-2025-raging-bolt.txt", "2026-01-23", "illegal", {"not-legal"}),  # G left
    ("season-2026-raging-bolt.txt", "2026-03-01", "legal", set()),
    ("deck-code-gholdengo-2025.txt", "2025-12-20", "legal", set()),
    ("deck-code-gholdengo-2025.txt", "2026-01-23", "illegal", {"not-legal"}),
    ("release-day-2025.txt", "2025-03-14", "legal", set()),
    ("release-day-2025.txt", "2025-03-13", "illegal", {"not-legal"}),  # SV9a came out on 2025-03-14
    ("fifth-copy-2025.txt", "2025-06-01", "illegal", {"copy-limit"}),
    ("second-ace-spec-2025.txt", "2025-06-01", "illegal", {"ace-spec"}),
    # the same Japanese list under the international Standard: its cards are none of that pool
    ("season-2026-raging-bolt.txt@standard", "2026-03-01", "unverified", {"unknown-set", "unknown-card"}),
    # an English-written list of the 2024 Aichi Champions League, and one with a site's own codes
    ("cl2024-aichi-charizard.txt", "2024-04-13", "legal", set()),
    ("cl2024-aichi-charizard.txt", "2025-01-24", "illegal", {"not-legal"}),
    ("cl2024-fukuoka-lugia-site-codes.txt", "2024-02-17", "unverified", {"unknown-set"}),
]


def _path(name: str) -> Path:
    name = name.split("@")[0]
    found = [*DECKS.glob(name), *CASES.glob(f"*/{name}")]
    assert len(found) == 1, name
    return found[0]


def _format(name: str) -> str:
    return name.split("@")[1] if "@" in name else "standard-jp"


def _id(check) -> str:
    return f"{check[0]}-{check[1]}"


def _findings(result: dict) -> list[tuple[str, str, tuple[int, ...]]]:
    return sorted((f["rule"], f["severity"], tuple(f["lines"])) for f in result["findings"])


@pytest.fixture(scope="module")
def library(japan_index):
    db = deckcheck.open_database(japan_index.path)
    return {
        _id(check): deckcheck.check_text(
            _path(check[0]).read_text("utf-8"), format=_format(check[0]), date=check[1], db=db
        ).to_json()
        for check in CHECKS
    }


@pytest.mark.parametrize("check", CHECKS, ids=_id)
def test_the_library_gives_each_list_its_verdict(library, check):
    _name, _day, verdict, rules = check
    result = library[_id(check)]
    errors = [f for f in result["findings"] if f["severity"] == "error"]
    assert result["verdict"] == verdict, [f["message"] for f in errors]
    assert {f["rule"] for f in errors} == rules


def test_the_japanese_lists_are_read_line_by_line(library):
    # Every card line of the Japanese lists is identified: the counts add up to 60 with none
    # left unidentified, and no line is a syntax finding.
    for check in CHECKS:
        name, _day, verdict, _rules = check
        if name.startswith("cl2024") or "@" in name:
            continue
        result = library[_id(check)]
        assert result["total_cards"] == 60 and sum(result["counts"].values()) == 60, name
        assert not any(f["rule"] == "syntax" for f in result["findings"]), name


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_cli_agrees_with_the_library(library, japan_index, jobs):
    for check in CHECKS:
        name, day, verdict, _rules = check
        done = run_deckcheck(
            "check", str(_path(name)), "--format", _format(name), "--date", day, "--output", "json", "--jobs", jobs,
            env={"DECKCHECK_DB": str(japan_index.path)},
        )  # fmt: skip
        (result,) = json_report(done.stdout)["results"]
        assert result["verdict"] == verdict, name
        assert _findings(result) == _findings(library[_id(check)]), name
        assert done.returncode == (0 if verdict == "legal" else 1), done.stderr


def test_serve_agrees_with_the_library(library, japan_index):
    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from starlette.testclient import TestClient

    from deckcheck.web.app import Checker, Limits, create_app

    with TestClient(create_app(Checker(db=japan_index.path), Limits())) as client:
        for check in CHECKS:
            name, day, verdict, _rules = check
            answer = client.post(
                "/api/check", json={"text": _path(name).read_text("utf-8"), "format": _format(name), "date": day}
            )
            assert answer.status_code == 200
            result = json_report(answer.content)["results"][0]
            assert result["verdict"] == verdict and _findings(result) == _findings(library[_id(check)]), name


def test_the_report_in_japanese(japan_index):
    done = run_deckcheck(
        "check", str(DECKS / "second-ace-spec-2025.txt"), "--date", "2025-06-01", "--lang", "ja",
        env={"DECKCHECK_DB": str(japan_index.path)},
    )  # fmt: skip
    text = done.stdout.decode()
    unwrapped = "".join(line.strip() for line in text.splitlines())  # a Japanese sentence wraps anywhere
    assert (
        text.startswith("不正  ")
        and "ACE SPEC のカードが 2 枚あります（アンフェアスタンプ、ハイパーアロマ）" in unwrapped
    )
