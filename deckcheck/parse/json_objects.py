"""Where the objects of a JSON deck file start: the data as ``json.loads`` reads it, the offset
of each object (by its id) and the keys given twice in an object.

:mod:`deckcheck.parse.structured` turns the offsets into the lines its findings name.
"""

from __future__ import annotations

import json
from typing import Any


def json_objects(text: str) -> tuple[Any, dict[int, int], list[tuple[int, str]]]:
    """:func:`scan_json_quickly`, else :func:`scan_json`; raises what json raises
    (``JSONDecodeError``, ``ValueError``, ``RecursionError``)."""
    scanned = scan_json_quickly(text)
    return scanned if scanned is not None else scan_json(text)


def scan_json(text: str) -> tuple[Any, dict[int, int], list[tuple[int, str]]]:
    """The data, the offset of every object by its id and (offset of the object, key) of each key
    given twice; raises what json raises."""
    # The C scanner gives no positions; the Python one lets us note where each
    # object starts, so a card's findings can name its line.
    starts: dict[int, int] = {}

    duplicated: list[tuple[int, str]] = []  # (offset of the object, key)

    def parse_object(s_and_end: tuple[str, int], *args: Any, **kwargs: Any) -> tuple[Any, int]:
        obj, end = json.decoder.JSONObject(s_and_end, *args, **kwargs)  # type: ignore[attr-defined]
        starts[id(obj)] = s_and_end[1] - 1
        if len(obj) < len(last_pairs[0]):
            # Fewer keys than pairs: a key was given twice.
            keys: set[str] = set()
            for key, _value in last_pairs[0]:
                if key in keys:
                    duplicated.append((s_and_end[1] - 1, key))
                keys.add(key)
        return obj, end

    # The pairs of the object read last (this object's: its own objects were read before it ended).
    last_pairs: list[list] = [[]]

    def pairs_hook(items: list) -> dict:
        last_pairs[0] = items
        return dict(items)

    decoder = json.JSONDecoder(object_pairs_hook=pairs_hook)
    decoder.parse_object = parse_object  # type: ignore[attr-defined]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)  # type: ignore[attr-defined]
    return decoder.decode(text), starts, duplicated


def scan_json_quickly(text: str) -> tuple[Any, dict[int, int], list[tuple[int, str]]] | None:
    """:func:`scan_json` of a deck file as decks are written -- an object whose lists hold
    objects, no key given twice --, with the json module's C scanner for all but the top
    object and its lists (whose items' offsets are noted as they are read): the Python
    scanner cost a JSON deck some 0.5 ms. The offsets noted are those scan_json notes of
    the top object and the items of its lists, the only ones lines are asked of. None: the
    text is read by scan_json (a key given twice, anything that is no JSON object, a text
    the C scanner refuses: the Python scanner's error is the one a finding gives)."""
    c_scanner = getattr(json.scanner, "c_make_scanner", None)  # type: ignore[attr-defined]
    whitespace = json.decoder.WHITESPACE.match  # type: ignore[attr-defined]
    start = whitespace(text, 0).end()
    if c_scanner is None or not text.startswith("{", start):
        return None
    duplicated = False

    def pairs_hook(items: list) -> dict:
        nonlocal duplicated
        obj = dict(items)
        if len(obj) < len(items):  # fewer keys than pairs: a key was given twice
            duplicated = True
        return obj

    decoder = json.JSONDecoder(object_pairs_hook=pairs_hook)
    scan = c_scanner(decoder)
    starts: dict[int, int] = {}

    def item(s: str, at: int) -> tuple[Any, int]:
        value, end = scan(s, at)
        if type(value) is dict:
            starts[id(value)] = at
        return value, end

    def top_value(s: str, at: int) -> tuple[Any, int]:
        if s.startswith("[", at):
            return json.decoder.JSONArray((s, at + 1), item)  # type: ignore[attr-defined]
        return scan(s, at)

    try:
        data, end = json.decoder.JSONObject(  # type: ignore[attr-defined]
            (text, start + 1), decoder.strict, top_value, None, pairs_hook, {}
        )
    except (ValueError, StopIteration, RecursionError):
        return None
    if duplicated or whitespace(text, end).end() != len(text):
        return None
    starts[id(data)] = start
    return data, starts, []
