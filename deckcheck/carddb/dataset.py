"""Reading the pokemontcg.io dataset (``PokemonTCG/pokemon-tcg-data``) into :class:`Card` values.

The dataset is a folder with ``sets/en.json`` (one object per set) and
``cards/en/<set-id>.json`` (a list of card objects per set). This module is
pure apart from :func:`iter_dataset`, which reads such a folder; the SQLite
import (``deckcheck.carddb.sqlite``) reuses :func:`card_from_dataset` and
:func:`set_for_card` on files it reads from a folder or a zip archive.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from deckcheck.model import POKEMON, TRAINER, Card

# -- rules text that sets a deck-building limit (RULES.md section 3) ---------

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
_SPACES = re.compile(r"\s+")

# "You can't have more than 1 Shining Celebi in your deck." (RULES.md 3.5, 3.6)
_OWN_LIMIT = re.compile(r"\byou can't have more than (\d+) (.+?) in your deck\b", re.IGNORECASE)
# The generic group sentences are enforced from subtypes by the packs (RULES.md
# 3.1-3.4), not as a limit on one name: ACE SPEC, ◇ Prism Star, Pokémon Star, Radiant.
_GROUP_LIMIT_SUBJECT = re.compile(
    r"^(?:ACE SPEC cards?|◇ cards? with the same name|Pok[eé]mon Star|Radiant Pok[eé]mon)$",
    re.IGNORECASE,
)
_ACE_SPEC_LIMIT = re.compile(r"\byou can't have more than 1 ACE SPEC card\b", re.IGNORECASE)
# Arceus rule (RULES.md 3.7, decision 7).
_ANY_NUMBER = re.compile(r"\byou may have as many of this card in your deck as you like\b", re.IGNORECASE)
# RULES.md 3.10.
_NOT_FOR_TOURNAMENTS = re.compile(r"\bcannot be used at official tournaments\b", re.IGNORECASE)
# RULES.md 1.4 / DQ11: Clefairy Doll, the fossils, Lillie's Poké Doll, Snorlax Doll ...
_PLAYS_AS_BASIC = re.compile(r"\bas if (?:it|this card) were an? .*?\bBasic\b", re.IGNORECASE | re.DOTALL)

# Subtypes that name a rarity or a print treatment rather than game text
# (HGSS "Pokémon Prime" is a rarity), so a reprint without them still matches.
_NOISE_SUBTYPES = frozenset({"Prime"})


# Pokémon, ×2 and typographic quotes are by far the most common non-ASCII
# characters; folding them by table keeps the full import fast.
_FOLD = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'", "‐": "-", "‑": "-", "‒": "-",
                       "–": "-", "—": "-", "é": "e", "É": "E", "×": "x", "“": '"', "”": '"'})


@lru_cache(maxsize=65536)
def _fold(text: str) -> str:
    folded = text.translate(_FOLD)
    if not folded.isascii():
        folded = unicodedata.normalize("NFKD", folded)
        folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    return _SPACES.sub(" ", folded).strip()


def _clean(text: Any) -> str:
    """Fold the spelling noise between prints of one card (whitespace, quote and
    dash forms, ×, accents) so that reprints of the same text hash alike."""
    if text is None:
        return ""
    return _fold(str(text))


# Reminders of the general play rules that each era words differently ("You
# may play only 1 Supporter card during your turn (before your attack).") are
# not part of a card's own text, so they are left out of the digest: the SWSH
# and SV Professor's Research differ only there (RULES.md decision 5).
_REMINDERS = re.compile(
    "|".join(
        (
            r"You may play only 1 Supporter card during your turn(?: \(before your attack\))?\.",
            r"You can play only one Supporter card each turn\.",
            r"You may play (?:as many Item cards as you like|any number of Item cards) during your turn"
            r"(?: \(before your attack\))?\.",
            r"Attach a Pokemon Tool to 1 of your Pokemon that doesn't already have a Pokemon Tool"
            r" attached(?: to it)?\.",
            r"You may attach any number of Pokemon Tools to your Pokemon during your turn\.",
            r"You may attach only 1 Pokemon Tool to each Pokemon, and it stays attached\.",
            r"This card stays in play when you play it\.",
            r"Discard this card if another Stadium card comes into play\.",
            r"If another card with the same name is in play, you can't play this card\.",
            r"You may play only 1 Stadium card during your turn\.",
            r"Put it next to the Active Spot, and discard it if another Stadium comes into play\.",
            r"A Stadium with the same name can't be played\.",
            r"When you play this card, put it next to your Active Pokemon\.",
            r"When your turn ends, discard this card\.",
            # The ACE SPEC rule is carried by the subtype (RULES.md 3.1).
            r"(?:ACE SPEC: )?You can't have more than 1 ACE SPEC card in your deck\.",
        )
    )
)


def _rules_text(raw: Mapping[str, Any]) -> str:
    # Prints split the same text into list items differently (sv1-196 and
    # sv4pt5-91 Ultra Ball), so the rules are compared as one text.
    if raw.get("supertype") == POKEMON:
        # A Pokémon's rules are separate rule boxes ("Pokémon-EX rule", "Mega
        # Evolution rule") whose order differs between prints (ROS 76 and CEL 76
        # M Rayquaza-EX), so they are compared as a set.
        return " ".join(sorted(_clean(str(rule)) for rule in raw.get("rules") or ()))
    text = _clean(" ".join(str(rule) for rule in raw.get("rules") or ()))
    return _SPACES.sub(" ", _REMINDERS.sub(" ", text)).strip()


def _strings(value: Any) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(item) for item in value)


def text_hash(raw: Mapping[str, Any]) -> str:
    """A short digest of a card's game text: prints of one deck-building name
    with equal digests are reprints (RULES.md decision 5).

    Pokémon: HP, types, stage and other subtypes, evolves-from, abilities,
    attacks, rules, weakness, resistance, retreat cost. Trainers and Energy:
    subtypes and rules (and attacks/abilities where a print has them).
    """
    # Fields are joined with control characters that _clean folds away inside
    # texts, so the joined string is an unambiguous canonical form.
    supertype = str(raw.get("supertype"))
    subtypes = sorted(s for s in _strings(raw.get("subtypes")) if s not in _NOISE_SUBTYPES)
    parts = [supertype, "\x1f".join(subtypes), _rules_text(raw)]
    for ability in raw.get("abilities") or ():
        parts.append("A\x1f" + "\x1f".join(_clean(ability.get(k)) for k in ("name", "text", "type")))
    for attack in raw.get("attacks") or ():
        cost = "\x1f".join(_strings(attack.get("cost")))
        name, damage, text = (_clean(attack.get(k)) for k in ("name", "damage", "text"))
        parts.append(f"T\x1f{name}\x1f{cost}\x1e{damage}\x1f{text}")
    trait = raw.get("ancientTrait")
    if trait:
        parts.append(f"X\x1f{_clean(trait.get('name'))}\x1f{_clean(trait.get('text'))}")
    if supertype == POKEMON:
        retreat = raw.get("convertedRetreatCost")
        if retreat is None:
            retreat = len(raw.get("retreatCost") or ())
        parts.append(f"H\x1f{_clean(raw.get('hp'))}\x1f{chr(31).join(sorted(_strings(raw.get('types'))))}")
        parts.append(f"E\x1f{_clean(raw.get('evolvesFrom'))}\x1f{int(retreat)}")
        for label in ("weaknesses", "resistances"):
            entries = sorted(f"{_clean(w.get('type'))}\x1f{_clean(w.get('value'))}" for w in raw.get(label) or ())
            parts.append(label[0] + "\x1f" + "\x1e".join(entries))
    canonical = "\x1d".join(parts)
    return hashlib.sha1(canonical.encode("utf-8")).hexdigest()[:16]


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
    rules = raw_rules.translate(_APOSTROPHES)
    subtypes = _strings(raw.get("subtypes"))
    if "ACE SPEC" not in subtypes and _ACE_SPEC_LIMIT.search(rules):
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
        types=_strings(raw.get("types")),
        evolves_from=raw.get("evolvesFrom") or None,
        text_hash=text_hash(raw),
        own_limit=own_limit(rules),
        any_number=bool(_ANY_NUMBER.search(rules)),
        not_for_tournaments=bool(_NOT_FOR_TOURNAMENTS.search(rules)),
        plays_as_basic=supertype == TRAINER and bool(_PLAYS_AS_BASIC.search(rules)),
    )


def set_for_card(raw: Mapping[str, Any], file_set_id: str, sets: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Any]:
    """The ``sets/en.json`` entry for a card of ``cards/en/<file_set_id>.json``.

    Upstream publishes some card files without a set entry (``mee``, ``mep1``,
    whose ids say ``mep``): those cards get a set with their id prefix (or the
    file name), the card's own embedded ``set`` name if any, and no code/date.
    """
    found = sets.get(file_set_id)
    if found is not None:
        return found
    card_id = str(raw.get("id", ""))
    set_id = card_id.rsplit("-", 1)[0] if "-" in card_id else file_set_id
    if set_id in sets:
        return sets[set_id]
    embedded = raw.get("set") if isinstance(raw.get("set"), Mapping) else {}
    return {"id": set_id, "name": embedded.get("name") or set_id, "series": embedded.get("series")}


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
