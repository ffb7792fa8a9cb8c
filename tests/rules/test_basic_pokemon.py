from deckcheck.model import Card, Severity
from deckcheck.rules.base import RuleSpec
from deckcheck.rules.basic_pokemon import KIND

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
CHARIZARD_EX = Card(
    id="sv3-125",
    name="Charizard ex",
    supertype="Pokémon",
    subtypes=("Stage 2", "ex", "Tera"),
    set_id="sv3",
    set_code="OBF",
    number="125",
    regulation_mark="G",
    evolves_from="Charmeleon",
)
GARDEVOIR_LV_X = Card(
    id="dp3-131",
    name="Gardevoir LV.X",
    supertype="Pokémon",
    subtypes=("Level-Up",),
    set_id="dp3",
    set_code="SW",
    number="131",
    evolves_from="Gardevoir",
)
CLEFFA = Card(
    id="neo1-20", name="Cleffa", supertype="Pokémon", subtypes=("Baby",), set_id="neo1", set_code="N1", number="20"
)
CLEFAIRY_DOLL = Card(
    id="base1-70",
    name="Clefairy Doll",
    supertype="Trainer",
    subtypes=(),
    set_id="base1",
    set_code="BS",
    number="70",
    plays_as_basic=True,
)
MYSTERIOUS_FOSSIL = Card(
    id="base3-62",
    name="Mysterious Fossil",
    supertype="Trainer",
    subtypes=(),
    set_id="base3",
    set_code="FO",
    number="62",
    plays_as_basic=True,
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
# Named "Basic …" and of subtype Basic, but an Energy: never a Basic Pokémon.
FIRE = Card(
    id="sve-2",
    name="Basic Fire Energy",
    supertype="Energy",
    subtypes=("Basic",),
    set_id="sve",
    set_code="SVE",
    number="2",
)

RULE = RuleSpec(id="basic-pokemon", kind="basic-pokemon")


def test_a_basic_pokemon_makes_it_legal(make_deck, run):
    assert run(KIND, make_deck((4, CHARIZARD_EX), (1, CHARMANDER), (4, IONO), (51, FIRE)), RULE) == []


def test_a_deck_without_basic_pokemon_is_an_error(make_deck, run, summarise):
    deck = make_deck((4, CHARIZARD_EX), (2, GARDEVOIR_LV_X), (4, IONO), (50, FIRE))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "basic-pokemon",
            "severity": Severity.ERROR,
            "message": "The deck has no Basic Pokémon; a deck must have at least 1.",
            "hint": "Add 1 Basic Pokémon.",
            "lines": (),
            "cards": (),
        }
    ]


def test_basic_energy_is_not_a_basic_pokemon(make_deck, run):
    assert len(run(KIND, make_deck((60, FIRE)), RULE)) == 1


def test_baby_pokemon_count_as_basic(make_deck, run):
    # RULES.md 1.4: Cleffa has subtype Baby and not Basic in the dataset.
    assert run(KIND, make_deck((1, CLEFFA), (4, IONO), (55, FIRE)), RULE) == []


def test_clefairy_doll_does_not_count_by_default(make_deck, run, summarise):
    deck = make_deck((4, CLEFAIRY_DOLL), (2, MYSTERIOUS_FOSSIL), (54, FIRE))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "basic-pokemon",
            "severity": Severity.ERROR,
            "message": "The deck has no Basic Pokémon; a deck must have at least 1.",
            "hint": (
                "Add 1 Basic Pokémon; cards played as if they were Basic Pokémon "
                "(Clefairy Doll and Mysterious Fossil) do not count in this format."
            ),
            "lines": (),
            "cards": (),
        }
    ]


def test_clefairy_doll_counts_when_the_pack_says_so(make_deck, run):
    rule = RuleSpec(id="basic-pokemon", kind="basic-pokemon", options={"count_plays_as_basic": True})
    assert run(KIND, make_deck((1, CLEFAIRY_DOLL), (59, FIRE)), rule) == []
    # The option adds Trainers played as Basic; it does not make other Trainers count.
    assert len(run(KIND, make_deck((4, IONO), (56, FIRE)), rule)) == 1


def test_a_minimum_above_one_counts_the_basic_pokemon(make_deck, run):
    rule = RuleSpec(id="basic-pokemon", kind="basic-pokemon", options={"min": 3})
    [finding] = run(KIND, make_deck((1, CHARMANDER), (1, CLEFFA), (58, FIRE)), rule)
    assert finding.message == "The deck has 2 Basic Pokémon; a deck must have at least 3."
    assert finding.hint == "Add 1 Basic Pokémon."
    assert run(KIND, make_deck((2, CHARMANDER), (1, CLEFFA), (57, FIRE)), rule) == []


def test_severity_and_id_from_the_rule(make_deck, run):
    rule = RuleSpec(id="needs-basic", kind="basic-pokemon", severity=Severity.WARNING)
    [finding] = run(KIND, make_deck((60, FIRE)), rule)
    assert (finding.rule, finding.severity) == ("needs-basic", Severity.WARNING)
