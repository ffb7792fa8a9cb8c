"""The engine's way through a deck (deckcheck.engine: the pack compiled for the day, each print's
facts asked once, the deck read once for every rule and its counts) finds what the general way
finds: the deck resolved, then each rule of the pack checked alone, working its facts out from
the deck, and the deck's counts taken from its lines. Several lists are checked one after the
other under one pack, day and options, so that later lists meet entries, readings and prints
met before."""

from __future__ import annotations

import datetime as dt

from decks import INDEX, deck_lists
from hypothesis import given
from hypothesis import strategies as st

from deckcheck.core.printable import printable_finding, shown
from deckcheck.core.resolve import resolve_deck
from deckcheck.engine import check_deck, fact_table, resolve_options_for
from deckcheck.model import ENERGY, POKEMON, TRAINER, DeckResult, Severity
from deckcheck.packs.loading import absent_on, load_pack
from deckcheck.parse import parse_text
from deckcheck.rules import KINDS
from deckcheck.rules.base import RuleContext

FORMATS = ("unlimited", "expanded", "standard", "glc", "base-fossil")
DAYS = (dt.date(2026, 11, 30), dt.date(2024, 3, 1), dt.date(2000, 6, 1))


def general_result(parsed, pack, index, day, options) -> DeckResult:
    """check_deck written the general way: the deck resolved as a whole, each rule alone."""
    deck, resolution = resolve_deck(parsed, index, options)
    findings = [*parsed.findings, *resolution]
    if parsed.entries or all(f.severity is Severity.INFO for f in parsed.findings):
        context = RuleContext(date=day, format_name=pack.name, index=index, rotation_days=90)
        findings += [found for rule in pack.rules for found in KINDS[rule.kind].check(deck, rule, context)]
    counts: dict[str, int] = {}
    for deck_card in deck.cards:
        counts[deck_card.card.supertype] = counts.get(deck_card.card.supertype, 0) + deck_card.count
    return DeckResult(
        path=parsed.path,
        format=shown(pack.name),
        date=day.isoformat(),
        total_cards=deck.total,
        findings=tuple(printable_finding(f) for f in findings),
        counts={kind: counts.get(kind, 0) for kind in (POKEMON, TRAINER, ENERGY)},
        name=shown(parsed.name) if parsed.name else parsed.name,
        languages=deck.languages,
        deck=deck,
    )


@given(
    texts=st.lists(deck_lists(), min_size=1, max_size=4),
    name=st.sampled_from(FORMATS),
    day=st.sampled_from(DAYS),
    order=st.randoms(use_true_random=False),
)
def test_the_compiled_pack_finds_what_the_general_way_finds(texts, name, day, order):
    pack = load_pack(name)
    if absent_on(pack, day):
        return
    options = resolve_options_for(pack, day, INDEX)
    table = fact_table(pack.rules, pack.name, day, INDEX, 90)
    # Each list twice (the second time from what was kept), then with its lines in another order.
    shuffled = []
    for text in texts:
        lines = text.split("\n")
        order.shuffle(lines)
        shuffled.append("\n".join(lines))
    for n, text in enumerate([*texts, *texts, *shuffled]):
        parsed = parse_text(text, f"{n}.txt")
        result = check_deck(parsed, pack, INDEX, day, resolve_options=options, keep_deck=True)
        expected = general_result(parsed, pack, INDEX, day, options)
        assert result == expected
        assert result.deck == expected.deck
        # Without the resolved lines (a report's check): the same, a legal list's verdict kept.
        assert check_deck(parsed, pack, INDEX, day, resolve_options=options) == expected
        # The facts' pass counts what Deck.total and the lines' supertypes say.
        facts = table.deck_facts(expected.deck)
        assert facts.total == expected.deck.total
        assert facts.counts == {
            kind: sum(dc.count for dc in expected.deck.cards if dc.card.supertype == kind)
            for kind in {dc.card.supertype for dc in expected.deck.cards}
        }
