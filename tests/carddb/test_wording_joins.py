"""The prints the game-text normalisation treats as one card although their printed texts differ.

A normalisation that joins two prints makes the older one legal through the newer (docs/rulings.md,
"Reprints: functionally identical cards"), so every pair it joins is listed in
``tests/data/joined-by-wording.txt``: a change to the wording rules changes that file, and the
diff shows a reviewer what became legal. ``DECKCHECK_UPDATE_GOLDEN=1`` rewrites it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from support import assert_golden, require_reference_data

from deckcheck.carddb import gametext
from deckcheck.names import deck_key

JOINED = Path(__file__).resolve().parents[1] / "data" / "joined-by-wording.txt"


def _plain(text: str, name: str, pokemon: bool, trainer: bool = False) -> str:
    return " ".join(text.lower().split())


def _joined_groups(monkeypatch) -> str:
    data = require_reference_data()
    cards = [card for path in sorted((data / "cards" / "en").glob("*.json")) for card in json.loads(path.read_text())]
    functional = {card["id"]: gametext.canonical_text(card) for card in cards}
    with monkeypatch.context() as patch:
        patch.setattr(gametext, "_functional_text", _plain)
        printed = {card["id"]: gametext.canonical_text(card) for card in cards}
    groups: dict[tuple[str, str], dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for card in cards:
        key = (deck_key(card["name"], card["supertype"]), functional[card["id"]])
        groups[key][printed[card["id"]]].append(card["id"])
    lines = []
    for (name, _text), by_printed in groups.items():
        if len(by_printed) > 1:
            wordings = sorted(" ".join(sorted(ids)) for ids in by_printed.values())
            lines.append(f"{name}: " + " | ".join(wordings))
    return "".join(f"{line}\n" for line in sorted(lines))


def test_every_pair_of_prints_the_wording_rules_join_is_listed(monkeypatch):
    assert_golden(JOINED, _joined_groups(monkeypatch))


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        # "that player doesn't switch" (SM) = "they don't switch" (SWSH on); brackets placed apart (BW).
        ("sm3-114", "swsh5-125"),
        ("bw8-120", "swsh5-125"),
    ],
)
def test_pronoun_and_bracket_wording_joins_escape_rope(older, newer):
    data = require_reference_data()
    cards = {c["id"]: c for path in (data / "cards" / "en").glob("*.json") for c in json.loads(path.read_text())}
    assert gametext.text_hash(cards[older]) == gametext.text_hash(cards[newer])


def test_a_real_difference_stays_a_difference():
    # Dual Ball MA 72 shuffles on two tails too; UL 72 only "if you do".
    data = require_reference_data()
    cards = {c["id"]: c for path in (data / "cards" / "en").glob("*.json") for c in json.loads(path.read_text())}
    assert gametext.text_hash(cards["ex4-72"]) != gametext.text_hash(cards["hgss2-72"])


@pytest.mark.parametrize(
    ("one", "other"),
    [
        (
            "If a player does not have a Benched Pokémon, that player doesn't switch.",
            "If a player doesn't have a Benched Pokémon, they don't switch.",
        ),
        (
            "If a player does not have a Benched Pokémon, he or she doesn't switch.",
            "If a player doesn't have a Benched Pokémon, they don't switch.",
        ),
        ("Attach as many Energy cards as you like to it.", "Attach any number of Energy cards to it."),
        (
            "Your opponent switches first. (If a player has none, they don't.)",
            "(Your opponent switches first. If a player has none, they don't.)",
        ),
    ],
)
def test_each_wording_rule_joins_its_two_forms(one, other):
    assert gametext._functional_text(one, "x", False, True) == gametext._functional_text(other, "x", False, True)
