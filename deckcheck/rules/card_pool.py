"""``card-pool``: which prints a format allows on a given day.

A print is in the pool when its set is in the pool (by id, or released inside
a date range, after the set's waiting period) and, where the pack lists
regulation-mark seasons, its mark is legal in the season in force. Prints
outside the pool are still legal through a reprint (RULES.md decision 5) when
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
      seasons:                       # regulation marks by season (Standard)
        - {from: 2025-04-11, name: 2025 rotation, marks: [G, H, I]}
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

from deckcheck.i18n import N_, ngettext
from deckcheck.model import Card, Deck, Finding, Severity
from deckcheck.names import deck_key, name_key
from deckcheck.rules.base import RuleContext, RuleSpec, finding
from deckcheck.selectors import matches

_DATE = {"type": "string", "format": "date", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
_SELECTOR = {"$ref": "#/$defs/selector"}


class Verdict(NamedTuple):
    legal: bool
    reason: str = ""  # template key of why not
    params: Mapping[str, Any] | None = None


class CardPool:
    name = "card-pool"
    description = "Every print must be in the format's card pool on the day (sets, release dates, regulation marks), or legal through a reprint."
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
            "seasons": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["from", "marks"],
                    "properties": {
                        "from": _DATE,
                        "name": {"type": "string"},
                        "marks": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]$"}},
                    },
                },
            },
        },
    }
    examples = {
        "legal": "# checked as Standard on 2026-11-30\n4 Ultra Ball MEG 131\n"
                 "4 Rare Candy SVI 191   # G, but legal through its reprint (a note)\n",
        "illegal": "# checked as Standard on 2026-11-30\n"
                   "4 Nest Ball SVI 181   # regulation mark G rotated out on 2026-04-10\n",
    }

    def check(self, deck: Deck, rule: RuleSpec, ctx: RuleContext) -> Iterator[Finding]:
        pool = Pool.from_options(rule.options)
        for deck_card in deck.cards:
            card = deck_card.card
            if pool.always and matches(card, pool.always):
                continue
            verdict = pool.verdict(card, ctx.date)
            if verdict.legal:
                continue
            reprint = pool.legal_reprint(card, ctx.date, ctx.index, verdict)
            if reprint is not None:
                # Decision 5: legal, but say through which print, so a player
                # questioned at a tournament can point to it.
                where = f"{reprint.set_code or reprint.set_id} {reprint.number}"
                template = LEGAL_THROUGH_REPRINT if card.regulation_mark else UNMARKED_LEGAL_THROUGH_REPRINT
                yield replace(finding(rule, template, cards=(deck_card,), card=deck_card.label,
                                      mark=card.regulation_mark, reprint=where),
                              rule=REPRINT_NOTE, severity=Severity.INFO)
                continue
            params = dict(verdict.params or {})
            reprint = pool.legal_other_print(card, ctx.date, ctx.index)
            if reprint is not None:
                # Issue 9 §2: the hint must be true -- a print of a set still in
                # its waiting period (Rare Candy MEG 125) has the same text as
                # the legal print, not a different one.
                hint = SAME_TEXT_PRINT_LEGAL if is_reprint(card, reprint) else OTHER_PRINT_LEGAL
                hint_params = {"name": card.name, "reprint": reprint.label}
            else:
                hint = REMOVE_CARD
                hint_params = {"card": card.name, "count": deck_card.count}
            yield finding(
                rule, _REASONS[verdict.reason], cards=(deck_card,), hint=hint, hint_params=hint_params,
                card=deck_card.label, format=ctx.format_name, date=ctx.date.isoformat(), **params,
            )


# Rule id of the note that a print is legal through its reprint (severity info).
REPRINT_NOTE = "legal-reprint"
LEGAL_THROUGH_REPRINT = N_("{card} ({mark}) is legal through its reprint {reprint}.")
UNMARKED_LEGAL_THROUGH_REPRINT = N_("{card} is legal through its reprint {reprint}.")
SAME_TEXT_PRINT_LEGAL = N_("A print of {name} with the same game text is legal: {reprint}. Play that print or remove this one.")
OTHER_PRINT_LEGAL = N_("A print of {name} with different game text is legal: {reprint}. Play that print or remove this one.")
REMOVE_CARD = ngettext("Remove {card} from the deck ({count} copy).", "Remove {card} from the deck ({count} copies).")

_REASONS = {
    "mark-rotated": N_("{card} has regulation mark {mark}, which is not legal in {format} on {date}: "
                       "it rotated out on {rotated}."),
    "mark-not-yet": N_("{card} has regulation mark {mark}, which is not legal in {format} on {date} yet."),
    "no-mark": N_("{card} has no regulation mark and no legal reprint, so it is not legal in {format} on {date}."),
    "waiting": N_("{card} is from {set}, which becomes legal in {format} on {legal_from} "
                  "(release {released} plus the waiting period)."),
    "outside-sets": N_("{card} is from {set}, which is not in the {format} card pool."),
    "excluded": N_("{card} is not in the {format} card pool."),
}


@dataclass(frozen=True)
class Pool:
    always: Mapping[str, Any] | None
    reprints: bool
    waiting: dt.timedelta
    released_from: str | None
    released_until: str | None
    sets: frozenset[str]
    exclude_sets: frozenset[str]
    exclude: Mapping[str, Any] | None
    seasons: tuple[tuple[str, str, frozenset[str]], ...]  # (from, name, marks), oldest first

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> "Pool":
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
        if self.exclude and matches(card, self.exclude):
            return Verdict(False, "excluded")
        in_sets = card.set_id in self.sets
        in_range = bool(self.released_from or self.released_until) and card.release_date is not None and (
            (self.released_from is None or card.release_date >= self.released_from)
            and (self.released_until is None or card.release_date <= self.released_until))
        restricted_by_sets = bool(self.sets or self.released_from or self.released_until)
        if card.set_id in self.exclude_sets or (restricted_by_sets and not (in_sets or in_range)):
            return Verdict(False, "outside-sets", {"set": card.set_code or card.set_id})
        if card.release_date and self.waiting:
            legal_from = dt.date.fromisoformat(card.release_date) + self.waiting
            if date < legal_from:
                return Verdict(False, "waiting", {"set": card.set_code or card.set_id,
                                                  "legal_from": legal_from.isoformat(),
                                                  "released": card.release_date})
        if self.seasons:
            season = self._season(date)
            if season is None:
                return Verdict(False, "mark-not-yet", {"mark": card.regulation_mark or "-"})
            if card.regulation_mark is None:
                return Verdict(False, "no-mark")
            if card.regulation_mark not in season[2]:
                rotated = self._rotated(card.regulation_mark, date)
                if rotated is None:
                    return Verdict(False, "mark-not-yet", {"mark": card.regulation_mark})
                return Verdict(False, "mark-rotated", {"mark": card.regulation_mark, "rotated": rotated})
        return Verdict(True)

    def _season(self, date: dt.date):
        current = None
        for season in self.seasons:
            if season[0] <= date.isoformat():
                current = season
        return current

    def _rotated(self, mark: str, date: dt.date) -> str | None:
        """The start of the first season, up to ``date``, that dropped ``mark``."""
        rotated, was_legal = None, False
        for start, _name, marks in self.seasons:
            if start > date.isoformat():
                break
            if mark in marks:
                was_legal, rotated = True, None
            elif was_legal and rotated is None:
                rotated = start
        return rotated

    # -- with reprints ------------------------------------------------------
    def allows(self, card: Card, date: dt.date, index=None) -> bool:
        if self.always and matches(card, self.always):
            return True
        verdict = self.verdict(card, date)
        return verdict.legal or self.legal_reprint(card, date, index, verdict) is not None

    def legal_reprint(self, card: Card, date: dt.date, index, verdict: Verdict | None = None) -> Card | None:
        """The newest print in the pool that ``card`` is a reprint of (RULES.md
        decision 5), when the pack allows reprints and the card is out of the
        pool for its mark or its set -- a print of a set still in its waiting
        period, or one a pack excludes by name, is not made legal by a reprint."""
        if not (self.reprints and index is not None):
            return None
        verdict = verdict or self.verdict(card, date)
        if verdict.legal or verdict.reason not in _REPRINT_REASONS:
            return None
        reprints = [other for other in _same_name(card, index)
                    if other.id != card.id and is_reprint(card, other) and self.verdict(other, date).legal]
        return max(reprints, key=lambda o: (o.release_date or "", o.id)) if reprints else None

    def legal_other_print(self, card: Card, date: dt.date, index) -> Card | None:
        """A legal print with the same printed name whose game text differs (so not a reprint)."""
        if index is None:
            return None
        legal = [o for o in _same_name(card, index)
                 if o.id != card.id and name_key(o.name) == name_key(card.name) and self.verdict(o, date).legal]
        return max(legal, key=lambda o: (o.release_date or "", o.id)) if legal else None


# The reasons a reprint can cure: the print's mark or set is out of the pool.
_REPRINT_REASONS = frozenset({"mark-rotated", "mark-not-yet", "no-mark", "outside-sets"})


def is_reprint(card: Card, other: Card) -> bool:
    """Whether ``other`` is the same card for the reprint rule: it does the same
    thing in play (RULES.md decision 15, "functionally identical", Tournament
    Handbook 4.1.3). Same name and kind of card is not enough (Rainbow Energy TR
    17 is not CES 151, Potion RS 91 is not POR 83); rewording is (Rare Candy SUM
    129 and MEG 125, Copycat TRR 83 and CES 127). The comparison is the game-text
    digest of :mod:`deckcheck.gametext`, which brings each era's wording to one
    form and holds the table of pairs the wording rules cannot decide.
    """
    return card.supertype == other.supertype and bool(card.text_hash) and card.text_hash == other.text_hash


def _same_name(card: Card, index) -> Sequence[Card]:
    return index.by_deck_key(deck_key(card.name, card.supertype))


_POOLS: dict[int, tuple[Mapping[str, Any], "Pool"]] = {}


@lru_cache(maxsize=64)
def _pool_from_json(key: str) -> Pool:
    options = json.loads(key)
    seasons = sorted(
        (str(s["from"]), s.get("name", ""), frozenset(s["marks"])) for s in options.get("seasons", ())
    )
    return Pool(
        always=options.get("always"),
        reprints=bool(options.get("reprints", False)),
        waiting=dt.timedelta(days=int(options.get("waiting_days", 0))),
        released_from=_iso(options.get("released_from")),
        released_until=_iso(options.get("released_until")),
        sets=frozenset(options.get("sets", ())),
        exclude_sets=frozenset(options.get("exclude_sets", ())),
        exclude=options.get("exclude"),
        seasons=tuple(seasons),
    )


def _iso(value: Any) -> str | None:
    return None if value is None else str(value)


def pool_predicate(options: Mapping[str, Any], date: dt.date, index=None):
    """``card -> bool``: whether the pack's pool allows a print on ``date``
    (used by resolution to read name-only lines among allowed prints)."""
    pool = Pool.from_options(options)
    return lambda card: pool.allows(card, date, index)


KIND = CardPool()
