"""The Dask recipe of docs/library.md: a local cluster on loopback checks a few thousand
decks in worker processes and gathers the same JSON as one process would."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

import deckcheck
from support import PROJECT_ROOT, SAMPLE_DECKS, doc_example, json_report

pytest.importorskip("dask.bag", reason="Dask (the test extra) runs the recipe")
pytest.importorskip("distributed", reason="dask.distributed (the test extra) runs the recipe")

DATE = "2026-11-30"
DECKS = 3000


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
    script = tmp_path / "dask_check.py"
    script.write_text(doc_example("dask_check.py"), encoding="utf-8")
    report_path = tmp_path / "report.json"
    run = subprocess.run([sys.executable, str(script), str(archive), str(report_path), "--format", "unlimited",
                          "--date", DATE, "--workers", "2"], capture_output=True, text=True, cwd=tmp_path,
                         timeout=300)
    # (Dask may log a closed connection while the cluster shuts down: only the exit code counts.)
    assert run.returncode == 0, run.stderr[-3000:]
    scheduler, summary = run.stdout.strip().splitlines()[-2:]
    assert scheduler.startswith("scheduler at tcp://127.0.0.1:")  # loopback only
    report = json_report(report_path.read_bytes())
    results = report["results"]
    assert [r["path"] for r in results] == sorted(origin)

    fmt = deckcheck.load_format("unlimited")
    expected = {source: deckcheck.check_file(source, format=fmt, date=DATE).to_json() for source in set(origin.values())}
    for result in results:
        assert {**result, "path": ""} == {**expected[origin[result["path"]]], "path": ""}
    illegal = sum(not r["legal"] for r in results)
    assert 0 < illegal < DECKS and report["legal"] is False
    assert summary.startswith(f"{DECKS} decks on 2 workers in ")
    assert summary.endswith(f"{DECKS - illegal} legal, {illegal} illegal")
    print(summary)  # pytest -s shows the figure the README quotes
