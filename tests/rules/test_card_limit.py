from deckcheck.model import Card, Severity
from deckcheck.rules.base import RuleSpec
from deckcheck.rules.card_limit import KIND

# "You can't have more than 1 Shining Celebi in your deck." (neo4 106 only)
SHINING_CELEBI_NEO = Card(
    id="neo4-106",
    name="Shining Celebi",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="neo4",
    set_code="N4",
    number="106",
    own_limit=("Shining Celebi", 1),
)
SHINING_CELEBI_SM = Card(
    id="smp-SM79",
    name="Shining Celebi",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="smp",
    set_code="PR-SM",
    number="SM79",
)
SHINING_CHARIZARD = Card(
    id="neo4-107",
    name="Shining Charizard",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="neo4",
    set_code="N4",
    number="107",
    own_limit=("Shining Charizard", 1),
)
MIRACLE_ENERGY = Card(
    id="neo4-16",
    name="Miracle Energy",
    supertype="Energy",
    subtypes=("Special",),
    set_id="neo4",
    set_code="N4",
    number="16",
    own_limit=("Miracle Energy", 1),
)
CELEBI = Card(
    id="basep-50", name="Celebi", supertype="Pokémon", subtypes=("Basic",), set_id="basep", set_code="PR", number="50"
)

RULE = RuleSpec(id="card-limit", kind="card-limit")


def test_one_of_each_limited_card_is_legal(make_deck, run):
    deck = make_deck((1, SHINING_CELEBI_NEO), (1, SHINING_CHARIZARD), (1, MIRACLE_ENERGY), (4, CELEBI))
    assert run(KIND, deck, RULE) == []


def test_shining_celebi_mixed_prints(make_deck, run, summarise):
    # docs/rulings.md, "A card's own limit wins for its whole name": the neo4 limit covers the smp print, which has no
    # limit itself.
    deck = make_deck((1, SHINING_CELEBI_SM, 5), (1, SHINING_CELEBI_NEO, 6))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "card-limit",
            "severity": Severity.ERROR,
            "message": (
                "The deck has 2 cards named Shining Celebi (lines 5, 6); Shining Celebi N4 106 says: "
                '"You can\'t have more than 1 Shining Celebi in your deck."'
            ),
            "hint": "Remove 1 copy of Shining Celebi (lines 5, 6).",
            "lines": (5, 6),
            "cards": ("Shining Celebi PR-SM SM79", "Shining Celebi N4 106"),
        }
    ]


def test_unlimited_prints_alone_are_not_this_rules_concern(make_deck, run):
    # Without the neo4 print no card in the deck states a limit (copy-limit applies).
    assert run(KIND, make_deck((4, SHINING_CELEBI_SM)), RULE) == []


def test_two_copies_on_one_line_and_every_limited_name(make_deck, run):
    deck = make_deck((2, SHINING_CHARIZARD), (4, CELEBI), (3, MIRACLE_ENERGY))
    findings = run(KIND, deck, RULE)
    assert [f.message for f in findings] == [
        "The deck has 2 cards named Shining Charizard (line 1); Shining Charizard N4 107 says: "
        '"You can\'t have more than 1 Shining Charizard in your deck."',
        "The deck has 3 cards named Miracle Energy (line 3); Miracle Energy N4 16 says: "
        '"You can\'t have more than 1 Miracle Energy in your deck."',
    ]
    assert [f.hint for f in findings] == [
        "Remove 1 copy of Shining Charizard (line 1).",
        "Remove 2 copies of Miracle Energy (line 3).",
    ]


def test_the_limit_does_not_touch_other_names(make_deck, run):
    # "Shining Celebi" limits neither Celebi nor Shining Charizard
    deck = make_deck((1, SHINING_CELEBI_NEO), (4, CELEBI), (1, SHINING_CHARIZARD))
    assert run(KIND, deck, RULE) == []
