"""``--output github``: GitHub Actions workflow commands, kept to what GitHub shows.

``::error file=decks/a.txt,line=21,title=deckcheck copy-limit::The deck has 5 …``
makes GitHub show the finding on that line of the pull request. Data is
escaped as the Actions toolkit does (``%``, CR, LF); property values also
escape ``:`` and ``,``, which would otherwise end the property.

GitHub shows at most 10 error, 10 warning and 10 notice annotations per step
and 50 per job (the Actions toolkit's documentation of problem matchers,
"Limitations"); the rest are dropped without a word. So the report is:

* every finding as a plain log line (``decks/a.txt:21: error copy-limit: …``),
  deck by deck as the results come, in a collapsed log group -- the log holds
  them all;
* at the end, the :data:`PER_STEP` most important errors, warnings and notes as
  annotations: the first finding of each deck before the second of any, then in
  the order of the decks (a bounded heap: memory stays flat);
* one notice counting the findings that got no annotation, and where they are;
* the summary line.
"""

from __future__ import annotations

import heapq
from collections import Counter

from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render import ReportWriter, display_path, is_failing, path_problem, render_with

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}

# Annotations GitHub shows per step, of each kind (error, warning, notice).
PER_STEP = 10


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(finding: Finding, path: str) -> str:
    """One finding as a workflow command (``path`` as shown, repository-relative)."""
    properties = [f"file={escape_property(path)}"]
    if finding.lines:
        # The annotation sits on the first line; the message names them all.
        properties.append(f"line={finding.lines[0]}")
    properties.append(f"title={escape_property('deckcheck ' + finding.rule)}")
    message = finding.message
    if finding.hint:
        message += "\n" + finding.hint
    return f"::{_COMMAND[finding.severity]} {','.join(properties)}::{escape_data(message)}\n"


def log_line(finding: Finding, path: str) -> str:
    """One finding as a plain line of the log (no workflow command: a line never starts with ``::``)."""
    where = f"{path}:{finding.lines[0]}" if finding.lines else path
    text = f"{where}: {finding.severity.value} {finding.rule}: {finding.message}"
    if finding.hint:
        text += f" → {finding.hint}"
    if text.startswith(":"):  # a file named "::error x" must not make a workflow command
        text = "./" + text
    # Texts from a deck are printable (no control characters); CR or LF would start a new line.
    return text.replace("\r", " ").replace("\n", " ") + "\n"


class Writer(ReportWriter):
    def __init__(self, out, options=None):
        super().__init__(out, options)
        self.decks = self.legal = self.unverified = self.not_checked = self.failed_by_warnings = 0
        self.by_rule: Counter[str] = Counter()
        self.by_severity: Counter[Severity] = Counter()
        # Per severity, a max-heap (negated keys) of the PER_STEP best annotations so far.
        self.best: dict[Severity, list[tuple[tuple[int, int, int], str]]] = {s: [] for s in Severity}
        # Notes leave one notice free for the count of what got no annotation.
        self.room = {Severity.ERROR: PER_STEP, Severity.WARNING: PER_STEP, Severity.INFO: PER_STEP - 1}
        self.grouped = False

    def head(self) -> str:
        return ""

    def deck(self, result: DeckResult) -> str:
        if path_problem(result) is not None:
            self.not_checked += 1  # no deck: annotated, not counted among the decks
        else:
            self.decks += 1
            self.legal += result.legal
            self.unverified += result.verdict == "unverified"
            self.by_rule.update(f.rule for f in result.findings)
            self.failed_by_warnings += result.legal and is_failing(result, self.options.fail_on)
        path = display_path(result.path, self.options.root)
        out: list[str] = []
        if result.findings and not self.grouped:
            out.append("::group::deckcheck: every finding\n")
            self.grouped = True
        rank: Counter[Severity] = Counter()
        for index, finding in enumerate(result.findings):
            out.append(log_line(finding, path))
            severity = finding.severity
            self.by_severity[severity] += 1
            # The first finding of every deck before the second of any; then the decks' order.
            key = (rank[severity], self.decks, index)
            rank[severity] += 1
            heap = self.best[severity]
            negated = (-key[0], -key[1], -key[2])
            if len(heap) < self.room[severity]:
                heapq.heappush(heap, (negated, annotation(finding, path)))
            elif heap and negated > heap[0][0]:
                heapq.heapreplace(heap, (negated, annotation(finding, path)))
        return "".join(out)

    def tail(self) -> str:
        out: list[str] = []
        if self.grouped:
            out.append("::endgroup::\n")
        left: Counter[Severity] = Counter()
        for severity in Severity:
            chosen = sorted(self.best[severity], reverse=True)  # the smallest keys first
            out.extend(text for _key, text in chosen)
            left[severity] = self.by_severity[severity] - len(chosen)
        if sum(left.values()):
            kinds = [
                f"{left[s]} {word}{'' if left[s] == 1 else 's'}"
                for s, word in ((Severity.ERROR, "error"), (Severity.WARNING, "warning"), (Severity.INFO, "note"))
                if left[s]
            ]
            out.append(
                f"::notice title=deckcheck::{escape_data(_and(kinds))} got no annotation, as GitHub shows "
                f"{PER_STEP} of each kind per step: this step's log lists every finding (the group "
                "'deckcheck: every finding'), and its summary every deck.\n"
            )
        # A plain log line (not a workflow command) that closes the step's output.
        decks = "deck" if self.decks == 1 else "decks"
        illegal = self.decks - self.legal - self.unverified
        # docs/rulings.md, "The verdict words": decks whose legality cannot be shown are counted apart.
        unverified = f", {self.unverified} not verified" if self.unverified else ""
        summary = f"deckcheck: {self.decks} {decks} checked: {self.legal} legal, {illegal} illegal{unverified}."
        if self.failed_by_warnings:
            decks = "deck fails" if self.failed_by_warnings == 1 else "decks fail"
            summary += f" {self.failed_by_warnings} legal {decks} the run for warnings (--fail-on warning)."
        if self.not_checked:
            paths = "path was" if self.not_checked == 1 else "paths were"
            summary += f" {self.not_checked} {paths} not checked: not readable as decks, or their format or day cannot be used."
        if self.by_rule:
            summary += (
                " Findings by rule: " + ", ".join(f"{rule} {n}" for rule, n in sorted(self.by_rule.items())) + "."
            )
        out.append(summary + "\n")
        return "".join(out)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def render(report: Report, options) -> str:
    return render_with(Writer, report, options)
