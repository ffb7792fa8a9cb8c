from deckcheck.model import Card, Severity
from deckcheck.rules.base import RuleSpec
from deckcheck.rules.group_limit import KIND

PRIME_CATCHER = Card(
    id="sv5-157",
    name="Prime Catcher",
    supertype="Trainer",
    subtypes=("Item", "ACE SPEC"),
    set_id="sv5",
    set_code="TEF",
    number="157",
    regulation_mark="H",
)
MASTER_BALL = Card(
    id="sv5-153",
    name="Master Ball",
    supertype="Trainer",
    subtypes=("Item", "ACE SPEC"),
    set_id="sv5",
    set_code="TEF",
    number="153",
    regulation_mark="H",
)
# An ACE SPEC that is a Special Energy: still an ACE SPEC card.
NEO_UPPER = Card(
    id="sv5-162",
    name="Neo Upper Energy",
    supertype="Energy",
    subtypes=("Special", "ACE SPEC"),
    set_id="sv5",
    set_code="TEF",
    number="162",
    regulation_mark="H",
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
RADIANT_CHARIZARD = Card(
    id="pgo-11",
    name="Radiant Charizard",
    supertype="Pokémon",
    subtypes=("Basic", "Radiant"),
    set_id="pgo",
    set_code="PGO",
    number="11",
    regulation_mark="F",
)
RADIANT_GRENINJA = Card(
    id="swsh10-46",
    name="Radiant Greninja",
    supertype="Pokémon",
    subtypes=("Basic", "Radiant"),
    set_id="swsh10",
    set_code="ASR",
    number="46",
    regulation_mark="F",
)
CHARIZARD = Card(
    id="base1-4",
    name="Charizard",
    supertype="Pokémon",
    subtypes=("Stage 2",),
    set_id="base1",
    set_code="BS",
    number="4",
)
RAYQUAZA_STAR = Card(
    id="ex8-107",
    name="Rayquaza ★",
    supertype="Pokémon",
    subtypes=("Basic", "Star"),
    set_id="ex8",
    set_code="DX",
    number="107",
)
PIKACHU_STAR = Card(
    id="ex13-104",
    name="Pikachu ★",
    supertype="Pokémon",
    subtypes=("Basic", "Star"),
    set_id="ex13",
    set_code="HP",
    number="104",
)
PIKACHU = Card(
    id="base1-58", name="Pikachu", supertype="Pokémon", subtypes=("Basic",), set_id="base1", set_code="BS", number="58"
)

ACE_SPEC = RuleSpec(
    id="ace-spec", kind="group-limit", options={"max": 1, "where": {"flags": ["ace_spec"]}, "label": "ACE SPEC cards"}
)
RADIANT = RuleSpec(
    id="radiant", kind="group-limit", options={"max": 1, "where": {"flags": ["radiant"]}, "label": "Radiant Pokémon"}
)
STAR = RuleSpec(
    id="pokemon-star",
    kind="group-limit",
    options={"max": 1, "where": {"flags": ["pokemon_star"]}, "label": "Pokémon Star cards"},
)


def test_one_ace_spec_is_legal(make_deck, run):
    assert run(KIND, make_deck((4, IONO), (1, PRIME_CATCHER)), ACE_SPEC) == []


def test_two_different_ace_specs(make_deck, run, summarise):
    deck = make_deck((4, IONO, 19), (1, PRIME_CATCHER, 20), (1, MASTER_BALL, 21))
    assert [summarise(f) for f in run(KIND, deck, ACE_SPEC)] == [
        {
            "rule": "ace-spec",
            "severity": Severity.ERROR,
            "message": "The deck has 2 ACE SPEC cards (Prime Catcher and Master Ball); a deck may have at most 1.",
            "hint": "Remove 1 of the ACE SPEC cards (lines 20, 21).",
            "lines": (20, 21),
            "cards": ("Prime Catcher TEF 157", "Master Ball TEF 153"),
        }
    ]


def test_two_copies_of_one_ace_spec(make_deck, run):
    [finding] = run(KIND, make_deck((4, IONO), (2, PRIME_CATCHER)), ACE_SPEC)
    assert finding.message == "The deck has 2 ACE SPEC cards (Prime Catcher); a deck may have at most 1."
    assert finding.hint == "Remove 1 of the ACE SPEC cards (line 2)."


def test_ace_spec_counts_across_supertypes(make_deck, run):
    [finding] = run(KIND, make_deck((1, PRIME_CATCHER), (1, MASTER_BALL), (1, NEO_UPPER)), ACE_SPEC)
    assert finding.message == (
        "The deck has 3 ACE SPEC cards (Prime Catcher, Master Ball and Neo Upper Energy); a deck may have at most 1."
    )
    assert finding.hint == "Remove 2 of the ACE SPEC cards (lines 1, 2, 3)."


def test_one_radiant_pokemon_is_allowed_and_two_are_an_error(make_deck, run, summarise):
    assert run(KIND, make_deck((1, RADIANT_CHARIZARD), (4, CHARIZARD)), RADIANT) == []
    deck = make_deck((1, RADIANT_CHARIZARD), (4, CHARIZARD), (1, RADIANT_GRENINJA))
    assert [summarise(f) for f in run(KIND, deck, RADIANT)] == [
        {
            "rule": "radiant",
            "severity": Severity.ERROR,
            "message": (
                "The deck has 2 Radiant Pokémon (Radiant Charizard and Radiant Greninja); a deck may have at most 1."
            ),
            "hint": "Remove 1 of the Radiant Pokémon (lines 1, 3).",
            "lines": (1, 3),
            "cards": ("Radiant Charizard PGO 11", "Radiant Greninja ASR 46"),
        }
    ]


def test_one_pokemon_star_is_allowed_and_two_are_an_error(make_deck, run):
    assert run(KIND, make_deck((1, RAYQUAZA_STAR), (4, PIKACHU)), STAR) == []
    [finding] = run(KIND, make_deck((1, RAYQUAZA_STAR), (4, PIKACHU), (1, PIKACHU_STAR)), STAR)
    assert finding.rule == "pokemon-star"
    assert finding.message == (
        "The deck has 2 Pokémon Star cards (Rayquaza ★ and Pikachu ★); a deck may have at most 1."
    )
    assert finding.lines == (1, 3)


def test_a_limit_of_zero_finds_one_card_at_the_rules_own_severity(make_deck, run, summarise):
    rule = RuleSpec(
        id="no-ace-spec",
        kind="group-limit",
        severity=Severity.WARNING,
        options={"max": 0, "where": {"flags": ["ace_spec"]}, "label": "ACE SPEC cards"},
    )
    assert run(KIND, make_deck((4, IONO)), rule) == []
    assert [summarise(f) for f in run(KIND, make_deck((4, IONO), (1, PRIME_CATCHER)), rule)] == [
        {
            "rule": "no-ace-spec",
            "severity": Severity.WARNING,
            "message": "This format allows no ACE SPEC cards; the deck has 1 (Prime Catcher).",
            "hint": "Remove the ACE SPEC cards (line 2).",
            "lines": (2,),
            "cards": ("Prime Catcher TEF 157",),
        }
    ]


def test_each_group_rule_is_independent(make_deck, run):
    # one Radiant and one ACE SPEC together are fine: two different groups
    deck = make_deck((1, RADIANT_CHARIZARD), (1, PRIME_CATCHER))
    assert run(KIND, deck, RADIANT) == [] and run(KIND, deck, ACE_SPEC) == []
