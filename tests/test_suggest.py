"""deckcheck.suggest: "did you mean" looks only at what a card name could be."""

from __future__ import annotations


def test_suggestions_look_at_no_more_than_a_card_name_could_be():
    from deckcheck.suggest import MAX_NAME_LENGTH, closest_names

    names = {"iono": "Iono", "pikachu": "Pikachu"}
    assert closest_names("Ionoo", names) == ["Iono"]
    assert closest_names("abcdefgh " * 450_000, names) == []  # a 4 MB line: no name is close
    assert closest_names("x" * (MAX_NAME_LENGTH + 1), names) == []
