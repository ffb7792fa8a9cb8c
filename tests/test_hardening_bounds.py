"""Issue 23, "every bound that still leaks": days at the end of the calendar (D1),
--exclude and .gitignore patterns (B2), one deck of very many lines (B1), an
unusable cache folder (U1), and every output the same whatever --jobs (R2).
Each test fails without its fix; figures (time, memory) are bench rows, not here."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from support import PROJECT_ROOT, json_report
from support import run_deckcheck as run

DECK = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


def assert_clean(result, code: int | None = None) -> None:
    err = result.stderr.decode(errors="replace")
    assert "Traceback" not in err and "internal error" not in err, err
    if code is not None:
        assert result.returncode == code, err


# -- D1: the last days of the calendar ----------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("--date", "9999-12-31"),
        ("--date", "9999-12-25", "--rotation-days", "30"),
        ("--rotation-days", str(10**12)),
        ("--date", "0001-01-01", "--rotation-days", str(10**12)),
    ],
)
def test_the_end_of_the_calendar_is_a_day_like_any_other_on_the_command_line(args):
    result = run("check", str(DECK), "--no-config", "--output", "json", *args)
    assert_clean(result, 1)  # the deck's own problems, not an OverflowError
    assert json_report(result.stdout)["results"][0]["legal"] is False


def test_the_end_of_the_calendar_in_the_configuration(tmp_path):
    (tmp_path / ".deckcheck.yaml").write_text("date: 9999-12-31\n", encoding="utf-8")
    (tmp_path / "deck.txt").write_bytes(DECK.read_bytes())
    result = run("check", "deck.txt", "--output", "json", "--rotation-days", str(10**9), cwd=tmp_path)
    assert_clean(result, 1)
    assert json_report(result.stdout)["results"][0]["date"] == "9999-12-31"


def test_the_library_checks_on_the_last_day_and_refuses_a_bad_one_with_value_error():
    import deckcheck

    for day in ("9999-12-31", dt.date.max):
        result = deckcheck.check_text(DECK.read_text(encoding="utf-8"), date=day)
        assert result.date == "9999-12-31" or str(result.date) == "9999-12-31"
    with pytest.raises(ValueError):
        deckcheck.check_text(DECK.read_text(encoding="utf-8"), date="10000-01-01")


def test_days_later_stops_at_the_last_day():
    from deckcheck.rules.base import days_later

    assert days_later(dt.date(2026, 1, 1), 31) == dt.date(2026, 2, 1)
    assert days_later(dt.date(9999, 12, 25), 30) == dt.date.max
    assert days_later(dt.date(1, 1, 1), 10**15) == dt.date.max


# -- B2: patterns in time linear in the path -----------------------------------------

SLOW_PATTERN = "*a" * 12 + "*b"  # Python's re: C(60, 12) ways to fail on 60 letters; hours


def test_a_backtracking_exclude_pattern_is_matched_in_linear_time(tmp_path):
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / ("a" * 60 + ".txt")).write_bytes(DECK.read_bytes())
    (decks / ("a" * 59 + "b")).mkdir()
    (decks / ("a" * 59 + "b") / "deck.txt").write_bytes(DECK.read_bytes())
    # The timeout only guards against a run that would never end; the figure is a bench row.
    result = run("check", "decks", "--no-config", "--output", "json", "--exclude", SLOW_PATTERN, cwd=tmp_path)
    assert_clean(result, 1)
    paths = [r["path"] for r in json_report(result.stdout)["results"]]
    assert paths == [f"decks/{'a' * 60}.txt"]  # the folder ending in b is excluded, the file is not


def test_a_backtracking_gitignore_line_and_one_too_long_to_match(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text(f"{SLOW_PATTERN}\n{'x' * 300_000}\n", encoding="utf-8")
    (tmp_path / ("a" * 59 + "b")).mkdir()
    (tmp_path / ("a" * 59 + "b") / "deck.txt").write_bytes(DECK.read_bytes())
    (tmp_path / ("a" * 60 + ".txt")).write_bytes(DECK.read_bytes())
    result = run("check", ".", "--no-config", "--output", "json", cwd=tmp_path)
    assert_clean(result, 1)
    assert [r["path"] for r in json_report(result.stdout)["results"]] == [f"{'a' * 60}.txt"]
    assert b".gitignore:2: skipped the pattern" in result.stderr and b"too long to match" in result.stderr


# -- B1: one deck of very many lines -------------------------------------------------


def test_a_list_of_a_million_lines_is_read_as_far_as_a_deck_goes_and_says_the_rest_was_cut():
    from deckcheck.parse.text import MAX_LINES_READ, parse_text

    parsed = parse_text("1 a\n" * 1_240_000 + "\n\n", "big.txt")
    assert len(parsed.entries) == MAX_LINES_READ
    (cut,) = [f for f in parsed.findings if f.params.get("rest")]
    assert cut.rule == "syntax" and cut.severity.value == "error" and cut.lines == (MAX_LINES_READ + 1,)
    assert cut.message == (
        f"The list has more than {MAX_LINES_READ} card lines; the {1_240_000 - MAX_LINES_READ} "
        f"lines after line {MAX_LINES_READ} were not read."
    )
    # bad lines count too: a million lines that are not card lines are not a million findings
    assert len(parse_text("x\n" * 100_000, "bad.txt").findings) == MAX_LINES_READ + 1
    # blank lines after the limit are no lines of the list
    assert all(not f.params.get("rest") for f in parse_text("1 a\n" * MAX_LINES_READ + "\n" * 9, "x").findings)


def test_a_5_mb_deck_gets_a_bounded_report_from_check_and_is_left_alone_by_fmt(tmp_path):
    deck = tmp_path / "big.txt"
    deck.write_text("1 a\n" * 1_240_000, encoding="utf-8")  # 4.96 MB, under the 5 MB a deck file may be
    result = run("check", str(deck), "--no-config", "--output", "json")
    assert_clean(result, 1)
    assert len(result.stdout) < 2_000_000  # 39 MB for 100,000 such lines before
    findings = json_report(result.stdout)["results"][0]["findings"]
    assert any("were not read" in f["message"] for f in findings)
    before = deck.read_bytes()
    formatted = run("fmt", str(deck), "--no-config")
    assert formatted.returncode == 2 and b"more than 2000 card lines, left as it is" in formatted.stderr
    assert deck.read_bytes() == before


def test_a_json_deck_of_many_cards_is_cut_the_same_way():
    import json

    from deckcheck.parse.files import parse_deck_text
    from deckcheck.parse.text import MAX_LINES_READ

    parsed = parse_deck_text(json.dumps({"cards": [{"count": 1, "name": "a"}] * 50_000}), "big.json")
    assert len(parsed.entries) == MAX_LINES_READ
    assert [f.message for f in parsed.findings if f.params.get("rest")] == [
        f"The deck lists more than {MAX_LINES_READ} cards; the last {50_000 - MAX_LINES_READ} were not read."
    ]


# -- U1: a HOME the user cannot use ----------------------------------------------------


def _unusable_home_env(home: Path) -> dict:
    return {
        "HOME": str(home),
        "XDG_CACHE_HOME": "",
        "XDG_DATA_HOME": "",
        "DECKCHECK_CACHE_DIR": "",
        "DECKCHECK_DB": "",
        "DECKCHECK_NO_CACHE": "",
    }


def _check_in(folder: Path, env: dict):
    (folder / ".deckcheck.yaml").write_text("date: 2026-11-30\n", encoding="utf-8")  # the config cache too
    (folder / "deck.txt").write_bytes(DECK.read_bytes())
    return run("check", "deck.txt", cwd=folder, env={name: value or None for name, value in env.items()})


def test_a_home_whose_folders_cannot_be_looked_into_is_skipped_with_a_warning(tmp_path):
    # As root no permission refuses a look; a name the system refuses does the same
    # (stat fails with an error other than "not there": ENAMETOOLONG here, EACCES for
    # `sudo -u someone` keeping root's HOME).
    home = tmp_path / ("h" * 300)
    result = _check_in(tmp_path, _unusable_home_env(home))
    assert_clean(result, 1)
    err = result.stderr.decode()
    assert err.count("deckcheck: warning: cannot use the cache folder") == 1, err
    assert "going on without it" in err and "copy-limit" in result.stdout.decode()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root enters any folder")
def test_a_home_the_user_cannot_enter_is_skipped_with_a_warning(tmp_path):
    home = tmp_path / "home"
    (home / ".cache").mkdir(parents=True)
    home.chmod(0)
    try:
        result = _check_in(tmp_path, _unusable_home_env(home))
    finally:
        home.chmod(0o755)
    assert_clean(result, 1)
    assert b"Permission denied" in result.stderr


# -- R2: every output the same whatever --jobs ----------------------------------------


@pytest.mark.parametrize("output", ["text", "json", "github", "sarif", "junit", "html"])
def test_every_output_is_byte_identical_with_one_job_and_with_two(output):
    # With --jobs 2 the packs are loaded in the workers (the sample decks name standard, expanded, ...),
    # and SARIF's rule catalogue (and every ruleIndex) once depended on what the parent had loaded.
    args = ("check", "sample_decks", "--no-config", "--date", "2026-11-30", "-o", output)
    one, two = run(*args, "--jobs", "1"), run(*args, "--jobs", "2")
    assert_clean(one, 1)
    assert_clean(two, 1)
    assert one.stdout == two.stdout and one.stdout


# -- S2 (the library): what is kept per day is bounded ---------------------------------


def test_checking_on_many_days_keeps_a_bounded_number_of_resolvers_and_ban_indexes(monkeypatch):
    import deckcheck
    from deckcheck import session
    from deckcheck.rules import banned

    monkeypatch.setattr(session, "RESOLVERS_KEPT", 5)
    monkeypatch.setattr(banned, "INDEXES_KEPT", 7)
    text = DECK.read_text(encoding="utf-8")
    db, pack = deckcheck.open_database(), deckcheck.load_format("standard")
    first = dt.date(2024, 1, 1)
    answers = [
        deckcheck.check_text(text, format=pack, db=db, date=first + dt.timedelta(days=n)).to_json() for n in range(40)
    ]
    assert len(db._local.options) <= 5 and len(banned._INDEXES) <= 7  # 40 of each were kept before
    again = deckcheck.check_text(text, format=pack, db=db, date=first).to_json()  # made again, the same
    assert again == answers[0]
