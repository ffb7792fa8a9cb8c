"""The rules of a pack said in words, for ``formats show``: a selector ("basic Energy
except Darkness Energy"), sets by the codes players know, an option as written, in the
language of a translator (None: English). The kinds' own ``show`` build on these."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckcheck.i18n import N_, Translator, localize
from deckcheck.selectors import SELECTOR_SCHEMA


def say(tr: Translator | None, template: str, **params: Any) -> str:
    """``template`` with ``params`` in the language of ``tr`` (None: English, as written)."""
    return localize(template, params, tr)


def since(tr: Translator | None, day: Any, unverified: Any = None) -> str:
    """``since 2025-04-11`` (and ``[unverified: ...]``, the pack's own words)."""
    text = say(tr, N_("since {day}"), day=day)
    return text + (" " + say(tr, N_("[unverified: {reason}]"), reason=unverified) if unverified else "")


class SetView:
    """Sets by the codes players know: ``sets`` maps set ids to (set code, release date)."""

    def __init__(self, sets: Mapping[str, tuple[str | None, str | None]]):
        self.sets = sets

    def code(self, set_id: str) -> str:
        return (self.sets.get(set_id) or (None, None))[0] or set_id

    def codes(self, set_ids: Sequence[str]) -> str:
        return ", ".join(self.code(set_id) for set_id in set_ids)


# A selector said in words ("basic Energy except Darkness Energy, Metal Energy"), not as
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


def describe_selector(where: Mapping[str, Any], sets: SetView | None = None, tr: Translator | None = None) -> str:
    """The cards a selector (deckcheck.selectors) picks, in words, sets by the codes players know."""
    sets = sets if sets is not None else SetView({})
    what: list[str] = []
    for flag in where.get("flags") or ():
        what.append(say(tr, _FLAG_WORDS[flag]) if flag in _FLAG_WORDS else str(flag))
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
        what.append(say(tr, N_("sets {sets}"), sets=sets.codes(where["sets"])))
    if where.get("any"):
        choices = [describe_selector(choice, sets, tr) for choice in where["any"]]
        what.append(say(tr, N_("one of: {choices}"), choices=" | ".join(choices)))
    text = " · ".join(what) if what else say(tr, N_("every card"))
    if where.get("not"):
        text += " " + say(tr, N_("except {cards}"), cards=describe_selector(where["not"], sets, tr))
    return text


def option_text(value: Any, tr: Translator | None) -> str:
    """A rule's option as said: a selector in words (``exempt: basic Energy``), else as written."""
    if isinstance(value, Mapping) and value and set(value) <= set(SELECTOR_SCHEMA["properties"]):
        return describe_selector(value, None, tr)
    return _short(value)


def _short(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)


def items(value: Any) -> list[tuple[int, Mapping[str, Any]]]:
    """The mappings of a list, with their indexes (lint: anything of another shape is the schema's to report)."""
    return [(i, item) for i, item in enumerate(value) if isinstance(item, Mapping)] if isinstance(value, list) else []


def texts(value: Any) -> list[tuple[int, str]]:
    """The items of a list as text, with their indexes (lint)."""
    return [(i, str(item)) for i, item in enumerate(value) if item is not None] if isinstance(value, list) else []
