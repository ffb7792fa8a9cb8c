"""Resolution: every deck line to the print it is counted as, or to none.

Pure: the card database is passed in as a :class:`~deckcheck.carddb.index.CardIndex`. A line
is read by its set code and number first (:mod:`~deckcheck.core.prints`), then by its name
(:mod:`~deckcheck.core.naming`), and each reading ends in the one contract of
:mod:`~deckcheck.core.identify`, which alone decides whether the line says which card it is.

Names in other languages: a name that is no English card name is looked up among the
translated names the index holds (TCGdex, in the SQLite database; the built-in catalogue has
none), in every language or only in ``ResolveOptions.card_lang``. It resolves to the English
card, so the line counts under the card's English deck-building name ("2 Prof. Esche" and
"2 Professor Juniper" are 4 Professor Juniper). The language a line was read in is kept on the
:class:`~deckcheck.model.DeckCard` (``read_as``) and summed up in ``Deck.languages``.

Findings produced here (docs/rulings.md says when each is an error):

* ``unknown-card`` (error) – no card matches;
* ``unknown-set`` (error) – the set code is not in the database at all;
* ``unknown-print`` – set code and number match nothing: an error unless every print the line
  may mean is one card to the rules (then a warning; a note for basic Energy and PTCG Live's
  ``ALT`` codes);
* ``name-mismatch`` – set code and number name another card: a warning for a close spelling of
  the numbered card (read as it), an error otherwise;
* ``ambiguous-card`` – a name whose prints the rules treat differently (a warning on a
  name-only line, read the way that declares nothing illegal on a guess), or an error where
  the line's prints cannot be told apart (a translated name two cards share, an ``ALT`` code).

The errors leave a deck *not verified* rather than ILLEGAL
(:data:`~deckcheck.model.UNVERIFIED_RULES`, :attr:`~deckcheck.model.DeckResult.verdict`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from deckcheck.carddb.index import CardIndex, set_code_key
from deckcheck.core.identify import (
    BY_ALT,
    BY_CANDIDATES,
    BY_NAME,
    BY_PRINT,
    NOTHING,
    one_identity,
    one_verdict,
    rule_signature,
    settle,
)
from deckcheck.core.lines import (
    CATALOGUE_ONLY_HINT,
    MISSING_HINT,
    Resolution,
    ResolveOptions,
    as_written,
    line_finding,
    memo_put,
    on_line,
    phrase,
    prefer,
    released,
    released_or_all,
    written,
)
from deckcheck.core.messages import (
    AMBIGUOUS,
    AMBIGUOUS_ALLOWED,
    AMBIGUOUS_HINT,
    LIVE_ALT,
    LIVE_ALT_AMBIGUOUS,
    LIVE_ALT_DIFFERENT,
    LIVE_ALT_HINT,
    LIVE_ALT_NONE,
    NAME_IS_NO_CARD,
    NAME_IS_NO_CARD_HINT,
    NAME_IS_OTHER_CARD,
    NAME_MISMATCH,
    NAME_MISMATCH_HINT,
    UNKNOWN_CARD,
    UNKNOWN_CARD_HINT,
    UNKNOWN_CARD_HINT_NO_SUGGESTION,
    UNKNOWN_PRINT,
    UNKNOWN_PRINT_ERROR,
    UNKNOWN_PRINT_ERROR_HINT,
    UNKNOWN_PRINT_HINT,
    UNKNOWN_PRINT_PARTIAL,
    UNKNOWN_PRINT_UNRELEASED,
    UNKNOWN_PRINT_UNRELEASED_HINT,
    UNKNOWN_SET,
    UNKNOWN_SET_HINT,
    UNREAD_PRINT,
    UNREAD_PRINT_HINT,
)
from deckcheck.core.naming import (
    close_spelling,
    deck_languages,
    is_dark_or_metal_twin,
    name_candidates,
    name_fits,
    pick_language,
    read_dark_or_metal,
    suggestion_languages,
    suggestions,
    translated_fits,
)
from deckcheck.core.prints import (
    LIVE_ALT_SERIES,
    PrintRead,
    in_series,
    is_live_alt_code,
    live_shiny_vault,
    read_print,
    set_released,
    typed_print,
)
from deckcheck.core.regions import line_index
from deckcheck.model import ENERGY, Card, Deck, DeckCard, DeckEntry, Finding, ParsedDeck, Severity, placed

__all__ = [
    "CATALOGUE_ONLY_HINT",
    "LIVE_ALT_SERIES",
    "MISSING_HINT",
    "Resolution",
    "ResolveOptions",
    "live_shiny_vault",
    "name_fits",
    "resolve_deck",
    "resolve_entry",
    "resolve_line",
]

# Unknown lines of one deck that get "did you mean" suggestions.
MAX_SUGGESTED_LINES = 20
# Words after a card name that look like a set code or number, not read as one ("4 Iono PAL").
MAX_UNREAD_WORDS = 3


def resolve_deck(
    parsed: ParsedDeck, index: CardIndex, options: ResolveOptions | None = None
) -> tuple[Deck, list[Finding]]:
    """Every line of a deck read. A line the contract identifies becomes a
    :class:`~deckcheck.model.DeckCard`, every other line stays unresolved: it counts toward the
    deck's size and never toward any card's legality."""
    options = options or ResolveOptions()
    # Each line read once per entry object (kept by its id: _read): lists share their entries.
    known = options.memo.get(_BY_ENTRY)
    if known is None:
        known = options.memo[_BY_ENTRY] = OrderedDict()
    lines: list[tuple[DeckEntry, CardIndex, Resolution, DeckCard | None, bool, int]] = []
    resolved: list[DeckCard] = []
    unresolved: list[DeckEntry] = []
    resolved_at: list[int] = []  # the line of each, in order
    unresolved_at: list[int] = []
    findings: list[Finding] = []
    plain = True  # no unknown line (whose "did you mean" is the deck's), no name in another language
    for entry, number in zip(parsed.entries, parsed.lines):
        line = known.get(id(entry))
        if line is None or line[0] is not entry or line[1] is not index or (line[5] and line[5] != number):
            line = _read(entry, number, index, options, known)
        lines.append(line)
        if not plain:
            continue
        if line[4]:
            plain = False
            continue
        reading = line[2]
        if reading.findings:
            findings.extend(reading.findings)
        if line[3] is not None:
            resolved.append(line[3])
            resolved_at.append(number)
        else:
            unresolved.append(entry)
            unresolved_at.append(number)
    if plain:
        deck = Deck(parsed.path, tuple(resolved), tuple(unresolved), tuple(resolved_at), tuple(unresolved_at), True)
        return deck, findings
    resolved, unresolved, findings, resolved_at, unresolved_at = [], [], [], [], []
    resolutions = [line[2] for line in lines]
    deck_langs = deck_languages(resolutions)
    if any(r.unknown for r in resolutions):
        # "Did you mean" once the deck's language is known (typos in a German
        # list get German suggestions), and for the first lines only: a fuzzy
        # search over every name costs, and a file of junk needs no thousand hints.
        ranked = suggestion_languages(resolutions, deck_langs) if options.card_lang is None else ()
        unknown_lines = [i for i, r in enumerate(resolutions) if r.unknown][:MAX_SUGGESTED_LINES]
        for i in unknown_lines:
            resolutions[i] = _suggested(parsed.entries[i], parsed.lines[i], index, options, ranked)
    for (entry, _index, _reading, deck_card, _own, _line), resolution, number in zip(lines, resolutions, parsed.lines):
        if resolution.findings:
            findings.extend(resolution.findings)
        if deck_card is not None:
            resolved.append(deck_card)
            resolved_at.append(number)
        elif resolution.identified and resolution.card is not None:
            read_as = pick_language(resolution.langs, deck_langs)
            resolved.append(DeckCard(entry, resolution.card, read_as=read_as, by_print=resolution.by_print))
            resolved_at.append(number)
        else:
            unresolved.append(entry)
            unresolved_at.append(number)
    return Deck(parsed.path, tuple(resolved), tuple(unresolved), tuple(resolved_at), tuple(unresolved_at)), findings


# options.memo's key of the lines kept by entry object (_read), at most ENTRIES_KEPT; then the one
# kept longest goes (a YAML or JSON list's own entries, met once, must not empty it). The readings
# themselves stay in options.memo.
_BY_ENTRY = object()
ENTRIES_KEPT = 20_480


def _read(
    entry: DeckEntry, line: int, index: CardIndex, options: ResolveOptions, known: OrderedDict
) -> tuple[DeckEntry, CardIndex, Resolution, DeckCard | None, bool, int]:
    """An entry standing on ``line`` read and kept in ``known``: (entry, index, reading, its
    DeckCard when the line is identified and read as English -- the same whatever the deck --,
    whether the deck has a say in it: an unknown card's "did you mean", a name read in another
    language; the line the reading holds for: 0 for any, ``line`` when it has findings, which
    name their line)."""
    reading = _remembered(entry, line, index, options)
    deck_card = None
    if reading.identified and reading.card is not None and not reading.langs:
        deck_card = DeckCard(entry, reading.card, read_as=None, by_print=reading.by_print)
    read = (entry, index, reading, deck_card, bool(reading.unknown or reading.langs), line if reading.findings else 0)
    if len(known) >= ENTRIES_KEPT:
        known.popitem(last=False)
    known[id(entry)] = read  # (the entry is kept with it: its id is not reused)
    return read


def _suggested(
    entry: DeckEntry, line: int, index: CardIndex, options: ResolveOptions, ranked: tuple[str, ...]
) -> Resolution:
    """An unknown line on ``line`` read again with "did you mean" in the ``ranked`` languages,
    once per line as written and languages."""
    key = ("suggested", *_said(entry, index), entry.count, ranked)
    known = options.memo.get(key)
    if known is not None and known[0] is index:
        return on_line(known[1], line)
    resolution = resolve_line(placed(entry, 0), index, options, suggest_langs=ranked)
    memo_put(options, key, (index, resolution))
    return on_line(resolution, line)


def _said(entry: DeckEntry, index: CardIndex) -> tuple:
    # The count matters once: above 4 copies a bare Darkness/Metal Energy line
    # is worth a warning, so the two cases are remembered apart.
    return (
        id(index),
        entry.name,
        entry.set_code,
        entry.number,
        entry.basic_energy_type,
        entry.special_energy,
        entry.count > 4,
    )


def _remembered(entry: DeckEntry, line: int, index: CardIndex, options: ResolveOptions) -> Resolution:
    """A line's reading on ``line``, kept by what the line says (and its count, with findings:
    read for line 0, then put on its line, :func:`~deckcheck.core.lines.on_line`)."""
    key = _said(entry, index)
    known = options.memo.get(key)
    if known is not None and known[0] is index:
        return known[1]
    at = (*key, entry.count)
    known = options.memo.get(at)
    if known is not None and known[0] is index:
        return on_line(known[1], line)
    resolution = resolve_line(placed(entry, 0), index, options, suggest=False)
    memo_put(options, at if resolution.findings else key, (index, resolution))
    return on_line(resolution, line)


def resolve_entry(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> tuple[Card | None, list[Finding]]:
    """One line alone: the print it is counted as (None when the line says no card) and its findings."""
    resolution = resolve_line(entry, index, options)
    return (resolution.card if resolution.identified else None), list(resolution.findings)


def resolve_line(
    entry: DeckEntry,
    index: CardIndex,
    options: ResolveOptions,
    suggest_langs: tuple[str, ...] = (),
    suggest: bool = True,
) -> Resolution:
    """One line: set code and number first, then the name (English, then translated); every
    way ends in the contract (:func:`deckcheck.core.identify.settle`).
    ``suggest=False`` leaves "did you mean" out of an unknown-card finding."""
    index = line_index(entry, index, options)  # Japan's prints for a Japanese line under standard-jp
    if not entry.set_code:
        entry = typed_print(entry, index)
    if not (entry.set_code and entry.number):
        return _by_name(entry, index, options, suggest_langs, suggest)
    read = read_print(entry, index)
    if read.printed:
        return _by_print(entry, read, index, options)
    if is_live_alt_code(entry.set_code):
        return _live_alt(entry, index, options, suggest_langs, suggest)
    if not index.knows_set_code(read.code):
        finding = line_finding(
            "unknown-set", Severity.ERROR, entry, UNKNOWN_SET, hint=UNKNOWN_SET_HINT, set_code=entry.set_code
        )
        return settle(entry, NOTHING, (), Resolution(None, [finding]), options)
    return _unknown_number(entry, read, index, options, suggest_langs, suggest)


def _by_print(entry: DeckEntry, read: PrintRead, index: CardIndex, options: ResolveOptions) -> Resolution:
    """The line's set code and number name prints the database holds."""
    named = [c for c in read.printed if name_fits(entry, c)]
    if named:
        return settle(entry, BY_PRINT, named, Resolution(prefer(named, options), by_print=True), options)
    translated, langs = translated_fits(entry, read.printed, index, options)
    if translated:
        reading = Resolution(prefer(translated, options), (), langs, by_print=True)
        return settle(entry, BY_PRINT, translated, reading, options)
    return _mismatch(entry, read, index, options)


def _mismatch(entry: DeckEntry, read: PrintRead, index: CardIndex, options: ResolveOptions) -> Resolution:
    """The line's set code and number name a card whose name is not the one written: a close
    spelling of it is read as it, with a warning; another card's name, or no card's, says no card."""
    card = read.printed[0]
    params: dict[str, Any] = {
        "set_code": entry.set_code,
        "number": entry.number,
        "actual": card.shown_name,
        "written": entry.name,
    }
    candidates, _langs, _problem = name_candidates(entry, index, options)
    if not candidates and close_spelling(entry.name, card):
        # "Plasma Badge" for Team Plasma Badge, "Fighting" for Fighting Energy.
        warning = line_finding(
            "name-mismatch",
            Severity.WARNING,
            entry,
            NAME_MISMATCH,
            hint=NAME_MISMATCH_HINT,
            cards=(card.label,),
            **params,
        )
        return settle(entry, BY_PRINT, [card], Resolution(card, [warning], by_print=True), options)
    template, hint = (NAME_IS_OTHER_CARD, NAME_MISMATCH_HINT) if candidates else (NAME_IS_NO_CARD, NAME_IS_NO_CARD_HINT)
    error = line_finding("name-mismatch", Severity.ERROR, entry, template, hint=hint, cards=(card.label,), **params)
    return settle(entry, NOTHING, (), Resolution(None, [error]), options)


def _unknown_number(
    entry: DeckEntry,
    read: PrintRead,
    index: CardIndex,
    options: ResolveOptions,
    suggest_langs: tuple[str, ...],
    suggest: bool,
) -> Resolution:
    """A set code the database holds with a number it does not hold for that set. The line may
    mean the prints of its name released by the day -- none when the set came out after the
    day -- and says which card it is only when those are one card to the rules."""
    found, langs, problem = name_candidates(entry, index, options)
    if problem is not None or not found:
        # no card of that name (or a name two cards share): reading it by its name says so
        return _by_name(entry, index, options, suggest_langs, suggest)
    params: dict[str, Any] = {"set_code": entry.set_code, "number": entry.number}
    if entry.basic_energy_type:
        # Every print of a basic Energy type is the same card to the rules: PTCG Live's own
        # numbers for them ("Basic {R} Energy MEE 10") are only a note.
        card = prefer(released_or_all(found, options), options)
        note = line_finding(
            "unknown-print", Severity.INFO, entry, UNKNOWN_PRINT, hint=UNKNOWN_PRINT_HINT, card=card.label, **params
        )
        return settle(entry, BY_CANDIDATES, found, Resolution(card, [note], langs), options)
    set_day = set_released(read.code, index)
    if set_day is not None and options.date is not None and set_day > options.date:
        error = line_finding(
            "unknown-print",
            Severity.ERROR,
            entry,
            UNKNOWN_PRINT_UNRELEASED,
            hint=UNKNOWN_PRINT_UNRELEASED_HINT,
            released=set_day,
            date=options.date,
            **params,
        )
        return settle(entry, NOTHING, (), Resolution(None, [error], langs), options)
    # A partial database (the built-in catalogue) lacks prints of the sets it knows: the
    # line may be any card of that set, not only one of the name's prints it holds.
    candidates = [] if index.partial else released(found, options)
    if one_identity(candidates, options):
        card = prefer(as_written(entry, candidates), options)
        warning = line_finding(
            "unknown-print",
            Severity.WARNING,
            entry,
            UNKNOWN_PRINT,
            hint=UNKNOWN_PRINT_HINT,
            card=card.label,
            cards=(card.label,),
            **params,
        )
        return settle(entry, BY_CANDIDATES, candidates, Resolution(card, [warning], langs), options)
    error = line_finding(
        "unknown-print",
        Severity.ERROR,
        entry,
        UNKNOWN_PRINT_PARTIAL if index.partial else UNKNOWN_PRINT_ERROR,
        hint=CATALOGUE_ONLY_HINT if index.partial else UNKNOWN_PRINT_ERROR_HINT,
        hint_params={} if index.partial else {"set_code": entry.set_code},
        name=entry.name,
        cards=(entry.name,),
        **params,
    )
    return settle(entry, NOTHING, (), Resolution(None, [error], langs), options)


def _live_alt(
    entry: DeckEntry, index: CardIndex, options: ResolveOptions, suggest_langs: tuple[str, ...], suggest: bool
) -> Resolution:
    """A ``SWSHALT``/``SVALT`` line: it may mean any print of its name of that series released
    by the day. When the format cannot tell them apart, a note says how the line was read;
    otherwise an ``ambiguous-card`` error names them."""
    found, langs, problem = name_candidates(entry, index, options)
    if problem is not None or not found:
        return _by_name(entry, index, options, suggest_langs, suggest)  # says why: no such card
    code = (entry.set_code or "").strip().upper()  # an ALT code was given: the caller checked
    series = LIVE_ALT_SERIES[code]
    example = prefer(as_written(entry, released_or_all(found, options)), options)
    day = options.date or "9999"
    candidates = [c for c in found if in_series(c, series) and (not c.release_date or c.release_date <= day)]
    if not candidates:
        error = line_finding(
            "unknown-print",
            Severity.ERROR,
            entry,
            LIVE_ALT_NONE,
            hint=LIVE_ALT_HINT,
            hint_params={"example": f"{entry.count} {example.label}"},
            set_code=entry.set_code,
            series=series.name,
            name=entry.name,
            date=options.date or "",
            cards=(entry.name,),
        )
        return settle(entry, NOTHING, (), Resolution(None, [error], langs), options)
    allowed = [c for c in candidates if options.allowed is None or options.allowed(c)]
    card = prefer(allowed or candidates, options)
    if one_verdict(candidates, options):
        note = line_finding(
            "unknown-print",
            Severity.INFO,
            entry,
            LIVE_ALT,
            set_code=entry.set_code,
            card=card.label,
            cards=(card.label,),
        )
        return settle(entry, BY_ALT, candidates, Resolution(card, [note], langs), options)
    differ = not allowed or len(allowed) == len(candidates)
    labels = [c.label for c in allowed[:2]] + [c.label for c in candidates if c not in allowed][:2]
    if differ:
        labels = [c.label for c in candidates[:4]]
    shown = ", ".join(labels) + (", …" if len(candidates) > len(labels) else "")
    error = line_finding(
        "ambiguous-card",
        Severity.ERROR,
        entry,
        LIVE_ALT_DIFFERENT if differ else LIVE_ALT_AMBIGUOUS,
        hint=LIVE_ALT_HINT,
        hint_params={"example": f"{entry.count} {(allowed or candidates)[0].label}"},
        set_code=entry.set_code,
        name=entry.name,
        candidates=shown,
        cards=tuple(labels),
    )
    return settle(entry, NOTHING, (), Resolution(None, [error], langs), options)


def _by_name(
    entry: DeckEntry,
    index: CardIndex,
    options: ResolveOptions,
    suggest_langs: tuple[str, ...] = (),
    suggest: bool = True,
) -> Resolution:
    """A line read by its name alone: the prints of the name released by the day. They say
    which card the line is when they share one deck-building name; where they differ for the
    rules, the line is read the way that declares nothing illegal on a guess, with a warning."""
    candidates, langs, problem = name_candidates(entry, index, options)
    if problem is not None:
        return settle(entry, NOTHING, (), Resolution(None, [problem]), options)
    if not candidates:
        unread = _unread_print(entry, index, options)
        if unread is not None:
            return unread
        found = suggestions(entry.name, index, options, suggest_langs) if suggest else []
        hint = UNKNOWN_CARD_HINT if found else UNKNOWN_CARD_HINT_NO_SUGGESTION
        # The name as written, without the set code ("No card named Dreepy").
        hint_params = {"suggestions": ", ".join(found), "missing": phrase(options.missing_hint)}
        return _unknown_card(entry, UNKNOWN_CARD, hint, hint_params, unknown=True, name=entry.name, options=options)
    # The prints released by the day (Dragonair in 2006 is Dragonair δ DS, never a print of 2026).
    candidates = released_or_all(candidates, options)
    named = candidates
    # Where the format allows some of the prints and not others, and they are not
    # functionally identical, the line is read as an allowed one with a warning.
    not_allowed: list[Card] = []
    if options.allowed is not None:
        allowed_prints = [c for c in candidates if options.allowed(c)]
        if allowed_prints:
            # Energy names are read by their ruling (basic or Special by the day), not by their text.
            not_allowed = [c for c in candidates if c not in allowed_prints and c.supertype != ENERGY]
            if len({c.text_hash for c in [*allowed_prints, *not_allowed]}) == 1 or entry.basic_energy_type:
                not_allowed = []
            candidates = allowed_prints
    if is_dark_or_metal_twin(candidates):
        card, findings = read_dark_or_metal(entry, candidates, options)
        return settle(entry, BY_NAME, named, Resolution(card, findings, langs), options)
    signatures = {rule_signature(c) for c in candidates}
    # The print shown is one of the name as written where there is one: "4 Gardevoir"
    # is Gardevoir, not Gardevoir LV.X, though both are candidates.
    card = prefer(as_written(entry, candidates), options)
    if len(signatures) == 1 and not not_allowed:
        return settle(entry, BY_NAME, named, Resolution(card, [], langs), options)
    extra = {"legal": _labels(candidates)} if not_allowed else {}
    warning = line_finding(
        "ambiguous-card",
        Severity.WARNING,
        entry,
        AMBIGUOUS_ALLOWED if not_allowed else AMBIGUOUS,
        hint=AMBIGUOUS_HINT,
        hint_params={"example": f"{entry.count} {card.label}"},
        name=written(entry),
        candidates=_labels([*candidates, *not_allowed]),
        card=card.label,
        cards=(card.label,),
        **extra,
    )
    return settle(entry, BY_NAME, named, Resolution(card, [warning], langs), options)


def _labels(cards: Sequence[Card], most: int = 4) -> str:
    """The prints' labels, sorted, at most ``most`` of them then "…" (a finding stays short)."""
    labels = sorted({c.label for c in cards})
    return ", ".join(labels[:most]) + (", …" if len(labels) > most else "")


def _unread_print(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> Resolution | None:
    """An ``unknown-card`` error for a name that is a card followed by words that look like
    a set code or number deckcheck did not understand ("4 Iono PAL", "4 Iono pal"): it names
    the card without them, else None."""
    words = entry.name.split(" ")
    for size in range(1, min(MAX_UNREAD_WORDS, len(words) - 1) + 1):
        rest = words[-size:]
        name = " ".join(words[:-size])
        if any(word.casefold() in _MECHANICS for word in rest):
            return None  # "Pikachuu ex": a mechanic is part of the name
        if any(word.lower() != word.upper() and not word.isupper() for word in rest):
            # A lower-case word: part of a name, unless it is a set code the index knows
            # ("4 Iono pal") or a code joined to a number ("twm999").
            if not all(index.knows_set_code(word.upper()) or _looks_like_print(word) for word in rest):
                return None
        candidates, _langs, problem = name_candidates(replace(entry, name=name), index, options)
        if candidates and problem is None:
            found = released_or_all(candidates, options)
            # the print of the code written where there is one: "4 Iono PAL" -> "4 Iono PAL 185"
            codes = {set_code_key(word) for word in rest}
            own = [c for c in found if c.set_code and set_code_key(c.set_code) in codes]
            card = prefer(own or found, options)
            example = {"example": f"{entry.count} {card.label}"}
            return _unknown_card(
                entry, UNREAD_PRINT, UNREAD_PRINT_HINT, example, name=name, rest=" ".join(rest), options=options
            )
    return None


# Mechanics written after a name: never read as a set code.
_MECHANICS = frozenset({"ex", "gx", "v", "vmax", "vstar", "v-union", "break", "lv.x", "legend", "star", "prime"})


def _looks_like_print(word: str) -> bool:
    """``twm999``, ``sv1``: letters then digits, as a set code joined to a number."""
    letters = word.rstrip("0123456789")
    return 2 <= len(letters) <= 5 and letters.isalpha() and letters.isascii() and len(word) > len(letters)


def _unknown_card(
    entry: DeckEntry,
    template: str,
    hint: str,
    hint_params: dict,
    *,
    options: ResolveOptions,
    unknown: bool = False,
    **params: Any,
) -> Resolution:
    """An unresolved line with its one ``unknown-card`` error."""
    finding = line_finding(
        "unknown-card", Severity.ERROR, entry, template, hint=hint, hint_params=hint_params, **params
    )
    return settle(entry, NOTHING, (), Resolution(None, [finding], unknown=unknown), options)
