"""banned: cards a format bans, with the date each ban takes effect.

Pokémon bans are per print (``ids``), Trainer bans cover every print of the
name (``names``) (RULES.md 6.2); ``where`` bans by property, e.g. the
not-for-tournament promos (RULES.md 3.10, 6.3). An entry is in force on
``ctx.date`` when ``since <= date`` and, if given, ``date < until``.
"""

from __future__ import annotations

import datetime as dt
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from deckcheck.carddb.index import CardIndex
from deckcheck.i18n import N_, Translator, ngettext
from deckcheck.model import Card, Deck, DeckCard, Finding, Severity
from deckcheck.names import deck_key, deck_name, name_key
from deckcheck.rules.base import (
    Kind,
    Known,
    LintNote,
    RuleContext,
    RuleSpec,
    Shown,
    days_later,
    facts_of,
    finding,
    lines_text,
    recently_used,
    remembered,
)
from deckcheck.rules.words import describe_selector, items, say, texts
from deckcheck.selectors import matches
from deckcheck.suggest import closest_names

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
        for index, where in self._selectors:
            if index >= first:
                break  # the name or print ban before it wins
            if matches(card, where):
                # The prints with the property, not their whole deck name
                # (Zacian LV.X SWSH135 is banned, other Zacian are not).
                return (index, "printed:" + name_key(card.name)), card.name
        if first == none:
            return None
        if by_name == first:
            return (first, "name:" + key), deck_name(card.name, card.supertype)
        # Only this print is banned; name it the way a list writes it.
        return (first, "id:" + card.id), card.label


# Ban lists come from loaded packs; the options object is kept beside its index
# so that its id is not reused while the entry lives. The INDEXES_KEPT most recently
# used (pack, day) pairs are kept: a server asked about a new day with every request
# kept one index (and its verdicts) per day for good.
_INDEXES: OrderedDict[tuple[int, dt.date], tuple[tuple[Mapping[str, Any]], BanIndex]] = OrderedDict()
INDEXES_KEPT = 64


def ban_index(options: Mapping[str, Any], date: dt.date) -> BanIndex:
    """The ban list of a rule's ``options`` on ``date``, indexed once."""
    return recently_used(
        _INDEXES, (id(options), date), (options,), lambda: BanIndex(options.get("cards", ()), date), INDEXES_KEPT
    )


def _detail(entry: Mapping[str, Any]) -> str:
    parts = [str(entry[key]).strip().rstrip(".") for key in ("reason", "source") if entry.get(key)]
    return "; ".join(part for part in parts if part)


class Banned(Kind):
    name = "banned"
    silent_without_facts = True
    description = N_("Cards on the format's ban list may not be played while the ban is in force.")
    fix = "Replace the banned card."
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
                        # docs/rulings.md, "Formats through history"); `formats show` marks the entry.
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

    def show(self, rule: RuleSpec, shown: Shown) -> str:
        return show_bans(rule, shown)

    def lint(self, rule: Mapping[str, Any], known: Known) -> Iterator[LintNote]:
        return lint_bans(rule, known)

    def card_ids(self, options: Mapping[str, Any]) -> set[str]:
        return {card_id for entry in options.get("cards", ()) for card_id in entry.get("ids", ())}

    def allowed(self, rule: RuleSpec, day: dt.date, index: CardIndex) -> Callable[[Card], bool]:
        """A print no ban in force names: with the card pool, the verdict by which the prints a
        line may mean are told apart (docs/rulings.md, "The verdict words")."""
        bans = ban_index(rule.options, day)
        return lambda card: bans.banning(card) is None

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], tuple[Any, Any] | None]:
        """(the ban in force on the day that bans a print, as ``((entry, what is banned), name to
        show)`` from :meth:`BanIndex.banning`, else None; the first day within the rotation window
        a ban known to come bans it, else None); None: neither. (A plain tuple: a class costs
        every check's start-up more than it gives.)"""
        now = ban_index(rule.options, ctx.date)
        coming: tuple[tuple[dt.date, BanIndex], ...] = ()
        if ctx.rotation_days > 0:
            days = now.days_until(days_later(ctx.date, ctx.rotation_days))
            coming = tuple((day, ban_index(rule.options, day)) for day in days)

        def ban(card: Card) -> tuple[Any, Any] | None:
            verdict = now.banning(card)
            if verdict is not None:
                return (verdict, None)
            if not coming:
                return None
            day = next((day for day, then in coming if then.banning(card) is not None), None)
            return None if day is None else (None, day)

        return ban

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        banned = facts_of(self, deck, rule, ctx)
        if banned:
            yield from self._banned(deck, banned, rule, ctx)
            yield from _upcoming(deck, banned, rule, ctx)

    @staticmethod
    def _banned(
        deck: Deck, banned: Sequence[tuple[DeckCard, Any]], rule: RuleSpec, ctx: RuleContext
    ) -> Iterator[Finding]:
        entries = ban_index(rule.options, ctx.date).entries
        # (entry, what is banned) -> the deck's lines it bans, in deck order
        groups: dict[tuple[int, str], list[DeckCard]] = {}
        names: dict[tuple[int, str], str] = {}
        for deck_card, (verdict, _coming) in banned:
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
                deck=deck,
                cards=cards,
                hint=REMOVE,
                hint_params={"name": name, "lines": lines_text(deck, cards)},
                **params,
            )


# TRANSLATORS: rotation preview: a ban known to take effect within --rotation-days.
BANNED_FROM = ngettext(
    "{card} is banned in {format} from {day}, in {days} day.",
    "{card} is banned in {format} from {day}, in {days} days.",
    "days",
)


def _upcoming(
    deck: Deck, banned: Sequence[tuple[DeckCard, Any]], rule: RuleSpec, ctx: RuleContext
) -> Iterator[Finding]:
    """The rotation preview: a `rotating` warning for each card of the deck
    that a ban known to start within ``ctx.rotation_days`` will ban, by day, then in deck order."""
    today = ctx.date
    coming = [(day, position, deck_card) for position, (deck_card, (_verdict, day)) in enumerate(banned) if day]
    for day, _position, deck_card in sorted(coming, key=lambda found: found[:2]):
        yield replace(
            finding(
                rule,
                BANNED_FROM,
                deck=deck,
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


# -- what formats show and formats lint say of a ban list --------------------------------


def show_bans(rule: RuleSpec, shown: Shown) -> str:
    """The entries in force on the day, and the next change of the list."""
    entries = rule.options.get("cards", ())
    cards = _with_set_codes(entries, shown.cards, shown.sets)
    in_force_now = [entry for entry in entries if in_force(entry, shown.day)]
    lines = [
        say(
            shown.tr,
            ngettext("ban list in force ({count} entry):", "ban list in force ({count} entries):"),
            count=len(in_force_now),
        )
        if in_force_now
        else say(shown.tr, N_("no card is banned on this day"))
    ]
    lines += ["  - " + _describe_ban(entry, cards, shown.tr) for entry in in_force_now]
    lines += _next_ban_change(entries, shown.day, cards, shown.tr)
    return "\n".join(lines)


def _next_ban_change(
    entries: Sequence[Mapping[str, Any]],
    day: dt.date,
    cards: Mapping[str, tuple[str, str | None, str]],
    tr: Translator | None = None,
) -> list[str]:
    """The next day after ``day`` on which the ban list changes, with what changes."""
    changes: dict[dt.date, list[str]] = {}
    for entry in entries:
        since, until = ban_date(entry.get("since")), ban_date(entry.get("until"))
        if since is not None and since > day:
            changes.setdefault(since, []).append(say(tr, N_("banned: {ban}"), ban=_describe_ban(entry, cards, tr)))
        if until is not None and until > day and (since is None or since <= day):
            changes.setdefault(until, []).append(say(tr, N_("ban ends: {ban}"), ban=_describe_ban(entry, cards, tr)))
    if not changes:
        return []
    first = min(changes)
    return [say(tr, N_("next change {day}:"), day=first.isoformat())] + ["  - " + text for text in changes[first]]


def _with_set_codes(
    entries: Iterable[Mapping[str, Any]],
    cards: Mapping[str, tuple[str, str | None, str]],
    sets: Mapping[str, tuple[str | None, str | None]],
) -> Mapping[str, tuple[str, str | None, str]]:
    """``cards``, plus the banned prints it lacks whose set is known, by set code and
    number without a name (``NVI 67``, not ``bw3-67``, without a card database)."""
    added = {}
    for entry in entries:
        for card_id in entry.get("ids", ()):
            set_id, _, number = card_id.rpartition("-")
            code = (sets.get(set_id) or (None, None))[0]
            if card_id not in cards and set_id and number and code:
                added[card_id] = ("", code, number)
    return {**cards, **added} if added else cards


def _describe_ids(ids: Sequence[str], cards: Mapping[str, tuple[str, str | None, str]]) -> list[str]:
    """Prints by name and set code: ``Archeops NVI 67, DEX 110``; a print whose card is
    not known by its set code and number (``NVI 67``); unknown ids as they are."""
    shown: list[str] = []
    last_name = None
    for card_id in ids:
        known = cards.get(card_id)
        if known is None:
            shown.append(card_id)
            last_name = None
            continue
        name, code, number = known  # code: the set code, else the set's name
        where = f"{code} {number}" if code else card_id
        shown.append(where if name in (last_name, "") else f"{name} {where}")
        last_name = name or None
    return shown


def _describe_ban(
    entry: Mapping[str, Any], cards: Mapping[str, tuple[str, str | None, str]] = {}, tr: Translator | None = None
) -> str:
    what = ", ".join([*entry.get("names", ()), *_describe_ids(entry.get("ids", ()), cards)]) or describe_selector(
        entry.get("where", {}), None, tr
    )
    since = " " + say(tr, N_("since {day}"), day=entry["since"]) if entry.get("since") else ""
    until = " " + say(tr, N_("until {day}"), day=entry["until"]) if entry.get("until") else ""
    reason = f" — {entry['reason']}" if entry.get("reason") else ""
    unverified = (
        " " + say(tr, N_("[unverified: {reason}]"), reason=entry["unverified"]) if entry.get("unverified") else ""
    )
    return f"{what}{since}{until}{unverified}{reason}"


def lint_bans(rule: Mapping[str, Any], known: Known) -> Iterator[LintNote]:
    """A list that drops entries of the inherited one it replaces under the same id, bans of
    one card whose days overlap, ban dates the wrong way round, names no card has (errors:
    they ban nothing) and (as warnings) card ids the card database does not hold."""
    old = known.inherited
    if (
        old is not None
        and old.kind == rule.get("kind")
        and _drops_entries(old.options.get("cards") or (), [e for _, e in items(rule.get("cards"))])
    ):
        yield LintNote(
            ("id",),
            "warning",
            f"rule '{old.id}' replaces the inherited ban list of {known.parent_name}; "
            f"amend it (amend: [{{id: {old.id}, kind: banned, cards: [...]}}]) or give it another id to add to it",
        )
    entries = items(rule.get("cards"))
    for c, other in _overlapping_bans([entry for _, entry in entries]):
        yield LintNote(
            ("cards", entries[c][0]),
            "warning",
            f"this ban overlaps entry {entries[other][0] + 1} of the same list for the same card",
        )
    for c, entry in entries:
        try:
            since, until = ban_date(entry.get("since")), ban_date(entry.get("until"))
        except ValueError as error:
            yield LintNote(("cards", c), "error", str(error))
            since = until = None
        if since and until and until <= since:
            yield LintNote(("cards", c, "until"), "error", f"ban ends ({until}) before it starts ({since})")
        if known.names is not None:
            for i, name in texts(entry.get("names")):
                if name_key(name) not in known.names:
                    # "names: [Ultra Bal]" bans nothing: an error, with the name meant.
                    yield LintNote(("cards", c, "names", i), "error", _unknown_name(name, known.names))
        if known.ids is not None:
            for i, card_id in texts(entry.get("ids")):
                if card_id not in known.ids:
                    yield LintNote(
                        ("cards", c, "ids", i),
                        "warning",
                        f"unknown card id '{card_id}' (not in the card database)",
                    )


def _unknown_name(name: str, names: Mapping[str, str]) -> str:
    close = closest_names(name, names, limit=1)
    meant = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown card name '{name}'{meant}: no card has it, so this entry bans nothing"


def _overlapping_bans(entries: Sequence[Any]) -> Iterator[tuple[int, int]]:
    """(entry, earlier entry) pairs that ban one name or print over days that
    overlap: the history of a ban list should give each card one period at a time."""
    seen: dict[str, list[tuple[int, str, str]]] = {}
    for c, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            continue
        try:
            since, until = ban_date(entry.get("since")), ban_date(entry.get("until"))
        except ValueError:
            continue
        start, end = (since.isoformat() if since else ""), (until.isoformat() if until else "9999")
        keys = [f"id:{i}" for i in entry.get("ids") or ()] + [f"name:{n}" for n in entry.get("names") or ()]
        for key in keys:
            for other, other_start, other_end in seen.get(key, ()):
                if start < other_end and other_start < end:
                    yield c, other
                    break
            seen.setdefault(key, []).append((c, start, end))


# What a ban entry only says about itself, not which cards it bans when.
_BAN_NOTES = frozenset({"reason", "source"})


def _drops_entries(inherited: Iterable[Mapping[str, Any]], new: Iterable[Mapping[str, Any]]) -> bool:
    """Whether a ban list under an inherited id leaves out an inherited entry.
    A list that repeats every inherited entry (Expanded's, which keeps
    Unlimited's not-for-tournaments entry) replaces nothing by mistake."""

    def bans(entry: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in entry.items() if k not in _BAN_NOTES} if isinstance(entry, Mapping) else entry

    kept = [bans(entry) for entry in new]
    return any(bans(entry) not in kept for entry in inherited)


KIND = Banned()
