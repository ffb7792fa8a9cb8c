"""What goes on the deck registration sheet: plain data in, plain data out.

The player block (name, Player ID, date of birth, age division), then the
Pokémon (QTY, NAME, SET, COLL #, regulation mark), Trainer and Energy rows
with their totals, from the deck deckcheck has just checked. No PDF library,
no I/O: :mod:`deckcheck.sheet.layout` places this on pages and
:mod:`deckcheck.sheet.draw` draws them.

Rows follow docs/sheet.md:

* a card goes under the heading of its own kind (the resolved card's
  supertype), whatever heading the list wrote it under;
* the name is the player's own (as the list writes it, cleaned of set code
  and number), the set code and collector number those of the print deckcheck
  resolved the line to: the code printed on the card (``PAL``) and the number
  with its prefix (``TG24``, ``SV94``, ``SWSH271``);
* a Pokémon line whose set code and number name no print the database holds (or
  another card) gets the code and number the list wrote, never another print;
* a Pokémon line that names no print gets the set code and number of the
  print deckcheck read it as (one with the same game text), or none when that
  print's set has no code;
* lines of one card are merged, in the order the list first names them: a
  Pokémon row per print (its set and number are on the sheet), a Trainer or
  Energy row per deck-building name (the sheet shows only the name);
* symbols the sheet's font cannot draw are written as words (``◇`` as ``◊``,
  ``☆`` as ``★``, ``♀``/``♂`` as ``F``/``M``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass

from deckcheck.i18n import N_
from deckcheck.model import ENERGY, LEGAL, POKEMON, TRAINER, UNVERIFIED, DeckCard, DeckEntry, DeckResult
from deckcheck.names import deck_key

DIVISIONS = ("junior", "senior", "masters")
# TRANSLATORS: the age divisions of Play! Pokémon events.
DIVISION_TITLES = {"junior": N_("Junior"), "senior": N_("Senior"), "masters": N_("Masters")}
SECTION_TITLES = {POKEMON: N_("Pokémon"), TRAINER: N_("Trainer"), ENERGY: N_("Energy")}

# -- the age division (docs/sheet.md "Age divisions") ---------------------------------
#
# Play! Pokémon puts a player in a division by the year of birth, for the whole
# season: in the season that ends in year Y (the 2026 season ends with the
# World Championships of August 2026), Juniors are born in Y-12 or later,
# Seniors in Y-16 to Y-13, Masters in Y-17 or earlier. The years are those the
# public sources give for the 2019, 2020, 2021, 2023 and 2025 seasons (Bulbapedia
# "Play! Pokémon", Age divisions; the Play! Pokémon tournament glossary; the
# community sheet fillers): always these offsets. The divisions move on when the
# new season begins, "around mid-July"; the World Championships in August still
# count to the season they end (give --division there).
SEASON_TURNS = (7, 15)  # month, day: the first day of the next season's divisions
JUNIOR_AFTER = 12  # born in Y-12 or later
MASTERS_BEFORE = 17  # born in Y-17 or earlier
# Before the 2007 season (which began in July 2006) the divisions went by age on
# the day: 10 and under, 11 to 14, 15 and over (Bulbapedia, Pokémon Central).
BIRTH_YEARS_FROM = dt.date(2006, *SEASON_TURNS)


def season(day: dt.date) -> int:
    """The year the Play! Pokémon season of ``day`` ends in (2026 for 2026-04-10 and 2025-08-01)."""
    return day.year + 1 if (day.month, day.day) >= SEASON_TURNS else day.year


def division_years(season_year: int) -> dict[str, tuple[int | None, int | None]]:
    """``{"junior": (2014, None), "senior": (2010, 2013), "masters": (None, 2009)}`` for 2026:
    the first and last years of birth of each division (None: open)."""
    junior = season_year - JUNIOR_AFTER
    masters = season_year - MASTERS_BEFORE
    return {"junior": (junior, None), "senior": (masters + 1, junior - 1), "masters": (None, masters)}


def division(birth: dt.date, day: dt.date) -> str:
    """The age division of a player born on ``birth`` at an event on ``day``."""
    if day < BIRTH_YEARS_FROM:
        age = day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))
        return "junior" if age <= 10 else "senior" if age <= 14 else "masters"
    years = division_years(season(day))
    if birth.year >= years["junior"][0]:  # type: ignore[operator]
        return "junior"
    if birth.year <= years["masters"][1]:  # type: ignore[operator]
        return "masters"
    return "senior"


# -- the sheet's data -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """What the player block says; None leaves the field blank for handwriting."""

    name: str | None = None
    player_id: str | None = None
    birth: dt.date | None = None
    division: str | None = None  # given; else derived from ``birth`` and the day


@dataclass(frozen=True, slots=True)
class Row:
    count: int
    name: str
    set_code: str = ""
    number: str = ""
    regulation_mark: str = ""
    lines: tuple[int, ...] = ()  # the list's lines merged into this row
    # The set and number are those of the print deckcheck read a name-only line as.
    by_name: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    kind: str  # POKEMON, TRAINER or ENERGY
    rows: tuple[Row, ...]

    @property
    def title(self) -> str:
        return SECTION_TITLES[self.kind]

    @property
    def total(self) -> int:
        return sum(row.count for row in self.rows)


def verdict_mark(verdict: str) -> str:
    """What a sheet says of a deck with ``verdict``: ``legal``, ``NOT legal`` or ``NOT verified``
    (docs/rulings.md, "The verdict words"); a forced sheet's watermark, and what the command says it wrote, is it
    in capitals."""
    # TRANSLATORS: the verdict in the footer of a registration sheet.
    return {LEGAL: N_("legal"), UNVERIFIED: N_("NOT verified")}.get(verdict, N_("NOT legal"))


@dataclass(frozen=True, slots=True)
class Sheet:
    """Everything the sheet shows, as text (empty text: a blank field)."""

    player_name: str
    player_id: str
    birth: tuple[str, str, str]  # month, day, year: the official sheet's order
    division: str  # "junior", "senior", "masters" or ""
    format: str
    day: str  # ISO
    verdict: str  # "legal", "illegal" or "unverified" (docs/rulings.md, "The verdict words"): the mark a forced sheet carries
    deck_name: str
    sections: tuple[Section, Section, Section]

    @property
    def legal(self) -> bool:
        return self.verdict == LEGAL

    @property
    def mark(self) -> str:
        return verdict_mark(self.verdict)

    @property
    def total(self) -> int:
        return sum(section.total for section in self.sections)


# Symbols of card names the sheet's font (Helvetica, in every PDF reader) has
# no glyph for, and how the sheet writes them.
_SYMBOLS = (
    (re.compile(r"\s*+[♀]"), " F"),
    (re.compile(r"\s*+[♂]"), " M"),
    (re.compile(r"[◇♢◆]"), "◊"),
    (re.compile(r"[☆]"), "★"),
)


def sheet_name(name: str) -> str:
    """A card name as the sheet writes it (the symbols its font cannot draw as words)."""
    for pattern, replacement in _SYMBOLS:
        name = pattern.sub(replacement, name)
    return name


def _row_key(deck_card: DeckCard) -> tuple[str, str]:
    card = deck_card.card
    if card.is_pokemon:
        return POKEMON, card.id
    return card.supertype, deck_key(card.name, card.supertype)


def _section_of(entry: DeckEntry) -> str:
    """Where a line that matched no card goes (only on a sheet forced for an
    illegal deck): under the heading the list wrote it under, else Trainer."""
    return entry.section if entry.section in SECTION_TITLES else TRAINER


def sections(cards: Iterable[DeckCard], unresolved: Iterable[DeckEntry] = ()) -> tuple[Section, Section, Section]:
    """The three sections' rows, merged, in the order the list first names each card."""
    merged: dict[tuple[str, str], Row] = {}
    items: list[tuple[int, str, tuple[str, str], Row]] = []
    for deck_card in cards:
        entry, card = deck_card.entry, deck_card.card
        name = sheet_name(entry.name or card.name)
        key = _row_key(deck_card)
        if card.is_pokemon and entry.set_code and entry.number and not deck_card.by_print:
            # A line whose set code and number name no print
            # the database holds, or another card, was read by its name; the sheet writes the
            # code and number the list wrote, never a print the list did not name.
            row = Row(entry.count, name, entry.set_code, entry.number, "", (entry.line,))
            key = (POKEMON, f"line {entry.line}")
        elif card.is_pokemon and card.set_code:
            row = Row(
                entry.count,
                name,
                card.set_code,
                card.number,
                card.regulation_mark or "",
                (entry.line,),
                by_name=not deck_card.by_print,
            )
        elif card.is_pokemon:
            # A print of a set without a code (a trainer kit, a tin): a number
            # alone names nothing, so both are left to the player's hand.
            row = Row(
                entry.count,
                name,
                regulation_mark=card.regulation_mark or "",
                lines=(entry.line,),
                by_name=not deck_card.by_print,
            )
        else:
            row = Row(entry.count, name, lines=(entry.line,))
        items.append((entry.line, key[0], key, row))
    for entry in unresolved:
        kind = _section_of(entry)
        row = Row(
            entry.count,
            sheet_name(entry.name),
            (entry.set_code or "") if kind == POKEMON else "",
            (entry.number or "") if kind == POKEMON else "",
            "",
            (entry.line,),
        )
        items.append((entry.line, kind, (kind, f"line {entry.line}"), row))
    items.sort(key=lambda item: item[0])
    for _line, _kind, key, row in items:
        seen = merged.get(key)
        if seen is None:
            merged[key] = row
        else:
            merged[key] = dataclasses.replace(
                seen, count=seen.count + row.count, lines=seen.lines + row.lines, by_name=seen.by_name and row.by_name
            )
    by_kind: dict[str, list[Row]] = {POKEMON: [], TRAINER: [], ENERGY: []}
    for (kind, _id), row in merged.items():
        by_kind[kind].append(row)
    return (
        Section(POKEMON, tuple(by_kind[POKEMON])),
        Section(TRAINER, tuple(by_kind[TRAINER])),
        Section(ENERGY, tuple(by_kind[ENERGY])),
    )


def sheet(result: DeckResult, player: Player = Player()) -> Sheet:
    """The sheet of a checked deck (``result.deck``: :func:`deckcheck.engine.check_deck`
    with ``keep_deck=True``)."""
    deck = result.deck
    if deck is None:
        raise ValueError("the result does not carry its deck's cards (check_deck(..., keep_deck=True))")
    day = dt.date.fromisoformat(result.date)
    chosen = player.division
    if chosen is None and player.birth is not None:
        chosen = division(player.birth, day)
    birth = ("", "", "")
    if player.birth is not None:
        birth = (f"{player.birth.month:02d}", f"{player.birth.day:02d}", f"{player.birth.year:04d}")
    return Sheet(
        player_name=player.name or "",
        player_id=player.player_id or "",
        birth=birth,
        division=chosen or "",
        format=result.format,
        day=result.date,
        verdict=result.verdict,
        deck_name=result.name or "",
        sections=sections(deck.placed(), deck.placed_unresolved()),
    )
