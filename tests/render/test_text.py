"""The text report's layout: errors before warnings, no card counts for a file
that could not be read, and a readable width when a finding names many lines."""

from __future__ import annotations

from support import assert_clean, json_report
from support import run_deckcheck as run

from deckcheck.model import DeckResult, Finding, Report, Severity
from deckcheck.render import RenderOptions, render


def finding(rule: str, severity: Severity, message: str, lines: tuple[int, ...] = ()) -> Finding:
    return Finding(rule=rule, severity=severity, template=message, lines=lines)


def report_text(*findings: Finding, total: int = 60, width: int = 100) -> str:
    result = DeckResult(
        path="decks/x.txt",
        format="glc",
        date="2026-11-30",
        total_cards=total,
        findings=findings,
        counts={"Pokémon": 20, "Trainer": 30, "Energy": 10} if total else {},
    )
    return render("text", Report((result,)), RenderOptions(width=width))


def test_errors_come_before_warnings_and_notes():
    text = report_text(
        finding("ambiguous-card", Severity.WARNING, "A warning.", (1,)),
        finding("legal-reprint", Severity.INFO, "A note.", (2,)),
        finding("copy-limit", Severity.ERROR, "The first error.", (6, 7)),
        finding("deck-size", Severity.ERROR, "The second error."),
    )
    order = [line.split()[1] for line in text.splitlines() if line[:1] in ("✖", "!", "i")]
    assert order == ["copy-limit", "deck-size", "ambiguous-card", "legal-reprint"]


def test_a_file_that_cannot_be_read_is_no_deck_and_has_no_card_counts():
    # No verdict, no card counts, not counted among the decks checked.
    text = report_text(finding("unreadable", Severity.ERROR, "The deck file nope.txt does not exist."), total=0)
    assert text.splitlines()[:2] == [
        "NOT CHECKED  decks/x.txt",
        "✖  unreadable  The deck file nope.txt does not exist.",
    ]
    assert "0 cards" not in text and "ILLEGAL" not in text
    assert "0 decks checked: 0 legal, 0 illegal." in text
    assert (
        "1 path was not checked: it cannot be read as a deck, or its format or day cannot be used\n(decks/x.txt)."
        in text
    )
    assert "unreadable  " not in text.split("0 decks checked")[1]  # not in the findings by rule
    # A deck that was read and is empty still says so.
    assert "0 cards — 0 Pokémon" in report_text(finding("deck-size", Severity.ERROR, "Empty."), total=0)


def test_a_long_line_list_stands_alone_and_the_messages_keep_their_width():
    long_message = "The deck has Pokémon of more than one type; " * 4
    text = report_text(
        finding("single-type", Severity.ERROR, long_message, tuple(range(10, 19))),
        finding("singleton", Severity.ERROR, long_message, (34, 36)),
    )
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if "single-type" in line)
    assert lines[head].split() == [
        "✖",
        "single-type",
        "lines",
        "10,",
        "11,",
        "12,",
        "13,",
        "14,",
        "15,",
        "16,",
        "17,",
        "18",
    ]
    assert lines[head + 1].lstrip().startswith("The deck has Pokémon")
    singleton = next(line for line in lines if "singleton" in line)
    message_column = singleton.index("The deck has")
    assert message_column <= 3 + len("single-type") + 2 + len("lines 34, 36") + 2
    # Every message line starts in the same column and keeps at least 60 characters of width.
    body = [line for line in lines if line.startswith(" " * message_column) and line.strip()]
    assert body and all(len(line) <= 100 for line in lines)
    assert max(len(line) - message_column for line in body) >= 60


def test_line_lists_in_reports_are_capped(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Iono PAL 185\n" * 2000)  # as many lines as one list is read for
    result = run("check", str(deck), "--no-config", "--format", "unlimited")
    assert_clean(result, 1)
    text = result.stdout.decode()
    # Was 590 MB for 4,000 lines: every row padded to a column of 4,000 line numbers.
    assert len(text) < 20_000
    assert "lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 1990 more" in text
    assert "(lines 1, 2, 3," in text and ", 60 and 1940 more)" in text
    result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", "json")
    copy_limit = [f for f in json_report(result.stdout)["results"][0]["findings"] if f["rule"] == "copy-limit"]
    assert copy_limit[0]["lines"] == list(range(1, 2001))  # machine-read reports keep every line
    result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", "junit")
    assert b"and 1940 more" in result.stdout and len(result.stdout) < 20_000
