"""``deckcheck.check_table``: many lists as rows (an id, the text, each row's own format and
date or none), from an iterable, a pandas DataFrame or a pyarrow Table; one answer row per list,
the same as ``check_text`` gives for each."""

from __future__ import annotations

import datetime as dt

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS

import deckcheck
from deckcheck.api import TABLE_COLUMNS, table_row

SOURCES = (
    sorted(p for p in SAMPLE_DECKS.rglob("*") if p.is_file())
    + sorted((PROJECT_ROOT / "tests" / "cases").rglob("*.txt"))[:12]
)
# Each row its own format and day, or none: the list's own "# format:" line and today.
FORMATS = [None, "standard", "expanded", "unlimited", "glc", None]
DATES = [None, "2026-11-30", dt.date(2024, 5, 1), "2019-08-16", None, "2026-04-10", None]


def archive_rows() -> list[dict]:
    too_early = {"id": "too-early", "text": "4 Iono PAL 185\n", "format": "expanded", "date": "2005-01-01"}
    return [too_early] + [
        {
            "id": f"list-{n}",
            "text": source.read_text(encoding="utf-8", errors="replace"),
            "format": FORMATS[n % len(FORMATS)],
            "date": DATES[n % len(DATES)],
        }
        for n, source in enumerate(SOURCES)
    ]


def expected(rows: list[dict]) -> list[dict]:
    """What check_text says of each row's list with the row's format and day."""
    answer = []
    for row in rows:
        try:
            result = deckcheck.check_text(row["text"], format=row["format"], date=row["date"])
        except deckcheck.FormatError as error:  # a day before the format began: not checked
            result = error.result
        answer.append(table_row(row["id"], result))
    return answer


def test_rows_in_answers_out_as_check_text_gives_each():
    rows = archive_rows()
    answer = deckcheck.check_table(rows)
    assert answer == expected(rows)
    assert [row["id"] for row in answer] == [row["id"] for row in rows]
    assert list(answer[0]) == list(TABLE_COLUMNS)
    verdicts = {row["verdict"] for row in answer}
    assert {"legal", "illegal", "not-checked"} <= verdicts  # Expanded before it began is not checked
    assert {row["format"] for row in answer} >= {"standard", "expanded", "unlimited", "glc"}
    assert len({row["date"] for row in answer}) >= 4  # each row's own day, and today


def test_a_row_without_format_or_date_takes_the_lists_own_and_today():
    text = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
    (row,) = deckcheck.check_table([{"id": 7, "text": text}])
    assert row["format"] == "unlimited"  # its "# format: unlimited" line
    assert row["date"] == dt.date.today().isoformat()
    (given,) = deckcheck.check_table([{"id": 7, "text": text}], format="standard", date="2026-11-30")
    assert given["format"] == "standard" and given["date"] == "2026-11-30"  # the call's defaults


def test_a_pandas_table_in_a_pandas_table_out():
    pandas = pytest.importorskip("pandas", reason="pandas (the table extra) is not installed")
    rows = archive_rows()
    frame = pandas.DataFrame(rows)
    frame["date"] = [None if d is None else str(d) for d in frame["date"]]
    answer = deckcheck.check_table(frame)
    assert isinstance(answer, pandas.DataFrame) and list(answer.columns) == list(TABLE_COLUMNS)
    assert answer.to_dict("records") == expected(rows)


def test_a_pyarrow_table_in_a_pyarrow_table_out():
    pyarrow = pytest.importorskip("pyarrow", reason="pyarrow (the table extra) is not installed")
    rows = archive_rows()
    for row in rows:
        row["date"] = dt.date.fromisoformat(row["date"]) if isinstance(row["date"], str) else row["date"]
    table = pyarrow.Table.from_pylist(
        rows,
        schema=pyarrow.schema(
            [
                ("id", pyarrow.string()),
                ("text", pyarrow.string()),
                ("format", pyarrow.string()),
                ("date", pyarrow.date32()),
            ]
        ),
    )
    answer = deckcheck.check_table(table)
    assert isinstance(answer, pyarrow.Table) and answer.column_names == list(TABLE_COLUMNS)
    assert answer.to_pylist() == expected(rows)


def test_a_row_whose_format_cannot_be_used_is_not_checked_and_the_others_are():
    rows = [
        {"id": 1, "text": "4 Iono PAL 185\n", "format": "nope"},
        {"id": 2, "text": "4 Iono PAL 185\n", "format": "standard", "date": "2026-11-30"},
    ]
    unknown, known = deckcheck.check_table(rows)
    assert unknown["verdict"] == "not-checked" and [f["rule"] for f in unknown["findings"]] == ["unknown-format"]
    assert "nope" in unknown["findings"][0]["message"]
    assert known == table_row(2, deckcheck.check_text(rows[1]["text"], format="standard", date="2026-11-30"))


def test_a_row_without_text_is_a_type_error():
    with pytest.raises(TypeError, match="no 'text' string"):
        deckcheck.check_table([{"id": 1, "text": None}])
