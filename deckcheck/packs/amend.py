"""``amend:`` in a format pack: change an inherited rule by its id without copying it.

A rule with an inherited id replaces the whole rule, so a league that wants one extra ban
would have to copy the whole ban list (and miss the next one the shipped pack adds). An
amendment names the rule and its kind and gives only what changes::

    extends: standard
    amend:
      - id: banned                 # the inherited rule, by id
        kind: banned               # its kind: the schema checks the options by it
        cards: [{names: [Iono], since: 2026-12-01, reason: league ruling}]
      - id: not-legal
        kind: card-pool
        set_legal_from: {sv9: 2025-03-14}

An option that is a list is added to (the ban above joins the inherited list), a mapping
is merged key by key (one set's first legal day; the others stay), anything else is
replaced. Amendments apply after ``remove:`` and before ``rules:``, in order; a rule that
``rules:`` also defines under the same id is an error (the replacement would undo it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from deckcheck.errors import DeckcheckError
from deckcheck.model import Severity
from deckcheck.rules.base import RuleSpec

# The keys of an amendment that are not options of the rule it amends.
NAMING_KEYS = ("id", "kind")


class AmendError(DeckcheckError):
    """An amendment that names no inherited rule, or the wrong kind (the loader adds the file)."""

    def __init__(self, index: int, message: str):
        super().__init__(message)
        self.index = index


def amended_options(old: Mapping[str, Any], change: Mapping[str, Any]) -> dict[str, Any]:
    """``old`` with ``change`` applied: lists added to, mappings merged, the rest replaced."""
    merged = dict(old)
    for key, value in change.items():
        before = merged.get(key)
        if isinstance(before, list) and isinstance(value, list):
            merged[key] = [*before, *value]
        elif isinstance(before, Mapping) and isinstance(value, Mapping):
            merged[key] = {**before, **value}
        else:
            merged[key] = value
    return merged


def problems(
    amendments: Iterable[tuple[int, Mapping[str, Any]]],
    inherited: Mapping[str, RuleSpec],
    replaced: set[str],
    parent: str,
) -> list[tuple[int, str, str]]:
    """(index, key, message) of each amendment (with its index in ``amend``) that cannot
    apply: no inherited rule of that id (or none at all: no ``extends``), another kind, or a
    rule ``rules:`` replaces too."""
    found = []
    for index, raw in amendments:
        rule_id, kind = raw.get("id"), raw.get("kind")
        old = inherited.get(str(rule_id))
        if not parent:
            found.append((index, "id", f"amends rule '{rule_id}', but the pack extends no other"))
        elif old is None:
            found.append((index, "id", f"'{parent}' has no rule '{rule_id}' to amend"))
        elif old.kind != kind:
            found.append((index, "kind", f"rule '{rule_id}' of '{parent}' is a {old.kind} rule, not {kind}"))
        elif rule_id in replaced:
            found.append(
                (index, "id", f"rule '{rule_id}' is also in 'rules', which replaces it whole; amend it or replace it")
            )
    return found


def amend(rules: list[RuleSpec], pack: Mapping[str, Any], parent: str) -> list[RuleSpec]:
    """``rules`` (the inherited ones, after ``remove``) with the amendments of the validated
    ``pack`` applied; AmendError for the first that cannot apply."""
    amendments: Sequence[Mapping[str, Any]] = pack.get("amend", ())
    replaced = {raw.get("id", raw["kind"]) for raw in pack.get("rules", ())}
    by_id = {rule.id: rule for rule in rules}
    for index, _key, message in problems(enumerate(amendments), by_id, replaced, parent)[:1]:
        raise AmendError(index, message)
    amended = list(rules)
    for raw in amendments:
        position = next(i for i, rule in enumerate(amended) if rule.id == raw["id"])
        old = amended[position]
        change = {k: v for k, v in raw.items() if k not in (*NAMING_KEYS, "severity", "description")}
        amended[position] = old._replace(
            options=amended_options(old.options, change),
            severity=Severity(raw["severity"]) if "severity" in raw else old.severity,
            description=raw.get("description", old.description),
        )
    return amended
