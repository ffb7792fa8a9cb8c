from deckcheck.model import Card, Severity
from deckcheck.rules.base import RuleSpec
from deckcheck.rules.exclusive import KIND

JUNIPER = Card(
    id="bw1-101",
    name="Professor Juniper",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="bw1",
    set_code="BLW",
    number="101",
)
JUNIPER_PLB = Card(
    id="bw10-84",
    name="Professor Juniper",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="bw10",
    set_code="PLB",
    number="84",
)
SYCAMORE = Card(
    id="xy1-122",
    name="Professor Sycamore",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="xy1",
    set_code="XY",
    number="122",
)
RESEARCH = Card(
    id="sv1-189",
    name="Professor's Research (Professor Sada)",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="sv1",
    set_code="SVI",
    number="189",
    regulation_mark="G",
)
OAK = Card(
    id="base1-88", name="Professor Oak", supertype="Trainer", subtypes=(), set_id="base1", set_code="BS", number="88"
)
CHEREN = Card(
    id="bw2-91", name="Cheren", supertype="Trainer", subtypes=("Supporter",), set_id="bw2", set_code="EPO", number="91"
)
TIERNO = Card(
    id="xy0-39", name="Tierno", supertype="Trainer", subtypes=("Supporter",), set_id="xy0", set_code="KSS", number="39"
)

RULE = RuleSpec(
    id="juniper-sycamore", kind="exclusive", options={"groups": [["Professor Juniper", "Professor Sycamore"]]}
)


def test_one_name_of_the_group_is_legal(make_deck, run):
    assert run(KIND, make_deck((2, JUNIPER), (2, JUNIPER_PLB), (4, RESEARCH), (4, OAK)), RULE) == []
    assert run(KIND, make_deck((4, SYCAMORE), (4, RESEARCH)), RULE) == []


def test_juniper_and_sycamore_exclude_each_other_and_research_is_apart(make_deck, run, summarise):
    deck = make_deck((4, RESEARCH, 9), (3, JUNIPER, 10), (1, SYCAMORE, 12))
    assert [summarise(f) for f in run(KIND, deck, RULE)] == [
        {
            "rule": "juniper-sycamore",
            "severity": Severity.ERROR,
            "message": (
                "The deck has cards named Professor Juniper and Professor Sycamore (lines 10, 12); "
                "a deck may contain cards of only one of these names."
            ),
            "hint": "Keep the cards of only one of these names: Professor Juniper or Professor Sycamore.",
            "lines": (10, 12),
            "cards": ("Professor Juniper BLW 101", "Professor Sycamore XY 122"),
        }
    ]


def test_two_plus_two_is_illegal_too(make_deck, run):
    # RULES.md 4: exclusion, not a combined 4-copy cap
    [finding] = run(KIND, make_deck((2, SYCAMORE), (1, JUNIPER), (1, JUNIPER_PLB)), RULE)
    assert finding.message == (
        "The deck has cards named Professor Sycamore and Professor Juniper (lines 1, 2, 3); "
        "a deck may contain cards of only one of these names."
    )
    assert finding.cards == ("Professor Sycamore XY 122", "Professor Juniper BLW 101", "Professor Juniper PLB 84")
    assert finding.hint == "Keep the cards of only one of these names: Professor Sycamore or Professor Juniper."


def test_professors_research_is_not_in_the_group(make_deck, run):
    # docs/rulings.md, "Professor's Research"
    assert run(KIND, make_deck((4, JUNIPER), (4, RESEARCH)), RULE) == []


def test_names_in_the_pack_are_folded(make_deck, run):
    rule = RuleSpec(
        id="exclusive", kind="exclusive", options={"groups": [["professor  JUNIPER", "Professor Sycamore"]]}
    )
    assert len(run(KIND, make_deck((1, JUNIPER), (1, SYCAMORE)), rule)) == 1


def test_every_group_is_checked(make_deck, run):
    rule = RuleSpec(
        id="exclusive",
        kind="exclusive",
        options={
            "groups": [
                ["Professor Juniper", "Professor Sycamore"],
                ["Cheren", "Tierno", "Professor Oak"],
            ]
        },
    )
    deck = make_deck((1, CHEREN), (1, JUNIPER), (1, OAK), (1, SYCAMORE), (1, TIERNO))
    findings = run(KIND, deck, rule)
    assert [f.params["names"] for f in findings] == [
        "Professor Juniper and Professor Sycamore",
        "Cheren, Professor Oak and Tierno",
    ]
    assert [f.lines for f in findings] == [(2, 4), (1, 3, 5)]
    assert findings[1].hint == "Keep the cards of only one of these names: Cheren, Professor Oak or Tierno."
    # one name of the three groups present: legal
    assert run(KIND, make_deck((4, CHEREN), (4, SYCAMORE)), rule) == []


def test_folded_groups_stay_bounded_when_packs_are_loaded_again_and_again(monkeypatch):
    # A library caller may load a pack for every deck: the folded group names
    # kept per group object must not grow with the number of loads.
    import deckcheck.rules.exclusive as exclusive

    monkeypatch.setattr(exclusive, "_KEYS_MAX", 8, raising=False)
    monkeypatch.setattr(exclusive, "_KEYS", {})
    for n in range(30):
        group = [f"Professor Juniper {n}", "Professor Sycamore"]
        assert exclusive._member(exclusive.deck_key("Professor Sycamore", "Trainer"), "Trainer", group) == 1
        assert len(exclusive._KEYS) <= 8
