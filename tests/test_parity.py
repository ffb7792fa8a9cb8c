"""Issue 21: every front end goes through one check session, so the command line
(``--output json``, one job and two), the library and ``POST /api/check`` give
the same JSON result object for every deck -- and the same refusal for a day
before a format began or a format that is none (exit 2 / FormatError / 4xx)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from support import PROJECT_ROOT, json_report

import deckcheck

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
from starlette.testclient import TestClient  # noqa: E402

from deckcheck.web.app import Checker, create_app  # noqa: E402

DATE = "2026-11-30"
FOLDERS = ("sample_decks", "tests/cases", "tests/exports", "tests/history_decks")
LEGAL = "sample_decks/legal/charizard-pidgeot-ex.txt"


def cli(*args: str) -> tuple[int, dict]:
    done = subprocess.run(
        [sys.executable, "-m", "deckcheck", "check", *args, "--no-config", "-o", "json"],
        capture_output=True,
        cwd=PROJECT_ROOT,
        timeout=600,
    )
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr, done.stderr.decode()
    return done.returncode, json_report(done.stdout) if done.stdout else {}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Checker())) as test_client:
        yield test_client


def library(path: str, **options):
    """(the result's JSON object, refused?) from the library."""
    try:
        return deckcheck.check_file(path, **options).to_json(), False
    except deckcheck.FormatError as error:
        return error.result.to_json(), True


def served(client, path: str, query: str):
    """(the result's JSON object named as the file, refused?) from POST /api/check."""
    answer = client.post(
        f"/api/check?{query}", content=(PROJECT_ROOT / path).read_bytes(), headers={"content-type": "text/plain"}
    )
    assert answer.status_code in (200, 422), answer.text
    (result,) = answer.json()["results"]
    assert result["path"] == "<text>"
    return {**result, "path": path}, answer.status_code == 422


def test_every_deck_gets_one_result_from_every_front_end(monkeypatch, client):
    monkeypatch.chdir(PROJECT_ROOT)
    code, one_job = cli(*FOLDERS, "--date", DATE, "--jobs", "1")
    code_two, two_jobs = cli(*FOLDERS, "--date", DATE, "--jobs", "2")
    assert code == code_two and one_job == two_jobs
    results = one_job["results"]
    paths = [result["path"] for result in results]
    assert len(paths) > 80 and paths == deckcheck.find_decks(*FOLDERS)
    refused_any = False
    for expected in results:
        path = expected["path"]
        from_library, refused = library(path, date=DATE)
        assert from_library == expected, path
        from_serve, refused_served = served(client, path, f"date={DATE}")
        assert from_serve == expected, path
        assert refused == refused_served == any(f["rule"] == "unknown-format" for f in expected["findings"]), path
        refused_any = refused_any or refused
    assert code == (2 if refused_any else 1)


@pytest.mark.parametrize("format_, date", [("expanded", "2012-05-01"), ("standard", "1999-01-01")])
def test_a_day_before_the_format_began_is_one_refusal_everywhere(monkeypatch, client, format_, date):
    monkeypatch.chdir(PROJECT_ROOT)
    code, report = cli(LEGAL, "--format", format_, "--date", date)
    assert code == 2
    (expected,) = report["results"]
    assert [f["rule"] for f in expected["findings"]] == ["unknown-format"]
    from_library, refused = library(LEGAL, format=format_, date=date)
    assert refused and from_library == expected
    from_serve, refused = served(client, LEGAL, f"format={format_}&date={date}")
    assert refused and from_serve == expected


def test_a_deck_naming_a_format_that_is_none_is_one_refusal_everywhere(monkeypatch, client, tmp_path):
    deck = tmp_path / "standrd.txt"
    deck.write_text("# format: standrd\n" + (PROJECT_ROOT / LEGAL).read_text(encoding="utf-8"), encoding="utf-8")
    code, report = cli(str(deck), "--date", DATE)
    assert code == 2
    (expected,) = report["results"]
    from_library, refused = library(str(deck), date=DATE)
    assert refused and from_library == expected
    answer = client.post(f"/api/check?date={DATE}", content=deck.read_bytes())
    assert answer.status_code == 422 and "standrd" in answer.json()["error"]
    assert answer.json()["results"][0] == {**expected, "path": "<text>"}


def test_a_format_given_that_is_none_is_refused_before_any_deck(monkeypatch, client):
    monkeypatch.chdir(PROJECT_ROOT)
    code, report = cli(LEGAL, "--format", "nope", "--date", DATE)
    assert code == 2 and report == {}
    with pytest.raises(deckcheck.FormatError, match="unknown format 'nope'"):
        deckcheck.check_file(LEGAL, format="nope", date=DATE)
    answer = client.post(f"/api/check?format=nope&date={DATE}", content=(PROJECT_ROOT / LEGAL).read_bytes())
    assert answer.status_code == 400 and "nope" in answer.json()["error"]
