"""``deckcheck fmt``: text deck lists rewritten into one canonical form.

The form is the one Pokémon TCG Live exports (RULES.md 7.1)::

    # name: Charizard ex          <- comment and meta lines, kept at the top in their order
    Pokémon: 19
    3 Charmander PAF 7
    ...
    Trainer: 33
    ...
    Energy: 8
    8 Basic {R} Energy SVE 2

    Total Cards: 60

* sections in the order Pokémon, Trainer, Energy, each card in the section of
  its supertype, with the section counts and the total recomputed;
* lines for the same card (same name, set code and number) merged, in the
  order the cards first appear;
* a line without set code and number gets them from the card database when
  the name is unambiguous: the name has exactly one print, or exactly one in
  the format's card pool on the day;
* names in the database's spelling (``Pokemon Catcher`` -> ``Pokémon
  Catcher``), basic Energy as ``Basic {R} Energy`` (which says "basic" for
  Darkness and Metal too, RULES.md decision 10), counts without ``x``, no
  ``*`` bullets, banners or blank-line noise;
* nothing is lost: a line that is not a card line, and a card line whose
  section is unknown (an unknown card under no header), stays verbatim (or as
  a card line) at the top, where it counts towards no section.

Pure: the CLI reads and writes the files. Formatting its own output changes
nothing (tests check that).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from deckcheck.carddb.index import CardIndex, is_promo_code, number_key, set_code_key
from deckcheck.model import ENERGY, POKEMON, SUPERTYPES, TRAINER, Card, Deck, DeckEntry, ParsedDeck, Severity
from deckcheck.names import name_key
from deckcheck.parse import text as grammar

SECTION_HEADERS = {POKEMON: "Pokémon", TRAINER: "Trainer", ENERGY: "Energy"}
_LETTER_BY_TYPE = {energy_type: letter for letter, energy_type in grammar.ENERGY_LETTERS.items()}


@dataclass(frozen=True, slots=True)
class Formatted:
    """A formatted deck list and what the formatter could not do for it."""

    text: str
    kept: tuple[int, ...] = ()  # lines that are not card lines, kept verbatim at the top
    unplaced: tuple[int, ...] = ()  # card lines whose section is unknown, kept at the top
    filled: tuple[int, ...] = ()  # lines whose set code and number came from the database


@dataclass(slots=True)
class _Line:
    section: str | None
    count: int
    name: str
    set_code: str | None
    number: str | None
    comments: list[str]
    first_line: int

    def render(self) -> str:
        text = f"{self.count} {self.name}"
        if self.set_code and self.number:
            text += f" {self.set_code} {self.number}"
        if self.comments:
            text += " " + " ".join(self.comments)
        return text


def unambiguous_prints(parsed: ParsedDeck, index: CardIndex,
                       allowed: Callable[[Card], bool] | None = None) -> dict[int, Card]:
    """For each line without set code and number, by line number, the one print
    its name can mean: the only print of that name, or the only one that
    ``allowed`` (the format's card pool on the day) lets in."""
    found: dict[int, Card] = {}
    for entry in parsed.entries:
        if entry.set_code or entry.number or entry.basic_energy_type:
            continue  # basic Energy has a print in almost every set: nothing to pick
        candidates = list(index.by_name(entry.name))
        if entry.special_energy:
            candidates = [c for c in candidates if not c.is_basic_energy]
        card = _single_print(candidates)
        if card is None and allowed is not None:
            card = _single_print([c for c in candidates if allowed(c)])
        if card is not None and card.set_code:
            found[entry.line] = card
    return found


def _single_print(cards: list[Card]) -> Card | None:
    prints = {card.id: card for card in cards}
    return next(iter(prints.values())) if len(prints) == 1 else None


def format_deck(parsed: ParsedDeck, deck: Deck, text: str, *,
                prints: Mapping[int, Card] | None = None, newline: str = "\n") -> str:
    """The canonical form of a text deck list (see the module's description).

    ``parsed`` is :func:`deckcheck.parse.parse_text` of ``text``, ``deck`` its
    :func:`deckcheck.resolve.resolve_deck`; ``prints`` the set codes to fill in
    (:func:`unambiguous_prints`)."""
    return layout(parsed, deck, text, prints=prints, newline=newline).text


def layout(parsed: ParsedDeck, deck: Deck, text: str, *,
           prints: Mapping[int, Card] | None = None, newline: str = "\n") -> Formatted:
    prints = prints or {}
    card_of = {deck_card.line: deck_card.card for deck_card in deck.cards}
    entry_at = {entry.line: entry for entry in parsed.entries}
    unreadable = {line for f in parsed.findings if f.rule == grammar.SYNTAX and f.severity is Severity.ERROR
                  for line in f.lines}

    top: list[tuple[int, str | _Line]] = []
    sections: dict[str, list[_Line]] = {section: [] for section in SUPERTYPES}
    merged: dict[tuple, _Line] = {}
    kept: list[int] = []
    unplaced: list[int] = []
    filled: list[int] = []
    for number, raw in enumerate(grammar.split_lines(text), start=1):
        entry = entry_at.get(number)
        if entry is None:
            line = grammar.normalise_spaces(raw)
            if not line or grammar.is_structure_line(line):
                continue  # structure the formatter writes anew
            top.append((number, line))
            if number in unreadable:
                kept.append(number)
            continue
        card = card_of.get(number)
        fill = prints.get(number)
        if fill is not None and not (entry.set_code or entry.number):
            card = card or fill
            filled.append(number)
        item = _card_line(entry, card, fill)
        if item.section is None:
            unplaced.append(number)
            top.append((number, item))
            continue
        key = (item.section, name_key(item.name), _print_key(item.set_code, item.number))
        if key in merged:
            merged[key].count += item.count
            merged[key].comments.extend(c for c in item.comments if c not in merged[key].comments)
        else:
            merged[key] = item
            sections[item.section].append(item)

    out: list[str] = [item if isinstance(item, str) else item.render() for _, item in top]
    if parsed.entries:
        if out:
            out.append("")
        for section in SUPERTYPES:
            lines = sections[section]
            if not lines:
                continue
            out.append(f"{SECTION_HEADERS[section]}: {sum(line.count for line in lines)}")
            out.extend(line.render() for line in lines)
            out.append("")
        out.append(f"Total Cards: {sum(entry.count for entry in parsed.entries)}")
    body = newline.join(out)
    return Formatted(
        text=body + newline if out else "",
        kept=tuple(kept),
        unplaced=tuple(unplaced),
        filled=tuple(filled),
    )


def _card_line(entry: DeckEntry, card: Card | None, fill: Card | None) -> _Line:
    set_code, number = entry.set_code, entry.number
    if fill is not None and not (set_code or number):
        set_code, number = fill.set_code, fill.number
    section = entry.section
    if card is not None:
        section = card.supertype
    elif entry.basic_energy_type or entry.special_energy:
        section = ENERGY  # "- Basic", "- Special", "Basic {R} Energy" say what the card is

    comment = grammar.trailing_comment(grammar.normalise_spaces(entry.raw))
    return _Line(
        section=section,
        count=entry.count,
        name=_canonical_name(entry, card, has_print=bool(set_code and number)),
        set_code=set_code,
        number=number,
        comments=[comment.group(0).strip()] if comment else [],
        first_line=entry.line,
    )


def _canonical_name(entry: DeckEntry, card: Card | None, *, has_print: bool) -> str:
    energy_type = entry.basic_energy_type
    # A bare "Darkness Energy" stays as written: which card it is depends on the
    # format (RULES.md decision 10); with a set code the print says it.
    if energy_type is None and has_print and card is not None and card.is_basic_energy:
        folded = card.name.casefold()
        energy_type = next((t for t in grammar.ENERGY_TYPES if t.casefold() in folded), None)
    if energy_type in _LETTER_BY_TYPE:
        # PTCG Live's spelling, which the parser reads as basic Energy of that type.
        return f"Basic {{{_LETTER_BY_TYPE[energy_type]}}} Energy"
    if card is not None and name_key(entry.name) == name_key(card.name):
        return card.name
    if entry.special_energy and not has_print:
        return f"{entry.name} - Special"  # keeps "not the basic card" for Darkness/Metal twins
    return entry.name


def _print_key(set_code: str | None, number: str | None) -> tuple[str, str] | None:
    if not (set_code and number):
        return None
    code = set_code_key(set_code)
    return code, number_key(number, promo=is_promo_code(code))
