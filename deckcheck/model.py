"""Plain data shared by every layer: cards, parsed deck lines, findings, reports.

Everything here is a frozen dataclass with no I/O, so the core (parse, resolve,
check) stays a set of pure functions over these values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from operator import attrgetter
from typing import Any

from deckcheck.errors import ExitCode  # noqa: F401  (re-exported)

# The banner the dataset writes into the names of some Trainers (RULES.md 2.9):
# "Battle Compressor Team Flare Gear" is Battle Compressor.
FLARE_GEAR = re.compile(r"(?<!\s)\s++Team Flare (?:Hyper )?Gear$")

POKEMON = "Pokémon"
TRAINER = "Trainer"
ENERGY = "Energy"
SUPERTYPES = (POKEMON, TRAINER, ENERGY)
# The card pools of organised play: the international one (TPCi, the English
# cards and their translations) and Japan's (TPC, the Japanese cards, with
# their own set codes, numbers and release days). A set code of one region
# never names a print of the other (docs/japan.md).
INTERNATIONAL = "intl"
JAPAN = "jp"
REGIONS = (INTERNATIONAL, JAPAN)
# RULES.md 5.3: the letters PTCG Live (and TCGdex's texts) write for the Energy types.
ENERGY_LETTERS = {
    "G": "Grass",
    "R": "Fire",
    "W": "Water",
    "L": "Lightning",
    "P": "Psychic",
    "F": "Fighting",
    "D": "Darkness",
    "M": "Metal",
    "Y": "Fairy",
    "N": "Dragon",
    "C": "Colorless",
}


class Severity(StrEnum):
    """How much a finding matters: ``error`` makes a deck illegal, ``warning`` is
    worth a look, ``info`` is a note."""

    ERROR = "error"  # the deck is illegal (or legality cannot be shown)
    WARNING = "warning"  # worth a look, the deck may still be legal
    INFO = "info"  # a note, e.g. a print that is legal through its reprint


# The errors that say a line could not be read or identified (or its card is missing from
# the database), not that a rule is broken (docs/rulings.md). A deck whose only errors are
# these is *not verified* (legality cannot be shown), not ILLEGAL; both exit with code 1.
# A ``syntax`` error is a line deckcheck could not read: no rule was broken by it.
# ``unknown-release``: an international print under Japan's Standard whose Japanese release the
# card data does not tell (docs/japan.md).
UNVERIFIED_RULES = frozenset(
    {"unknown-card", "unknown-set", "name-mismatch", "ambiguous-card", "unknown-print", "syntax", "unknown-release"}
)
# docs/rulings.md, "The verdict words": a deck that could not be checked at all (an unreadable
# file; a format that is none, or a day before its format began: ``unknown-format``) is *not
# checked*: never ILLEGAL, counted apart from the decks, exit code 2.
NOT_CHECKED_RULES = frozenset({"unreadable", "unknown-format"})
LEGAL, ILLEGAL, UNVERIFIED, NOT_CHECKED = "legal", "illegal", "unverified", "not-checked"
VERDICTS = (LEGAL, ILLEGAL, UNVERIFIED, NOT_CHECKED)


def verdict_of(findings: tuple[Finding, ...] | list[Finding]) -> str:
    """``legal``, ``illegal`` (a rule is broken), ``unverified`` (the only
    errors are lines that do not say which card they are) or ``not-checked``
    (the deck could not be checked at all); docs/rulings.md, "The verdict words"."""
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if not errors:
        return LEGAL
    if any(f.rule in NOT_CHECKED_RULES for f in errors):
        return NOT_CHECKED
    return UNVERIFIED if all(f.rule in UNVERIFIED_RULES for f in errors) else ILLEGAL


@dataclass(frozen=True, slots=True)
class Card:
    """One printing of a card, with what the deck-building rules need.

    ``name`` is the printed name as the dataset spells it; the name used for
    counting copies is :func:`deckcheck.names.deck_name` of it.
    """

    id: str  # dataset id, e.g. "sv1-189"
    name: str
    supertype: str  # POKEMON, TRAINER or ENERGY
    subtypes: tuple[str, ...] = ()
    set_id: str = ""
    set_code: str | None = None  # the code printed in deck lists (dataset ptcgoCode)
    number: str = ""
    regulation_mark: str | None = None
    release_date: str | None = None  # ISO date of the card's set
    types: tuple[str, ...] = ()  # Pokémon types, e.g. ("Fire",)
    evolves_from: str | None = None
    # Digest of the game text (attacks, abilities, rules; HP, type and stage for
    # Pokémon): two prints with the same deck name and digest are reprints.
    text_hash: str | None = None
    # "You can't have more than 1 Shining Celebi in your deck": (name, 1)
    own_limit: tuple[str, int] | None = None
    # "You may have as many of this card in your deck as you like." (Arceus rule)
    any_number: bool = False
    # "(This card cannot be used at official tournaments.)"
    not_for_tournaments: bool = False
    # Trainers "played as if they were a Basic Pokémon" (Clefairy Doll, fossils)
    plays_as_basic: bool = False
    # The set's name where its prints have no set code (POP Series 2, McDonald's Collection 2014):
    # findings name the print by it, never by the dataset's id. Not a fact of the rules.
    set_name: str | None = field(default=None, compare=False)
    # The card pool the print belongs to (REGIONS): its set code, number and release day
    # are that region's.
    region: str = INTERNATIONAL

    # -- what the card is, by its own data (never by its name) --------------
    @property
    def is_pokemon(self) -> bool:
        return self.supertype == POKEMON

    @property
    def is_trainer(self) -> bool:
        return self.supertype == TRAINER

    @property
    def is_energy(self) -> bool:
        return self.supertype == ENERGY

    @property
    def is_basic_energy(self) -> bool:
        # RULES.md 1.3/5.2: basic-ness comes from subtypes, never the name.
        return self.supertype == ENERGY and "Basic" in self.subtypes

    @property
    def is_basic_pokemon(self) -> bool:
        # RULES.md 1.4: Baby Pokémon count as Basic.
        return self.supertype == POKEMON and ("Basic" in self.subtypes or "Baby" in self.subtypes)

    @property
    def is_ace_spec(self) -> bool:
        return "ACE SPEC" in self.subtypes

    @property
    def is_prism_star(self) -> bool:
        return "Prism Star" in self.subtypes

    @property
    def is_pokemon_star(self) -> bool:
        return "Star" in self.subtypes

    @property
    def is_radiant(self) -> bool:
        return "Radiant" in self.subtypes

    @property
    def label(self) -> str:
        """How a player writes this print in a list: ``Iono PAL 185``."""
        return f"{self.shown_name} {self.set_shown} {self.number}".strip()

    @property
    def set_shown(self) -> str:
        """The set as players know it: the code printed in lists (``PAL``), else the set's name
        (``POP Series 2``), the dataset's id only when neither is known."""
        return self.set_code or self.set_name or self.set_id

    @property
    def shown_name(self) -> str:
        """The name as the card prints it, without the dataset's additions
        ("Battle Compressor Team Flare Gear" is Battle Compressor with a Team Flare Gear banner)."""
        if self.supertype == "Trainer":
            return FLARE_GEAR.sub("", self.name)
        return self.name


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One card line of a deck list, as written."""

    count: int
    name: str  # the name as written, cleaned of set code, number and markers
    # The 1-based line number in the deck file; 0 in an entry the text parser shares between the
    # lists that write the same line under the same header, wherever it stands (the deck's
    # ParsedDeck.lines and Deck.lines say where: a run over many lists then keeps one entry, one
    # reading and one DeckCard for each line as written, not one for each place it is met).
    line: int
    set_code: str | None = None
    number: str | None = None
    section: str | None = None  # POKEMON, TRAINER, ENERGY when a header said so
    # "Basic {R} Energy", "Lightning Energy - Basic": the line says basic Energy
    # of this type ("Fire"); "- Special" says special_energy.
    basic_energy_type: str | None = None
    special_energy: bool = False
    raw: str = ""


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a deck.

    The message is kept as a template plus parameters so that a renderer can
    translate the template as a whole (never concatenating fragments).
    """

    rule: str  # stable kebab-case id: "copy-limit", "unknown-card", ...
    severity: Severity
    template: str  # str.format template, English; also the gettext msgid
    params: Mapping[str, Any] = field(default_factory=dict)
    lines: tuple[int, ...] = ()
    cards: tuple[str, ...] = ()
    hint_template: str | None = None
    hint_params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)

    @property
    def hint(self) -> str | None:
        if self.hint_template is None:
            return None
        return self.hint_template.format(**self.hint_params)


@dataclass(frozen=True, slots=True)
class ParsedDeck:
    """What the parser read from one deck file: entries plus syntax findings."""

    path: str
    entries: tuple[DeckEntry, ...] = ()
    findings: tuple[Finding, ...] = ()
    name: str | None = None
    declared_format: str | None = None  # YAML/JSON decks may name their format
    # The line number of each entry, in the order of ``entries``; left out, each entry's own.
    lines: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.lines) != len(self.entries):
            if self.lines:
                raise ValueError("a parsed deck needs one line number for each entry")
            object.__setattr__(self, "lines", tuple([entry.line for entry in self.entries]))

    def placed(self) -> tuple[DeckEntry, ...]:
        """The entries, each carrying its own line number (for the few readers that want the
        line with the entry: the formatter, the sheet)."""
        return tuple(placed(entry, line) for entry, line in zip(self.entries, self.lines))


def placed(entry: DeckEntry, line: int) -> DeckEntry:
    """``entry`` as the card line on line ``line``: itself when it says so already, else a copy."""
    return entry if entry.line == line else replace(entry, line=line)


def apart(entries: list[DeckEntry], lines: list[int]) -> list[DeckEntry]:
    """``entries`` (standing on ``lines``) with each shared entry met again in the deck (a line
    written twice under one header) replaced by its own copy, which says its line: in one deck an
    entry object stands on one line, so that a finding about it names that line alone. (The
    entries themselves when none is met twice, as in almost every list.)"""
    if len(set(map(id, entries))) == len(entries):
        return entries
    seen: set[int] = set()
    found = []
    for entry, line in zip(entries, lines):
        if id(entry) in seen:
            entry = placed(entry, line)
        else:
            seen.add(id(entry))
        found.append(entry)
    return found


@dataclass(frozen=True, slots=True)
class DeckCard:
    """A resolved line: the entry and the print it was resolved to."""

    entry: DeckEntry
    card: Card
    # The language the line's card name was read in ("de", "pt" ...) when it
    # was not English; the card and its deck-building name are English all the same.
    read_as: str | None = None
    # False when the line was read by its name: it gave no set code and number,
    # or ones that name no print.
    by_print: bool = True

    @property
    def count(self) -> int:
        return self.entry.count

    @property
    def label(self) -> str:
        """The card as findings name it: the print the line's set code and number
        name (``Iono PAL 185``), else what the player wrote -- ``Iono`` for
        ``4 Iono``, never a print the line did not name."""
        if self.by_print:
            return self.card.label
        entry = self.entry
        if entry.set_code and entry.number:
            return f"{entry.name} {entry.set_code} {entry.number}"
        if self.read_as:
            # A name read in another language: the English name every other message of
            # the deck uses ("Hyperball" here, "Ultra Ball" there).
            return self.card.shown_name
        return entry.name


_READ_AS = attrgetter("read_as")  # of a DeckCard


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck whose lines were resolved to cards; what the rules check.

    A DeckCard (and its entry) may be shared by many decks and stand twice in one (a line
    written twice): where each stands is ``lines`` (of ``cards``) and ``unresolved_lines``, in
    the same order; left out, each entry's own line."""

    path: str
    cards: tuple[DeckCard, ...]
    unresolved: tuple[DeckEntry, ...] = ()  # lines that matched no card
    lines: tuple[int, ...] = ()
    unresolved_lines: tuple[int, ...] = ()
    # Set by resolution when each line was read as it is read in any deck: no unknown card (whose
    # "did you mean" is the deck's), no name in another language (whose language is).
    plain: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if len(self.lines) != len(self.cards):
            if self.lines:
                raise ValueError("a deck needs one line number for each card")
            object.__setattr__(self, "lines", tuple([deck_card.entry.line for deck_card in self.cards]))
        if len(self.unresolved_lines) != len(self.unresolved):
            if self.unresolved_lines:
                raise ValueError("a deck needs one line number for each unresolved line")
            object.__setattr__(self, "unresolved_lines", tuple([entry.line for entry in self.unresolved]))

    def lines_of(self, cards: Iterable[DeckCard]) -> list[int]:
        """The line numbers, in order, where the deck's ``cards`` stand (every place a shared
        one stands)."""
        wanted = {id(deck_card) for deck_card in cards}
        return sorted({line for deck_card, line in zip(self.cards, self.lines) if id(deck_card) in wanted})

    def placed(self) -> tuple[DeckCard, ...]:
        """The cards, each with an entry carrying its own line number (ParsedDeck.placed)."""
        return tuple(
            deck_card if deck_card.entry.line == line else replace(deck_card, entry=placed(deck_card.entry, line))
            for deck_card, line in zip(self.cards, self.lines)
        )

    def placed_unresolved(self) -> tuple[DeckEntry, ...]:
        """The unresolved entries, each carrying its own line number."""
        return tuple(placed(entry, line) for entry, line in zip(self.unresolved, self.unresolved_lines))

    @property
    def total(self) -> int:
        return sum([c.entry.count for c in self.cards]) + sum([e.count for e in self.unresolved])

    @property
    def languages(self) -> dict[str, tuple[int, ...]]:
        """``{"de": (3, 5, 9)}``: the lines whose card names were read in another
        language than English, by language (empty for an English list)."""
        if not any(map(_READ_AS, self.cards)):  # (an English list: no loop in Python over its lines)
            return {}
        found: dict[str, list[int]] = {}
        for deck_card, line in zip(self.cards, self.lines):
            if deck_card.read_as:
                found.setdefault(deck_card.read_as, []).append(line)
        return {lang: tuple(sorted(lines)) for lang, lines in sorted(found.items())}


@dataclass(frozen=True, slots=True)
class DeckResult:
    path: str
    format: str
    date: str
    total_cards: int
    findings: tuple[Finding, ...]
    counts: Mapping[str, int] = field(default_factory=dict)  # per supertype
    name: str | None = None
    # Deck.languages: lines whose card names were not read as English, by language.
    languages: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    # The resolved lines, kept only when asked (check_deck(..., keep_deck=True)):
    # the deck registration sheet writes them. Not part of the verdict.
    deck: Deck | None = field(default=None, compare=False, repr=False)

    @property
    def legal(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def verdict(self) -> str:
        """``legal``, ``illegal``, ``unverified`` or ``not-checked`` (docs/rulings.md, "The verdict words")."""
        return verdict_of(self.findings)

    @property
    def unidentified(self) -> int:
        """Cards of lines that name no card deckcheck knows: with ``counts`` they add up to
        ``total_cards``."""
        return max(0, self.total_cards - sum(self.counts.values()))


@dataclass(frozen=True, slots=True)
class Report:
    results: tuple[DeckResult, ...]
    # Files met while walking that are no decks (README "What counts as a deck").
    skipped: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return all(r.legal for r in self.results)
