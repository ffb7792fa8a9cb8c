"""``--output json``: the machine-readable report (schema in README.md)."""

from __future__ import annotations

import json
from typing import Any

from deckcheck.model import DeckResult, Finding, Report

JSON_VERSION = 1


def finding_dict(finding: Finding) -> dict[str, Any]:
    return {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "message": finding.message,
        "lines": list(finding.lines),
        "cards": list(finding.cards),
        "hint": finding.hint,
    }


def result_dict(result: DeckResult) -> dict[str, Any]:
    return {
        "path": result.path,
        "name": result.name,
        "format": result.format,
        "date": result.date,
        "legal": result.legal,
        "total_cards": result.total_cards,
        "counts": {"pokemon": result.counts.get("Pokémon", 0), "trainer": result.counts.get("Trainer", 0),
                   "energy": result.counts.get("Energy", 0)},
        "findings": [finding_dict(f) for f in result.findings],
    }


def report_dict(report: Report) -> dict[str, Any]:
    return {"version": JSON_VERSION, "legal": report.legal, "results": [result_dict(r) for r in report.results]}


def render(report: Report, options=None) -> str:
    return json.dumps(report_dict(report), indent=2, ensure_ascii=False) + "\n"
