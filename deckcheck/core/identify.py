"""The one contract: whether a deck line says which card it is (docs/rulings.md, "Which card
a line is").

Every way of reading a line ends in :func:`settle`, and only :func:`settle` marks a line
identified. A line is identified when

* its set code and number name prints the card database holds, the written name fits them, and
  they are one rules identity (in practice: exactly one print); or
* every print the line can mean on the day is one rules identity: one deck-building name, one
  game text (functional identity), the same rule flags, and the same verdict of the format's
  card pool and ban list. The prints a line can mean are decided by the step that read it: for
  a set code and number the database lacks, the prints of the written name released by the day
  (none when the named set came out after the day); for a PTCG Live ``ALT`` code, the prints of
  the name in that series released by the day -- there, prints the format cannot tell apart
  (the same deck-building name, rule flags and verdict) are enough, as the code names an
  alternate art of some print of the series;
* or it is a name-only line (no set code): its prints are those of one deck-building name,
  and where they differ the line is read as an allowed one with a warning (the name-only
  ruling). A name two cards of different names share identifies nothing.

A line that is not identified is counted toward the deck's size and never toward any card's
legality, so the deck is at best *not verified*. Nothing else identifies a line: no promo
series "still running", no word of the name read as a set code, no built-in catalogue's only
print, no translation that two English names share.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckcheck.core.lines import Resolution, ResolveOptions, line_finding, written
from deckcheck.core.naming import AMBIGUOUS_TRANSLATION, group_key
from deckcheck.i18n import N_, Joined
from deckcheck.model import UNVERIFIED_RULES, Card, DeckEntry, Severity
from deckcheck.names import deck_key, deck_name

# The safety net of the contract: a reading that is not identified and said nothing an error.
NOT_IDENTIFIED = N_(
    "{name} may mean cards the deck-building rules treat differently, so the line does not say which "
    "card it is and the deck's legality cannot be shown."
)
NOT_IDENTIFIED_HINT = N_("Write the set code and number printed on the card.")

# What a line is read from: the kinds of reading :func:`settle` judges.
BY_PRINT = "print"  # a set code and number the database holds, with the written name
BY_CANDIDATES = "candidates"  # a set code and number the database lacks: the name's prints of the day
BY_ALT = "alt"  # a PTCG Live ALT code: the name's prints of that series by the day
BY_NAME = "name"  # no set code: the name's prints of the day
NOTHING = "nothing"  # the line says no card (an unknown set, a name that is no card, another card's number)


def rule_flags(card: Card) -> tuple:
    """What the deck-building rules see of a print besides its name and text."""
    return (
        card.supertype,
        card.is_basic_energy,
        card.is_basic_pokemon,
        card.is_ace_spec,
        card.is_prism_star,
        card.is_pokemon_star,
        card.is_radiant,
        card.own_limit,
        card.any_number,
        card.not_for_tournaments,
        card.plays_as_basic,
    )


def rule_signature(card: Card) -> tuple:
    """What the deck-building rules see of a print; prints with equal signatures
    are interchangeable for a name-only line."""
    # Basic Energy prints are interchangeable whether named "Fire Energy" or,
    # as in Scarlet & Violet, "Basic Fire Energy" (RULES.md 5.1, 5.2).
    name = group_key(card) if card.is_basic_energy else deck_key(card.name, card.supertype)
    return (name, *rule_flags(card))


def rules_identity(card: Card) -> tuple:
    """A print's rules identity: its deck-building name, its game text and its rule flags.
    Every basic Energy print of one type is one identity (basic Energy is legal in every
    print and exempt from the copy limit)."""
    if card.is_basic_energy:
        return ("basic energy", group_key(card))
    return (deck_key(card.name, card.supertype), card.text_hash, rule_flags(card))


def _judged_alike(cards: Sequence[Card], options: ResolveOptions) -> bool:
    if len(cards) == 1:
        return True  # (one print: nothing to tell apart, and the format's verdict costs)
    allowed = options.allowed
    return allowed is None or len({bool(allowed(c)) for c in cards}) <= 1


def one_identity(cards: Sequence[Card], options: ResolveOptions) -> bool:
    """Whether ``cards`` (at least one) are one rules identity the format judges alike."""
    if len(cards) == 1:
        return True
    return bool(cards) and len({rules_identity(c) for c in cards}) == 1 and _judged_alike(cards, options)


def one_verdict(cards: Sequence[Card], options: ResolveOptions) -> bool:
    """Whether the format cannot tell ``cards`` apart: one deck-building name, the same rule
    flags and the same verdict of its card pool and ban list."""
    if not cards:
        return False
    shapes = {rules_identity(c) if c.is_basic_energy else (deck_key(c.name, c.supertype), rule_flags(c)) for c in cards}
    return len(shapes) == 1 and _judged_alike(cards, options)


def one_name(cards: Sequence[Card]) -> bool:
    """Whether ``cards`` (at least one) share one deck-building name (a name-only line)."""
    return bool(cards) and len({group_key(c) for c in cards}) == 1


def is_identified(how: str, candidates: Sequence[Card], options: ResolveOptions) -> bool:
    """The contract itself: whether a line read ``how`` whose possible prints are
    ``candidates`` says which card it is."""
    if how in (BY_PRINT, BY_CANDIDATES):
        return one_identity(candidates, options)
    if how == BY_ALT:
        return one_verdict(candidates, options)
    if how == BY_NAME:
        return one_name(candidates)
    return False


def settle(
    entry: DeckEntry, how: str, candidates: Sequence[Card], reading: Resolution, options: ResolveOptions
) -> Resolution:
    """The reading of one line as the deck counts it. Identified: the print it is counted as,
    with the reading's findings. Not identified: no print (the line counts toward the deck's
    size only), and an error that leaves the deck not verified -- the reading's own, or one
    said here if the reading gave none."""
    if reading.card is not None and is_identified(how, candidates, options):
        return reading._replace(findings=list(reading.findings), identified=True)
    findings = list(reading.findings)
    if not any(f.severity is Severity.ERROR and f.rule in UNVERIFIED_RULES for f in findings):
        findings = [f for f in findings if f.rule not in UNVERIFIED_RULES]
        names = list(dict.fromkeys(deck_name(c.name, c.supertype) for c in candidates))
        if how == BY_NAME and len(names) > 1:
            # "Mew EX" on a day when Mew-EX and Mew ex both exist: say which cards it may be.
            problem = line_finding(
                "ambiguous-card",
                Severity.ERROR,
                entry,
                AMBIGUOUS_TRANSLATION,
                hint=NOT_IDENTIFIED_HINT,
                name=written(entry),
                meanings=Joined(names[:4] + ["…"] if len(names) > 4 else names),
            )
        else:
            problem = line_finding(
                "ambiguous-card", Severity.ERROR, entry, NOT_IDENTIFIED, hint=NOT_IDENTIFIED_HINT, name=written(entry)
            )
        findings.insert(0, problem)
    return reading._replace(card=None, findings=findings, by_print=False, identified=False)
