"""The TCGdex card source (https://tcgdex.dev, MIT licence): REST API v2 objects -> Cards.

TCGdex answers ``GET /v2/en/sets`` (a list of sets), ``GET /v2/en/sets/{id}``
(a set with the list of its cards: ``id``, ``localId``, ``name``) and ``GET
/v2/en/cards/{id}`` (one card). An export laid out like the API
(``v2/en/sets.json``, ``v2/en/sets/<id>.json``, ``v2/en/cards/<id>.json``) is
read by :func:`open_export`; :mod:`deckcheck.carddb.tcgdex_fetch` fetches the
same objects over HTTP.

Every rule fact comes from TCGdex's own fields (RULES.md sections 1-3):

* supertype from ``category``; Basic / Stage 1 / Stage 2 / BREAK / LEVEL-UP /
  VMAX / VSTAR / V-UNION / MEGA / Restored / Baby from ``stage`` (a Pokémon
  without ``stage`` is Basic unless it evolves from something);
* rule boxes from ``suffix`` (``ex``, ``EX``, ``GX``, ``V``, ``TAG TEAM-GX``,
  ``Legend``, ...) and the name: TCGdex gives the Mega Evolution ``ex`` the
  suffix ``EX``, so the case of the name's last word decides (``Mega Delphox
  ex`` is a Pokémon ex, ``M Slowbro EX`` a Pokémon-EX);
* ACE SPEC from the rarity ``ACE SPEC Rare`` or the ACE SPEC sentence of the
  text; Radiant from the rarity ``Radiant Rare`` or the name; Prism Star (◇) and
  Pokémon Star (★, ☆, "Star") from the name; Shining Pokémon (own limit of 1,
  RULES.md 3.5) from the name;
* basic vs Special Energy from ``energyType`` (``Normal``/``Special``; an
  Energy without it is basic when its name is a basic Energy's);
* the regulation mark from ``regulationMark``; the Trainer kind from
  ``trainerType``; deck-building limits and "plays as a Basic Pokémon" from
  ``effect`` as for the pokemontcg.io ``rules``;
* names are brought to the spelling deck lists and the pokemontcg.io dataset
  use (``Mewtwo GX`` -> ``Mewtwo-GX``, ``Dialga`` at stage LEVEL-UP ->
  ``Dialga LV.X``, ``Unown L`` -> ``Unown [L]``);
* the game-text digest is :func:`deckcheck.carddb.gametext.text_hash` of the card
  converted into the pokemontcg.io shape (``abilities``, ``attacks``,
  ``effect`` -> ``rules``), so both sources digest alike;
* the set code from ``abbreviation.official`` (``BRS:TG`` -> ``BRS``), except where deck lists
  write another (:data:`_DECK_LIST_CODES`).

Card and set ids follow deckcheck's id scheme (the pokemontcg.io ids the format
packs name: ``sv03`` -> ``sv3``, ``sv03.5`` -> ``sv3pt5``, ``me05-008`` ->
``me5-8``), so a pack's ``ids:`` and ``sets:`` mean the same cards whichever
source built the database.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from deckcheck.carddb.errors import DatabaseError
from deckcheck.carddb.gametext import as_strings, text_hash
from deckcheck.carddb.sources import CardBatch, SetRecord
from deckcheck.carddb.sources.files import FileTree, FolderTree, ZipTree
from deckcheck.carddb.sources.pokemontcg import (
    ACE_SPEC_LIMIT,
    ANY_NUMBER,
    APOSTROPHES,
    NOT_FOR_TOURNAMENTS,
    PLAYS_AS_BASIC,
    iso_date,
    own_limit,
)
from deckcheck.model import ENERGY, ENERGY_LETTERS, POKEMON, TRAINER, Card
from deckcheck.parse.text import CLASSIC_COLLECTION_IDS

SOURCE = "tcgdex"

SUPERTYPES = {"Pokemon": POKEMON, "Pokémon": POKEMON, "Trainer": TRAINER, "Energy": ENERGY}

# TCGdex stage -> the subtype the rules know (RULES.md 1.4).
STAGES = {
    "Basic": "Basic",
    "Stage1": "Stage 1",
    "Stage2": "Stage 2",
    "BREAK": "BREAK",
    "LEVEL-UP": "Level-Up",
    "VMAX": "VMAX",
    "VSTAR": "VSTAR",
    "V-UNION": "V-UNION",
    "MEGA": "MEGA",
    "RESTORED": "Restored",
    "Baby": "Baby",
}
# Stages that are the rule box themselves: no "V" beside them.
V_STAGES = frozenset({"VMAX", "VSTAR", "V-UNION"})

TRAINER_KINDS = {
    "Item": ("Item",),
    "Supporter": ("Supporter",),
    "Stadium": ("Stadium",),
    "Tool": ("Pokémon Tool",),
    "Technical Machine": ("Technical Machine",),
    "Rocket's Secret Machine": ("Rocket's Secret Machine",),
}

# Set ids whose pokemontcg.io form the general rule (leading zeros dropped,
# ".5" -> "pt5") does not give: the packs name sets and cards by these ids.
_SET_IDS = {
    "swsh3.5": "swsh35",
    "swsh4.5": "swsh45",
    "swsh4.5sv": "swsh45sv",
    "swsh10.5": "pgo",
    "sm3.5": "sm35",
    "sm7.5": "sm75",
    "lc": "base6",
    "fut2020": "fut20",
    "cel25cc": "cel25c",
    "sv10.5b": "zsv10pt5",
    "sv10.5w": "rsv10pt5",
}
_SET_ID = re.compile(r"^([a-z]+)0*(\d+)(?:\.(\d))?([a-z]*)$")
_MCDONALDS = re.compile(r"^20(\d\d)[a-z]+$")  # 2021swsh -> mcd21

# The set codes deck lists use (the PTCGO codes, RULES.md 7.2) where TCGdex has
# no abbreviation (the promo sets; Hidden Fates' Shiny Vault, printed with HIF)
# or another one: TCGdex calls Team Rocket "RO" and Team Rocket Returns "TR",
# while a list's "TR 16" is Team Rocket's Dark Muk and Team Rocket Returns is TRR.
_DECK_LIST_CODES = {
    "basep": "PR",
    "np": "PR-NP",
    "dpp": "PR-DPP",
    "hgssp": "PR-HS",
    "swshp": "PR-SW",
    "sma": "HIF",
    "base5": "TR",
    "ex7": "TRR",
    "hgss3": "UD",
    "hgss4": "TM",
    "col1": "CL",
    "bw2": "EPO",
}

_BASIC_ENERGY_NAME = re.compile(
    r"^(?:basic )?(?:grass|fire|water|lightning|psychic|fighting|darkness|metal|fairy)(?: energy)?$", re.I
)
_UNOWN = re.compile(r"^Unown ([A-Z!?])$")
_RULE_BOX_WORD = re.compile(r"\s(GX|EX)$")
_LEVEL_X = re.compile(r"\bLV\.?\s?X\b", re.IGNORECASE)
_STAR = re.compile(r"\s*(?:☆|\bStar\b)(?=\s*(?:δ|$))")
_PRISM = re.compile(r"◇|\bPrism Star\b")
_TAG_TEAM_BONUS = re.compile(r"\bWhen you play this card, you may discard \d+ other cards from your hand\b", re.I)


def deck_set_id(tcgdex_id: str) -> str:
    """deckcheck's (the pokemontcg.io) id of a TCGdex set: ``sv03`` -> ``sv3``."""
    if tcgdex_id in _SET_IDS:
        return _SET_IDS[tcgdex_id]
    match = _MCDONALDS.match(tcgdex_id)
    if match:
        return f"mcd{match.group(1)}"
    match = _SET_ID.match(tcgdex_id)
    if not match:
        return tcgdex_id
    letters, digits, half, tail = match.groups()
    return f"{letters}{int(digits)}{'pt' + half if half else ''}{tail}"


def card_number(local_id: str) -> str:
    """The collector number as deckcheck stores it: ``008`` -> ``8``; ``SWSH001``, ``TG01`` stay."""
    match = re.match(r"^0*(\d+)(.*)$", local_id)
    return f"{int(match.group(1))}{match.group(2)}" if match else local_id


_CLASSIC = re.compile(r"^CC0*(\d+)$")
# Celebrations' Classic Collection: TCGdex numbers it CC001-CC025 in the
# collection's order (deckcheck.parse.text.CLASSIC_COLLECTION_IDS, the id
# suffix pokemontcg.io gives each card). tests/carddb/test_tcgdex.py checks
# every one against the pokemontcg.io card of that id.
_CLASSIC_COLLECTION = CLASSIC_COLLECTION_IDS


def card_id_and_number(set_id: str, local_id: str) -> tuple[str, str]:
    """deckcheck's id and collector number of a card of the set ``set_id``
    (deckcheck's set id) with TCGdex's ``localId``.

    TCGdex numbers Celebrations' Classic Collection CC001-CC025; the cards
    carry the numbers of their original prints, which deck lists write
    (``Reshiram CEL 113``) and pokemontcg.io uses (``cel25c-113_A``)."""
    match = _CLASSIC.match(local_id) if set_id == "cel25c" else None
    if match and 1 <= int(match.group(1)) <= len(_CLASSIC_COLLECTION):
        tail = _CLASSIC_COLLECTION[int(match.group(1)) - 1]
        return f"{set_id}-{tail}", tail.split("_")[0]
    number = card_number(local_id)
    return f"{set_id}-{number}", number


def set_record(raw: Mapping[str, Any]) -> SetRecord:
    """A TCGdex set object (from the set list or ``/sets/{id}``) as the database stores it."""
    tcgdex_id = str(raw["id"])
    abbreviation: Mapping[str, Any] = raw["abbreviation"] if isinstance(raw.get("abbreviation"), Mapping) else {}
    code = _DECK_LIST_CODES.get(tcgdex_id) or str(abbreviation.get("official") or "").split(":")[0].strip()
    serie: Mapping[str, Any] = raw["serie"] if isinstance(raw.get("serie"), Mapping) else {}
    return SetRecord(
        deck_set_id(tcgdex_id), raw.get("name"), code or None, serie.get("name"), iso_date(raw.get("releaseDate"))
    )


def _name(raw: Mapping[str, Any], supertype: str, stage: str | None, suffix: str | None) -> str:
    name = re.sub(r"\s+", " ", str(raw["name"]).translate(APOSTROPHES)).strip()
    if supertype != POKEMON:
        return name
    # "Mewtwo GX" -> "Mewtwo-GX", "M Slowbro EX" -> "M Slowbro-EX"; "Mega Delphox ex" stays
    name = _RULE_BOX_WORD.sub(r"-\1", name)
    if stage == "LEVEL-UP" and not _LEVEL_X.search(name):
        name += " LV.X"
    if suffix is None and _UNOWN.match(name):
        name = _UNOWN.sub(r"Unown [\1]", name)
    name = _STAR.sub(" ★", name)
    return name


# The rule-box word a Pokémon's name ends with (after _name's spelling):
# TCGdex's ``suffix`` is missing on some prints (Charizard GX SM211) and wrong
# on others (Raichu PAL 64 has "ex", Latios XY65 "EX"), so the name decides
# which rule box it is and the suffix only adds what the name cannot say (V,
# LEGEND, SP, Prime).
_NAME_RULE_BOX = re.compile(r"(?:-| )(ex|EX|GX|VMAX|VSTAR|V-UNION)(?: δ)?$")


def _pokemon_subtypes(
    raw: Mapping[str, Any], name: str, stage: str | None, suffix: str | None, rarity: str
) -> list[str]:
    subtypes: list[str] = []
    legend = suffix == "Legend" or name.endswith(" LEGEND")
    if legend:
        pass  # a LEGEND card is neither Basic nor an Evolution (RULES.md 1.4)
    elif stage in STAGES:
        # TCGdex's "Basic" is kept even with an evolveFrom: it names the baby
        # pre-evolutions of later generations (Snorlax JU 11 from Munchlax).
        subtypes.append(STAGES[stage])
    else:
        # No stage: Basic unless it evolves, then Stage 1 (:func:`settle_stages`
        # makes it Stage 2 when its pre-evolution is a Stage 1 of the same set).
        subtypes.append("Stage 1" if raw.get("evolveFrom") else "Basic")
    word = _NAME_RULE_BOX.search(name)
    box = word.group(1) if word else None
    if box in ("ex", "EX", "GX"):
        if box == "GX" and (suffix == "TAG TEAM-GX" or " & " in name):
            subtypes.append("TAG TEAM")
        subtypes.append(box)
    elif box in V_STAGES and box not in subtypes:
        subtypes = [box]  # a VMAX/VSTAR/V-UNION without its stage
    elif suffix == "V" and stage not in V_STAGES and name.endswith(" V"):
        subtypes.append("V")
    elif legend:
        subtypes.append("LEGEND")
    if suffix in ("SP", "Prime"):
        subtypes.append(suffix)
    if stage == "MEGA" or (name.startswith("Mega ") and box == "ex"):
        if "MEGA" not in subtypes:
            subtypes.append("MEGA")
        if stage == "MEGA" and box is None:
            subtypes.append("EX")  # XY "M ... EX" whose name TCGdex gave without the EX
    if rarity == "Radiant Rare" or name.startswith("Radiant "):
        subtypes.append("Radiant")
    if _PRISM.search(name):
        subtypes.append("Prism Star")
    if "★" in name:
        subtypes.append("Star")
    return subtypes


# TCGdex writes Energy symbols as {C}, {R} ...; pokemontcg.io writes the type.
_ENERGY_SYMBOLS = {**ENERGY_LETTERS, "*": "◇"}
# Some old texts have the bare letter ("each W Energy attached", Poliwhirl N2 44),
# and the Prism Star symbol is {*}.
_SYMBOL = re.compile(r"\{([GRWLPFDMYNC*])\}|\b([GRWLPFDMYNC])(?= Energy\b)")
# Ability kinds as pokemontcg.io spells them.
_ABILITY_TYPES = {
    "poke-body": "Poké-Body",
    "poke-power": "Poké-Power",
    "pokemon power": "Pokémon Power",
    "ability": "Ability",
    "ancient trait": "Ancient Trait",
}


def _levels_up_from(name: str | None, subtypes: Sequence[str]) -> str | None:
    # A LV.X levels up from the Pokémon of its name (Dialga LV.X from Dialga),
    # which TCGdex leaves out of some (Dialga LV.X DP 105).
    return _LEVEL_X.sub("", name).strip() if name and "Level-Up" in subtypes else None


_TITLE = re.compile(r"^\{title\}:\s*")


def _is_trait(ability: Mapping[str, Any]) -> bool:
    return str(ability.get("type") or "").casefold() == "ancient trait" or str(ability.get("name") or "").startswith(
        "{title}"
    )


def _text(value: Any) -> str:
    return _SYMBOL.sub(lambda m: _ENERGY_SYMBOLS[m.group(1) or m.group(2)], str(value)) if value else ""


def game_text_shape(
    raw: Mapping[str, Any], supertype: str, subtypes: Sequence[str], name: str | None = None
) -> dict[str, Any]:
    """A TCGdex card in the pokemontcg.io shape :func:`deckcheck.carddb.gametext.text_hash` reads;
    ``name`` is the converted name (self references in the text are read by it)."""
    effect = _text(raw.get("effect"))
    item = raw.get("item") if isinstance(raw.get("item"), Mapping) else None
    shape: dict[str, Any] = {
        "name": raw.get("name") if name is None else name,
        "supertype": supertype,
        "subtypes": list(subtypes),
        "rules": [part.strip() for part in re.split(r"\n\s*\n", effect) if part.strip()],
        "abilities": [
            {
                "name": a.get("name"),
                "text": _text(a.get("effect")),
                "type": _ABILITY_TYPES.get(str(a.get("type") or "").casefold(), a.get("type")),
            }
            for a in raw.get("abilities") or ()
            if isinstance(a, Mapping) and not _is_trait(a)
        ],
        "attacks": [
            {
                "name": a.get("name"),
                "cost": list(as_strings(a.get("cost"))),
                "damage": "" if a.get("damage") is None else str(a.get("damage")),
                "text": _text(a.get("effect")),
            }
            for a in raw.get("attacks") or ()
            if isinstance(a, Mapping)
        ],
    }
    # TCGdex lists an Ancient Trait among the abilities (pokemontcg.io apart):
    # with the type "Ancient Trait", or as an Ability named "{title}:" whose
    # text starts with "{title}: " (the Θ/Δ traits of Ancient Origins, xy7).
    traits = [a for a in raw.get("abilities") or () if isinstance(a, Mapping) and _is_trait(a)]
    if traits:
        shape["ancientTrait"] = {
            "name": traits[0].get("name"),
            "text": _text(_TITLE.sub("", str(traits[0].get("effect") or ""))),
        }
    if item:  # the held Poké-Items of the EX era
        shape["abilities"].append({"name": item.get("name"), "text": _text(item.get("effect")), "type": "Poké-Item"})
    if supertype == POKEMON:
        shape.update(
            {
                "hp": "" if raw.get("hp") is None else str(raw.get("hp")),
                "types": list(as_strings(raw.get("types"))),
                # TCGdex gives some Basic Pokémon the pre-evolution a later
                # generation brought (Snorlax BS2 11 from Munchlax): a Basic Pokémon
                # evolves from nothing.
                "evolvesFrom": None
                if "Basic" in subtypes
                else raw.get("evolveFrom") or _levels_up_from(name, subtypes),
                "convertedRetreatCost": int(raw.get("retreat") or 0),
                "weaknesses": [w for w in raw.get("weaknesses") or () if isinstance(w, Mapping)],
                "resistances": [r for r in raw.get("resistances") or () if isinstance(r, Mapping)],
            }
        )
    return shape


def card_from_tcgdex(raw: Mapping[str, Any], set_info: SetRecord) -> Card:
    """One TCGdex card object (``GET /v2/en/cards/{id}``) with its set."""
    category = str(raw["category"])
    supertype = SUPERTYPES.get(category)
    if supertype is None:
        raise ValueError(f"unknown category {category!r}")
    stage = raw.get("stage") or None
    suffix = raw.get("suffix") or None
    rarity = str(raw.get("rarity") or "")
    name = _name(raw, supertype, stage, suffix)
    effect = str(raw.get("effect") or "").translate(APOSTROPHES)
    texts = " ".join(
        [effect, *(str(a.get("effect") or "") for a in raw.get("abilities") or () if isinstance(a, Mapping))]
    ).translate(APOSTROPHES)
    if supertype == POKEMON:
        subtypes = _pokemon_subtypes(raw, name, stage, suffix, rarity)
    elif supertype == TRAINER:
        subtypes = list(TRAINER_KINDS.get(str(raw.get("trainerType")), ()))
        if subtypes == ["Supporter"] and " & " in name and _TAG_TEAM_BONUS.search(effect):
            subtypes.append("TAG TEAM")  # the TAG TEAM Supporters (2019), by their bonus effect
        if _PRISM.search(name):
            subtypes.append("Prism Star")
    else:
        # energyType "Normal" is basic Energy; TCGdex also gives it to a few
        # Special Energy (Reversal Energy PAR 266), which a basic Energy's name tells apart.
        basic = raw.get("energyType") != "Special" and bool(_BASIC_ENERGY_NAME.match(name))
        subtypes = ["Basic" if basic else "Special"]
        if _PRISM.search(name):
            subtypes.append("Prism Star")
    if rarity == "ACE SPEC Rare" or ACE_SPEC_LIMIT.search(texts):
        subtypes.append("ACE SPEC")
    limit = own_limit(texts)
    if limit is None and supertype == POKEMON and name.startswith("Shining ") and _neo_era(set_info):
        limit = (name, 1)  # RULES.md 3.5: the Neo Shining Pokémon rule, not in TCGdex's text
    mark = str(raw.get("regulationMark") or "").strip().upper() or None
    card_id, number = card_id_and_number(set_info.id, str(raw["localId"]))
    not_for_tournaments = bool(NOT_FOR_TOURNAMENTS.search(texts))
    known = _catalogue_prints().get(card_id)
    if known is not None and known.supertype == supertype:
        # What TCGdex does not record of a print the built-in catalogue has:
        # the Black & White ACE SPECs (rarity "Rare", no ACE SPEC sentence) and
        # "This card cannot be used at official tournaments" (Imakuni?'s Doduo
        # EVO 112, the 2021 joke promos), printed on the card (RULES.md 3.1, 3.10).
        if "ACE SPEC" in known.subtypes and "ACE SPEC" not in subtypes:
            subtypes.append("ACE SPEC")
        not_for_tournaments = not_for_tournaments or known.not_for_tournaments
    return Card(
        id=card_id,
        name=name,
        supertype=supertype,
        subtypes=tuple(subtypes),
        set_id=set_info.id,
        set_code=set_info.code,
        number=number,
        regulation_mark=mark,
        release_date=set_info.release_date,
        types=as_strings(raw.get("types")),
        evolves_from=raw.get("evolveFrom") or None,
        text_hash=text_hash(game_text_shape(raw, supertype, subtypes, name)),
        own_limit=limit,
        any_number=bool(ANY_NUMBER.search(texts)) or _arceus_rule(name, supertype, set_info),
        not_for_tournaments=not_for_tournaments,
        plays_as_basic=supertype == TRAINER and bool(PLAYS_AS_BASIC.search(texts)),
    )


@lru_cache(maxsize=1)
def _catalogue_prints() -> dict[str, Card]:
    from deckcheck.carddb.catalogue import load_catalogue

    return {card.id: card for card in load_catalogue().cards}


def _neo_era(set_info: SetRecord) -> bool:
    # The Shining Pokémon of Neo Revelation and Neo Destiny (2001-2002) and the
    # Classic Collection's copy of Shining Magikarp (2021); the Shining Legends
    # prints of 2017 have no such rule.
    return set_info.id == "cel25c" or (bool(set_info.release_date) and str(set_info.release_date) < "2003-01-01")


def _arceus_rule(name: str, supertype: str, set_info: SetRecord) -> bool:
    # RULES.md 3.7: the Arceus cards of the Platinum era say "You may have as
    # many of this card in your deck as you like"; TCGdex does not carry the text.
    return (
        supertype == POKEMON
        and name in ("Arceus", "Arceus LV.X")
        and bool(set_info.release_date)
        and "2007-01-01" <= str(set_info.release_date) <= "2010-12-31"
    )


def settle_stages(cards: list[Card]) -> list[Card]:
    """Cards without a TCGdex ``stage`` that evolve from a Stage 1 are Stage 2."""
    stage1 = {c.name for c in cards if "Stage 1" in c.subtypes}
    basics = {c.name for c in cards if "Basic" in c.subtypes}
    return (
        cards
        if not stage1
        else [
            c
            if not ("Stage 1" in c.subtypes and c.evolves_from in stage1 and c.evolves_from not in basics)
            else _with_stage(c, "Stage 2")
            for c in cards
        ]
    )


def _with_stage(card: Card, stage: str) -> Card:
    return replace(card, subtypes=tuple(stage if s == "Stage 1" else s for s in card.subtypes))


# -- the export the database build reads ----------------------------------------


def official_count(raw: Mapping[str, Any]) -> int | None:
    """How many cards the set has by TCGdex's ``cardCount.official`` (the printed
    total, secret rares not counted)."""
    count: Mapping[str, Any] = raw["cardCount"] if isinstance(raw.get("cardCount"), Mapping) else {}
    value = count.get("official")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def set_list_order(raw_sets: Sequence[Any]) -> list[Mapping[str, Any]]:
    """The set objects of ``GET /v2/en/sets`` with ids, oldest first."""
    ordered = [s for s in raw_sets if isinstance(s, Mapping) and s.get("id")]
    return sorted(ordered, key=lambda s: (str(s.get("releaseDate") or ""), str(s["id"])))


class Flavour(NamedTuple):
    """How the objects of one TCGdex language become deckcheck's sets and cards: the English
    ones here, the Japanese ones (a region of their own) in :mod:`.tcgdex_ja`."""

    base: str  # the folder (and API path) of the language: "v2/en"
    source: str  # the card source's name in the database ("tcgdex")
    set_record: Callable[[Mapping[str, Any]], SetRecord]
    stub_card: Callable[[str, SetRecord], Card]
    convert_set: Callable[[Mapping[str, Any], Iterator[tuple[str, Any]], str], CardBatch]
    # The cards of one set once all are converted (some facts come from the set's other cards).
    settle: Callable[[list[Card]], list[Card]]


class TcgdexSource:
    """A TCGdex export laid out like the API (``v2/en/sets.json``,
    ``v2/en/sets/<id>.json``, ``v2/en/cards/<id>.json``): a
    :class:`~deckcheck.carddb.sources.CardSource` of all of it, and a
    :class:`~deckcheck.carddb.sources.FillSource` of the sets another source lacks.
    ``flavour`` says which language's folder is read, and how (English by default)."""

    def __init__(self, tree: FileTree, flavour: Flavour | None = None):
        self.flavour = flavour or ENGLISH
        self.name = self.flavour.source
        self.tree = tree
        base = self.base = self.flavour.base
        self.label = tree.label
        self.commit = tree.commit
        self._set_files = tree.json_files(f"{base}/sets")
        if not self._set_files:
            raise DatabaseError(f"{tree.label} holds no {base}/sets/*.json (not a TCGdex export)")
        self._listed = self._set_list()
        self._order = [s for s in self._listed if s in self._set_files]
        self._order += sorted(s for s in self._set_files if s not in set(self._order))

    def _set_list(self) -> dict[str, Mapping[str, Any]]:
        """The entries of ``sets.json`` by id (empty when the export has none)."""
        try:
            raw = self.tree.load_json(f"{self.base}/sets.json")
        except DatabaseError:
            return {}
        return {str(s["id"]): s for s in set_list_order(raw if isinstance(raw, list) else [])}

    def raw_set(self, tcgdex_id: str) -> Mapping[str, Any]:
        relpath = self._set_files[tcgdex_id]
        raw = self.tree.load_json(relpath)
        if not isinstance(raw, Mapping) or not raw.get("id"):
            raise DatabaseError(f"{relpath} in {self.label} is not a TCGdex set")
        return raw

    def sets(self) -> list[SetRecord]:
        return [record for _, record, _ in self.candidate_sets()]

    def candidate_sets(self) -> list[tuple[str, SetRecord, int | None]]:
        found = []
        for tcgdex_id in self._order:
            raw = self._listed.get(tcgdex_id) or self.raw_set(tcgdex_id)
            found.append((tcgdex_id, self.flavour.set_record(raw), official_count(raw)))
        return found

    def _raw_cards(self, raw_set: Mapping[str, Any], wanted: Callable[[str], bool]) -> Iterator[tuple[str, Any]]:
        for entry in raw_set.get("cards") or ():
            card_id = str(entry.get("id") if isinstance(entry, Mapping) else entry)
            if not wanted(card_id):
                continue
            relpath = f"{self.base}/cards/{card_id}.json"
            if isinstance(self.tree, FolderTree) and not (self.tree.root / relpath).is_file():
                continue  # listed but not exported: the set is short, not broken
            yield f"{relpath} in {self.label}", self.tree.load_json(relpath)

    def set_batch(self, tcgdex_id: str, skip: Callable[[Card], bool] = lambda card: False) -> CardBatch:
        raw_set = self.raw_set(tcgdex_id)
        record = self.flavour.set_record(raw_set)

        def wanted(card_id: str) -> bool:
            return not skip(self.flavour.stub_card(card_id, record))

        return self.flavour.convert_set(raw_set, self._raw_cards(raw_set, wanted), self._set_files[tcgdex_id])

    def batch_count(self) -> int:
        return len(self._order)

    def batches(self) -> Iterator[CardBatch]:
        for tcgdex_id in self._order:
            yield self.set_batch(tcgdex_id)

    def close(self) -> None:
        self.tree.close()


def stub_card(tcgdex_card_id: str, record: SetRecord) -> Card:
    """What is known of a card from its TCGdex id alone (its id, set and number
    in deckcheck's scheme): enough to tell whether another source has it."""
    card_id, number = card_id_and_number(record.id, tcgdex_card_id.rsplit("-", 1)[-1])
    return Card(
        id=card_id,
        name="",
        supertype="",
        set_id=record.id,
        set_code=record.code,
        number=number,
        release_date=record.release_date,
    )


def convert_set(raw_set: Mapping[str, Any], raw_cards: Iterator[tuple[str, Any]], origin: str) -> CardBatch:
    """The cards of one TCGdex set; DatabaseError names a malformed card."""
    return convert_cards(set_record(raw_set), raw_cards, origin, card_from_tcgdex, settle_stages, SOURCE)


def convert_cards(
    record: SetRecord,
    raw_cards: Iterator[tuple[str, Any]],
    origin: str,
    convert: Callable[[Mapping[str, Any], SetRecord], Card],
    settle: Callable[[list[Card]], list[Card]],
    source: str,
) -> CardBatch:
    """The cards of one set of ``record``, each ``convert``-ed, then ``settle``-d together, as a
    batch of ``source``; DatabaseError names a malformed card (``where`` it was read)."""
    cards = []
    for where, raw in raw_cards:
        try:
            if not isinstance(raw, Mapping):
                raise TypeError("not an object")
            cards.append(convert(raw, record))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise DatabaseError(f"{where}: the card is malformed ({error!r})") from None
    return CardBatch(origin, [(card, record) for card in settle(cards)], source)


ENGLISH = Flavour("v2/en", SOURCE, set_record, stub_card, convert_set, settle_stages)


def is_export(path: Path) -> bool:
    """Whether ``path`` is a folder laid out like the TCGdex API."""
    return path.is_dir() and (path / "v2" / "en" / "sets").is_dir()


def open_export(path: Path) -> TcgdexSource:
    """The TCGdex export in the folder (or zip archive) at ``path``, or DatabaseError."""
    if path.is_dir():
        tree: FileTree = FolderTree(path)
    elif path.is_file():
        tree = ZipTree(path, "v2/en/sets.json", "a TCGdex export")
    else:
        raise DatabaseError(f"{path} does not exist")
    try:
        return TcgdexSource(tree)
    except BaseException:
        tree.close()
        raise
