"""``fmt`` says which card lines it wrote without a set code and number because their names fit
more than one print (``Budew x2`` became ``2 Budew`` in silence: three prints are legal). The
list is still formatted (exit code 0): the note tells the player which lines a tournament's list
still lacks. Basic Energy, which has a print in almost every set, is no such line."""

from __future__ import annotations

from support import run_deckcheck as run

LIST = "Budew x2\n4 Iono\n4 Boss's Orders PAL 172\n10 Fire Energy\n"


def test_the_lines_left_without_a_print_are_named(tmp_path, reference_index):
    deck = tmp_path / "deck.txt"
    deck.write_text(LIST, encoding="utf-8")
    args = ("--date", "2026-11-30", "--db", str(reference_index.path), "--no-config")
    result = run("fmt", "deck.txt", *args, cwd=tmp_path, text=True)
    assert result.returncode == 0, result.stderr
    written = deck.read_text(encoding="utf-8")
    assert "\n2 Budew\n" in written and "\n4 Iono\n" in written and "4 Boss's Orders PAL 172" in written
    assert result.stderr.splitlines()[0] == (
        "deckcheck: deck.txt: lines 1, 2 have no set code and number, and their names fit more than one print; "
        "written without them (write the prints the deck plays to complete them)"
    )
    # A formatted list that still lacks them says so again; one with every print says nothing.
    again = run("fmt", "--check", "deck.txt", *args, cwd=tmp_path, text=True)
    # (lines of the file as it is read: the section headers moved them)
    assert again.returncode == 0 and "deck.txt: lines 2, 5 have no set code" in again.stderr
    deck.write_text(written.replace("2 Budew\n", "2 Budew PAF 5\n").replace("4 Iono\n", "4 Iono PAL 185\n"))
    complete = run("fmt", "deck.txt", *args, cwd=tmp_path, text=True)
    assert "no set code" not in complete.stderr


def test_the_note_is_in_the_message_language(tmp_path):
    result = run(
        "fmt",
        "-",
        "--date",
        "2026-11-30",
        "--no-config",
        "--format",
        "standard",
        stdin="4 Iono\n",
        env={"LANG": "de_DE.UTF-8"},
        text=True,
    )
    assert "deckcheck: -: Zeile 1 hat kein Set-Kürzel und keine Kartennummer" in result.stderr, result.stderr
