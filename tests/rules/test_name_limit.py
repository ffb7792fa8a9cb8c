from deckcheck.model import Card, Severity
from deckcheck.rules.base import RuleSpec
from deckcheck.rules.name_limit import KIND

GIRATINA_PRISM = Card(
    id="sm5-58",
    name="Giratina ◇",
    supertype="Pokémon",
    subtypes=("Basic", "Prism Star"),
    set_id="sm5",
    set_code="UPR",
    number="58",
)
DARKRAI_PRISM = Card(
    id="sm5-77",
    name="Darkrai ◇",
    supertype="Pokémon",
    subtypes=("Basic", "Prism Star"),
    set_id="sm5",
    set_code="UPR",
    number="77",
)
GIRATINA = Card(
    id="sm8-97", name="Giratina", supertype="Pokémon", subtypes=("Basic",), set_id="sm8", set_code="LOT", number="97"
)
LYSANDRE_PRISM = Card(
    id="sm6-110",
    name="Lysandre ◇",
    supertype="Trainer",
    subtypes=("Supporter", "Prism Star"),
    set_id="sm6",
    set_code="FLI",
    number="110",
)
LYSANDRE = Card(
    id="xy2-104",
    name="Lysandre",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="xy2",
    set_code="FLF",
    number="104",
)
THUNDER_MOUNTAIN = Card(
    id="sm8-191",
    name="Thunder Mountain ◇",
    supertype="Trainer",
    subtypes=("Stadium", "Prism Star"),
    set_id="sm8",
    set_code="LOT",
    number="191",
)
BEAST_ENERGY = Card(
    id="sm6-117",
    name="Beast Energy ◇",
    supertype="Energy",
    subtypes=("Special", "Prism Star"),
    set_id="sm6",
    set_code="FLI",
    number="117",
)

PRISM_STAR = RuleSpec(
    id="prism-star",
    kind="name-limit",
    options={"max": 1, "where": {"flags": ["prism_star"]}, "label": "Prism Star cards"},
)


def test_different_prism_star_cards_are_legal(make_deck, run):
    deck = make_deck(
        (1, GIRATINA_PRISM), (1, DARKRAI_PRISM), (1, LYSANDRE_PRISM), (1, THUNDER_MOUNTAIN), (1, BEAST_ENERGY)
    )
    assert run(KIND, deck, PRISM_STAR) == []


def test_same_prism_star_twice(make_deck, run, summarise):
    deck = make_deck((1, GIRATINA_PRISM, 3), (1, DARKRAI_PRISM, 4), (1, GIRATINA_PRISM, 7))
    assert [summarise(f) for f in run(KIND, deck, PRISM_STAR)] == [
        {
            "rule": "prism-star",
            "severity": Severity.ERROR,
            "message": "The deck has 2 cards named Giratina ◇ (lines 3, 7); Prism Star cards are limited to 1 per name.",
            "hint": "Remove 1 copy of Giratina ◇ (lines 3, 7).",
            "lines": (3, 7),
            "cards": ("Giratina ◇ UPR 58",),
        }
    ]


def test_every_name_over_the_limit(make_deck, run):
    deck = make_deck((2, THUNDER_MOUNTAIN), (1, GIRATINA_PRISM), (3, BEAST_ENERGY))
    findings = run(KIND, deck, PRISM_STAR)
    assert [f.message for f in findings] == [
        "The deck has 2 cards named Thunder Mountain ◇ (line 1); Prism Star cards are limited to 1 per name.",
        "The deck has 3 cards named Beast Energy ◇ (line 3); Prism Star cards are limited to 1 per name.",
    ]
    assert [f.hint for f in findings] == [
        "Remove 1 copy of Thunder Mountain ◇ (line 1).",
        "Remove 2 copies of Beast Energy ◇ (line 3).",
    ]


def test_cards_outside_the_selector_are_not_limited(make_deck, run):
    # plain Giratina and Lysandre are other names and not Prism Star cards
    deck = make_deck((1, GIRATINA_PRISM), (4, GIRATINA), (1, LYSANDRE_PRISM), (4, LYSANDRE))
    assert run(KIND, deck, PRISM_STAR) == []


def test_a_limit_of_two_per_name(make_deck, run):
    rule = RuleSpec(
        id="two-per-name",
        kind="name-limit",
        options={"max": 2, "where": {"supertype": "Trainer"}, "label": "Trainer cards"},
    )
    assert run(KIND, make_deck((2, LYSANDRE), (4, GIRATINA)), rule) == []
    [finding] = run(KIND, make_deck((3, LYSANDRE), (4, GIRATINA)), rule)
    assert finding.message == "The deck has 3 cards named Lysandre (line 1); Trainer cards are limited to 2 per name."
