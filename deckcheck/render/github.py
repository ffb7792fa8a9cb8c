"""``--output github``: GitHub Actions workflow commands, one per finding.

``::error file=decks/a.txt,line=21,title=deckcheck copy-limit::The deck has 5 …``
makes GitHub show the finding on that line of the pull request. Data is
escaped as the Actions toolkit does (``%``, CR, LF); property values also
escape ``:`` and ``,``, which would otherwise end the property.
"""

from __future__ import annotations

from collections import Counter

from deckcheck.model import Report, Severity
from deckcheck.render import display_path

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(report: Report, options) -> str:
    out: list[str] = []
    for result in report.results:
        path = display_path(result.path, options.root)
        for finding in result.findings:
            properties = [f"file={escape_property(path)}"]
            if finding.lines:
                # The annotation sits on the first line; the message names them all.
                properties.append(f"line={finding.lines[0]}")
            properties.append(f"title={escape_property('deckcheck ' + finding.rule)}")
            message = finding.message
            if finding.hint:
                message += "\n" + finding.hint
            out.append(f"::{_COMMAND[finding.severity]} {','.join(properties)}::{escape_data(message)}")
    # A plain log line (not a workflow command) that closes the step's output.
    legal = sum(1 for r in report.results if r.legal)
    decks = "deck" if len(report.results) == 1 else "decks"
    by_rule = Counter(f.rule for r in report.results for f in r.findings)
    summary = f"deckcheck: {len(report.results)} {decks} checked: {legal} legal, {len(report.results) - legal} illegal."
    if by_rule:
        summary += " Findings by rule: " + ", ".join(f"{rule} {n}" for rule, n in sorted(by_rule.items())) + "."
    out.append(summary)
    return "\n".join(out) + "\n"
