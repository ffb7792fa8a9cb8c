"""A print's game text, normalised and digested for the reprint rule.

Two prints of one deck-building name whose digests are equal do the same thing
in play (docs/rulings.md, "Reprints: functionally identical cards"). The input is a card object shaped like
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
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from deckcheck.model import POKEMON, TRAINER

_SPACES = re.compile(r"\s+")

# The digest's version lives in a module of its own so that opening a database
# (which compares it) does not import this one; bump it with any change here.
from deckcheck.carddb.gametext_version import DIGEST_VERSION  # noqa: E402,F401

# Subtypes that name a rarity or a print treatment rather than game text
# (HGSS "Pokémon Prime" is a rarity), so a reprint without them still matches.
# The marks of a faction or era printed beside the name (Team Plasma, Ultra
# Beast, Rapid/Single/Fusion Strike, Ancient/Future, Tera, SP, Eternamax) are
# not in TCGdex's data at all, so a digest with them could not agree across
# the sources: they are left out, and what they do in play is left
# to the name (every such print is its own name: "Rapid Strike Urshifu V",
# "Roaring Moon", "Dialga G") and the attacks and abilities that are digested.
_NOISE_SUBTYPES = frozenset(
    {
        "Prime",
        "Team Plasma",
        "Ultra Beast",
        "Rapid Strike",
        "Single Strike",
        "Fusion Strike",
        "Ancient",
        "Future",
        "Tera",
        "SP",
        "Eternamax",
    }
)


# Pokémon, ×2 and typographic quotes are by far the most common non-ASCII
# characters; folding them by table keeps the full import fast.
_FOLD = str.maketrans(
    {
        "’": "'",
        "‘": "'",
        "`": "'",
        "´": "'",
        "ʼ": "'",
        "‐": "-",
        "‑": "-",
        "‒": "-",
        "–": "-",
        "—": "-",
        "é": "e",
        "É": "E",
        "×": "x",
        "“": '"',
        "”": '"',
        # "Vaporeon ★" is "Vaporeon Star" in one source's text and
        # "Vaporeon ☆" in the other's; list bullets come and go.
        "★": " Star",
        "☆": " Star",
        "•": " ",
    }
)


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
# and SV Professor's Research differ only there (docs/rulings.md, "Reprints in Standard").
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
            # The Prism Star rule is carried by the subtype (RULES.md 3.2).
            r"◇ \(Prism Star\) Rule: You can't have more than 1 ◇ card with the same name in your deck\."
            r" If a ◇ card would go to the discard pile, put it in the Lost Zone instead\.",
            # The ACE SPEC rule is carried by the subtype (RULES.md 3.1).
            r"(?:ACE SPEC: )?You can't have more than 1 ACE SPEC card in your deck\.",
        )
    )
)


def _rules_text(raw: Mapping[str, Any]) -> str:
    # Prints split the same text into list items differently (sv1-196 and
    # sv4pt5-91 Ultra Ball), so the rules are compared as one text.
    text = _clean(" ".join(str(rule) for rule in raw.get("rules") or ()))
    return _SPACES.sub(" ", _REMINDERS.sub(" ", text)).strip()


# -- functional identity (docs/rulings.md, "Reprints: functionally identical cards")
# ---------------------------------
#
# Trainer and Energy texts were reworded from era to era without changing what
# the card does. These substitutions bring each era's wording to one form,
# applied to the folded, lower-cased text with the card's own name already
# replaced by "this card". Each one names the wording change it covers; none
# may merge two texts that do different things (tests/rules/test_card_pool.py
# checks the pairs of docs/rulings.md, "Reprints: functionally identical cards" in both directions).
_ERA_WORDING: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(a), b)
    for a, b in (
        # "damage counter" = 10 damage (docs/rulings.md, "Reprints: functionally identical cards"):
        # "put 1 damage counter on" /
        # "put 10 damage on"; "remove 2 damage counters from" stays a removal.
        (r"\b(\d+) damage counters?\b", lambda m: f"{int(m.group(1)) * 10} damage"),
        (r"\ba damage counter\b", "10 damage"),
        # "the Defending Pokémon" (until SM) = "your opponent's Active Pokémon".
        (r"\b(?:the |each )?defending pokemon\b", "your opponent's active pokemon"),
        # "his or her" (until SM) = "their"; "show it to your opponent" (until
        # BW) = "reveal it".
        (r"\bhis or her\b", "their"),
        # Pronouns: "that player doesn't switch" (SM) = "he or she doesn't switch" (BW, XY)
        # = "they don't switch" (SWSH on) (Escape Rope BUS 114 / BST 125); "does not" = "doesn't".
        (r"\bdoes not\b", "doesn't"),
        (r"\b(?:that player|he or she) doesn't\b", "they don't"),
        (r"\bhe or she\b", "they"),
        # "as many ... as you like" (until SM) = "any number of ..." (SWSH on).
        (r"\bas many (\S+(?: \S+){0,3}?) as you like\b", r"any number of \1"),
        (r"\bshow (it|them|that card) to your opponent\b", r"reveal \1"),
        # A sentence that starts without a space after the full stop (PAL 191).
        (r"\.(?=[a-z])", ". "),
        # "Shuffle your deck afterward." = "Then, shuffle your deck."
        (r"\bthen,? shuffle your deck\b", "shuffle your deck afterward"),
        (r"\bshuffle (.{1,80}?) back into your deck\b", r"shuffle \1 into your deck"),
    )
)

# Wording changes of Trainer and Energy texts only: on a Pokémon's attack "up
# to 2" and "2" are different choices.
_TRAINER_WORDING: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(a), b)
    for a, b in (
        # SV: "Switch in 1 of your opponent's Benched Pokémon to the Active Spot" =
        # "Switch 1 of your opponent's Benched Pokémon with their (his or her,
        # the Defending) Active Pokémon" (Boss's Orders RCL 154 / MEG 114,
        # Counter Catcher CIN 91 / PAR 160).
        (r"\bswitch in (.+?) to the active spot\b", r"switch \1 with the active pokemon"),
        (
            r"\bswitch (1 of your opponent's benched pokemon) with (?:their|his or her|your opponent's)"
            r" active pokemon\b",
            r"switch \1 with the active pokemon",
        ),
        (
            r"\bswitch 1 of your (?:own )?benched pokemon with your active pokemon\b",
            "switch your active pokemon with 1 of your benched pokemon",
        ),
        (r"\bswitch 1 of your active pokemon with\b", "switch your active pokemon with"),
        # "an Energy attached to 1 of ..." (until XY) = "an Energy from 1 of ..."
        # (Crushing Hammer EPO 92 / SVI 168, Energy Switch, Enhanced Hammer).
        (r"\benergy(?: card)? attached (?:to )?(1 of|that)\b", r"energy from \1"),
        (r"\bif you healed any damage in this way\b", "if you do"),
        # "search your discard pile for X, reveal it, and put it into your hand"
        # (EX, HGSS) = "put X from your discard pile into your hand" (VS Seeker,
        # Fisherman); "return ... to your hand" = "put ... into your hand".
        (
            r"\bsearch your discard pile for (.{1,60}?), reveal (?:it|them),? and put (?:it|them) into your hand\b",
            r"put \1 from your discard pile into your hand",
        ),
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
        # XY -> SWSH rewordings of old Trainers (functionally identical: docs/rulings.md):
        # "Heal 60 damage and remove all Special Conditions from 1 of your Pokémon"
        # (Pokémon Center Lady FLF 93) = "Heal 60 damage from 1 of your Pokémon, and
        # it recovers from all Special Conditions" (SSH 176);
        (
            r"\bheal (\d+) damage and remove all special conditions from (1 of your pokemon)\b",
            r"heal \1 damage from \2, and it recovers from all special conditions",
        ),
        # "Pokémon Tools attached to Pokémon in play (yours or your opponent's)"
        # (Tool Scrapper DRX 116) = "... attached to Pokémon (yours ...)" (RCL 168);
        (r"\bpokemon in play \((yours or your opponent's)\)", r"pokemon (\1)"),
        # "1 of your Pokémon and all cards attached to it" (Scoop Up Cyclone PLB 95)
        # = "... and all attached cards" (TWM 162);
        (r"\ball cards attached to it\b", "all attached cards"),
        # "Whenever the Pokémon this card is attached to is your Active Pokémon and
        # is damaged by an opponent's attack (even if that Pokémon is Knocked Out)"
        # (Lucky Helmet AOR 77) = "If the Pokémon this card is attached to is in the
        # Active Spot and is damaged by an attack from your opponent's Pokémon (even
        # if this Pokémon is Knocked Out)" (TWM 158);
        (r"\bwhenever (the pokemon this card is attached to) is your active pokemon\b", r"if \1 is in the active spot"),
        (
            r"\bdamaged by an opponent's attack \(even if that pokemon\b",
            "damaged by an attack from your opponent's pokemon (even if this pokemon",
        ),
        # "This card provides [C] Energy. While in play, this card provides every
        # type of Energy ..." (Rainbow Energy XY 131) = "While in play, ..." (AQ 144,
        # HS 104): not in play, an Energy provides nothing.
        (r"^this card provides colorless energy\. (?=while in play, this card provides every type of energy\b)", ""),
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
    )
)

# Pairs that the wording rules above cannot bring together although they do the
# same thing (or would merge although they do not): for one deck-building name,
# a text of one era -> the text of the other, after the rules above. Each entry
# names its source.
_SAME_CARD: dict[str, tuple[tuple[str, str], ...]] = {
    # Ultra Ball: "Discard 2 cards from your hand. (If you can't discard 2 cards,
    # you can't play this card.)" (BW, XY) and "Discard 2 cards from your hand.
    # If you do, search ..." (SM) = "You can use this card only if you discard
    # 2 other cards from your hand." (SWSH on): the official example of a
    # reworded reprint (docs/rulings.md, "Reprints: functionally identical cards"; RULES.md 6.1
    # Ultra Ball I-mark reprints).
    "ultra ball": (
        (
            "discard 2 cards from your hand. (if you can't discard 2 cards, you can't play this card.) search",
            "you can use this card only if you discard 2 other cards from your hand. search",
        ),
        (
            "discard 2 cards from your hand. if you do, search",
            "you can use this card only if you discard 2 other cards from your hand. search",
        ),
    ),
}


def _functional_text(text: str, name: str, pokemon: bool, trainer: bool = False) -> str:
    """``text`` (already folded) in one wording for every era (docs/rulings.md, "Reprints: functionally identical cards");
    ``name`` is the card's folded, lower-case name (not replaced in a
    Trainer's text, where it is a word of the effect: Switch, Potion)."""
    text = text.lower().replace("lv. x", "lv.x")
    if name and not trainer:
        # Card-name self references: "Attach Rainbow Energy to ..." = "Attach
        # this card to ...", "Charizard does 30 damage to itself" = "This
        # Pokémon does 30 damage to itself".
        text = text.replace(name, "this pokemon" if pokemon else "this card")
    for pattern, replacement in _ERA_WORDING if pokemon else _ERA_WORDING + _TRAINER_WORDING:
        text = pattern.sub(replacement, text)
    for old, new in _SAME_CARD.get(name, ()):
        text = text.replace(old, new)
    # Brackets set off a reminder or a clarification, which the eras place differently: "(Your
    # opponent switches first. If ...)" (BW) = "Your opponent switches first. (If ...)" (SM).
    text = text.replace("(", " ").replace(")", " ")
    return _SPACES.sub(" ", text).strip(" .")


def as_strings(value: Any) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(item) for item in value)


def text_hash(raw: Mapping[str, Any]) -> str:
    """A short digest of a card's game text: prints of one deck-building name
    with equal digests are reprints (docs/rulings.md, "Reprints in Standard"). Within
    :func:`canonical_digests`, the canonical text itself."""
    canonical = canonical_text(raw)
    if _CANONICAL.get():
        return canonical
    return hashlib.sha1(canonical.encode("utf-8")).hexdigest()[:16]


_CANONICAL: ContextVar[bool] = ContextVar("deckcheck_canonical_digests", default=False)


@contextmanager
def canonical_digests() -> Iterator[None]:
    """Cards converted inside carry their canonical text (:func:`canonical_text`)
    as ``text_hash``, so that a consistency report can say on which parts two
    sources' digests of one card differ (``deckcheck db check-sources --digest``)."""
    token = _CANONICAL.set(True)
    try:
        yield
    finally:
        _CANONICAL.reset(token)


def canonical_text(raw: Mapping[str, Any]) -> str:
    """The normalised game text :func:`text_hash` digests: the parts of
    :func:`digest_parts`, each after its label, in one string."""
    return _PART.join(f"{label}{_FIELD}{value}" for label, value in digest_parts(raw))


# Fields are joined with control characters that _clean folds away inside
# texts, so the joined string is an unambiguous canonical form.
_PART, _FIELD = "\x1d", "\x1f"


def digest_parts(raw: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the digest reads of a card, as (label, normalised value) pairs.

    Pokémon: stage and rule-box subtypes, abilities, attacks, Ancient Trait,
    HP, types, evolves-from, retreat cost, weakness, resistance. Trainers and
    Energy: their kind and text (and attacks/abilities where a print has them).
    A consistency report names the labels on which two prints differ
    (:func:`differing_parts`).
    """
    supertype = str(raw.get("supertype"))
    pokemon = supertype == POKEMON
    name = _clean(raw.get("name")).lower().replace("lv. x", "lv.x")
    # An Item is what a Trainer without a kind was before the EX era (the
    # dataset gives WotC-era Trainers no subtypes, RULES.md 7.6).
    noise = _NOISE_SUBTYPES if pokemon else _NOISE_SUBTYPES | {"Item"}
    # A Stage 1 and a Stage 2 of one name that evolve from one Pokémon do the
    # same thing; which of the two it is follows from what it evolves from,
    # and TCGdex leaves the stage out or gives it wrong on some Evolution
    # prints (Decidueye-GX SUM 12, Dustox ex DF 86), so both are "Evolution".
    subtypes = sorted({_EVOLUTION.get(s, s) for s in as_strings(raw.get("subtypes")) if s not in noise})

    def text(value: Any) -> str:
        return _functional_text(_clean(value), name, pokemon)

    parts = [("supertype", supertype), ("subtypes", _FIELD.join(subtypes))]
    if not pokemon:
        # A Pokémon's rules are rule-box reminders ("Pokémon ex rule: When your
        # Pokémon ex is Knocked Out ..."), the Tera, LV.X, BREAK, Baby, LEGEND
        # or dual-type reminders and deck limits: what they say is carried by
        # the subtypes, types and the card's own limit, and TCGdex has none of
        # them, so they are not digested.
        parts.append(("text", _functional_text(_rules_text(raw), name, False, supertype == TRAINER)))
    for ability in raw.get("abilities") or ():
        parts.append(
            (
                "ability",
                _FIELD.join(
                    (_label(ability.get("name")), text(ability.get("text")), _clean(ability.get("type")).lower())
                ),
            )
        )
    for attack in raw.get("attacks") or ():
        # A cost is a number of each type, in whatever order a print lists it.
        cost = "\x1e".join(sorted(as_strings(attack.get("cost"))))
        # "30+", "20×" and "30-": the sign repeats what the attack's text says
        # (TCGdex leaves it out on many old prints).
        damage = _DAMAGE_SIGN.sub("", _clean(attack.get("damage")))
        parts.append(("attack", _FIELD.join((_label(attack.get("name")), cost, damage, text(attack.get("text"))))))
    trait = raw.get("ancientTrait")
    if trait:
        # An Ancient Trait's name (Θ Stop, α Growth) goes with its text, and
        # TCGdex has no name for some (M Sceptile-EX AOR 8).
        parts.append(("ancient trait", text(trait.get("text"))))
    if pokemon:
        retreat = raw.get("convertedRetreatCost")
        if retreat is None:
            retreat = len(raw.get("retreatCost") or ())
        parts += [
            ("hp", _clean(raw.get("hp"))),
            ("types", _FIELD.join(sorted(as_strings(raw.get("types"))))),
            ("evolves from", _label(raw.get("evolvesFrom"))),
            ("retreat", str(int(retreat))),
        ]
        for label, key in (("weakness", "weaknesses"), ("resistance", "resistances")):
            entries = sorted(f"{_clean(w.get('type'))}{_FIELD}{_clean(w.get('value'))}" for w in raw.get(key) or ())
            parts.append((label, "\x1e".join(entries)))
    return parts


_EVOLUTION = {"Stage 1": "Evolution", "Stage 2": "Evolution"}
_DAMAGE_SIGN = re.compile(r"(?<=\d)\s*[+x\-]$")
_NOT_A_LETTER = re.compile(r"[^0-9a-z♂♀]+")


def _label(value: Any) -> str:
    """An attack's, ability's or Pokémon's name without case, blanks and
    hyphens: "Doubleslap" = "Double Slap", "Hollow Hunt-GX" = "Hollow Hunt
    GX", "Nidoran ♂" = "Nidoran♂"."""
    return _NOT_A_LETTER.sub("", _clean(value).lower())


# The fields of an attack part, in order (for :func:`differing_parts`).
_ATTACK_FIELDS = ("attack name", "attack cost", "attack damage", "attack text")


def differing_parts(left: str, right: str) -> tuple[str, ...]:
    """The labels on which two canonical texts (:func:`canonical_text`)
    differ, an attack's by field ("attack damage", "attack text", ...) where
    both prints have as many attacks."""

    def parse(canonical: str) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for part in canonical.split(_PART):
            label, _, value = part.partition(_FIELD)
            found.setdefault(label, []).append(value)
        return found

    mine, theirs = parse(left), parse(right)
    labels: set[str] = set()
    for label in set(mine) | set(theirs):
        ours, its = mine.get(label, []), theirs.get(label, [])
        if ours == its:
            continue
        if label == "attack" and len(ours) == len(its):
            for one, other in zip(ours, its):
                labels.update(
                    field for field, a, b in zip(_ATTACK_FIELDS, one.split(_FIELD), other.split(_FIELD)) if a != b
                )
        else:
            labels.add(label if len(ours) == len(its) else label + "s")
    return tuple(sorted(labels))
