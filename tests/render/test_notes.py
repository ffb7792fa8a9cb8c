"""Notes (severity info), e.g. "legal through its reprint", in every output; they never fail a deck."""

from __future__ import annotations

import json

from support import json_report

from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render import RenderOptions, is_failing, render

NOTE = Finding(
    rule="legal-reprint",
    severity=Severity.INFO,
    template="{card} ({mark}) is legal through its reprint {reprint}.",
    params={"card": "Ultra Ball SVI 196", "mark": "G", "reprint": "MEG 131"},
    lines=(19,),
    cards=("Ultra Ball SVI 196",),
)
WARNING = Finding(rule="ambiguous-card", severity=Severity.WARNING, template="Ambiguous.", lines=(3,))
REPORT = Report(
    (
        DeckResult("decks/a.txt", "standard", "2026-11-30", 60, (NOTE,)),
        DeckResult("decks/b.txt", "standard", "2026-11-30", 60, (WARNING,)),
    )
)


def test_a_note_does_not_fail_a_deck_even_with_fail_on_warning():
    assert REPORT.results[0].legal and not is_failing(REPORT.results[0], "warning")
    assert is_failing(REPORT.results[1], "warning") and not is_failing(REPORT.results[1], "error")


def test_notes_in_each_output():
    text = render("text", REPORT, RenderOptions())
    assert "i  legal-reprint  line 19  Ultra Ball SVI 196 (G) is legal through its reprint MEG 131." in text
    assert "notes" in text.splitlines()[-3]
    assert json_report(render("json", REPORT))["results"][0]["findings"][0]["severity"] == "info"
    github = render("github", REPORT, RenderOptions())
    assert "::notice file=decks/a.txt,line=19" in github
    sarif = json.loads(render("sarif", REPORT, RenderOptions()))
    assert [r["level"] for r in sarif["runs"][0]["results"]] == ["note", "warning"]


def test_quiet_shows_only_decks_that_fail():
    quiet = render("text", REPORT, RenderOptions(quiet=True))
    assert "decks/a.txt" not in quiet and "decks/b.txt" not in quiet
    assert "decks/b.txt" in render("text", REPORT, RenderOptions(quiet=True, fail_on="warning"))
