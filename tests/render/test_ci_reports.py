"""CI output formats: GitHub workflow commands, SARIF 2.1.0 and JUnit XML.

Each is compared with a golden file for the sample decks, checked for the
structure its consumers require, and shown to carry the same findings as
``--output json``.
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

import pytest
from support import PROJECT_ROOT, assert_golden, json_report
from support import run_deckcheck as run

from deckcheck import __version__
from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render import RENDERERS, RenderOptions, display_path, render

GOLDEN = Path(__file__).parents[1] / "golden" / "ci"
DATE = "2026-11-30"
CI_OUTPUTS = ("github", "sarif", "junit")
GOLDEN_NAMES = {
    "github": "sample_decks.unlimited.github.txt",
    "sarif": "sample_decks.unlimited.sarif.json",
    "junit": "sample_decks.unlimited.junit.xml",
}


def golden(name: str, actual: str) -> None:
    assert_golden(GOLDEN / name, actual)


@pytest.fixture(scope="module")
def sample_outputs() -> dict[str, str]:
    outputs = {}
    for output in ("json", *CI_OUTPUTS):
        result = run("check", "sample_decks", "--date", DATE, "--format", "unlimited", "--output", output)
        assert result.returncode == 1, result.stderr.decode()
        assert b"Traceback" not in result.stderr
        outputs[output] = result.stdout.decode("utf-8")
    return outputs


# -- reading each output back into (path, rule, severity, lines, message, hint) ----------


def _unescape(text: str) -> str:
    return text.replace("%0A", "\n").replace("%0D", "\r").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


def findings_from_json(text: str) -> list[tuple]:
    return [
        (r["path"].replace(os.sep, "/"), f["rule"], f["severity"], tuple(f["lines"]), f["message"], f["hint"])
        for r in json_report(text)["results"]
        for f in r["findings"]
    ]


_COMMAND = re.compile(r"^::(error|warning) ([^:]*)::(.*)$")


def findings_from_github(text: str) -> list[tuple]:
    found = []
    for line in text.splitlines():
        match = _COMMAND.match(line)
        if not match:
            # The other lines: the log group of every finding, one notice counting what is not annotated.
            assert not line.startswith("::") or line.startswith(("::group::", "::endgroup::", "::notice ")), line
            continue
        properties = dict(item.split("=", 1) for item in match.group(2).split(","))
        message, _, hint = _unescape(match.group(3)).partition("\n")
        found.append(
            (
                _unescape(properties["file"]),
                _unescape(properties["title"]).removeprefix("deckcheck "),
                match.group(1),
                int(properties["line"]) if "line" in properties else None,
                message,
                hint or None,
            )
        )
    return found


_LOG_LINE = re.compile(r"^(.*?)(?::(\d+))?: (error|warning|info) ([a-z0-9-]+): (.*?)(?: → (.*))?$")


def findings_from_github_log(text: str) -> list[tuple]:
    """The plain lines of ``--output github``'s log group: every finding."""
    group = text.split("::group::deckcheck: every finding\n", 1)[1].split("::endgroup::\n", 1)[0]
    found = []
    for line in group.splitlines():
        path, line_number, severity, rule, message, hint = _LOG_LINE.match(line).groups()
        found.append((path, rule, severity, int(line_number) if line_number else None, message, hint))
    return found


def findings_from_sarif(text: str) -> list[tuple]:
    (run_,) = json.loads(text)["runs"]
    found = []
    for result in run_["results"]:
        location = result["locations"][0]["physicalLocation"]
        message = result["message"]["text"].split("\n")[0]
        found.append(
            (
                unquote(location["artifactLocation"]["uri"]),
                result["ruleId"],
                result["level"],
                tuple(result["properties"]["lines"]),
                message,
                result["properties"]["hint"],
            )
        )
    return found


_JUNIT_LINE = re.compile(r"^(error|warning) ([a-z0-9-]+)(?: lines? ([0-9, ]+))?: (.*?)(?: → (.*))?$")


def findings_from_junit(text: str) -> list[tuple]:
    found = []
    for case in ET.fromstring(text).iter("testcase"):
        for element in (case.find("failure"), case.find("system-out")):
            if element is None:
                continue
            for line in element.text.splitlines():
                severity, rule, lines, message, hint = _JUNIT_LINE.match(line).groups()
                numbers = tuple(int(n) for n in lines.split(", ")) if lines else ()
                found.append((case.get("name"), rule, severity, numbers, message, hint))
    return found


def comparable(findings: list[tuple], first_line_only: bool = False) -> list[tuple]:
    if first_line_only:
        return sorted((p, r, s, (lines[0] if lines else None), m, h) for p, r, s, lines, m, h in findings)
    return sorted(findings)


# -- golden files --------------------------------------------------------------------


@pytest.mark.parametrize("output", CI_OUTPUTS)
def test_sample_decks_report_matches_golden(sample_outputs, output):
    actual = sample_outputs[output]
    if output == "sarif":
        # The tool's version changes with every release; the golden file need not.
        assert f'"version": "{__version__}"' in actual
        actual = actual.replace(f'"version": "{__version__}"', '"version": "VERSION"')
        actual = actual.replace(f'"semanticVersion": "{__version__}"', '"semanticVersion": "VERSION"')
    golden(GOLDEN_NAMES[output], actual)


def test_every_output_carries_the_same_findings_as_json(sample_outputs):
    expected = findings_from_json(sample_outputs["json"])
    assert len(expected) >= 11  # one per illegal sample deck at least
    assert comparable(findings_from_sarif(sample_outputs["sarif"])) == comparable(expected)
    assert comparable(findings_from_junit(sample_outputs["junit"])) == comparable(expected)
    # --output github: every finding in the log; as annotations, GitHub's 10 errors and 10 warnings a step.
    every = sorted(comparable(expected, first_line_only=True), key=str)
    assert sorted(findings_from_github_log(sample_outputs["github"]), key=str) == every
    annotated = findings_from_github(sample_outputs["github"])
    assert set(annotated) <= set(every) and len(annotated) == min(10, len(expected) - 1) + 1
    assert "::notice title=deckcheck::1 error got no annotation" in sample_outputs["github"]


def test_renderer_registry_is_the_command_line_choice():
    from deckcheck.cli import OUTPUTS

    assert OUTPUTS == tuple(RENDERERS) == ("text", "json", "github", "sarif", "junit", "html")
    result = run("check", "sample_decks/legal", "--output", "pdf")
    assert result.returncode == 2 and b"--output must be one of text, json, github, sarif, junit, html" in result.stderr


# -- a report with awkward text -------------------------------------------------------------

AWKWARD_PATH = "decks, old: 100%/Pokémon deck.txt"


def awkward_report() -> Report:
    findings = (
        Finding(
            rule="copy-limit",
            severity=Severity.ERROR,
            template='5 copies of {name}: 50% over, a, b\r\nsecond line <b> & "q" ]]> \x1b\x00',
            params={"name": "Iono"},
            lines=(21, 30),
            cards=("Iono PAL 185",),
            hint_template="Remove 1 copy of Iono (lines 21, 30).",
        ),
        Finding(rule="syntax", severity=Severity.WARNING, template="Total says 61, lines add up to 60.", lines=(40,)),
        Finding(rule="deck-size", severity=Severity.ERROR, template="The deck has 61 cards."),
    )
    return Report(
        (
            DeckResult(path=AWKWARD_PATH, format="unlimited", date=DATE, total_cards=61, findings=findings),
            DeckResult(
                path=str(Path("/work/repo/decks/good.txt")), format="standard", date=DATE, total_cards=60, findings=()
            ),
        )
    )


def test_github_escapes_data_and_properties():
    from deckcheck.render.github import escape_data, escape_property

    assert escape_data("50%\r\nnext: a, b") == "50%25%0D%0Anext: a, b"
    assert escape_property("50%\r\nnext: a, b") == "50%25%0D%0Anext%3A a%2C b"
    out = render("github", awkward_report(), RenderOptions(root="/work/repo"))
    assert "\r" not in out
    log = out.split("::endgroup::\n")[0].splitlines()
    assert log[0] == "::group::deckcheck: every finding"
    first = awkward_report().results[0].findings[0]
    flat = first.message.replace("\r", " ").replace("\n", " ")
    assert "\n" in first.message  # a plain line of the log: CR and LF are spaces there
    assert log[1] == f"decks, old: 100%/Pokémon deck.txt:21: error copy-limit: {flat} → {first.hint}"
    lines = [line for line in out.splitlines() if line.startswith(("::error ", "::warning "))]
    assert all(line.startswith(("::", "deckcheck: ", "decks, old")) for line in out.splitlines())
    assert lines[0].startswith(
        "::error file=decks%2C old%3A 100%25/Pokémon deck.txt,line=21,"
        "title=deckcheck copy-limit::5 copies of Iono: 50%25 over, a, b%0D%0Asecond line"
    )
    assert (
        lines[1] == "::error file=decks%2C old%3A 100%25/Pokémon deck.txt,title=deckcheck deck-size::"
        "The deck has 61 cards."
    )  # a finding about the whole deck annotates the file
    assert (
        lines[2] == "::warning file=decks%2C old%3A 100%25/Pokémon deck.txt,line=40,title=deckcheck syntax::"
        "Total says 61, lines add up to 60."
    )
    finding = awkward_report().results[0].findings[0]
    properties, _, data = lines[0].removeprefix("::error ").partition("::")
    assert _unescape(properties.split(",")[0].removeprefix("file=")) == AWKWARD_PATH
    assert _unescape(data) == f"{finding.message}\n{finding.hint}"  # nothing lost to the escaping


def test_sarif_has_the_structure_code_scanning_requires():
    log = json.loads(
        render("sarif", awkward_report(), RenderOptions(root="/work/repo", rules={"rule-box": ("x", "y")}))
    )
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    assert list(log) == ["$schema", "version", "runs"]
    (run_,) = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "deckcheck" and driver["version"] == __version__
    assert driver["informationUri"].startswith("https://")
    ids = [rule["id"] for rule in driver["rules"]]
    assert ids == sorted(set(ids)) == ["copy-limit", "deck-size", "rule-box", "syntax"]  # one per rule id
    for rule in driver["rules"]:
        for key in ("shortDescription", "fullDescription", "help"):
            assert rule[key]["text"].strip(), (rule["id"], key)
    assert driver["rules"][ids.index("rule-box")]["shortDescription"]["text"] == "x"  # the pack's description
    assert len(run_["results"]) == 3
    for result in run_["results"]:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("error", "warning") and result["message"]["text"]
        (location,) = result["locations"]
        uri = location["physicalLocation"]["artifactLocation"]["uri"]
        assert uri == "decks%2C%20old%3A%20100%25/Pok%C3%A9mon%20deck.txt"  # a relative URI reference
        assert unquote(uri) == AWKWARD_PATH
        assert location["physicalLocation"]["region"]["startLine"] >= 1
    levels = {r["ruleId"]: r["level"] for r in run_["results"]}
    assert levels == {"copy-limit": "error", "syntax": "warning", "deck-size": "error"}
    deck_size = next(r for r in run_["results"] if r["ruleId"] == "deck-size")
    assert deck_size["locations"][0]["physicalLocation"]["region"] == {"startLine": 1}
    assert deck_size["properties"]["lines"] == []


def test_junit_is_valid_escaped_xml_with_one_case_per_deck():
    text = render("junit", awkward_report(), RenderOptions(root="/work/repo"))
    root = ET.fromstring(text)  # raises on invalid XML (a raw \x00 or \x1b would)
    (suite,) = root.findall("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "1", "0")
    awkward, good = suite.findall("testcase")
    assert awkward.get("name") == AWKWARD_PATH and good.get("name") == "decks/good.txt"
    assert good.find("failure") is None
    failure = awkward.find("failure")
    assert failure.get("message") == "2 findings: copy-limit, deck-size"
    assert '<b> & "q" ]]> \ufffd\ufffd' in failure.text
    assert "Remove 1 copy of Iono (lines 21, 30)." in failure.text
    assert awkward.find("system-out").text == "warning syntax line 40: Total says 61, lines add up to 60."


def test_junit_fail_on_warning_makes_warnings_failures():
    text = render("junit", awkward_report(), RenderOptions(fail_on="warning"))
    failure = ET.fromstring(text).find("testsuite/testcase/failure")
    assert "warning syntax line 40" in failure.text
    assert ET.fromstring(text).find("testsuite/testcase/system-out") is None


@pytest.mark.parametrize("output", RENDERERS)
def test_renderers_are_deterministic(output):
    assert render(output, awkward_report(), RenderOptions()) == render(output, awkward_report(), RenderOptions())


def test_display_path_is_relative_with_forward_slashes():
    assert display_path("./decks/a.txt") == "decks/a.txt"
    assert display_path(str(Path("/work/repo/decks/a.txt")), "/work/repo") == "decks/a.txt"
    assert display_path(str(Path("/elsewhere/a.txt")), "/work/repo") == "/elsewhere/a.txt"
    assert display_path("-", "/work/repo") == "-"


def test_sarif_tells_a_deck_that_was_not_checked_as_a_notification_not_a_result():
    finding = Finding(
        rule="unknown-format",
        severity=Severity.ERROR,
        template="The deck's format {format} is not a format deckcheck knows. Known formats: {known}.",
        params={"format": "standrd", "known": "expanded, standard"},
    )
    report = Report((DeckResult(path="decks/a.txt", format="standrd", date=DATE, total_cards=60, findings=(finding,)),))
    (run_,) = json.loads(render("sarif", report, RenderOptions()))["runs"]
    # A deck whose format is none was not checked (docs/rulings.md, "The verdict words"): no result
    # (no rule was broken), but what kept the tool from analysing the file, as for an unreadable one.
    assert run_["results"] == [] and run_["tool"]["driver"]["rules"] == []
    (invocation,) = run_["invocations"]
    assert invocation["executionSuccessful"] is False
    (notification,) = invocation["toolExecutionNotifications"]
    assert notification["descriptor"] == {"id": "unknown-format"} and notification["level"] == "error"
    assert "standrd" in notification["message"]["text"]


# -- written deck by deck ----------------------------------------------------------


def _many_results(count: int):
    finding = Finding(
        rule="deck-size",
        severity=Severity.ERROR,
        template="The deck has {n} cards.",
        params={"n": 59},
        lines=(3,),
        hint_template="Add 1 card.",
    )
    for i in range(count):
        yield DeckResult(
            path=f"decks/d{i}.txt",
            format="standard",
            date=DATE,
            total_cards=60,
            findings=(finding,) if i % 3 == 0 else (),
            counts={"Pokémon": 12},
        )


@pytest.mark.parametrize("output", ["github", "json", "junit", "sarif", "text"])
def test_reports_are_written_deck_by_deck_and_equal_the_whole(output):
    import io

    from deckcheck.render import writer

    out = io.StringIO()
    report_writer = writer(output, out, RenderOptions())
    report_writer.start()
    sizes = []
    for result in _many_results(30):
        report_writer.add(result)
        sizes.append(len(out.getvalue()))
    report_writer.finish()
    if report_writer.spooled:  # the head waits for the whole run; nothing before the end
        assert output in ("sarif", "junit") and sizes[-1] == 0
    else:  # each deck's part is out before the next deck is checked
        assert output in ("text", "json", "github")
        assert sizes[0] > 0 and sizes[-1] > sizes[-4]
    assert out.getvalue() == render(output, Report(tuple(_many_results(30))), RenderOptions())


def test_spooled_reports_go_to_a_temporary_file_beyond_a_few_megabytes(monkeypatch):
    import io

    import deckcheck.render as render_module

    monkeypatch.setattr(render_module, "_SPOOL_IN_MEMORY", 1000)
    report_writer = render_module.writer("junit", io.StringIO(), RenderOptions())
    report_writer.start()
    for result in _many_results(40):
        report_writer.add(result)
    assert report_writer._spool._rolled  # on disk, not in memory
    report_writer.finish()
    assert report_writer.out.getvalue() == render("junit", Report(tuple(_many_results(40))), RenderOptions())


def test_json_report_puts_legal_after_the_results():
    text = render("json", Report(tuple(_many_results(2))), RenderOptions())
    assert list(json.loads(text)) == ["version", "results", "legal"]
    assert text.endswith('\n  ],\n  "legal": false\n}\n')
    assert render("json", Report(()), RenderOptions()) == '{\n  "version": 1,\n  "results": [],\n  "legal": true\n}\n'


def test_skipped_files_come_before_legal_as_json_dumps_writes_them():
    from deckcheck.render.json_report import report_dict

    report = Report(tuple(_many_results(2)), skipped=("notes/README.md", "decks/list.txt"))
    text = render("json", report, RenderOptions())
    assert list(json.loads(text)) == ["version", "results", "skipped", "legal"]
    assert text == json.dumps(report_dict(report), indent=2, ensure_ascii=False) + "\n"


# -- --summary and --github-output: GitHub's step summary and step outputs -----------------


def _deck(path: str, *findings: Finding) -> DeckResult:
    return DeckResult(path=path, format="unlimited", date=DATE, total_cards=60, findings=findings)


def test_the_step_summary_keeps_within_its_budget_failing_decks_first():
    import io

    from deckcheck.render.github_summary import Writer

    error = Finding(rule="copy-limit", severity=Severity.ERROR, template="Too many | copies of *Iono* <b>", lines=(3,))
    writer = Writer(io.StringIO(), RenderOptions(), budget=2_000)
    for n in range(40):  # legal decks first, then illegal ones: these still get the rows
        writer.deck(_deck(f"decks/legal-{n:02d}.txt"))
    for n in range(10):
        writer.deck(_deck(f"decks/bad-{n:02d}.txt", error))
    summary = writer.tail()
    rows = [line for line in summary.splitlines() if line.startswith("| decks")]
    assert summary.startswith("### deckcheck: 50 decks checked: 40 legal, 10 illegal")
    assert sum(len(row.encode()) + 1 for row in rows) <= 2_000
    assert all("bad\\-" in row for row in rows[:10]) and len(rows) > 10
    assert f"{50 - len(rows)} more decks (0 failing) not listed" in summary
    # A finding's text makes no markup, link or cell of its own.
    assert "Too many \\| copies of \\*Iono\\* &lt;b&gt;" in rows[0]
    assert (
        writer.outputs() == "decks=50\nlegal=40\nillegal=10\nunverified=0\nfailing=10\nerrors=10\nwarnings=0\nnotes=0\n"
    )


def test_summary_and_github_output_files(tmp_path):
    summary, outputs = tmp_path / "summary.md", tmp_path / "outputs"
    summary.write_text("earlier step\n")
    env = {
        **os.environ,
        "GITHUB_SERVER_URL": "https://github.example",
        "GITHUB_REPOSITORY": "me/decks",
        "GITHUB_SHA": "f00",
        "GITHUB_WORKSPACE": str(PROJECT_ROOT),
    }
    result = run(
        "check",
        "sample_decks",
        "--date",
        DATE,
        "--format",
        "unlimited",
        "--summary",
        str(summary),
        "--github-output",
        str(outputs),
        env=env,
    )
    assert result.returncode == 1
    text = summary.read_text(encoding="utf-8")
    # (sample_decks/illegal/unknown-card.txt and syntax.txt are not verified, counted apart: docs/rulings.md)
    assert text.startswith("earlier step\n### deckcheck: 19 decks checked: 8 legal, 9 illegal, 2 not verified")
    rows = [line for line in text.splitlines() if line.startswith("| [")]
    assert (
        len(rows) == 19
        and all("✖ illegal" in row for row in rows[:9])
        and all("? not verified" in row for row in rows[9:11])
    )
    assert "(https://github.example/me/decks/blob/f00/sample_decks/illegal/ace-spec.txt)" in rows[0]
    assert "illegal=9\nunverified=2\n" in outputs.read_text()
    bad = run("check", "sample_decks", "--summary", str(tmp_path / "no" / "such" / "folder.md"))
    assert bad.returncode == 2 and b"--summary: cannot write" in bad.stderr and b"Traceback" not in bad.stderr


def test_the_step_summary_tells_a_path_that_is_no_deck_apart():
    # A missing file is no illegal deck, in the step summary too.
    from deckcheck.model import DeckResult, Finding, Severity
    from deckcheck.render import RenderOptions
    from deckcheck.render.github_summary import Writer

    missing = DeckResult(
        path="nope.txt",
        format="unlimited",
        date="2026-11-30",
        total_cards=0,
        findings=(
            Finding(rule="unreadable", severity=Severity.ERROR, template="The deck file nope.txt does not exist."),
        ),
    )
    legal = DeckResult(path="a.txt", format="unlimited", date="2026-11-30", total_cards=60, findings=())
    writer = Writer(None, RenderOptions())
    writer.deck(missing)
    writer.deck(legal)
    summary = writer.tail()
    assert summary.startswith("### deckcheck: 1 deck checked: 1 legal, 0 illegal")
    assert "**NOT CHECKED** — 1 path was not checked: not readable as decks, or their format or day" in summary
    assert "(nope\\.txt)" in summary
    assert "| nope" not in summary  # no row among the decks
