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
  Darkness and Metal too, docs/rulings.md, "A bare Darkness or Metal Energy"), counts without ``x``, no
  ``*`` bullets, banners or blank-line noise;
* nothing is lost: a line that is not a card line, and a card line whose
  section is unknown (an unknown card under no header), stays verbatim (or as
  a card line) at the top, where it counts towards no section;
* nothing changes what the deck is: ``- Special`` stays on a name-only line,
  the ``PH`` after a print stays, two lines are merged only while the sum is a
  count the parser reads (at most ``MAX_COUNT``), and a list without card lines
  keeps its headers (recomputing them would change its findings);
* every line keeps its own line end (LF, CRLF or CR, mixed or not); a line fmt
  writes anew (a header, a blank line, the total) takes the file's most common
  one, so a file with one kind of line end keeps that kind.

Pure: the CLI reads and writes the files. Formatting its own output changes
nothing (tests check that).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from deckcheck.carddb.index import CardIndex, is_promo_code, number_key, set_code_key
from deckcheck.core.naming import name_fits
from deckcheck.model import ENERGY, POKEMON, SUPERTYPES, TRAINER, Card, Deck, DeckCard, DeckEntry, ParsedDeck, Severity
from deckcheck.names import name_key
from deckcheck.parse import text as grammar

SECTION_HEADERS = {POKEMON: "Pokémon", TRAINER: "Trainer", ENERGY: "Energy"}
# The largest count a header or the total line can carry (the parser reads at most 9 digits).
_MAX_DECLARED = 999_999_999
# docs/rulings.md, "A bare Darkness or Metal Energy": the names that are a basic and a Special Energy, and the
# count per line above which resolution warns that a bare line may mean the Special card.
_UNDECIDED_KEYS = frozenset({name_key("Darkness Energy"), name_key("Metal Energy")})
_TWIN_LINE_LIMIT = 4
_LINE_END = re.compile(r"\r\n|\r|\n")
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
    variant: str | None = None  # "PH" after the print (RULES.md 5.3)
    # The line as written (docs/rulings.md, "fmt never changes what a line is"):
    # a line whose card is unknown, or whose name and number disagree.
    verbatim: str | None = None
    # Read by name alone as a Darkness/Metal Energy that is basic or Special (docs/rulings.md, "A
    # bare Darkness or Metal Energy").
    undecided: bool = False
    end: str | None = None  # the line end of the line it came from

    def render(self) -> str:
        if self.verbatim is not None:
            return self.verbatim
        text = f"{self.count} {self.name}"
        if self.set_code and self.number:
            text += f" {self.set_code} {self.number}"
            if self.variant:
                text += f" {self.variant}"
        if self.comments:
            text += " " + " ".join(self.comments)
        return text


def unambiguous_prints(
    parsed: ParsedDeck, index: CardIndex, allowed: Callable[[Card], bool] | None = None
) -> dict[int, Card]:
    """For each line without set code and number, by line number, the one print
    its name can mean: the only print of that name, or the only one that
    ``allowed`` (the format's card pool on the day) lets in."""
    found: dict[int, Card] = {}
    for entry in parsed.placed():
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


def format_deck(
    parsed: ParsedDeck, deck: Deck, text: str, *, prints: Mapping[int, Card] | None = None, newline: str | None = None
) -> str:
    """The canonical form of a text deck list (see the module's description).

    ``parsed`` is :func:`deckcheck.parse.parse_text` of ``text``, ``deck`` its
    :func:`deckcheck.core.resolve.resolve_deck`; ``prints`` the set codes to fill in
    (:func:`unambiguous_prints`)."""
    return layout(parsed, deck, text, prints=prints, newline=newline).text


def layout(
    parsed: ParsedDeck, deck: Deck, text: str, *, prints: Mapping[int, Card] | None = None, newline: str | None = None
) -> Formatted:
    """The canonical form of ``text`` and what could not be done for it.

    Each line keeps its own line end (``text`` may use LF, CRLF, CR or a mix);
    ``newline``, when given, ends every line with it instead."""
    prints = prints or {}
    read_of = dict(zip(deck.lines, deck.placed()))
    card_of = {line: deck_card.card for line, deck_card in read_of.items()}
    entry_at = {entry.line: entry for entry in parsed.placed()}
    unreadable = {
        line for f in parsed.findings if f.rule == grammar.SYNTAX and f.severity is Severity.ERROR for line in f.lines
    }
    raw_lines, ends = split_keeping_ends(text)

    top: list[tuple[str | None, str | _Line]] = []
    sections: dict[str, list[_Line]] = {section: [] for section in SUPERTYPES}
    merged: dict[tuple, _Line] = {}
    pending: list[tuple[tuple, _Line]] = []
    kept: list[int] = []
    unplaced: list[int] = []
    filled: list[int] = []
    for number, raw in enumerate(raw_lines, start=1):
        end = ends[number - 1]
        entry = entry_at.get(number)
        if entry is None:
            line = grammar.normalise_spaces(raw)
            if not line or (parsed.entries and grammar.is_structure_line(line)):
                continue  # structure the formatter writes anew (a list without cards keeps its own)
            top.append((end, line))
            if number in unreadable:
                kept.append(number)
            continue
        card = card_of.get(number)
        fill = prints.get(number)
        if fill is not None and not (entry.set_code or entry.number):
            card = card or fill
            filled.append(number)
        item = _card_line(entry, card, fill, read_of.get(number))
        item.end = end
        if item.section is None:
            unplaced.append(number)
            top.append((end, item))
            continue
        key: tuple = (item.section, name_key(item.name), _print_key(item.set_code, item.number), item.variant)
        if item.verbatim is not None:
            key = (item.section, "as written", number, None)  # never merged: its count is in the words written
        pending.append((key, item))
    # Bare Darkness/Metal Energy lines of a name that has a line above 4 copies all merge (the
    # warning stays); otherwise they merge only up to 4 (none appears). Decided for the whole
    # list, so that formatting the result merges nothing more.
    big = {key for key, item in pending if _undecided(item) and item.count > _TWIN_LINE_LIMIT}
    for key, item in pending:
        into = merged.get(key)
        if into is not None and _mergeable(into, item, key in big):
            into.count += item.count
            into.comments.extend(c for c in item.comments if c not in into.comments)
        else:
            merged[key] = item
            sections[key[0]].append(item)  # key[0]: the section, never None here

    # (line end or None for "like the line before", text)
    out: list[tuple[str | None, str]] = [(end, item if isinstance(item, str) else item.render()) for end, item in top]
    if parsed.entries:
        if out:
            out.append((None, ""))
        for section in SUPERTYPES:
            lines = sections[section]
            if not lines:
                continue
            out.append((None, _declared(SECTION_HEADERS[section] + ":", sum(line.count for line in lines))))
            out.extend((line.end, line.render()) for line in lines)
            out.append((None, ""))
        out.append((None, _declared("Total Cards:", sum(entry.count for entry in parsed.entries))))
    if newline:
        out = [(newline, line) for _, line in out]
    joined = _join(out, raw_lines, ends)
    if text.startswith("\ufeff") or joined.startswith("\ufeff"):
        # The reader takes one U+FEFF at the start as a byte-order mark (as
        # split_keeping_ends did): a line that starts with one (a line of only
        # U+FEFF, a second mark) keeps it behind one written for the reader.
        joined = "\ufeff" + joined
    return Formatted(
        text=joined,
        kept=tuple(kept),
        unplaced=tuple(unplaced),
        filled=tuple(filled),
    )


def _mergeable(into: _Line, item: _Line, big: bool) -> bool:
    total = into.count + item.count
    if total > grammar.MAX_COUNT:
        return False  # never a count the parser refuses (RULES.md 7: at most MAX_COUNT per line)
    if _undecided(into) and not big:
        # A bare "Darkness Energy" line above 4 copies is worth a warning (docs/rulings.md, "A bare
        # Darkness or Metal Energy"):
        # merging must not make one appear.
        return total <= _TWIN_LINE_LIMIT
    return True


def _undecided(line: _Line) -> bool:
    return line.undecided


def split_keeping_ends(text: str) -> tuple[list[str], list[str | None]]:
    """The lines of ``text`` numbered as the parser numbers them, and the line
    end of each (``None`` for a last line without one)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines: list[str] = []
    ends: list[str | None] = []
    start = 0
    for match in _LINE_END.finditer(text):
        lines.append(text[start : match.start()])
        ends.append(match.group(0))
        start = match.end()
    lines.append(text[start:])
    ends.append(None)
    return lines, ends


_END_ORDER = ("\n", "\r\n", "\r")  # who wins a tie


def _most_common(ends: Counter) -> str:
    return max(_END_ORDER, key=lambda end: (ends[end], -_END_ORDER.index(end)))


def _join(out: list[tuple[str | None, str]], file_lines: list[str], file_ends: list[str | None]) -> str:
    """The lines with their own ends; a line fmt writes anew (or a last line that
    had none) ends with the file's most common line end.

    "Most common" counts the lines that are not blank, and is chosen so that it
    stays so in the output (else a second fmt would pick another): the input's,
    when that holds, else the one of the lines that keep their own ends. A
    blank line after a line ending in CR ends in CR too (CR + LF would read as
    one CRLF); blank lines do not count, so that changes nothing."""
    if not out:
        return ""
    kept = Counter(end for end, line in out if end and line)
    new = sum(1 for end, line in out if not end and line)

    def winner_with(end: str) -> str:
        return _most_common(kept + Counter({end: new}))

    file_counts = Counter(end for line, end in zip(file_lines, file_ends) if end and line.strip())
    end = _most_common(file_counts or Counter(end for end in file_ends if end))
    if winner_with(end) != end:
        end = _most_common(kept)
    parts: list[str] = []
    previous = ""
    for own, line in out:
        this = own or ("\r" if not line and previous == "\r" and end == "\n" else end)
        parts.append(line + this)
        previous = this
    return "".join(parts)


def _declared(label: str, count: int) -> str:
    # A count longer than the parser reads is left out: "Pokémon:" says only where the section starts.
    return f"{label} {count}" if count <= _MAX_DECLARED else label


def _card_line(entry: DeckEntry, card: Card | None, fill: Card | None, read: DeckCard | None = None) -> _Line:
    set_code, number = entry.set_code, entry.number
    if fill is not None and not (set_code or number):
        set_code, number = fill.set_code, fill.number
    section = entry.section
    if card is not None:
        section = card.supertype
    elif entry.basic_energy_type or entry.special_energy:
        section = ENERGY  # "- Basic", "- Special", "Basic {R} Energy" say what the card is

    comment = grammar.trailing_comment(grammar.normalise_spaces(entry.raw))
    # docs/rulings.md, "fmt never changes what a line is": fmt never turns an unknown or mismatched
    # line into a
    # known one, nor drops the name the player wrote ("2x x Nest Ball" stays, and
    # so does "6 Water Energy SVE 2", SVE 2 being Fire Energy).
    # (A basic Energy line the parser read by its type is rewritten from that reading.)
    as_written = (card is None and entry.basic_energy_type is None) or (
        read is not None and card is not None and read.by_print and not _name_agrees(entry, card)
    )
    line = _Line(
        verbatim=grammar.normalise_spaces(entry.raw) if as_written and entry.raw else None,
        variant=_variant(entry, comment),
        section=section,
        count=entry.count,
        name=_canonical_name(entry, card, has_print=bool(set_code and number), by_print=read is None or read.by_print),
        set_code=set_code,
        number=number,
        comments=[comment.group(0).strip()] if comment else [],
        first_line=entry.line,
        undecided=(
            not (set_code and number)
            and entry.basic_energy_type is None
            and not entry.special_energy
            and card is not None
            and card.is_energy
            and name_key(card.name) in _UNDECIDED_KEYS
        ),
    )
    if card is None and line.verbatim is not None and _reads_the_same(line, entry):
        # An unknown card's line in the usual form ("4 Drakloak TWM #129" -> "TWM 129")
        # when that form reads back as the very same line: what the line is does not change.
        line.verbatim = None
    return line


def _reads_the_same(line: _Line, entry: DeckEntry) -> bool:
    """The line in the usual form is read back as ``entry`` is (count, name, print, Energy kind)."""
    again = grammar.parse_text(dataclasses.replace(line, verbatim=None).render(), "-").entries
    return len(again) == 1 and _reading(again[0]) == _reading(entry)


def _reading(entry: DeckEntry) -> tuple:
    return (entry.count, entry.name, entry.set_code, entry.number, entry.basic_energy_type, entry.special_energy)


def _variant(entry: DeckEntry, comment: re.Match[str] | None) -> str | None:
    """The variant token after the print (``SVE 1 PH``), which the parser reads past."""
    if not (entry.set_code and entry.number):
        return None
    line = grammar.normalise_spaces(entry.raw)
    if comment is not None:
        line = line[: comment.start()]
    last = line.rsplit(" ", 1)[-1]
    if last in grammar.VARIANT_TOKENS and line.endswith(f" {entry.set_code} {entry.number} {last}"):
        return last
    return None


def _name_agrees(entry: DeckEntry, card: Card) -> bool:
    """Whether the written name is the card's (as resolution compares them: the
    spelling, the deck-building name, a translation), so that fmt may write the
    database's spelling; a name that disagrees stays as written (docs/rulings.md, "fmt never changes what a line is")."""
    return name_fits(entry, card)


def _basic_energy_word(entry: DeckEntry, card: Card, has_print: bool) -> str | None:
    """``Psychic`` for a line that says ``Psychic Energy`` (or ``Basic Psychic
    Energy``) of a basic Psychic Energy card; None for Darkness and Metal, whose
    bare names the format decides (docs/rulings.md, "A bare Darkness or Metal Energy"), and for any other name."""
    written = name_key(entry.name).removeprefix("basic ")
    folded = card.name.casefold()
    energy_type = next((t for t in grammar.ENERGY_TYPES if t.casefold() in folded), None)
    if energy_type is None or written != name_key(f"{energy_type} Energy"):
        return None
    # One rule -- a line whose print is a basic Energy card is "Basic {X} Energy", Darkness
    # and Metal too (the print says it); only a bare name stays, the format deciding
    # (docs/rulings.md, "A bare Darkness or Metal Energy").
    undecided = name_key(entry.name) in _UNDECIDED_KEYS and not has_print
    return None if undecided else energy_type


def _canonical_name(entry: DeckEntry, card: Card | None, *, has_print: bool, by_print: bool = True) -> str:
    energy_type = entry.basic_energy_type
    # A bare "Darkness Energy" stays as written: which card it is depends on the
    # format (docs/rulings.md, "A bare Darkness or Metal Energy"); with a set code the print says it
    # -- when the
    # line was read by its print and the name agrees (docs/rulings.md, "Name and number that
    # disagree": "6 Fire Energy
    # SVE 99", read by its name, and "6 Water Energy SVE 2", SVE 2 being Fire
    # Energy, keep their names): "5 Psychic Energy" is "Basic {P} Energy".
    if (
        energy_type is None
        and card is not None
        and card.is_basic_energy
        and (by_print or not (entry.set_code and entry.number))
    ):
        energy_type = _basic_energy_word(entry, card, has_print)
    if energy_type in _LETTER_BY_TYPE:
        # PTCG Live's spelling, which the parser reads as basic Energy of that type.
        return f"Basic {{{_LETTER_BY_TYPE[energy_type]}}} Energy"
    name = entry.name
    if card is not None and name_key(entry.name) == name_key(card.name):
        name = card.name
    if entry.special_energy and not has_print:
        # Keeps "not the basic card" for the Darkness/Metal twins (docs/rulings.md, "A bare Darkness
        # or Metal Energy"),
        # also when the database spells the name.
        return f"{name} - Special"
    return name


def _print_key(set_code: str | None, number: str | None) -> tuple[str, str] | None:
    if not (set_code and number):
        return None
    code = set_code_key(set_code)
    return code, number_key(number, promo=is_promo_code(code))
