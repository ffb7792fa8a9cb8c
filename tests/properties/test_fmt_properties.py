"""fmt never changes what a deck is (docs/rulings.md, "fmt never changes what a line is"):
for every generated list, check before and after fmt gives the same verdict
(legal, illegal, not verified), the same findings' rules and severities and
the same card counts, and fmt twice equals fmt once. The lists hold the lines
that do not say which card they are: "2x x Nest Ball", a line of only U+FEFF, two byte-order marks,
a basic Energy whose number is another type's, a print the database lacks. A list saved
as Windows-1252 keeps its verdict when fmt writes it back as UTF-8."""

from __future__ import annotations

import datetime as dt
import functools
import re

from decks import INDEX, deck_lists
from hypothesis import example, given
from hypothesis import strategies as st

from deckcheck.core.layout import layout, unambiguous_prints
from deckcheck.core.resolve import resolve_deck
from deckcheck.engine import check_deck, resolve_options_for
from deckcheck.model import Severity
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text
from deckcheck.parse.files import DeckText, decode_deck_bytes, parse_deck_bytes, windows_1252_text

DAY = dt.date(2026, 11, 30)
# unlimited: the common rules; base-fossil: Darkness/Metal Energy read as the Special cards
# (docs/rulings.md, "A bare Darkness or Metal Energy"); standard: a card pool that decides which print a name-only
# line means.
PACK_NAMES = ("unlimited", "base-fossil", "standard")


@functools.cache
def pack(name: str):
    return load_pack(name)


def fmt(text: str, pack) -> str:
    parsed = parse_text(text, "deck.txt")
    options = resolve_options_for(pack, DAY, INDEX)
    deck, _ = resolve_deck(parsed, INDEX, options)
    return layout(parsed, deck, text, prints=unambiguous_prints(parsed, INDEX, options.allowed)).text


def verdict(text: str, pack) -> tuple:
    return verdict_of(parse_text(text, "deck.txt"), pack)


def verdict_of(parsed, pack) -> tuple:
    result = check_deck(parsed, pack, INDEX, DAY)
    failing = any(f.severity is Severity.ERROR for f in result.findings), result.verdict
    # fmt recomputes section and total counts: that is the one finding it is meant to remove.
    rules = {
        (f.rule, f.severity) for f in result.findings if not (f.rule == "syntax" and f.severity is Severity.WARNING)
    }
    return (
        failing,
        sorted(rules),
        result.total_cards,
        dict(result.counts),
        result.name,
        parsed.declared_format,
    )


@given(deck_lists())
def test_fmt_keeps_the_verdict_and_is_idempotent(text):
    for name in PACK_NAMES:
        once = fmt(text, pack(name))
        assert verdict(once, pack(name)) == verdict(text, pack(name)), once
        assert fmt(once, pack(name)) == once


@given(deck_lists())
def test_a_list_with_one_kind_of_line_end_keeps_it(text):
    kinds = set(re.findall(r"\r\n|\r|\n", text))
    once = fmt(text, pack("unlimited"))
    if len(kinds) == 1 and once.lstrip("\ufeff"):  # (a byte-order mark alone is no line)
        assert set(re.findall(r"\r\n|\r|\n", once)) == kinds


# A character beyond ASCII as UTF-8 writes it (two to four bytes).
UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def _is_utf_8(line: bytes) -> bool:
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _in_windows_1252(ch: str) -> bool:
    """``ch`` is a character a list saved as Windows-1252 can hold (as the reading rule judges it)."""
    try:
        return windows_1252_text(ch.encode("cp1252")) == ch
    except UnicodeEncodeError:  # a byte-order mark, ◇, ...
        return False


@given(deck_lists())
@example("1 Darkness Energy\n´Â¿\n")  # found by the generator: "Â¿" is also "¿" as UTF-8 writes it
def test_a_windows_1252_file_keeps_its_verdict_when_fmt_writes_it_as_utf_8(text):
    # The list as Notepad or Excel save it as "ANSI": what Windows-1252 cannot hold becomes "?",
    # and a first line with é and ’ makes its bytes no UTF-8.
    kept = "".join(ch if _in_windows_1252(ch) else "?" for ch in text)
    data = ("# Flabébé’s deck\n" + kept).encode("cp1252")
    decoded = decode_deck_bytes(data, "deck.txt")  # what fmt reads, as check does
    if any(UTF8_SEQUENCE.search(line) for line in data.splitlines() if not _is_utf_8(line)):
        # A line whose bytes are no UTF-8 but hold a character as UTF-8 writes it ("Â¿" is C2 BF,
        # "¿" in UTF-8): either reading may garble it, so the reading rule refuses it
        # (docs/deck-lists.md) - never a verdict, and fmt leaves the file as it is.
        assert not isinstance(decoded, DeckText) and [f.rule for f in decoded.findings] == ["unreadable"]
        assert verdict_of(parse_deck_bytes(data, "deck.txt"), pack("unlimited"))[0] == (True, "not-checked")
        return
    assert isinstance(decoded, DeckText) and decoded.windows_1252
    for name in PACK_NAMES:
        written = fmt(decoded.text, pack(name)).encode("utf-8")  # what fmt writes
        before = verdict_of(parse_deck_bytes(data, "deck.txt"), pack(name))
        after = verdict_of(parse_deck_bytes(written, "deck.txt"), pack(name))
        # The same deck; only check's note that the file was read as Windows-1252 is gone.
        assert ("encoding", Severity.INFO) in before[1], before
        assert after == (before[0], [r for r in before[1] if r[0] != "encoding"], *before[2:]), written


@given(deck_lists(), st.integers(0, 30), st.sampled_from(["# Sonia’s deck\n", "# Flabébé – “ANSI”\n", "Pokémon\n"]))
@example("1 Darkness Energy\n\x00\n", 0, "# Sonia’s deck\n")  # found by the generator: a NUL byte
def test_a_utf_8_file_with_one_windows_1252_line_keeps_every_other_line_as_written(text, where, typed):
    # One line typed in a Windows editor into a UTF-8 list: its other lines were read as
    # Windows-1252 too ("Pokémon" became "PokÃ©mon"), and fmt wrote that back.
    lines = re.split(r"(?<=\r\n)|(?<=\r)(?!\n)|(?<=\n)", text)
    complete = [line for line in lines if line.endswith(("\n", "\r"))]
    rest = "".join(lines[len(complete) :])
    where = min(where, len(complete))
    try:
        data = "".join(complete[:where]).encode() + typed.encode("cp1252") + ("".join(complete[where:]) + rest).encode()
    except UnicodeEncodeError:
        return  # a generated line no UTF-8 file holds
    written = "".join(complete[:where]) + typed + "".join(complete[where:]) + rest
    decoded = decode_deck_bytes(data, "deck.txt")
    if "\x00" in written:  # a NUL byte makes it no text file, whatever its encoding (docs/deck-lists.md)
        assert not isinstance(decoded, DeckText) and [f.rule for f in decoded.findings] == ["unreadable"]
        return
    assert isinstance(decoded, DeckText) and decoded.text == written
    for name in PACK_NAMES:
        assert fmt(decoded.text, pack(name)) == fmt(written, pack(name))
