"""``deckcheck check --summary FILE``: a Markdown summary of the run for GitHub's
step summary (``$GITHUB_STEP_SUMMARY``), and ``--github-output FILE``: the run's
counts as step outputs (``$GITHUB_OUTPUT``).

The summary is a heading with the counts, then a table with one row per deck --
the deck (a link to the file when the run knows the repository's address), its
verdict, the rules it breaks and its first findings -- the decks that fail
first, then the findings by rule. GitHub takes at most 1 MiB of summary per step
(a larger one is dropped whole, with an error); the rows are kept within
:data:`BUDGET` bytes, the failing decks before the others, and the decks left
out are counted in a last line. So memory is bounded however many decks are
checked. Like the ``github`` output, the summary is in English (the messages in
the language of ``--lang`` when given).
"""

from __future__ import annotations

import os
from collections import Counter
from urllib.parse import quote

from deckcheck.i18n import finding_message, translator
from deckcheck.model import DeckResult, Finding, Severity
from deckcheck.render import ReportWriter, display_path, failing_severities, path_problem, path_uri

# Bytes of rows kept: GitHub's cap is 1 MiB per step; the rest is room for the heading,
# the findings by rule and the last line.
BUDGET = 900_000
# Findings shown in a deck's row, and the characters of each.
FIRST_FINDINGS = 3
FINDING_CHARS = 200
_MARKS = {Severity.ERROR: "✖", Severity.WARNING: "!", Severity.INFO: "i"}


def cell(text: str) -> str:
    """``text`` as one cell of a Markdown table: nothing in it makes markup, a link or a new cell."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("\r", " ").replace("\n", " ")
    return "".join("\\" + c if c in "\\`*_{}[]()#+-.!|~^$" else c for c in text)


class Writer(ReportWriter):
    """The step summary, written at the end (rows are kept, within :data:`BUDGET`)."""

    def __init__(self, out, options=None, link: str | None = None, budget: int = BUDGET):
        super().__init__(out, options)
        self.link = link  # ``https://github.com/OWNER/REPO/blob/SHA/``: paths under the root get a link
        self.budget = budget
        self.lang = getattr(self.options, "lang", "en") or "en"
        self.tr = translator(self.lang)
        self.failing_severities = failing_severities(self.options.fail_on)
        self.decks = self.legal = self.failing = self.unverified = 0
        self.by_severity: Counter[Severity] = Counter()
        self.by_rule: Counter[tuple[str, Severity]] = Counter()
        self.rows: dict[bool, list[str]] = {True: [], False: []}  # failing -> rows
        self.used = 0
        self.left_out: Counter[bool] = Counter()
        self.not_checked: list[str] = []  # paths that are no readable deck

    def deck(self, result: DeckResult) -> str:
        if path_problem(result) is not None:
            # A path that is no readable deck is not counted among the decks.
            self.not_checked.append(display_path(result.path, self.options.root))
            return ""
        self.decks += 1
        self.legal += result.legal
        self.unverified += _verdict(result) == "unverified"
        self.by_severity.update(f.severity for f in result.findings)
        self.by_rule.update((f.rule, f.severity) for f in result.findings)
        failing = any(f.severity in self.failing_severities for f in result.findings)
        self.failing += failing
        row = self.row(result, failing)
        if failing:
            # A failing deck's row goes before the others': make room by leaving out passing decks.
            while self.used + len(row.encode()) > self.budget and self.rows[False]:
                self.used -= len(self.rows[False].pop().encode())
                self.left_out[False] += 1
        if self.used + len(row.encode()) > self.budget:
            self.left_out[failing] += 1
        else:
            self.rows[failing].append(row)
            self.used += len(row.encode())
        return ""

    def row(self, result: DeckResult, failing: bool) -> str:
        shown = display_path(result.path, self.options.root)
        deck = cell(shown)
        if self.link is not None and result.path != "-" and not _outside(shown):
            deck = f"[{deck}]({self.link}{path_uri(result.path, self.options.root)})"
        if result.name:
            deck += f"<br>{cell(result.name[:FINDING_CHARS])}"
        word = _verdict(result)
        if word == "unverified":  # docs/rulings.md, "The verdict words": only lines that do not say which card they are
            verdict = "? not verified"
        elif word == "illegal":
            verdict = "✖ illegal"
        elif failing:
            verdict = "! legal, fails on warnings"
        else:
            verdict = "✔ legal"
        broken = sorted({f.rule for f in result.findings if f.severity in self.failing_severities})
        rules = ", ".join(f"`{rule}`" for rule in broken) or "—"
        ordered = sorted(result.findings, key=lambda f: (_ORDER.index(f.severity), f.lines[:1] or (0,)))
        first = "<br>".join(self.finding(f) for f in ordered[:FIRST_FINDINGS])
        if len(ordered) > FIRST_FINDINGS:
            first += f"<br>… {len(ordered) - FIRST_FINDINGS} more"
        return f"| {deck} | {verdict} | {rules} | {first or '—'} |\n"

    def finding(self, finding: Finding) -> str:
        text = finding_message(finding, self.tr)
        if len(text) > FINDING_CHARS:
            text = text[: FINDING_CHARS - 1] + "…"
        where = f"line {finding.lines[0]}: " if finding.lines else ""
        return f"{_MARKS[finding.severity]} {cell(where + text)}"

    def tail(self) -> str:
        illegal = self.decks - self.legal - self.unverified
        decks = "deck" if self.decks == 1 else "decks"
        unverified = f", {self.unverified} not verified" if self.unverified else ""
        parts = [f"### deckcheck: {self.decks} {decks} checked: {self.legal} legal, {illegal} illegal{unverified}\n\n"]
        if self.not_checked:
            paths = ", ".join(cell(path) for path in self.not_checked[:10]) + (
                ", …" if len(self.not_checked) > 10 else ""
            )
            were = "path was" if len(self.not_checked) == 1 else "paths were"
            parts.append(
                f"**NOT CHECKED** — {len(self.not_checked)} {were} not checked: not readable as decks, "
                f"or their format or day cannot be used ({paths}).\n\n"
            )
        if self.decks:
            parts.append("| deck | verdict | rules broken | first findings |\n|---|---|---|---|\n")
            parts.extend(self.rows[True])
            parts.extend(self.rows[False])
            left = sum(self.left_out.values())
            if left:
                parts.append(
                    f"\n{left} more {'deck' if left == 1 else 'decks'} ({self.left_out[True]} failing) "
                    "not listed: GitHub keeps 1 MiB of summary per step. The step's log lists every "
                    "finding.\n"
                )
        if self.by_rule:
            parts.append(
                "\n<details><summary>Findings by rule</summary>\n\n| rule | errors | warnings | notes |\n"
                "|---|---:|---:|---:|\n"
            )
            for rule in sorted({rule for rule, _severity in self.by_rule}):
                counts = " | ".join(str(self.by_rule[(rule, s)]) for s in _ORDER)
                parts.append(f"| `{rule}` | {counts} |\n")
            parts.append("\n</details>\n")
        return "".join(parts) + "\n"

    def outputs(self) -> str:
        """The counts as ``name=value`` lines for ``$GITHUB_OUTPUT``."""
        counts = {
            "decks": self.decks,
            "legal": self.legal,
            "illegal": self.decks - self.legal - self.unverified,
            "unverified": self.unverified,
            "failing": self.failing,
            "errors": self.by_severity[Severity.ERROR],
            "warnings": self.by_severity[Severity.WARNING],
            "notes": self.by_severity[Severity.INFO],
        }
        return "".join(f"{name}={value}\n" for name, value in counts.items())


_ORDER = [Severity.ERROR, Severity.WARNING, Severity.INFO]


def _verdict(result: DeckResult) -> str:
    """``legal``, ``illegal`` or ``unverified`` (``DeckResult.verdict`` where the model has it)."""
    return getattr(result, "verdict", None) or ("legal" if result.legal else "illegal")


def _outside(shown: str) -> bool:
    return shown == "-" or shown.startswith(("/", "../")) or ":" in shown[:3]


def repository_link(environ, cwd: str) -> str | None:
    """``{GITHUB_SERVER_URL}/{GITHUB_REPOSITORY}/blob/{GITHUB_SHA}/`` and the working
    directory's place in ``GITHUB_WORKSPACE``, when a GitHub run says them all; else None."""
    server, repository, sha = (environ.get(k) for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"))
    if not (server and repository and sha):
        return None
    base = f"{server.rstrip('/')}/{quote(repository)}/blob/{quote(sha)}/"
    workspace = environ.get("GITHUB_WORKSPACE")
    if workspace:
        try:
            inside = os.path.relpath(cwd, workspace)
        except ValueError:
            return None
        if inside.startswith(os.pardir):
            return None
        if inside != os.curdir:
            base += quote(inside.replace(os.sep, "/")) + "/"
    return base
