"""A deck that could not be checked at
all -- an unreadable file, an unknown format (``# format: standrd`` in the list), a day before
the format began (``--date 1999-01-01 --format standard``) -- is NOT CHECKED, never ILLEGAL:
its own word in the text report, the HTML report, serve's page and the step summary, counted
apart from the decks, one JSON shape (the ``problems`` entry), exit code 2; the CLI (one job
and two), the library and serve give the same answer ("The verdict words" in docs/rulings.md).
"Not verified" and "not checked" are different words in every language."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import SAMPLE_DECKS, json_report
from support import run_deckcheck as run

import deckcheck

LEGAL = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
DAY = "2026-11-30"


@pytest.fixture
def decks(tmp_path) -> dict[str, Path]:
    typo = tmp_path / "fmt-typo.txt"
    typo.write_text("# format: standrd\n" + LEGAL.replace("# format:", "# was-format:"), encoding="utf-8")
    early = tmp_path / "early.txt"
    early.write_text(LEGAL, encoding="utf-8")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x00\x01\x02 not a deck \xff" * 10)
    return {"typo": typo, "early": early, "binary": binary}


CASES = {
    # name: (deck, extra options, the problem's rule)
    "typo": ((), "unknown-format"),
    "early": (("--format", "standard", "--date", "1999-01-01"), "unknown-format"),
    "binary": ((), "unreadable"),
}


def _options(name: str) -> tuple[str, ...]:
    extra = CASES[name][0]
    return extra if "--date" in extra else (*extra, "--date", DAY)


@pytest.mark.parametrize("name", CASES)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_cli_says_not_checked_counts_it_apart_and_exits_2(decks, name, jobs, tmp_path):
    other = tmp_path / "other.txt"
    other.write_text(LEGAL, encoding="utf-8")
    paths = (str(decks[name]), str(other))
    summary = tmp_path / "summary.md"
    text = run("check", *paths, *_options(name), "--no-config", "--jobs", jobs, "--summary", str(summary))
    out = text.stdout.decode()
    assert text.returncode == 2, text.stderr.decode()
    assert f"NOT CHECKED  {decks[name]}" in out and "ILLEGAL" not in out
    # the day before standard began holds for the other deck too: both are not checked
    both = name == "early"
    # the deck not checked is counted apart from the decks checked
    assert ("0 decks checked: 0 legal, 0 illegal." if both else "1 deck checked: 1 legal, 0 illegal.") in out
    assert ("2 paths were not checked" if both else "1 path was not checked") in out
    step = summary.read_text(encoding="utf-8")
    assert "not checked" in step and " 0 illegal" in step.split("\n")[0]
    as_json = run("check", *paths, *_options(name), "--no-config", "--jobs", jobs, "-o", "json")
    assert as_json.returncode == 2
    report = json_report(as_json.stdout)
    assert [Path(r["path"]).name for r in report["results"]] == ([] if both else ["other.txt"])
    problem = report["problems"][0]
    assert problem["rule"] == CASES[name][1] and Path(problem["path"]) == decks[name]
    assert len(report["problems"]) == (2 if both else 1)
    html = run("check", *paths, *_options(name), "--no-config", "--jobs", jobs, "-o", "html")
    assert html.returncode == 2
    page = html.stdout.decode()
    assert "not checked" in page and "ILLEGAL" not in page.split('id="summary"')[0].replace("VERDICT_ILLEGAL", "")


@pytest.mark.parametrize("name", ["typo", "early"])
def test_the_library_and_serve_refuse_it_with_the_same_problem(decks, name):
    pytest.importorskip("starlette", reason="deckcheck[serve] is not installed (pip install -e '.[test]')")
    from starlette.testclient import TestClient

    from deckcheck.web.app import Checker, create_app

    deck = decks[name]
    cli = json_report(run("check", str(deck), *_options(name), "--no-config", "-o", "json").stdout)
    (expected,) = cli["problems"]
    extra = dict(zip(_options(name)[::2], _options(name)[1::2]))
    options = {key.lstrip("-"): value for key, value in extra.items()}
    with pytest.raises(deckcheck.FormatError) as refused:
        deckcheck.check_file(deck, **options)
    (problem,) = deckcheck.report_json([refused.value.result])["problems"]
    # The same problem; the hint names each front end's own controls (format=, date= for the
    # library and the API; --format, --date for the command line).
    assert "--format" in expected["hint"]

    def in_cli_words(entry: dict) -> dict:
        hint = entry["hint"].replace("(format=)", "(--format)").replace("(date=)", "(--date)")
        return {**entry, "hint": hint}

    assert "--format" not in problem["hint"] and in_cli_words(problem) == expected
    query = "&".join(f"{key}={value}" for key, value in options.items())
    with TestClient(create_app(Checker())) as client:
        answer = client.post(f"/api/check?{query}", content=deck.read_bytes(), headers={"content-type": "text/plain"})
        assert answer.status_code == 422
        assert answer.json()["results"] == []
        assert [in_cli_words(p) for p in answer.json()["problems"]] == [{**expected, "path": "<text>"}]
        page = client.post("/check", data={"text": deck.read_text(encoding="utf-8"), **options})
        assert page.status_code == 422
        assert "NOT CHECKED" in page.text and 'class="verdict illegal"' not in page.text


def test_the_known_formats_are_not_wrapped_inside_a_name(decks):
    done = run("check", str(decks["typo"]), "--date", DAY, "--no-config", env={"COLUMNS": "100"})
    lines = done.stdout.decode().splitlines()
    assert not any(line.rstrip().endswith(("base-", "modified-", "half-")) for line in lines), lines
    assert any("base-fossil" in line for line in lines)


@pytest.mark.parametrize("lang", ["de", "es", "fr", "it", "pt"])
def test_not_verified_and_not_checked_are_different_words(lang):
    from deckcheck.i18n import translator
    from deckcheck.render.text import NOT_CHECKED, PATHS_NOT_CHECKED, UNVERIFIED_DECKS, VERDICT_UNVERIFIED

    tr = translator(lang)
    not_verified, not_checked = tr.gettext(VERDICT_UNVERIFIED), tr.gettext(NOT_CHECKED)
    assert not_verified != not_checked
    # the summary's "not verified" ("5 not verified", a message of its own) is not
    # the word "not checked" uses
    summary = tr.ngettext(UNVERIFIED_DECKS.singular, UNVERIFIED_DECKS.plural, 5)
    paths = tr.ngettext(PATHS_NOT_CHECKED.singular, PATHS_NOT_CHECKED.plural, 5)
    unverified_words = summary.replace("{count}", "").strip(" .").split()
    assert unverified_words
    assert " ".join(unverified_words).casefold() not in paths.casefold(), (summary, paths)


@pytest.mark.parametrize("name", CASES)
def test_the_text_report_says_why_once_and_the_other_reports_get_a_line_beside(decks, name):
    """The text report and standard error both said why a deck could not be checked
    (a format that is none, a day before the format began): the text report says it once; JSON
    and the other machine-read reports keep one line on standard error, as for an unreadable file."""
    text = run("check", str(decks[name]), *_options(name), "--no-config")
    assert text.returncode == 2
    out, err = text.stdout.decode(), text.stderr.decode()
    assert f"NOT CHECKED  {decks[name]}" in out
    assert "deckcheck: error:" not in err, err
    machine = run("check", str(decks[name]), *_options(name), "--no-config", "-o", "json")
    assert machine.returncode == 2
    (problem,) = json_report(machine.stdout)["problems"]
    errors = [line for line in machine.stderr.decode().splitlines() if line.startswith("deckcheck: error:")]
    assert len(errors) == 1 and str(decks[name]) in errors[0], errors
