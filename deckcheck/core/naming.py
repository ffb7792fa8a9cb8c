"""Reading a written card name: the prints a name may mean, in English or in another language,
and whether a written name fits a given print.

The spellings lists use are read here: a title written short ("Prof. Juniper"), a subtitle after
a dash ("Boss's Orders - Ghetsis"), a hyphen before a mechanic ("Zacian-V"), PTCGO's Unit Energy
letters ("Unit Energy LPM"), Unown letters, a basic Energy by its type alone ("5 Dark BLW 111"),
a Prism Star or Star card without its symbol where the number names it, and names in the
languages whose card names the index holds. Which of those readings may identify a line is
decided by :mod:`deckcheck.core.identify`, not here.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

from deckcheck.carddb.index import CardIndex, TranslatedName, translation_key
from deckcheck.core.lines import Resolution, ResolveOptions, line_finding, memo_put, prefer, written
from deckcheck.core.messages import DARK_METAL, DARK_METAL_HINT
from deckcheck.i18n import CARD_LANGUAGES, LANGUAGE_NAMES, N_, Joined, Phrase, term
from deckcheck.model import Card, DeckEntry, Finding, Severity
from deckcheck.names import deck_key, deck_name, name_key, unown_letter

# TRANSLATORS: {meanings} lists the English card names the written name can mean.
AMBIGUOUS_TRANSLATION = N_(
    "{name} names cards with different names ({meanings}), so the line does not say which card it is "
    "and the deck's legality cannot be shown."
)
AMBIGUOUS_TRANSLATION_HINT = N_("Write the English name, or add the set code and number.")
AMBIGUOUS_LANGUAGES_HINT = N_(
    "Write the English name, add the set code and number, or say which language the card names are in (--card-lang)."
)
# TRANSLATORS: {card} is an English card name, {language} a language name ("German").
MEANING_IN_LANGUAGE = N_("{card} in {language}")

# The patterns of this module are text, compiled by `re` on first use: only a name that is no
# card's as written needs them, and a check of a list whose names all are does not compile them.
# Players abbreviate the title the English cards spell out: "Prof. Juniper".
ENGLISH_TITLE = r"(?i)^prof\.?\s+(?=\S)"
_MECHANIC_HYPHEN = r"(?i)-(?=(?:v|vmax|vstar|v-union)$)"
_SPACED_MECHANIC = r" (GX|UNION|EX|ex)$"
# What a name that ENGLISH_TITLE or _SPACED_MECHANIC matches starts or ends with: a name that
# does not is answered without compiling them.
_SPACED_MECHANICS = (" GX", " UNION", " EX", " ex")


def _titled(name: str) -> bool:
    """Whether ``name`` starts with the abbreviated title (ENGLISH_TITLE): "prof" in any case
    first (no other character is any case of those four letters)."""
    return name[:4].lower() == "prof" and re.match(ENGLISH_TITLE, name) is not None


def _spaced_mechanic(name: str) -> bool:
    """Whether _SPACED_MECHANIC finds its mechanic at the end of ``name`` (or, as `$` does,
    before a line break ending it)."""
    return name.removesuffix("\n").endswith(_SPACED_MECHANICS) and re.search(_SPACED_MECHANIC, name) is not None


# How lists write some cards whose print the line names: PTCGO's Unit Energy names.
_UNIT_ENERGY = {
    "unit energy grassfirewater": "unit energy grw",
    "unit energy lightningpsychicmetal": "unit energy lpm",
    "unit energy fightingdarknessfairy": "unit energy fdy",
}
_UNIT_ENERGY_NAMES = {short: full for full, short in _UNIT_ENERGY.items()}
_TYPE_WORDS = {"darkness": ("darkness", "dark"), "metal": ("metal", "steel")}
# "Team Galactic's Invention G-105 Poké Turn" as lists write it: "Poké Turn".
_INVENTION = r"team galactic's invention g-\d{1,3} (?P<name>\S.*)"
# A Prism Star or Star card named without its symbol ("Xerneas LOT 144" is Xerneas ◇);
# only where the number names that card: a name-only "Xerneas" stays the plain cards.
_SYMBOLS = (" ◇", " ★")


def group_key(card: Card) -> str:
    """Cards a translated name may stand for together: one deck-building name;
    for Energy without the "Basic" of the Scarlet & Violet prints, so that
    "Feuer-Energie" is every basic Fire Energy (and "Finsternis-Energie" meets
    the Special Darkness Energy twin of the bare Darkness Energy ruling)."""
    key = deck_key(card.name, card.supertype)
    return key.removeprefix("basic ") if card.is_energy else key


def english_candidates(entry: DeckEntry, index: CardIndex) -> list[Card]:
    """The prints of the English name the line writes, with the spellings lists use."""
    candidates = list(index.by_name(entry.name))
    if candidates and entry.name.endswith(" EX"):
        # "Mew EX": case is spelling, so it may be Mew ex (2005, 2023) -- and letter for letter it
        # is the Pokémon-EX of 2012-2016 (Mew-EX). Both are candidates: the day and the one
        # contract decide (docs/rulings.md, "Spellings a name may have").
        candidates = list(dict.fromkeys([*candidates, *index.by_name(f"{entry.name[:-3]}-EX")]))
    if not candidates and " - " in entry.name:
        # "Boss's Orders - Ghetsis": a Trainer's subtitle after a dash (RULES.md 2.8); "Charizard -
        # ex": a mechanic after one. A card of the whole name first; the name before the dash alone
        # only for a Trainer, whose subtitle never changes its deck-building name ("Pikachu - VMAX"
        # is no plain Pikachu, "Double Turbo Energy - Special XYZ" no Double Turbo Energy).
        head, tail = entry.name.split(" - ", 1)
        candidates = list(index.by_name(f"{head} ({tail})")) or list(index.by_name(f"{head} {tail}"))
        if not candidates:
            trainers = list(index.by_name(head))
            candidates = trainers if trainers and all(c.supertype == "Trainer" for c in trainers) else []
    if not candidates and _titled(entry.name):
        candidates = list(index.by_name(re.sub(ENGLISH_TITLE, "Professor ", entry.name)))
    if not candidates and "-" in entry.name:
        # "Mew-VMax", "Zacian-V", "Mewtwo-V-UNION": a hyphen before a mechanic the cards
        # write after a space ("-GX" and "-EX" are in the names themselves).
        spaced = re.sub(_MECHANIC_HYPHEN, " ", entry.name)
        if spaced != entry.name:
            candidates = list(index.by_name(spaced))
    if not candidates and _spaced_mechanic(entry.name):
        # "Tapu Lele GX", "Mewtwo V UNION", "Shaymin EX": a mechanic after a space where the card
        # has a hyphen; "Shaymin ex" too, where no Shaymin ex was ever printed (case is spelling).
        candidates = list(index.by_name(re.sub(_SPACED_MECHANIC, r"-\1", entry.name)))
    if not candidates and name_key(entry.name) in _UNIT_ENERGY_NAMES:
        candidates = list(index.by_name(_UNIT_ENERGY_NAMES[name_key(entry.name)]))  # "Unit Energy LPM"
    letter = unown_letter(entry.name)
    if not candidates and letter:
        candidates = list(index.by_name(letter))
    return candidates


def name_candidates(
    entry: DeckEntry, index: CardIndex, options: ResolveOptions
) -> tuple[list[Card], tuple[str, ...], Finding | None]:
    """The prints a written name may be, the languages it was read in, or a finding when a
    translated name means cards of different names (then no prints)."""
    if entry.basic_energy_type:
        energy = entry.basic_energy_type
        found = [
            c
            for c in (*index.by_name(f"{energy} Energy"), *index.by_name(f"Basic {energy} Energy"))
            if c.is_basic_energy
        ]
        return list(dict.fromkeys(found)), (), None
    forced = options.card_lang not in (None, "en")
    candidates: list[Card] = []
    langs: tuple[str, ...] = ()
    if forced:
        candidates, langs, problem = translated_candidates(entry, index, options)
        if problem is not None:
            return [], (), problem
    if not candidates:
        candidates, langs = english_candidates(entry, index), ()
    if not candidates and options.card_lang is None:
        candidates, langs, problem = translated_candidates(entry, index, options)
        if problem is not None:
            return [], (), problem
    if entry.special_energy:
        candidates = [c for c in candidates if not c.is_basic_energy] or candidates
    return candidates, langs, None


# -- names in other languages ----------------------------------------------------


def _translations(name: str, index: CardIndex, options: ResolveOptions) -> list[TranslatedName]:
    lookup = getattr(index, "by_translated_name", None)
    if lookup is None or options.card_lang == "en":
        return []
    langs = None if options.card_lang is None else (options.card_lang,)
    found = list(lookup(name, langs))
    if not found and " - " in name:
        found = list(lookup(name.split(" - ", 1)[0], langs))
    return found


def _spelling(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).split())


def _ordered_langs(names: Sequence[TranslatedName], options: ResolveOptions) -> tuple[str, ...]:
    langs = {t.lang for t in names}
    exact = {t.lang for t in names if t.exact}

    def rank(lang: str):
        order = CARD_LANGUAGES.index(lang) if lang in CARD_LANGUAGES else len(CARD_LANGUAGES)
        return (lang != options.card_lang, lang not in exact, order, lang)

    return tuple(sorted(langs, key=rank))


def translated_candidates(
    entry: DeckEntry, index: CardIndex, options: ResolveOptions
) -> tuple[list[Card], tuple[str, ...], Finding | None]:
    names = _translations(entry.name, index, options)
    if not names:
        return [], (), None
    groups = {group_key(t.card) for t in names}
    if len(groups) > 1:
        # The look-up is loose ("Prof." = "Professor", "Glurak ex" = "Glurak-ex");
        # the name as written may tell the cards apart: equal as a name first,
        # then letter for letter ("Kyogre-EX" of XY, "Kyogre-ex" of today).
        spelt = _spelling(entry.name)
        for narrower in ([t for t in names if t.exact], [t for t in names if _spelling(t.name) == spelt]):
            if narrower and len({group_key(t.card) for t in narrower}) == 1:
                groups = {group_key(narrower[0].card)}
                break
    if len(groups) > 1:
        return [], (), _ambiguous_translation(entry, names)
    # Every language whose name fits the card is a candidate for the report.
    names = [t for t in names if group_key(t.card) in groups]
    cards = list(dict.fromkeys(t.card for t in names))
    return cards, _ordered_langs(names, options), None


def translated_fits(
    entry: DeckEntry, printed: Sequence[Card], index: CardIndex, options: ResolveOptions
) -> tuple[list[Card], tuple[str, ...]]:
    """The prints of ``printed`` that the line's name names in another language:
    that print's own translation, or one of a print of the same deck-building
    name (TCGdex may lack the print, or spell it as another print)."""
    if entry.basic_energy_type:
        return [], ()
    names = _translations(entry.name, index, options)
    if not names:
        return [], ()
    ids = {t.card.id for t in names}
    groups = {group_key(t.card) for t in names}
    fits = [c for c in printed if c.id in ids or group_key(c) in groups]
    if not fits:
        return [], ()
    fitting_groups = {group_key(c) for c in fits}
    matching = [t for t in names if t.card.id in {c.id for c in fits} or group_key(t.card) in fitting_groups]
    return fits, _ordered_langs(matching, options)


def _ambiguous_translation(entry: DeckEntry, names: Sequence[TranslatedName]) -> Finding:
    """The error for a translated name that two cards of different English names share (the
    French "Aurore" is Dawn and Morgan): the line says no card (docs/rulings.md)."""
    # One meaning per (English name, language), in a stable order.
    meanings: dict[tuple[str, str], Card] = {}
    for t in sorted(
        names, key=lambda t: (CARD_LANGUAGES.index(t.lang) if t.lang in CARD_LANGUAGES else 99, group_key(t.card))
    ):
        meanings.setdefault((group_key(t.card), t.lang), t.card)
    several_languages = len({lang for _key, lang in meanings}) > 1
    shown: list[str | Phrase] = []
    for (_key, lang), card in meanings.items():
        english = deck_name(card.name, card.supertype)
        if several_languages:
            shown.append(Phrase(MEANING_IN_LANGUAGE, card=english, language=term(LANGUAGE_NAMES.get(lang, lang))))
        elif english not in shown:
            shown.append(english)
    return line_finding(
        "ambiguous-card",
        Severity.ERROR,
        entry,
        AMBIGUOUS_TRANSLATION,
        hint=AMBIGUOUS_LANGUAGES_HINT if several_languages else AMBIGUOUS_TRANSLATION_HINT,
        name=written(entry),
        meanings=Joined(shown),
    )


# -- does a written name fit a print ----------------------------------------------


def name_fits(entry: DeckEntry, card: Card) -> bool:
    """Whether the line's written name is ``card``'s name (docs/rulings.md: case, accents,
    spacing, GX/-GX, the basic Energy spellings, subtitles ...)."""
    if entry.basic_energy_type:
        return card.is_basic_energy and entry.basic_energy_type.casefold() in card.name.casefold()
    written_key = name_key(entry.name)
    if written_key in (name_key(card.name), deck_key(card.name, card.supertype)):
        return True
    if card.is_basic_energy and written_key == name_key(card.name).removeprefix("basic "):
        return True  # "8 Grass Energy MEE 1": Scarlet & Violet prints say "Basic Grass Energy"
    if _titled(entry.name):
        professor = name_key(re.sub(ENGLISH_TITLE, "Professor ", entry.name))
        if professor in (name_key(card.name), deck_key(card.name, card.supertype)):
            return True
    if unown_letter(entry.name) and name_key(unown_letter(entry.name)) == name_key(card.name):
        return True  # "Unown F LA 79"
    if written_key in _list_forms(card):
        return True
    if " - " in entry.name:
        return name_key(entry.name.split(" - ", 1)[0]) == deck_key(card.name, card.supertype)
    # "Mewtwo & Mew GX" is Mewtwo & Mew-GX, "Kyogre EX" Kyogre-EX.
    return translation_key(entry.name) in agreement_keys(card)


def _list_forms(card: Card) -> set[str]:
    """Other ways lists write ``card``'s name (folded by :func:`name_key`), read only
    where the line's set code and number name that card."""
    key = name_key(card.name)
    forms = {_UNIT_ENERGY[key]} if key in _UNIT_ENERGY else set()
    letters = _energy_letters(key)
    if letters:
        forms.add(letters)  # "Blend Energy WLFM" for Blend Energy WaterLightningFightingMetal
    invention = re.fullmatch(_INVENTION, key)
    if invention:
        forms.add(invention["name"])
    if card.is_basic_energy:
        energy_type = key.removeprefix("basic ").removesuffix(" energy")
        forms.update(_TYPE_WORDS.get(energy_type, (energy_type,)))
    for symbol in _SYMBOLS:
        if key.endswith(symbol):
            forms.add(key.removesuffix(symbol))
    return forms


_TYPE_LETTER = {
    "grass": "g", "fire": "r", "water": "w", "lightning": "l", "psychic": "p",
    "fighting": "f", "darkness": "d", "metal": "m", "fairy": "y", "dragon": "n",
}  # fmt: skip
_TYPE_RUN = "|".join(_TYPE_LETTER)
_MULTI_ENERGY = r"(?P<kind>blend|unit) energy (?P<types>[a-z]+)"


def _energy_letters(key: str) -> str | None:
    """``blend energy wlfm`` for ``blend energy waterlightningfightingmetal``: the type letters
    lists write a Blend or Unit Energy with (the names spell its types out)."""
    match = re.fullmatch(_MULTI_ENERGY, key)
    if match is None:
        return None
    types = match["types"]
    found = re.findall(_TYPE_RUN, types)
    if "".join(found) != types:
        return None
    return f"{match['kind']} energy {''.join(_TYPE_LETTER[t] for t in found)}"


def agreement_keys(card: Card) -> set[str]:
    """The forms of a card's name a written name is compared with for a close
    spelling: its name and deck-building name, folded like translated names
    (``Mewtwo & Mew GX`` = ``Mewtwo & Mew-GX``), and a basic Energy without "Basic"."""
    keys = {translation_key(card.name), translation_key(deck_name(card.name, card.supertype))}
    if card.is_basic_energy:
        keys |= {key.removeprefix("basic ") for key in keys}
    return keys


def close_spelling(written_name: str, card: Card) -> bool:
    """Whether ``written_name`` is a close spelling of ``card``'s name: the same words with
    a word left out or added ("Plasma Badge" for Team Plasma Badge, "Fighting" for Fighting
    Energy), or a typo or two."""
    from rapidfuzz.distance import Levenshtein

    key = translation_key(written_name)
    if len(key) < 3 or len(key) > 120:
        return False
    for name in agreement_keys(card):
        shorter, longer = sorted((key, name), key=len)
        if len(shorter) >= 4 and f" {shorter} " in f" {longer} ":
            return True
        if Levenshtein.distance(key, name, score_cutoff=2) <= (1 if len(name) < 8 else 2):
            return True
    return False


# -- "did you mean" ----------------------------------------------------------------


def suggestions(name: str, index: CardIndex, options: ResolveOptions, suggest_langs: tuple[str, ...]) -> list[str]:
    """Did you mean: English names, and names in the list's language (the forced
    one, the deck's, or any the index holds when the deck shows none)."""
    # A fuzzy search over every name costs a millisecond; a run over many decks
    # meets the same typo in deck after deck. Kept beside the lines.
    key = ("did-you-mean", id(index), name, suggest_langs)
    known = options.memo.get(key)
    if known is not None and known[0] is index:
        return list(known[1])
    found = _search_suggestions(name, index, options, suggest_langs)
    memo_put(options, key, (index, tuple(found)))
    return found


def _search_suggestions(
    name: str, index: CardIndex, options: ResolveOptions, suggest_langs: tuple[str, ...]
) -> list[str]:
    available = tuple(getattr(index, "translation_languages", lambda: ())())
    if options.card_lang == "en" or not available or suggest_langs == ("en",):
        return list(index.suggest(name, 3))
    if options.card_lang is not None:
        return list(index.suggest(name, 3, langs=(options.card_lang,)))
    if suggest_langs:
        return list(index.suggest(name, 3, langs=suggest_langs))
    found = list(index.suggest(name, 3))
    if not found:
        # A list of no known line: English names if any look alike, else other
        # languages' ("Bosses Orders" is never offered "Bottes Lourdes").
        for other in index.suggest(name, 3, langs=available):
            if other not in found and len(found) < 3:
                found.append(other)
    return found


# -- the languages of a deck's names ---------------------------------------------------


def suggestion_languages(resolutions: Sequence[Resolution], deck_langs: Counter) -> tuple[str, ...]:
    """The languages "did you mean" suggests in: the list's own. An English list (more lines
    read as English than in any other language) gets English names only ("Iono PAL" -> Iono,
    never the French Monorpale); a German one German names first; a list with no line read,
    ().  ``("en",)`` means English only."""
    english = sum(1 for r in resolutions if r.card is not None and not r.langs)
    if deck_langs and max(deck_langs.values()) > english:
        return tuple(lang for lang, _n in deck_langs.most_common())
    return ("en",) if english else ()


def deck_languages(resolutions: Sequence[Resolution]) -> Counter:
    """How many lines were read in each language; lines that fit several
    languages count only when no line fits just one."""
    single = Counter(r.langs[0] for r in resolutions if r.card is not None and len(r.langs) == 1)
    if single:
        return single
    return Counter(lang for r in resolutions if r.card is not None for lang in r.langs)


def pick_language(langs: tuple[str, ...], deck_langs: Counter) -> str | None:
    """The language to report for a line: of those its name fits, the deck's
    most frequent ("Professor Platan" is Italian and, loosely, German)."""
    if not langs:
        return None
    return max(langs, key=lambda lang: (deck_langs.get(lang, 0), -langs.index(lang)))


# -- a bare Darkness or Metal Energy --------------------------------------------------


def is_dark_or_metal_twin(candidates: Sequence[Card]) -> bool:
    return any(c.is_basic_energy for c in candidates) and any(c.is_energy and not c.is_basic_energy for c in candidates)


def read_dark_or_metal(
    entry: DeckEntry, candidates: Sequence[Card], options: ResolveOptions
) -> tuple[Card, list[Finding]]:
    """A bare ``Darkness Energy`` / ``Metal Energy`` line: the Special card before Diamond &
    Pearl, basic Energy after, with a warning above 4 copies (docs/rulings.md)."""
    basic = [c for c in candidates if c.is_basic_energy]
    special = [c for c in candidates if not c.is_basic_energy]
    if options.special_darkness_metal:
        return prefer(special, options), []
    card = prefer(basic, options)
    if entry.count <= 4:
        return card, []
    return card, [
        line_finding(
            "ambiguous-card",
            Severity.WARNING,
            entry,
            DARK_METAL,
            hint=DARK_METAL_HINT,
            name=entry.name,
            count=entry.count,
            card=card.label,
            special=prefer(special, options).label,
            cards=(card.label,),
        )
    ]
