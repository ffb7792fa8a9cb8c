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
    from rapidfuzz import fuzz, process, utils

    if len(name) > MAX_NAME_LENGTH * 4:
        return []  # cheap test first: name_key of a 4 MB line is work too
    key = name_key(name)
    if len(key) > MAX_NAME_LENGTH:
        return []
    query = utils.default_process(key)
    processed = _processed(keys, utils.default_process)
    # The keys as rapidfuzz's processor makes them (it processes the query again, to the same text).
    choices, processor = (keys, utils.default_process) if processed is None else (processed, None)
    # Whole-name similarity first (typos); word-set similarity as a fallback for
    # words in another order or missing ("Research Professor's").
    for scorer in (fuzz.ratio, fuzz.token_set_ratio):
        matches = process.extract(
            query, choices, scorer=scorer, processor=processor, limit=limit * 3, score_cutoff=_MIN_SCORE
        )
        if matches:
            break
    found = [(keys[index], score) for _choice, score, index in matches]
    ranked = sorted(found, key=lambda m: (-round(m[1]), abs(len(m[0]) - len(key)), m[0]))
    return [match[0] for match in ranked[:limit]]


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
