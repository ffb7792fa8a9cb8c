"""A promo's own day (docs/rulings.md, "A print is not legal before it was released"): derived
when the card database is built."""

from __future__ import annotations

import datetime as dt
import re
import sqlite3

import pytest

from deckcheck.carddb.promo_days import PrintRow, promo_days

SETS = {
    "smp": ("SM Black Star Promos", "2017-02-03"),
    "swshp": ("SWSH Black Star Promos", "2019-11-15"),
    "sm1": ("Sun & Moon", "2017-02-03"),
    "sm5": ("Ultra Prism", "2018-02-02"),
    "sm10": ("Unbroken Bonds", "2019-05-03"),
    "sma": ("Hidden Fates Shiny Vault", "2019-08-23"),
}


def promo(number: str, name: str, text: str | None = None) -> PrintRow:
    return PrintRow(f"smp-{number}", name, "smp", number, "2017-02-03", text or name)


def main_set(set_id: str, number: str, name: str, text: str | None = None) -> PrintRow:
    return PrintRow(f"{set_id}-{number}", name, set_id, number, SETS[set_id][1], text or name)


def test_a_promo_is_not_earlier_than_the_card_it_reprints_nor_a_lower_numbered_promo():
    cards = [
        promo("SM01", "Rowlet"),
        promo("SM100", "Lucario-GX"),  # reprints Ultra Prism's: not before 2018-02-02
        promo("SM101", "Pikachu"),  # nothing to go by: not before SM100
        promo("SM215", "Mew"),  # a 2019 reprint of Mew UNB 76
        promo("SM216", "Mew", text="other text"),  # same name, other text: no reprint, but after SM215
        main_set("sm5", "1", "Lucario-GX"),
        main_set("sm10", "76", "Mew"),
        *(main_set("sm10", str(100 + i), f"Filler {i}") for i in range(3)),
        *(promo(f"SM{220 + i}", f"Filler {i}") for i in range(3)),
    ]
    days = promo_days(cards, SETS)
    assert "smp-SM01" not in days  # its series' first day stands
    assert days["smp-SM100"] == days["smp-SM101"] == "2018-02-02"
    assert days["smp-SM215"] == days["smp-SM216"] == "2019-05-03"
    assert "sm5-1" not in days  # main-set cards keep their set's day


def test_a_later_set_that_reprints_a_promo_says_nothing_of_the_promos_day():
    # SM57 Ho-Oh-GX came out in 2017 and is in Hidden Fates' Shiny Vault (2019): the promos
    # numbered after it reprint 2017 and 2018 cards, so the 2019 day is not its own.
    cards = [
        promo("SM57", "Ho-Oh-GX"),
        main_set("sma", "SV50", "Ho-Oh-GX"),
        *(promo(f"SM{60 + i}", f"Card {i}") for i in range(8)),
        *(main_set("sm5", str(i), f"Card {i}") for i in range(8)),
    ]
    days = promo_days(cards, SETS)
    assert "smp-SM57" not in days
    assert days["smp-SM60"] == "2018-02-02"


def test_a_reprint_after_the_next_promo_series_began_is_no_bound():
    cards = [promo("SM10", "Pikachu"), PrintRow("x-1", "Pikachu", "x", "1", "2021-01-01", "Pikachu")]
    assert promo_days(cards, {**SETS, "x": ("Later Set", "2021-01-01")}) == {}


# -- the reference data ---------------------------------------------------------------

SERIES = ("basep", "np", "dpp", "hsp", "bwp", "xyp", "smp", "swshp", "svp")


@pytest.fixture(scope="module")
def promos(reference_index):
    conn = sqlite3.connect(reference_index.path)
    rows = conn.execute(
        "SELECT c.id, c.set_id, c.number, c.release_date, s.release_date FROM cards c JOIN sets s ON s.id = c.set_id "
        f"WHERE c.set_id IN ({', '.join('?' * len(SERIES))})",
        SERIES,
    ).fetchall()
    conn.close()
    return rows


def _number(number: str) -> int:
    return int(re.search(r"\d+", number).group())


def test_every_promo_series_runs_forward_from_its_first_day(promos):
    assert {row[1] for row in promos} == set(SERIES)
    for series in SERIES:
        rows = sorted((r for r in promos if r[1] == series), key=lambda r: (_number(r[2]), r[2]))
        days = [r[3] for r in rows]
        assert all(day >= rows[0][4] for day in days), series  # never before the series began
        assert days == sorted(days), series  # never before a lower-numbered promo


def test_the_issue_examples_get_their_own_days(promos):
    day = {row[0]: row[3] for row in promos}
    assert day["smp-SM215"] >= "2019-05-03"  # Mew, a reprint of Mew UNB 76
    assert day["smp-SM57"] < "2018-01-01"  # Ho-Oh-GX: not the Shiny Vault's 2019
    assert day["basep-12"] < "2000-01-01"  # Mewtwo: not the Legendary Collection's 2002


CODES = {
    "basep": "PR",
    "np": "PR-NP",
    "dpp": "PR-DPP",
    "hsp": "PR-HS",
    "bwp": "PR-BLW",
    "xyp": "PR-XY",
    "smp": "PR-SM",
    "swshp": "PR-SW",
    "svp": "PR-SV",
}


def test_no_promo_is_legal_before_its_day(promos, reference_index):
    """In every series, decks of its promos checked the day before derived days: every promo of a
    later day is not legal in Unlimited, and the message says when it came out."""
    import deckcheck

    names = dict(sqlite3.connect(reference_index.path).execute("SELECT id, name FROM cards").fetchall())
    for series in SERIES:
        rows = [r for r in promos if r[1] == series and r[3] > r[4]]
        days = sorted({r[3] for r in rows})
        assert days, series
        for day in days[:: max(1, len(days) // 4)]:
            before = (dt.date.fromisoformat(day) - dt.timedelta(days=1)).isoformat()
            later = [r for r in rows if r[3] > before][:20]
            text = "".join(f"1 {names[r[0]]} {CODES[series]} {r[2]}\n" for r in later)
            result = deckcheck.check_text(text, format="unlimited", date=before, db=reference_index.path)
            unreleased = [f for f in result.findings if f.rule == "not-legal" and "came out on" in f.message]
            assert len(unreleased) == len(later), (series, before, [f.message for f in result.findings][:5])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_mew_sm215_is_not_legal_before_2019_and_is_offered_by_no_hint(reference_index, tmp_path, jobs):
    """Every SM promo was dated 2017-02-03, so `1 Mew PR-SM SM215` (a 2019 reprint of Mew
    UNB 76) was legal on 2018-01-15, and the hint for Mew UNB 76 recommended it."""
    import json

    from support import run_deckcheck as run

    import deckcheck

    deck = tmp_path / "mew.txt"
    deck.write_text("1 Mew PR-SM SM215\n1 Mew UNB 76\n", encoding="utf-8")
    for date, format_ in (("2018-01-15", "standard"), ("2018-01-15", "expanded")):
        result = deckcheck.check_file(deck, format=format_, date=date, db=reference_index.path)
        pool = [f for f in result.findings if f.rule == "not-legal"]
        assert [f.lines for f in pool] == [(1,), (2,)], [f.message for f in pool]
        assert all("SM215" not in (f.hint or "") for f in pool)
        done = run(
            "check",
            str(deck),
            "--format",
            format_,
            "--date",
            date,
            "--db",
            str(reference_index.path),
            "--jobs",
            jobs,
            "-o",
            "json",
            "--no-config",
        )
        (checked,) = json.loads(done.stdout)["results"]
        assert checked == result.to_json() | {"path": str(deck)}
    later = deckcheck.check_file(deck, format="expanded", date="2019-12-01", db=reference_index.path)
    assert not [f for f in later.findings if f.rule == "not-legal"]
