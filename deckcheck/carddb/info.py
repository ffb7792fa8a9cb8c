"""What a card database holds (:func:`deckcheck.carddb.sqlite.database_info`): its own module,
so that a check, which never asks, does not make these classes (some 2.7 M instructions)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import NamedTuple


class DatabaseInfo(NamedTuple):
    """What a database holds: ``cards`` prints, ``sets`` sets with at least one
    card, the newest such set, and the ``meta`` table (source, imported_at,
    and for ``db update`` url, etag, last_modified, sha256, downloaded_at)."""

    path: Path
    cards: int
    sets: int
    newest_set_name: str | None
    newest_set_code: str | None
    newest_set_date: str | None
    source: str | None
    imported_at: str | None
    meta: Mapping[str, str] = MappingProxyType({})
    # per card source ("pokemontcg", "tcgdex"): what it contributed
    sources: Mapping[str, SourceShare] = MappingProxyType({})


class SourceShare(NamedTuple):
    """What one card source contributed to a database: cards, the sets they
    are in, and the newest of those sets."""

    cards: int
    sets: int
    newest_set_name: str | None
    newest_set_code: str | None
    newest_set_date: str | None
