"""The library example (docs/library.md) runs as printed and finds what ``deckcheck check`` finds."""

from __future__ import annotations

import shutil
import subprocess
import sys

from support import SAMPLE_DECKS, doc_example, json_report

DATE = "2026-11-30"


def test_the_folder_example_prints_the_illegal_lists(tmp_path):
    script = tmp_path / "illegal_decks.py"
    script.write_text(doc_example("illegal_decks.py"), encoding="utf-8")
    decks = tmp_path / "decks"
    shutil.copytree(SAMPLE_DECKS, decks)
    (decks / "notes.md").write_text("not a deck\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(script), str(decks), DATE], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert result.stderr == ""
    expected = subprocess.run(
        [
            sys.executable,
            "-m",
            "deckcheck",
            "check",
            str(decks),
            "--format",
            "standard",
            "--date",
            DATE,
            "-o",
            "json",
            "--no-config",
        ],
        capture_output=True,
        cwd=tmp_path,
        timeout=120,
    )
    illegal = [r for r in json_report(expected.stdout)["results"] if not r["legal"]]
    assert illegal and len(illegal) < 20
    printed = [line.split(":", 1)[0] for line in result.stdout.splitlines() if line.startswith(str(decks))]
    assert sorted(printed) == sorted(r["path"] for r in illegal)
    for deck in illegal:
        for finding in deck["findings"]:
            if finding["severity"] == "error":
                assert f"  {finding['rule']}: {finding['message']}" in result.stdout
    assert result.stdout.splitlines()[-1] == f"{len(illegal)} illegal deck lists" and result.returncode == 1
