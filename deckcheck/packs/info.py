"""What a format pack says, for people: its date range, what is in force on a
day, and the semantic checks of ``formats lint`` that a schema cannot make.

Pure functions over a loaded :class:`~deckcheck.packs.loading.Pack` (and, for lint,
the pack's text and the names the card database knows).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckcheck.datafiles import schema_problems
from deckcheck.i18n import N_, Translator, localize, ngettext
from deckcheck.names import name_key
from deckcheck.packs.loading import (
    Pack,
    PackError,
    duplicate_rule_ids,
    format_path,
    line_of,
    load_pack,
    pack_schema,
    read_pack_yaml,
    resolve_extends,
)
from deckcheck.rules.banned import ban_date, in_force


@dataclass(frozen=True, slots=True)
class LintProblem:
    path: str
    line: int | None
    level: str  # "error" or "warning"
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.level}: {self.message}"


# -- date range -------------------------------------------------------------


def date_range(pack: Pack) -> tuple[str | None, str | None]:
    """The first and last day the pack's card pool is defined for (None: open)."""
    starts: list[str] = []
    ends: list[str] = []
    for rule in pack.rules:
        if rule.kind != "card-pool":
            continue
        seasons = rule.options.get("seasons") or ()
        if rule.options.get("first_day"):
            starts.append(str(rule.options["first_day"]))
        elif seasons:
            starts.append(min(str(s["from"]) for s in seasons))
        elif rule.options.get("released_from"):
            starts.append(str(rule.options["released_from"]))
    return (max(starts) if starts else None, min(ends) if ends else None)


def known_until(pack: Pack) -> str | None:
    days = [str(r.options["known_until"]) for r in pack.rules if r.kind == "card-pool" and r.options.get("known_until")]
    return min(days) if days else None


def _say(tr: Translator | None, template: str, **params: Any) -> str:
    """``template`` with ``params`` in the language of ``tr`` (None: English, as written)."""
    return localize(template, params, tr)


def describe_range(pack: Pack, tr: Translator | None = None) -> str:
    """The days ``pack`` covers (in the language of ``tr``; dates stay ISO)."""
    start, end = date_range(pack)
    if start is None and end is None:
        return _say(tr, N_("any date"))
    known = known_until(pack)
    if end is None:
        if known:
            return _say(tr, N_("{start} onward (known to {known})"), start=start or "…", known=known)
        return _say(tr, N_("{start} onward"), start=start or "…")
    return _say(tr, N_("{start} to {end}"), start=start or "…", end=end)


# -- what is in force on a day ------------------------------------------------


def in_force_on(
    pack: Pack,
    day: dt.date,
    cards: Mapping[str, tuple[str, str | None, str]] | None = None,
    sets: Mapping[str, tuple[str | None, str | None]] | None = None,
    tr: Translator | None = None,
) -> Iterator[tuple[str, str]]:
    """(rule id, readable description) for each rule of ``pack`` on ``day``.

    ``cards`` maps dataset ids to (name, set code, number), so that a ban of
    ``bw3-67`` reads "Archeops NVI 67"; ids it lacks are shown as they are.
    ``sets`` maps set ids to (set code, release date): sets are shown by the codes
    players know (``FCO``, not ``xy10``), and a season's sets not yet legal on the
    day are told apart (issue 24). The sentences are in the language of ``tr``
    (None: English); set codes, card names, dates and a pack's own words stay as they are."""
    for rule in pack.rules:
        options = rule.options
        if rule.kind == "card-pool":
            yield rule.id, _describe_pool(options, day, _SetView(options, sets or {}), tr)
        elif rule.kind == "banned":
            cards = _with_set_codes(options.get("cards", ()), cards or {}, sets or {})
            entries = [e for e in options.get("cards", ()) if in_force(e, day)]
            lines = [
                _say(
                    tr,
                    ngettext("ban list in force ({count} entry):", "ban list in force ({count} entries):"),
                    count=len(entries),
                )
                if entries
                else _say(tr, N_("no card is banned on this day"))
            ]
            for entry in entries:
                lines.append("  - " + _describe_ban(entry, cards or {}, tr))
            lines.extend(_next_ban_change(options.get("cards", ()), day, cards or {}, tr))
            yield rule.id, "\n".join(lines)
        else:
            shown = ", ".join(f"{k}: {_option(v, tr)}" for k, v in options.items())
            yield rule.id, f"{rule.kind}" + (f" ({shown})" if shown else "")


class _SetView:
    """Sets by the codes players know, and the first day each is legal in a card pool."""

    def __init__(self, options: Mapping[str, Any], sets: Mapping[str, tuple[str | None, str | None]]):
        self.sets = sets
        self._options = options
        self._pool: Any = None

    def code(self, set_id: str) -> str:
        return (self.sets.get(set_id) or (None, None))[0] or set_id

    def codes(self, set_ids: Sequence[str]) -> str:
        return ", ".join(self.code(set_id) for set_id in set_ids)

    def first_day(self, set_id: str) -> dt.date | None:
        if self._pool is None:
            from deckcheck.rules.card_pool import Pool

            self._pool = Pool.from_options(self._options)
        return self._pool.first_legal_day(set_id, (self.sets.get(set_id) or (None, None))[1])

    def split(self, set_ids: Sequence[str], day: dt.date) -> tuple[list[str], list[tuple[dt.date, str]]]:
        """The sets legal on ``day`` (or of unknown release), and (first day, set) of the later ones."""
        legal: list[str] = []
        later: list[tuple[dt.date, str]] = []
        for set_id in set_ids:
            first = self.first_day(set_id)
            if first is not None and first > day:
                later.append((first, set_id))
            else:
                legal.append(set_id)
        return legal, sorted(later)


def _describe_pool(
    options: Mapping[str, Any], day: dt.date, sets: _SetView | None = None, tr: Translator | None = None
) -> str:
    sets = sets if sets is not None else _SetView(options, {})
    parts = []
    japan = options.get("region") == "jp"
    if japan:
        parts.append(_say(tr, N_("the Japanese cards, new sets legal on their Japanese release day")))
    seasons = sorted(options.get("seasons") or (), key=lambda s: str(s["from"]))
    current = [s for s in seasons if str(s["from"]) <= day.isoformat()]
    if options.get("first_day") and day.isoformat() < str(options["first_day"]):
        parts.append(_say(tr, N_("the format began on {day}"), day=options["first_day"]))
    if seasons:
        if current:
            parts.append(_describe_season(current[-1], day, sets, tr))
        else:
            parts.append(_say(tr, N_("no season yet (the first starts {day})"), day=seasons[0]["from"]))
        upcoming = [s for s in seasons if str(s["from"]) > day.isoformat()]
        if upcoming:
            change = _describe_change(current[-1] if current else None, upcoming[0], sets, tr)
            parts.append(_say(tr, N_("next change {change}"), change=change))
        elif options.get("known_until"):
            parts.append(_say(tr, N_("no later season known (known to {day})"), day=options["known_until"]))
    if options.get("sets"):
        parts.append(_say(tr, N_("sets {sets}"), sets=sets.codes(options["sets"])))
    if options.get("released_from") or options.get("released_until"):
        until = options["released_until"] if "released_until" in options else _say(tr, N_("today"))
        parts.append(_say(tr, N_("sets released {start} to {end}"), start=options.get("released_from", "…"), end=until))
    if options.get("exclude_sets"):
        parts.append(_say(tr, N_("except sets {sets}"), sets=sets.codes(options["exclude_sets"])))
    if options.get("waiting_days"):
        parts.append(_say(tr, N_("new sets legal {days} days after release"), days=options["waiting_days"]))
    if options.get("waiting_periods"):
        parts.append(_say(tr, N_("new sets legal {when}"), when=_describe_waiting(options["waiting_periods"], day, tr)))
    fixed = _fixed_days_near(options.get("set_legal_from") or {}, day)
    if fixed:
        shown = ", ".join(f"{sets.code(set_id)} {first}" for set_id, first in fixed)
        parts.append(_say(tr, N_("fixed first legal day {sets}"), sets=shown))
    if options.get("reprints") and japan:
        parts.append(
            _say(tr, N_("older prints legal through a legal print of the same name and the same Japanese text"))
        )
    elif options.get("reprints"):
        parts.append(
            _say(
                tr,
                N_(
                    "older prints legal through functionally identical reprints "
                    "(game text compared across wordings; the finding names the reprint)"
                ),
            )
        )
    if japan and options.get("foreign_sets"):
        parts.append(
            _say(
                tr,
                ngettext(
                    "English prints (English-written lists) by their mark and the day their set's cards "
                    "came out in Japan ({count} set known)",
                    "English prints (English-written lists) by their mark and the day their set's cards "
                    "came out in Japan ({count} sets known)",
                ),
                count=len(options["foreign_sets"]),
            )
        )
    if options.get("always"):
        cards = describe_selector(options["always"], sets, tr)
        parts.append(_say(tr, N_("always legal: {cards}"), cards=cards))
    if not parts:
        return _say(tr, N_("card pool: every card"))
    return _say(tr, N_("card pool: {parts}"), parts="; ".join(parts))


def _since(tr: Translator | None, day: Any, unverified: Any = None) -> str:
    """``since 2025-04-11`` (and ``[unverified: ...]``, the pack's own words)."""
    text = _say(tr, N_("since {day}"), day=day)
    return text + (" " + _say(tr, N_("[unverified: {reason}]"), reason=unverified) if unverified else "")


def _describe_season(
    season: Mapping[str, Any], day: dt.date | None = None, sets: _SetView | None = None, tr: Translator | None = None
) -> str:
    sets = sets if sets is not None else _SetView({}, {})
    name = f"{_season_name(season['name'], tr)}, " if season.get("name") else ""
    since = _since(tr, season["from"], season.get("unverified"))
    what = []
    if season.get("marks"):
        what.append(_say(tr, N_("regulation marks {marks}"), marks=", ".join(season["marks"])))
    if season.get("sets"):
        legal, later = sets.split(season["sets"], day) if day is not None else (season["sets"], [])
        text = _say(tr, N_("sets {sets}"), sets=sets.codes(legal))
        if later:
            # Issue 24: a season's list holds the sets released during it, not yet legal on the day.
            shown = ", ".join(_say(tr, N_("{set} from {day}"), set=sets.code(s), day=d.isoformat()) for d, s in later)
            text += " " + _say(tr, N_("(later this season: {sets})"), sets=shown)
        what.append(text)
    for promo in season.get("promos") or ():
        what.append(
            _say(tr, N_("promos {set} {numbers}"), set=sets.code(promo["set"]), numbers=_promo_range(promo, tr))
        )
    return f"{' + '.join(what)} ({name}{since})"


def _season_name(name: Any, tr: Translator | None) -> str:
    """A pack's season name in the language of ``tr`` ("2026 rotation" -> "Rotation 2026"),
    as the check's messages say it (issue 31)."""
    from deckcheck.i18n import Phrase
    from deckcheck.rules.card_pool import season_label

    label = season_label(str(name))
    return label.localize(tr) if isinstance(label, Phrase) and tr is not None else str(label)


def _promo_range(promo: Mapping[str, Any], tr: Translator | None = None) -> str:
    if promo.get("only"):
        return _say(tr, N_("only {numbers}"), numbers=", ".join(str(n) for n in promo["only"]))
    low, high = promo.get("from"), promo.get("to")
    if high is not None:
        return f"{low or 0}-{high}"
    return _say(tr, N_("{number} and up"), number=low or 0)


def _describe_change(
    current: Mapping[str, Any] | None,
    upcoming: Mapping[str, Any],
    sets: _SetView | None = None,
    tr: Translator | None = None,
) -> str:
    sets = sets if sets is not None else _SetView({}, {})
    name = f" ({_season_name(upcoming['name'], tr)})" if upcoming.get("name") else ""
    text = f"{upcoming['from']}{name}"
    if upcoming.get("unverified"):
        text += " " + _say(tr, N_("[unverified: {reason}]"), reason=upcoming["unverified"])
    if upcoming.get("marks"):
        return f"{text}: " + _say(tr, N_("marks {marks}"), marks=", ".join(upcoming["marks"]))
    leaving = [s for s in (current or {}).get("sets") or () if s not in (upcoming.get("sets") or ())]
    joining = [s for s in upcoming.get("sets") or () if s not in ((current or {}).get("sets") or ())]
    # Only the sets legal on the day of the change join then; the others come during that season.
    joining = sets.split(joining, dt.date.fromisoformat(str(upcoming["from"])))[0]
    details = []
    if leaving:
        details.append(_say(tr, N_("sets {sets} leave"), sets=sets.codes(leaving)))
    if joining:
        details.append(_say(tr, N_("sets {sets} join"), sets=sets.codes(joining)))
    return text + (": " + ", ".join(details) if details else "")


def _fixed_days_near(fixed: Mapping[str, Any], day: dt.date) -> list[tuple[str, str]]:
    """The sets whose first legal day the pack fixes (``set_legal_from``) that
    matter around ``day``: the day is at most a year ahead or 90 days past."""
    near = [
        (str(first), set_id)
        for set_id, first in fixed.items()
        if -90 <= (dt.date.fromisoformat(str(first)) - day).days <= 365
    ]
    return [(set_id, first) for first, set_id in sorted(near)]


def _describe_waiting(periods: Sequence[Mapping[str, Any]], day: dt.date, tr: Translator | None = None) -> str:
    rule: Mapping[str, Any] = {"days": 0}
    for period in sorted(periods, key=lambda p: str(p["from"])):
        if str(period["from"]) <= day.isoformat():
            rule = period
    if rule.get("rule") == "third-friday-after":
        return _say(tr, N_("on the third Friday after their release"))
    if rule.get("rule") == "third-friday-of-month":
        return _say(tr, N_("on the third Friday of their release month (the first Friday of the next month after it)"))
    if rule.get("days"):
        return _say(tr, N_("{days} days after release"), days=rule["days"])
    return _say(tr, N_("on release"))


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
            changes.setdefault(since, []).append(_say(tr, N_("banned: {ban}"), ban=_describe_ban(entry, cards, tr)))
        if until is not None and until > day and (since is None or since <= day):
            changes.setdefault(until, []).append(_say(tr, N_("ban ends: {ban}"), ban=_describe_ban(entry, cards, tr)))
    if not changes:
        return []
    first = min(changes)
    return [_say(tr, N_("next change {day}:"), day=first.isoformat())] + ["  - " + text for text in changes[first]]


def banned_ids(pack: Pack) -> set[str]:
    """The dataset ids the ban lists of ``pack`` name (to look their cards up)."""
    return {
        card_id
        for rule in pack.rules
        if rule.kind == "banned"
        for entry in rule.options.get("cards", ())
        for card_id in entry.get("ids", ())
    }


def _with_set_codes(
    entries: Iterable[Mapping[str, Any]],
    cards: Mapping[str, tuple[str, str | None, str]],
    sets: Mapping[str, tuple[str | None, str | None]],
) -> Mapping[str, tuple[str, str | None, str]]:
    """``cards``, plus the banned prints it lacks whose set is known, by set code and
    number without a name (issue 31: ``NVI 67``, not ``bw3-67``, without a card database)."""
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
        name, code, number = known  # code: the set code, else the set's name (issue 31)
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
    since = " " + _say(tr, N_("since {day}"), day=entry["since"]) if entry.get("since") else ""
    until = " " + _say(tr, N_("until {day}"), day=entry["until"]) if entry.get("until") else ""
    reason = f" — {entry['reason']}" if entry.get("reason") else ""
    unverified = (
        " " + _say(tr, N_("[unverified: {reason}]"), reason=entry["unverified"]) if entry.get("unverified") else ""
    )
    return f"{what}{since}{until}{unverified}{reason}"


# Issue 31: a selector said in words ("basic Energy except Darkness Energy, Metal Energy"), not as
# the pack's YAML. The flags' words; a flag without one is said by its name.
_FLAG_WORDS = {
    "basic_energy": N_("basic Energy"),
    "special_energy": N_("Special Energy"),
    "basic_pokemon": N_("Basic Pokémon"),
    "ace_spec": N_("ACE SPEC cards"),
    "prism_star": N_("Prism Star cards"),
    "pokemon_star": N_("Pokémon Star cards"),
    "radiant": N_("Radiant Pokémon"),
    "rule_box": N_("Pokémon with a Rule Box"),
    "any_number": N_("cards a deck may have any number of"),
    "not_for_tournaments": N_("cards that cannot be used at official tournaments"),
    "plays_as_basic": N_("Trainers played as Basic Pokémon"),
    "own_limit": N_("cards with their own copy limit"),
}


def describe_selector(where: Mapping[str, Any], sets: _SetView | None = None, tr: Translator | None = None) -> str:
    """The cards a selector (deckcheck.selectors) picks, in words, sets by the codes players know."""
    sets = sets if sets is not None else _SetView({}, {})
    what: list[str] = []
    for flag in where.get("flags") or ():
        what.append(_say(tr, _FLAG_WORDS[flag]) if flag in _FLAG_WORDS else str(flag))
    supertypes = where.get("supertype")
    if supertypes:
        what.append(", ".join([supertypes] if isinstance(supertypes, str) else supertypes))
    if where.get("subtypes"):
        what.append(", ".join(where["subtypes"]))
    if where.get("names"):
        what.append(", ".join(where["names"]))
    if where.get("ids"):
        what.append(", ".join(where["ids"]))
    if where.get("sets"):
        what.append(_say(tr, N_("sets {sets}"), sets=sets.codes(where["sets"])))
    if where.get("any"):
        choices = [describe_selector(choice, sets, tr) for choice in where["any"]]
        what.append(_say(tr, N_("one of: {choices}"), choices=" | ".join(choices)))
    text = " · ".join(what) if what else _say(tr, N_("every card"))
    if where.get("not"):
        text += " " + _say(tr, N_("except {cards}"), cards=describe_selector(where["not"], sets, tr))
    return text


def _option(value: Any, tr: Translator | None) -> str:
    """A rule's option as said: a selector in words (``exempt: basic Energy``), else as written."""
    from deckcheck.selectors import SELECTOR_SCHEMA

    if isinstance(value, Mapping) and value and set(value) <= set(SELECTOR_SCHEMA["properties"]):
        return describe_selector(value, None, tr)
    return _short(value)


def _short(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)


# -- lint ---------------------------------------------------------------------


def lint_pack(
    path: str,
    text: str,
    *,
    known_sets: Iterable[str] = (),
    known_ids: Iterable[str] | None = None,
    known_marks: Iterable[str] = (),
    known_names: Iterable[str] | None = None,
    extra_dirs: Sequence[str | os.PathLike[str]] = (),
) -> list[LintProblem]:
    """Every problem of a pack file, all stages in one run (issue 31), in one form
    (``FILE:LINE: error: KEY.PATH: what is wrong``), ordered by line: the schema's,
    duplicate rule ids, ``extends`` and ``remove``, and the semantic checks a schema
    cannot make -- dates out of order, unknown set ids, card ids and regulation marks
    (as warnings when the card database may simply be older than the pack), unknown
    card names in ban lists (errors: they ban nothing), ban lists that replace an
    inherited one by reusing its id -- on whatever parts of the pack have the shape
    to be judged. A text that is no YAML is one problem: nothing else can be read."""
    try:
        node, data = read_pack_yaml(text, path)
    except PackError as error:
        return [_problem_of(error, path)]
    if not isinstance(data, dict):
        return [LintProblem(path, 1, "error", "a format pack must be a YAML mapping with 'name' and 'rules'")]
    problems = _schema_problems(path, node, data)
    problems += [
        LintProblem(path, line_of(node, where), "error", f"{format_path(where)}: {message}")
        for where, message in duplicate_rule_ids(data, node)
    ]
    problems += _semantic_problems(
        path,
        node,
        data,
        known_sets=set(known_sets),
        known_ids=set(known_ids) if known_ids is not None else None,
        known_marks=set(known_marks),
        known_names=known_names,
        extra_dirs=extra_dirs,
    )
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda problem: problem.line or 0)


def _problem_of(error: PackError, path: str) -> LintProblem:
    return LintProblem(error.path or path, error.line, "error", str(error.message))


def _items(value: Any) -> list[tuple[int, Mapping[str, Any]]]:
    """The mappings of a list, with their indexes; anything of another shape is the schema's to report."""
    return [(i, item) for i, item in enumerate(value) if isinstance(item, Mapping)] if isinstance(value, list) else []


def _texts(value: Any) -> list[tuple[int, str]]:
    return [(i, str(item)) for i, item in enumerate(value) if item is not None] if isinstance(value, list) else []


def _semantic_problems(
    path: str,
    node: Any,
    data: Mapping[str, Any],
    *,
    known_sets: set[str],
    known_ids: set[str] | None,
    known_marks: set[str],
    known_names: Iterable[str] | None,
    extra_dirs: Sequence[str | os.PathLike[str]],
) -> list[LintProblem]:
    sets, marks, ids = known_sets, known_marks, known_ids
    # name_key form -> the name as printed (None: the names of the database are not all known)
    names = {name_key(n): n for n in known_names} if known_names is not None else None
    problems: list[LintProblem] = []

    def problem(where: Sequence[Any], level: str, message: str) -> None:
        problems.append(LintProblem(path, line_of(node, where), level, f"{format_path(where)}: {message}"))

    rules = _items(data.get("rules"))
    try:
        parent = _parent(data, path, extra_dirs)
    except PackError as error:
        problem(["extends"], "error", str(error.message))
        parent = None
    removed = dict(_texts(data.get("remove")))
    parent_name = parent.name if parent is not None else ""
    inherited = {rule.id: rule for rule in parent.rules if rule.id not in removed.values()} if parent else {}
    for i, rule_id in removed.items():
        if parent is not None and rule_id not in {rule.id for rule in parent.rules}:
            problem(["remove", i], "error", f"'{parent_name}' has no rule '{rule_id}' to remove")
        elif parent is None and not data.get("extends"):
            problem(["remove", i], "error", f"removes rule '{rule_id}', but the pack extends no other")
    for r, rule in rules:
        old = inherited.get(rule.get("id", rule.get("kind")))
        if (
            rule.get("kind") == "banned"
            and old is not None
            and old.kind == "banned"
            and _drops_entries(old.options.get("cards") or (), [e for _, e in _items(rule.get("cards"))])
        ):
            problem(
                ["rules", r, "id"],
                "warning",
                f"rule '{old.id}' replaces the inherited ban list of {parent_name}; give it another id to add to it",
            )
    for r, rule in rules:
        base = ["rules", r]
        seasons = _items(rule.get("seasons"))
        starts = [(s, str(season.get("from"))) for s, season in seasons if season.get("from") is not None]
        for (_, before), (s, start) in zip(starts, starts[1:]):
            if start <= before:
                problem(
                    base + ["seasons", s, "from"], "error", f"season dates out of order: {start} comes after {before}"
                )
        known = str(rule["known_until"]) if rule.get("known_until") else None
        last_start = starts[-1][1] if starts else None
        if known and last_start and last_start > known:
            problem(
                base + ["known_until"],
                "error",
                f"known_until {known} is before the last season, which starts {last_start}",
            )
        first_start = min((start for _, start in starts), default=None)
        if rule.get("first_day") and first_start and str(rule["first_day"]) > first_start:
            problem(
                base + ["first_day"],
                "error",
                f"first_day {rule['first_day']} is after the first season, which starts {first_start}",
            )
        if sets:
            for s, season in seasons:
                named = [("sets", i, set_id) for i, set_id in _texts(season.get("sets"))]
                named += [("promos", i, str(promo.get("set"))) for i, promo in _items(season.get("promos"))]
                for key, i, set_id in named:
                    if set_id not in sets:
                        problem(
                            base + ["seasons", s, key, i],
                            "warning",
                            f"unknown set id '{set_id}' (not in the card database)",
                        )
        if marks:
            for s, season in seasons:
                for m, mark in _texts(season.get("marks")):
                    if mark not in marks:
                        problem(
                            base + ["seasons", s, "marks", m],
                            "warning",
                            f"no card in the database has regulation mark {mark}",
                        )
        if (
            rule.get("released_from")
            and rule.get("released_until")
            and str(rule["released_from"]) > str(rule["released_until"])
        ):
            problem(base + ["released_until"], "error", "released_until is before released_from")
        if sets:
            for key in ("sets", "exclude_sets"):
                for i, set_id in _texts(rule.get(key)):
                    if set_id not in sets:
                        problem(base + [key, i], "warning", f"unknown set id '{set_id}' (not in the card database)")
            legal_from = rule.get("set_legal_from")
            for set_id in legal_from if isinstance(legal_from, Mapping) else ():
                if set_id not in sets:
                    problem(
                        base + ["set_legal_from", set_id],
                        "warning",
                        f"unknown set id '{set_id}' (not in the card database)",
                    )
        entries = _items(rule.get("cards"))
        for c, other in _overlapping_bans([entry for _, entry in entries]):
            problem(
                base + ["cards", entries[c][0]],
                "warning",
                f"this ban overlaps entry {entries[other][0] + 1} of the same list for the same card",
            )
        for c, entry in entries:
            try:
                since, until = ban_date(entry.get("since")), ban_date(entry.get("until"))
            except ValueError as error:
                problem(base + ["cards", c], "error", str(error))
                since = until = None
            if since and until and until <= since:
                problem(base + ["cards", c, "until"], "error", f"ban ends ({until}) before it starts ({since})")
            if names is not None:
                for i, name in _texts(entry.get("names")):
                    if name_key(name) not in names:
                        # Issue 31: "names: [Ultra Bal]" bans nothing: an error, with the name meant.
                        problem(base + ["cards", c, "names", i], "error", _unknown_name(name, names))
            if ids is not None:
                for i, card_id in _texts(entry.get("ids")):
                    if card_id not in ids:
                        problem(
                            base + ["cards", c, "ids", i],
                            "warning",
                            f"unknown card id '{card_id}' (not in the card database)",
                        )
    return problems


def _unknown_name(name: str, names: Mapping[str, str]) -> str:
    from deckcheck.suggest import closest_names

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


def _parent(data: Mapping[str, Any], path: str, extra_dirs: Sequence[str | os.PathLike[str]]) -> Pack | None:
    """The pack that ``extends`` names, loaded (None: it names none); PackError when it cannot be."""
    ref = data.get("extends")
    if not isinstance(ref, str) or not ref:
        return None
    return load_pack(str(resolve_extends(ref, path, extra_dirs)), extra_dirs)


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


def pack_schema_problems(path: str, text: str) -> list[LintProblem]:
    """Every schema error of a pack, each with its line, unknown keys with a
    did-you-mean. Empty when the text is no YAML mapping the schema can judge."""
    try:
        node, data = read_pack_yaml(text, path)
    except PackError:
        return []
    return _schema_problems(path, node, data) if isinstance(data, dict) else []


def _schema_problems(path: str, node: Any, data: Mapping[str, Any]) -> list[LintProblem]:
    from jsonschema import Draft202012Validator  # slow to import: formats lint only

    validator = Draft202012Validator(pack_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)
    found = [
        LintProblem(path, line_of(node, where), "error", f"{format_path(where)}: {message}")
        for where, message, _is_key in schema_problems(data, validator)
    ]
    return sorted(found, key=lambda problem: problem.line or 0)
