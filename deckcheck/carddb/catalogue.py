"""The built-in card catalogue: what ``deckcheck check`` resolves against when
no card database has been imported.

The catalogue is package data (``deckcheck/data/catalogue.yaml``), written by
hand as facts about a few hundred prints: every card that the special
deck-building limits name (RULES.md 3), basic Energy of every era and the
Special Darkness/Metal twins (5.1, 5.2), the Professor cards of section 4 and
2.8, and every card the sample decks use. It is read once per process.
"""

from __future__ import annotations

import datetime as dt
import marshal
import os
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import astuple, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckcheck.atomic import write_atomically
from deckcheck.carddb.index import FieldsIndex, MemoryIndex
from deckcheck.datafiles import YAML_VALUE_ERRORS, package_file, validation_cache, yaml_loader
from deckcheck.errors import DeckcheckError
from deckcheck.model import SUPERTYPES, Card

_SET_KEYS = frozenset({"id", "code", "name", "released", "series"})
_CARD_KEYS = frozenset(
    {
        "number",
        "name",
        "supertype",
        "subtypes",
        "mark",
        "types",
        "evolves_from",
        "own_limit",
        "any_number",
        "not_for_tournaments",
        "plays_as_basic",
        "text",
        "id",
    }
)
_REQUIRED_CARD_KEYS = ("number", "name", "supertype")
_CARD_FIELDS = len(fields(Card))


class CatalogueError(DeckcheckError, ValueError):
    """The packaged catalogue is malformed: a packaging defect, not bad user input."""


@lru_cache(maxsize=1)
def _contents() -> tuple[tuple[Mapping[str, Any], ...], tuple[tuple[Any, ...], ...]]:
    """The catalogue's sets (as :func:`catalogue_sets` gives them) and its cards, each as the
    values of :class:`Card`'s fields in their order: checked when read from the YAML, then kept
    in the user cache."""
    source = package_file("data", "catalogue.yaml")
    cache = _cache_file(source)
    contents = _read_cache(cache) if cache is not None else None
    if contents is not None:
        return contents
    document = _document(source)
    sets = _sets(document)
    contents = sets, tuple(astuple(card) for card in _cards(document, sets))
    if cache is not None:
        _write_cache(cache, contents)
    return contents


def _document(source: Any) -> Mapping[str, Any]:
    # PyYAML only when the cache cannot serve (start-up).
    import yaml

    text = source.read_text(encoding="utf-8")
    # The shared safe loader (the C one when PyYAML has it: start-up matters for
    # the pre-commit hook); release dates stay ISO text.
    try:
        document = yaml.load(text, Loader=yaml_loader())
    except (yaml.YAMLError, *YAML_VALUE_ERRORS) as error:
        raise CatalogueError(f"catalogue.yaml cannot be read: {error}") from None
    if not _well_shaped(document):
        raise CatalogueError("catalogue.yaml must be a mapping with a 'sets' list and a 'cards' mapping")
    return document


def _well_shaped(document: Any) -> bool:
    return (
        isinstance(document, dict)
        and isinstance(document.get("sets"), list)
        and isinstance(document.get("cards"), dict)
    )


# Building ~60 KB of YAML into Python values takes ~60 ms, paid by every check
# run without a card database (a pre-commit hook in a deck repository): the
# checked sets and cards are kept in the user cache as marshal data (~1 ms to read),
# named by the packaged file's size and modification time, with a CRC of the
# payload so that a damaged entry is read from the YAML again. Measured with
# bench/caches.py (a check of one deck without a database): it saves
# 55 ms of CPU time per run (quartiles 21-65 ms, on a shared 2-core machine under
# load; budget to keep a start-up cache: 5 ms). Keeping each card as its fields'
# values, checked once, rather than the YAML's mappings spares every run checking
# 473 entries again (14 M instructions, bench/run.py --startup-only --instructions).
_CACHE_MAGIC = b"deckcheck-catalogue-2\n"


def _cache_file(source: Any) -> Path | None:
    folder = validation_cache("catalogue")
    if folder is None:
        return None
    try:
        stat = os.stat(str(source))
    except (OSError, ValueError):
        return None  # not a plain file (a zipped package): no cache
    return folder / f"{stat.st_size}-{stat.st_mtime_ns}.marshal"


def _read_cache(cache: Path) -> tuple[tuple[Mapping[str, Any], ...], tuple[tuple[Any, ...], ...]] | None:
    try:
        data = cache.read_bytes()
    except OSError:
        return None
    header, _, payload = data.partition(b"\n\n")
    expected = _CACHE_MAGIC + str(zlib.crc32(payload)).encode("ascii")
    if header != expected:
        return None
    try:
        contents = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None
    well_shaped = (
        isinstance(contents, tuple)
        and len(contents) == 2
        and all(isinstance(part, tuple) for part in contents)
        and all(isinstance(row, tuple) and len(row) == _CARD_FIELDS for row in contents[1])
    )
    return contents if well_shaped else None


def _write_cache(cache: Path, contents: tuple[Any, ...]) -> None:
    try:
        payload = marshal.dumps(contents)
        cache.parent.mkdir(parents=True, exist_ok=True)
        data = _CACHE_MAGIC + str(zlib.crc32(payload)).encode("ascii") + b"\n\n" + payload
        write_atomically(cache, data, durable=False)
    except (OSError, ValueError):
        pass  # a read-only or full cache folder: the YAML is read next time too


def _iso_date(value: Any) -> str | None:
    # YAML reads an unquoted 2023-06-09 as a date; a quoted one stays a string.
    if value is None:
        return None
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def _sets(document: Mapping[str, Any]) -> tuple[Mapping[str, Any], ...]:
    sets = []
    for entry in document["sets"]:
        if not isinstance(entry, dict) or "id" not in entry:
            raise CatalogueError(f"catalogue set entry without an id: {entry!r}")
        unknown = set(entry) - _SET_KEYS
        if unknown:
            raise CatalogueError(f"catalogue set {entry['id']}: unknown keys {sorted(unknown)}")
        sets.append(
            {
                "id": str(entry["id"]),
                "code": None if entry.get("code") is None else str(entry["code"]),
                "name": str(entry.get("name", entry["id"])),
                "released": _iso_date(entry.get("released")),
                "series": entry.get("series"),
            }
        )
    return tuple(sets)


def catalogue_sets() -> list[dict[str, Any]]:
    """The catalogue's sets: ``id``, ``code`` (deck-list set code or None),
    ``name``, ``released`` (ISO date) and ``series``; oldest first."""
    return [dict(entry) for entry in _contents()[0]]


def _card(set_entry: Mapping[str, Any], entry: Any) -> Card:
    set_id = set_entry["id"]
    if not isinstance(entry, dict):
        raise CatalogueError(f"catalogue set {set_id}: card entry is not a mapping: {entry!r}")
    missing = [key for key in _REQUIRED_CARD_KEYS if key not in entry]
    unknown = set(entry) - _CARD_KEYS
    if missing or unknown:
        raise CatalogueError(
            f"catalogue card {set_id} {entry.get('number')!r}: missing {missing}, unknown keys {sorted(unknown)}"
        )
    number = str(entry["number"])
    supertype = entry["supertype"]
    if supertype not in SUPERTYPES:
        raise CatalogueError(f"catalogue card {set_id}-{number}: unknown supertype {supertype!r}")
    card_id = str(entry.get("id") or f"{set_id}-{number}")
    own_limit = entry.get("own_limit")
    if own_limit is not None:
        name, limit = own_limit
        own_limit = (str(name), int(limit))
    return Card(
        id=card_id,
        name=str(entry["name"]),
        supertype=supertype,
        subtypes=tuple(entry.get("subtypes") or ()),
        set_id=set_id,
        set_code=set_entry["code"],
        number=number,
        regulation_mark=entry.get("mark"),
        release_date=set_entry["released"],
        types=tuple(entry.get("types") or ()),
        evolves_from=entry.get("evolves_from"),
        # docs/rulings.md, "Reprints in Standard": prints sharing a `text` token are reprints with the
        # same game text; any other print is only a reprint of itself.
        text_hash=str(entry.get("text") or card_id),
        own_limit=own_limit,
        any_number=bool(entry.get("any_number", False)),
        not_for_tournaments=bool(entry.get("not_for_tournaments", False)),
        plays_as_basic=bool(entry.get("plays_as_basic", False)),
        set_name=None if set_entry["code"] else set_entry.get("name"),  # named by it
    )


def _cards(document: Mapping[str, Any], set_entries: Iterable[Mapping[str, Any]]) -> list[Card]:
    sets = {entry["id"]: entry for entry in set_entries}
    cards: list[Card] = []
    for set_id, entries in document["cards"].items():
        set_entry = sets.get(str(set_id))
        if set_entry is None:
            raise CatalogueError(f"catalogue cards listed under {set_id!r}, which is not in 'sets'")
        for entry in entries or ():
            cards.append(_card(set_entry, entry))
    return cards


@lru_cache(maxsize=1)
def load_catalogue() -> MemoryIndex:
    """The built-in catalogue as a card index (read once, then cached)."""
    # The catalogue holds the rule-relevant prints only: a print it lacks is no print it has.
    # Its cards are made when a look-up finds them: a check of a list that names its cards by set
    # code and number makes the few dozen it finds, not all 473 (12 M instructions, bench/run.py).
    return FieldsIndex(_contents()[1], partial=True)
