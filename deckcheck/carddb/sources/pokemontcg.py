"""The pokemontcg.io card source: the dataset ``PokemonTCG/pokemon-tcg-data``.

The dataset is a folder (or a zip archive of it) with ``sets/en.json`` (one
object per set) and ``cards/en/<set-id>.json`` (a list of card objects per
set). :func:`card_from_dataset` and :func:`set_for_card` convert its records
into :class:`Card` values and are pure; :func:`iter_dataset` reads a folder
and :func:`open_dataset` returns the :class:`~deckcheck.carddb.sources.CardSource`
the database build reads (folder or zip).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.gametext import as_strings, text_hash
from deckcheck.carddb.index import CODES_OF_UNLISTED_SETS
from deckcheck.carddb.records import bad_text
from deckcheck.carddb.sources import CardBatch, SetRecord
from deckcheck.carddb.sources.files import FileTree, FolderTree, ZipTree
from deckcheck.model import TRAINER, Card

# -- rules text that sets a deck-building limit (RULES.md section 3) ---------
# (the public patterns are read by the TCGdex source too: one wording, one pattern)

APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
_SPACES = re.compile(r"\s+")

# "You can't have more than 1 Shining Celebi in your deck." (RULES.md 3.5, 3.6)
_OWN_LIMIT = re.compile(r"\byou can't have more than (\d+) (.+?) in your deck\b", re.IGNORECASE)
# The generic group sentences are enforced from subtypes by the packs (RULES.md
# 3.1-3.4), not as a limit on one name: ACE SPEC, ◇ Prism Star, Pokémon Star, Radiant.
_GROUP_LIMIT_SUBJECT = re.compile(
    r"^(?:ACE SPEC cards?|◇ cards? with the same name|Pok[eé]mon Star|Radiant Pok[eé]mon)$",
    re.IGNORECASE,
)
ACE_SPEC_LIMIT = re.compile(r"\byou can't have more than 1 ACE SPEC card\b", re.IGNORECASE)
# Arceus rule (RULES.md 3.7, docs/rulings.md, "As many copies as you like").
ANY_NUMBER = re.compile(r"\byou may have as many of this card in your deck as you like\b", re.IGNORECASE)
# RULES.md 3.10.
NOT_FOR_TOURNAMENTS = re.compile(r"\bcannot be used at official tournaments\b", re.IGNORECASE)
# RULES.md 1.4 / DQ11: Clefairy Doll, the fossils, Lillie's Poké Doll, Snorlax Doll ...
PLAYS_AS_BASIC = re.compile(r"\bas if (?:it|this card) were an? .*?\bBasic\b", re.IGNORECASE | re.DOTALL)


def own_limit(rules: str) -> tuple[str, int] | None:
    """``(X, N)`` for "You can't have more than N X in your deck.", unless X is
    one of the group rules the packs enforce from subtypes (RULES.md 3.1-3.4)."""
    for match in _OWN_LIMIT.finditer(rules):
        subject = match.group(2).strip()
        if _GROUP_LIMIT_SUBJECT.match(subject):
            continue
        return subject, int(match.group(1))
    return None


@lru_cache(maxsize=1024)
def iso_date(value: Any) -> str | None:
    """``"2023/03/31"`` (the dataset's form) -> ``"2023-03-31"``."""
    if not value:
        return None
    text = str(value).strip().replace("/", "-")
    match = re.match(r"^(\d{4})-(\d{1,2})-(\d{1,2})", text)
    if not match:
        return None
    year, month, day = match.groups()
    return f"{year}-{int(month):02d}-{int(day):02d}"


def card_from_dataset(raw: Mapping[str, Any], set_info: Mapping[str, Any]) -> Card:
    """One card object of ``cards/en/<set>.json`` with its ``sets/en.json`` entry."""
    raw_rules = " ".join(str(rule) for rule in raw.get("rules") or ())
    rules = raw_rules.translate(APOSTROPHES)
    subtypes = as_strings(raw.get("subtypes"))
    if "ACE SPEC" not in subtypes and ACE_SPEC_LIMIT.search(rules):
        # RULES.md 3.1: the ACE SPEC rule is enforced by subtype; a print whose
        # rules carry the sentence but whose data lacks the subtype still counts.
        subtypes = subtypes + ("ACE SPEC",)
    supertype = str(raw["supertype"])
    code = set_info.get("ptcgoCode") or None
    return Card(
        id=str(raw["id"]),
        name=str(raw["name"]),
        supertype=supertype,
        subtypes=subtypes,
        set_id=str(set_info.get("id") or ""),
        set_code=str(code) if code else None,
        number=str(raw.get("number", "")),
        regulation_mark=raw.get("regulationMark") or None,
        release_date=iso_date(set_info.get("releaseDate")),
        types=as_strings(raw.get("types")),
        evolves_from=raw.get("evolvesFrom") or None,
        text_hash=text_hash(raw),
        own_limit=own_limit(rules),
        any_number=bool(ANY_NUMBER.search(rules)),
        not_for_tournaments=bool(NOT_FOR_TOURNAMENTS.search(rules)),
        plays_as_basic=supertype == TRAINER and bool(PLAYS_AS_BASIC.search(rules)),
    )


def set_for_card(raw: Mapping[str, Any], file_set_id: str, sets: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Any]:
    """The ``sets/en.json`` entry for a card of ``cards/en/<file_set_id>.json``.

    Upstream publishes some card files without a set entry (``mee``, ``mep1``,
    whose ids say ``mep``): those cards get a set with their id prefix (or the
    file name), the card's own embedded ``set`` name if any, no date, and the code
    PTCG Live writes for it if :data:`CODES_OF_UNLISTED_SETS` knows it.
    """
    found = sets.get(file_set_id)
    if found is not None:
        return found
    card_id = str(raw.get("id", ""))
    set_id = card_id.rsplit("-", 1)[0] if "-" in card_id else file_set_id
    if set_id in sets:
        return sets[set_id]
    embedded: Mapping[str, Any] = raw["set"] if isinstance(raw.get("set"), Mapping) else {}
    return {
        "id": set_id,
        "name": embedded.get("name") or set_id,
        "series": embedded.get("series"),
        "ptcgoCode": CODES_OF_UNLISTED_SETS.get(set_id),
    }


def iter_cards(
    sets: Sequence[Mapping[str, Any]], card_files: Iterator[tuple[str, Sequence[Mapping[str, Any]]]]
) -> Iterator[Card]:
    """Cards of already-parsed card files ``(file set id, card list)``."""
    by_id = {str(s["id"]): s for s in sets}
    for file_set_id, raw_cards in card_files:
        for raw in raw_cards:
            yield card_from_dataset(raw, set_for_card(raw, file_set_id, by_id))


def card_file_order(set_ids: Sequence[str], file_set_ids: Sequence[str]) -> list[str]:
    """Card files in ``sets/en.json`` order (release order), the rest by name after."""
    present = set(file_set_ids)
    listed = [s for s in set_ids if s in present]
    known = set(listed)
    return listed + sorted(s for s in file_set_ids if s not in known)


def iter_dataset(root: Path) -> Iterator[Card]:
    """Every card of a dataset checkout folder (``cards/en/*.json`` + ``sets/en.json``)."""
    root = Path(root)
    sets = json.loads((root / "sets" / "en.json").read_text(encoding="utf-8"))
    files = {path.stem: path for path in (root / "cards" / "en").glob("*.json")}
    order = card_file_order([str(s["id"]) for s in sets], list(files))

    def card_files() -> Iterator[tuple[str, Sequence[Mapping[str, Any]]]]:
        for set_id in order:
            yield set_id, json.loads(files[set_id].read_text(encoding="utf-8"))

    return iter_cards(sets, card_files())


# -- the source the database build reads ----------------------------------------


def _raw_problem(raw: Mapping[str, Any]) -> str | None:
    """Why a card object's text fields are not text, or None."""
    for field in ("id", "name", "supertype", "number"):
        problem = bad_text(raw.get(field), field)
        if problem:
            return problem
    for field in ("regulationMark", "evolvesFrom"):
        if raw.get(field) is not None:
            problem = bad_text(raw[field], field)
            if problem:
                return problem
    return None


def set_record(raw: Mapping[str, Any]) -> SetRecord:
    """A ``sets/en.json`` entry (or :func:`set_for_card`'s stand-in) as the database stores it."""
    return SetRecord(
        str(raw.get("id") or ""),
        raw.get("name"),
        raw.get("ptcgoCode") or None,
        raw.get("series"),
        iso_date(raw.get("releaseDate")),
    )


class PokemonTcgSource:
    """The dataset in a folder or zip archive, as a :class:`~deckcheck.carddb.sources.CardSource`."""

    def __init__(self, tree: FileTree):
        self.tree = tree
        self.label = tree.label
        self.commit = tree.commit
        raw_sets = tree.load_json("sets/en.json")
        if not isinstance(raw_sets, list) or not all(isinstance(s, dict) and s.get("id") for s in raw_sets):
            raise DatabaseError(f"sets/en.json in {tree.label} is not a list of sets with ids")
        self._raw_sets = {str(s["id"]): s for s in raw_sets}
        self._records = {set_id: set_record(s) for set_id, s in self._raw_sets.items()}
        self._files = tree.json_files("cards/en")
        if not self._files:
            raise DatabaseError(f"{tree.label} holds no cards/en/*.json")

    def sets(self) -> list[SetRecord]:
        return list(self._records.values())

    def batch_count(self) -> int:
        return len(self._files)  # one batch per card file, listed in sets/en.json or not

    def batches(self) -> Iterator[CardBatch]:
        extra: dict[str, SetRecord] = {}
        for file_set_id in card_file_order(list(self._raw_sets), list(self._files)):
            relpath = self._files[file_set_id]
            raw_cards = self.tree.load_json(relpath)
            if not isinstance(raw_cards, list):
                raise DatabaseError(f"{relpath} in {self.label} is not a list of cards")
            cards = []
            for position, raw in enumerate(raw_cards):
                try:
                    set_info = set_for_card(raw, file_set_id, self._raw_sets)
                    card = card_from_dataset(raw, set_info)
                except (KeyError, TypeError, ValueError, AttributeError) as error:
                    raise DatabaseError(
                        f"{relpath} in {self.label}: card {position + 1} is malformed ({error!r})"
                    ) from None
                problem = _raw_problem(raw)
                if problem:  # before str() turns a list into "['a', 'b']"
                    raise DatabaseError(f"{relpath} in {self.label}: card {position + 1} is not valid: {problem}")
                record = self._records.get(card.set_id) or extra.get(card.set_id)
                if record is None:
                    record = extra[card.set_id] = set_record(set_info)
                cards.append((card, record))
            yield CardBatch(relpath, cards)

    def close(self) -> None:
        self.tree.close()


def open_dataset(path: Path) -> PokemonTcgSource:
    """The pokemontcg.io dataset in the folder or zip archive at ``path``, or DatabaseError."""
    if path.is_dir():
        if not (path / "sets" / "en.json").is_file():
            raise DatabaseError(f"{path} holds no sets/en.json (not a pokemontcg.io dataset folder)")
        tree: FileTree = FolderTree(path)
    elif path.is_file():
        tree = ZipTree(path, "sets/en.json", "a pokemontcg.io dataset archive")
    else:
        raise DatabaseError(f"{path} does not exist")
    try:
        return PokemonTcgSource(tree)
    except BaseException:
        tree.close()
        raise
