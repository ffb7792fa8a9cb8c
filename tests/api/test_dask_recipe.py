"""The Dask recipe of docs/library.md: a local cluster on loopback checks a couple of thousand
decks in worker processes, picks the files as ``deckcheck check FOLDER`` does
(``deckcheck.find_decks``) and writes the same results as one process would. Its
memory (flat in the number of decks) is a bench figure: bench/dask_recipe.py."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, doc_example, json_report

pytest.importorskip("dask.bag", reason="Dask (the test extra) runs the recipe")
pytest.importorskip("distributed", reason="dask.distributed (the test extra) runs the recipe")

DATE = "2026-11-30"
DECKS = 2250  # five chunks of the recipe (500 decks each): more than the four it keeps in flight


def test_the_dask_recipe_checks_an_archive_on_a_local_cluster(tmp_path):
    sources = sorted(p for p in SAMPLE_DECKS.rglob("*") if p.is_file())
    sources += sorted((PROJECT_ROOT / "tests" / "cases").rglob("*.txt"))
    archive = tmp_path / "archive"
    origin = {}
    for n in range(DECKS):
        source = sources[n % len(sources)]
        copy = archive / f"{n % 7}" / f"{n:05d}-{source.name}"  # a few folders, as archives have
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, copy)
        origin[str(copy)] = source
    # What is no deck, or is hidden or ignored, is left out as the command line leaves it out.
    (archive / "README.txt").write_text("# The archive\nDecks from 2024.\n", encoding="utf-8")
    (archive / "package.json").write_text('{"name": "archive"}\n', encoding="utf-8")
    (archive / ".cache").mkdir()
    shutil.copyfile(sources[0], archive / ".cache" / "hidden.txt")
    (archive / "ignored").mkdir()
    shutil.copyfile(sources[0], archive / "ignored" / "old.txt")
    (archive / ".gitignore").write_text("ignored/\n", encoding="utf-8")
    script = tmp_path / "dask_check.py"
    script.write_text(doc_example("dask_check.py"), encoding="utf-8")
    report_path = tmp_path / "report.json"
    run = subprocess.run(
        [
            sys.executable,
            str(script),
            str(archive),
            str(report_path),
            "--format",
            "unlimited",
            "--date",
            DATE,
            "--workers",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    # (Dask may log a closed connection while the cluster shuts down: only the exit code counts.)
    assert run.returncode == 0, run.stderr[-3000:]
    scheduler, summary = run.stdout.strip().splitlines()[-2:]
    assert scheduler.startswith("scheduler at tcp://127.0.0.1:")  # loopback only
    report = json_report(report_path.read_bytes())
    results = report["results"]
    assert sorted(r["path"] for r in results) == sorted(origin)  # no README.txt, package.json, hidden, ignored
    assert not list(tmp_path.glob("dask-check-*"))  # the chunks written on the way are gone

    # The same results, in the same order, as `deckcheck check FOLDER --output json` in one process.
    cli = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckcheck",
            "check",
            str(archive),
            "--format",
            "unlimited",
            "--date",
            DATE,
            "--output",
            "json",
            "--jobs",
            "1",
            "--no-config",
        ],
        capture_output=True,
        cwd=tmp_path,
        timeout=600,
    )
    assert cli.returncode == 1, cli.stderr.decode()[-2000:]
    expected = json_report(cli.stdout)
    assert results == expected["results"] and report["legal"] is expected["legal"] is False
    illegal = sum(r["verdict"] == "illegal" for r in results)
    unverified = sum(r["verdict"] == "unverified" for r in results)  # docs/rulings.md, "The verdict words"
    assert 0 < illegal < DECKS and 0 < unverified < DECKS
    assert summary.startswith(f"{DECKS} decks on 2 workers in ")
    assert summary.endswith(f"{DECKS - illegal - unverified} legal, {illegal} illegal, {unverified} not verified")
    print(summary)  # pytest -s shows the figure the docs quote


def test_an_empty_folder_makes_an_empty_report(tmp_path):
    script = tmp_path / "dask_check.py"
    script.write_text(doc_example("dask_check.py"), encoding="utf-8")
    (tmp_path / "empty").mkdir()
    run = subprocess.run(
        [sys.executable, str(script), str(tmp_path / "empty"), str(tmp_path / "report.json"), "--workers", "1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert json_report((tmp_path / "report.json").read_bytes()) == {"version": 1, "legal": True, "results": []}


def test_the_table_recipe_checks_a_parquet_table_with_each_rows_format_and_date(tmp_path):
    """docs/library.md's dask_table.py: one check_table call per partition of a Parquet file on a
    local cluster, each row with its own format and date (or none); every row of the answer is what
    check_text says of that row's list."""
    pyarrow = pytest.importorskip("pyarrow", reason="pyarrow (the table extra) writes the Parquet file")
    pytest.importorskip("dask.dataframe", reason="dask's dataframe (the dask extra) reads the Parquet file")
    import datetime as dt

    import pyarrow.parquet as pq

    import deckcheck
    from deckcheck.api import table_row

    sources = sorted(p for p in SAMPLE_DECKS.rglob("*") if p.is_file())
    formats = [None, "standard", "expanded", "unlimited"]
    dates = [None, dt.date(2026, 11, 30), dt.date(2024, 5, 1), dt.date(2005, 1, 1)]  # 2005: Expanded had not begun
    rows = [
        {
            "id": f"list-{n}",
            "text": source.read_text(encoding="utf-8", errors="replace"),
            "format": formats[n % len(formats)],
            "date": dates[(n // len(formats)) % len(dates)],
        }
        for n, source in enumerate(sources * 3)
    ]
    lists = tmp_path / "lists.parquet"
    pq.write_table(pyarrow.Table.from_pylist(rows), lists, row_group_size=10)
    script = tmp_path / "dask_table.py"
    script.write_text(doc_example("dask_table.py"), encoding="utf-8")
    verdicts = tmp_path / "verdicts.parquet"
    run = subprocess.run(
        [sys.executable, str(script), str(lists), str(verdicts), "--workers", "2"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.splitlines()[0].startswith("scheduler at tcp://127.0.0.1:")  # loopback only
    answer = sorted(pq.read_table(verdicts).to_pylist(), key=lambda row: int(row["id"].split("-")[1]))
    expected = []
    for row in rows:
        try:
            result = deckcheck.check_text(row["text"], format=row["format"], date=row["date"])
        except deckcheck.FormatError as error:
            result = error.result
        expected.append(table_row(row["id"], result))
    assert answer == expected
    assert {"legal", "illegal", "not-checked"} <= {row["verdict"] for row in answer}


def test_the_duckdb_example_checks_a_table_of_lists(tmp_path):
    duckdb = pytest.importorskip("duckdb", reason="duckdb (the test extra) runs docs/library.md's example")
    pytest.importorskip("pyarrow", reason="pyarrow (the table extra) carries DuckDB's answer")
    archive = tmp_path / "archive.duckdb"
    con = duckdb.connect(str(archive))
    con.execute("CREATE TABLE lists (id INTEGER, text VARCHAR, format VARCHAR, date DATE)")
    legal = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
    con.execute(
        "INSERT INTO lists VALUES (1, ?, NULL, NULL), (2, ?, 'standard', '2026-11-30'), (3, ?, 'expanded', '2005-01-01')",
        [legal, "4 Iono PAL 185\n", legal],
    )
    con.close()
    script = tmp_path / "duckdb_verdicts.py"
    script.write_text(doc_example("duckdb_verdicts.py"), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script), str(archive)], capture_output=True, text=True, cwd=tmp_path, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "[('illegal', 1), ('legal', 1), ('not-checked', 1)]"
    con = duckdb.connect(str(archive))
    assert con.sql("SELECT id, format, date FROM verdicts ORDER BY id").fetchall() == [
        (1, "unlimited", __import__("datetime").date.today().isoformat()),
        (2, "standard", "2026-11-30"),
        (3, "expanded", "2005-01-01"),
    ]
