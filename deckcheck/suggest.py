""" "Did you mean" for card names, with rapidfuzz (imported only when needed)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from deckcheck.names import name_key

# Below this WRatio score a candidate is more noise than help.
_MIN_SCORE = 70
# No card name is near this long (the longest are some 50 characters): a longer
# "name" is close to none, and comparing a 4 MB line with 20,000 names would take
# minutes.
MAX_NAME_LENGTH = 120


def closest_names(name: str, names_by_key: Mapping[str, str], limit: int = 3) -> Sequence[str]:
    """Up to ``limit`` display names whose folded form is closest to ``name``.

    ``names_by_key`` maps :func:`name_key` forms to the display name.
    """
    return [names_by_key[key] for key in closest_keys(name, _keys(names_by_key), limit)]


def closest_keys(name: str, keys: Sequence[str], limit: int = 3) -> list[str]:
    """Up to ``limit`` of ``keys`` (:func:`name_key` forms of names) closest to ``name``, best first."""
    from rapidfuzz import utils

    processed = _processed(keys, utils.default_process)
    found = matches(name, keys if processed is None else processed, limit, processed=processed is not None)
    if found is None:
        return []
    key, scored = found
    return ranked(key, [(keys[index], score) for index, score in scored], limit)


def matches(
    name: str, choices: Sequence[str], limit: int = 3, *, processed: bool
) -> tuple[str, list[tuple[int, float]]] | None:
    """``name``'s key and the (position, score) of up to ``limit`` x 3 of ``choices`` close to it
    (None: a name too long to be any card's). ``choices`` are keys, or with ``processed`` those keys
    as rapidfuzz's ``default_process`` makes them (a card database keeps them so)."""
    from rapidfuzz import fuzz, process, utils

    if len(name) > MAX_NAME_LENGTH * 4:
        return None  # cheap test first: name_key of a 4 MB line is work too
    key = name_key(name)
    if len(key) > MAX_NAME_LENGTH:
        return None
    query = utils.default_process(key)
    # Keys not processed yet are processed by rapidfuzz (which processes the query again, to the same text).
    processor = None if processed else utils.default_process
    # Whole-name similarity first (typos); word-set similarity as a fallback for
    # words in another order or missing ("Research Professor's").
    for scorer in (fuzz.ratio, fuzz.token_set_ratio):
        found = process.extract(
            query, choices, scorer=scorer, processor=processor, limit=limit * 3, score_cutoff=_MIN_SCORE
        )
        if found:
            break
    return key, [(index, score) for _choice, score, index in found]


def ranked(key: str, found: Sequence[tuple[str, float]], limit: int = 3) -> list[str]:
    """The keys of ``found`` (key, score) best first, at most ``limit``: by score, then by how near
    their length is to ``key``'s, then alphabetically."""
    best = sorted(found, key=lambda m: (-round(m[1]), abs(len(m[0]) - len(key)), m[0]))
    return [match[0] for match in best[:limit]]


# The keys compared with, by the id of their list (a database's names: one list looked up again
# for every misspelt name; the list is kept beside them, so that its id is not reused): each
# processed, or None when the list has been met once. For one misspelt name rapidfuzz processes
# the keys itself, in C, for less than processing them here; a second name processes them once
# for every later one. At most _KEPT lists (and as many mappings' keys).
_PROCESSED: dict[int, tuple[Sequence[str], list[str] | None]] = {}
_KEYS: dict[int, tuple[Mapping[str, str], list[str]]] = {}
_KEPT = 8


def _processed(keys: Sequence[str], process: Callable[[str], str]) -> list[str] | None:
    known = _PROCESSED.get(id(keys))
    if known is None or known[0] is not keys or (known[1] is not None and len(known[1]) != len(keys)):
        if len(_PROCESSED) >= _KEPT:
            _PROCESSED.clear()
        _PROCESSED[id(keys)] = (keys, None)
        return None
    if known[1] is None:
        _PROCESSED[id(keys)] = (keys, [process(key) for key in keys])
    return _PROCESSED[id(keys)][1]


def _keys(names_by_key: Mapping[str, str]) -> list[str]:
    known = _KEYS.get(id(names_by_key))
    if known is not None and known[0] is names_by_key and len(known[1]) == len(names_by_key):
        return known[1]
    keys = list(names_by_key)
    if len(_KEYS) >= _KEPT:
        _KEYS.clear()
    _KEYS[id(names_by_key)] = (names_by_key, keys)
    return keys
