"""``--output json``: the machine-readable report (schema in README.md)."""

from __future__ import annotations

import json
from json.encoder import encode_basestring  # the C function where Python has it
from typing import Any

import orjson

from deckcheck.core.printable import printable
from deckcheck.i18n import finding_hint, finding_message
from deckcheck.model import DeckResult, Finding, Report
from deckcheck.render import ReportWriter, path_problem, render_with

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
    found: dict[str, Any] = {
        "path": printable(result.path),
        "name": result.name,
        "format": result.format,
        "date": result.date,
        "legal": result.legal,
        # docs/rulings.md, "The verdict words": "illegal" (a rule is broken) or "unverified" (only
        # lines that do not say which card they are), or "legal".
        "verdict": result.verdict,
        "total_cards": result.total_cards,
        "counts": {
            "pokemon": result.counts.get("Pokémon", 0),
            "trainer": result.counts.get("Trainer", 0),
            "energy": result.counts.get("Energy", 0),
            # The cards of lines that name no card deckcheck knows; the four add up to total_cards.
            "unidentified": result.unidentified,
        },
        "findings": [finding_dict(f, lang) for f in result.findings],
    }
    if result.languages:  # only when a line was read in another language
        found["languages"] = {code: list(lines) for code, lines in result.languages.items()}
    return found


def problem_dict(result: DeckResult, problem: Finding, lang: str = "en") -> dict[str, Any]:
    """A path that could not be read as a deck: reported apart from the decks."""
    return {
        "path": printable(result.path),
        "rule": problem.rule,
        "message": finding_message(problem, lang),
        "hint": finding_hint(problem, lang),
    }


def report_dict(report: Report, lang: str = "en") -> dict[str, Any]:
    # The key order of the written report: "legal" comes last, after the results
    # it sums up, so that the report can be written deck by deck.
    results, problems = [], []
    for result in report.results:
        problem = path_problem(result)
        if problem is None:
            results.append(result_dict(result, lang))
        else:
            problems.append(problem_dict(result, problem, lang))
    found: dict[str, Any] = {"version": JSON_VERSION, "results": results}
    if problems:  # paths that are no readable deck
        found["problems"] = problems
    if report.skipped:  # files met while walking that are no decks
        found["skipped"] = list(report.skipped)
    found["legal"] = report.legal
    return found


def indented_json(value: Any, pad: str = "") -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` with each line after the
    first indented by ``pad``, the same text, several times faster
    (with an indent, the json module encodes in pure Python, a generator per
    value). Dicts with string keys, lists, strings, integers, booleans and None
    are written here, with json's own C string encoder; anything else by json."""
    kind = type(value)
    if kind is str:
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is int:
        return int.__repr__(value)
    inner = pad + "  "
    if kind is dict and all(type(key) is str for key in value):
        if not value:
            return "{}"
        items = [f"{inner}{encode_basestring(key)}: {indented_json(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if kind is list:
        if not value:
            return "[]"
        return "[\n" + ",\n".join(inner + indented_json(item, inner) for item in value) + "\n" + pad + "]"
    # JSON strings hold no raw newline: every newline starts a line to indent.
    return json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + pad)


def deck_json(value: dict[str, Any], pad: str = "") -> str:
    """:func:`indented_json` of a deck's object (:func:`result_dict`: strings, integers,
    booleans, None, lists and dicts of them, no float), written by orjson: the same text
    (a test holds the two to it) some six times faster, which a folder of 10,000 decks
    paid some 8 us a deck for. A value orjson refuses (an integer beyond 64 bits, a lone
    surrogate) is written by indented_json."""
    try:
        text = orjson.dumps(value, option=orjson.OPT_INDENT_2).decode("utf-8")
    except TypeError:
        return indented_json(value, pad)
    # JSON strings hold no raw newline: every newline starts a line to indent.
    return text.replace("\n", "\n" + pad) if pad else text


class Writer(ReportWriter):
    """The report as ``json.dumps(report_dict(...), indent=2)`` writes it, deck by deck."""

    def __init__(self, out, options=None):
        super().__init__(out, options)
        self.lang = getattr(options, "lang", None) or "en"
        self.decks = 0
        self.legal = True
        self.problems: list[dict[str, Any]] = []  # paths that are no readable deck: few, kept for the end

    def head(self) -> str:
        return f'{{\n  "version": {JSON_VERSION:d},\n  "results": ['

    def deck(self, result: DeckResult) -> str:
        self.legal = self.legal and result.legal
        problem = path_problem(result)
        if problem is not None:
            self.problems.append(problem_dict(result, problem, self.lang))
            return ""
        self.decks += 1
        # A deck's object sits two levels deep.
        return ("\n    " if self.decks == 1 else ",\n    ") + deck_json(result_dict(result, self.lang), "    ")

    def tail(self) -> str:
        close = "\n  ]" if self.decks else "]"
        if self.problems:
            close += ',\n  "problems": ' + indented_json(self.problems, "  ")
        if self.skipped:  # files met while walking that are no decks
            close += ',\n  "skipped": ' + json.dumps(list(self.skipped), indent=2, ensure_ascii=False).replace(
                "\n", "\n  "
            )
        return f'{close},\n  "legal": {"true" if self.legal else "false"}\n}}\n'


def render(report: Report, options=None) -> str:
    return render_with(Writer, report, options)
