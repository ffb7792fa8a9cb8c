"""Deck text in findings (deckcheck.core.printable): cut to what a report can show, and the
advice many findings share made once."""

from __future__ import annotations

from support import every_character


def test_findings_share_their_advice_and_cut_long_deck_text():
    import datetime as dt

    from deckcheck.carddb.catalogue import load_catalogue
    from deckcheck.core.printable import MAX_SHOWN
    from deckcheck.engine import check_deck
    from deckcheck.packs.loading import load_pack
    from deckcheck.parse import parse_text

    text = "".join(f"1 Unknownmon {number}\n" for number in range(50)) + "1 " + "long name " * 1000 + "\n"
    result = check_deck(parse_text(text, "deck.txt"), load_pack("unlimited"), load_catalogue(), dt.date(2026, 11, 30))
    unknown = [f for f in result.findings if f.rule == "unknown-card"]
    assert len({id(f.hint_params["missing"]) for f in unknown}) == 1  # one shared Phrase, not one per finding
    longest = max(unknown, key=lambda f: len(f.params["name"]))
    assert len(longest.params["name"]) == MAX_SHOWN and longest.params["name"].endswith("…")
    assert len(longest.message) < MAX_SHOWN + 100


def test_every_character_escaped_is_one_a_printable_text_cannot_hold():
    """printable() searches only a text that is not printable throughout (str.isprintable): a
    character it escapes that isprintable let through would be shown as it is."""
    import re

    from deckcheck.core.printable import _UNSAFE, printable

    unsafe = re.findall(_UNSAFE, every_character())
    assert len(unsafe) == 32 + 33 + 5 + 4 + 2048  # C0, DEL and C1, bidi controls, surrogates
    assert not any(character.isprintable() for character in unsafe)
    assert all(printable(f"a{character}b") != f"a{character}b" for character in unsafe)


def test_text_that_is_not_printable_throughout_keeps_its_safe_characters():
    from deckcheck.core.printable import printable, shown

    # a no-break space and a zero-width joiner: not printable, nothing to escape
    assert printable("4 Iono PAL 185\u00a0é\u200dポケモン") == "4 Iono PAL 185\u00a0é\u200dポケモン"
    assert printable("a\x1b]0;title\x07\u202eb") == "a\\x1b]0;title\\x07\\u202eb"
    assert printable("deck\udcff.txt") == "deck\\xff.txt"
    assert shown("Iono\x00") == "Iono\\x00"
