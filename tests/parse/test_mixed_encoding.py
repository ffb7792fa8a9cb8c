"""A UTF-8 list with one line typed in a Windows editor (one Windows-1252 byte) is read a line at
a time: UTF-8 where a line is UTF-8, Windows-1252 where it can only be that. The whole file was
read as Windows-1252: a legal list became ILLEGAL ("Line 6 is not a card line: "PokÃ©mon: 19"")
and ``fmt`` saved the garbled text into the file for good. A line that is neither (or that holds
a character written as UTF-8 beside a Windows-1252 byte, which either reading would garble) is
refused, naming that line.
"""

from __future__ import annotations

import json

from support import SAMPLE_DECKS, run_deckcheck

from deckcheck import api
from deckcheck.parse.files import DeckText, decode_deck_bytes

LEGAL = (SAMPLE_DECKS / "legal" / "charizard-pidgeot-ex.txt").read_text(encoding="utf-8")
DATE = "2024-12-01"
COMMENT = "# Sonia’s Flabébé list\n"  # ’ is 0x92 and é 0xE9 in Windows-1252
MIXED = LEGAL.encode("utf-8") + COMMENT.encode("cp1252")
MIXED_LINE = LEGAL.count("\n") + 1


def run(*args: str, cwd):
    return run_deckcheck(*args, "--no-config", cwd=cwd)


def test_the_utf_8_lines_stay_utf_8_and_the_deck_stays_legal(tmp_path):
    assert "Pokémon: 19" in LEGAL
    decoded = decode_deck_bytes(MIXED, "deck.txt")
    assert isinstance(decoded, DeckText)
    assert decoded.text == LEGAL + COMMENT
    assert decoded.windows_1252_lines == (MIXED_LINE,)
    (tmp_path / "deck.txt").write_bytes(MIXED)
    completed = run("check", "deck.txt", "--date", DATE, "-o", "json", cwd=tmp_path)
    assert completed.returncode == 0, completed.stdout
    (result,) = json.loads(completed.stdout)["results"]
    assert result["verdict"] == "legal"
    (note,) = result["findings"]
    assert note["rule"] == "encoding" and note["lines"] == [MIXED_LINE]
    assert note["message"] == (
        f"The deck file deck.txt is UTF-8 except line {MIXED_LINE}, read as Windows-1252 (Western European) text."
    )
    # The library reads the same bytes the same way.
    assert api.check_text(MIXED, date=DATE, path="deck.txt").verdict == "legal"


def test_fmt_writes_no_text_the_player_did_not_write(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(MIXED)
    same = tmp_path / "utf8.txt"
    same.write_text(LEGAL + COMMENT, encoding="utf-8")
    for path in (same, deck):
        completed = run("fmt", path.name, "--date", DATE, cwd=tmp_path)
        assert completed.returncode == 0, completed.stderr
    assert f"note: The deck file deck.txt is UTF-8 except line {MIXED_LINE},".encode() in completed.stderr
    # The list fmt writes is the one it writes for the same text saved as UTF-8, character for character.
    assert deck.read_text(encoding="utf-8") == same.read_text(encoding="utf-8")
    assert "Pokémon: 19" in deck.read_text(encoding="utf-8") and COMMENT in deck.read_text(encoding="utf-8")
    assert run("check", "deck.txt", "--date", DATE, cwd=tmp_path).returncode == 0


def test_a_line_holding_utf_8_and_a_windows_1252_byte_is_refused_and_left_alone(tmp_path):
    # "é" as UTF-8 and "’" as Windows-1252 on one line: either reading garbles one of them.
    data = LEGAL.encode("utf-8") + "# Flabébé".encode() + "’s list\n".encode("cp1252")
    deck = tmp_path / "deck.txt"
    deck.write_bytes(data)
    completed = run("check", "deck.txt", "--date", DATE, cwd=tmp_path)
    assert completed.returncode == 2
    offset = len(LEGAL.encode("utf-8")) + len("# Flabébé".encode())
    assert f"is not valid UTF-8: byte {offset} on line {MIXED_LINE} cannot be decoded".encode() in completed.stdout
    completed = run("fmt", "deck.txt", "--date", DATE, cwd=tmp_path)
    assert completed.returncode == 2 and deck.read_bytes() == data


def test_a_windows_1252_file_is_still_read_whole_with_its_note(tmp_path):
    data = ("# Sonia’s deck\n" + LEGAL).encode("cp1252")
    decoded = decode_deck_bytes(data, "deck.txt")
    assert isinstance(decoded, DeckText) and decoded.windows_1252 and decoded.windows_1252_lines == ()
    result = api.check_text(data, date=DATE, path="deck.txt")
    assert result.verdict == "legal"
    assert [f.message for f in result.findings] == [
        "The deck file deck.txt is not UTF-8; it was read as Windows-1252 (Western European) text."
    ]
