"""Deck text in findings (deckcheck.core.printable): cut to what a report can show, and the
advice many findings share made once."""

from __future__ import annotations


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
