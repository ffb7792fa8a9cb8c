"""``deckcheck check FOLDER`` reads each file it meets once: it judges whether the file is a deck
(README "What counts as a deck") from the bytes it checks. Its report is the one a run that judges
every file first (``--verbose``, which lists the skipped files before the decks) writes."""

from __future__ import annotations

import json
from collections import Counter

from support import mixed_tree
from support import run_deckcheck as run

OPTIONS = ("--date", "2026-11-30", "--output", "json")


def test_each_file_met_is_read_once(tmp_path, monkeypatch):
    import deckcheck.parse.shape as shape

    opened: Counter[str] = Counter()
    real = shape.open_nonblocking

    def counting(path, flags):
        opened[path.rsplit("/", 1)[-1]] += 1
        return real(path, flags)

    # Every read of a deck file opens it through this opener (deckcheck.parse.files reads with shape's helpers).
    monkeypatch.setattr(shape, "open_nonblocking", counting)
    done = run("check", mixed_tree(tmp_path), *OPTIONS, "--jobs", "1", cwd=tmp_path)
    assert done.returncode == 1
    assert opened == {"a-deck.txt": 1, "c-notes.txt": 1, "d-deck.txt": 1, "e-empty.json": 1}


def test_the_report_is_the_one_of_a_run_that_judges_every_file_first(tmp_path):
    mixed_tree(tmp_path)
    for jobs in ("1", "2"):
        once = run("check", ".", *OPTIONS, "--jobs", jobs, cwd=tmp_path)
        first = run("check", ".", *OPTIONS, "--jobs", jobs, "--verbose", cwd=tmp_path)
        assert (once.returncode, once.stdout) == (first.returncode, first.stdout)
        report = json.loads(once.stdout)
        assert [r["path"] for r in report["results"]] == ["a-deck.txt", "d-deck.txt"]
        assert report["skipped"] == ["b-packs/club.yaml", "c-notes.txt", "e-empty.json"]


def test_a_folder_of_no_decks_writes_no_report(tmp_path):
    for name in ("notes.txt", "todo.txt"):
        (tmp_path / name).write_text("milk\nbread\n", encoding="utf-8")
    summary = tmp_path / "summary.md"
    done = run("check", tmp_path, *OPTIONS, "--summary", summary, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == b"" and not summary.exists()
    assert b"no decks found" in done.stderr and b"the 2 files found are not decks" in done.stderr
