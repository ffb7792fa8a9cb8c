"""``--output json``: the machine-readable report (schema in README.md)."""

from __future__ import annotations

import json
from typing import Any

from deckcheck.i18n import finding_hint, finding_message
from deckcheck.model import DeckResult, Finding, Report
from deckcheck.render import ReportWriter, render_with
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
    # The key order of the written report: "legal" comes last, after the results
    # it sums up, so that the report can be written deck by deck.
    found: dict[str, Any] = {"version": JSON_VERSION, "results": [result_dict(r, lang) for r in report.results]}
    if report.skipped:  # files met while walking that are no decks
        found["skipped"] = list(report.skipped)
    found["legal"] = report.legal
    return found


class Writer(ReportWriter):
    """The report as ``json.dumps(report_dict(...), indent=2)`` writes it, deck by deck."""

    def __init__(self, out, options=None):
        super().__init__(out, options)
        self.lang = getattr(options, "lang", None) or "en"
        self.decks = 0
        self.legal = True

    def head(self) -> str:
        return '{\n  "version": %d,\n  "results": [' % JSON_VERSION

    def deck(self, result: DeckResult) -> str:
        self.legal = self.legal and result.legal
        self.decks += 1
        text = json.dumps(result_dict(result, self.lang), indent=2, ensure_ascii=False)
        # A deck's object sits two levels deep; JSON strings hold no raw newline.
        return ("\n    " if self.decks == 1 else ",\n    ") + text.replace("\n", "\n    ")

    def tail(self) -> str:
        close = "\n  ]" if self.decks else "]"
        if self.skipped:  # files met while walking that are no decks
            close += ',\n  "skipped": ' + json.dumps(list(self.skipped), indent=2, ensure_ascii=False).replace("\n", "\n  ")
        return f'{close},\n  "legal": {"true" if self.legal else "false"}\n}}\n'


def render(report: Report, options=None) -> str:
    return render_with(Writer, report, options)
