"""Resolution: every deck line to one print of the card database.

Set code + collector number first, then the name. Pure: the card database is
passed in as a :class:`~deckcheck.carddb.index.CardIndex`.

Findings produced here:

* ``unknown-card`` (error) – no card matches; legality cannot be shown;
* ``ambiguous-card`` (warning) – the name fits prints that the rules treat
  differently, so the line is read the way that declares nothing illegal on a
  guess, and the player is asked for a set code;
* ``name-mismatch`` (warning) – set code and number name another card;
* ``unknown-print`` (warning) – set code and number match nothing, the name does;
* ``unknown-set`` (warning) – the set code is not in the database at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from deckcheck.carddb.index import CardIndex
from deckcheck.model import Card, Deck, DeckCard, DeckEntry, Finding, ParsedDeck, Severity
from deckcheck.names import deck_key, name_key


@dataclass(frozen=True, slots=True)
class ResolveOptions:
    # Which prints the format allows on the day; names resolve among these first
    # (RULES.md decision 10).
    allowed: Callable[[Card], bool] | None = None
    # Before Diamond & Pearl, "Darkness Energy"/"Metal Energy" were Special only
    # (RULES.md 5.2, decision 10).
    special_darkness_metal: bool = False
    # Said after "unknown card": how to get a fuller card database.
    missing_hint: str = "If the card is new, update the card database: deckcheck db update."


def resolve_deck(parsed: ParsedDeck, index: CardIndex, options: ResolveOptions = ResolveOptions()) -> tuple[Deck, list[Finding]]:
    resolved: list[DeckCard] = []
    unresolved: list[DeckEntry] = []
    findings: list[Finding] = []
    for entry in parsed.entries:
        card, entry_findings = resolve_entry(entry, index, options)
        findings.extend(entry_findings)
        if card is None:
            unresolved.append(entry)
        else:
            resolved.append(DeckCard(entry, card))
    return Deck(parsed.path, tuple(resolved), tuple(unresolved)), findings


def resolve_entry(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> tuple[Card | None, list[Finding]]:
    findings: list[Finding] = []
    if entry.set_code and entry.number:
        printed = list(index.by_number(entry.set_code, entry.number))
        if printed:
            named = [c for c in printed if _name_fits(entry, c)]
            if named:
                return _prefer(named, options), findings
            card = printed[0]
            findings.append(_finding(
                "name-mismatch", Severity.WARNING, entry,
                "{set_code} {number} is {actual}, not {written}; the line was read as {actual}.",
                hint="Correct the name or the set code and number.",
                set_code=entry.set_code, number=entry.number, actual=card.name, written=entry.name,
                cards=(card.label,),
            ))
            return card, findings
        if not index.knows_set_code(entry.set_code):
            findings.append(_finding(
                "unknown-set", Severity.WARNING, entry,
                "The set code {set_code} is not in the card database.",
                hint="If it is a new set, update the card database: deckcheck db update.",
                set_code=entry.set_code,
            ))
    card, by_name_findings = _resolve_by_name(entry, index, options)
    if card is not None and entry.set_code and entry.number and index.knows_set_code(entry.set_code):
        findings.append(_finding(
            "unknown-print", Severity.WARNING, entry,
            "There is no card {set_code} {number} in the card database; the line was read by its name as {card}.",
            hint="Check the set code and number.",
            set_code=entry.set_code, number=entry.number, card=card.label, cards=(card.label,),
        ))
    return card, findings + by_name_findings


def _resolve_by_name(entry: DeckEntry, index: CardIndex, options: ResolveOptions) -> tuple[Card | None, list[Finding]]:
    candidates = _name_candidates(entry, index)
    if not candidates:
        suggestions = list(index.suggest(entry.name, 3))
        hint = "Did you mean: {suggestions}? {missing}" if suggestions else "{missing}"
        return None, [_finding(
            "unknown-card", Severity.ERROR, entry,
            "No card named {name} was found, so the deck's legality cannot be shown.",
            hint=hint, hint_params={"suggestions": ", ".join(suggestions), "missing": options.missing_hint},
            name=_written(entry),
        )]
    if options.allowed is not None:
        in_pool = [c for c in candidates if options.allowed(c)]
        if in_pool:
            candidates = in_pool
    if _is_dark_or_metal_twin(candidates):
        return _resolve_dark_metal(entry, candidates, options)
    signatures = {_rule_signature(c) for c in candidates}
    card = _prefer(candidates, options)
    if len(signatures) == 1:
        return card, []
    others = sorted({c.label for c in candidates})
    shown = ", ".join(others[:4]) + (", …" if len(others) > 4 else "")
    return card, [_finding(
        "ambiguous-card", Severity.WARNING, entry,
        "{name} names prints that the deck-building rules treat differently ({candidates}); "
        "it was read as {card}.",
        hint="Add the set code and number, e.g. {example}.",
        hint_params={"example": f"{entry.count} {card.label}"},
        name=_written(entry), candidates=shown, card=card.label, cards=(card.label,),
    )]


def _name_candidates(entry: DeckEntry, index: CardIndex) -> list[Card]:
    if entry.basic_energy_type:
        energy = entry.basic_energy_type
        found = [c for c in (*index.by_name(f"{energy} Energy"), *index.by_name(f"Basic {energy} Energy"))
                 if c.is_basic_energy]
        return list(dict.fromkeys(found))
    candidates = list(index.by_name(entry.name))
    if not candidates and " - " in entry.name:
        # "Boss's Orders - Ghetsis": a subtitle written after a dash (RULES.md 2.8)
        candidates = list(index.by_name(entry.name.split(" - ", 1)[0]))
    if entry.special_energy:
        candidates = [c for c in candidates if not c.is_basic_energy] or candidates
    return candidates


def _is_dark_or_metal_twin(candidates: Sequence[Card]) -> bool:
    return (any(c.is_basic_energy for c in candidates)
            and any(c.is_energy and not c.is_basic_energy for c in candidates))


def _resolve_dark_metal(entry: DeckEntry, candidates: Sequence[Card], options: ResolveOptions) -> tuple[Card, list[Finding]]:
    """RULES.md decision 10: a bare ``Darkness Energy`` / ``Metal Energy`` line."""
    basic = [c for c in candidates if c.is_basic_energy]
    special = [c for c in candidates if not c.is_basic_energy]
    if options.special_darkness_metal:
        return _prefer(special, options), []
    card = _prefer(basic, options)
    if entry.count <= 4:
        return card, []
    return card, [_finding(
        "ambiguous-card", Severity.WARNING, entry,
        "{name} is both a basic Energy and a Special Energy card; the {count} copies were read as basic Energy "
        "({card}). As the Special card ({special}) at most 4 would be allowed.",
        hint="Add the set code and number to say which card you play.",
        name=entry.name, count=entry.count, card=card.label, special=_prefer(special, options).label,
        cards=(card.label,),
    )]


def _rule_signature(card: Card) -> tuple:
    """What the deck-building rules see of a print; prints with equal signatures
    are interchangeable for a name-only line."""
    return (
        deck_key(card.name, card.supertype), card.supertype, card.is_basic_energy, card.is_basic_pokemon,
        card.is_ace_spec, card.is_prism_star, card.is_pokemon_star, card.is_radiant, card.own_limit,
        card.any_number, card.not_for_tournaments, card.plays_as_basic,
    )


def _restrictiveness(card: Card) -> int:
    """How many special limits a print brings; a name-only line is read as the
    least restricted print, so nothing is declared illegal on a guess."""
    return sum((
        card.is_ace_spec, card.is_prism_star, card.is_pokemon_star, card.is_radiant,
        card.own_limit is not None, card.not_for_tournaments, not card.is_basic_energy and card.is_energy,
    ))


def _prefer(cards: Sequence[Card], options: ResolveOptions) -> Card:
    """The print a line stands for: allowed in the format, least restricted, newest."""
    def score(card: Card):
        allowed = options.allowed(card) if options.allowed is not None else True
        return (not allowed, _restrictiveness(card), _negated_date(card.release_date), card.id)

    return min(cards, key=score)


def _negated_date(date: str | None) -> tuple:
    # Newest first: compare on the negated digits of the ISO date.
    if not date:
        return (1,)
    return (0, -int(date.replace("-", "")))


def _name_fits(entry: DeckEntry, card: Card) -> bool:
    if entry.basic_energy_type:
        return card.is_basic_energy and entry.basic_energy_type.casefold() in card.name.casefold()
    written = name_key(entry.name)
    if written in (name_key(card.name), deck_key(card.name, card.supertype)):
        return True
    if " - " in entry.name:
        return name_key(entry.name.split(" - ", 1)[0]) == deck_key(card.name, card.supertype)
    return False


def _written(entry: DeckEntry) -> str:
    if entry.set_code and entry.number:
        return f"{entry.name} {entry.set_code} {entry.number}"
    return entry.name


def _finding(rule: str, severity: Severity, entry: DeckEntry, template: str, *, hint: str | None = None,
             hint_params: dict | None = None, cards: tuple[str, ...] = (), **params) -> Finding:
    return Finding(
        rule=rule, severity=severity, template=template, params=params, lines=(entry.line,),
        cards=cards or (_written(entry),), hint_template=hint, hint_params=hint_params or {},
    )
