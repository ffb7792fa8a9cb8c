"""Resolution: every deck line to one print of the card database.

Set code + collector number first, then the name. Pure: the card database is
passed in as a :class:`~deckcheck.carddb.index.CardIndex`.

Names in other languages (issue 6): a name that is no English card name is
looked up among the translated names the index holds (TCGdex, in the SQLite
database; the built-in catalogue has none), in every language or only in
``ResolveOptions.card_lang``. It resolves to the English card, so the line
counts under the card's English deck-building name ("2 Prof. Esche" and
"2 Professor Juniper" are 4 Professor Juniper). With a set code and number,
the translated name of that print (or of its deck-building name) is accepted
like the English one. The language a line was read in is kept on the
:class:`~deckcheck.model.DeckCard` (``read_as``) and summed up in
``Deck.languages``.

Findings produced here:

* ``unknown-card`` (error) – no card matches; legality cannot be shown;
* ``ambiguous-card`` (warning) – the name fits prints that the rules treat
  differently, so the line is read the way that declares nothing illegal on a
  guess, and the player is asked for a set code; or a translated name means
  cards of different English names (in one language, or in two languages): the
  line is then not counted under any of them rather than guessed;
* ``name-mismatch`` – set code and number name another card (RULES.md
  decision 18): a warning when the written name is a close spelling of the
  numbered card that names no other card (read as the numbered card); an
  error when it names another card (the line counts as that card for every
  other rule) or no card at all (the line is not counted);
* ``unknown-print`` – set code and number match nothing, the name does: an error
  (the line does not say which card it is, RULES.md decision 18) unless every print
  of the name the line could mean is judged alike on the day (decision 15), then a
  warning; a note for basic Energy;
* ``unknown-set`` (error) – the set code is not in the database at all: the
  line is never read by its name alone (decision 18);
* ``ambiguous-card`` (error) – a PTCG Live ``ALT`` code whose candidate prints
  the format judges differently (decision 18).

The errors of decision 18 leave a deck *not verified* rather than ILLEGAL
(:data:`~deckcheck.model.UNVERIFIED_RULES`, :attr:`~deckcheck.model.DeckResult.verdict`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

from deckcheck.carddb.index import CardIndex, TranslatedName, set_code_key, translation_key
from deckcheck.i18n import CARD_LANGUAGES, LANGUAGE_NAMES, N_, Joined, Phrase, term
from deckcheck.model import ENERGY, Card, Deck, DeckCard, DeckEntry, Finding, ParsedDeck, Severity
from deckcheck.names import deck_key, deck_name, name_key, unown_letter
from deckcheck.parse.text import live_sub_set

# What the command line says after "unknown card", by whether a card database
# is installed; marked here so that the catalogues translate them.
MISSING_HINT = N_("If the card is new, update the card database: deckcheck db update.")
CATALOGUE_ONLY_HINT = N_("Only the built-in catalogue is installed: build the card database with deckcheck db update.")

NAME_MISMATCH = N_("{set_code} {number} is {actual}, not {written}; the line was read as {actual}.")
NAME_MISMATCH_HINT = N_("Correct the name or the set code and number.")
# RULES.md decision 18: the written name is another card; the line counts as it.
NAME_IS_OTHER_CARD = N_(
    "{set_code} {number} is {actual}, not {written}, so the line does not say which card it is; "
    "it was counted as {written}, and the deck's legality cannot be shown."
)
# RULES.md decision 18: the written name is no card and no close spelling of the numbered one.
NAME_IS_NO_CARD = N_(
    "{set_code} {number} is {actual}, and no card is named {written}, so the line does not say "
    "which card it is and the deck's legality cannot be shown."
)
NAME_IS_NO_CARD_HINT = N_(
    "Correct the name or the set code and number. If the name is in another language, add "
    "the card names: deckcheck db update --lang all."
)
UNKNOWN_SET = N_(
    "The set code {set_code} is not in the card database, so the line does not say which card it is "
    "and the deck's legality cannot be shown."
)
UNKNOWN_SET_HINT = N_(
    "If it is a new set, update the card database: deckcheck db update "
    "(it takes new sets from pokemontcg.io and TCGdex)."
)
UNKNOWN_PRINT = N_(
    "There is no card {set_code} {number} in the card database; the line was read by its name as {card}."
)
UNKNOWN_PRINT_HINT = N_("Check the set code and number.")
# RULES.md decision 18: a set code the database holds, with a number it does not hold for
# that set, does not say which card the line is; never read as another print for legality.
UNKNOWN_PRINT_ERROR = N_(
    "There is no card {set_code} {number} in the card database, and the prints of {name} are not "
    "all judged alike, so the line does not say which card it is and the deck's legality cannot be shown."
)
# TRANSLATORS: {set_code} is a set code such as PR-SV or TWM; the command stays as it is.
UNKNOWN_PRINT_ERROR_HINT = N_(
    "If {set_code} is a promo set or one of the newest sets, the card may be newer than the card "
    "database: update it (deckcheck db update). Otherwise correct the number."
)
UNKNOWN_CARD = N_("No card named {name} was found, so the deck's legality cannot be shown.")
# Issue 31: "4 Iono PAL" -- a card name followed by words that are no set code and number.
UNREAD_PRINT = N_(
    '{name} is a card, but "{rest}" after it is not a set code and number deckcheck understands, '
    "so the line does not say which card it is and the deck's legality cannot be shown."
)
UNREAD_PRINT_HINT = N_("Write the set code and number as printed on the card, e.g. {example}.")
UNKNOWN_CARD_HINT = N_("Did you mean: {suggestions}? {missing}")
# TRANSLATORS: only the advice that follows "Did you mean" otherwise; leave it as it is.
UNKNOWN_CARD_HINT_NO_SUGGESTION = N_("{missing}")
AMBIGUOUS = N_(
    "{name} names prints that the deck-building rules treat differently ({candidates}); it was read as {card}."
)
AMBIGUOUS_HINT = N_("Add the set code and number, e.g. {example}.")
# RULES.md decision 18: a name-only line whose prints differ in game text, some allowed, some not.
# TRANSLATORS: {candidates} and {legal} list prints ("Pikachu SVI 63, Pikachu PAF 131, …").
AMBIGUOUS_ALLOWED = N_(
    "{name} may mean prints with different game texts ({candidates}), of which the format allows only "
    "{legal} on the day; it was read as {card}."
)
DARK_METAL = N_(
    "{name} is both a basic Energy and a Special Energy card; the {count} copies were read as basic "
    "Energy ({card}). As the Special card ({special}) at most 4 would be allowed."
)
DARK_METAL_HINT = N_("Add the set code and number to say which card you play.")
# TRANSLATORS: {set_code} is SWSHALT, SVALT or SMALT, a code only the PTCG Live game uses.
LIVE_ALT = N_(
    "{set_code} is PTCG Live's own code for an alternate print, so the print cannot be told; the line was "
    "read by its name as {card}."
)
# RULES.md decision 18: the candidates' verdicts differ, so legality cannot be shown.
LIVE_ALT_AMBIGUOUS = N_(
    "{set_code} is PTCG Live's own code for an alternate print, so the print cannot be told, and "
    "the format allows some prints of {name} but not others ({candidates}); the deck's legality "
    "cannot be shown."
)
# TRANSLATORS: {series} is a series name ("Sword & Shield"), {date} an ISO date.
LIVE_ALT_NONE = N_(
    "{set_code} is PTCG Live's own code for alternate prints of the {series} series, and no print of "
    "{name} of that series was released by {date}, so the deck's legality cannot be shown."
)
LIVE_ALT_HINT = N_("Write the set code and number printed on the card, e.g. {example}.")
# TRANSLATORS: {meanings} lists the English card names the written name can mean.
AMBIGUOUS_TRANSLATION = N_(
    "{name} names cards with different names ({meanings}), so the line was not counted under any of them."
)
AMBIGUOUS_TRANSLATION_HINT = N_("Write the English name, or add the set code and number.")
AMBIGUOUS_LANGUAGES_HINT = N_(
    "Write the English name, add the set code and number, or say which language the card names are in (--card-lang)."
)
# TRANSLATORS: {card} is an English card name, {language} a language name ("German").
MEANING_IN_LANGUAGE = N_("{card} in {language}")

# Players abbreviate the title the English cards spell out: "Prof. Juniper".
_ENGLISH_TITLE = re.compile(r"^prof\.?\s+(?=\S)", re.IGNORECASE)


# PTCG Live numbers a Shiny Vault on from its main set (decision 17): Hidden
# Fates "HIF 163" is SV94 and Shining Fates "SHF 74" is SV001. The main set's
# highest number, by the set code as the card database knows it.
LIVE_SHINY_VAULT_AFTER = {"HIF": 69, "SHF": 73}


class Series(NamedTuple):
    """The prints a PTCG Live ALT code may stand for: sets whose id starts with
    one of ``prefixes`` (pokemontcg.io and TCGdex ids alike), released from
    ``first`` to ``last`` (ISO days of the series' first and last sets; None
    while the series goes on)."""

    name: str
    prefixes: tuple[str, ...]
    first: str
    last: str | None


# Codes that exist only inside PTCG Live, for its alternate prints (decision 17):
# "4 Irida SWSHALT 101". No printed card carries them; the line is read by name
# among the prints of that one series released by the day (RULES.md decision 18),
# never a print of a later series.
LIVE_ALT_SERIES = {
    "BWALT": Series("Black & White", ("bw", "dv1"), "2011-03-01", "2013-11-06"),
    "XYALT": Series("XY", ("xy", "g1", "dc1"), "2013-10-12", "2016-11-02"),
    "SMALT": Series("Sun & Moon", ("sm", "det1"), "2017-02-03", "2019-11-01"),
    "SWSHALT": Series("Sword & Shield", ("swsh", "cel25", "pgo", "fut20"), "2019-11-15", "2023-01-20"),
    "SVALT": Series("Scarlet & Violet", ("sv", "rsv", "zsv"), "2023-01-01", "2025-07-18"),
    "MEALT": Series("Mega Evolution", ("me",), "2025-09-26", None),
}
LIVE_ALT_CODES = frozenset(LIVE_ALT_SERIES)


# A set code typed in lower or mixed case at the end of a line: "4 Boss's Orders
# meg 114" (the parser takes upper-case codes only, so that names stay whole).
# Read as a code only when the index knows it (RULES.md decision 18).
_TRAILING_PRINT = re.compile(
    r"^(?P<name>\S(?:.*\S)?)\s++(?P<code>[A-Za-z][A-Za-z0-9-]{1,6})\s++"
    r"(?P<number>[A-Za-z]{0,5}[0-9]{1,4}[A-Za-z]?)$"
)

# Unknown lines of one deck that get "did you mean" suggestions.
MAX_SUGGESTED_LINES = 20


@dataclass(frozen=True, slots=True)
class ResolveOptions:
    # Which prints the format allows on the day; names resolve among these first
    # (RULES.md decision 10).
    allowed: Callable[[Card], bool] | None = None
    # Before Diamond & Pearl, "Darkness Energy"/"Metal Energy" were Special only
    # (RULES.md 5.2, decision 10).
    special_darkness_metal: bool = False
    # The day the deck is checked for (ISO): a PTCG Live alternate print
    # (SWSHALT, SVALT) can only be a print released by then (decision 17).
    date: str | None = None
    # Said after "unknown card": how to get a fuller card database.
    missing_hint: str = MISSING_HINT
    # The language of the card names (--card-lang): None reads each line as
    # English, else as a name in any language the index holds; "en" English
    # only; "de", "pt" ... that language first, then English.
    card_lang: str | None = None
    # Lines read before under these options, by what the line says: a run over
    # a repository meets the same staples in every deck. Only clean readings
    # (no findings) are kept, so nothing depends on a line's number or count.
    # Also the "did you mean" names found for an unknown name (_suggestions).
    memo: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


class Resolution(NamedTuple):
    """What became of one line: the print (None when unresolved), the findings,
    and the languages its name was read in when not English (best first)."""

    card: Card | None
    findings: Sequence[Finding] = ()
    langs: tuple[str, ...] = ()
    unknown: bool = False  # an unknown-card finding (its suggestions may be redone)
    by_print: bool = False  # found by the line's set code and number, not by its name
    # Counted as the card its name names, not the one its number names (decision 18)
    as_named: bool = False


def resolve_deck(
    parsed: ParsedDeck, index: CardIndex, options: ResolveOptions | None = None
) -> tuple[Deck, list[Finding]]:
    options = options or ResolveOptions()
    resolutions = [_remembered(entry, index, options) for entry in parsed.entries]
    deck_langs = _deck_languages(resolutions)
    if any(r.unknown for r in resolutions):
        # "Did you mean" once the deck's language is known (typos in a German
        # list get German suggestions), and for the first lines only: a fuzzy
        # search over every name costs, and a file of junk needs no thousand hints.
        ranked = _suggestion_languages(resolutions, deck_langs) if options.card_lang is None else ()
        unknown = [i for i, r in enumerate(resolutions) if r.unknown][:MAX_SUGGESTED_LINES]
        for i in unknown:
            resolutions[i] = resolve_line(parsed.entries[i], index, options, suggest_langs=ranked)
    resolved: list[DeckCard] = []
    unresolved: list[DeckEntry] = []
    findings: list[Finding] = []
    for entry, resolution in zip(parsed.entries, resolutions):
        findings.extend(resolution.findings)
        if resolution.card is None:
            unresolved.append(entry)
        else:
            resolved.append(
                DeckCard(
                    entry,
                    resolution.card,
                    read_as=_pick_language(resolution.langs, deck_langs),
                    by_print=resolution.by_print,
                    as_named=resolution.as_named,
                )
            )
    return Deck(parsed.path, tuple(resolved), tuple(unresolved)), findings


def _remembered(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> Resolution:
    # The count matters once: above 4 copies a bare Darkness/Metal Energy line
    # is worth a warning (decision 10), so the two cases are remembered apart.
    key = (
        id(index),
        entry.name,
        entry.set_code,
        entry.number,
        entry.basic_energy_type,
        entry.special_energy,
        entry.count > 4,
    )
    known = options.memo.get(key)
    if known is not None and known[0] is index:
        return known[1]
    resolution = resolve_line(entry, index, options, suggest=False)
    if not resolution.findings:
        _memo_put(options, key, (index, resolution))
    return resolution


# Entries the memo of one ResolveOptions holds at most: more distinct lines and
# typos than a card database has names; a run that meets more (a million lines
# of junk, a long-lived server) starts again rather than growing without bound.
MEMO_MAX = 50_000


def _memo_put(options: ResolveOptions, key: tuple, value: tuple) -> None:
    if len(options.memo) >= MEMO_MAX:
        options.memo.clear()
    options.memo[key] = value


def _suggestion_languages(resolutions: Sequence[Resolution], deck_langs: Counter) -> tuple[str, ...]:
    """The languages "did you mean" suggests in (issue 24): the list's own. An
    English list (more lines read as English than in any other language) gets
    English names only ("Iono PAL" -> Iono, never the French Monorpale); a
    German one German names first; a list with no line read, ().
    ``("en",)`` means English only."""
    english = sum(1 for r in resolutions if r.card is not None and not r.langs)
    if deck_langs and max(deck_langs.values()) > english:
        return tuple(lang for lang, _n in deck_langs.most_common())
    return ("en",) if english else ()


def _deck_languages(resolutions: Sequence[Resolution]) -> Counter:
    """How many lines were read in each language; lines that fit several
    languages count only when no line fits just one."""
    single = Counter(r.langs[0] for r in resolutions if r.card is not None and len(r.langs) == 1)
    if single:
        return single
    return Counter(lang for r in resolutions if r.card is not None for lang in r.langs)


def _pick_language(langs: tuple[str, ...], deck_langs: Counter) -> str | None:
    """The language to report for a line: of those its name fits, the deck's
    most frequent ("Professor Platan" is Italian and, loosely, German)."""
    if not langs:
        return None
    return max(langs, key=lambda lang: (deck_langs.get(lang, 0), -langs.index(lang)))


def resolve_entry(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> tuple[Card | None, list[Finding]]:
    resolution = resolve_line(entry, index, options)
    return resolution.card, list(resolution.findings)


def resolve_line(
    entry: DeckEntry,
    index: CardIndex,
    options: ResolveOptions,
    suggest_langs: tuple[str, ...] = (),
    suggest: bool = True,
) -> Resolution:
    """One line: set code and number first, then the name (English, then translated).
    ``suggest=False`` leaves "did you mean" out of an unknown-card finding."""
    if not entry.set_code:
        entry = _typed_print(entry, index)
    findings: list[Finding] = []
    code = entry.set_code
    if entry.set_code and entry.number:
        # PTCG Live's sub-set codes (decision 17): "LOR-TG 24" is LOR TG24.
        # Digits in other scripts are the number they write: "PAL ６２" is PAL 62 (decision 18).
        written_number = unicodedata.normalize("NFKC", entry.number)
        code, number = live_sub_set(entry.set_code, written_number) or (entry.set_code, written_number)
        code = _set_id_alias(code, index)
        printed = list(index.by_number(code, number))
        shiny_vault = live_shiny_vault(code, number)
        if not printed and shiny_vault:
            printed = list(index.by_number(code, shiny_vault))
        if printed:
            named = [c for c in printed if name_fits(entry, c)]
            if named:
                return Resolution(_prefer(named, options), findings, by_print=True)
            translated, langs = _translated_fits(entry, printed, index, options)
            if translated:
                return Resolution(_prefer(translated, options), findings, langs, by_print=True)
            return _mismatch(entry, code, printed, index, options)
        if is_live_alt_code(entry.set_code):
            return _resolve_live_alt(entry, index, options, suggest_langs, suggest)
        if not index.knows_set_code(code):
            # RULES.md decision 18: never read by its name alone for legality.
            return Resolution(
                None,
                [
                    _finding(
                        "unknown-set",
                        Severity.ERROR,
                        entry,
                        UNKNOWN_SET,
                        hint=UNKNOWN_SET_HINT,
                        set_code=entry.set_code,
                    )
                ],
            )
    by_name = _resolve_by_name(entry, index, options, suggest_langs, suggest)
    card = by_name.card
    if card is not None and code and entry.number:
        # Every print of a basic Energy type is the same card to the rules: PTCG
        # Live's own numbers for them ("Basic {R} Energy MEE 10") are only a note.
        if not (entry.basic_energy_type and card.is_basic_energy) and not _judged_alike(
            entry, card, code, index, options
        ):
            # RULES.md decision 18 (unknown number in a known set): an error, unless every
            # print the line could mean has the same verdict on the day (decision 15).
            return Resolution(
                card,
                [
                    _finding(
                        "unknown-print",
                        Severity.ERROR,
                        entry,
                        UNKNOWN_PRINT_ERROR,
                        hint=UNKNOWN_PRINT_ERROR_HINT,
                        hint_params={"set_code": entry.set_code},
                        set_code=entry.set_code,
                        number=entry.number,
                        name=entry.name,
                        cards=(entry.name,),
                    ),
                    *by_name.findings,
                ],
                by_name.langs,
                by_name.unknown,
            )
        severity = Severity.INFO if entry.basic_energy_type and card.is_basic_energy else Severity.WARNING
        findings.append(
            _finding(
                "unknown-print",
                severity,
                entry,
                UNKNOWN_PRINT,
                hint=UNKNOWN_PRINT_HINT,
                set_code=entry.set_code,
                number=entry.number,
                card=card.label,
                cards=(card.label,),
            )
        )
    return Resolution(card, [*findings, *by_name.findings], by_name.langs, by_name.unknown)


# Older prints of a Trainer name no kind ("Switch" BS 95 beside the Item reprints); no
# deck-building rule tells these kinds apart.
_TRAINER_KINDS = frozenset({"Item", "Supporter", "Stadium", "Pokémon Tool"})


def _judged_alike(entry: DeckEntry, card: Card, code: str, index: CardIndex, options: ResolveOptions) -> bool:
    """Whether every print a line with an unknown number in the known set ``code`` may mean
    has the same verdict on the day as ``card``, the print its name was read as (RULES.md
    decision 18, functional identity of decision 15):

    * the prints of the written name released by the day are functionally identical (one
      deck-building name, game-text digest and rule kinds) and the format allows all of them
      or none: reading the line as any of them gives one verdict;
    * or ``code`` is a Black Star Promo set, which grows after a database is built (``MEP 4``,
      a Lunatone promo newer than the database), ``card`` is allowed, the prints of the name
      are of one kind (stage, rule box), and either the set's series is the one running on the
      day (a promo of the running series carries a legal mark, or makes the print it reprints
      legal, so it is judged as ``card``; the format must allow some print of the set), or the
      prints of the name released in that series by the day are functionally identical and all
      allowed, ``card`` among them.
    """
    candidates, _langs, problem = _name_candidates(entry, index, options)
    candidates = _released(candidates, options)
    if problem is not None or not candidates:
        return False
    rule_kinds = {(deck_key(c.name, c.supertype), frozenset(c.subtypes) - _TRAINER_KINDS) for c in candidates}
    if len(rule_kinds) > 1:
        return False
    allowed = options.allowed
    if len({c.text_hash for c in candidates}) == 1 and (
        allowed is None or len({bool(allowed(c)) for c in candidates}) == 1
    ):
        return True
    by_set = getattr(index, "by_set_code", None)
    set_prints = by_set(code) if by_set is not None else ()
    set_ids = {c.set_id for c in set_prints}
    if len(set_ids) != 1 or not next(iter(set_ids)).endswith("p"):  # one promo set: svp, mep, swshp ...
        return False
    set_id = next(iter(set_ids))
    series = next((s for s in LIVE_ALT_SERIES.values() if set_id.startswith(s.prefixes)), None)
    if series is None or (allowed is not None and not allowed(card)):
        return False
    day = options.date or "9999"
    if series.first <= day and (series.last is None or day <= series.last):
        return allowed is None or any(allowed(c) for c in set_prints)
    recent = [c for c in candidates if _in_series(c, series) and c.release_date]
    return (
        card in recent
        and len({c.text_hash for c in recent}) == 1
        and all(allowed is None or allowed(c) for c in recent)
    )


# Words after a card name that look like a set code or number but were not read
# as one ("4 Iono PAL", "4 Dreepy TWM 999/167"): no lower-case letter in them.
MAX_UNREAD_WORDS = 3


def _unread_print(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> Resolution | None:
    """An ``unknown-card`` error for a name that is a card followed by words that look like
    a set code or number deckcheck did not understand: it names the card without them
    (issue 31), else None."""
    words = entry.name.split(" ")
    for size in range(1, min(MAX_UNREAD_WORDS, len(words) - 1) + 1):
        rest = words[-size:]
        if any(word.lower() != word.upper() and not word.isupper() for word in rest):
            return None  # a lower-case letter: part of a name
        name = " ".join(words[:-size])
        candidates, _langs, problem = _name_candidates(replace(entry, name=name), index, options)
        if candidates and problem is None:
            released = _released(candidates, options)
            # the print of the code written where there is one: "4 Iono PAL" -> "4 Iono PAL 185"
            own = [c for c in released if c.set_code and set_code_key(c.set_code) in map(set_code_key, rest)]
            card = _prefer(own or released, options)
            example = {"example": f"{entry.count} {card.label}"}
            return _unknown_card(entry, UNREAD_PRINT, UNREAD_PRINT_HINT, example, name=name, rest=" ".join(rest))
    return None


def _unknown_card(
    entry: DeckEntry, template: str, hint: str, hint_params: dict, *, unknown: bool = False, **params: Any
) -> Resolution:
    """An unresolved line with its one ``unknown-card`` error."""
    finding = _finding("unknown-card", Severity.ERROR, entry, template, hint=hint, hint_params=hint_params, **params)
    return Resolution(None, [finding], unknown=unknown)


def _set_id_alias(code: str, index: CardIndex) -> str:
    """A dataset's set id that results sites write as a code ("SV1 166" for SVI 166, "SV6"
    for TWM) read as the code of its set, where the index knows no such code and the id
    names exactly one set (issue 31); else ``code``."""
    if index.knows_set_code(code):
        return code
    lookup = getattr(index, "set_code_of_id", None)
    alias = lookup(code) if lookup is not None else None
    return alias or code


def _typed_print(entry: DeckEntry, index: CardIndex) -> DeckEntry:
    """``4 Boss's Orders meg 114``: a set code in lower or mixed case ends the
    name; read as set code and number only when the index knows the code and
    no card has the whole name (RULES.md decision 18: a real code is a code, and
    a name stays a name)."""
    joined = _joined_print(entry, index)
    if joined is not None:
        return joined
    match = _TRAILING_PRINT.match(entry.name)
    if match is None or match["code"].isupper() or not index.knows_set_code(match["code"]):
        return entry
    if index.by_name(entry.name):
        return entry
    return replace(entry, name=match["name"], set_code=match["code"].upper(), number=match["number"].upper())


# "4 Dreepy TWM128": a tracker's set code and number written as one word (issue 31).
_JOINED_CODE = re.compile(r"([A-Z]{2,5})([0-9]{1,4})")


def _joined_print(entry: DeckEntry, index: CardIndex) -> DeckEntry | None:
    """``4 Dreepy TWM128`` read as ``TWM 128`` where that print is a card of the
    name before it (RULES.md decision 18: "Pikachu XY95", the promo XY95, stays
    as written), else None."""
    name, _, last = entry.name.rpartition(" ")
    match = _JOINED_CODE.fullmatch(last)
    if not name or match is None or not index.knows_set_code(match[1]) or index.by_name(entry.name):
        return None
    read = replace(entry, name=name, set_code=match[1], number=match[2])
    if any(name_fits(read, card) for card in index.by_number(match[1], match[2])):
        return read
    return None


def _mismatch(
    entry: DeckEntry, code: str, printed: Sequence[Card], index: CardIndex, options: ResolveOptions
) -> Resolution:
    """The line's set code and number name a card whose name is not the one
    written: the three grades of RULES.md decision 18."""
    card = printed[0]
    params: dict[str, Any] = {
        "set_code": entry.set_code,
        "number": entry.number,
        "actual": card.shown_name,
        "written": entry.name,
    }
    candidates, langs, _problem = _name_candidates(entry, index, options)
    candidates = _released(candidates, options)
    if candidates:
        # The written name is another card: for every other rule the line counts
        # as that card, judged over that name's prints -- the set's own print of
        # the name where one exists (RULES.md decision 18).
        own = [c for c in candidates if c.set_code and set_code_key(c.set_code) == set_code_key(code)]
        # Issue 31: "8 Arceus AR 1" counts as Arceus, not as Arceus LV.X (same name for the
        # copy limit, but no Basic Pokémon): the print of the name as written, as for a name alone.
        named = _prefer(_as_written(entry, own or _in_pool(candidates, options)), options)
        return Resolution(
            named,
            [
                _finding(
                    "name-mismatch",
                    Severity.ERROR,
                    entry,
                    NAME_IS_OTHER_CARD,
                    hint=NAME_MISMATCH_HINT,
                    cards=(card.label,),
                    **params,
                )
            ],
            langs,
            by_print=False,
            as_named=True,
        )
    if _close_spelling(entry.name, card):
        # "Plasma Badge" for Team Plasma Badge, "Fighting" for Fighting Energy:
        # read as the numbered card, with a warning.
        return Resolution(
            card,
            [
                _finding(
                    "name-mismatch",
                    Severity.WARNING,
                    entry,
                    NAME_MISMATCH,
                    hint=NAME_MISMATCH_HINT,
                    cards=(card.label,),
                    **params,
                )
            ],
            by_print=True,
        )
    return Resolution(
        None,
        [
            _finding(
                "name-mismatch",
                Severity.ERROR,
                entry,
                NAME_IS_NO_CARD,
                hint=NAME_IS_NO_CARD_HINT,
                cards=(card.label,),
                **params,
            )
        ],
    )


def _agreement_keys(card: Card) -> set[str]:
    """The forms of a card's name a written name is compared with for a close
    spelling: its name and deck-building name, folded like translated names
    (``Mewtwo & Mew GX`` = ``Mewtwo & Mew-GX``), and a basic Energy without "Basic"."""
    keys = {translation_key(card.name), translation_key(deck_name(card.name, card.supertype))}
    if card.is_basic_energy:
        keys |= {key.removeprefix("basic ") for key in keys}
    return keys


def _close_spelling(written: str, card: Card) -> bool:
    """Whether ``written`` is a close spelling of ``card``'s name (RULES.md
    decision 18): the same words with a word left out or added ("Plasma Badge"
    for Team Plasma Badge, "Fighting" for Fighting Energy), or a typo or two."""
    from rapidfuzz.distance import Levenshtein

    key = translation_key(written)
    if len(key) < 3 or len(key) > 120:
        return False
    for name in _agreement_keys(card):
        shorter, longer = sorted((key, name), key=len)
        if len(shorter) >= 4 and f" {shorter} " in f" {longer} ":
            return True
        if Levenshtein.distance(key, name, score_cutoff=2) <= (1 if len(name) < 8 else 2):
            return True
    return False


def _released(candidates: Sequence[Card], options: ResolveOptions) -> list[Card]:
    """The candidates released by the day the deck is checked for (all of them
    when none was: the card pool then says it is not legal yet)."""
    if options.date is None:
        return list(candidates)
    day = options.date
    released = [c for c in candidates if not c.release_date or c.release_date <= day]
    return released or list(candidates)


def _in_pool(candidates: Sequence[Card], options: ResolveOptions) -> list[Card]:
    if options.allowed is None:
        return list(candidates)
    return [c for c in candidates if options.allowed(c)] or list(candidates)


def is_live_alt_code(set_code: str) -> bool:
    return set_code.strip().upper() in LIVE_ALT_CODES


def _in_series(card: Card, series: Series) -> bool:
    if not card.set_id.startswith(series.prefixes):
        return False
    date = card.release_date
    return not date or (series.first <= date and (series.last is None or date <= series.last))


def _resolve_live_alt(
    entry: DeckEntry, index: CardIndex, options: ResolveOptions, suggest_langs: tuple[str, ...], suggest: bool
) -> Resolution:
    """A ``SWSHALT``/``SVALT`` line: read by its name among the prints of that
    series released by the day (decisions 17 and 18). When the format judges
    every candidate alike, a note says how the line was read; when it allows
    some and not others, an ``ambiguous-card`` error names them."""
    by_name = _resolve_by_name(entry, index, options, suggest_langs, suggest)
    if by_name.card is None or any(f.severity is Severity.ERROR for f in by_name.findings):
        return by_name
    code = (entry.set_code or "").strip().upper()  # an ALT code was given: the caller checked
    series = LIVE_ALT_SERIES[code]
    candidates, _langs, _problem = _name_candidates(entry, index, options)
    day = options.date or "9999"
    candidates = [c for c in candidates if _in_series(c, series) and (not c.release_date or c.release_date <= day)]
    if not candidates:
        return Resolution(
            None,
            [
                _finding(
                    "unknown-print",
                    Severity.ERROR,
                    entry,
                    LIVE_ALT_NONE,
                    hint=LIVE_ALT_HINT,
                    hint_params={"example": f"{entry.count} {by_name.card.label}"},
                    set_code=entry.set_code,
                    series=series.name,
                    name=entry.name,
                    date=options.date or "",
                    cards=(entry.name,),
                )
            ],
            by_name.langs,
        )
    allowed = [c for c in candidates if options.allowed is None or options.allowed(c)]
    card = _prefer(allowed or candidates, options)
    if not allowed or len(allowed) == len(candidates):
        note = _finding(
            "unknown-print",
            Severity.INFO,
            entry,
            LIVE_ALT,
            set_code=entry.set_code,
            card=card.label,
            cards=(card.label,),
        )
        return Resolution(card, [note], by_name.langs)
    labels = [c.label for c in allowed[:2]] + [c.label for c in candidates if c not in allowed][:2]
    shown = ", ".join(labels) + (", …" if len(candidates) > len(labels) else "")
    return Resolution(
        card,
        [
            _finding(
                "ambiguous-card",
                Severity.ERROR,
                entry,
                LIVE_ALT_AMBIGUOUS,
                hint=LIVE_ALT_HINT,
                hint_params={"example": f"{entry.count} {allowed[0].label}"},
                set_code=entry.set_code,
                name=entry.name,
                candidates=shown,
                cards=tuple(labels),
            )
        ],
        by_name.langs,
    )


def live_shiny_vault(set_code: str, number: str) -> str | None:
    """The Shiny Vault number of a PTCG Live number past the main set
    (``HIF 163`` -> ``SV94``), else None."""
    after = LIVE_SHINY_VAULT_AFTER.get(set_code.strip().upper())
    # ASCII digits only, and few: int() refuses "²" and numbers past 4,300 digits.
    if after is None or not (number.isascii() and number.isdigit() and len(number) <= 9) or int(number) <= after:
        return None
    return f"SV{int(number) - after}"


def _resolve_by_name(
    entry: DeckEntry,
    index: CardIndex,
    options: ResolveOptions,
    suggest_langs: tuple[str, ...] = (),
    suggest: bool = True,
) -> Resolution:
    candidates, langs, problem = _name_candidates(entry, index, options)
    if problem is not None:
        return Resolution(None, [problem])
    if not candidates:
        unread = _unread_print(entry, index, options)
        if unread is not None:
            return unread
        suggestions = _suggestions(entry.name, index, options, suggest_langs) if suggest else []
        hint = UNKNOWN_CARD_HINT if suggestions else UNKNOWN_CARD_HINT_NO_SUGGESTION
        # Issue 24: the name as written, without the set code ("No card named Dreepy").
        hint_params = {"suggestions": ", ".join(suggestions), "missing": _phrase(options.missing_hint)}
        return _unknown_card(entry, UNKNOWN_CARD, hint, hint_params, unknown=True, name=entry.name)
    # RULES.md decision 18: the prints released by the day (Dragonair in 2006 is
    # Dragonair δ DS, never a print of 2026).
    candidates = _released(candidates, options)
    # Decision 18: where the format allows some of the prints and not others, and they are not
    # functionally identical (decision 15), the line is read as an allowed one with a warning.
    not_allowed: list[Card] = []
    if options.allowed is not None:
        in_pool = [c for c in candidates if options.allowed(c)]
        if in_pool:
            # Energy names are read by decision 10 (basic or Special by the day), not by their text.
            not_allowed = [c for c in candidates if c not in in_pool and c.supertype != ENERGY]
            if len({c.text_hash for c in [*in_pool, *not_allowed]}) == 1 or entry.basic_energy_type:
                not_allowed = []
            candidates = in_pool
    if _is_dark_or_metal_twin(candidates):
        card, findings = _resolve_dark_metal(entry, candidates, options)
        return Resolution(card, findings, langs)
    signatures = {_rule_signature(c) for c in candidates}
    # The print shown is one of the name as written where there is one: "4 Gardevoir"
    # is Gardevoir, not Gardevoir LV.X, though both are candidates (decision 18).
    card = _prefer(_as_written(entry, candidates), options)
    if len(signatures) == 1 and not not_allowed:
        return Resolution(card, [], langs)
    extra = {"legal": _labels(candidates)} if not_allowed else {}
    return Resolution(
        card,
        [
            _finding(
                "ambiguous-card",
                Severity.WARNING,
                entry,
                AMBIGUOUS_ALLOWED if not_allowed else AMBIGUOUS,
                hint=AMBIGUOUS_HINT,
                hint_params={"example": f"{entry.count} {card.label}"},
                name=_written(entry),
                candidates=_labels([*candidates, *not_allowed]),
                card=card.label,
                cards=(card.label,),
                **extra,
            )
        ],
        langs,
    )


def _labels(cards: Sequence[Card], most: int = 4) -> str:
    """The prints' labels, sorted, at most ``most`` of them then "…" (a finding stays short)."""
    labels = sorted({c.label for c in cards})
    return ", ".join(labels[:most]) + (", …" if len(labels) > most else "")


_MECHANIC_HYPHEN = re.compile(r"-(?=(?:v|vmax|vstar|v-union)$)", re.IGNORECASE)


def _english_candidates(entry: DeckEntry, index: CardIndex) -> list[Card]:
    candidates = list(index.by_name(entry.name))
    if not candidates and " - " in entry.name:
        # "Boss's Orders - Ghetsis": a subtitle written after a dash (RULES.md 2.8)
        candidates = list(index.by_name(entry.name.split(" - ", 1)[0]))
    if not candidates and _ENGLISH_TITLE.match(entry.name):
        candidates = list(index.by_name(_ENGLISH_TITLE.sub("Professor ", entry.name)))
    if not candidates and "-" in entry.name:
        # "Mew-VMax", "Zacian-V", "Mewtwo-V-UNION": a hyphen before a mechanic the cards
        # write after a space (issue 31; "-GX" and "-EX" are in the names themselves).
        spaced = _MECHANIC_HYPHEN.sub(" ", entry.name)
        if spaced != entry.name:
            candidates = list(index.by_name(spaced))
    if not candidates and name_key(entry.name) in _UNIT_ENERGY_NAMES:
        candidates = list(index.by_name(_UNIT_ENERGY_NAMES[name_key(entry.name)]))  # "Unit Energy LPM"
    letter = unown_letter(entry.name)
    if not candidates and letter:
        candidates = list(index.by_name(letter))
    return candidates


def _name_candidates(
    entry: DeckEntry, index: CardIndex, options: ResolveOptions
) -> tuple[list[Card], tuple[str, ...], Finding | None]:
    """The prints a name-only line may be, the languages it was read in, or a
    finding when a translated name means cards of different names."""
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
        candidates, langs, problem = _translated_candidates(entry, index, options)
        if problem is not None:
            return [], (), problem
    if not candidates:
        candidates, langs = _english_candidates(entry, index), ()
    if not candidates and options.card_lang is None:
        candidates, langs, problem = _translated_candidates(entry, index, options)
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


def group_key(card: Card) -> str:
    """Cards a translated name may stand for together: one deck-building name;
    for Energy without the "Basic" of the Scarlet & Violet prints, so that
    "Feuer-Energie" is every basic Fire Energy (and "Finsternis-Energie" meets
    the Special Darkness Energy twin of decision 10)."""
    key = deck_key(card.name, card.supertype)
    return key.removeprefix("basic ") if card.is_energy else key


def _spelling(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).split())


def _ordered_langs(names: Sequence[TranslatedName], options: ResolveOptions) -> tuple[str, ...]:
    langs = {t.lang for t in names}
    exact = {t.lang for t in names if t.exact}

    def rank(lang: str):
        order = CARD_LANGUAGES.index(lang) if lang in CARD_LANGUAGES else len(CARD_LANGUAGES)
        return (lang != options.card_lang, lang not in exact, order, lang)

    return tuple(sorted(langs, key=rank))


def _translated_candidates(
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
        written = _spelling(entry.name)
        for narrower in ([t for t in names if t.exact], [t for t in names if _spelling(t.name) == written]):
            if narrower and len({group_key(t.card) for t in narrower}) == 1:
                groups = {group_key(narrower[0].card)}
                break
    if len(groups) > 1:
        return [], (), _ambiguous_translation(entry, names)
    # Every language whose name fits the card is a candidate for the report.
    names = [t for t in names if group_key(t.card) in groups]
    cards = list(dict.fromkeys(t.card for t in names))
    return cards, _ordered_langs(names, options), None


def _translated_fits(
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
    return _finding(
        "ambiguous-card",
        Severity.WARNING,
        entry,
        AMBIGUOUS_TRANSLATION,
        hint=AMBIGUOUS_LANGUAGES_HINT if several_languages else AMBIGUOUS_TRANSLATION_HINT,
        name=_written(entry),
        meanings=Joined(shown),
    )


def _suggestions(name: str, index: CardIndex, options: ResolveOptions, suggest_langs: tuple[str, ...]) -> list[str]:
    """Did you mean: English names, and names in the list's language (the forced
    one, the deck's, or any the index holds when the deck shows none)."""
    # A fuzzy search over every name costs a millisecond; a run over many decks
    # meets the same typo in deck after deck (issue 16). Kept beside the lines.
    key = ("did-you-mean", id(index), name, suggest_langs)
    known = options.memo.get(key)
    if known is not None and known[0] is index:
        return list(known[1])
    found = _search_suggestions(name, index, options, suggest_langs)
    _memo_put(options, key, (index, tuple(found)))
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
        # languages' (issue 24: "Bosses Orders" is never offered "Bottes Lourdes").
        for other in index.suggest(name, 3, langs=available):
            if other not in found and len(found) < 3:
                found.append(other)
    return found


def _is_dark_or_metal_twin(candidates: Sequence[Card]) -> bool:
    return any(c.is_basic_energy for c in candidates) and any(c.is_energy and not c.is_basic_energy for c in candidates)


def _resolve_dark_metal(
    entry: DeckEntry, candidates: Sequence[Card], options: ResolveOptions
) -> tuple[Card, list[Finding]]:
    """RULES.md decision 10: a bare ``Darkness Energy`` / ``Metal Energy`` line."""
    basic = [c for c in candidates if c.is_basic_energy]
    special = [c for c in candidates if not c.is_basic_energy]
    if options.special_darkness_metal:
        return _prefer(special, options), []
    card = _prefer(basic, options)
    if entry.count <= 4:
        return card, []
    return card, [
        _finding(
            "ambiguous-card",
            Severity.WARNING,
            entry,
            DARK_METAL,
            hint=DARK_METAL_HINT,
            name=entry.name,
            count=entry.count,
            card=card.label,
            special=_prefer(special, options).label,
            cards=(card.label,),
        )
    ]


def _rule_signature(card: Card) -> tuple:
    """What the deck-building rules see of a print; prints with equal signatures
    are interchangeable for a name-only line."""
    # Basic Energy prints are interchangeable whether named "Fire Energy" or,
    # as in Scarlet & Violet, "Basic Fire Energy" (RULES.md 5.1, 5.2).
    name = group_key(card) if card.is_basic_energy else deck_key(card.name, card.supertype)
    return (
        name,
        card.supertype,
        card.is_basic_energy,
        card.is_basic_pokemon,
        card.is_ace_spec,
        card.is_prism_star,
        card.is_pokemon_star,
        card.is_radiant,
        card.own_limit,
        card.any_number,
        card.not_for_tournaments,
        card.plays_as_basic,
    )


def _restrictiveness(card: Card) -> int:
    """How many special limits a print brings; a name-only line is read as the
    least restricted print, so nothing is declared illegal on a guess."""
    return sum(
        (
            card.is_ace_spec,
            card.is_prism_star,
            card.is_pokemon_star,
            card.is_radiant,
            card.own_limit is not None,
            card.not_for_tournaments,
            not card.is_basic_energy and card.is_energy,
        )
    )


def _as_written(entry: DeckEntry, candidates: Sequence[Card]) -> Sequence[Card]:
    """The candidates whose own name is the one written, where there are some: "Gardevoir"
    is Gardevoir, not Gardevoir LV.X, though both share the name for the copy limit
    (decision 18); all of them otherwise (a basic Energy type, a translated name)."""
    written = name_key(entry.name)
    exact = [] if entry.basic_energy_type else [c for c in candidates if name_key(c.name) == written]
    return exact or candidates


def _prefer(cards: Sequence[Card], options: ResolveOptions) -> Card:
    """The print a line stands for: allowed in the format, least restricted, newest."""
    if len(cards) == 1:
        return cards[0]  # nothing to rank (issue 16: the format's verdict on the print costs)

    def score(card: Card):
        allowed = options.allowed(card) if options.allowed is not None else True
        return (not allowed, _restrictiveness(card), _negated_date(card.release_date), card.id)

    return min(cards, key=score)


def _negated_date(date: str | None) -> tuple:
    # Newest first: compare on the negated digits of the ISO date.
    if not date:
        return (1,)
    return (0, -int(date.replace("-", "")))


def name_fits(entry: DeckEntry, card: Card) -> bool:
    """Whether the line's written name is ``card``'s name (RULES.md decision 18:
    case, accents, spacing, GX/-GX, the basic Energy spellings, subtitles ...)."""
    if entry.basic_energy_type:
        return card.is_basic_energy and entry.basic_energy_type.casefold() in card.name.casefold()
    written = name_key(entry.name)
    if written in (name_key(card.name), deck_key(card.name, card.supertype)):
        return True
    if card.is_basic_energy and written == name_key(card.name).removeprefix("basic "):
        return True  # "8 Grass Energy MEE 1": Scarlet & Violet prints say "Basic Grass Energy"
    if _ENGLISH_TITLE.match(entry.name):
        professor = name_key(_ENGLISH_TITLE.sub("Professor ", entry.name))
        if professor in (name_key(card.name), deck_key(card.name, card.supertype)):
            return True
    if unown_letter(entry.name) and name_key(unown_letter(entry.name)) == name_key(card.name):
        return True  # "Unown F LA 79"
    if written in _list_forms(card):
        return True
    if " - " in entry.name:
        return name_key(entry.name.split(" - ", 1)[0]) == deck_key(card.name, card.supertype)
    # RULES.md decision 18: "Mewtwo & Mew GX" is Mewtwo & Mew-GX, "Kyogre EX" Kyogre-EX.
    return translation_key(entry.name) in _agreement_keys(card)


# Issue 31: how lists write some cards whose print the line names. PTCGO's Unit Energy
# names, and a basic Energy by its type alone ("5 Dark BLW 111").
_UNIT_ENERGY = {
    "unit energy grassfirewater": "unit energy grw",
    "unit energy lightningpsychicmetal": "unit energy lpm",
    "unit energy fightingdarknessfairy": "unit energy fdy",
}
_UNIT_ENERGY_NAMES = {short: full for full, short in _UNIT_ENERGY.items()}
_TYPE_WORDS = {"darkness": ("darkness", "dark"), "metal": ("metal", "steel")}
# "Team Galactic's Invention G-105 Poké Turn" as lists write it: "Poké Turn".
_INVENTION = re.compile(r"team galactic's invention g-\d{1,3} (?P<name>\S.*)")
# A Prism Star or Star card named without its symbol ("Xerneas LOT 144" is Xerneas ◇);
# only where the number names that card: a name-only "Xerneas" stays the plain cards.
_SYMBOLS = (" ◇", " ★")


def _list_forms(card: Card) -> set[str]:
    """Other ways lists write ``card``'s name (folded by :func:`name_key`), read only
    where the line's set code and number name that card (RULES.md decision 18)."""
    key = name_key(card.name)
    forms = {_UNIT_ENERGY[key]} if key in _UNIT_ENERGY else set()
    invention = _INVENTION.fullmatch(key)
    if invention:
        forms.add(invention["name"])
    if card.is_basic_energy:
        energy_type = key.removeprefix("basic ").removesuffix(" energy")
        forms.update(_TYPE_WORDS.get(energy_type, (energy_type,)))
    for symbol in _SYMBOLS:
        if key.endswith(symbol):
            forms.add(key.removesuffix(symbol))
    return forms


@lru_cache(maxsize=8)
def _phrase(template: str) -> Phrase:
    """One shared Phrase per advice: a list of a million unknown cards holds a
    million findings, each needing no copy of its own (issue 12)."""
    return Phrase(template)


def _written(entry: DeckEntry) -> str:
    if entry.set_code and entry.number:
        return f"{entry.name} {entry.set_code} {entry.number}"
    return entry.name


def _finding(
    rule: str,
    severity: Severity,
    entry: DeckEntry,
    template: str,
    *,
    hint: str | None = None,
    hint_params: dict | None = None,
    cards: tuple[str, ...] = (),
    **params,
) -> Finding:
    return Finding(
        rule=rule,
        severity=severity,
        template=template,
        params=params,
        lines=(entry.line,),
        cards=cards or (_written(entry),),
        hint_template=hint,
        hint_params=hint_params or {},
    )
