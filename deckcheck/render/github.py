"""``--output github``: GitHub Actions workflow commands, one per finding.

``::error file=decks/a.txt,line=21,title=deckcheck copy-limit::The deck has 5 …``
makes GitHub show the finding on that line of the pull request. Data is
escaped as the Actions toolkit does (``%``, CR, LF); property values also
escape ``:`` and ``,``, which would otherwise end the property.
"""

from __future__ import annotations

from collections import Counter

from deckcheck.model import DeckResult, Report, Severity
from deckcheck.render import ReportWriter, display_path, render_with

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


class Writer(ReportWriter):
    def __init__(self, out, options=None):
        super().__init__(out, options)
        self.decks = self.legal = self.not_checked = self.failed_by_warnings = 0
        self.by_rule: Counter[str] = Counter()

    def deck(self, result: DeckResult) -> str:
        from deckcheck.render import is_failing, path_problem

        if path_problem(result) is not None:
            self.not_checked += 1  # no deck (issue 24): annotated, not counted among the decks
        else:
            self.decks += 1
            self.legal += result.legal
            self.by_rule.update(f.rule for f in result.findings)
            self.failed_by_warnings += result.legal and is_failing(result, self.options.fail_on)
        path = display_path(result.path, self.options.root)
        out: list[str] = []
        for finding in result.findings:
            properties = [f"file={escape_property(path)}"]
            if finding.lines:
                # The annotation sits on the first line; the message names them all.
                properties.append(f"line={finding.lines[0]}")
            properties.append(f"title={escape_property('deckcheck ' + finding.rule)}")
            message = finding.message
            if finding.hint:
                message += "\n" + finding.hint
            out.append(f"::{_COMMAND[finding.severity]} {','.join(properties)}::{escape_data(message)}\n")
        return "".join(out)

    def tail(self) -> str:
        # A plain log line (not a workflow command) that closes the step's output.
        decks = "deck" if self.decks == 1 else "decks"
        summary = f"deckcheck: {self.decks} {decks} checked: {self.legal} legal, {self.decks - self.legal} illegal."
        if self.failed_by_warnings:
            decks = "deck fails" if self.failed_by_warnings == 1 else "decks fail"
            summary += f" {self.failed_by_warnings} legal {decks} the run for warnings (--fail-on warning)."
        if self.not_checked:
            paths = "path was" if self.not_checked == 1 else "paths were"
            summary += f" {self.not_checked} {paths} not checked: not readable as decks."
        if self.by_rule:
            summary += " Findings by rule: " + ", ".join(f"{rule} {n}" for rule, n in sorted(self.by_rule.items())) + "."
        return summary + "\n"


def render(report: Report, options) -> str:
    return render_with(Writer, report, options)
