"""The Japanese cards of TCGdex (``/v2/ja``, from its ``data-asia``): Japan's region.

Japan's organised play has its own card pool (model.JAPAN): its own sets, set codes as
Japanese lists write them (``SV9a``, ``M2a``, ``SV-P``), numbers (``062``), names and
release days. TCGdex serves them in the shape of the other languages (``GET
/v2/ja/sets``, ``/v2/ja/sets/{id}``, ``/v2/ja/cards/{id}``), but with no link to an
English print, so they are cards of their own, never a translation:

* ids carry the region (``jp:SV9a-062``, set ``jp:SV9a``), so no id, set code or name of
  one region meets the other's (a Japanese ``SV1S`` is not ``SVI``, ``S1`` no Wizards set);
* the number is TCGdex's ``localId`` as printed (``062``; look-ups fold the zeros);
* the release day is the Japanese one, the set's;
* the rule facts come from the card's fields as for the English cards
  (:mod:`.tcgdex`): ``category``, ``stage``, ``trainerType``, ``energyType``,
  ``regulationMark``; the rule box from the name's last letters (``ex`` of the Scarlet &
  Violet era, ``EX``, ``GX``, ``V``, ``VMAX``, ``VSTAR``, ``V-UNION``: the data's
  ``suffix`` says ``EX`` for both ``ex`` and ``EX``); Radiant from ``かがやく`` or the
  rarity; ACE SPEC from the rarity ``ACE SPEC Rare`` alone (the data flags 14 prints: the
  ``standard-jp`` pack names the others); a Trainer played as a Basic Pokémon (the fossils)
  by its text ``たねポケモンとして``;
* a print without a regulation mark takes the mark of the print of its set with the same
  name and game text (the secret rares above a set's count carry none in the data);
  promos and deck products without one stay without (docs/japan.md, what the data lacks).

What the data does not hold is not guessed: Prism Star (◇) cards carry no ◇ and no flag,
the game-text digest is of the Japanese text as written (a reprint reworded is not
recognised as one), and no card has an English twin.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.gametext import as_strings, text_hash
from deckcheck.carddb.sources import CardBatch, SetRecord
from deckcheck.carddb.sources.files import FileTree, FolderTree, ZipTree
from deckcheck.carddb.sources.pokemontcg import iso_date
from deckcheck.carddb.sources.tcgdex import (
    STAGES,
    SUPERTYPES,
    TRAINER_KINDS,
    V_STAGES,
    Flavour,
    TcgdexSource,
    convert_cards,
    game_text_shape,
    settle_stages,
)
from deckcheck.model import JAPAN, POKEMON, TRAINER, Card

SOURCE = "tcgdex-ja"
BASE = "v2/ja"
# The prefix of the ids of Japan's cards and sets in deckcheck's scheme.
ID_PREFIX = "jp:"

# The rule box a Japanese name ends with, as printed: "メガヤンマex", "ザシアンV", "モルペコV-UNION".
_RULE_BOX = re.compile(r"(ex|EX|GX|VMAX|VSTAR|V-UNION|V)$")
_BASIC_ENERGY = re.compile(r"^基本.{1,6}エネルギー$")
_RADIANT = "かがやく"
# "このカードは、HP60の無色タイプのたねポケモンとして、場に出せる。" (the fossils)
_PLAYS_AS_BASIC = re.compile(r"たねポケモンとして")


def jp_id(tcgdex_id: str) -> str:
    """deckcheck's id of a Japanese TCGdex set or card: ``SV9a`` -> ``jp:SV9a``."""
    return f"{ID_PREFIX}{tcgdex_id}"


def set_record(raw: Mapping[str, Any]) -> SetRecord:
    """A Japanese TCGdex set object as the database stores it."""
    tcgdex_id = str(raw["id"])
    abbreviation: Mapping[str, Any] = raw["abbreviation"] if isinstance(raw.get("abbreviation"), Mapping) else {}
    code = str(abbreviation.get("official") or tcgdex_id).strip()
    serie: Mapping[str, Any] = raw["serie"] if isinstance(raw.get("serie"), Mapping) else {}
    return SetRecord(
        jp_id(tcgdex_id), raw.get("name"), code or None, serie.get("name"), iso_date(raw.get("releaseDate")), JAPAN
    )


def stub_card(tcgdex_card_id: str, record: SetRecord) -> Card:
    """What is known of a Japanese card from its TCGdex id alone."""
    return Card(
        id=jp_id(tcgdex_card_id),
        name="",
        supertype="",
        set_id=record.id,
        set_code=record.code,
        number=tcgdex_card_id.rsplit("-", 1)[-1],
        release_date=record.release_date,
        region=JAPAN,
    )


def _pokemon_subtypes(raw: Mapping[str, Any], name: str, stage: str | None, suffix: str | None) -> list[str]:
    subtypes = [STAGES[stage]] if stage in STAGES else ["Stage 1" if raw.get("evolveFrom") else "Basic"]
    match = _RULE_BOX.search(name)
    box = match.group(1) if match else None
    if box in ("ex", "EX", "GX"):
        if box == "GX" and (suffix == "TAG TEAM-GX" or "&" in name):
            subtypes.append("TAG TEAM")
        subtypes.append(box)
    elif box in V_STAGES:
        if box not in subtypes:
            subtypes = [box]
    elif box == "V" and suffix == "V":
        subtypes.append("V")
    if name.startswith(_RADIANT) or raw.get("rarity") == "Radiant Rare":
        subtypes.append("Radiant")
    return subtypes


def card_from_tcgdex_ja(raw: Mapping[str, Any], set_info: SetRecord) -> Card:
    """One Japanese TCGdex card object (``GET /v2/ja/cards/{id}``) with its set."""
    supertype = SUPERTYPES.get(str(raw["category"]))
    if supertype is None:
        raise ValueError(f"unknown category {raw['category']!r}")
    name = re.sub(r"\s+", " ", str(raw["name"])).strip()
    if not name:
        raise ValueError("no name")
    stage = raw.get("stage") or None
    suffix = raw.get("suffix") or None
    effect = str(raw.get("effect") or "")
    if supertype == POKEMON:
        subtypes = _pokemon_subtypes(raw, name, stage, suffix)
    elif supertype == TRAINER:
        subtypes = list(TRAINER_KINDS.get(str(raw.get("trainerType")), ()))
    else:
        basic = raw.get("energyType") == "Normal" or (
            raw.get("energyType") != "Special" and bool(_BASIC_ENERGY.match(name))
        )
        subtypes = ["Basic" if basic else "Special"]
    if raw.get("rarity") == "ACE SPEC Rare":
        subtypes.append("ACE SPEC")
    mark = str(raw.get("regulationMark") or "").strip().upper() or None
    local_id = str(raw["localId"]).strip()
    return Card(
        id=jp_id(f"{set_info.id.removeprefix(ID_PREFIX)}-{local_id}"),
        name=name,
        supertype=supertype,
        subtypes=tuple(subtypes),
        set_id=set_info.id,
        set_code=set_info.code,
        number=local_id,
        regulation_mark=mark,
        release_date=set_info.release_date,
        types=as_strings(raw.get("types")),
        evolves_from=raw.get("evolveFrom") or None,
        text_hash=text_hash(game_text_shape(raw, supertype, subtypes, name)),
        plays_as_basic=supertype == TRAINER and bool(_PLAYS_AS_BASIC.search(effect)),
        region=JAPAN,
    )


def settle(cards: list[Card]) -> list[Card]:
    """The cards of one set: the stages as for the English cards, and the mark of a print
    that has none taken from the print of the set with the same name and game text."""
    cards = settle_stages(cards)
    marks: dict[tuple[str, str | None], set[str]] = {}
    for card in cards:
        if card.regulation_mark:
            marks.setdefault((card.name, card.text_hash), set()).add(card.regulation_mark)
    settled = []
    for card in cards:
        found = marks.get((card.name, card.text_hash), set()) if not card.regulation_mark else set()
        settled.append(replace(card, regulation_mark=found.pop()) if len(found) == 1 else card)
    return settled


def convert_set(raw_set: Mapping[str, Any], raw_cards: Iterator[tuple[str, Any]], origin: str) -> CardBatch:
    """The cards of one Japanese TCGdex set; DatabaseError names a malformed card."""
    return convert_cards(set_record(raw_set), raw_cards, origin, card_from_tcgdex_ja, settle, SOURCE)


JAPANESE = Flavour(BASE, SOURCE, set_record, stub_card, convert_set, settle)


def has_japanese(path: Path) -> bool:
    """Whether the folder ``path`` is a TCGdex export with the Japanese cards (``v2/ja/sets/``)."""
    return path.is_dir() and (path / "v2" / "ja" / "sets").is_dir()


def open_japanese(path: Path) -> TcgdexSource:
    """The Japanese cards of the TCGdex export in the folder (or zip archive) at ``path``."""
    if path.is_dir():
        tree: FileTree = FolderTree(path)
    elif path.is_file():
        tree = ZipTree(path, f"{BASE}/sets.json", "a TCGdex export with the Japanese cards")
    else:
        raise DatabaseError(f"{path} does not exist")
    try:
        return TcgdexSource(tree, JAPANESE)
    except BaseException:
        tree.close()
        raise
