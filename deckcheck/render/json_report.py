"""``--output json``: the machine-readable report (schema in README.md)."""

from __future__ import annotations

import json
from typing import Any

from deckcheck.i18n import finding_hint, finding_message
from deckcheck.model import DeckResult, Finding, Report
from deckcheck.printable import printable

JSON_VERSION = 1


def finding_dict(finding: Finding, lang: str = "en") -> dict[str, Any]:
    return {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "message": finding_message(finding, lang),
        "lines": list(finding.lines),
        "cards": list(finding.cards),
        "hint": finding_hint(finding, lang),
    }


def result_dict(result: DeckResult, lang: str = "en") -> dict[str, Any]:
    found = {
        "path": printable(result.path),
        "name": result.name,
        "format": result.format,
        "date": result.date,
        "legal": result.legal,
        "total_cards": result.total_cards,
        "counts": {"pokemon": result.counts.get("Pokémon", 0), "trainer": result.counts.get("Trainer", 0),
                   "energy": result.counts.get("Energy", 0)},
        "findings": [finding_dict(f, lang) for f in result.findings],
    }
    if result.languages:  # only when a line was read in another language (issue 6)
        found["languages"] = {code: list(lines) for code, lines in result.languages.items()}
    return found


def report_dict(report: Report, lang: str = "en") -> dict[str, Any]:
    found = {"version": JSON_VERSION, "legal": report.legal,
             "results": [result_dict(r, lang) for r in report.results]}
    if report.skipped:  # files met while walking that are no decks
        found["skipped"] = list(report.skipped)
    return found


def render(report: Report, options=None) -> str:
    lang = getattr(options, "lang", None) or "en"
    return json.dumps(report_dict(report, lang), indent=2, ensure_ascii=False) + "\n"
