"""banned: cards a format bans, with the date each ban takes effect.

Pokémon bans are per print (``ids``), Trainer bans cover every print of the
name (``names``) (RULES.md 6.2); ``where`` bans by property, e.g. the
not-for-tournament promos (RULES.md 3.10, 6.3). An entry is in force on
``ctx.date`` when ``since <= date`` and, if given, ``date < until``.
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from deckcheck.i18n import N_, ngettext
from deckcheck.model import Card, Deck, DeckCard, Finding, Severity
from deckcheck.names import deck_key, deck_name, name_key
from deckcheck.rules.base import RuleContext, RuleSpec, days_later, finding, lines_text, remembered
from deckcheck.selectors import matches

# {detail} is the pack's own reason/source text: it stays as the pack wrote it.
BANNED_SINCE_BECAUSE = N_("{name} is banned in this format since {since} ({detail}).")
BANNED_SINCE = N_("{name} is banned in this format since {since}.")
BANNED_BECAUSE = N_("{name} is banned in this format ({detail}).")
BANNED = N_("{name} is banned in this format.")
REMOVE = N_("Remove {name} ({lines}).")

_DATE = {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}


def ban_date(value: Any) -> dt.date | None:
    """A ban's ``since``/``until`` as a date; YAML may already have made it one."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise ValueError(f"not a date (YYYY-MM-DD): {value!r}") from None


def in_force(entry: Mapping[str, Any], date: dt.date) -> bool:
    since, until = ban_date(entry.get("since")), ban_date(entry.get("until"))
    return (since is None or since <= date) and (until is None or date < until)


class BanIndex:
    """One ban list as it stands on one day, indexed by what it bans: built once
    per pack and day (see :func:`ban_index`), so that checking a card costs a
    few dictionary look-ups instead of a comparison with every entry.

    :meth:`banning` answers what the first entry in force that bans a card is,
    as reading the list in order would: an entry bans by name before it bans by
    print, by print before by property, and an earlier entry wins.
    """

    def __init__(self, cards: Sequence[Mapping[str, Any]], date: dt.date):
        self.date, self._cards = date, cards
        self.entries: list[Mapping[str, Any]] = [e for e in cards if in_force(e, date)]
        self._upcoming: dict[dt.date, tuple[dt.date, ...]] = {}  # last day looked at -> days_until
        self._ids: dict[str, int] = {}
        for index, entry in enumerate(self.entries):
            for card_id in entry.get("ids", ()):
                self._ids.setdefault(card_id, index)
        self._selectors = [(index, entry["where"]) for index, entry in enumerate(self.entries) if entry.get("where")]
        self._names: dict[str, dict[str, int]] = {}  # supertype -> {deck key: entry}
        self._verdicts: dict = {}  # rules.base.remembered

    def _names_of(self, supertype: str) -> dict[str, int]:
        table = self._names.get(supertype)
        if table is None:
            # The pack's names are folded as names of the card's supertype, so that
            # "Boss's Orders" and "Boss's Orders (Ghetsis)" both ban every print.
            table = {}
            for index, entry in enumerate(self.entries):
                for name in entry.get("names", ()):
                    table.setdefault(deck_key(name, supertype), index)
            self._names[supertype] = table
        return table

    def days_until(self, last: dt.date) -> tuple[dt.date, ...]:
        """The days after this index's day, up to ``last``, on which a ban of the list starts:
        worked out once per pack, day and window (it was once per deck)."""
        days = self._upcoming.get(last)
        if days is None:
            starts = {ban_date(entry.get("since")) for entry in self._cards}
            days = self._upcoming[last] = tuple(sorted(d for d in starts if d is not None and self.date < d <= last))
        return days

    def banning(self, card: Card) -> tuple[tuple[int, str], str] | None:
        """``((entry, what is banned), name to show)`` for a banned card, else None."""
        return remembered(self._verdicts, self._banning, card)

    def _banning(self, card: Card) -> tuple[tuple[int, str], str] | None:
        none = len(self.entries)
        key = deck_key(card.name, card.supertype)
        by_name = self._names_of(card.supertype).get(key, none)
        by_id = self._ids.get(card.id, none)
        first = min(by_name, by_id)
        verdict: tuple[tuple[int, str], str] | None = None
        for index, where in self._selectors:
            if index >= first:
                break
            if matches(card, where):
                # The prints with the property, not their whole deck name
                # (Zacian LV.X SWSH135 is banned, other Zacian are not).
                verdict = (index, "printed:" + name_key(card.name)), card.name
                break
        else:
            if first == none:
                verdict = None
            elif by_name == first:
                verdict = (first, "name:" + key), deck_name(card.name, card.supertype)
            else:
                # Only this print is banned; name it the way a list writes it.
                verdict = (first, "id:" + card.id), card.label
        return verdict


# Ban lists come from loaded packs; the options object is kept beside its index
# so that its id is not reused while the entry lives. The INDEXES_KEPT most recently
# used (pack, day) pairs are kept: a server asked about a new day with every request
# kept one index (and its verdicts) per day for good (issue 23, S2).
_INDEXES: OrderedDict[tuple[int, dt.date], tuple[Mapping[str, Any], BanIndex]] = OrderedDict()
INDEXES_KEPT = 64


def ban_index(options: Mapping[str, Any], date: dt.date) -> BanIndex:
    """The ban list of a rule's ``options`` on ``date``, indexed once."""
    key = (id(options), date)
    cached = _INDEXES.get(key)
    if cached is not None and cached[0] is options:
        try:
            _INDEXES.move_to_end(key)
        except KeyError:  # another thread dropped it meanwhile
            pass
        return cached[1]
    index = BanIndex(options.get("cards", ()), date)
    _INDEXES[key] = (options, index)
    while len(_INDEXES) > INDEXES_KEPT:
        try:
            _INDEXES.popitem(last=False)
        except KeyError:
            break
    return index


def _detail(entry: Mapping[str, Any]) -> str:
    parts = [str(entry[key]).strip().rstrip(".") for key in ("reason", "source") if entry.get(key)]
    return "; ".join(part for part in parts if part)


class Banned:
    name = "banned"
    description = "Cards on the format's ban list may not be played while the ban is in force."
    options_schema: Mapping[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["cards"],
        "properties": {
            "cards": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "anyOf": [{"required": ["ids"]}, {"required": ["names"]}, {"required": ["where"]}],
                    "properties": {
                        # Dataset ids: bans one print (Pokémon bans, RULES.md 6.2).
                        "ids": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                        # Deck-building names: bans every print (Trainer bans).
                        "names": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                        "where": {"$ref": "#/$defs/selector"},
                        "since": _DATE,
                        "until": _DATE,
                        "reason": {"type": "string"},
                        "source": {"type": "string"},
                        # Why the ban's dates rest on unverified sources (RULES.md
                        # decision 16); `formats show` marks the entry.
                        "unverified": {"type": "string"},
                    },
                },
            },
        },
    }
    examples = {
        "legal": "4 Professor Sycamore XY 122\n",
        "illegal": "1 Lysandre's Trump Card PHF 99\n",
    }

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        yield from self._banned(deck, rule, ctx)
        yield from _upcoming(deck, rule, ctx)

    @staticmethod
    def _banned(deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        bans = ban_index(rule.options, ctx.date)
        if not bans.entries:
            return
        entries = bans.entries
        # (entry, what is banned) -> the deck's lines it bans, in deck order
        groups: dict[tuple[int, str], list[DeckCard]] = {}
        names: dict[tuple[int, str], str] = {}
        for deck_card in deck.cards:
            verdict = bans.banning(deck_card.card)
            if verdict is None:
                continue
            group, name = verdict
            names.setdefault(group, name)
            groups.setdefault(group, []).append(deck_card)
        for group, cards in groups.items():
            entry = entries[group[0]]
            name = names[group]
            since, detail = ban_date(entry.get("since")), _detail(entry)
            params: dict[str, Any] = {"name": name}
            if since is not None:
                params["since"] = since.isoformat()
            if detail:
                params["detail"] = detail
            template = (
                (BANNED_SINCE_BECAUSE if detail else BANNED_SINCE)
                if since is not None
                else (BANNED_BECAUSE if detail else BANNED)
            )
            yield finding(
                rule,
                template,
                cards=cards,
                hint=REMOVE,
                hint_params={"name": name, "lines": lines_text(cards)},
                **params,
            )


# TRANSLATORS: issue 10, rotation preview: a ban known to take effect within --rotation-days.
BANNED_FROM = ngettext(
    "{card} is banned in {format} from {day}, in {days} day.",
    "{card} is banned in {format} from {day}, in {days} days.",
    "days",
)


def _upcoming(deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
    """Issue 10, rotation preview: a `rotating` warning for each card of the deck
    that a ban known to start within ``ctx.rotation_days`` will ban."""
    if ctx.rotation_days <= 0:
        return
    today = ctx.date
    now = ban_index(rule.options, today)
    days = now.days_until(days_later(today, ctx.rotation_days))
    if not days:
        return
    warned: set[int] = set()
    for day in days:
        then = ban_index(rule.options, day)
        for position, deck_card in enumerate(deck.cards):
            if position in warned or now.banning(deck_card.card) is not None or then.banning(deck_card.card) is None:
                continue
            warned.add(position)
            yield replace(
                finding(
                    rule,
                    BANNED_FROM,
                    cards=(deck_card,),
                    card=deck_card.label,
                    format=ctx.format_name,
                    day=day.isoformat(),
                    days=(day - today).days,
                    count=deck_card.count,
                ),
                rule="rotating",
                severity=Severity.WARNING,
            )


KIND = Banned()
