"""YAML and JSON deck files: ``{name?, format?, notes?, cards: [{count, name, set?, number?}]}``.

The shape is ``deckcheck/schemas/deck.schema.json``. Each card keeps the line
of its mapping in the file, so findings about it can point there; syntax and
schema problems are ``syntax`` findings, never exceptions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from deckcheck.datafiles import (
    YAML_VALUE_ERRORS,
    close_choice,
    plain_message,
    unconvertible_node,
    unknown_key_problem,
    yaml_loader,
)
from deckcheck.errors import DeckcheckError
from deckcheck.i18n import N_, Phrase
from deckcheck.model import DeckEntry, Finding, ParsedDeck, Severity, apart
from deckcheck.parse.deck_schema import certainly_valid as _certainly_valid
from deckcheck.parse.deck_schema import deck_schema
from deckcheck.parse.deck_schema import validator as _validator
from deckcheck.parse.json_objects import json_objects
from deckcheck.parse.plain_yaml import read_plain_yaml
from deckcheck.parse.shape import structured_shape_problem
from deckcheck.parse.text import MAX_LINES_READ, SYNTAX, TOO_MANY_CARDS, TOO_MANY_LINES_HINT, energy_name, format_id

# {problem} is the YAML/JSON parser's or the schema validator's own (English) text.
INVALID_YAML = N_("Line {line}, column {column}: the file is not valid YAML ({problem}).")
INVALID_YAML_NO_LINE = N_("The file is not valid YAML ({problem}).")
INVALID_JSON = N_("Line {line}, column {column}: the file is not valid JSON ({problem}).")
TOO_DEEP = N_("The file nests lists or mappings too deeply to be a deck file.")
NOT_A_MAPPING = N_('The deck file must be a mapping with a "cards" list, but it holds {found}.')
INVALID_CARD = N_("Card {index} on line {line} is not valid: {problem}.")
INVALID_CARD_NO_LINE = N_("Card {index} is not valid: {problem}.")
INVALID_DECK = N_("The deck file is not valid: {problem}.")
INVALID_DECK_LINE = N_("Line {line}: the deck file is not valid: {problem}.")
QUOTE_BRACES_HINT = N_(
    'A value holding {{ or }} (an Energy symbol such as {{P}}) needs quotes: name: "Basic {{P}} Energy".'
)
SCHEMA_HINT = N_(
    'A deck file holds "cards", a list of entries with "count" and "name" and optionally '
    '"set" and "number"; "name", "format" and "notes" may describe the deck.'
)
# TRANSLATORS: what a deck file holds instead of a mapping: the {found} of the message above.
FOUND_NOTHING = N_("nothing")
FOUND_LIST = N_("a list")
FOUND_VALUE = N_("a {kind} value")

# A YAML/JSON file named on the command line that has not the deck shape (a
# format pack, a CI workflow): one short finding, not every schema error quoting the file.
# TRANSLATORS: "cards", "count" and "name" are keys of a deck file, keep them; {keys} lists the file's keys.
NOT_A_DECK_FILE = N_(
    'The file is not a deck: a deck file is a mapping with a "cards" list of cards with '
    '"count" and "name", and this one has the keys {keys}.'
)
# TRANSLATORS: {key} is a key of a YAML or JSON deck file ("cards", "count"), keep it as written.
DUPLICATE_KEY = N_(
    'Line {line}: the key "{key}" is given more than once in the same mapping, so deckcheck '
    "does not know which one the deck means."
)
DUPLICATE_KEY_HINT = N_('Keep one "{key}" in each mapping, with everything it should hold.')
# How much of a schema error's text is shown: jsonschema quotes the whole value at fault.
PROBLEM_LIMIT = 160
_SHOWN_KEYS = 8

_YAML_NUMBER_TAGS = frozenset({"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"})


@dataclass(slots=True)
class _Lines:
    """Where things are in the file: the line of each card and of each top-level key."""

    cards: list[int | None] = field(default_factory=list)
    keys: dict[str, int] = field(default_factory=dict)
    # (line, key) of each key given again in the same mapping.
    duplicates: list[tuple[int, str]] = field(default_factory=list)
    # The data is what json.loads, or yaml.load with datafiles.yaml_loader(), reads of the text.
    by_default_loader: bool = True


class _Unparsable(DeckcheckError):
    def __init__(self, finding: Finding):
        super().__init__(finding.message)
        self.finding = finding


def _syntax(template: str, lines: Iterable[int] = (), hint: str | None = None, **params: Any) -> Finding:
    return Finding(
        rule=SYNTAX,
        severity=Severity.ERROR,
        template=template,
        params=params,
        lines=tuple(lines),
        hint_template=hint,
    )


def _load_yaml(text: str) -> tuple[Any, _Lines]:
    """The data and where it is; raises _Unparsable. (``_Lines.by_default_loader``: the data is
    what ``yaml.load`` with :func:`~deckcheck.datafiles.yaml_loader` reads.)"""
    plain = read_plain_yaml(text)
    if plain is not None:  # the usual form, read without PyYAML's nodes
        return plain[0], _Lines(cards=plain[2], keys=plain[1])
    import yaml  # a large import: JSON decks need none of it

    if getattr(yaml, "CSafeLoader", None) is not None:
        # PyYAML's C loader (libyaml) reads a deck some 20 times faster, and its
        # nodes carry line marks as well. Its error messages are worded
        # differently, so a file it refuses is read again by the pure loader
        # below, whose message (and line) the finding gives, as it always has.
        loader = yaml_loader()(text)
        try:
            node = loader.get_single_node()
            # (distinct: every mapping kept each key written, so none was written twice.)
            data, distinct = loader.construct_plainly(node) if node is not None else (None, True)
            lines = _yaml_lines(node, data, duplicates=not distinct)
            lines.by_default_loader = True
            return data, lines
        except (yaml.YAMLError, *YAML_VALUE_ERRORS):
            pass
        finally:
            loader.dispose()
    # The pure loader: its nodes carry the marks the card lines come from.
    try:
        # It refuses control characters as soon as it is given the text.
        loader = yaml_loader(pure=True)(text)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        problem = f"unacceptable character #x{exc.character:04x}: {exc.reason}"
        raise _Unparsable(_syntax(INVALID_YAML, (line,), line=line, column=column, problem=problem)) from None
    node = None
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "unknown problem"
        if mark is None:
            raise _Unparsable(_syntax(INVALID_YAML_NO_LINE, problem=problem)) from None
        raise _Unparsable(_invalid_yaml(mark, problem)) from None
    except yaml.YAMLError as exc:
        raise _Unparsable(_syntax(INVALID_YAML_NO_LINE, problem=str(exc))) from None
    except RecursionError:
        raise  # parse_structured: TOO_DEEP
    except YAML_VALUE_ERRORS as exc:
        # "count: !!int zz": PyYAML's error does not say where; the node does.
        bad = _unconvertible_node(node) if node is not None else None
        if bad is None:
            raise _Unparsable(_syntax(INVALID_YAML_NO_LINE, problem=str(exc))) from None
        # int()'s advice after ';' (sys.set_int_max_str_digits) is for programmers.
        written = bad.value if len(bad.value) <= 40 else bad.value[:39] + "…"
        raise _Unparsable(_invalid_yaml(bad.start_mark, f"{written!r}: {str(exc).split(';')[0]}")) from None
    finally:
        loader.dispose()
    lines = _yaml_lines(node, data)
    lines.by_default_loader = getattr(yaml, "CSafeLoader", None) is None  # (then the pure loader is it)
    return data, lines


def _invalid_yaml(mark: Any, problem: str) -> Finding:
    line = mark.line + 1
    # "{count: 8, name: Basic {P} Energy}" -- an Energy symbol in a flow mapping.
    hint = QUOTE_BRACES_HINT if "'{'" in problem or "'}'" in problem else None
    return _syntax(INVALID_YAML, (line,), hint=hint, line=line, column=mark.column + 1, problem=problem)


def _unconvertible_node(node: Any) -> Any:
    return unconvertible_node(node, pure=True)


def _yaml_duplicates(node: Any) -> list[tuple[int, str]]:
    """(line, key) of every key written again in the same mapping, anywhere in the document."""
    import yaml

    found: list[tuple[int, str]] = []
    todo = [node]
    while todo:
        current = todo.pop()
        if isinstance(current, yaml.MappingNode):
            seen: set[tuple[str, str]] = set()
            for key_node, value_node in current.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.tag != "tag:yaml.org,2002:merge":
                    written = (key_node.tag, key_node.value)
                    if written in seen:
                        found.append((key_node.start_mark.line + 1, key_node.value))
                    seen.add(written)
                todo.append(value_node)
        elif isinstance(current, yaml.SequenceNode):
            todo.extend(current.value)
    return found


def _yaml_lines(node: Any, data: Any, *, duplicates: bool = True) -> _Lines:
    import yaml  # loaded already by _load_yaml: only YAML decks get here

    lines = _Lines()
    if node is not None and duplicates:
        lines.duplicates = _yaml_duplicates(node)
    if not isinstance(node, yaml.MappingNode):
        return lines
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            continue
        lines.keys[key_node.value] = key_node.start_mark.line + 1
        if key_node.value != "cards" or not isinstance(value_node, yaml.SequenceNode):
            continue
        lines.cards = [item.start_mark.line + 1 for item in value_node.value]
        cards = data.get("cards") if isinstance(data, dict) else None
        if not isinstance(cards, list) or len(cards) != len(value_node.value):
            continue
        for card, item in zip(cards, value_node.value):
            if isinstance(card, dict) and isinstance(item, yaml.MappingNode):
                _keep_written_codes(card, item)
    return lines


def _keep_written_codes(card: dict, item: Any) -> None:
    """``number: 012`` is octal 10 to YAML 1.1: keep set codes and numbers as written."""
    import yaml  # loaded already by _load_yaml: only YAML decks get here

    for key_node, value_node in item.value:
        if (
            value_node.tag in _YAML_NUMBER_TAGS
            and key_node.value in ("set", "number")
            and isinstance(key_node, yaml.ScalarNode)
            and isinstance(value_node, yaml.ScalarNode)
            and not value_node.style  # quoted scalars are strings already
        ):
            card[key_node.value] = value_node.value


def _load_json(text: str) -> tuple[Any, _Lines]:
    """The data and where it is; raises _Unparsable."""
    try:
        data, starts, duplicated = json_objects(text)
    except json.JSONDecodeError as exc:
        raise _Unparsable(
            _syntax(INVALID_JSON, (exc.lineno,), line=exc.lineno, column=exc.colno, problem=exc.msg)
        ) from None
    except RecursionError:
        raise  # parse_structured: TOO_DEEP
    except ValueError as exc:
        # A number too long for int() ("Exceeds the limit (4300 digits)") has no position.
        raise _Unparsable(_syntax(INVALID_DECK, hint=SCHEMA_HINT, problem=str(exc))) from None
    cards = data.get("cards") if isinstance(data, dict) else None
    card_offsets = [starts.get(id(card)) for card in cards] if isinstance(cards, list) else []
    top_offset = starts.get(id(data))
    line_at = line_numbers(text, [top_offset, *card_offsets, *(offset for offset, _key in duplicated)])
    lines = _Lines()
    lines.duplicates = [(line_at[offset], key) for offset, key in duplicated]
    if isinstance(data, dict):
        top = line_at.get(top_offset) or 1  # type: ignore[arg-type]
        lines.keys = {key: top for key in data}
        if isinstance(cards, list):
            lines.cards = [line_at.get(offset) for offset in card_offsets]  # type: ignore[arg-type]
    return data, lines


def line_numbers(text: str, offsets: Iterable[int | None]) -> dict[int, int]:
    """The 1-based line of each offset into ``text`` (None: none), its newlines counted once up
    to the last offset (a list of every newline's offset cost a JSON deck more than its cards)."""
    found: dict[int, int] = {}
    line, at = 1, 0
    for offset in sorted({offset for offset in offsets if offset is not None}):
        line += text.count("\n", at, offset)
        found[offset] = line
        at = offset
    return found


def _path_key(error: Any) -> tuple:
    return tuple((0, part, "") if isinstance(part, int) else (1, 0, str(part)) for part in error.absolute_path)


def _describe(data: Any) -> str:
    if data is None:
        return Phrase(FOUND_NOTHING)
    if isinstance(data, list):
        return Phrase(FOUND_LIST)
    return Phrase(FOUND_VALUE, kind=type(data).__name__)


def _shortened(problem: str) -> str:
    return problem if len(problem) <= PROBLEM_LIMIT else problem[: PROBLEM_LIMIT - 1] + "…"


def _problem(error: Any) -> str:
    """A schema error as the configuration words it: an unknown key with a "did you
    mean" ("cout" -> "count"), else the validator's own text."""
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = sorted(error.schema.get("properties", {}))
        unknown = [key for key in error.instance if key not in known]
        if unknown:
            return "; ".join(unknown_key_problem(key, known) for key in unknown)
    return plain_message(error)


def _card_finding(index: int, lines: _Lines, problem: str) -> Finding:
    """The syntax error of the card at ``index`` (0-based), on its line when known."""
    line = lines.cards[index] if index < len(lines.cards) else None
    if line is None:
        return _syntax(INVALID_CARD_NO_LINE, hint=SCHEMA_HINT, index=index + 1, problem=problem)
    return _syntax(INVALID_CARD, (line,), hint=SCHEMA_HINT, index=index + 1, line=line, problem=problem)


def _mend_key_typos(data: dict, lines: _Lines) -> tuple[dict, list[Finding]]:
    """Cards whose one unknown key is a typo of the one required key they lack
    (``{count: 4, nam: Charmander, ...}``), read with the key meant: one syntax error
    says so, and the card still counts (the typo gave two errors for one key,
    and the deck lost its cards to knock-on deck-size and basic-pokemon errors)."""
    card_schema = deck_schema()["$defs"]["card"]
    known, required = list(card_schema["properties"]), card_schema["required"]
    known_keys, required_keys = frozenset(known), frozenset(required)
    cards = data.get("cards")
    if not isinstance(cards, list):
        return data, []
    findings: list[Finding] = []
    mended_cards = list(cards)
    for index, card in enumerate(cards):
        if not isinstance(card, dict):
            continue
        if known_keys.issuperset(card) and card.keys() >= required_keys:
            continue  # (the usual card: nothing to mend)
        unknown = [key for key in card if key not in known]
        missing = [key for key in required if key not in card]
        if len(unknown) != 1 or len(missing) != 1:
            continue
        if close_choice(str(unknown[0]), missing) != missing[0]:
            continue
        mended_cards[index] = {(missing[0] if key == unknown[0] else key): value for key, value in card.items()}
        problem = f"{unknown_key_problem(unknown[0], known)}; it was read as '{missing[0]}'"
        findings.append(_card_finding(index, lines, problem))
    if not findings:
        return data, []
    return {**data, "cards": mended_cards}, findings


def _schema_findings(data: dict, lines: _Lines) -> tuple[list[Finding], set[int]]:
    """Findings for every schema error, and the indexes of the cards at fault."""
    findings: list[Finding] = []
    bad_cards: set[int] = set()
    known_keys = set(deck_schema()["properties"])
    errors = () if _certainly_valid(data) else _validator().iter_errors(data)
    for error in sorted(errors, key=_path_key):
        path = list(error.absolute_path)
        if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
            index = path[1]
            bad_cards.add(index)
            where = ".".join(str(part) for part in path[2:])
            problem = _shortened(f"{where}: {_problem(error)}" if where else _problem(error))
            findings.append(_card_finding(index, lines, problem))
            continue
        where = ".".join(str(part) for part in path)
        # "unknown key 'nam' (did you mean 'name'?)" fits a sentence ending with "."
        problem = _shortened(f"{where}: {_problem(error)}" if where else _problem(error))
        key = str(path[0]) if path else next((k for k in data if k not in known_keys), None)
        line = lines.keys.get(key) if key is not None else None
        if line is None:
            findings.append(_syntax(INVALID_DECK, hint=SCHEMA_HINT, problem=problem))
        else:
            findings.append(_syntax(INVALID_DECK_LINE, (line,), hint=SCHEMA_HINT, line=line, problem=problem))
    return findings, bad_cards


# JSON's "\ud800" (and YAML's) is a lone surrogate: no character, and no UTF-8
# output or database query can take it. It becomes U+FFFD, as a byte that is not
# UTF-8 would in a text list.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _text(value: Any) -> Any:
    # (isascii() reads a flag of the string: an ASCII string, most of a deck file's, holds none.)
    return _SURROGATE.sub("\ufffd", value) if isinstance(value, str) and not value.isascii() else value


# The cards read before, by their values as loaded (count, name, set code, number, the number's
# type), each as an entry that every deck file writing the card shares, wherever it stands (line
# 0: the ParsedDeck's lines say where), as the text parser's entries are shared, so that each is
# read once (deckcheck.core.resolve): 10,000 decks of the bulk corpus have 1,248 cards in their
# YAML and JSON files, 3,190 with their line. At most ENTRIES_KEPT, then it starts again.
Said = tuple[int, str, str | None, str | None, str | None, bool, str]
_CARDS: dict[tuple[Any, ...], DeckEntry] = {}
ENTRIES_KEPT = 4_096


def _entry(card: dict) -> DeckEntry:
    """The shared entry (line 0) of a valid card (its values as loaded)."""
    count, name, set_code, number = card["count"], card["name"], card.get("set"), card.get("number")
    # Kept by the values as loaded: 4, 4.0 and True count alike, but the numbers 185 and 185.0
    # are written "185" and "185.0", so the number's type is part of the key.
    values = (count, name, set_code, number, type(number))
    entry = _CARDS.get(values)
    if entry is not None:
        return entry
    if len(_CARDS) >= ENTRIES_KEPT:
        _CARDS.clear()
    said = _said(count, name, set_code, number)
    entry = _CARDS[values] = DeckEntry(
        count=said[0],
        name=said[1],
        line=0,
        set_code=said[2],
        number=said[3],
        basic_energy_type=said[4],
        special_energy=said[5],
        raw=said[6],
    )
    return entry


def _said(count: Any, name: str, set_code: Any, number: Any) -> Said:
    """What a valid card says: (count, name, set code, number, basic Energy type, Special
    Energy, the card written as a text-list line)."""
    name, set_code, number = _text(name), _text(set_code), _text(number)
    set_code = set_code.strip() if isinstance(set_code, str) else None
    number = str(number).strip() if number is not None else None
    count = int(count)
    energy = energy_name(" ".join(name.split()))
    raw = " ".join(str(part) for part in (count, name.strip(), set_code, number) if part)
    return (count, energy.name, set_code, number, energy.basic_energy_type, energy.special_energy, raw)


def parse_structured(text: str, path: str, kind: Literal["yaml", "json"]) -> ParsedDeck:
    """Parse a YAML or JSON deck file. ``DeckEntry.raw`` holds the card written
    as a text-list line (``4 Iono PAL 185``), ``line`` the line its mapping starts on."""
    return read_structured(text, path, kind)[0]


# read_structured's data when json.loads (or yaml.load) would not read the text as it did.
NOT_READ = object()


def read_structured(
    text: str, path: str, kind: Literal["yaml", "json"], *, strict: bool = False
) -> tuple[ParsedDeck, Any]:
    """:func:`parse_structured`, and the data as ``json.loads`` (or ``yaml.load`` with
    :func:`~deckcheck.datafiles.yaml_loader`) reads the text, NOT_READ when it does not: whether
    a file met while walking a folder is a deck is judged from it
    (:func:`deckcheck.parse.shape.structured_shape_problem`). ``strict``: the text is bytes
    decoded as UTF-8 strictly, which holds no lone surrogate to replace."""
    # A file decoded strictly holds no lone surrogate; a caller's text may (the YAML reader cannot encode it).
    if not strict:
        text = _SURROGATE.sub("\ufffd", text)
    try:
        data, lines = _load_json(text) if kind == "json" else _load_yaml(text)
    except _Unparsable as problem:
        return ParsedDeck(path=path, findings=(problem.finding,)), NOT_READ
    except RecursionError:
        return ParsedDeck(path=path, findings=(_syntax(TOO_DEEP),)), NOT_READ
    return _read(data, lines, path, kind), data if lines.by_default_loader else NOT_READ


def _read(data: Any, lines: _Lines, path: str, kind: Literal["yaml", "json"]) -> ParsedDeck:
    """The deck file's loaded ``data`` as a parsed deck."""

    if lines.duplicates:
        # A key given twice: {"cards": [...], "cards": []} is not read as its last "cards".
        return ParsedDeck(
            path=path,
            findings=tuple(
                Finding(
                    rule=SYNTAX,
                    severity=Severity.ERROR,
                    template=DUPLICATE_KEY,
                    params={"line": line, "key": _shortened(key)},
                    lines=(line,),
                    hint_template=DUPLICATE_KEY_HINT,
                    hint_params={"key": _shortened(key)},
                )
                for line, key in sorted(lines.duplicates)
            ),
        )
    if not isinstance(data, dict):
        return ParsedDeck(path=path, findings=(_syntax(NOT_A_MAPPING, (1,), hint=SCHEMA_HINT, found=_describe(data)),))
    if structured_shape_problem(data) is not None and data:
        # The keys as written: YAML 1.1 reads a workflow's "on:" as True.
        keys = list(lines.keys) if kind == "yaml" and len(lines.keys) == len(data) else [str(key) for key in data]
        shown = ", ".join(keys[:_SHOWN_KEYS]) + (", …" if len(keys) > _SHOWN_KEYS else "")
        first = min(lines.keys.values(), default=1)
        return ParsedDeck(path=path, findings=(_syntax(NOT_A_DECK_FILE, (first,), keys=shown),))
    cut = None
    cards = data.get("cards")
    if isinstance(cards, list) and len(cards) > MAX_LINES_READ:
        # As many entries as a text list has lines read, the rest counted.
        rest = len(cards) - MAX_LINES_READ
        data = {**data, "cards": cards[:MAX_LINES_READ]}
        at = lines.cards[MAX_LINES_READ] if len(lines.cards) > MAX_LINES_READ else None
        cut = _syntax(TOO_MANY_CARDS, (at,) if at else (), TOO_MANY_LINES_HINT, limit=MAX_LINES_READ, rest=rest)
    data, mended = _mend_key_typos(data, lines)
    try:
        findings, bad_cards = _schema_findings(data, lines)
    except RecursionError:
        return ParsedDeck(path=path, findings=(_syntax(TOO_DEEP),))
    findings = [*mended, *findings]
    if cut is not None:
        findings = [*findings, cut]

    entries = []
    numbers = []  # the line of each entry (0: not known)
    cards = data.get("cards")
    if isinstance(cards, list):
        for index, card in enumerate(cards):
            if index not in bad_cards:
                entries.append(_entry(card))
                numbers.append((lines.cards[index] if index < len(lines.cards) else None) or 0)
    entries = apart(entries, numbers)
    name = _text(data.get("name"))
    declared_format = _text(data.get("format"))
    return ParsedDeck(
        path=path,
        entries=tuple(entries),
        findings=tuple(sorted(findings, key=lambda finding: finding.lines)),
        name=name.strip() or None if isinstance(name, str) else None,
        declared_format=format_id(declared_format) if isinstance(declared_format, str) else None,
        lines=tuple(numbers),
    )
