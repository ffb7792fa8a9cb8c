"""``--output sarif``: a SARIF 2.1.0 log for code-scanning tools.

One run; ``tool.driver`` describes deckcheck and carries one rule
(``reportingDescriptor``) per rule id used, with a short description, a full
description and help text; each finding is a ``result`` with ruleId,
ruleIndex, level, message and a physical location (the deck file, relative,
forward slashes, percent-encoded as a URI reference, and its first line).

Findings about the whole deck (deck size, ...) have no line; they point at
line 1, since GitHub code scanning drops results without a region.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render import ReportWriter, path_problem, path_uri, render_with
from deckcheck.rules import KINDS
from deckcheck.version import __version__

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
# The project has no public home yet; this follows the schemas' $id (deckcheck.invalid).
INFORMATION_URI = "https://deckcheck.invalid/"

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}

# The stable rule ids of reading and resolving a list (README.md "JSON output"): what each
# checks, and how to fix a finding. A pack's rules say theirs through their kinds
# (RuleKind.description and .fix, or the rule's own description).
RULE_TEXTS: dict[str, tuple[str, str]] = {
    "syntax": (
        "A line that is not a card line, or section and total counts that disagree with the lines.",
        'Write each card as COUNT NAME SET NUMBER ("4 Iono PAL 185") and keep the section '
        "headers and Total Cards equal to the sum of their lines.",
    ),
    "unreadable": (
        "A file that cannot be read as a deck (binary, empty, too large, not UTF-8).",
        "Give a deck list saved as UTF-8 text, YAML or JSON.",
    ),
    "encoding": (
        "A note: the file is not UTF-8 and was read as Windows-1252 (Western European) text.",
        "Save the deck list as UTF-8 so that every program reads it the same way.",
    ),
    "unknown-format": (
        "A deck whose own format (# format: in a text list, format: in a YAML or JSON deck) "
        "is not a format deckcheck can use, so its legality cannot be shown.",
        "Correct the deck's format, or choose a format with --format; deckcheck formats list shows the formats.",
    ),
    "unknown-card": (
        "No card of that name is in the card database.",
        "Correct the name (see the suggestions) or update the card database: deckcheck db update.",
    ),
    "ambiguous-card": (
        "A name whose prints the deck-building rules treat differently.",
        "Add the set code and number to say which print the deck plays.",
    ),
    "name-mismatch": (
        "The set code and number name another card than the line does.",
        "Correct the name or the set code and number.",
    ),
    "unknown-print": (
        "No card has that set code and number in the card database; unless every print of its name is judged alike, the line does not say which card it is.",
        "Correct the number, or update the card database if the set may have grown: deckcheck db update.",
    ),
    "unknown-set": (
        "The set code is not in the card database.",
        "Check the set code, or update the card database if the set is new: deckcheck db update.",
    ),
}


def _rule_texts(rule_id: str, described: Mapping[str, tuple[str, str]]) -> tuple[str, str]:
    # The stable ids mean what README.md documents, in every pack.
    if rule_id in RULE_TEXTS:
        return RULE_TEXTS[rule_id]
    if rule_id in described:
        return described[rule_id]
    for name in KINDS:  # an id a kind's findings carry besides the rule's own (rotating, ...)
        texts = KINDS[name].finding_texts.get(rule_id)
        if texts is not None:
            return texts
    return (
        f"The {rule_id} rule of the format pack.",
        "deckcheck formats show FORMAT lists the format's rules and their options.",
    )


def _reporting_descriptor(rule_id: str, described: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    short, help_text = _rule_texts(rule_id, described)
    return {
        "id": rule_id,
        "name": rule_id,
        "shortDescription": {"text": short},
        "fullDescription": {"text": short},
        "help": {"text": help_text},
        "properties": {"tags": ["deckcheck"]},
    }


def _result(
    rule_id: str, level: str, text: str, uri: str, lines: list[int], cards: list[str], hint: str | None, rule_index: int
) -> dict[str, Any]:
    region = {"startLine": lines[0] if lines else 1}
    return {
        "ruleId": rule_id,
        "ruleIndex": rule_index,
        "level": level,
        "message": {"text": text},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri}, "region": region}}],
        # deckcheck's own view of the finding, as in --output json
        "properties": {"lines": lines, "cards": cards, "hint": hint},
    }


def _finding_data(finding: Finding) -> list[Any]:
    text = finding.message
    hint = finding.hint
    if hint:
        text += "\n" + hint
    return [finding.rule, _LEVEL[finding.severity], text, list(finding.lines), list(finding.cards), hint]


class Writer(ReportWriter):
    """The log as ``json.dumps(log, indent=2)`` writes it. The rule catalogue
    (and each result's ``ruleIndex``) and the artifacts come before the
    results and depend on every deck, so each deck's findings are spooled as
    one line of data and written out at the end; only the paths of the decks
    with findings stay in memory."""

    spooled = True

    def __init__(self, out, options=None):
        super().__init__(out, options)
        self.rule_ids: set[str] = set()
        self.artifacts: dict[str, None] = {}
        self.index_of: dict[str, int] = {}
        self.results = 0
        # Paths that could not be read as decks: problems of the run, not of a deck.
        self.notifications: list[dict[str, Any]] = []

    def deck(self, result: DeckResult) -> str:
        if not result.findings:
            return ""
        problem = path_problem(result)
        if problem is not None:
            self.notifications.append(
                {
                    "level": "error",
                    "message": {"text": problem.message},
                    "locations": [
                        {"physicalLocation": {"artifactLocation": {"uri": path_uri(result.path, self.options.root)}}}
                    ],
                    "descriptor": {"id": problem.rule},
                }
            )
            return ""
        uri = path_uri(result.path, self.options.root)
        self.artifacts.setdefault(uri)
        self.rule_ids.update(f.rule for f in result.findings)
        return json.dumps([uri, [_finding_data(f) for f in result.findings]], ensure_ascii=False) + "\n"

    def _log(self) -> tuple[str, str]:
        described = dict(getattr(self.options, "rules", {}) or {})
        rule_ids = sorted(self.rule_ids | set(described))
        self.index_of = {rule_id: i for i, rule_id in enumerate(rule_ids)}
        log: dict[str, Any] = {
            "$schema": SARIF_SCHEMA,
            "version": SARIF_VERSION,
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "deckcheck",
                            "version": __version__,
                            "semanticVersion": __version__,
                            "informationUri": INFORMATION_URI,
                            "rules": [_reporting_descriptor(rule_id, described) for rule_id in rule_ids],
                        }
                    },
                    "artifacts": [{"location": {"uri": uri}} for uri in self.artifacts],
                    "results": [],
                    "columnKind": "unicodeCodePoints",
                }
            ],
        }
        if self.notifications:
            # SARIF's place for what kept the tool from analysing a file: the run did not succeed.
            log["runs"][0]["invocations"] = [
                {"executionSuccessful": False, "toolExecutionNotifications": self.notifications}
            ]
        before, after = json.dumps(log, indent=2, ensure_ascii=False).split('"results": []', 1)
        return before + '"results": [', after

    def head(self) -> str:
        before, self._after = self._log()
        return before

    def replay(self, spooled: str) -> str:
        uri, findings = json.loads(spooled)
        out = []
        for rule_id, level, text, lines, cards, hint in findings:
            self.results += 1
            result = _result(rule_id, level, text, uri, lines, cards, hint, self.index_of[rule_id])
            # A result sits four levels deep; JSON strings hold no raw newline.
            body = json.dumps(result, indent=2, ensure_ascii=False).replace("\n", "\n        ")
            out.append(("\n        " if self.results == 1 else ",\n        ") + body)
        return "".join(out)

    def tail(self) -> str:
        return ("\n      ]" if self.results else "]") + self._after + "\n"


def render(report: Report, options) -> str:
    return render_with(Writer, report, options)
