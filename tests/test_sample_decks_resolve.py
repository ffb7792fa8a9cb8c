"""Every sample deck resolves against the built-in catalogue, line by line.

The README's first command checks sample_decks/ on a machine without a card database,
so each card line with a set code must name a catalogue print of that name. The lines
are read with a small regex here (the real parser is tested on its own); the only lines
allowed to be anything else are the one typo of illegal/unknown-card.txt, the one
stray note of illegal/syntax.txt and the bare Energy line of warning/ambiguous-card.txt.
"""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest
import yaml

from deckcheck.carddb.catalogue import load_catalogue
from deckcheck.model import Card
from deckcheck.names import deck_key, name_key

SAMPLE_DECKS = Path(__file__).resolve().parents[1] / "sample_decks"
DECK_FILES = sorted(p for p in SAMPLE_DECKS.rglob("*") if p.suffix in {".txt", ".yaml", ".yml", ".json"})

# The only lines that are meant not to resolve or not to be card lines at all.
INTENDED = {
    "illegal/unknown-card.txt": "3 Ionno",
    "illegal/syntax.txt": "TODO: swap a Nest Ball for a Buddy-Buddy Poffin",
    "warning/ambiguous-card.txt": "16 Darkness Energy",
}
# Rule ids of the unlimited pack that the illegal samples demonstrate, one each.
RULE_IDS = {
    "deck-size",
    "basic-pokemon",
    "copy-limit",
    "ace-spec",
    "prism-star",
    "radiant",
    "pokemon-star",
    "card-limit",
    "exclusive",
    "unknown-card",
    "syntax",
}

ENERGY_LETTERS = {
    "G": "Grass",
    "R": "Fire",
    "W": "Water",
    "L": "Lightning",
    "P": "Psychic",
    "F": "Fighting",
    "D": "Darkness",
    "M": "Metal",
    "Y": "Fairy",
}
CARD_LINE = re.compile(
    r"^(?:\*\s+)?(?P<count>\d+)\s+(?P<name>.+?)\s+(?P<set>PR-[A-Z]+|[A-Z][A-Z0-9]{1,4})\s+(?P<number>[A-Z]*\d+[a-z]?)$"
)
STRUCTURE = re.compile(
    r"^(?:$|#(?!#)|\*{3,}.*\*{3,}$|(?:##)?(?:Pokémon|Trainer(?: Cards)?|Energy)\s*[:-]\s*\d+$|Total Cards\s*[:-]\s*\d+$)"
)
BASIC_LETTER = re.compile(r"^Basic \{(?P<letter>[A-Z])\} Energy$")


def relative(path: Path) -> str:
    return path.relative_to(SAMPLE_DECKS).as_posix()


def card_lines(path: Path) -> tuple[list[tuple[int, int, str, str, str]], list[str]]:
    """(line, count, name, set, number) of each card line with a set code, and every other line."""
    if path.suffix == ".txt":
        lines, others = [], []
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = raw.strip()
            match = CARD_LINE.match(text)
            if match:
                lines.append((number, int(match["count"]), match["name"], match["set"], match["number"]))
            elif not STRUCTURE.match(text):
                others.append(text)
        return lines, others
    loaded = json.loads(path.read_text("utf-8")) if path.suffix == ".json" else yaml.safe_load(path.read_text("utf-8"))
    lines = [(i, c["count"], c["name"], c["set"], str(c["number"])) for i, c in enumerate(loaded["cards"], 1)]
    return lines, []


def name_fits(written: str, card: Card) -> bool:
    letter = BASIC_LETTER.match(written)
    if letter:  # "Basic {R} Energy" is the PTCG Live spelling of basic Fire Energy (RULES.md 5.3)
        energy_type = ENERGY_LETTERS[letter["letter"]]
        return card.is_basic_energy and card.name in (f"Basic {energy_type} Energy", f"{energy_type} Energy")
    return name_key(written) in (name_key(card.name), deck_key(card.name, card.supertype))


def resolved(path: Path) -> list[tuple[int, Card]]:
    catalogue = load_catalogue()
    found = []
    for _line, count, name, set_code, number in card_lines(path)[0]:
        (card,) = [c for c in catalogue.by_number(set_code, number) if name_fits(name, c)]
        found.append((count, card))
    return found


def test_there_are_legal_and_illegal_samples_in_every_file_format():
    names = {relative(p) for p in DECK_FILES}
    assert sum(p.suffix == ".txt" for p in DECK_FILES) >= 10
    assert any(n.startswith("legal/") and n.endswith(".yaml") for n in names)
    assert any(n.startswith("legal/") and n.endswith(".json") for n in names)
    assert {Path(n).stem for n in names if n.startswith("illegal/")} == RULE_IDS


@pytest.mark.parametrize("path", DECK_FILES, ids=relative)
def test_every_card_line_resolves_to_a_catalogue_print_of_its_name(path):
    catalogue = load_catalogue()
    lines, others = card_lines(path)
    assert lines, "no card lines read"
    wrong = []
    for line, _count, name, set_code, number in lines:
        prints = catalogue.by_number(set_code, number)
        if not [card for card in prints if name_fits(name, card)]:
            wrong.append(f"line {line}: {name} {set_code} {number} -> {[c.name for c in prints] or 'nothing'}")
    assert not wrong, "\n".join(wrong)
    expected_other = [INTENDED[relative(path)]] if relative(path) in INTENDED else []
    assert others == expected_other


def test_the_intended_typo_does_not_resolve():
    catalogue = load_catalogue()
    assert catalogue.by_name("Ionno") == ()
    assert [c.name for c in catalogue.by_name("Iono")] == ["Iono", "Iono"]  # what it was meant to be


@pytest.mark.parametrize("path", [p for p in DECK_FILES if p.suffix == ".txt"], ids=relative)
def test_text_samples_say_their_name_format_and_purpose(path):
    head = path.read_text(encoding="utf-8").splitlines()[:3]
    assert head[0].startswith("# name: ") and head[1] == "# format: unlimited"
    assert head[2].startswith("# ") and len(head[2]) > 10


@pytest.mark.parametrize("path", DECK_FILES, ids=relative)
def test_sample_decks_hold_60_cards_except_the_deck_size_sample(path):
    lines, others = card_lines(path)
    total = sum(count for _l, count, *_ in lines)
    total += sum(int(m[1]) for m in (re.match(r"^(\d+)\s", text) for text in others) if m)
    assert total == (61 if relative(path) == "illegal/deck-size.txt" else 60)


@pytest.mark.parametrize("path", [p for p in DECK_FILES if relative(p).startswith("legal/")], ids=relative)
def test_legal_samples_keep_the_limits_as_the_catalogue_describes_the_cards(path):
    # An independent reading of RULES.md 1.2-1.4 and 3.1-3.4, so a "legal" sample cannot
    # silently break a rule whatever the rule engine does.
    cards = resolved(path)
    per_name = collections.Counter()
    for count, card in cards:
        if not card.is_basic_energy:
            per_name[deck_key(card.name, card.supertype)] += count
    assert max(per_name.values()) <= 4, per_name.most_common(3)
    assert any(card.is_basic_pokemon for _count, card in cards)
    for flag in ("is_ace_spec", "is_radiant", "is_pokemon_star"):
        assert sum(count for count, card in cards if getattr(card, flag)) <= 1, flag
    prism = collections.Counter(deck_key(c.name, c.supertype) for n, c in cards for _ in range(n) if c.is_prism_star)
    assert all(n <= 1 for n in prism.values())
    for _count, card in cards:
        assert not card.not_for_tournaments, card.label
        if card.own_limit:  # "You can't have more than 1 Shining Celebi in your deck" (RULES.md 3.5)
            name, limit = card.own_limit
            assert per_name[deck_key(name, card.supertype)] <= limit, card.label
    names = {card.name for _count, card in cards}
    assert not {"Professor Juniper", "Professor Sycamore"} <= names
