"""``--output junit``: a JUnit XML report, the format CI servers show as tests.

One test suite; one test case per deck (``name`` is the deck's path,
``classname`` ``deckcheck.<format>``). A deck that fails the run (an error,
or a warning with ``--fail-on warning``) has one ``<failure>`` listing its
failing findings, one per line; findings that do not fail it are listed in
``<system-out>``. Written with ElementTree, so text and attributes are
escaped; characters XML 1.0 cannot hold at all are replaced by U+FFFD.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from deckcheck.i18n import line_numbers
from deckcheck.model import Finding, Report
from deckcheck.render import display_path, failing_severities

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


def render(report: Report, options) -> str:
    failing = failing_severities(getattr(options, "fail_on", "error"))
    failures = sum(1 for r in report.results if any(f.severity in failing for f in r.findings))
    counts = {"tests": str(len(report.results)), "failures": str(failures), "errors": "0", "skipped": "0"}
    suites = ET.Element("testsuites", {"name": "deckcheck", **counts})
    suite = ET.SubElement(suites, "testsuite", {"name": "deckcheck", **counts})
    for result in report.results:
        path = _xml_text(display_path(result.path, options.root))
        case = ET.SubElement(suite, "testcase", {
            "classname": _xml_text(f"deckcheck.{result.format}"),
            "name": path,
            "file": path,
        })
        failed = [f for f in result.findings if f.severity in failing]
        others = [f for f in result.findings if f.severity not in failing]
        if failed:
            rules = sorted({f.rule for f in failed})
            noun = "finding" if len(failed) == 1 else "findings"
            failure = ET.SubElement(case, "failure", {
                "message": _xml_text(f"{len(failed)} {noun}: {', '.join(rules)}"),
                "type": _xml_text(rules[0] if len(rules) == 1 else "deckcheck"),
            })
            failure.text = _xml_text("\n".join(finding_line(f) for f in failed))
        if others:
            ET.SubElement(case, "system-out").text = _xml_text("\n".join(finding_line(f) for f in others))
    ET.indent(suites, space="  ")
    body = ET.tostring(suites, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"
