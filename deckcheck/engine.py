"""The core: a parsed deck, a pack and a card index in, a verdict out.

No printing, no exiting, no Typer or rich: the CLI calls :func:`check_deck`
and renders the :class:`~deckcheck.model.DeckResult` it returns.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

from deckcheck.carddb.index import CardIndex
from deckcheck.core.printable import printable_finding, shown
from deckcheck.core.resolve import ResolveOptions, resolve_deck
from deckcheck.model import ENERGY, POKEMON, TRAINER, DeckResult, Finding, ParsedDeck, Severity
from deckcheck.packs.loading import Pack
from deckcheck.rules import KINDS
from deckcheck.rules.facts import fact_table


def check_deck(
    parsed: ParsedDeck,
    pack: Pack,
    index: CardIndex,
    date: dt.date,
    *,
    resolve_options: ResolveOptions | None = None,
    rotation_days: int = 90,
    keep_deck: bool = False,
) -> DeckResult:
    """Every finding for one deck: syntax, resolution, then each rule of the pack.
    With ``keep_deck`` the result carries the resolved lines (``DeckResult.deck``),
    for the deck registration sheet; reports never need them."""
    options = resolve_options or resolve_options_for(pack, date, index)
    deck, resolution = resolve_deck(parsed, index, options)
    findings: list[Finding] = [*parsed.findings, *resolution]
    if parsed.entries or all(finding.severity is Severity.INFO for finding in parsed.findings):
        # A file that could not be read at all has nothing for the rules to judge. A note (the
        # file was read as Windows-1252) is no such problem: a list of no cards is no legal deck.
        # The pack compiled for the day: each rule's facts of a print asked once, the deck read
        # once for all of them (deckcheck.rules.facts).
        table = fact_table(pack.rules, pack.name, date, index, rotation_days)
        context = table.context._replace(facts=table.deck_facts(deck))
        for rule, kind in table.rules:
            findings.extend(kind.check(deck, rule, context))
    counts: Counter[str] = Counter()
    for deck_card in deck.cards:
        counts[deck_card.card.supertype] += deck_card.count
    return DeckResult(
        path=parsed.path,
        format=shown(pack.name),  # an unknown format is the deck's own text
        date=date.isoformat(),
        total_cards=deck.total,
        # Control characters and lone surrogates from the deck file are escaped
        # here, once, so that no report prints them raw.
        findings=tuple(printable_finding(finding) for finding in findings),
        counts={POKEMON: counts[POKEMON], TRAINER: counts[TRAINER], ENERGY: counts[ENERGY]},
        name=shown(parsed.name) if parsed.name else parsed.name,
        languages=deck.languages,
        deck=deck if keep_deck else None,
    )


def resolve_options_for(pack: Pack, date: dt.date, index: CardIndex, **extra) -> ResolveOptions:
    """How a pack wants lines read: name-only lines resolve among the prints its
    rules allow on the day (:meth:`~deckcheck.rules.base.RuleKind.allowed`: a card
    pool's, a ban list's), and pre-DP packs read Darkness/Metal Energy as the Special cards
    (docs/rulings.md, "A bare Darkness or Metal Energy")."""
    pools = [p for p in (KINDS[rule.kind].allowed(rule, date, index) for rule in pack.rules) if p is not None]
    allowed = None
    if pools:
        allowed = lambda card: all(p(card) for p in pools)  # noqa: E731
    # The card pool's region: Japan's Standard reads a Japanese line among Japan's prints.
    regions = [region for rule in pack.rules if (region := KINDS[rule.kind].region(rule.options))]
    if regions:
        extra.setdefault("region", regions[-1])
    return ResolveOptions(
        allowed=allowed,
        special_darkness_metal=bool(pack.options.get("special_darkness_metal", False)),
        date=date.isoformat(),
        **extra,
    )
