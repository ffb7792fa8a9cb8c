"""deckcheck.suggest: "did you mean" looks only at what a card name could be."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st


def test_suggestions_look_at_no_more_than_a_card_name_could_be():
    from deckcheck.suggest import MAX_NAME_LENGTH, closest_names

    names = {"iono": "Iono", "pikachu": "Pikachu"}
    assert closest_names("Ionoo", names) == ["Iono"]
    assert closest_names("abcdefgh " * 450_000, names) == []  # a 4 MB line: no name is close
    assert closest_names("x" * (MAX_NAME_LENGTH + 1), names) == []


NAMES = [
    "Iono",
    "Pikachu",
    "Pikachu ex",
    "Charizard ex",
    "Charmander",
    "Ultra Ball",
    "Nest Ball",
    "Rare Candy",
    "Professor's Research",
    "Boss's Orders",
    "Research Record",
    "Basic Fire Energy",
    "Double Turbo Energy",
    "Trainers' Mail",
    "Team Flare Grunt",
    "N",
    "Ho-Oh",
    "Porygon-Z",
    "Farfetch'd",
    "Mr. Mime",
    "Nidoran♀",
    "Flabébé",
    "Pidgeot ex",
    "Pidgey",
    "Pidgeotto",
    "Arceus VSTAR",
    "Lugia V",
    "Lugia VSTAR",
    "Zoroark-GX",
]


def _reference(name, names_by_key, limit=3):
    """closest_names as rapidfuzz ranks the names processing each one itself."""
    from rapidfuzz import fuzz, process, utils

    from deckcheck.names import name_key

    key = name_key(name)
    for scorer in (fuzz.ratio, fuzz.token_set_ratio):
        matches = process.extract(
            key, list(names_by_key), scorer=scorer, processor=utils.default_process, limit=limit * 3, score_cutoff=70
        )
        if matches:
            break
    ranked = sorted(matches, key=lambda m: (-round(m[1]), abs(len(m[0]) - len(key)), m[0]))
    return [names_by_key[match[0]] for match in ranked[:limit]]


@given(
    st.one_of(
        st.sampled_from(NAMES).map(lambda name: name[:-1]),
        st.sampled_from(NAMES).map(lambda name: " ".join(reversed(name.split()))),
        st.text(max_size=24),
    ),
    st.integers(1, 4),
)
def test_the_names_suggested_are_those_rapidfuzz_ranks_processing_each_name_itself(name, limit):
    from deckcheck.names import name_key
    from deckcheck.suggest import closest_names

    names_by_key = {name_key(name): name for name in NAMES}
    assert closest_names(name, names_by_key, limit) == _reference(name, names_by_key, limit)
    assert closest_names(name, names_by_key, limit) == _reference(name, names_by_key, limit)  # processed names kept
