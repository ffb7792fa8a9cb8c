"""A print's game text, normalised and digested for the reprint rule.

Two prints of one deck-building name whose digests are equal do the same thing
in play (RULES.md decisions 5 and 15). The input is a card object shaped like
the pokemontcg.io dataset's (``supertype``, ``subtypes``, ``rules``,
``abilities``, ``attacks``, ``hp``, ``types``, ``evolvesFrom``, retreat,
``weaknesses``, ``resistances``); every card source converts its own records
into that shape before calling :func:`text_hash`, so digests of one card agree
across sources.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache
from typing import Any, Mapping

from deckcheck.model import POKEMON

_SPACES = re.compile(r"\s+")

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


def as_strings(value: Any) -> tuple[str, ...]:
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
    subtypes = sorted(s for s in as_strings(raw.get("subtypes")) if s not in _NOISE_SUBTYPES)
    parts = [supertype, "\x1f".join(subtypes), _rules_text(raw)]
    for ability in raw.get("abilities") or ():
        parts.append("A\x1f" + "\x1f".join(_clean(ability.get(k)) for k in ("name", "text", "type")))
    for attack in raw.get("attacks") or ():
        cost = "\x1f".join(as_strings(attack.get("cost")))
        name, damage, text = (_clean(attack.get(k)) for k in ("name", "damage", "text"))
        parts.append(f"T\x1f{name}\x1f{cost}\x1e{damage}\x1f{text}")
    trait = raw.get("ancientTrait")
    if trait:
        parts.append(f"X\x1f{_clean(trait.get('name'))}\x1f{_clean(trait.get('text'))}")
    if supertype == POKEMON:
        retreat = raw.get("convertedRetreatCost")
        if retreat is None:
            retreat = len(raw.get("retreatCost") or ())
        parts.append(f"H\x1f{_clean(raw.get('hp'))}\x1f{chr(31).join(sorted(as_strings(raw.get('types'))))}")
        parts.append(f"E\x1f{_clean(raw.get('evolvesFrom'))}\x1f{int(retreat)}")
        for label in ("weaknesses", "resistances"):
            entries = sorted(f"{_clean(w.get('type'))}\x1f{_clean(w.get('value'))}" for w in raw.get(label) or ())
            parts.append(label[0] + "\x1f" + "\x1e".join(entries))
    canonical = "\x1d".join(parts)
    return hashlib.sha1(canonical.encode("utf-8")).hexdigest()[:16]


