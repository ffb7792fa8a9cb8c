"""What every step of reading a deck line shares: the options it is read under, what became of
the line, and the findings about it.

Reading a line is split by its jobs: :mod:`~deckcheck.core.prints` reads a set code and number,
:mod:`~deckcheck.core.naming` a written name, :mod:`~deckcheck.core.identify` decides whether the
line says which card it is (the one contract of docs/rulings.md), and
:mod:`~deckcheck.core.resolve` puts them together for a whole deck.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

from deckcheck.i18n import N_, Phrase
from deckcheck.model import INTERNATIONAL, Card, DeckEntry, Finding, Severity
from deckcheck.names import name_key

# What the command line says after "unknown card", by whether a card database
# is installed; marked here so that the catalogues translate them.
MISSING_HINT = N_("If the card is new, update the card database: deckcheck db update.")
CATALOGUE_ONLY_HINT = N_("Only the built-in catalogue is installed: build the card database with deckcheck db update.")


@dataclass(frozen=True, slots=True)
class ResolveOptions:
    # Which prints the format allows on the day (its card pool, and no ban in force):
    # names resolve among these first (docs/rulings.md, bare Darkness and Metal Energy),
    # and a line whose possible prints the format judges differently says no card.
    allowed: Callable[[Card], bool] | None = None
    # Before Diamond & Pearl, "Darkness Energy"/"Metal Energy" were Special only.
    special_darkness_metal: bool = False
    # The day the deck is checked for (ISO): a line can only mean a print released by then.
    date: str | None = None
    # Said after "unknown card": how to get a fuller card database.
    missing_hint: str = MISSING_HINT
    # The language of the card names (--card-lang): None reads each line as
    # English, else as a name in any language the index holds; "en" English
    # only; "de", "pt" ... that language first, then English.
    card_lang: str | None = None
    # Lines read before under these options, by what the line says: a run over
    # a repository meets the same staples in every deck. Only clean readings
    # (no findings) are kept, so nothing depends on a line's number or count.
    # Also the "did you mean" names found for an unknown name, and (by the id of the entry
    # object, deckcheck.core.resolve) each entry's reading, findings and all: the text parser
    # hands out one entry per line, number and section it has read before.
    memo: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    # The card pool of the format (model.REGIONS): under Japan's, a line written in Japanese is
    # read among Japan's prints (deckcheck.core.regions).
    region: str = INTERNATIONAL


class Resolution(NamedTuple):
    """What became of one line: the print it is counted as (None when it says no card the
    rules may count), the findings, and the languages its name was read in when not English
    (best first).

    ``identified`` is set only by :func:`deckcheck.core.identify.settle`, the one contract:
    a line that is not identified is counted toward the deck's size and never toward any
    card's legality."""

    card: Card | None
    findings: Sequence[Finding] = ()
    langs: tuple[str, ...] = ()
    unknown: bool = False  # an unknown-card finding (its suggestions may be redone)
    by_print: bool = False  # found by the line's set code and number, not by its name
    identified: bool = False


# Entries the memo of one ResolveOptions holds at most: more distinct lines and
# typos than a card database has names; a run that meets more (a million lines
# of junk, a long-lived server) starts again rather than growing without bound.
MEMO_MAX = 50_000


def memo_put(options: ResolveOptions, key: object, value: tuple) -> None:
    if len(options.memo) >= MEMO_MAX:
        options.memo.clear()
    options.memo[key] = value


def released(candidates: Sequence[Card], options: ResolveOptions) -> list[Card]:
    """The candidates released by the day the deck is checked for."""
    if options.date is None:
        return list(candidates)
    day = options.date
    return [c for c in candidates if not c.release_date or c.release_date <= day]


def released_or_all(candidates: Sequence[Card], options: ResolveOptions) -> list[Card]:
    """The candidates released by the day, or all of them when none was: a name-only line of
    a card that did not exist yet is that card, and the card pool says it is not legal yet."""
    return released(candidates, options) or list(candidates)


@lru_cache(maxsize=8)
def phrase(template: str) -> Phrase:
    """One shared Phrase per advice: a list of a million unknown cards holds a
    million findings, each needing no copy of its own."""
    return Phrase(template)


def written(entry: DeckEntry) -> str:
    """The line as findings name it: its name, with the set code and number it wrote."""
    if entry.set_code and entry.number:
        return f"{entry.name} {entry.set_code} {entry.number}"
    return entry.name


def line_finding(
    rule: str,
    severity: Severity,
    entry: DeckEntry,
    template: str,
    *,
    hint: str | None = None,
    hint_params: dict | None = None,
    cards: tuple[str, ...] = (),
    **params: Any,
) -> Finding:
    """A finding about one line (its line number; the cards it names, else the line as written)."""
    return Finding(
        rule=rule,
        severity=severity,
        template=template,
        params=params,
        lines=(entry.line,),
        cards=cards or (written(entry),),
        hint_template=hint,
        hint_params=hint_params or {},
    )


def on_line(resolution: Resolution, line: int) -> Resolution:
    """``resolution``, read for a card line standing on line 0, as the reading of that line on
    ``line``: a finding of resolution names the one line it is about (:func:`line_finding`) and
    nothing else of the line's place, so a line met on many lines of many lists is read once."""
    if not resolution.findings or line == 0:
        return resolution
    return resolution._replace(
        findings=[replace(f, lines=(line,)) if f.lines == (0,) else f for f in resolution.findings]
    )


# -- the print a line is shown as -------------------------------------------------


def restrictiveness(card: Card) -> int:
    """How many special limits a print brings; a name-only line is read as the
    least restricted print, so nothing is declared illegal on a guess."""
    return sum(
        (
            card.is_ace_spec,
            card.is_prism_star,
            card.is_pokemon_star,
            card.is_radiant,
            card.own_limit is not None,
            card.not_for_tournaments,
            not card.is_basic_energy and card.is_energy,
        )
    )


def as_written(entry: DeckEntry, candidates: Sequence[Card]) -> Sequence[Card]:
    """The candidates whose own name is the one written, where there are some: "Gardevoir"
    is Gardevoir, not Gardevoir LV.X, though both share the name for the copy limit; all of
    them otherwise (a basic Energy type, a translated name)."""
    key = name_key(entry.name)
    exact = [] if entry.basic_energy_type else [c for c in candidates if name_key(c.name) == key]
    return exact or candidates


def prefer(cards: Sequence[Card], options: ResolveOptions) -> Card:
    """The print a line stands for: allowed in the format, least restricted, newest."""
    if len(cards) == 1:
        return cards[0]  # nothing to rank (the format's verdict on the print costs)

    def score(card: Card):
        allowed = options.allowed(card) if options.allowed is not None else True
        return (not allowed, restrictiveness(card), negated_date(card.release_date), card.id)

    return min(cards, key=score)


def negated_date(date: str | None) -> tuple:
    # Newest first: compare on the negated digits of the ISO date.
    if not date:
        return (1,)
    return (0, -int(date.replace("-", "")))
