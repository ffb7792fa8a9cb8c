"""Every front end goes through one check session, so the command line
(``--output json``, one job and two), the library and ``POST /api/check`` give
the same JSON result object for every deck -- and the same refusal for a day
before a format began or a format that is none (exit 2 / FormatError / 4xx), whose
hint names each front end's own controls (``--format``; ``format=``)."""

from __future__ import annotations

import pytest
from support import PROJECT_ROOT, assert_clean, json_report, run_deckcheck

import deckcheck

pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
from starlette.testclient import TestClient  # noqa: E402

from deckcheck.web.app import Checker, create_app  # noqa: E402

DATE = "2026-11-30"
FOLDERS = ("sample_decks", "tests/cases", "tests/exports", "tests/history_decks")
LEGAL = "sample_decks/legal/charizard-pidgeot-ex.txt"


def cli(*args: str) -> tuple[int, dict]:
    done = run_deckcheck("check", *args, "--no-config", "-o", "json")
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr, done.stderr.decode()
    return done.returncode, json_report(done.stdout) if done.stdout else {}


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Checker())) as test_client:
        yield test_client


def in_cli_words(entry: dict) -> dict:
    """``entry`` with its hint naming the command line's options: each front end names its own
    controls (the library and the API ``format=`` and ``date=``, the command line ``--format``
    and ``--date``), and says the rest alike."""
    hint = entry.get("hint")
    if not hint:
        return entry
    assert "--format" not in hint and "--date" not in hint, hint
    return {**entry, "hint": hint.replace("(format=)", "(--format)").replace("(date=)", "(--date)")}


def library(path: str, **options):
    """(the deck's entry in the JSON report, refused?) from the library: a deck that was not
    checked is the result of its FormatError, among the report's problems."""
    try:
        result, refused = deckcheck.check_file(path, **options), False
    except deckcheck.FormatError as error:
        result, refused = error.result, True
        assert result.verdict == "not-checked" and not result.legal
    report = deckcheck.report_json([result])
    (entry,) = report["results"] + report.get("problems", [])
    return in_cli_words(entry), refused


def served(client, path: str, query: str):
    """(the result's JSON object named as the file, refused?) from POST /api/check."""
    answer = client.post(
        f"/api/check?{query}", content=(PROJECT_ROOT / path).read_bytes(), headers={"content-type": "text/plain"}
    )
    assert answer.status_code in (200, 422), answer.text
    body = answer.json()
    (entry,) = body["results"] + body.get("problems", [])
    assert entry["path"] == "<text>"
    return in_cli_words({**entry, "path": path}), answer.status_code == 422


def test_every_deck_gets_one_result_from_every_front_end(monkeypatch, client):
    monkeypatch.chdir(PROJECT_ROOT)
    code, one_job = cli(*FOLDERS, "--date", DATE, "--jobs", "1")
    code_two, two_jobs = cli(*FOLDERS, "--date", DATE, "--jobs", "2")
    assert code == code_two and one_job == two_jobs
    not_checked = one_job.get("problems", [])
    entries = one_job["results"] + not_checked
    paths = [entry["path"] for entry in entries]
    assert len(paths) > 80 and sorted(paths) == sorted(deckcheck.find_decks(*FOLDERS))
    refused_any = False
    for expected in entries:
        path = expected["path"]
        from_library, refused = library(path, date=DATE)
        assert from_library == expected, path
        from_serve, refused_served = served(client, path, f"date={DATE}")
        assert from_serve == expected, path
        assert refused == refused_served == (expected in not_checked), path
        refused_any = refused_any or refused
    assert code == (2 if refused_any else 1)


@pytest.mark.parametrize("format_, date", [("expanded", "2012-05-01"), ("standard", "1999-01-01")])
def test_a_day_before_the_format_began_is_one_refusal_everywhere(monkeypatch, client, format_, date):
    monkeypatch.chdir(PROJECT_ROOT)
    code, report = cli(LEGAL, "--format", format_, "--date", date)
    assert code == 2 and report["results"] == [] and report["legal"] is False
    (expected,) = report["problems"]
    assert expected["rule"] == "unknown-format"
    from_library, refused = library(LEGAL, format=format_, date=date)
    assert refused and from_library == expected
    from_serve, refused = served(client, LEGAL, f"format={format_}&date={date}")
    assert refused and from_serve == expected


def test_a_deck_naming_a_format_that_is_none_is_one_refusal_everywhere(monkeypatch, client, tmp_path):
    deck = tmp_path / "standrd.txt"
    deck.write_text("# format: standrd\n" + (PROJECT_ROOT / LEGAL).read_text(encoding="utf-8"), encoding="utf-8")
    code, report = cli(str(deck), "--date", DATE)
    assert code == 2 and report["results"] == []
    (expected,) = report["problems"]
    from_library, refused = library(str(deck), date=DATE)
    assert refused and from_library == expected
    answer = client.post(f"/api/check?date={DATE}", content=deck.read_bytes())
    assert answer.status_code == 422 and "standrd" in answer.json()["error"]
    assert in_cli_words(answer.json()["problems"][0]) == {**expected, "path": "<text>"}


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    "first_line, fields",
    [("# format: standrd\n", {"date": DATE}), ("", {"format": "standard", "date": "1999-01-01"})],
)
def test_a_deck_that_could_not_be_checked_is_not_checked_never_illegal(tmp_path, client, first_line, fields, jobs):
    """A deck whose format is none, or a day before its format
    began, is NOT CHECKED in every report -- never ILLEGAL, counted apart, exit code 2."""
    text = first_line + (PROJECT_ROOT / LEGAL).read_text(encoding="utf-8")
    deck = tmp_path / "fmt-typo.txt"
    deck.write_text(text, encoding="utf-8")
    legal = tmp_path / "legal.txt"
    legal.write_text((PROJECT_ROOT / LEGAL).read_text(encoding="utf-8"), encoding="utf-8")
    options = [item for key, value in fields.items() for item in (f"--{key}", value)]
    args = ["check", str(deck), *options, "--no-config", "--jobs", jobs]
    done = run_deckcheck(*args, str(legal), text=True)
    assert done.returncode == 2, done.stderr
    assert f"NOT CHECKED  {deck}" in done.stdout and "ILLEGAL" not in done.stdout, done.stdout
    expected = (
        "2 paths were not checked" if "format" in fields else "1 deck checked: 1 legal, 0 illegal.\n1 path was not"
    )
    assert expected in done.stdout, done.stdout
    summary = tmp_path / "summary.md"
    assert run_deckcheck(*args, "-o", "github", "--summary", str(summary)).returncode == 2
    assert "**NOT CHECKED**" in summary.read_text(encoding="utf-8")
    html = run_deckcheck(*args, "-o", "html", text=True)
    assert html.returncode == 2 and "NOT CHECKED" in html.stdout and "ILLEGAL" not in html.stdout
    page = client.post("/check", data={"text": text, **fields})
    assert page.status_code == 422 and "NOT CHECKED" in page.text and "ILLEGAL" not in page.text


@pytest.mark.parametrize("output", ["text", "json", "github", "sarif", "junit", "html"])
def test_every_output_is_byte_identical_with_one_job_and_with_two(output):
    # With --jobs 2 the packs are loaded in the workers (the sample decks name standard, expanded, ...),
    # and SARIF's rule catalogue (and every ruleIndex) once depended on what the parent had loaded.
    args = ("check", "sample_decks", "--no-config", "--date", "2026-11-30", "-o", output)
    one, two = run_deckcheck(*args, "--jobs", "1"), run_deckcheck(*args, "--jobs", "2")
    assert_clean(one, 1)
    assert_clean(two, 1)
    assert one.stdout == two.stdout and one.stdout
