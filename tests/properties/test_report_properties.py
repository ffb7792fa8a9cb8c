"""Every report re-parses to what was found: whatever a deck holds (controls, quotes, markup,
separators, any path), the JSON report is valid JSON of its schema with every finding as it is,
the SARIF log and the JUnit XML parse and carry each finding, GitHub's workflow commands unescape
to each finding's message, and the HTML page's text shows each message. A reader of any report
-- a script, a code-scanning upload, a CI's test view, a browser -- gets the findings, never a
report broken by what a player wrote."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from html.parser import HTMLParser
from xml.etree import ElementTree

from decks import INDEX, card_line, deck_lists
from hypothesis import given
from hypothesis import strategies as st
from support import assert_valid_report

from deckcheck.engine import check_deck
from deckcheck.model import Report, Severity
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text
from deckcheck.render import RenderOptions, render
from deckcheck.render.github import PER_STEP

DAY = dt.date(2026, 11, 30)
# Text a player may write around card lines: markup, quotes, separators of each report's syntax.
hostile = st.sampled_from(
    ["<script>x</script>", "a & b", '"quoted"', "::error::x", "%0A", "50% off", "a, b: c", "]]>", "\x1b[31m", "é ✓ 中"]
)
lines = st.lists(st.one_of(card_line(), hostile, st.text(max_size=30)), max_size=12).map("\n".join)
texts = st.one_of(deck_lists(), lines)
paths = st.one_of(st.just("deck.txt"), st.sampled_from(["dir/a, b: 100%.txt", "<b>&.txt", "deck\u00e9 \u2713.txt"]))


def shown(finding) -> tuple[str, str, tuple[int, ...]]:
    return (finding.rule, finding.severity.value, tuple(finding.lines))


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipped = 0

    def handle_starttag(self, tag, attrs):
        self.skipped += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.skipped -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skipped:
            self.parts.append(data)


def _unescape_workflow_data(data: str) -> str:
    return data.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def _spaces(text: str) -> str:
    return " ".join(text.split())


@given(st.lists(st.tuples(texts, paths), min_size=1, max_size=2))
def test_every_report_reparses_to_the_findings(decks):
    results = tuple(
        check_deck(parse_text(text, f"{n}/{path}"), load_pack("unlimited"), INDEX, DAY)
        for n, (text, path) in enumerate(decks)
    )
    report = Report(results)
    options = RenderOptions()
    # Findings a CI report carries: errors and warnings (notes are the text report's own).
    found = Counter(shown(f) for r in results for f in r.findings if f.severity in (Severity.ERROR, Severity.WARNING))

    data = json.loads(render("json", report, options))
    assert_valid_report(data)
    assert [r["path"] for r in data["results"]] == [r.path for r in results]
    for entry, result in zip(data["results"], results, strict=True):
        assert entry["verdict"] == result.verdict
        assert [(f["rule"], f["severity"], f["message"], f["lines"]) for f in entry["findings"]] == [
            (f.rule, f.severity.value, f.message, list(f.lines)) for f in result.findings
        ]

    sarif = json.loads(render("sarif", report, options))
    (run,) = sarif["runs"]
    rule_ids = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    carried = Counter()
    for item in run["results"]:
        assert rule_ids[item["ruleIndex"]] == item["ruleId"]
        region = item["locations"][0]["physicalLocation"].get("region", {})
        carried[(item["ruleId"], item["level"], tuple(item["properties"]["lines"]))] += 1
        if item["properties"]["lines"]:  # (a finding of no line points at the file's first)
            assert region["startLine"] == item["properties"]["lines"][0]
    assert carried == found

    suites = ElementTree.fromstring(render("junit", report, options).encode("utf-8"))
    cases = suites.findall("./testsuite/testcase")
    assert [case.get("name") for case in cases] == [r.path for r in results]
    for case, result in zip(cases, results, strict=True):
        failure = case.find("failure")
        assert (failure is not None) == any(f.severity is Severity.ERROR for f in result.findings)
        if failure is not None:
            for finding in result.findings:
                if finding.severity is Severity.ERROR:
                    assert finding.message in (failure.text or "")

    github = render("github", report, options)
    commands = [
        re.fullmatch(r"::(error|warning|notice) ([^:]*)::(.*)", line)
        for line in github.splitlines()
        if line.startswith(("::error ", "::warning ", "::notice "))
    ]
    assert all(commands), "a workflow command that does not parse"
    annotated = Counter(
        (m[1], _unescape_workflow_data(m[3]).split("\n", 1)[0]) for m in commands if m and "title=deckcheck " in m[2]
    )
    wanted = Counter(
        (f.severity.value, f.message) for r in results for f in r.findings if f.severity is not Severity.INFO
    )
    # GitHub shows PER_STEP annotations of each kind; the log group lists every finding.
    assert annotated <= wanted
    for level in ("error", "warning"):
        shown_here = sum(n for (kind, _), n in annotated.items() if kind == level)
        assert shown_here == min(PER_STEP, sum(n for (kind, _), n in wanted.items() if kind == level))
    group = github.split("::group::deckcheck: every finding", 1)[-1].split("::endgroup::", 1)[0]
    for result in results:
        for finding in result.findings:
            assert finding.message in group

    page = _Text()
    page.feed(render("html", report, options))
    page.close()
    text = _spaces("".join(page.parts))
    for result in results:
        for finding in result.findings:
            assert _spaces(finding.message) in text, finding.message
