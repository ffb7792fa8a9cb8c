"""The command line as users and scripts see it: output, exit codes, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from support import PROJECT_ROOT, SAMPLE_DECKS

GOLDEN = Path(__file__).parent / "golden"
DATE = "2026-11-30"


def run(*args: str, stdin: bytes | None = None, env: dict | None = None, cwd: Path = PROJECT_ROOT):
    """Run deckcheck in a subprocess, exactly as a shell or pre-commit would."""
    full_env = {**os.environ, **(env or {})}
    full_env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", *args], input=stdin, capture_output=True, cwd=cwd, env=full_env,
        timeout=120,
    )


def golden(name: str, actual: str, update: bool = bool(os.environ.get("DECKCHECK_UPDATE_GOLDEN"))) -> None:
    path = GOLDEN / name
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"golden file {path} missing; run with DECKCHECK_UPDATE_GOLDEN=1 once and review it"
    assert actual == path.read_text(encoding="utf-8")


def test_sample_decks_text_report_matches_golden():
    result = run("check", "sample_decks", "--date", DATE, "--format", "unlimited")
    assert result.returncode == 1, result.stderr.decode()
    golden("sample_decks.unlimited.txt", result.stdout.decode())
    assert b"built-in catalogue" in result.stderr  # says why no database is used


def test_sample_decks_json_report_matches_golden():
    result = run("check", "sample_decks", "--date", DATE, "--format", "unlimited", "--output", "json")
    assert result.returncode == 1
    report = json.loads(result.stdout)
    golden("sample_decks.unlimited.json", result.stdout.decode())
    assert report["version"] == 1
    by_path = {Path(r["path"]).name: r for r in report["results"]}
    legal = {Path(p).name for folder in ("legal", "warning") for p in (SAMPLE_DECKS / folder).iterdir()}
    assert {name for name, r in by_path.items() if r["legal"]} == legal
    for path in (SAMPLE_DECKS / "legal").iterdir():
        assert by_path[path.name]["findings"] == [], path.name
    for path in (SAMPLE_DECKS / "warning").iterdir():
        assert [f["rule"] for f in by_path[path.name]["findings"]] == [path.stem], path.name
    for path in (SAMPLE_DECKS / "illegal").iterdir():
        rules = {f["rule"] for f in by_path[path.name]["findings"] if f["severity"] == "error"}
        assert path.stem in rules, f"{path.name} should show the rule it is named after"
    for result in report["results"]:
        for finding in result["findings"]:
            assert set(finding) == {"rule", "severity", "message", "lines", "cards", "hint"}


def test_legal_decks_exit_zero_and_quiet_prints_only_the_summary():
    result = run("check", "sample_decks/legal", "--date", DATE, "--format", "unlimited", "--quiet")
    assert result.returncode == 0, result.stdout.decode()
    assert "LEGAL" not in result.stdout.decode()
    assert "decks checked" in result.stdout.decode()


def test_standard_input_is_read_with_dash():
    deck = (SAMPLE_DECKS / "illegal" / "copy-limit.txt").read_bytes()
    result = run("check", "-", "--date", DATE, "--format", "unlimited", "-o", "json", stdin=deck)
    assert result.returncode == 1
    (deck_result,) = json.loads(result.stdout)["results"]
    assert [f["rule"] for f in deck_result["findings"]] == ["copy-limit"]


def test_unknown_format_is_a_usage_error():
    result = run("check", "sample_decks/legal", "--format", "standrad")
    assert result.returncode == 2
    assert b"unknown format 'standrad'" in result.stderr
    assert b"Traceback" not in result.stderr


def test_missing_path_and_bad_date_are_usage_errors():
    assert run("check", "no/such/deck.txt").returncode == 2
    result = run("check", "sample_decks/legal", "--date", "30.11.2026")
    assert result.returncode == 2 and b"--date" in result.stderr


def test_explicit_missing_database_is_a_usage_error(tmp_path):
    result = run("check", "sample_decks/legal", "--db", str(tmp_path / "none.sqlite3"))
    assert result.returncode == 2
    assert b"deckcheck db import" in result.stderr


def test_bad_files_are_reported_and_the_others_still_checked(tmp_path):
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01\x02 not a deck")
    (tmp_path / "latin1.txt").write_bytes("4 Pok\xe9mon Catcher\n".encode("latin-1"))
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "broken.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    (tmp_path / "counts.txt").write_text("0 Iono PAL 185\n-1 Iono PAL 185\n99999999999 Iono PAL 185\n")
    good = tmp_path / "good.txt"
    good.write_bytes((SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_bytes())
    result = run("check", str(tmp_path), "--date", DATE, "--format", "unlimited", "-o", "json")
    assert b"Traceback" not in result.stderr
    assert result.returncode == 1
    results = {Path(r["path"]).name: r for r in json.loads(result.stdout)["results"]}
    assert results["good.txt"]["legal"] is True
    for name in ("binary.txt", "latin1.txt", "empty.txt", "broken.yaml", "counts.txt"):
        assert results[name]["legal"] is False, name
        assert results[name]["findings"], name
    assert [f["lines"] for f in results["counts.txt"]["findings"] if f["rule"] == "syntax"][:3] == [[1], [2], [3]]


def test_no_color_and_pipes_get_plain_text():
    result = run("check", "sample_decks/illegal/radiant.txt", "--format", "unlimited", env={"NO_COLOR": "1"})
    assert b"\x1b[" not in result.stdout


def test_version_and_python_dash_m():
    result = run("--version")
    assert result.returncode == 0
    from deckcheck import __version__

    assert result.stdout.decode().strip() == f"deckcheck {__version__}"


def test_rules_command_lists_every_kind_with_examples():
    from deckcheck.rules import KINDS

    out = run("rules").stdout.decode()
    for name in KINDS:
        assert f"{name}:" in out


def test_formats_list_and_show():
    out = run("formats", "list").stdout.decode()
    assert "unlimited" in out
    out = run("formats", "show", "unlimited").stdout.decode()
    assert "copy-limit" in out and "ace-spec" in out


@pytest.mark.parametrize("output", ["text", "json"])
def test_db_info_without_database_explains_the_catalogue(output):
    result = run("db", "info")
    assert result.returncode == 0
    assert b"built-in catalogue" in result.stdout


def test_formats_show_on_a_day_and_lint_with_lines(tmp_path):
    out = run("formats", "show", "standard", "--date", "2024-03-10").stdout.decode()
    assert "standard on 2024-03-10" in out
    assert "regulation marks E, F, G (2023 rotation, since 2023-04-14)" in out
    pack = tmp_path / "league.yaml"
    pack.write_text("name: league\nextends: standard\nrules:\n  - id: not-legal\n    kind: card-pool\n"
                    "    seasons:\n      - {from: 2025-04-11, marks: [G]}\n      - {from: 2024-04-05, marks: [F]}\n")
    result = run("formats", "lint", str(pack), "formats/standard.yaml")
    assert result.returncode == 1
    assert f"{pack}:8: error: season dates out of order".encode() in result.stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: broken\nrules:\n  - id: deck-size\n    kind: deck-sise\n")
    result = run("formats", "lint", str(broken))
    assert result.returncode == 1 and f"{broken}:4".encode() in result.stderr
    assert b"Traceback" not in result.stderr
