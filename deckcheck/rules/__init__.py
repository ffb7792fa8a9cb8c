"""The rule kinds, by the id that packs use in ``kind:``.

The one registry: a kind is its module (which defines ``KIND``, a
:class:`~deckcheck.rules.base.RuleKind`) and one line of :data:`MODULES`. Nothing
else of deckcheck names a kind: the engine, the pack loader and its schema,
``formats show`` and ``lint``, ``deckcheck rules``, SARIF and docs/rules.md ask
the kinds. A kind's module is imported the first time it is looked up, so a run
imports only the kinds its packs use (start-up time: deckcheck runs as a
pre-commit hook).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from deckcheck.rules.base import RuleKind

MODULES: dict[str, str] = {
    "deck-size": "deckcheck.rules.deck_size",
    "basic-pokemon": "deckcheck.rules.basic_pokemon",
    "copy-limit": "deckcheck.rules.copy_limit",
    "group-limit": "deckcheck.rules.group_limit",
    "name-limit": "deckcheck.rules.name_limit",
    "card-limit": "deckcheck.rules.card_limit",
    "exclusive": "deckcheck.rules.exclusive",
    "banned": "deckcheck.rules.banned",
    "card-pool": "deckcheck.rules.card_pool",
    "single-type": "deckcheck.rules.single_type",
}


class _Kinds(Mapping[str, RuleKind]):
    """``KINDS[name]`` imports the kind's module on first use."""

    def __init__(self, modules: Mapping[str, str]):
        self._modules = modules  # read as it is now: the registry, not a copy of it
        self._loaded: dict[str, RuleKind] = {}

    def __getitem__(self, name: str) -> RuleKind:
        kind = self._loaded.get(name)
        if kind is None:
            kind = self._loaded[name] = importlib.import_module(self._modules[name]).KIND
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, name: object) -> bool:
        return name in self._modules


KINDS: Mapping[str, RuleKind] = _Kinds(MODULES)

__all__ = ["KINDS", "MODULES"]
