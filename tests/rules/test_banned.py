import datetime as dt

from deckcheck.model import Card, Severity
from deckcheck.rules.banned import KIND
from deckcheck.rules.base import RuleSpec

TRUMP_CARD = Card(
    id="xy4-99",
    name="Lysandre's Trump Card",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="xy4",
    set_code="PHF",
    number="99",
)
TRUMP_CARD_FULL_ART = Card(
    id="xy4-118",
    name="Lysandre's Trump Card",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="xy4",
    set_code="PHF",
    number="118",
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
WALLY = Card(
    id="xy6-94", name="Wally", supertype="Trainer", subtypes=("Supporter",), set_id="xy6", set_code="ROS", number="94"
)
UNOWN_90 = Card(
    id="sm8-90", name="Unown", supertype="Pokémon", subtypes=("Basic",), set_id="sm8", set_code="LOT", number="90"
)
UNOWN_91 = Card(
    id="sm8-91", name="Unown", supertype="Pokémon", subtypes=("Basic",), set_id="sm8", set_code="LOT", number="91"
)
UNOWN_92 = Card(
    id="sm8-92", name="Unown", supertype="Pokémon", subtypes=("Basic",), set_id="sm8", set_code="LOT", number="92"
)
ZACIAN_LV_X = Card(
    id="swshp-SWSH135",
    name="Zacian LV.X",
    supertype="Pokémon",
    subtypes=("Level-Up",),
    set_id="swshp",
    set_code="PR-SW",
    number="SWSH135",
    not_for_tournaments=True,
)
ZACIAN = Card(
    id="swsh12pt5-94",
    name="Zacian",
    supertype="Pokémon",
    subtypes=("Basic",),
    set_id="swsh12pt5",
    set_code="CRZ",
    number="94",
    regulation_mark="F",
)
BOSS_GHETSIS = Card(
    id="sv2-172",
    name="Boss's Orders (Ghetsis)",
    supertype="Trainer",
    subtypes=("Supporter",),
    set_id="sv2",
    set_code="PAL",
    number="172",
    regulation_mark="G",
)

EXPANDED = RuleSpec(
    id="banned",
    kind="banned",
    options={
        "cards": [
            {"names": ["Lysandre's Trump Card"], "source": "Expanded ban list"},
            {"ids": ["sm8-90", "sm8-91"], "source": "Expanded ban list"},
            # docs/rulings.md, "Wally, and the dataset's legality fields": Wally, banned since 2018-08-17 [S17]
            {"names": ["Wally"], "since": "2018-08-17", "reason": "Announcement of 2018-07-30", "source": "S17"},
        ]
    },
)


def test_cards_not_on_the_list_are_legal(make_deck, run):
    assert run(KIND, make_deck((4, LYSANDRE), (1, UNOWN_92)), EXPANDED) == []


def test_a_trainer_ban_covers_every_print(make_deck, run, summarise):
    deck = make_deck((4, LYSANDRE, 10), (1, TRUMP_CARD, 11), (1, TRUMP_CARD_FULL_ART, 15))
    assert [summarise(f) for f in run(KIND, deck, EXPANDED)] == [
        {
            "rule": "banned",
            "severity": Severity.ERROR,
            "message": "Lysandre's Trump Card is banned in this format (Expanded ban list).",
            "hint": "Remove Lysandre's Trump Card (lines 11, 15).",
            "lines": (11, 15),
            "cards": ("Lysandre's Trump Card PHF 99", "Lysandre's Trump Card PHF 118"),
        }
    ]


def test_a_pokemon_ban_is_per_print(make_deck, run, summarise):
    deck = make_deck((1, UNOWN_92, 3), (1, UNOWN_90, 4), (1, UNOWN_91, 5))
    assert [summarise(f) for f in run(KIND, deck, EXPANDED)] == [
        {
            "rule": "banned",
            "severity": Severity.ERROR,
            "message": "Unown LOT 90 is banned in this format (Expanded ban list).",
            "hint": "Remove Unown LOT 90 (line 4).",
            "lines": (4,),
            "cards": ("Unown LOT 90",),
        },
        {
            "rule": "banned",
            "severity": Severity.ERROR,
            "message": "Unown LOT 91 is banned in this format (Expanded ban list).",
            "hint": "Remove Unown LOT 91 (line 5).",
            "lines": (5,),
            "cards": ("Unown LOT 91",),
        },
    ]


def test_a_ban_applies_from_its_day_and_is_announced_before_it(make_deck, run):
    deck = make_deck((2, WALLY, 7))
    # before the ban takes effect the card is fine, with a warning that it is coming
    assert run(KIND, deck, EXPANDED, date=dt.date(2018, 8, 16)) == []
    [coming] = run(KIND, deck, EXPANDED, date=dt.date(2018, 8, 16), rotation_days=90)
    assert (coming.rule, coming.severity.value) == ("rotating", "warning")
    assert coming.message == "Wally ROS 94 is banned in test from 2018-08-17, in 1 day."
    [finding] = run(KIND, deck, EXPANDED, date=dt.date(2018, 8, 17))
    assert finding.message == ("Wally is banned in this format since 2018-08-17 (Announcement of 2018-07-30; S17).")
    assert finding.hint == "Remove Wally (line 7)."
    assert finding.lines == (7,)
    assert len(run(KIND, deck, EXPANDED, date=dt.date(2026, 6, 1))) == 1


def test_until_ends_the_ban(make_deck, run):
    rule = RuleSpec(
        id="banned",
        kind="banned",
        options={
            "cards": [
                {"names": ["Lysandre"], "since": "2019-01-01", "until": "2020-01-01"},
            ]
        },
    )
    deck = make_deck((1, LYSANDRE))
    assert run(KIND, deck, rule, date=dt.date(2018, 12, 31)) == []
    [finding] = run(KIND, deck, rule, date=dt.date(2019, 12, 31))
    assert finding.message == "Lysandre is banned in this format since 2019-01-01."
    assert run(KIND, deck, rule, date=dt.date(2020, 1, 1)) == []


def test_dates_already_parsed_by_yaml(make_deck, run):
    # yaml.safe_load turns an unquoted 2018-08-17 into a date
    rule = RuleSpec(
        id="banned",
        kind="banned",
        options={
            "cards": [
                {"names": ["Wally"], "since": dt.date(2018, 8, 17), "until": dt.date(2019, 1, 1)},
            ]
        },
    )
    assert run(KIND, make_deck((1, WALLY)), rule, date=dt.date(2018, 8, 16)) == []
    [finding] = run(KIND, make_deck((1, WALLY)), rule, date=dt.date(2018, 9, 1))
    assert finding.message == "Wally is banned in this format since 2018-08-17."


def test_a_selector_bans_every_card_it_matches(make_deck, run, summarise):
    rule = RuleSpec(
        id="not-for-tournaments",
        kind="banned",
        options={
            "cards": [
                {
                    "where": {"flags": ["not_for_tournaments"]},
                    "reason": "This card cannot be used at official tournaments.",
                },
            ]
        },
    )
    # only the flagged print: the Zacian it is put on is not banned
    deck = make_deck((4, ZACIAN), (1, ZACIAN_LV_X))
    assert [summarise(f) for f in run(KIND, deck, rule)] == [
        {
            "rule": "not-for-tournaments",
            "severity": Severity.ERROR,
            "message": "Zacian LV.X is banned in this format (This card cannot be used at official tournaments).",
            "hint": "Remove Zacian LV.X (line 2).",
            "lines": (2,),
            "cards": ("Zacian LV.X PR-SW SWSH135",),
        }
    ]


def test_a_name_ban_covers_subtitled_prints(make_deck, run):
    rule = RuleSpec(id="banned", kind="banned", options={"cards": [{"names": ["Boss's Orders"]}]})
    [finding] = run(KIND, make_deck((2, BOSS_GHETSIS)), rule)
    assert finding.message == "Boss's Orders is banned in this format."


def test_each_card_is_reported_once_by_the_first_entry_in_force(make_deck, run):
    rule = RuleSpec(
        id="banned",
        kind="banned",
        severity=Severity.WARNING,
        options={
            "cards": [
                {"names": ["Lysandre's Trump Card"], "since": "2030-01-01", "source": "future"},
                {"ids": ["xy4-99"], "source": "first"},
                {"names": ["Lysandre's Trump Card"], "source": "second"},
            ]
        },
    )
    findings = run(KIND, make_deck((1, TRUMP_CARD), (1, TRUMP_CARD_FULL_ART)), rule)
    assert [(f.message, f.lines, f.severity) for f in findings] == [
        ("Lysandre's Trump Card PHF 99 is banned in this format (first).", (1,), Severity.WARNING),
        ("Lysandre's Trump Card is banned in this format (second).", (2,), Severity.WARNING),
    ]


def test_a_name_or_print_ban_before_a_selector_entry_bans(make_deck, run):
    """A ban listed before an entry that bans by a property (as Standard's list begins with the
    cards that cannot be used at official tournaments) is in force too: it was passed over
    whenever such an entry came after it, so a ban added at the top of a list banned nothing."""
    rule = RuleSpec(
        id="banned",
        kind="banned",
        options={
            "cards": [
                {"names": ["Lysandre"], "source": "by name"},
                {"ids": ["xy4-99"], "source": "by print"},
                {"where": {"flags": ["not_for_tournaments"]}, "source": "by property"},
            ]
        },
    )
    findings = run(KIND, make_deck((1, LYSANDRE), (1, TRUMP_CARD), (1, ZACIAN_LV_X), (1, WALLY)), rule)
    assert [f.message for f in findings] == [
        "Lysandre is banned in this format (by name).",
        "Lysandre's Trump Card PHF 99 is banned in this format (by print).",
        "Zacian LV.X is banned in this format (by property).",
    ]


def test_an_empty_ban_list_bans_nothing(make_deck, run):
    rule = RuleSpec(id="banned", kind="banned", options={"cards": []})
    assert run(KIND, make_deck((1, TRUMP_CARD)), rule) == []


def test_names_in_a_selector_mean_what_they_mean_in_a_ban_list():
    from deckcheck.model import Card
    from deckcheck.selectors import matches

    ghetsis = Card("sv2-172", "Boss's Orders (Ghetsis)", "Trainer", ("Supporter",), "sv2", "PAL", "172")
    plain = Card("me1-114", "Boss's Orders", "Trainer", ("Supporter",), "me1", "MEG", "114")
    where = {"names": ["Boss's Orders (Ghetsis)"]}
    assert matches(ghetsis, where) and matches(plain, where)
