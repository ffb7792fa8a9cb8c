"""The example decks of every shipped format pack, checked on their own date.

``tests/cases/<format>/legal/*.txt`` must have no finding at all;
``tests/cases/<format>/illegal/*.txt`` must have exactly the findings (rule
and lines) listed in the ``<deck>.expected.yaml`` beside it. Each case names
its format and day in its first lines (``# format: standard``, ``# date:
2026-11-30``); the parser reads the first as the deck's declared format and
ignores the second. The card database is imported from the reference data
once per session.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from deckcheck.engine import check_deck
from deckcheck.packs.loading import available_packs, load_pack
from deckcheck.parse import read_deck

CASES = Path(__file__).resolve().parents[1] / "cases"
VERDICTS = ("legal", "illegal")
_HEADER = re.compile(r"^#\s*(format|date)\s*:\s*(\S+)\s*$", re.IGNORECASE)


def _case_files() -> list[Path]:
    return sorted(CASES.glob("*/*/*.txt"))


def _header(path: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _HEADER.match(line.strip())
        if match:
            found.setdefault(match.group(1).lower(), match.group(2))
    return found


def _expected_path(path: Path) -> Path:
    return path.with_name(path.stem + ".expected.yaml")


def _case_id(path: Path) -> str:
    return path.relative_to(CASES).as_posix()


def _findings(path: Path, index) -> tuple[list[tuple[str, tuple[int, ...]]], list[str]]:
    header = _header(path)
    pack = load_pack(header["format"])
    day = dt.date.fromisoformat(header["date"])
    result = check_deck(read_deck(str(path)), pack, index, day)
    found = [(f.rule, tuple(f.lines)) for f in result.findings]
    shown = [f"{f.rule} {list(f.lines)}: {f.message}" for f in result.findings]
    return found, shown


@pytest.mark.parametrize("path", _case_files(), ids=_case_id)
def test_case_is_well_formed(path: Path):
    fmt, verdict = path.parent.parent.name, path.parent.name
    header = _header(path)
    assert verdict in VERDICTS, f"{_case_id(path)}: put cases under legal/ or illegal/"
    assert header.get("format") == fmt, f"{_case_id(path)}: first lines must say '# format: {fmt}'"
    assert "date" in header, f"{_case_id(path)}: first lines must say '# date: YYYY-MM-DD'"
    dt.date.fromisoformat(header["date"])
    expected = _expected_path(path)
    if verdict == "illegal":
        assert expected.is_file(), f"{_case_id(path)}: an illegal case needs {expected.name}"
        entries = yaml.safe_load(expected.read_text(encoding="utf-8"))
        assert isinstance(entries, list) and entries, f"{expected.name}: a non-empty list of {{rule, lines}}"
        for entry in entries:
            assert set(entry) == {"rule", "lines"}, f"{expected.name}: {entry!r} is not {{rule, lines}}"
    elif expected.exists():
        # A legal deck may only expect notes (legal-reprint) and the warnings about
        # the day (rotating, beyond-known-seasons), never an error.
        entries = yaml.safe_load(expected.read_text(encoding="utf-8"))
        assert {entry["rule"] for entry in entries} <= {"legal-reprint", "rotating", "beyond-known-seasons"}, (
            f"{expected.name}: notes and warnings about the day only"
        )


@pytest.mark.parametrize("path", _case_files(), ids=_case_id)
def test_case_gets_exactly_its_findings(path: Path, reference_index):
    found, shown = _findings(path, reference_index)
    expected_file = _expected_path(path)
    entries = yaml.safe_load(expected_file.read_text(encoding="utf-8")) if expected_file.exists() else []
    expected = Counter((entry["rule"], tuple(entry["lines"])) for entry in entries)
    assert Counter(found) == expected, f"{_case_id(path)}: expected {sorted(expected.elements())}, got:\n" + "\n".join(
        shown
    )


def test_every_shipped_pack_has_a_legal_and_an_illegal_case():
    missing = [
        f"{name}/{verdict}"
        for name in sorted(available_packs())
        for verdict in VERDICTS
        if not list((CASES / name / verdict).glob("*.txt"))
    ]
    assert not missing, f"format packs without example decks: {', '.join(missing)}"


def test_case_folders_name_shipped_packs():
    shipped = set(available_packs())
    unknown = sorted(p.name for p in CASES.iterdir() if p.is_dir() and p.name not in shipped)
    assert not unknown, f"case folders for packs that do not exist: {', '.join(unknown)}"
