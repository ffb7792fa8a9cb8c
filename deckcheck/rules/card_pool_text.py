"""What ``formats show`` says of a card-pool rule on a day, and what ``formats lint`` finds
wrong in one beyond its schema. Apart from :mod:`deckcheck.rules.card_pool`, which every
check imports, so that a check loads none of it (start-up: a pre-commit hook)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from deckcheck.i18n import N_, Phrase, Translator, ngettext
from deckcheck.rules.base import Known, LintNote, RuleSpec, Shown
from deckcheck.rules.words import SetView, describe_selector, items, say, since, texts


class PoolView(SetView):
    """The sets of a card pool as ``formats show`` says them: by their codes, the first day
    each is legal (the kind's pool, made when first asked), and the season names in the
    player's language (the kind's ``season_label``). Handed in by the kind, so that this
    module imports nothing of :mod:`deckcheck.rules.card_pool`."""

    def __init__(
        self,
        sets: Mapping[str, tuple[str | None, str | None]],
        pool: Callable[[], Any] | None = None,
        season_label: Callable[[str], str] = str,
    ):
        super().__init__(sets)
        self._make_pool = pool
        self._pool: Any = None
        self.season_label = season_label

    def first_day(self, set_id: str) -> dt.date | None:
        if self._make_pool is None:
            return None
        if self._pool is None:
            self._pool = self._make_pool()
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


def describe_pool(
    options: Mapping[str, Any], day: dt.date, sets: PoolView | None = None, tr: Translator | None = None
) -> str:
    sets = sets if sets is not None else PoolView({})
    parts = []
    japan = options.get("region") == "jp"
    if japan:
        parts.append(say(tr, N_("the Japanese cards, new sets legal on their Japanese release day")))
    seasons = sorted(options.get("seasons") or (), key=lambda s: str(s["from"]))
    current = [s for s in seasons if str(s["from"]) <= day.isoformat()]
    if options.get("first_day") and day.isoformat() < str(options["first_day"]):
        parts.append(say(tr, N_("the format began on {day}"), day=options["first_day"]))
    if seasons:
        if current:
            parts.append(_describe_season(current[-1], day, sets, tr))
        else:
            parts.append(say(tr, N_("no season yet (the first starts {day})"), day=seasons[0]["from"]))
        upcoming = [s for s in seasons if str(s["from"]) > day.isoformat()]
        if upcoming:
            change = _describe_change(current[-1] if current else None, upcoming[0], sets, tr)
            parts.append(say(tr, N_("next change {change}"), change=change))
        elif options.get("known_until"):
            parts.append(say(tr, N_("no later season known (known to {day})"), day=options["known_until"]))
    if options.get("sets"):
        parts.append(say(tr, N_("sets {sets}"), sets=sets.codes(options["sets"])))
    if options.get("released_from") or options.get("released_until"):
        until = options["released_until"] if "released_until" in options else say(tr, N_("today"))
        parts.append(say(tr, N_("sets released {start} to {end}"), start=options.get("released_from", "…"), end=until))
    if options.get("exclude_sets"):
        parts.append(say(tr, N_("except sets {sets}"), sets=sets.codes(options["exclude_sets"])))
    if options.get("waiting_days"):
        parts.append(say(tr, N_("new sets legal {days} days after release"), days=options["waiting_days"]))
    if options.get("waiting_periods"):
        parts.append(say(tr, N_("new sets legal {when}"), when=_describe_waiting(options["waiting_periods"], day, tr)))
    fixed = _fixed_days_near(options.get("set_legal_from") or {}, day)
    if fixed:
        shown = ", ".join(f"{sets.code(set_id)} {first}" for set_id, first in fixed)
        parts.append(say(tr, N_("fixed first legal day {sets}"), sets=shown))
    if options.get("reprints") and japan:
        parts.append(
            say(tr, N_("older prints legal through a legal print of the same name and the same Japanese text"))
        )
    elif options.get("reprints"):
        parts.append(
            say(
                tr,
                N_(
                    "older prints legal through functionally identical reprints "
                    "(game text compared across wordings; the finding names the reprint)"
                ),
            )
        )
    if japan and options.get("foreign_sets"):
        parts.append(
            say(
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
        parts.append(say(tr, N_("always legal: {cards}"), cards=cards))
    if not parts:
        return say(tr, N_("card pool: every card"))
    return say(tr, N_("card pool: {parts}"), parts="; ".join(parts))


def _describe_season(
    season: Mapping[str, Any], day: dt.date | None = None, sets: PoolView | None = None, tr: Translator | None = None
) -> str:
    sets = sets if sets is not None else PoolView({})
    name = f"{_season_name(season['name'], tr, sets)}, " if season.get("name") else ""
    started = since(tr, season["from"], season.get("unverified"))
    what = []
    if season.get("marks"):
        what.append(say(tr, N_("regulation marks {marks}"), marks=", ".join(season["marks"])))
    if season.get("sets"):
        legal, later = sets.split(season["sets"], day) if day is not None else (season["sets"], [])
        text = say(tr, N_("sets {sets}"), sets=sets.codes(legal))
        if later:
            # A season's list holds the sets released during it, not yet legal on the day.
            shown = ", ".join(say(tr, N_("{set} from {day}"), set=sets.code(s), day=d.isoformat()) for d, s in later)
            text += " " + say(tr, N_("(later this season: {sets})"), sets=shown)
        what.append(text)
    for promo in season.get("promos") or ():
        what.append(say(tr, N_("promos {set} {numbers}"), set=sets.code(promo["set"]), numbers=_promo_range(promo, tr)))
    return f"{' + '.join(what)} ({name}{started})"


def _season_name(name: Any, tr: Translator | None, sets: PoolView) -> str:
    """A pack's season name in the language of ``tr`` ("2026 rotation" -> "Rotation 2026"),
    as the check's messages say it."""
    label = sets.season_label(str(name))
    return label.localize(tr) if isinstance(label, Phrase) and tr is not None else str(label)


def _promo_range(promo: Mapping[str, Any], tr: Translator | None = None) -> str:
    if promo.get("only"):
        return say(tr, N_("only {numbers}"), numbers=", ".join(str(n) for n in promo["only"]))
    low, high = promo.get("from"), promo.get("to")
    if high is not None:
        return f"{low or 0}-{high}"
    return say(tr, N_("{number} and up"), number=low or 0)


def _describe_change(
    current: Mapping[str, Any] | None,
    upcoming: Mapping[str, Any],
    sets: PoolView | None = None,
    tr: Translator | None = None,
) -> str:
    sets = sets if sets is not None else PoolView({})
    name = f" ({_season_name(upcoming['name'], tr, sets)})" if upcoming.get("name") else ""
    text = f"{upcoming['from']}{name}"
    if upcoming.get("unverified"):
        text += " " + say(tr, N_("[unverified: {reason}]"), reason=upcoming["unverified"])
    if upcoming.get("marks"):
        return f"{text}: " + say(tr, N_("marks {marks}"), marks=", ".join(upcoming["marks"]))
    leaving = [s for s in (current or {}).get("sets") or () if s not in (upcoming.get("sets") or ())]
    joining = [s for s in upcoming.get("sets") or () if s not in ((current or {}).get("sets") or ())]
    # Only the sets legal on the day of the change join then; the others come during that season.
    joining = sets.split(joining, dt.date.fromisoformat(str(upcoming["from"])))[0]
    details = []
    if leaving:
        details.append(say(tr, N_("sets {sets} leave"), sets=sets.codes(leaving)))
    if joining:
        details.append(say(tr, N_("sets {sets} join"), sets=sets.codes(joining)))
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
        return say(tr, N_("on the third Friday after their release"))
    if rule.get("rule") == "third-friday-of-month":
        return say(tr, N_("on the third Friday of their release month (the first Friday of the next month after it)"))
    if rule.get("days"):
        return say(tr, N_("{days} days after release"), days=rule["days"])
    return say(tr, N_("on release"))


def lint_pool(rule: Mapping[str, Any], known: Known) -> Iterator[LintNote]:
    """Seasons out of order, ``known_until`` and ``first_day`` against them, release dates
    the wrong way round, and (as warnings: the database may be older than the pack) set ids
    and regulation marks the card database does not hold."""
    seasons = items(rule.get("seasons"))
    starts = [(s, str(season.get("from"))) for s, season in seasons if season.get("from") is not None]
    for (_, before), (s, start) in zip(starts, starts[1:]):
        if start <= before:
            yield LintNote(("seasons", s, "from"), "error", f"season dates out of order: {start} comes after {before}")
    until = str(rule["known_until"]) if rule.get("known_until") else None
    last_start = starts[-1][1] if starts else None
    if until and last_start and last_start > until:
        yield LintNote(
            ("known_until",),
            "error",
            f"known_until {until} is before the last season, which starts {last_start}",
        )
    first_start = min((start for _, start in starts), default=None)
    if rule.get("first_day") and first_start and str(rule["first_day"]) > first_start:
        yield LintNote(
            ("first_day",),
            "error",
            f"first_day {rule['first_day']} is after the first season, which starts {first_start}",
        )
    if known.sets:
        for s, season in seasons:
            named = [("sets", i, set_id) for i, set_id in texts(season.get("sets"))]
            named += [("promos", i, str(promo.get("set"))) for i, promo in items(season.get("promos"))]
            for key, i, set_id in named:
                if set_id not in known.sets:
                    yield LintNote(
                        ("seasons", s, key, i),
                        "warning",
                        f"unknown set id '{set_id}' (not in the card database)",
                    )
    if known.marks:
        for s, season in seasons:
            for m, mark in texts(season.get("marks")):
                if mark not in known.marks:
                    yield LintNote(
                        ("seasons", s, "marks", m),
                        "warning",
                        f"no card in the database has regulation mark {mark}",
                    )
    if (
        rule.get("released_from")
        and rule.get("released_until")
        and str(rule["released_from"]) > str(rule["released_until"])
    ):
        yield LintNote(("released_until",), "error", "released_until is before released_from")
    if known.sets:
        for key in ("sets", "exclude_sets"):
            for i, set_id in texts(rule.get(key)):
                if set_id not in known.sets:
                    yield LintNote((key, i), "warning", f"unknown set id '{set_id}' (not in the card database)")
        legal_from = rule.get("set_legal_from")
        for set_id in legal_from if isinstance(legal_from, Mapping) else ():
            if set_id not in known.sets:
                yield LintNote(
                    ("set_legal_from", set_id),
                    "warning",
                    f"unknown set id '{set_id}' (not in the card database)",
                )


def show_pool(rule: RuleSpec, shown: Shown, pool: Callable[[], Any], season_label: Callable[[str], str]) -> str:
    """The card pool on the day, sets by the codes players know (``pool`` makes the kind's
    pool of the rule, which knows each set's first legal day)."""
    return describe_pool(rule.options, shown.day, PoolView(shown.sets, pool, season_label), shown.tr)
