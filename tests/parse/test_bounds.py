"""Lists far bigger or longer than any deck: a list is read as far as a deck goes (2,000 card
lines or cards) and says the rest was cut; lines of a hundred thousand characters and numbers of
five thousand digits are findings, not crashes, through check, fmt and every report. Figures
(time, memory) are bench rows, not here."""

from __future__ import annotations

from support import assert_clean, json_report
from support import run_deckcheck as run

LONG_NUMBER = "9" * 5000


def test_five_thousand_digit_numbers_are_findings_not_crashes(tmp_path):
    from deckcheck.carddb.index import number_key

    assert number_key("0" * 4000 + "12") == "12"
    assert number_key(LONG_NUMBER) == LONG_NUMBER
    (tmp_path / "deck.txt").write_text(
        f"4 Iono PAL {LONG_NUMBER}\n{LONG_NUMBER} Iono\n4 Iono HIF {LONG_NUMBER}\n"
        f"4 Iono PR-SV {LONG_NUMBER}\n4 Iono LOR-TG {LONG_NUMBER}\n"
    )
    (tmp_path / "deck.yaml").write_text(
        f"cards:\n  - {{count: {LONG_NUMBER}, name: Iono}}\n"
        f"  - {{count: 4, name: Iono, set: PAL, number: {LONG_NUMBER}}}\n"
    )
    (tmp_path / "deck.json").write_text(
        f'{{"cards": [{{"count": 4, "name": "Iono", "set": "PAL", "number": {LONG_NUMBER}}}]}}'
    )
    for name in ("deck.txt", "deck.yaml", "deck.json"):
        assert_clean(run("check", str(tmp_path / name), "--no-config"), 1)
    assert_clean(run("fmt", str(tmp_path / "deck.txt"), "--no-config"))


def test_eight_thousand_yaml_cards_are_read(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("cards:\n" + "".join("  - {count: 1, name: Iono, set: PAL, number: 185}\n" for _ in range(8000)))
    result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", "json")
    assert_clean(result, 1)
    found = json_report(result.stdout)["results"][0]
    # Read as far as a deck goes (2,000 entries), the rest counted in one finding.
    assert found["total_cards"] == 2000
    assert any("the last 6000 were not read" in f["message"] for f in found["findings"])


def test_hundred_thousand_character_lines_go_through_check_fmt_and_every_report(tmp_path):
    # The parser's own patterns are tested in tests/parse/test_live_exports.py; this is the whole
    # path: resolution, "did you mean", the rules, every report and fmt. The subprocess timeout
    # only guards against a hang; it is no speed test.
    n = 100_000
    lines = [
        "*" * n,
        "4 " + "(" * n,
        "4 Iono PAL " + "0" * n,
        "1 " + "abcdefgh " * (n // 9),
        "4 Iono" + " PH" * (n // 3),
        "Pokémon: " + "1" * n,
        "4 " + "Darkness Energy - " * (n // 18),
        "# name: " + "\x1b[2J" * (n // 4),
    ]
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join(lines) + "\n4 Iono PAL 185\n")
    for output in ("text", "json", "github", "sarif", "junit"):
        result = run("check", str(deck), "--no-config", "--format", "unlimited", "-o", output)
        assert_clean(result, 1)
        assert len(result.stdout) < 200_000  # deck text in findings is cut
    result = run("fmt", str(deck), "--no-config", "--format", "unlimited")
    assert_clean(result, 1)
    assert "4 Iono PAL 185" in deck.read_text()


def test_a_list_of_a_million_lines_is_read_as_far_as_a_deck_goes_and_says_the_rest_was_cut():
    from deckcheck.parse.text import MAX_LINES_READ, parse_text

    parsed = parse_text("1 a\n" * 1_240_000 + "\n\n", "big.txt")
    assert len(parsed.entries) == MAX_LINES_READ
    (cut,) = [f for f in parsed.findings if f.params.get("rest")]
    assert cut.rule == "syntax" and cut.severity.value == "error" and cut.lines == (MAX_LINES_READ + 1,)
    assert cut.message == (
        f"The list has more than {MAX_LINES_READ} card lines; the {1_240_000 - MAX_LINES_READ} "
        f"lines after line {MAX_LINES_READ} were not read."
    )
    # bad lines count too: a million lines that are not card lines are not a million findings
    assert len(parse_text("x\n" * 100_000, "bad.txt").findings) == MAX_LINES_READ + 1
    # blank lines after the limit are no lines of the list
    assert all(not f.params.get("rest") for f in parse_text("1 a\n" * MAX_LINES_READ + "\n" * 9, "x").findings)


def test_a_5_mb_deck_gets_a_bounded_report_from_check_and_is_left_alone_by_fmt(tmp_path):
    deck = tmp_path / "big.txt"
    deck.write_text("1 a\n" * 1_240_000, encoding="utf-8")  # 4.96 MB, under the 5 MB a deck file may be
    result = run("check", str(deck), "--no-config", "--output", "json")
    assert_clean(result, 1)
    assert len(result.stdout) < 2_000_000  # 39 MB for 100,000 such lines before
    findings = json_report(result.stdout)["results"][0]["findings"]
    assert any("were not read" in f["message"] for f in findings)
    before = deck.read_bytes()
    formatted = run("fmt", str(deck), "--no-config")
    assert formatted.returncode == 2 and b"more than 2000 card lines, left as it is" in formatted.stderr
    assert deck.read_bytes() == before


def test_a_json_deck_of_many_cards_is_cut_the_same_way():
    import json

    from deckcheck.parse.files import parse_deck_text
    from deckcheck.parse.text import MAX_LINES_READ

    parsed = parse_deck_text(json.dumps({"cards": [{"count": 1, "name": "a"}] * 50_000}), "big.json")
    assert len(parsed.entries) == MAX_LINES_READ
    assert [f.message for f in parsed.findings if f.params.get("rest")] == [
        f"The deck lists more than {MAX_LINES_READ} cards; the last {50_000 - MAX_LINES_READ} were not read."
    ]
