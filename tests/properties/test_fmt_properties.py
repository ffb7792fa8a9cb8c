"""fmt never changes what a deck is (issue 12; RULES.md decision 18, issue 20):
for every generated list, check before and after fmt gives the same verdict
(legal, illegal, not verified), the same findings' rules and severities and
the same card counts, and fmt twice equals fmt once. The lists hold the classes
of issue 20: "2x x Nest Ball", a line of only U+FEFF, two byte-order marks,
a basic Energy whose number is another type's, a print the database lacks."""

from __future__ import annotations

import datetime as dt
import functools
import re

from decks import INDEX, deck_lists
from hypothesis import given

from deckcheck.core.layout import layout, unambiguous_prints
from deckcheck.core.resolve import resolve_deck
from deckcheck.engine import check_deck, resolve_options_for
from deckcheck.model import Severity
from deckcheck.packs.loading import load_pack
from deckcheck.parse import parse_text

DAY = dt.date(2026, 11, 30)
# unlimited: the common rules; base-fossil: Darkness/Metal Energy read as the Special cards
# (RULES.md decision 10); standard: a card pool that decides which print a name-only line means.
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
    result = check_deck(parse_text(text, "deck.txt"), pack, INDEX, DAY)
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
        parse_text(text, "deck.txt").declared_format,
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
