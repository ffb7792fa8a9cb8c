"""The card look-ups that resolution and the rules need, and an in-memory index.

:class:`CardIndex` is the protocol; :class:`MemoryIndex` serves the built-in
catalogue and tests, ``deckcheck.carddb.sqlite.SqliteIndex`` the imported
database. Set codes and collector numbers are compared through
:func:`set_code_key` and :func:`number_key` so that ``PR-SW 271``,
``SWSH271`` and ``swsh 0271`` meet.

Card names in other languages (imported from TCGdex into the SQLite
database) are looked up with :meth:`CardIndex.by_translated_name` and compared
through :func:`translation_key`; the built-in catalogue has none.
"""

# The annotations are evaluated where they are written (no ``from __future__ import annotations``):
# typing.NamedTuple compiles each field's annotation written as text, some 60,000 instructions a
# field when a check of one deck imports this module.
import re
import weakref
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any, NamedTuple, Protocol

from deckcheck.model import INTERNATIONAL, Card
from deckcheck.names import deck_key, name_key
from deckcheck.suggest import closest_names

# Codes seen in exports that the dataset spells differently (RULES.md 7.2, 7.4;
# docs/rulings.md, "Which card a line is": every real promo and set code is known, so that a real
# code never becomes an unknown-set error). Each is tested against the
# reference data (tests/carddb/test_set_codes.py).
SET_CODE_ALIASES: Mapping[str, str] = {
    # Wizards Black Star Promos (basep, "PR" in the dataset)
    "WBSP": "PR",
    "PR-WB": "PR",
    "WP": "PR",
    "PR-WBSP": "PR",
    # Nintendo Black Star Promos (EX era)
    "NP": "PR-NP",
    "NBSP": "PR-NP",
    # Diamond & Pearl Black Star Promos (dpp, "PR-DPP")
    "DPP": "PR-DPP",
    "PR-DP": "PR-DPP",
    "DPBSP": "PR-DPP",
    # HeartGold & SoulSilver Black Star Promos (hsp)
    "HSP": "PR-HS",
    "PR-HGSS": "PR-HS",
    "HGSSP": "PR-HS",
    # Black & White Black Star Promos (bwp)
    "BWP": "PR-BLW",
    "PR-BW": "PR-BLW",
    # XY Black Star Promos (xyp)
    "XYP": "PR-XY",
    # Sun & Moon Black Star Promos (smp)
    "SMP": "PR-SM",
    # Sword & Shield Black Star Promos (swshp)
    "SWSHP": "PR-SW",
    "PR-SWSH": "PR-SW",
    # Scarlet & Violet Black Star Promos (svp)
    "SVP": "PR-SV",
    "PR-SVP": "PR-SV",
    # Mega Evolution Black Star Promos (mep, "MEP" as PTCG Live writes it)
    "PR-ME": "MEP",
    "PR-MEP": "MEP",
    "FAC": "FCO",  # Fates Collide, written both ways by PTCGO
}

# Linear: the leading zeros are all but the last digit's, taken at once.
_NUMBER = re.compile(r"^([A-Z-]*+)(?:0(?=\d))*+(\d++)([A-Z]?)$")

# Sets the pokemontcg.io data publishes card files for but no set entry, by the
# set id of their cards, and the code PTCG Live writes for them (docs/rulings.md, "PTCG Live's own forms"):
# "Basic {P} Energy MEE 5", "Mega Kangaskhan ex MEP 25".
CODES_OF_UNLISTED_SETS: Mapping[str, str] = {"mee": "MEE", "mep": "MEP"}

# Players write the professors' title as the card does not: "Professor Esche"
# for the German card "Prof. Esche", "Prof. Juniper" for "Professora Juniper".
# Folded after name_key (accents gone, so "Prof.ª" is "prof.a"); only a whole
# word before a space, so "Profumina" or "Professor's Research" stay as they are. This pattern and
# the next are text, compiled by `re` on first use: only a translated name's look-up needs them.
_TITLE = r"(?<![\w.'])(?:professor(?:a|e|essa)?|professeure?|profesora?|prof(?:\.(?:ssa|a))?\.?)(?=\s)"


# "Glurak-ex" is often written "Glurak ex" (and TCGdex itself spells some
# "Kyogre EX"): the hyphen before a rule-box suffix is not compared.
_SUFFIX_HYPHEN = r"-(?=(?:ex|gx|v|vmax|vstar|v-union)\b)"


def translation_key(name: str) -> str:
    """The key translated names are compared by: :func:`name_key` with the
    professors' titles (Prof., Professor, Professora, Professeur, Profesora,
    Prof.ssa ...) folded to one word and no hyphen before ``ex``, ``GX``, ``V``
    ... (``Glurak-ex`` = ``Glurak ex``). Looser than the name: a look-up by it
    may find cards of several names, which resolution then tells apart or
    reports as ambiguous."""
    return re.sub(_SUFFIX_HYPHEN, " ", re.sub(_TITLE, "prof", name_key(name)))


class TranslatedName(NamedTuple):
    """A card name in another language and the (English) card it names."""

    lang: str  # "de", "fr", "es", "it", "pt"
    name: str  # as TCGdex spells it: "Prof. Esche"
    card: Card
    exact: bool = True  # equal by name_key, not only by translation_key


def union_of_prints(first: Sequence[Card], second: Sequence[Card]) -> tuple[Card, ...]:
    """The prints of both look-ups, each once, in the order met."""
    if not second:
        return tuple(first)
    if not first:
        return tuple(second)
    return tuple(dict.fromkeys((*first, *second)))


def released(prints: Sequence[Card], day: str | None) -> tuple[Card, ...]:
    """The prints released on or before ``day`` (ISO; all of them when None): a
    print without a known day is kept (the card pool judges it)."""
    if day is None:
        return tuple(prints)
    return tuple(card for card in prints if not card.release_date or card.release_date <= day)


def set_code_key(code: str) -> str:
    folded = code.strip().upper()
    return SET_CODE_ALIASES.get(folded, folded)


def is_promo_code(code_key: str) -> bool:
    return code_key == "PR" or code_key.startswith("PR-")


def number_key(number: str, *, promo: bool = False) -> str:
    """Fold a collector number: ``SWSH001`` -> ``SWSH1``; for promo sets the
    letter prefix is dropped too (``PR-SW 271`` is the card numbered ``SWSH271``)."""
    text = number.strip().upper()
    match = _NUMBER.match(text)
    if not match:
        return text
    prefix, digits, suffix = match.groups()
    if promo:
        prefix = ""
    # Leading zeros dropped by hand: int() refuses numbers past 4,300 digits.
    return f"{prefix}{digits.lstrip('0') or '0'}{suffix}"


def print_key(set_code: str, number: str, region: str) -> tuple[str, str, str]:
    """What a print is looked up by in memory: its region, set code and collector number, folded."""
    code = set_code_key(set_code)
    return region, code, number_key(number, promo=is_promo_code(code))


class CardIndex(Protocol):
    """What resolution and the rules ask of a card database.

    Every look-up by set code, number or name asks one ``region`` (model.REGIONS; the
    international one unless said): ``SV1S`` is a Japanese code and names no international
    print, ``SVI`` no Japanese one, and the Japanese ``N`` is no English ``N``."""

    # True for a database that holds only some prints of its sets (the built-in catalogue): a
    # print it lacks is unknown there, never read as one of the prints it holds.
    partial: bool

    def by_number(self, set_code: str, number: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        """Prints of ``region`` with this set code (any case or alias) and collector number."""

    def by_name(self, name: str, *, region: str = INTERNATIONAL, released_by: str | None = None) -> Sequence[Card]:
        """Prints of ``region`` whose name equals ``name`` after :func:`name_key` folding, and
        prints whose deck-building name equals it: ``Dragonair`` is also
        ``Dragonair δ``, ``Gengar`` also ``Gengar LV.X`` (docs/rulings.md, "Which card a line is",
        section 2, docs/rulings.md, "δ on Pokémon only"); with ``released_by`` (ISO day) only those
        released by then (:func:`released`)."""

    def by_deck_key(self, key: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        """Every print of ``region`` sharing the deck-building name ``key`` (a :func:`deck_key`)."""

    def suggest(
        self, name: str, limit: int = 3, *, langs: Sequence[str] = (), region: str = INTERNATIONAL
    ) -> Sequence[str]:
        """Up to ``limit`` card names of ``region`` that look like ``name`` (did you mean); with
        ``langs``, names in those languages too, where the index holds them."""

    def knows_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> bool:
        """Whether any set of ``region`` in the database has this code."""

    def by_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        """Every print of ``region`` of the sets with this code (any case or alias)."""

    def set_code_of_id(self, set_id: str, *, region: str = INTERNATIONAL) -> str | None:
        """The set code of the set of ``region`` whose dataset id is ``set_id`` in any case
        (``sv1`` -> ``SVI``), where the id names exactly one set code; else None."""

    def translation_languages(self) -> Sequence[str]:
        """The languages whose card names the index holds (none for the catalogue)."""

    def by_translated_name(self, name: str, langs: Sequence[str] | None = None) -> Sequence[TranslatedName]:
        """The cards that ``name`` names in another language (all the index
        holds, or only ``langs``), compared by :func:`translation_key`."""

    def all_cards(self) -> Iterable[Card]:
        """Every print the index holds (``formats lint``: what a pack may name)."""

    def card_labels(self, ids: Iterable[str]) -> dict[str, tuple[str, str | None, str]]:
        """Dataset id -> (name, set code or else the set's name, number) of the prints of
        ``ids`` the index holds (``formats show``: a ban of ``bw3-67`` is Archeops NVI 67)."""

    def set_labels(self) -> dict[str, tuple[str | None, str | None]]:
        """Set id -> (set code or else the set's name, release date) of the sets the index
        holds beyond the built-in catalogue's (``formats show``: sets by the codes players know)."""


class MemoryIndex:
    """A :class:`CardIndex` over cards held in memory.

    The look-ups by name are built on first use: a deck list that names every
    card by set code and number (PTCG Live) never needs them, and folding
    every name costs a few milliseconds of each check without a card database
    (start-up)."""

    def __init__(self, cards: Iterable[Card], *, partial: bool = False):
        self.partial = partial
        self._cards: tuple[Card, ...] = tuple(cards)
        self._by_number: dict[tuple[str, str, str], list[Card]] = defaultdict(list)
        self._codes: set[tuple[str, str]] = set()
        self._named: (
            tuple[dict[tuple[str, str], list[Card]], dict[tuple[str, str], list[Card]], dict[str, dict[str, str]]]
            | None
        ) = None
        for card in self._cards:
            if card.set_code:
                key = print_key(card.set_code, card.number, card.region)
                self._codes.add(key[:2])
                self._by_number[key].append(card)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    def _by_names(
        self,
    ) -> tuple[dict[tuple[str, str], list[Card]], dict[tuple[str, str], list[Card]], dict[str, dict[str, str]]]:
        """(by region and name_key, by region and deck_key, the first name of each name_key
        by region), built once (threads that build them together build equal ones)."""
        named = self._named
        if named is None:
            by_name: dict[tuple[str, str], list[Card]] = defaultdict(list)
            by_deck_key: dict[tuple[str, str], list[Card]] = defaultdict(list)
            names: dict[str, dict[str, str]] = defaultdict(dict)
            for card in self.cards:
                by_name[(card.region, name_key(card.name))].append(card)
                by_deck_key[(card.region, deck_key(card.name, card.supertype))].append(card)
                names[card.region].setdefault(name_key(card.name), card.name)
            named = self._named = (by_name, by_deck_key, names)
        return named

    def by_number(self, set_code: str, number: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return tuple(self._by_number.get(print_key(set_code, number, region), ()))

    def by_name(self, name: str, *, region: str = INTERNATIONAL, released_by: str | None = None) -> Sequence[Card]:
        by_name, by_deck_key, _names = self._by_names()
        key = (region, name_key(name))
        return released(union_of_prints(by_name.get(key, ()), by_deck_key.get(key, ())), released_by)

    def by_deck_key(self, key: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return tuple(self._by_names()[1].get((region, key), ()))

    def suggest(
        self, name: str, limit: int = 3, *, langs: Sequence[str] = (), region: str = INTERNATIONAL
    ) -> Sequence[str]:
        # The catalogue holds English names only, whatever ``langs`` asks for.
        return closest_names(name, self._by_names()[2].get(region, {}), limit)

    def knows_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> bool:
        return (region, set_code_key(set_code)) in self._codes

    def by_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        code = set_code_key(set_code)
        return tuple(
            card
            for card in self.cards
            if card.region == region and card.set_code and set_code_key(card.set_code) == code
        )

    def set_code_of_id(self, set_id: str, *, region: str = INTERNATIONAL) -> str | None:
        wanted = set_id.strip().casefold()
        codes = {
            card.set_code
            for card in self.cards
            if card.region == region and card.set_code and card.set_id.casefold() == wanted
        }
        return codes.pop() if len(codes) == 1 else None

    def translation_languages(self) -> Sequence[str]:
        return ()

    def by_translated_name(self, name: str, langs: Sequence[str] | None = None) -> Sequence[TranslatedName]:
        return ()

    def all_cards(self) -> Iterable[Card]:
        return self.cards

    def card_labels(self, ids: Iterable[str]) -> dict[str, tuple[str, str | None, str]]:
        wanted = set(ids)
        return {card.id: (card.name, card.set_shown, card.number) for card in self.cards if card.id in wanted}

    def set_labels(self) -> dict[str, tuple[str | None, str | None]]:
        return {}  # the cards' sets are the built-in catalogue's


# Where a card's set code, number and region are among its fields' values (FieldsIndex).
_SET_CODE_FIELD, _NUMBER_FIELD, _REGION_FIELD = (
    [f.name for f in fields(Card)].index(name) for name in ("set_code", "number", "region")
)


class FieldsIndex(MemoryIndex):
    """A :class:`MemoryIndex` over cards given as the values of :class:`Card`'s fields in their
    order, each card made when a look-up first finds it (start-up: the built-in catalogue). What
    asks for every card (``cards``, a look-up by name) makes them all, once; threads that make a
    card together get the same one."""

    def __init__(self, rows: Sequence[tuple[Any, ...]], *, partial: bool = False):
        super().__init__((), partial=partial)
        self._rows = rows
        self._made: dict[int, Card] = {}
        self._all: tuple[Card, ...] | None = None
        self._at_number: dict[tuple[str, str, str], list[int]] = defaultdict(list)
        for at, row in enumerate(rows):
            if row[_SET_CODE_FIELD]:
                key = print_key(row[_SET_CODE_FIELD], row[_NUMBER_FIELD], row[_REGION_FIELD])
                self._codes.add(key[:2])
                self._at_number[key].append(at)

    def _card(self, at: int) -> Card:
        card = self._made.get(at)
        if card is None:
            card = self._made.setdefault(at, Card(*self._rows[at]))
        return card

    @property
    def cards(self) -> tuple[Card, ...]:
        if self._all is None:
            self._all = tuple(self._card(at) for at in range(len(self._rows)))
        return self._all

    def by_number(self, set_code: str, number: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return tuple(self._card(at) for at in self._at_number.get(print_key(set_code, number, region), ()))


class RegionIndex:
    """A :class:`CardIndex` that asks one ``region`` whatever its caller asks (the reading of
    a Japanese line asks Japan's prints: :func:`region_view`); everything else is the index's
    own. Only the international cards have names in other languages."""

    def __init__(self, index: CardIndex, region: str):
        self.index = index
        self.region = region

    def __getattr__(self, name: str):
        return getattr(self.index, name)

    def by_number(self, set_code: str, number: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return self.index.by_number(set_code, number, region=self.region)

    def by_name(self, name: str, *, region: str = INTERNATIONAL, released_by: str | None = None) -> Sequence[Card]:
        return self.index.by_name(name, region=self.region, released_by=released_by)

    def by_deck_key(self, key: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return self.index.by_deck_key(key, region=self.region)

    def suggest(
        self, name: str, limit: int = 3, *, langs: Sequence[str] = (), region: str = INTERNATIONAL
    ) -> Sequence[str]:
        return self.index.suggest(name, limit, langs=langs, region=self.region)

    def knows_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> bool:
        return self.index.knows_set_code(set_code, region=self.region)

    def by_set_code(self, set_code: str, *, region: str = INTERNATIONAL) -> Sequence[Card]:
        return self.index.by_set_code(set_code, region=self.region)

    def set_code_of_id(self, set_id: str, *, region: str = INTERNATIONAL) -> str | None:
        return self.index.set_code_of_id(set_id, region=self.region)

    def translation_languages(self) -> Sequence[str]:
        return self.index.translation_languages() if self.region == INTERNATIONAL else ()

    def by_translated_name(self, name: str, langs: Sequence[str] | None = None) -> Sequence[TranslatedName]:
        return self.index.by_translated_name(name, langs) if self.region == INTERNATIONAL else ()


# One view per index and region, as long as the index lives: resolution remembers readings by
# the index object they were read from.
_VIEWS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def region_view(index: CardIndex, region: str) -> CardIndex:
    """``index`` asking ``region``: the index itself for the international cards."""
    if region == INTERNATIONAL:
        return index
    views = _VIEWS.setdefault(index, {})
    view = views.get(region)
    if view is None:
        view = views[region] = RegionIndex(index, region)
    return view
