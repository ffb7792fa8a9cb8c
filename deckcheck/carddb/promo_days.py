"""The day each Black Star Promo came out, as far as the card data shows it (docs/rulings.md, "A print is not legal before it was released").

The data gives a promo series one day, its first (every SM Black Star Promo is dated 2017-02-03),
though its cards came out over years: `Mew PR-SM SM215`, a 2019 reprint of Mew UNB 76, would be
legal in 2018. No public source in the data gives a promo its own day, so each gets a lower bound,
derived from the data alone when the card database is built:

1. A promo is not earlier than the main-set card it reprints (the same name and game text,
   ``Card.text_hash``): the first day a card of another series with its name and text came out.
2. A promo is not earlier than a lower-numbered promo of its series (the series are numbered in
   the order their cards came out).

Some main-set cards reprint a promo instead (SM57 Ho-Oh-GX is in Hidden Fates' Shiny Vault, two
years later; the Legendary Collection reprints the Wizards Mewtwo promo), and the second rule would
carry such a day on to every later promo. So the day of the reprinted card counts only where it
is plausible for the promo: no later than the next promo series began, and not months after what
the promos numbered after it reprint (the median of the next eight such days is at most
:data:`TOLERANCE_DAYS` earlier). A bound is never later than the truth where the promo does
reprint an older card; where the data has nothing, the series' first day stays.
"""

from __future__ import annotations

import datetime as dt
import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

# How many of the next promos' reprint days the median looks at, and how far before a promo's own
# bound that median may lie for the bound to count.
LOOK_AHEAD = 8
TOLERANCE_DAYS = 120

_DIGITS = re.compile(r"\d+")


class PrintRow(NamedTuple):
    """What the derivation needs of one card of the database."""

    id: str
    name: str
    set_id: str
    number: str
    release_date: str | None
    text_hash: str | None


def is_promo_series(set_name: str | None) -> bool:
    """A Black Star Promo series (and the Mega Evolution promos, and Japan's プロモカード):
    cards that come out over years."""
    return "promo" in (set_name or "").lower() or "プロモ" in (set_name or "")


def promo_days(cards: Iterable[PrintRow], sets: Mapping[str, tuple[str | None, str | None]]) -> dict[str, str]:
    """The derived day of each promo whose day is later than its series' first day, by card id.

    ``sets`` maps a set id to its (name, release date)."""
    cards = list(cards)
    promo_sets = {set_id for set_id, (name, _day) in sets.items() if is_promo_series(name)}
    first_print: dict[tuple[str, str], str] = {}
    for card in cards:
        if card.set_id in promo_sets or card.text_hash is None or not card.release_date:
            continue
        key = (card.name, card.text_hash)
        if key not in first_print or card.release_date < first_print[key]:
            first_print[key] = card.release_date
    starts = sorted(day for set_id in promo_sets if (day := sets[set_id][1]))
    by_series: dict[str, list[PrintRow]] = {set_id: [] for set_id in promo_sets}
    for card in cards:
        if card.set_id in promo_sets:
            by_series[card.set_id].append(card)
    derived: dict[str, str] = {}
    for set_id in sorted(promo_sets):
        series = sorted(by_series[set_id], key=lambda c: (_number(c.number), c.number))
        first = sets[set_id][1]
        until = next((day for day in starts if first and day > first), None)
        bounds = [_bound(card, first_print, until) for card in series]
        for card, day in zip(series, _running_days(bounds, first), strict=True):
            if day and day != card.release_date and (card.release_date is None or day > card.release_date):
                derived[card.id] = day
    return derived


def _number(number: str) -> int:
    found = _DIGITS.search(number)
    return int(found.group()) if found else 0


def _bound(card: PrintRow, first_print: Mapping[tuple[str, str], str], until: str | None) -> str | None:
    """The day of the main-set card the promo reprints, where that is inside its series' time."""
    if card.text_hash is None:
        return None
    day = first_print.get((card.name, card.text_hash))
    if day is None or (until is not None and day > until):
        return None
    return day


def _running_days(bounds: Sequence[str | None], first: str | None) -> list[str | None]:
    """Each promo's day: the latest plausible bound of it and the promos numbered before it."""
    days: list[str | None] = []
    current = first
    for i, bound in enumerate(bounds):
        if bound is not None and (current is None or bound > current) and _agreed(bound, bounds[i + 1 :]):
            current = bound
        days.append(current)
    return days


def _agreed(bound: str, later: Sequence[str | None]) -> bool:
    """Whether the promos numbered after this one reprint cards of about its time, or later."""
    ahead = [day for day in later if day is not None][:LOOK_AHEAD]
    if len(ahead) < 3:
        return True
    median = dt.date.fromisoformat(statistics.median_low(ahead))
    return median >= dt.date.fromisoformat(bound) - dt.timedelta(days=TOLERANCE_DAYS)
