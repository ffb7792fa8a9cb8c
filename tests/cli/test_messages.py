"""Messages around the verdicts (issue 13 §4): usage lines, excludes, symbolic link loops,
every schema error of a pack in one lint run, and banned prints named by name and set code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckcheck.packs.info import _describe_ids
from support import PROJECT_ROOT, SAMPLE_DECKS, require_reference_data

DECK = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")


def run(*args: str, cwd: Path = PROJECT_ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    environ = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), **(env or {})}
    environ.pop("DECKCHECK_DB", None)
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], capture_output=True, cwd=cwd, env=environ,
                          timeout=300, text=True)


@pytest.mark.parametrize("command, usage", [
    (["check"], "Usage: deckcheck check [OPTIONS] PATHS..."),
    (["fmt"], "Usage: deckcheck fmt [OPTIONS] PATHS..."),
    (["db", "import"], "Usage: deckcheck db import [OPTIONS] SOURCES..."),
    (["db", "import-names"], "Usage: deckcheck db import-names [OPTIONS] FOLDER"),
    (["formats", "show"], "Usage: deckcheck formats show [OPTIONS] NAME"),
    (["formats", "lint"], "Usage: deckcheck formats lint [OPTIONS] PATHS..."),
])
def test_usage_lines_name_the_arguments_in_capitals(command, usage):
    result = run(*command, "--help")
    assert result.stdout.splitlines()[0].replace("python -m deckcheck", "deckcheck") == usage
    assert "{" not in result.stdout.splitlines()[0]
    missing = run(*command)
    assert missing.returncode == 2 and "{" not in missing.stderr.splitlines()[0]


def test_the_exclude_message_names_the_pattern_and_where_it_is_written(tmp_path):
    (tmp_path / "a.txt").write_text(DECK, encoding="utf-8")
    (tmp_path / "b.txt").write_text(DECK, encoding="utf-8")
    one = run("check", "a.txt", "--exclude", "*.txt", "--no-config", cwd=tmp_path)
    assert one.returncode == 0
    assert one.stderr.strip() == "deckcheck: nothing to check: a.txt is excluded by --exclude '*.txt'"
    (tmp_path / ".deckcheck.yaml").write_text("exclude: ['drafts/', '*.txt']\n", encoding="utf-8")
    two = run("check", "a.txt", "b.txt", cwd=tmp_path)
    assert two.stderr.strip() == (f"deckcheck: nothing to check: the 2 files given are excluded (a.txt by the "
                                   f"pattern '*.txt' of exclude in {tmp_path / '.deckcheck.yaml'})")


def test_a_symbolic_link_loop_gets_one_message_the_true_one(tmp_path):
    loop = tmp_path / "loop.txt"
    try:
        loop.symlink_to(loop)
    except OSError:
        pytest.skip("symbolic links cannot be made here")
    result = run("check", "loop.txt", "--no-config", "--format", "unlimited", cwd=tmp_path)
    out = result.stdout + result.stderr
    assert "no such file" not in out.lower() and "does not exist" not in out
    assert out.count("loop.txt cannot be read") == 1


def test_formats_lint_reports_every_schema_error_with_its_line(tmp_path):
    pack = tmp_path / "club.yaml"
    pack.write_text("name: club\ndescription: x\nextend: unlimited\nrules:\n  - id: deck-size\n"
                    "    kind: deck-size\n    sise: 60\n  - id: copy-limit\n    kind: copy-limit\n    max: many\n",
                    encoding="utf-8")
    result = run("formats", "lint", str(pack), "--no-config", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"{pack}:3: error: extend: unknown key 'extend'; did you mean 'extends'?",
        f"{pack}:7: error: rules[0].sise: unknown key 'sise'; did you mean 'size'?",
        f"{pack}:10: error: rules[1].max: 'many' is not of type 'integer'",
    ]


def test_banned_prints_are_named_by_name_and_set_code():
    cards = {"bw3-67": ("Archeops", "NVI", "67"), "bw5-110": ("Archeops", "DEX", "110"),
             "sm8-90": ("Unown", "LOT", "90")}
    assert _describe_ids(["bw3-67", "bw5-110"], cards) == ["Archeops NVI 67", "DEX 110"]
    assert _describe_ids(["sm8-90", "xx-1"], cards) == ["Unown LOT 90", "xx-1"]


def test_formats_show_expanded_names_the_banned_archeops(tmp_path):
    data = require_reference_data()
    db = tmp_path / "cards.sqlite3"
    from deckcheck.carddb.sqlite import build_database

    build_database(data, db, source_label="reference snapshot")
    result = run("formats", "show", "expanded", "--date", "2026-11-30", "--db", str(db), "--no-config")
    assert result.returncode == 0, result.stderr
    assert "- Archeops NVI 67, DEX 110 since 2017-08-18" in result.stdout
    assert "bw3-67" not in result.stdout
