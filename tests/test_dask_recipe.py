"""The Dask recipe of docs/library.md: a local cluster on loopback checks a few thousand
decks in worker processes, picks the files as ``deckcheck check FOLDER`` does
(``deckcheck.find_decks``) and writes the same results as one process would. Its
memory (flat in the number of decks) is a bench figure: bench/dask_recipe.py."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys

import pytest
from support import PROJECT_ROOT, SAMPLE_DECKS, doc_example, json_report

pytest.importorskip("dask.bag", reason="Dask (the test extra) runs the recipe")
pytest.importorskip("distributed", reason="dask.distributed (the test extra) runs the recipe")
if not hasattr(importlib.import_module("deckcheck"), "find_decks"):  # issue 22 §3 lands it (helper 21b)
    pytest.skip(
        "deckcheck.find_decks, which the recipe picks the files with, is not in this checkout yet",
        allow_module_level=True,
    )

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
    unverified = sum(r["verdict"] == "unverified" for r in results)  # RULES.md decision 18
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
