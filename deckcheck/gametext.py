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

from deckcheck.model import POKEMON, TRAINER

_SPACES = re.compile(r"\s+")

# The digest's version lives in a module of its own so that opening a database
# (which compares it) does not import this one; bump it with any change here.
from deckcheck.gametext_version import DIGEST_VERSION  # noqa: E402,F401

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


# -- functional identity (RULES.md decision 15) ---------------------------------
#
# Trainer and Energy texts were reworded from era to era without changing what
# the card does. These substitutions bring each era's wording to one form,
# applied to the folded, lower-cased text with the card's own name already
# replaced by "this card". Each one names the wording change it covers; none
# may merge two texts that do different things (tests/test_reprint_rule.py
# checks the pairs of decision 15 in both directions).
_ERA_WORDING: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(a), b) for a, b in (
    # "damage counter" = 10 damage (decision 15): "put 1 damage counter on" /
    # "put 10 damage on"; "remove 2 damage counters from" stays a removal.
    (r"\b(\d+) damage counters?\b", lambda m: f"{int(m.group(1)) * 10} damage"),
    (r"\ba damage counter\b", "10 damage"),
    # "the Defending Pokémon" (until SM) = "your opponent's Active Pokémon".
    (r"\b(?:the |each )?defending pokemon\b", "your opponent's active pokemon"),
    # "his or her" (until SM) = "their"; "show it to your opponent" (until
    # BW) = "reveal it".
    (r"\bhis or her\b", "their"),
    (r"\bshow (it|them|that card) to your opponent\b", r"reveal \1"),
    # A sentence that starts without a space after the full stop (PAL 191).
    (r"\.(?=[a-z])", ". "),
    # "Shuffle your deck afterward." = "Then, shuffle your deck."
    (r"\bthen,? shuffle your deck\b", "shuffle your deck afterward"),
    (r"\bshuffle (.{1,80}?) back into your deck\b", r"shuffle \1 into your deck"),
))

# Wording changes of Trainer and Energy texts only: on a Pokémon's attack "up
# to 2" and "2" are different choices.
_TRAINER_WORDING: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(a), b) for a, b in (
    # SV: "Switch in 1 of your opponent's Benched Pokémon to the Active Spot" =
    # "Switch 1 of your opponent's Benched Pokémon with their (his or her,
    # the Defending) Active Pokémon" (Boss's Orders RCL 154 / MEG 114,
    # Counter Catcher CIN 91 / PAR 160).
    (r"\bswitch in (.+?) to the active spot\b", r"switch \1 with the active pokemon"),
    (r"\bswitch (1 of your opponent's benched pokemon) with (?:their|his or her|your opponent's)"
     r" active pokemon\b", r"switch \1 with the active pokemon"),
    (r"\bswitch 1 of your (?:own )?benched pokemon with your active pokemon\b",
     "switch your active pokemon with 1 of your benched pokemon"),
    (r"\bswitch 1 of your active pokemon with\b", "switch your active pokemon with"),
    # "an Energy attached to 1 of ..." (until XY) = "an Energy from 1 of ..."
    # (Crushing Hammer EPO 92 / SVI 168, Energy Switch, Enhanced Hammer).
    (r"\benergy(?: card)? attached (?:to )?(1 of|that)\b", r"energy from \1"),
    (r"\bif you healed any damage in this way\b", "if you do"),
    # "search your discard pile for X, reveal it, and put it into your hand"
    # (EX, HGSS) = "put X from your discard pile into your hand" (VS Seeker,
    # Fisherman); "return ... to your hand" = "put ... into your hand".
    (r"\bsearch your discard pile for (.{1,60}?), reveal (?:it|them),? and put (?:it|them) into your hand\b",
     r"put \1 from your discard pile into your hand"),
    (r"\breturn (1 of your pokemon and all cards attached to it) to your hand\b", r"put \1 into your hand"),
    (r"\bthe attacks of the pokemon\b", "attacks used by the pokemon"),
    (r"\bpokemon tool cards\b", "pokemon tools"),
    # "You can play this card only if" (SM) = "You can use this card only if" (SWSH on).
    (r"\byou can play this card only if\b", "you can use this card only if"),
    # SWSH errata wording "up to N" on Trainers: an effect that takes what
    # there is (Energy Retrieval BLW 92 / SVI 171, Pal Pad UPR 132 / SVI 182).
    (r"\bup to (\d+)\b", r"\1"),
    # "onto" / "on" a Pokémon, "put that card onto the Basic Pokémon to evolve
    # it, skipping the Stage 1" (SWSH) = "... to evolve it" (SM) = "... on the
    # Basic Pokémon. (This counts as evolving that Pokémon.)" (BW, XY).
    (r"\bonto\b", "on"),
    (r", skipping the stage 1\b", ""),
    (r"\. \(this counts as evolving that pokemon\.\)", " to evolve it."),
    # Copycat: "count the number of cards in your opponent's hand and draw that
    # many cards" (EX) = "draw a number of cards equal to the number of cards
    # in your opponent's hand" (HGSS) = "draw a card for each card in your
    # opponent's hand" (SM on).
    (r"\bcount the number of cards in (.+?) and draw that many cards\b", r"draw a card for each card in \1"),
    (r"\bdraw a number of cards equal to the number of cards in\b", "draw a card for each card in"),
    # Special Energy reminders that are not part of what the card does:
    # "Attach this card to 1 of your Pokémon." and "(Doesn't count as a basic
    # Energy card [when not in play].)", "(Has no effect other than providing Energy.)".
    (r"^attach this card to 1 of your pokemon\. ", ""),
    (r"\(?doesn't count as a basic energy card(?: when not in play)?\.\)?", ""),
    (r"\(has no effect other than providing energy\.\)", ""),
    (r"\(while not in play, this card counts as colorless energy\.\)", ""),
    (r"^provides ", "this card provides "),
    # Energy symbols: "ColorlessColorless" = "Colorless Colorless" = "[C][C]".
    (r"\b(grass|fire|water|lightning|psychic|fighting|darkness|metal|fairy|dragon|colorless)(?=[a-z])", r"\1 "),
))

# Pairs that the wording rules above cannot bring together although they do the
# same thing (or would merge although they do not): for one deck-building name,
# a text of one era -> the text of the other, after the rules above. Each entry
# names its source.
_SAME_CARD: dict[str, tuple[tuple[str, str], ...]] = {
    # Ultra Ball: "Discard 2 cards from your hand. (If you can't discard 2 cards,
    # you can't play this card.)" (BW, XY) and "Discard 2 cards from your hand.
    # If you do, search ..." (SM) = "You can use this card only if you discard
    # 2 other cards from your hand." (SWSH on): the official example of a
    # reworded reprint (decision 15; RULES.md 6.1 Ultra Ball I-mark reprints).
    "ultra ball": (
        ("discard 2 cards from your hand. (if you can't discard 2 cards, you can't play this card.) search",
         "you can use this card only if you discard 2 other cards from your hand. search"),
        ("discard 2 cards from your hand. if you do, search",
         "you can use this card only if you discard 2 other cards from your hand. search"),
    ),
}


def _functional_text(text: str, name: str, pokemon: bool, trainer: bool = False) -> str:
    """``text`` (already folded) in one wording for every era (decision 15);
    ``name`` is the card's folded, lower-case name (not replaced in a
    Trainer's text, where it is a word of the effect: Switch, Potion)."""
    text = text.lower()
    if name and not trainer:
        # Card-name self references: "Attach Rainbow Energy to ..." = "Attach
        # this card to ...", "Charizard does 30 damage to itself" = "This
        # Pokémon does 30 damage to itself".
        text = text.replace(name, "this pokemon" if pokemon else "this card")
    for pattern, replacement in _ERA_WORDING if pokemon else _ERA_WORDING + _TRAINER_WORDING:
        text = pattern.sub(replacement, text)
    for old, new in _SAME_CARD.get(name, ()):
        text = text.replace(old, new)
    return _SPACES.sub(" ", text).strip(" .")


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
    pokemon = supertype == POKEMON
    name = _clean(raw.get("name")).lower()
    # An Item is what a Trainer without a kind was before the EX era (the
    # dataset gives WotC-era Trainers no subtypes, RULES.md 7.6).
    noise = _NOISE_SUBTYPES if pokemon else _NOISE_SUBTYPES | {"Item"}
    subtypes = sorted(s for s in as_strings(raw.get("subtypes")) if s not in noise)

    def text(value: Any) -> str:
        return _functional_text(_clean(value), name, pokemon)

    rules = _rules_text(raw)
    parts = [supertype, "\x1f".join(subtypes), rules if pokemon else _functional_text(rules, name, False, supertype == TRAINER)]
    for ability in raw.get("abilities") or ():
        parts.append("A\x1f" + "\x1f".join((_clean(ability.get("name")), text(ability.get("text")),
                                             _clean(ability.get("type")))))
    for attack in raw.get("attacks") or ():
        cost = "\x1f".join(as_strings(attack.get("cost")))
        attack_name, damage = (_clean(attack.get(k)) for k in ("name", "damage"))
        parts.append(f"T\x1f{attack_name}\x1f{cost}\x1e{damage}\x1f{text(attack.get('text'))}")
    trait = raw.get("ancientTrait")
    if trait:
        parts.append(f"X\x1f{_clean(trait.get('name'))}\x1f{_clean(trait.get('text'))}")
    if pokemon:
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


