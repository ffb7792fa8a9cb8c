import re

from deckcheck.model import Card, Severity
from deckcheck.rules.base import RuleSpec
from deckcheck.rules.deck_size import KIND

CHARMANDER = Card(
    id="sv3-26",
    name="Charmander",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="sv3",
    set_code="OBF",
    number="26",
    regulation_mark="G",
)
IONO = Card(
    id="sv2-185",
    name="Iono",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="sv2",
    set_code="PAL",
    number="185",
    regulation_mark="G",
)
FIRE = Card(
    id="sve-2",
    name="Basic Fire Energy",
    supertype="Energy",
    subtypes=("Basic",),
    set_id="sve",
    set_code="SVE",
    number="2",
)

RULE = RuleSpec(id="deck-size", kind="deck-size", options={"size": 60})


def test_exactly_60_is_legal(make_deck, run):
    deck = make_deck((4, CHARMANDER), (4, IONO), (52, FIRE))
    assert run(KIND, deck, RULE) == []


def test_61_cards_asks_to_remove_one(make_deck, run, summarise):
    deck = make_deck((4, CHARMANDER), (4, IONO), (53, FIRE))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "deck-size",
            "severity": Severity.ERROR,
            "message": "The deck has 61 cards; a deck must have exactly 60.",
            "hint": "Remove 1 card.",
            "lines": (),
            "cards": (),
        }
    ]


def test_too_many_by_several(make_deck, run):
    deck = make_deck((4, CHARMANDER), (4, IONO), (56, FIRE))
    [finding] = run(KIND, deck, RULE)
    assert finding.message == "The deck has 64 cards; a deck must have exactly 60."
    assert finding.hint == "Remove 4 cards."
    assert finding.params == {"total": 64, "size": 60}


def test_too_few_cards_are_told_how_many_to_add(make_deck, run):
    deck = make_deck((4, CHARMANDER), (4, IONO), (50, FIRE))
    [finding] = run(KIND, deck, RULE)
    assert finding.message == "The deck has 58 cards; a deck must have exactly 60."
    assert finding.hint == "Add 2 cards."


def test_one_card_short_is_told_to_add_one_card(make_deck, run):
    [finding] = run(KIND, make_deck((4, CHARMANDER), (4, IONO), (51, FIRE)), RULE)
    assert finding.hint == "Add 1 card."


def test_an_empty_deck_is_told_to_add_60_cards(make_deck, run):
    [finding] = run(KIND, make_deck(), RULE)
    assert finding.message == "The deck has 0 cards; a deck must have exactly 60."
    assert finding.hint == "Add 60 cards."


def test_unresolved_lines_take_their_slots(make_deck, run):
    # 59 known cards + 1 unknown card line = 60: the size is right, the unknown
    # card is another rule's concern.
    legal = make_deck((4, CHARMANDER), (4, IONO), (51, FIRE), unresolved=((1, "Mew ex MEW 151"),))
    assert run(KIND, legal, RULE) == []
    over = make_deck((4, CHARMANDER), (4, IONO), (52, FIRE), unresolved=((2, "Mew ex MEW 151"),))
    [finding] = run(KIND, over, RULE)
    assert finding.message == "The deck has 62 cards; a deck must have exactly 60."


def test_half_deck_is_30(make_deck, run):
    rule = RuleSpec(id="deck-size", kind="deck-size", options={"size": 30})
    assert run(KIND, make_deck((4, CHARMANDER), (2, IONO), (24, FIRE)), rule) == []
    [finding] = run(KIND, make_deck((4, CHARMANDER), (4, IONO), (52, FIRE)), rule)
    assert finding.message == "The deck has 60 cards; a deck must have exactly 30."
    assert finding.hint == "Remove 30 cards."


def test_size_defaults_to_60(make_deck, run):
    rule = RuleSpec(id="deck-size", kind="deck-size")
    assert run(KIND, make_deck((4, CHARMANDER), (4, IONO), (52, FIRE)), rule) == []
    assert len(run(KIND, make_deck((4, CHARMANDER), (4, IONO), (40, FIRE)), rule)) == 1


def test_rule_id_and_severity_come_from_the_pack(make_deck, run):
    rule = RuleSpec(id="half-deck-size", kind="deck-size", options={"size": 30}, severity=Severity.WARNING)
    [finding] = run(KIND, make_deck((31, FIRE)), rule)
    assert (finding.rule, finding.severity) == ("half-deck-size", Severity.WARNING)


def _total(snippet: str) -> int:
    return sum(int(m.group(1)) for m in re.finditer(r"^(\d+) ", snippet, re.MULTILINE))


def test_documentation_examples_have_the_sizes_they_claim():
    assert _total(KIND.examples["legal"]) == 60
    assert _total(KIND.examples["illegal"]) == 61


def test_a_single_card_is_one_card(make_deck, run):
    (finding,) = run(KIND, make_deck((1, IONO)), RULE)
    assert finding.message == "The deck has 1 card; a deck must have exactly 60."
