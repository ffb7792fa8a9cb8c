"""The rule kinds, by the id that packs use in ``kind:``.

A plain table from kind id to the module that defines it (as ``KIND``): adding
a kind means writing its module and listing it here. A kind's module is
imported the first time it is looked up, so a run imports only the kinds its
packs use (start-up time: deckcheck runs as a pre-commit hook).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from deckcheck.rules.base import RuleKind

_MODULES: dict[str, str] = {
    "deck-size": "deck_size",
    "basic-pokemon": "basic_pokemon",
    "copy-limit": "copy_limit",
    "group-limit": "group_limit",
    "name-limit": "name_limit",
    "card-limit": "card_limit",
    "exclusive": "exclusive",
    "banned": "banned",
    "card-pool": "card_pool",
    "single-type": "single_type",
}


class _Kinds(Mapping[str, RuleKind]):
    """``KINDS[name]`` imports the kind's module on first use."""

    def __init__(self, modules: Mapping[str, str]):
        self._modules = dict(modules)
        self._loaded: dict[str, RuleKind] = {}

    def __getitem__(self, name: str) -> RuleKind:
        kind = self._loaded.get(name)
        if kind is None:
            module = importlib.import_module(f"deckcheck.rules.{self._modules[name]}")
            kind = self._loaded[name] = module.KIND
        return kind

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, name: object) -> bool:
        return name in self._modules


KINDS: Mapping[str, RuleKind] = _Kinds(_MODULES)

__all__ = ["KINDS"]
