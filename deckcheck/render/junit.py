"""``--output junit``: a JUnit XML report, the format CI servers show as tests.

One test suite; one test case per deck (``name`` is the deck's path,
``classname`` ``deckcheck.<format>``). A deck that fails the run (an error,
or a warning with ``--fail-on warning``) has one ``<failure>`` listing its
failing findings, one per line; findings that do not fail it are listed in
``<system-out>``. A path that could not be read as a deck has an ``<error>``
(counted in ``errors``): it is no failing deck. Written with ElementTree, so text and attributes are
escaped; characters XML 1.0 cannot hold at all are replaced by U+FFFD.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from deckcheck.i18n import line_numbers
from deckcheck.model import DeckResult, Finding, Report
from deckcheck.render import ReportWriter, display_path, failing_severities, path_problem, render_with

# XML 1.0 "Char": tab, LF, CR and everything from U+0020 but surrogates, U+FFFE, U+FFFF.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def finding_line(finding: Finding) -> str:
    """One finding as one line of text: ``error copy-limit lines 21, 22: message → hint``."""
    where = f" {line_numbers(finding.lines, ordered=False)}" if finding.lines else ""  # at most MAX_LINES_SHOWN
    text = f"{finding.severity.value} {finding.rule}{where}: {finding.message}"
    if finding.hint:
        text += f" → {finding.hint}"
    return text.replace("\r", " ").replace("\n", " ")


class Writer(ReportWriter):
    """One ``<testcase>`` per deck; the opening tags carry the counts, so the
    cases are spooled until the end (the report as ElementTree indents it)."""

    spooled = True

    def __init__(self, out, options=None):
        super().__init__(out, options)
        self.failing = failing_severities(getattr(options, "fail_on", "error"))
        self.tests = self.failures = self.errors = 0

    def head(self) -> str:
        counts = {"tests": str(self.tests), "failures": str(self.failures), "errors": str(self.errors), "skipped": "0"}
        suites = ET.Element("testsuites", {"name": "deckcheck", **counts})
        suite = ET.SubElement(suites, "testsuite", {"name": "deckcheck", **counts})
        ET.indent(suites, space="  ")
        if self.tests:
            suite.text = "\n"  # an open <testsuite> tag; the cases and tail() follow
        text = ET.tostring(suites, encoding="unicode")
        if self.tests:
            text = text[: text.rindex("\n</testsuite>")]
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + text

    def deck(self, result: DeckResult) -> str:
        self.tests += 1
        path = _xml_text(display_path(result.path, self.options.root))
        case = ET.Element(
            "testcase",
            {
                "classname": _xml_text(f"deckcheck.{result.format}"),
                "name": path,
                "file": path,
            },
        )
        problem = path_problem(result)
        failed = [f for f in result.findings if f.severity in self.failing]
        others = [f for f in result.findings if f.severity not in self.failing]
        if problem is not None:
            # A path that is no readable deck is no failing deck: JUnit's <error>
            # (the test could not run), counted in "errors", not in "failures".
            self.errors += 1
            error = ET.SubElement(case, "error", {"message": _xml_text(problem.message), "type": problem.rule})
            error.text = _xml_text(finding_line(problem))
        elif failed:
            self.failures += 1
            rules = sorted({f.rule for f in failed})
            noun = "finding" if len(failed) == 1 else "findings"
            failure = ET.SubElement(
                case,
                "failure",
                {
                    "message": _xml_text(f"{len(failed)} {noun}: {', '.join(rules)}"),
                    "type": _xml_text(rules[0] if len(rules) == 1 else "deckcheck"),
                },
            )
            failure.text = _xml_text("\n".join(finding_line(f) for f in failed))
        if others:
            ET.SubElement(case, "system-out").text = _xml_text("\n".join(finding_line(f) for f in others))
        ET.indent(case, space="  ", level=2)
        return "\n    " + ET.tostring(case, encoding="unicode")

    def tail(self) -> str:
        return "\n  </testsuite>\n</testsuites>\n" if self.tests else "\n"


def render(report: Report, options) -> str:
    return render_with(Writer, report, options)
