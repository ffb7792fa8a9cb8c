"""``card-pool``: which prints a format allows on a given day.

A print is in the pool when its set is in the pool (by id, or released inside
a date range, after the set's waiting period) and, where the pack lists
regulation-mark seasons, its mark is legal in the season in force. Prints
outside the pool are still legal through a reprint (docs/rulings.md, "Reprints in Standard") when
a print with the same deck-building name and the same game text is in the
pool, and cards matching ``always`` (basic Energy) are always legal.

Options::

    - id: not-legal
      kind: card-pool
      always: {flags: [basic_energy]}
      reprints: true
      waiting_days: 14
      released_from: 2011-03-01      # sets released on/after (e.g. Black & White)
      released_until: 2000-12-15     # sets released on/before
      sets: [base1, base2]           # set ids in the pool (besides the date range)
      exclude_sets: [cel25c]
      exclude: {ids: [...]}          # prints taken out of the pool
      waiting_periods:               # instead of waiting_days: the rule of each era,
        - {from: 2014-08-13, days: 21}                # chosen by a set's release date
        - {from: 2016-06-08, rule: third-friday-after}
        - {from: 2017-02-03, rule: third-friday-of-month}
      set_legal_from:                # a set's announced first legal day, in place of
        me2pt5: 2026-03-06           # its waiting period (a staggered release)
      first_day: 2014-09-01          # the format's first day (default: the first season's)
      known_until: 2027-04-01        # after this day a warning: later changes are unknown
      region: jp                     # the card pool of Japan's organised play (model.REGIONS;
                                     # default: the international one): its own prints, on
                                     # their own release days
      foreign_sets:                  # with region: sets of the other region whose cards that
        sv5: {from: 2024-01-26, until: 2024-01-26}   # region had first, from and until which days
      seasons:                       # the card pool of each season, oldest first
        - {from: 2017-09-01, name: "2018 season, BREAKthrough-on", sets: [xy8, ...],
           promos: [{set: xyp, from: 67}], unverified: "why"}
        - {from: 2025-04-11, name: 2025 rotation, marks: [G, H, I]}   # by regulation mark
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

from deckcheck.carddb.index import CardIndex
from deckcheck.i18n import N_, Phrase, ngettext
from deckcheck.model import INTERNATIONAL, JAPAN, REGIONS, Card, Deck, DeckCard, Finding, Severity
from deckcheck.names import deck_key, name_key
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
    remembered,
)
from deckcheck.selectors import matches

_DATE = {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
_SELECTOR = {"$ref": "#/$defs/selector"}


def _dated_list(choice: str, keys: tuple[str, ...], properties: dict[str, Any]) -> dict[str, Any]:
    """Schema of a list of entries that each start on a day (``from``) and
    carry ``choice`` ("oneOf"/"anyOf") of ``keys``."""
    return {
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": ["from"],
            choice: [{"required": [key]} for key in keys],
            "properties": {"from": _DATE, **properties},
        },
    }


class Verdict(NamedTuple):
    legal: bool
    reason: str = ""  # template key of why not
    params: Mapping[str, Any] | None = None


class CardPool(Kind):
    name = "card-pool"
    description = N_(
        "Every print must be in the format's card pool on the day (sets, release dates, regulation marks), or legal through a reprint."
    )
    fix = "Replace the card with a print or card that is legal in the format."
    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "always": _SELECTOR,
            "reprints": {"type": "boolean"},
            "waiting_days": {"type": "integer", "minimum": 0, "maximum": 365},
            "released_from": _DATE,
            "released_until": _DATE,
            "sets": {"type": "array", "items": {"type": "string"}},
            "exclude_sets": {"type": "array", "items": {"type": "string"}},
            "exclude": _SELECTOR,
            "waiting_periods": _dated_list(
                "oneOf",
                ("days", "rule"),
                {
                    "days": {"type": "integer", "minimum": 0, "maximum": 365},
                    "rule": {"enum": ["third-friday-after", "third-friday-of-month"]},
                },
            ),
            # Sets whose first legal day was announced apart from the waiting
            # period rule (Ascended Heroes, a staggered release: 2026-03-06).
            "set_legal_from": {"type": "object", "additionalProperties": _DATE},
            "first_day": _DATE,
            "known_until": _DATE,
            # The card pool of one region's organised play (Japan's: its own prints, set codes and
            # release days); a print of another region is judged by its mark and ``foreign_sets``.
            "region": {"enum": list(REGIONS)},
            # With ``region``: for a set of the other region, the first and the last day its cards
            # came out in this one (an English set collects Japanese sets: TEF = SV5K, SV5M).
            "foreign_sets": {
                "type": "object",
                "additionalProperties": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["from", "until"],
                    "properties": {"from": _DATE, "until": _DATE},
                },
            },
            "seasons": _dated_list(
                "anyOf",
                ("marks", "sets", "promos"),
                {
                    "name": {"type": "string"},
                    "marks": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]$"}},
                    # Set-based seasons (before 2021): the sets legal in the season.
                    "sets": {"type": "array", "items": {"type": "string"}},
                    # Promo sets legal in the season by number: "from 94" is SM94
                    # and up; "only" lists single numbers (Lycanroc-GX SV67).
                    "promos": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["set"],
                            "properties": {
                                "set": {"type": "string"},
                                "from": {"type": "integer", "minimum": 0},
                                "to": {"type": "integer", "minimum": 0},
                                "only": {"type": "array", "items": {"type": "string"}},
                            },
                        },
                    },
                    # Why the season's first day rests on unverified sources
                    # (docs/rulings.md, "Formats through history"); `formats show` marks it.
                    "unverified": {"type": "string"},
                },
            ),
        },
    }
    examples = {
        "legal": "# checked as Standard on 2026-11-30\n4 Ultra Ball MEG 131\n"
        "4 Rare Candy SVI 191   # G, but legal through its reprint (a note)\n",
        "illegal": "# checked as Standard on 2026-11-30\n"
        "4 Nest Ball SVI 181   # regulation mark G rotated out on 2026-04-10\n",
    }
    finding_texts = {
        "legal-reprint": (
            "A note: the print is legal only through a reprint, which the finding names.",
            "Nothing to change; the reprint's text is the card's official text.",
        ),
        "rotating": (
            "A warning: the card leaves the format at a change known within --rotation-days.",
            "Plan a replacement before the day the finding names.",
        ),
        "beyond-known-seasons": (
            "A warning: the day is past what the format pack knows; later changes may make the verdict wrong.",
            "Update deckcheck, or check on a day the pack knows.",
        ),
        "unknown-release": (
            "An English print under Japan's Standard whose Japanese release the card data does not tell, "
            "so its legality cannot be shown.",
            "Write the card with its Japanese set code and number, so that its Japanese print is checked.",
        ),
    }

    def allowed(self, rule: RuleSpec, day: dt.date, index: CardIndex) -> Callable[[Card], bool]:
        """Name-only lines resolve among the prints the pool allows on the day."""
        return pool_predicate(rule.options, day, index)

    def region(self, options: Mapping[str, Any]) -> str | None:
        """Japan's Standard reads a line written in Japanese among Japan's prints."""
        return options.get("region")

    def first_day(self, options: Mapping[str, Any]) -> str | None:
        """The format began with its first season (or ``first_day``)."""
        if options.get("first_day"):
            return str(options["first_day"])
        seasons = options.get("seasons")
        return min(str(season["from"]) for season in seasons) if seasons else None

    def covers(self, options: Mapping[str, Any]) -> tuple[str | None, str | None]:
        start = self.first_day(options) or (str(options["released_from"]) if options.get("released_from") else None)
        return start, str(options["known_until"]) if options.get("known_until") else None

    # What formats show and lint say of a card pool is in card_pool_text, which a check never imports.
    def show(self, rule: RuleSpec, shown: Shown) -> str:
        from deckcheck.rules.card_pool_text import show_pool

        return show_pool(rule, shown, lambda: Pool.from_options(rule.options), season_label)

    def lint(self, rule: Mapping[str, Any], known: Known) -> Iterator[LintNote]:
        from deckcheck.rules.card_pool_text import lint_pool

        return lint_pool(rule, known)

    def silent_without_facts_on(self, rule: RuleSpec, ctx: RuleContext) -> bool:
        """A deck with no print the pool says something of (:meth:`facts`) gets no finding, but on
        a day past what the pack knows (``known_until``): the warning of that day is every deck's."""
        known_until = Pool.from_options(rule.options).known_until
        return known_until is None or ctx.date.isoformat() <= known_until

    def facts(self, rule: RuleSpec, ctx: RuleContext) -> Callable[[Card], tuple[Verdict, Any, Any, Any] | None]:
        """(the pool's verdict on a print on the day; the print in the pool through which it is
        legal, a reprint; not legal: a legal print of the same printed name; legal: the first
        change within the rotation window that drops it), each but the verdict None where there is
        none; None for a print legal on the day that does not leave (or always legal). (A plain
        tuple: a class costs every check's start-up more than it gives.)"""
        pool = Pool.from_options(rule.options)
        date, index = ctx.date, ctx.index
        changes = pool.changes(date, ctx.rotation_days)

        def fact(card: Card) -> tuple[Verdict, Any, Any, Any] | None:
            if pool.is_always(card, date):
                return None
            verdict = pool.verdict(card, date)
            reprint = None if verdict.legal else pool.legal_reprint(card, date, index, verdict)
            if verdict.legal or reprint is not None:
                # The rotation preview: the first change known within the window that drops it.
                leaves = next((day for day in changes if not pool.allows(card, day, index)), None) if changes else None
                return None if verdict.legal and leaves is None else (verdict, reprint, None, leaves)
            other = None if verdict.reason == "region-day-unknown" else pool.legal_other_print(card, date, index)
            return (verdict, None, other, None)

        return fact

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        pool = Pool.from_options(rule.options)
        leaving: list[tuple[DeckCard, dt.date]] = []
        for deck_card, (verdict, reprint, other, leaves) in facts_of(self, deck, rule, ctx):
            card = deck_card.card
            if leaves is not None:
                leaving.append((deck_card, leaves))
            if verdict.legal:
                continue
            if reprint is not None:
                # docs/rulings.md, "Reprints in Standard": legal, but say through which print, so a player
                # questioned at a tournament can point to it.
                where = f"{reprint.set_shown} {reprint.number}"
                template = LEGAL_THROUGH_REPRINT if card.regulation_mark else UNMARKED_LEGAL_THROUGH_REPRINT
                yield replace(
                    finding(
                        rule,
                        template,
                        deck=deck,
                        cards=(deck_card,),
                        card=deck_card.label,
                        mark=card.regulation_mark,
                        reprint=where,
                    ),
                    rule=REPRINT_NOTE,
                    severity=Severity.INFO,
                )
                continue
            if verdict.reason == "region-day-unknown":
                # The print names a card of the other region whose release here the data does
                # not tell: legality cannot be shown (docs/rulings.md, "Which card a line is"), no
                # rule is broken.
                yield replace(
                    finding(
                        rule,
                        _REASONS[verdict.reason],
                        deck=deck,
                        cards=(deck_card,),
                        hint=REGION_DAY_HINT,
                        card=deck_card.label,
                        format=ctx.format_name,
                        date=ctx.date.isoformat(),
                        **(verdict.params or {}),
                    ),
                    rule=UNKNOWN_RELEASE_RULE,
                )
                continue
            params = dict(verdict.params or {})
            if other is not None:
                # The hint must be true -- a print of a set still in
                # its waiting period (Rare Candy MEG 125) has the same text as
                # the legal print, not a different one.
                hint = SAME_TEXT_PRINT_LEGAL if is_reprint(card, other) else OTHER_PRINT_LEGAL
                hint_params: dict[str, Any] = {"name": card.shown_name, "reprint": other.label}
            else:
                hint = REMOVE_CARD
                hint_params = {"card": card.shown_name, "count": deck_card.count}
            yield finding(
                rule,
                _REASONS[verdict.reason],
                deck=deck,
                cards=(deck_card,),
                hint=hint,
                hint_params=hint_params,
                card=deck_card.label,
                format=ctx.format_name,
                date=ctx.date.isoformat(),
                **params,
            )
        if pool.known_until is not None and ctx.date.isoformat() > pool.known_until:
            # Never a silent LEGAL past what the pack knows.
            last = pool.seasons[-1] if pool.seasons else None
            yield replace(
                finding(
                    rule,
                    BEYOND_KNOWN,
                    hint=BEYOND_KNOWN_HINT,
                    format=ctx.format_name,
                    known=pool.known_until,
                    season=season_label(last.name) if last else "",
                ),
                rule=BEYOND_KNOWN_RULE,
                severity=Severity.WARNING,
            )
        # The rotation preview: a warning for each legal card that leaves the format at a change
        # known within ``ctx.rotation_days`` (the first such change for the card).
        for deck_card, change in leaving:
            days = (change - ctx.date).days
            yield replace(
                finding(
                    rule,
                    ROTATING,
                    deck=deck,
                    cards=(deck_card,),
                    card=deck_card.label,
                    format=ctx.format_name,
                    day=change.isoformat(),
                    days=days,
                    season=pool.season_name(change),
                    count=deck_card.count,
                ),
                rule=ROTATING_RULE,
                severity=Severity.WARNING,
            )


# Rule id of the note that a print is legal through its reprint (severity info).
REPRINT_NOTE = "legal-reprint"
# Rule id of the error that a print's release in the format's region cannot be shown (an English
# print under Japan's Standard released in English after the day): legality cannot be shown.
UNKNOWN_RELEASE_RULE = "unknown-release"
REGION_DAY_HINT = N_(
    "Write the card as Japanese lists do (its Japanese set code and number), so that its Japanese print is checked."
)
# Rule ids of the warnings about the day: past the known seasons; rotating soon.
BEYOND_KNOWN_RULE = "beyond-known-seasons"
ROTATING_RULE = "rotating"
LEGAL_THROUGH_REPRINT = N_("{card} ({mark}) is legal through its reprint {reprint}.")
UNMARKED_LEGAL_THROUGH_REPRINT = N_("{card} is legal through its reprint {reprint}.")
SAME_TEXT_PRINT_LEGAL = N_(
    "A print of {name} with the same game text is legal: {reprint}. Play that print or remove this one."
)
OTHER_PRINT_LEGAL = N_(
    "A print of {name} with different game text is legal: {reprint}. Play that print or remove this one."
)
REMOVE_CARD = ngettext("Remove {card} from the deck ({count} copy).", "Remove {card} from the deck ({count} copies).")
BEYOND_KNOWN = N_(
    "deckcheck knows {format} up to {known} ({season}); later changes are not known, so this check may be out of date."
)
# TRANSLATORS: the command stays as it is.
BEYOND_KNOWN_HINT = N_(
    "Run deckcheck formats update: it installs the bans, legal days and rotations announced since, if any were published."
)
ROTATING = ngettext(
    "{card} leaves {format} on {day} ({season}), in {days} day.",
    "{card} leaves {format} on {day} ({season}), in {days} days.",
    "days",
)

_REASONS = {
    # The season named is the rotation that dropped the card, beside its day, said once.
    "mark-rotated": N_(
        "{card} has regulation mark {mark}, which rotated out of {format} on {rotated} ({season}), "
        "so it is not legal on {date}."
    ),
    "mark-not-yet": N_("{card} has regulation mark {mark}, which is not legal in {format} on {date} ({season}) yet."),
    "no-mark": N_(
        "{card} has no regulation mark and no legal reprint, so it is not legal in {format} on {date} ({season})."
    ),
    "waiting": N_(
        "{card} is from {set}, which becomes legal in {format} on {legal_from} "
        "(release {released} plus the waiting period)."
    ),
    # A set whose first legal day Play! Pokémon announced (pack option set_legal_from).
    "announced": N_(
        "{card} is from {set}, which becomes legal in {format} on {legal_from}, the day Play! Pokémon "
        "announced for it (released {released})."
    ),
    # A print that did not exist yet on the day (its release day, a promo's own: docs/rulings.md, "A
    # print is not legal before it was released").
    "unreleased": N_("{card} came out on {released}, after {date}, so it is not legal in {format} on {date}."),
    "outside-sets": N_("{card} is from {set}, which is not in the {format} card pool."),
    "excluded": N_("{card} is not in the {format} card pool."),
    "set-rotated": N_(
        "{card} is from {set}, which rotated out of {format} on {rotated} ({season}), so it is not legal on {date}."
    ),
    "outside-season": N_("{card} is from {set}, which is not legal in {format} on {date} ({season})."),
    "no-season": N_("{card} is not legal: {format} began on {first}, after {date}."),
    # A Japanese print under a format of the international card pool (docs/japan.md).
    "japanese-print": N_("{card} is a Japanese print, and {format} allows only the international cards."),
    "not-out-in-region": N_(
        "{card} is from {set}, whose cards came out in Japan from {first}, after {date}, so it is not "
        "legal in {format} on {date}."
    ),
    "region-day-unknown": N_(
        "{card} is from {set}, released in English on {released}; the card data does not say when the "
        "Japanese card came out, so its legality in {format} on {date} cannot be shown."
    ),
}


# The season names of the packs, as said inside a translated message ("(2026 rotation)"),
# in the player's language; set names stay as printed. A name of no known form is said as written.
# Text, compiled by `re` when a finding first names a season (a legal deck's check never does).
_SEASON_FORMS = (
    (r"(?P<year>\d{4}) rotation", N_("{year} rotation")),
    (r"(?P<years>\d{4}-\d{2}) season, (?P<sets>[^()]+)-on", N_("{years} season, {sets}-on")),
    (r"(?P<years>\d{4}-\d{2}) Modified, (?P<sets>[^()]+)-on", N_("{years} Modified, {sets}-on")),
    (
        r"(?P<years>\d{4}-\d{2}) Modified, (?P<sets>[^()]+)-on \(no rotation\)",
        N_("{years} Modified, {sets}-on (no rotation)"),
    ),
    (r"(?P<mark>[A-Z])-mark legality date", N_("{mark}-mark legality date")),
)


def season_label(name: str) -> str:
    """A pack's season name as a phrase translated with the message that holds it."""
    for pattern, template in _SEASON_FORMS:
        match = re.fullmatch(pattern, name)
        if match is not None:
            phrase = Phrase(template, **match.groupdict())
            return phrase if phrase == name else name
    return name


def _unreleased(card: Card) -> Verdict:
    return Verdict(False, "unreleased", {"released": card.release_date or "?"})


class Season(NamedTuple):
    start: str  # ISO date of the first day
    name: str
    marks: frozenset[str] | None  # legal regulation marks (None: marks do not decide)
    sets: frozenset[str] | None  # legal sets (None: sets do not decide)
    promos: Mapping[str, tuple[tuple[int | None, int | None, frozenset[str]], ...]]
    unverified: str | None

    def allows(self, card: Card) -> bool:
        if self.sets is not None or self.promos:
            ranges = self.promos.get(card.set_id)
            if ranges is not None:
                if not any(_in_range(card.number, r) for r in ranges):
                    return False
            elif self.sets is None or card.set_id not in self.sets:
                return False
        return self.marks is None or card.regulation_mark in self.marks


def _in_range(number: str, bounds: tuple[int | None, int | None, frozenset[str]]) -> bool:
    low, high, only = bounds
    if only:
        return number in only
    digits = _DIGITS.search(number)
    if digits is None:
        return False
    value = int(digits.group())
    return (low is None or value >= low) and (high is None or value <= high)


_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class Pool:
    always: Mapping[str, Any] | None
    reprints: bool
    waiting: tuple[tuple[str, int | str], ...]  # (from, days or rule), oldest first
    set_legal_from: Mapping[str, str]  # set id -> announced first legal day
    released_from: str | None
    released_until: str | None
    sets: frozenset[str]
    exclude_sets: frozenset[str]
    exclude: Mapping[str, Any] | None
    seasons: tuple[Season, ...]  # oldest first
    first_day: str | None
    known_until: str | None
    region: str | None = None  # None: the international card pool, whose prints only it allows
    foreign_sets: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # set id -> (from, until)
    # Answers by print and day (rules.base.remembered).
    _verdicts: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    _always: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Pool:
        # Options belong to a loaded pack, which lives as long as the process:
        # build the pool once per options object, not once per deck.
        known = _POOLS.get(id(options))
        if known is not None and known[0] is options:
            return known[1]
        pool = _pool_from_json(json.dumps(options, sort_keys=True, default=str))
        _POOLS[id(options)] = (options, pool)
        return pool

    # -- the print itself ---------------------------------------------------
    def verdict(self, card: Card, date: dt.date) -> Verdict:
        """Whether the print is in the pool on ``date``, and why not."""
        return remembered(self._verdicts, self._verdict, card, date)

    def _verdict(self, card: Card, date: dt.date) -> Verdict:
        day = date.isoformat()
        if self.first_day and day < self.first_day:
            return Verdict(False, "no-season", {"first": self.first_day})
        if card.region != (self.region or INTERNATIONAL):
            return self._foreign_verdict(card, day)
        if self.exclude and matches(card, self.exclude):
            return Verdict(False, "excluded")
        in_sets = card.set_id in self.sets
        in_range = (
            bool(self.released_from or self.released_until)
            and card.release_date is not None
            and (
                (self.released_from is None or card.release_date >= self.released_from)
                and (self.released_until is None or card.release_date <= self.released_until)
            )
        )
        restricted_by_sets = bool(self.sets or self.released_from or self.released_until)
        if card.set_id in self.exclude_sets or (restricted_by_sets and not (in_sets or in_range)):
            return Verdict(False, "outside-sets", {"set": card.set_shown})
        announced = self.set_legal_from.get(card.set_id)
        if announced is not None or (card.release_date and self.waiting):
            # (without an announced day, the card has a release date: the condition above)
            legal_from = dt.date.fromisoformat(announced) if announced else self.legal_from(str(card.release_date))
            if (
                date < legal_from
                and not announced
                and (legal_from.isoformat() == card.release_date or day < str(card.release_date))
            ):
                # No waiting period in its time, or not out yet on the day ("becomes legal in
                # standard on 2017-10-20 (release 2017-10-06 plus the waiting period)" on 2006-10-25).
                return _unreleased(card)
            if date < legal_from:
                return Verdict(
                    False,
                    "announced" if announced else "waiting",
                    {
                        "set": card.set_shown,
                        "legal_from": legal_from.isoformat(),
                        "released": card.release_date or "?",
                    },
                )
        if card.release_date and day < card.release_date:
            # In every format (Unlimited too), a print is not
            # legal before it came out (a promo on its own day, carddb/promo_days.py).
            return _unreleased(card)
        return self._season_verdict(card, day)

    def _season_verdict(self, card: Card, day: str) -> Verdict:
        """Whether the season in force on ``day`` allows the print (by its set or its mark)."""
        if self.seasons:
            season = self._season(day)
            if season is None:
                return Verdict(False, "no-season", {"first": self.seasons[0].start})
            if season.allows(card):
                return Verdict(True)
            rotated = self._rotated(card, day)
            params = {
                "season": season_label(season.name),
                "set": card.set_shown,
                "mark": card.regulation_mark,
            }
            if season.marks is not None and season.sets is None and not season.promos:
                if card.regulation_mark is None:
                    if rotated is not None:
                        # An old print names the rotation that took it out, not the day's season.
                        return Verdict(False, "set-rotated", self._rotation(params, rotated))
                    return Verdict(False, "no-mark", params)
                if rotated is None:
                    return Verdict(False, "mark-not-yet", params)
                return Verdict(False, "mark-rotated", self._rotation(params, rotated))
            if rotated is None:
                return Verdict(False, "outside-season", params)
            return Verdict(False, "set-rotated", self._rotation(params, rotated))
        return Verdict(True)

    def _foreign_verdict(self, card: Card, day: str) -> Verdict:
        """A print of another region than the pool's: an international print under Japan's
        Standard (an English-written list of a Japanese event) is judged by its regulation mark
        and by when its set's cards came out in the pool's region (``foreign_sets``), never by
        its own release day; where the pack does not say, by its own release (a card came out in
        Japan before its English print), and a print released after the day cannot be judged.
        A Japanese print is in no international pool."""
        if self.region is None or card.region != INTERNATIONAL:
            return Verdict(False, "japanese-print" if card.region == JAPAN else "excluded")
        if self.exclude and matches(card, self.exclude):
            return Verdict(False, "excluded")
        window = self.foreign_sets.get(card.set_id)
        released = {"set": card.set_shown, "released": card.release_date or "?"}
        if window is not None:
            first, last = window
            if day < first:
                return Verdict(False, "not-out-in-region", {"set": card.set_shown, "first": first})
            if day < last:
                return Verdict(False, "region-day-unknown", released)
        elif not card.release_date or day < card.release_date:
            return Verdict(False, "region-day-unknown", released)
        return self._season_verdict(card, day)

    def first_legal_day(self, set_id: str, release_date: str | None) -> dt.date | None:
        """The first day a set's cards may be played (its announced day, else its release
        plus the waiting period of its time); None when nothing is known of its release."""
        announced = self.set_legal_from.get(set_id)
        if announced is not None:
            return dt.date.fromisoformat(announced)
        if not release_date:
            return None
        return self.legal_from(release_date) if self.waiting else dt.date.fromisoformat(release_date)

    def legal_from(self, release_date: str) -> dt.date:
        """The first legal day of a set released on ``release_date`` under the
        waiting period of its time (FORMATS-HISTORY.md section 2)."""
        return _legal_from_day(release_date, self.waiting)

    def _season(self, day: str) -> Season | None:
        current = None
        for season in self.seasons:
            if season.start <= day:
                current = season
        return current

    def _rotation(self, params: dict, rotated: str) -> dict:
        """The parameters of a card that rotated out: the day, and the season that began then
        (not the season of the day checked: "2026 rotation" is no reason for a 2025 rotation)."""
        season = self._season(rotated)
        return {**params, "rotated": rotated, "season": season_label(season.name) if season else params["season"]}

    def season_name(self, date: dt.date) -> str:
        season = self._season(date.isoformat())
        return season_label(season.name) if season else ""

    def _rotated(self, card: Card, day: str) -> str | None:
        """The start of the first season, up to ``day``, that dropped ``card``."""
        rotated, was_legal = None, False
        for season in self.seasons:
            if season.start > day:
                break
            if season.allows(card):
                was_legal, rotated = True, None
            elif was_legal and rotated is None:
                rotated = season.start
        return rotated

    def changes(self, date: dt.date, within_days: int) -> list[dt.date]:
        """The days after ``date``, at most ``within_days`` later, on which a new
        season starts (rotation preview)."""
        if within_days <= 0:
            return []
        day, last = date.isoformat(), days_later(date, within_days).isoformat()
        return [dt.date.fromisoformat(s.start) for s in self.seasons if day < s.start <= last]

    # -- with reprints ------------------------------------------------------
    def is_always(self, card: Card, date: dt.date) -> bool:
        """Whether ``card`` is legal whatever the season (basic Energy) -- once
        its print exists: basic Darkness Energy of 2007 is no card of 2004."""
        return bool(self.always) and remembered(self._always, self._is_always, card, date)

    def _is_always(self, card: Card, date: dt.date) -> bool:
        return (
            bool(self.always)
            and matches(card, self.always)
            and (card.release_date is None or card.release_date <= date.isoformat())
        )

    def allows(self, card: Card, date: dt.date, index=None) -> bool:
        if self.is_always(card, date):
            return True
        verdict = self.verdict(card, date)
        return verdict.legal or self.legal_reprint(card, date, index, verdict) is not None

    def legal_reprint(self, card: Card, date: dt.date, index, verdict: Verdict | None = None) -> Card | None:
        """The newest print in the pool that ``card`` is a reprint of (RULES.md
        docs/rulings.md, "Reprints in Standard"), when the pack allows reprints and the card is out of the
        pool for its mark or its set -- a print of a set still in its waiting
        period, or one a pack excludes by name, is not made legal by a reprint."""
        if not (self.reprints and index is not None):
            return None
        verdict = verdict or self.verdict(card, date)
        if verdict.legal or verdict.reason not in _REPRINT_REASONS:
            return None
        reprints = [
            other
            for other in _same_name(card, index)
            if other.id != card.id and is_reprint(card, other) and self.verdict(other, date).legal
        ]
        return max(reprints, key=lambda o: (o.release_date or "", o.id)) if reprints else None

    def legal_other_print(self, card: Card, date: dt.date, index) -> Card | None:
        """A legal print with the same printed name whose game text differs (so not a reprint)."""
        if index is None:
            return None
        legal = [
            o
            for o in _same_name(card, index)
            if o.id != card.id and name_key(o.name) == name_key(card.name) and self.verdict(o, date).legal
        ]
        return max(legal, key=lambda o: (o.release_date or "", o.id)) if legal else None


# The reasons a reprint can cure: the print's mark or set is out of the pool.
# An international print under Japan's Standard whose set's cards were not (all) out in Japan yet
# is legal through a print of the same card (name and game text) that was.
_REPRINT_REASONS = frozenset(
    {
        "mark-rotated",
        "mark-not-yet",
        "no-mark",
        "outside-sets",
        "set-rotated",
        "outside-season",
        "not-out-in-region",
        "region-day-unknown",
    }
)


def is_reprint(card: Card, other: Card) -> bool:
    """Whether ``other`` is the same card for the reprint rule: it does the same
    thing in play (docs/rulings.md, "Reprints: functionally identical cards", "functionally identical", Tournament
    Handbook 4.1.3). Same name and kind of card is not enough (Rainbow Energy TR
    17 is not CES 151, Potion RS 91 is not POR 83); rewording is (Rare Candy SUM
    129 and MEG 125, Copycat TRR 83 and CES 127). The comparison is the game-text
    digest of :mod:`deckcheck.carddb.gametext`, which brings each era's wording to one
    form and holds the table of pairs the wording rules cannot decide.
    """
    return card.supertype == other.supertype and bool(card.text_hash) and card.text_hash == other.text_hash


def _same_name(card: Card, index) -> Sequence[Card]:
    return index.by_deck_key(deck_key(card.name, card.supertype), region=card.region)


_POOLS: dict[int, tuple[Mapping[str, Any], Pool]] = {}


@lru_cache(maxsize=64)
def _pool_from_json(key: str) -> Pool:
    options = json.loads(key)
    seasons = sorted((_season(s) for s in options.get("seasons", ())), key=lambda s: s.start)
    if options.get("waiting_periods"):
        waiting = tuple(sorted((str(w["from"]), w.get("days", w.get("rule"))) for w in options["waiting_periods"]))
    elif options.get("waiting_days"):
        waiting = (("0000-01-01", int(options["waiting_days"])),)
    else:
        waiting = ()
    return Pool(
        always=options.get("always"),
        reprints=bool(options.get("reprints", False)),
        waiting=waiting,
        set_legal_from={str(k): str(v) for k, v in (options.get("set_legal_from") or {}).items()},
        released_from=_iso(options.get("released_from")),
        released_until=_iso(options.get("released_until")),
        sets=frozenset(options.get("sets", ())),
        exclude_sets=frozenset(options.get("exclude_sets", ())),
        exclude=options.get("exclude"),
        seasons=tuple(seasons),
        first_day=_iso(options.get("first_day")),
        known_until=_iso(options.get("known_until")),
        region=options.get("region"),
        foreign_sets={
            str(set_id): (str(window["from"]), str(window["until"]))
            for set_id, window in (options.get("foreign_sets") or {}).items()
        },
    )


def _season(options: Mapping[str, Any]) -> Season:
    promos: dict[str, list] = {}
    for promo in options.get("promos", ()):
        promos.setdefault(promo["set"], []).append(
            (promo.get("from"), promo.get("to"), frozenset(str(n) for n in promo.get("only", ())))
        )
    return Season(
        start=str(options["from"]),
        name=str(options.get("name", "")),
        marks=frozenset(options["marks"]) if "marks" in options else None,
        sets=frozenset(options["sets"]) if "sets" in options else None,
        promos={set_id: tuple(ranges) for set_id, ranges in promos.items()},
        unverified=options.get("unverified"),
    )


_FRIDAY = 4


def _legal_from(release: dt.date, rules: Sequence[tuple[str, int | str]]) -> dt.date:
    """A set's first legal day under the waiting-period rule in force on its
    release day (FORMATS-HISTORY.md section 2): a number of days, "the third
    Friday after its release" (2016), or "the third Friday of the release month,
    the first Friday of the next month for a set released after it" (2017-2020;
    Hidden Fates, released 2019-08-23, legal 2019-09-06)."""
    rule: int | str = 0
    for start, value in rules:
        if start <= release.isoformat():
            rule = value
    if isinstance(rule, int):
        return days_later(release, rule)
    if rule == "third-friday-after":
        first = days_later(release, (_FRIDAY - release.weekday()) % 7 or 7)
        return days_later(first, 14)
    month_start = release.replace(day=1)
    third = days_later(month_start, (_FRIDAY - month_start.weekday()) % 7 + 14)
    if third >= release:
        return third
    if month_start.year == dt.MAXYEAR and month_start.month == 12:
        return dt.date.max  # the calendar ends before the next month's first Friday
    next_month = (month_start + dt.timedelta(days=32)).replace(day=1)
    return days_later(next_month, (_FRIDAY - next_month.weekday()) % 7)


@lru_cache(maxsize=4096)  # a set's prints share their release day: each print's verdict asks it
def _legal_from_day(release_date: str, rules: tuple[tuple[str, int | str], ...]) -> dt.date:
    return _legal_from(dt.date.fromisoformat(release_date), rules)


def _iso(value: Any) -> str | None:
    return None if value is None else str(value)


def pool_predicate(options: Mapping[str, Any], date: dt.date, index=None):
    """``card -> bool``: whether the pack's pool allows a print on ``date``
    (used by resolution to read name-only lines among allowed prints)."""
    pool = Pool.from_options(options)
    return lambda card: pool.allows(card, date, index)


KIND = CardPool()
