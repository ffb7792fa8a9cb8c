"""banned: cards a format bans, with the date each ban takes effect.

Pokémon bans are per print (``ids``), Trainer bans cover every print of the
name (``names``) (RULES.md 6.2); ``where`` bans by property, e.g. the
not-for-tournament promos (RULES.md 3.10, 6.3). An entry is in force on
``ctx.date`` when ``since <= date`` and, if given, ``date < until``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Iterator, Mapping, Sequence

from deckcheck.i18n import N_
from deckcheck.model import Card, Deck, DeckCard, Finding
from deckcheck.names import deck_key, name_key
from deckcheck.rules.base import RuleContext, RuleSpec, display_name, finding, lines_text
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


def _by_id(card: Card, entry: Mapping[str, Any]) -> bool:
    return card.id in entry.get("ids", ())


def _by_name(card: Card, entry: Mapping[str, Any]) -> bool:
    key = deck_key(card.name, card.supertype)
    # The pack's names are folded as names of the card's supertype, so that
    # "Boss's Orders" and "Boss's Orders (Ghetsis)" both ban every print.
    return any(deck_key(name, card.supertype) == key for name in entry.get("names", ()))


def _by_selector(card: Card, entry: Mapping[str, Any]) -> bool:
    where = entry.get("where")
    return bool(where) and matches(card, where)


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
        entries: Sequence[Mapping[str, Any]] = [e for e in rule.options.get("cards", ()) if in_force(e, ctx.date)]
        if not entries:
            return
        # (entry, what is banned) -> the deck's lines it bans, in deck order
        groups: dict[tuple[int, str], list[DeckCard]] = {}
        names: dict[tuple[int, str], str] = {}
        for deck_card in deck.cards:
            card = deck_card.card
            for index, entry in enumerate(entries):
                if _by_name(card, entry):
                    group = (index, "name:" + deck_key(card.name, card.supertype))
                    names.setdefault(group, display_name(deck_card))
                elif _by_id(card, entry):
                    # Only this print is banned; name it the way a list writes it.
                    group = (index, "id:" + card.id)
                    names.setdefault(group, card.label)
                elif _by_selector(card, entry):
                    # The prints with the property, not their whole deck name
                    # (Zacian LV.X SWSH135 is banned, other Zacian are not).
                    group = (index, "printed:" + name_key(card.name))
                    names.setdefault(group, card.name)
                else:
                    continue
                groups.setdefault(group, []).append(deck_card)
                break
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
                rule, template, cards=cards, hint=REMOVE, hint_params={"name": name, "lines": lines_text(cards)},
                **params,
            )


KIND = Banned()
