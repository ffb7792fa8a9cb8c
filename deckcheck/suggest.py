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
    from rapidfuzz import fuzz, process, utils

    if len(name) > MAX_NAME_LENGTH * 4:
        return []  # cheap test first: name_key of a 4 MB line is work too
    key = name_key(name)
    if len(key) > MAX_NAME_LENGTH:
        return []
    choices, processed = _choices(names_by_key, utils.default_process)
    query = utils.default_process(key)
    # Whole-name similarity first (typos); word-set similarity as a fallback for
    # words in another order or missing ("Research Professor's").
    for scorer in (fuzz.ratio, fuzz.token_set_ratio):
        # The choices processed once (processor=None): what processor=utils.default_process
        # compares, without processing thousands of names again for every name looked up.
        matches = process.extract(
            query, processed, scorer=scorer, processor=None, limit=limit * 3, score_cutoff=_MIN_SCORE
        )
        if matches:
            break
    found = [(choices[index], score) for _processed, score, index in matches]
    ranked = sorted(found, key=lambda m: (-round(m[1]), abs(len(m[0]) - len(key)), m[0]))
    return [names_by_key[match[0]] for match in ranked[:limit]]


# The names compared with, by the id of their mapping: (the mapping, its keys, each processed).
# A database's names are one mapping looked up again for every misspelt name; the mapping is
# kept beside them, so that its id is not reused. At most _CHOICES_KEPT mappings.
_CHOICES: dict[int, tuple[Mapping[str, str], list[str], list[str]]] = {}
_CHOICES_KEPT = 8


def _choices(names_by_key: Mapping[str, str], process: Callable[[str], str]) -> tuple[list[str], list[str]]:
    known = _CHOICES.get(id(names_by_key))
    if known is not None and known[0] is names_by_key and len(known[1]) == len(names_by_key):
        return known[1], known[2]
    choices = list(names_by_key)
    processed = [process(choice) for choice in choices]
    if len(_CHOICES) >= _CHOICES_KEPT:
        _CHOICES.clear()
    _CHOICES[id(names_by_key)] = (names_by_key, choices, processed)
    return choices, processed
