"""The day of a check: the last day of the calendar is a day like any other (on the command line,
in the configuration, in the library), and checking on many days keeps a bounded number of
resolvers and ban indexes."""

from __future__ import annotations

import datetime as dt

import pytest
from support import PROJECT_ROOT, assert_clean, json_report
from support import run_deckcheck as run

DECK = PROJECT_ROOT / "sample_decks" / "illegal" / "copy-limit.txt"


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
