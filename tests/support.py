"""Paths and helpers shared by the tests (import as ``from support import ...``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
REFERENCE_DATA = PROJECT_ROOT.parent / "shared" / "carddata"
POKEMON_TCG_DATA = REFERENCE_DATA / "pokemon-tcg-data"
SAMPLE_DECKS = PROJECT_ROOT / "sample_decks"


def require_reference_data() -> Path:
    """The pokemontcg.io snapshot in ../shared, or skip saying why."""
    if not (POKEMON_TCG_DATA / "sets" / "en.json").is_file():
        pytest.skip(f"reference data not found at {POKEMON_TCG_DATA} (../shared/carddata is needed for this test)")
    return POKEMON_TCG_DATA


TCGDEX_API = REFERENCE_DATA / "tcgdex-api"


def require_japanese_data() -> Path:
    """The TCGdex export with Japan's cards (v2/ja) in ../shared, or skip saying why."""
    if not (TCGDEX_API / "v2" / "ja" / "sets.json").is_file():
        pytest.skip(f"Japanese card data not found at {TCGDEX_API / 'v2' / 'ja'} (needed for this test)")
    return TCGDEX_API


def assert_golden(path: Path, actual: str) -> None:
    """``actual`` must equal the golden file; DECKCHECK_UPDATE_GOLDEN=1 rewrites it (review the diff)."""
    import os

    if os.environ.get("DECKCHECK_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"golden file {path} missing; run with DECKCHECK_UPDATE_GOLDEN=1 once and review it"
    assert actual == path.read_text(encoding="utf-8")


REPORT_SCHEMA = PROJECT_ROOT / "deckcheck" / "schemas" / "report.schema.json"


def json_report(output: bytes | str) -> dict:
    """An ``--output json`` report parsed and validated against the published
    schema (deckcheck/schemas/report.schema.json): every JSON report a test
    produces goes through here."""
    import json

    report = json.loads(output)
    assert_valid_report(report)
    return report


def assert_valid_report(report: dict) -> None:
    import json

    from jsonschema import Draft202012Validator

    schema = json.loads(REPORT_SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(Draft202012Validator(schema).iter_errors(report), key=lambda e: list(e.absolute_path))
    assert not errors, "report does not follow report.schema.json: " + "; ".join(
        f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in errors[:5]
    )


def project_files() -> list[Path]:
    """The project's files as git sees them: tracked, and untracked but not ignored.

    What a run leaves behind (.pytest_cache, build/, a .venv) is not the project's, so a walk
    of the project skips what git ignores; outside a git checkout (an unpacked sdist) every file
    is the project's."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=PROJECT_ROOT,
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return sorted(p for p in PROJECT_ROOT.rglob("*") if p.is_file())
    return sorted(p for p in (PROJECT_ROOT / name for name in os.fsdecode(listed).split("\0") if name) if p.is_file())


# The Black Star Promo series of the reference data: their cards' days are derived when the
# database is built (carddb/promo_days.py, RULES.md decision 18), never earlier than the data's.
PROMO_SERIES = frozenset({"basep", "np", "dpp", "hsp", "bwp", "xyp", "smp", "swshp", "svp", "mep"})


def without_promo_days(cards):
    """The cards with the day of each promo left out (the source's is its series' first day)."""
    from dataclasses import replace

    return [replace(card, release_date=None) if card.set_id in PROMO_SERIES else card for card in cards]


DOCS = PROJECT_ROOT / "docs"


def doc_pages() -> list[Path]:
    """The README (the first page) and the reference in docs/*.md."""
    return [PROJECT_ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def doc_text(*names: str) -> str:
    """The text of docs/NAME (``README.md``: the first page); no names: every page, joined."""
    pages = [PROJECT_ROOT / "README.md" if name == "README.md" else DOCS / name for name in names] or doc_pages()
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def doc_example(name: str) -> str:
    """The code block that follows ``<!-- example: NAME -->`` in the README or a page of docs/."""
    import re

    found = re.search(rf"<!-- example: {re.escape(name)} -->\n```[a-z]*\n(.*?)```", doc_text(), re.S)
    assert found, f"neither README.md nor docs/*.md has an example {name}"
    return found.group(1)


def run(*args: str, stdin: bytes | None = None, env: dict | None = None, cwd: Path = PROJECT_ROOT):
    """Run deckcheck in a subprocess, exactly as a shell or pre-commit would."""
    full_env = {**os.environ, **(env or {})}
    full_env.pop("NO_COLOR", None)
    return subprocess.run(
        [sys.executable, "-m", "deckcheck", *args],
        input=stdin,
        capture_output=True,
        cwd=cwd,
        env=full_env,
        timeout=120,
    )
