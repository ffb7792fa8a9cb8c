"""deckcheck fmt: one canonical form, idempotent, nothing lost, --check/--diff like code formatters."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from support import PROJECT_ROOT, SAMPLE_DECKS, assert_golden, json_report, run_deckcheck

from deckcheck.carddb.index import MemoryIndex
from deckcheck.core.layout import format_deck, layout, unambiguous_prints
from deckcheck.core.resolve import resolve_deck
from deckcheck.model import Card
from deckcheck.parse import parse_text

GOLDEN = PROJECT_ROOT / "tests" / "golden" / "ci"
DATE = "2026-11-30"

HITMONCHAN = Card("base1-7", "Hitmonchan", "Pokémon", ("Basic",), "base1", "BS", "7", None, "1999-01-09")
OAK = Card("base1-88", "Professor Oak", "Trainer", (), "base1", "BS", "88", None, "1999-01-09")
IONO = Card("sv2-185", "Iono", "Trainer", ("Supporter",), "sv2", "PAL", "185", "G", "2023-06-09")
IONO_PAF = Card("sv4pt5-80", "Iono", "Trainer", ("Supporter",), "sv4pt5", "PAF", "80", "G", "2024-01-26")
DCE_BASE = Card("base1-96", "Double Colorless Energy", "Energy", ("Special",), "base1", "BS", "96", None, "1999-01-09")
DCE_FCO = Card("xy10-114", "Double Colorless Energy", "Energy", ("Special",), "xy10", "FCO", "114", None, "2016-05-02")
FIGHTING_BS = Card("base1-97", "Fighting Energy", "Energy", ("Basic",), "base1", "BS", "97", None, "1999-01-09")
FIGHTING_XY = Card("xy1-137", "Fighting Energy", "Energy", ("Basic",), "xy1", "XY", "137", None, "2014-02-05")
DARK_BASIC = Card("dp1-129", "Darkness Energy", "Energy", ("Basic",), "dp1", "DP", "129", None, "2007-05-01")
DARK_SPECIAL = Card("neo1-104", "Darkness Energy", "Energy", ("Special",), "neo1", "N1", "104", None, "2000-12-16")
CATCHER = Card("bw2-95", "Pokémon Catcher", "Trainer", ("Item",), "bw2", "EPO", "95", None, "2011-08-31")
INDEX = MemoryIndex(
    [HITMONCHAN, OAK, IONO, IONO_PAF, DCE_BASE, DCE_FCO, FIGHTING_BS, FIGHTING_XY, DARK_BASIC, DARK_SPECIAL, CATCHER]
)

MESSY = """\
****** Pokémon Trading Card Game Deck List ******
# name: Messy Haymaker
1 Mystery Card
Trainer: 99
4x Professor Oak
* 3 Pokemon Catcher   # gust
2 Hitmonchan
Pokémon (2)
2 Hitmonchan BS 7
TODO: more draw
1 Unknown Mon
* 9 Fighting Energy Energy 6
4 Darkness Energy
2 Double Colorless Energy
3 Iono
Total Cards: 12
"""

MESSY_FORMATTED = """\
# name: Messy Haymaker
1 Mystery Card
TODO: more draw

Pokémon: 5
4 Hitmonchan BS 7
1 Unknown Mon

Trainer: 10
4 Professor Oak BS 88
3 Pokémon Catcher EPO 95 # gust
3 Iono

Energy: 15
9 Basic {F} Energy
4 Darkness Energy
2 Double Colorless Energy

Total Cards: 31
"""


def formatted(text: str, allowed=None) -> str:
    parsed = parse_text(text, "deck.txt")
    deck, _ = resolve_deck(parsed, INDEX)
    return format_deck(parsed, deck, text, prints=unambiguous_prints(parsed, INDEX, allowed))


def test_canonical_form_sections_merged_lines_filled_prints_and_nothing_lost():
    assert formatted(MESSY) == MESSY_FORMATTED


def test_formatting_the_formatted_text_changes_nothing():
    once = formatted(MESSY)
    assert formatted(once) == once


def test_what_could_not_be_placed_is_reported():
    parsed = parse_text(MESSY, "deck.txt")
    deck, _ = resolve_deck(parsed, INDEX)
    result = layout(parsed, deck, MESSY, prints=unambiguous_prints(parsed, INDEX))
    assert result.kept == (10,)  # "TODO: more draw"
    assert result.unplaced == (3,)  # an unknown card above every header; "Unknown Mon" sits under "Pokémon (2)"
    assert result.filled == (5, 6, 7)


def test_a_print_is_filled_in_only_when_the_name_is_unambiguous():
    text = "4 Iono\n2 Double Colorless Energy\n4 Professor Oak\n"
    lines = formatted(text).splitlines()
    assert lines[1:4] == ["4 Iono", "4 Professor Oak BS 88", ""]  # Iono has two prints, Professor Oak one
    assert "2 Double Colorless Energy" in lines
    # In a format whose card pool has one print of the name, that print is meant.
    base_set_only = formatted(text, allowed=lambda card: card.set_code == "BS")
    assert "2 Double Colorless Energy BS 96" in base_set_only.splitlines()


def test_basic_energy_is_written_as_ptcg_live_does_and_darkness_stays_as_written():
    text = "Energy: 13\n7 Fighting Energy BS 97\n2 Lightning Energy - Basic\n4 Darkness Energy\n"
    lines = formatted(text).splitlines()
    assert lines == [
        "Energy: 13",
        "7 Basic {F} Energy BS 97",
        "2 Basic {L} Energy",
        "4 Darkness Energy",
        "",
        "Total Cards: 13",
    ]
    # docs/rulings.md, "A bare Darkness or Metal Energy": a bare "Darkness Energy" means the Special card in old
    # formats, so fmt keeps it bare.


def test_crlf_files_keep_their_line_ends():
    text = "4 Professor Oak\r\n2 Hitmonchan BS 7\r\n"
    parsed = parse_text(text.replace("\r\n", "\n"), "deck.txt")
    deck, _ = resolve_deck(parsed, INDEX)
    out = format_deck(
        parsed, deck, text.replace("\r\n", "\n"), prints=unambiguous_prints(parsed, INDEX), newline="\r\n"
    )
    assert out == "Pokémon: 2\r\n2 Hitmonchan BS 7\r\n\r\nTrainer: 4\r\n4 Professor Oak BS 88\r\n\r\nTotal Cards: 6\r\n"


def test_a_file_without_card_lines_is_left_as_its_lines():
    assert formatted("# just a note\n\nnot a card\n") == "# just a note\nnot a card\n"


# -- the command ----------------------------------------------------------------------


def run(*args: str, cwd: Path = PROJECT_ROOT, stdin: bytes | None = None, lang: str | None = None):
    return run_deckcheck(*args, cwd=cwd, stdin=stdin, env={"LANG": lang} if lang else None)


SAMPLE_TEXT_DECKS = sorted(SAMPLE_DECKS.rglob("*.txt"))


def test_sample_deck_in_ptcgo_form_matches_golden(tmp_path):
    deck = tmp_path / "night-march.txt"
    deck.write_bytes((SAMPLE_DECKS / "legal" / "night-march-ptcgo.txt").read_bytes())
    result = run("fmt", str(deck), "--format", "unlimited", "--date", DATE)
    assert result.returncode == 0, result.stderr.decode()
    assert_golden(GOLDEN / "fmt.night-march-ptcgo.txt", deck.read_text(encoding="utf-8"))


def test_formatting_keeps_every_verdict_and_finding_and_is_idempotent(tmp_path):
    for source in SAMPLE_TEXT_DECKS:
        (tmp_path / source.parent.name).mkdir(exist_ok=True)
        (tmp_path / source.parent.name / source.name).write_bytes(source.read_bytes())
    before = run("check", str(tmp_path), "--format", "unlimited", "--date", DATE, "-o", "json")
    result = run("fmt", str(tmp_path), "--format", "unlimited", "--date", DATE)
    assert b"Traceback" not in result.stderr
    assert result.returncode == 1  # sample_decks/illegal/syntax.txt has a line that is no card line
    assert b"line 28 is not a card line; kept as written at the top" in result.stderr
    after = run("check", str(tmp_path), "--format", "unlimited", "--date", DATE, "-o", "json")

    def verdicts(output) -> dict:
        return {
            Path(r["path"]).name: (
                r["legal"],
                r["total_cards"],
                sorted(
                    (f["rule"], f["severity"], tuple(f["cards"]))
                    for f in r["findings"]
                    # fmt corrects the section and total counts, nothing else
                    if not (f["rule"] == "syntax" and f["severity"] == "warning")
                ),
            )
            for r in json_report(output.stdout)["results"]
        }

    assert verdicts(after) == verdicts(before)
    snapshot = {p: p.read_bytes() for p in tmp_path.rglob("*.txt")}
    again = run("fmt", str(tmp_path), "--check", "--format", "unlimited", "--date", DATE)
    assert b"would reformat" not in again.stderr
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.txt")} == snapshot


def test_check_reports_what_would_change_and_writes_nothing(tmp_path):
    deck = tmp_path / "deck.txt"
    original = (SAMPLE_DECKS / "legal" / "night-march-ptcgo.txt").read_bytes()
    deck.write_bytes(original)
    result = run("fmt", "--check", str(deck), "--format", "unlimited")
    assert result.returncode == 1
    assert f"would reformat {deck}".encode() in result.stderr
    assert deck.read_bytes() == original
    run("fmt", str(deck), "--format", "unlimited")
    result = run("fmt", "--check", str(deck), "--format", "unlimited")
    assert result.returncode == 0, result.stderr.decode()
    assert b"every deck list is formatted" in result.stderr


def test_diff_shows_a_unified_diff_and_writes_nothing(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4x Professor Oak\n", encoding="utf-8")
    result = run("fmt", "--diff", str(deck), "--format", "unlimited")
    assert result.returncode == 1
    out = result.stdout.decode()
    assert out.startswith(f"--- {deck} (original)\n+++ {deck} (formatted)\n@@")
    assert "\n-4x Professor Oak\n" in out and "\n+4 Professor Oak BS 88\n" in out
    assert deck.read_text(encoding="utf-8") == "4x Professor Oak\n"


def test_writes_replace_the_file_atomically_and_keep_its_mode(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("4x Professor Oak\n", encoding="utf-8")
    deck.chmod(0o640)
    result = run("fmt", str(deck), "--format", "unlimited")
    assert result.returncode == 0, result.stderr.decode()
    assert deck.read_text(encoding="utf-8") == "Trainer: 4\n4 Professor Oak BS 88\n\nTotal Cards: 4\n"
    assert stat.S_IMODE(deck.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]  # no temporary file left behind


def test_standard_input_is_formatted_to_standard_output():
    result = run("fmt", "-", "--format", "unlimited", stdin=b"4x Professor Oak\n")
    assert result.returncode == 0
    assert result.stdout == b"Trainer: 4\n4 Professor Oak BS 88\n\nTotal Cards: 4\n"


def test_yaml_decks_and_unreadable_files_are_left_alone(tmp_path):
    yaml_deck = tmp_path / "deck.yaml"
    yaml_deck.write_text("cards:\n  - {count: 4, name: Iono}\n", encoding="utf-8")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x00\x01")
    result = run("fmt", str(yaml_deck), "--format", "unlimited")
    assert result.returncode == 0 and b"not YAML or JSON" in result.stderr
    result = run("fmt", str(binary), "--format", "unlimited")
    assert result.returncode == 2 and b"not a text file" in result.stderr and b"Traceback" not in result.stderr
    assert binary.read_bytes() == b"\x00\x01"
    assert run("fmt", str(tmp_path / "missing.txt")).returncode == 2


# -- fmt never changes what a deck is -------------------------------------


def test_special_energy_suffix_is_kept_so_the_copy_limit_still_counts():
    # "5 Darkness Energy - Special" is illegal (copy-limit); without the suffix it reads as basic Energy.
    text = "5 Darkness Energy - Special\n"
    parsed = parse_text(text, "deck.txt")
    deck, _ = resolve_deck(parsed, INDEX)
    assert format_deck(parsed, deck, text).splitlines()[1] == "5 Darkness Energy - Special"
    # With its one Special print filled in, the print says which card it is.
    assert formatted(text).splitlines()[1] == "5 Darkness Energy N1 104"


def test_lines_are_never_merged_into_a_count_the_parser_refuses():
    out = formatted("600 Iono PAL 185\n600 Iono PAL 185\n300 Iono PAL 185\n")
    assert out.splitlines()[1:3] == ["600 Iono PAL 185", "900 Iono PAL 185"]
    assert parse_text(out, "deck.txt").findings == ()  # every line read back, total and header agree
    assert formatted(out) == out


def test_bare_darkness_energy_lines_merge_only_when_no_warning_appears_or_goes():
    # A bare line above 4 copies may mean the Special card (docs/rulings.md, "A bare Darkness or Metal Energy"): 1 + 4
    # stay apart, 5 + 1 merge.
    assert formatted("1 Darkness Energy\n4 Darkness Energy\n").splitlines()[1:3] == [
        "1 Darkness Energy",
        "4 Darkness Energy",
    ]
    assert formatted("5 Darkness Energy\n1 Darkness Energy\n").splitlines()[1] == "6 Darkness Energy"


def test_the_ph_variant_after_the_print_is_kept():
    out = formatted("2 Iono PAL 185 PH\n1 Iono PAL 185\n")
    assert out.splitlines()[1:3] == ["2 Iono PAL 185 PH", "1 Iono PAL 185"]
    assert formatted(out) == out


def test_cr_only_and_mixed_line_ends_are_kept_line_by_line():
    assert (
        formatted("4 Professor Oak\r2 Hitmonchan BS 7\r")
        == "Pokémon: 2\r2 Hitmonchan BS 7\r\rTrainer: 4\r4 Professor Oak BS 88\r\rTotal Cards: 6\r"
    )
    # One CRLF line among LF lines stays the one CRLF line; new lines take the file's most common end.
    mixed = "Trainer: 4\n4 Professor Oak BS 88\r\n\nTotal Cards: 4\n"
    assert formatted(mixed) == mixed
    out = formatted("# note\n4 Professor Oak BS 88\r\n2 Hitmonchan BS 7\n")
    assert out == "# note\n\nPokémon: 2\n2 Hitmonchan BS 7\n\nTrainer: 4\n4 Professor Oak BS 88\r\n\nTotal Cards: 6\n"
    assert formatted(out) == out


def test_a_list_of_only_headers_keeps_them():
    # A deck of 0 cards is illegal (deck-size); an empty file would be "unreadable" instead.
    assert formatted("Pokémon: 3\nTrainer: 4\n\nTotal Cards: 7\n") == "Pokémon: 3\nTrainer: 4\nTotal Cards: 7\n"


def test_fmt_on_a_symbolic_link_formats_its_target(tmp_path):
    target = tmp_path / "real.txt"
    target.write_text("4x Professor Oak\n", encoding="utf-8")
    link = tmp_path / "deck.txt"
    link.symlink_to(target)
    result = run("fmt", str(link), "--format", "unlimited", "--no-config")
    assert result.returncode == 0, result.stderr.decode()
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8") == "Trainer: 4\n4 Professor Oak BS 88\n\nTotal Cards: 4\n"


def test_read_only_and_hard_linked_files_are_refused_and_left_as_they_are(tmp_path):
    # A rename would write around the protection (the folder is writable) and break hard links.
    read_only = tmp_path / "read-only.txt"
    read_only.write_text("4x Professor Oak\n", encoding="utf-8")
    read_only.chmod(0o444)
    result = run("fmt", str(read_only), "--format", "unlimited", "--no-config")
    assert result.returncode == 2 and b"read-only; left as it is" in result.stderr
    assert read_only.read_text(encoding="utf-8") == "4x Professor Oak\n"
    assert stat.S_IMODE(read_only.stat().st_mode) == 0o444

    linked = tmp_path / "linked.txt"
    linked.write_text("4x Professor Oak\n", encoding="utf-8")
    os.link(linked, tmp_path / "other-name.txt")
    result = run("fmt", str(linked), "--format", "unlimited", "--no-config")
    assert result.returncode == 2 and b"2 hard links" in result.stderr
    assert (tmp_path / "other-name.txt").read_text(encoding="utf-8") == "4x Professor Oak\n"
    assert os.path.samefile(linked, tmp_path / "other-name.txt")


def test_a_rewritten_file_keeps_its_owner(tmp_path):
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        import pytest

        pytest.skip("only root can give a file to another user to set this test up")
    deck = tmp_path / "deck.txt"
    deck.write_text("4x Professor Oak\n", encoding="utf-8")
    os.chown(deck, 4321, 4321)
    result = run("fmt", str(deck), "--format", "unlimited", "--no-config")
    assert result.returncode == 0, result.stderr.decode()
    assert (deck.stat().st_uid, deck.stat().st_gid) == (4321, 4321)
    assert deck.read_text(encoding="utf-8").startswith("Trainer: 4\n")


def test_standard_input_is_read_no_further_than_check_reads_it():
    from deckcheck.parse.shape import DEFAULT_MAX_BYTES

    big = b"4 Professor Oak\n" * (DEFAULT_MAX_BYTES // 16 + 2)
    result = run("fmt", "-", "--format", "unlimited", "--no-config", stdin=big)
    assert result.returncode == 2 and b"larger than" in result.stderr and result.stdout == b""


def test_a_byte_order_mark_is_kept(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(b"\xef\xbb\xbf4x Professor Oak\r\n")
    assert run("fmt", str(deck), "--format", "unlimited", "--no-config").returncode == 0
    assert deck.read_bytes() == b"\xef\xbb\xbfTrainer: 4\r\n4 Professor Oak BS 88\r\n\r\nTotal Cards: 4\r\n"


def test_web_forms_of_a_print_are_written_the_usual_way(tmp_path):
    # The forms web deck builders write, as a player pastes them.
    pasted = "Pokémon: 9\n4 Drakloak TWM #129\n2 Dragapult ex [TWM] 130\n2 Dusclops SFA-19\n1 Dusknoir (SFA) 20\n"
    result = run("fmt", "-", "--format", "unlimited", "--date", DATE, stdin=pasted.encode())
    assert result.returncode == 0, result.stderr.decode()
    lines = result.stdout.decode().splitlines()
    assert lines[1:5] == ["4 Drakloak TWM 129", "2 Dragapult ex TWM 130", "2 Dusclops SFA 19", "1 Dusknoir SFA 20"]


def test_a_windows_1252_list_is_read_and_the_note_says_so(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes("# Flabébé’s deck\n4 Iono PAL 185\n".encode("cp1252"))
    result = run("check", str(deck), "--format", "unlimited", "--date", DATE, "-o", "json")
    (deck_result,) = json_report(result.stdout)["results"]
    notes = [f for f in deck_result["findings"] if f["rule"] == "encoding"]
    assert [n["severity"] for n in notes] == ["info"] and "Windows-1252" in notes[0]["message"]
    assert not any(f["rule"] == "unreadable" for f in deck_result["findings"])


# -- fmt reads what check reads, and writes it back as UTF-8 ------------------------

NOTE = "is not UTF-8; it was read as Windows-1252 (Western European) text."
# Already in fmt's form: only its encoding changes.
FORMATTED = "# name: Flabébé’s deck\n\nTrainer: 4\n4 Pokédex HANDY910is DP 111\n\nTotal Cards: 4\n"


def test_a_windows_1252_list_is_written_back_as_utf_8_with_checks_note(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(FORMATTED.encode("cp1252"))  # é as the byte 0xE9, ’ as 0x92
    for mode in ("--check", "--diff"):
        result = run("fmt", mode, str(deck), "--format", "unlimited", "--date", DATE)
        assert result.returncode == 1, result.stderr.decode()
        err = result.stderr.decode()
        assert f"deckcheck: note: The deck file {deck} {NOTE}" in err and f"would reformat {deck}" in err
        assert result.stdout == b""  # no line changes; the encoding does
        assert deck.read_bytes() == FORMATTED.encode("cp1252")
    result = run("fmt", str(deck), "--format", "unlimited", "--date", DATE)
    assert result.returncode == 0, result.stderr.decode()
    assert NOTE in result.stderr.decode() and f"reformatted {deck}" in result.stderr.decode()
    assert deck.read_bytes() == FORMATTED.encode("utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["deck.txt"]  # replaced atomically, as every rewrite
    again = run("fmt", "--check", str(deck), "--format", "unlimited", "--date", DATE)
    assert again.returncode == 0 and b"Windows-1252" not in again.stderr


def test_fmt_says_the_note_in_the_message_language_and_formats_standard_input(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes("4x Pokédex HANDY910is DP 111\n".encode("cp1252"))
    result = run("fmt", "--check", str(deck), "--format", "unlimited", lang="de_DE.UTF-8")
    assert f"Die Deckdatei {deck} ist nicht in UTF-8; sie wurde als Windows-1252-Text" in result.stderr.decode()
    result = run("fmt", "-", "--format", "unlimited", stdin="4x Pokédex HANDY910is DP 111\n".encode("cp1252"))
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode("utf-8") == "Trainer: 4\n4 Pokédex HANDY910is DP 111\n\nTotal Cards: 4\n"
    assert f"The deck file <stdin> {NOTE}" in result.stderr.decode()


def test_a_utf_16_list_is_written_back_as_utf_8_and_bytes_check_cannot_read_are_left_alone(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(FORMATTED.encode("utf-16"))  # with its byte-order mark, as check reads it
    result = run("fmt", str(deck), "--format", "unlimited", "--date", DATE)
    assert result.returncode == 0, result.stderr.decode()
    assert deck.read_bytes() == FORMATTED.encode("utf-8")

    # A file the reading rule cannot read is left as it is, with check's error.
    data = "4 Pokédex HANDY910is DP 111\n".encode("cp1252") + b"4 Iono\x81 PAL 185\n"  # 0x81: no Windows-1252
    deck.write_bytes(data)
    for mode in ((), ("--check",), ("--diff",)):
        result = run("fmt", *mode, str(deck), "--format", "unlimited")
        assert result.returncode == 2 and b"Traceback" not in result.stderr
        assert f"The deck file {deck} is not valid UTF-8: byte 34 on line 2".encode() in result.stderr
        assert deck.read_bytes() == data


def test_a_windows_1252_deck_keeps_its_verdict_in_the_utf_8_file_fmt_writes(tmp_path):
    deck = tmp_path / "darkrai.txt"  # "2 Pokédex HANDY910is DP 111" and a "Pokémon: 17" header
    deck.write_bytes((SAMPLE_DECKS / "legal" / "darkrai-honchkrow-dp.txt").read_text(encoding="utf-8").encode("cp1252"))
    before = json_report(run("check", str(deck), "--date", DATE, "-o", "json").stdout)["results"][0]
    assert before["verdict"] == "legal" and before["findings"][0]["rule"] == "encoding"
    assert run("fmt", str(deck), "--date", DATE).returncode == 0
    after = json_report(run("check", str(deck), "--date", DATE, "-o", "json").stdout)["results"][0]
    deck.read_bytes().decode("utf-8")  # UTF-8 now
    assert after == {**before, "findings": before["findings"][1:]}


def test_a_windows_1252_list_without_cards_is_no_legal_deck(tmp_path):
    # A note is no reason to skip the rules: the file was read (the property test found it LEGAL).
    deck = tmp_path / "deck.txt"
    deck.write_bytes("# Flabébé’s deck\n".encode("cp1252"))
    result = json_report(run("check", str(deck), "--format", "unlimited", "--date", DATE, "-o", "json").stdout)
    (only,) = result["results"]
    assert not only["legal"] and "deck-size" in [f["rule"] for f in only["findings"]]


def test_every_line_fmt_says_is_in_the_message_language(tmp_path):
    """Under LANG=de each line fmt writes on standard error is German: the notes of the lines it
    keeps at the top, a file it leaves alone, what would change, what it wrote, that all is done."""
    (tmp_path / "deck.yaml").write_text("cards:\n  - {count: 4, name: Iono}\n", encoding="utf-8")
    untidy = tmp_path / "untidy.txt"
    untidy.write_text("a note\nPokémon: 1\n4 Iono PAL 185\nnot a card\n", encoding="utf-8")
    read_only = tmp_path / "read-only.txt"
    read_only.write_text("4 Iono PAL 185\n", encoding="utf-8")
    read_only.chmod(0o444)
    tidy = tmp_path / "tidy.txt"
    tidy.write_text("4 Iono PAL 185\n", encoding="utf-8")
    options = ("--format", "unlimited", "--date", DATE, "--no-config")
    assert run("fmt", str(tidy), *options).returncode == 0
    results = [
        run("fmt", "--check", str(untidy), str(tmp_path / "deck.yaml"), *options, lang="de_DE.UTF-8"),
        run("fmt", str(untidy), str(read_only), *options, lang="de_DE.UTF-8"),
        run("fmt", "--check", str(tidy), *options, lang="de_DE.UTF-8"),
    ]
    lines = [
        line
        for result in results
        for line in result.stderr.decode().splitlines()
        if not line.startswith("deckcheck: Es ist keine Kartendatenbank")  # the database notice, German too
    ]
    kept = f"deckcheck: {untidy}: Zeilen 1, 4 sind keine Kartenzeilen; bleiben wie geschrieben oben"
    assert lines == [
        kept,
        f"deckcheck: {untidy} würde neu formatiert",
        f"deckcheck: {tmp_path / 'deck.yaml'}: bleibt, wie sie ist (fmt schreibt Text-Decklisten neu, nicht YAML "
        "oder JSON)",
        kept,
        f"deckcheck: {untidy} neu formatiert",
        f"deckcheck: error: {read_only}: die Datei ist schreibgeschützt; bleibt, wie sie ist (zum Formatieren "
        "beschreibbar machen)",
        "deckcheck: jede Deckliste ist formatiert",
    ]
    assert [result.returncode for result in results] == [1, 2, 0]


def test_fmt_writes_every_basic_energy_print_the_same_way_darkness_and_metal_too(tmp_path, reference_db):
    # docs/deck-lists.md: "a bare Darkness Energy / Metal Energy stays as written" -- but
    # "4 Metal Energy DP 130" (a basic print) stayed while "4 Lightning Energy HS 118" changed.
    deck = tmp_path / "deck.txt"
    deck.write_text("4 Metal Energy DP 130\n4 Lightning Energy HS 118\n4 Darkness Energy\n", encoding="utf-8")
    options = ("--db", str(reference_db), "--no-config", "--format", "unlimited", "--date", "2010-06-01")
    result = run("fmt", str(deck), *options)
    assert result.returncode == 0, result.stderr
    written = deck.read_text(encoding="utf-8")
    assert "4 Basic {M} Energy DP 130\n" in written and "4 Basic {L} Energy HS 118\n" in written
    assert (
        "4 Darkness Energy\n" in written
    )  # bare: the format decides (docs/rulings.md, "A bare Darkness or Metal Energy")
