from deckcheck.i18n import and_list
from deckcheck.model import Card, Severity
from deckcheck.rules.base import RuleSpec
from deckcheck.rules.copy_limit import KIND

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
IONO_FULL_ART = Card(
    id="sv2-254",
    name="Iono",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="sv2",
    set_code="PAL",
    number="254",
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
DARKNESS_BASIC = Card(
    id="dp1-129",
    name="Darkness Energy",
    supertype="Energy",
    subtypes=("Basic",),
    set_id="dp1",
    set_code="DP",
    number="129",
)
# RULES.md 5.2: the Special twin has exactly the same name.
DARKNESS_SPECIAL = Card(
    id="ex13-94",
    name="Darkness Energy",
    supertype="Energy",
    subtypes=("Special",),
    set_id="ex13",
    set_code="HP",
    number="94",
)
GARDEVOIR = Card(
    id="dp3-7",
    name="Gardevoir",
    supertype="Pokémon",
    subtypes=("Stage 2",),
    set_id="dp3",
    set_code="SW",
    number="7",
    evolves_from="Kirlia",
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
PIKACHU = Card(
    id="base1-58", name="Pikachu", supertype="Pokémon", subtypes=("Basic",), set_id="base1", set_code="BS", number="58"
)
PIKACHU_DELTA = Card(
    id="ex13-79", name="Pikachu δ", supertype="Pokémon", subtypes=("Basic",), set_id="ex13", set_code="HP", number="79"
)
MYSTERY_PLATE_ALPHA = Card(
    id="ecard3-133",
    name="Mystery Plate α",
    supertype="Trainer",
    subtypes=("Technical Machine",),
    set_id="ecard3",
    set_code="SK",
    number="133",
)
MYSTERY_PLATE_DELTA = Card(
    id="ecard3-136",
    name="Mystery Plate δ",
    supertype="Trainer",
    subtypes=("Technical Machine",),
    set_id="ecard3",
    set_code="SK",
    number="136",
)
RESEARCH_SADA = Card(
    id="sv1-189",
    name="Professor's Research (Professor Sada)",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="sv1",
    set_code="SVI",
    number="189",
    regulation_mark="G",
)
RESEARCH_TURO = Card(
    id="sv1-190",
    name="Professor's Research (Professor Turo)",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="sv1",
    set_code="SVI",
    number="190",
    regulation_mark="G",
)
RESEARCH_PLAIN = Card(
    id="sv4pt5-87",
    name="Professor's Research",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="sv4pt5",
    set_code="PAF",
    number="87",
    regulation_mark="G",
)
CHARIZARD = Card(
    id="base1-4",
    name="Charizard",
    supertype="Pokémon",
    subtypes=("Stage 2",),
    set_id="base1",
    set_code="BS",
    number="4",
    evolves_from="Charmeleon",
)
DARK_CHARIZARD = Card(
    id="base5-4",
    name="Dark Charizard",
    supertype="Pokémon",
    subtypes=("Stage 2",),
    set_id="base5",
    set_code="TR",
    number="4",
    evolves_from="Dark Charmeleon",
)
CHARIZARD_EX_RG = Card(
    id="ex6-105",
    name="Charizard ex",
    supertype="Pokémon",
    subtypes=("Stage 2", "ex"),
    set_id="ex6",
    set_code="RG",
    number="105",
    evolves_from="Charmeleon",
)
CHARIZARD_EX_OBF = Card(
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
ONIX = Card(
    id="base1-56", name="Onix", supertype="Pokémon", subtypes=("Basic",), set_id="base1", set_code="BS", number="56"
)
BROCKS_ONIX = Card(
    id="gym1-69",
    name="Brock's Onix",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="gym1",
    set_code="G1",
    number="69",
)
UNOWN_A = Card(
    id="dp1-65", name="Unown [A]", supertype="Pokémon", subtypes=("Basic",), set_id="dp1", set_code="DP", number="65"
)
UNOWN_B = Card(
    id="dp1-66", name="Unown [B]", supertype="Pokémon", subtypes=("Basic",), set_id="dp1", set_code="DP", number="66"
)
ARCEUS_AR1 = Card(
    id="pl4-AR1",
    name="Arceus",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="pl4",
    set_code="AR",
    number="AR1",
    any_number=True,
)
ARCEUS_LV_X = Card(
    id="pl4-94",
    name="Arceus LV.X",
    supertype="Pokémon",
    subtypes=("Level-Up",),
    set_id="pl4",
    set_code="AR",
    number="94",
    evolves_from="Arceus",
    any_number=True,
)
# A 2015 promo without "as many of this card as you like" (docs/rulings.md, "As many copies as you like").
ARCEUS_XY83 = Card(
    id="xyp-XY83",
    name="Arceus",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="xyp",
    set_code="PR-XY",
    number="XY83",
)

RULE = RuleSpec(id="copy-limit", kind="copy-limit", options={"max": 4, "exempt": {"flags": ["basic_energy"]}})


def test_four_copies_are_legal(make_deck, run):
    assert run(KIND, make_deck((2, IONO), (2, IONO_FULL_ART), (56, FIRE)), RULE) == []


def test_five_copies_over_two_prints(make_deck, run, summarise):
    deck = make_deck((3, IONO, 12), (20, FIRE, 20), (2, IONO_FULL_ART, 30))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "copy-limit",
            "severity": Severity.ERROR,
            "message": "The deck has 5 cards named Iono (lines 12, 30); the limit is 4 per name.",
            "hint": "Remove 1 copy of Iono (lines 12, 30).",
            "lines": (12, 30),
            "cards": ("Iono PAL 185", "Iono PAL 254"),
        }
    ]


def test_excess_of_several_on_one_line(make_deck, run):
    [finding] = run(KIND, make_deck((7, IONO, 5)), RULE)
    assert finding.message == "The deck has 7 cards named Iono (line 5); the limit is 4 per name."
    assert finding.hint == "Remove 3 copies of Iono (line 5)."
    assert finding.lines == (5,)


def test_basic_energy_is_exempt_but_special_darkness_energy_is_counted(make_deck, run, summarise):
    assert run(KIND, make_deck((30, FIRE), (12, DARKNESS_BASIC), (4, DARKNESS_SPECIAL)), RULE) == []
    deck = make_deck((12, DARKNESS_BASIC), (5, DARKNESS_SPECIAL))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "copy-limit",
            "severity": Severity.ERROR,
            "message": "The deck has 5 cards named Darkness Energy (line 2); the limit is 4 per name.",
            "hint": "Remove 1 copy of Darkness Energy (line 2).",
            "lines": (2,),
            "cards": ("Darkness Energy HP 94",),
        }
    ]


def test_level_x_shares_the_name(make_deck, run, summarise):
    deck = make_deck((3, GARDEVOIR), (2, GARDEVOIR_LV_X))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "copy-limit",
            "severity": Severity.ERROR,
            "message": (
                "The deck has 5 cards named Gardevoir (lines 1, 2); the limit is 4 per name, "
                "and Gardevoir and Gardevoir LV.X share one name."
            ),
            "hint": "Remove 1 copy of Gardevoir (lines 1, 2).",
            "lines": (1, 2),
            "cards": ("Gardevoir SW 7", "Gardevoir LV.X SW 131"),
        }
    ]
    assert run(KIND, make_deck((2, GARDEVOIR), (2, GARDEVOIR_LV_X)), RULE) == []


def test_delta_species_pokemon_share_the_name(make_deck, run):
    [finding] = run(KIND, make_deck((2, PIKACHU_DELTA), (3, PIKACHU)), RULE)
    assert finding.message == (
        "The deck has 5 cards named Pikachu (lines 1, 2); the limit is 4 per name, "
        "and Pikachu δ and Pikachu share one name."
    )


def test_delta_stays_in_trainer_names(make_deck, run):
    # docs/rulings.md, "δ on Pokémon only": Mystery Plate δ and Mystery Plate α are different cards.
    assert run(KIND, make_deck((4, MYSTERY_PLATE_ALPHA), (4, MYSTERY_PLATE_DELTA)), RULE) == []
    [finding] = run(KIND, make_deck((4, MYSTERY_PLATE_ALPHA), (5, MYSTERY_PLATE_DELTA)), RULE)
    assert finding.message == "The deck has 5 cards named Mystery Plate δ (line 2); the limit is 4 per name."


def test_professors_research_subtitles_share_one_name(make_deck, run, summarise):
    deck = make_deck((3, RESEARCH_SADA), (1, RESEARCH_PLAIN), (1, RESEARCH_TURO))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "copy-limit",
            "severity": Severity.ERROR,
            "message": (
                "The deck has 5 cards named Professor's Research (lines 1, 2, 3); the limit is 4 per name, "
                "and Professor's Research (Professor Sada), Professor's Research and "
                "Professor's Research (Professor Turo) share one name."
            ),
            "hint": "Remove 1 copy of Professor's Research (lines 1, 2, 3).",
            "lines": (1, 2, 3),
            "cards": (
                "Professor's Research (Professor Sada) SVI 189",
                "Professor's Research PAF 87",
                "Professor's Research (Professor Turo) SVI 190",
            ),
        }
    ]


def test_owner_dark_ex_and_unown_letters_are_distinct_names(make_deck, run):
    deck = make_deck(
        (4, CHARIZARD),
        (4, DARK_CHARIZARD),
        (4, CHARIZARD_EX_OBF),
        (4, ONIX),
        (4, BROCKS_ONIX),
        (4, UNOWN_A),
        (4, UNOWN_B),
    )
    assert run(KIND, deck, RULE) == []


def test_charizard_ex_of_both_eras_share_the_name(make_deck, run):
    # RULES.md 2.4: EX-era and SV-era "Charizard ex" are the same name.
    [finding] = run(KIND, make_deck((2, CHARIZARD_EX_RG), (3, CHARIZARD_EX_OBF)), RULE)
    assert finding.message == "The deck has 5 cards named Charizard ex (lines 1, 2); the limit is 4 per name."
    assert finding.cards == ("Charizard ex RG 105", "Charizard ex OBF 125")


def test_prints_that_allow_any_number_are_not_counted_and_the_others_share_the_limit(make_deck, run, summarise):
    # docs/rulings.md, "As many copies as you like": the prints that say so are not counted at all ...
    assert run(KIND, make_deck((11, ARCEUS_AR1), (6, ARCEUS_LV_X)), RULE) == []
    assert run(KIND, make_deck((11, ARCEUS_AR1), (4, ARCEUS_XY83)), RULE) == []
    # ... other prints of the name still share the limit among themselves.
    deck = make_deck((11, ARCEUS_AR1, 3), (5, ARCEUS_XY83, 4))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "copy-limit",
            "severity": Severity.ERROR,
            "message": "The deck has 5 cards named Arceus (line 4); the limit is 4 per name.",
            "hint": "Remove 1 copy of Arceus (line 4).",
            "lines": (4,),
            "cards": ("Arceus PR-XY XY83",),
        }
    ]


def test_every_name_over_the_limit_is_reported_in_deck_order(make_deck, run):
    deck = make_deck((3, PIKACHU, 2), (5, ONIX, 3), (4, IONO, 8), (6, RESEARCH_SADA, 9), (2, PIKACHU_DELTA, 10))
    findings = run(KIND, deck, RULE)
    # one finding per name, ordered by the name's first line
    assert [f.params["name"] for f in findings] == ["Pikachu", "Onix", "Professor's Research"]
    assert [f.lines for f in findings] == [(2, 10), (3,), (9,)]


def test_half_deck_limit_of_two(make_deck, run):
    rule = RuleSpec(id="copy-limit", kind="copy-limit", options={"max": 2})
    assert run(KIND, make_deck((2, IONO), (26, FIRE)), rule) == []
    [finding] = run(KIND, make_deck((3, IONO), (27, FIRE)), rule)
    assert finding.message == "The deck has 3 cards named Iono (line 1); the limit is 2 per name."


def test_a_singleton_limit_allows_one_per_name(make_deck, run):
    rule = RuleSpec(id="singleton", kind="copy-limit", options={"max": 1})
    [finding] = run(KIND, make_deck((1, IONO), (1, IONO_FULL_ART), (20, FIRE)), rule)
    assert finding.rule == "singleton"
    assert finding.message == "The deck has 2 cards named Iono (lines 1, 2); the limit is 1 per name."


def test_defaults_are_four_with_basic_energy_exempt(make_deck, run):
    rule = RuleSpec(id="copy-limit", kind="copy-limit")
    assert run(KIND, make_deck((4, IONO), (56, FIRE)), rule) == []
    assert len(run(KIND, make_deck((5, IONO), (55, FIRE)), rule)) == 1


def test_exempt_null_counts_basic_energy_too(make_deck, run):
    rule = RuleSpec(id="copy-limit", kind="copy-limit", options={"exempt": None})
    [finding] = run(KIND, make_deck((4, IONO), (56, FIRE)), rule)
    assert finding.message == "The deck has 56 cards named Basic Fire Energy (line 2); the limit is 4 per name."


def test_an_exemption_selector_exempts_only_what_it_selects(make_deck, run):
    rule = RuleSpec(
        id="copy-limit",
        kind="copy-limit",
        options={"exempt": {"flags": ["basic_energy"], "not": {"supertype": "Trainer"}}},
    )
    # the selector exempts basic Energy only (Trainers excluded explicitly), Iono still counts
    assert len(run(KIND, make_deck((5, IONO), (55, FIRE)), rule)) == 1
    rule = RuleSpec(id="copy-limit", kind="copy-limit", options={"exempt": {"names": ["Iono"]}})
    [finding] = run(KIND, make_deck((5, IONO), (55, FIRE)), rule)
    assert finding.params["name"] == "Basic Fire Energy"


def test_names_are_listed_once_each():
    assert and_list([]) == ""
    assert and_list(["Iono"]) == "Iono"
    assert and_list(["Iono", "Iono", "Arven"]) == "Iono and Arven"
    assert and_list(["A", "B", "C"]) == "A, B and C"
