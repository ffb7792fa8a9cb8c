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
from typing import Any

from deckcheck import __version__
from deckcheck.model import Finding, Report, Severity
from deckcheck.render import path_uri

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
# The project has no public home yet; this follows the schemas' $id (deckcheck.invalid).
INFORMATION_URI = "https://deckcheck.invalid/"

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}

# The stable rule ids (README.md "JSON output"): what each checks, and how to
# fix a finding. Other ids use the description of the pack's rule or of its kind.
RULE_TEXTS: dict[str, tuple[str, str]] = {
    "syntax": ("A line that is not a card line, or section and total counts that disagree with the lines.",
               "Write each card as COUNT NAME SET NUMBER (\"4 Iono PAL 185\") and keep the section "
               "headers and Total Cards equal to the sum of their lines."),
    "unreadable": ("A file that cannot be read as a deck (binary, empty, too large, not UTF-8).",
                   "Give a deck list saved as UTF-8 text, YAML or JSON."),
    "unknown-format": ("A deck whose own format (# format: in a text list, format: in a YAML or JSON deck) "
                       "is not a format deckcheck can use, so its legality cannot be shown.",
                       "Correct the deck's format, or choose a format with --format; deckcheck formats list "
                       "shows the formats."),
    "unknown-card": ("No card of that name is in the card database.",
                     "Correct the name (see the suggestions) or update the card database: deckcheck db update."),
    "ambiguous-card": ("A name whose prints the deck-building rules treat differently.",
                       "Add the set code and number to say which print the deck plays."),
    "name-mismatch": ("The set code and number name another card than the line does.",
                      "Correct the name or the set code and number."),
    "unknown-print": ("No card has that set code and number; the line was read by its name.",
                      "Check the set code and number."),
    "unknown-set": ("The set code is not in the card database.",
                    "Check the set code, or update the card database if the set is new: deckcheck db update."),
    "deck-size": ("A deck has exactly 60 cards (30 in a half deck).",
                  "Add or remove cards until the deck has the size the format asks for."),
    "basic-pokemon": ("A deck has at least one Basic Pokémon.", "Add a Basic Pokémon."),
    "copy-limit": ("At most 4 cards with the same name (2 in a half deck); basic Energy is exempt.",
                   "Remove copies until no name is played more often than the format allows."),
    "ace-spec": ("At most 1 ACE SPEC card in a deck.", "Keep one ACE SPEC card."),
    "radiant": ("At most 1 Radiant Pokémon in a deck.", "Keep one Radiant Pokémon."),
    "pokemon-star": ("At most 1 Pokémon Star (★) card in a deck.", "Keep one Pokémon Star card."),
    "prism-star": ("At most 1 Prism Star (◇) card of each name.", "Keep one copy of each Prism Star card."),
    "card-limit": ("A card's own limit (\"You can't have more than 1 Shining Celebi in your deck\").",
                   "Play no more copies of that name than the card allows."),
    "exclusive": ("Professor Juniper and Professor Sycamore never together.",
                  "Keep cards of only one of those names."),
    "banned": ("A card on the format's ban list.", "Replace the banned card."),
    "not-legal": ("A card outside the format's card pool on that day.",
                  "Replace the card with a print or card that is legal in the format."),
}


def _rule_texts(rule_id: str, described: dict[str, str]) -> tuple[str, str]:
    # The stable ids mean what README.md documents, in every pack.
    if rule_id in RULE_TEXTS:
        return RULE_TEXTS[rule_id]
    short = described.get(rule_id) or f"The {rule_id} rule of the format pack."
    return short, "deckcheck formats show FORMAT lists the format's rules and their options."


def _reporting_descriptor(rule_id: str, described: dict[str, str]) -> dict[str, Any]:
    short, help_text = _rule_texts(rule_id, described)
    return {
        "id": rule_id,
        "name": rule_id,
        "shortDescription": {"text": short},
        "fullDescription": {"text": short},
        "help": {"text": help_text},
        "properties": {"tags": ["deckcheck"]},
    }


def _result(finding: Finding, uri: str, rule_index: int) -> dict[str, Any]:
    text = finding.message
    if finding.hint:
        text += "\n" + finding.hint
    region = {"startLine": finding.lines[0] if finding.lines else 1}
    return {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": _LEVEL[finding.severity],
        "message": {"text": text},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri}, "region": region}}],
        # deckcheck's own view of the finding, as in --output json
        "properties": {"lines": list(finding.lines), "cards": list(finding.cards), "hint": finding.hint},
    }


def sarif_log(report: Report, options) -> dict[str, Any]:
    described = dict(getattr(options, "rules", {}) or {})
    rule_ids = sorted({f.rule for r in report.results for f in r.findings} | set(described))
    index_of = {rule_id: i for i, rule_id in enumerate(rule_ids)}
    results = []
    artifacts: list[str] = []
    for deck in report.results:
        uri = path_uri(deck.path, options.root)
        if deck.findings and uri not in artifacts:
            artifacts.append(uri)
        results.extend(_result(f, uri, index_of[f.rule]) for f in deck.findings)
    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": {"driver": {
                "name": "deckcheck",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": [_reporting_descriptor(rule_id, described) for rule_id in rule_ids],
            }},
            "artifacts": [{"location": {"uri": uri}} for uri in artifacts],
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def render(report: Report, options) -> str:
    return json.dumps(sarif_log(report, options), indent=2, ensure_ascii=False) + "\n"
