""" "Did you mean" for card names, with rapidfuzz (imported only when needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
    choices = list(names_by_key)
    # Whole-name similarity first (typos); word-set similarity as a fallback for
    # words in another order or missing ("Research Professor's").
    for scorer in (fuzz.ratio, fuzz.token_set_ratio):
        matches = process.extract(
            key, choices, scorer=scorer, processor=utils.default_process, limit=limit * 3, score_cutoff=_MIN_SCORE
        )
        if matches:
            break
    ranked = sorted(matches, key=lambda m: (-round(m[1]), abs(len(m[0]) - len(key)), m[0]))
    return [names_by_key[match[0]] for match in ranked[:limit]]
