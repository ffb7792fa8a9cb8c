"""Reading a set code and number: the codes lists write besides the printed ones, and how a
line's code and number become the code and number the card database holds.

* PTCG Live's sub-set codes (``LOR-TG 24`` is LOR TG24) and its Shiny Vault numbers
  (``HIF 163`` is SV94); its ``ALT`` codes, which name no printed card but a series;
* a dataset's set id that results sites write as a code (``SV1 166`` for SVI 166);
* a code typed in lower case (``meg 114``, ``twm128``, ``sv1 166``) or joined to its number
  (``TWM128``), read as a code only where that print is a card of the name before it;
* digits in other scripts are the number they write (``PAL ６２`` is PAL 62).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import NamedTuple

from deckcheck.carddb.index import CardIndex
from deckcheck.core.naming import name_fits
from deckcheck.model import Card, DeckEntry
from deckcheck.parse.text import live_sub_set

# PTCG Live numbers a Shiny Vault on from its main set: Hidden Fates "HIF 163" is SV94 and
# Shining Fates "SHF 74" is SV001. The main set's highest number, by the set code as the card
# database knows it.
LIVE_SHINY_VAULT_AFTER = {"HIF": 69, "SHF": 73}


class Series(NamedTuple):
    """The prints a PTCG Live ALT code may stand for: sets whose id starts with
    one of ``prefixes`` (pokemontcg.io and TCGdex ids alike), released from
    ``first`` to ``last`` (ISO days of the series' first and last sets; None
    while the series goes on)."""

    name: str
    prefixes: tuple[str, ...]
    first: str
    last: str | None


# Codes that exist only inside PTCG Live, for its alternate prints: "4 Irida SWSHALT 101".
# No printed card carries them; the line may mean any print of the name of that one series
# released by the day, never a print of a later series.
LIVE_ALT_SERIES = {
    "BWALT": Series("Black & White", ("bw", "dv1"), "2011-03-01", "2013-11-06"),
    "XYALT": Series("XY", ("xy", "g1", "dc1"), "2013-10-12", "2016-11-02"),
    "SMALT": Series("Sun & Moon", ("sm", "det1"), "2017-02-03", "2019-11-01"),
    "SWSHALT": Series("Sword & Shield", ("swsh", "cel25", "pgo", "fut20"), "2019-11-15", "2023-01-20"),
    "SVALT": Series("Scarlet & Violet", ("sv", "rsv", "zsv"), "2023-01-01", "2025-07-18"),
    "MEALT": Series("Mega Evolution", ("me",), "2025-09-26", None),
}
LIVE_ALT_CODES = frozenset(LIVE_ALT_SERIES)


def is_live_alt_code(set_code: str) -> bool:
    return set_code.strip().upper() in LIVE_ALT_CODES


def in_series(card: Card, series: Series) -> bool:
    if not card.set_id.startswith(series.prefixes):
        return False
    date = card.release_date
    return not date or (series.first <= date and (series.last is None or date <= series.last))


def live_shiny_vault(set_code: str, number: str) -> str | None:
    """The Shiny Vault number of a PTCG Live number past the main set
    (``HIF 163`` -> ``SV94``), else None."""
    after = LIVE_SHINY_VAULT_AFTER.get(set_code.strip().upper())
    # ASCII digits only, and few: int() refuses "²" and numbers past 4,300 digits.
    if after is None or not (number.isascii() and number.isdigit() and len(number) <= 9) or int(number) <= after:
        return None
    return f"SV{int(number) - after}"


def set_id_alias(code: str, index: CardIndex) -> str:
    """A dataset's set id that results sites write as a code ("SV1 166" for SVI 166, "SV6"
    for TWM) read as the code of its set, where the index knows no such code and the id
    names exactly one set; else ``code``."""
    if index.knows_set_code(code):
        return code
    lookup = getattr(index, "set_code_of_id", None)
    alias = lookup(code) if lookup is not None else None
    return alias or code


class PrintRead(NamedTuple):
    """A line's set code and number as the card database holds them."""

    code: str
    number: str
    printed: tuple[Card, ...]  # the prints of that code and number (none: the database lacks it)


def read_print(entry: DeckEntry, index: CardIndex) -> PrintRead:
    """The prints the line's set code and number name (the entry has both)."""
    # Digits in other scripts are the number they write: "PAL ６２" is PAL 62.
    number = unicodedata.normalize("NFKC", entry.number or "")
    code, number = live_sub_set(entry.set_code or "", number) or (entry.set_code or "", number)
    code = set_id_alias(code, index)
    printed = tuple(index.by_number(code, number))
    shiny_vault = live_shiny_vault(code, number)
    if not printed and shiny_vault:
        printed = tuple(index.by_number(code, shiny_vault))
    return PrintRead(code, number, printed)


def set_released(code: str, index: CardIndex) -> str | None:
    """The day the set of ``code`` came out (its first print's), None when unknown."""
    days = [c.release_date for c in index.by_set_code(code) if c.release_date]
    return min(days) if days else None


# A set code typed in lower or mixed case at the end of a line: "4 Boss's Orders meg 114",
# "2 Arven sv1 166" (the parser takes upper-case codes only, so that names stay whole).
# This pattern and the next are text, compiled by `re` on first use: a list whose lines all
# name a print never needs them, and its check does not pay for compiling them.
_TRAILING_PRINT = (
    r"^(?P<name>\S(?:.*\S)?)\s++(?P<code>[A-Za-z][A-Za-z0-9-]{1,6})\s++"
    r"(?P<number>[A-Za-z]{0,5}[0-9]{1,4}[A-Za-z]?)$"
)
# "4 Dreepy TWM128", "4 Dreepy twm128": a tracker's set code and number written as one word.
_JOINED_CODE = r"([A-Za-z]{2,5})([0-9]{1,4})"


def typed_print(entry: DeckEntry, index: CardIndex) -> DeckEntry:
    """A set code and number the parser left in the name (``4 Boss's Orders meg 114``,
    ``4 Dreepy twm128``, ``2 Arven sv1 166``), read as code and number only where the index
    holds that print and it is a card of the name before it; else the entry as it is. A word
    of the name is never taken for a code: ``Iron Hands ex par70`` is Iron Hands ex PAR 70,
    never the plain Iron Hands of a set "EX"."""
    if not any(character.isdigit() for character in entry.name):
        return entry  # both patterns below want a digit: a name with none compiles neither
    readings: list[tuple[DeckEntry, bool]] = []  # (reading, whether another card's number may stand)
    name, _, last = entry.name.rpartition(" ")
    joined = re.fullmatch(_JOINED_CODE, last)
    if name and joined is not None:
        readings.append((replace(entry, name=name, set_code=joined[1].upper(), number=joined[2]), False))
    trailing = re.match(_TRAILING_PRINT, entry.name)
    if trailing is not None:
        code, number = trailing["code"].upper(), trailing["number"].upper()
        readings.append((replace(entry, name=trailing["name"], set_code=code, number=number), True))
    if not readings or index.by_name(entry.name):
        return entry  # nothing like a code and number in it, or the whole is a card's name
    for read, spaced in readings:
        if not index.knows_set_code(set_id_alias(read.set_code or "", index)):
            continue
        printed = read_print(read, index).printed
        # A code and number that name another card ("2 Iono meg 114", MEG 114 being Boss's
        # Orders) are read as written, and say no card; a number the set lacks is no reading.
        if any(name_fits(read, card) for card in printed) or (spaced and printed):
            return read
    return entry
